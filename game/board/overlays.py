"""What is drawn over the board: the hinted play (dotted arrows and the
ranked list in a box that covers none of what the hint talks about) and the
banner (its words in the middle, broken into lines to fit the board, never
over the dice or the cube).  Both are placed on the
screen, through the view's projection: :class:`Overlays` is the part of a
renderer that draws them (the oblique view overrides some of it)."""

from __future__ import annotations

import math
from typing import Dict, List, Optional, Tuple

import pygame

from . import palette, places
from .layout import Layout
from .text import TextCache
from .view import BoardView, board_area

Point = Tuple[float, float]
WHITE = (255, 255, 255)


class Overlays:
    """The hint and the banner; a renderer is made of this and its board."""

    layout: Layout
    text: TextCache
    _shades: Dict[Tuple[int, int], pygame.Surface]

    # -- what the renderer provides -------------------------------------------------------
    def to_screen(self, pt: Point) -> Point:
        raise NotImplementedError

    def screen_rect(self, plane: pygame.Rect, height: float = 0.0) -> pygame.Rect:
        raise NotImplementedError

    def shown_dice_rects(self, view: BoardView) -> List[pygame.Rect]:
        raise NotImplementedError

    def _region(self, viewer_loc: int) -> pygame.Rect:
        raise NotImplementedError

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

    def hint_box(self, view: BoardView) -> pygame.Rect:
        """Where the ranked list goes: the first of the middle of the far
        half, the quarters of the board and the middle of the near half
        that covers none of the points the hint talks about (else the
        place that covers the fewest)."""
        lay = self.layout
        px = lay.font_px("hint")
        labels = [self.text.render(line, px, WHITE) for line in view.hint_lines]
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
        px = lay.font_px("hint")
        labels = [self.text.render(line, px, WHITE) for line in view.hint_lines]
        pad = int(px * 0.5)
        box = self.hint_box(view)
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

    def banner_words(self, view: BoardView) -> List[str]:
        """The banner's words in lines no wider than the board (less a margin)."""
        from ..words.help_text import wrap_html

        lay = self.layout
        assert view.banner
        font = self.text.font(lay.font_px("banner"))
        width = max(lay.d * 4, self.screen_rect(lay.board_rect).clip(board_area(lay)).width - lay.d * 1.2)
        return wrap_html(view.banner, lambda s: font.size(s)[0], int(width)).split("<br>") if "<" not in view.banner else [view.banner]

    def banner_lines(self, view: BoardView) -> List[pygame.Surface]:
        """The banner's lines, rendered."""
        return [self.text.render(line, self.layout.font_px("banner"), WHITE) for line in self.banner_words(view)]

    def cube_box(self, view: BoardView) -> Optional[pygame.Rect]:
        """Where the cube is seen on the screen (None: no cube on the board)."""
        if not places.cube_drawn(view):
            return None
        r = places.cube_rect(self.layout, view)
        return self.screen_rect(r, r.w)

    def banner_rect(self, view: BoardView) -> Optional[pygame.Rect]:
        """The banner's box, over neither the dice nor the cube: the middle
        of the board; else the middle of the half without dice, or of the
        other half; else just above (or below) what the middle would cover."""
        if not view.banner:
            return None
        lay = self.layout
        labels = self.banner_lines(view)
        box = pygame.Rect(0, 0, max(lab.get_width() for lab in labels), sum(lab.get_height() for lab in labels))
        box.inflate_ip(int(lay.d * 0.8), int(lay.d * 0.4))
        area = board_area(lay)
        dice = self.shown_dice_rects(view)
        cube = self.cube_box(view)
        avoid = [self.screen_rect(r, r.w) for r in dice] + ([cube] if cube is not None else [])
        halves = (lay.other_dice_area, lay.dice_area) if dice and dice[0].colliderect(lay.dice_area) else (lay.dice_area, lay.other_dice_area)
        tried = []
        for spot in (lay.board_rect.center,) + tuple(h.center for h in halves):
            box.center = self._screen_point(spot)
            placed = box.clamp(area)
            if placed.collidelist(avoid) < 0:
                return placed
            tried.append(placed)
        first = tried[0]
        under = [r for r in avoid if r.left < first.right and r.right > first.left]  # what it would cover, and all else in its way
        gap = max(2, int(lay.d * 0.1))
        for moved in (first.move(0, min(r.top for r in under) - gap - first.bottom), first.move(0, max(r.bottom for r in under) + gap - first.top)):
            moved = moved.clamp(area)
            if moved.collidelist(avoid) < 0:
                return moved
        return min(tried, key=lambda b: len(b.collidelistall(avoid)))

    def _screen_point(self, plane: Tuple[float, float]) -> Tuple[int, int]:
        x, y = self.to_screen(plane)
        return round(x), round(y)

    def _draw_banner(self, surface: pygame.Surface, view: BoardView) -> None:
        lay = self.layout
        box = self.banner_rect(view)
        assert box is not None and view.banner
        labels = self.banner_lines(view)
        self._draw_shaded_box(surface, box, palette.theme().target, max(2, int(lay.d * 0.04)))
        y = box.centery - sum(lab.get_height() for lab in labels) // 2
        for label in labels:
            surface.blit(label, label.get_rect(midtop=(box.centerx, y)))
            y += label.get_height()
