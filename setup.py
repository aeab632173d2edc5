"""Packaging beside pyproject.toml (which holds the project's metadata).

* The repository's top-level ``assets/`` folder is installed inside the
  engine package, as ``engine/assets/``, with every file in it (whatever is
  added later), so that a wheel carries everything the program reads at run
  time.  ``engine/resources.py`` finds it there.
* The engine's hot paths (the modules :data:`engine.compiled.MODULES` names)
  are compiled with mypyc where a C compiler is there; where one is not, or
  when ``BACKGAMMON_PURE=1`` is set, or a module fails to build, none is
  compiled and the pure-Python modules run (all or none: the compiled
  modules share one library).  ``backgammon --version`` says which runs.
"""

import os
import runpy
import sys
from pathlib import Path

from setuptools import find_packages, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


def compiled_extensions():
    """mypyc's extensions for the engine's hot paths, or none."""
    build = runpy.run_path(str(ROOT / "engine" / "compiled.py"))
    if os.environ.get(build["PURE_ENV"], "").strip() not in ("", "0"):
        print("backgammon: BACKGAMMON_PURE is set: the engine stays pure Python", file=sys.stderr)
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("backgammon: mypyc is not installed: the engine stays pure Python", file=sys.stderr)
        return []
    old = Path.cwd()
    os.chdir(ROOT)  # mypyc names the modules by their paths from here
    try:
        sources = [str(Path(p).relative_to(ROOT)) for p in build["source_paths"](ROOT)]
        extensions = mypycify(sources, opt_level="3", debug_level="0", group_name=build["GROUP"])
        build["write_stamp"](ROOT)
        return extensions
    except (Exception, SystemExit) as exc:  # mypyc could not translate them (it exits on type errors): run pure
        print(f"backgammon: mypyc failed ({exc!r}): the engine stays pure Python", file=sys.stderr)
        return []
    finally:
        os.chdir(old)


class BuildPyWithCatalogs(build_py):
    """The usual build of the packages, plus the catalogs' ``.mo`` files beside their ``.po``."""

    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads the .po files in place (the game compiles them as it starts)
        for po in sorted((ROOT / "game" / "locale").glob("*/LC_MESSAGES/backgammon.po")):
            target = Path(self.build_lib) / po.relative_to(ROOT).with_suffix(".mo")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(compile_catalog(po))

    def get_outputs(self, include_bytecode=True):
        outputs = list(super().get_outputs(include_bytecode))
        if not getattr(self, "editable_mode", False):
            for po in sorted((ROOT / "game" / "locale").glob("*/LC_MESSAGES/backgammon.po")):
                outputs.append(str(Path(self.build_lib) / po.relative_to(ROOT).with_suffix(".mo")))
        return outputs


def compile_catalog(po):
    """A ``.po`` file's ``.mo`` bytes: Babel's compiler, else the game's own (game/words/catalogs.py)."""
    try:
        from io import BytesIO

        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po
    except ImportError:
        print("backgammon: Babel is not installed: the catalogs are compiled by game/words/catalogs.py", file=sys.stderr)
        return runpy.run_path(str(ROOT / "game" / "words" / "catalogs.py"))["compile_po"](po.read_bytes(), str(po))
    with open(po, "rb") as f:
        catalog = read_po(f, abort_invalid=True)
    out = BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


class OptionalBuildExt(build_ext):
    """Builds the compiled modules, all or none: where a C compiler is
    missing or fails, the build goes on without them (the pure modules run)."""

    def run(self):
        try:
            super().run()
        except Exception as exc:  # no compiler, or it failed: the pure engine
            self._give_up(exc)

    def build_extension(self, ext):
        try:
            super().build_extension(ext)
        except Exception as exc:
            self._give_up(exc)
            raise _GaveUp() from exc

    def build_extensions(self):
        try:
            super().build_extensions()
        except _GaveUp:
            pass

    def _give_up(self, exc):
        print(f"backgammon: the compiled engine was not built ({exc}); the pure-Python engine will run", file=sys.stderr)
        for ext in self.extensions:
            for path in (self.get_ext_fullpath(ext.name), ):
                if os.path.exists(path):
                    os.remove(path)
        self.extensions = []


class _GaveUp(Exception):
    pass


setup(
    packages=find_packages(include=["engine", "engine.*", "game", "game.*"]) + ["engine.assets"],
    package_dir={"engine.assets": "assets"},
    package_data={"engine.assets": ["*", "**/*"], "game": ["*.json"], "engine": ["compiled.stamp"]},
    include_package_data=False,
    ext_modules=compiled_extensions(),
    cmdclass={"build_ext": OptionalBuildExt, "build_py": BuildPyWithCatalogs},
)
