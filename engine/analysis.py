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
* ``win``: player 0's chance of winning the game before the decision;
  in a match also ``match_win``, player 0's match-winning chance then (the
  game's chances at the score with the cube where it is, the match equity
  table beyond: :func:`engine.ai.matchcube.dead_mwc`).

The judge looks ``ply`` deep (:func:`analyse_match`): at 1, the expert
computer player itself (each play valued one roll deep), so its own plays
score no error; at 2 (the default) a deeper judge, the same network looking
two rolls deep at the closest plays (:data:`DEEP_CANDIDATES` best by 1-ply
within :data:`DEEP_MARGIN`) and always at the play made, wherever the first
looks rank it (as GNU Backgammon's analysis values the play made at the
full depth), so that a loss compares two values of one depth and the
computer's plays are graded by a deeper look than they were made with.

Equities are cubeless and per unit of the cube (the cube's value is not
multiplied in).  Labels follow the losses: doubtful from 0.04, bad from
0.08, very bad from 0.16.  Per player, the error rate is the average loss per
unforced decision, times 1000: millipoints of equity per decision (mEMG), as
GNU Backgammon gives it, with GNU Backgammon's rating word for it
(:func:`rating_for`); checker play and cube decisions apart as well (their
counts and losses add up to the whole).  Luck: in total, per game and per
move, with GNU Backgammon's luck rating of the luck per move
(:func:`luck_rating_for`).  The words (labels, ratings) are in
:mod:`engine.ratings`; an analysis as JSON in :mod:`engine.analysis_json`.

>>> from engine import FixedDice, Match
>>> m = Match(dice=FixedDice([3, 1]))
>>> _ = m.game.roll(); m.game.play_text('24/21 24/23')      # instead of 8/5 6/5
>>> a = analyse_match(m, ply=1)
>>> d = a.decisions[0]
>>> d.played, d.best, d.label
('24/21 24/23', '8/5 6/5', <Label.VERY_BAD: 'very bad'>)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple

import numpy as np

from . import checks
from .game import Game
from .match import Match
from .notation import format_play, parse_play
from .position import Play, Position
from .judge import DEEP_CANDIDATES as DEEP_CANDIDATES, DEEP_MARGIN as DEEP_MARGIN, Judge as Judge
from .ratings import (  # noqa: F401  (the analysis' words, as they were named here)
    LUCK_LEVELS as LUCK_LEVELS, RATINGS as RATINGS, THRESHOLDS as THRESHOLDS, Label as Label,
    LuckRating as LuckRating, Rating as Rating, label_for as label_for, luck_rating_for as luck_rating_for,
    rating_for as rating_for,
)

_MAX_CUBE = 64
PLIES = (1, 2)


class Kind(str, Enum):
    """What was decided."""

    MOVE = "move"
    DOUBLE = "double"
    NO_DOUBLE = "no double"
    TAKE = "take"
    DROP = "drop"


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
    #: player 0's match-winning chance before the decision (None: a single game or money)
    match_win: Optional[float] = None

    @property
    def mistake(self) -> bool:
        return self.label is not Label.NONE

    @property
    def cube(self) -> bool:
        """Is this a cube decision (not a play)?"""
        return self.kind is not Kind.MOVE


def _rate(loss: float, count: int) -> float:
    """Millipoints lost per decision (0 with none)."""
    return 1000.0 * loss / count if count else 0.0


