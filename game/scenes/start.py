"""The start screen: choose one game or a 5-point match for two players on
this screen (the full lobby comes later)."""

from __future__ import annotations

from typing import Any, List, Optional, Tuple

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel

from engine import Match

from ..app import App, Scene
from ..i18n import t
from ..input.focus import FocusRing
from ..input.keys import key_intent
from ..session import Session
from .theme import theme, ui_font_px

BG = (24, 28, 33)
FOCUS = (120, 200, 255)


class StartScene(Scene):
    """Title and a few buttons, by mouse or keyboard."""

    def __init__(self, app: App, dice: Any = None):
        super().__init__(app)
        self.dice = dice  # a dice source for the matches started here (tests, replays)
        self.focus = FocusRing()
        self.manager: Optional[pygame_gui.UIManager] = None
        self.buttons: List[Tuple[UIButton, str]] = []

    def enter(self) -> None:
        self._build(self.app.size)

    def resize(self, size: Tuple[int, int]) -> None:
        self._build(size)

    def _build(self, size: Tuple[int, int]) -> None:
        w, h = size
        f = ui_font_px(size)
        self.manager = pygame_gui.UIManager(size, theme(f))
        bw, bh = min(w - 40, f * 22), int(f * 2.6)
        x = (w - bw) // 2
        y = int(h * 0.18)
        UILabel(pygame.Rect(0, y, w, int(f * 3.2)), t("start.title"), self.manager, object_id="#title")
        y += int(f * 3.4)
        UILabel(pygame.Rect(0, y, w, int(f * 1.6)), t("start.subtitle"), self.manager, object_id="#centred")
        y += int(f * 2.6)
        self.buttons = []
        for key, action in (("start.single", "single"), ("start.match5", "match5"), ("start.quit", "quit")):
            b = UIButton(pygame.Rect(x, y, bw, bh), t(key), self.manager)
            self.buttons.append((b, action))
            y += bh + int(f * 0.7)
        UILabel(pygame.Rect(0, y + f, w, int(f * 1.5)), t("start.hint"), self.manager, object_id="#hint")
        self.dirty = True

    def start(self, action: str) -> None:
        from .match import MatchScene

        if action == "quit":
            self.app.quit()
            return
        match = Match(length=5, cube=True, dice=self.dice) if action == "match5" else Match(length=1, dice=self.dice)
        session = Session(match, (None, None), self.app.settings)
        self.app.switch(MatchScene(self.app, session))

    def handle_event(self, event: pygame.event.Event) -> None:
        assert self.manager is not None
        self.manager.process_events(event)
        self.dirty = True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for b, action in self.buttons:
                if event.ui_element is b:
                    self.start(action)
                    return
        intent = key_intent(event)
        if intent in ("focus_next", "focus_prev"):
            self.focus.move(self.buttons, 1 if intent == "focus_next" else -1)
        elif intent == "confirm":
            current = self.focus.current(self.buttons)
            self.start(current[1] if current else "single")
        elif intent == "cancel":
            self.focus.clear()

    def update(self, dt: float) -> None:
        assert self.manager is not None
        self.manager.update(dt)

    def render(self, surface: pygame.Surface, alpha: float) -> None:
        assert self.manager is not None
        surface.fill(BG)
        self.manager.draw_ui(surface)
        current = self.focus.current(self.buttons)
        if current is not None:
            pygame.draw.rect(surface, FOCUS, current[0].rect.inflate(8, 8), 3, border_radius=8)
