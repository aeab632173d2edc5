"""Matches exported as .mat files into the player's documents folder (or,
with ``BACKGAMMON_HOME`` set, its ``documents`` subfolder: tests, kiosks).
Never raises: the caller gets a line to show, naming the file or the reason.
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path
from typing import Optional, Tuple

import platformdirs

from engine import Match, MatFileError, to_mat

from ..words.i18n import t
from .storage import ENV_HOME


def documents_dir() -> Path:
    """Where exported matches go."""
    home = os.environ.get(ENV_HOME)
    if home:
        return Path(home) / "documents"
    return Path(platformdirs.user_documents_dir())


def export_text(text: str, folder: Optional[Path] = None, stamp: Optional[datetime] = None) -> Tuple[Optional[Path], str]:
    """Write a .mat text to a new file; (path or None, the line for the player)."""
    folder = folder if folder is not None else documents_dir()
    stamp = stamp or datetime.now()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        base = f"backgammon-{stamp:%Y%m%d-%H%M%S}"
        path = folder / f"{base}.mat"
        n = 1
        while path.exists():
            n += 1
            path = folder / f"{base}-{n}.mat"
        with open(path, "x", encoding="utf-8", newline="\n") as f:
            f.write(text)
    except OSError as exc:
        return None, t("export.failed", reason=exc.strerror or str(exc))
    return path, t("export.saved", path=str(path))


def export_match(match: Match, names: Tuple[str, str], folder: Optional[Path] = None) -> Tuple[Optional[Path], str]:
    """Export ``match`` (see :func:`export_text`)."""
    try:
        text = to_mat(match, names)
    except MatFileError as exc:
        return None, t("export.failed", reason=str(exc))
    return export_text(text, folder)
