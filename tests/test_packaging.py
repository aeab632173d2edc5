"""Packaging: the smoke test from source, and cheap checks of build_exe.spec.

The PyInstaller build itself runs in ``.ci/run`` (too slow for the unit tests),
which then runs the built program with ``--smoke-test`` the same way as here.
"""

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest
from support import ROOT

from engine.resources import assets_dir

SPEC = ROOT / "build_exe.spec"


@pytest.mark.slow
def test_smoke_test_from_source_exits_0(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", BACKGAMMON_HOME=str(tmp_path))
    proc = subprocess.run(
        [sys.executable, "-m", "game", "--smoke-test"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=180,
    )
    assert proc.returncode == 0, f"exit {proc.returncode}\nstdout:\n{proc.stdout}\nstderr:\n{proc.stderr}"
    assert "smoke test: expert against itself" in proc.stdout  # the shipped network played


def test_spec_is_python_and_builds_one_windowed_folder():
    text = SPEC.read_text(encoding="utf-8")
    ast.parse(text, filename=str(SPEC))
    assert "COLLECT(" in text and "exclude_binaries=True" in text  # one folder, not one file
    assert "console=False" in text  # windowed
    assert 'NAME = "backgammon"' in text


def test_spec_bundles_the_assets():
    text = SPEC.read_text(encoding="utf-8")
    assert '(str(ROOT / "assets"), "assets")' in text  # the whole assets/ folder, as assets/
    assert 'collect_data_files("pygame_gui"' in text  # pygame_gui's fonts and default theme
    assert (ROOT / "run_game.py").is_file() and "run_game.py" in text


def test_the_smoke_test_plays_the_shipped_network():
    from game.__main__ import SMOKE_LEVEL
    from engine import get_bot

    assert SMOKE_LEVEL == "expert" and get_bot(SMOKE_LEVEL).lookahead >= 1  # the network, not the random bot


def test_assets_dir_from_source_and_frozen(monkeypatch, tmp_path):
    assert assets_dir() == ROOT / "assets"
    assert (assets_dir() / "weights.npz").is_file()
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert assets_dir() == Path(tmp_path) / "assets"


# -- a real installation: a wheel in a fresh virtual environment ------------------------------------
def _copy_source(dest: Path) -> Path:
    """The project's source as a release would have it (no virtual
    environment, build output or caches)."""
    import shutil

    skip = shutil.ignore_patterns(".venv", "build", "dist", "*.egg-info", "__pycache__", ".git", "runs", "output",
                                  ".hypothesis", ".pytest_cache", ".mypy_cache", ".ruff_cache")
    return Path(shutil.copytree(ROOT, dest, ignore=skip))


@pytest.mark.slow
def test_a_wheel_installed_in_a_fresh_environment_plays_the_expert_from_another_folder(tmp_path):
    source = _copy_source(tmp_path / "source")
    wheels = tmp_path / "wheels"
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "-q", "-w", str(wheels)],
                           capture_output=True, text=True, timeout=600)
    assert build.returncode == 0, build.stderr[-3000:]
    (wheel,) = wheels.glob("backgammon-*.whl")
    import zipfile

    in_wheel = {name.rpartition("/")[0] for name in zipfile.ZipFile(wheel).namelist() if name.endswith("/__init__.py")}
    packages = {p.parent.relative_to(ROOT).as_posix() for top in ("engine", "game") for p in (ROOT / top).rglob("__init__.py")}
    assert packages <= in_wheel, sorted(packages - in_wheel)  # every package of the source, however deep
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    # the dependencies come from the package index (or the local wheel cache); the game from the wheel
    install = subprocess.run([str(python), "-m", "pip", "install", "-q", str(wheel)], capture_output=True, text=True, timeout=900)
    assert install.returncode == 0, install.stderr[-3000:]
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    script = (
        "import engine, pathlib\n"
        "from engine import Position, format_play, get_bot\n"
        "from engine.resources import assets_dir\n"
        "assert 'site-packages' in engine.__file__, engine.__file__\n"
        "print(sorted(p.name for p in assets_dir().iterdir()))\n"
        "pos = Position.initial()\n"
        "print(format_play(pos, get_bot('expert', seed=1).choose_play(pos, (3, 1))))\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    run = subprocess.run([str(python), "-c", script], cwd=elsewhere, capture_output=True, text=True, timeout=300, env=env)
    assert run.returncode == 0, run.stderr[-3000:]
    shipped, move = run.stdout.strip().splitlines()
    assert shipped == str(sorted(p.name for p in (ROOT / "assets").iterdir() if p.is_file()))  # every asset, whatever they are
    assert move == "8/5 6/5"  # the expert's opening 3-1
    version = subprocess.run([str(python), "-m", "game", "--version"], cwd=elsewhere, capture_output=True, text=True, timeout=120, env=env)
    assert version.returncode == 0 and version.stdout.strip().startswith("backgammon ")
    import shutil
    import sysconfig

    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler):  # built here with a C compiler: the wheel carries the compiled engine, and runs it
        assert any(name.endswith((".so", ".pyd")) for name in zipfile.ZipFile(wheel).namelist())
        assert "(engine: compiled (mypyc)" in version.stdout, version.stdout


@pytest.mark.slow
def test_without_a_c_compiler_the_package_builds_and_plays_pure(tmp_path):
    # CC=false: every compile fails, as on a machine without a compiler; setup.py builds on without
    # the compiled modules and the pure-Python engine runs
    source = _copy_source(tmp_path / "source")
    wheels = tmp_path / "wheels"
    env = dict(os.environ, CC="false", CXX="false")
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "-q", "-w", str(wheels)],
                           capture_output=True, text=True, timeout=600, env=env)
    assert build.returncode == 0, build.stderr[-3000:]
    (wheel,) = wheels.glob("backgammon-*.whl")
    import zipfile

    assert not any(name.endswith((".so", ".pyd")) for name in zipfile.ZipFile(wheel).namelist())
    target = tmp_path / "installed"
    install = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(wheel)],
                             capture_output=True, text=True, timeout=600)
    assert install.returncode == 0, install.stderr[-3000:]
    script = (
        "import engine, pathlib, sys\n"
        "from engine import Position, format_play, get_bot\n"
        "from engine.compiled import describe\n"
        f"assert pathlib.Path(engine.__file__).is_relative_to({str(target)!r}), engine.__file__\n"
        "print(describe())\n"
        "pos = Position.initial()\n"
        "print(format_play(pos, get_bot('expert', seed=1).choose_play(pos, (3, 1))))\n"
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    run_env = {k: v for k, v in os.environ.items() if k not in ("PYTHONHOME", "BACKGAMMON_PURE")}
    run_env["PYTHONPATH"] = str(target)
    run = subprocess.run([sys.executable, "-c", script], cwd=elsewhere, capture_output=True, text=True, timeout=300, env=run_env)
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout.split()[:2] == ["pure", "Python"] and run.stdout.strip().endswith("8/5 6/5"), run.stdout
