"""The matches of several server processes in one PostgreSQL database
(``backgammon-server --store postgresql://...``; psycopg 3, the ``cluster``
extra), with a lease per match, so that one process drives a match at a time
and another takes it over when that one dies.

Tables (made on first use; ``bg_`` in front of each name):

- ``bg_rooms``: one row per match: its record (:mod:`game.net.saved`, seat
  tokens as hashes), the record's state counter ``seq``, the host's address
  (the per-address limit counts across processes), and the lease: ``owner``
  (the process, ``server-id/key``), ``owner_key`` and ``lease_until``.
- ``bg_seats``: a seat token's hash -> its match (a resume reaching any process).
- ``bg_actions``: every action a match committed, by ``(code, seq)``: a
  primary key, so an action is never written twice.  The record is written
  only now and then (:class:`RoomWrite` without one: the actions alone); a
  process that takes a match reads its record and the actions after it, in
  the same transaction, and replays them (:func:`game.net.saved.replay_actions`).
- ``bg_ended``: a token's hash -> why its match ended (for ten minutes).
- ``bg_servers``: each server id -> the key of its latest process and when
  that started (:meth:`PgStore.live_servers`: which are back after a kill).

A lease is taken only from a process that let it go, whose lease ran out, or
that is dead: each process holds, on its connection, a session-level
advisory lock on its own ``key``; PostgreSQL lets that lock go the moment the
process's session ends (the process was killed, its machine went away), so
another process that can take the lock knows at once that the owner is gone.
Every write of a match says ``WHERE owner = me``: a process whose lease was
taken writes nothing more to that match (it hears so and lets it go).  A
write of actions alone first locks its matches' rows (``owner = me``), as a
taker locks the rows it takes: a taker that comes between waits for that
commit, and then reads its actions.

Takeovers come in batches (one transaction for many matches, after a kill);
they and the look-ups go on a second connection, so that the commits of
play never wait behind them.

Every call may raise :class:`StoreUnavailable` (the database does not
answer); the caller retries.  Nothing else of the database reaches the
caller.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Dict, List, Optional, Sequence, Set, Tuple, TypeVar, Union

log = logging.getLogger(__name__)
T = TypeVar("T")

#: seconds a lease lasts without renewal (a live owner renews it every RENEW_EVERY seconds)
LEASE_SECONDS = 10.0
#: seconds between two renewals of a process's leases (the requests to let a match go are read every second)
RENEW_EVERY = 3.0
#: seconds a token of an ended match is remembered
ENDED_SECONDS = 600
_DDL_LOCK = 0x6267_5F64_646C  # serialises the first CREATE TABLEs of processes starting together
_TABLES = (
    """CREATE TABLE IF NOT EXISTS bg_rooms (
        code text PRIMARY KEY, record text NOT NULL, seq bigint NOT NULL, host_address text NOT NULL,
        owner text, owner_key bigint, lease_until timestamptz, wanted_by text,
        updated timestamptz NOT NULL DEFAULT now())""",
    "CREATE INDEX IF NOT EXISTS bg_rooms_owner ON bg_rooms (owner)",
    "CREATE INDEX IF NOT EXISTS bg_rooms_host ON bg_rooms (host_address)",
    "CREATE INDEX IF NOT EXISTS bg_rooms_updated ON bg_rooms (updated)",
    "CREATE INDEX IF NOT EXISTS bg_rooms_wanted ON bg_rooms (owner) WHERE wanted_by IS NOT NULL",
    """CREATE TABLE IF NOT EXISTS bg_seats (
        token_hash text PRIMARY KEY, code text NOT NULL REFERENCES bg_rooms ON DELETE CASCADE, role int NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS bg_seats_code ON bg_seats (code)",
    """CREATE TABLE IF NOT EXISTS bg_actions (
        code text NOT NULL REFERENCES bg_rooms ON DELETE CASCADE, seq bigint NOT NULL, event text NOT NULL,
        at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (code, seq))""",
    """CREATE TABLE IF NOT EXISTS bg_ended (
        token_hash text PRIMARY KEY, reason text NOT NULL, at timestamptz NOT NULL DEFAULT now())""",
    """CREATE TABLE IF NOT EXISTS bg_servers (
        server_id text PRIMARY KEY, owner_key bigint NOT NULL, started timestamptz NOT NULL DEFAULT now())""",
)


