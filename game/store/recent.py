"""The last :data:`KEEP` finished matches, kept for review and export: each
as its .mat text (:func:`engine.to_mat`) with when it ended, the mode and
level, the score and whose side the board is drawn from.  One JSON file
beside the records, written like them (atomic, with a backup; a damaged
file is set aside and the list starts afresh).  Pure Python (no pygame).

>>> import tempfile
>>> from game.store.storage import Storage
>>> with tempfile.TemporaryDirectory() as home:
...     store = RecentStore(Storage(home))
...     store.add(RecentMatch("2026-01-02 10:00", "computer", "expert", (3, 1), 3, " 3 point match\\n", 0))
...     [m.score for m in store.load()[0]]
[(3, 1)]
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any, List, Optional, Tuple

from .jsonstore import JsonStore
from .storage import Storage

if TYPE_CHECKING:
    from engine import Match

RECENT_FILE = "recent-matches.json"
KEEP = 50
MAX_TEXT = 2_000_000


@dataclass(frozen=True)
class RecentMatch:
    """One finished match: ``when`` (local time, 'YYYY-MM-DD HH:MM'),
    ``mode`` and ``level`` (as in the records), ``score`` (White, Black),
    ``length``, the ``mat`` text and the ``viewer`` (the side at the bottom)."""

    when: str
    mode: str
    level: str
    score: Tuple[int, int]
    length: int
    mat: str
    viewer: int = 0


def _entry(d: Any) -> RecentMatch:
    if not isinstance(d, dict):
        raise ValueError("not an object")
    s0, s1 = d["score"]
    entry = RecentMatch(str(d["when"])[:32], str(d["mode"])[:32], str(d.get("level") or "")[:32],
                        (int(s0), int(s1)), int(d["length"]), d["mat"], int(d.get("viewer", 0)))
    if not isinstance(entry.mat, str) or len(entry.mat) > MAX_TEXT or entry.viewer not in (0, 1):
        raise ValueError("bad match text or viewer")
    return entry


def parse(data: Any) -> Tuple[List[RecentMatch], List[str]]:
    """The stored list; entries that cannot be read are left out (and named)."""
    if not isinstance(data, list):
        raise ValueError(f"recent matches are a {type(data).__name__}, not a list")
    out, problems = [], []
    for i, d in enumerate(data[-KEEP:]):
        try:
            out.append(_entry(d))
        except (KeyError, TypeError, ValueError) as exc:
            problems.append(f"entry {i}: {exc}")
    return out, problems


class RecentStore:
    """The recent matches of one player's storage."""

    def __init__(self, storage: Storage):
        self.storage = storage
        self.store: JsonStore[List[RecentMatch]] = JsonStore(
            storage.data_dir / RECENT_FILE, "recent-matches", parse,
            "recent matches", "the list of recent matches starts afresh")

    def load(self) -> Tuple[List[RecentMatch], Optional[str]]:
        """The list, oldest first, and a line for the player (or None)."""
        if self.storage.memory_only:
            return [], None
        value, message = self.store.load()
        return (value or []), message

    def add(self, entry: RecentMatch) -> Optional[str]:
        """Keep ``entry`` (the oldest beyond :data:`KEEP` go)."""
        if self.storage.memory_only:
            return None
        entries, _ = self.load()
        entries = (entries + [entry])[-KEEP:]
        return self.store.save([asdict(e) for e in entries])


def entry_for(match: "Match", mode: str, level: str, viewer: int = 0, when: Optional[str] = None,
              names: Optional[Tuple[str, str]] = None) -> Optional[RecentMatch]:
    """The entry for a finished ``match`` (None when it cannot be written as
    .mat, e.g. a game set up from IDs); ``names``: the players' (White, Black)
    where known (a friend game), written in the .mat text, else White and Black."""
    from datetime import datetime

    from engine import MatFileError, to_mat

    try:
        text = to_mat(match, (names[0] or NAMES[0], names[1] or NAMES[1]) if names else NAMES)
    except MatFileError:
        return None
    stamp = when or datetime.now().strftime("%Y-%m-%d %H:%M")
    s0, s1 = match.score
    return RecentMatch(stamp, mode, level, (s0, s1), match.length, text, viewer)


#: the players' names in exported and kept .mat files
NAMES = ("White", "Black")
