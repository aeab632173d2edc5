"""Position -> network inputs, vectorised over many positions at once.

A board is given as two integer arrays of 26 slots in each side's own
numbering (index 0 borne off, 1..24 points, 25 bar): ``me`` for the side on
roll, ``them`` for the other.  The inputs (:data:`N_INPUTS` = 200):

* for each side, for each of its points 1..24, four units (Tesauro's raw
  encoding): ``n >= 1``, ``n >= 2``, ``n >= 3``, ``(n - 3) / 2`` when
  ``n > 3``; then ``bar / 2`` and ``off / 15``  (2 x 98 = 196)
* both pip counts / 100                                       (2)
* the chance that the side on roll hits a blot this roll: direct and
  combination shots counted over the 36 rolls, blocks ignored     (1)
* 1 when the sides are still in contact, 0 in a race               (1)

>>> from engine import Position
>>> me, them = boards([Position.initial()])
>>> encode(me, them).shape
(1, 200)
"""

from __future__ import annotations

from typing import Iterable, Tuple

import numpy as np

from ..position import Position

N_INPUTS = 200

_ROLLS = [(a, b) for a in range(1, 7) for b in range(1, 7)]
# which distances (1..24) each of the 36 rolls can travel with one checker
_REACH = np.zeros((24, 36), dtype=np.float32)
for _k, (_a, _b) in enumerate(_ROLLS):
    _dists = {_a * m for m in range(1, 5)} if _a == _b else {_a, _b, _a + _b}
    for _d in _dists:
        if _d <= 24:
            _REACH[_d - 1, _k] = 1.0
_PIP_WEIGHTS = np.arange(26, dtype=np.float32)


def boards(positions: Iterable[Position]) -> Tuple[np.ndarray, np.ndarray]:
    """Positions -> (me, them) arrays of shape (N, 26)."""
    rows = np.array([p._b + p._o for p in positions], dtype=np.float32).reshape(-1, 52)
    return rows[:, :26], rows[:, 26:]


def _side(s: np.ndarray) -> np.ndarray:
    pts = s[:, 1:25]
    out = np.empty((s.shape[0], 98), dtype=np.float32)
    out[:, 0:96:4] = pts >= 1
    out[:, 1:96:4] = pts >= 2
    out[:, 2:96:4] = pts >= 3
    out[:, 3:96:4] = np.maximum(pts - 3.0, 0.0) * 0.5
    out[:, 96] = s[:, 25] * 0.5
    out[:, 97] = s[:, 0] * (1.0 / 15.0)
    return out


def shot_chance(me: np.ndarray, them: np.ndarray) -> np.ndarray:
    """Fraction of the 36 rolls with which ``me`` could reach a blot of ``them``."""
    hitters = me[:, 1:26] > 0  # my points 1..25 (bar)
    blots = (them[:, 1:25] == 1)[:, ::-1]  # index q-1: their blot on my point q
    n = me.shape[0]
    dist = np.zeros((n, 24), dtype=np.float32)
    for d in range(1, 25):
        dist[:, d - 1] = (hitters[:, d:25] & blots[:, 0 : 25 - d]).any(axis=1)
    return ((dist @ _REACH) > 0).sum(axis=1) * (1.0 / 36.0)


def contact(me: np.ndarray, them: np.ndarray) -> np.ndarray:
    """1 where some checker of one side still has to pass one of the other."""
    idx = np.arange(26, dtype=np.float32)
    my_back = ((me[:, 1:26] > 0) * idx[1:26]).max(axis=1)
    their_back = ((them[:, 1:26] > 0) * idx[1:26]).max(axis=1)
    return (my_back + their_back > 25).astype(np.float32)


def encode(me: np.ndarray, them: np.ndarray) -> np.ndarray:
    """The (N, 200) input matrix for boards seen from the side on roll."""
    n = me.shape[0]
    x = np.empty((n, N_INPUTS), dtype=np.float32)
    x[:, 0:98] = _side(me)
    x[:, 98:196] = _side(them)
    x[:, 196] = me @ _PIP_WEIGHTS * 0.01
    x[:, 197] = them @ _PIP_WEIGHTS * 0.01
    x[:, 198] = shot_chance(me, them)
    x[:, 199] = contact(me, them)
    return x


def encode_positions(positions: Iterable[Position]) -> np.ndarray:
    """Inputs for positions, each seen from its side on roll."""
    me, them = boards(positions)
    return encode(me, them)
