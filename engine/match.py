"""A match: a number of games to a target score, with the Crawford rule.

>>> from engine.dice import SeededDice
>>> m = Match(length=5, cube=True, dice=SeededDice(1))
>>> m.score, m.game_number, m.game.crawford
((0, 0), 1, False)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple

from . import checks
from .dice import DiceSource, SystemDice
from .errors import GameStateError, SerializationError, brief
from .game import Game
from .gamestate import SCHEMA_VERSION, Result
from .kinds import ResultKind

if TYPE_CHECKING:
    from .ids import MatchState
    from .position import Position


MAX_LENGTH = 99  #: the longest match, in points


class Match:
    """Games played until one player reaches ``length`` points
    (``length=1``: a single game).  With the cube on, the game right after a
    player first reaches ``length - 1`` is the Crawford game: no doubling."""

    def __init__(self, length: int = 1, cube: bool = False, dice: DiceSource | None = None):
        self.length = checks.integer(length, "match length", 1, MAX_LENGTH)
        self.cube = checks.flag(cube, "cube")
        checks.dice_source(dice)
        self.dice_source: DiceSource = dice if dice is not None else SystemDice()
        self.results: List[Result] = []
        #: the finished games, in order (the one in play is :attr:`game`)
        self.games: List[Game] = []
        #: the score before the first game of :attr:`games` (a match set up
        #: at some score by :meth:`from_ids`)
        self.start_score: Tuple[int, int] = (0, 0)
        self.crawford_played = False
        self.game = Game(cube=self.cube, dice=self.dice_source)

    @property
    def game_number(self) -> int:
        return len(self.results) + 1

    def _score(self, results: List[Result]) -> Tuple[int, int]:
        s = list(self.start_score)
        for r in results:
            s[r.winner] += r.points
        return s[0], s[1]

    @property
    def score(self) -> Tuple[int, int]:
        """Points of players 0 and 1, counting the current game once it is over."""
        done = self.results + ([self.game.result] if self.game.result else [])
        return self._score(done)

    @property
    def winner(self) -> Optional[int]:
        """The match winner once someone has reached the length."""
        for player, points in enumerate(self.score):
            if points >= self.length:
                return player
        return None

    @property
    def over(self) -> bool:
        return self.winner is not None

    def away(self, player: int) -> int:
        """Points ``player`` still needs."""
        return max(0, self.length - self.score[player])

    def next_game(self) -> Game:
        """Start the next game once the current one is over."""
        if self.game.result is None:
            raise GameStateError("the current game is not over")
        if self.over:
            raise GameStateError("the match is over")
        self.results.append(self.game.result)
        self.games.append(self.game)
        crawford = False
        if self.cube and not self.crawford_played and self.length > 1:
            if max(self._score(self.results)) == self.length - 1:
                crawford = True
                self.crawford_played = True
        self.game = Game(cube=self.cube, crawford=crawford, dice=self.dice_source)
        return self.game

    def to_json(self) -> Dict[str, Any]:
        return {
            "schema": SCHEMA_VERSION,
            "type": "match",
            "length": self.length,
            "cube": self.cube,
            "crawford_played": self.crawford_played,
            "results": [[r.winner, r.kind.value, r.multiple, r.cube] for r in self.results],
            "game": self.game.to_json(),
            "start_score": list(self.start_score),
            "games": [g.to_json() for g in self.games],
        }

    @classmethod
    def from_json(cls, doc: Any, dice: DiceSource | None = None) -> "Match":
        try:
            if not isinstance(doc, dict) or doc.get("type") != "match":
                raise SerializationError("not a saved match document")
            if doc.get("schema") != SCHEMA_VERSION:
                raise SerializationError(f"saved match schema {brief(doc.get('schema'))} is not {SCHEMA_VERSION}")
            m = cls(length=doc["length"], cube=bool(doc["cube"]), dice=dice)
            m.crawford_played = bool(doc["crawford_played"])
            for winner, kind, multiple, cube in doc["results"]:
                if winner not in (0, 1) or kind not in tuple(ResultKind):
                    raise SerializationError(f"bad game result {brief(winner)} {brief(kind)}")
                m.results.append(Result(int(winner), ResultKind(kind), int(multiple), int(cube)))
            m.game = Game.from_json(doc["game"], dice=m.dice_source)
            s0, s1 = doc.get("start_score", (0, 0))
            m.start_score = (int(s0), int(s1))
            m.games = [Game.from_json(g, dice=m.dice_source) for g in doc.get("games", [])]
            if m.games and len(m.games) != len(m.results):
                raise SerializationError("saved match: the finished games do not match the results")
            return m
        except SerializationError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError) as exc:
            raise SerializationError(f"not a valid saved match: {exc!r}"[:300]) from exc

    # -- GNU Backgammon's IDs ---------------------------------------------------------
    def ids(self) -> Tuple[str, str]:
        """(Position ID, Match ID) of the state in play, as GNU Backgammon
        writes them.  A single game with the cube is a money game (match
        length 0); a turn in progress is given at its start, with its dice.

        >>> from engine import FixedDice
        >>> m = Match(length=9, dice=FixedDice([5, 2]))
        >>> m.ids()                  # no game started yet
        ('4HPwATDgc/ABMA', 'MAAgAQAAAAAA')
        >>> m.game.roll()            # player 0 opens with 5-2
        (5, 2)
        >>> m.ids()
        ('4HPwATDgc/ABMA', 'MIEqAQAAAAAA')
        """
        from .ids import encode_match_id

        return self.game.turn_start.to_id(), encode_match_id(self.match_state())

    def match_state(self) -> "MatchState":
        """The fields of :meth:`ids`' Match ID."""
        from .ids import GameState, MatchState

        g = self.game
        state = GameState.PLAYING
        if g.phase == "opening":
            state = GameState.NONE
        elif g.result is not None:
            state = {"resigned": GameState.RESIGNED, "dropped": GameState.DROPPED}.get(g.result.kind, GameState.OVER)
        rolled = g.phase == "move" or (g.phase == "resigning" and g.current_turn is not None)
        return MatchState(
            cube_value=g.cube_value,
            cube_owner=g.cube_owner,
            dice_owner=g.turn,
            crawford=g.crawford,
            game_state=state,
            turn=g.to_act,
            doubled=g.phase == "doubled",
            resign=g.resignation,
            dice=g.dice if rolled and g.dice else (0, 0),
            length=0 if self.length == 1 and self.cube else self.length,
            score=self._score(self.results),
        )

    @classmethod
    def from_ids(cls, position_id: str, match_id: str, dice: DiceSource | None = None) -> "Match":
        """A match set up where GNU Backgammon's two IDs say: the board, the
        score, the cube, who is on roll, the dice if thrown, a double or a
        resignation waiting.  Bad IDs raise :class:`InvalidPositionIdError`
        or :class:`InvalidMatchIdError`.

        >>> m = Match.from_ids('4HPwATDgc/ABMA', 'QYkqASAAIAAA')
        >>> m.length, m.score, m.game.turn, m.game.dice, m.game.cube_value, m.game.cube_owner
        (9, (2, 4), 1, (5, 2), 2, 0)
        >>> m.ids()
        ('4HPwATDgc/ABMA', 'QYkqASAAIAAA')
        """
        from .errors import InvalidMatchIdError
        from .ids import GameState, decode_match_id
        from .position import Position

        position = Position.from_id(position_id)
        st = decode_match_id(match_id)
        if st.game_state not in (GameState.NONE, GameState.PLAYING):
            raise InvalidMatchIdError(f"Match ID {match_id.strip()!r} is of a game that is over: nothing to play")
        if st.length > 99:
            raise InvalidMatchIdError(f"Match ID {match_id.strip()!r}: matches go up to 99 points, not {st.length}")
        money = st.length == 0
        m = cls(length=st.length or 1, cube=True, dice=dice)
        m.start_score = (0, 0) if money else st.score
        if not money and st.length - 1 in st.score:
            m.crawford_played = True  # the Crawford game is now or past
        if st.game_state == GameState.NONE:
            m.game = Game(cube=True, crawford=st.crawford, dice=m.dice_source)
            return m
        if st.resign is not None and st.turn == st.dice_owner:
            raise InvalidMatchIdError(f"Match ID {match_id.strip()!r}: the player on roll may resign, not the other")
        try:
            m.game = set_up_game(
                position, st.dice_owner, st.dice if st.dice != (0, 0) else None,
                crawford=st.crawford, cube_value=st.cube_value, cube_owner=st.cube_owner,
                doubled=st.doubled, resign=st.resign, dice_source=m.dice_source,
            )
        except GameStateError as exc:
            raise InvalidMatchIdError(f"Match ID {match_id.strip()!r} does not fit the board: {exc}") from exc
        return m


