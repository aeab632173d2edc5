"""Starting the game's own match server off the frame loop.

Starting it waits: the server's thread and socket, its SQLite store opened
and read, a port held by a game that ran before tried again for a moment
(:meth:`~game.net.hosting.Hosting.start`).  A :class:`HostStarter` does it on
a worker thread; the frame loop reads :attr:`HostStarter.outcome` once a
frame (None until the worker has finished) and, once it is there, takes the
server.  The player may go back meanwhile (:meth:`HostStarter.cancel`):
the server started for nothing is then stopped, on a thread too.

>>> import os; os.environ["BACKGAMMON_LAN"] = "off"
>>> s = HostStarter(); s.wait(10.0)
True
>>> isinstance(s.outcome, HostReady) and s.outcome.hosting.url.startswith("ws://127.0.0.1:")
True
>>> s.cancel()
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from typing import Callable, Optional, Union

from .hosting import Hosting, off_the_loop

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class HostReady:
    """The server listens; ``hosting.moved_from`` says when it is not on the port asked for."""

    hosting: Hosting


@dataclass(frozen=True)
class HostFailed:
    """The server could not start: why, in the system's words."""

    reason: str


HostOutcome = Union[HostReady, HostFailed]
Starter = Callable[[int, Optional[str]], Hosting]


def start_hosting(port: int, store: Optional[str]) -> Hosting:
    return Hosting.start(port, store=store)


class HostStarter:
    """One start of the game's own server, on a thread of its own."""

    def __init__(self, port: int = 0, store: Optional[str] = None, start: Starter = start_hosting):
        self._lock = threading.Lock()
        self._done = threading.Event()
        self._outcome: Optional[HostOutcome] = None
        self._cancelled: Optional[bool] = None   # cancelled: whether the matches are kept
        self.thread = off_the_loop(lambda: self._work(start, port, store), "host-start")

    @property
    def outcome(self) -> Optional[HostOutcome]:
        """How the start went; None while it goes on (or once cancelled)."""
        return self._outcome

    def wait(self, timeout: float) -> bool:
        """Block until the start has finished (tests and tools, never the frame loop)."""
        return self._done.wait(timeout)

    def cancel(self, keep: bool = False) -> None:
        """Nobody wants this server any more: stop it (off the loop) once it
        is started; ``keep``: its matches stay in the store (see :meth:`Hosting.stop`)."""
        with self._lock:
            self._cancelled = keep
            outcome, self._outcome = self._outcome, None
        if isinstance(outcome, HostReady):
            hosting = outcome.hosting
            off_the_loop(lambda: hosting.stop(keep=keep), "host-stop")

    def _work(self, start: Starter, port: int, store: Optional[str]) -> None:
        outcome: HostOutcome
        try:
            outcome = HostReady(start(port, store))
        except Exception as exc:  # whatever it is, the player is told: never "Starting…" for ever
            if not isinstance(exc, OSError):
                log.exception("the match server did not start")
            outcome = HostFailed(str(exc) or type(exc).__name__)
        with self._lock:
            keep = self._cancelled
            if keep is None:
                self._outcome = outcome
        self._done.set()
        if keep is not None and isinstance(outcome, HostReady):
            outcome.hosting.stop(keep=keep)  # cancelled while it started
