"""The game hosting a friend match itself: a match server on a background
thread (on a port the system picks) and its announcement on the local network.

Hosting a match again (the game was closed or crashed) asks for the port
it had, so that the friend's game, reconnecting by itself, finds it: the
port is tried a few times over about two seconds (the socket of the game
that ran before may linger; asyncio binds with ``SO_REUSEADDR`` on POSIX,
so one in ``TIME_WAIT`` does not hold it), then, if another program truly
holds it, one the system picks (:attr:`Hosting.moved_from` says so: the
host is told the new invite to send).  Starting waits (on the store, on the
retries): the frame loop never calls :meth:`Hosting.start` itself (see
:mod:`game.net.hoststart`).

>>> import os; os.environ["BACKGAMMON_LAN"] = "off"
>>> h = Hosting.start(); h.url.startswith("ws://127.0.0.1:")
True
>>> h.stop()
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Callable, Optional

from .lan import LanAnnouncer, bind_address, local_address
from .protocol import EndReason
from .server import ServerThread

#: how many times, and how far apart (seconds), the port asked for is tried before another is taken
PORT_TRIES = 5
PORT_PAUSE = 0.5


@dataclass
class Hosting:
    """A running hosted server; ``address`` is what to give the friend."""

    server: ServerThread
    address: str
    announcer: Optional[LanAnnouncer] = None
    #: the port asked for, when another program held it (this server listens on another)
    moved_from: Optional[int] = None
    #: the thread announcing the match (None: none)
    _announcing: Optional[threading.Thread] = field(default=None, repr=False)

    @classmethod
    def start(cls, port: int = 0, store: Optional[str] = None,
              tries: Optional[int] = None, pause: Optional[float] = None) -> "Hosting":
        """Start a server (raises OSError if it cannot listen) on ``port`` (0:
        one the system picks; one taken: tried ``tries`` times ``pause``
        seconds apart, then one the system picks).  ``store``: the file where
        it keeps its matches, so that the game, started again after a crash
        or a close, hosts them again (their seats' tokens resume them; the
        friend's game, reconnecting to the same port, finds it).  It waits:
        never on the frame loop."""
        tries = PORT_TRIES if tries is None else tries
        for attempt in range(max(1, tries) if port else 1):
            if attempt:
                time.sleep(PORT_PAUSE if pause is None else pause)
            try:
                server = ServerThread(bind_address(), port, store=store)
                _, bound = server.start()
                return cls(server, f"{local_address()}:{bound}")
            except OSError:
                if not port:
                    raise
        server = ServerThread(bind_address(), 0, store=store)  # the port is someone else's
        _, bound = server.start()
        return cls(server, f"{local_address()}:{bound}", moved_from=port)

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.server.port}"

    def announce(self, name: str, code: str) -> None:
        """Tell the local network (where it allows) that this match waits: on
        a thread of its own, since registering waits on the network (the
        caller, the frame loop, never does)."""
        if self.announcer is None:
            self.announcer = announcer = LanAnnouncer(name, self.server.port, code)
            self._announcing = off_the_loop(announcer.start, "lan-announce")

    def stop_announcing(self) -> None:
        """Withdraw the announcement (on a thread of its own too, once it is made)."""
        announcer, announcing = self.announcer, self._announcing
        self.announcer = self._announcing = None
        if announcer is not None:
            def withdraw() -> None:
                if announcing is not None:
                    announcing.join()
                announcer.stop()

            off_the_loop(withdraw, "lan-withdraw")

    def stop(self, keep: bool = True) -> None:
        """Stop announcing and serving.  ``keep``: the matches stay in the
        store, to be hosted again (the friend's game waits, reconnecting);
        else (the host left on purpose) they end, and the friend is told."""
        self.stop_announcing()
        if not keep:
            self.server.call(self._end_all)
        self.server.stop()

    def _end_all(self) -> None:
        lobby = self.server.server.lobby
        for room in list(lobby.rooms.values()):
            lobby.close(room, EndReason.HOST_LEFT)


def off_the_loop(work: Callable[[], object], name: str) -> threading.Thread:
    """Run ``work`` on a daemon thread of its own (it may wait on the network)."""
    thread = threading.Thread(target=work, name=name, daemon=True)
    thread.start()
    return thread
