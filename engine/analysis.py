"""Rate every decision of a match, as review programs do.

:func:`analyse_match` replays each game's log and asks the expert computer
player (only through its public methods) about every decision:

* a play: every legal play ranked by ``get_bot('expert').rank_plays``; the
  ``loss`` is the equity the play made gives up against the best one;
* the cube: the cube model the computer plays with rates each double,
  take and drop, and each turn where a double was right but not given (a
  missed double): for money (and a single game) the money model
  (:mod:`engine.ai.cube`, Janowski's live cube); in a match the same in
  match-winning chances at the score (:mod:`engine.ai.matchcube`), its loss
  turned into equity in units of the cube as review programs show it
  (:func:`engine.ai.matchcube.to_equity`: a loss of the cube's points is
  -1, a win +1).  Cube decisions in the Crawford game are not rated, nor
  those that the score alone decides (a cube that already wins or loses the
  match, and after the Crawford game every double and the trailer's take,
  see :func:`engine.ai.cube.match_double_rule`); after the Crawford game
  the leader's take or drop is rated (the free drop);
* ``luck``: how much better this roll was than the average roll, in equity
  for the player who rolled: the network's value of the best play with this
  roll less the average of that over the 36 rolls (the expert's value of
  the position before the roll, one roll deep), so luck averages to zero;
* the cube decisions and ``win`` use that one-roll-deep value too, as the
  expert's own cube does;
* ``win``: player 0's chance of winning the game before the decision.

Equities are cubeless and per unit of the cube (the cube's value is not
multiplied in).  Labels follow the losses: doubtful from 0.04, bad from
0.08, very bad from 0.16.  Per player, the error rate is the average loss per
unforced decision, times 1000: millipoints of equity per decision (mEMG), as
GNU Backgammon gives it, with GNU Backgammon's rating word for it
(:func:`rating_for`).

>>> from engine import FixedDice, Match
>>> m = Match(dice=FixedDice([3, 1]))
>>> _ = m.game.roll(); m.game.play_text('24/21 24/23')      # instead of 8/5 6/5
>>> a = analyse_match(m)
>>> d = a.decisions[0]
>>> d.played, d.best, d.label
('24/21 24/23', '8/5 6/5', <Label.VERY_BAD: 'very bad'>)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, Callable, Dict, Iterator, List, Mapping, Optional, Sequence, Tuple

import numpy as np

from .game import Game
from .match import Match
from .notation import format_play, parse_play
from .position import Play, Position

#: (equity lost from, label) from the worst down
THRESHOLDS = ((0.16, "very bad"), (0.08, "bad"), (0.04, "doubtful"))
_MAX_CUBE = 64


class Label(str, Enum):
    """How bad a decision was."""

    NONE = "none"
    DOUBTFUL = "doubtful"
    BAD = "bad"
    VERY_BAD = "very bad"


class Rating(str, Enum):
    """GNU Backgammon's rating of a player's error rate per decision."""

    SUPERNATURAL = "supernatural"
    WORLD_CLASS = "world class"
    EXPERT = "expert"
    ADVANCED = "advanced"
    INTERMEDIATE = "intermediate"
    CASUAL = "casual player"
    BEGINNER = "beginner"
    AWFUL = "awful"


#: (error rate per decision in millipoints below which, rating), from the best down (GNU Backgammon's scale)
RATINGS = ((2.0, Rating.SUPERNATURAL), (5.0, Rating.WORLD_CLASS), (8.0, Rating.EXPERT), (12.0, Rating.ADVANCED),
           (18.0, Rating.INTERMEDIATE), (26.0, Rating.CASUAL), (35.0, Rating.BEGINNER))


def rating_for(error_rate: float) -> Rating:
    """The rating of an error rate per decision in millipoints (mEMG).

    >>> [rating_for(x).value for x in (0.0, 2.0, 4.9, 7.9, 11.9, 17.9, 25.9, 34.9, 35.0, 203.0)]
    ['supernatural', 'world class', 'world class', 'expert', 'advanced', 'intermediate', 'casual player', 'beginner', 'awful', 'awful']
    """
    for bound, rating in RATINGS:
        if error_rate < bound:
            return rating
    return Rating.AWFUL


class Kind(str, Enum):
    """What was decided."""

    MOVE = "move"
    DOUBLE = "double"
    NO_DOUBLE = "no double"
    TAKE = "take"
    DROP = "drop"


def label_for(loss: float) -> Label:
    """The label of a loss in equity.

    >>> [label_for(x).value for x in (0.0, 0.05, 0.1, 0.3)]
    ['none', 'doubtful', 'bad', 'very bad']
    """
    for threshold, name in THRESHOLDS:
        if loss >= threshold:
            return Label(name)
    return Label.NONE


@dataclass(frozen=True)
class Decision:
    """One decision of one player.  ``game`` counts from 1; ``entry`` is the
    index of the decision's line in that game's log; ``position`` is the
    board before the decision, seen from ``player``; ``played`` and ``best``
    are notation for plays (``''`` for no play) and the cube action's name
    (a :class:`Kind` value) for cube decisions; ``played_play`` and
    ``best_play`` are the plays themselves (None for cube decisions)."""

    game: int
    entry: int
    player: int
    kind: Kind
    position: Position
    dice: Optional[Tuple[int, int]]
    played: str
    best: str
    loss: float
    label: Label
    luck: float = 0.0
    forced: bool = False
    win: float = 0.5
    cube_value: int = 1
    played_play: Optional[Play] = None
    best_play: Optional[Play] = None
    #: who owned the cube (None: centred)
    cube_owner: Optional[int] = None

    @property
    def mistake(self) -> bool:
        return self.label is not Label.NONE


@dataclass(frozen=True)
class PlayerSummary:
    """One player's figures: ``decisions`` unforced decisions, ``error_rate``
    the average loss per unforced decision times 1000 (mEMG), ``labels`` the count of
    each label (of every decision), ``luck`` the total luck."""

    player: int
    decisions: int
    error_rate: float
    labels: Dict[Label, int]
    luck: float
    total_loss: float

    @property
    def rating(self) -> Optional[Rating]:
        """The rating of the error rate (None: no decision with a choice to rate)."""
        return rating_for(self.error_rate) if self.decisions else None


@dataclass(frozen=True)
class MatchAnalysis:
    """Every decision in order, and each player's summary."""

    decisions: Tuple[Decision, ...]
    players: Tuple[PlayerSummary, PlayerSummary]

    def mistakes(self) -> List[int]:
        """Indices (in :attr:`decisions`) of the decisions labelled doubtful or worse."""
        return [i for i, d in enumerate(self.decisions) if d.mistake]


