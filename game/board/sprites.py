"""The top view's sprites: checkers, rings, dice, slabs and highlights,
drawn once per layout (supersampled, so their edges are smooth) and blitted
each frame."""

from __future__ import annotations

import math
from typing import Dict, List, Optional, Sequence, Tuple

import pygame

from . import palette
from .layout import Layout

SS = 4  # supersampling for smooth sprites
Colour = Sequence[int]

#: the spots of each face of a die on a 3x3 grid
SPOTS = {
    1: [(1, 1)],
    2: [(0, 0), (2, 2)],
    3: [(0, 0), (1, 1), (2, 2)],
    4: [(0, 0), (2, 0), (0, 2), (2, 2)],
    5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
    6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
}


def fast(surface: pygame.Surface) -> pygame.Surface:
    """The surface in the display's pixel format (faster to blit), when there is a display."""
    return surface.convert_alpha() if pygame.display.get_surface() is not None else surface


def circle_sprite(
    diameter: int, fill: Colour, edge: Colour, ring_width: float = 0.0, alpha: int = 255, edge_share: float = 0.1, mark: Optional[Colour] = None
) -> pygame.Surface:
    """A checker (``fill`` inside an ``edge`` ``edge_share`` of its radius
    wide, a cross of ``mark`` on it), or a ring ``ring_width`` wide."""
    big = pygame.Surface((diameter * SS, diameter * SS), pygame.SRCALPHA)
    c = diameter * SS // 2
    r = c - SS
    if ring_width:
        pygame.draw.circle(big, fill, (c, c), r, max(1, int(ring_width * SS)))
    else:
        pygame.draw.circle(big, edge, (c, c), r)
        pygame.draw.circle(big, fill, (c, c), int(r * (1.0 - edge_share)))
        ring = tuple(max(0, min(255, int(v * 0.88 + e * 0.12))) for v, e in zip(fill, edge))
        pygame.draw.circle(big, ring, (c, c), int(r * 0.62), max(1, int(r * 0.06)))
        if mark is not None:
            for (ax, ay), (bx, by) in cross(c, c, r * 0.5):
                pygame.draw.line(big, mark, (ax, ay), (bx, by), max(1, int(r * 0.16)))
    s = pygame.transform.smoothscale(big, (diameter, diameter))
    if alpha < 255:
        s.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    return fast(s)


def cross(x: float, y: float, r: float) -> List[Tuple[Tuple[float, float], Tuple[float, float]]]:
    """The two strokes of the mark on a checker centred at (x, y), ``r`` long from the centre."""
    k = r / math.sqrt(2)
    return [((x - k, y - k), (x + k, y + k)), ((x - k, y + k), (x + k, y - k))]