MAIN, SIDE = 0, 1  # the two connections


async def _nothing(conn: Any) -> None:
    return None


class StoreUnavailable(OSError):
    """The database does not answer (down, restarting, unreachable)."""


class HeldElsewhere(Exception):
    """The match is held by another live process (``owner``)."""

    def __init__(self, owner: str):
        super().__init__(owner)
        self.owner = owner


@dataclass
class RoomWrite:
    """One match as committed: its record (None: only its new actions, the
    record written before stands), seq, host's address, seats and new actions."""

    code: str
    record: Optional[str]
    seq: int
    host_address: str
    seats: List[Tuple[str, int]] = field(default_factory=list)     # (token hash, role)
    actions: List[Tuple[int, str]] = field(default_factory=list)   # (seq, event JSON)


@dataclass
class Taken:
    """A match this process now holds: its record, whether it was taken from
    another process, and the actions committed after the record (seq, event
    JSON, wall-clock time written), in order."""

    record: str
    taken_over: bool
    previous: Optional[str]
    actions: List[Tuple[int, str, float]] = field(default_factory=list)

#: at most this many matches taken (or tokens looked up) in one transaction
BATCH = 200


def available() -> bool:
    """Is psycopg installed (the ``cluster`` extra)?"""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return False
    return True


def is_url(store: Optional[str]) -> bool:
    """Does ``--store`` name a PostgreSQL database (rather than an SQLite file)?

    >>> is_url("postgresql://bg@/backgammon?host=/run/pg"), is_url("matches.sqlite"), is_url(None)
    (True, False, False)
    """
    return store is not None and store.startswith(("postgresql://", "postgres://"))


