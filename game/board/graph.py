"""The winning-chances graph of a reviewed match, drawn with pygame alone:
White's chance of winning before each decision (in a match, White's chance
of winning the match: ``match=True``), a line from left to right, with its
words above it (the upright axis: whose chance, of the game or the match),
100%, 50% and 0% at its side and the across axis' word (the turns) at the
end of its 0% line; mistakes marked with a ring in their label's colour, big
luck with a triangle (up: lucky for White, down: lucky for Black), the
current decision with a vertical line.  A legend beside the words names each
mark and the board's arrows (the play made, the best play), each drawn as it
is drawn there.  :meth:`WinGraph.index_at` turns a click into a decision's
index (the one nearest the click along the line).

The words come from the scene (:class:`GraphWords`, in the language shown);
the graph only places and draws them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Sequence, Tuple

import pygame

from engine.analysis import Decision, Label

from ..play.review_model import BIG_LUCK, lucky_for_white
from .text import TextCache

BACK = (18, 22, 27)
GRID = (60, 66, 74)
LINE = (236, 227, 207)
AXIS = (170, 170, 160)
CURSOR = (120, 200, 255)
LUCK_GOOD = (110, 205, 120)
LUCK_BAD = (235, 120, 90)
GAME_EDGE = (90, 96, 104)
#: the arrows on the board: the play made, and the best play when it differs
PLAYED = (245, 150, 60)
BEST = (110, 205, 255)
LABEL_COLOURS = {
    Label.DOUBTFUL: (245, 197, 66),
    Label.BAD: (240, 140, 60),
    Label.VERY_BAD: (230, 70, 70),
}
#: the side's marks: 100%, 50%, 0% (White's chance)
AXIS_MARKS = (1.0, 0.5, 0.0)

Colour = Tuple[int, int, int]


@dataclass(frozen=True)
class GraphWords:
    """The graph's words: its title (the upright axis: whose chance, of the
    game or of the match), the arrows' names, the mistakes' labels
    (doubtful, bad, very bad), the lucky rolls' (White's, Black's) and the
    across axis' word (``across``: the turns)."""

    title: str = ""
    played: str = ""
    best: str = ""
    labels: Tuple[Tuple[Label, str], ...] = ()
    lucky: Tuple[str, str] = ("", "")
    across: str = ""


@dataclass(frozen=True)
class LegendItem:
    """One entry of the legend: what it shows (``title``, ``played``,
    ``best``, ``label:<label>``, ``luck+``, ``luck-``), its words and where
    it is drawn (its symbol and words together)."""

    kind: str
    words: str
    rect: pygame.Rect


