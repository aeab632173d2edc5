"""The two view buttons at the board's top-right corner: the top view and
the oblique view.  They are drawn as small icons (a square seen from above, a
board in perspective) with the board, hit-tested before it, and stand in the
focus chain with the other buttons (:class:`ViewButton`), so Tab, the arrows,
a remote's or a pad's d-pad and OK reach them as they reach the rest.  The
button under the pointer or with the focus shows its name beside it
(:func:`tip_rect`, :func:`draw_tip`): the same words the settings use.

In the top view they sit in the corner the layout leaves free for them (the
frame and the top of the far tray, above that tray's checkers); a board too
small for buttons a finger can hit puts them just above its corner, or
beside it (:func:`button_rects`).  In the oblique view they stand just off
the board's top-right corner as it is seen, turned or zoomed: the nearest
place off the board and the far row's numbers (:func:`placed`), and only a
board zoomed in over the whole of its area has them over it (they are still
hit-tested first).

>>> from game.board.layout import Layout
>>> lay = Layout((1280, 720))
>>> rects = button_rects(lay)
>>> at(rects, rects["oblique"].center), at(rects, (0, 0))
('oblique', None)
>>> lay.board_rect.contains(area(rects))
True
>>> board = [(100.0, 100.0), (600.0, 100.0), (600.0, 400.0), (100.0, 400.0)]
>>> turned = placed(lay, board, [])
>>> any(overlaps(board, r) for r in turned.values()), turned["oblique"].left > turned["top"].right
(False, True)
"""

from __future__ import annotations

from typing import Callable, Dict, Optional, Sequence, Tuple

import numpy as np
import pygame

from . import palette
from .layout import BOARD_W, FAR_TRAY_FREE, RIGHT_HALF, TOP_POINTS, Layout
from .projection import OBLIQUE, TOP, VIEWS
from .text import TextCache

Point = Tuple[float, float]
Rects = Dict[str, pygame.Rect]
ICON = (236, 222, 196)
ACTIVE = (245, 197, 66)
FACE = (40, 30, 22)
FOCUS = (120, 200, 255)
#: the box a button's name is shown in
TIP_BACK = (20, 24, 29)
#: a button's side: this share of a point's width, at least MIN_PX pixels
SHARE = 0.62
MIN_PX = 24


class ViewButton:
    """One view button as the focus chain knows it: the view it shows, and
    where it is now (``where`` gives both buttons' rectangles: they move as
    the oblique view turns)."""

    def __init__(self, mode: str, where: Callable[[], Rects]):
        self.mode = mode
        self._where = where

    @property
    def rect(self) -> pygame.Rect:
        return self._where()[self.mode]


