"""Seeing and hearing, behind the settings: speech (on or off, its rate),
the board's colours (standard, colour-blind, high contrast) and large
text.  Each change applies at once (every screen is rebuilt in the new
look) and is saved at once; Back (or Escape) returns to the settings."""

from __future__ import annotations

from typing import Dict, Tuple

import pygame

from ..board.palette import THEMES
from ..system.speech import RATES
from ..words.i18n import t
from .host import AppHost
from .ui import ChoiceRow, MenuScene


class AccessScene(MenuScene):
    transparent = True  # over the settings

    def __init__(self, app: AppHost):
        super().__init__(app)
        self.rows: Dict[str, ChoiceRow] = {}

    def build(self, size: Tuple[int, int]) -> None:
        w, h = size
        f = self.font_px
        s = self.app.settings
        pw = min(w - 20, f * 40)
        row_h = int(f * 2.4)
        gap = max(6, f // 2)
        hint_h = int(f * 1.5)
        ph = int(f * 4.5) + 4 * (row_h + gap) + 3 * hint_h + row_h + 2 * f
        rect = pygame.Rect((w - pw) // 2, max(10, (h - ph) // 2), pw, ph)
        self.box = self.panel(rect, object_id="#dialog")
        self.label(pygame.Rect(rect.x, rect.y + f, pw, int(f * 2.4)), t("access.title"), object_id="#heading", fit=True)
        x, iw = rect.x + f, pw - 2 * f
        y = rect.y + int(f * 4.5)
        on_off = [(True, t("common.on")), (False, t("common.off"))]
        rows = (
            ("speak", on_off, self.app.announcer.speaking, self._set_speak),
            ("rate", [(r, t(f"access.rate.{r}")) for r in RATES], s.speech_rate, self._set_rate),
            ("theme", [(name, t(f"access.theme.{name}")) for name in THEMES], s.theme, self._set_theme),
            ("large_text", on_off, s.large_text, self._set_large_text),
        )
        self.rows = {}
        for key, choices, value, change in rows:
            self.rows[key] = ChoiceRow(self, pygame.Rect(x, y, iw, row_h), t(f"access.{key}"), choices, value, change)
            y += row_h + gap
        self.wrapped_label(pygame.Rect(x, y, iw, hint_h), self.speech_line(), object_id="#hint")
        y += hint_h
        self.wrapped_label(pygame.Rect(x, y, iw, hint_h), t("access.keys"), object_id="#hint")
        bw = int(f * 9)
        self.back_button = self.button(pygame.Rect(rect.centerx - bw // 2, rect.bottom - f - row_h, bw, row_h),
                                       t("button.back"), ("back",))

    def speech_line(self) -> str:
        """What speaks, or that nothing can here."""
        announcer = self.app.announcer
        if announcer.unavailable:
            return t("say.no_speech")
        if announcer.speech is not None:
            return t("access.speech_here", name=announcer.speech.name)
        return ""

    def _set_speak(self, on: bool) -> None:
        s = self.app.settings
        s.speak = on
        self.app.save_settings()
        self.app.announcer.set_speaking(on)
        if on and self.app.announcer.unavailable:
            self.app.announcer.say(t("say.no_speech"))  # (in the log, and on this screen)
        self._rebuild(self.app.size)

    def _set_rate(self, rate: str) -> None:
        self.app.settings.speech_rate = rate
        self.app.save_settings()
        self.app.announcer.set_rate(rate)

    def _restyle(self) -> None:
        self.app.save_settings()
        self.app.flow.restyle()  # every screen, this one too, in the new look

    def _set_theme(self, theme: str) -> None:
        self.app.settings.theme = theme
        self._restyle()

    def _set_large_text(self, on: bool) -> None:
        self.app.settings.large_text = on
        self._restyle()

    def act(self, action) -> None:
        if action[0] == "back":
            self.back()

    def back(self) -> None:
        self.app.flow.back()
