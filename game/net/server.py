"""The match server: WebSocket connections (the ``websockets`` package on
asyncio) in front of the rooms of :mod:`game.net.rooms`.

It trusts no client: connections are counted per address from the moment
they are accepted (:mod:`game.net.gate`); every message is size-limited and
strictly parsed (:func:`game.net.protocol.parse_client`); each connection
has budgets of messages, CPU time and bytes (:mod:`game.net.budget`); every
intent is checked against the sender's seat and the engine.  A bad message
gets an error reply and the connection carries on.  Matches per address are
limited; idle matches expire.  With a store (:mod:`game.net.store`) the
matches outlive the process.

With an SSL context it serves ``wss://`` (the TLS handshake made by the
connection itself, counted from the accept: :mod:`game.net.gate`).  On the
same port it answers a plain HTTP ``GET /join/CODE`` with the join page of
:mod:`game.net.joinpage` (a connection counted like any other).

Run it headless with ``python -m game.server --host H --port P [--store FILE]
[--certfile FILE --keyfile FILE]``, or inside the game with
:class:`ServerThread` (a background thread with its own loop).
"""

from __future__ import annotations

import asyncio
import logging
import socket
import ssl
import threading
import time
from dataclasses import dataclass
from typing import Callable, Optional, Set, Tuple

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from .budget import BYTES_BURST, BYTES_RATE, CPU_BURST, CPU_RATE, ConnectionBudget, TokenBucket
from .cluster import Cluster
from .gate import AddressGate, gated, peer_address, tls_after_counting
from .heap import ServerHeap, calm_second
from .homing import SEND_BACK, Homing, homing_of
from .joinpage import page_response, plain
from .metrics import CONTENT_TYPE, ServerMetrics
from .outlet import Hold, Outlet, forwarded_for
from .routing import CLOSE_RESTART
from .shared import handle_shared
from .pgstore import PgStore, is_url
from .protocol import (
    INTENTS,
    MAX_CLIENT_MESSAGE,
    ClientMessage,
    Create,
    EndReason,
    ErrorCode,
    Join,
    Leave,
    Ping,
    ProtocolError,
    Resume,
    ServerType,
    Sync,
    error_doc,
    parse_client,
    server_doc,
    type_name,
)
from .rooms import IDLE_EXPIRY, Clock, Lobby, Room, Send
from .saved import RecordError, room_from_record, room_record
from .store import RoomStore

__all__ = ["FRAME_LIMIT", "MAX_STRIKES", "Limits", "MatchServer", "ServerThread", "TokenBucket"]

log = logging.getLogger(__name__)
#: frames over this are refused by the WebSocket layer itself (close code 1009);
#: between MAX_CLIENT_MESSAGE and this a message gets an error reply
FRAME_LIMIT = 4 * MAX_CLIENT_MESSAGE
#: a connection that keeps on breaking its budgets this often is closed
MAX_STRIKES = 50
#: connections waiting to be accepted (the kernel caps it at net.core.somaxconn): behind HAProxy, a killed
#: process's thousands of players come to the others at once, and with asyncio's default of 100 the rest of
#: their connections were dropped and tried again by TCP a second or three later
LISTEN_BACKLOG = 4096


@dataclass
class Limits:
    """The server's safety limits (the defaults suit a public server)."""

    rate: float = 20.0                    # messages per second per connection, sustained
    burst: float = 40.0                   # ... and in a burst
    cpu_rate: float = CPU_RATE            # seconds of CPU per second per connection, sustained
    cpu_burst: float = CPU_BURST          # ... and in a burst
    bytes_rate: float = BYTES_RATE        # bytes sent per second per connection, sustained
    bytes_burst: float = BYTES_BURST      # ... and in a burst
    connections_per_address: int = 16     # counted from the TCP accept
    matches_per_address: int = 8
    idle_expiry: float = IDLE_EXPIRY      # seconds without an action
    sweep_interval: float = 1.0
    send_back: int = SEND_BACK            # matches sent back a second to a revived process (game.net.homing)

    def budget(self) -> ConnectionBudget:
        return ConnectionBudget.make(self.rate, self.burst, self.cpu_rate, self.cpu_burst,
                                     self.bytes_rate, self.bytes_burst)


