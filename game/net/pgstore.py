"""The matches of several server processes in one PostgreSQL database
(``backgammon-server --store postgresql://...``; psycopg 3, the ``cluster``
extra), with a lease per match, so that one process drives a match at a time
and another takes it over when that one dies.

Tables (made on first use; ``bg_`` in front of each name):

- ``bg_rooms``: one row per match: its record (:mod:`game.net.saved`, seat
  tokens as hashes), its state counter ``seq``, the host's address (the
  per-address limit counts across processes), and the lease: ``owner`` (the
  process, ``server-id/key``), ``owner_key`` and ``lease_until``.
- ``bg_seats``: a seat token's hash -> its match (a resume reaching any process).
- ``bg_actions``: every action a match committed, by ``(code, seq)``: a
  primary key, so an action is never written twice.
- ``bg_ended``: a token's hash -> why its match ended (for ten minutes).

A lease is taken only from a process that let it go, whose lease ran out, or
that is dead: each process holds, on its connection, a session-level
advisory lock on its own ``key``; PostgreSQL lets that lock go the moment the
process's session ends (the process was killed, its machine went away), so
another process that can take the lock knows at once that the owner is gone.
Every write of a match says ``WHERE owner = me``: a process whose lease was
taken writes nothing more to that match (it hears so and lets it go).

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
from typing import Any, Awaitable, Callable, List, Optional, Sequence, Set, Tuple, TypeVar

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
)


class StoreUnavailable(OSError):
    """The database does not answer (down, restarting, unreachable)."""


class HeldElsewhere(Exception):
    """The match is held by another live process (``owner``)."""

    def __init__(self, owner: str):
        super().__init__(owner)
        self.owner = owner


@dataclass
class RoomWrite:
    """One match as committed: its record, seq, host's address, seats and new actions."""

    code: str
    record: str
    seq: int
    host_address: str
    seats: List[Tuple[str, int]] = field(default_factory=list)     # (token hash, role)
    actions: List[Tuple[int, str]] = field(default_factory=list)   # (seq, event JSON)


