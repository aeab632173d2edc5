"""Time legal_plays over a fixed set of reachable positions and all 21 rolls.

    python benchmarks/movegen.py [--positions 600]
"""

from __future__ import annotations

import argparse
import random
import time

from engine import Position, legal_plays

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=600)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    positions = reachable_positions(args.positions)
    best = float("inf")
    calls = len(positions) * len(ROLLS)
    for _ in range(args.repeat):
        start = time.perf_counter()
        for pos in positions:
            for roll in ROLLS:
                legal_plays(pos, roll)
        best = min(best, time.perf_counter() - start)
    print(f"{len(positions)} positions x {len(ROLLS)} rolls = {calls} calls")
    print(f"legal_plays: {best / calls * 1e6:.1f} microseconds per call (best of {args.repeat})")


if __name__ == "__main__":
    main()
