"""Invite links that reach the running game from outside, brought to the
frame loop: handed over by a second launch (:mod:`game.system.instance`'s
listener, on its thread), or dropped on the window.

A dropped link is a link dragged from a chat onto the window (SDL's
``DROPTEXT``), or, on macOS, a ``backgammon://`` link the system opens with
the game: SDL's Cocoa layer passes the system's "open this URL" on as a
dropped file (``DROPFILE`` whose name is the URL).

The links wait in a thread-safe queue; ``wake`` (game/system/wake.py's
``wake_loop``: an event posted) wakes an idle loop at once, and the app's
:meth:`Links.deliver`, once a frame, opens each on the friend screen.
"""

from __future__ import annotations

import logging
import queue
from pathlib import Path
from typing import Callable, Optional

import pygame

from .instance import LinkListener, OpenLink
from .window import sdl_window

LOG = logging.getLogger(__name__)

#: links waiting for the frame loop at most (more are refused: the launch opens its own window)
MAX_WAITING = 8


class Links:
    """The links for the friend screen: ``open_link(text)`` opens one (the
    flow's ``open_invite``); ``accept(text)`` says whether a text is a link
    (:func:`game.net.invite.is_link`); ``wake()`` wakes the frame loop from
    any thread.  With ``enabled`` off (a kiosk), dropped text is left to the
    scenes."""

    def __init__(self, open_link: Callable[[str], None], accept: Callable[[str], bool], wake: Callable[[], None]) -> None:
        self.open_link = open_link
        self.accept = accept
        self.wake = wake
        self.enabled = True
        #: the listener for second launches (:meth:`listen`), or None
        self.listener: Optional[LinkListener] = None
        self._waiting: "queue.Queue[str]" = queue.Queue(maxsize=MAX_WAITING)

    def listen(self, folder: Path) -> bool:
        """Take the links of later launches (the instance file in ``folder``);
        False when another copy of the game takes them, or nothing can listen."""
        self.listener = LinkListener.start(folder, self.accept, self.put)
        return self.listener is not None

    def put(self, handed: OpenLink) -> bool:
        """A link for the next frame (from any thread); False when too many wait."""
        try:
            self._waiting.put_nowait(handed.link)
        except queue.Full:
            return False
        self.wake()
        return True

    def took(self, event: pygame.event.Event) -> bool:
        """Is ``event`` a link dropped on the window? (then it waits for :meth:`deliver`)"""
        if not self.enabled or event.type not in (pygame.DROPFILE, pygame.DROPTEXT):
            return False
        text = getattr(event, "file", None) or getattr(event, "text", None)
        if not isinstance(text, str) or not self.accept(text):
            return False
        return self.put(OpenLink(text))

    def deliver(self) -> None:
        """Open the links that came in (the frame loop's part), and bring the window to the front."""
        opened = False
        while True:
            try:
                link = self._waiting.get_nowait()
            except queue.Empty:
                break
            self.open_link(link)
            opened = True
        if opened:
            window = sdl_window()
            try:
                if window is not None:
                    window.focus()
            except pygame.error as exc:  # a display without focus (headless)
                LOG.info("the window cannot come to the front: %s", exc)

    def close(self) -> None:
        """Stop listening (the file goes with it)."""
        if self.listener is not None:
            self.listener.stop()
            self.listener = None
