"""Paths and helpers shared by the tests."""

import sys
from pathlib import Path

from engine import Position

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
OUTPUT = ROOT / "tests" / "output"

sys.path.insert(0, str(ROOT / "benchmarks"))
from movegen import reachable_positions  # noqa: E402


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


def random_positions(n, seed=3):
    """``n`` positions reached by random play from the start (the same
    sampler the move-generator benchmark uses)."""
    return reachable_positions(n, seed)
