"""benchmarks/review_residual.py: its hitting figures counted by the move
generator, its fit held out by roll, and a run with a stand-in teacher."""

from __future__ import annotations

import sys

import numpy as np

from engine import Position
from support import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))

from review_residual import centred, hand_features, held_out_r2, hit_features, main  # noqa: E402


def _lone_attacker(blocks=()):
    """White's lone checker on its 13 and a Black blot on White's 7 (Black's 18); the rest at home."""
    me, them = [0] * 26, [0] * 26
    me[13], me[6] = 1, 14
    them[18] = 1
    them[1] = 14 - 2 * len(blocks)
    for point in blocks:  # points made by Black, given in White's numbering
        them[25 - point] = 2
    return me + them


def test_a_blot_six_away_is_hit_by_17_rolls_and_a_block_takes_the_3_3_away():
    p1, p2, pips = hit_features(_lone_attacker())
    assert round(p1 * 36) == 17 and p2 == 0.0
    assert abs(pips - 17 / 36 * 7 / 12) < 1e-9  # the blot loses 7 pips each time
    p1, _, _ = hit_features(_lone_attacker(blocks=(10,)))
    assert round(p1 * 36) == 16  # 3-3 can no longer pass White's 10


def test_two_blots_in_line_count_as_a_double_hit():
    row = _lone_attacker()
    row[26 + 20] = 1  # a second Black blot on White's 5
    row[26 + 1] -= 1
    p1, p2, pips = hit_features(row)
    assert 0 < p2 < p1
    assert pips > 17 / 36 * 7 / 12


def test_hand_features_of_the_opening_position():
    me, them = (np.array([b], dtype=np.float32) for b in Position.initial().boards)
    f = hand_features(me, them)[0]
    assert f.shape == (8,)
    assert f[0] == 1.0 and f[1] == 1.0  # the anchor on the 24-point is both the back and the forward one
    assert f[7] == 0.0  # no blots


def test_the_held_out_fit_finds_a_linear_residual_and_not_noise():
    rng = np.random.default_rng(3)
    x = rng.normal(size=(400, 3))
    groups = [(s, s + 10) for s in range(0, 400, 10)]
    xc = centred(x, groups)
    train = np.repeat(np.arange(40) % 2 == 0, 10)
    r2, left = held_out_r2(xc, xc @ np.array([1.0, -2.0, 0.5]), train, 1e-6)
    assert r2 > 0.999 and left < 1e-3
    r2, _ = held_out_r2(xc, centred(rng.normal(size=400), groups), train, 1e-6)
    assert r2 < 0.05
    assert np.allclose([xc[s:e].mean(axis=0) for s, e in groups], 0)


def test_a_run_with_a_stand_in_teacher_prints_each_fit(capsys):
    main(["--games", "1", "--teacher", "net1"])
    out = capsys.readouterr().out
    assert "the network at 0-ply against net1" in out
    assert out.count("ridge") == 8 and "held out:" in out
