"""The game hosting a friend match itself: a match server on a background
thread and its announcement on the local network; the home router asked to
forward its port (:mod:`game.net.portmap`), so that a friend in another
home can join too.

The port is the one asked for (the game keeps the last one used in its
settings, so that a forward made by hand on the router stays right), or one
the system picks.  Once the server listens, the router is asked to forward
it (UPnP, then NAT-PMP; a few seconds at most when none answers):
:attr:`Hosting.address`, what the friend is given, is then the router's
internet address and the port (else this computer's address on the local
network, :attr:`Hosting.lan_address`, which a friend on the same network
uses anyway); :attr:`Hosting.reach` says how it went.  Where this computer
has a global IPv6 address the server listens on IPv6 too
(:attr:`Hosting.ipv6_address`).  :meth:`Hosting.stop` removes the mapping
on a thread of its own.

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
>>> h.reach.mapped, h.address == h.lan_address
(False, True)
>>> h.stop()
"""

from __future__ import annotations

import logging
import socket
import threading
import time
from dataclasses import dataclass, field
from typing import Callable, List, Optional, Tuple

from .lan import LanAnnouncer, bind_address, local_address
from .portmap import PortMap, Reach, Why, global_ipv6
from .protocol import EndReason
from .server import ServerThread

log = logging.getLogger(__name__)

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
    #: this computer's address and the port, on the local network (for a friend on the same network)
    lan_address: str = ""
    #: whether the router forwards the port (and if not, why)
    reach: Reach = field(default_factory=lambda: Reach(0, why=Why.OFF))
    #: ``[address]:port`` on IPv6, where this computer has a global address and the server listens on it
    ipv6_address: Optional[str] = None
    #: the thread announcing the match (None: none)
    _announcing: Optional[threading.Thread] = field(default=None, repr=False)
    #: the router's mapping of the port, removed by :meth:`stop`
    portmap: Optional[PortMap] = field(default=None, repr=False)
    #: the thread removing it (once stopped)
    unmapping: Optional[threading.Thread] = field(default=None, repr=False)

    @classmethod
    def start(cls, port: int = 0, store: Optional[str] = None, tries: Optional[int] = None, pause: Optional[float] = None,
              portmap: Optional[Callable[[int], PortMap]] = PortMap) -> "Hosting":
        """Start a server (raises OSError if it cannot listen) on ``port`` (0:
        one the system picks; one taken: tried ``tries`` times ``pause``
        seconds apart, then one the system picks).  ``store``: the file where
        it keeps its matches, so that the game, started again after a crash
        or a close, hosts them again (their seats' tokens resume them; the
        friend's game, reconnecting to the same port, finds it).  Then the
        router is asked to forward the port (``portmap``: how; None: not
        asked).  It waits: never on the frame loop."""
        tries = PORT_TRIES if tries is None else tries
        server: Optional[ServerThread] = None
        for attempt in range(max(1, tries) if port else 1):
            if attempt:
                time.sleep(PORT_PAUSE if pause is None else pause)
            try:
                server = listen(port, store)
                break
            except OSError:
                if not port:
                    raise
        moved_from = None
        if server is None:
            server, moved_from = listen(0, store), port  # the port is someone else's
        return cls.reached(server, moved_from, portmap)

    @classmethod
    def reached(cls, server: ServerThread, moved_from: Optional[int] = None,
                portmap: Optional[Callable[[int], PortMap]] = PortMap) -> "Hosting":
        """The hosting of a listening ``server``: the router asked to forward its port (see :meth:`start`)."""
        bound = server.port
        lan = f"{local_address()}:{bound}"
        mapper = portmap(bound) if portmap is not None else None
        reach = Reach(bound, why=Why.OFF)
        if mapper is not None:
            try:
                reach = mapper.open()
            except Exception:  # a mapping that went wrong never stops the hosting: the friend may be near
                log.exception("the router was not asked to forward the port")
                reach = Reach(bound, why=Why.NO_ROUTER)
        v6 = global_ipv6() if listens_on_ipv6(server.server.host) else None
        return cls(server, reach.external_address or lan, moved_from=moved_from, lan_address=lan, reach=reach,
                   ipv6_address=f"[{v6}]:{bound}" if v6 else None, portmap=mapper if reach.mapped else None)

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
        self.unmap()
        if not keep:
            self.server.call(self._end_all)
        self.server.stop()

    def unmap(self) -> None:
        """Have the router forget the port's mapping, on a thread of its own
        (it waits on the router).  Not a daemon: a game that quits waits for
        it, a few seconds at most, rather than leave the port open."""
        portmap, self.portmap = self.portmap, None
        if portmap is not None:
            self.unmapping = threading.Thread(target=portmap.close, name="portmap-remove")
            self.unmapping.start()

    def _end_all(self) -> None:
        lobby = self.server.server.lobby
        for room in list(lobby.rooms.values()):
            lobby.close(room, EndReason.HOST_LEFT)


def listen_hosts() -> List[str]:
    """Where to listen, the preferred first: every interface on IPv4 and IPv6
    ('') where this computer has a global IPv6 address, else IPv4 alone
    (``0.0.0.0``), or loopback alone when the network is off."""
    host = bind_address()
    return ["", host] if host == "0.0.0.0" and global_ipv6() else [host]


def listens_on_ipv6(host: str) -> bool:
    return host == "" or ":" in host


def listen(port: int, store: Optional[str], hosts: Optional[List[str]] = None) -> ServerThread:
    """A server listening on ``port`` (0: one the system picks), on the first
    of ``hosts`` (:func:`listen_hosts`) that it can listen on; else OSError."""
    error: Optional[OSError] = None
    for host in hosts or listen_hosts():
        # both families on one port: it is picked first (each family's socket would get its own)
        server = ServerThread(host, port or (free_port() if host == "" else 0), store=store)
        server.server.lobby.in_game = True  # the players are told: when this game closes, so does the server
        try:
            server.start()
            return server
        except OSError as exc:
            error = exc
    assert error is not None
    raise error


def free_port() -> int:
    """A port free on IPv4 now (for a server that listens on both families)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("", 0))
        address: Tuple[str, int] = s.getsockname()
        return address[1]


def off_the_loop(work: Callable[[], object], name: str) -> threading.Thread:
    """Run ``work`` on a daemon thread of its own (it may wait on the network)."""
    thread = threading.Thread(target=work, name=name, daemon=True)
    thread.start()
    return thread