def _sizes(layout: Layout) -> Tuple[int, int, int, int]:
    """A button's side, the gap between the two, and the margins across and down."""
    d = layout.d
    s = max(MIN_PX, int(d * SHARE))
    return s, max(3, s // 6), max(2, int(d * 0.08)), max(2, int(d * 0.05))


def button_rects(layout: Layout) -> Rects:
    """Screen rectangles of the buttons in the top view, side by side in
    the board's top-right corner (above or beside it when the corner is too
    small)."""
    d = layout.d
    s, gap, dx, dy = _sizes(layout)
    br, area = layout.board_rect, pygame.Rect(layout.board_area)
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


def overlaps(outline: Sequence[Point], rect: pygame.Rect) -> bool:
    """Does ``rect`` meet the convex polygon ``outline``?"""
    return bool(_overlapping(np.asarray(outline, float), np.array([[rect.left, rect.top, rect.right, rect.bottom]], float))[0])


def _overlapping(poly: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """Which boxes (n, 4: left, top, right, bottom) meet the convex polygon
    ``poly`` (k, 2): no side of either separates them."""
    lo, hi = poly.min(axis=0), poly.max(axis=0)
    meet = (boxes[:, 0] < hi[0]) & (boxes[:, 2] > lo[0]) & (boxes[:, 1] < hi[1]) & (boxes[:, 3] > lo[1])
    corners = np.stack([boxes[:, [0, 1]], boxes[:, [2, 1]], boxes[:, [2, 3]], boxes[:, [0, 3]]], axis=1)  # (n, 4, 2)
    edges = np.roll(poly, -1, axis=0) - poly
    normals = np.stack([edges[:, 1], -edges[:, 0]], axis=1)  # (k, 2), outward when the polygon turns one way
    centre = poly.mean(axis=0)
    flip = np.einsum("kj,kj->k", centre - poly, normals) > 0
    normals[flip] *= -1
    side = np.einsum("nckj,kj->nck", corners[:, :, None, :] - poly[None, None, :, :], normals)
    apart = (side > 0).all(axis=1).any(axis=1)
    return np.asarray(meet & ~apart)


def placed(layout: Layout, outline: Sequence[Point], avoid: Sequence[pygame.Rect]) -> Rects:
    """The buttons in the oblique view, where the board is seen as the
    convex polygon ``outline`` (screen points): side by side just above and
    right of its top-right corner as seen, or the nearest place in the
    board's part of the window (along its top, down its right side) off the
    board and off the rectangles ``avoid`` (the far row's numbers); over
    the board, in that corner of the window, when the board is zoomed in
    so far that no such place is left."""
    s, gap, dx, dy = _sizes(layout)
    w, h = 2 * s + gap, s
    area = pygame.Rect(layout.board_area)
    x0, x1 = area.left + dx, area.right - dx - w
    y0, y1 = area.top + dy, area.bottom - dy - h
    poly = np.asarray(outline, float)
    cx, cy = poly[int(np.argmax(poly[:, 0] - poly[:, 1]))]  # the corner nearest the window's top right
    ideal = (cx + dx, cy - dy - h)
    margin = max(2.0, layout.d * 0.06)
    others = np.array([(r.left, r.top, r.right, r.bottom) for r in avoid], float).reshape(-1, 1, 4)

    def free(at: np.ndarray) -> np.ndarray:
        boxes = np.column_stack([at[:, 0] - margin, at[:, 1] - margin, at[:, 0] + w + margin, at[:, 1] + h + margin])
        hit = (boxes[:, 0] < others[..., 2]) & (boxes[:, 2] > others[..., 0]) & (boxes[:, 1] < others[..., 3]) & (boxes[:, 3] > others[..., 1])
        return np.asarray(~_overlapping(poly, boxes) & ~hit.any(axis=0))

    at = np.array([(min(max(ideal[0], x0), x1), min(max(ideal[1], y0), y1))], float)
    if not free(at)[0]:  # elsewhere along the top and down the right side, the nearest place free
        step = max(4, s // 2)
        spots = [(float(x), float(y0)) for x in range(x1, x0 - 1, -step)] + [(float(x1), float(y)) for y in range(y0 + step, y1 + 1, step)]
        more = np.array(spots, float)
        ok = free(more)
        if ok.any():
            far = (more[:, 0] - ideal[0]) ** 2 + (more[:, 1] - ideal[1]) ** 2
            at = more[[int(np.argmin(np.where(ok, far, np.inf)))]]
    x, y = int(round(at[0][0])), int(round(at[0][1]))
    return {TOP: pygame.Rect(x, y, s, s), OBLIQUE: pygame.Rect(x + s + gap, y, s, s)}


def buttons(where: Callable[[], Rects]) -> Tuple[ViewButton, ...]:
    """Both buttons, left to right (for the focus chain), placed by ``where``."""
    return tuple(ViewButton(view, where) for view in VIEWS)


def area(rects: Rects) -> pygame.Rect:
    """The rectangle both buttons lie in."""
    return rects[TOP].union(rects[OBLIQUE])


def at(rects: Rects, pos: Tuple[float, float]) -> Optional[str]:
    """The view whose button is under ``pos``, or None."""
    for mode, rect in rects.items():
        if rect.collidepoint(int(pos[0]), int(pos[1])):
            return mode
    return None


def draw(surface: pygame.Surface, rects: Rects, mode: str, focused: Optional[str] = None) -> None:
    """Both buttons at ``rects``, the one of the view shown highlighted, the
    one with the keyboard focus (``focused``) ringed (inside its square, so
    drawing the buttons again always wipes an old ring); in the theme's
    colours of the board's numbers, targets and focus (the standard theme's
    are :data:`ICON`, :data:`ACTIVE` and :data:`FOCUS`)."""
    t = palette.theme()
    for view in VIEWS:
        r = rects[view]
        on = view == mode
        radius = max(2, r.w // 6)
        pygame.draw.rect(surface, FACE, r, border_radius=radius)
        colour = t.target if on else t.number
        if view == focused:
            pygame.draw.rect(surface, t.focus, r, max(2, r.w // 7), border_radius=radius)
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


def _tip_px(layout: Layout) -> int:
    return max(12, int(layout.d * 0.36))


def tip_rect(text: TextCache, layout: Layout, rects: Rects, mode: str, words: str) -> pygame.Rect:
    """Where the name ``words`` of the view ``mode`` is shown: in a box just
    under the buttons, its right edge under the button's (above them when
    there is no room below), inside the board's part of the window."""
    label = text.render(words, _tip_px(layout), ICON)
    pad = max(3, label.get_height() // 4)
    box = pygame.Rect(0, 0, label.get_width() + 2 * pad, label.get_height() + pad)
    both, gap = area(rects), max(2, rects[mode].h // 6)
    bounds = pygame.Rect(layout.board_area)
    box.right, box.top = rects[mode].right, both.bottom + gap
    if box.bottom > bounds.bottom:
        box.bottom = both.top - gap
    return box.clamp(bounds)


def draw_tip(surface: pygame.Surface, text: TextCache, layout: Layout, rects: Rects, mode: str, words: str) -> pygame.Rect:
    """The name of the view ``mode`` in its box (opaque: drawing it again
    changes nothing); returns the box."""
    box = tip_rect(text, layout, rects, mode, words)
    icon = palette.theme().number
    label = text.render(words, _tip_px(layout), icon)
    pygame.draw.rect(surface, TIP_BACK, box, border_radius=max(2, box.h // 5))
    pygame.draw.rect(surface, icon, box, 1, border_radius=max(2, box.h // 5))
    surface.blit(label, label.get_rect(center=box.center))
    return box
