"""Recent matches (from the Records screen): the last finished matches, newest
first, a page at a time, each with Review (the review screen, analysing it
afresh) and Export (a .mat file in the documents folder, the screen says
where); and "Open a match file…" for matches played elsewhere."""

from __future__ import annotations

from typing import List, Optional, Tuple

import pygame
from pygame_gui.elements import UIButton

from engine import MatFileError, from_mat

from ..ui.host import AppHost
from ..store.exports import export_text
from ..words.i18n import t, tr
from ..store.recent import RecentMatch, RecentStore
from ..store.records import mode_key
from ..ui.textfit import fit_text
from ..ui.menu import Action, MenuScene, mode_name

PAGE = 6


class RecentScene(MenuScene):
    def __init__(self, app: AppHost):
        super().__init__(app)
        self.entries: List[RecentMatch] = []
        self.page = 0
        self.message: Optional[str] = None
        #: the rows shown (tests read them)
        self.rows: List[str] = []
        self.open_button: Optional[UIButton] = None

    def enter(self) -> None:
        self.app.saves.flush()  # the match just finished is on disk
        entries, message = RecentStore(self.app.storage).load()
        self.entries = list(reversed(entries))
        if message:
            self.message = tr(message)
        super().enter()

    def build(self, size: Tuple[int, int]) -> None:
        w, h = size
        f = self.font_px
        m = max(10, f)
        self.label(pygame.Rect(0, int(f * 0.6), w, int(f * 2.6)), t("records.recent"), object_id="#heading", fit=True)
        y = int(f * 3.6)
        tw = min(w - 2 * m, int(f * 44))
        x0 = (w - tw) // 2
        row_h = int(f * 2.2)
        bw = int(f * 7)
        gap = max(4, f // 3)
        self.rows = []
        shown = self.entries[self.page * PAGE:(self.page + 1) * PAGE]
        for i, e in enumerate(shown):
            n = self.page * PAGE + i
            text = t("records.recent_row", when=e.when, mode=mode_name(mode_key(e.mode, e.level)), score0=e.score[0], score1=e.score[1])
            self.rows.append(text)
            self.label(pygame.Rect(x0, y, tw - 2 * (bw + gap), row_h), text, object_id="#row_label")
            self.button(pygame.Rect(x0 + tw - 2 * bw - gap, y, bw, row_h), t("records.review"), ("review", n))
            self.button(pygame.Rect(x0 + tw - bw, y, bw, row_h), t("records.export"), ("export", n))
            y += row_h + gap
        if not self.entries:
            self.label(pygame.Rect(x0, y, tw, row_h), t("records.no_recent"), object_id="#small")
            y += row_h
        ow = min(tw, self.button_width([t("lobby.open")]))
        self.open_button = self.button(pygame.Rect(x0 + tw - ow, y + gap, ow, row_h), t("lobby.open"), ("open", 0))
        y += row_h + 2 * gap
        if self.message:
            line = self.label(pygame.Rect(x0, y, tw, int(f * 1.4)), " ", object_id="#small")
            font = line.font
            line.set_text(fit_text(self.message, tw - 8, lambda s: font.size(s)[0]) if font else self.message)
        bh = int(f * 2.4)
        by = h - f - bh
        pages = max(1, (len(self.entries) + PAGE - 1) // PAGE)
        if pages > 1:
            self.button(pygame.Rect(x0, by, f * 9, bh), t("review.prev"), ("page", -1))
            self.button(pygame.Rect(x0 + tw - f * 9, by, f * 9, bh), t("review.next"), ("page", 1))
        self.button(pygame.Rect((w - f * 9) // 2, by, f * 9, bh), t("button.back"), ("back",))
        if self.focus.index is None:
            self.focus.index = 0

    def act(self, action: Action) -> None:
        kind, arg = action[0], action[1] if len(action) > 1 else 0
        assert isinstance(arg, int)  # a page step, or the index of an entry
        if kind == "back":
            self.back()
        elif kind == "page":
            pages = max(1, (len(self.entries) + PAGE - 1) // PAGE)
            self.page = max(0, min(pages - 1, self.page + arg))
            self.focus.index = None
            self._rebuild(self.app.size)
        elif kind == "open":
            self.app.flow.open_match()
        elif kind == "review":
            self.review(self.entries[arg])
        elif kind == "export":
            _, self.message = export_text(self.entries[arg].mat)
            self._rebuild(self.app.size)

    def review(self, entry: RecentMatch) -> None:
        try:
            match = from_mat(entry.mat)
        except MatFileError as exc:
            self.message = t("export.failed", reason=str(exc))
            self._rebuild(self.app.size)
            return
        self.app.flow.review(match, viewer=entry.viewer)

    def back(self) -> None:
        self.app.flow.back()
