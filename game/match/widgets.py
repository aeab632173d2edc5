"""The match screen's widgets: the side panel and the top bar, in one
pygame_gui manager.  They show the presenter's :class:`PanelState` and
:class:`TopState`, say which intent a pressed button stands for, and are
drawn into the match frame (with the ring round the focused button) only
when :attr:`MatchWidgets.version` changed.
"""

from __future__ import annotations

from typing import List, Optional, Tuple

import pygame

from ..board.layout import Layout
from ..board.viewbuttons import ViewButton
from .panel import SidePanel
from ..ui.theme import manager
from .topbar import TopBar
from .controller import Button
from .frame import focus_ring
from ..input.match_intents import Intent
from .presenter import PanelState, TopState


#: keys that scroll the position's lines when they need more rows than the panel has: (key, wheel steps)
SCROLL_KEYS = {pygame.K_PAGEUP: 1, pygame.K_PAGEDOWN: -1}

class MatchWidgets:
    """The side panel and the top bar of a match screen of ``size`` (``friend``: of a friend game over the network)."""

    def __init__(self, size: Tuple[int, int], layout: Layout, font_px: int, cube: bool, friend: bool = False):
        self.layout = layout
        self.manager = manager(size, font_px)
        self.panel = SidePanel(self.manager, layout.panel_rect, font_px, cube, friend)
        self.topbar = TopBar(self.manager, layout.top_bar_rect, font_px, friend)
        #: counts what may have changed the widgets' look (they are drawn again when it moves)
        self.version = 0
        self._hovered = False
        self._time = 0.0

    def over(self, pos: Tuple[int, int]) -> bool:
        """Is ``pos`` on the panel or the top bar?"""
        return bool(self.layout.panel_rect.collidepoint(pos) or self.layout.top_bar_rect.collidepoint(pos))

    def process(self, event: pygame.event.Event) -> bool:
        """Give ``event`` to the widgets; True when one of them used it."""
        if event.type == pygame.MOUSEMOTION:
            # the widgets only care while the mouse is over them (hover)
            inside = self.over(event.pos)
            if inside or self._hovered:
                self.version += 1
            self._hovered = inside
        else:
            self.version += 1  # any other event may change what the widgets show
        if event.type == pygame.KEYDOWN and event.key in SCROLL_KEYS:  # the position's lines, by keys (as by the wheel)
            self.panel.dist.wheel(SCROLL_KEYS[event.key])
            return True
        return bool(self.manager.process_events(event))

    def intent_for(self, element: object) -> Optional[Intent]:
        """What the button ``element`` stands for (None: not one of these)."""
        intent = self.panel.action_for(element)
        return intent if intent is not None else self.topbar.action_for(element)

    def wheel(self, event: pygame.event.Event, at: Tuple[int, int]) -> bool:
        """The wheel over the move log or the checkers' distribution scrolls it (True when it was over one)."""
        dist = self.panel.dist
        if dist.rect.move(self.panel.rect.topleft).collidepoint(at):
            dist.wheel(int(event.y))
            return True
        if not self.panel.log.rect.collidepoint(at):
            return False
        self.panel.log.wheel(int(event.y))
        return True

    def show(self, panel: PanelState, top: TopState) -> List[Button]:
        """Show these states; returns the buttons the focus can reach, in Tab order."""
        top_changed = self.topbar.show(top)
        if self.panel.show(panel) or top_changed:
            self.version += 1
        buttons: List[Button] = [*self.panel.focusables(), *self.topbar.focusables()]
        return buttons

    @property
    def steps(self) -> int:
        """How many step buttons the panel lists (they lead the Tab order)."""
        return len(self.panel.step_buttons)

    def tick(self, dt: float) -> None:
        self._time += dt  # the widgets are updated once per frame, in update()

    def update(self) -> None:
        self.manager.update(self._time)
        self._time = 0.0

    def draw(self, surface: pygame.Surface, focused: Optional[Button]) -> None:
        """The widgets on ``surface`` (the window: nothing is drawn outside
        the panel and the top bar)."""
        self.manager.draw_ui(surface)
        self.panel.log.draw(surface)
        self.topbar.draw_icons(surface)
        if focused is not None and not isinstance(focused[0], ViewButton):  # (the board rings a view button)
            rect = focused[0].rect
            clip = surface.get_clip()
            surface.set_clip(self.layout.panel_rect if self.layout.panel_rect.colliderect(rect) else self.layout.top_bar_rect)
            focus_ring(surface, rect, self.layout.font_px("small"))
            surface.set_clip(clip)

    def kill(self) -> None:
        self.panel.kill()
        self.topbar.kill()
