"""Draws the board with a :class:`~game.board.layout.Layout`.

Everything that does not change during play (wood, felt, points, numbers) is
drawn once per window size into a background; checkers, dice and highlights
are pre-rendered sprites blitted each frame.  The renderer decides nothing:
it draws a :class:`BoardView` that the scene fills in.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Set, Tuple

import pygame
import pygame.gfxdraw

from ..lru import Bounded
from ..fonts import board_font
from ..session import Snapshot
from .layout import BAR_POINT, MAX_BAR, MAX_STACK, OFF, Hit, Layout
from . import viewbuttons
from .projection import Projection, ViewAngles


def dice_row(snap: Snapshot) -> Tuple[List[int], List[bool]]:
    """The dice to draw (four for doubles) and which of them are used; used
    doubles go last so the row reads left to right (none without dice)."""
    if not snap.dice:
        return [], []
    d1, d2 = snap.dice
    dice = [d1, d1, d1, d1] if d1 == d2 else [d1, d2]
    left = list(snap.remaining)
    used = []
    for v in dice:
        if v in left:
            left.remove(v)
            used.append(False)
        else:
            used.append(True)
    if d1 == d2:
        used.sort()
    return dice, used

# colours
BG = (24, 28, 33)
WOOD = (92, 58, 33)
WOOD_DARK = (66, 41, 24)
FELT = (30, 86, 60)
POINT_A = (201, 162, 107)
POINT_B = (139, 46, 46)
TRAY = (52, 33, 19)
NUMBER = (236, 222, 196)
GOLD = (245, 197, 66)
HINT = (110, 205, 255)
CHECKER = ((242, 238, 228), (38, 34, 33))
CHECKER_EDGE = ((165, 156, 136), (95, 88, 84))
#: behind a checker on the (dark) bar, so it stands out: none for the light checkers, a light glow for the dark
BAR_HALO = (None, (222, 196, 146))
CHECKER_TEXT = ((40, 36, 34), (240, 236, 226))
DIE = ((250, 248, 240), (36, 33, 32))
PIP = ((30, 28, 26), (245, 242, 235))
CUBE_FACE = (250, 246, 230)
CUBE_TEXT = (30, 30, 30)
SS = 4  # supersampling for smooth sprites

def font_path(bold: bool = True) -> Optional[str]:
    """The board's font (bold) or the move log's (regular) in the language
    shown now: Noto Sans, or Noto Sans SC for Chinese (see game/fonts.py)."""
    return board_font(bold)


def _fast(surface: pygame.Surface) -> pygame.Surface:
    """The surface in the display's pixel format (faster to blit), when there is a display."""
    return surface.convert_alpha() if pygame.display.get_surface() is not None else surface


class TextCache:
    """Rendered strings by (font, text, size, colour); fonts by file and size.
    The font follows the language shown now (:func:`font_path`)."""

    #: fonts kept (a board uses a handful of sizes; a resize makes new ones)
    FONTS = 12
    #: rendered strings kept
    TEXTS = 400

    def __init__(self) -> None:
        self._fonts: Bounded[Tuple[Optional[str], int], pygame.font.Font] = Bounded(self.FONTS)
        self._texts: Dict[Tuple[Optional[str], str, int, Tuple[int, ...]], pygame.Surface] = {}
        #: every string drawn (the tests check each has its glyphs in the font)
        self.drawn: Dict[str, Optional[str]] = {}

    def font(self, size: int) -> pygame.font.Font:
        path = font_path()
        f = self._fonts.get((path, size))
        if f is None:
            f = pygame.font.Font(path, size)
            self._fonts.put((path, size), f)
        return f

    def render(self, text: str, size: int, colour: Tuple[int, ...]) -> pygame.Surface:
        path = font_path()
        key = (path, text, size, tuple(colour))
        s = self._texts.get(key)
        if s is None:
            if len(self._texts) > self.TEXTS:
                self._texts.clear()
                self.drawn.clear()
            s = self._texts[key] = self.font(size).render(text, True, colour)
            self.drawn[text] = path
        return s


