"""Paths and helpers shared by the tests."""

import os
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


def deny(monkeypatch, *paths: Path) -> None:
    """Make reading ``paths`` fail as a file of mode 000 does for a normal
    user (root reads anything, so the refusal is simulated where the game
    reads: ``Path.read_bytes`` and ``open``)."""
    from game.store import jsonstore

    refused = {Path(p) for p in paths}
    read_bytes, real_open = Path.read_bytes, open

    def guarded_read(self):
        if Path(self) in refused:
            raise PermissionError(13, "Permission denied", str(self))
        return read_bytes(self)

    def guarded_open(file, *args, **kw):
        if isinstance(file, (str, os.PathLike)) and Path(file) in refused:
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, *args, **kw)

    monkeypatch.setattr(Path, "read_bytes", guarded_read)
    monkeypatch.setattr(jsonstore, "open", guarded_open, raising=False)


def raw_files(folder: Path) -> dict:
    """Every file's bytes, read past :func:`deny`'s refusal."""
    out = {}
    for p in sorted(folder.iterdir()):
        with open(p, "rb") as f:
            out[p.name] = f.read()
    return out
