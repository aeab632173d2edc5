"""The winning-chances graph of a reviewed match, drawn with pygame alone:
White's chance of winning before each decision, a line from left to right;
mistakes marked with a ring in their label's colour, big luck with a
triangle (up: lucky for White, down: lucky for Black), the current decision
with a vertical line.  :meth:`WinGraph.index_at` turns a click into a
decision's index (the one nearest the click along the line).
"""

from __future__ import annotations

from typing import List, Optional, Sequence, Tuple

import pygame

from engine.analysis import Decision, Label

from ..review_model import BIG_LUCK, lucky_for_white

BACK = (18, 22, 27)
GRID = (60, 66, 74)
LINE = (236, 227, 207)
CURSOR = (120, 200, 255)
LUCK_GOOD = (110, 205, 120)
LUCK_BAD = (235, 120, 90)
GAME_EDGE = (90, 96, 104)
LABEL_COLOURS = {
    Label.DOUBTFUL: (245, 197, 66),
    Label.BAD: (240, 140, 60),
    Label.VERY_BAD: (230, 70, 70),
}


class WinGraph:
    """The graph for ``decisions`` inside ``rect``."""

    def __init__(self, rect: pygame.Rect, decisions: Sequence[Decision]):
        self.rect = pygame.Rect(rect)
        self.decisions = list(decisions)
        pad = max(4, self.rect.height // 10)
        self.inner = self.rect.inflate(-2 * pad, -2 * pad)

    def point(self, i: int) -> Tuple[int, int]:
        """Where decision ``i`` is drawn."""
        n = len(self.decisions)
        x = self.inner.left + (self.inner.width * i / (n - 1) if n > 1 else self.inner.width / 2)
        y = self.inner.bottom - self.inner.height * self.decisions[i].win
        return round(x), round(y)

    def index_at(self, pos: Tuple[int, int]) -> Optional[int]:
        """The decision a click at ``pos`` means, or None outside the graph."""
        if not self.decisions or not self.rect.collidepoint(pos):
            return None
        return min(range(len(self.decisions)), key=lambda i: abs(self.point(i)[0] - pos[0]))

    def marks(self) -> List[Tuple[int, str]]:
        """(index, 'mistake' | 'luck+' | 'luck-') of every mark drawn."""
        out: List[Tuple[int, str]] = []
        for i, d in enumerate(self.decisions):
            if d.mistake:
                out.append((i, "mistake"))
            luck = lucky_for_white(d)
            if abs(luck) >= BIG_LUCK:
                out.append((i, "luck+" if luck > 0 else "luck-"))
        return out

    def draw(self, surface: pygame.Surface, current: Optional[int]) -> None:
        pygame.draw.rect(surface, BACK, self.rect, border_radius=6)
        mid = self.inner.centery
        pygame.draw.line(surface, GRID, (self.inner.left, mid), (self.inner.right, mid))
        for y in (self.inner.top, self.inner.bottom):
            pygame.draw.line(surface, GRID, (self.inner.left, y), (self.inner.right, y))
        if not self.decisions:
            return
        for i in range(1, len(self.decisions)):
            if self.decisions[i].game != self.decisions[i - 1].game:
                x = (self.point(i)[0] + self.point(i - 1)[0]) // 2
                pygame.draw.line(surface, GAME_EDGE, (x, self.rect.top + 2), (x, self.rect.bottom - 2))
        if current is not None and 0 <= current < len(self.decisions):
            x = self.point(current)[0]
            pygame.draw.line(surface, CURSOR, (x, self.rect.top + 2), (x, self.rect.bottom - 2), 2)
        points = [self.point(i) for i in range(len(self.decisions))]
        if len(points) > 1:
            pygame.draw.lines(surface, LINE, False, points, 2)
        r = max(3, self.rect.height // 22)
        for i, kind in self.marks():
            x, y = points[i]
            if kind == "mistake":
                colour = LABEL_COLOURS.get(self.decisions[i].label, LINE)
                pygame.draw.circle(surface, colour, (x, y), r + 1, 2)
            else:
                up = kind == "luck+"
                ty = self.rect.top + r + 2 if up else self.rect.bottom - r - 2
                tip = (x, ty - r) if up else (x, ty + r)
                pygame.draw.polygon(surface, LUCK_GOOD if up else LUCK_BAD,
                                    [tip, (x - r, ty + (r if up else -r)), (x + r, ty + (r if up else -r))])
