"""A lean WebSocket client for the load bots of ``server_load.py --cluster N``.

Thousands of bots share this machine's cores with the servers they load; a
bot's own work (the handshake, framing, its queue of messages) is time the
servers do not get, and after a server process is killed some 2,000 of them
connect again at once.  This client does only what a bot needs, on one
asyncio protocol a connection (no task, no stream): the opening handshake
(RFC 6455 section 4.1, its accept key checked), text frames out (masked, as
a client's must be) and in, a pong for each ping, and the closing
handshake.  The probe's players keep the ``websockets`` library, so the
figures are also measured with the client library the game uses.

>>> frame = _frame(OP_TEXT, b"hi", b"\\x00\\x00\\x00\\x00")
>>> frame.hex()                        # final, text, masked, 2 bytes; the mask; the text
'8182000000006869'
>>> _accept("dGhlIHNhbXBsZSBub25jZQ==")   # RFC 6455's own example
's3pPLMBiTxaQ9kYGzzhZRbK+xOo='
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import os
import random
import struct
import time
from collections import deque
from contextlib import asynccontextmanager
from typing import AsyncIterator, Deque, Optional
from urllib.parse import urlsplit

try:
    from websockets.speedups import apply_mask as _apply_mask
except ImportError:  # pragma: no cover - the C helper is missing: the same XOR in Python
    def _apply_mask(data: bytes, mask: bytes) -> bytes:
        n = len(data)
        key = int.from_bytes((mask * (n // 4 + 1))[:n], "big")
        return (int.from_bytes(data, "big") ^ key).to_bytes(n, "big")

OP_CONT, OP_TEXT, OP_BINARY, OP_CLOSE, OP_PING, OP_PONG = 0x0, 0x1, 0x2, 0x8, 0x9, 0xA
GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
#: the largest handshake answer read before giving up on it
MAX_HEAD = 16384


class Closed(Exception):
    """The connection is closed (or never opened: ``reason`` says why)."""


def _accept(key: str) -> str:
    """The ``Sec-WebSocket-Accept`` a server answers ``key`` with."""
    return base64.b64encode(hashlib.sha1((key + GUID).encode()).digest()).decode()


def _frame(opcode: int, payload: bytes, mask: bytes) -> bytes:
    """One final client frame (masked with ``mask``)."""
    n = len(payload)
    if n < 126:
        head = struct.pack("!BB", 0x80 | opcode, 0x80 | n)
    elif n < 65536:
        head = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, n)
    else:
        head = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, n)
    return head + mask + _apply_mask(payload, mask)


def _mask() -> bytes:
    return random.getrandbits(32).to_bytes(4, "big")


class LeanConnection(asyncio.Protocol):
    """One client connection: ``await recv()`` the next text message,
    ``await send(text)``; :class:`Closed` once it is closed."""

    def __init__(self, host: str, target: str) -> None:
        self._key = base64.b64encode(os.urandom(16)).decode()
        self._request = (f"GET {target} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                         f"Sec-WebSocket-Key: {self._key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode()
        self._transport: Optional[asyncio.Transport] = None
        self._buffer = bytearray()
        self._open = False
        self._opened: "asyncio.Future[None]" = asyncio.get_running_loop().create_future()
        self._messages: Deque[str] = deque()
        self._waiter: Optional["asyncio.Future[None]"] = None
        self._parts: list = []   # a fragmented message's frames so far
        self.closed: Optional[str] = None
        self.close_code: Optional[int] = None   # the server's close frame: its code and reason
        self.close_reason = ""
        self.made_at: Optional[float] = None    # when TCP connected (time.monotonic), before the handshake

    # -- asyncio's side ------------------------------------------------------------------
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._transport = transport  # type: ignore[assignment]  (a socket's: write, is_closing, close)
        self.made_at = time.monotonic()
        transport.write(self._request)

    def data_received(self, data: bytes) -> None:
        self._buffer += data
        if not self._open:
            end = self._buffer.find(b"\r\n\r\n")
            if end < 0:
                if len(self._buffer) > MAX_HEAD:
                    self._fail("the handshake's answer is too long")
                return
            head = bytes(self._buffer[:end]).decode("latin-1")
            del self._buffer[:end + 4]
            lines = head.split("\r\n")
            fields = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
            if lines[0].split(" ", 2)[1:2] != ["101"]:
                self._fail(f"refused: {lines[0]}")
                return
            if fields.get("sec-websocket-accept") != _accept(self._key):
                self._fail("a wrong Sec-WebSocket-Accept")
                return
            self._open = True
            if not self._opened.done():
                self._opened.set_result(None)
        self._frames()

    def connection_lost(self, exc: Optional[Exception]) -> None:
        self._fail(f"connection lost: {exc}" if exc else "connection closed")

    # -- frames in ---------------------------------------------------------------------
    def _frames(self) -> None:
        buf = self._buffer
        at = 0
        while self.closed is None:
            if len(buf) - at < 2:
                break
            b0, b1 = buf[at], buf[at + 1]
            n, start = b1 & 0x7F, at + 2
            if n == 126:
                if len(buf) - at < 4:
                    break
                n, start = struct.unpack_from("!H", buf, at + 2)[0], at + 4
            elif n == 127:
                if len(buf) - at < 10:
                    break
                n, start = struct.unpack_from("!Q", buf, at + 2)[0], at + 10
            if b1 & 0x80:
                self._fail("a server's frame is masked")
                return
            if len(buf) - start < n:
                break
            payload = bytes(buf[start:start + n])
            at = start + n
            self._frame_in(b0 & 0x80 != 0, b0 & 0x0F, payload)
        del buf[:at]

    def _frame_in(self, final: bool, opcode: int, payload: bytes) -> None:
        if opcode in (OP_TEXT, OP_BINARY, OP_CONT):
            self._parts.append(payload)
            if final:
                data, self._parts = b"".join(self._parts), []
                self._messages.append(data.decode("utf-8"))
                self._wake()
        elif opcode == OP_PING:
            self._write(OP_PONG, payload)
        elif opcode == OP_CLOSE:
            self._write(OP_CLOSE, payload[:2])  # the closing handshake: the same code back
            code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else 1005
            self.close_code, self.close_reason = code, payload[2:].decode("utf-8", "replace")
            self._fail(f"closed by the server ({code})")

    # -- the bot's side ----------------------------------------------------------------
    async def opened(self) -> None:
        await self._opened

    async def recv(self) -> str:
        """The next text message (what came while it was not asked for waits in order)."""
        while not self._messages:
            if self.closed is not None:
                raise Closed(self.closed)
            waiter = self._waiter = asyncio.get_running_loop().create_future()
            try:
                await waiter
            finally:
                self._waiter = None
        return self._messages.popleft()

    async def send(self, text: str) -> None:
        if self.closed is not None:
            raise Closed(self.closed)
        self._write(OP_TEXT, text.encode("utf-8"))

    def close(self, code: int = 1000) -> None:
        if self.closed is None and self._open:
            self._write(OP_CLOSE, struct.pack("!H", code))
        self._fail("closed here")

    # -- inside ------------------------------------------------------------------------
    def _write(self, opcode: int, payload: bytes) -> None:
        transport = self._transport
        if transport is not None and not transport.is_closing():
            transport.write(_frame(opcode, payload, _mask()))

    def _wake(self) -> None:
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    def _fail(self, reason: str) -> None:
        if self.closed is None:
            self.closed = reason
        if not self._opened.done():
            self._opened.set_exception(Closed(reason))
            self._opened.exception()  # (retrieved: the opener re-raises it)
        self._wake()
        transport = self._transport
        if transport is not None and not transport.is_closing():
            transport.close()


@asynccontextmanager
async def lean_connect(url: str, open_timeout: float = 5.0,
                       source: Optional[str] = None) -> AsyncIterator[LeanConnection]:
    """A connection to ``ws://HOST:PORT/PATH?QUERY``, opened within
    ``open_timeout`` seconds (:class:`asyncio.TimeoutError`), closed on leaving;
    from the address ``source`` if given (any port)."""
    parts = urlsplit(url)
    if parts.scheme != "ws" or parts.hostname is None:
        raise ValueError(f"only ws:// URLs: {url!r}")
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    host = parts.netloc
    loop = asyncio.get_running_loop()
    conn: Optional[LeanConnection] = None

    async def opening() -> LeanConnection:
        nonlocal conn
        _, protocol = await loop.create_connection(lambda: LeanConnection(host, target), parts.hostname,
                                                   parts.port or 80,
                                                   local_addr=(source, 0) if source is not None else None)
        conn = protocol
        await protocol.opened()
        return protocol

    try:
        opened = await asyncio.wait_for(opening(), open_timeout)
    except BaseException:
        if conn is not None:
            conn.close()
        raise
    try:
        yield opened
    finally:
        opened.close()
