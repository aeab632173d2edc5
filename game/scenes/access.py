"""Seeing and hearing, behind the settings: speech (on or off, its rate, the
pause between the computer's steps while it speaks; what speaks, or what is
missing: no speech here, no voice of the game's language), the board's colours (standard, colour-blind, high contrast), large
text, and whose numbering the points are said and shown in (the
player's own, or always White's).  Each change applies at once (every screen is rebuilt in the new
look) and is saved at once; Back (or Escape) returns to the settings."""

from __future__ import annotations

from typing import Dict, Tuple

import pygame

from ..board.palette import THEMES
from ..play.numbering import NUMBERINGS
from ..store.settings import SPEECH_PAUSES
from ..system.speech import RATES
from ..words.i18n import t, tr
from ..ui.host import AppHost
from ..ui.menu import ChoiceRow, MenuScene


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
        on_off = [(True, t("common.on")), (False, t("common.off"))]
        rows = (
            ("speak", on_off, self.app.announcer.speaking, self._set_speak),
            ("rate", [(r, t(f"access.rate.{r}")) for r in RATES], s.speech_rate, self._set_rate),
            ("pause", [(p, t(f"access.pause.{p}")) for p in SPEECH_PAUSES], s.speech_pause, self._set_pause),
            ("theme", [(name, t(f"access.theme.{name}")) for name in THEMES], s.theme, self._set_theme),
            ("large_text", on_off, s.large_text, self._set_large_text),
            ("numbering", [(n, t(f"access.numbering.{n}")) for n in NUMBERINGS], s.numbering, self._set_numbering),
        )
        iw = pw - 2 * f
        hints = [(text, self.hint_lines(text, iw)) for text in (self.speech_line(), t("access.keys"))]
        fixed = int(f * 4.5) + len(rows) * gap + max(3, sum(n for _, n in hints)) * hint_h + 2 * f
        row_h = max(int(f * 1.9), min(row_h, (h - 20 - fixed) // (len(rows) + 1)))  # lower rows where the window is short
        ph = fixed + (len(rows) + 1) * row_h
        rect = pygame.Rect((w - pw) // 2, max(10, (h - ph) // 2), pw, ph)
        self.box = self.panel(rect, object_id="#dialog")
        self.label(pygame.Rect(rect.x, rect.y + f, pw, int(f * 2.4)), t("access.title"), object_id="#heading", fit=True)
        x = rect.x + f
        y = rect.y + int(f * 4.5)
        self.rows = {}
        for key, choices, value, change in rows:
            self.rows[key] = ChoiceRow(self, pygame.Rect(x, y, iw, row_h), t(f"access.{key}"), choices, value, change)
            y += row_h + gap
        for text, lines in hints:  # what speaks (or what stands in its way), then the keys that ask
            self.wrapped_label(pygame.Rect(x, y, iw, hint_h), text, object_id="#hint")
            y += lines * hint_h
        bw = int(f * 9)
        self.back_button = self.button(pygame.Rect(rect.centerx - bw // 2, rect.bottom - f - row_h, bw, row_h),
                                       t("button.back"), ("back",))

    def enter(self) -> None:
        """The heading said, then the lines of help the screen shows (what speaks, the keys that ask)."""
        super().enter()
        for words in (self.speech_line(), t("access.keys")):
            if words:
                self.app.announcer.tell(words)

    def hint_lines(self, text: str, width: int) -> int:
        """How many lines ``text`` takes as a hint ``width`` wide (as :meth:`wrapped_label` breaks it)."""
        from ..words.help_text import wrap_html

        assert self.manager is not None
        font = self.manager.get_theme().get_font(["#hint", "label"])
        return len(wrap_html(text, lambda s: font.size(s)[0], width - 8).split("<br>")) if text else 1

    def speech_line(self) -> str:
        """What speaks, or what stands in its way (nothing can here, no voice of the game's language)."""
        announcer = self.app.announcer
        trouble = announcer.trouble
        if trouble is not None:
            return tr(trouble)
        if announcer.speech is not None:
            return t("access.speech_here", name=announcer.speech.name)
        return ""

    def _set_speak(self, on: bool) -> None:
        s = self.app.settings
        s.speak = on
        self.app.save_settings()
        self.app.announcer.set_speaking(on)  # (no voice of the game's language here: said once, and shown below)
        if on and self.app.announcer.unavailable:
            self.app.announcer.say(t("say.no_speech"))  # (in the log, and on this screen)
        self._rebuild(self.app.size)

    def _set_rate(self, rate: str) -> None:
        self.app.settings.speech_rate = rate
        self.app.save_settings()
        self.app.announcer.set_rate(rate)

    def _set_pause(self, pause: str) -> None:
        self.app.settings.speech_pause = pause  # the computer's next action waits as long, while speech is on
        self.app.save_settings()

    def _restyle(self) -> None:
        self.app.save_settings()
        self.app.flow.restyle()  # every screen, this one too, in the new look

    def _set_theme(self, theme: str) -> None:
        self.app.settings.theme = theme
        self._restyle()

    def _set_large_text(self, on: bool) -> None:
        self.app.settings.large_text = on
        self._restyle()

    def _set_numbering(self, numbering: str) -> None:
        """Whose numbering the points are said and shown in: the match below shows its panel in it at once."""
        self.app.settings.numbering = numbering
        self._restyle()

    def act(self, action) -> None:
        if action[0] == "back":
            self.back()

    def back(self) -> None:
        self.app.flow.back()