@dataclass(frozen=True)
class PlayerSummary:
    """One player's figures: ``decisions`` unforced decisions, ``error_rate``
    the average loss per unforced decision times 1000 (mEMG), ``labels`` the count of
    each label (of every decision), ``luck`` the total luck.  Apart, as GNU
    Backgammon shows them: checker play (``checker_decisions`` unforced
    plays, ``checker_loss``) and cube decisions (``cube_decisions``,
    ``cube_loss``), which add up to the whole; ``moves`` every play (forced
    ones too) and ``games`` the games, for the luck per move and per game."""

    player: int
    decisions: int
    error_rate: float
    labels: Dict[Label, int]
    luck: float
    total_loss: float
    checker_decisions: int = 0
    checker_loss: float = 0.0
    cube_decisions: int = 0
    cube_loss: float = 0.0
    moves: int = 0
    games: int = 0

    @property
    def rating(self) -> Optional[Rating]:
        """The rating of the error rate (None: no decision with a choice to rate)."""
        return rating_for(self.error_rate) if self.decisions else None

    @property
    def checker_rate(self) -> float:
        """Checker play: millipoints lost per unforced play (mEMG)."""
        return _rate(self.checker_loss, self.checker_decisions)

    @property
    def cube_rate(self) -> float:
        """Cube decisions: millipoints lost per cube decision (mEMG)."""
        return _rate(self.cube_loss, self.cube_decisions)

    @property
    def luck_per_game(self) -> float:
        return self.luck / self.games if self.games else 0.0

    @property
    def luck_per_move(self) -> float:
        return self.luck / self.moves if self.moves else 0.0

    @property
    def luck_rating(self) -> Optional[LuckRating]:
        """GNU Backgammon's luck rating (None: no roll played)."""
        return luck_rating_for(self.luck_per_move) if self.moves else None


@dataclass(frozen=True)
class MatchAnalysis:
    """Every decision in order, each player's summary, and the judge's depth."""

    decisions: Tuple[Decision, ...]
    players: Tuple[PlayerSummary, PlayerSummary]
    ply: int = 1

    def mistakes(self) -> List[int]:
        """Indices (in :attr:`decisions`) of the decisions labelled doubtful or worse."""
        return [i for i, d in enumerate(self.decisions) if d.mistake]


def summarise(decisions: Sequence[Decision], player: int, games: int = 0) -> PlayerSummary:
    """The summary of ``player``'s decisions (``games``: how many games they
    come from; by default the games they name)."""
    mine = [d for d in decisions if d.player == player]
    unforced = [d for d in mine if not d.forced]
    checker = [d for d in unforced if not d.cube]
    cube = [d for d in unforced if d.cube]
    checker_loss, cube_loss = sum(d.loss for d in checker), sum(d.loss for d in cube)
    total = checker_loss + cube_loss
    labels = {label: sum(1 for d in mine if d.label is label) for label in Label}
    luck = sum(d.luck for d in mine)
    moves = sum(1 for d in mine if not d.cube)
    games = games or len({d.game for d in decisions})
    return PlayerSummary(player, len(unforced), _rate(total, len(unforced)), labels, luck, total,
                         len(checker), checker_loss, len(cube), cube_loss, moves, games)


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


def _match_win(probs: np.ndarray, board: _Board, aways: Optional[Tuple[int, int]], crawford: bool) -> Optional[float]:
    """Player 0's match-winning chance from the side on roll's ``probs``
    (None for a single game or money)."""
    if aways is None:
        return None
    from .ai import matchcube

    view = {"crawford": crawford, "my_away": aways[board.turn], "their_away": aways[1 - board.turn]}
    mwc = float(matchcube.dead_mwc(probs, view, board.cube_value))
    return mwc if board.turn == 0 else 1.0 - mwc


def _move_decision(judge: Judge, number: int, index: int, board: _Board, dice: Tuple[int, int], text: str,
                   mwc: Callable[[np.ndarray, _Board], Optional[float]]) -> Tuple[Decision, Play]:
    pos = board.position
    probs = judge.probs(pos)
    win = float(probs[0])
    win0 = win if board.turn == 0 else 1.0 - win
    match_win = mwc(probs, board)
    played: Play = parse_play(pos, text, dice) if text else ()
    ranked = judge.rank(pos, dice, played)
    luck_base = judge.equity(pos)
    luck = judge.static_best(pos, dice) - luck_base
    if not ranked:
        return Decision(number, index, board.turn, Kind.MOVE, pos, dice, "", "", 0.0, Label.NONE, luck, True, win0,
                        board.cube_value, (), (), board.owner, match_win), ()
    results = {pos.apply(p): eq for p, eq in ranked}
    best_play, best_eq = ranked[0]
    loss = max(0.0, float(best_eq) - float(results.get(pos.apply(played), best_eq)))
    forced = len(results) == 1
    return Decision(
        number, index, board.turn, Kind.MOVE, pos, dice, format_play(pos, played), format_play(pos, best_play),
        loss, label_for(loss), luck, forced, win0, board.cube_value, played, best_play, board.owner, match_win,
    ), played


