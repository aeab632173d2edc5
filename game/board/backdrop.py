"""The oblique view's background: the board in perspective with what does
not move while the view is still (its shadow, sides and top, the felt, the
bar, the trays, the points and their numbers), drawn once per view."""

from __future__ import annotations

from typing import List, Optional, Tuple

import numpy as np
import pygame
import pygame.gfxdraw

from ..system.window import opaque_surface
from .lifted import BOARD_T, Lifted
from .palette import BG, FELT, NUMBER, POINT_A, POINT_B, TRAY, WOOD, WOOD_DARK
from .solids import shade

Point = Tuple[float, float]


def draw_backdrop(geo: Lifted, show_numbers: bool, surf: Optional[pygame.Surface] = None) -> pygame.Surface:
    """The background seen through ``geo``'s projection, drawn on ``surf``
    when it has the layout's size (else on a new surface)."""
    lay, proj = geo.layout, geo.projection
    if surf is None or surf.get_size() != lay.size:
        surf = opaque_surface(lay.size)
    surf.fill(BG)
    d = lay.d
    br = lay.board_rect
    t = BOARD_T * d
    # the board's shadow on the table, its sides, its top
    sx, sy = 0.35 * t, 0.3 * t
    shadow = [(br.left + sx, br.top + sy), (br.right + sx, br.top + sy), (br.right + sx, br.bottom + sy), (br.left + sx, br.bottom + sy)]
    pygame.draw.polygon(surf, shade(BG, 0.6), geo.poly(shadow, -t))
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
        pygame.draw.polygon(surf, shade(WOOD_DARK, f), quad)
    top = geo.rect_poly(br)
    pygame.draw.polygon(surf, WOOD, top)
    pygame.draw.lines(surf, WOOD_DARK, True, top, max(1, int(d * 0.05)))
    for felt in (lay.left_felt, lay.right_felt):
        pygame.draw.polygon(surf, FELT, geo.rect_poly(felt))
    pygame.draw.polygon(surf, WOOD_DARK, geo.rect_poly(lay.bar_rect.inflate(0, -int(d * 0.2))))
    for half in lay.tray_halves:
        pygame.draw.polygon(surf, TRAY, geo.rect_poly(half.inflate(int(d * 0.1), int(d * 0.1))))
    corners = np.array([(x, y, 0.0) for p in range(1, 25) for x, y in lay.triangle(p)], float)
    triangles = proj.many(corners).reshape(24, 3, 2).tolist()  # all the points at once
    for p in range(1, 25):
        colour = POINT_A if p % 2 else POINT_B
        tri = [(x, y) for x, y in triangles[p - 1]]
        pygame.draw.polygon(surf, colour, tri)
        pygame.gfxdraw.aapolygon(surf, [(round(x), round(y)) for x, y in tri], colour)
    if show_numbers:  # the far row's beyond the far edge (see Lifted.number_places)
        for p, (rect, size) in geo.number_places().items():
            surf.blit(geo.text.render(str(p), size, NUMBER), rect)
    return surf
