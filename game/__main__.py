"""``python -m game`` (and the ``backgammon`` command): open the window.

Options: ``--size 1280x720``, ``--fullscreen``, ``--seed N`` (reproducible
dice), ``--smoke-test`` (open the lobby, play one computer-against-computer
game at instant pace to its result screen, close: exit 0), ``--kiosk``
(full screen, no Quit: Ctrl+Shift+Q leaves; back to the lobby after
``--idle-timeout`` seconds without input, then after ``--attract-after``
more a demo game plays until someone touches the screen; see game/kiosk.py).
"""

from __future__ import annotations

import argparse
import sys
from typing import List, Optional


def parse_size(text: str):
    w, _, h = text.lower().partition("x")
    return int(w), int(h)


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="backgammon", description="Backgammon for one screen")
    parser.add_argument("--size", type=parse_size, default=None, help="window size, e.g. 1280x720")
    parser.add_argument("--fullscreen", action="store_true", help="fill the screen")
    parser.add_argument("--seed", type=int, default=None, help="seeded dice, for a reproducible game")
    parser.add_argument("--smoke-test", action="store_true", help="open the lobby, play one computer game to its result, exit")
    parser.add_argument("--kiosk", action="store_true",
                        help="a public screen: full screen, no Quit (Ctrl+Shift+Q leaves), back to the lobby when idle, then a demo game")
    parser.add_argument("--idle-timeout", type=float, default=120.0, metavar="SECONDS",
                        help="kiosk: seconds without input before a game goes back to the lobby, kept (default 120)")
    parser.add_argument("--attract-after", type=float, default=60.0, metavar="SECONDS",
                        help="kiosk: seconds without input in the lobby before the demo game starts (default 60)")
    args = parser.parse_args(argv)

    import logging

    from engine import SeededDice

    from .app import App
    from .scenes.lobby import LobbyScene

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    dice = SeededDice(args.seed) if args.seed is not None else None
    app = App(size=args.size, fullscreen=args.fullscreen or args.kiosk)
    app.dice = dice
    if args.kiosk:
        from .kiosk import Kiosk

        app.kiosk = Kiosk(app, idle_timeout=args.idle_timeout, attract_after=args.attract_after)
    app.switch(LobbyScene(app))
    if args.smoke_test:
        return smoke_test(app)
    app.run()
    import pygame

    pygame.quit()
    return 0


def smoke_test(app, max_seconds: float = 120.0) -> int:
    """From the lobby, one game of computer against computer at instant pace
    to its result screen; exit 0 when it got there.  Changes no saved setting."""
    import time

    from .options import MatchOptions
    from .scenes.lobby import start_match
    from .scenes.result import ResultScene

    for _ in range(3):  # the lobby, drawn
        app.frame(1.0 / 60)
    app.settings.pace = "instant"  # not saved: only the lobby's buttons and the settings screen save
    start_match(app, MatchOptions(mode="demo", level="random", length=1), seed=1)
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
    print(
        f"smoke test: {app.frames} frames, {app.renders} renders, {len(session.game.log)} log entries, "
        f"result {result.kind if result else None}, result screen {'shown' if reached else 'NOT shown'}"
    )
    return 0 if reached else 1


if __name__ == "__main__":
    sys.exit(main())
