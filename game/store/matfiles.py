"""Match files the player opens: ``.mat`` as GNU Backgammon, eXtreme Gammon
and JellyFish write them (read by :func:`engine.from_mat`).

What is given to the game (its argument, a file dropped on the window, a
path typed on the Open screen) is checked for its form by
:func:`match_path`; :func:`read_match_file` reads one, and anything that
goes wrong becomes one :class:`OpenFailed` line for the player (the file's
name and, for a text the engine cannot read, its line).  Nothing here
writes: a file that cannot be read stays as it was.

>>> match_path("file:///home/ann/My%20matches/club.mat").name
'club.mat'
>>> match_path("backgammon://join/ABCDE-FGHJK") is None
True
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import List, Optional
from urllib.parse import unquote, urlsplit

from engine import Match, MatFileError, from_mat

from ..words.i18n import t

#: the file names the game takes for a match (GNU Backgammon, XG and JellyFish write .mat; another name may be typed on the Open screen)
MATCH_SUFFIXES = (".mat",)
#: other programs' formats the game names but does not read (and says why)
UNREAD_SUFFIXES = (".sgf", ".xg", ".xgp", ".sgg")
#: a match file larger than this is not a match file (a 25-point match is well under 100 kB)
MAX_BYTES = 2_000_000
#: the files listed in a folder at most (the newest first)
MAX_LISTED = 200


class OpenFailed(ValueError):
    """A match file that cannot be opened; ``str()`` is the line for the player."""


def match_path(text: str) -> Optional[Path]:
    """The path ``text`` names when it has the form of a match file (a path
    or a ``file://`` URI ending in .mat, .txt or one of the formats the game
    names but does not read); None otherwise.  Nothing is opened."""
    if not isinstance(text, str) or not text.strip() or len(text) > 4096 or "\0" in text:
        return None
    text = text.strip().strip('"')
    if text.lower().startswith("file:"):
        parts = urlsplit(text)
        if parts.netloc not in ("", "localhost"):
            return None
        text = unquote(parts.path)
        if os.name == "nt" and len(text) > 2 and text[0] == "/" and text[2] == ":":
            text = text[1:]  # file:///C:/... -> C:/...
    elif "://" in text:
        return None
    path = Path(text).expanduser()
    if path.suffix.lower() not in MATCH_SUFFIXES + UNREAD_SUFFIXES:
        return None
    return path


def read_match_file(path: Path) -> Match:
    """The match in the file at ``path``; raises :class:`OpenFailed`."""
    name = path.name or str(path)
    suffix = path.suffix.lower()
    if suffix in UNREAD_SUFFIXES:
        raise OpenFailed(t("open.other_format", name=name, kind=suffix.lstrip(".")))
    try:
        if path.stat().st_size > MAX_BYTES:
            raise OpenFailed(t("open.failed", name=name, reason=t("open.too_large")))
        data = path.read_bytes()
    except OSError as exc:
        raise OpenFailed(t("open.failed", name=name, reason=exc.strerror or str(exc))) from exc
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:  # eXtreme Gammon on Windows writes the system's code page
        text = data.decode("cp1252", errors="replace")
    try:
        return from_mat(text)
    except MatFileError as exc:
        raise OpenFailed(t("open.failed", name=name, reason=str(exc))) from exc


def match_files(folder: Path) -> List[Path]:
    """The match files in ``folder``, the newest first (none when it cannot be read)."""
    found = []
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if Path(entry.name).suffix.lower() not in MATCH_SUFFIXES:
                    continue
                try:
                    if entry.is_file():
                        found.append((entry.stat().st_mtime, entry.name))
                except OSError:
                    continue
    except OSError:
        return []
    found.sort(key=lambda item: (-item[0], item[1]))
    return [folder / name for _, name in found[:MAX_LISTED]]
