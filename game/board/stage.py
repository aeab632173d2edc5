"""What stands on the board in the oblique view, drawn far to near: the
checkers at rest (kept by :class:`~game.board.standing.StandingCheckers`),
the dark bar's halos, the borne-off checkers on edge in the tray, the dice
and the cube as shaded boxes, the counts of tall stacks; and what moves this
frame (flying checkers, tumbling dice)."""

from __future__ import annotations

from functools import partial
from typing import Callable, List, Optional, Tuple

import pygame

from . import palette, places
from .layout import BAR_POINT, MAX_BAR, MAX_STACK, OFF
from .lifted import CHECKER_H, SLAB_Z, Lifted, Point, disc
from .solids import Shadows, Slab, checker_rings, draw_box, draw_slabs, face_values, prepare_dice, shade
from .standing import StandingCheckers, paint_checker
from .view import BoardView, dice_row

#: something standing on the board: its distance from the eye, where it is on the screen, how to draw it
Solid = Tuple[float, pygame.Rect, Callable[[pygame.Surface], object]]
#: a view's solids projected: bar halos, borne-off slabs, solids far to near, count labels
Staged = Tuple[
    List[Tuple[Tuple[int, int, int], List[Point]]],
    List[Slab],
    List[Solid],
    List[Tuple[int, Point, str]],
]
#: how high a flying checker rises per unit of its scale above 1
LIFT_PER_SCALE = 4.0
DIE_SPIN = (-7.0, 9.0, -4.0, 6.0)


