"""Matches sent back to the process they were taken from, once it runs again
(docs/server.md, "A revived process gets its matches back").

When a server process dies, the others take its matches over, and a
stick table in the proxy keeps each match where it went, also once the
process is back.  Without more, the process that was killed comes back
empty while the others carry its share, and the next kill of one of them
sends half as many players again as a fair share reconnecting at once.  So a process that
took over a dead process's matches sends them back, a few a second, once a
process with that server id runs again and has run a while (the proxy's
health check counts it up meanwhile): each match is written and let go,
and its players are closed with code 1012 and a reason that names the
process (``at=ID``, :func:`game.net.routing.moved_reason`); they reconnect
with ``&at=ID`` in the URL, and the proxy sends them there
(``use-server``), which also updates its stick table.

Only in calm seconds (no players pouring in here), never while draining,
and only matches somebody plays.  Where the proxy does not know that id
(its server names differ from the ``--server-id``), the players come back
here, and the match stays: it was let go, not taken over, so it is not
sent again.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Callable, Dict, List, Optional, Tuple

from .cluster import Cluster
from .metrics import ServerMetrics
from .pgstore import PgStore, StoreUnavailable
from .outlet import Outlet
from .rooms import Lobby, Room
from .routing import CLOSE_RESTART, moved_reason, server_of

log = logging.getLogger(__name__)

#: at most this many matches sent back a second by one process (``backgammon-server --send-back``)
SEND_BACK = 100
#: seconds a process must have run before matches are sent to it (the proxy's health check counts it up)
SETTLED = 2.0


def send_on(room: Room, at: Optional[str] = None) -> None:
    """Close the connections of a match this process let go (1012: they
    connect again, to its holder; ``at``: the process it was sent to)."""
    for seat in room.seats:
        if seat is not None and isinstance(seat.send, Outlet):
            asyncio.ensure_future(seat.send.ws.close(CLOSE_RESTART, moved_reason(at)))


class Homing:
    """The matches this process (``server_id``) took over from a dead one,
    and their sending back, once :attr:`cluster` is set.  ``counted()``
    hears of each takeover, ``sent(n)`` of matches sent back."""

    def __init__(self, server_id: str, counted: Callable[[], None] = lambda: None,
                 sent: Callable[[int], None] = lambda n: None, drop: Callable[[Room, Optional[str]], None] = send_on,
                 per_second: Optional[int] = None):
        self.server_id = server_id
        self.per_second = SEND_BACK if per_second is None else per_second  # (0: never)
        self.cluster: Optional[Cluster] = None
        self._counted = counted
        self._drop = drop
        self._sent = sent
        self.away: Dict[str, str] = {}      # code -> the server id it was taken from
        self._task: Optional["asyncio.Task[None]"] = None

    def taken(self, code: str, previous: Optional[str]) -> None:
        """The match ``code`` was taken over here from ``previous`` (a dead process's lease)."""
        self._counted()
        home = None if previous is None else server_of(previous)
        if home is not None and home != self.server_id:
            self.away[code] = home

    def forget_gone(self) -> None:
        """Forget the matches no longer held here (let go, lost, ended)."""
        assert self.cluster is not None
        rooms, owned = self.cluster.lobby.rooms, self.cluster.owned
        for code in [c for c in self.away if c not in rooms or c not in owned]:
            del self.away[code]

    def due(self) -> List[Tuple[str, str]]:
        """The matches held here that would go back now if their process ran,
        those somebody is connected to: (code, server id)."""
        assert self.cluster is not None
        rooms = self.cluster.lobby.rooms
        return [(code, home) for code, home in self.away.items() if code in rooms
                and any(s is not None and s.send is not None for s in rooms[code].seats)]

    async def tick(self, calm: bool) -> int:
        """Once a second: send back up to :attr:`per_second` matches whose
        process runs again, if this second was ``calm``; returns how many."""
        busy = self._task is not None and not self._task.done()
        if self.cluster is None or not calm or not self.away or self.cluster.draining or busy or self.per_second < 1:
            return 0
        self.forget_gone()
        due = self.due()
        if not due:
            return 0
        try:
            back = await self.cluster.store.live_servers(sorted({home for _, home in due}), SETTLED)
        except StoreUnavailable:  # (play pauses meanwhile; nothing is sent back)
            return 0
        picked = [(code, home) for code, home in due if home in back][:self.per_second]
        if picked:
            self._task = asyncio.get_running_loop().create_task(self._send(picked))
        return len(picked)

    async def _send(self, picked: List[Tuple[str, str]]) -> None:
        assert self.cluster is not None
        rooms: List[Tuple[Room, str]] = []
        for code, home in picked:
            room = self.cluster.lobby.rooms.get(code)
            self.away.pop(code, None)
            if room is not None:
                self.cluster.let_go(room, drop=False)
                rooms.append((room, home))
        written = False
        try:
            # the players are sent on once the match is written and let go:
            # the process they reach takes it at once, without asking this one
            await self.cluster.settle()
            written = True
        finally:  # (stopped meanwhile: sent on all the same, to wherever the proxy routes them)
            for room, home in rooms:
                self._drop(room, home if written else None)
        self._sent(len(rooms))
        for room, home in rooms:
            log.info("match %s sent back to %s", room.code, home, extra={"event": "sent_back", "code": room.code})

    def cancel(self) -> None:
        """Stop sending back (the process drains): the players of a batch under way are sent on at once."""
        if self._task is not None:
            self._task.cancel()


def homing_of(store: PgStore, lobby: Lobby, matches_per_address: int, send_back: int,
              metrics: ServerMetrics) -> Tuple[Homing, Cluster]:
    """A server process's side of a shared store: its :class:`Cluster`,
    which sends the players of a match let go on with :func:`send_on`, and
    its :class:`Homing` (``send_back`` matches a second); ``metrics`` count
    what it takes over and sends back."""
    homing = Homing(store.server_id, metrics.takeovers.inc, metrics.sent_back.inc, per_second=send_back)
    cluster = homing.cluster = Cluster(store, lobby, matches_per_address, send_on, homing.taken)
    return homing, cluster

