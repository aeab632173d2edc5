"""Rollouts (engine/rollout): the dice, duplicate dice, the sides, stopping,
progress, the bear-off database as a check, variance reduction, the cube,
bad arguments, the worker processes and the command line."""

from __future__ import annotations

import math
import os
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np

import pytest

import engine
from engine import Position
from engine.ai import race
from engine.ai.rollgames import ORDERED, trial_random, trial_roll
from engine.errors import ArgumentTypeError, BackgammonError, IllegalPlayError, InvalidArgumentError, InvalidDiceError, RolloutError
from engine.rollout import CHUNK, Estimate, RolloutProgress, RolloutResult, RolloutSettings, estimate, rollout

ROOT = Path(__file__).resolve().parent.parent
OPENING_31 = ((8, 5), (6, 5))
SPLIT_31 = ((24, 21), (21, 20))
#: a quick rollout: two rolls, in this process
QUICK = RolloutSettings(trials=72, truncate=2, workers=1)


def figures(result: RolloutResult) -> list:
    out = [result.equity.mean, result.equity.half_width, result.trials]
    for p in result.probabilities:
        out += [p.mean, p.half_width]
    if result.cubeful_equity is not None:
        out += [result.cubeful_equity.mean, result.cubeful_equity.half_width]
    return out


def test_the_engine_exports_the_rollout():
    assert engine.rollout is rollout
    for name in ("rollout", "RolloutSettings", "RolloutResult", "Estimate"):
        assert name in engine.__all__
    assert engine.RolloutSettings is RolloutSettings and engine.Estimate is Estimate


def test_the_first_two_rolls_take_every_pair_once_in_1296_trials():
    pairs = {(trial_roll(1, i, 0), trial_roll(1, i, 1)) for i in range(1296)}
    assert len(pairs) == 1296
    assert [trial_roll(1, i, 0) for i in range(36)] == ORDERED
    assert trial_roll(1, 36 + 5, 0) == ORDERED[5] and trial_roll(1, 36 * 5 + 2, 1) == ORDERED[5]
    assert trial_roll(1, 1296 + 37, 0) == trial_roll(1, 37, 0) and trial_roll(1, 1296 + 37, 1) == trial_roll(1, 37, 1)


def test_the_later_rolls_are_the_same_in_every_run_and_differ_with_the_seed():
    def later(seed: int, trial: int) -> list:
        rng = trial_random(seed, trial)
        return [trial_roll(seed, trial, k, rng) for k in range(2, 12)]

    assert later(1, 5) == later(1, 5)
    assert later(1, 5) != later(2, 5) and later(1, 5) != later(1, 6)
    # fixed by the seed's arithmetic, not by Python's salted hash(): the same in any process
    code = "from engine.ai.rollgames import trial_random as t; r = t(1, 5); print([r.randint(1, 6) for _ in range(20)])"
    env = {**os.environ, "PYTHONHASHSEED": "123"}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    rng = trial_random(1, 5)
    assert out.stdout.strip() == str([rng.randint(1, 6) for _ in range(20)])


def test_duplicate_dice_two_identical_plays_get_identical_figures():
    a, b, c = rollout(Position.initial(), QUICK, plays=[OPENING_31, ((6, 5), (8, 5)), SPLIT_31], dice=(3, 1))
    assert figures(a) == figures(b)
    assert figures(a) != figures(c)
    assert a.equity.mean > c.equity.mean  # making the 5-point beats running a back checker


def test_a_play_is_rolled_out_from_the_movers_side():
    """The play's rollout is the position it leaves, rolled out from the
    other side (the same trials, the same dice), its figures turned round."""
    settings = RolloutSettings(trials=36, truncate=3, workers=1)
    (played,) = rollout(Position.initial(), settings, plays=[OPENING_31], dice=(3, 1))
    (theirs,) = rollout(Position.initial().apply(OPENING_31).swapped(), settings)
    assert played.equity.mean == pytest.approx(-theirs.equity.mean, abs=1e-9)
    assert played.equity.half_width == pytest.approx(theirs.equity.half_width, abs=1e-9)
    assert played.probabilities[0].mean == pytest.approx(1.0 - theirs.probabilities[0].mean, abs=1e-9)
    assert played.probabilities[1].mean == pytest.approx(theirs.probabilities[3].mean, abs=1e-9)
    assert played.probabilities[4].mean == pytest.approx(theirs.probabilities[2].mean, abs=1e-9)


