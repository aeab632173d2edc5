"""The server's matches kept on disk (``--store FILE``): an SQLite file
(Python's ``sqlite3``), one row per room, so that a restarted server holds
the same matches and their seat tokens still resume them.

- Every save is one transaction: a crash (of the process or the machine)
  in the middle of one leaves the file as the last finished save left it.
- A file that is not a readable store (damaged, or not SQLite at all) is
  set aside under a new name (``FILE.damaged-<time>``), with a log message
  that says so, and the server starts with no matches: it never stops for it.
  A single damaged row is dropped, with a log message.
- A file the server may not open at all is :class:`StoreError` (an
  ``OSError``): the server does not start, rather than run without keeping
  what it was asked to keep.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import time
from typing import Callable, Iterable, List, Optional, Tuple

log = logging.getLogger(__name__)

SCHEMA = 1
_TABLES = ("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
           "CREATE TABLE IF NOT EXISTS rooms (code TEXT PRIMARY KEY, record TEXT NOT NULL)")


class StoreError(OSError):
    """The store's file cannot be opened or written at all."""


class RoomStore:
    """Rooms' records by invite code, in the SQLite file at ``path``."""

    def __init__(self, path: str, wall: Callable[[], float] = time.time):
        self.path = path
        self.wall = wall
        self.set_aside: Optional[str] = None   # where a damaged file was moved, if one was
        self._db = self._open()

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)

    def _open(self) -> sqlite3.Connection:
        try:
            db = self._connect()
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open the match store {self.path}: {exc}") from None
        try:
            self._check(db)
            return db
        except sqlite3.DatabaseError as exc:
            db.close()
            if isinstance(exc, sqlite3.OperationalError) and not os.path.exists(self.path):
                raise StoreError(f"cannot open the match store {self.path}: {exc}") from None
            self._set_aside(str(exc))
        try:
            db = self._connect()
            self._check(db)
            return db
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open the match store {self.path}: {exc}") from None

    def _check(self, db: sqlite3.Connection) -> None:
        """Raise ``sqlite3.DatabaseError`` unless ``db`` is a sound store of this layout."""
        db.execute("PRAGMA synchronous=FULL")
        ok = db.execute("PRAGMA quick_check").fetchone()
        if ok is None or ok[0] != "ok":
            raise sqlite3.DatabaseError(f"quick_check: {ok[0] if ok else 'no answer'}")
        with db:
            db.execute("BEGIN IMMEDIATE")
            for table in _TABLES:
                db.execute(table)
            found = db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
            if found is None:
                db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA),))
            elif found[0] != str(SCHEMA):
                raise sqlite3.DatabaseError(f"a store of layout {found[0]}, not {SCHEMA}")

    def _set_aside(self, why: str) -> None:
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(self.wall()))
        target = f"{self.path}.damaged-{stamp}"
        n = 1
        while os.path.exists(target):
            target = f"{self.path}.damaged-{stamp}-{n}"
            n += 1
        for suffix in ("-journal", "-wal", "-shm"):  # what belonged to the damaged file goes with it
            if os.path.exists(self.path + suffix):
                os.replace(self.path + suffix, target + suffix)
        os.replace(self.path, target)
        self.set_aside = target
        log.error("the match store %s could not be read (%s): set aside as %s; starting with no saved matches",
                  self.path, why, target)

    def load(self) -> List[Tuple[str, str]]:
        """Every saved room: (code, record)."""
        return [(str(code), str(record)) for code, record in self._db.execute("SELECT code, record FROM rooms")]

    def save(self, records: Iterable[Tuple[str, str]], removed: Iterable[str] = ()) -> None:
        """Write these rooms and forget those codes, all in one transaction
        (all of it is done, or none)."""
        with self._db:
            self._db.execute("BEGIN IMMEDIATE")
            self._db.executemany("INSERT OR REPLACE INTO rooms (code, record) VALUES (?, ?)", records)
            self._db.executemany("DELETE FROM rooms WHERE code = ?", ((c,) for c in removed))

    def drop(self, code: str, why: str) -> None:
        """Forget one damaged room (logged)."""
        log.warning("the saved match %s could not be read (%s): dropped", code, why)
        self.save((), (code,))

    def close(self) -> None:
        self._db.close()
