"""Records: games and matches played and won, gammons and backgammons, as a
table with a row per mode and level (and the total); and the dice thrown in
the player's games as a bar chart of the faces 1..6, for players who suspect
the dice.  What counts is decided in :mod:`game.play.saves` (against the computer
the human's results and dice; two players on one screen: White's results,
both players' dice)."""

from __future__ import annotations

from typing import Dict, List, Optional, Tuple

import pygame

from ..ui.host import AppHost
from ..words.i18n import counted, t, tr
from ..play.options import LEVELS
from ..store.records import Records, Tally
from ..ui.menu import MenuScene, mode_name, shown

__all__ = ["RecordsScene", "mode_name", "shown", "mode_order", "row_cells"]

#: the table's columns: (key of the header, share of the table's width)
COLUMNS = (
    ("records.col.mode", 0.24),
    ("records.col.games", 0.09),
    ("records.col.won", 0.08),
    ("records.col.matches", 0.10),
    ("records.col.matches_won", 0.12),
    ("records.col.gammons", 0.12),
    ("records.col.backgammons", 0.14),
    ("records.col.abandoned", 0.11),
)
BAR = (196, 160, 64)
BAR_EDGE = (245, 197, 66)
AXIS = (110, 104, 92)
EXPECTED = (120, 200, 255)


def mode_order(key: str) -> Tuple[int, str]:
    """Computer levels from beginner up, then two players, then anything else."""
    if key.startswith("computer:") and key[9:] in LEVELS:
        return (LEVELS.index(key[9:]), key)
    if key == "hotseat":
        return (len(LEVELS), key)
    if key == "friend":
        return (len(LEVELS) + 1, key)
    return (len(LEVELS) + 2, key)


def row_cells(name: str, tally: Tally) -> List[str]:
    return [
        name,
        str(tally.games_played),
        str(tally.games_won),
        str(tally.matches_played),
        str(tally.matches_won),
        t("records.won_lost", won=tally.gammons_won, lost=tally.gammons_lost),
        t("records.won_lost", won=tally.backgammons_won, lost=tally.backgammons_lost),
        str(tally.abandoned),
    ]


def table_rows(records: Records) -> List[List[str]]:
    """The table's rows (without the header): one per mode and level that
    has a game, then the total when there is more than one."""
    keys = sorted((k for k, v in records.by_mode.items() if v != Tally()), key=mode_order)
    rows = [row_cells(mode_name(k), records.by_mode[k]) for k in keys]
    if len(rows) > 1:
        rows.append(row_cells(t("records.total"), records.total()))
    return rows


def assisted_line(records: Records) -> Optional[str]:
    """The games and matches with a take-back, counted apart from the table
    (as chess programs keep assisted games unrated); None when there are none."""
    total = records.total()
    if not (total.assisted_games or total.assisted_matches):
        return None
    return t("records.assisted", played=total.assisted_games, won=total.assisted_won,
             matches=total.assisted_matches, matches_won=total.assisted_matches_won)


def dice_caption(records: Records) -> str:
    """The line under the dice chart: how many dice, in rolls of two and
    opening throws (one die each), and the share of doubles; each count with
    its noun in the number it takes ('1 opening die', '2 opening dice')."""
    dice = sum(records.faces)
    if not dice:
        return t("records.no_dice")
    doubles = f"{100.0 * records.doubles / records.rolls:.1f}" if records.rolls else "–"
    opening = max(0, dice - 2 * records.rolls)  # an opening throw counts one die each
    return t("records.dice", dice=counted("records.dice.count", dice), rolls=counted("records.dice.rolls", records.rolls),
             opening=counted("records.dice.opening", opening), doubles=doubles)


