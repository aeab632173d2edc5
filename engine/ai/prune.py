"""A small, fast network that picks which plays the real one values.

Looking two rolls deep means finding, for each of 21 x 21 positions and
rolls, the best of some twenty plays: some 9,000 boards per candidate, most
of them plainly worse than the best.  As GNU Backgammon does with its
pruning networks, a far smaller network (the raw board, 198 inputs, one
hidden layer of 32) ranks every play first, and only the few it ranks best
are valued by the real network (:func:`engine.ai.search.two_ply`).

It was fitted to the shipped network's own equity over the results of every
legal play in positions of its self-play (:mod:`engine.ai.train_prune`,
``python -m engine.ai.train_prune``); it learns nothing the real network
does not know, it only guesses it quickly.

>>> from engine import Position
>>> from engine.ai.encode import boards
>>> me, them = boards([Position.initial()])
>>> pruner = default_pruner()
>>> pruner.scores(me, them).shape
(1,)
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Optional

import numpy as np

from ..resources import assets_dir

#: the weights shipped with the program
DEFAULT_PRUNE_WEIGHTS = assets_dir() / "prune.npz"

N_PRUNE_INPUTS = 198
_PIPS = np.arange(26, dtype=np.float32) * 0.01
#: a point's four raw units by its count (as the real network's encoding)
_UNITS = np.array([[n >= 1, n >= 2, n >= 3, max(n - 3, 0) * 0.5] for n in range(16)], dtype=np.float32)


def prune_inputs(me: np.ndarray, them: np.ndarray) -> np.ndarray:
    """(N, 198): each side's raw board (four units a point, bar and off, as
    :mod:`engine.ai.encode`'s first 196) and both pip counts / 100."""
    n = me.shape[0]
    x = np.empty((n, N_PRUNE_INPUTS), dtype=np.float32)
    for side, at in ((me, 0), (them, 98)):
        x[:, at : at + 96] = _UNITS.take(side[:, 1:25].astype(np.intp), axis=0).reshape(-1, 96)
        x[:, at + 96] = side[:, 25] * 0.5
        x[:, at + 97] = side[:, 0] * (1.0 / 15.0)
    x[:, 196] = me @ _PIPS
    x[:, 197] = them @ _PIPS
    return x


class Pruner:
    """198 inputs -> ``hidden`` sigmoid units -> one linear output: the
    equity of the side on roll, as the real network would say it, roughly."""

    def __init__(self, w1: np.ndarray, b1: np.ndarray, w2: np.ndarray, b2: np.ndarray):
        self.w1 = np.asarray(w1, dtype=np.float32)
        self.b1 = np.asarray(b1, dtype=np.float32)
        self.w2 = np.asarray(w2, dtype=np.float32).reshape(-1)
        self.b2 = float(np.asarray(b2).reshape(-1)[0])

    @classmethod
    def random(cls, hidden: int = 32, seed: int = 0) -> "Pruner":
        rng = np.random.default_rng(seed)
        return cls(rng.normal(0, 0.1, (N_PRUNE_INPUTS, hidden)), np.zeros(hidden), rng.normal(0, 0.1, hidden), np.zeros(1))

    def hidden_of(self, x: np.ndarray) -> np.ndarray:
        from .network import sigmoid

        return sigmoid(x @ self.w1 + self.b1)

    def scores(self, me: np.ndarray, them: np.ndarray) -> np.ndarray:
        """(N,) guessed equity of the side on roll for (N, 26) boards."""
        out: np.ndarray = self.hidden_of(prune_inputs(me, them)) @ self.w2 + self.b2
        return out

    def save(self, path: str | Path) -> None:
        path = Path(path)
        tmp = path.with_name(path.name + ".tmp.npz")
        np.savez_compressed(tmp, w1=self.w1, b1=self.b1, w2=self.w2, b2=np.array([self.b2], dtype=np.float32))
        tmp.replace(path)

    @classmethod
    def load(cls, path: str | Path = DEFAULT_PRUNE_WEIGHTS) -> "Pruner":
        with np.load(Path(path), allow_pickle=False) as data:
            return cls(data["w1"], data["b1"], data["w2"], data["b2"])


@lru_cache(maxsize=1)
def default_pruner() -> Optional[Pruner]:
    """The shipped pruning network, or None where its file is missing (the
    search then values every play with the real network)."""
    if not DEFAULT_PRUNE_WEIGHTS.is_file():
        return None
    return Pruner.load(DEFAULT_PRUNE_WEIGHTS)