def summarise(decisions: Sequence[Decision], player: int) -> PlayerSummary:
    """The summary of ``player``'s decisions."""
    mine = [d for d in decisions if d.player == player]
    unforced = [d for d in mine if not d.forced]
    total = sum(d.loss for d in unforced)
    labels = {label: sum(1 for d in mine if d.label is label) for label in Label}
    luck = sum(d.luck for d in mine)
    rate = 1000.0 * total / len(unforced) if unforced else 0.0
    return PlayerSummary(player, len(unforced), rate, labels, luck, total)


# -- the expert's answers, through the public bot API ---------------------------------
class Judge:
    """The expert's ranking, the network's value and the cube model."""

    def __init__(self, bot: Any = None, static: Any = None):
        from .ai.bots import NetBot, get_bot

        def network_bot(level: str) -> NetBot:
            made = get_bot(level)
            assert isinstance(made, NetBot)  # every level but 'random'
            return made

        self.bot = bot if bot is not None else network_bot("expert")
        self.static = static if static is not None else network_bot("intermediate")

    def probs(self, position: Position) -> np.ndarray:
        """The five outcome probabilities for the side on roll, before rolling:
        one roll deep where the bot offers it (the expert's
        ``evaluate_before_roll``, so a roll's luck averages to zero over the
        21 rolls), else its ``evaluate``."""
        before_roll = getattr(self.bot, "evaluate_before_roll", None)
        probs = before_roll(position) if before_roll is not None else self.bot.evaluate(position)
        return np.asarray(probs, dtype=float)

    def equity(self, position: Position) -> float:
        from .ai.network import equity

        return float(equity(self.probs(position)))

    def static_best(self, position: Position, dice: Tuple[int, int]) -> float:
        """The mover's 0-ply equity after its best play with ``dice``; when
        it has none, the other side's on roll on the same boards, negated.
        Its average over the 36 rolls is :meth:`equity` (for the expert)."""
        ranked = self.static.rank_plays(position, dice)
        if ranked:
            return float(ranked[0][1])
        from .ai.network import equity

        return -float(equity(self.static.evaluate(position.swapped())))

    def cube_values(self, position: Position, owner: str, match: Optional[Mapping[str, Any]] = None,
                    cube_value: int = 1) -> Tuple[float, float]:
        """(no double, double) for the side on roll; the double is valued by
        the opponent's better answer (take or pass).  In a match (``match``
        from the side on roll, ``cube_value`` the cube before the double) in
        match-winning chances, as equity (:func:`engine.ai.matchcube.to_equity`)."""
        from .ai import cube, matchcube

        probs = self.probs(position)
        if cube.match_context(match) is not None:
            no_double_mwc, take, pass_ = matchcube.double_values(probs, match, cube_value, owner, position.is_contact())
            return (matchcube.to_equity(no_double_mwc, match, cube_value),
                    matchcube.to_equity(min(take, pass_), match, cube_value))
        x = cube.efficiency(position.is_contact())
        no_double = cube.cubeful_equity(probs, owner, x)
        double_take = 2.0 * cube.cubeful_equity(probs, "opponent", x)
        return no_double, min(double_take, 1.0)

    def take_values(self, doubler_view: Position, match: Optional[Mapping[str, Any]] = None,
                    cube_value: int = 1) -> Tuple[float, float]:
        """(take, drop) for the side that was doubled; in a match (``match``
        from the side doubled) in match-winning chances, as equity."""
        from .ai import cube, matchcube

        probs = self.probs(doubler_view)
        if cube.match_context(match) is not None:
            take, drop = matchcube.take_values(probs, match, cube_value, doubler_view.is_contact())
            return matchcube.to_equity(take, match, cube_value), matchcube.to_equity(drop, match, cube_value)
        x = cube.efficiency(doubler_view.is_contact())
        return -2.0 * cube.cubeful_equity(probs, "opponent", x), -1.0


