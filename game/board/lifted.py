"""The board's plane lifted into 3-D under one
:class:`~game.board.projection.Projection`: polygons of the plane at a height,
the screen boxes of what stands on the plane (kept while the view is still),
words on the board sized by their distance, rings on checkers' tops.

The oblique view makes a new :class:`Lifted` whenever its projection changes
(the player turns or zooms the board), so nothing here outlives the view it
was found for.
"""

from __future__ import annotations

from typing import Dict, List, Optional, Tuple

import numpy as np
import pygame

from . import palette
from .layout import Layout
from .projection import Projection
from .solids import SHADOW_SLANT, circle_outline, convex_hull, ring
from .text import TextCache

Point = Tuple[float, float]
#: heights in units of a point's width
CHECKER_H = 0.2
BOARD_T = 0.45
SLAB_Z = 0.42


#: the gap between a far point's number and what stands nearest it, in units of d
NUMBER_GAP = 0.06


def number_room(layout: Layout, text: TextCache) -> int:
    """Screen pixels the far row's numbers take above the board's far edge
    (the oblique view fits the board below them)."""
    label = text.render("24", layout.font_px("number"), palette.theme().number)
    return label.get_height() + int((CHECKER_H + 3 * NUMBER_GAP) * layout.d)


def disc(centre: Point, radius: float) -> np.ndarray:
    """A flat circle on the board's plane (its outline's points in 3-D)."""
    return ring(centre[0], centre[1], 0.0, radius)


def blit_centered(surface: pygame.Surface, sprite: pygame.Surface, centre: Point) -> pygame.Rect:
    w, h = sprite.get_size()
    return surface.blit(sprite, (round(centre[0] - w / 2), round(centre[1] - h / 2)))