@dataclass
class BoardView:
    """What to draw this frame (filled in by the scene)."""

    snap: Snapshot
    viewer: int = 0
    #: one checker taken away per entry: (player, location in that player's numbering)
    hidden: List[Tuple[int, int]] = field(default_factory=list)
    #: checkers in flight: (player, centre, scale)
    flying: List[Tuple[int, Tuple[float, float], float]] = field(default_factory=list)
    #: dice tumbling: (player, ((face, angle, hop), ...)); else the snapshot's dice are drawn
    tumbling: Optional[Tuple[int, Tuple[Tuple[int, float, float], ...]]] = None
    movable: Set[int] = field(default_factory=set)
    selected: Optional[int] = None
    targets: Set[int] = field(default_factory=set)
    ghosts: List[Tuple[float, float]] = field(default_factory=list)
    #: the step the keyboard focus is on: (from, to) in the viewer's numbering
    focus_step: Optional[Tuple[int, int]] = None
    #: the focus of the arrow keys and pads: ("checker", point) or ("target", point), viewer's numbering
    focus: Optional[Tuple[str, int]] = None
    banner: Optional[str] = None
    prompt: Optional[str] = None
    #: the hinted play, steps in the viewer's numbering, and the ranked list to show
    hint: Tuple[Tuple[int, int], ...] = ()
    hint_lines: Tuple[str, ...] = ()
    #: the view shown ("top" or "oblique"): its buttons are drawn at the board's corner; None: no buttons
    view_mode: Optional[str] = None


def board_box(layout: Layout) -> Tuple[float, float, float, float]:
    """The board on its plane: x, y, width, height (the layout's pixels)."""
    r = layout.board_rect
    return (float(r.x), float(r.y), float(r.w), float(r.h))


def board_area(layout: Layout) -> pygame.Rect:
    """The part of the window the board is shown in (beside or above the panel, below the top bar)."""
    return pygame.Rect(layout.board_area)


def area_box(layout: Layout) -> Tuple[float, float, float, float]:
    """:func:`board_area` as x, y, width, height."""
    r = board_area(layout)
    return (float(r.x), float(r.y), float(r.w), float(r.h))