class WinGraph:
    """The graph for ``decisions`` inside ``rect``, with ``words`` (drawn
    with ``text``); ``match``: the match-winning chances (where the
    decisions have them), else the game's."""

    def __init__(self, rect: pygame.Rect, decisions: Sequence[Decision], words: Optional[GraphWords] = None,
                 text: Optional[TextCache] = None, match: bool = False):
        self.rect = pygame.Rect(rect)
        self.decisions = list(decisions)
        self.match = match
        self.words = words or GraphWords()
        self.text = text or TextCache()
        self.font_px = max(10, min(18, self.rect.height // 9))
        #: a mark's size (the rings and triangles on the line and in the legend)
        self.mark_r = max(3, min(self.rect.height // 22, self.font_px // 2))
        pad = max(4, self.rect.height // 14)
        self.legend = self._lay_out_legend(pad)
        top = max([item.rect.bottom for item in self.legend], default=self.rect.top) + pad // 2
        sides = [self.text.render(self._percent(v), self.font_px, AXIS) for v in AXIS_MARKS]
        axis_w = max(label.get_width() for label in sides) + pad
        half = max(label.get_height() for label in sides) // 2 + 1  # the side's words stand half above and below their lines
        # the across axis' word stands at the end of the 0% line, as an axis is named on paper
        after = self.text.render(self.words.across, self.font_px, AXIS).get_width() + pad if self.words.across else 0
        #: where the line is drawn
        self.inner = pygame.Rect(self.rect.left + pad + axis_w, top + half, max(1, self.rect.width - 2 * pad - axis_w - after),
                                 max(1, self.rect.bottom - pad // 2 - half - top - half))

    # -- the words -----------------------------------------------------------------------------
    @staticmethod
    def _percent(value: float) -> str:
        return f"{round(100 * value)}%"

    def _items(self) -> List[Tuple[str, str]]:
        w = self.words
        items = [("title", w.title), ("played", w.played), ("best", w.best)]
        items += [(f"label:{label.value}", words) for label, words in w.labels]
        items += [("luck+", w.lucky[0]), ("luck-", w.lucky[1])]
        return [(kind, words) for kind, words in items if words]

    def _symbol_w(self, kind: str) -> int:
        """The width of an entry's symbol (the title has none)."""
        if kind == "title":
            return 0
        return int(self.font_px * 1.8) if kind in ("played", "best") else 2 * self.mark_r + 2

    def _lay_out_legend(self, pad: int) -> List[LegendItem]:
        """The title, then each entry, left to right, in as many rows as they need."""
        fp = self.font_px
        line_h = self.text.font(fp).get_linesize()
        gap, inside = fp, max(3, fp // 3)
        left, right = self.rect.left + pad, self.rect.right - pad
        x, y = left, self.rect.top + pad // 2
        out = []
        for kind, words in self._items():
            sym = self._symbol_w(kind)
            w = sym + (inside if sym else 0) + self.text.render(words, fp, LINE).get_width()
            if x > left and x + w > right:
                x, y = left, y + line_h
            out.append(LegendItem(kind, words, pygame.Rect(x, y, w, line_h)))
            x += w + gap
        return out

    # -- where things are ------------------------------------------------------------------------
    def value(self, i: int) -> float:
        """White's chance drawn for decision ``i``: of the match in a match, else of the game."""
        d = self.decisions[i]
        return d.match_win if self.match and d.match_win is not None else d.win

    def point(self, i: int) -> Tuple[int, int]:
        """Where decision ``i`` is drawn."""
        n = len(self.decisions)
        x = self.inner.left + (self.inner.width * i / (n - 1) if n > 1 else self.inner.width / 2)
        y = self.inner.bottom - self.inner.height * self.value(i)
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

    def axis_labels(self) -> List[Tuple[str, pygame.Rect]]:
        """The side's words (100%, 50%, 0%) and where they are drawn."""
        out = []
        for value in AXIS_MARKS:
            label = self.text.render(self._percent(value), self.font_px, AXIS)
            y = round(self.inner.bottom - self.inner.height * value)
            out.append((self._percent(value), label.get_rect(midright=(self.inner.left - max(3, self.font_px // 3), y))))
        return out

    def across_label(self) -> Optional[Tuple[str, pygame.Rect]]:
        """The across axis' word (the turns) and where it is drawn: at the right end of the 0% line."""
        if not self.words.across:
            return None
        label = self.text.render(self.words.across, self.font_px, AXIS)
        return self.words.across, label.get_rect(midleft=(self.inner.right + max(3, self.font_px // 3), self.inner.bottom))

    # -- drawing ---------------------------------------------------------------------------------
    def _triangle(self, surface: pygame.Surface, centre: Tuple[int, int], up: bool) -> None:
        x, y, r = centre[0], centre[1], self.mark_r
        tip = (x, y - r) if up else (x, y + r)
        base = y + r if up else y - r
        pygame.draw.polygon(surface, LUCK_GOOD if up else LUCK_BAD, [tip, (x - r, base), (x + r, base)])

    def _ring(self, surface: pygame.Surface, centre: Tuple[int, int], colour: Colour) -> None:
        pygame.draw.circle(surface, colour, centre, self.mark_r + 1, 2)

    def _arrow(self, surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
        """A short arrow, as the board draws a play."""
        y, head = rect.centery, max(4, rect.width // 3)
        width = max(2, self.font_px // 6)
        pygame.draw.line(surface, colour, (rect.left, y), (rect.right - head, y), width)
        wing = max(3, head * 2 // 3)
        pygame.draw.polygon(surface, colour, [(rect.right, y), (rect.right - head, y - wing), (rect.right - head, y + wing)])

    def _draw_legend(self, surface: pygame.Surface) -> None:
        fp, inside = self.font_px, max(3, self.font_px // 3)
        for item in self.legend:
            r = item.rect
            sym = pygame.Rect(r.left, r.top, self._symbol_w(item.kind), r.height)
            centre = sym.center
            if item.kind in ("played", "best"):
                self._arrow(surface, sym, PLAYED if item.kind == "played" else BEST)
            elif item.kind.startswith("label:"):
                self._ring(surface, centre, LABEL_COLOURS.get(Label(item.kind[6:]), LINE))
            elif item.kind in ("luck+", "luck-"):
                self._triangle(surface, centre, item.kind == "luck+")
            label = self.text.render(item.words, fp, LINE if item.kind == "title" else AXIS)
            surface.blit(label, label.get_rect(midleft=(sym.right + (inside if sym.width else 0), r.centery)))

    def draw(self, surface: pygame.Surface, current: Optional[int]) -> None:
        pygame.draw.rect(surface, BACK, self.rect, border_radius=6)
        self._draw_legend(surface)
        inner = self.inner
        labels = self.axis_labels()
        across = self.across_label()
        if across is not None:
            labels.append(across)
        for text, where in labels:
            surface.blit(self.text.render(text, self.font_px, AXIS), where)
        for value in AXIS_MARKS:
            y = round(inner.bottom - inner.height * value)
            pygame.draw.line(surface, GRID, (inner.left, y), (inner.right, y))
        if not self.decisions:
            return
        for i in range(1, len(self.decisions)):
            if self.decisions[i].game != self.decisions[i - 1].game:
                x = (self.point(i)[0] + self.point(i - 1)[0]) // 2
                pygame.draw.line(surface, GAME_EDGE, (x, inner.top), (x, inner.bottom))
        if current is not None and 0 <= current < len(self.decisions):
            x = self.point(current)[0]
            pygame.draw.line(surface, CURSOR, (x, inner.top), (x, inner.bottom), 2)
        points = [self.point(i) for i in range(len(self.decisions))]
        if len(points) > 1:
            pygame.draw.lines(surface, LINE, False, points, 2)
        r = self.mark_r
        for i, kind in self.marks():
            x, y = points[i]
            if kind == "mistake":
                self._ring(surface, (x, y), LABEL_COLOURS.get(self.decisions[i].label, LINE))
            else:
                up = kind == "luck+"
                self._triangle(surface, (x, inner.top + r if up else inner.bottom - r), up)
