"""What changed between two frames' :class:`BoardView` values: the parts of
the board's plane to draw again, or None when it is simpler to draw it all."""

from __future__ import annotations

from typing import List, Optional, Set, Tuple

import pygame

from engine.kinds import Phase

from .layout import BAR_POINT, OFF, Layout
from .places import focus_spot, region, view_counts
from .view import BoardView

#: more parts than this: the whole board is drawn again
MOST_PARTS = 6


def dirty_regions(layout: Layout, old: BoardView, new: BoardView, focus_size: Tuple[int, int]) -> Optional[List[pygame.Rect]]:
    """The parts of the board that differ between two views (to redraw only
    those), or None when it is simpler to redraw it all.  ``focus_size``:
    the size of the keyboard focus ring.  (The prompt and the view buttons
    stand on the screen: the renderer adds them, see
    :meth:`~game.board.render.BoardRenderer.dirty_regions`.)"""
    a, b = old.snap, new.snap
    if (
        old.viewer != new.viewer
        or old.banner != new.banner
        or old.prompt != new.prompt
        or old.hint != new.hint
        or old.hint_lines != new.hint_lines
        or (a.phase == Phase.DOUBLED) != (b.phase == Phase.DOUBLED)  # the cube goes to the middle and back
    ):
        return None
    lay = layout
    locs: Set[int] = set()
    bars: Set[int] = set()  # the sides whose half of the bar changed
    ca, cb = view_counts(old), view_counts(new)
    for player in (0, 1):
        for loc in range(26):
            if ca[player][loc] != cb[player][loc]:
                if loc == BAR_POINT:
                    bars.add(0 if player == new.viewer else 1)
                    continue
                vloc = loc if player == new.viewer or loc == OFF else 25 - loc
                if loc == OFF and player != new.viewer:
                    vloc = -1  # the other side's tray half
                locs.add(vloc)
    locs |= set(old.movable) ^ set(new.movable)
    locs |= set(old.targets) ^ set(new.targets)
    if old.selected != new.selected:
        locs |= {p for p in (old.selected, new.selected) if p is not None}
    if old.focus_step != new.focus_step:
        for fs in (old.focus_step, new.focus_step):
            if fs is not None:
                locs |= set(fs)
    focus_rects = []
    if old.focus != new.focus:
        for v in (old, new):
            if v.focus is not None:
                locs.add(v.focus[1])
                x, y = focus_spot(lay, v)
                ring = pygame.Rect((0, 0), focus_size)
                ring.center = (round(x), round(y))
                focus_rects.append(ring)
    if old.ghosts != new.ghosts:
        for g in list(old.ghosts) + list(new.ghosts):
            hit = lay.hit(g)
            if isinstance(hit, int):
                locs.add(hit)
    rects = [lay.tray_rect if loc == -1 else region(lay, loc) for loc in locs] + [bar_half(lay, side) for side in bars] + focus_rects
    shown_a, shown_b = still_dice(old), still_dice(new)
    if shown_a != shown_b:  # the dice lying still: the halves they were and are in
        for side in {shown[0] for shown in (shown_a, shown_b) if shown}:
            rects.append(lay.dice_area if side == 0 else lay.other_dice_area)
    if a.pips != b.pips or (a.cube_enabled, a.cube_value, a.cube_owner) != (b.cube_enabled, b.cube_value, b.cube_owner):
        rects.append(lay.cube_col_rect)
    if len(rects) > MOST_PARTS:
        return None
    return rects


def bar_half(layout: Layout, side: int) -> pygame.Rect:
    """The half of the bar a side's checkers stand on (side 0 the near one)."""
    r = layout.bar_rect
    mid = r.centery
    return pygame.Rect(r.left, mid, r.w, r.bottom - mid) if side == 0 else pygame.Rect(r.left, r.top, r.w, mid - r.top)


def still_dice(view: BoardView) -> Optional[Tuple[int, Tuple[int, int], Tuple[int, ...]]]:
    """The dice lying still in ``view`` (the side they lie on, the throw,
    what is left of it), or None (no dice, or they tumble: they are drawn
    as they move)."""
    snap = view.snap
    if view.tumbling is not None or not snap.dice:
        return None
    return (0 if snap.turn == view.viewer else 1, snap.dice, snap.remaining)
