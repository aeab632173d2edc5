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
from functools import partial
from typing import Callable, Dict, List, Optional, Tuple, Union

import numpy as np
import pygame
import pygame.gfxdraw

from . import viewbuttons
from .layout import BAR_POINT, MAX_BAR, MAX_STACK, OFF, Layout
from .projection import OBLIQUE, Projection, ViewAngles
from .render import (
    dice_row,
    BAR_HALO,
    BG,
    CHECKER,
    CHECKER_EDGE,
    CHECKER_TEXT,
    CUBE_FACE,
    CUBE_TEXT,
    DIE,
    FELT,
    GOLD,
    HINT,
    NUMBER,
    PIP,
    POINT_A,
    POINT_B,
    TRAY,
    WOOD,
    WOOD_DARK,
    BoardRenderer,
    BoardView,
    TextCache,
    area_box,
    board_box,
)
from .standing import StandingCheckers
from .solids import SHADOW_SLANT, Shadows, alpha_polygon, checker_rings, circle_outline, draw_box, draw_checker, draw_slabs, face_values, shade

Point = Tuple[float, float]
#: something standing on the board: its distance from the eye, where it is on the screen, how to draw it
Solid = Tuple[float, pygame.Rect, Callable[[pygame.Surface], object]]
#: a view's solids projected: bar halos, borne-off slabs, solids far to near, count labels
Staged = Tuple[
    List[Tuple[Tuple[int, int, int], List[Point]]],
    List[Tuple[Tuple[float, float, float, float], float, Tuple[int, int, int]]],
    List[Solid],
    List[Tuple[int, Point, str]],
]
FOCUS_BLUE = (120, 200, 255)
#: heights in units of a point's width
CHECKER_H = 0.2
BOARD_T = 0.45
SLAB_Z = 0.42
#: how high a flying checker rises per unit of its scale above 1
LIFT_PER_SCALE = 4.0
DIE_SPIN = (-7.0, 9.0, -4.0, 6.0)