def set_up_game(
    position: "Position",
    turn: int,
    dice: Optional[Tuple[int, int]] = None,
    *,
    crawford: bool = False,
    cube_value: int = 1,
    cube_owner: Optional[int] = None,
    doubled: bool = False,
    resign: Optional[str] = None,
    dice_source: DiceSource | None = None,
) -> Game:
    """A game (with the cube) that starts at ``position``, seen from
    ``turn``, the player on roll, with the dice already thrown when ``dice``
    is given, a double offered (``doubled``) or a resignation offered by
    ``turn`` (``resign``).  A state the rules do not allow raises
    :class:`GameStateError`.

    >>> from engine import Position
    >>> g = set_up_game(Position.initial(), 1, (6, 5), cube_value=2, cube_owner=0)
    >>> g.turn, g.phase, g.dice, g.cube_value, g.cube_owner
    (1, 'move', (6, 5), 2, 0)
    """
    from .dice import FixedDice

    if turn not in (0, 1) or cube_owner not in (None, 0, 1) or cube_value not in (1, 2, 4, 8, 16, 32, 64):
        raise GameStateError(f"cannot set up: turn {brief(turn)}, cube {brief(cube_value)} owned by {brief(cube_owner)}")
    if position.winner() is not None:
        raise GameStateError("cannot set up a game that is already over")
    g = Game(cube=True, crawford=crawford, dice=dice_source, start=(position, turn))
    g.cube_value, g.cube_owner = cube_value, cube_owner
    if dice is not None:
        if doubled or not all(isinstance(d, int) and 1 <= d <= 6 for d in dice):
            raise GameStateError(f"cannot set up the roll {brief(dice)}" + (" after a double" if doubled else ""))
        real = g.dice_source
        g.dice_source = FixedDice(dice)
        try:
            g.roll()
        finally:
            g.dice_source = real
    if doubled:
        g.double()
    if resign is not None:
        g.resign(resign)
    return g
