"""The two view buttons at the board's top-right corner: the top view and
the oblique view.  They are drawn as small icons (a square seen from above, a
board in perspective) with the board, hit-tested before it, and stand in the
focus chain with the other buttons (:class:`ViewButton`), so Tab, the arrows,
a remote's or a pad's d-pad and OK reach them as they reach the rest.

They sit in the corner the layout leaves free for them (the frame and the
top of the far tray, above that tray's checkers); a board too small for
buttons a finger can hit puts them just above its corner, or beside it.

>>> from game.board.layout import Layout
>>> lay = Layout((1280, 720))
>>> rects = button_rects(lay)
>>> at(lay, rects["oblique"].center), at(lay, (0, 0))
('oblique', None)
>>> lay.board_rect.contains(rects["top"].union(rects["oblique"]))
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Optional, Tuple

import pygame

from .layout import BOARD_W, FAR_TRAY_FREE, RIGHT_HALF, TOP_POINTS, Layout
from .projection import OBLIQUE, TOP, VIEWS

ICON = (236, 222, 196)
ACTIVE = (245, 197, 66)
FACE = (40, 30, 22)
FOCUS = (120, 200, 255)
#: a button's side: this share of a point's width, at least MIN_PX pixels
SHARE = 0.62
MIN_PX = 24


@dataclass(eq=False)
class ViewButton:
    """One view button as the focus chain knows it: where it is and the view it shows."""

    mode: str
    rect: pygame.Rect


def button_rects(layout: Layout) -> Dict[str, pygame.Rect]:
    """Screen rectangles of the buttons, side by side in the board's
    top-right corner (above or beside it when the corner is too small)."""
    d = layout.d
    s = max(MIN_PX, int(d * SHARE))
    gap = max(3, s // 6)
    br, area = layout.board_rect, pygame.Rect(layout.board_area)
    dx, dy = max(2, int(d * 0.08)), max(2, int(d * 0.05))
    # free in the corner: from the end of the points to the board's edge, down to the far tray's checkers
    fits = 2 * s + gap + dx <= (BOARD_W - RIGHT_HALF[1]) * d and s + dy <= (TOP_POINTS[0] + FAR_TRAY_FREE) * d
    if not fits and br.top - area.top >= s + 2 * dy:
        y, right = br.top - dy - s, br.right  # just above the board's corner
    elif not fits and area.right - br.right >= s + 2 * dx:
        x = br.right + dx  # beside it, one above the other
        return {TOP: pygame.Rect(x, br.top + dy, s, s), OBLIQUE: pygame.Rect(x, br.top + dy + s + gap, s, s)}
    else:
        y, right = br.top + dy, br.right - dx
    return {OBLIQUE: pygame.Rect(right - s, y, s, s), TOP: pygame.Rect(right - 2 * s - gap, y, s, s)}


def buttons(layout: Layout) -> Tuple[ViewButton, ...]:
    """Both buttons, left to right (for the focus chain)."""
    rects = button_rects(layout)
    return tuple(ViewButton(view, rects[view]) for view in VIEWS)


def area(layout: Layout) -> pygame.Rect:
    """The rectangle both buttons lie in."""
    rects = button_rects(layout)
    return rects[TOP].union(rects[OBLIQUE])


def at(layout: Layout, pos: Tuple[float, float]) -> Optional[str]:
    """The view whose button is under ``pos``, or None."""
    for mode, rect in button_rects(layout).items():
        if rect.collidepoint(int(pos[0]), int(pos[1])):
            return mode
    return None


def draw(surface: pygame.Surface, layout: Layout, mode: str, focused: Optional[str] = None) -> None:
    """Both buttons, the one of the view shown highlighted, the one with the
    keyboard focus (``focused``) ringed (inside its square, so drawing the
    buttons again always wipes an old ring)."""
    rects = button_rects(layout)
    for view in VIEWS:
        r = rects[view]
        on = view == mode
        radius = max(2, r.w // 6)
        pygame.draw.rect(surface, FACE, r, border_radius=radius)
        colour = ACTIVE if on else ICON
        if view == focused:
            pygame.draw.rect(surface, FOCUS, r, max(2, r.w // 7), border_radius=radius)
        else:
            pygame.draw.rect(surface, colour, r, max(1, r.w // 14), border_radius=radius)
        inner = r.inflate(-r.w // 2, -r.h // 2)
        w = max(1, r.w // 14)
        if view == TOP:
            pygame.draw.rect(surface, colour, inner, w)
            pygame.draw.line(surface, colour, (inner.centerx, inner.top), (inner.centerx, inner.bottom - 1), w)
        else:
            slant = inner.w // 4
            quad = [(inner.left + slant, inner.top), (inner.right - slant, inner.top), (inner.right, inner.bottom), (inner.left, inner.bottom)]
            pygame.draw.polygon(surface, colour, quad, w)
            pygame.draw.line(surface, colour, (inner.centerx, inner.top), (inner.centerx, inner.bottom - 1), w)
