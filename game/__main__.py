"""``python -m game`` (and the ``backgammon`` command): open the window.

Options: ``--size 1280x720``, ``--fullscreen``, ``--seed N`` (reproducible
dice), ``--version``, ``--smoke-test`` (open the lobby, play one game of the
expert against itself at instant pace to its result screen, close: exit 0;
it loads the shipped network, so a build without it fails), ``--kiosk``
(full screen, no Quit: Ctrl+Shift+Q leaves; back to the lobby after
``--idle-timeout`` seconds without input, then after ``--attract-after``
more a demo game plays until someone touches the screen; see game/kiosk.py).

``LINK``: an invite link (``backgammon://join/HOST:PORT/CODE``,
``backgammon://join/CODE?server=URL``, or a match server's
``http(s)://SERVER/join/CODE``): the game starts on the friend screen with it
filled in and Join focused.  While the game runs, a launch with a link hands
it to the running game and ends (game/system/instance.py); a kiosk neither
hands links over nor takes them.  ``--register-links`` and
``--unregister-links`` (Windows) make this program the one that opens
``backgammon://`` links, or not; ``--install-desktop-entry`` does it on Linux.

``FILE``: a match file (``.mat`` as GNU Backgammon and eXtreme Gammon write
it): the game opens it in the review (handed to the running game, as a link
is), so a double-click on a ``.mat`` opens it once the file type is the
game's (the Linux desktop entry, the Windows and macOS builds).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, List, Optional, Tuple

from . import __version__

if TYPE_CHECKING:
    from .app import App

#: the window sizes --size accepts (the smallest is the one the scenes are laid out for: window.MIN_SIZE)
MIN_SIZE = (320, 240)
MAX_SIZE = (7680, 4320)


def parse_size(text: str) -> Tuple[int, int]:
    """``WIDTHxHEIGHT`` within :data:`MIN_SIZE` .. :data:`MAX_SIZE`; anything
    else is refused with a message that says what is wanted.

    >>> parse_size("1280x720"), parse_size(" 800 X 600 ")
    ((1280, 720), (800, 600))
    >>> parse_size("100000x100000")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 100000x100000 is too large: at most 7680x4320
    """
    m = re.fullmatch(r"\s*(\d{1,9})\s*[xX×]\s*(\d{1,9})\s*", text)
    if not m:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size: write WIDTHxHEIGHT in pixels, e.g. 1280x720")
    w, h = int(m.group(1)), int(m.group(2))
    if w < MIN_SIZE[0] or h < MIN_SIZE[1]:
        raise argparse.ArgumentTypeError(f"{w}x{h} is too small: at least {MIN_SIZE[0]}x{MIN_SIZE[1]}")
    if w > MAX_SIZE[0] or h > MAX_SIZE[1]:
        raise argparse.ArgumentTypeError(f"{w}x{h} is too large: at most {MAX_SIZE[0]}x{MAX_SIZE[1]}")
    return w, h


def seconds(text: str) -> float:
    """A positive number of seconds (the kiosk's timers)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 < value <= 7 * 24 * 3600:
        raise argparse.ArgumentTypeError(f"{text} seconds is out of range: more than 0, at most a week")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="backgammon", description="Backgammon for one screen")
    parser.add_argument("link", nargs="?", default=None, metavar="LINK or FILE",
                        help="an invite link to open (backgammon://join/..., or a match server's http(s)://.../join/CODE): "
                             "the friend screen, filled in, Join ready; or a match file (.mat) to review; "
                             "handed to the game already running, if one is")
    from engine.compiled import describe

    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__} (engine: {describe()})")
    parser.add_argument("--size", type=parse_size, default=None, metavar="WIDTHxHEIGHT",
                        help=f"window size, e.g. 1280x720 ({MIN_SIZE[0]}x{MIN_SIZE[1]} to {MAX_SIZE[0]}x{MAX_SIZE[1]})")
    parser.add_argument("--fullscreen", action="store_true", help="fill the screen")
    parser.add_argument("--seed", type=int, default=None, help="seeded dice, for a reproducible game")
    parser.add_argument("--smoke-test", action="store_true",
                        help="open the lobby, play one game of the expert against itself to its result, exit")
    parser.add_argument("--speak", action="store_true",
                        help="speak every announcement (through the screen reader or a speech engine) this run; "
                             "BACKGAMMON_SPEECH_LOG=FILE also writes them to FILE, one a line")
    parser.add_argument("--kiosk", action="store_true",
                        help="a public screen: full screen, no Quit (Ctrl+Shift+Q leaves), back to the lobby when idle, then a demo game")
    parser.add_argument("--idle-timeout", type=seconds, default=120.0, metavar="SECONDS",
                        help="kiosk: seconds without input before a game goes back to the lobby, kept (default 120)")
    parser.add_argument("--attract-after", type=seconds, default=60.0, metavar="SECONDS",
                        help="kiosk: seconds without input in the lobby before the demo game starts (default 60)")
    parser.add_argument("--install-desktop-entry", action="store_true",
                        help="Linux: put the game in the desktop's menus (a desktop entry and the icon under $XDG_DATA_HOME, "
                             "~/.local/share by default), then exit")
    parser.add_argument("--remove-desktop-entry", action="store_true", help="take that entry and icon away again, then exit")
    parser.add_argument("--register-links", action="store_true",
                        help="Windows: open backgammon:// invite links with this program (for this user: the installer's step), then exit")
    parser.add_argument("--unregister-links", action="store_true", help="Windows: no longer open them with it, then exit")
    return parser