class ObliqueRenderer(BoardRenderer):
    """Draws BoardViews in perspective for one Layout and one view."""

    def __init__(
        self,
        layout: Layout,
        text: Optional[TextCache] = None,
        show_numbers: bool = True,
        show_pips: bool = True,
        angles: Optional[ViewAngles] = None,
    ):
        angles = angles or ViewAngles(OBLIQUE)
        self.projection = Projection(board_box(layout), area_box(layout), replace(angles, mode=OBLIQUE))
        self.shadows = Shadows()
        #: the checkers at rest, each drawn once while the view is still
        self.standing = StandingCheckers()
        #: screen boxes of plane rectangles, for the projection they were found with
        self._boxes: Dict[Tuple[int, int, int, int, float], pygame.Rect] = {}
        self._boxes_for: Optional[Projection] = None
        self._staged: Optional[Tuple[BoardView, Projection, Staged]] = None
        super().__init__(layout, text, show_numbers, show_pips)

    @property
    def angles(self) -> ViewAngles:
        return self.projection.angles

    def set_angles(self, angles: ViewAngles) -> None:
        """Turn or zoom the view (the background is drawn anew)."""
        proj = Projection(board_box(self.layout), area_box(self.layout), replace(angles, mode=OBLIQUE))
        if proj.angles != self.projection.angles:
            self.projection = proj
            self.background = self._draw_background()

    @property
    def _tray_box(self) -> pygame.Rect:
        return self._screen_box(self.layout.tray_rect, (SLAB_Z + 0.05) * self.layout.d)

    # -- the background -----------------------------------------------------------------
    def _poly(self, pts: List[Point], z: float = 0.0) -> List[Point]:
        arr = np.array([(x, y, z) for x, y in pts], float)
        return [(float(a), float(b)) for a, b in self.projection.many(arr)]

    def _rect_poly(self, r: pygame.Rect, z: float = 0.0) -> List[Point]:
        return self._poly([(r.left, r.top), (r.right, r.top), (r.right, r.bottom), (r.left, r.bottom)], z)

    def _draw_background(self) -> pygame.Surface:
        lay, proj = self.layout, self.projection
        surf = getattr(self, "background", None)
        if surf is None or surf.get_size() != lay.size:
            surf = pygame.Surface(lay.size).convert() if pygame.display.get_surface() else pygame.Surface(lay.size)
        surf.fill(BG)
        d = lay.d
        br = lay.board_rect
        t = BOARD_T * d
        # the board's shadow on the table, its sides, its top
        sx, sy = 0.35 * t, 0.3 * t
        shadow = [(br.left + sx, br.top + sy), (br.right + sx, br.top + sy), (br.right + sx, br.bottom + sy), (br.left + sx, br.bottom + sy)]
        pygame.draw.polygon(surf, shade(BG, 0.6), self._poly(shadow, -t))
        ex, ey, _ = proj.eye()
        x0, y0, x1, y1 = br.left, br.top, br.right, br.bottom
        sides = []
        if ey > y1:
            sides.append(([(x0, y1), (x1, y1)], 0.75))
        if ey < y0:
            sides.append(([(x1, y0), (x0, y0)], 0.75))
        if ex < x0:
            sides.append(([(x0, y0), (x0, y1)], 0.6))
        if ex > x1:
            sides.append(([(x1, y1), (x1, y0)], 0.6))
        for (a, b), f in sides:
            quad = self._poly([a, b], 0.0) + self._poly([b, a], -t)
            pygame.draw.polygon(surf, shade(WOOD_DARK, f), quad)
        top = self._rect_poly(br)
        pygame.draw.polygon(surf, WOOD, top)
        pygame.draw.lines(surf, WOOD_DARK, True, top, max(1, int(d * 0.05)))
        for felt in (lay.left_felt, lay.right_felt):
            pygame.draw.polygon(surf, FELT, self._rect_poly(felt))
        pygame.draw.polygon(surf, WOOD_DARK, self._rect_poly(lay.bar_rect.inflate(0, -int(d * 0.2))))
        for half in lay.tray_halves:
            pygame.draw.polygon(surf, TRAY, self._rect_poly(half.inflate(int(d * 0.1), int(d * 0.1))))
        corners = np.array([(x, y, 0.0) for p in range(1, 25) for x, y in lay.triangle(p)], float)
        triangles = proj.many(corners).reshape(24, 3, 2).tolist()  # all the points at once
        for p in range(1, 25):
            colour = POINT_A if p % 2 else POINT_B
            tri = [(x, y) for x, y in triangles[p - 1]]
            pygame.draw.polygon(surf, colour, tri)
            pygame.gfxdraw.aapolygon(surf, [(round(x), round(y)) for x, y in tri], colour)
            if self.show_numbers:
                self._label(surf, str(p), "number", NUMBER, lay.number_pos(p))
        return surf

    # -- what is where, in three dimensions -------------------------------------------------
    def _checkers(self, surface: pygame.Surface, items: List[Tuple[int, Point, float]], shadow: bool = True) -> List["Solid"]:
        """Drawers for checkers (player, plane centre, height of the bottom),
        projected together, each with its distance from the eye."""
        lay, proj = self.layout, self.projection
        rings = checker_rings(proj, [(c[0], c[1], z) for _, c, z in items], lay.checker_radius, CHECKER_H * lay.d)
        width = self._checker_ring_width()
        shadows = self.shadows if shadow else None
        out: List[Solid] = []
        if not items:
            return out
        lo, hi = rings.min(axis=(1, 2)), rings.max(axis=(1, 2))
        for k, (player, centre, z) in enumerate(items):
            box = pygame.Rect(int(lo[k][0]) - 2, int(lo[k][1]) - 2, int(hi[k][0] - lo[k][0]) + 5, int(hi[k][1] - lo[k][1]) + 5)
            draw = partial(draw_checker, rings=rings[k], fill=CHECKER[player], edge=CHECKER_EDGE[player], shadows=shadows, ring_width=width)
            out.append((proj.depth(centre[0], centre[1], z), box, draw))
        return out

    def _checker_ring_width(self) -> int:
        """The width of the ring on a checker's top."""
        return int(self.layout.checker_radius * self.projection.scale_at(*self.layout.board_rect.center) * 0.07)

    def _ring(self, surface: pygame.Surface, centre: Point, colour: Tuple[int, int, int], scale: float, width: float) -> pygame.Rect:
        lay = self.layout
        w = int(max(2.0, lay.d * width * self.projection.scale_at(*centre)))
        return circle_outline(surface, self.projection, centre, CHECKER_H * lay.d, lay.checker_radius * scale, colour, w)

    def _label(self, surface: Optional[pygame.Surface], text: str, role: str, colour: Tuple[int, ...], at: Point, z: float = 0.0) -> pygame.Rect:
        """Words on the board at ``at`` (height ``z``), sized by their distance;
        without a surface only where they would go."""
        size = max(8, int(self.layout.font_px(role) * self.projection.scale_at(at[0], at[1], z)) // 2 * 2)
        label = self.text.render(text, size, colour)
        x, y = self.projection.to_screen(at[0], at[1], z)
        if surface is None:
            return label.get_rect(center=(round(x), round(y)))
        return self.blit_centered(surface, label, (x, y))

    def _solids(self, surface: pygame.Surface, view: BoardView) -> None:
        """Everything standing on the board (slabs, checkers, dice, cube), far
        to near; only what meets the surface's clip (a part redrawn)."""
        if self._staged is None or self._staged[0] is not view or self._staged[1] is not self.projection:
            self._staged = (view, self.projection, self._stage(surface, view))
        halos, slabs, solids, labels = self._staged[2]
        clip = surface.get_clip()
        whole = clip == surface.get_rect()
        for colour, poly in halos:
            pygame.draw.polygon(surface, colour, poly)
        if slabs and (whole or self._tray_box.colliderect(clip)):
            draw_slabs(surface, self.projection, slabs)
        for _, box, draw in solids:
            if whole or box.colliderect(clip):
                draw(surface)
        for player, centre, text in labels:
            self._label(surface, text, "count", CHECKER_TEXT[player], centre, CHECKER_H * self.layout.d)

    def _stage(self, surface: pygame.Surface, view: BoardView) -> Staged:
        """What :meth:`_solids` draws for ``view``, projected once (the parts of
        one frame share it)."""
        lay, proj = self.layout, self.projection
        counts = self._counts(view)
        d = lay.d
        items: List[Tuple[int, Point, float]] = []
        labels: List[Tuple[int, Point, str]] = []
        halos: List[Tuple[Tuple[int, int, int], List[Point]]] = []
        slabs = []
        for player in (0, 1):
            side = 0 if player == view.viewer else 1
            c = counts[player]
            for loc in range(1, 26):
                n = c[loc]
                shown = min(n, MAX_BAR if loc == BAR_POINT else MAX_STACK)
                halo = BAR_HALO[player] if loc == BAR_POINT else None
                for i in range(shown):
                    items.append((player, lay.slot(side, loc, i), 0.0))
                    if halo is not None:  # a dark checker on the dark bar stands out
                        halos.append((halo, proj.many(_disc(lay.slot(side, loc, i), lay.checker_radius * 1.18)).tolist()))
                if n > shown:
                    labels.append((player, lay.slot(side, loc, shown - 1), str(n)))
            for i in range(c[OFF]):
                r = lay.slab_rect(side, i)
                inset = r.h * 0.05
                slabs.append(((float(r.left), r.top + inset, float(r.right), r.bottom - inset), SLAB_Z * d, CHECKER[player]))
        solids = self.standing.solids(proj, items, lay.checker_radius, CHECKER_H * d, self._checker_ring_width())
        if view.tumbling is None:
            solids.extend(self._dice_solids(view))
        snap = view.snap
        if snap.cube_enabled or snap.cube_value != 1:
            r = self.cube_rect(view)
            centre = (float(r.centerx), float(r.centery))
            value = str(self.cube_shown(view))
            solids.append((proj.depth(*centre), self._screen_box(r, r.w), partial(self._cube, centre=centre, width=r.w, value=value)))
        solids.sort(key=lambda item: -item[0])
        return halos, slabs, solids, labels

    def _cube(self, surface: pygame.Surface, centre: Point, width: int, value: str) -> None:
        half = width / 2
        draw_box(surface, self.projection, centre, 0.0, (half, half, half), CUBE_FACE)
        self._label(surface, value, "cube", CUBE_TEXT, centre, width)

    def _dice_solids(self, view: BoardView) -> List["Solid"]:
        snap = view.snap
        if not snap.dice:
            return []
        dice, used = dice_row(snap)
        side = 0 if snap.turn == view.viewer else 1
        out: List[Solid] = []
        for k, (rect, v, u) in enumerate(zip(self.layout.dice_rects(side, len(dice)), dice, used)):
            centre = (float(rect.centerx), float(rect.centery))
            box = self._screen_box(rect.inflate(rect.w // 2, rect.h // 2), rect.w * 1.2)
            out.append((self.projection.depth(*centre), box, self._die_drawer(snap.turn, centre, rect.w, v, u, DIE_SPIN[k], 0.0, 0.0)))
        return out

    def _die_drawer(
        self, player: int, centre: Point, width: int, value: int, used: bool, spin: float, roll: float, hop: float, keep: bool = True
    ) -> Callable[[pygame.Surface], pygame.Rect]:
        """How to draw a die (``keep``: it stands still, its polygons are kept)."""
        colour = shade(DIE[player], 0.55) if used else DIE[player]
        pip = PIP[player]
        half = width / 2

        def draw(surface: pygame.Surface) -> pygame.Rect:
            return draw_box(surface, self.projection, centre, hop, (half, half, half), colour, spin, roll, face_values(value), pip, keep=keep)

        return draw

    # -- drawing -------------------------------------------------------------------------------
    def _screen_box(self, plane: pygame.Rect, height: float) -> pygame.Rect:
        """The screen rectangle that holds whatever stands on ``plane`` (a
        rectangle of the board plane) up to ``height``, with its shadow."""
        if self._boxes_for is not self.projection:  # (kept while the view is still)
            self._boxes_for, self._boxes = self.projection, {}
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

    def screen_rect(self, plane: pygame.Rect, height: float = 0.0) -> pygame.Rect:
        """The screen rectangle that holds what stands on ``plane`` up to
        ``height`` (at least a checker's thickness), with its shadow."""
        return self._screen_box(plane, max(height, CHECKER_H * self.layout.d))

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

    def dirty_regions(self, old: BoardView, new: BoardView) -> Optional[List[pygame.Rect]]:
        """What changed (as the top view finds it on the board's plane),
        lifted to the height of the dice and the cube and projected."""
        prompt_changed = old.prompt != new.prompt
        plane = super().dirty_regions(replace(old, prompt=new.prompt, view_focus=new.view_focus), new)
        if plane is None:
            return None
        lift = (SLAB_Z + 0.05) * self.layout.d
        tall = 1.6 * self.layout.d  # dice and the cube stand taller
        dice = (self.layout.dice_area, self.layout.other_dice_area, self.layout.cube_col_rect)
        rects = [self._screen_box(r, tall if r in dice else lift) for r in plane]
        if prompt_changed:  # the prompt's words, as they were and as they are
            rects += [self._prompt_rect(v.prompt).inflate(6, 6) for v in (old, new) if v.prompt]
        if old.view_focus != new.view_focus:  # the buttons stand on the screen, not on the board
            rects.append(viewbuttons.area(self.layout))
        return rects

    def _prompt_rect(self, text: str) -> pygame.Rect:
        return self._label(None, text, "prompt", NUMBER, self._prompt_at())

    def _prompt_at(self) -> Point:
        return (float(self.layout.dice_area.centerx), float(self.layout.dice_area.centery))

    def _draw_static(self, surface: pygame.Surface, view: BoardView) -> None:
        lay, proj = self.layout, self.projection
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
            return self._screen_box(rect, CHECKER_H * lay.d).colliderect(clip)

        for p in view.targets:
            if p == OFF:
                if meets(lay.tray_halves[0]):
                    alpha_polygon(surface, (*GOLD, 110), self._rect_poly(lay.tray_halves[0]))
            elif 1 <= p <= 24 and meets(lay.point_rect(p)):
                tri = self._poly(list(lay.triangle(p)))
                alpha_polygon(surface, (*GOLD, 150), tri)
                pygame.draw.lines(surface, GOLD, True, tri, max(2, int(lay.d * 0.05)))
        self._solids(surface, view)
        for p in view.movable:
            spot = self.top_slot(snap, view.viewer, p)
            if p != view.selected and meets(spot):
                self._ring(surface, spot, GOLD, 1.1, 0.07)
        if view.focus_step is not None:
            self._ring(surface, self.top_slot(snap, view.viewer, view.focus_step[0]), FOCUS_BLUE, 1.18, 0.1)
        if view.selected is not None and snap.counts[view.viewer][view.selected] > 0:
            self._ring(surface, self.top_slot(snap, view.viewer, view.selected), GOLD, 1.18, 0.13)
        for g in view.ghosts:
            if not meets(g):
                continue
            pts = [(float(a), float(b)) for a, b in proj.many(_disc(g, lay.checker_radius))]
            alpha_polygon(surface, (*CHECKER[view.viewer], 120), pts)
        if view.focus is not None:
            self._ring(surface, self.focus_spot(view), FOCUS_BLUE, 1.22, 0.1)
        for player in (0, 1) if self.show_pips else ():
            side = 0 if player == view.viewer else 1
            self._label(surface, str(snap.pips[player]), "pips", NUMBER, lay.pips_pos(side))
        if view.prompt:
            self._label(surface, view.prompt, "prompt", NUMBER, self._prompt_at())
        if view.hint:
            self._draw_hint_arrows(surface, view)
        if view.hint_lines:
            self._draw_hint_list(surface, view)
        if view.banner:
            self._draw_banner(surface, view)

    def _draw_hint_arrows(self, surface: pygame.Surface, view: BoardView) -> None:
        lay, proj = self.layout, self.projection
        z = CHECKER_H * lay.d
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
                pygame.draw.circle(surface, HINT, [round(c) for c in proj.to_screen(x, y, z)], r)
            base = (bx - ux * head, by - uy * head)
            wing = head * 0.55
            tri = [(bx, by), (base[0] - uy * wing, base[1] + ux * wing), (base[0] + uy * wing, base[1] - ux * wing)]
            pygame.draw.polygon(surface, HINT, self._poly(tri, z))

    def draw_moving(self, surface: pygame.Surface, view: BoardView) -> List[pygame.Rect]:
        rects: List[pygame.Rect] = []
        lay = self.layout
        if view.tumbling is not None:
            player, faces = view.tumbling
            side = 0 if player == view.viewer else 1
            for k, (rect, (face, angle, hop)) in enumerate(zip(lay.dice_rects(side, 2), faces)):
                centre = (float(rect.centerx), float(rect.centery))
                die = self._die_drawer(player, centre, rect.w, face, False, DIE_SPIN[k] + angle, angle * 0.6, hop * rect.h * 1.6, keep=False)
                rects.append(die(surface))
        flying = [(player, centre, max(0.0, (scale - 1.0) * LIFT_PER_SCALE * lay.d)) for player, centre, scale in view.flying]
        for _, _box, draw in sorted(self._checkers(surface, flying), key=lambda item: -item[0]):
            drawn = draw(surface)
            if isinstance(drawn, pygame.Rect):
                rects.append(drawn)
        return [r.inflate(4, 4) for r in rects]


def _disc(centre: Point, radius: float) -> np.ndarray:
    from .solids import ring

    return ring(centre[0], centre[1], 0.0, radius)


def renderer_for(layout: Layout, text: TextCache, show_numbers: bool, show_pips: bool, angles: ViewAngles) -> BoardRenderer:
    """The renderer of the view ``angles`` name: the top view's, or the oblique one."""
    if angles.mode == OBLIQUE:
        return ObliqueRenderer(layout, text, show_numbers, show_pips, angles)
    return BoardRenderer(layout, text, show_numbers, show_pips)