class MatchServer:
    """Holds matches and speaks the protocol on ``host:port`` (port 0: any free one).

    ``clock`` (seconds, monotonic) drives the 2-minute fallback and the idle
    expiry; tests pass a clock they move by hand and call :meth:`sweep`.
    ``heap``: the collector's policy of a process that only serves
    (:class:`ServerHeap`, as ``python -m game.server`` runs); None (the game
    hosting a match) leaves the collector alone.  ``store``: the path of the
    file that keeps the matches over a restart (None: kept in memory only).
    ``ssl_context``: a server context (certificate and key loaded): the
    server speaks ``wss://`` (and ``https://``) instead of ``ws://``.
    ``download_url``: where the join pages send a player without the game.
    A ``store`` that is a ``postgresql://`` URL is a store shared by several
    processes (:mod:`game.net.cluster`; ``server_id`` names this one);
    ``behind_proxy``: the player's address is the proxy's ``X-Forwarded-For``.
    """

    def __init__(self, host: str = "127.0.0.1", port: int = 0, clock: Clock = time.monotonic,
                 limits: Optional[Limits] = None, dice: Optional[Callable[[], object]] = None,
                 heap: Optional[ServerHeap] = None, store: Optional[str] = None,
                 ssl_context: Optional[ssl.SSLContext] = None, download_url: Optional[str] = None,
                 server_id: Optional[str] = None, behind_proxy: bool = False):
        self.host, self.port = host, port
        self.ssl_context = ssl_context
        self.download_url = download_url
        self.limits = limits or Limits()
        self.heap = heap
        self.lobby = Lobby(clock, self.limits.matches_per_address, self.limits.idle_expiry, dice)  # type: ignore[arg-type]
        self.gate = AddressGate(self.limits.connections_per_address)
        self._connections = gated(self.gate, ssl_context)
        self.store_path = store
        self.store: Optional[RoomStore] = None
        self._server: Optional[Server] = None
        self._sweeper: Optional[asyncio.Task[None]] = None
        self._live: Set[ServerConnection] = set()
        self.opened = 0  # connections opened since the last sweep
        self.messages = 0
        self.server_id = server_id
        self.behind_proxy = behind_proxy
        self.hold = Hold()
        self.cluster: Optional[Cluster] = None
        self.homing: Optional[Homing] = None   # (with a cluster: its matches sent back to a revived process)
        self.draining = False
        self.metrics = ServerMetrics(lambda: len(self._live), lambda: len(self.lobby.rooms), self.store_answers)

    async def start(self) -> Tuple[str, int]:
        """Read the store (if any), bind and start serving; returns the address actually bound.
        ``RuntimeError`` for TLS on a loop that cannot count a connection before its handshake (uvloop)."""
        if self.ssl_context is not None and not tls_after_counting(asyncio.get_running_loop()):
            raise RuntimeError("the server's own TLS runs on asyncio's event loop, not uvloop")
        if is_url(self.store_path) and self.cluster is None:
            shared = PgStore(str(self.store_path), self.server_id or f"{socket.gethostname()}:{self.port}",
                             timer=self.metrics.store_call, expire_after=self.limits.idle_expiry)
            self.homing, self.cluster = homing_of(shared, self.lobby, self.limits.matches_per_address,
                                                  self.limits.send_back, self.metrics)
            await self.cluster.start()
        elif self.store_path is not None and self.store is None:
            self.store = RoomStore(self.store_path)
            self.restore()
        try:  # (asyncio binds with SO_REUSEADDR on POSIX: a socket of a server just stopped does not hold the port)
            self._server = await serve(self._connection, self.host, self.port, max_size=FRAME_LIMIT,
                                       max_queue=4, ping_interval=20, ping_timeout=20, compression=None,
                                       create_connection=self._connections, process_request=self.web_request,
                                       backlog=LISTEN_BACKLOG)
        except OSError:  # e.g. the port is taken: the store is let go (a caller may try again)
            if self.store is not None:
                self.store.close()
                self.store = None
            raise
        sock = next(iter(self._server.sockets))
        self.port = sock.getsockname()[1]
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_loop())
        if self.heap is not None:
            self.heap.start()
        log.info("match server on %s://%s:%d", self.scheme, self.host, self.port)
        return self.host, self.port

    @property
    def scheme(self) -> str:
        """``wss`` with TLS, else ``ws``."""
        return "ws" if self.ssl_context is None else "wss"

    @property
    def url(self) -> str:
        """The server's own address (``localhost`` for a server on every interface)."""
        host = "localhost" if self.host in ("", "0.0.0.0", "::") else self.host
        return f"{self.scheme}://{f'[{host}]' if ':' in host else host}:{self.port}"

    def web_request(self, connection: ServerConnection, request: Request) -> Optional[Response]:
        """A plain HTTP request gets a page (:mod:`game.net.joinpage`); None
        lets a WebSocket handshake go on.  Behind a proxy that says the page
        was asked for over https (``X-Forwarded-Proto``), the link is ``wss://``."""
        if any("websocket" in value.lower() for value in request.headers.get_all("Upgrade")):
            return None
        path = request.path.split("?", 1)[0]
        if path in ("/healthz", "/metrics"):
            if path == "/healthz":
                ready = self.ready()
                return plain(200 if ready else 503, b"ok\n" if ready else b"not ready\n", "text/plain; charset=utf-8")
            return plain(200, self.metrics.render(), CONTENT_TYPE)
        secure = self.ssl_context is not None
        return page_response(request, secure, self.url, self.download_url)

    def ready(self) -> bool:
        """Ready for players (``/healthz``): not draining, and the store answers."""
        return not self.draining and self.store_answers()

    def store_answers(self) -> bool:
        return self.cluster is None or self.cluster.store.up

    def restore(self) -> int:
        """Hold the rooms the store keeps; returns how many (damaged ones are dropped)."""
        assert self.store is not None
        wall = self.store.wall()
        for code, record in self.store.load():
            try:
                room = room_from_record(record, self.lobby.clock, self.lobby.new_dice(), wall)
            except RecordError as exc:
                self.store.drop(code, str(exc))
                continue
            self.lobby.add(room)
        self.lobby.take_changes()  # as read: nothing to write back
        log.info("%d matches read back from %s", len(self.lobby.rooms), self.store.path)
        return len(self.lobby.rooms)

    def save(self, every: bool = False) -> None:
        """Write the rooms changed since the last save (``every``: all of them) in one transaction."""
        if self.cluster is not None:
            self.cluster.wake()  # (its writer commits what changed)
            return
        self.lobby.take_forgotten()  # (kept for a shared store only)
        rooms, removed = self.lobby.take_changes()
        if self.store is None:
            return
        if every:
            rooms = list(self.lobby.rooms.values())
        wall = self.store.wall()
        try:
            self.store.save([(room.code, room_record(room, wall)) for room in rooms], removed)
        except Exception:  # e.g. the disk is full: keep serving, try again at the next sweep
            log.exception("the match store could not be written")
            self.lobby.changed.update(room.code for room in rooms)
            self.lobby.removed.update(removed)

    async def close(self) -> None:
        """Stop.  Without a store every match ends (``ended: server_closing``);
        with one, the matches are saved and the connections closed with code
        1012 (a restart): the players resume them on the next server.  On a
        shared store every match is let go (written) and its players sent on
        to the other processes."""
        self.draining = True
        if self.cluster is not None:
            if self.homing is not None:
                self.homing.cancel()
            await self.cluster.drain()
        elif self.store is None:
            for room in list(self.lobby.rooms.values()):
                self.lobby.close(room, EndReason.SERVER_CLOSING)
        else:
            self.save(every=True)
            await asyncio.gather(*(ws.close(CLOSE_RESTART, "server restarting") for ws in list(self._live)),
                                 return_exceptions=True)
        if self._sweeper is not None:
            self._sweeper.cancel()
        for handshake in list(self._connections.handshakes):  # TLS handshakes under way
            handshake.cancel()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        if self.store is not None:
            self.store.close()
            self.store = None
        if self.cluster is not None:
            await self.cluster.close()
        if self.heap is not None:
            self.heap.stop()

    async def serve_forever(self) -> None:
        if self._server is None:
            await self.start()
        assert self._server is not None
        await self._server.serve_forever()

    def sweep(self) -> None:
        """Expire idle matches, open the fallback where due, save what changed (also every second by itself)."""
        self.lobby.sweep()
        self.save()

    def tend_heap(self) -> None:
        """The collector's second (game.net.heap), told whether players poured in; a new second begins."""
        if self.heap is not None:
            self.heap.tick(calm=calm_second(self.opened, len(self._live)))
        self.opened = 0

    async def _sweep_loop(self) -> None:
        while True:
            await asyncio.sleep(self.limits.sweep_interval)
            try:
                self.sweep()
                if self.cluster is not None:
                    await self.cluster.tidy()
                if self.homing is not None:
                    await self.homing.tick(calm_second(self.opened, len(self._live)))
                self.tend_heap()
            except Exception:  # pragma: no cover - a bug must not stop the sweeps
                log.exception("sweep failed")

    # -- one connection -------------------------------------------------------------------
    async def _connection(self, ws: ServerConnection) -> None:
        address = peer_address(ws.transport) if ws.transport is not None else "?"
        if self.behind_proxy and ws.request is not None:
            address = forwarded_for(ws.request.headers.get_all("X-Forwarded-For")) or address
        budget = self.limits.budget()
        send = Outlet(ws, budget, self.hold)
        seat: Optional[Tuple[Room, int]] = None
        self._live.add(ws)
        self.opened += 1
        try:
            async for raw in ws:
                arrived = time.perf_counter()
                self.messages += 1
                self.metrics.messages.inc()
                why = budget.refusal()
                if why is not None:
                    if budget.strikes >= MAX_STRIKES:  # a flood: cut it off without waiting for a close handshake
                        send(error_doc(ErrorCode.RATE_LIMITED, "too many messages: the connection is closed"))
                        if ws.transport is not None:
                            ws.transport.close()  # what was written goes out first
                        break
                    send(error_doc(ErrorCode.RATE_LIMITED, why))
                    self.metrics.error(ErrorCode.RATE_LIMITED.value)
                    continue
                if self.cluster is None:
                    began = time.thread_time()
                    seat = self.handle_text(raw, address, seat, send)
                    budget.cpu.spend(time.thread_time() - began)
                else:
                    seat = await handle_shared(self, self.cluster, raw, address, seat, send)
                self.metrics.latency.observe(time.perf_counter() - arrived)
        except ConnectionClosed:
            pass
        finally:
            self._live.discard(ws)
            if seat is not None and seat[0].holds(seat[1], send):
                seat[0].detach(seat[1])

    def handle_text(self, raw: object, address: str, seat: Optional[Tuple[Room, int]],
                    send: Send) -> Optional[Tuple[Room, int]]:
        """Handle one message; returns the seat the connection holds afterwards."""
        ref: Optional[str] = None
        seq: Optional[int] = None
        try:
            if not isinstance(raw, (str, bytes)):  # pragma: no cover - websockets gives str or bytes
                raise ProtocolError(ErrorCode.MALFORMED, "not a message")
            msg = parse_client(raw)
            ref, seq = type_name(msg), getattr(msg, "seq", None)
            return self._apply(msg, address, seat, send)
        except ProtocolError as exc:
            self.metrics.error(exc.code.value)
            send(error_doc(exc.code, exc.detail, ref, seq))
            if exc.code is ErrorCode.STALE and seat is not None:
                send(seat[0].sync_text())  # the sender was behind: here is the state now
        except Exception:  # a bug must never take the server down
            log.exception("message from %s failed", address)
            send(error_doc(ErrorCode.ILLEGAL, "the server could not do that", ref, seq))
        return seat

    def _apply(self, msg: ClientMessage, address: str, seat: Optional[Tuple[Room, int]],
               send: Send) -> Optional[Tuple[Room, int]]:
        if seat is not None and seat[0].ended is None and not seat[0].holds(seat[1], send):
            raise ProtocolError(ErrorCode.REPLACED, "another connection resumed this seat: this one holds nothing")
        if isinstance(msg, Ping):
            send(server_doc(ServerType.PONG, nonce=msg.nonce))
            return seat
        if isinstance(msg, (Create, Join, Resume)):
            if seat is not None and seat[0].ended is None:
                raise ProtocolError(ErrorCode.ALREADY_SEATED, "this connection already holds a seat")
            if isinstance(msg, Create):
                seated = self.lobby.create(address, msg, send)
            elif isinstance(msg, Join):
                seated = self.lobby.join(msg, send, address)
            else:
                seated = self.lobby.resume(msg.token, send)
            event = type_name(msg)
            log.info("%s: match %s", event, seated[0].code, extra={"event": event, "code": seated[0].code})
            return seated
        if seat is not None and self.cluster is not None and self.cluster.sent_on(seat[0]):
            return seat  # no answer: the close follows, and the client decides on the state after its resume
        if seat is None or seat[0].ended is not None:
            raise ProtocolError(ErrorCode.NOT_SEATED, "create, join or resume a match first")
        room, role = seat
        if isinstance(msg, Leave):
            self.lobby.leave(room, role)
            return None
        if isinstance(msg, Sync):
            send(room.sync_text())
            return seat
        assert isinstance(msg, INTENTS)
        self.lobby.dispatch(room, role, msg)
        return None if room.ended is not None else seat


