"""Where things are on the board's plane for one :class:`BoardView` (the
layout's pixels, before any projection): the checkers' slots, the parts a
change touches, the dice, the cube.  Both views draw there."""

from __future__ import annotations

from typing import List, Tuple

import pygame

from engine.kinds import Phase

from ..play.happenings import Snapshot
from .layout import BAR_POINT, OFF, Layout
from .view import BoardView

Point = Tuple[float, float]


def top_slot(layout: Layout, snap: Snapshot, viewer: int, point: int) -> Point:
    """Centre of the viewer's top checker on ``point`` (for rings)."""
    n = snap.counts[viewer][point]
    return layout.slot(0, point, max(0, n - 1))


def landing_slot(layout: Layout, snap: Snapshot, viewer: int, point: int) -> Point:
    """Where a viewer's checker arriving at ``point`` would sit."""
    n = snap.counts[viewer][point]
    return layout.slot(0, point, n)


def focus_spot(layout: Layout, view: BoardView) -> Point:
    """Centre of the focus ring: on the focused checker, or where the
    selected checker would land on the focused target."""
    assert view.focus is not None
    kind, p = view.focus
    if kind == "checker":
        return top_slot(layout, view.snap, view.viewer, p)
    return landing_slot(layout, view.snap, view.viewer, p)


def region(layout: Layout, viewer_loc: int) -> pygame.Rect:
    """The column of a point (with room for rings), the bar or the tray."""
    if viewer_loc == BAR_POINT:
        return layout.bar_rect
    if viewer_loc == OFF:
        return layout.tray_rect
    pad = int(layout.d * 0.15) + 6
    return layout.point_rect(viewer_loc).inflate(pad, pad)


def view_counts(view: BoardView) -> List[List[int]]:
    """The checkers on each location of each player, less those hidden."""
    counts = [list(view.snap.counts[0]), list(view.snap.counts[1])]
    for player, loc in view.hidden:
        counts[player][loc] = max(0, counts[player][loc] - 1)
    return counts


def shown_dice_rects(layout: Layout, view: BoardView) -> List[pygame.Rect]:
    """Where the dice lie on the board in ``view`` (tumbling or still)."""
    if view.tumbling is not None:
        player = view.tumbling[0]
        return layout.dice_rects(0 if player == view.viewer else 1, 2)
    snap = view.snap
    if not snap.dice:
        return []
    n = 4 if snap.dice[0] == snap.dice[1] else 2
    return layout.dice_rects(0 if snap.turn == view.viewer else 1, n)


def cube_drawn(view: BoardView) -> bool:
    """Is the cube on the board: in a game played with the cube, or one set up with it turned."""
    return view.snap.cube_enabled or view.snap.cube_value != 1


def cube_shown(view: BoardView) -> int:
    """The number on the cube: the value offered while a double waits
    for its answer, 64 on a cube in the middle at 1, else its value."""
    snap = view.snap
    if snap.phase == Phase.DOUBLED:
        return snap.cube_value * 2
    return 64 if snap.cube_value == 1 else snap.cube_value


def cube_rect(layout: Layout, view: BoardView) -> pygame.Rect:
    """Where the cube is: offered, in the middle of the board (on the
    bar); else on its owner's side, or in the middle of its column."""
    snap = view.snap
    if snap.phase == Phase.DOUBLED:
        rect = layout.cube_rect(None)
        rect.center = layout.board_rect.center
        return rect
    owner_side = None if snap.cube_owner is None else (0 if snap.cube_owner == view.viewer else 1)
    return layout.cube_rect(owner_side)
