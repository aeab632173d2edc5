"""The game hosting a friend match itself: a match server on a background
thread (on a port the system picks) and its announcement on the local network.

>>> import os; os.environ["BACKGAMMON_LAN"] = "off"
>>> h = Hosting.start(); h.url.startswith("ws://127.0.0.1:")
True
>>> h.stop()
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from .lan import LanAnnouncer, bind_address, local_address
from .server import ServerThread


@dataclass
class Hosting:
    """A running hosted server; ``address`` is what to give the friend."""

    server: ServerThread
    address: str
    announcer: Optional[LanAnnouncer] = None

    @classmethod
    def start(cls) -> "Hosting":
        """Start a server (raises OSError if it cannot listen)."""
        server = ServerThread(bind_address(), 0)
        _, port = server.start()
        return cls(server, f"{local_address()}:{port}")

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.server.port}"

    def announce(self, name: str, code: str) -> None:
        """Tell the local network (where it allows) that this match waits."""
        if self.announcer is None:
            self.announcer = LanAnnouncer(name, self.server.port, code)
            self.announcer.start()

    def stop_announcing(self) -> None:
        if self.announcer is not None:
            self.announcer.stop()
            self.announcer = None

    def stop(self) -> None:
        """Stop announcing and serving (the friend is told the match has ended)."""
        self.stop_announcing()
        self.server.stop()