class ServerThread:
    """A :class:`MatchServer` on a background thread with its own event loop
    (how the game hosts a match itself).

    >>> t = ServerThread(host="127.0.0.1", port=0)
    >>> host, port = t.start(); port > 0
    True
    >>> t.stop()
    """

    def __init__(self, host: str = "127.0.0.1", port: int = 0, clock: Clock = time.monotonic,
                 limits: Optional[Limits] = None, heap: Optional[ServerHeap] = None, store: Optional[str] = None,
                 ssl_context: Optional[ssl.SSLContext] = None):
        self.server = MatchServer(host, port, clock, limits, heap=heap, store=store, ssl_context=ssl_context)
        self._loop: Optional[asyncio.AbstractEventLoop] = None
        self._thread: Optional[threading.Thread] = None
        self._ready = threading.Event()
        self._error: Optional[BaseException] = None

    @property
    def port(self) -> int:
        return self.server.port

    def start(self, timeout: float = 10.0) -> Tuple[str, int]:
        self._thread = threading.Thread(target=self._run, name="match-server", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise OSError("the match server did not start")
        if self._error is not None:
            raise OSError(f"the match server could not start: {self._error}")
        return self.server.host, self.server.port

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self.server.start())
        except BaseException as exc:  # e.g. the port is taken
            self._error = exc
            self._ready.set()
            loop.close()
            return
        self._ready.set()
        try:
            loop.run_forever()
        finally:
            loop.run_until_complete(self.server.close())
            loop.close()

    def call(self, fn: Callable[[], None]) -> None:
        """Run ``fn`` on the server's loop (e.g. ``server.sweep``) and wait for it."""
        if self._loop is None:
            return
        done = threading.Event()

        def run() -> None:
            try:
                fn()
            finally:
                done.set()
        self._loop.call_soon_threadsafe(run)
        done.wait(5.0)

    def stop(self) -> None:
        """Close every match (clients are told) and end the thread."""
        if self._loop is not None and self._thread is not None and self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(10.0)
