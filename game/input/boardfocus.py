"""The focus on the board, for arrow keys, TV remotes and gamepads.

First it rests on a checker that can move; Enter (A) selects that checker
and the focus moves among the places it can go; Enter (A) again moves it
there, Escape (B) backs out to the checker.  The arrows (d-pad) move the
focus to the nearest item that way on the screen (see
:func:`game.input.focus.nearest`); from a checker they may also leave the
board for the buttons of the panel and the top bar, which the scene lists.

The focus is ``("checker", point)`` or ``("target", point)``, points in the
viewer's numbering (the mover's while a human moves), 25 the bar and 0 the
bear-off tray.  This class only keeps it valid; the match scene moves it.

>>> bf = BoardFocus()
>>> bf.start([6, 8, 13])
('checker', 13)
>>> bf.fix([6, 8], selected=None, destinations=lambda p: {})
>>> bf.at
('checker', 8)
"""

from __future__ import annotations

from typing import Callable, Container, Optional, Sequence, Tuple

Focus = Tuple[str, int]


class BoardFocus:
    def __init__(self) -> None:
        self.at: Optional[Focus] = None
        #: the checker last focused (the focus comes back there when it can)
        self.last: Optional[int] = None

    @property
    def kind(self) -> Optional[str]:
        return self.at[0] if self.at is not None else None

    @property
    def point(self) -> Optional[int]:
        return self.at[1] if self.at is not None else None

    def clear(self) -> None:
        self.at = None

    def set(self, kind: str, point: int) -> None:
        self.at = (kind, point)
        if kind == "checker":
            self.last = point

    def start(self, movable: Sequence[int]) -> Optional[Focus]:
        """Put the focus on a checker: the last one focused if it can still
        move, else the one farthest from home (the bar first)."""
        if not movable:
            self.at = None
        elif self.last in movable:
            self.set("checker", self.last)  # type: ignore[arg-type]
        else:
            self.set("checker", max(movable))
        return self.at

    def fix(self, movable: Sequence[int], selected: Optional[int], destinations: Callable[[int], Container[int]]) -> None:
        """Keep the focus on something that exists after the board changed:
        a target of the checker selected by the keys (``selected``), else a
        checker that can move, the nearest to where the focus was."""
        if self.at is None:
            return
        kind, p = self.at
        if kind == "target":
            if selected is not None and p in destinations(selected):
                return
            p = selected if selected is not None else p
        if p in movable:
            self.set("checker", p)
        elif movable:
            self.set("checker", min(movable, key=lambda q: (abs(q - p), q)))
        else:
            self.at = None
