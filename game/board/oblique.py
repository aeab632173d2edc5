"""The oblique view: the board in perspective from the chair of the player
nearest the screen, drawn with pygame polygons through a
:class:`~game.board.projection.Projection` (no OpenGL: it works wherever
pygame does, the SDL dummy driver included).

It draws the same :class:`~game.board.render.BoardView` as the top view, at
the places the :class:`~game.board.layout.Layout` gives (the single source of
geometry), lifted into 3-D: checkers with thickness and a shadow, dice and
the cube as shaded boxes (the dice tumble in perspective), borne-off
checkers on edge in the tray.  What does not move while the view is still
(wood, felt, points, numbers) is drawn once per view into a background.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import List, Optional, Tuple, Union

import pygame

from . import palette, viewbuttons
from .backdrop import draw_backdrop
from .layout import OFF, Layout
from .lifted import CHECKER_H, SLAB_Z, Lifted, Point, disc, number_room
from .projection import OBLIQUE, Projection, ViewAngles
from .render import BoardRenderer, BoardView, TextCache, area_box, board_box
from .solids import alpha_polygon
from .sprites import rungs
from .stage import LIFT_PER_SCALE, Stage

#: with the heights the tests measure with (from lifted.py and stage.py)
__all__ = ["ObliqueRenderer", "renderer_for", "CHECKER_H", "SLAB_Z", "LIFT_PER_SCALE"]


class ObliqueRenderer(BoardRenderer):
    """Draws BoardViews in perspective for one Layout and one view: the
    background through :func:`~game.board.backdrop.draw_backdrop`, what stands
    on the board through a :class:`~game.board.stage.Stage`, the geometry of
    the current projection in a :class:`~game.board.lifted.Lifted`."""

    def __init__(
        self,
        layout: Layout,
        text: Optional[TextCache] = None,
        show_numbers: bool = True,
        show_pips: bool = True,
        angles: Optional[ViewAngles] = None,
    ):
        angles = angles or ViewAngles(OBLIQUE)
        text = text or TextCache()
        #: where the board is fitted: its area less room for the far row's numbers above it
        x, y, w, h = area_box(layout)
        room = min(h / 4, number_room(layout, text))
        self.fit = (x, y + room, w, h - room)
        self.projection = Projection(board_box(layout), self.fit, replace(angles, mode=OBLIQUE))
        self._geo: Optional[Lifted] = None
        self._buttons: Optional[Tuple[Lifted, viewbuttons.Rects]] = None
        super().__init__(layout, text, show_numbers, show_pips)

    def _build(self) -> None:
        #: the checkers, dice and cube, projected once per view (and theme)
        self.stage = Stage()
        super()._build()

    @property
    def angles(self) -> ViewAngles:
        return self.projection.angles

    def set_angles(self, angles: ViewAngles) -> None:
        """Turn or zoom the view (the background is drawn anew)."""
        proj = Projection(board_box(self.layout), self.fit, replace(angles, mode=OBLIQUE))
        if proj.angles != self.projection.angles:
            self.projection = proj
            self.background = self._draw_background()

    @property
    def geo(self) -> Lifted:
        """The geometry of the current projection (made anew when it changes)."""
        if self._geo is None or self._geo.projection is not self.projection:
            self._geo = Lifted(self.layout, self.projection, self.text)
        return self._geo

    def view_button_rects(self) -> viewbuttons.Rects:
        """Where the view buttons are: just off the board's top-right corner as
        it is seen now (see :func:`~game.board.viewbuttons.placed`)."""
        geo = self.geo
        if self._buttons is None or self._buttons[0] is not geo:
            numbers = [rect for rect, _ in geo.number_places().values()] if self.show_numbers else []
            self._buttons = (geo, viewbuttons.placed(self.layout, geo.board_outline(), numbers))
        return self._buttons[1]

    def _draw_background(self) -> pygame.Surface:
        return draw_backdrop(self.geo, self.show_numbers, getattr(self, "background", None), self.flip_numbers)

    def screen_rect(self, plane: pygame.Rect, height: float = 0.0) -> pygame.Rect:
        """The screen rectangle that holds what stands on ``plane`` up to
        ``height`` (at least a checker's thickness), with its shadow."""
        return self.geo.screen_box(plane, max(height, CHECKER_H * self.layout.d))

    def hint_points(self, view: BoardView) -> List[pygame.Rect]:
        """What the hint talks about, on the screen: its arrows, from the
        checkers they start at to where they land (a turned column's box
        on the screen is too large to say), and the dice."""
        lay = self.layout
        r = lay.checker_radius * 1.2
        out = []
        for (ax, ay), (bx, by) in self.hint_segments(view):
            n = max(1, int(math.hypot(bx - ax, by - ay) / lay.d))
            for k in range(n + 1):
                x, y = ax + (bx - ax) * k / n, ay + (by - ay) * k / n
                out.append(self.screen_rect(pygame.Rect(int(x - r), int(y - r), int(2 * r) + 1, int(2 * r) + 1)))
        return out + [self.screen_rect(rect, rect.w) for rect in self.shown_dice_rects(view)]

    def lift_regions(self, plane: List[pygame.Rect]) -> List[pygame.Rect]:
        """What changed on the board's plane (as the top view finds it),
        lifted to the height of the dice and the cube and projected."""
        lift = (SLAB_Z + 0.05) * self.layout.d
        tall = 1.6 * self.layout.d  # dice and the cube stand taller
        dice = (self.layout.dice_area, self.layout.other_dice_area, self.layout.cube_col_rect)
        return [self.geo.screen_box(r, tall if r in dice else lift) for r in plane]

    def prompt_rect(self, text: str) -> pygame.Rect:
        return self.geo.label(None, text, "prompt", palette.theme().number, self._prompt_at())

    def pips_rect(self, view: BoardView, player: int) -> pygame.Rect:
        side = 0 if player == view.viewer else 1
        return self.geo.label(None, str(view.snap.pips[player]), "pips", palette.theme().number, self.layout.pips_pos(side))

    def _prompt_at(self) -> Point:
        return (float(self.layout.dice_area.centerx), float(self.layout.dice_area.centery))

    def _draw_static(self, surface: pygame.Surface, view: BoardView) -> None:
        lay, proj, t = self.layout, self.projection, palette.theme()
        snap = view.snap
        clip = surface.get_clip()
        whole = clip == surface.get_rect()

        def meets(centre_or_rect: Union[pygame.Rect, Point]) -> bool:
            """Does what is drawn there meet the part being drawn?"""
            if whole:
                return True
            if isinstance(centre_or_rect, pygame.Rect):
                rect = centre_or_rect
            else:
                x, y = centre_or_rect
                r = lay.checker_radius * 1.3
                rect = pygame.Rect(int(x - r), int(y - r), int(2 * r) + 1, int(2 * r) + 1)
            return self.geo.screen_box(rect, CHECKER_H * lay.d).colliderect(clip)

        for p in view.targets:
            if p == OFF:
                if meets(lay.tray_halves[0]):
                    alpha_polygon(surface, (*t.target, 110), self.geo.rect_poly(lay.tray_halves[0]))
            elif 1 <= p <= 24 and meets(lay.point_rect(p)):
                self._draw_target(surface, p)
        self.stage.draw(surface, self.geo, view)
        for p in view.movable:
            spot = self.top_slot(snap, view.viewer, p)
            if p != view.selected and meets(spot):
                self.geo.ring(surface, spot, t.target, 1.1, 0.07, t.dashed)
        if view.focus_step is not None:
            self.geo.ring(surface, self.top_slot(snap, view.viewer, view.focus_step[0]), t.focus, 1.18, 0.1)
        if view.selected is not None and snap.counts[view.viewer][view.selected] > 0:
            self.geo.ring(surface, self.top_slot(snap, view.viewer, view.selected), t.target, 1.18, 0.13)
        for g in view.ghosts:
            if not meets(g):
                continue
            pts = [(float(a), float(b)) for a, b in proj.many(disc(g, lay.checker_radius))]
            alpha_polygon(surface, (*t.checker[view.viewer], 120), pts)
        if view.focus is not None:
            self.geo.ring(surface, self.focus_spot(view), t.focus, 1.22, 0.1)
        for player in (0, 1) if self.show_pips else ():
            side = 0 if player == view.viewer else 1
            self.geo.label(surface, str(snap.pips[player]), "pips", t.number, lay.pips_pos(side))
        if view.prompt:
            self.geo.label(surface, view.prompt, "prompt", t.number, self._prompt_at())
        if view.hint:
            self._draw_hint_arrows(surface, view)
        if view.hint_lines:
            self._draw_hint_list(surface, view)
        if view.banner:
            self._draw_banner(surface, view)

    def _draw_target(self, surface: pygame.Surface, p: int) -> None:
        """Point ``p`` highlighted as a target (striped, edged, where the theme has it)."""
        t, lay = palette.theme(), self.layout
        corners = list(lay.triangle(p))
        tri = self.geo.poly(corners)
        width = max(2, int(lay.d * 0.05))
        alpha_polygon(surface, (*t.target, 110 if t.hatch else 150), tri)
        lines = [(tri, True)] + ([(self.geo.poly([a, b]), False) for a, b in rungs(corners)] if t.hatch else [])
        for colour, extra in ((t.keyline, 2), (t.target, 0)) if t.keyline is not None else ((t.target, 0),):
            for pts, closed in lines:
                pygame.draw.lines(surface, colour, closed, pts, width + extra)

    def _draw_hint_arrows(self, surface: pygame.Surface, view: BoardView) -> None:
        lay, proj = self.layout, self.projection
        z, hint = CHECKER_H * lay.d, palette.theme().hint
        for (ax, ay), (bx, by) in self.hint_segments(view):
            length = math.hypot(bx - ax, by - ay)
            if length < 1:
                continue
            ux, uy = (bx - ax) / length, (by - ay) / length
            head = min(length * 0.5, lay.d * 0.45)
            n = max(1, int((length - head) / max(6.0, lay.d * 0.28)))
            for i in range(n + 1):
                f = i * (length - head) / n
                x, y = ax + ux * f, ay + uy * f
                r = max(2, int(lay.d * 0.07 * proj.scale_at(x, y)))
                pygame.draw.circle(surface, hint, [round(c) for c in proj.to_screen(x, y, z)], r)
            base = (bx - ux * head, by - uy * head)
            wing = head * 0.55
            tri = [(bx, by), (base[0] - uy * wing, base[1] + ux * wing), (base[0] + uy * wing, base[1] - ux * wing)]
            pygame.draw.polygon(surface, hint, self.geo.poly(tri, z))

    def draw_moving(self, surface: pygame.Surface, view: BoardView) -> List[pygame.Rect]:
        return self.stage.draw_moving(surface, self.geo, view)


def renderer_for(layout: Layout, text: TextCache, show_numbers: bool, show_pips: bool, angles: ViewAngles) -> BoardRenderer:
    """The renderer of the view ``angles`` name: the top view's, or the oblique one."""
    if angles.mode == OBLIQUE:
        return ObliqueRenderer(layout, text, show_numbers, show_pips, angles)
    return BoardRenderer(layout, text, show_numbers, show_pips)
