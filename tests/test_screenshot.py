"""The README's picture of the board: made by the real game, headless, by
``python -m game.screenshot``; the committed one is the right size and small."""

from __future__ import annotations

import os
import subprocess
import sys

import pygame
import pytest
from support import ROOT

from game import screenshot


def _size_of(path):
    return pygame.image.load(str(path)).get_size()


def test_the_screenshot_is_made_in_process_at_the_size_asked(tmp_path):
    out = tmp_path / "pictures" / "board.png"
    assert screenshot.main(["--out", str(out), "--size", "800x600", "--seed", "3"]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and _size_of(out) == (800, 600)


@pytest.mark.slow
def test_the_screenshot_script_runs_headless_and_writes_a_1280x720_png(tmp_path):
    out = tmp_path / "shot.png"
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER")}  # it sets them itself
    env["BACKGAMMON_HOME"] = str(tmp_path / "home")
    run = subprocess.run([sys.executable, "-m", "game.screenshot", "--out", str(out)], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    assert _size_of(out) == (1280, 720)
    assert not (tmp_path / "home").exists()  # nothing of the player's touched: the game's files went to a throwaway folder


def test_the_committed_screenshot_is_1280x720_and_small():
    shot = ROOT / "docs" / "screenshot.png"
    assert _size_of(shot) == (1280, 720)
    assert shot.stat().st_size < 300 * 1024
    assert "(docs/screenshot.png)" in (ROOT / "README.md").read_text(encoding="utf-8")  # shown in the README
