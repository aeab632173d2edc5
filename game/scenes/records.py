"""Records: games and matches played and won (the saves issue adds the
per-mode table and the dice chart; this screen shows the totals so far)."""

from __future__ import annotations

from typing import Tuple

import pygame

from ..app import App, Scene
from ..i18n import t
from .ui import MenuScene


class RecordsScene(MenuScene):
    def __init__(self, app: App, back: Scene):
        super().__init__(app)
        self.back_to = back

    def build(self, size: Tuple[int, int]) -> None:
        w, h = size
        f = self.font_px
        records, message = self.app.storage.load_records()
        total = records.total()
        self.label(pygame.Rect(0, f, w, int(f * 2.6)), t("records.title"), object_id="#heading")
        y = int(f * 5)
        lines = [
            t("records.games", played=total.games_played, won=total.games_won),
            t("records.matches", played=total.matches_played, won=total.matches_won),
            t("records.gammons", won=total.gammons_won, lost=total.gammons_lost),
            t("records.backgammons", won=total.backgammons_won, lost=total.backgammons_lost),
        ]
        if message:
            lines.append(message)
        self.lines = lines
        for line in lines:
            self.label(pygame.Rect(0, y, w, int(f * 1.8)), line, object_id="#centred")
            y += int(f * 2)
        bh = int(f * 2.4)
        self.back_button = self.button(pygame.Rect((w - f * 9) // 2, h - f - bh, f * 9, bh), t("button.back"), ("back",))
        self.focus.index = 0

    def act(self, action) -> None:
        if action[0] == "back":
            self.back()

    def back(self) -> None:
        self.app.switch(self.back_to)
