"""The two view buttons at the board's top-right corner: the top view and
the oblique view.  They are drawn as small icons (a square seen from above, a
board in perspective) with the board, and hit-tested before it.

>>> from game.board.layout import Layout
>>> lay = Layout((1280, 720))
>>> rects = button_rects(lay)
>>> at(lay, rects["oblique"].center), at(lay, (0, 0))
('oblique', None)
"""

from __future__ import annotations

from typing import Dict, Optional, Tuple

import pygame

from .layout import Layout
from .projection import OBLIQUE, TOP, VIEWS

ICON = (236, 222, 196)
ACTIVE = (245, 197, 66)
FACE = (40, 30, 22)


def button_rects(layout: Layout) -> Dict[str, pygame.Rect]:
    """Screen rectangles of the buttons, side by side inside the board's top-right corner."""
    s = max(24, int(layout.d * 0.62))
    gap = max(3, s // 6)
    br = layout.board_rect
    y = br.top + max(2, int(layout.d * 0.05))
    right = br.right - max(2, int(layout.d * 0.08))
    return {
        OBLIQUE: pygame.Rect(right - s, y, s, s),
        TOP: pygame.Rect(right - 2 * s - gap, y, s, s),
    }


def at(layout: Layout, pos: Tuple[float, float]) -> Optional[str]:
    """The view whose button is under ``pos``, or None."""
    for mode, rect in button_rects(layout).items():
        if rect.collidepoint(int(pos[0]), int(pos[1])):
            return mode
    return None


def draw(surface: pygame.Surface, layout: Layout, mode: str) -> None:
    """Both buttons, the one of the view shown highlighted."""
    for view in VIEWS:
        r = button_rects(layout)[view]
        on = view == mode
        radius = max(2, r.w // 6)
        pygame.draw.rect(surface, FACE, r, border_radius=radius)
        pygame.draw.rect(surface, ACTIVE if on else ICON, r, max(1, r.w // 14), border_radius=radius)
        colour = ACTIVE if on else ICON
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
