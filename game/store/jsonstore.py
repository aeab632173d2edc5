"""One JSON document on disk that survives crashes and damage (:class:`JsonStore`).

Every write is atomic (temporary file in the same folder, named by
:func:`game.store.datadir.temp_prefix`; flush, fsync, ``os.replace``) and first copies the previous good file to ``<name>.bak``.
Every load tries the file, then the backup; a bad file is moved aside to
``<name>.corrupt-<timestamp>`` (never deleted) and the caller gets the value
or None plus one line to show the player (or None).  A good backup is copied
back in place of the missing file.  A file the player's account may not
read (its permissions, or a lock) is not damaged: it is left where it is,
untouched (never moved, replaced or removed) and the player is told it
cannot be read.  Loads never raise and never write over anything good.
Pure Python (no pygame).
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
from datetime import datetime, timezone
from pathlib import Path
from dataclasses import dataclass
from typing import Any, Callable, Generic, List, Optional, Tuple, TypeVar

from .datadir import TEMP_SUFFIX, temp_prefix
from ..words.i18n import Message, english as english_text
from .jsontypes import JSON

log = logging.getLogger(__name__)

SCHEMA = 1

T = TypeVar("T")
#: What a load hands back: the value (or None) and a line for the player (or None).
Loaded = Tuple[Optional[T], Optional[str]]
#: what a parser makes of the stored data: the value, and the fields that were bad
Parsed = Tuple[T, List[str]]


@dataclass(frozen=True)
class Read(Generic[T]):
    """One file read: ``state`` is 'missing', 'denied' (there, but it may not
    be read: ``reason`` says why), 'bad' (``reason`` says why) or 'ok'
    (``parsed`` holds the value and the fields that were bad)."""

    state: str
    parsed: Optional[Parsed[T]] = None
    reason: str = ""


class JsonStore(Generic[T]):
    """One JSON document ``{"schema": int, "kind": str, "saved_at": str,
    "data": ...}`` in ``path``, with a backup beside it.

    ``parse(data)`` turns the stored data into a value, or raises (any
    exception) when the data is unusable; it returns ``(value, problems)``
    where ``problems`` lists fields that were bad and replaced by defaults.
    ``label`` names the file for the player ("settings"); ``lost`` says what
    happens when nothing can be read ("default settings are used").
    """

    def __init__(self, path: Path, kind: str, parse: Callable[[Any], Parsed[T]],
                 label: str, lost: str, schema: int = SCHEMA):
        self.path = Path(path)
        self.kind = kind
        self.parse = parse
        self.label = label
        self.lost = lost
        self.schema = schema

    @property
    def backup(self) -> Path:
        return self.path.with_name(self.path.name + ".bak")

    # -- reading --
    def _read(self, path: Path) -> Read[T]:
        """The file missing, bad (and why) or read (the value and its bad fields)."""
        try:
            raw = path.read_bytes()
        except (FileNotFoundError, NotADirectoryError):
            return Read("missing")
        except PermissionError as exc:  # not damaged: the system does not let the game read it
            return Read("denied", reason=exc.strerror or type(exc).__name__)
        except Exception as exc:  # unreadable (a folder in its place...): treat as bad
            return Read("bad", reason=f"{type(exc).__name__}: {exc}")
        try:
            doc = json.loads(raw.decode("utf-8"))
            if not isinstance(doc, dict):
                raise ValueError(f"a {type(doc).__name__}, not an object")
            if doc.get("kind") != self.kind:
                raise ValueError(f"kind {doc.get('kind')!r} is not {self.kind!r}")
            schema = doc.get("schema")
            if not isinstance(schema, int) or isinstance(schema, bool) or schema != self.schema:
                raise ValueError(f"schema {schema!r} is not {self.schema}")
            if "data" not in doc:
                raise ValueError("no data")
            return Read("ok", self.parse(doc["data"]))
        except Exception as exc:  # anything at all: the file is bad, the game goes on
            return Read("bad", reason=f"{type(exc).__name__}: {exc}"[:300])

    def _set_aside(self, path: Path) -> Optional[Path]:
        """Rename a bad file to ``<name>.corrupt-<timestamp>[-n]``, never over
        an existing file.  None when it cannot be moved (read-only or
        unreadable folder)."""
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        base = path.with_name(f"{path.name}.corrupt-{stamp}")
        target, n = base, 1
        try:
            while os.path.lexists(target):
                n += 1
                target = base.with_name(f"{base.name}-{n}")
            os.rename(path, target)
        except OSError as exc:
            log.warning("could not move aside %s: %s", path, exc)
            return None
        log.warning("moved bad file %s aside to %s", path, target.name)
        return target

    def load(self) -> Loaded[T]:
        """The stored value and a line for the player; (None, None) when there
        is no file at all.  Never raises."""
        try:
            return self._load()
        except OSError as exc:  # a folder that refuses even to be looked at
            log.warning("could not load %s: %s", self.path, exc)
            return None, Message("storage.unreadable", what=self._label, lost=self._lost, kept="")

    def _load(self) -> Loaded[T]:
        aside: List[Path] = []
        got = self._read(self.path)
        if got.parsed is not None:
            value, problems = got.parsed
            return value, self._problems_line(problems)
        if got.state == "denied":  # left as it is: no backup in its place, nothing saved over it
            log.warning("%s cannot be read: %s", self.path, got.reason)
            return None, Message("storage.denied", what=self._label, name=self.path.name, reason=got.reason)
        if got.state == "bad":
            log.warning("%s is unreadable: %s", self.path, got.reason)
            moved = self._set_aside(self.path)
            if moved:
                aside.append(moved)
        main_state = got.state
        got = self._read(self.backup)
        if got.parsed is not None:
            value, _ = got.parsed
            if not self._restore_backup():  # nothing could be written: it is only used
                return value, Message("storage.backup_used", what=self._label, kept=self._kept(aside))
            key = "storage.restored_missing" if main_state == "missing" else "storage.restored_damaged"
            return value, Message(key, what=self._label, kept=self._kept(aside))
        if got.state == "denied":
            log.warning("%s cannot be read: %s", self.backup, got.reason)
        if got.state == "bad":
            log.warning("%s is unreadable: %s", self.backup, got.reason)
            moved = self._set_aside(self.backup)
            if moved:
                aside.append(moved)
        if main_state == "missing" and got.state == "missing":
            return None, None
        return None, Message("storage.unreadable", what=self._label, lost=self._lost, kept=self._kept(aside))

    def _restore_backup(self) -> bool:
        """Copy the good backup back in place of a missing main file, so the
        player hears about it once; False if the folder refuses."""
        if os.path.lexists(self.path):  # a bad file that could not be moved aside: leave it
            return False
        try:
            _atomic_write(self.path, self.backup.read_bytes())
        except OSError as exc:
            log.warning("could not restore %s from its backup: %s", self.path, exc)
            return False
        return True

    def _problems_line(self, problems: List[str]) -> Optional[str]:
        if not problems:
            return None
        names = ", ".join(problems[:5])
        if len(problems) > 5:
            names = Message("storage.reset_more", names=names, n=len(problems) - 5)
        return Message("storage.reset", what=self._label, names=names)

    @staticmethod
    def _kept(aside: List[Path]) -> str:
        return Message("storage.kept", name=aside[0].name) if aside else ""

    # the player's lines are game.words.i18n Messages: English text that the screen translates
    def _words(self, kind: str, english: str) -> str:
        key = f"storage.{kind}.{self.label.replace(' ', '_')}"
        return Message(key) if english_text(key) is not None else english

    @property
    def _label(self) -> str:
        return self._words("label", self.label)

    @property
    def _lost(self) -> str:
        return self._words("lost", self.lost)

    # -- writing --
    def save(self, data: JSON) -> Optional[str]:
        """Write ``data`` atomically, keeping the previous good file as the
        backup.  Returns None, or a line for the player when the disk refused
        (read-only folder, disk full).  Data that is not JSON raises
        TypeError/ValueError: that is a bug, not bad luck."""
        doc = {
            "schema": self.schema,
            "kind": self.kind,
            "saved_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            "data": data,
        }
        text = json.dumps(doc, ensure_ascii=False, allow_nan=False, indent=1) + "\n"
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            state = self._read(self.path).state
            if state == "denied":  # never replace what could not be read
                log.warning("not saving over %s: it cannot be read", self.path)
                return self._left_unreadable("storage.cannot_save", self.path)
            if state == "ok" and not _denied(self.backup):
                _atomic_write(self.backup, self.path.read_bytes())
            elif state == "bad":
                self._set_aside(self.path)  # keep the old backup: it may be the good one
            _atomic_write(self.path, text.encode("utf-8"))
        except OSError as exc:
            log.warning("could not save %s: %s", self.path, exc)
            return Message("storage.cannot_save", what=self._label, reason=exc.strerror or exc)
        return None

    def discard(self) -> Optional[str]:
        """Remove the file and its backup (backup first, so a crash half-way
        cannot bring an older copy back).  Set-aside damaged files stay, and
        so do both when either cannot be read (a line says so)."""
        for p in (self.path, self.backup):
            if _denied(p):
                return self._left_unreadable("storage.cannot_remove", p)
        try:
            for p in (self.backup, self.path):
                try:
                    p.unlink()
                except FileNotFoundError:
                    pass
        except OSError as exc:
            log.warning("could not remove %s: %s", self.path, exc)
            return Message("storage.cannot_remove", what=self._label, reason=exc.strerror or exc)
        return None


    def _left_unreadable(self, key: str, path: Path) -> str:
        """'Could not save/remove the records: records.json cannot be read, and is left as it is.'"""
        return Message(key, what=self._label, reason=Message("storage.left_unreadable", name=path.name))


def _denied(path: Path) -> bool:
    """Is ``path`` there but not readable by this account?"""
    try:
        with open(path, "rb"):
            return False
    except PermissionError:
        return True
    except OSError:
        return False


def _atomic_write(path: Path, payload: bytes) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=temp_prefix(path.name), suffix=TEMP_SUFFIX)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(payload)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:  # make the rename itself durable (POSIX; not possible on Windows)
        dfd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass
