"""Mouse on the board -> intents: select a checker, show its targets, move by
click or drag-and-drop, click again for the larger die, click away to cancel.

The pointer knows nothing of the rules; it asks ``rules`` (the session, see
:class:`BoardRules`).  Points are in the viewer's numbering, which is the
mover's whenever a human moves.  It answers with the typed intents of
:mod:`game.input.match_intents`, or None when only its own selection changed.
"""

from __future__ import annotations

from typing import List, Mapping, Optional, Protocol, Sequence, Tuple

from ..board.layout import CUBE, DICE, Hit
from .match_intents import Deselect, Double, Intent, MoveChecker, PlayStep, Roll


class Step(Protocol):
    """One step of a play: from, to, with which die."""

    @property
    def frm(self) -> int: ...

    @property
    def to(self) -> int: ...

    @property
    def die(self) -> int: ...


class BoardRules(Protocol):
    """What the pointer and the board's focus ask about the turn (the session answers)."""

    def can_roll(self) -> bool: ...

    def can_double(self) -> bool: ...

    def movable(self) -> List[int]: ...

    def destinations(self, frm: int) -> Mapping[int, Sequence[Step]]: ...

    def larger_step(self, frm: int) -> Optional[Step]: ...


class BoardPointer:
    """Selection and drag state of the mouse on the board."""

    DRAG_START = 0.25  # of a point's width

    def __init__(self) -> None:
        self.selected: Optional[int] = None
        #: the selection was made by the game (only one checker can move), not by a click
        self.auto = False
        self.press: Optional[Tuple[int, Tuple[int, int], bool]] = None
        self.dragging = False
        self.drag_pos: Tuple[int, int] = (0, 0)

    def reset(self) -> None:
        self.selected = None
        self.auto = False
        self.press = None
        self.dragging = False

    def down(self, pos: Tuple[int, int], hit: Hit, rules: BoardRules) -> Optional[Intent]:
        if hit == DICE and rules.can_roll():
            return Roll()
        if hit == CUBE and rules.can_double():
            return Double()
        sel = self.selected
        if sel is not None and isinstance(hit, int) and hit != sel and hit in rules.destinations(sel):
            self.reset()
            return MoveChecker(sel, hit)
        if isinstance(hit, int) and hit in rules.movable():
            again = hit == sel and not self.auto
            self.selected, self.auto = hit, False
            self.press = (hit, pos, again)
            self.drag_pos = pos
            return None
        self.reset()
        return Deselect(pos)

    def motion(self, pos: Tuple[int, int], unit: float) -> bool:
        """Track the mouse; returns True when something to draw changed."""
        if self.press is None:
            return False
        if not self.dragging:
            px, py = self.press[1]
            if abs(pos[0] - px) + abs(pos[1] - py) < self.DRAG_START * unit:
                return False
            self.dragging = True
        self.drag_pos = pos
        return True

    def up(self, pos: Tuple[int, int], hit: Hit, rules: BoardRules) -> Optional[Intent]:
        if self.press is None:
            return None
        point, _, again = self.press
        self.press = None
        if self.dragging:
            self.dragging = False
            if isinstance(hit, int) and hit != point and hit in rules.destinations(point):
                self.reset()
                return MoveChecker(point, hit)
            return None  # dropped elsewhere: the checker goes back, still selected
        if again:
            s = rules.larger_step(point)
            if s is not None:
                self.reset()
                return PlayStep(s.frm, s.to, s.die)
        return None
