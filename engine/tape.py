"""The dice tape: every throw a game has drawn, in order, and how far play
has used them.

A take-back rewinds the tape to just after the roll of the turn it returns
to, so every throw that was drawn after that turn comes again, in the same
order, whatever is played instead: taking a turn back never buys anyone new
dice.  Throws beyond the end of the tape are drawn from the game's dice
source and added to it.

>>> from engine.dice import FixedDice
>>> tape = DiceTape()
>>> src = FixedDice([6, 4, 5, 2, 1, 1])
>>> tape.draw(src), tape.draw(src)
((6, 4), (5, 2))
>>> tape.rewind(1)
>>> tape.at_end, tape.draw(src), tape.at_end
(False, (5, 2), True)
>>> tape.draw(src)
(1, 1)
>>> DiceTape.from_json(tape.to_json()) == tape
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Tuple

from .dice import DiceSource
from .errors import GameStateError, SerializationError, brief

Throw = Tuple[int, int]


def _throw(value: Any) -> Throw:
    if not (isinstance(value, (list, tuple)) and len(value) == 2 and all(type(d) is int and 1 <= d <= 6 for d in value)):
        raise SerializationError(f"{brief(value)} is not a pair of dice")
    return int(value[0]), int(value[1])


@dataclass
class DiceTape:
    """The throws drawn so far (``throws``) and the index of the next one to
    use (``position``; ``len(throws)`` when the next throw is a fresh one).

    An opening throw is one die each, ``(player 0's, player 1's)``; a regular
    throw is the two dice of the player on roll."""

    throws: List[Throw] = field(default_factory=list)
    position: int = 0

    @property
    def at_end(self) -> bool:
        """Will the next throw be drawn fresh (rather than replayed)?

        >>> DiceTape([(3, 1)], 1).at_end, DiceTape([(3, 1)], 0).at_end
        (True, False)
        """
        return self.position >= len(self.throws)

    def draw(self, source: DiceSource, opening: bool = False) -> Throw:
        """The next throw: replayed from the tape, or drawn from ``source`` (an
        opening throw as two :meth:`DiceSource.die` calls, player 0's first; a
        regular one as :meth:`DiceSource.roll`) and added to it."""
        if self.at_end:
            throw = (source.die(), source.die()) if opening else _throw(tuple(source.roll()))
            self.throws.append(throw)
        else:
            throw = self.throws[self.position]
        self.position += 1
        return throw

    def rewind(self, position: int) -> None:
        """Make ``position`` the next throw to use (the throws stay on the tape).

        >>> DiceTape([(3, 1)], 1).rewind(2)
        Traceback (most recent call last):
        ...
        engine.errors.GameStateError: the dice tape has no throw 2 to rewind to
        """
        if type(position) is not int or not 0 <= position <= len(self.throws):
            raise GameStateError(f"the dice tape has no throw {position} to rewind to")
        self.position = position

    def to_json(self) -> Dict[str, Any]:
        """``{"throws": [[d1, d2], ...], "position": n}``."""
        return {"throws": [list(t) for t in self.throws], "position": self.position}

    @classmethod
    def from_json(cls, doc: Any) -> "DiceTape":
        """Read :meth:`to_json`'s document; anything malformed raises
        :class:`SerializationError`.

        >>> DiceTape.from_json({"throws": [[7, 1]], "position": 0})
        Traceback (most recent call last):
        ...
        engine.errors.SerializationError: [7, 1] is not a pair of dice
        """
        if not isinstance(doc, dict) or not isinstance(doc.get("throws"), list):
            raise SerializationError("the dice tape is not an object with a list of throws")
        throws = [_throw(t) for t in doc["throws"]]
        position = doc.get("position")
        if type(position) is not int or not 0 <= position <= len(throws):
            raise SerializationError(f"{brief(position)} is not a place on a dice tape of {len(throws)} throws")
        return cls(throws, position)
