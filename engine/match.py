"""A match: a number of games to a target score, with the Crawford rule.

>>> from engine.dice import SeededDice
>>> m = Match(length=5, cube=True, dice=SeededDice(1))
>>> m.score, m.game_number, m.game.crawford
((0, 0), 1, False)
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from .dice import DiceSource, SystemDice
from .errors import GameStateError, SerializationError
from .game import SCHEMA_VERSION, Game, Result


class Match:
    """Games played until one player reaches ``length`` points
    (``length=1``: a single game).  With the cube on, the game right after a
    player first reaches ``length - 1`` is the Crawford game: no doubling."""

    def __init__(self, length: int = 1, cube: bool = False, dice: DiceSource | None = None):
        if not isinstance(length, int) or isinstance(length, bool) or not 1 <= length <= 99:
            raise ValueError(f"match length must be 1..99 points, got {length!r}")
        self.length = length
        self.cube = bool(cube)
        self.dice_source: DiceSource = dice if dice is not None else SystemDice()
        self.results: List[Result] = []
        self.crawford_played = False
        self.game = Game(cube=self.cube, dice=self.dice_source)

    @property
    def game_number(self) -> int:
        return len(self.results) + 1

    def _score(self, results: List[Result]) -> Tuple[int, int]:
        s = [0, 0]
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
            "results": [[r.winner, r.kind, r.multiple, r.cube] for r in self.results],
            "game": self.game.to_json(),
        }

    @classmethod
    def from_json(cls, doc: Any, dice: DiceSource | None = None) -> "Match":
        try:
            if not isinstance(doc, dict) or doc.get("type") != "match":
                raise SerializationError("not a saved match document")
            if doc.get("schema") != SCHEMA_VERSION:
                raise SerializationError(f"saved match schema {doc.get('schema')!r} is not {SCHEMA_VERSION}")
            m = cls(length=doc["length"], cube=bool(doc["cube"]), dice=dice)
            m.crawford_played = bool(doc["crawford_played"])
            for winner, kind, multiple, cube in doc["results"]:
                if winner not in (0, 1) or kind not in ("single", "gammon", "backgammon", "resigned", "dropped"):
                    raise SerializationError(f"bad game result {winner!r} {kind!r}")
                m.results.append(Result(int(winner), str(kind), int(multiple), int(cube)))
            m.game = Game.from_json(doc["game"], dice=m.dice_source)
            return m
        except SerializationError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError) as exc:
            raise SerializationError(f"not a valid saved match: {exc!r}") from exc
