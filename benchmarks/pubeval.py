"""Pubeval, Tesauro's public linear benchmark player (see shared/benchmarks/PUBEVAL.md).

It scores the position after each candidate play from the mover's side and
plays the best; the weight set (race or contact) is chosen from the position
before the play.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Sequence

import numpy as np

from engine import Position
from engine.moves import legal_leaves

DEFAULT_WEIGHTS = Path(__file__).resolve().parent.parent.parent / "shared" / "benchmarks" / "pubeval_weights.json"


def pubeval_inputs(mover: np.ndarray, opponent: np.ndarray) -> np.ndarray:
    """(N, 122) inputs.  ``mover``/``opponent``: (N, 26) boards in each side's
    own numbering (0 off, 1..24, 25 bar)."""
    n = mover.shape[0]
    # block k describes the mover's point 24 - k; the opponent there is on its own point 1 + k
    counts = mover[:, 24:0:-1] - opponent[:, 1:25]
    x = np.zeros((n, 122), dtype=np.float64)
    x[:, 0:120:5] = counts == -1
    x[:, 1:120:5] = counts == 1
    x[:, 2:120:5] = counts >= 2
    x[:, 3:120:5] = counts == 3
    x[:, 4:120:5] = np.where(counts >= 4, (counts - 3) / 2.0, 0.0)
    x[:, 120] = opponent[:, 25] / 2.0
    x[:, 121] = mover[:, 0] / 15.0
    return x


class PubEval:
    level = "pubeval"

    def __init__(self, weights: str | Path = DEFAULT_WEIGHTS):
        data = json.loads(Path(weights).read_text())
        self.race = np.array(data["race"], dtype=np.float64)
        self.contact = np.array(data["contact"], dtype=np.float64)

    def scores(self, before: Position, keys: list) -> np.ndarray:
        rows = np.array([b + o_my[::-1] for b, o_my in keys], dtype=np.float64)
        x = pubeval_inputs(rows[:, :26], rows[:, 26:])
        w = self.contact if before.is_contact() else self.race
        s = x @ w
        s[rows[:, 0] == 15] = np.inf
        return s

    def choose_play(self, position: Position, dice: Sequence[int]):
        legal = legal_leaves(position, dice)
        if not legal:
            return ()
        keys = list(legal)
        return legal[keys[int(np.argmax(self.scores(position, keys)))]][0]
