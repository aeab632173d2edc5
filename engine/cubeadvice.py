"""Cube advice: what the computer's own cube would do, with its figures.

For the side on roll before its roll: the three cubeful figures *no double*,
*double, take* and *double, pass*, and the proper action (no double,
double/take, double/pass, too good).  For the side answering a double: *take*
and *pass*, and the proper answer.  Money play gives cubeful equities in units
of the cube before the double; a match gives match-winning chances (MWC) at the
score with their equity form (:func:`engine.ai.matchcube.to_equity`: -1 a loss
of the cube's points, +1 a win), as GNU Backgammon shows them.

There is one cube model: the figures are those the computer plays with and the
review rates with (:mod:`engine.ai.cube` for money, :mod:`engine.ai.matchcube`
at a score, over the expert's one-roll-deep probabilities), and the proper
action is taken by the same decisions as the bots' ``should_double`` and
``should_take``, the match rules first (the Crawford game, a cube that already
wins or loses the match: ``score_decides``).

>>> from engine import FixedDice, Match
>>> m = Match(length=5, cube=True, dice=FixedDice([3, 1]))
>>> _ = m.game.roll(); m.game.play_text('8/5 6/5')
>>> advice = cube_advice(m)
>>> advice.answering, [f.action.value for f in advice.figures]
(False, ['no double', 'double, take', 'double, pass'])
>>> advice.proper, advice.in_match
(<CubeAction.NO_DOUBLE: 'no double'>, True)
>>> m.game.double()
>>> [f.action.value for f in cube_advice(m).figures], cube_advice(m).proper.value
(['take', 'pass'], 'take')

A question no cube decision is due for, or a bad argument, raises the engine's
own errors:

>>> cube_advice(Match())
Traceback (most recent call last):
...
engine.errors.GameStateError: no cube decision is due now (phase 'opening')
>>> CubeQuestion(Position.initial(), cube_value=3)
Traceback (most recent call last):
...
engine.errors.InvalidArgumentError: cube value must be a power of 2 from 1 to 32 (at 64 it is not turned again), got 3
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, Optional, Tuple, Union

import numpy as np

from . import checks
from .ai import cube, matchcube
from .ai.protocol import MatchContext
from .errors import ArgumentTypeError, GameStateError, InvalidArgumentError
from .game import Game
from .kinds import Phase
from .match import Match
from .position import Position, check_position

__all__ = ["CubeAction", "CubeFigure", "CubeAdvice", "CubeQuestion", "cube_question", "advise", "cube_advice"]

_OWNERS = ("centre", "me", "opponent")
_CUBES = tuple(2 ** i for i in range(6))  # 1 .. 32: the cube at 64 is not turned again
#: a score from the side deciding: (crawford, my_away, their_away)
Score = Tuple[bool, int, int]


class CubeAction(str, Enum):
    """A cube action: the figures' names and the proper actions."""

    NO_DOUBLE = "no double"
    DOUBLE_TAKE = "double, take"
    DOUBLE_PASS = "double, pass"
    #: no double: playing on beats the other side's pass
    TOO_GOOD = "too good"
    TAKE = "take"
    PASS = "pass"

    def __str__(self) -> str:
        return str.__str__(self)


@dataclass(frozen=True)
class CubeFigure:
    """One action's value for the side deciding: ``equity`` (money: cubeful
    equity; a match: the MWC as equity) and ``mwc`` (a match; None for money)."""

    action: CubeAction
    equity: float
    mwc: Optional[float] = None


