"""Doubling-cube decisions from the network's probabilities.

Money play uses Janowski's live-cube model: the cubeful equity is a blend
``E = (1 - x) * E_dead + x * E_live`` of the cubeless (dead cube) equity and
the equity with a fully live cube, where ``x`` is the cube efficiency (0.76
in contact positions, lower in races).  ``W`` and ``L`` are the average
values of a win and a loss; with a live cube the take point is
``TP = (L - 1/2) / (W + L + x/2)`` and the cash point ``CP = (L + 1) / (W + L + x/2)``.

>>> import numpy as np
>>> should_double(np.array([0.80, 0.10, 0.0, 0.02, 0.0]))   # a strong double ...
True
>>> should_take(np.array([0.80, 0.10, 0.0, 0.02, 0.0]))     # ... and a pass
False
>>> should_double(np.array([0.55, 0.10, 0.0, 0.08, 0.0]))
False

In a match, the decisions that need no estimate come first
(:func:`match_double_rule`, :func:`match_take_rule`,
:func:`match_resignation_rule`: Crawford, a cube that already decides the
match); the others are taken in match-winning chances at the score by
:mod:`engine.ai.matchcube` (the same live-cube model over the match equity
table of :mod:`engine.ai.met`).
"""

from __future__ import annotations

from typing import Any, Mapping, Optional, Tuple

import numpy as np

from .. import checks
from ..errors import ArgumentTypeError

#: the cube efficiency in contact: fitted to GNU Backgammon's cubeful 1-ply
#: decisions (benchmarks/cube_agreement.py) on positions of one seed (7:
#: doubles agreed 90.9% at 0.68, 94.5% at 0.76, the best of 0.56-0.85) and
#: checked on another (1); the probabilities it is applied to already look
#: one roll ahead (:func:`engine.ai.search.before_roll`)
CONTACT_EFFICIENCY = 0.76
RACE_EFFICIENCY = 0.60


def _w_l(probs: np.ndarray) -> Tuple[float, float, float]:
    p = float(probs[0])
    wins = max(p, 1e-6)
    losses = max(1.0 - p, 1e-6)
    w = 1.0 + (float(probs[1]) + float(probs[2])) / wins
    l = 1.0 + (float(probs[3]) + float(probs[4])) / losses
    return p, w, l


def cubeful_equity(probs: np.ndarray, owner: str = "centre", x: float = CONTACT_EFFICIENCY) -> float:
    """Money equity (in units of the current cube) for the side on roll,
    which owns the cube (``'me'``), or doesn't (``'opponent'``), or neither."""
    p, w, l = _w_l(probs)
    dead = p * (w + l) - l
    tp = (l - 0.5) / (w + l + 0.5 * x)
    cp = (l + 1.0) / (w + l + 0.5 * x)
    if owner == "me":
        live = -l + (l + 1.0) * p / cp if p < cp else 1.0 + (w - 1.0) * (p - cp) / (1.0 - cp)
    elif owner == "opponent":
        live = -l + (l - 1.0) * p / tp if p < tp else -1.0 + (w + 1.0) * (p - tp) / (1.0 - tp)
    else:
        if p < tp:
            live = -l + (l - 1.0) * p / tp
        elif p < cp:
            live = -1.0 + 2.0 * (p - tp) / (cp - tp)
        else:
            live = 1.0 + (w - 1.0) * (p - cp) / (1.0 - cp)
    return float((1.0 - x) * dead + x * live)


def efficiency(contact: bool) -> float:
    return CONTACT_EFFICIENCY if contact else RACE_EFFICIENCY


def should_double(probs: np.ndarray, contact: bool = True, owner: str = "centre") -> bool:
    """Double when doubling (the opponent then taking or passing, whichever
    is better for them) beats not doubling."""
    x = efficiency(contact)
    no_double = cubeful_equity(probs, owner, x)
    double_take = 2.0 * cubeful_equity(probs, "opponent", x)
    return min(double_take, 1.0) > no_double


def too_good(probs: np.ndarray) -> bool:
    """Is playing on worth more than the other side's pass (one cube's
    point): the cubeless equity over 1, from the gammons?

    >>> too_good(np.array([0.97, 0.80, 0.10, 0.0, 0.0])), too_good(np.array([0.80, 0.10, 0.0, 0.02, 0.0]))
    (True, False)
    """
    p, w, l = _w_l(probs)
    return p * (w + l) - l > 1.0


