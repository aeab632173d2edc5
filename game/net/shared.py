"""A message on a server that shares its store with other processes
(:mod:`game.net.cluster`): the match it needs is brought here first, and
what it makes the server say is held until what it changed is committed
(then sent; dropped if another process holds the match now)."""

from __future__ import annotations

import logging
import time
from typing import Optional, Protocol, Tuple

from .cluster import Cluster, Elsewhere
from .metrics import ServerMetrics
from .outlet import Hold, Outlet
from .routing import CLOSE_RESTART, came_by_name, moved_reason
from .protocol import ClientMessage, Create, ErrorCode, ProtocolError, error_doc, parse_client, type_name
from .rooms import Lobby, Room, Send

log = logging.getLogger(__name__)


class SharedServer(Protocol):
    """What of the server a shared-store message needs."""

    hold: Hold
    metrics: ServerMetrics
    lobby: Lobby

    def handle_text(self, raw: object, address: str, seat: Optional[Tuple[Room, int]],
                    send: Send) -> Optional[Tuple[Room, int]]: ...


async def handle_shared(server: SharedServer, cluster: Cluster, raw: object, address: str,
                        seat: Optional[Tuple[Room, int]], send: Outlet) -> Optional[Tuple[Room, int]]:
    """One message on a shared store: its match brought here first, and
    what it makes the server say held until what it changed is committed."""
    try:
        msg: Optional[ClientMessage] = parse_client(raw) if isinstance(raw, (str, bytes)) else None
    except ProtocolError:
        msg = None  # (handle_text answers it)
    if msg is not None and seat is None:
        try:
            request = send.ws.request  # (sent here by name: the proxy could not route it to the holder)
            await cluster.before(msg, address, request is not None and came_by_name(request.path))
        except ProtocolError as exc:
            server.metrics.error(exc.code.value)
            send(error_doc(exc.code, exc.detail, type_name(msg)))
            return seat
        except Elsewhere as exc:  # the client connects again: then it may be here, or its holder reached
            log.info("a player sent on%s (%s)", f" to {exc.at}" if exc.at else "", exc)
            await send.ws.close(CLOSE_RESTART, moved_reason(exc.at) if exc.at else "try again")
            return seat
    began = time.thread_time()
    server.hold.begin()
    try:
        seat = server.handle_text(raw, address, seat, send)
    finally:
        held = server.hold.end()
    send.budget.cpu.spend(time.thread_time() - began)
    if isinstance(msg, Create) and seat is not None:
        cluster.fresh.add(seat[0].code)
    lost = await cluster.settle() if cluster.busy() else set()
    room = seat[0] if seat is not None else None
    if room is not None and room.code in lost:
        if isinstance(msg, Create):  # the code proposed is another process's match
            server.lobby.release(room)
            server.metrics.error(ErrorCode.CODE_TAKEN.value)
            send.now(error_doc(ErrorCode.CODE_TAKEN, "this code is another match's: propose another", "create"))
        return None
    for outlet, text in held:
        outlet.now(text)
    return seat

