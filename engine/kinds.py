"""The engine's named values: phases of a game, kinds of log entries and
results, resignation levels, and the one table of their multiples.

Each is a ``str`` enum: a member equals (and hashes as) its text, shows and
formats as its text, and is written to JSON as its text, so saved files
hold plain words and read back into members.

>>> Phase.MOVE == "move", f"{Phase.MOVE}", Phase("move") is Phase.MOVE, Phase.MOVE
(True, 'move', True, 'move')
>>> ResignLevel.GAMMON.multiple, multiple_of("backgammon")
(2, 3)
>>> import json; json.dumps({"phase": Phase.OVER})
'{"phase": "over"}'
"""

from __future__ import annotations

from enum import Enum
from typing import Dict, Type, TypeVar

from .errors import SerializationError

E = TypeVar("E", bound="TextEnum")


class TextEnum(str, Enum):
    """A ``str`` enum that is its text everywhere (``str``, ``format``, hashing)."""

    def __str__(self) -> str:
        return str.__str__(self)

    def __repr__(self) -> str:  # shown as its text, as saved files and logs show it
        return str.__repr__(self)

    def __format__(self, spec: str) -> str:
        return str.__format__(str(self), spec)

    def __hash__(self) -> int:
        return str.__hash__(self)

    @classmethod
    def read(cls: Type[E], value: object) -> E:
        """The member named by ``value`` (a saved file's text); anything else
        raises :class:`~engine.errors.SerializationError`."""
        try:
            return cls(value)
        except ValueError:
            raise SerializationError(f"{value!r} is not a {cls.__name__}") from None


class Phase(TextEnum):
    """Where a game stands.  ``OPENING``: nobody has rolled; ``ROLL``: the
    player on turn may double or roll; ``MOVE``: the dice are rolled and the
    turn is being played; ``DOUBLED``/``RESIGNING``: the other side must
    answer; ``OVER``: the game has its result."""

    OPENING = "opening"
    ROLL = "roll"
    MOVE = "move"
    DOUBLED = "doubled"
    RESIGNING = "resigning"
    OVER = "over"


class ResignLevel(TextEnum):
    """What a resignation offers to lose: a single game, a gammon or a backgammon."""

    SINGLE = "single"
    GAMMON = "gammon"
    BACKGAMMON = "backgammon"

    @property
    def multiple(self) -> int:
        """1, 2 or 3 (times the cube)."""
        return MULTIPLES[self]


class ResultKind(TextEnum):
    """How a game was won: borne off (single, gammon, backgammon), by a
    resignation accepted, or by a double dropped."""

    SINGLE = "single"
    GAMMON = "gammon"
    BACKGAMMON = "backgammon"
    RESIGNED = "resigned"
    DROPPED = "dropped"


class LogKind(TextEnum):
    """A line of the move log (:class:`engine.LogEntry`)."""

    OPENING = "opening"
    PLAY = "play"
    PASS = "pass"
    DOUBLE = "double"
    TAKE = "take"
    DROP = "drop"
    RESIGN = "resign"
    ACCEPT = "accept"
    REJECT = "reject"
    WIN = "win"


#: single, gammon, backgammon -> 1, 2, 3: the one table of multiples
#: (resignation levels and results borne off share the words)
MULTIPLES: Dict[str, int] = {"single": 1, "gammon": 2, "backgammon": 3}

#: 1, 2, 3 -> the level of that multiple (what a resignation gave up)
LEVEL_OF_MULTIPLE: Dict[int, ResignLevel] = {1: ResignLevel.SINGLE, 2: ResignLevel.GAMMON, 3: ResignLevel.BACKGAMMON}


def multiple_of(level: str) -> int:
    """The multiple of a level or a result borne off (``KeyError`` for others)."""
    return MULTIPLES[level]
