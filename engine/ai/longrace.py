"""Long races (no contact, not everyone home yet): the winning chance from
effective pip counts and the bear-off database.

Each side's number of rolls still needed is modelled as a distribution: the
database's exact one for a side with every checker home, otherwise a
discretised normal whose mean and variance come from the side's Keith count
(the pip count plus 2 for each checker beyond one on the 1-point, 1 for each
beyond one on the 2-point, 1 for each beyond three on the 3-point, and 1 for
each empty 4-, 5- or 6-point).  The mean's slope and offset were fitted to the
database's expected rolls (positions of 8 or more checkers: 0.120 rolls a
point plus 1.17, error 0.16 rolls), the variance grows like a renewal
process's (about 0.028 rolls squared a point).

>>> import numpy as np
>>> side = np.zeros((1, 26)); side[0, 6] = 5; side[0, 8] = 3; side[0, 13] = 5; side[0, 24] = 2
>>> float(keith_count(side)[0])   # 167 pips, + 1 for each empty 4- and 5-point
169.0
"""

from __future__ import annotations

import numpy as np

from .bearoff import MAX_ROLLS, POINTS, BearoffDatabase, default_database, index_many
from .race import Evaluator

#: rolls kept in the long-race distributions (a side with 15 checkers far back needs ~30)
LONG_ROLLS = 64
SLOPE, OFFSET, VARIANCE = 0.1203, 1.17, 0.028


def keith_count(boards: np.ndarray) -> np.ndarray:
    """Keith counts of (N, 26) boards in their own numbering (0 off, 25 bar)."""
    b = np.asarray(boards, dtype=np.float64)
    pips = b @ np.arange(26)
    extra = 2 * np.maximum(b[:, 1] - 1, 0) + np.maximum(b[:, 2] - 1, 0) + np.maximum(b[:, 3] - 3, 0)
    gaps = (b[:, 4:7] == 0).sum(axis=1)
    out: np.ndarray = pips + extra + gaps
    return out


def _phi(x: np.ndarray) -> np.ndarray:
    """The standard normal distribution function (Abramowitz and Stegun 7.1.26, error < 2e-7)."""
    z = np.abs(x) / np.sqrt(2.0)
    t = 1.0 / (1.0 + 0.3275911 * z)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    erf = 1.0 - poly * np.exp(-z * z)
    out: np.ndarray = 0.5 * (1.0 + np.sign(x) * erf)
    return out


def rolls_distribution(boards: np.ndarray, db: BearoffDatabase | None = None) -> np.ndarray:
    """(N, LONG_ROLLS): P(the side needs exactly k more rolls) for each board."""
    db = db if db is not None else default_database()
    b = np.asarray(boards)
    n = len(b)
    out = np.zeros((n, LONG_ROLLS))
    home = ~b[:, POINTS + 1 :].any(axis=1)
    if home.any():
        out[home, :MAX_ROLLS] = db.dist[index_many(b[home, 1 : POINTS + 1])]
    away = ~home
    if away.any():
        k = keith_count(b[away])
        mean = SLOPE * k + OFFSET
        sd = np.sqrt(VARIANCE * k)
        edges = np.arange(LONG_ROLLS + 1) - 0.5
        cdf = _phi((edges[None, :] - mean[:, None]) / sd[:, None])
        cdf[:, 0] = 0.0
        cdf[:, -1] = 1.0
        out[away] = np.diff(cdf, axis=1)
    return out


def win_probability(me: np.ndarray, them: np.ndarray, db: BearoffDatabase | None = None) -> np.ndarray:
    """The side on roll's chance of winning the race, for (N, 26) boards."""
    da = rolls_distribution(me, db)
    dt = rolls_distribution(them, db)
    at_least = 1.0 - np.concatenate((np.zeros((len(dt), 1)), np.cumsum(dt, axis=1)[:, :-1]), axis=1)
    out: np.ndarray = np.einsum("ij,ij->i", da, at_least)
    return out


def no_contact(me: np.ndarray, them: np.ndarray) -> np.ndarray:
    """Rows where the two sides have passed each other."""
    idx = np.arange(26)
    back_me = np.where(np.asarray(me)[:, 1:] > 0, idx[1:], 0).max(axis=1)
    back_them = np.where(np.asarray(them)[:, 1:] > 0, idx[1:], 0).max(axis=1)
    out: np.ndarray = back_me + back_them <= 25
    return out


def evaluate_boards(evaluate: Evaluator, me: np.ndarray, them: np.ndarray, db: BearoffDatabase | None = None) -> np.ndarray:
    """``evaluate`` (the network, or the network and the database), with the
    winning chance of every race row replaced by :func:`win_probability`;
    the gammon chances stay the network's, capped by the new chances."""
    out = np.array(evaluate(me, them), dtype=np.float64)
    race = no_contact(me, them)
    if race.any():
        win = win_probability(np.asarray(me)[race], np.asarray(them)[race], db)
        rows = out[race]
        rows[:, 0] = win
        rows[:, 1] = np.minimum(rows[:, 1], win)
        rows[:, 2] = np.minimum(rows[:, 2], rows[:, 1])
        rows[:, 3] = np.minimum(rows[:, 3], 1.0 - win)
        rows[:, 4] = np.minimum(rows[:, 4], rows[:, 3])
        out[race] = rows
    return out
