"""A focus ring over a changing list of items (Tab order), and where an
arrow or the d-pad takes the focus on the screen (:func:`nearest`).

>>> ring = FocusRing()
>>> ring.move(['a', 'b', 'c'], +1), ring.move(['a', 'b', 'c'], -1)
('a', 'c')
>>> ring.current(['a', 'b'])
'b'
"""

from __future__ import annotations

from typing import Optional, Sequence, Tuple, TypeVar, Union

import pygame

T = TypeVar("T")
#: a pygame.Rect, or any (x, y, width, height)
RectLike = Union[pygame.Rect, Sequence[float]]


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


def nearest(current: RectLike, candidates: Sequence[RectLike], direction: Tuple[int, int]) -> Optional[int]:
    """The index of the candidate the focus should go to from ``current``
    when moved ``direction`` ((1, 0) right, (0, -1) up ...): among those
    whose centre lies that way, the closest, much preferring those level
    with ``current`` (sharing some of its height, or width when moving up
    and down); among those, the next row (or column) comes before one
    farther on that happens to line up better.  None when nothing lies
    that way.

    >>> import pygame
    >>> row = [pygame.Rect(0, 0, 10, 10), pygame.Rect(20, 0, 10, 10), pygame.Rect(40, 0, 10, 10)]
    >>> below = pygame.Rect(38, 30, 10, 10)
    >>> nearest(row[0], row[1:] + [below], (1, 0)), nearest(row[0], row[1:] + [below], (0, 1))
    (0, 2)
    >>> nearest(row[0], row[1:], (-1, 0)) is None
    True
    >>> wide = pygame.Rect(0, 0, 100, 10)   # Down from a wide button: the next row, not the aligned one after it
    >>> next_row, aligned = pygame.Rect(0, 20, 20, 10), pygame.Rect(0, 40, 50, 10)
    >>> nearest(wide, [aligned, next_row], (0, 1))
    1
    """
    dx, dy = direction
    cx, cy = _centre(current)
    best: Optional[int] = None
    best_score = 0.0
    for i, r in enumerate(candidates):
        x, y = _centre(r)
        along = (x - cx) * dx + (y - cy) * dy
        if along <= 0:
            continue
        ortho = abs(y - cy) if dx else abs(x - cx)
        (a0, a1), (b0, b1) = (_span(current, 1), _span(r, 1)) if dx else (_span(current, 0), _span(r, 0))
        gap = max(0.0, max(a0, b0) - min(a1, b1))
        score = along + (0.5 * ortho if gap == 0 else 2.0 * ortho + 4.0 * gap)
        if best is None or score < best_score:
            best, best_score = i, score
    return best



def _centre(r: RectLike) -> Tuple[float, float]:
    return r[0] + r[2] / 2.0, r[1] + r[3] / 2.0


def _span(r: RectLike, axis: int) -> Tuple[float, float]:
    """(start, end) of a rectangle across ``axis`` (0: x, 1: y)."""
    return (float(r[axis]), float(r[axis] + r[axis + 2]))
