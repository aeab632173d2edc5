"""The match server: WebSocket connections (the ``websockets`` package on
asyncio) in front of the rooms of :mod:`game.net.rooms`.

It trusts no client: every message is size-limited and strictly parsed
(:func:`game.net.protocol.parse_client`), rate-limited per connection, and
checked against the sender's seat and the engine; a bad one gets an error
reply and the connection carries on.  Connections per address and matches
per address are limited; idle matches expire.

Run it headless with ``python -m game.server --host H --port P``, or inside
the game with :class:`ServerThread` (a background thread with its own loop).
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections import Counter
from dataclasses import dataclass
from typing import Callable, Optional, Tuple

from websockets.asyncio.server import Server, ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed

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
    Sync,
    error_doc,
    parse_client,
    server_doc,
    type_name,
)
from .heap import ServerHeap
from .rooms import IDLE_EXPIRY, Clock, Lobby, Room, Send

log = logging.getLogger(__name__)
#: frames over this are refused by the WebSocket layer itself (close code 1009);
#: between MAX_CLIENT_MESSAGE and this a message gets an error reply
FRAME_LIMIT = 4 * MAX_CLIENT_MESSAGE
#: a connection that keeps on breaking the rate limit this often is closed
MAX_STRIKES = 50
#: a client that reads nothing while this much waits for it is dropped
MAX_WRITE_BUFFER = 1 << 20


@dataclass
class Limits:
    """The server's safety limits (the defaults suit a public server)."""

    rate: float = 20.0                    # messages per second per connection, sustained
    burst: float = 40.0                   # ... and in a burst
    connections_per_address: int = 16
    matches_per_address: int = 8
    idle_expiry: float = IDLE_EXPIRY      # seconds without an action
    sweep_interval: float = 1.0


class TokenBucket:
    """``rate`` messages a second, ``burst`` at once.

    >>> t = [0.0]; b = TokenBucket(1.0, 2.0, lambda: t[0])
    >>> [b.take(), b.take(), b.take()]
    [True, True, False]
    >>> t[0] = 1.0; b.take()
    True
    """

    def __init__(self, rate: float, burst: float, clock: Clock = time.monotonic):
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens, self.stamp = burst, clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


def _sender(ws: ServerConnection) -> Send:
    def send(text: str) -> None:
        transport = ws.transport
        if transport is not None and transport.get_write_buffer_size() > MAX_WRITE_BUFFER:
            transport.abort()  # a client that does not read is dropped, not buffered forever
            return
        broadcast([ws], text)
    return send


class MatchServer:
    """Holds matches and speaks the protocol on ``host:port`` (port 0: any free one).

    ``clock`` (seconds, monotonic) drives the 2-minute fallback and the idle
    expiry; tests pass a clock they move by hand and call :meth:`sweep`.
    ``heap``: the collector's policy of a process that only serves
    (:class:`ServerHeap`, as ``python -m game.server`` runs); None (the game
    hosting a match) leaves the collector alone.
    """

    def __init__(self, host: str = "127.0.0.1", port: int = 0, clock: Clock = time.monotonic,
                 limits: Optional[Limits] = None, dice: Optional[Callable[[], object]] = None,
                 heap: Optional[ServerHeap] = None):
        self.host, self.port = host, port
        self.limits = limits or Limits()
        self.heap = heap
        self.lobby = Lobby(clock, self.limits.matches_per_address, self.limits.idle_expiry, dice)  # type: ignore[arg-type]
        self._server: Optional[Server] = None
        self._sweeper: Optional[asyncio.Task[None]] = None
        self._per_address: Counter[str] = Counter()
        self.messages = 0

    async def start(self) -> Tuple[str, int]:
        """Bind and start serving; returns the address actually bound."""
        self._server = await serve(self._connection, self.host, self.port, max_size=FRAME_LIMIT,
                                   max_queue=4, ping_interval=20, ping_timeout=20, compression=None)
        sock = next(iter(self._server.sockets))
        self.port = sock.getsockname()[1]
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_loop())
        if self.heap is not None:
            self.heap.start()
        log.info("match server on %s:%d", self.host, self.port)
        return self.host, self.port

    async def close(self) -> None:
        """Tell everyone the server is closing, then stop."""
        for room in list(self.lobby.rooms.values()):
            self.lobby.close(room, EndReason.SERVER_CLOSING)
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        if self.heap is not None:
            self.heap.stop()

    async def serve_forever(self) -> None:
        if self._server is None:
            await self.start()
        assert self._server is not None
        await self._server.serve_forever()

    def sweep(self) -> None:
        """Expire idle matches and open the fallback where due (also every second by itself)."""
        self.lobby.sweep()

    async def _sweep_loop(self) -> None:
        while True:
            await asyncio.sleep(self.limits.sweep_interval)
            try:
                self.sweep()
                if self.heap is not None:
                    self.heap.tick()
            except Exception:  # pragma: no cover - a bug must not stop the sweeps
                log.exception("sweep failed")

    # -- one connection -------------------------------------------------------------------
    async def _connection(self, ws: ServerConnection) -> None:
        address = str(ws.remote_address[0]) if ws.remote_address else "?"
        if self._per_address[address] >= self.limits.connections_per_address:
            await ws.close(1013, "too many connections from this address")
            return
        self._per_address[address] += 1
        send = _sender(ws)
        bucket = TokenBucket(self.limits.rate, self.limits.burst)
        seat: Optional[Tuple[Room, int]] = None
        strikes = 0
        try:
            async for raw in ws:
                self.messages += 1
                if not bucket.take():
                    strikes += 1
                    if strikes >= MAX_STRIKES:  # a flood: cut it off without waiting for a close handshake
                        send(error_doc(ErrorCode.RATE_LIMITED, "too many messages: the connection is closed"))
                        if ws.transport is not None:
                            ws.transport.close()  # what was written goes out first
                        break
                    send(error_doc(ErrorCode.RATE_LIMITED, "too many messages; slow down"))
                    continue
                seat = self.handle_text(raw, address, seat, send)
        except ConnectionClosed:
            pass
        finally:
            self._per_address[address] -= 1
            if self._per_address[address] <= 0:
                del self._per_address[address]
            if seat is not None:
                room, role = seat
                held = room.seats[role]
                if held is not None and held.send is send:
                    room.detach(role)

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
            send(error_doc(exc.code, exc.detail, ref, seq))
            if exc.code is ErrorCode.STALE and seat is not None:
                send(seat[0].sync_text())  # the sender was behind: here is the state now
        except Exception:  # a bug must never take the server down
            log.exception("message from %s failed", address)
            send(error_doc(ErrorCode.ILLEGAL, "the server could not do that", ref, seq))
        return seat

    def _apply(self, msg: ClientMessage, address: str, seat: Optional[Tuple[Room, int]],
               send: Send) -> Optional[Tuple[Room, int]]:
        if isinstance(msg, Ping):
            send(server_doc("pong", nonce=msg.nonce))
            return seat
        if isinstance(msg, (Create, Join, Resume)):
            if seat is not None and seat[0].ended is None:
                raise ProtocolError(ErrorCode.ALREADY_SEATED, "this connection already holds a seat")
            if isinstance(msg, Create):
                return self.lobby.create(address, msg, send)
            if isinstance(msg, Join):
                return self.lobby.join(msg, send, address)
            return self.lobby.resume(msg.token, send)
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
                 limits: Optional[Limits] = None, heap: Optional[ServerHeap] = None):
        self.server = MatchServer(host, port, clock, limits, heap=heap)
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