class PgStore:
    """The shared store, on two connections: the commits and renewals on one
    (it holds the process's advisory lock), the takeovers and look-ups on the
    other; calls on one connection are serialised, and a round of many
    matches' writes is one transaction.  ``timer(op, seconds)`` hears how
    long each call took (the server's metrics)."""

    def __init__(self, url: str, server_id: str, lease_seconds: float = LEASE_SECONDS,
                 timer: Optional[Callable[[str, float], None]] = None, expire_after: float = 30 * 60.0):
        self.url = url
        self.expire_after = expire_after
        self._tidied = self._renewed = -1e9
        self.key = secrets.randbits(62)
        self.server_id = server_id
        self.owner = f"{server_id}/{self.key:x}"
        self.lease_seconds = lease_seconds
        self.timer = timer
        self.up = False
        self._conns: List[Any] = [None, None]   # MAIN (the advisory lock, the commits), SIDE (takeovers, look-ups)
        self._locks = (asyncio.Lock(), asyncio.Lock())

    # -- the connections ----------------------------------------------------------------
    async def _connect(self, lane: int) -> Any:
        import psycopg

        if lane == SIDE and (self._conns[MAIN] is None or self._conns[MAIN].closed):
            await self._run("open", _nothing)  # (the tables, and this process's lock, first)
        conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True, connect_timeout=3)
        if lane == SIDE:
            return conn
        try:
            async with conn.transaction():
                await conn.execute("SELECT pg_advisory_xact_lock(%s)", (_DDL_LOCK,))
                for ddl in _TABLES:
                    await conn.execute(ddl)
            await conn.execute("SELECT pg_advisory_lock(%s)", (self.key,))  # alive while this session is
            await conn.execute("""INSERT INTO bg_servers (server_id, owner_key) VALUES (%s, %s)
                                  ON CONFLICT (server_id) DO UPDATE SET owner_key = excluded.owner_key, started = now()
                                  WHERE bg_servers.owner_key <> excluded.owner_key""", (self.server_id, self.key))
        except BaseException:
            await conn.close()
            raise
        return conn

    async def _run(self, op: str, work: Callable[[Any], Awaitable[T]], lane: int = MAIN) -> T:
        import psycopg

        async with self._locks[lane]:
            began = time.perf_counter()
            # a side connection idle since PostgreSQL restarted fails once: a fresh one is tried at once
            attempts = 2 if lane == SIDE else 1
            for attempt in range(attempts):
                fresh = self._conns[lane] is None or self._conns[lane].closed
                try:
                    if fresh:
                        self._conns[lane] = await self._connect(lane)
                    result = await work(self._conns[lane])
                    break
                except (psycopg.OperationalError, psycopg.InterfaceError, OSError) as exc:
                    conn, self._conns[lane] = self._conns[lane], None
                    if conn is not None:
                        try:
                            await conn.close()
                        except Exception:  # pragma: no cover - closing a broken connection
                            pass
                    if not fresh and attempt + 1 < attempts:
                        continue
                    if self.up:
                        log.error("the match store does not answer: %s", str(exc).strip()[:200],
                                  extra={"event": "store_down"})
                    self.up = False
                    raise StoreUnavailable(str(exc)) from None
            if not self.up:
                log.warning("the match store answers", extra={"event": "store_up"})
            self.up = True
            if self.timer is not None:
                self.timer(op, time.perf_counter() - began)
            return result

    async def open(self) -> None:
        """Connect (and make the tables); :class:`StoreUnavailable` if the database does not answer."""
        await self._run("open", _nothing)

    async def close(self) -> None:
        for lane in (SIDE, MAIN):
            async with self._locks[lane]:
                conn, self._conns[lane] = self._conns[lane], None
                if conn is not None:
                    await conn.close()

    # -- the calls --------------------------------------------------------------------------
    async def ping(self) -> None:
        async def run(conn: Any) -> None:
            await conn.execute("SELECT 1")
        await self._run("ping", run)

    async def commit(self, writes: Sequence[RoomWrite], removed: Sequence[str] = (),
                     ended: Sequence[Tuple[str, str]] = (), release: Sequence[str] = ()) -> Set[str]:
        """Write these matches (new or held by this process: a record, or
        actions alone), forget the ``removed`` codes, note the ``ended``
        tokens (hash, reason) and let the ``release`` codes go, in one
        transaction.  Returns the codes NOT written: held by another process
        (a lease lost, or a new match's code taken)."""
        async def run(conn: Any) -> Set[str]:
            if not (removed or ended or release):  # (most rounds: one statement, its own transaction)
                return {w.code for w in writes} - await _write_rooms(conn, self.owner, self.key,
                                                                      self.lease_seconds, writes)
            async with conn.transaction():
                written = await _write_rooms(conn, self.owner, self.key, self.lease_seconds, writes)
                if removed:
                    await conn.execute("DELETE FROM bg_rooms WHERE code = ANY(%b) AND owner = %s",
                                       (list(removed), self.owner))
                if ended:
                    await conn.execute("DELETE FROM bg_seats WHERE token_hash = ANY(%b)", ([e[0] for e in ended],))
                    await conn.execute(
                        """INSERT INTO bg_ended (token_hash, reason)
                           SELECT * FROM unnest(%b::text[], %b::text[])
                           ON CONFLICT (token_hash) DO UPDATE SET reason = excluded.reason, at = now()""",
                        ([e[0] for e in ended], [e[1] for e in ended]))
                if release:
                    await conn.execute(
                        """UPDATE bg_rooms SET owner = NULL, owner_key = NULL, lease_until = NULL, wanted_by = NULL
                           WHERE code = ANY(%b) AND owner = %s""", (list(release), self.owner))
            return {w.code for w in writes} - written
        return await self._run("commit", run)

    async def acquire(self, code: str) -> Optional[Taken]:
        """Hold the match ``code`` (None: there is no such match), taking it
        from a process that let it go, whose lease ran out or that is dead;
        :class:`HeldElsewhere` if a live process holds it."""
        found = (await self.acquire_many([code])).get(code)
        if isinstance(found, str):
            raise HeldElsewhere(found)
        return found

    async def acquire_many(self, codes: Sequence[str]) -> Dict[str, Union[Taken, str, None]]:
        """:meth:`acquire` for many matches in one transaction: code -> what
        was taken, the owner (a live process holds it) or None (no such match)."""
        async def run(conn: Any) -> Dict[str, Union[Taken, str, None]]:
            return await _take_rooms(conn, self.owner, self.key, self.lease_seconds, sorted(set(codes)))
        return await self._run("acquire", run, SIDE)

    async def want(self, code: str) -> None:
        """Ask the process that holds ``code`` to let it go (at its next renewal)."""
        async def run(conn: Any) -> None:
            await conn.execute("UPDATE bg_rooms SET wanted_by = %s WHERE code = %s AND owner IS DISTINCT FROM %s",
                               (self.owner, code, self.owner))
        await self._run("want", run, SIDE)

    async def renew(self) -> Tuple[Optional[Set[str]], Dict[str, str]]:
        """Every second: the codes another process asks this one for, each
        with the owner that asks (``wanted_by``); every
        :data:`RENEW_EVERY` seconds also renew every lease of this process and
        say which it holds (else None), and now and then drop the matches
        nobody holds that idled past the expiry."""
        ttl = self.lease_seconds

        async def run(conn: Any) -> Tuple[Optional[Set[str]], Dict[str, str]]:
            now = time.monotonic()
            if now - self._renewed < RENEW_EVERY:
                cur = await conn.execute("SELECT code, wanted_by FROM bg_rooms WHERE owner = %s AND wanted_by IS NOT NULL",
                                         (self.owner,))
                return None, {str(r[0]): str(r[1]) for r in await cur.fetchall()}
            self._renewed = now
            cur = await conn.execute(
                """UPDATE bg_rooms SET lease_until = now() + make_interval(secs => %s) WHERE owner = %s
                   RETURNING code, wanted_by""", (ttl, self.owner))
            rows = await cur.fetchall()
            if now - self._tidied >= 30.0:
                self._tidied = now
                await conn.execute("DELETE FROM bg_ended WHERE at < now() - make_interval(secs => %s)",
                                   (ENDED_SECONDS,))
                # a match nobody holds and nobody played for the idle expiry is dropped, as a process drops its own
                await conn.execute("""DELETE FROM bg_rooms WHERE updated < now() - make_interval(secs => %s)
                                      AND (owner IS NULL OR lease_until < now())""", (self.expire_after,))
            return {str(r[0]) for r in rows}, {str(r[0]): str(r[1]) for r in rows if r[1] is not None}
        return await self._run("renew", run)

    async def code_of(self, hashed: str) -> Tuple[Optional[str], Optional[str]]:
        """The match of a token's hash, or why it ended: (code, None), (None, reason) or (None, None)."""
        return (await self.codes_of([hashed]))[hashed]

    async def codes_of(self, hashes: Sequence[str]) -> Dict[str, Tuple[Optional[str], Optional[str]]]:
        """:meth:`code_of` for many tokens' hashes in one round trip."""
        async def run(conn: Any) -> Dict[str, Tuple[Optional[str], Optional[str]]]:
            cur = await conn.execute(
                """SELECT h, s.code, e.reason FROM unnest(%b::text[]) AS h
                   LEFT JOIN bg_seats s ON s.token_hash = h LEFT JOIN bg_ended e ON e.token_hash = h""",
                (list(hashes),))
            found: Dict[str, Tuple[Optional[str], Optional[str]]] = {h: (None, None) for h in hashes}
            for h, code, reason in await cur.fetchall():
                found[str(h)] = (str(code), None) if code is not None else (None, str(reason) if reason else None)
            return found
        return await self._run("lookup", run, SIDE)

    async def live_servers(self, ids: Sequence[str], settled: float) -> Set[str]:
        """Which of the server ids ``ids`` run now, in a process that started
        at least ``settled`` seconds ago (its session's lock is held)."""
        async def run(conn: Any) -> Set[str]:
            cur = await conn.execute(
                """SELECT server_id FROM bg_servers WHERE server_id = ANY(%s) AND server_id <> %s
                   AND started < now() - make_interval(secs => %s)
                   AND NOT pg_try_advisory_xact_lock_shared(owner_key)""", (list(ids), self.server_id, settled))
            return {str(r[0]) for r in await cur.fetchall()}
        return await self._run("lookup", run, SIDE)

    async def hosted_by(self, address: str) -> int:
        """How many matches ``address`` hosts, on every process."""
        async def run(conn: Any) -> int:
            cur = await conn.execute("SELECT count(*) FROM bg_rooms WHERE host_address = %s", (address,))
            row = await cur.fetchone()
            return int(row[0]) if row else 0
        return await self._run("lookup", run, SIDE)

    async def actions(self, code: str) -> List[Tuple[int, str]]:
        """The actions committed for ``code``, by seq (for checks and tools)."""
        async def run(conn: Any) -> List[Tuple[int, str]]:
            cur = await conn.execute("SELECT seq, event FROM bg_actions WHERE code = %s ORDER BY seq", (code,))
            return [(int(r[0]), str(r[1])) for r in await cur.fetchall()]
        return await self._run("lookup", run, SIDE)


