"""What is drawn over the board: the hinted play (dotted arrows and the
ranked list in a box that covers none of what the hint talks about) and the
banner (the words a key asked for, a pass, a result: broken into lines to
fit the board, never over the dice, the cube or the prompt).  Neither box
covers a checker or a target where the board has room for it elsewhere,
or for it in smaller words (:mod:`game.board.room`).  Both are placed on the
screen, through the view's projection: :class:`Overlays` is the part of a
renderer that draws them (the oblique view overrides some of it)."""

from __future__ import annotations

import math
from typing import Callable, Dict, List, Optional, Tuple

import pygame

from . import palette, places
from .layout import BAR_POINT, MAX_BAR, MAX_STACK, OFF, Layout
from .room import Box, find_room
from .text import TextCache
from .view import BoardView, board_area

Point = Tuple[float, float]
WHITE = (255, 255, 255)


class Overlays:
    """The hint and the banner; a renderer is made of this and its board."""

    layout: Layout
    text: TextCache
    _shades: Dict[Tuple[int, int], pygame.Surface]
    #: the banner's sizes and lines for the last words shown (they are measured once, not at every frame)
    _banners_for: object = None
    _banners: Dict[object, List[Tuple[int, List[str], Tuple[int, int]]]] = {}

    # -- what the renderer provides -------------------------------------------------------
    def to_screen(self, pt: Point) -> Point:
        raise NotImplementedError

    def screen_rect(self, plane: pygame.Rect, height: float = 0.0) -> pygame.Rect:
        raise NotImplementedError

    def shown_dice_rects(self, view: BoardView) -> List[pygame.Rect]:
        raise NotImplementedError

    def _region(self, viewer_loc: int) -> pygame.Rect:
        raise NotImplementedError

    def prompt_rect(self, text: str) -> pygame.Rect:
        raise NotImplementedError

    # -- what a box over the board keeps off ------------------------------------------------
    def crowd(self, view: BoardView) -> List[pygame.Rect]:
        """What a box over the board had rather not cover, on the screen:
        each stack of checkers (on a point, the bar, a tray) and each target."""
        lay = self.layout
        r = lay.checker_radius
        counts = places.view_counts(view)
        plane: List[pygame.Rect] = []
        for player in (0, 1):
            side = 0 if player == view.viewer else 1
            for loc in range(26):
                n = counts[player][loc]
                if not n:
                    continue
                if loc == OFF:
                    plane.append(lay.slab_rect(side, 0).union(lay.slab_rect(side, n - 1)))
                    continue
                (ax, ay), (bx, by) = lay.slot(side, loc, 0), lay.slot(side, loc, min(n, MAX_BAR if loc == BAR_POINT else MAX_STACK) - 1)
                plane.append(pygame.Rect(int(min(ax, bx) - r), int(min(ay, by) - r), int(abs(bx - ax) + 2 * r) + 1, int(abs(by - ay) + 2 * r) + 1))
        for p in view.targets:
            if p == OFF:
                plane.append(lay.tray_halves[0])
            else:
                x, y = lay.slot(0, p, counts[view.viewer][p])
                plane.append(pygame.Rect(int(x - r), int(y - r), int(2 * r) + 1, int(2 * r) + 1))
        return [self.screen_rect(rect) for rect in plane]

    def _kept_clear(self, view: BoardView) -> List[pygame.Rect]:
        """What a box over the board must not cover: the dice, the cube and the prompt."""
        out = [self.screen_rect(r, r.w) for r in self.shown_dice_rects(view)]
        cube = self.cube_box(view)
        if cube is not None:
            out.append(cube)
        if view.prompt:
            out.append(self.prompt_rect(view.prompt))
        return out

    def _room(self, view: BoardView, sizes: List[Tuple[int, int]], must: List[pygame.Rect],
              prefer: Tuple[float, float]) -> Tuple[int, pygame.Rect]:
        """(which of ``sizes``, where) a box goes: over the points and the bar
        (over the frame too where it is larger), covering none of ``must``
        nor, where there is room, of :meth:`crowd`; nearest ``prefer`` (on the
        board's plane)."""
        lay = self.layout
        outer = self.screen_rect(lay.board_rect).clip(board_area(lay))
        felt = lay.left_felt.union(lay.right_felt)
        area = self.screen_rect(felt).clip(outer)

        def box(r: pygame.Rect) -> Box:
            return (r.x, r.y, r.w, r.h)

        i, found = find_room(sizes, box(area), box(outer), [box(r) for r in must], [box(r) for r in self.crowd(view)],
                             self._screen_point(prefer), max(2, int(lay.d * 0.25)))
        return i, pygame.Rect(found)

    # -- the hint ---------------------------------------------------------------------------
    def hint_segments(self, view: BoardView) -> List[Tuple[Point, Point]]:
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

    def hint_fit(self, view: BoardView) -> Tuple[int, pygame.Rect]:
        """(the text's size, the box) of the ranked list: over none of the
        points the hint talks about nor the dice, the cube or the prompt,
        and over no checker or target where there is room (in smaller words
        if it takes that, to three quarters of the usual); nearest the middle
        of the far half."""
        lay = self.layout
        usual = lay.font_px("hint")
        sizes = []
        for px in _steps_down(usual, max(8, int(usual * 0.75))):
            font = self.text.font(px)
            pad = int(px * 0.5)
            w = max(font.size(line)[0] for line in view.hint_lines) + 2 * pad
            sizes.append((px, (w, sum(font.size(line)[1] for line in view.hint_lines) + 2 * pad)))
        must = self.hint_points(view) + self._kept_clear(view)
        i, box = self._room(view, [size for _, size in sizes], must, (lay.left_felt.centerx, lay.other_dice_area.centery))
        return sizes[i][0], box

    def hint_box(self, view: BoardView) -> pygame.Rect:
        """Where the ranked list goes (:meth:`hint_fit`)."""
        return self.hint_fit(view)[1]

    def _draw_hint(self, surface: pygame.Surface, view: BoardView) -> None:
        """Dotted arrows for the hinted play and the ranked list in a box."""
        self._draw_hint_arrows(surface, view)
        if view.hint_lines:
            self._draw_hint_list(surface, view)

    def _draw_hint_arrows(self, surface: pygame.Surface, view: BoardView) -> None:
        lay, hint = self.layout, palette.theme().hint
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
                pygame.draw.circle(surface, hint, (round(ax + ux * f), round(ay + uy * f)), dot_r)
            tip = (bx, by)
            base = (bx - ux * head, by - uy * head)
            wing = head * 0.55
            pygame.draw.polygon(
                surface,
                hint,
                [tip, (base[0] - uy * wing, base[1] + ux * wing), (base[0] + uy * wing, base[1] - ux * wing)],
            )

    def _draw_hint_list(self, surface: pygame.Surface, view: BoardView) -> None:
        """The ranked list, in a box that covers none of what the hint talks about."""
        lay = self.layout
        px, box = self.hint_fit(view)
        labels = [self.text.render(line, px, WHITE) for line in view.hint_lines]
        pad = int(px * 0.5)
        self._draw_shaded_box(surface, box, palette.theme().hint, max(1, int(lay.d * 0.03)))
        y = box.top + pad
        for label in labels:
            surface.blit(label, (box.left + pad, y))
            y += label.get_height()

    # -- boxes and the banner ----------------------------------------------------------------
    def _draw_shaded_box(self, surface: pygame.Surface, box: pygame.Rect, edge: Tuple[int, int, int], width: int) -> None:
        """A translucent dark box with a coloured edge (banners, the hint list)."""
        shade = self._shades.get(box.size)
        if shade is None:
            shade = self._shades[box.size] = pygame.Surface(box.size, pygame.SRCALPHA)
            shade.fill((0, 0, 0, 170))
        surface.blit(shade, box.topleft)
        pygame.draw.rect(surface, edge, box, width)

    def banner_fit(self, view: BoardView) -> Tuple[int, List[str], pygame.Rect]:
        """(the words' size, their lines, the box) of the banner: never over
        the dice, the cube or the prompt; over no checker or target where
        the board has room for it, in lines as wide as the board or as one
        half, in smaller words if it takes that (down to the prompt's
        size); nearest the middle of the board."""
        from ..words.help_text import wrap_html

        assert view.banner
        lay = self.layout
        board_w = max(lay.d * 4, self.screen_rect(lay.board_rect).clip(board_area(lay)).width - lay.d * 1.2)
        key = (view.banner, lay.d, board_w)
        options = self._banners.get(key) if self._banners_for == key else None
        if options is None:
            options = []
            for px in _steps_down(lay.font_px("banner"), lay.font_px("prompt")):
                font = self.text.font(px)
                measure = _width_by(font)
                for width in sorted({int(board_w), int(min(board_w, lay.d * 5.6)), int(min(board_w, lay.d * 3.8))}, reverse=True):
                    words = wrap_html(view.banner, measure, width).split("<br>") if "<" not in view.banner else [view.banner]
                    size = (max(font.size(w)[0] for w in words) + int(lay.d * 0.8), sum(font.size(w)[1] for w in words) + int(lay.d * 0.4))
                    options.append((px, words, size))
            self._banners_for, self._banners = key, {key: options}
        i, box = self._room(view, [size for _, _, size in options], self._kept_clear(view), lay.board_rect.center)
        return options[i][0], options[i][1], box

    def banner_words(self, view: BoardView) -> List[str]:
        """The banner's words in the lines it is drawn in."""
        return self.banner_fit(view)[1]

    def banner_lines(self, view: BoardView) -> List[pygame.Surface]:
        """The banner's lines, rendered."""
        px, words, _ = self.banner_fit(view)
        return [self.text.render(line, px, WHITE) for line in words]

    def cube_box(self, view: BoardView) -> Optional[pygame.Rect]:
        """Where the cube is seen on the screen (None: no cube on the board)."""
        if not places.cube_drawn(view):
            return None
        r = places.cube_rect(self.layout, view)
        return self.screen_rect(r, r.w)

    def banner_rect(self, view: BoardView) -> Optional[pygame.Rect]:
        """The banner's box (:meth:`banner_fit`; None: no banner)."""
        return self.banner_fit(view)[2] if view.banner else None

    def _screen_point(self, plane: Tuple[float, float]) -> Tuple[int, int]:
        x, y = self.to_screen(plane)
        return round(x), round(y)

    def _draw_banner(self, surface: pygame.Surface, view: BoardView) -> None:
        lay = self.layout
        px, words, box = self.banner_fit(view)
        labels = [self.text.render(line, px, WHITE) for line in words]
        self._draw_shaded_box(surface, box, palette.theme().target, max(2, int(lay.d * 0.04)))
        y = box.centery - sum(lab.get_height() for lab in labels) // 2
        for label in labels:
            surface.blit(label, label.get_rect(midtop=(box.centerx, y)))
            y += label.get_height()


def _width_by(font: pygame.font.Font) -> Callable[[str], int]:
    """A text's width drawn with ``font``."""
    return lambda text: font.size(text)[0]


def _steps_down(largest: int, least: int) -> List[int]:
    """Text sizes from ``largest`` down to ``least``, each some 15% smaller.

    >>> _steps_down(40, 20), _steps_down(12, 12)
    ([40, 34, 28, 23, 20], [12])
    """
    out = [largest]
    while out[-1] > least:
        out.append(max(least, int(out[-1] * 0.85)))
    return out
