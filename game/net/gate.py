"""Connections counted per address from the moment they are accepted, before
any WebSocket handshake: an address over its limit has each further TCP
connection closed at once, so that half-open connections (a handshake never
finished) cannot pile up.

>>> gate = AddressGate(2)
>>> [gate.admit("10.0.0.1") for _ in range(3)], gate.count("10.0.0.1")
([True, True, False], 2)
>>> gate.release("10.0.0.1"); gate.admit("10.0.0.1")
True
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Optional, Type, cast

from websockets.asyncio.server import ServerConnection


class AddressGate:
    """How many connections each address holds, and the limit."""

    def __init__(self, limit: int):
        self.limit = limit
        self._held: Counter[str] = Counter()

    def admit(self, address: str) -> bool:
        """Count one more connection of ``address``; False (not counted) over the limit."""
        if self._held[address] >= self.limit:
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
    (see :func:`gated`); refused, it is closed before the handshake starts."""

    gate: AddressGate
    admitted: Optional[str] = None   # the address it was counted against

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        address = peer_address(transport)
        if not self.gate.admit(address):
            cast(asyncio.Transport, transport).abort()  # no handler, no handshake: nothing else was set up
            return
        self.admitted = address
        super().connection_made(transport)

    def connection_lost(self, exc: Optional[Exception]) -> None:
        if self.admitted is None:
            return
        self.gate.release(self.admitted)
        self.admitted = None
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.admitted is not None:
            super().data_received(data)

    def eof_received(self) -> None:
        if self.admitted is not None:
            super().eof_received()


def gated(gate: AddressGate) -> Type[ServerConnection]:
    """A connection class for ``websockets.serve(create_connection=...)`` counting against ``gate``."""
    return type("GatedConnection", (GatedConnection,), {"gate": gate})
