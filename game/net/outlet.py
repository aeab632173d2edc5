"""A connection's way out, as the rooms see it (a ``send(text)`` callable),
and the player's address.

On a shared store (:mod:`game.net.cluster`) what one message makes the
server say is held (:class:`Hold`) until what it changed is committed, then
sent, or dropped if it could not be committed: nobody hears of an action
that a dying process could lose.  Behind a proxy (``--behind-proxy``) the
player's address is the last one the proxy added to ``X-Forwarded-For``.
"""

from __future__ import annotations

import ipaddress
from typing import List, Optional, Tuple

from websockets.asyncio.server import ServerConnection, broadcast

from .budget import ConnectionBudget

#: a client that reads nothing while this much waits for it is dropped
MAX_WRITE_BUFFER = 1 << 20


class Hold:
    """Where the texts of the message being handled wait (``texts`` None: nothing is held)."""

    def __init__(self) -> None:
        self.texts: Optional[List[Tuple["Outlet", str]]] = None

    def begin(self) -> None:
        self.texts = []

    def end(self) -> List[Tuple["Outlet", str]]:
        texts, self.texts = self.texts or [], None
        return texts


class Outlet:
    """``send(text)`` to one connection, within its byte budget; a client that
    reads nothing is dropped, not buffered forever."""

    def __init__(self, ws: ServerConnection, budget: ConnectionBudget, hold: Hold):
        self.ws = ws
        self.budget = budget
        self.hold = hold

    def __call__(self, text: str) -> None:
        if self.hold.texts is not None:
            self.hold.texts.append((self, text))
            return
        self.now(text)

    def now(self, text: str) -> None:
        transport = self.ws.transport
        if transport is not None and transport.get_write_buffer_size() > MAX_WRITE_BUFFER:
            transport.abort()
            return
        self.budget.sent.spend(len(text))
        broadcast([self.ws], text)


def forwarded_for(header_values: List[str]) -> Optional[str]:
    """The address a proxy added last to ``X-Forwarded-For`` (what the proxy
    saw; earlier ones are the client's own say); None if there is none.

    >>> forwarded_for(["203.0.113.9, 198.51.100.4"]), forwarded_for(["::1"]), forwarded_for(["nonsense"])
    ('198.51.100.4', '::1', None)
    """
    if not header_values:
        return None
    last = header_values[-1].split(",")[-1].strip()
    try:
        return str(ipaddress.ip_address(last))
    except ValueError:
        return None