#: a round's writes in one statement (a transaction by itself): the rows of the matches whose actions
#: go alone locked (``owner = me``, as a taker locks them: a takeover waits for this commit, then reads
#: these actions), the records upserted (fenced: ``owner = me``), then the new seats and the actions of
#: the matches written
_WRITE = """
WITH alone AS (
    SELECT code FROM bg_rooms WHERE code = ANY(%(alone)b::text[]) AND owner = %(owner)s ORDER BY code
    FOR NO KEY UPDATE),
full_ AS (
    INSERT INTO bg_rooms AS r (code, record, seq, host_address, owner, owner_key, lease_until)
    SELECT v.code, v.record, v.seq, v.host, %(owner)s, %(key)s, now() + make_interval(secs => %(ttl)s)
    FROM unnest(%(codes)b::text[], %(records)b::text[], %(seqs)b::bigint[], %(hosts)b::text[])
        AS v(code, record, seq, host)
    ON CONFLICT (code) DO UPDATE SET record = excluded.record, seq = excluded.seq,
        lease_until = excluded.lease_until, updated = now()
    WHERE r.owner = excluded.owner AND r.seq <= excluded.seq
    RETURNING r.code),
written AS (SELECT code FROM alone UNION ALL SELECT code FROM full_),
seats AS (
    INSERT INTO bg_seats (token_hash, code, role)
    SELECT v.h, v.code, v.role FROM unnest(%(seat_hashes)b::text[], %(seat_codes)b::text[], %(seat_roles)b::int[])
        AS v(h, code, role) WHERE v.code IN (SELECT code FROM full_)
    ON CONFLICT DO NOTHING),
actions AS (
    INSERT INTO bg_actions (code, seq, event)
    SELECT v.code, v.seq, v.event FROM unnest(%(action_codes)b::text[], %(action_seqs)b::bigint[],
                                             %(events)b::text[]) AS v(code, seq, event)
    WHERE v.code IN (SELECT code FROM written)
    ON CONFLICT DO NOTHING)
SELECT code FROM written"""


