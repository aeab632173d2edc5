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


def nearest(current: RectLike, candidates: Sequence[RectLike], direction: Tuple[int, int], in_line: bool = False) -> Optional[int]:
    """The index of the candidate the focus should go to from ``current``
    when moved ``direction`` ((1, 0) right, (0, -1) up ...); None when
    nothing lies that way (the focus is at an edge).

    A candidate lies that way when its near edge is past ``current``'s
    centre (a wide button above or below, reaching across, is not to the
    right), and it is no farther to the side than twice as far ahead
    (a button high above and a little to the right is not "right"); with
    ``in_line``, only one level with ``current`` (sharing some of its
    height, or width when moving up and down: the board's points of one
    row, whose columns share their foot).  Of
    those, the nearest wins, edge to edge, with each step sideways
    counting double, so that the next row (or column) comes before one
    farther on that happens to line up better, and a thing straight ahead
    before one as near but off to the side.

    >>> import pygame
    >>> row = [pygame.Rect(0, 0, 10, 10), pygame.Rect(20, 0, 10, 10), pygame.Rect(40, 0, 10, 10)]
    >>> below = pygame.Rect(18, 30, 10, 10)
    >>> nearest(row[0], row[1:] + [below], (1, 0)), nearest(row[0], row[1:] + [below], (0, 1))
    (0, 2)
    >>> nearest(row[0], row[1:], (-1, 0)) is None
    True
    >>> wide = pygame.Rect(0, 0, 100, 10)   # Down from a wide button: the next row, not the aligned one after it
    >>> next_row, aligned = pygame.Rect(0, 20, 20, 10), pygame.Rect(0, 40, 50, 10)
    >>> nearest(wide, [aligned, next_row], (0, 1))
    1
    >>> small, beside = pygame.Rect(0, 50, 20, 10), pygame.Rect(24, 50, 20, 10)  # Right: the next one in the row,
    >>> over = pygame.Rect(0, 38, 60, 10)                                        # not the wide one reaching over it
    >>> nearest(small, [over, beside], (1, 0))
    1
    >>> high = pygame.Rect(30, 0, 10, 10)  # Right: far up and only a little right is no way right
    >>> nearest(small, [high], (1, 0)) is None, nearest(small, [high], (0, -1))
    (True, 0)
    >>> nearest(small, [pygame.Rect(30, 62, 10, 10)], (1, 0)), nearest(small, [pygame.Rect(30, 62, 10, 10)], (1, 0), in_line=True)
    (0, None)
    """
    dx, dy = direction
    axis = 0 if dx else 1
    sign = dx or dy
    lo, hi = _span(current, axis)
    centre = (lo + hi) / 2.0
    across = _span(current, 1 - axis)
    slack = min(_span(current, 0)[1] - _span(current, 0)[0], _span(current, 1)[1] - _span(current, 1)[0]) / 2.0
    best: Optional[int] = None
    best_score = 0.0
    for i, r in enumerate(candidates):
        a0, a1 = _span(r, axis)
        if (a0 < centre) if sign > 0 else (a1 > centre):
            continue  # not that way
        ahead = max(0.0, a0 - hi) if sign > 0 else max(0.0, lo - a1)
        b0, b1 = _span(r, 1 - axis)
        aside = max(0.0, max(across[0], b0) - min(across[1], b1))
        if aside > (0.0 if in_line else 2.0 * ahead + slack):
            continue  # not in line, or more aside than that way
        off_centre = abs((b0 + b1) - (across[0] + across[1])) / 2.0
        score = ahead + 2.0 * aside + 0.01 * off_centre
        if best is None or score < best_score:
            best, best_score = i, score
    return best


def _span(r: RectLike, axis: int) -> Tuple[float, float]:
    """(start, end) of a rectangle across ``axis`` (0: x, 1: y)."""
    return (float(r[axis]), float(r[axis] + r[axis + 2]))
