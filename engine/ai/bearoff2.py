"""Exact two-sided bear-off values for small positions.

A one-sided database assumes each side plays to need the fewest rolls on
average, which now and then is not the play that wins most often against a
given opponent (with four checkers a side: 158 of 545,699 decisions, by at
most 0.0035).  For every pair of positions with up to four checkers a side
(210 x 210) this table holds the exact chance that the side on roll wins,
both sides playing to win, computed by brute force over every roll and
play.  :class:`engine.ai.bearoff.BearoffDatabase` answers from it wherever
both sides are that small (gammons cannot happen there)::

    python -m engine.ai.bearoff2 --out assets/bearoff2.npz

>>> table = generate(max_checkers=1)
>>> round(float(table[index((0, 0, 0, 0, 0, 1)), index((1, 0, 0, 0, 0, 0))]), 4)
0.75
"""

from __future__ import annotations

import argparse
import sys
import time
from math import comb
from pathlib import Path
from typing import Sequence

import numpy as np

from .bearoff import POINTS, ROLL_WEIGHTS, SMALL_PATH, counts, index, plays_by_roll

MAX_CHECKERS = 4


def generate(max_checkers: int = MAX_CHECKERS) -> np.ndarray:
    """(n, n) float64, n = C(6 + max_checkers, 6): P(the side on roll with
    position ``i`` beats position ``j``), both playing perfectly."""
    n = comb(POINTS + max_checkers, POINTS)
    positions = [counts(i) for i in range(n)]
    pips = [sum((p + 1) * c for p, c in enumerate(pos)) for pos in positions]
    after = [[[index(x) for x in boards] for boards in plays_by_roll(pos)] if i else [] for i, pos in enumerate(positions)]
    table = np.zeros((n, n))
    table[0, :] = 1.0  # nothing left: that side has won
    for a, b in sorted(((a, b) for a in range(1, n) for b in range(n)), key=lambda t: pips[t[0]] + pips[t[1]]):
        if b == 0:
            continue
        total = 0.0
        for w, outs in zip(ROLL_WEIGHTS, after[a]):
            total += w * max(1.0 - table[b, x] if x else 1.0 for x in outs)
        table[a, b] = total
    return table


def save(table: np.ndarray, path: str | Path) -> None:
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp.npz")
    np.savez_compressed(tmp, win=table.astype(np.float32))
    tmp.replace(path)


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="Generate the two-sided bear-off table for small positions.")
    ap.add_argument("--out", default=str(SMALL_PATH))
    args = ap.parse_args(argv)
    start = time.time()
    table = generate()
    save(table, args.out)
    size = Path(args.out).stat().st_size
    print(f"wrote {args.out}: {table.shape[0]} x {table.shape[1]} pairs, {size / 1024:.0f} KiB, {time.time() - start:.0f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
