"""Where the shipped files (``assets/``) are, from source and in a frozen build.

From a source checkout (or an editable install) the folder is ``assets/`` at
the top of the repository, beside ``engine/``.  In a PyInstaller build
(``sys.frozen``) the spec puts it at ``assets/`` inside the bundle folder,
``sys._MEIPASS``.

>>> (assets_dir() / "weights.npz").name
'weights.npz'
"""

from __future__ import annotations

import sys
from pathlib import Path


def assets_dir() -> Path:
    """The folder that holds the program's assets (it is never written to)."""
    bundle = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and bundle:
        return Path(bundle) / "assets"
    return Path(__file__).resolve().parent.parent / "assets"