def main(argv: Optional[List[str]] = None) -> int:
    import multiprocessing

    multiprocessing.freeze_support()  # first: in the frozen app a rollout's worker process starts here
    args = build_parser().parse_args(argv)
    if args.install_desktop_entry or args.remove_desktop_entry:
        from .system.desktop import run

        return run(install=args.install_desktop_entry)
    if args.register_links or args.unregister_links:
        from .system.urlscheme import run as run_links

        return run_links(on=args.register_links)
    takes_links = not (args.kiosk or args.smoke_test)  # a kiosk and a check of the build keep to themselves
    if args.link is not None:
        args.link = given_text(args.link)
    if args.link is not None and takes_links:
        from .system.instance import hand_over

        if hand_over(data_folder(), args.link.strip()):
            return 0  # the game already running opens it: no second window
    if takes_links and getattr(sys, "frozen", False) and sys.platform == "win32":
        from .system.urlscheme import ensure_registered

        ensure_registered()  # the built program opens backgammon:// links (written only when it differs)
    app = make_app(args)
    if args.smoke_test:
        return smoke_test(app)
    try:
        app.run()
    finally:
        app.links.close()  # the next launch with a link starts a game
    import pygame

    pygame.quit()
    return 0


def given_text(text: str) -> str:
    """The argument as the running game can take it: a match file's path made
    absolute (that game's working folder is not this launch's)."""
    from .store.matfiles import match_path

    text = text.strip()
    path = match_path(text)
    if path is None or text.lower().startswith("file:"):
        return text
    try:
        return str(path.resolve())
    except OSError:
        return str(path.absolute())


def data_folder() -> Path:
    """The game's data folder (``$BACKGAMMON_HOME`` when set): where the running game says it listens."""
    from .store.storage import folders

    return folders()[1]


def make_app(args: argparse.Namespace) -> "App":
    """The game as the command line ``args`` ask, on its first screen, not
    yet running (:func:`main` runs it; a test drives its frames): the lobby,
    and over it the friend screen with the link given, if one was.  It takes
    the links of later launches, unless it is a kiosk or a smoke test, or
    another copy of the game takes them already."""
    import logging

    from engine import SeededDice

    from .app import App
    from .scenes.flow import Flow

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    dice = SeededDice(args.seed) if args.seed is not None else None
    app = App(size=args.size, fullscreen=args.fullscreen or args.kiosk)
    app.dice = dice
    if args.speak:  # for this run (the setting saved stays as it is)
        app.announcer.set_speaking(True)
    Flow(app)
    if args.kiosk:
        from .kiosk import Kiosk

        app.kiosk = Kiosk(app, idle_timeout=args.idle_timeout, attract_after=args.attract_after)
        app.links.enabled = False  # a link dropped on a public screen is not opened
    elif not args.smoke_test:
        app.links.listen(data_folder())
    app.flow.lobby()
    if args.link is not None:
        app.flow.open_given(args.link)
    return app


#: the level the smoke test plays: the shipped network with its lookahead
SMOKE_LEVEL = "expert"
#: where the smoke test's line goes when there is no standard output (in the game's data folder)
SMOKE_FILE = "smoke-test.txt"


def smoke_test(app, max_seconds: float = 240.0) -> int:
    """From the lobby, one game of the expert against itself at instant pace
    to its result screen; exit 0 when it got there.  The expert needs the
    shipped network (assets/weights.npz), so a build or an installation
    without it fails here.  Changes no saved setting."""
    from engine.compiled import describe

    import time

    from .play.options import MatchOptions
    from .scenes.result import ResultScene

    for _ in range(3):  # the lobby, drawn
        app.frame(1.0 / 60)
    app.settings.pace = "instant"  # not saved: only the lobby's buttons and the settings screen save
    app.flow.start_match(MatchOptions(mode="demo", level=SMOKE_LEVEL, length=1), seed=1)
    session = app.session
    start = time.perf_counter()
    while app.running and not isinstance(app.scene, ResultScene) and time.perf_counter() - start < max_seconds:
        if session.thinking:
            session.wait_for_computer()
        app.frame(1.0 / 60)
    for _ in range(3):  # the result screen, drawn
        app.frame(1.0 / 60)
    reached = isinstance(app.scene, ResultScene)
    result = session.game.result
    levels = sorted({getattr(getattr(seat, "bot", None), "level", "human") for seat in session.seats})
    line = (
        f"smoke test: {'/'.join(levels)} against itself, {app.frames} frames, {app.renders} renders, "
        f"{len(session.game.log)} log entries, result {result.kind if result else None}, "
        f"result screen {'shown' if reached else 'NOT shown'}; engine: {describe()}"
    )
    say_smoke(line)
    return 0 if reached else 1


def say_smoke(line: str) -> None:
    """The smoke test's line on the standard output; a windowed build on
    Windows has none (``sys.stdout`` is None), so there it goes into
    :data:`SMOKE_FILE` in the game's data folder."""
    if sys.stdout is not None:
        print(line)
        return
    from .store.storage import folders

    data = folders()[1]
    data.mkdir(parents=True, exist_ok=True)
    (data / SMOKE_FILE).write_text(line + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