class RecordsScene(MenuScene):
    def __init__(self, app: AppHost):
        super().__init__(app)
        self.records = Records()
        self.message: Optional[str] = None
        #: what the table shows, header first (also what tests read)
        self.rows: List[List[str]] = []
        self.lines: List[str] = []
        self.chart_rect: Optional[pygame.Rect] = None
        #: the bars drawn, face -> rectangle (tests and the labels use them)
        self.bars: Dict[int, pygame.Rect] = {}
        self.count_rects: List[pygame.Rect] = []  # the counts over the bars: the fair line goes round them

    def enter(self) -> None:
        self.app.saves.flush()  # the last game's result and dice are on disk
        self.records, self.message = self.app.storage.load_records()
        super().enter()

    def build(self, size: Tuple[int, int]) -> None:
        w, h = size
        f = self.font_px
        rec = self.records
        m = max(10, f)
        self.label(pygame.Rect(0, int(f * 0.6), w, int(f * 2.6)), t("records.title"), object_id="#heading", fit=True)
        y = int(f * 3.6)
        # the table
        tw = min(w - 2 * m, int(f * 54))
        x0 = (w - tw) // 2
        row_h = int(f * 1.7)
        body = table_rows(rec)
        self.rows = [[t(k) for k, _ in COLUMNS]] + body
        xs = [x0]
        for _, share in COLUMNS:
            xs.append(xs[-1] + int(tw * share))
        for r, cells in enumerate(self.rows):
            header = r == 0
            for c, text in enumerate(cells):
                rect = pygame.Rect(xs[c], y, xs[c + 1] - xs[c], row_h)
                if c == 0:
                    oid = "#small" if header else "#row_label"
                else:
                    oid = "#hint" if header else "#status"
                self.label(rect, text, object_id=oid)
            y += row_h
        if not body:
            self.label(pygame.Rect(x0, y, tw, row_h), t("records.no_games"), object_id="#small", fit=True)
            y += row_h
        self.lines = [t("records.note")]
        assisted = assisted_line(rec)
        if assisted is not None:
            self.lines.append(assisted)
        if self.message:
            self.lines.append(shown(tr(self.message), 400))  # storage's line, in the language shown
        for line in self.lines:  # a long line (storage's) goes on in more rows
            rows = self.wrapped_label(pygame.Rect(x0, y, tw, int(f * 1.4)), line, object_id="#small", fit=True)
            y += int(f * 1.4) * len(rows)
        # the dice
        y += int(f * 0.6)
        caption = dice_caption(rec)
        self.label(pygame.Rect(0, y, w, int(f * 1.8)), t("records.dice_title"), object_id="#centred", fit=True)
        y += int(f * 1.8)
        self.lines.append(t("records.dice_whose"))  # whose dice the chart counts (see game.play.saves)
        rows = self.wrapped_label(pygame.Rect(x0, y, tw, int(f * 1.4)), self.lines[-1], object_id="#small", fit=True)
        y += int(f * 1.4) * len(rows)
        self.lines.append(caption)
        self.label(pygame.Rect(0, y, w, int(f * 1.4)), caption, object_id="#hint", fit=True)
        y += int(f * 1.6)
        bh = int(f * 2.4)
        bottom = h - f - bh - int(f * 0.8)
        cw = min(tw, int(f * 30))
        self.chart_rect = pygame.Rect((w - cw) // 2, y, cw, max(0, bottom - y))
        self._chart_labels()
        gap = max(6, f // 2)
        self.back_button = self.button(pygame.Rect(w // 2 - gap // 2 - f * 9, h - f - bh, f * 9, bh), t("button.back"), ("back",))
        self.recent_button = self.button(pygame.Rect(w // 2 + gap - gap // 2, h - f - bh, f * 9, bh), t("records.recent"), ("recent",))
        self.focus.index = 0

    def _chart_labels(self) -> None:
        """The bars' rectangles, a count over each and the face under it."""
        self.bars = {}
        self.count_rects = []
        area = self.chart_rect
        if area is None:
            return
        f = self.font_px
        faces = self.records.faces
        label_h = int(f * 1.3)
        plot = pygame.Rect(area.x, area.y + label_h, area.width, area.height - 2 * label_h)
        self.plot_rect = plot
        if plot.height < f or not sum(faces):
            return
        top = max(max(faces), sum(faces) / 6.0)
        slot = plot.width / 6.0
        bw = max(4, int(slot * 0.62))
        for i, n in enumerate(faces):
            cx = plot.x + slot * (i + 0.5)
            bar_h = int(round(plot.height * n / top))
            bar = pygame.Rect(int(cx - bw / 2), plot.bottom - bar_h, bw, bar_h)
            self.bars[i + 1] = bar
            count = self.label(pygame.Rect(int(cx - slot / 2), bar.top - label_h, int(slot), label_h), str(n), object_id="#hint")
            tw = count.font.size(str(n))[0] + 6 if count.font is not None else int(slot)
            self.count_rects.append(pygame.Rect(int(cx - tw / 2), bar.top - label_h, tw, label_h))
            self.label(pygame.Rect(int(cx - slot / 2), plot.bottom + 2, int(slot), label_h), str(i + 1), object_id="#status")

    def draw_extra(self, surface: pygame.Surface) -> None:
        if not self.bars:
            return
        plot = self.plot_rect
        faces = self.records.faces
        for bar in self.bars.values():
            if bar.height:
                pygame.draw.rect(surface, BAR, bar)
                pygame.draw.rect(surface, BAR_EDGE, bar, 1)
        pygame.draw.line(surface, AXIS, plot.bottomleft, plot.bottomright, 2)
        # where a fair die's faces would stand: a sixth of the dice each
        top = max(max(faces), sum(faces) / 6.0)
        y = plot.bottom - int(round(plot.height * (sum(faces) / 6.0) / top))
        x = plot.x
        while x < plot.right:
            if not any(x <= r.right + 2 and x + 6 >= r.left - 2 and r.top <= y <= r.bottom for r in self.count_rects):
                pygame.draw.line(surface, EXPECTED, (x, y), (min(x + 6, plot.right), y), 1)
            x += 11

    def act(self, action) -> None:
        if action[0] == "back":
            self.back()
        elif action[0] == "recent":
            self.app.flow.recent()

    def back(self) -> None:
        self.app.flow.back()
