"""Connections counted per address from the moment they are accepted, before
any WebSocket handshake: an address over its limit has each further TCP
connection closed at once, so that half-open connections (a handshake never
finished) cannot pile up.  With TLS the connection does its TLS handshake
itself, after it was counted (asyncio's own TLS would hand it over only once
the handshake is done), within :data:`TLS_HANDSHAKE_TIMEOUT`.  A plain HTTP
request (the join page) is a connection like any other.

>>> gate = AddressGate(2)
>>> [gate.admit("10.0.0.1") for _ in range(3)], gate.count("10.0.0.1")
([True, True, False], 2)
>>> gate.release("10.0.0.1"); gate.admit("10.0.0.1")
True
"""

from __future__ import annotations

import asyncio
import logging
import ssl
from collections import Counter
from typing import List, Optional, Set, Type, cast

from websockets.asyncio.server import ServerConnection

log = logging.getLogger(__name__)
#: seconds a TLS handshake may take (the connection is counted meanwhile)
TLS_HANDSHAKE_TIMEOUT = 10.0


class AddressGate:
    """How many connections each address holds, and the limit."""

    def __init__(self, limit: int):
        self.limit = limit
        self._held: Counter[str] = Counter()

    def admit(self, address: str) -> bool:
        """Count one more connection of ``address``; False (not counted) over the limit (0: none)."""
        if self.limit and self._held[address] >= self.limit:
            return False
        self._held[address] += 1
        return True

    def release(self, address: str) -> None:
        self._held[address] -= 1
        if self._held[address] <= 0:
            del self._held[address]

    def count(self, address: str) -> int:
        return self._held.get(address, 0)


def peer_address(transport: asyncio.BaseTransport) -> str:
    """The remote IP address of a transport ('?' if it has none)."""
    peer = transport.get_extra_info("peername")
    return str(peer[0]) if peer else "?"


class GatedConnection(ServerConnection):
    """A server connection that counts itself against its address at accept
    (see :func:`gated`); refused, it is closed before the handshake starts.
    With ``tls`` it makes the TLS handshake itself before the WebSocket layer
    sees the connection; what arrives before that layer is ready waits."""

    gate: AddressGate
    tls: Optional[ssl.SSLContext] = None
    handshakes: Set["asyncio.Task[None]"]   # the TLS handshakes under way (the server cancels them on close)
    admitted: Optional[str] = None   # the address it was counted against
    early: Optional[List[bytes]] = None   # data that came before the WebSocket layer was ready (TLS)
    early_eof = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        address = peer_address(transport)
        if not self.gate.admit(address):
            cast(asyncio.Transport, transport).abort()  # no handler, no handshake: nothing else was set up
            return
        self.admitted = address
        if self.tls is None:
            super().connection_made(transport)
            return
        self.early = []
        task = self.loop.create_task(self._secure(cast(asyncio.Transport, transport), self.tls))
        self.handshakes.add(task)
        task.add_done_callback(self.handshakes.discard)

    async def _secure(self, raw: asyncio.Transport, tls: ssl.SSLContext) -> None:
        try:
            secure = await self.loop.start_tls(raw, self, tls, server_side=True,
                                               ssl_handshake_timeout=TLS_HANDSHAKE_TIMEOUT)
        except BaseException as exc:  # a failed or timed-out handshake, or the server closing
            raw.abort()
            self._release()
            if not isinstance(exc, Exception):
                raise
            log.debug("TLS handshake from %s failed: %r", self.admitted, exc)
            return
        if self.admitted is None or secure is None:  # lost meanwhile
            return
        early, self.early = self.early or [], None
        super().connection_made(secure)
        for data in early:
            super().data_received(data)
        if self.early_eof:
            super().eof_received()

    def _release(self) -> None:
        if self.admitted is not None:
            self.gate.release(self.admitted)
            self.admitted = None

    def connection_lost(self, exc: Optional[Exception]) -> None:
        if self.admitted is None:
            return
        self._release()
        if self.early is None:  # the WebSocket layer had the connection
            super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.early is not None:
            self.early.append(data)
        elif self.admitted is not None:
            super().data_received(data)

    def eof_received(self) -> None:
        if self.early is not None:
            self.early_eof = True
        elif self.admitted is not None:
            super().eof_received()


def tls_after_counting(loop: asyncio.AbstractEventLoop) -> bool:
    """Whether ``loop`` lets a connection make its own TLS handshake after it
    was counted: asyncio's loops do; uvloop starts reading a new connection
    right after ``connection_made``, so the client's first TLS bytes would
    reach the connection instead of the handshake (it would stall).

    >>> loop = asyncio.new_event_loop(); tls_after_counting(loop)
    True
    >>> loop.close()
    """
    return not type(loop).__module__.startswith("uvloop")


def gated(gate: AddressGate, tls: Optional[ssl.SSLContext] = None) -> Type[GatedConnection]:
    """A connection class for ``websockets.serve(create_connection=...)`` counting
    against ``gate``, with ``tls`` (a server context) making its TLS handshake."""
    handshakes: Set["asyncio.Task[None]"] = set()
    return cast(Type[GatedConnection],
                type("GatedConnection", (GatedConnection,), {"gate": gate, "tls": tls, "handshakes": handshakes}))