def ring_sprite(diameter: int, colour: Colour, width: float, keyline: Optional[Colour] = None, dashed: bool = False) -> pygame.Surface:
    """A ring ``width`` wide; with a ``keyline`` along both its sides; ``dashed``: in twelve dashes."""
    big = pygame.Surface((diameter * SS, diameter * SS), pygame.SRCALPHA)
    c = diameter * SS // 2
    w = max(1, int(width * SS))
    k = max(SS, w // 3) if keyline is not None else 0
    r = c - SS
    if keyline is not None:
        pygame.draw.circle(big, keyline, (c, c), r, w + 2 * k)
    pygame.draw.circle(big, colour, (c, c), r - k, w)
    if dashed:  # cut the gaps out (drawing does not blend: the pixels become clear)
        far = c * 1.5
        for n in range(12):
            a0, a1 = math.radians(n * 30 + 18), math.radians(n * 30 + 30)
            gap = [(c, c), (c + far * math.cos(a0), c + far * math.sin(a0)), (c + far * math.cos(a1), c + far * math.sin(a1))]
            pygame.draw.polygon(big, (0, 0, 0, 0), gap)
    return fast(pygame.transform.smoothscale(big, (diameter, diameter)))


Point = Tuple[float, float]


def rungs(tri: Sequence[Point], n: int = 4) -> List[Tuple[Point, Point]]:
    """Stripes across a point's triangle (its two base corners, then its
    tip): the targets' pattern where a theme stripes them."""
    (ax, ay), (bx, by), (tx, ty) = tri
    out = []
    for i in range(n):
        f = (i + 0.6) / (n + 0.4)
        out.append(((ax + (tx - ax) * f, ay + (ty - ay) * f), (bx + (tx - bx) * f, by + (ty - by) * f)))
    return out


def target_sprite(size: Tuple[int, int], top: bool, d: float) -> pygame.Surface:
    """The highlight of a target point (``top``: of the far row), in the theme drawn with now."""
    t = palette.theme()
    s = pygame.Surface(size, pygame.SRCALPHA)
    w, h = size
    tip = h * 0.92
    pts = [(0, 0), (w, 0), (w / 2, tip)] if top else [(0, h), (w, h), (w / 2, h - tip)]
    edge = max(2, int(d * 0.05))
    pygame.draw.polygon(s, (*t.target, 110 if t.hatch else 150), pts)
    if t.hatch:
        for a, b in rungs(pts):
            if t.keyline is not None:
                pygame.draw.line(s, t.keyline, a, b, edge + 2)
            pygame.draw.line(s, t.target, a, b, edge)
    if t.keyline is not None:
        pygame.draw.polygon(s, t.keyline, pts, edge + 2)
    pygame.draw.polygon(s, (*t.target, 255), pts, edge)
    return s


def die_sprite(size: int, player: int, value: int) -> pygame.Surface:
    """A die of ``player``'s colour showing ``value``."""
    t = palette.theme()
    big = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
    n = size * SS
    pygame.draw.rect(big, t.checker_edge[player], big.get_rect(), border_radius=n // 6)
    pygame.draw.rect(big, t.die[player], big.get_rect().inflate(-n // 14, -n // 14), border_radius=n // 7)
    for gx, gy in SPOTS[value]:
        pygame.draw.circle(big, t.pip[player], (int(n * (0.25 + 0.25 * gx)), int(n * (0.25 + 0.25 * gy))), n // 11)
    return fast(pygame.transform.smoothscale(big, (size, size)))


class Sprites:
    """Every sprite of the top view for one layout, in the theme drawn with
    when they were made (:attr:`theme`)."""

    def __init__(self, layout: Layout):
        lay = layout
        t = palette.theme()
        #: the name of the theme the sprites are drawn in
        self.theme = t.name
        d = max(4, int(round(lay.d)))
        self.checker = [circle_sprite(d, t.checker[p], t.checker_edge[p], edge_share=t.edge, mark=t.mark[p]) for p in (0, 1)]
        halo_d = int(d * 1.18)
        self.bar_halo: List[Optional[pygame.Surface]] = [None if c is None else circle_sprite(halo_d, c, c) for c in t.bar_halo]
        self.ghost = [circle_sprite(d, t.checker[p], t.checker_edge[p], alpha=110, edge_share=t.edge, mark=t.mark[p]) for p in (0, 1)]
        self.ring = ring_sprite(d + 6 + (4 if t.keyline else 0), t.target, max(2.0, d * 0.07), t.keyline, t.dashed)
        self.ring_selected = ring_sprite(d + 10 + (4 if t.keyline else 0), t.target, max(3.0, d * 0.13), t.keyline)
        self.pip_dot = [circle_sprite(max(4, d // 3), t.checker[p], t.checker_edge[p], edge_share=t.edge) for p in (0, 1)]
        self.focus_ring = ring_sprite(d + 10 + (4 if t.keyline else 0), t.focus, max(3.0, d * 0.1), t.keyline)
        self._scaled: Dict[Tuple[int, int], pygame.Surface] = {}
        # dice: two sizes (2 dice, 4 dice), both colours, faces 1..6; used ones dimmed
        self.dice: Dict[Tuple[int, int, int, bool], pygame.Surface] = {}
        for n in (2, 4):
            size = lay.dice_rects(0, n)[0].width
            for p in (0, 1):
                for v in range(1, 7):
                    face = die_sprite(max(4, size), p, v)
                    dim = face.copy()
                    dim.fill((255, 255, 255, 90), special_flags=pygame.BLEND_RGBA_MULT)
                    self.dice[(n, p, v, False)] = face
                    self.dice[(n, p, v, True)] = dim
        # slabs: borne-off checkers seen from the side
        r = lay.slab_rect(0, 0)
        self.slab = []
        for p in (0, 1):
            s = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.rect(s, t.checker_edge[p], s.get_rect(), border_radius=max(1, r.height // 3))
            pygame.draw.rect(s, t.checker[p], s.get_rect().inflate(-2, -2), border_radius=max(1, r.height // 3))
            mark = t.mark[p]
            if mark is not None:  # the side's mark, a stripe along the slab
                pygame.draw.line(s, mark, (r.w // 5, r.h // 2), (r.w - r.w // 5, r.h // 2), max(1, r.h // 4))
            self.slab.append(s)
        # target highlight for top and bottom points
        pr = lay.point_rect(1)
        self.target_overlay = {top: target_sprite(pr.size, top, lay.d) for top in (True, False)}
        tr = lay.tray_halves[0]
        s = pygame.Surface(tr.size, pygame.SRCALPHA)
        s.fill((*t.target, 90))
        if t.keyline is not None:
            pygame.draw.rect(s, t.keyline, s.get_rect(), max(2, int(lay.d * 0.06)) + 3)
        pygame.draw.rect(s, t.target, s.get_rect(), max(2, int(lay.d * 0.06)))
        self.tray_overlay = s

    def scaled_checker(self, player: int, scale: float) -> pygame.Surface:
        """A checker ``scale`` times its size (kept by twentieths)."""
        key = (player, int(scale * 20))
        s = self._scaled.get(key)
        if s is None:
            base = self.checker[player]
            size = max(2, int(base.get_width() * key[1] / 20))
            s = self._scaled[key] = pygame.transform.smoothscale(base, (size, size))
        return s
