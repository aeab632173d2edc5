"""Where a box of words goes over the board: the first of its sizes (the
largest words first) that has a place covering nothing it must not (the
dice, the cube, the prompt, what a hint talks about) and nothing it had
rather not (the checkers, the targets), nearest the place it is meant for;
else the place that covers the fewest.  Plain rectangles on the screen:
both views use it."""

from __future__ import annotations

from functools import lru_cache
from typing import Iterator, List, Sequence, Tuple

import pygame

#: a rectangle as a tuple (x, y, w, h): hashable, so that a place once found is kept
Box = Tuple[int, int, int, int]
Size = Tuple[int, int]


def _starts(lo: int, hi: int, length: int, step: int) -> List[int]:
    """Where a box ``length`` long may start between ``lo`` and ``hi``:
    every ``step``, and where its far end meets one of those steps.

    >>> _starts(0, 10, 4, 3), _starts(0, 10, 12, 3)
    ([0, 2, 3, 5, 6], [0])
    """
    last = hi - length
    if last <= lo:
        return [lo]
    grid = range(lo, hi + 1, max(1, step))
    return sorted({x for x in grid if x <= last} | {g - length for g in grid if lo <= g - length <= last} | {last})


def _places(size: Size, area: pygame.Rect, outer: pygame.Rect, step: int) -> Iterator[pygame.Rect]:
    """Every place for a box of ``size`` in ``area`` (across ``outer`` where it is wider or taller than ``area``)."""
    w, h = size
    across = area if w <= area.width else outer
    down = area if h <= area.height else outer
    for y in _starts(down.top, down.bottom, h, step):
        for x in _starts(across.left, across.right, w, step):
            yield pygame.Rect(x, y, w, h)


def find_room(sizes: Sequence[Size], area: Box, outer: Box, must: Sequence[Box], rather: Sequence[Box],
              prefer: Tuple[int, int], step: int) -> Tuple[int, Box]:
    """(which of ``sizes``, where) a box goes in ``area`` (``outer`` where
    it is larger): the first size with a place that meets none of ``must``
    and none of ``rather``, the nearest such place to ``prefer``; else the
    place meeting the fewest of ``must``, then of ``rather``, the larger
    size first.

    >>> stack = (0, 0, 10, 40)  # checkers down the left of a 100 x 40 board
    >>> find_room([(60, 20), (30, 10)], (0, 0, 100, 40), (0, 0, 100, 40), [], [stack], (50, 20), 5)
    (0, (20, 10, 60, 20))
    >>> find_room([(95, 20), (30, 10)], (0, 0, 100, 40), (0, 0, 100, 40), [(80, 0, 20, 40)], [stack], (50, 20), 5)
    (1, (35, 15, 30, 10))
    """
    return _find(tuple(sizes), area, outer, tuple(must), tuple(rather), prefer, step)


@lru_cache(maxsize=64)
def _find(sizes: Tuple[Size, ...], area: Box, outer: Box, must: Tuple[Box, ...], rather: Tuple[Box, ...],
          prefer: Tuple[int, int], step: int) -> Tuple[int, Box]:
    inside, whole = pygame.Rect(area), pygame.Rect(outer)
    hard = [pygame.Rect(r) for r in must]
    soft = [pygame.Rect(r) for r in rather]
    px, py = prefer
    best: Tuple[int, int, int, int] = (1 << 30, 0, 0, 0)
    best_at: Tuple[int, Box] = (0, (0, 0, 0, 0))
    for i, size in enumerate(sizes):
        for place in _places(size, inside, whole, step):
            score = (len(place.collidelistall(hard)), len(place.collidelistall(soft)), i,
                     (place.centerx - px) ** 2 + (place.centery - py) ** 2)
            if score < best:
                best, best_at = score, (i, (place.x, place.y, place.w, place.h))
        if best[0] == 0 and best[1] == 0:
            break  # this size has a place that covers nothing: no smaller one is wanted
    return best_at