class BoardRenderer:
    """Draws BoardViews for one Layout (make a new one when the window resizes)."""

    def __init__(self, layout: Layout, text: Optional[TextCache] = None, show_numbers: bool = True, show_pips: bool = True):
        self.layout = layout
        self.text = text or TextCache()
        #: the players' options: point numbers in the frame, pip counts by the cube
        self.show_numbers = show_numbers
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

    # -- sprites ----------------------------------------------------------------------
    def _circle_sprite(self, diameter: int, fill, edge, ring_width: float = 0.0, alpha: int = 255) -> pygame.Surface:
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
        return _fast(s)

    def _die_sprite(self, size: int, player: int, value: int) -> pygame.Surface:
        big = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
        n = size * SS
        pygame.draw.rect(big, CHECKER_EDGE[player], big.get_rect(), border_radius=n // 6)
        pygame.draw.rect(big, DIE[player], big.get_rect().inflate(-n // 14, -n // 14), border_radius=n // 7)
        spots = {
            1: [(1, 1)],
            2: [(0, 0), (2, 2)],
            3: [(0, 0), (1, 1), (2, 2)],
            4: [(0, 0), (2, 0), (0, 2), (2, 2)],
            5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
            6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
        }[value]
        for gx, gy in spots:
            pygame.draw.circle(big, PIP[player], (int(n * (0.25 + 0.25 * gx)), int(n * (0.25 + 0.25 * gy))), n // 11)
        return _fast(pygame.transform.smoothscale(big, (size, size)))

    def _build(self) -> None:
        lay = self.layout
        d = max(4, int(round(lay.d)))
        self.checker = [self._circle_sprite(d, CHECKER[p], CHECKER_EDGE[p]) for p in (0, 1)]
        halo_d = int(d * 1.18)
        self.bar_halo = [None if c is None else self._circle_sprite(halo_d, c, c) for c in BAR_HALO]
        self.ghost = [self._circle_sprite(d, CHECKER[p], CHECKER_EDGE[p], alpha=110) for p in (0, 1)]
        self.ring = self._circle_sprite(d + 6, GOLD, GOLD, ring_width=max(2.0, d * 0.07))
        self.ring_selected = self._circle_sprite(d + 10, GOLD, GOLD, ring_width=max(3.0, d * 0.13))
        self.pip_dot = [self._circle_sprite(max(4, d // 3), CHECKER[p], CHECKER_EDGE[p]) for p in (0, 1)]
        self.focus_ring = self._circle_sprite(d + 10, (120, 200, 255), (120, 200, 255), ring_width=max(3.0, d * 0.1))
        self._scaled: Dict[Tuple[int, int], pygame.Surface] = {}
        self._shades: Dict[Tuple[int, int], pygame.Surface] = {}
        # dice: two sizes (2 dice, 4 dice), both colours, faces 1..6; used ones dimmed
        self.dice: Dict[Tuple[int, int, int, bool], pygame.Surface] = {}
        for n in (2, 4):
            size = lay.dice_rects(0, n)[0].width
            for p in (0, 1):
                for v in range(1, 7):
                    face = self._die_sprite(max(4, size), p, v)
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
        self.background = self._draw_background()

    def _draw_background(self) -> pygame.Surface:
        lay = self.layout
        surf = pygame.Surface(lay.size).convert() if pygame.display.get_surface() else pygame.Surface(lay.size)
        surf.fill(BG)
        pygame.draw.rect(surf, WOOD, lay.board_rect, border_radius=max(2, int(lay.d * 0.15)))
        pygame.draw.rect(surf, WOOD_DARK, lay.board_rect, max(1, int(lay.d * 0.06)), border_radius=max(2, int(lay.d * 0.15)))
        for felt in (lay.left_felt, lay.right_felt):
            pygame.draw.rect(surf, FELT, felt)
        pygame.draw.rect(surf, WOOD_DARK, lay.bar_rect.inflate(0, -int(lay.d * 0.2)))
        for half in lay.tray_halves:
            pygame.draw.rect(surf, TRAY, half.inflate(int(lay.d * 0.1), int(lay.d * 0.1)), border_radius=max(1, int(lay.d * 0.08)))
        for p in range(1, 25):
            colour = POINT_A if p % 2 else POINT_B
            tri = [(round(x), round(y)) for x, y in lay.triangle(p)]
            pygame.draw.polygon(surf, colour, tri)
            pygame.gfxdraw.aapolygon(surf, tri, colour)
            if self.show_numbers:
                num = self.text.render(str(p), lay.font_px("number"), NUMBER)
                surf.blit(num, num.get_rect(center=lay.number_pos(p)))
        return surf

    def _scaled_checker(self, player: int, scale: float) -> pygame.Surface:
        key = (player, int(scale * 20))
        s = self._scaled.get(key)
        if s is None:
            base = self.checker[player]
            size = max(2, int(base.get_width() * key[1] / 20))
            s = self._scaled[key] = pygame.transform.smoothscale(base, (size, size))
        return s

    # -- drawing ---------------------------------------------------------------------------
    def blit_centered(self, surface: pygame.Surface, sprite: pygame.Surface, centre: Tuple[float, float]) -> pygame.Rect:
        w, h = sprite.get_size()
        return surface.blit(sprite, (round(centre[0] - w / 2), round(centre[1] - h / 2)))

    def top_slot(self, snap: Snapshot, viewer: int, point: int) -> Tuple[float, float]:
        """Centre of the viewer's top checker on ``point`` (for rings)."""
        n = snap.counts[viewer][point]
        return self.layout.slot(0, point, max(0, n - 1))

    def focus_spot(self, view: BoardView) -> Tuple[float, float]:
        """Centre of the focus ring: on the focused checker, or where the
        selected checker would land on the focused target."""
        assert view.focus is not None
        kind, p = view.focus
        if kind == "checker":
            return self.top_slot(view.snap, view.viewer, p)
        return self.landing_slot(view.snap, view.viewer, p)

    def landing_slot(self, snap: Snapshot, viewer: int, point: int) -> Tuple[float, float]:
        """Where a viewer's checker arriving at ``point`` would sit."""
        n = snap.counts[viewer][point]
        return self.layout.slot(0, point, n)

    def draw(self, surface: pygame.Surface, view: BoardView) -> None:
        """Draw the whole board."""
        self.draw_static(surface, view)
        self.draw_moving(surface, view)

    def draw_static(self, surface: pygame.Surface, view: BoardView, area: Optional[pygame.Rect] = None) -> None:
        """Everything but what moves this frame (flying checkers, tumbling
        dice), inside ``area`` only (default: the whole window)."""
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
            viewbuttons.draw(surface, self.layout, view.view_mode)

    # -- what changed between two views ---------------------------------------------------------
    def _region(self, viewer_loc: int) -> pygame.Rect:
        lay = self.layout
        if viewer_loc == BAR_POINT:
            return lay.bar_rect
        if viewer_loc == OFF:
            return lay.tray_rect
        pad = int(lay.d * 0.15) + 6
        return lay.point_rect(viewer_loc).inflate(pad, pad)

    @staticmethod
    def _counts(view: BoardView) -> List[List[int]]:
        counts = [list(view.snap.counts[0]), list(view.snap.counts[1])]
        for player, loc in view.hidden:
            counts[player][loc] = max(0, counts[player][loc] - 1)
        return counts

    def dirty_regions(self, old: BoardView, new: BoardView) -> Optional[List[pygame.Rect]]:
        """The parts of the board that differ between two views (to redraw
        only those), or None when it is simpler to redraw it all."""
        a, b = old.snap, new.snap
        if (
            old.viewer != new.viewer
            or old.banner != new.banner
            or old.prompt != new.prompt
            or old.hint != new.hint
            or old.hint_lines != new.hint_lines
            or (a.phase == "doubled") != (b.phase == "doubled")  # the cube goes to the middle and back
        ):
            return None
        lay = self.layout
        locs = set()
        ca, cb = self._counts(old), self._counts(new)
        for player in (0, 1):
            for loc in range(26):
                if ca[player][loc] != cb[player][loc]:
                    vloc = loc if player == new.viewer or loc in (OFF, BAR_POINT) else 25 - loc
                    if loc == OFF and player != new.viewer:
                        vloc = -1  # the other side's tray half
                    locs.add(vloc)
        locs |= set(old.movable) ^ set(new.movable)
        locs |= set(old.targets) ^ set(new.targets)
        if old.selected != new.selected:
            locs |= {p for p in (old.selected, new.selected) if p is not None}
        if old.focus_step != new.focus_step:
            for fs in (old.focus_step, new.focus_step):
                if fs is not None:
                    locs |= set(fs)
        focus_rects = []
        if old.focus != new.focus:
            for v in (old, new):
                if v.focus is not None:
                    locs.add(v.focus[1])
                    focus_rects.append(self.focus_ring.get_rect(center=[round(c) for c in self.focus_spot(v)]))
        if old.ghosts != new.ghosts:
            for g in list(old.ghosts) + list(new.ghosts):
                hit = lay.hit(g)
                if isinstance(hit, int):
                    locs.add(hit)
        rects = [lay.tray_rect if loc == -1 else self._region(loc) for loc in locs] + focus_rects
        if (a.dice, a.remaining, a.turn, old.tumbling is None) != (b.dice, b.remaining, b.turn, new.tumbling is None):
            rects.extend((lay.dice_area, lay.other_dice_area))
        if a.pips != b.pips or (a.cube_enabled, a.cube_value, a.cube_owner) != (b.cube_enabled, b.cube_value, b.cube_owner):
            rects.append(lay.cube_col_rect)
        if len(rects) > 6:
            return None
        return rects

    def _draw_static(self, surface: pygame.Surface, view: BoardView) -> None:
        lay = self.layout
        snap = view.snap
        # targets under the checkers
        for p in view.targets:
            if p == OFF:
                surface.blit(self.tray_overlay, lay.tray_halves[0].topleft)
            elif 1 <= p <= 24:
                surface.blit(self.target_overlay[lay.is_top(p)], lay.point_rect(p).topleft)
        counts = self._counts(view)
        count_px = lay.font_px("count")
        for player in (0, 1):
            side = 0 if player == view.viewer else 1
            sprite = self.checker[player]
            c = counts[player]
            for loc in range(1, 26):
                n = c[loc]
                if not n:
                    continue
                shown = min(n, MAX_BAR if loc == BAR_POINT else MAX_STACK)
                halo = self.bar_halo[player] if loc == BAR_POINT else None
                if halo is not None:
                    for i in range(shown):
                        self.blit_centered(surface, halo, lay.slot(side, loc, i))
                for i in range(shown):
                    self.blit_centered(surface, sprite, lay.slot(side, loc, i))
                if n > shown:
                    label = self.text.render(str(n), count_px, CHECKER_TEXT[player])
                    self.blit_centered(surface, label, lay.slot(side, loc, shown - 1))
            for i in range(c[OFF]):
                surface.blit(self.slab[player], lay.slab_rect(side, i))
        # rings on movable checkers, the selection and the keyboard focus
        for p in view.movable:
            if p != view.selected:
                self.blit_centered(surface, self.ring, self.top_slot(snap, view.viewer, p))
        if view.focus_step is not None:
            frm, to = view.focus_step
            self.blit_centered(surface, self.focus_ring, self.top_slot(snap, view.viewer, frm))
        if view.selected is not None and snap.counts[view.viewer][view.selected] > 0:
            self.blit_centered(surface, self.ring_selected, self.top_slot(snap, view.viewer, view.selected))
        for g in view.ghosts:
            self.blit_centered(surface, self.ghost[view.viewer], g)
        if view.focus is not None:
            self.blit_centered(surface, self.focus_ring, self.focus_spot(view))
        if view.tumbling is None:
            self._draw_dice(surface, view)
        self._draw_cube(surface, view)
        pips_px = lay.font_px("pips")
        for player in (0, 1) if self.show_pips else ():
            side = 0 if player == view.viewer else 1
            x, y = lay.pips_pos(side)
            label = self.text.render(str(snap.pips[player]), pips_px, NUMBER)
            self.blit_centered(surface, label, (x, y))
            dot = self.pip_dot[player]
            dy = (label.get_height() + dot.get_height()) * 0.55
            self.blit_centered(surface, dot, (x, y + dy if side == 1 else y - dy))
        if view.prompt:
            label = self.text.render(view.prompt, lay.font_px("prompt"), NUMBER)
            self.blit_centered(surface, label, lay.dice_area.center)
        if view.hint:
            self._draw_hint(surface, view)
        if view.banner:
            self._draw_banner(surface, view)

    def hint_segments(self, view: BoardView) -> List[Tuple[Tuple[float, float], Tuple[float, float]]]:
        """Start and end of each arrow of the hinted play (for drawing and tests):
        from the checker that moves to where it lands, step by step."""
        counts = list(view.snap.counts[view.viewer])
        out = []
        for frm, to in view.hint:
            a = self.layout.slot(0, frm, max(0, counts[frm] - 1))
            counts[frm] -= 1
            b = self.layout.slot(0, to, counts[to])
            counts[to] += 1
            out.append((a, b))
        return out

    def hint_points(self, view: BoardView) -> List[pygame.Rect]:
        """What the hint talks about, on the screen: the columns of the points
        (bar, tray) its arrows start and end on, and the dice."""
        out = [self.screen_rect(self._region(p)) for step in view.hint for p in step]
        return out + [self.screen_rect(r, r.w) for r in self.shown_dice_rects(view)]

    def hint_box(self, view: BoardView) -> pygame.Rect:
        """Where the ranked list goes: the first of the middle of the far
        half, the quarters of the board and the middle of the near half
        that covers none of the points the hint talks about (else the
        place that covers the fewest)."""
        lay = self.layout
        px = lay.font_px("hint")
        labels = [self.text.render(line, px, (255, 255, 255)) for line in view.hint_lines]
        pad = int(px * 0.5)
        box = pygame.Rect(0, 0, max(lab.get_width() for lab in labels) + 2 * pad, sum(lab.get_height() for lab in labels) + 2 * pad)
        b = self.screen_rect(lay.board_rect).clip(board_area(lay))
        left, right = lay.left_felt, lay.right_felt
        # (felt, its middle at a height) of each place, on the board's plane; a
        # box wider than a half spills outwards (over the cube column or the tray)
        spots = [(left, lay.other_dice_area.centery)]
        for felt in (left, right):
            spots += [(felt, felt.top + felt.height // 4), (felt, felt.bottom - felt.height // 4)]
        spots.append((right, lay.dice_area.centery))
        avoid = self.hint_points(view)
        best, fewest = None, None
        for felt, y in spots:
            box.center = self._screen_point((felt.centerx, y))
            shown = self.screen_rect(felt)
            if box.width > shown.width:
                if felt is left:
                    box.right = shown.right
                else:
                    box.left = shown.left
            box.clamp_ip(b)
            n = len(box.collidelistall(avoid))
            if fewest is None or n < fewest:
                best, fewest = box.copy(), n
            if n == 0:
                break
        assert best is not None
        return best

    def _draw_hint(self, surface: pygame.Surface, view: BoardView) -> None:
        """Dotted arrows for the hinted play and the ranked list in a box."""
        self._draw_hint_arrows(surface, view)
        if view.hint_lines:
            self._draw_hint_list(surface, view)

    def _draw_hint_arrows(self, surface: pygame.Surface, view: BoardView) -> None:
        lay = self.layout
        dot_r = max(2, int(lay.d * 0.07))
        spacing = max(6, lay.d * 0.28)
        for (ax, ay), (bx, by) in self.hint_segments(view):
            dx, dy = bx - ax, by - ay
            length = math.hypot(dx, dy)
            if length < 1:
                continue
            ux, uy = dx / length, dy / length
            head = min(length * 0.5, lay.d * 0.45)
            n = max(1, int((length - head) / spacing))
            for i in range(n + 1):
                f = i * (length - head) / n
                pygame.draw.circle(surface, HINT, (round(ax + ux * f), round(ay + uy * f)), dot_r)
            tip = (bx, by)
            base = (bx - ux * head, by - uy * head)
            wing = head * 0.55
            pygame.draw.polygon(
                surface,
                HINT,
                [tip, (base[0] - uy * wing, base[1] + ux * wing), (base[0] + uy * wing, base[1] - ux * wing)],
            )

    def _draw_hint_list(self, surface: pygame.Surface, view: BoardView) -> None:
        """The ranked list, in a box that covers none of what the hint talks about."""
        lay = self.layout
        px = lay.font_px("hint")
        labels = [self.text.render(line, px, (255, 255, 255)) for line in view.hint_lines]
        pad = int(px * 0.5)
        box = self.hint_box(view)
        self._draw_shaded_box(surface, box, HINT, max(1, int(lay.d * 0.03)))
        y = box.top + pad
        for label in labels:
            surface.blit(label, (box.left + pad, y))
            y += label.get_height()

    def draw_moving(self, surface: pygame.Surface, view: BoardView) -> List[pygame.Rect]:
        """Draw what moves (tumbling dice, flying checkers); returns the
        rectangles drawn, so the next frame can restore just those."""
        rects: List[pygame.Rect] = []
        if view.tumbling is not None:
            rects.extend(self._draw_dice(surface, view))
        for player, centre, scale in view.flying:
            sprite = self.checker[player] if abs(scale - 1) < 0.03 else self._scaled_checker(player, scale)
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
                sprite = self.dice[(n, player, face, False)]
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
            out.append(surface.blit(self.dice[(n, snap.turn, v, u)], rect.topleft))
        return out

    def _draw_cube(self, surface: pygame.Surface, view: BoardView) -> None:
        snap = view.snap
        if not snap.cube_enabled and snap.cube_value == 1:
            return
        lay = self.layout
        rect = self.cube_rect(view)
        pygame.draw.rect(surface, CUBE_FACE, rect, border_radius=max(2, rect.width // 8))
        pygame.draw.rect(surface, GOLD if snap.phase == "doubled" else WOOD_DARK, rect, max(1, rect.width // 20), border_radius=max(2, rect.width // 8))
        value = self.cube_shown(view)
        label = self.text.render(str(value), lay.font_px("cube"), CUBE_TEXT)
        self.blit_centered(surface, label, rect.center)

    @staticmethod
    def cube_shown(view: BoardView) -> int:
        """The number on the cube: the value offered while a double waits
        for its answer, 64 on a cube in the middle at 1, else its value."""
        snap = view.snap
        if snap.phase == "doubled":
            return snap.cube_value * 2
        return 64 if snap.cube_value == 1 else snap.cube_value

    def cube_rect(self, view: BoardView) -> pygame.Rect:
        """Where the cube is: offered, in the middle of the board (on the
        bar); else on its owner's side, or in the middle of its column."""
        snap, lay = view.snap, self.layout
        if snap.phase == "doubled":
            rect = lay.cube_rect(None)
            rect.center = lay.board_rect.center
            return rect
        owner_side = None if snap.cube_owner is None else (0 if snap.cube_owner == view.viewer else 1)
        return lay.cube_rect(owner_side)

    def _draw_shaded_box(self, surface: pygame.Surface, box: pygame.Rect, edge: Tuple[int, int, int], width: int) -> None:
        """A translucent dark box with a coloured edge (banners, the hint list)."""
        shade = self._shades.get(box.size)
        if shade is None:
            shade = self._shades[box.size] = pygame.Surface(box.size, pygame.SRCALPHA)
            shade.fill((0, 0, 0, 170))
        surface.blit(shade, box.topleft)
        pygame.draw.rect(surface, edge, box, width)

    def shown_dice_rects(self, view: BoardView) -> List[pygame.Rect]:
        """Where the dice lie on the board in ``view`` (tumbling or still)."""
        lay = self.layout
        if view.tumbling is not None:
            player = view.tumbling[0]
            return lay.dice_rects(0 if player == view.viewer else 1, 2)
        snap = view.snap
        if not snap.dice:
            return []
        n = 4 if snap.dice[0] == snap.dice[1] else 2
        return lay.dice_rects(0 if snap.turn == view.viewer else 1, n)

    def banner_rect(self, view: BoardView) -> Optional[pygame.Rect]:
        """The banner's box: the middle of the board, or the middle of the
        half without dice when the middle would cover them."""
        if not view.banner:
            return None
        lay = self.layout
        label = self.text.render(view.banner, lay.font_px("banner"), (255, 255, 255))
        box = label.get_rect(center=self._screen_point(lay.board_rect.center)).inflate(int(lay.d * 0.8), int(lay.d * 0.4))
        dice = self.shown_dice_rects(view)
        if box.collidelist([self.screen_rect(r, r.w) for r in dice]) >= 0:
            free = lay.other_dice_area if dice[0].colliderect(lay.dice_area) else lay.dice_area
            box.center = self._screen_point(free.center)
        return box.clamp(board_area(lay))

    def _screen_point(self, plane: Tuple[float, float]) -> Tuple[int, int]:
        x, y = self.to_screen(plane)
        return round(x), round(y)

    def _draw_banner(self, surface: pygame.Surface, view: BoardView) -> None:
        lay = self.layout
        box = self.banner_rect(view)
        assert box is not None and view.banner
        label = self.text.render(view.banner, lay.font_px("banner"), (255, 255, 255))
        self._draw_shaded_box(surface, box, GOLD, max(2, int(lay.d * 0.04)))
        surface.blit(label, label.get_rect(center=box.center))