class Stage:
    """The solids of the views drawn, projected once per view and projection."""

    def __init__(self) -> None:
        self.shadows = Shadows()
        #: the checkers at rest, each drawn once while the view is still
        self.standing = StandingCheckers()
        self._staged: Optional[Tuple[BoardView, Lifted, Staged]] = None
        prepare_dice()

    def draw(self, surface: pygame.Surface, geo: Lifted, view: BoardView) -> None:
        """Everything standing on the board (slabs, checkers, dice, cube), far
        to near; only what meets the surface's clip (a part redrawn)."""
        if self._staged is None or self._staged[0] is not view or self._staged[1] is not geo:
            self._staged = (view, geo, self._stage(geo, view))
        halos, slabs, solids, labels = self._staged[2]
        clip = surface.get_clip()
        whole = clip == surface.get_rect()
        for colour, poly in halos:
            pygame.draw.polygon(surface, colour, poly)
        if slabs and (whole or geo.tray_box.colliderect(clip)):
            draw_slabs(surface, geo.projection, slabs)
        for _, box, draw in solids:
            if whole or box.colliderect(clip):
                draw(surface)
        for player, centre, text in labels:
            geo.label(surface, text, "count", palette.theme().checker_text[player], centre, CHECKER_H * geo.layout.d)

    def _stage(self, geo: Lifted, view: BoardView) -> Staged:
        """What :meth:`draw` draws for ``view``, projected once (the parts of
        one frame share it)."""
        lay, proj, t = geo.layout, geo.projection, palette.theme()
        counts = places.view_counts(view)
        d = lay.d
        items: List[Tuple[int, Point, float]] = []
        labels: List[Tuple[int, Point, str]] = []
        halos: List[Tuple[Tuple[int, int, int], List[Point]]] = []
        slabs: List[Slab] = []
        for player in (0, 1):
            side = 0 if player == view.viewer else 1
            c = counts[player]
            for loc in range(1, 26):
                n = c[loc]
                shown = min(n, MAX_BAR if loc == BAR_POINT else MAX_STACK)
                halo = t.bar_halo[player] if loc == BAR_POINT else None
                for i in range(shown):
                    items.append((player, lay.slot(side, loc, i), 0.0))
                    if halo is not None:  # a dark checker on the dark bar stands out
                        halos.append((halo, proj.many(disc(lay.slot(side, loc, i), lay.checker_radius * 1.18)).tolist()))
                if n > shown:
                    labels.append((player, lay.slot(side, loc, shown - 1), str(n)))
            for i in range(c[OFF]):
                r = lay.slab_rect(side, i)
                inset = r.h * 0.05
                slabs.append(((float(r.left), r.top + inset, float(r.right), r.bottom - inset), SLAB_Z * d, t.checker[player], t.mark[player]))
        solids = self.standing.solids(proj, items, lay.checker_radius, CHECKER_H * d, geo.checker_ring_width())
        if view.tumbling is None:
            solids.extend(self._dice_solids(geo, view))
        if places.cube_drawn(view):
            r = places.cube_rect(lay, view)
            centre = (float(r.centerx), float(r.centery))
            value = str(places.cube_shown(view))
            solids.append((proj.depth(*centre), geo.screen_box(r, r.w), partial(self._cube, geo=geo, centre=centre, width=r.w, value=value)))
        solids.sort(key=lambda item: -item[0])
        return halos, slabs, solids, labels

    @staticmethod
    def _cube(surface: pygame.Surface, geo: Lifted, centre: Point, width: int, value: str) -> None:
        half = width / 2
        t = palette.theme()
        draw_box(surface, geo.projection, centre, 0.0, (half, half, half), t.cube_face)
        geo.label(surface, value, "cube", t.cube_text, centre, width)

    def _dice_solids(self, geo: Lifted, view: BoardView) -> List[Solid]:
        snap = view.snap
        if not snap.dice:
            return []
        dice, used = dice_row(snap)
        side = 0 if snap.turn == view.viewer else 1
        out: List[Solid] = []
        for k, (rect, v, u) in enumerate(zip(geo.layout.dice_rects(side, len(dice)), dice, used)):
            centre = (float(rect.centerx), float(rect.centery))
            box = geo.screen_box(rect.inflate(rect.w // 2, rect.h // 2), rect.w * 1.2)
            out.append((geo.projection.depth(*centre), box, _die_drawer(geo, snap.turn, centre, rect.w, v, u, DIE_SPIN[k], 0.0, 0.0)))
        return out

    def draw_moving(self, surface: pygame.Surface, geo: Lifted, view: BoardView) -> List[pygame.Rect]:
        """The tumbling dice and the flying checkers of ``view``; where they were drawn."""
        rects: List[pygame.Rect] = []
        lay = geo.layout
        if view.tumbling is not None:
            player, faces = view.tumbling
            side = 0 if player == view.viewer else 1
            for k, (rect, (face, angle, hop)) in enumerate(zip(lay.dice_rects(side, 2), faces)):
                centre = (float(rect.centerx), float(rect.centery))
                die = _die_drawer(geo, player, centre, rect.w, face, False, DIE_SPIN[k] + angle, angle * 0.6, hop * rect.h * 1.6, keep=False)
                rects.append(die(surface))
        flying = [(player, centre, max(0.0, (scale - 1.0) * LIFT_PER_SCALE * lay.d)) for player, centre, scale in view.flying]
        for _, _box, draw in sorted(self._flying(geo, flying), key=lambda item: -item[0]):
            drawn = draw(surface)
            if isinstance(drawn, pygame.Rect):
                rects.append(drawn)
        return [r.inflate(4, 4) for r in rects]

    def _flying(self, geo: Lifted, items: List[Tuple[int, Point, float]]) -> List[Solid]:
        """Drawers for checkers in flight (player, plane centre, height of the
        bottom), projected together, each with its distance from the eye."""
        lay, proj = geo.layout, geo.projection
        rings = checker_rings(proj, [(c[0], c[1], z) for _, c, z in items], lay.checker_radius, CHECKER_H * lay.d)
        width = geo.checker_ring_width()
        out: List[Solid] = []
        if not items:
            return out
        lo, hi = rings.min(axis=(1, 2)), rings.max(axis=(1, 2))
        for k, (player, centre, z) in enumerate(items):
            box = pygame.Rect(int(lo[k][0]) - 2, int(lo[k][1]) - 2, int(hi[k][0] - lo[k][0]) + 5, int(hi[k][1] - lo[k][1]) + 5)
            draw = partial(paint_checker, rings=rings[k], player=player, shadows=self.shadows, ring_width=width)
            out.append((proj.depth(centre[0], centre[1], z), box, draw))
        return out


def _die_drawer(
    geo: Lifted, player: int, centre: Point, width: int, value: int, used: bool, spin: float, roll: float, hop: float, keep: bool = True
) -> Callable[[pygame.Surface], pygame.Rect]:
    """How to draw a die (``keep``: it stands still, its polygons are kept)."""
    t = palette.theme()
    colour = shade(t.die[player], 0.55) if used else t.die[player]
    pip = t.pip[player]
    half = width / 2

    def draw(surface: pygame.Surface) -> pygame.Rect:
        return draw_box(surface, geo.projection, centre, hop, (half, half, half), colour, spin, roll, face_values(value), pip, keep=keep)

    return draw
