"""benchmarks/strength.py: duplicate games, and GNU Backgammon as the measured side or the opponent."""

import importlib.util
import subprocess
import sys

import pytest

from engine.ai.bots import get_bot
from support import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))

from strength import play_game  # noqa: E402

HAS_GNUBG = importlib.util.find_spec("gnubg") is not None


def test_a_game_ends_with_its_points_and_repeats_with_the_same_dice():
    for seed in range(3):
        times: list = []
        points = play_game((get_bot("network"), get_bot("beginner", seed=seed)), seed, times, timed=0)
        assert points in (-3, -2, -1, 1, 2, 3)
        assert times and all(t >= 0 for t in times)
        # duplicate dice rest on this: the same seed and players give the same game
        assert play_game((get_bot("network"), get_bot("beginner", seed=seed)), seed) == points


def _run(*args: str) -> str:
    out = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "strength.py"), *args],
        capture_output=True, text=True, timeout=300, cwd=ROOT,
    )
    assert out.returncode == 0, out.stderr
    return out.stdout


def _result(stdout: str) -> dict:
    line = next(v for v in stdout.splitlines() if v.startswith("RESULT "))
    return dict(field.split("=", 1) for field in line.split()[1:])


def test_a_level_against_a_level_prints_a_result_line_for_combine():
    res = _result(_run("--level", "network", "--opponent", "beginner", "--games", "4", "--seed", "5"))
    assert res["level"] == "network" and res["opponent"] == "beginner" and res["pairs"] == "2"
    assert 0 <= int(res["wins"]) <= 4


@pytest.mark.skipif(not HAS_GNUBG, reason="the train extra (gnubg) is not installed")
def test_gnubg_can_be_the_measured_side_as_a_yardstick():
    res = _result(_run("--level", "gnubg0", "--opponent", "network", "--games", "4", "--seed", "5"))
    assert res["level"] == "gnubg0" and res["opponent"] == "network" and res["pairs"] == "2"
