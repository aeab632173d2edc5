"""Rules & help: the text of :mod:`game.words.help_text` in a scrolling box.

Mouse wheel or the scroll bar; by keyboard Up/Down, Page Up/Page Down,
Home/End; by controller the d-pad, LB/RB for pages; Escape, B or Back returns."""

from __future__ import annotations

from typing import Optional, Tuple

import pygame
from pygame_gui.elements import UITextBox

from ..words import fonts, help_text, i18n
from ..ui.host import AppHost
from ..words.i18n import t
from ..input.intents import intent_of
from ..ui.menu import MenuScene

LINE_STEP = 0.04  # of the whole text, per arrow key


def _measure_font(lang: str, px: int, bold: bool = False) -> pygame.font.Font:
    return pygame.font.Font(fonts.font_file("bold" if bold else "regular", lang), px)


class HelpScene(MenuScene):
    def __init__(self, app: AppHost):
        super().__init__(app)
        self.box: Optional[UITextBox] = None

    @property
    def language(self) -> str:
        return help_text.normalise_language(i18n.language())

    def build(self, size: Tuple[int, int]) -> None:
        w, h = size
        f = self.font_px
        m = max(10, f)
        self.label(pygame.Rect(0, int(f * 0.5), w, int(f * 2.6)), t("help.title"), object_id="#heading", fit=True)
        bh = int(f * 2.4)
        top = int(f * 3.4)
        bw = min(w - 2 * m, f * 52)
        rect = pygame.Rect((w - bw) // 2, top, bw, h - top - bh - 2 * m)
        assert self.manager is not None
        self.box = UITextBox("", rect, self.manager, object_id="#help_text")
        lang = self.language
        text_px = max(10, int(round(19 * f / 20)))  # the #help_text font of theme.json, scaled
        font_dict = self.manager.get_theme().get_font_dictionary()
        if not font_dict.check_font_preloaded(font_dict.create_font_id(text_px, fonts.theme_name(lang), True, False, True)):
            # (a theme parsed for an earlier screen has it already: see theme.manager)
            self.manager.preload_fonts([{"name": fonts.theme_name(lang), "point_size": text_px, "style": "bold", "antialiased": "1"}])
        measure = width = None
        if lang == "zh":  # pygame_gui wraps only at spaces: break Chinese lines ourselves
            font = _measure_font(lang, text_px)
            measure = lambda s: font.size(s)[0]  # noqa: E731
            width = self.box.rect.width - 2 * int(14 * f / 20) - 40
        self.box.set_text(help_text.as_html(lang, measure, width))
        self.back_button = self.button(pygame.Rect((w - f * 9) // 2, h - m - bh, f * 9, bh), t("button.back"), ("back",))
        self.focus.index = 0

    # -- scrolling -----------------------------------------------------------------------------
    @property
    def scroll_bar(self):
        return self.box.scroll_bar if self.box is not None else None

    def scroll_fraction(self) -> float:
        """How far down the text is shown (0 top .. 1 - visible part at the bottom)."""
        sb = self.scroll_bar
        return 0.0 if sb is None else float(sb.start_percentage)

    def scroll_by(self, pages: float) -> None:
        sb = self.scroll_bar
        if sb is None:
            return
        sb.set_scroll_from_start_percentage(sb.start_percentage + pages * sb.visible_percentage)
        if self.box is not None:
            # show the new part now (the box redraws when its bar says it moved)
            layout = self.box.text_box_layout
            assert layout is not None
            height = int(sb.start_percentage * layout.layout_rect.height)
            self.box._setup_final_text_box_image(self.box._calculate_drawable_area(height))
        self.dirty = True

    def key(self, event: pygame.event.Event) -> None:
        k = event.key
        if k == pygame.K_PAGEDOWN:
            self.scroll_by(0.9)
        elif k == pygame.K_PAGEUP:
            self.scroll_by(-0.9)
        elif k == pygame.K_HOME:
            self.scroll_by(-1000)
        elif k == pygame.K_END:
            self.scroll_by(1000)

    def handle_event(self, event: pygame.event.Event) -> None:
        intent = intent_of(event)  # Up/Down and the d-pad scroll by lines, LB/RB by pages
        if intent in ("up", "down"):
            sb = self.scroll_bar
            step = LINE_STEP / max(0.05, sb.visible_percentage) if sb is not None else 0
            self.scroll_by(step if intent == "down" else -step)
            return
        if intent in ("focus_next", "focus_prev") and event.type == pygame.CONTROLLERBUTTONDOWN:
            self.scroll_by(0.9 if intent == "focus_next" else -0.9)
            return
        super().handle_event(event)

    @property
    def busy(self) -> bool:
        sb = self.scroll_bar
        if sb is None:
            return False
        return sb.scroll_wheel_moved or abs(sb.scroll_position - sb.target_scroll_position) > 0.5 or bool(sb.sliding_button and sb.sliding_button.held)

    def act(self, action) -> None:
        if action[0] == "back":
            self.back()

    def back(self) -> None:
        self.app.flow.back()
