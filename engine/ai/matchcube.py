"""The cube at the match score: double, take and too good in match-winning
chances (MWC), from the match equity table (:mod:`engine.ai.met`).

``probs`` are the five cubeless probabilities of the side on roll (win, win
a gammon, win a backgammon, lose a gammon, lose a backgammon; gammons count
backgammons too, as the network gives them).  ``match`` is the score from
the side deciding (``{'crawford': bool, 'my_away': int, 'their_away': int}``,
see :func:`engine.ai.cube.match_context`).  An outcome worth ``k`` points at
cube ``c`` moves the winner ``k * c`` points closer; a side that gets there
has won the match (MWC 1 or 0); otherwise the table gives the MWC of the
new score (after the Crawford game's column once a side is 1-away and the
Crawford game is this one or behind).

The model is GNU Backgammon's match play version of Janowski's:

* dead cube: the sum over the outcomes of each one's chance times the MWC
  after it;
* live cube: piecewise linear in the win chance ``p`` through ``(0, L)``,
  ``(TP, lose c)``, ``(CP, win c)`` and ``(1, W)``: ``L`` and ``W`` a loss
  and a win at cube ``c`` weighted by the position's gammon ratios; ``CP``
  the side's cash point (where the other side's take at ``2c`` and its pass
  are worth the same), ``TP`` one less the other side's cash point; a point
  is left out where that side may not double (its cube, the Crawford game,
  or a cube whose win already takes the match).  A cash point counts the
  taker's redouble: its own cash point at ``2c`` where that cube is alive
  for it, else the take of a dead cube;
* cubeful: ``(1 - x) dead + x live``, ``x`` the cube efficiency of money
  play (:func:`engine.ai.cube.efficiency`: 0.76 in contact, 0.60 in races).

Double where the worse of double-take and double-pass beats no double; take
where the doubler's MWC after the take is at most what the pass gives him;
too good where playing on beats the other side's pass.  The decisions that
need no estimate come first (:func:`~engine.ai.cube.match_double_rule`,
:func:`~engine.ai.cube.match_take_rule`).

At 2-away each the cube at 2 decides the match, so the taker needs the
table's 2-away against 1-away (Crawford), 32.3%; with no gammons the
doubler doubles with any edge (the cube is worth more to whoever turns it
first):

>>> score = {"crawford": False, "my_away": 2, "their_away": 2}
>>> should_take(np.array([0.67, 0.0, 0.0, 0.0, 0.0]), score), should_take(np.array([0.69, 0.0, 0.0, 0.0, 0.0]), score)
(True, False)
>>> should_double(np.array([0.55, 0.0, 0.0, 0.0, 0.0]), score), should_double(np.array([0.45, 0.0, 0.0, 0.0, 0.0]), score)
(True, False)
"""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple, Optional, Tuple

import numpy as np

from .. import checks
from ..errors import InvalidArgumentError
from . import cube, met

_OWNERS = ("centre", "me", "opponent")
#: (gammon, backgammon) shares of a side's wins: gammons not backgammons, backgammons
Ratios = Tuple[float, float]


class _Score(NamedTuple):
    """A score from one side: its away count, the other's, and whether the
    next game after this one is played after the Crawford game."""

    mine: int
    theirs: int
    post_next: bool

    def after(self, won: int, lost: int) -> float:
        """MWC once this side has won ``won`` points and lost ``lost``."""
        return met.equity(self.mine - won, self.theirs - lost, self.post_next)

    def swapped(self) -> "_Score":
        return _Score(self.theirs, self.mine, self.post_next)


def _score(match: Optional[Mapping[str, Any]]) -> Tuple[bool, _Score]:
    """(crawford, the score) from ``match``, checked; money play is refused."""
    context = cube.match_context(match)
    if context is None:
        raise InvalidArgumentError("a match score is needed (money play: engine.ai.cube)")
    crawford, mine, theirs = context
    # the Crawford game is this one, or behind where a side is 1-away already
    return crawford, _Score(mine, theirs, crawford or min(mine, theirs) == 1)


