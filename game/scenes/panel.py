"""The match scene's side panel (pygame_gui): status, pips, score, the action
buttons, the legal next steps as buttons (keyboard play) and the move log.

The panel only shows a :class:`PanelState` and reports which action a
button stands for; the scene decides what to do.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextBox

from ..i18n import t

Action = Tuple[Any, ...]
LOG_LINES = 40


@dataclass(frozen=True)
class StepChoice:
    """One legal next step as a button: ``frm``/``to`` in the mover's numbering."""

    frm: int
    to: int
    die: int

    @property
    def label(self) -> str:
        def name(p: int) -> str:
            return t("point.bar") if p == 25 else t("point.off") if p == 0 else str(p)

        return t("step.button", frm=name(self.frm), to=name(self.to), die=self.die)


@dataclass(frozen=True)
class PanelState:
    """Everything the panel shows; compared with the last one to redraw only changes."""

    status: str = ""
    score: str = ""
    pips: str = ""
    primary: str = ""  # the label of the primary button (Roll / Done / Next game / Menu); "" hides it
    primary_enabled: bool = False
    can_undo: bool = False
    can_take_back: bool = False
    cube: bool = False
    can_double: bool = False
    answer_double: bool = False
    auto_end: bool = True
    log_visible: bool = True
    steps: Tuple[StepChoice, ...] = ()
    log: Tuple[str, ...] = field(default_factory=tuple)


