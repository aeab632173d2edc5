"""The top view's sprites: checkers, rings, dice, slabs and highlights,
drawn once per layout (supersampled, so their edges are smooth) and blitted
each frame."""

from __future__ import annotations

from typing import Dict, List, Optional, Sequence, Tuple

import pygame

from .layout import Layout
from .palette import BAR_HALO, CHECKER, CHECKER_EDGE, DIE, FOCUS_BLUE, GOLD, PIP

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


def circle_sprite(diameter: int, fill: Colour, edge: Colour, ring_width: float = 0.0, alpha: int = 255) -> pygame.Surface:
    """A checker (``fill`` inside an ``edge``), or a ring ``ring_width`` wide."""
    big = pygame.Surface((diameter * SS, diameter * SS), pygame.SRCALPHA)
    c = diameter * SS // 2
    r = c - SS
    if ring_width:
        pygame.draw.circle(big, fill, (c, c), r, max(1, int(ring_width * SS)))
    else:
        pygame.draw.circle(big, edge, (c, c), r)
        pygame.draw.circle(big, fill, (c, c), int(r * 0.9))
        ring = tuple(max(0, min(255, int(v * 0.88 + e * 0.12))) for v, e in zip(fill, edge))
        pygame.draw.circle(big, ring, (c, c), int(r * 0.62), max(1, int(r * 0.06)))
    s = pygame.transform.smoothscale(big, (diameter, diameter))
    if alpha < 255:
        s.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    return fast(s)


def die_sprite(size: int, player: int, value: int) -> pygame.Surface:
    """A die of ``player``'s colour showing ``value``."""
    big = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
    n = size * SS
    pygame.draw.rect(big, CHECKER_EDGE[player], big.get_rect(), border_radius=n // 6)
    pygame.draw.rect(big, DIE[player], big.get_rect().inflate(-n // 14, -n // 14), border_radius=n // 7)
    for gx, gy in SPOTS[value]:
        pygame.draw.circle(big, PIP[player], (int(n * (0.25 + 0.25 * gx)), int(n * (0.25 + 0.25 * gy))), n // 11)
    return fast(pygame.transform.smoothscale(big, (size, size)))


class Sprites:
    """Every sprite of the top view for one layout."""

    def __init__(self, layout: Layout):
        lay = layout
        d = max(4, int(round(lay.d)))
        self.checker = [circle_sprite(d, CHECKER[p], CHECKER_EDGE[p]) for p in (0, 1)]
        halo_d = int(d * 1.18)
        self.bar_halo: List[Optional[pygame.Surface]] = [None if c is None else circle_sprite(halo_d, c, c) for c in BAR_HALO]
        self.ghost = [circle_sprite(d, CHECKER[p], CHECKER_EDGE[p], alpha=110) for p in (0, 1)]
        self.ring = circle_sprite(d + 6, GOLD, GOLD, ring_width=max(2.0, d * 0.07))
        self.ring_selected = circle_sprite(d + 10, GOLD, GOLD, ring_width=max(3.0, d * 0.13))
        self.pip_dot = [circle_sprite(max(4, d // 3), CHECKER[p], CHECKER_EDGE[p]) for p in (0, 1)]
        self.focus_ring = circle_sprite(d + 10, FOCUS_BLUE, FOCUS_BLUE, ring_width=max(3.0, d * 0.1))
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
            pygame.draw.rect(s, CHECKER_EDGE[p], s.get_rect(), border_radius=max(1, r.height // 3))
            pygame.draw.rect(s, CHECKER[p], s.get_rect().inflate(-2, -2), border_radius=max(1, r.height // 3))
            self.slab.append(s)
        # target highlight for top and bottom points
        pr = lay.point_rect(1)
        self.target_overlay = {}
        for top in (True, False):
            s = pygame.Surface(pr.size, pygame.SRCALPHA)
            w, h = pr.size
            tip = h * 0.92
            pts = [(0, 0), (w, 0), (w / 2, tip)] if top else [(0, h), (w, h), (w / 2, h - tip)]
            pygame.draw.polygon(s, (*GOLD, 150), pts)
            pygame.draw.polygon(s, (*GOLD, 255), pts, max(2, int(lay.d * 0.05)))
            self.target_overlay[top] = s
        tr = lay.tray_halves[0]
        s = pygame.Surface(tr.size, pygame.SRCALPHA)
        s.fill((*GOLD, 90))
        pygame.draw.rect(s, GOLD, s.get_rect(), max(2, int(lay.d * 0.06)))
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