async def _write_rooms(conn: Any, owner: str, key: int, ttl: float, writes: Sequence[RoomWrite]) -> Set[str]:
    """The matches' records (or actions alone), new seats and actions, in one
    statement; returns the codes written (held by ``owner``, or new)."""
    if not writes:
        return set()
    full = sorted((w for w in writes if w.record is not None), key=lambda w: w.code)
    seats = [(h, w.code, r) for w in full for h, r in w.seats]
    actions = [(w.code, seq, event) for w in writes for seq, event in w.actions]
    cur = await conn.execute(_WRITE, {
        "owner": owner, "key": key, "ttl": ttl, "alone": sorted(w.code for w in writes if w.record is None),
        "codes": [w.code for w in full], "records": [w.record for w in full], "seqs": [w.seq for w in full],
        "hosts": [w.host_address for w in full],
        "seat_hashes": [s[0] for s in seats], "seat_codes": [s[1] for s in seats], "seat_roles": [s[2] for s in seats],
        "action_codes": [a[0] for a in actions], "action_seqs": [a[1] for a in actions],
        "events": [a[2] for a in actions]})
    return {str(row[0]) for row in await cur.fetchall()}


#: take the matches asked for where they may be taken, in one statement (one round trip: after a kill,
#: a burst of takes each waited on the event loop once per statement): the rows are locked in the order of
#: their codes; one is free when nobody holds it, this process does, its lease ran out, or its holder's
#: session is gone (killed: its advisory lock is free; tried shared, so that the processes taking a dead
#: one's matches at the same time do not stop each other); a free one is this process's from now, with
#: the actions committed after its record
_TAKE = """
WITH locked AS (
    SELECT code, record, seq, owner, owner_key, coalesce(lease_until > now(), false) AS live
    FROM bg_rooms WHERE code = ANY(%(codes)b::text[]) ORDER BY code FOR UPDATE),
judged AS (
    SELECT code, record, seq, owner,
           CASE WHEN owner IS NULL OR owner = %(owner)s OR NOT live THEN true
                WHEN owner_key IS NULL THEN false
                ELSE pg_try_advisory_xact_lock_shared(owner_key) END AS free
    FROM locked),
moved AS (
    UPDATE bg_rooms r SET owner = %(owner)s, owner_key = %(key)s, wanted_by = NULL,
           lease_until = now() + make_interval(secs => %(ttl)s)
    FROM judged j WHERE r.code = j.code AND j.free)
SELECT j.code, j.free, j.record, j.owner, a.seqs, a.events, a.ats
FROM judged j LEFT JOIN LATERAL (
    SELECT array_agg(b.seq ORDER BY b.seq) AS seqs, array_agg(b.event ORDER BY b.seq) AS events,
           array_agg(extract(epoch FROM b.at)::float8 ORDER BY b.seq) AS ats
    FROM bg_actions b WHERE j.free AND b.code = j.code AND b.seq > j.seq) a ON true"""


async def _take_rooms(conn: Any, owner: str, key: int, ttl: float,
                      codes: List[str]) -> Dict[str, Union[Taken, str, None]]:
    """Take these matches where they may be taken (:data:`_TAKE`, one
    statement): code -> Taken, the live owner, or None (no such match)."""
    out: Dict[str, Union[Taken, str, None]] = {code: None for code in codes}
    cur = await conn.execute(_TAKE, {"codes": codes, "owner": owner, "key": key, "ttl": ttl})
    for code, free, record, was, seqs, events, ats in await cur.fetchall():
        if not free:
            out[str(code)] = str(was)
            continue
        taken = Taken(str(record), was is not None and was != owner, str(was) if was else None)
        if seqs:
            taken.actions = [(int(n), str(event), float(at)) for n, event, at in zip(seqs, events, ats)]
        out[str(code)] = taken
    return out
