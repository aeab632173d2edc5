"""The match scene's top bar (pygame_gui): back to the lobby, restart,
resign on the left; the match score and length and whose turn it is in the
middle; the questions to hear the board (Ask) and the settings gear on the right.  Like the side panel it only shows a
:class:`TopState` and says which action a button stands for."""

from __future__ import annotations

from typing import Dict, List, Optional, Tuple

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIPanel

from ..words.i18n import t
from ..input.match_intents import AskMenu, Intent, OpenSettings, Resign, Restart, ToLobby
from .presenter import TopState
from ..ui.menu import gear_icon

#: what a button stands for
Action = Intent


def top_bar_height(font_px: int) -> int:
    return int(font_px * 2.5)


class TopBar:
    def __init__(self, manager: pygame_gui.UIManager, rect: pygame.Rect, font_px: int, friend: bool = False):
        self.manager = manager
        self.rect = pygame.Rect(rect)
        f = font_px
        m = max(4, f // 4)
        h = self.rect.height - 2 * m
        self.bg = UIPanel(self.rect, starting_height=1, manager=manager, object_id="#topbar_bg")
        c = self.bg
        bw = int(f * 5.6)
        gap = max(4, f // 3)
        x = m
        # a friend game has no Restart: the way out ("Leave the match") takes its place too
        self.lobby = UIButton(pygame.Rect(x, m, 2 * bw + gap if friend else bw, h), t("top.leave" if friend else "top.lobby"),
                              manager, container=c, object_id="#topbar")
        x += bw + gap
        self.restart = UIButton(pygame.Rect(x, m, bw, h), t("top.restart"), manager, container=c, object_id="#topbar")
        if friend:
            self.restart.hide()
        x += bw + gap
        self.resign = UIButton(pygame.Rect(x, m, bw, h), t("top.resign"), manager, container=c, object_id="#topbar")
        x += bw + gap
        gw = h
        self.gear = UIButton(pygame.Rect(self.rect.width - m - gw, m, gw, h), "", manager, container=c, object_id="#gear")
        self.gear_img = gear_icon(max(8, int(gw * 0.66)))
        # the questions to hear the board (game/match/ask.py): a button, so any controller reaches them
        aw = manager.get_theme().get_font(["#topbar", "button"]).size(t("top.ask"))[0] + f
        self.ask = UIButton(pygame.Rect(self.rect.width - m - gw - gap - aw, m, aw, h), t("top.ask"), manager, container=c,
                            object_id="#topbar")
        free = self.rect.width - m - gw - aw - 2 * gap - x
        score_w = free * 4 // 7  # "Match to 7 · White 0 – 0 Black" is the longer of the two
        self.score = UILabel(pygame.Rect(x, m, score_w, h), "", manager, container=c, object_id="#status")
        self.turn = UILabel(pygame.Rect(x + score_w, m, free - score_w, h), "", manager, container=c, object_id="#status")
        self.actions: Dict[UIButton, Action] = {
            self.lobby: ToLobby(),
            self.restart: Restart(),
            self.resign: Resign(),
            self.ask: AskMenu(),
            self.gear: OpenSettings(),
        }
        self.state: Optional[TopState] = None

    def show(self, state: TopState) -> bool:
        old = self.state
        if old == state:
            return False
        self.state = state
        if old is None or old.score != state.score:
            self.score.set_text(state.score or " ")
        if old is None or old.turn != state.turn:
            self.turn.set_text(state.turn or " ")
        if state.lobby and (old is None or old.lobby != state.lobby):
            self.lobby.set_text(state.lobby)
        if state.restart and not self.restart.visible:
            self.restart.show()
        elif not state.restart and self.restart.visible:
            self.restart.hide()
        if state.can_resign and not self.resign.is_enabled:
            self.resign.enable()
        elif not state.can_resign and self.resign.is_enabled:
            self.resign.disable()
        return True

    def focusables(self) -> List[Tuple[UIButton, Action]]:
        return [(b, self.actions[b]) for b in (self.lobby, self.restart, self.resign, self.ask, self.gear) if b.is_enabled and b.visible]

    def action_for(self, element: object) -> Optional[Action]:
        """What ``element`` (a pygame_gui event's) stands for; None: not one of these."""
        return self.actions.get(element) if isinstance(element, UIButton) else None

    def draw_icons(self, surface: pygame.Surface) -> None:
        surface.blit(self.gear_img, self.gear_img.get_rect(center=self.gear.rect.center))

    def kill(self) -> None:
        self.bg.kill()
