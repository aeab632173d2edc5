"""One server process among several on a shared PostgreSQL store
(:mod:`game.net.pgstore`): what the server does before a message (bring the
match it needs here, taking its lease), after it (wait until what it changed
is committed: nobody hears of an action before it is safe), and every second
(renew the leases, let go of the matches another process asks for or that
nobody plays, drop those whose lease was lost).

Commits go in rounds: one writer task takes every match changed since the
last round and writes them in one transaction, while the next messages
gather for the round after.  While the database does not answer, the rounds
are tried again every half second and play pauses (nothing is sent that is
not committed); it resumes where it stood.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Callable, Dict, List, Optional, Set, Tuple, Union

from .batch import Batch
from .pgstore import BATCH, PgStore, RoomWrite, StoreUnavailable, Taken
from .protocol import ClientMessage, Create, EndReason, ErrorCode, Join, ProtocolError, Resume
from .rooms import HOST, Lobby, Room
from .routing import nameable, route_key, server_of, token_hash
from .saved import RecordError, room_from_record, room_record

log = logging.getLogger(__name__)

#: seconds a process waits for another to let go of a match a player asked it for
WANT_PATIENCE = 3.0
#: seconds a match with nobody connected stays held before it is let go (written first)
IDLE_RELEASE = 60.0
#: seconds between two tries of a commit while the database does not answer
RETRY_AFTER = 0.5
#: a match's whole record is written again after this many actions written alone (a takeover replays them)
RECORD_EVERY = 24

#: what of a room its record holds besides the match: the colours, and who sits where
Head = Tuple[bool, Tuple[Optional[Tuple[str, str, str, bool, bool]], ...]]


def _head(room: Room) -> Head:
    return room.swapped, tuple(None if s is None else (s.token_hash, s.name, s.address, s.rematch, s.left)
                               for s in room.seats)


class Elsewhere(Exception):
    """The match cannot be held here now (another process keeps it, or the
    store does not answer): the connection is closed for the client to try
    again; ``at``: the process that holds it, where the close sends the
    player by name (HAProxy's ``use-server`` rule for ``at``)."""

    def __init__(self, why: str, at: Optional[str] = None):
        super().__init__(why)
        self.at = at


class Cluster:
    """The shared store's side of one server process.  ``drop(room, at)``
    closes the connections of a match this process no longer holds (code
    1012: the players connect again and reach its holder; ``at``: the
    process that asked for it, named so that the proxy sends them there);
    ``taken_over(code, previous)``
    hears of a lease taken from a dead process (``previous``: its owner)."""

    def __init__(self, store: PgStore, lobby: Lobby, matches_per_address: int,
                 drop: Callable[[Room, Optional[str]], None], taken_over: Callable[[str, Optional[str]], None],
                 wall: Callable[[], float] = time.time):
        self.store = store
        self.wall = wall
        self.lobby = lobby
        self.matches_per_address = matches_per_address
        self._drop_connections = drop
        self._taken_over = taken_over
        self.owned: Set[str] = set()        # matches written or taken by this process
        self.fresh: Set[str] = set()        # matches created here and not yet written (their code may be taken)
        self.draining = False
        self._waiters: List["asyncio.Future[Set[str]]"] = []
        self._final: List[RoomWrite] = []   # matches let go: their last write
        self._release: Set[str] = set()
        self._wake = asyncio.Event()
        self._in_flight = False
        self._bringing: Dict[str, "asyncio.Future[None]"] = {}
        self._writer: Optional["asyncio.Task[None]"] = None
        #: each held match's last record written: (its head, its seq), and the last seq written
        self._recorded: Dict[str, Tuple[Head, int, int]] = {}
        self._lookups: Batch[str, Tuple[Optional[str], Optional[str]]] = Batch(store.codes_of, BATCH)
        self._takes: Batch[str, Union[Taken, str, None]] = Batch(store.acquire_many, BATCH)
        self.server_id = server_of(store.owner)

    async def start(self) -> None:
        try:
            await self.store.open()
        except StoreUnavailable:  # served all the same: /healthz says not ready until the store answers
            log.error("the match store does not answer yet", extra={"event": "store_down"})
        self._writer = asyncio.get_running_loop().create_task(self._write_loop())

    # -- before a message -------------------------------------------------------------------
    async def before(self, msg: ClientMessage, address: str, by_name: bool = True) -> None:
        """Make ready what ``msg`` needs: its match held here, the per-address
        count of every process.  :class:`Elsewhere` if it cannot be now.
        A match another live process holds: a player that did not come here
        by name (``by_name``: its URL's ``at``) is sent to that process at
        once; one that did (the proxy could not route it there) waits while
        this process asks the holder to let go."""
        try:
            if isinstance(msg, Create):
                if self.draining:
                    raise Elsewhere("draining")
                if await self.store.hosted_by(address) >= self.matches_per_address:
                    raise ProtocolError(ErrorCode.TOO_MANY_MATCHES,
                                        f"at most {self.matches_per_address} matches per address")
            elif isinstance(msg, Join) and msg.code not in self.lobby.rooms:
                await self.bring(msg.code, by_name)
            elif isinstance(msg, Resume):
                hashed = token_hash(msg.token)
                head = route_key(msg)  # (a token begins with its match's code: that match is brought at once,
                if hashed not in self.lobby.tokens and head is not None:  # as a join's, without a look-up first)
                    await self.bring(head, by_name)
                if hashed not in self.lobby.tokens:
                    code, reason = await self._lookups.get(hashed)
                    if code is not None:
                        await self.bring(code, by_name)
                    elif reason is not None:
                        self.lobby.ended_tokens[hashed] = (EndReason(reason), self.lobby.clock())
        except StoreUnavailable as exc:
            raise Elsewhere(f"the store does not answer: {exc}") from None

    async def bring(self, code: str, patient: bool = True) -> None:
        """Hold the match ``code`` here (if it exists), once even if two players
        ask at once.  Held by another live process: not ``patient``,
        :class:`Elsewhere` naming it at once; else ask it to let go and wait."""
        pending = self._bringing.get(code)
        if pending is not None:
            await asyncio.shield(pending)
            return
        future: "asyncio.Future[None]" = asyncio.get_running_loop().create_future()
        self._bringing[code] = future
        try:
            await self._take(code, patient)
            future.set_result(None)
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # (retrieved: a waiter re-raises it)
            raise
        finally:
            del self._bringing[code]

    async def _take(self, code: str, patient: bool) -> None:
        if self.draining:
            raise Elsewhere("draining")
        while code in self._release:
            # let go here and its last write not yet committed (waiting for a
            # round, or in one): that write and the release go first, so the
            # match comes back as written, whole (and a round never holds two
            # writes of one match)
            await self.settle()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + WANT_PATIENCE
        while True:
            taken = await self._takes.get(code)
            if not isinstance(taken, str):
                break
            holder = server_of(taken)
            if not patient and holder != self.server_id and nameable(holder):
                raise Elsewhere(f"held by {taken}", at=holder)
            if loop.time() >= deadline:
                raise Elsewhere(f"held by {taken}") from None
            await self.store.want(code)
            await asyncio.sleep(0.2)
        if taken is None or code in self.lobby.rooms:
            return
        try:
            room = room_from_record(taken.record, self.lobby.clock, self.lobby.new_dice(), self.wall(),
                                    taken.actions)
        except RecordError as exc:
            log.error("the saved match %s could not be read (%s)", code, exc, extra={"event": "record_damaged",
                                                                                   "code": code})
            return
        self.lobby.add(room)
        self.lobby.changed.discard(code)  # as read: nothing to write back
        self.owned.add(code)
        self._recorded[code] = (_head(room), room.seq - len(taken.actions), room.seq)  # (the record's seq)
        if taken.taken_over:
            self._taken_over(code, taken.previous)
            log.warning("match %s taken over from %s", code, taken.previous,
                        extra={"event": "lease_taken_over", "code": code})

    # -- after a message ---------------------------------------------------------------------
    def busy(self) -> bool:
        """Is anything changed and not yet committed (or a round under way)?"""
        lobby = self.lobby
        return bool(self._in_flight or lobby.changed or lobby.removed or lobby.forgotten or self._final)

    async def settle(self) -> Set[str]:
        """Wait until everything changed so far is committed; returns the codes
        that could not be written (another process holds them)."""
        future: "asyncio.Future[Set[str]]" = asyncio.get_running_loop().create_future()
        self._waiters.append(future)
        self._wake.set()
        return await future

    def wake(self) -> None:
        """Start a round soon (the sweep changed something)."""
        self._wake.set()

    async def _write_loop(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            waiters, self._waiters = self._waiters, []
            rooms, removed = self.lobby.take_changes()
            writes = [self._write_of(room) for room in rooms] + self._final
            ended, release = self.lobby.take_forgotten(), sorted(self._release)
            self._final = []  # (the codes stay in _release until committed: see _take)
            self._in_flight = True
            try:
                lost = await self._commit(writes, removed, ended, release)
            finally:
                self._in_flight = False
            self._release.difference_update(release)
            self.owned |= {w.code for w in writes} - lost
            self.owned -= set(removed) | set(release)
            for code in lost.union(removed, release):
                self._recorded.pop(code, None)
            for code in lost:
                room = self.lobby.rooms.get(code)
                if room is not None and code not in self.fresh:  # (a new match whose code was taken: its creator is told)
                    self.let_go(room, write=False)
                    log.warning("match %s is held by another process now", code,
                                extra={"event": "lease_lost", "code": code})
            for future in waiters:
                if not future.done():
                    future.set_result(lost)
            self.fresh -= {w.code for w in writes}

    async def _commit(self, writes: List[RoomWrite], removed: List[str], ended: List[tuple],
                      release: List[str]) -> Set[str]:
        while True:
            try:
                return await self.store.commit(writes, removed, ended, release)
            except StoreUnavailable:
                await asyncio.sleep(RETRY_AFTER)

    def _write_of(self, room: Room, final: bool = False) -> RoomWrite:
        """What to commit of ``room``: its new actions alone while they follow
        the last write and its record stands (who sits where unchanged, fewer
        than :data:`RECORD_EVERY` actions since); else (and as the ``final``
        write of a match let go) its whole record with them."""
        actions, head = list(room.journal), _head(room)
        room.journal.clear()
        host = room.seats[HOST]
        last = self._recorded.get(room.code)
        if (not final and last is not None and last[0] == head and room.seq - last[1] < RECORD_EVERY
                and [seq for seq, _ in actions] == list(range(last[2] + 1, room.seq + 1))):
            self._recorded[room.code] = (head, last[1], room.seq)
            return RoomWrite(room.code, None, room.seq, host.address if host else "", [], actions)
        seats = ([] if last is not None and last[0] == head else
                 [(seat.token_hash, role) for role, seat in enumerate(room.seats) if seat is not None and not seat.left])
        self._recorded[room.code] = (head, room.seq, room.seq)
        return RoomWrite(room.code, room_record(room, self.wall()), room.seq, host.address if host else "",
                         seats, actions)

    def let_go(self, room: Room, write: bool = True, drop: bool = True, at: Optional[str] = None) -> None:
        """Stop holding ``room`` here: its players are sent on (closed with
        1012, to the process ``at`` names if given; not ``drop``: by the
        caller); ``write``: its last state is committed and its lease let go
        in the next round (else another process holds it already)."""
        if write:
            self._final.append(self._write_of(room, final=True))
            self._release.add(room.code)
        self._recorded.pop(room.code, None)
        self.lobby.release(room)
        room.ended = EndReason.SERVER_CLOSING  # dead here: a message still on its way gets no answer (sent_on)
        if drop:
            self._drop_connections(room, at)
        self._wake.set()

    def sent_on(self, room: Room) -> bool:
        """Was ``room`` let go here (its players are being sent on)?"""
        return room.ended is EndReason.SERVER_CLOSING and self.lobby.rooms.get(room.code) is not room

    # -- every second -------------------------------------------------------------------------------
    async def tidy(self) -> None:
        """Renew the leases; let go of the matches asked for elsewhere or idle; drop those lost."""
        owned = set(self.owned)  # (what a round commits while the renewal is under way is not judged by it)
        try:
            held, wanted = await self.store.renew()
        except StoreUnavailable:
            return
        now = self.lobby.clock()
        for code, room in list(self.lobby.rooms.items()):
            if (held is not None and code in owned and code in self.owned and code not in held
                    and code not in self.lobby.changed):
                self.owned.discard(code)
                self.let_go(room, write=False)
                log.warning("match %s: its lease was lost", code, extra={"event": "lease_lost", "code": code})
            elif code in wanted:
                # its players go to the process that asks, by name: were they sent
                # to wherever the proxy routes them, they might reach this process
                # again, which would take the match back as soon as its release
                # was written, again and again while the other process waits
                to = server_of(wanted[code])
                self.let_go(room, at=to if nameable(to) and to != self.server_id else None)
                log.info("match %s let go to %s", code, to, extra={"event": "released", "code": code})
            elif _idle(room, now):
                self.let_go(room)
                log.info("match %s let go", code, extra={"event": "released", "code": code})

    async def drain(self, patience: float = 15.0) -> None:
        """Let go of every match (written first) and send the players on."""
        self.draining = True
        log.warning("draining: %d matches let go", len(self.lobby.rooms), extra={"event": "draining"})
        for room in list(self.lobby.rooms.values()):
            self.let_go(room)
        try:
            await asyncio.wait_for(self.settle(), patience)
        except asyncio.TimeoutError:
            log.error("draining: the store did not answer in %.0f s", patience, extra={"event": "store_down"})

    async def close(self) -> None:
        if self._writer is not None:
            self._writer.cancel()
        await self.store.close()


def _idle(room: Room, now: float) -> bool:
    """Nobody connected to ``room`` for :data:`IDLE_RELEASE` seconds (and somebody sat there)."""
    seats = [s for s in room.seats if s is not None]
    return bool(seats) and all(s.send is None and s.absent_since is not None and now - s.absent_since >= IDLE_RELEASE
                               for s in seats)
