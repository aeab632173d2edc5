"""``python -m game.screenshot --out docs/screenshot.png``: a picture of the
board made by the real game, headless (SDL's dummy video driver): a 5-point
match with the cube against the computer, some turns into the first game,
White has rolled and picked a checker, so the dice, the picked checker and
where it may go are lit, and the panel shows the steps and the log.

The same dice every time (``--seed``), so the picture is made again alike;
nothing is read from or written to the player's folders.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import List, Optional, Tuple

from .words.catalogs import shipped

DEFAULT_OUT = Path("docs") / "screenshot.png"
DEFAULT_SIZE = (1280, 720)
#: the turns played before the picture (each side's): mid-game, the log well filled
TURNS = 7


def _headless() -> None:
    """SDL draws without a screen or sound device (unless told otherwise)."""
    for var, value in (("SDL_VIDEODRIVER", "dummy"), ("SDL_AUDIODRIVER", "dummy"), ("PYGAME_HIDE_SUPPORT_PROMPT", "1"),
                       ("BACKGAMMON_LAN", "off")):
        os.environ.setdefault(var, value)


def make(out: Path, size: Tuple[int, int] = DEFAULT_SIZE, seed: int = 11, lang: str = "en") -> Path:
    """Play to mid-game and save the window as a PNG at ``out``; returns ``out``."""
    _headless()
    import pygame

    from engine import Match, SeededDice, get_bot

    from .words import i18n
    from .store.settings import Settings
    from .testing import Driver

    i18n.set_language(lang)
    settings = Settings(pace="instant", language=lang, sound=False, auto_end_turn=True)
    match = Match(length=5, cube=True, dice=SeededDice(seed))
    d = Driver(size=size, settings=settings, seats=(None, get_bot("intermediate", seed=seed)), match=match)
    session, chooser = d.session, get_bot("intermediate", seed=seed + 1)
    for _ in range(200):  # White plays as the intermediate would; the computer answers
        g = session.game
        if g.phase == "over" or (g.turn == 0 and g.phase == "roll" and len(g.log) >= 2 * TURNS):
            break
        if g.turn == 0 and g.phase in ("opening", "roll"):
            session.roll()
        elif g.turn == 0 and g.phase == "move" and g.dice is not None:
            session.play(chooser.choose_play(g.position, g.dice), player=0)
        d.settle()
    session.roll()
    d.settle()
    g = session.game
    if g.phase == "move" and g.turn == 0 and g.dice is not None:  # pick the checker the computer would move first: its targets light up
        first = chooser.choose_play(g.position, g.dice)
        if first:
            d.click(d.checker_pos(first[0][0]))
    d.settle()
    d.frames(2)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(d.app.screen, str(out))
    return out


def main(argv: Optional[List[str]] = None) -> int:
    from .__main__ import parse_size

    parser = argparse.ArgumentParser(prog="python -m game.screenshot", description="A picture of the board, made headless by the real game.")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help=f"the PNG to write (default {DEFAULT_OUT})")
    parser.add_argument("--size", type=parse_size, default=DEFAULT_SIZE, help="WIDTHxHEIGHT (default 1280x720)")
    parser.add_argument("--seed", type=int, default=11, help="the dice (default 11)")
    parser.add_argument("--lang", choices=shipped(), default="en", help="the language shown (default en)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as home:  # the game's files go here, not into the player's folders
        os.environ["BACKGAMMON_HOME"] = home
        out = make(args.out, args.size, args.seed, args.lang)
    print(f"{out}: {args.size[0]}x{args.size[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