def should_take(probs_doubler: np.ndarray, contact: bool = True) -> bool:
    """Take when the doubler's equity after a take is at most what a pass gives him."""
    x = efficiency(contact)
    return 2.0 * cubeful_equity(probs_doubler, "opponent", x) <= 1.0


def match_context(match: Optional[Mapping[str, Any]]) -> Optional[Tuple[bool, int, int]]:
    """``match`` checked: ``(crawford, my_away, their_away)``, or None for
    money play (``None`` or an empty mapping).  Anything else raises the
    engine's own error.

    >>> match_context({"crawford": False, "my_away": 3, "their_away": 5})
    (False, 3, 5)
    >>> match_context(None) is None
    True
    """
    if match is None:
        return None
    if not isinstance(match, Mapping):
        raise ArgumentTypeError(f"match must be a mapping or None, not {type(match).__name__}")
    if not match:
        return None
    crawford = checks.flag(match.get("crawford", False), "match crawford")
    mine = checks.integer(match.get("my_away"), "match my_away", 1)
    theirs = checks.integer(match.get("their_away"), "match their_away", 1)
    return crawford, mine, theirs


def match_double_rule(match: Optional[Mapping[str, Any]], cube_value: int = 1) -> Optional[bool]:
    """Match-play decisions for the side on roll that need no estimate, or
    None where an estimate decides (:func:`engine.ai.matchcube.should_double`).

    ``match``: ``{'crawford': bool, 'my_away': int, 'their_away': int}``;
    ``cube_value``: the cube before the double.

    * No double in the Crawford game.
    * A win at the present cube already takes the match (``cube_value >=
      my_away``): never double.  The other side would take (a pass loses
      it the match, see :func:`match_take_rule`), so a double only doubles
      what a loss costs.
    * A loss at the present cube already loses the match (``cube_value >=
      their_away``): double at once.  The other side's wins are worth the
      match either way, this side's wins count double, and the other side
      never needs the cube back.

    After the Crawford game this is the trailer's double at once and the
    leader's never (both 1-away: no double, the cube is dead).

    >>> match_double_rule({"crawford": False, "my_away": 2, "their_away": 5}, cube_value=2)
    False
    >>> match_double_rule({"crawford": False, "my_away": 5, "their_away": 2}, cube_value=2)
    True
    >>> match_double_rule({"crawford": False, "my_away": 5, "their_away": 4}) is None
    True
    """
    cube_value = checks.integer(cube_value, "cube value", 1)
    context = match_context(match)
    if context is None:
        return None
    crawford, mine, theirs = context
    if crawford or cube_value >= mine:
        return False
    if cube_value >= theirs:
        return True
    return None


def match_take_rule(match: Optional[Mapping[str, Any]], cube_value: int = 1) -> Optional[bool]:
    """For the side doubled (``match`` from its view, ``cube_value`` the
    cube before the double): True where a pass would lose the match
    (``cube_value >= their_away``), so any chance of winning is worth the
    take; else None: an estimate decides (:func:`engine.ai.matchcube.should_take`).

    >>> match_take_rule({"crawford": False, "my_away": 4, "their_away": 2}, cube_value=2)
    True
    >>> match_take_rule({"crawford": False, "my_away": 4, "their_away": 3}, cube_value=2) is None
    True
    """
    return _takes_the_match(match, checks.integer(cube_value, "cube value", 1), 2)


def match_resignation_rule(match: Optional[Mapping[str, Any]], points: int) -> Optional[bool]:
    """For the side offered a resignation worth ``points`` (its multiple
    times the cube): True where those points take the match; else None,
    the money decision.

    >>> match_resignation_rule({"crawford": False, "my_away": 2, "their_away": 5}, points=2)
    True
    """
    return _takes_the_match(match, checks.integer(points, "points", 1), 1)


def _takes_the_match(match: Optional[Mapping[str, Any]], points: int, side: int) -> Optional[bool]:
    """True where ``points`` reach the match for ``side`` (1: the side
    deciding, 2: the other side, as in :func:`match_context`), else None."""
    context = match_context(match)
    return True if context is not None and points >= context[side] else None
