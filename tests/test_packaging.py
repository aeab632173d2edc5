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


def test_assets_dir_from_source_and_frozen(monkeypatch, tmp_path):
    assert assets_dir() == ROOT / "assets"
    assert (assets_dir() / "weights.npz").is_file()
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert assets_dir() == Path(tmp_path) / "assets"
