"""Races the computer plays from the bear-off database.

When both sides have every checker on their home points (no contact, nothing
on the bar) the one-sided bear-off database gives each side's distribution
of the rolls it needs, and from the two the chances of the side on roll:
:func:`bearoff_probabilities`.  :func:`rank_bearoff` ranks a roll's plays by
the equity of the position each leaves (the opponent on roll), so the play
chosen is the one that maximises the winning chance, with gammons counted
(a side with all 15 still on the board uses the database's distribution of
the rolls to bear off its first checker).

>>> from engine import Position
>>> pos = Position([0, 0, 0, 0, 0, 1] + [0] * 19, [1] + [0] * 24)
>>> is_bearoff(pos)
True
>>> [round(float(v), 4) for v in bearoff_probabilities(pos)]
[0.75, 0.0, 0.0, 0.0, 0.0]
"""

from __future__ import annotations

from typing import Callable, List, Sequence, Tuple

import numpy as np

from ..kinds import ResignLevel
from ..moves import successors
from ..position import CHECKERS, Play, Position
from .bearoff import POINTS, BearoffDatabase, default_database, index_many

#: (win, gammon win, backgammon win, gammon loss, backgammon loss)
Probabilities = np.ndarray
#: (me, them) boards (N, 26) -> (N, 5) probabilities for the side on roll
Evaluator = Callable[[np.ndarray, np.ndarray], np.ndarray]


def is_bearoff(position: Position) -> bool:
    """Both sides have every checker left on their home points (1..6)."""
    return not any(position.on_roll_counts()[POINTS:]) and not any(position.opponent_counts()[POINTS:])


def _home(side: Sequence[int]) -> Tuple[int, ...]:
    return tuple(side[:POINTS])


def bearoff_probabilities(position: Position, db: BearoffDatabase | None = None) -> Probabilities:
    """The side on roll's five outcome probabilities, before it rolls,
    from the database (``position`` must satisfy :func:`is_bearoff`)."""
    db = db if db is not None else default_database()
    return db.probabilities(_home(position.on_roll_counts()), _home(position.opponent_counts()))


def equity_of(probs: Probabilities) -> float:
    """Cubeless equity of five outcome probabilities."""
    p = probs
    return float(2.0 * p[0] - 1.0 + p[1] - p[3] + p[2] - p[4])


def after_equity(mover: Sequence[int], opponent: Sequence[int], db: BearoffDatabase | None = None) -> float:
    """Equity for the side that has just moved, leaving ``mover`` (its six
    home counts) with ``opponent`` (its six home counts) on roll."""
    db = db if db is not None else default_database()
    if not any(mover):  # borne off: a gammon if the opponent has all 15 left
        return 2.0 if sum(opponent) == CHECKERS else 1.0
    return -equity_of(db.probabilities(opponent, mover))


def rank_bearoff(position: Position, dice: Sequence[int], db: BearoffDatabase | None = None) -> List[Tuple[Play, float]]:
    """Every legal play with the equity it leaves for the mover, best first
    (exact as the database's one-sided distributions make it)."""
    db = db if db is not None else default_database()
    opponent = _home(position.opponent_counts())
    ranked = [(play, after_equity(_home(after.on_roll_counts()), opponent, db)) for play, after in successors(position, dice)]
    ranked.sort(key=lambda t: -t[1])
    return ranked



def without_impossible(position: Position, probs: Probabilities) -> Probabilities:
    """``probs`` (the side on roll's) with the outcomes that the board rules
    out set to zero: no gammon against a side that has borne a checker off,
    and, once there is no contact, no backgammon against a side with no
    checker on the bar or in the other side's home board.

    >>> pos = Position([0] * 12 + [15] + [0] * 12, [1] + [0] * 24)
    >>> without_impossible(pos, np.array([0.0, 0.0, 0.0, 0.99, 0.03])).tolist()
    [0.0, 0.0, 0.0, 0.99, 0.0]
    """
    out = np.array(probs, dtype=float)
    me, them = position.on_roll_counts(), position.opponent_counts()
    if position.borne_off[1]:
        out[1] = out[2] = 0.0
    if position.borne_off[0]:
        out[3] = out[4] = 0.0
    if not position.is_contact():
        if not any(them[18:]):
            out[2] = 0.0
        if not any(me[18:]):
            out[4] = 0.0
    return out


#: how sure the network must be before the computer offers to resign
#: (the database's probabilities are exact: it uses EXACT there)
RESIGN_THRESHOLD = 0.002
EXACT = 1e-9


def resignation_level(probs: Probabilities, exact: bool = False) -> ResignLevel | None:
    """The resignation to offer from the side on roll's five probabilities:
    when it cannot win, the level of the loss it is sure of ('single',
    'gammon', 'backgammon'), or None while it may still win or the size of
    its loss is uncertain.

    >>> resignation_level(np.array([0.0, 0.0, 0.0, 0.0, 0.0]), exact=True)
    'single'
    >>> resignation_level(np.array([0.0, 0.0, 0.0, 1.0, 0.0]), exact=True)
    'gammon'
    >>> resignation_level(np.array([0.0, 0.0, 0.0, 0.4, 0.0]), exact=True) is None
    True
    >>> resignation_level(np.array([0.01, 0.0, 0.0, 0.0, 0.0])) is None
    True
    """
    eps = EXACT if exact else RESIGN_THRESHOLD
    win, lose_g, lose_bg = float(probs[0]), float(probs[3]), float(probs[4])
    if win > eps:
        return None
    if lose_g <= eps:
        return ResignLevel.SINGLE
    if lose_g >= 1.0 - win - eps and lose_bg <= eps:
        return ResignLevel.GAMMON
    if lose_bg >= 1.0 - win - eps:
        return ResignLevel.BACKGAMMON
    return None


def evaluate_boards(evaluate: Evaluator, me: np.ndarray, them: np.ndarray, db: BearoffDatabase | None = None) -> np.ndarray:
    """An evaluator (see :mod:`engine.ai.search`) that answers from the
    database for the rows where both sides are all at home, and asks
    ``evaluate`` (the network) for the others.  ``me``, ``them``: (N, 26)
    boards, each in its own numbering, the side on roll first."""
    home = ~np.asarray(me)[:, POINTS + 1 :].any(axis=1) & ~np.asarray(them)[:, POINTS + 1 :].any(axis=1)
    if not home.any():
        return evaluate(me, them)
    db = db if db is not None else default_database()
    out = np.empty((len(me), 5), dtype=np.float64)
    rest = ~home
    if rest.any():
        out[rest] = evaluate(me[rest], them[rest])
    a = index_many(np.asarray(me)[home, 1 : POINTS + 1])
    b = index_many(np.asarray(them)[home, 1 : POINTS + 1])
    out[home] = db.probabilities_many(a, b)
    return out
