"""The settings, behind the gear (from the lobby and during a match):
sound, computer pace, full screen, the board's view (top or oblique), language.  Every change applies at once
and is saved at once; Back (or Escape) returns to the screen underneath."""

from __future__ import annotations

from typing import Dict, Tuple

import pygame

from .. import i18n
from ..app import App
from ..i18n import t
from ..board.projection import VIEWS
from ..settings import PACES
from .ui import ChoiceRow, MenuScene


class SettingsScene(MenuScene):
    transparent = True  # over the screen it was opened from

    def __init__(self, app: App):
        super().__init__(app)
        self.rows: Dict[str, ChoiceRow] = {}

    def build(self, size: Tuple[int, int]) -> None:
        w, h = size
        f = self.font_px
        s = self.app.settings
        pw = min(w - 20, f * 40)
        row_h = int(f * 2.4)
        gap = max(6, f // 2)
        n_rows = 6
        hint_h = int(f * 1.5)  # room for Chinese glyphs, which stand taller than Latin
        ph = int(f * 4.5) + n_rows * (row_h + gap) + hint_h + row_h + f
        rect = pygame.Rect((w - pw) // 2, max(10, (h - ph) // 2), pw, ph)
        self.box = self.panel(rect, object_id="#dialog")
        self.label(pygame.Rect(rect.x, rect.y + f, pw, int(f * 2.4)), t("settings.title"), object_id="#heading")
        y = rect.y + int(f * 4.5)
        x, iw = rect.x + f, pw - 2 * f
        on_off = [(True, t("common.on")), (False, t("common.off"))]
        self.rows = {}
        self.rows["sound"] = ChoiceRow(self, pygame.Rect(x, y, iw, row_h), t("settings.sound"), on_off, s.sound, self.app.set_sound)
        y += row_h + gap
        self.rows["pace"] = ChoiceRow(self, pygame.Rect(x, y, iw, row_h), t("settings.pace"),
                                      [(p, t(f"settings.pace.{p}")) for p in PACES], s.pace, self._set_pace)
        y += row_h + gap
        self.rows["fullscreen"] = ChoiceRow(self, pygame.Rect(x, y, iw, row_h), t("settings.fullscreen"), on_off,
                                            self.app.fullscreen, self.app.set_fullscreen)
        if self.app.kiosk is not None:  # a kiosk stays full screen
            self.rows["fullscreen"].set_enabled(False)
        y += row_h + gap
        self.rows["board_view"] = ChoiceRow(self, pygame.Rect(x, y, iw, row_h), t("settings.board_view"),
                                            [(v, t(f"settings.board_view.{v}")) for v in VIEWS], s.board_view, self._set_view)
        y += row_h + gap
        # each language named in its own script (a font that has them all: "#language")
        current = i18n.language()
        self.rows["language"] = ChoiceRow(self, pygame.Rect(x, y, iw, row_h), t("settings.language"),
                                          [(code, name) for code, name in i18n.LANGUAGES], current, self._set_language,
                                          object_id="#language")
        y += row_h + gap
        self.rows["tutor"] = ChoiceRow(self, pygame.Rect(x, y, iw, row_h), t("settings.tutor"), on_off, s.tutor, self._set_tutor)
        y += row_h + gap
        self.label(pygame.Rect(x, y, iw, hint_h), t("settings.pace_hint"), object_id="#hint")
        bw = int(f * 9)
        self.back_button = self.button(pygame.Rect(rect.centerx - bw // 2, rect.bottom - f - row_h, bw, row_h), t("button.back"), ("back",))

    def _set_pace(self, pace: str) -> None:
        self.app.settings.pace = pace  # the timings follow at once
        self.app.save_settings()

    def _set_view(self, view: str) -> None:
        self.app.settings.board_view = view  # a match shows it when it comes back
        self.app.save_settings()

    def _set_tutor(self, on: bool) -> None:
        self.app.settings.tutor = on
        self.app.save_settings()

    def _set_language(self, code: str) -> None:
        self.app.set_language(code)
        self._rebuild(self.app.size)  # every label in the new language

    def act(self, action) -> None:
        if action[0] == "back":
            self.back()

    def back(self) -> None:
        self.app.flow.back()
