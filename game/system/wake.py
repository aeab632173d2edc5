"""Waking the frame loop from another thread: news from the network, a
rollout's progress, a link handed over by a second launch.

An idle loop (:mod:`game.loop`) blocks waiting for events; :func:`wake_loop`
posts :data:`WAKE`, which ends the wait at once, so that what arrived is
shown without waiting out the idle period.  The app takes the event and does
nothing else with it.
"""

from __future__ import annotations

import pygame

#: the event another thread posts to wake an idle loop
WAKE = pygame.event.custom_type()


def wake_loop() -> None:
    """Wake the frame loop from another thread: an idle loop waits for events
    (up to :data:`game.loop.IDLE_WAIT_MS`), and what arrived is to be shown at once.
    Safe from any thread (SDL's event queue is); nothing if there is no display."""
    if pygame.display.get_init():
        try:
            pygame.event.post(pygame.event.Event(WAKE))
        except pygame.error:  # the queue is full: the loop is awake anyway
            pass
