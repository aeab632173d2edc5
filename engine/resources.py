"""Where the shipped files (``assets/``) are: installed, from source, and in
a frozen build.

- Installed from a wheel (``pip install .``): the repository's ``assets/``
  folder is package data of :mod:`engine`, at ``engine/assets/`` (see
  ``setup.py``), found with :mod:`importlib.resources`.
- From a source checkout (or an editable install): ``assets/`` at the top of
  the repository, beside ``engine/``.
- In a PyInstaller build (``sys.frozen``): ``assets/`` inside the bundle
  folder, ``sys._MEIPASS`` (``build_exe.spec`` puts it there).

>>> (assets_dir() / "weights.npz").name
'weights.npz'
"""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

#: the folder's name, in the repository, the package and the bundle alike
ASSETS = "assets"


def assets_dir() -> Path:
    """The folder that holds the program's assets (it is never written to)."""
    bundle = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and bundle:
        return Path(bundle) / ASSETS
    packaged = Path(str(resources.files("engine") / ASSETS))
    if packaged.is_dir():  # an installed wheel
        return packaged
    return Path(__file__).resolve().parent.parent / ASSETS