@dataclass
class Taken:
    """A match this process now holds: its record, and whether it was taken from another process."""

    record: str
    taken_over: bool
    previous: Optional[str]


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
    """The shared store, on one connection (calls are serialised; a round of
    many matches' writes is one transaction).  ``timer(op, seconds)`` hears
    how long each call took (the server's metrics)."""

    def __init__(self, url: str, server_id: str, lease_seconds: float = LEASE_SECONDS,
                 timer: Optional[Callable[[str, float], None]] = None, expire_after: float = 30 * 60.0):
        self.url = url
        self.expire_after = expire_after
        self._tidied = self._renewed = -1e9
        self.key = secrets.randbits(62)
        self.owner = f"{server_id}/{self.key:x}"
        self.lease_seconds = lease_seconds
        self.timer = timer
        self.up = False
        self._conn: Any = None
        self._lock = asyncio.Lock()

    # -- the connection -----------------------------------------------------------------
    async def _connect(self) -> Any:
        import psycopg

        conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True, connect_timeout=3)
        try:
            async with conn.transaction():
                await conn.execute("SELECT pg_advisory_xact_lock(%s)", (_DDL_LOCK,))
                for ddl in _TABLES:
                    await conn.execute(ddl)
            await conn.execute("SELECT pg_advisory_lock(%s)", (self.key,))  # alive while this session is
        except BaseException:
            await conn.close()
            raise
        return conn

    async def _run(self, op: str, work: Callable[[Any], Awaitable[T]]) -> T:
        import psycopg

        async with self._lock:
            began = time.perf_counter()
            try:
                if self._conn is None or self._conn.closed:
                    self._conn = await self._connect()
                result = await work(self._conn)
            except (psycopg.OperationalError, psycopg.InterfaceError, OSError) as exc:
                if self.up:
                    log.error("the match store does not answer: %s", str(exc).strip()[:200],
                              extra={"event": "store_down"})
                self.up = False
                conn, self._conn = self._conn, None
                if conn is not None:
                    try:
                        await conn.close()
                    except Exception:  # pragma: no cover - closing a broken connection
                        pass
                raise StoreUnavailable(str(exc)) from None
            if not self.up:
                log.warning("the match store answers", extra={"event": "store_up"})
            self.up = True
            if self.timer is not None:
                self.timer(op, time.perf_counter() - began)
            return result

    async def open(self) -> None:
        """Connect (and make the tables); :class:`StoreUnavailable` if the database does not answer."""
        async def nothing(conn: Any) -> None:
            return None
        await self._run("open", nothing)

    async def close(self) -> None:
        async with self._lock:
            if self._conn is not None:
                await self._conn.close()
                self._conn = None

    # -- the calls --------------------------------------------------------------------------
    async def ping(self) -> None:
        async def run(conn: Any) -> None:
            await conn.execute("SELECT 1")
        await self._run("ping", run)

    async def commit(self, writes: Sequence[RoomWrite], removed: Sequence[str] = (),
                     ended: Sequence[Tuple[str, str]] = (), release: Sequence[str] = ()) -> Set[str]:
        """Write these matches (new or held by this process), forget the
        ``removed`` codes, note the ``ended`` tokens (hash, reason) and let
        the ``release`` codes go, in one transaction.  Returns the codes NOT
        written: held by another process (a lease lost, or a new match's code
        taken)."""
        ttl = self.lease_seconds

        async def run(conn: Any) -> Set[str]:
            written: Set[str] = set()
            async with conn.transaction():
                if writes:
                    cur = await conn.execute(
                        """INSERT INTO bg_rooms AS r (code, record, seq, host_address, owner, owner_key, lease_until)
                           SELECT v.code, v.record, v.seq, v.host, %s, %s, now() + make_interval(secs => %s)
                           FROM unnest(%b::text[], %b::text[], %b::bigint[], %b::text[]) AS v(code, record, seq, host)
                           ON CONFLICT (code) DO UPDATE SET record = excluded.record, seq = excluded.seq,
                               lease_until = excluded.lease_until, updated = now()
                           WHERE r.owner = excluded.owner AND r.seq <= excluded.seq
                           RETURNING r.code""",
                        (self.owner, self.key, ttl, [w.code for w in writes], [w.record for w in writes],
                         [w.seq for w in writes], [w.host_address for w in writes]))
                    written = {str(row[0]) for row in await cur.fetchall()}
                    seats = [(h, w.code, r) for w in writes if w.code in written for h, r in w.seats]
                    if seats:
                        await conn.execute(
                            """INSERT INTO bg_seats (token_hash, code, role)
                               SELECT * FROM unnest(%b::text[], %b::text[], %b::int[]) ON CONFLICT DO NOTHING""",
                            ([s[0] for s in seats], [s[1] for s in seats], [s[2] for s in seats]))
                    actions = [(w.code, seq, event) for w in writes if w.code in written for seq, event in w.actions]
                    if actions:
                        await conn.execute(
                            """INSERT INTO bg_actions (code, seq, event)
                               SELECT * FROM unnest(%b::text[], %b::bigint[], %b::text[]) ON CONFLICT DO NOTHING""",
                            ([a[0] for a in actions], [a[1] for a in actions], [a[2] for a in actions]))
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
        ttl = self.lease_seconds

        async def run(conn: Any) -> Optional[Taken]:
            async with conn.transaction():
                cur = await conn.execute(
                    """SELECT record, owner, owner_key, coalesce(lease_until > now(), false)
                       FROM bg_rooms WHERE code = %s FOR UPDATE""", (code,))
                row = await cur.fetchone()
                if row is None:
                    return None
                record, owner, owner_key, live = row
                taken_over = owner is not None and owner != self.owner
                if taken_over and live:
                    cur = await conn.execute("SELECT pg_try_advisory_xact_lock(%s)", (owner_key,))
                    free = await cur.fetchone()
                    if not (free and free[0]):
                        raise HeldElsewhere(str(owner))
                await conn.execute(
                    """UPDATE bg_rooms SET owner = %s, owner_key = %s, wanted_by = NULL,
                           lease_until = now() + make_interval(secs => %s) WHERE code = %s""",
                    (self.owner, self.key, ttl, code))
                return Taken(str(record), taken_over, str(owner) if owner else None)
        return await self._run("acquire", run)

    async def want(self, code: str) -> None:
        """Ask the process that holds ``code`` to let it go (at its next renewal)."""
        async def run(conn: Any) -> None:
            await conn.execute("UPDATE bg_rooms SET wanted_by = %s WHERE code = %s AND owner IS DISTINCT FROM %s",
                               (self.owner, code, self.owner))
        await self._run("want", run)

    async def renew(self) -> Tuple[Optional[Set[str]], Set[str]]:
        """Every second: the codes another process asks this one for; every
        :data:`RENEW_EVERY` seconds also renew every lease of this process and
        say which it holds (else None), and now and then drop the matches
        nobody holds that idled past the expiry."""
        ttl = self.lease_seconds

        async def run(conn: Any) -> Tuple[Optional[Set[str]], Set[str]]:
            now = time.monotonic()
            if now - self._renewed < RENEW_EVERY:
                cur = await conn.execute("SELECT code FROM bg_rooms WHERE owner = %s AND wanted_by IS NOT NULL",
                                         (self.owner,))
                return None, {str(r[0]) for r in await cur.fetchall()}
            self._renewed = now
            cur = await conn.execute(
                """UPDATE bg_rooms SET lease_until = now() + make_interval(secs => %s) WHERE owner = %s
                   RETURNING code, wanted_by IS NOT NULL""", (ttl, self.owner))
            rows = await cur.fetchall()
            if now - self._tidied >= 30.0:
                self._tidied = now
                await conn.execute("DELETE FROM bg_ended WHERE at < now() - make_interval(secs => %s)",
                                   (ENDED_SECONDS,))
                # a match nobody holds and nobody played for the idle expiry is dropped, as a process drops its own
                await conn.execute("""DELETE FROM bg_rooms WHERE updated < now() - make_interval(secs => %s)
                                      AND (owner IS NULL OR lease_until < now())""", (self.expire_after,))
            return {str(r[0]) for r in rows}, {str(r[0]) for r in rows if r[1]}
        return await self._run("renew", run)

    async def code_of(self, hashed: str) -> Tuple[Optional[str], Optional[str]]:
        """The match of a token's hash, or why it ended: (code, None), (None, reason) or (None, None)."""
        async def run(conn: Any) -> Tuple[Optional[str], Optional[str]]:
            cur = await conn.execute("SELECT code FROM bg_seats WHERE token_hash = %s", (hashed,))
            row = await cur.fetchone()
            if row is not None:
                return str(row[0]), None
            cur = await conn.execute("SELECT reason FROM bg_ended WHERE token_hash = %s", (hashed,))
            row = await cur.fetchone()
            return None, (str(row[0]) if row else None)
        return await self._run("lookup", run)

    async def hosted_by(self, address: str) -> int:
        """How many matches ``address`` hosts, on every process."""
        async def run(conn: Any) -> int:
            cur = await conn.execute("SELECT count(*) FROM bg_rooms WHERE host_address = %s", (address,))
            row = await cur.fetchone()
            return int(row[0]) if row else 0
        return await self._run("lookup", run)

    async def actions(self, code: str) -> List[Tuple[int, str]]:
        """The actions committed for ``code``, by seq (for checks and tools)."""
        async def run(conn: Any) -> List[Tuple[int, str]]:
            cur = await conn.execute("SELECT seq, event FROM bg_actions WHERE code = %s ORDER BY seq", (code,))
            return [(int(r[0]), str(r[1])) for r in await cur.fetchall()]
        return await self._run("lookup", run)