# -- replaying a game -------------------------------------------------------------------
@dataclass
class _Board:
    """The replay's state: the board seen from ``turn``, and the cube."""

    position: Position
    turn: int
    cube_value: int = 1
    owner: Optional[int] = None
    doubled_this_turn: bool = False


def _start(game: Game) -> _Board:
    """The board the replay starts from: a set-up game's position, and its
    cube (a game set up from a Match ID may start with the cube at 2 or more:
    the first double's value is twice it, and its owner made that double;
    with no double, the cube never moved)."""
    if game.setup is None:
        return _Board(Position.initial(), 0)
    board = _Board(Position.from_id(game.setup[0]), game.setup[1])
    first = next((e for e in game.log if e.kind == "double"), None)
    if first is None:
        board.cube_value, board.owner = game.cube_value, game.cube_owner
    elif first.value > 2:
        board.cube_value, board.owner = first.value // 2, first.player
    return board


def decision_count(game: Game) -> int:
    """How many log lines of ``game`` the analysis looks at (for progress)."""
    return sum(1 for e in game.log if e.kind in ("play", "pass", "double", "take", "drop"))


def _owner_word(owner: Optional[int], player: int) -> str:
    return "centre" if owner is None else "me" if owner == player else "opponent"


def _cube_rated(game: Game, board: _Board, aways: Optional[Tuple[int, int]], take: bool = False) -> bool:
    """May the player on roll double, and is the cube rated here (``take``:
    the answer to that double)?  Not in the Crawford game, nor where the
    score alone decides (:func:`_score_decides`): the match rules decide
    there, not an estimate."""
    if not game.cube_enabled or game.crawford or board.cube_value >= _MAX_CUBE:
        return False
    return board.owner in (None, board.turn) and not _score_decides(aways, board, take)


def _score_decides(aways: Optional[Tuple[int, int]], board: _Board, take: bool) -> bool:
    """Does the score alone decide this double (or, ``take``, the answer to
    it), as :func:`engine.ai.cube.match_double_rule` and
    :func:`~engine.ai.cube.match_take_rule` say?  ``aways``: the points each
    player needed when the game began, None for a single game."""
    if aways is None:
        return False
    from .ai import cube

    if take:
        return cube.match_take_rule(_match_view(aways, 1 - board.turn), board.cube_value) is not None
    return cube.match_double_rule(_match_view(aways, board.turn), board.cube_value) is not None


def _match_view(aways: Optional[Tuple[int, int]], player: int) -> Optional[Dict[str, Any]]:
    """The score as a cube decision of ``player`` takes it (never the
    Crawford game: no cube there); None for a single game."""
    if aways is None:
        return None
    return {"crawford": False, "my_away": aways[player], "their_away": aways[1 - player]}


def _aways(match: Match, number: int) -> Optional[Tuple[int, int]]:
    """The points each player needed when game ``number`` began; None for a
    single game or money play."""
    if match.length <= 1:
        return None
    score = list(match.start_score)
    for result in match.results[: number - 1]:
        score[result.winner] += result.points
    return max(1, match.length - score[0]), max(1, match.length - score[1])


