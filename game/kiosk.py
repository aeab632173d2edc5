"""Kiosk mode (``--kiosk``): a public screen that looks after itself.

- It starts full screen and stays so (F11 and the setting do nothing), the
  lobby has no Quit button; Ctrl+Shift+Q leaves (see the README).
- After :attr:`Kiosk.idle_timeout` seconds without a touch, key, button or
  mouse movement, any screen but the lobby goes back to the lobby; a match
  in progress is kept and saved (the app's keep/save path), so "Continue"
  picks it up.
- After :attr:`Kiosk.attract_after` more idle seconds in the lobby, the
  attract mode starts (:mod:`game.scenes.attract`), the computer against itself
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
from typing import TYPE_CHECKING, Callable

import pygame

from .scenes.attract import ACTIVITY, ATTRACT_LEVEL, ATTRACT_PACE, INPUT, WAKE, AttractScene

if TYPE_CHECKING:
    from .ui.host import AppHost

LOG = logging.getLogger(__name__)

IDLE_TIMEOUT = 120.0  # seconds without input before a screen goes back to the lobby
ATTRACT_AFTER = 60.0  # seconds without input in the lobby before the attract mode


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