def test_a_play_that_bears_off_the_last_checker_is_won_in_every_trial():
    pos = Position([1] + [0] * 24, [0] * 5 + [3] + [0] * 19)
    (won,) = rollout(pos, QUICK, plays=[((1, 0),)], dice=(2, 1))
    assert won.equity == Estimate(1.0, 0.0) and won.probabilities[0].mean == 1.0 and won.trials == 72


def test_progress_comes_after_each_chunk_with_growing_counts():
    seen: list = []
    final = rollout(Position.initial(), RolloutSettings(trials=3 * CHUNK, truncate=2, workers=1), plays=[OPENING_31, SPLIT_31], dice=(3, 1), progress=seen.append)
    assert [p.done for p in seen] == [2 * CHUNK, 4 * CHUNK, 6 * CHUNK]
    # the running figures, combined chunk by chunk, end where the final ones (from every trial at once) are
    for running, result in zip(seen[-1].results, final):
        assert figures(running) == pytest.approx(figures(result), abs=1e-9)
    assert all(isinstance(p, RolloutProgress) and p.total == 6 * CHUNK and len(p.results) == 2 for p in seen)
    assert [p.results[0].trials for p in seen] == [CHUNK, 2 * CHUNK, 3 * CHUNK]


def test_stop_keeps_the_trials_done():
    stop = threading.Event()

    def halt(p: RolloutProgress) -> None:
        stop.set()

    (result,) = rollout(Position.initial(), RolloutSettings(trials=10 * CHUNK, truncate=2, workers=1), progress=halt, stop=stop)
    assert result.stopped and 0 < result.trials < 10 * CHUNK
    assert result.trials == CHUNK and math.isfinite(result.equity.mean)


def test_stop_set_before_the_start_plays_nothing():
    stop = threading.Event()
    stop.set()
    (result,) = rollout(Position.initial(), QUICK, stop=stop)
    assert result.stopped and result.trials == 0 and math.isnan(result.equity.mean) and result.equity.half_width == math.inf


def test_a_bearoff_rolled_to_the_end_agrees_with_the_database():
    # two checkers against three: the one-sided database's answer is exact here
    pos = Position([0, 2, 0, 1, 0, 0] + [0] * 19, [0, 1, 2, 0, 0, 0] + [0] * 19)
    exact = race.bearoff_probabilities(pos)
    (plain,) = rollout(pos, RolloutSettings(trials=1296, truncate=None, variance_reduction=False, workers=1))
    assert plain.probabilities[0].low <= exact[0] <= plain.probabilities[0].high
    assert plain.equity.low <= race.equity_of(exact) <= plain.equity.high
    (reduced,) = rollout(pos, RolloutSettings(trials=1296, truncate=None, workers=1))
    # with the database judging each roll's luck the interval all but vanishes
    assert abs(reduced.probabilities[0].mean - exact[0]) < max(reduced.probabilities[0].half_width, 1e-6)
    assert reduced.probabilities[0].half_width < plain.probabilities[0].half_width / 100


def test_variance_reduction_narrows_the_interval_on_the_same_trials():
    settings = RolloutSettings(trials=36, truncate=3, workers=1, variance_reduction=False)
    (plain,) = rollout(Position.initial(), settings, plays=[OPENING_31], dice=(3, 1))
    (reduced,) = rollout(Position.initial(), RolloutSettings(trials=36, truncate=3, workers=1), plays=[OPENING_31], dice=(3, 1))
    assert reduced.equity.half_width < plain.equity.half_width / 3
    # (36 trials share their second roll, a 1-1: the plain rollout carries that roll's luck, the reduced one not)
    assert abs(reduced.equity.mean - plain.equity.mean) < 3 * plain.equity.half_width


def test_a_cubeful_rollout_far_ahead_ends_by_a_pass():
    # a race the side on roll cannot lose, no gammon left: it doubles, the other side passes
    far = Position([5, 5, 5] + [0] * 22, [0] * 5 + [2] * 7 + [0] * 13)
    for value in (1, 2):
        (result,) = rollout(far, RolloutSettings(trials=72, truncate=4, cubeful=True, cube_value=value, workers=1))
        assert result.cubeful_equity is not None
        assert result.cubeful_equity.mean == pytest.approx(value, abs=0.05)
        assert result.equity.mean > 0.95  # cubeless: the network's view where the game ended
    # the other side owns the cube: no double, it plays on (still a sure win, one point a cube)
    (kept,) = rollout(far, RolloutSettings(trials=36, truncate=2, cubeful=True, cube_value=2, cube_owner="opponent", workers=1))
    assert kept.cubeful_equity is not None and 1.5 < kept.cubeful_equity.mean <= 2.0 + 1e-9


