"""Analyses kept on disk beside the recent matches, so that a match reviewed
once opens analysed after a restart too: one small JSON file each
(:func:`engine.analysis.analysis_to_json`) in the data folder's
``analyses/``, named by the match's key and the depth; the newest
:data:`KEEP` stay.  A cache: a file that cannot be written or read is
passed over (the match is analysed again).  Pure Python (no pygame).

>>> import tempfile
>>> from pathlib import Path
>>> from engine import FixedDice, Match
>>> from engine.analysis import analyse_match
>>> m = Match(dice=FixedDice([3, 1]))
>>> _ = m.game.roll(); m.game.play_text('24/21 24/23')
>>> with tempfile.TemporaryDirectory() as home:
...     files = AnalysisFiles(Path(home))
...     files.save("abc", 1, analyse_match(m, ply=1))
...     files.load("abc", 1).decisions[0].best, files.load("abc", 2)
('8/5 6/5', None)
"""

from __future__ import annotations

import json
import os
import string
import tempfile
from pathlib import Path
from typing import Optional

from engine.analysis import MatchAnalysis
from engine.analysis_json import analysis_from_json, analysis_to_json

FOLDER = "analyses"
KEEP = 50


class AnalysisFiles:
    """The analyses kept in ``data_dir``'s ``analyses/`` folder."""

    def __init__(self, data_dir: Path, keep: int = KEEP):
        self.folder = Path(data_dir) / FOLDER
        self.keep = keep

    def _path(self, key: str, ply: int) -> Optional[Path]:
        if not key or any(c not in string.hexdigits for c in key):
            return None  # only the match keys' hex names
        return self.folder / f"{key}-{int(ply)}.json"

    def load(self, key: Optional[str], ply: int) -> Optional[MatchAnalysis]:
        """The analysis kept for ``key`` at ``ply``, or None (none, or unreadable)."""
        path = self._path(key or "", ply)
        if path is None or not path.is_file():
            return None
        try:
            analysis = analysis_from_json(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError):
            return None
        return analysis if analysis.ply == ply else None

    def save(self, key: Optional[str], ply: int, analysis: MatchAnalysis) -> None:
        """Keep ``analysis`` (atomically), and only the newest :attr:`keep` files."""
        path = self._path(key or "", ply)
        if path is None:
            return
        temp: Optional[str] = None
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            handle, temp = tempfile.mkstemp(dir=self.folder, prefix=".analysis-", suffix=".tmp")
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                json.dump(analysis_to_json(analysis), out, separators=(",", ":"))
            os.replace(temp, path)
            temp = None
            kept = sorted(self.folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
            for old in kept[self.keep:]:
                old.unlink()
        except OSError:
            pass  # a cache: the match is analysed again next time
        finally:
            if temp is not None:
                Path(temp).unlink(missing_ok=True)
