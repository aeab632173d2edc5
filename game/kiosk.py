"""Kiosk mode (``--kiosk``): a public screen that looks after itself.

- It starts full screen and stays so (F11 and the setting do nothing), the
  lobby has no Quit button; Ctrl+Shift+Q leaves (see the README).
- After :attr:`Kiosk.idle_timeout` seconds without a touch, key, button or
  mouse movement, any screen but the lobby goes back to the lobby; a match
  in progress is kept and saved (the app's keep/save path), so "Continue"
  picks it up.
- After :attr:`Kiosk.attract_after` more idle seconds in the lobby, the
  attract mode starts: :class:`AttractScene`, the computer against itself
  at a fast pace, game after game, silent, with a line inviting to play.  The
  first touch, key, click or controller button stops it and shows the lobby
  (that press does nothing else).

Each attract game is a fresh scene with a fresh session, and nothing of the
last one is kept (not in the app, not in the saves or the records), so it
can run for days without the memory growing (``tests/test_kiosk.py``).
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Callable, List, Optional, Tuple

import pygame

from engine import Match, get_bot

from .words.i18n import t
from .scenes.match import MatchScene
from .play.session import OVER, Session
from .store.settings import Settings

if TYPE_CHECKING:
    from .scenes.host import AppHost
    from .scenes.navigation import KioskMode

LOG = logging.getLogger(__name__)

IDLE_TIMEOUT = 120.0  # seconds without input before a screen goes back to the lobby
ATTRACT_AFTER = 60.0  # seconds without input in the lobby before the attract mode
ATTRACT_LEVEL = "intermediate"
ATTRACT_PACE = "fast"
ATTRACT_PAUSE = 4.0  # seconds the final board of an attract game shows (at normal animation speed)

#: what a person does (resets the idle time)
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


def is_quit_chord(event: pygame.event.Event) -> bool:
    """Ctrl+Shift+Q: the way out of a kiosk."""
    mod = getattr(event, "mod", 0)
    return event.type == pygame.KEYDOWN and event.key == pygame.K_q and bool(mod & pygame.KMOD_CTRL) and bool(mod & pygame.KMOD_SHIFT)


class Kiosk:
    """The kiosk's idle timer: :meth:`input` sees every event, :meth:`tick`
    runs once a frame.  ``clock`` gives seconds (tests pass their own)."""

    def __init__(
        self,
        app: "AppHost",
        idle_timeout: float = IDLE_TIMEOUT,
        attract_after: float = ATTRACT_AFTER,
        level: str = ATTRACT_LEVEL,
        pace: str = ATTRACT_PACE,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.app = app
        self.idle_timeout = float(idle_timeout)
        self.attract_after = float(attract_after)
        self.level = level
        self.pace = pace
        self.clock = clock
        self.last_input = clock()
        #: attract games started so far
        self.games = 0

    @property
    def idle(self) -> float:
        """Seconds since the last input."""
        return self.clock() - self.last_input

    @property
    def attracting(self) -> bool:
        return isinstance(self.app.scene, AttractScene)

    def input(self, event: pygame.event.Event) -> bool:
        """Note ``event``; True when it must go no further (it stopped the
        attract mode, or it is input the attract mode ignores)."""
        if event.type in ACTIVITY:
            self.last_input = self.clock()
        if not self.attracting or is_quit_chord(event):
            return False
        if event.type in WAKE:
            self.stop_attract()
            return True
        return event.type in INPUT

    def tick(self) -> None:
        """Back to the lobby, or on to the attract mode, when idle long enough."""
        scene = self.app.scene
        if isinstance(scene, AttractScene):
            return
        if self.app.flow.in_lobby:
            if self.idle >= self.attract_after:
                self.start_attract()
        elif self.idle >= self.idle_timeout:
            LOG.info("kiosk: idle for %.0f s, back to the lobby", self.idle)
            self.back_to_lobby()
            self.last_input = self.clock()  # the attract mode waits its own time from here

    # -- what it does ---------------------------------------------------------------------------
    def back_to_lobby(self) -> None:
        """The lobby, keeping (and saving) the match in progress, as the
        top bar's Lobby button does."""
        app = self.app
        session = getattr(app.scene, "session", None) or app.session
        if session is not None:
            if session.match.over:
                if app.session is session:
                    app.drop_match()
            elif app.session is session:
                app.save_match()
            else:
                app.keep_match(session, None)
        app.flow.lobby()

    def start_attract(self) -> None:
        self.games += 1
        self.app.flow.attract(self)

    def stop_attract(self) -> None:
        self.last_input = self.clock()
        self.app.flow.lobby()


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
