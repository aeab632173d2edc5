"""The kiosk's attract mode (:mod:`game.kiosk`): :class:`AttractScene`,
the computer against itself at a fast pace, game after game, silent, with a
line inviting to play.  The first touch, key, click or controller button
stops it and shows the lobby (that press does nothing else).

It is the match scene made to play itself, the one scene built on another
(it extends :class:`~game.scenes.match.MatchScene`); like every scene, only
the flow builds it (``app.flow.attract(...)``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, List, Optional, Tuple

import pygame

from engine import Match, get_bot

from ..play.session import OVER, Session
from ..store.settings import Settings
from ..words.i18n import t
from .match import MatchScene

if TYPE_CHECKING:
    from ..ui.host import AppHost
    from ..ui.navigation import KioskMode

#: the computer's level and the pace of the attract games (the kiosk's too, unless told others)
ATTRACT_LEVEL = "intermediate"
ATTRACT_PACE = "fast"
ATTRACT_PAUSE = 4.0  # seconds the final board of an attract game shows (at normal animation speed)

#: what a person does (resets the kiosk's idle time)
ACTIVITY = (
    pygame.KEYDOWN,
    pygame.MOUSEBUTTONDOWN,
    pygame.MOUSEBUTTONUP,
    pygame.MOUSEMOTION,
    pygame.MOUSEWHEEL,
    pygame.CONTROLLERBUTTONDOWN,
    pygame.TEXTINPUT,
)
#: what stops the attract mode: a key, a click or a touch (the mouse's press), a controller button
WAKE = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.CONTROLLERBUTTONDOWN)
#: input the attract mode ignores
INPUT = ACTIVITY + (
    pygame.KEYUP,
    pygame.CONTROLLERBUTTONUP,
    pygame.CONTROLLERAXISMOTION,
    pygame.TEXTEDITING,
    pygame.FINGERDOWN,
    pygame.FINGERMOTION,
    pygame.FINGERUP,
)


class AttractScene(MatchScene):
    """The computer against itself, one game after another, silent; the
    first key, touch or button goes to the lobby.  Not a match the app keeps:
    each game is a fresh session, dropped when it ends."""

    def __init__(self, app: "AppHost", kiosk: Optional["KioskMode"] = None, level: Optional[str] = None, pace: Optional[str] = None):
        self.kiosk = kiosk
        self.level = level or (kiosk.level if kiosk is not None else ATTRACT_LEVEL)
        self.pace = pace or (kiosk.pace if kiosk is not None else ATTRACT_PACE)
        settings = Settings(pace=self.pace, sound=False, show_point_numbers=app.settings.show_point_numbers,
                            show_pips=app.settings.show_pips)
        session = Session(Match(length=1, cube=False), (get_bot(self.level), get_bot(self.level)), settings)
        super().__init__(app, session)
        self.animator.listener = self.cues.heard  # not told either: a café's screen does not talk all day
        self._over_wait = 0.0
        self._caption: Optional[pygame.Surface] = None

    # -- input: only a press, which stops it --------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in WAKE:
            self.stop()
            return
        if event.type in INPUT:
            return
        super().handle_event(event)

    def stop(self) -> None:
        if self.kiosk is not None:
            self.kiosk.stop_attract()
            return
        self.app.flow.lobby()

    # -- one game after another -------------------------------------------------------------------
    def _play_sounds(self) -> None:
        self.cues.take()  # a kiosk in attract mode is quiet

    def _ask_questions(self, dt: float) -> None:
        if self.animator.busy or not self._settled or self.app.scenes.current is not self:
            return
        if self.session.game.phase != OVER:
            return
        speed = self.settings.animation_speed
        self._over_wait += dt
        if speed > 0 and self._over_wait < ATTRACT_PAUSE / speed:
            return
        self.next_game()

    def next_game(self) -> None:
        """A fresh game in a fresh scene (nothing of this one is kept)."""
        if self.kiosk is not None:
            self.kiosk.games += 1
        self.app.flow.attract(self.kiosk, self.level, self.pace)

    # -- a line that says how to play -------------------------------------------------------------
    def resize(self, size: Tuple[int, int]) -> None:
        self._caption = None
        super().resize(size)

    def render(self, surface: pygame.Surface, alpha: float) -> Optional[List[pygame.Rect]]:
        rects = super().render(surface, alpha)
        assert self.layout is not None
        band = self.layout.top_bar_rect
        if band.height:
            if self._caption is None:
                self._caption = self.text.render(t("attract.caption"), max(10, int(band.height * 0.45)), (255, 255, 255))
            surface.fill((20, 24, 29), band)
            surface.blit(self._caption, self._caption.get_rect(center=band.center))
            if rects is not None:
                rects.append(band)
        return rects
