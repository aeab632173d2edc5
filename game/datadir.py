"""The game's own folders, looked at once at start: can they be made, read
and written, and the temporary files that interrupted saves left behind.

Pure Python (no pygame).  :func:`probe` says what a folder allows;
:func:`clean_temporaries` removes the ``.<name>.<random>.tmp`` files that
``jsonstore.JsonStore`` makes, when a kill left them (a save in progress
in another process is younger than ``older_than`` seconds and is left alone).

>>> import tempfile, os, time
>>> with tempfile.TemporaryDirectory() as d:
...     stale = os.path.join(d, ".settings.json.abc123.tmp")
...     open(stale, "w").close()
...     os.utime(stale, (time.time() - 3600,) * 2)
...     open(os.path.join(d, "notes.tmp"), "w").close()   # not ours: kept
...     probe(d), clean_temporaries(d, ["settings.json"]), sorted(os.listdir(d))
(Access(readable=True, writable=True, reason=None), 1, ['notes.tmp'])
"""

from __future__ import annotations

import logging
import os
import re
import tempfile
import time
from pathlib import Path
from typing import Iterable, NamedTuple, Optional, Union

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
        fd, name = tempfile.mkstemp(dir=path, prefix=".probe.", suffix=".tmp")
        os.close(fd)
        os.unlink(name)
    except OSError as exc:
        return Access(True, False, _why(exc))
    return Access(True, True, None)


def clean_temporaries(folder: PathLike, names: Iterable[str], older_than: float = 60.0) -> int:
    """Remove ``.<name>[.bak].<anything>.tmp`` left in ``folder`` for each of
    ``names`` (and ``.probe.*.tmp``), if older than ``older_than`` seconds.
    Returns how many went.  Never raises."""
    alternatives = "|".join(re.escape(n) + r"(?:\.bak)?" for n in list(names) + ["probe"])
    ours = re.compile(rf"^\.(?:{alternatives})\.[^/\\]+\.tmp$")
    removed = 0
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        if not ours.match(entry.name):
            continue
        try:
            if not entry.is_file(follow_symlinks=False) or now - entry.stat(follow_symlinks=False).st_mtime < older_than:
                continue
            os.unlink(entry.path)
            removed += 1
        except OSError as exc:
            log.warning("could not remove the temporary file %s: %s", entry.path, exc)
    if removed:
        log.info("removed %d temporary files of interrupted saves from %s", removed, folder)
    return removed