def _ratios(probs: np.ndarray) -> Tuple[float, Ratios, Ratios]:
    """``p`` and each side's (gammon, backgammon) shares of its wins."""
    p = float(probs[0])
    wg, wbg, lg, lbg = (float(probs[i]) for i in (1, 2, 3, 4))
    mine = ((wg - wbg) / p, wbg / p) if p > 0.0 else (0.0, 0.0)
    theirs = ((lg - lbg) / (1.0 - p), lbg / (1.0 - p)) if p < 1.0 else (0.0, 0.0)
    return p, mine, theirs


def _win(score: _Score, ratios: Ratios, points: int) -> float:
    """MWC of a win at cube ``points``, each kind of win by its share."""
    g, bg = ratios
    return (1.0 - g - bg) * score.after(points, 0) + g * score.after(2 * points, 0) + bg * score.after(3 * points, 0)


def _loss(score: _Score, ratios: Ratios, points: int) -> float:
    """MWC of a loss at cube ``points`` (``ratios``: the winner's shares)."""
    g, bg = ratios
    return (1.0 - g - bg) * score.after(0, points) + g * score.after(0, 2 * points) + bg * score.after(0, 3 * points)


def _cash_point(score: _Score, doubler: Ratios, taker: Ratios, cube_value: int) -> float:
    """The doubler's win chance (``score`` from the doubler, ``doubler`` and
    ``taker`` the gammon shares of each side's wins) where the taker's take
    at ``2 * cube_value`` and its pass are worth the same.  Where the taker's
    cube at 2c is alive (its win at 2c does not take the match) it redoubles
    at its own cash point, which the doubler then passes."""
    pass_ = score.after(cube_value, 0)
    take_win = _win(score, doubler, 2 * cube_value)
    if 2 * cube_value < score.theirs:
        theirs = _cash_point(score.swapped(), taker, doubler, 2 * cube_value)
        redouble_pass = score.after(0, 2 * cube_value)
        span = take_win - redouble_pass
        point = 1.0 - theirs * (take_win - pass_) / span if span > 1e-12 else 1.0
    else:
        take_loss = _loss(score, taker, 2 * cube_value)
        span = take_loss - take_win
        point = (take_loss - pass_) / span if abs(span) > 1e-12 else 1.0
    return min(1.0, max(0.0, point))


def _may_double(crawford: bool, away: int, cube_value: int) -> bool:
    """May a side double usefully: not in the Crawford game, and its win at
    the present cube does not already take the match."""
    return not crawford and cube_value < away


def dead_mwc(probs: np.ndarray, match: Optional[Mapping[str, Any]], cube_value: int = 1) -> float:
    """MWC of the side on roll if the cube never moves again.

    >>> dead_mwc(np.array([0.5, 0.0, 0.0, 0.0, 0.0]), {"crawford": False, "my_away": 1, "their_away": 1})
    0.5
    """
    _, score = _score(match)
    value = checks.integer(cube_value, "cube value", 1)
    p, mine, theirs = _ratios(np.asarray(probs, dtype=float))
    return p * _win(score, mine, value) + (1.0 - p) * _loss(score, theirs, value)


def cubeful_mwc(probs: np.ndarray, match: Optional[Mapping[str, Any]], cube_value: int = 1,
                owner: str = "centre", contact: bool = True) -> float:
    """MWC of the side on roll (before it rolls) with the cube at
    ``cube_value``, owned by ``owner`` ('centre', 'me' or 'opponent')."""
    crawford, score = _score(match)
    value = checks.integer(cube_value, "cube value", 1)
    checks.choice(owner, "owner", _OWNERS)
    p, mine, theirs = _ratios(np.asarray(probs, dtype=float))
    lose, win = _loss(score, theirs, value), _win(score, mine, value)
    dead = p * win + (1.0 - p) * lose
    my_cash = score.after(value, 0)
    their_cash = score.after(0, value)
    top: Optional[float] = None  # my cash point
    bottom: Optional[float] = None  # my take point: one less the other side's cash point
    if owner != "opponent" and _may_double(crawford, score.mine, value):
        top = _cash_point(score, mine, theirs, value)
    if owner != "me" and _may_double(crawford, score.theirs, value):
        bottom = 1.0 - _cash_point(score.swapped(), theirs, mine, value)
    if bottom is not None and p <= bottom:
        live = lose + (their_cash - lose) * p / bottom if bottom > 0.0 else lose
    elif top is not None and p >= top:
        live = my_cash + (win - my_cash) * (p - top) / (1.0 - top) if top < 1.0 else my_cash
    else:
        x0, y0 = (bottom, their_cash) if bottom is not None else (0.0, lose)
        x1, y1 = (top, my_cash) if top is not None else (1.0, win)
        live = y0 + (y1 - y0) * (p - x0) / (x1 - x0) if x1 > x0 else y0
    x = cube.efficiency(checks.flag(contact, "contact"))
    return float((1.0 - x) * dead + x * live)