@dataclass(frozen=True)
class CubeQuestion:
    """A cube decision: ``position`` from the side on roll (the doubler, also
    when ``answering``: the other side answers its double), the cube before
    the double, its owner from the side on roll, and ``score`` (crawford,
    my_away, their_away) from the side deciding (None: money play)."""

    position: Position
    answering: bool = False
    cube_value: int = 1
    owner: str = "centre"
    score: Optional[Score] = None

    def __post_init__(self) -> None:
        check_position(self.position)
        checks.flag(self.answering, "answering")
        value = checks.integer(self.cube_value, "cube value", 1)
        if value not in _CUBES:
            raise InvalidArgumentError(f"cube value must be a power of 2 from 1 to 32 (at 64 it is not turned again), got {value}")
        checks.choice(self.owner, "owner", _OWNERS)
        if self.score is not None:
            if not isinstance(self.score, tuple) or len(self.score) != 3:
                raise ArgumentTypeError(f"score must be (crawford, my_away, their_away) or None, not {type(self.score).__name__}")
            checks.flag(self.score[0], "score crawford")
            checks.integer(self.score[1], "score my_away", 1)
            checks.integer(self.score[2], "score their_away", 1)
            if self.score[0]:
                raise InvalidArgumentError("no cube decision in the Crawford game")
        if self.owner == "opponent":
            raise InvalidArgumentError("the side on roll may not double the other side's cube")

    @property
    def match(self) -> Optional[MatchContext]:
        """The score as the bots take it (from the side deciding); None for money."""
        if self.score is None:
            return None
        return MatchContext(crawford=bool(self.score[0]), my_away=self.score[1], their_away=self.score[2])

    @property
    def doubler_match(self) -> Optional[MatchContext]:
        """The score from the side on roll (the doubler)."""
        if self.score is None or not self.answering:
            return self.match
        return MatchContext(crawford=bool(self.score[0]), my_away=self.score[2], their_away=self.score[1])


@dataclass(frozen=True)
class CubeAdvice:
    """The figures of a cube decision for the side deciding, and its proper action.

    ``figures``: (no double, double take, double pass) before the roll, (take,
    pass) when ``answering``; ``proper``: NO_DOUBLE, DOUBLE_TAKE, DOUBLE_PASS
    or TOO_GOOD, or TAKE or PASS; ``score_decides``: the match score alone
    decides (the figures are still the model's)."""

    answering: bool
    figures: Tuple[CubeFigure, ...]
    proper: CubeAction
    cube_value: int = 1
    score: Optional[Score] = None
    score_decides: bool = False

    @property
    def in_match(self) -> bool:
        return self.score is not None

    def figure(self, action: CubeAction) -> CubeFigure:
        """The figure of ``action`` (TOO_GOOD: no double's)."""
        wanted = CubeAction.NO_DOUBLE if action is CubeAction.TOO_GOOD else action
        for f in self.figures:
            if f.action is wanted:
                return f
        raise InvalidArgumentError(f"no figure for {action.value!r} in this advice")

    @property
    def best(self) -> CubeFigure:
        """The figure of the proper action."""
        return self.figure(self.proper)

    @property
    def double(self) -> float:
        """The double's value for the doubler: the other side's better answer (its lower figure)."""
        if self.answering:
            raise GameStateError("the double is already offered: take or pass")
        return min(self.figure(CubeAction.DOUBLE_TAKE).equity, self.figure(CubeAction.DOUBLE_PASS).equity)


# -- the question, from a game ------------------------------------------------------------
def cube_question(state: Union[Match, Game]) -> CubeQuestion:
    """The cube decision due in ``state`` (a :class:`~engine.Match`, or a
    :class:`~engine.Game` of money play): the side on roll's double before its
    roll, or the other side's answer to it.  :class:`GameStateError` where
    none is due (the opening, a turn being played, the Crawford game, the
    other side's cube, the cube at 64, a game with no cube)."""
    if isinstance(state, Match):
        game, match = state.game, state
    elif isinstance(state, Game):
        game, match = state, None
    else:
        raise ArgumentTypeError(f"state must be a Match or a Game, not {type(state).__name__}")
    answering = game.phase == Phase.DOUBLED
    if not (answering or game.can_double()):
        raise GameStateError(f"no cube decision is due now (phase {game.phase.value!r})")
    owner = "centre" if game.cube_owner is None else "me" if game.cube_owner == game.turn else "opponent"
    score: Optional[Score] = None
    if match is not None and match.length > 1:
        me = game.to_act
        score = (game.crawford, match.away(me), match.away(1 - me))
    return CubeQuestion(game.position, answering, game.cube_value, owner, score)


# -- the answer ------------------------------------------------------------------------------
def _probs(bot: Any, position: Position) -> np.ndarray:
    """The doubler's five probabilities before its roll, as the bot's cube sees them."""
    before_roll = getattr(bot, "evaluate_before_roll", None)
    evaluate = before_roll if before_roll is not None else getattr(bot, "evaluate", None)
    if evaluate is None:
        raise ArgumentTypeError(f"bot must evaluate positions (evaluate_before_roll or evaluate), not {type(bot).__name__}")
    return np.asarray(evaluate(position), dtype=float)


