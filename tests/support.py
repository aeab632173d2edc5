"""Paths and helpers shared by the tests."""

import random
from pathlib import Path

from engine import Position, legal_plays

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
OUTPUT = ROOT / "tests" / "output"


def board(me, opp):
    """A position from two dicts ``{point: checkers}`` in each side's own
    numbering (``"bar"`` for the bar); the first side is on roll.

    >>> board({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5}) == Position.initial()
    True
    """

    def side(d):
        c = [0] * 25
        for p, n in d.items():
            c[24 if p == "bar" else p - 1] += n
        return c

    return Position(side(me), side(opp))


def random_positions(n, seed=3, every=7):
    """``n`` positions reached by random play from the start, one every few turns."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        pos = Position.initial()
        for ply in range(300):
            plays = legal_plays(pos, (rng.randint(1, 6), rng.randint(1, 6)))
            if plays:
                pos = pos.apply(rng.choice(plays))
            if pos.winner() is not None:
                break
            pos = pos.swapped()
            if ply % every == 3:
                out.append(pos)
    return out[:n]
