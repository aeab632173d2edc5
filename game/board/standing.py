"""Checkers standing still in the oblique view, each drawn once.

A checker at rest is drawn (with its shadow) into a sprite of its own the
first time it is needed for a projection; from then on, as long as the view
is still, drawing it is one blit, however often the parts of the board
around it are drawn again.  The places are kept, so a position that changes
re-projects only the checkers that moved.  While the view is turned or
zoomed (a new projection each frame) the checkers are drawn on one scratch
surface instead, and a sprite is made only when one is drawn again for the
same projection: no surfaces are made frame after frame.  Both ways give the
same pixels; the sprites kept are bounded.

Flying checkers are not kept: they are drawn straight onto the screen.

>>> import pygame
>>> from game.board.projection import OBLIQUE, Projection, ViewAngles
>>> proj = Projection((0, 0, 800, 600), (0, 0, 800, 600), ViewAngles(OBLIQUE))
>>> kept = StandingCheckers()
>>> first = kept.solids(proj, [(0, (100.0, 100.0), 0.0)], 20.0, 8.0, 2)
>>> second = kept.solids(proj, [(0, (100.0, 100.0), 0.0), (1, (150.0, 100.0), 0.0)], 20.0, 8.0, 2)
>>> len(kept), kept.projected       # the first checker was projected once
(2, 2)
"""

from __future__ import annotations

import math
from typing import Callable, List, Optional, Sequence, Tuple

import numpy as np
import pygame

from ..system.lru import Bounded
from . import palette
from .projection import Projection
from .solids import Scratch, Shadows, checker_rings, draw_checker

Point = Tuple[float, float]
#: what stands on the board: its distance from the eye, where it is on the screen, how to draw it
Solid = Tuple[float, pygame.Rect, Callable[[pygame.Surface], object]]
#: a checker at rest: its player, plane centre and the height of its bottom
Key = Tuple[int, float, float, float]


class AlphaShadows(Shadows):
    """Shadows drawn as translucent black into a sprite (blitted over the
    board they darken it as :class:`Shadows` does on the board itself)."""

    def ellipse(self, surface: pygame.Surface, outline: np.ndarray) -> pygame.Rect:
        x0, y0 = outline.min(axis=0)
        x1, y1 = outline.max(axis=0)
        rect = pygame.Rect(int(x0), int(y0), max(2, int(x1 - x0 + 1)), max(2, int(y1 - y0 + 1)))
        return pygame.draw.ellipse(surface, (0, 0, 0, round(255 * (1.0 - self.factor))), rect)


class _Standing:
    """One checker at rest: where it is seen, and its sprite once drawn."""

    __slots__ = ("depth", "box", "rings", "player", "ring_width", "sprite", "at", "seen")

    def __init__(self, depth: float, rings: np.ndarray, bounds: Sequence[float], player: int, ring_width: int, scratch_first: bool = False):
        """``bounds``: the least and the most x and y of ``rings`` on the screen."""
        lx, ly, hx, hy = bounds
        self.depth = depth
        self.box = pygame.Rect(int(lx) - 2, int(ly) - 2, int(hx - lx) + 5, int(hy - ly) + 5)
        self.rings = rings
        self.player = player
        self.ring_width = ring_width
        self.sprite: Optional[pygame.Surface] = None
        x0, y0 = math.floor(lx) - 2, math.floor(ly) - 2
        self.at = pygame.Rect(x0, y0, math.ceil(hx) + 3 - x0, math.ceil(hy) + 3 - y0)
        #: drawn once already (or to be drawn into a sprite at once)
        self.seen = not scratch_first

    def _paint(self, sprite: pygame.Surface) -> None:
        paint_checker(sprite, self.rings - np.array(self.at.topleft, float), self.player, _SHADOW, self.ring_width)

    def draw(self, surface: pygame.Surface) -> pygame.Rect:
        if self.sprite is not None:
            return surface.blit(self.sprite, self.at)
        if not self.seen:  # the first time, while the view moves: on the scratch surface, nothing kept
            self.seen = True
            patch = _SCRATCH.patch(self.at.w, self.at.h)
            patch.fill((0, 0, 0, 0))
            self._paint(patch)
            return surface.blit(patch, self.at)
        sprite = pygame.Surface(self.at.size, pygame.SRCALPHA)
        self._paint(sprite)
        self.sprite = sprite
        self.rings = self.rings[:0]  # no longer needed
        return surface.blit(sprite, self.at)


def paint_checker(surface: pygame.Surface, rings: np.ndarray, player: int, shadows: Optional[Shadows], ring_width: int) -> pygame.Rect:
    """:func:`~game.board.solids.draw_checker` in the theme drawn with now:
    its colours, its mark, its outline (as much wider than the ring on
    its top as the theme's checkers' edge is wider than the standard one)."""
    t = palette.theme()
    outline = int(ring_width * t.edge / 0.07) if t.edge > palette.STANDARD.edge else 0
    return draw_checker(surface, rings, t.checker[player], t.checker_edge[player], shadows, ring_width, t.mark[player], outline)


_SHADOW = AlphaShadows()
_SCRATCH = Scratch(pygame.SRCALPHA)


class StandingCheckers:
    """The checkers at rest of one projection, drawn once each."""

    #: checkers kept (a board shows at most 30, and the places they come from)
    LIMIT = 120

    def __init__(self) -> None:
        self._proj: Optional[Projection] = None
        self._kept: Bounded[Key, _Standing] = Bounded(self.LIMIT)
        #: the drawings made with this projection, and whether the view is moving
        #: (the last projection was replaced after at most one)
        self._passes = 0
        self._moving = True
        #: checkers projected so far
        self.projected = 0

    def __len__(self) -> int:
        return len(self._kept)

    @property
    def sprites(self) -> int:
        """How many of the checkers kept have a sprite of their own."""
        return sum(1 for kept in self._kept.values() if kept.sprite is not None)

    def solids(self, proj: Projection, items: Sequence[Tuple[int, Point, float]], radius: float, height: float, ring_width: int) -> List[Solid]:
        """Drawers for the checkers ``items`` (player, plane centre, height
        of the bottom) seen through ``proj``, each with its distance from the
        eye and its box on the screen; only new ones are projected."""
        if proj is not self._proj:
            self._moving = self._passes <= 1
            self._proj, self._passes = proj, 0
            self._kept.clear()
        self._passes += 1
        keys: List[Key] = [(p, float(c[0]), float(c[1]), float(z)) for p, c, z in items]
        new = [k for k in dict.fromkeys(keys) if k not in self._kept]
        if new:
            rings = checker_rings(proj, [(x, y, z) for _, x, y, z in new], radius, height)
            self.projected += len(new)
            bounds = np.concatenate((rings.min(axis=(1, 2)), rings.max(axis=(1, 2))), axis=1).tolist()
            for k, key in enumerate(new):
                self._kept.put(key, _Standing(proj.depth(key[1], key[2], key[3]), rings[k], bounds[k], key[0], ring_width, self._moving))
        out: List[Solid] = []
        for key in keys:
            got = self._kept.get(key)
            assert got is not None
            out.append((got.depth, got.box, got.draw))
        return out
