"""``python -m engine.rollout`` (and the ``backgammon-rollout`` command):
a rollout from the command line.

    python -m engine.rollout [POSITION_ID] [--dice 31 (--play "8/5 6/5" ... | --best N)]
        [--trials 1296] [--truncate 11 | --to-the-end] [--cubeful] [--no-variance-reduction]
        [--seed 1] [--workers 0]

Without ``--dice`` the position (the opening one by default) is rolled out
before its side on roll rolls; with ``--dice`` and ``--play`` (as often as
wanted) or ``--best N`` (the expert's N best plays) each play's position is.
A progress line goes to the standard error now and then; the table of
figures to the standard output.  Ctrl-C stops and prints what is done.

>>> main(["--trials", "36", "--truncate", "1", "--workers", "1", "--quiet"])  # doctest: +ELLIPSIS
position 4HPwATDgc/ABMA, cubeless, variance reduction, truncated after 1 rolls, seed 1
candidate  equity             win   win g  win bg  lose g lose bg  trials
position   ...%      36
0
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
import time
from typing import Any, List, Optional, Sequence, Tuple

from ..errors import BackgammonError
from ..notation import format_play, parse_play
from ..position import Play, Position
from . import Estimate, RolloutProgress, RolloutResult, RolloutSettings, rollout

#: seconds between two progress lines
EVERY = 2.0


def parse_dice(text: str) -> Tuple[int, int]:
    """``31``, ``3-1``, ``3,1`` or ``3 1`` as two dice.

    >>> parse_dice("31"), parse_dice("6-6")
    ((3, 1), (6, 6))
    """
    digits = [c for c in text if c.isdigit()]
    if len(digits) != 2 or not all("1" <= d <= "6" for d in digits) or any(c not in "0123456789-, " for c in text):
        raise argparse.ArgumentTypeError(f"{text!r} is not a roll: write two dice 1..6, e.g. 31 or 3-1")
    return int(digits[0]), int(digits[1])


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="backgammon-rollout", description="Roll a position, or plays, out with the network.")
    parser.add_argument("position", nargs="?", default=None, metavar="POSITION_ID", help="a GNU Backgammon Position ID (default: the opening position)")
    parser.add_argument("--dice", type=parse_dice, default=None, help="the roll the plays are made with, e.g. 31")
    parser.add_argument("--play", action="append", default=[], help='a play to roll out, e.g. "8/5 6/5" (repeat for more)')
    parser.add_argument("--best", type=int, default=None, metavar="N", help="roll out the expert's N best plays with --dice")
    parser.add_argument("--trials", type=int, default=1296, help="games per candidate (default 1296)")
    parser.add_argument("--truncate", type=int, default=11, metavar="N", help="rolls before the network values the game (default 11)")
    parser.add_argument("--to-the-end", action="store_true", help="play every game to its end (no truncation)")
    parser.add_argument("--cubeful", action="store_true", help="play the cube (money game); the cubeful equity is shown too")
    parser.add_argument("--no-variance-reduction", action="store_true", help="leave each roll's luck in the results")
    parser.add_argument("--seed", type=int, default=1, help="the dice's seed (default 1)")
    parser.add_argument("--workers", type=int, default=0, help="processes (default 0: one per core; 1: this one)")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    return parser


def _candidates(position: Position, args: argparse.Namespace) -> Tuple[Optional[List[Play]], List[str]]:
    """The plays asked for (None: the position itself) and their names."""
    if args.dice is None:
        if args.play or args.best is not None:
            raise BackgammonError("--play and --best need --dice")
        return None, ["position"]
    if args.play and args.best is not None:
        raise BackgammonError("give --play or --best, not both")
    if args.best is not None and args.best < 1:
        raise BackgammonError(f"--best takes a number of plays, 1 or more, not {args.best}")
    if args.play:
        plays = [parse_play(position, text, args.dice) for text in args.play]
    else:
        from ..ai.bots import get_bot

        ranked = get_bot("expert").rank_plays(position, args.dice)
        plays = [play for play, _ in ranked[: args.best or 1]] or [()]
    return plays, [format_play(position, play) or "(no play)" for play in plays]


def _figure(e: Estimate) -> str:
    return f"{e.mean:+.3f} ± {e.half_width:.3f}"


#: the five probabilities' column heads
HEADS = ("win", "win g", "win bg", "lose g", "lose bg")


def table(names: Sequence[str], results: Sequence[RolloutResult], cubeful: bool) -> str:
    """The figures, a line per candidate: the equity (and the cubeful
    equity) with its 95 % half-width, the five probabilities in %, the trials.

    >>> e = Estimate(0.5, 0.01)
    >>> print(table(["8/5 6/5"], [RolloutResult(36, (e, e, e, e, e), e, None, False)], False))
    candidate  equity             win   win g  win bg  lose g lose bg  trials
    8/5 6/5    +0.500 ± 0.010   50.0%   50.0%   50.0%   50.0%   50.0%      36
    """
    width = max([len("candidate")] + [len(n) for n in names])
    head = f"{'candidate':<{width}}  {'equity':<14}" + (f"  {'cubeful':<14}" if cubeful else "")
    lines = [head + "".join(f" {h:>7}" for h in HEADS) + f" {'trials':>7}"]
    for name, r in zip(names, results):
        line = f"{name:<{width}}  {_figure(r.equity):<14}"
        if cubeful:
            line += f"  {_figure(r.cubeful_equity) if r.cubeful_equity is not None else '':<14}"
        line += "".join(f" {100.0 * p.mean:6.1f}%" for p in r.probabilities) + f" {r.trials:7d}"
        lines.append(line)
    return "\n".join(lines)


def main(argv: Optional[List[str]] = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        position = Position.from_id(args.position) if args.position is not None else Position.initial()
        plays, names = _candidates(position, args)
        settings = RolloutSettings(
            trials=args.trials,
            truncate=None if args.to_the_end else args.truncate,
            cubeful=args.cubeful,
            variance_reduction=not args.no_variance_reduction,
            seed=args.seed,
            workers=args.workers,
        )
        stop = threading.Event()
        started = time.monotonic()
        shown = [started]

        def report(p: RolloutProgress) -> None:
            now = time.monotonic()
            if not args.quiet and (now - shown[0] >= EVERY or p.done == p.total):
                shown[0] = now
                print(f"rolled out {p.done}/{p.total} trials ({100 * p.done // max(p.total, 1)}%), {now - started:.0f} s", file=sys.stderr, flush=True)

        previous = _on_ctrl_c(stop)
        try:
            results = rollout(position, settings, plays=plays, dice=args.dice if plays is not None else None, progress=report, stop=stop)
        finally:
            _restore(previous)
    except BackgammonError as exc:
        parser.error(str(exc))
    kind = "cubeful (money)" if settings.cubeful else "cubeless"
    reduced = "variance reduction" if settings.variance_reduction else "no variance reduction"
    cut = "to the end" if settings.truncate is None else f"truncated after {settings.truncate} rolls"
    print(f"position {position.to_id()}" + (f", dice {args.dice[0]}{args.dice[1]}" if plays is not None else "") + f", {kind}, {reduced}, {cut}, seed {settings.seed}")
    print(table(names, results, settings.cubeful))
    if results and results[0].stopped:
        print("stopped: the figures rest on the trials done")
    return 0


def _on_ctrl_c(stop: threading.Event) -> Any:
    """Ctrl-C sets ``stop`` (the rollout ends after the chunk running) instead of raising."""
    if threading.current_thread() is not threading.main_thread():
        return None
    return signal.signal(signal.SIGINT, lambda signum, frame: stop.set())


def _restore(previous: Any) -> None:
    if previous is not None:
        signal.signal(signal.SIGINT, previous)


if __name__ == "__main__":  # pragma: no cover - python -m engine.rollout.cli
    sys.exit(main())
