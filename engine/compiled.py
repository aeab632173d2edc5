"""The engine's compiled hot paths: which modules, and which build runs.

The modules named in :data:`MODULES` are ordinary typed Python, the source of
truth.  When the package is installed on a machine with a C compiler,
``setup.py`` also compiles them with mypyc (the compiler of typed Python that
mypy itself and black ship with) into extension modules that sit beside the
``.py`` files; Python then imports the compiled ones.  Without a compiler,
or with ``BACKGAMMON_PURE=1`` set while installing, nothing is compiled and
the pure modules run: the same plays, slower.

``BACKGAMMON_PURE=1`` set when the program *runs* makes it import the pure
modules even where compiled ones are installed (the tests run both ways).
:func:`describe` says which is running (``backgammon --version`` shows it).

The build writes each source's SHA-256 beside them (``compiled.stamp``); a
compiled module whose source has changed since (an editable install, then
an edit) is not used: the pure modules run, with a warning, until the
package is built again (``pip install -e .``).

This module is imported first of the engine's and imports nothing heavy:
``setup.py`` reads :data:`MODULES` from it without importing the package.

>>> "engine.moves" in MODULES
True
>>> describe() in ("pure Python", "compiled (mypyc): " + ", ".join(MODULES)) or describe().startswith("partly")
True
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
import warnings
from pathlib import Path
from types import ModuleType
from typing import Optional, Sequence, Tuple

#: the modules compiled when a C compiler is there, chosen by a profile of
#: the expert's search and of rollouts (docs/performance.md)
MODULES: Tuple[str, ...] = ("engine.moves", "engine.ai.expand")

#: the library the compiled modules share: mypyc builds it as a top-level module
#: ``backgammon_engine__mypyc`` (build_exe.spec bundles it by that name)
GROUP = "backgammon_engine"

#: set (to 1) when running: import the pure modules; when installing: build none
PURE_ENV = "BACKGAMMON_PURE"


def source_paths(root: Path) -> list[str]:
    """The ``.py`` files of :data:`MODULES` under the project's ``root``
    (what ``setup.py`` hands to mypyc)."""
    return [str(root.joinpath(*name.split(".")).with_suffix(".py")) for name in MODULES]


#: the file the build writes: one line per module, "name sha256-of-its-source"
STAMP = Path(__file__).with_name("compiled.stamp")


def source_digest(path: Path) -> str:
    """The SHA-256 of a source file, as the stamp holds it."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def write_stamp(root: Path) -> None:
    """Record the sources' digests as they are compiled (``setup.py``)."""
    lines = [f"{name} {source_digest(Path(path))}" for name, path in zip(MODULES, source_paths(root))]
    (root / "engine" / STAMP.name).write_text("\n".join(lines) + "\n", encoding="ascii")


def stale() -> Tuple[str, ...]:
    """The modules whose compiled build no longer matches its source (none
    when nothing is compiled)."""
    here = Path(__file__).resolve().parent.parent
    try:
        stamped = dict(line.split() for line in STAMP.read_text(encoding="ascii").splitlines() if line.strip())
    except (OSError, ValueError):
        stamped = {}
    out = []
    for name, path in zip(MODULES, source_paths(here)):
        source = Path(path)
        leaf = source.with_suffix("")
        built = [p for p in source.parent.glob(leaf.name + ".*") if p.suffix in (".so", ".pyd")]
        if not built or not source.is_file():
            continue
        try:
            if stamped.get(name) != source_digest(source):
                out.append(name)
        except OSError:
            continue
    return tuple(out)


def pure_wanted() -> bool:
    """Whether the environment asks for the pure-Python engine."""
    return os.environ.get(PURE_ENV, "").strip() not in ("", "0")


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from an extension module (compiled)."""
    return isinstance(getattr(module, "__loader__", None), importlib.machinery.ExtensionFileLoader)


def compiled_now() -> Tuple[str, ...]:
    """The modules of :data:`MODULES` running compiled in this process
    (importing them if they are not yet)."""
    out = []
    for name in MODULES:
        module = sys.modules.get(name) or importlib.import_module(name)
        if is_compiled(module):
            out.append(name)
    return tuple(out)


def describe() -> str:
    """Which engine runs: ``"compiled (mypyc): ..."``, ``"pure Python"``, or
    ``"partly compiled: ..."`` when only some modules are."""
    done = compiled_now()
    if not done:
        return "pure Python"
    if len(done) == len(MODULES):
        return "compiled (mypyc): " + ", ".join(done)
    return "partly compiled: " + ", ".join(done)


class _PreferSource(importlib.abc.MetaPathFinder):
    """Finds the modules of :data:`MODULES` as their ``.py`` source, so that
    an installed compiled build can be run pure."""

    def find_spec(self, fullname: str, path: Optional[Sequence[str]], target: Optional[ModuleType] = None) -> Optional[importlib.machinery.ModuleSpec]:
        if fullname not in MODULES or not path:
            return None
        leaf = fullname.rpartition(".")[2]
        for folder in path:
            source = Path(folder) / f"{leaf}.py"
            if source.is_file():
                return importlib.util.spec_from_file_location(fullname, source)
        return None


def prefer_pure() -> None:
    """Import the pure modules from now on (before they are first imported)."""
    if not any(isinstance(f, _PreferSource) for f in sys.meta_path):
        sys.meta_path.insert(0, _PreferSource())


def _choose() -> None:
    if pure_wanted():
        prefer_pure()
        return
    changed = stale()
    if changed:  # all or none: the compiled modules call each other directly
        warnings.warn(f"the compiled engine is older than its source ({', '.join(changed)}): running the pure-Python "
                      "engine; build it again with pip install -e .", RuntimeWarning, stacklevel=2)
        prefer_pure()


if __name__ != "<run_path>":  # setup.py reads this file with runpy: nothing to choose there
    _choose()
