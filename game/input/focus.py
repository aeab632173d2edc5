"""A focus ring over a changing list of items (keyboard play).

>>> ring = FocusRing()
>>> ring.move(['a', 'b', 'c'], +1), ring.move(['a', 'b', 'c'], -1)
('a', 'c')
>>> ring.current(['a', 'b'])
'b'
"""

from __future__ import annotations

from typing import Optional, Sequence, TypeVar

T = TypeVar("T")


class FocusRing:
    """Which item has the keyboard focus: an index, kept inside the list as it changes."""

    def __init__(self) -> None:
        self.index: Optional[int] = None

    def clear(self) -> None:
        self.index = None

    def current(self, items: Sequence[T]) -> Optional[T]:
        if self.index is None or not items:
            return None
        self.index = min(self.index, len(items) - 1)
        return items[self.index]

    def move(self, items: Sequence[T], delta: int) -> Optional[T]:
        """Next (+1) or previous (-1) item, wrapping; from no focus, +1 gives
        the first item and -1 the last."""
        if not items:
            self.index = None
            return None
        if self.index is None:
            self.index = 0 if delta > 0 else len(items) - 1
        else:
            self.index = (min(self.index, len(items) - 1) + delta) % len(items)
        return items[self.index]
