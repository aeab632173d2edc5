"""``python -m game`` (and the ``backgammon`` command): open the window.

Options: ``--size 1280x720``, ``--fullscreen``, ``--seed N`` (reproducible
dice), ``--smoke-test`` (open, play a little headless-safe, close: exit 0).
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
    parser.add_argument("--smoke-test", action="store_true", help="open the window, play a few turns, exit")
    args = parser.parse_args(argv)

    from engine import SeededDice

    from .app import App
    from .scenes.start import StartScene

    dice = SeededDice(args.seed) if args.seed is not None else None
    app = App(size=args.size, fullscreen=args.fullscreen)
    app.switch(StartScene(app, dice=dice))
    if args.smoke_test:
        return smoke_test(app, dice)
    app.run()
    import pygame

    pygame.quit()
    return 0


def smoke_test(app, dice) -> int:
    """Start a computer-vs-computer game, run two seconds of frames, exit."""
    from engine import Match, SeededDice, get_bot

    from .scenes.match import MatchScene
    from .session import Session

    app.run(max_frames=3)
    session = Session(Match(dice=dice or SeededDice(1)), (get_bot("random", seed=1), get_bot("random", seed=2)), app.settings)
    app.settings.bot_pace = 0.05
    app.switch(MatchScene(app, session))
    app.run(max_seconds=2.0)
    print(f"smoke test: {app.frames} frames, {app.renders} renders, {len(session.game.log)} log entries")
    return 0


if __name__ == "__main__":
    sys.exit(main())