def test_a_cubeless_rollout_has_no_cubeful_figure():
    (result,) = rollout(Position.initial(), QUICK)
    assert result.cubeful_equity is None and not result.stopped and result.trials == 72


def test_the_interval_is_infinite_below_two_trials():
    (one,) = rollout(Position.initial(), RolloutSettings(trials=1, truncate=1, workers=1))
    assert one.trials == 1 and one.equity.half_width == math.inf
    assert estimate([1.0, 1.0]).half_width == 0.0


@pytest.mark.parametrize(
    "kwargs, error",
    [
        (dict(position="4HPwATDgc/ABMA"), ArgumentTypeError),
        (dict(settings=dict(trials=36)), ArgumentTypeError),
        (dict(settings=RolloutSettings(trials=0)), InvalidArgumentError),
        (dict(settings=RolloutSettings(trials=2.5)), ArgumentTypeError),
        (dict(settings=RolloutSettings(trials=True)), ArgumentTypeError),
        (dict(settings=RolloutSettings(truncate=-1)), InvalidArgumentError),
        (dict(settings=RolloutSettings(truncate="11")), ArgumentTypeError),
        (dict(settings=RolloutSettings(workers=-1)), InvalidArgumentError),
        (dict(settings=RolloutSettings(seed=-1)), InvalidArgumentError),
        (dict(settings=RolloutSettings(cubeful="yes")), ArgumentTypeError),
        (dict(settings=RolloutSettings(variance_reduction=None)), ArgumentTypeError),
        (dict(settings=RolloutSettings(cube_value=3)), InvalidArgumentError),
        (dict(settings=RolloutSettings(cube_value=128)), InvalidArgumentError),
        (dict(settings=RolloutSettings(cube_owner="mine")), InvalidArgumentError),
        (dict(settings=RolloutSettings(cube_owner=None)), ArgumentTypeError),
        (dict(dice=(3, 1)), InvalidArgumentError),
        (dict(plays=[OPENING_31]), InvalidArgumentError),
        (dict(plays=[], dice=(3, 1)), InvalidArgumentError),
        (dict(plays=OPENING_31, dice=(3, 1)), ArgumentTypeError),
        (dict(plays="8/5 6/5", dice=(3, 1)), ArgumentTypeError),
        (dict(plays=[[None]], dice=(3, 1)), ArgumentTypeError),
        (dict(plays=[((8, 2),)], dice=(3, 1)), IllegalPlayError),
        (dict(plays=[((6, 1),)], dice=(5, 1)), IllegalPlayError),
        (dict(plays=[()], dice=(3, 1)), IllegalPlayError),
        (dict(plays=[OPENING_31], dice=(3, 7)), InvalidDiceError),
        (dict(plays=[OPENING_31], dice="31"), ArgumentTypeError),
        (dict(progress="print"), ArgumentTypeError),
        (dict(stop=True), ArgumentTypeError),
    ],
)
def test_bad_arguments_raise_the_engines_errors(kwargs, error):
    args = dict(position=Position.initial(), settings=QUICK)
    args.update(kwargs)
    position, settings = args.pop("position"), args.pop("settings")
    with pytest.raises(error):
        rollout(position, settings, **args)


def test_a_finished_game_is_not_rolled_out():
    over = Position([0] * 25, [1] + [0] * 24)  # the side on roll has borne off all 15
    with pytest.raises(InvalidArgumentError):
        rollout(over, QUICK)


def test_a_failing_chunk_raises_a_rollout_error_with_its_cause(monkeypatch):
    from engine.rollout import pool

    def broken(*args, **kwargs):
        raise ZeroDivisionError("in the chunk")

    monkeypatch.setattr(pool, "play_chunk", broken)
    with pytest.raises(RolloutError) as caught:
        rollout(Position.initial(), QUICK)
    assert isinstance(caught.value.__cause__, ZeroDivisionError) and isinstance(caught.value, BackgammonError)


