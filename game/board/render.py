"""Draws the board with a :class:`~game.board.layout.Layout` (the top view).

Everything that does not change during play (wood, felt, points, numbers) is
drawn once per window size into a background; checkers, dice and highlights
are pre-rendered sprites (:mod:`game.board.sprites`) blitted each frame.  The
renderer decides nothing: it draws a :class:`~game.board.view.BoardView` that
the scene fills in.  Where things are on the board's plane is in
:mod:`game.board.places`, the hint and the banner in
:mod:`game.board.overlays`, what changed between two frames in
:mod:`game.board.dirty`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import List, Optional, Tuple

import pygame

from ..play.happenings import Snapshot
from . import palette, places, viewbuttons
from .backdrop import draw_flat
from .dirty import dirty_regions
from .layout import BAR_POINT, MAX_BAR, MAX_STACK, OFF, Hit, Layout
from .overlays import Overlays
from .palette import (
    BAR_HALO, BG, CHECKER, CHECKER_EDGE, CHECKER_TEXT, CUBE_FACE, CUBE_TEXT, DIE, FELT, GOLD, HINT, NUMBER, PIP,
    POINT_A, POINT_B, TRAY, WOOD, WOOD_DARK,
)
from .projection import Projection, ViewAngles
from .sprites import Sprites
from .text import TextCache, font_path
from .view import BoardView, area_box, board_area, board_box, dice_row

#: the names this module has always offered (the capitals: the standard theme's colours, see :mod:`game.board.palette`)
__all__ = [
    "BoardRenderer", "BoardView", "TextCache", "font_path", "dice_row", "board_box", "board_area", "area_box",
    "BG", "WOOD", "WOOD_DARK", "FELT", "POINT_A", "POINT_B", "TRAY", "NUMBER", "GOLD", "HINT", "CHECKER",
    "CHECKER_EDGE", "BAR_HALO", "CHECKER_TEXT", "DIE", "PIP", "CUBE_FACE", "CUBE_TEXT",
]

Point = Tuple[float, float]


class BoardRenderer(Overlays):
    """Draws BoardViews for one Layout (make a new one when the window resizes);
    the hint and the banner come from :class:`Overlays`."""

    def __init__(self, layout: Layout, text: Optional[TextCache] = None, show_numbers: bool = True, show_pips: bool = True):
        self.layout = layout
        self.text = text or TextCache()
        #: the players' options: point numbers in the frame, pip counts by the cube
        self.show_numbers = show_numbers
        #: the points' numbers written from the other side (see BoardView.flip_numbers)
        self.flip_numbers = False
        self.show_pips = show_pips
        if not hasattr(self, "projection"):
            #: board plane <-> screen (the top view: the identity)
            self.projection = Projection(board_box(layout), area_box(layout))
        self._build()

    # -- the board plane and the screen -------------------------------------------------
    def to_screen(self, pt: Tuple[float, float]) -> Tuple[float, float]:
        """Where a point of the board plane (the layout's pixels) is drawn."""
        return self.projection.to_screen(pt[0], pt[1])

    def set_angles(self, angles: ViewAngles) -> None:
        """Turn or zoom the view (the top view does neither)."""

    def screen_rect(self, plane: pygame.Rect, height: float = 0.0) -> pygame.Rect:
        """The screen rectangle that holds what stands on ``plane`` (a rectangle
        of the board plane) up to ``height``: the same rectangle in the top view."""
        return pygame.Rect(plane)

    def to_plane(self, pos: Tuple[float, float]) -> Optional[Tuple[float, float]]:
        """The board-plane point under a screen pixel (None off the board's plane)."""
        return self.projection.to_plane(pos[0], pos[1])

    def hit(self, pos: Tuple[float, float]) -> Hit:
        """What is under a screen pixel (see :meth:`Layout.hit`), through the projection."""
        plane = self.projection.to_plane(pos[0], pos[1])
        return None if plane is None else self.layout.hit(plane)

    def _build(self) -> None:
        #: the top view's sprites for this layout (in the theme drawn with now)
        self.sprites = Sprites(self.layout)
        self._shades = {}
        self.background = self._draw_background()

    def _follow_theme(self) -> bool:
        """Build the sprites and the background anew when the theme drawn
        with (:func:`palette.use`) is no longer theirs; True when it was not."""
        if self.sprites.theme == palette.current():
            return False
        self._build()
        return True

    def _follow_numbers(self, flip: bool) -> bool:
        """Draw the background anew when the points are to be numbered from the other side; True when so."""
        if flip == self.flip_numbers:
            return False
        self.flip_numbers = flip
        self.background = self._draw_background()
        return True

    @property
    def checker(self) -> List[pygame.Surface]:
        """The checkers' sprites, by player."""
        return self.sprites.checker

    def _draw_background(self) -> pygame.Surface:
        return draw_flat(self.layout, self.text, self.show_numbers, self.flip_numbers)

    # -- drawing ---------------------------------------------------------------------------
    def blit_centered(self, surface: pygame.Surface, sprite: pygame.Surface, centre: Point) -> pygame.Rect:
        w, h = sprite.get_size()
        return surface.blit(sprite, (round(centre[0] - w / 2), round(centre[1] - h / 2)))

    def top_slot(self, snap: Snapshot, viewer: int, point: int) -> Point:
        """Centre of the viewer's top checker on ``point`` (for rings)."""
        return places.top_slot(self.layout, snap, viewer, point)

    def focus_spot(self, view: BoardView) -> Point:
        """Centre of the focus ring: on the focused checker, or where the
        selected checker would land on the focused target."""
        return places.focus_spot(self.layout, view)

    def landing_slot(self, snap: Snapshot, viewer: int, point: int) -> Point:
        """Where a viewer's checker arriving at ``point`` would sit."""
        return places.landing_slot(self.layout, snap, viewer, point)

    def draw(self, surface: pygame.Surface, view: BoardView) -> None:
        """Draw the whole board."""
        self.draw_static(surface, view)
        self.draw_moving(surface, view)

    def draw_static(self, surface: pygame.Surface, view: BoardView, area: Optional[pygame.Rect] = None) -> None:
        """Everything but what moves this frame (flying checkers, tumbling
        dice), inside ``area`` only (default: the whole window; all of it
        in a theme other than the last drawn in)."""
        if self._follow_theme() or self._follow_numbers(view.flip_numbers):
            area = None
        if area is None:
            surface.blit(self.background, (0, 0))
            self._draw_static(surface, view)
        else:
            old_clip = surface.get_clip()
            surface.set_clip(area)
            surface.blit(self.background, area, area)
            self._draw_static(surface, view)
            surface.set_clip(old_clip)
        if view.view_mode is not None:
            rects = self.view_button_rects()
            if area is None or area.colliderect(viewbuttons.area(rects)):
                viewbuttons.draw(surface, rects, view.view_mode, view.view_focus)
            tip = self.view_tip_rect(view)
            if tip is not None and view.view_tip is not None and (area is None or area.colliderect(tip)):
                viewbuttons.draw_tip(surface, self.text, self.layout, rects, *view.view_tip)

    def view_button_rects(self) -> viewbuttons.Rects:
        """Where the view buttons are (the top view: in the board's top-right corner)."""
        return viewbuttons.button_rects(self.layout)

    def view_tip_rect(self, view: BoardView) -> Optional[pygame.Rect]:
        """Where the name of a view button is shown in ``view`` (None: no name shown)."""
        if view.view_mode is None or view.view_tip is None:
            return None
        return viewbuttons.tip_rect(self.text, self.layout, self.view_button_rects(), *view.view_tip)

    # -- what changed between two views ---------------------------------------------------------
    def _region(self, viewer_loc: int) -> pygame.Rect:
        return places.region(self.layout, viewer_loc)

    @staticmethod
    def _counts(view: BoardView) -> List[List[int]]:
        return places.view_counts(view)

    def dirty_regions(self, old: BoardView, new: BoardView) -> Optional[List[pygame.Rect]]:
        """The parts of the window that differ between two views (to redraw
        only those), or None when it is simpler to redraw it all: what
        changed on the board's plane (:meth:`lift_regions` puts it on the
        screen), the prompt's words as they were and as they are, the view
        buttons when their focus moved."""
        same = replace(old, prompt=new.prompt, view_focus=new.view_focus, view_tip=new.view_tip, snap=replace(old.snap, pips=new.snap.pips))
        plane = dirty_regions(self.layout, same, new, self.sprites.focus_ring.get_size())
        if plane is None:
            return None
        rects = self.lift_regions(plane)
        if old.prompt != new.prompt:
            rects += [self.prompt_rect(v.prompt).inflate(6, 6) for v in (old, new) if v.prompt]
        if old.snap.pips != new.snap.pips and self.show_pips:  # the counts' words, as they were and as they are
            rects += [self.pips_rect(v, player).inflate(6, 6) for v in (old, new) for player in (0, 1) if old.snap.pips[player] != new.snap.pips[player]]
        if old.view_focus != new.view_focus or old.view_tip != new.view_tip:  # the buttons and their names stand on the screen
            rects += [viewbuttons.area(self.view_button_rects())] + [r for r in map(self.view_tip_rect, (old, new)) if r is not None]
        parts: List[pygame.Rect] = []
        for r in rects:  # each part drawn once (a count's words as they were and are, the same place)
            if not any(p.contains(r) for p in parts):
                parts = [p for p in parts if not r.contains(p)] + [r]
        return parts

    def lift_regions(self, plane: List[pygame.Rect]) -> List[pygame.Rect]:
        """Where what stands on these parts of the board's plane is seen (the top view: there)."""
        return plane

    def pips_rect(self, view: BoardView, player: int) -> pygame.Rect:
        """Where ``player``'s pip count is written in ``view``."""
        label = self.text.render(str(view.snap.pips[player]), self.layout.font_px("pips"), palette.theme().number)
        w, h = label.get_size()
        cx, cy = self.layout.pips_pos(0 if player == view.viewer else 1)
        return pygame.Rect(round(cx - w / 2), round(cy - h / 2), w, h)

    def prompt_rect(self, text: str) -> pygame.Rect:
        """Where the prompt's words ``text`` are drawn, in the middle of the dice's half."""
        label = self.text.render(text, self.layout.font_px("prompt"), palette.theme().number)
        w, h = label.get_size()
        cx, cy = self.layout.dice_area.center
        return pygame.Rect(round(cx - w / 2), round(cy - h / 2), w, h)

    def _draw_static(self, surface: pygame.Surface, view: BoardView) -> None:
        lay, sp, colours = self.layout, self.sprites, palette.theme()
        snap = view.snap
        # targets under the checkers
        for p in view.targets:
            if p == OFF:
                surface.blit(sp.tray_overlay, lay.tray_halves[0].topleft)
            elif 1 <= p <= 24:
                surface.blit(sp.target_overlay[lay.is_top(p)], lay.point_rect(p).topleft)
        counts = self._counts(view)
        count_px = lay.font_px("count")
        for player in (0, 1):
            side = 0 if player == view.viewer else 1
            sprite = sp.checker[player]
            c = counts[player]
            for loc in range(1, 26):
                n = c[loc]
                if not n:
                    continue
                shown = min(n, MAX_BAR if loc == BAR_POINT else MAX_STACK)
                halo = sp.bar_halo[player] if loc == BAR_POINT else None
                if halo is not None:
                    for i in range(shown):
                        self.blit_centered(surface, halo, lay.slot(side, loc, i))
                for i in range(shown):
                    self.blit_centered(surface, sprite, lay.slot(side, loc, i))
                if n > shown:
                    label = self.text.render(str(n), count_px, colours.checker_text[player])
                    self.blit_centered(surface, label, lay.slot(side, loc, shown - 1))
            for i in range(c[OFF]):
                surface.blit(sp.slab[player], lay.slab_rect(side, i))
        # rings on movable checkers, the selection and the keyboard focus
        for p in view.movable:
            if p != view.selected:
                self.blit_centered(surface, sp.ring, self.top_slot(snap, view.viewer, p))
        if view.focus_step is not None:
            frm, to = view.focus_step
            self.blit_centered(surface, sp.focus_ring, self.top_slot(snap, view.viewer, frm))
        if view.selected is not None and snap.counts[view.viewer][view.selected] > 0:
            self.blit_centered(surface, sp.ring_selected, self.top_slot(snap, view.viewer, view.selected))
        for g in view.ghosts:
            self.blit_centered(surface, sp.ghost[view.viewer], g)
        if view.focus is not None:
            self.blit_centered(surface, sp.focus_ring, self.focus_spot(view))
        if view.tumbling is None:
            self._draw_dice(surface, view)
        self._draw_cube(surface, view)
        pips_px = lay.font_px("pips")
        for player in (0, 1) if self.show_pips else ():
            side = 0 if player == view.viewer else 1
            x, y = lay.pips_pos(side)
            label = self.text.render(str(snap.pips[player]), pips_px, colours.number)
            self.blit_centered(surface, label, (x, y))
            dot = sp.pip_dot[player]
            dy = (label.get_height() + dot.get_height()) * 0.55
            self.blit_centered(surface, dot, (x, y + dy if side == 1 else y - dy))
        if view.prompt:
            label = self.text.render(view.prompt, lay.font_px("prompt"), colours.number)
            surface.blit(label, self.prompt_rect(view.prompt))
        if view.hint or view.hint_lines:  # (the cube advice: lines, no arrows)
            self._draw_hint(surface, view)
        if view.banner:
            self._draw_banner(surface, view)

    def draw_moving(self, surface: pygame.Surface, view: BoardView) -> List[pygame.Rect]:
        """Draw what moves (tumbling dice, flying checkers); returns the
        rectangles drawn, so the next frame can restore just those."""
        rects: List[pygame.Rect] = []
        self._follow_theme()
        if view.tumbling is not None:
            rects.extend(self._draw_dice(surface, view))
        for player, centre, scale in view.flying:
            sprite = self.sprites.checker[player] if abs(scale - 1) < 0.03 else self.sprites.scaled_checker(player, scale)
            rects.append(self.blit_centered(surface, sprite, centre))
        return rects

    def _draw_dice(self, surface: pygame.Surface, view: BoardView) -> List[pygame.Rect]:
        lay = self.layout
        if view.tumbling is not None:
            player, faces = view.tumbling
            n = 2
            side = 0 if player == view.viewer else 1
            out = []
            for rect, (face, angle, hop) in zip(lay.dice_rects(side, n), faces):
                sprite = self.sprites.dice[(n, player, face, False)]
                if angle % 360 > 1:
                    sprite = pygame.transform.rotate(sprite, angle)
                out.append(self.blit_centered(surface, sprite, (rect.centerx, rect.centery - hop * rect.height)))
            return out
        snap = view.snap
        if not snap.dice:
            return []
        dice, used = dice_row(snap)
        n = len(dice)
        side = 0 if snap.turn == view.viewer else 1
        out = []
        for rect, v, u in zip(lay.dice_rects(side, n), dice, used):
            out.append(surface.blit(self.sprites.dice[(n, snap.turn, v, u)], rect.topleft))
        return out

    def _draw_cube(self, surface: pygame.Surface, view: BoardView) -> None:
        if not places.cube_drawn(view):
            return
        snap, lay = view.snap, self.layout
        rect, t = self.cube_rect(view), palette.theme()
        pygame.draw.rect(surface, t.cube_face, rect, border_radius=max(2, rect.width // 8))
        pygame.draw.rect(surface, t.target if snap.phase == "doubled" else t.wood_dark, rect, max(1, rect.width // 20), border_radius=max(2, rect.width // 8))
        value = self.cube_shown(view)
        label = self.text.render(str(value), lay.font_px("cube"), t.cube_text)
        self.blit_centered(surface, label, rect.center)

    @staticmethod
    def cube_shown(view: BoardView) -> int:
        """The number on the cube: the value offered while a double waits
        for its answer, 64 on a cube in the middle at 1, else its value."""
        return places.cube_shown(view)

    def cube_rect(self, view: BoardView) -> pygame.Rect:
        """Where the cube is: offered, in the middle of the board (on the
        bar); else on its owner's side, or in the middle of its column."""
        return places.cube_rect(self.layout, view)

    def shown_dice_rects(self, view: BoardView) -> List[pygame.Rect]:
        """Where the dice lie on the board in ``view`` (tumbling or still)."""
        return places.shown_dice_rects(self.layout, view)