def double_values(probs: np.ndarray, match: Optional[Mapping[str, Any]], cube_value: int = 1,
                  owner: str = "centre", contact: bool = True) -> Tuple[float, float, float]:
    """(no double, double and take, double and pass): the MWC of the side on roll."""
    _, score = _score(match)
    value = checks.integer(cube_value, "cube value", 1)
    no_double = cubeful_mwc(probs, match, value, owner, contact)
    take = cubeful_mwc(probs, match, 2 * value, "opponent", contact)
    return no_double, take, score.after(value, 0)


def take_values(probs_doubler: np.ndarray, match: Optional[Mapping[str, Any]], cube_value: int = 1,
                contact: bool = True) -> Tuple[float, float]:
    """(take, pass): the MWC of the side doubled; ``probs_doubler`` are the
    doubler's (on roll), ``match`` is seen from the side doubled."""
    crawford, score = _score(match)
    doubler = {"crawford": crawford, "my_away": score.theirs, "their_away": score.mine}
    _, take, pass_ = double_values(probs_doubler, doubler, cube_value, "centre", contact)
    return 1.0 - take, 1.0 - pass_


def should_double(probs: np.ndarray, match: Optional[Mapping[str, Any]], cube_value: int = 1,
                  owner: str = "centre", contact: bool = True) -> bool:
    """Should the side on roll double?  Never with the other side's cube,
    nor where :func:`~engine.ai.cube.match_double_rule` says no; at once
    where it says so, unless too good; else where the worse of double-take
    and double-pass beats no double."""
    checks.choice(owner, "owner", _OWNERS)
    rule = cube.match_double_rule(match, cube_value)
    if owner == "opponent" or rule is False:
        return False
    if rule:
        return not too_good(probs, match, cube_value, owner, contact)
    no_double, take, pass_ = double_values(probs, match, cube_value, owner, contact)
    return min(take, pass_) > no_double


def should_take(probs_doubler: np.ndarray, match: Optional[Mapping[str, Any]], cube_value: int = 1, contact: bool = True) -> bool:
    """Should the side doubled (``match`` from its view; ``probs_doubler``
    the doubler's) take?  Always where a pass loses the match
    (:func:`~engine.ai.cube.match_take_rule`), else where the take is worth
    at least the pass."""
    if cube.match_take_rule(match, cube_value):
        return True
    take, pass_ = take_values(probs_doubler, match, cube_value, contact)
    return take >= pass_


def too_good(probs: np.ndarray, match: Optional[Mapping[str, Any]], cube_value: int = 1,
             owner: str = "centre", contact: bool = True) -> bool:
    """Is playing on (no double) worth more than the other side's pass?"""
    no_double, _, pass_ = double_values(probs, match, cube_value, owner, contact)
    return no_double > pass_


def to_equity(mwc: float, match: Optional[Mapping[str, Any]], cube_value: int = 1) -> float:
    """An MWC as equity in units of the cube, the way review programs show
    match decisions (GNU Backgammon's "normalized" equity): -1 at a loss of
    ``cube_value`` points, +1 at a win of them, linear between and beyond.
    So a difference of MWC becomes one of equity: the loss of a decision.

    >>> score = {"crawford": False, "my_away": 3, "their_away": 3}
    >>> round(to_equity(met.equity(2, 3), score), 9), round(to_equity(0.5, score), 9)
    (1.0, 0.0)
    """
    _, score = _score(match)
    value = checks.integer(cube_value, "cube value", 1)
    win, lose = score.after(value, 0), score.after(0, value)
    return 2.0 * (mwc - lose) / (win - lose) - 1.0 if win > lose else 0.0