def test_stop_hands_out_no_more_chunks_to_the_workers(monkeypatch):
    """With worker processes (threads here, to watch them), a chunk goes out
    only when a worker is free, so once stop is set nothing more starts."""
    from engine.rollout import pool

    started: list = []

    def job(chunk):
        started.append(chunk[2])
        time.sleep(0.02)
        return np.zeros((len(chunk[0]), len(chunk[2]), 6))

    monkeypatch.setattr(pool, "ProcessPoolExecutor", lambda max_workers, **kwargs: ThreadPoolExecutor(max_workers))
    monkeypatch.setattr(pool, "run_job", job)
    seen: list = []
    assert len(rollout(Position.initial(), RolloutSettings(trials=10 * CHUNK, workers=2), progress=lambda p: seen.append(p.done))[0].equity.__dict__) == 2
    assert sorted(seen) == seen and seen[-1] == 10 * CHUNK and len(started) == 10
    started.clear()
    stop = threading.Event()
    (result,) = rollout(Position.initial(), RolloutSettings(trials=20 * CHUNK, workers=2), progress=lambda p: stop.set(), stop=stop)
    time.sleep(0.1)
    assert result.stopped and CHUNK <= result.trials <= 2 * CHUNK
    assert len(started) <= 3  # the two handed out at the start, and at most one after the first came back


@pytest.mark.slow
def test_the_same_seed_gives_the_same_figures_with_one_worker_or_two():
    settings = RolloutSettings(trials=3 * CHUNK, truncate=3, workers=1, seed=7)
    here = rollout(Position.initial(), settings, plays=[OPENING_31, SPLIT_31], dice=(3, 1))
    seen: list = []
    stop = threading.Event()
    pooled = rollout(Position.initial(), RolloutSettings(trials=3 * CHUNK, truncate=3, workers=2, seed=7), plays=[OPENING_31, SPLIT_31], dice=(3, 1),
                     progress=seen.append, stop=stop)
    assert [p.done for p in seen] == [2 * CHUNK, 4 * CHUNK, 6 * CHUNK]
    for a, b in zip(here, pooled):
        assert not b.stopped
        assert figures(a) == pytest.approx(figures(b), abs=1e-12)
    other = rollout(Position.initial(), RolloutSettings(trials=3 * CHUNK, truncate=3, workers=1, seed=8), plays=[OPENING_31], dice=(3, 1))
    assert other[0].equity.mean != here[0].equity.mean


@pytest.mark.slow
def test_stop_with_worker_processes_keeps_the_chunks_done():
    stop = threading.Event()
    seen: list = []

    def halt(p: RolloutProgress) -> None:
        seen.append(p.done)
        stop.set()

    (result,) = rollout(Position.initial(), RolloutSettings(trials=20 * CHUNK, truncate=2, workers=2), progress=halt, stop=stop)
    assert result.stopped and 0 < result.trials < 20 * CHUNK and result.trials % CHUNK == 0
    assert result.trials >= seen[0]


def test_the_command_line_prints_its_table():
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    out = subprocess.run([sys.executable, "-m", "engine.rollout", "--trials", "36", "--workers", "1", "--truncate", "2"],
                         cwd=ROOT, env=env, capture_output=True, text=True, encoding="utf-8", timeout=120)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("position 4HPwATDgc/ABMA") and "truncated after 2 rolls" in lines[0]
    assert lines[1].split()[:2] == ["candidate", "equity"] and lines[2].startswith("position ")
    assert lines[2].split()[-1] == "36" and "±" in lines[2]
    assert "rolled out 36/36 trials" in out.stderr
    assert "Warning" not in out.stderr


def test_the_command_line_rolls_out_plays_and_refuses_bad_input(capsys):
    from engine.rollout.cli import main

    assert main(["--dice", "31", "--play", "8/5 6/5", "--play", "24/21 21/20", "--trials", "36", "--truncate", "1", "--workers", "1", "--quiet"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("position 4HPwATDgc/ABMA, dice 31") and out[2].startswith("8/5 6/5 ") and out[3].startswith("24/20 ")
    assert main(["--dice", "21", "--best", "2", "--trials", "36", "--truncate", "1", "--workers", "1", "--quiet", "--cubeful"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "cubeful" in out[1] and len(out) == 4
    for bad in (["--play", "8/5 6/5"], ["--dice", "31", "--play", "8/3"], ["--trials", "0"], ["nonsense"], ["--dice", "37"]):
        with pytest.raises(SystemExit) as caught:
            main(bad + ["--quiet"])
        assert caught.value.code == 2
