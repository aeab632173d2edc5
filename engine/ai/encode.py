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

The second encoding (:data:`N_INPUTS_V2` = 213, :func:`encode_v2`) adds what
strong programs found useful beside the raw board, for each side (6 x 2):
home-board points made, the longest prime, anchors in the other side's home
board, blots, checkers still back, and the chance that the side's last
checker escapes past the other side's points this roll; and the chance that
the side not on roll hits a blot of the side on roll (1).

The third (:data:`N_INPUTS_V3` = 223, :func:`encode_v3`) adds five more for
each side, after what the strong programs' published input lists carry:
entering from the bar, timing, the pips to break contact, checkers still
outside home, and containment (5 x 2).

>>> from engine import Position
>>> me, them = boards([Position.initial()])
>>> encode(me, them).shape
(1, 200)
"""

from __future__ import annotations

from typing import Callable, Dict, Iterable, Tuple

import numpy as np

from ..position import Position

N_INPUTS = 200
N_INPUTS_V2 = 213
N_INPUTS_V3 = 223

_ROLLS = [(a, b) for a in range(1, 7) for b in range(1, 7)]
# which distances (1..24) each of the 36 rolls can travel with one checker
_REACH = np.zeros((24, 36), dtype=np.float32)
for _k, (_a, _b) in enumerate(_ROLLS):
    _dists = {_a * m for m in range(1, 5)} if _a == _b else {_a, _b, _a + _b}
    for _d in _dists:
        if _d <= 24:
            _REACH[_d - 1, _k] = 1.0
_PIP_WEIGHTS = np.arange(26, dtype=np.float32)
_DISTANCES = np.arange(1, 25)
# bit j stands for slot j of a board (0 off, 1..24 points, 25 bar)
_BITS = (np.int64(1) << np.arange(26, dtype=np.int64)).astype(np.int64)
# Tesauro's four units for a count of 0..15 checkers on a point
_RAW = np.array([[n >= 1, n >= 2, n >= 3, max(n - 3, 0) * 0.5] for n in range(16)], dtype=np.float32)
_HOME_BITS = int(_BITS[1:7].sum())
_BLOCKADE_BITS = int(_BITS[7:25].sum())  # points a blockade can stand on (outside one's home)


def boards(positions: Iterable[Position]) -> Tuple[np.ndarray, np.ndarray]:
    """Positions -> (me, them) arrays of shape (N, 26)."""
    rows = np.array([p.boards[0] + p.boards[1] for p in positions], dtype=np.float32).reshape(-1, 52)
    return rows[:, :26], rows[:, 26:]


def _mask(cond: np.ndarray, first: int = 1) -> np.ndarray:
    """Rows of booleans for slots ``first``.. -> one int64 bitmask per row."""
    bits: np.ndarray = cond.astype(np.int64) @ _BITS[first : first + cond.shape[1]]
    return bits


def _bit_length(x: np.ndarray) -> np.ndarray:
    """Number of bits of each (non-negative, < 2**52) integer."""
    return np.frexp(x.astype(np.float64))[1].astype(np.int64)


def _popcount(x: np.ndarray) -> np.ndarray:
    count = np.zeros(x.shape, dtype=np.int64)
    while True:
        nz = x != 0
        if not nz.any():
            return count
        count += nz
        x = x & (x - 1)


def _side(s: np.ndarray) -> np.ndarray:
    out = np.empty((s.shape[0], 98), dtype=np.float32)
    out[:, :96] = _RAW.take(s[:, 1:25].astype(np.intp), axis=0).reshape(-1, 96)
    out[:, 96] = s[:, 25] * 0.5
    out[:, 97] = s[:, 0] * (1.0 / 15.0)
    return out


def _reach_chance(dist: np.ndarray) -> np.ndarray:
    """(N, 24) 0/1 "distance d is good" -> fraction of the 36 rolls reaching one."""
    chance: np.ndarray = ((dist @ _REACH) > 0).sum(axis=1) * (1.0 / 36.0)
    return chance


def shot_chance(me: np.ndarray, them: np.ndarray) -> np.ndarray:
    """Fraction of the 36 rolls with which ``me`` could reach a blot of ``them``
    (blocks ignored).

    >>> me = np.zeros((1, 26), dtype=np.float32); me[0, 8] = 15
    >>> them = np.zeros((1, 26), dtype=np.float32); them[0, 22] = 1; them[0, 0] = 14
    >>> round(float(shot_chance(me, them)[0]) * 36)   # a blot 5 pips away
    15
    """
    hitters = _mask(me[:, 1:26] > 0)  # bits 1..25: my points and the bar
    blots = _mask((them[:, 1:25] == 1)[:, ::-1])  # bit q: their blot on my point q
    # the same two masks come back again and again in a search's batch:
    # each distinct pair is worked out once
    pairs, back = np.unique((hitters << 26) | blots, return_inverse=True)
    hitters, blots = pairs >> 26, pairs & ((1 << 26) - 1)
    dist = np.empty((pairs.shape[0], 24), dtype=np.float32)
    for d in range(1, 25):
        dist[:, d - 1] = ((hitters >> d) & blots) != 0
    chance: np.ndarray = _reach_chance(dist)[back.reshape(-1)]
    return chance


def contact(me: np.ndarray, them: np.ndarray) -> np.ndarray:
    """1 where some checker of one side still has to pass one of the other."""
    my_back = _bit_length(_mask(me[:, 1:26] > 0)) - 1
    their_back = _bit_length(_mask(them[:, 1:26] > 0)) - 1
    contact: np.ndarray = (my_back + their_back > 25).astype(np.float32)
    return contact


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


def longest_prime(side: np.ndarray) -> np.ndarray:
    """Length of the longest run of made points (two or more checkers) on 1..24.

    >>> me, _ = boards([Position.initial()])
    >>> longest_prime(me).tolist()
    [1.0]
    """
    made = _mask(side[:, 1:25] >= 2)
    best = np.zeros(side.shape[0], dtype=np.float32)
    while True:
        nz = made != 0
        if not nz.any():
            return best
        best += nz
        made = made & (made >> 1)


def escape_chance(side: np.ndarray, other: np.ndarray) -> np.ndarray:
    """Fraction of the 36 rolls with which ``side``'s last checker can land
    past every point the other side holds in front of it outside this side's
    home board (intermediate blocks ignored; 1 when nothing stands in front).

    >>> me, them = boards([Position.initial()])
    >>> round(float(escape_chance(me, them)[0]) * 36)
    3
    """
    back = _bit_length(_mask(side[:, 1:26] > 0)) - 1  # -1 when all are off
    blocked = _mask((other[:, 1:25] >= 2)[:, ::-1])  # bit q: their point on my q
    pairs, again = np.unique(((back + 1) << 26) | blocked, return_inverse=True)  # each distinct pair once
    back, blocked = (pairs >> 26) - 1, pairs & ((1 << 26) - 1)
    chance: np.ndarray = _escape(back, blocked)[again.reshape(-1)]
    return chance


def _escape(back: np.ndarray, blocked: np.ndarray) -> np.ndarray:
    """:func:`escape_chance` of a last checker on ``back`` (-1: none left)
    past the points in the ``blocked`` bitmask (bit q: a point the other
    side holds, on this side's q)."""
    ahead = blocked & _BLOCKADE_BITS & ((np.int64(1) << np.maximum(back, 0)) - 1)
    lowest = _bit_length(ahead & -ahead) - 1
    dest = back[:, None] - _DISTANCES[None, :]
    open_dest = ((blocked[:, None] >> np.maximum(dest, 0)) & 1) == 0
    ok = ((dest >= 1) & (dest < lowest[:, None]) & open_dest).astype(np.float32)
    return np.where(ahead != 0, _reach_chance(ok), 1.0).astype(np.float32)


def _side_extras(side: np.ndarray, other: np.ndarray) -> np.ndarray:
    pts = side[:, 1:25]
    made = _mask(pts >= 2)
    out = np.empty((side.shape[0], 6), dtype=np.float32)
    out[:, 0] = _popcount(made & _HOME_BITS) * (1.0 / 6.0)
    out[:, 1] = longest_prime(side) * (1.0 / 6.0)
    out[:, 2] = np.minimum(_popcount(made >> 19), 3) * (1.0 / 3.0)
    out[:, 3] = np.minimum(_popcount(_mask(pts == 1)), 5) * (1.0 / 5.0)
    out[:, 4] = np.minimum(side[:, 19:26].sum(axis=1), 10) * (1.0 / 10.0)
    out[:, 5] = escape_chance(side, other)
    return out


def encode_v2(me: np.ndarray, them: np.ndarray) -> np.ndarray:
    """The (N, 213) input matrix of the second encoding.

    >>> me, them = boards([Position.initial()])
    >>> encode_v2(me, them).shape
    (1, 213)
    """
    n = me.shape[0]
    x = np.empty((n, N_INPUTS_V2), dtype=np.float32)
    x[:, 0:200] = encode(me, them)
    x[:, 200:206] = _side_extras(me, them)
    x[:, 206:212] = _side_extras(them, me)
    x[:, 212] = shot_chance(them, me)
    return x


def _containment(side: np.ndarray, other: np.ndarray) -> np.ndarray:
    """How well ``side`` holds back the other's checkers: the average, over
    the other side's points 19..24 (its back checkers' places), of the
    fraction of rolls with which a checker there would get past every point
    ``side`` holds outside its home board in front of it (blocks in between ignored)."""
    blocked = _mask((side[:, 1:25] >= 2)[:, ::-1])  # bit q: side's point on the other's q
    masks, again = np.unique(blocked, return_inverse=True)  # each distinct blockade once
    held: np.ndarray = _contained(masks)[again.reshape(-1)]
    return held


def _contained(blocked: np.ndarray) -> np.ndarray:
    """:func:`_containment` of blockades given as bitmasks (bit q: a point
    held on the other side's q)."""
    total = np.zeros(blocked.shape[0], dtype=np.float32)
    for start in range(19, 25):
        ahead = blocked & _BLOCKADE_BITS & ((1 << start) - 1)
        lowest = _bit_length(ahead & -ahead) - 1
        dest = start - _DISTANCES[None, :]
        open_dest = ((blocked[:, None] >> np.maximum(dest, 0)) & 1) == 0
        ok = ((dest >= 1) & (dest < lowest[:, None]) & open_dest).astype(np.float32)
        total += np.where(ahead != 0, _reach_chance(ok), 1.0)
    out: np.ndarray = total * (1.0 / 6.0)
    return out


def _side_extras_v3(side: np.ndarray, other: np.ndarray) -> np.ndarray:
    """Five more for one side: the chance of staying on the bar this roll
    (when it has checkers there), the pips of its checkers outside its home
    board beyond its 6-point (its timing), the pips it must travel until no
    checker of its has to pass one of the other's (contact broken), its
    checkers outside its home board, and how well it holds the other's
    back checkers (:func:`_containment`)."""
    out = np.empty((side.shape[0], 5), dtype=np.float32)
    closed = (other[:, 1:7] >= 2).sum(axis=1) * (1.0 / 6.0)
    out[:, 0] = np.where(side[:, 25] > 0, closed * closed, 0.0)
    outside = np.maximum(np.arange(26, dtype=np.float32) - 6.0, 0.0)
    outside[0] = 0.0
    out[:, 1] = side @ outside * 0.01
    their_back = _bit_length(_mask(other[:, 1:26] > 0)) - 1  # the other's last checker, its numbering
    front = (25 - their_back).astype(np.float32)  # that checker's place in my numbering
    gap = np.maximum(np.arange(26, dtype=np.float32)[None, :] - front[:, None], 0.0)
    gap[:, 0] = 0.0
    out[:, 2] = (side * gap).sum(axis=1) * 0.01
    out[:, 3] = side[:, 7:26].sum(axis=1) * (1.0 / 15.0)
    out[:, 4] = _containment(side, other)
    return out


def encode_v3(me: np.ndarray, them: np.ndarray) -> np.ndarray:
    """The (N, 223) input matrix of the third encoding: the second's, then
    five more for each side (:func:`_side_extras_v3`).

    >>> me, them = boards([Position.initial()])
    >>> x = encode_v3(me, them)
    >>> x.shape, round(float(x[0, 213 + 3]) * 15)   # 10 of my checkers outside my home board
    ((1, 223), 10)
    """
    n = me.shape[0]
    x = np.empty((n, N_INPUTS_V3), dtype=np.float32)
    x[:, 0:213] = encode_v2(me, them)
    x[:, 213:218] = _side_extras_v3(me, them)
    x[:, 218:223] = _side_extras_v3(them, me)
    return x


#: an encoding: the boards of the side on roll and of the other side -> the network's inputs
Encoder = Callable[[np.ndarray, np.ndarray], np.ndarray]
ENCODERS: Dict[int, Encoder] = {N_INPUTS: encode, N_INPUTS_V2: encode_v2, N_INPUTS_V3: encode_v3}


def encoder_for(n_inputs: int) -> Encoder:
    """The encoding function for a network with ``n_inputs`` inputs."""
    try:
        return ENCODERS[n_inputs]
    except KeyError:
        raise ValueError(f"no encoding has {n_inputs} inputs") from None
