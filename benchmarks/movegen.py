"""Time the move generator over a fixed set of reachable positions and all 21 rolls.

    python benchmarks/movegen.py [--positions 600]
    BACKGAMMON_PURE=1 python benchmarks/movegen.py        # the pure-Python engine, the same positions
    python benchmarks/movegen.py --positions 300 --gnubg  # against GNU Backgammon's C (the train extra)

Prints which engine runs (compiled or pure: engine/compiled.py), and the
microseconds per call of ``legal_leaves`` (every legal play and the board it
leaves, as the computer players use it) and of ``legal_plays``.  With
``--gnubg``: GNU Backgammon's ``find_best_moves`` on the same positions and
rolls (its C generator, each play then scored by its 0-ply network from its
cache), first pass and best of the repeats, and the ratio.
"""

from __future__ import annotations

import argparse
import random
import time

from engine import Position, legal_plays
from engine.compiled import describe
from engine.moves import legal_leaves

ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]


def reachable_positions(count: int, seed: int = 2024) -> list[Position]:
    """Positions from random games, sampled every few turns."""
    rng = random.Random(seed)
    out: list[Position] = []
    while len(out) < count:
        pos = Position.initial()
        for ply in range(400):
            plays = legal_plays(pos, (rng.randint(1, 6), rng.randint(1, 6)))
            if plays:
                pos = pos.apply(rng.choice(plays))
            if pos.winner() is not None:
                break
            pos = pos.swapped()
            if ply % 3 == 0:
                out.append(pos)
    return out[:count]


def _best(fn, repeat: int) -> tuple:
    """(first, best) seconds of ``repeat`` runs of ``fn``."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return times[0], min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=600)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--gnubg", action="store_true", help="time GNU Backgammon's find_best_moves on the same positions")
    args = parser.parse_args()
    positions = reachable_positions(args.positions)
    calls = len(positions) * len(ROLLS)
    print(f"engine: {describe()}")
    print(f"{len(positions)} positions x {len(ROLLS)} rolls = {calls} calls")

    def leaves() -> None:
        for pos in positions:
            for roll in ROLLS:
                legal_leaves(pos, roll)

    def plays() -> None:
        for pos in positions:
            for roll in ROLLS:
                legal_plays(pos, roll)

    _, ours = _best(leaves, args.repeat)
    _, best = _best(plays, args.repeat)
    print(f"legal_leaves: {ours / calls * 1e6:.1f} microseconds per call (best of {args.repeat})")
    print(f"legal_plays: {best / calls * 1e6:.1f} microseconds per call (best of {args.repeat})")
    if args.gnubg:
        import gnubg

        context, cube = gnubg.eval_context(0, 0, 1, 0, 0.0), gnubg.cube_info()
        boards = [(tuple(p.boards[1][1:26]), tuple(p.boards[0][1:26])) for p in positions]

        def theirs() -> None:
            for board in boards:
                for roll in ROLLS:
                    gnubg.find_best_moves(board, cube, context, roll)

        first, warm = _best(theirs, args.repeat)
        print(f"GNU Backgammon find_best_moves: {first / calls * 1e6:.1f} microseconds per call on the first pass, "
              f"{warm / calls * 1e6:.1f} at best (its evaluation cache warm)")
        print(f"legal_leaves against GNU Backgammon: {ours / first:.2f}x its first pass, {ours / warm:.2f}x its best")


if __name__ == "__main__":
    main()
