"""The views' backgrounds, in the theme drawn with now: the board with what
does not move while the view is still (the wood, the felt, the bar, the
trays, the points and their numbers), drawn once per window size for the top
view (:func:`draw_flat`) and once per view in perspective, with the board's
shadow and sides (:func:`draw_backdrop`)."""

from __future__ import annotations

from typing import List, Optional, Tuple

import numpy as np
import pygame
import pygame.gfxdraw

from ..system.window import opaque_surface
from . import palette
from .layout import Layout
from .lifted import BOARD_T, Lifted
from .solids import shade
from .text import TextCache

Point = Tuple[float, float]


def number_label(p: int, flip: bool) -> str:
    """The number written at the viewer's point ``p``: its own, or (``flip``) the other side's."""
    return str(25 - p if flip else p)


def draw_flat(lay: Layout, text: TextCache, show_numbers: bool, flip: bool = False) -> pygame.Surface:
    """The top view's background for ``lay`` (``flip``: the points numbered from the other side)."""
    t = palette.theme()
    surf = opaque_surface(lay.size)
    surf.fill(t.bg)
    pygame.draw.rect(surf, t.wood, lay.board_rect, border_radius=max(2, int(lay.d * 0.15)))
    pygame.draw.rect(surf, t.wood_dark, lay.board_rect, max(1, int(lay.d * 0.06)), border_radius=max(2, int(lay.d * 0.15)))
    for felt in (lay.left_felt, lay.right_felt):
        pygame.draw.rect(surf, t.felt, felt)
    pygame.draw.rect(surf, t.wood_dark, lay.bar_rect.inflate(0, -int(lay.d * 0.2)))
    for half in lay.tray_halves:
        pygame.draw.rect(surf, t.tray, half.inflate(int(lay.d * 0.1), int(lay.d * 0.1)), border_radius=max(1, int(lay.d * 0.08)))
    for p in range(1, 25):
        _point(surf, t, p, [(round(x), round(y)) for x, y in lay.triangle(p)], lay.d)
        if show_numbers:
            num = text.render(number_label(p, flip), lay.font_px("number"), t.number)
            surf.blit(num, num.get_rect(center=lay.number_pos(p)))
    return surf


def _point(surf: pygame.Surface, t: palette.Theme, p: int, tri: List[Point], d: float) -> None:
    """Point ``p``'s triangle ``tri`` (screen corners), edged where the theme edges them."""
    colour = t.point_a if p % 2 else t.point_b
    pygame.draw.polygon(surf, colour, tri)
    pygame.gfxdraw.aapolygon(surf, [(round(x), round(y)) for x, y in tri], colour)
    if t.point_edge is not None:
        pygame.draw.polygon(surf, t.point_edge, tri, max(1, int(d * 0.03)))


def draw_backdrop(geo: Lifted, show_numbers: bool, surf: Optional[pygame.Surface] = None, flip: bool = False) -> pygame.Surface:
    """The background seen through ``geo``'s projection, drawn on ``surf``
    when it has the layout's size (else on a new surface)."""
    lay, proj = geo.layout, geo.projection
    th = palette.theme()
    if surf is None or surf.get_size() != lay.size:
        surf = opaque_surface(lay.size)
    surf.fill(th.bg)
    d = lay.d
    br = lay.board_rect
    t = BOARD_T * d
    # the board's shadow on the table, its sides, its top
    sx, sy = 0.35 * t, 0.3 * t
    shadow = [(br.left + sx, br.top + sy), (br.right + sx, br.top + sy), (br.right + sx, br.bottom + sy), (br.left + sx, br.bottom + sy)]
    pygame.draw.polygon(surf, shade(th.bg, 0.6), geo.poly(shadow, -t))
    ex, ey, _ = proj.eye()
    x0, y0, x1, y1 = br.left, br.top, br.right, br.bottom
    sides: List[Tuple[List[Point], float]] = []
    if ey > y1:
        sides.append(([(x0, y1), (x1, y1)], 0.75))
    if ey < y0:
        sides.append(([(x1, y0), (x0, y0)], 0.75))
    if ex < x0:
        sides.append(([(x0, y0), (x0, y1)], 0.6))
    if ex > x1:
        sides.append(([(x1, y1), (x1, y0)], 0.6))
    for (a, b), f in sides:
        quad = geo.poly([a, b], 0.0) + geo.poly([b, a], -t)
        pygame.draw.polygon(surf, shade(th.wood_dark, f), quad)
    top = geo.rect_poly(br)
    pygame.draw.polygon(surf, th.wood, top)
    pygame.draw.lines(surf, th.wood_dark, True, top, max(1, int(d * 0.05)))
    for felt in (lay.left_felt, lay.right_felt):
        pygame.draw.polygon(surf, th.felt, geo.rect_poly(felt))
    pygame.draw.polygon(surf, th.wood_dark, geo.rect_poly(lay.bar_rect.inflate(0, -int(d * 0.2))))
    for half in lay.tray_halves:
        pygame.draw.polygon(surf, th.tray, geo.rect_poly(half.inflate(int(d * 0.1), int(d * 0.1))))
    corners = np.array([(x, y, 0.0) for p in range(1, 25) for x, y in lay.triangle(p)], float)
    triangles = proj.many(corners).reshape(24, 3, 2).tolist()  # all the points at once
    for p in range(1, 25):
        _point(surf, th, p, [(x, y) for x, y in triangles[p - 1]], d)
    if show_numbers:  # the far row's beyond the far edge (see Lifted.number_places)
        for p, (rect, size) in geo.number_places().items():
            label = geo.text.render(number_label(p, flip), size, th.number)
            surf.blit(label, label.get_rect(center=rect.center))
    return surf