class Lifted:
    """Geometry of one layout seen through one projection."""

    def __init__(self, layout: Layout, projection: Projection, text: TextCache):
        self.layout = layout
        self.projection = projection
        self.text = text
        #: screen boxes of plane rectangles, by rectangle and height
        self._boxes: Dict[Tuple[int, int, int, int, float], pygame.Rect] = {}
        self._numbers: Optional[Dict[int, Tuple[pygame.Rect, int]]] = None
        self._outline: Optional[List[Point]] = None

    def poly(self, pts: List[Point], z: float = 0.0) -> List[Point]:
        """Points of the plane at height ``z``, on the screen."""
        arr = np.array([(x, y, z) for x, y in pts], float)
        return [(float(a), float(b)) for a, b in self.projection.many(arr)]

    def rect_poly(self, r: pygame.Rect, z: float = 0.0) -> List[Point]:
        return self.poly([(r.left, r.top), (r.right, r.top), (r.right, r.bottom), (r.left, r.bottom)], z)

    def screen_box(self, plane: pygame.Rect, height: float) -> pygame.Rect:
        """The screen rectangle that holds whatever stands on ``plane`` (a
        rectangle of the board plane) up to ``height``, with its shadow."""
        key = (plane.x, plane.y, plane.w, plane.h, height)
        box = self._boxes.get(key)
        if box is None:
            sx, sy = SHADOW_SLANT
            x0, y0 = plane.left, plane.top
            x1, y1 = plane.right + sx * height, plane.bottom + sy * height
            pts = np.array([(x, y, z) for x in (x0, x1) for y in (y0, y1) for z in (0.0, height)], float)
            scr = self.projection.many(pts)
            lo, hi = scr.min(axis=0), scr.max(axis=0)
            box = pygame.Rect(int(lo[0]) - 3, int(lo[1]) - 3, int(hi[0] - lo[0]) + 7, int(hi[1] - lo[1]) + 7)
            if len(self._boxes) > 400:
                self._boxes.clear()
            self._boxes[key] = box
        return box.copy()

    def screen_boxes(self, planes: List[pygame.Rect], heights: List[float]) -> List[pygame.Rect]:
        """:meth:`screen_box` of many rectangles, projected at once (not kept)."""
        sx, sy = SHADOW_SLANT
        pts = np.empty((len(planes), 8, 3))
        for k, (plane, height) in enumerate(zip(planes, heights)):
            x1, y1 = plane.right + sx * height, plane.bottom + sy * height
            pts[k] = [(x, y, z) for x in (plane.left, x1) for y in (plane.top, y1) for z in (0.0, height)]
        scr = self.projection.many(pts.reshape(-1, 3)).reshape(len(planes), 8, 2)
        lo, hi = scr.min(axis=1).tolist(), scr.max(axis=1).tolist()
        return [pygame.Rect(int(a[0]) - 3, int(a[1]) - 3, int(b[0] - a[0]) + 7, int(b[1] - a[1]) + 7) for a, b in zip(lo, hi)]

    @property
    def tray_box(self) -> pygame.Rect:
        """The screen box of the tray with its borne-off checkers."""
        return self.screen_box(self.layout.tray_rect, (SLAB_Z + 0.05) * self.layout.d)

    def label(self, surface: Optional[pygame.Surface], text: str, role: str, colour: Tuple[int, ...], at: Point, z: float = 0.0) -> pygame.Rect:
        """Words on the board at ``at`` (height ``z``), sized by their distance;
        without a surface only where they would go."""
        label = self.text.render(text, self.label_size(role, at, z), colour)
        x, y = self.projection.to_screen(at[0], at[1], z)
        if surface is None:
            return label.get_rect(center=(round(x), round(y)))
        return blit_centered(surface, label, (x, y))

    def number_places(self) -> Dict[int, Tuple[pygame.Rect, int]]:
        """Where each point's number is written, and its size: the near
        row's in the frame; the far row's beyond the board's far edge, above
        whatever can stand on the far points (in the frame the checkers
        standing there would hide them)."""
        if self._numbers is None:
            lay, proj = self.layout, self.projection
            d, top = lay.d, float(lay.board_rect.top)
            gap = max(2, int(NUMBER_GAP * d))
            height = CHECKER_H * d
            # the checkers nearest the far edge, the far tray's first, the bar's: their boxes on the screen
            r = lay.checker_radius
            spots = [lay.slot(0, p, 0) for p in range(13, 25)] + [lay.slot(1, 25, 0)]
            planes = [pygame.Rect(int(x - r), int(y - r), int(2 * r) + 1, int(2 * r) + 1) for x, y in spots] + [lay.slab_rect(1, 0)]
            boxes = self.screen_boxes(planes, [height] * len(spots) + [SLAB_Z * d])
            places: Dict[int, Tuple[pygame.Rect, int]] = {}
            number = palette.theme().number
            for p in range(1, 25):
                x, y = lay.number_pos(p)
                if p <= 12:
                    size = self.label_size("number", (x, y))
                    places[p] = (self.label(None, str(p), "number", number, (x, y)), size)
                    continue
                size = self.label_size("number", (x, top))
                rect = pygame.Rect((0, 0), self.text.render(str(p), size, number).get_size())
                ax, ay = proj.to_screen(x, top, height)
                rect.midbottom = (round(ax), round(ay) - gap)
                for box in boxes:  # moved up above any that reaches it
                    if box.left < rect.right + gap and rect.left - gap < box.right and box.top - gap < rect.bottom:
                        rect.bottom = box.top - gap
                places[p] = (rect, size)
            self._numbers = places
        return self._numbers

    def board_outline(self) -> List[Point]:
        """The board as it is seen (its top, its sides, its shadow on the
        table): a convex polygon of screen points."""
        if self._outline is None:
            br, t = self.layout.board_rect, BOARD_T * self.layout.d
            sx, sy = SHADOW_SLANT[0] * t, SHADOW_SLANT[1] * t
            pts: List[Tuple[float, float, float]] = [(x, y, z) for x in (br.left, br.right) for y in (br.top, br.bottom) for z in (0.0, -t)]
            pts += [(x + sx, y + sy, -t) for x in (br.left, br.right) for y in (br.top, br.bottom)]
            self._outline = convex_hull([(float(a), float(b)) for a, b in self.projection.many(np.array(pts, float))])
        return self._outline

    def label_size(self, role: str, at: Point, z: float = 0.0) -> int:
        """The font size of words of ``role`` at ``at`` (height ``z``), sized by their distance."""
        return max(8, int(self.layout.font_px(role) * self.projection.scale_at(at[0], at[1], z)) // 2 * 2)

    def checker_ring_width(self) -> int:
        """The width of the ring on a checker's top."""
        return int(self.layout.checker_radius * self.projection.scale_at(*self.layout.board_rect.center) * 0.07)

    def ring(self, surface: pygame.Surface, centre: Point, colour: Tuple[int, int, int], scale: float, width: float, dashed: bool = False) -> pygame.Rect:
        """A ring round the top of a checker at ``centre`` (``scale``: of a
        checker's radius), with the theme's keyline along it; ``dashed``: in dashes."""
        lay = self.layout
        w = int(max(2.0, lay.d * width * self.projection.scale_at(*centre)))
        z, r = CHECKER_H * lay.d, lay.checker_radius * scale
        keyline = palette.theme().keyline
        if keyline is not None:
            circle_outline(surface, self.projection, centre, z, r, keyline, w + 4, dashed)
        return circle_outline(surface, self.projection, centre, z, r, colour, w, dashed)