class SidePanel:
    """The widgets of the side panel inside ``rect``."""

    def __init__(self, manager: pygame_gui.UIManager, rect: pygame.Rect, font_px: int, cube: bool):
        self.manager = manager
        self.rect = pygame.Rect(rect)
        self.font_px = f = font_px
        self.cube = cube
        self.margin = m = max(6, int(f * 0.6))
        self.row = row = int(f * 2.2)
        self.gap = gap = max(4, int(f * 0.35))
        w = self.rect.width - 2 * m
        self.bg = UIPanel(self.rect, starting_height=1, manager=manager)
        c = self.bg

        def label(y: int, h: int, oid: Optional[str] = None) -> UILabel:
            return UILabel(pygame.Rect(m, y, w, h), "", manager, container=c, object_id=oid)

        y = m
        self.status = label(y, int(f * 1.7))
        y += int(f * 1.7)
        self.score = label(y, int(f * 1.4), "#small")
        y += int(f * 1.4)
        self.pips = label(y, int(f * 1.4), "#small")
        y += int(f * 1.4) + gap
        bw = (w - 2 * gap) // 3

        def button(col: int, y: int, key: str) -> UIButton:
            return UIButton(pygame.Rect(m + col * (bw + gap), y, bw, row), t(key), manager, container=c)

        self.primary = button(0, y, "button.roll")
        self.undo = button(1, y, "button.undo")
        self.take_back = button(2, y, "button.take_back")
        y += row + gap
        self.double = self.take = self.drop = None
        if cube:
            self.double = button(0, y, "button.double")
            self.take = button(1, y, "button.take")
            self.drop = button(2, y, "button.drop")
            y += row + gap
        self.auto = UIButton(pygame.Rect(m, y, 2 * bw + gap, row), t("button.auto_on"), manager, container=c)
        self.menu = button(2, y, "button.menu")
        y += row + gap
        self.steps_label = label(y, int(f * 1.4), "#small")
        self.steps_label.set_text(t("panel.steps"))
        y += int(f * 1.4)
        self.steps_top = y
        log_h = int(self.rect.height * 0.28)
        self.log_rect = pygame.Rect(m, self.rect.height - m - log_h, w, log_h)
        self.toggle_h = int(f * 1.8)
        self.log_toggle = UIButton(pygame.Rect(m, self.log_rect.top - gap - self.toggle_h, w, self.toggle_h), t("button.log_hide"), manager, container=c)
        self.log_box: Optional[UITextBox] = None
        self.step_buttons: List[Tuple[UIButton, StepChoice]] = []
        self.actions: Dict[Any, Action] = {
            self.primary: ("primary",),
            self.undo: ("undo",),
            self.take_back: ("take_back",),
            self.auto: ("toggle_auto",),
            self.log_toggle: ("toggle_log",),
            self.menu: ("menu",),
        }
        if cube:
            self.actions.update({self.double: ("double",), self.take: ("take",), self.drop: ("drop",)})
        self.state: Optional[PanelState] = None

    # -- showing a state -------------------------------------------------------------------
    @staticmethod
    def _set_enabled(button: Optional[UIButton], on: bool) -> None:
        if button is None:
            return
        if on and not button.is_enabled:
            button.enable()
        elif not on and button.is_enabled:
            button.disable()

    @staticmethod
    def _set_visible(element: Any, on: bool) -> None:
        if element is None:
            return
        if on and not element.visible:
            element.show()
        elif not on and element.visible:
            element.hide()

    def show(self, state: PanelState) -> bool:
        """Show ``state``; returns True if anything changed."""
        old = self.state
        if old == state:
            return False
        self.state = state
        for attr in ("status", "score", "pips"):
            if old is None or getattr(old, attr) != getattr(state, attr):
                getattr(self, attr).set_text(getattr(state, attr) or " ")
        if old is None or old.primary != state.primary:
            if state.primary:
                self.primary.set_text(state.primary)
        self._set_visible(self.primary, bool(state.primary))
        self._set_enabled(self.primary, state.primary_enabled)
        self._set_enabled(self.undo, state.can_undo)
        self._set_enabled(self.take_back, state.can_take_back)
        if self.cube:
            self._set_visible(self.double, not state.answer_double)
            self._set_enabled(self.double, state.can_double)
            self._set_enabled(self.take, state.answer_double)
            self._set_enabled(self.drop, state.answer_double)
        if old is None or old.auto_end != state.auto_end:
            self.auto.set_text(t("button.auto_on" if state.auto_end else "button.auto_off"))
        if old is None or old.log_visible != state.log_visible:
            self.log_toggle.set_text(t("button.log_hide" if state.log_visible else "button.log_show"))
            bottom = self.log_rect.top if state.log_visible else self.rect.height - self.margin
            self.log_toggle.set_relative_position((self.margin, bottom - self.gap - self.toggle_h))
        if old is None or old.steps != state.steps or old.log_visible != state.log_visible:
            self._build_steps(state.steps, state.log_visible)
        if old is None or old.log != state.log or old.log_visible != state.log_visible:
            self._build_log(state.log, state.log_visible)
        return True

    def _build_steps(self, steps: Tuple[StepChoice, ...], log_visible: bool) -> None:
        for b, _ in self.step_buttons:
            self.actions.pop(b, None)
            b.kill()
        self.step_buttons = []
        if not steps:
            return
        m, gap = self.margin, self.gap
        w = self.rect.width - 2 * m
        bottom = (self.log_rect.top if log_visible else self.rect.height - m) - 2 * gap - self.toggle_h
        space = bottom - self.steps_top
        for cols in (2, 3, 4):
            rows = -(-len(steps) // cols)
            h = min(self.row, (space - (rows - 1) * gap) // max(1, rows))
            if h >= self.font_px * 1.5 or cols == 4:
                break
        h = max(int(self.font_px * 1.2), h)
        bw = (w - (cols - 1) * gap) // cols
        for i, s in enumerate(steps):
            r, col = divmod(i, cols)
            rect = pygame.Rect(m + col * (bw + gap), self.steps_top + r * (h + gap), bw, h)
            b = UIButton(rect, s.label, self.manager, container=self.bg, object_id="#step")
            self.step_buttons.append((b, s))
            self.actions[b] = ("step", s.frm, s.to, s.die)

    def _build_log(self, lines: Tuple[str, ...], visible: bool) -> None:
        if self.log_box is not None:
            self.log_box.kill()
            self.log_box = None
        if not visible:
            return
        text = "<br>".join(html.escape(line) for line in lines[-LOG_LINES:]) or " "
        self.log_box = UITextBox(text, self.log_rect, self.manager, container=self.bg)
        bar = self.log_box.scroll_bar
        if bar is not None:
            bar.set_scroll_from_start_percentage(1.0)

    # -- keyboard focus -----------------------------------------------------------------------
    def focusables(self) -> List[Tuple[UIButton, Action]]:
        """The buttons the keyboard can reach, steps first."""
        out: List[Tuple[UIButton, Action]] = [(b, self.actions[b]) for b, _ in self.step_buttons]
        for b in (self.primary, self.undo, self.take_back, self.double, self.take, self.drop, self.auto, self.log_toggle, self.menu):
            if b is not None and b.visible and b.is_enabled:
                out.append((b, self.actions[b]))
        return out

    def action_for(self, element: Any) -> Optional[Action]:
        return self.actions.get(element)

    def kill(self) -> None:
        self.bg.kill()
