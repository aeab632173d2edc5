"""What every computer player offers: the :class:`Bot` protocol.

:func:`engine.get_bot` returns a :class:`Bot`; the client, the benchmarks and
the tests use no more than this.  Cube decisions take the cube's owner from
the deciding side's view (:data:`CubeOwner`) and, in a match, a
:class:`MatchContext` (None for money play).

>>> from engine import Position, get_bot
>>> bot: Bot = get_bot("random", seed=1)
>>> bot.choose_play(Position.initial(), (3, 1)) in [p for p, _ in bot.rank_plays(Position.initial(), (3, 1))]
True
"""

from __future__ import annotations

from typing import List, Literal, Optional, Protocol, Sequence, Tuple, TypedDict, runtime_checkable

from ..kinds import ResignLevel
from ..position import Play, Position

#: who owns the cube, seen from the side deciding
CubeOwner = Literal["centre", "me", "opponent"]


class MatchContext(TypedDict):
    """The match situation for a cube decision, from the deciding side."""

    crawford: bool
    my_away: int
    their_away: int


@runtime_checkable
class Bot(Protocol):
    """A computer player.  Positions are seen from the side the method names
    (the mover for plays and doubles; see each method)."""

    level: str

    def choose_play(self, position: Position, dice: Sequence[int]) -> Play:
        """One of ``legal_plays(position, dice)``, or ``()`` when there is none."""
        ...

    def rank_plays(self, position: Position, dice: Sequence[int]) -> List[Tuple[Play, float]]:
        """Every legal play with its equity for the mover, best first (hints)."""
        ...

    def should_double(self, position: Position, cube_value: int = 1, owner: str = "centre",
                      match: Optional[MatchContext] = None) -> bool:
        """Should the side on roll (before rolling) double?"""
        ...

    def should_take(self, position: Position, cube_value: int = 1, match: Optional[MatchContext] = None) -> bool:
        """Take a double?  ``position`` is seen from the side doubled (its opponent on roll)."""
        ...

    def accepts_resignation(self, position: Position, level: str, cube_value: int = 1,
                            match: Optional[MatchContext] = None) -> bool:
        """Accept a resignation of ``level``?  ``position`` and ``match`` are seen from this bot."""
        ...

    def offers_resignation(self, position: Position, cube_value: int = 1) -> Optional[ResignLevel]:
        """The resignation this bot offers, on roll before rolling, when it can
        no longer win and is sure how much it loses; None otherwise."""
        ...