def _cube_decision(judge: Judge, number: int, index: int, board: _Board, kind: Kind,
                   aways: Optional[Tuple[int, int]] = None, crawford: bool = False) -> Decision:
    pos = board.position
    probs = judge.probs(pos)
    win = float(probs[0])
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
                    0.0, False, win0, board.cube_value, cube_owner=board.owner,
                    match_win=_match_win(probs, board, aways, crawford))


def _game_decisions(
    judge: Judge, game: Game, number: int, tick: Callable[[], None], aways: Optional[Tuple[int, int]] = None,
) -> Iterator[Decision]:
    board = _start(game)

    def mwc(probs: np.ndarray, at: _Board) -> Optional[float]:
        return _match_win(probs, at, aways, game.crawford)

    for index, e in enumerate(game.log):
        if e.kind == "opening" and e.text != "tie" and game.setup is None:
            board.turn = e.player
        elif e.kind in ("play", "pass") and e.dice is not None:
            if not board.doubled_this_turn and _cube_rated(game, board, aways):
                missed = _cube_decision(judge, number, index, board, Kind.NO_DOUBLE, aways, game.crawford)
                if missed.best == Kind.DOUBLE.value:
                    yield missed
            decision, played = _move_decision(judge, number, index, board, e.dice, e.text if e.kind == "play" else "", mwc)
            yield decision
            board.position = board.position.apply(played).swapped()
            board.turn, board.doubled_this_turn = 1 - board.turn, False
            tick()
        elif e.kind == "double":
            if _cube_rated(game, board, aways):
                yield _cube_decision(judge, number, index, board, Kind.DOUBLE, aways, game.crawford)
            board.doubled_this_turn = True
            tick()
        elif e.kind in ("take", "drop"):
            if _cube_rated(game, board, aways, take=True):
                yield _cube_decision(judge, number, index, board, Kind.TAKE if e.kind == "take" else Kind.DROP, aways,
                                     game.crawford)
            if e.kind == "take":
                board.cube_value, board.owner = board.cube_value * 2, 1 - board.turn
            tick()


def analysed_games(match: Match) -> List[Game]:
    """The games an analysis of ``match`` looks at: the finished ones, and
    the one in play if anything happened in it."""
    return list(match.games) + ([match.game] if match.game.log else [])


def iter_decisions(
    match: Match,
    ply: int = 2,
    progress: Optional[Callable[[int, int], None]] = None,
    bot: Any = None,
) -> Iterator[Decision]:
    """Each decision of :func:`analyse_match` as soon as it is rated (for a
    screen that shows them while the rest are looked at); a bad ``ply``
    raises at once."""
    checks.integer(ply, "ply", PLIES[0], PLIES[-1])
    return _decisions(match, Judge(bot, ply=ply), progress)


def _decisions(match: Match, judge: Judge, progress: Optional[Callable[[int, int], None]]) -> Iterator[Decision]:
    games = analysed_games(match)
    total = sum(decision_count(g) for g in games)
    done = [0]

    def tick() -> None:
        done[0] += 1
        if progress is not None:
            progress(done[0], total)

    for number, game in enumerate(games, 1):
        yield from _game_decisions(judge, game, number, tick, _aways(match, number))


def summarised(decisions: Sequence[Decision], match: Match, ply: int) -> MatchAnalysis:
    """The analysis made of ``decisions`` (all of ``match``'s)."""
    games = max(1, len(analysed_games(match)))
    return MatchAnalysis(tuple(decisions), (summarise(decisions, 0, games), summarise(decisions, 1, games)), ply)


def analyse_match(
    match: Match,
    ply: int = 2,
    progress: Optional[Callable[[int, int], None]] = None,
    bot: Any = None,
) -> MatchAnalysis:
    """Rate every decision of every game of ``match`` (see the module's
    notes), the judge looking ``ply`` deep (1 or 2; anything else raises
    :class:`~engine.errors.InvalidArgumentError`, a ValueError).
    ``progress(done, total)`` is called after each decision looked at (an
    exception raised in it stops the analysis); ``bot`` replaces the judge
    (anything with ``rank_plays`` and ``evaluate``, and
    ``evaluate_before_roll`` if it has one; ``ply`` then only names it)."""
    decisions = list(iter_decisions(match, ply, progress, bot))
    return summarised(decisions, match, ply)