def _doubler_figures(probs: np.ndarray, q: CubeQuestion) -> Tuple[CubeFigure, CubeFigure, CubeFigure]:
    """(no double, double take, double pass) for the side on roll."""
    match, contact = q.doubler_match, q.position.is_contact()
    if match is None:
        x = cube.efficiency(contact)
        nd, take, pass_ = cube.cubeful_equity(probs, q.owner, x), 2.0 * cube.cubeful_equity(probs, "opponent", x), 1.0
        return (CubeFigure(CubeAction.NO_DOUBLE, float(nd)), CubeFigure(CubeAction.DOUBLE_TAKE, float(take)),
                CubeFigure(CubeAction.DOUBLE_PASS, pass_))

    def figure(action: CubeAction, mwc: float) -> CubeFigure:
        return CubeFigure(action, float(matchcube.to_equity(mwc, match, q.cube_value)), float(mwc))

    nd_mwc, take_mwc, pass_mwc = matchcube.double_values(probs, match, q.cube_value, q.owner, contact)
    return figure(CubeAction.NO_DOUBLE, nd_mwc), figure(CubeAction.DOUBLE_TAKE, take_mwc), figure(CubeAction.DOUBLE_PASS, pass_mwc)


def _takes(probs: np.ndarray, q: CubeQuestion, taker: Optional[MatchContext]) -> bool:
    """The bots' ``should_take`` on these probabilities (``taker``: the score from the side doubled)."""
    contact = q.position.is_contact()
    if cube.match_take_rule(taker, q.cube_value):
        return True
    if taker is not None:
        return matchcube.should_take(probs, taker, q.cube_value, contact)
    return cube.should_take(probs, contact=contact)


def _doubles(probs: np.ndarray, q: CubeQuestion) -> bool:
    """The bots' ``should_double`` on these probabilities."""
    match, contact = q.doubler_match, q.position.is_contact()
    rule = cube.match_double_rule(match, q.cube_value)
    if q.owner == "opponent" or rule is False:
        return False
    if match is not None:
        return matchcube.should_double(probs, match, q.cube_value, q.owner, contact)
    return cube.should_double(probs, contact=contact, owner=q.owner)


def _taker_match(q: CubeQuestion) -> Optional[MatchContext]:
    """The score from the side that would answer the double."""
    m = q.doubler_match
    return None if m is None else MatchContext(crawford=m["crawford"], my_away=m["their_away"], their_away=m["my_away"])


def advise(question: CubeQuestion, bot: Any = None) -> CubeAdvice:
    """The figures and the proper action of ``question`` by ``bot``'s
    probabilities (the expert's by default: one roll deep, as its cube)."""
    if not isinstance(question, CubeQuestion):
        raise ArgumentTypeError(f"question must be a CubeQuestion, not {type(question).__name__}")
    if bot is None:
        from .ai.bots import get_bot

        bot = get_bot("expert")
    q = question
    probs = _probs(bot, q.position)
    taker = _taker_match(q)
    takes = _takes(probs, q, taker)
    if q.answering:
        nd, take, pass_ = _doubler_figures(probs, q)
        figures: Tuple[CubeFigure, ...] = (_answer(take, CubeAction.TAKE, q, taker), _answer(pass_, CubeAction.PASS, q, taker))
        decides = taker is not None and cube.match_take_rule(taker, q.cube_value) is not None
        proper = CubeAction.TAKE if takes else CubeAction.PASS
    else:
        figures = _doubler_figures(probs, q)
        decides = q.score is not None and cube.match_double_rule(q.match, q.cube_value) is not None
        if _doubles(probs, q):
            proper = CubeAction.DOUBLE_TAKE if takes else CubeAction.DOUBLE_PASS
        else:
            proper = CubeAction.TOO_GOOD if figures[0].equity > figures[2].equity else CubeAction.NO_DOUBLE
    return CubeAdvice(q.answering, figures, proper, q.cube_value, q.score, decides)


def _answer(doubler: CubeFigure, action: CubeAction, q: CubeQuestion, taker: Optional[MatchContext]) -> CubeFigure:
    """The doubler's figure of a take or a pass, as the side doubled's."""
    if doubler.mwc is None or taker is None:
        return CubeFigure(action, -doubler.equity)
    mwc = 1.0 - doubler.mwc
    return CubeFigure(action, float(matchcube.to_equity(mwc, taker, q.cube_value)), mwc)


def cube_advice(state: Union[Match, Game], bot: Any = None) -> CubeAdvice:
    """The cube advice for the decision due in ``state`` (see
    :func:`cube_question` and :func:`advise`)."""
    return advise(cube_question(state), bot)
