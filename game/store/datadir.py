"""The game's own folders, looked at once at start: can they be made, read
and written, and the temporary files that interrupted saves left behind.

Pure Python (no pygame).  :func:`probe` says what a folder allows;
:func:`temp_prefix` names a save's temporary file after the file and the
process writing it (``.records.json.<pid>.<random>.tmp``), and
:func:`clean_temporaries` removes those a kill or a crash left: at once when
the process that wrote one is gone, else (another copy of the game may be
saving right now) once it is older than a minute.

>>> import tempfile, os, time
>>> with tempfile.TemporaryDirectory() as d:
...     stale = os.path.join(d, ".settings.json.abc123.tmp")   # an older version's name
...     open(stale, "w").close()
...     os.utime(stale, (time.time() - 3600,) * 2)
...     open(os.path.join(d, "notes.tmp"), "w").close()   # not ours: kept
...     probe(d), clean_temporaries(d), sorted(os.listdir(d))
(Access(readable=True, writable=True, reason=None), 1, ['notes.tmp'])
"""

from __future__ import annotations

import logging
import os
import re
import tempfile
import time
from pathlib import Path
from typing import NamedTuple, Optional, Union

log = logging.getLogger(__name__)

PathLike = Union[str, "os.PathLike[str]"]


class Access(NamedTuple):
    """What a folder allows; ``reason`` says why not (the system's words)."""

    readable: bool
    writable: bool
    reason: Optional[str]


def _why(exc: OSError) -> str:
    return exc.strerror or type(exc).__name__


def probe(folder: PathLike) -> Access:
    """Make ``folder`` if it is missing, then try to list it and to write
    (and remove) a small file in it.  Never raises."""
    path = Path(folder)
    try:
        if os.path.lexists(path) and not path.is_dir():  # a file where the folder should be
            raise NotADirectoryError(20, "Not a directory", str(path))
        path.mkdir(parents=True, exist_ok=True)
        os.listdir(path)
    except OSError as exc:
        return Access(False, False, _why(exc))
    try:
        fd, name = tempfile.mkstemp(dir=path, prefix=temp_prefix("probe"), suffix=TEMP_SUFFIX)
        os.close(fd)
        os.unlink(name)
    except OSError as exc:
        return Access(True, False, _why(exc))
    return Access(True, True, None)


#: a save's temporary file: ``.<file>.<pid>.<random>.tmp`` (the file a ``.json``
#: store, its ``.bak``, or ``probe``); and the names older versions used, without the pid
_STORE = r"(?P<name>[^/\\]+\.json(?:\.bak)?|probe)"
_TEMP = re.compile(rf"^\.{_STORE}\.(?P<pid>[0-9]+)\.[A-Za-z0-9_]+\.tmp$")
_OLD_TEMP = re.compile(rf"^\.{_STORE}\.[A-Za-z0-9_]+\.tmp$")
TEMP_SUFFIX = ".tmp"


def temp_prefix(name: str) -> str:
    """The start of the name of a temporary file written for ``name`` by this
    process (``tempfile.mkstemp(prefix=temp_prefix(name), suffix=TEMP_SUFFIX)``):
    the process id in it tells :func:`clean_temporaries` whether the save
    can still be in progress.

    >>> temp_prefix("records.json") == f".records.json.{os.getpid()}."
    True
    """
    return f".{name}.{os.getpid()}."


def process_gone(pid: int) -> Optional[bool]:
    """True when no process has the id ``pid`` (nothing it wrote can be in
    progress), False when one has (this one, another copy of the game or an
    unrelated program that was given the id again), None when this system
    cannot tell without risk (Windows, where ``os.kill`` would end the
    process)."""
    if pid == os.getpid():
        return False
    if os.name != "posix" or pid <= 0:  # os.kill(0, ...) would mean the whole process group
        return None
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:  # someone else's process
        return False
    except (OSError, OverflowError, ValueError):
        return None
    return False


def clean_temporaries(folder: PathLike, older_than: float = 60.0) -> int:
    """Remove the temporary files of interrupted saves of every store in
    ``folder`` (``.<name>.json[.bak].<pid>.<random>.tmp``, and
    ``.probe.<pid>.<random>.tmp``): one whose process is gone at once; one
    whose process may still be running, or that names none (an older
    version's), only when older than ``older_than`` seconds, as a save in
    progress takes far less.  Anything else is left.  Returns how many
    went.  Never raises."""
    removed = 0
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        named = _TEMP.match(entry.name)
        if named is None and not _OLD_TEMP.match(entry.name):
            continue
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            stale = named is not None and process_gone(int(named.group("pid"))) is True
            if not stale and now - entry.stat(follow_symlinks=False).st_mtime < older_than:
                continue
            os.unlink(entry.path)
            removed += 1
        except OSError as exc:
            log.warning("could not remove the temporary file %s: %s", entry.path, exc)
    if removed:
        log.info("removed %d temporary files of interrupted saves from %s", removed, folder)
    return removed