def _move_decision(judge: Judge, number: int, index: int, board: _Board, dice: Tuple[int, int], text: str) -> Tuple[Decision, Play]:
    pos = board.position
    win = float(judge.probs(pos)[0])
    win0 = win if board.turn == 0 else 1.0 - win
    played: Play = parse_play(pos, text, dice) if text else ()
    ranked = judge.bot.rank_plays(pos, dice)
    luck_base = judge.equity(pos)
    luck = judge.static_best(pos, dice) - luck_base
    if not ranked:
        return Decision(number, index, board.turn, Kind.MOVE, pos, dice, "", "", 0.0, Label.NONE, luck, True, win0,
                        board.cube_value, (), (), board.owner), ()
    results = {pos.apply(p): eq for p, eq in ranked}
    best_play, best_eq = ranked[0]
    loss = max(0.0, float(best_eq) - float(results.get(pos.apply(played), best_eq)))
    forced = len(results) == 1
    return Decision(
        number, index, board.turn, Kind.MOVE, pos, dice, format_play(pos, played), format_play(pos, best_play),
        loss, label_for(loss), luck, forced, win0, board.cube_value, played, best_play, board.owner,
    ), played


def _cube_decision(judge: Judge, number: int, index: int, board: _Board, kind: Kind,
                   aways: Optional[Tuple[int, int]] = None) -> Decision:
    pos = board.position
    win = float(judge.probs(pos)[0])
    win0 = win if board.turn == 0 else 1.0 - win
    if kind in (Kind.DOUBLE, Kind.NO_DOUBLE):
        no_double, double = judge.cube_values(pos, _owner_word(board.owner, board.turn), _match_view(aways, board.turn), board.cube_value)
        best = Kind.DOUBLE if double > no_double else Kind.NO_DOUBLE
        chosen = double if kind is Kind.DOUBLE else no_double
        loss = max(double, no_double) - chosen
        player, seen = board.turn, pos
    else:
        take, drop = judge.take_values(pos, _match_view(aways, 1 - board.turn), board.cube_value)
        best = Kind.TAKE if take >= drop else Kind.DROP
        loss = max(take, drop) - (take if kind is Kind.TAKE else drop)
        player, seen = 1 - board.turn, pos.swapped()
    return Decision(number, index, player, kind, seen, None, kind.value, best.value, loss, label_for(loss),
                    0.0, False, win0, board.cube_value, cube_owner=board.owner)


def _game_decisions(
    judge: Judge, game: Game, number: int, tick: Callable[[], None], aways: Optional[Tuple[int, int]] = None,
) -> Iterator[Decision]:
    board = _start(game)
    for index, e in enumerate(game.log):
        if e.kind == "opening" and e.text != "tie" and game.setup is None:
            board.turn = e.player
        elif e.kind in ("play", "pass") and e.dice is not None:
            if not board.doubled_this_turn and _cube_rated(game, board, aways):
                missed = _cube_decision(judge, number, index, board, Kind.NO_DOUBLE, aways)
                if missed.best == Kind.DOUBLE.value:
                    yield missed
            decision, played = _move_decision(judge, number, index, board, e.dice, e.text if e.kind == "play" else "")
            yield decision
            board.position = board.position.apply(played).swapped()
            board.turn, board.doubled_this_turn = 1 - board.turn, False
            tick()
        elif e.kind == "double":
            if _cube_rated(game, board, aways):
                yield _cube_decision(judge, number, index, board, Kind.DOUBLE, aways)
            board.doubled_this_turn = True
            tick()
        elif e.kind in ("take", "drop"):
            if _cube_rated(game, board, aways, take=True):
                yield _cube_decision(judge, number, index, board, Kind.TAKE if e.kind == "take" else Kind.DROP, aways)
            if e.kind == "take":
                board.cube_value, board.owner = board.cube_value * 2, 1 - board.turn
            tick()


def analyse_match(
    match: Match,
    progress: Optional[Callable[[int, int], None]] = None,
    bot: Any = None,
) -> MatchAnalysis:
    """Rate every decision of every game of ``match`` (see the module's
    notes).  ``progress(done, total)`` is called after each decision looked
    at (an exception raised in it stops the analysis); ``bot`` replaces the
    expert (anything with ``rank_plays`` and ``evaluate``, and
    ``evaluate_before_roll`` if it has one)."""
    judge = Judge(bot)
    games = list(match.games) + ([match.game] if match.game.log else [])
    total = sum(decision_count(g) for g in games)
    done = [0]

    def tick() -> None:
        done[0] += 1
        if progress is not None:
            progress(done[0], total)

    decisions: List[Decision] = []
    for number, game in enumerate(games, 1):
        decisions.extend(_game_decisions(judge, game, number, tick, _aways(match, number)))
    return MatchAnalysis(tuple(decisions), (summarise(decisions, 0), summarise(decisions, 1)))
