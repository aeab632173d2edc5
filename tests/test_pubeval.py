"""The pubeval benchmark opponent, checked on hand-worked positions."""

import sys

import numpy as np
import pytest

from engine import Position
from engine.ai.encode import boards
from support import ROOT, SHARED

sys.path.insert(0, str(ROOT / "benchmarks"))
pytestmark = pytest.mark.skipif(not (SHARED / "benchmarks" / "pubeval_weights.json").exists(), reason="no pubeval weights")


def _inputs(pos):
    from pubeval import pubeval_inputs

    me, them = boards([pos])
    return pubeval_inputs(me, them)[0]


def test_inputs_of_the_initial_position():
    x = _inputs(Position.initial())
    expected = np.zeros(122)
    expected[0 * 5 + 2] = 1  # my 24-point: 2 checkers
    expected[11 * 5 + 2] = 1  # my 13-point: 5 checkers
    expected[11 * 5 + 4] = 1.0  # (5 - 3) / 2
    expected[16 * 5 + 2] = 1  # my 8-point: 3 checkers
    expected[16 * 5 + 3] = 1
    expected[18 * 5 + 2] = 1  # my 6-point: 5 checkers
    expected[18 * 5 + 4] = 1.0
    assert np.array_equal(x, expected)


def test_inputs_mark_opponent_blots_bar_and_borne_off():
    me = [0] * 25
    me[0] = 3  # 3 on my 1-point; 12 borne off
    them = [0] * 25
    them[4] = 1  # their 5-point = my 20-point: a blot
    them[24] = 2  # 2 on their bar
    them[0] = 12
    x = _inputs(Position(me, them))
    assert x[4 * 5 + 0] == 1  # block 4 is my 20-point
    assert x[23 * 5 + 2] == 1 and x[23 * 5 + 3] == 1  # my 1-point: three
    assert x[120] == 1.0  # 2 on the bar / 2
    assert x[121] == pytest.approx(12 / 15)
    assert x.sum() == pytest.approx(1 + 1 + 1 + 1 + 12 / 15)


def test_pubeval_picks_the_highest_score_and_wins_when_it_can():
    from pubeval import PubEval

    pub = PubEval()
    me = [1, 1] + [0] * 23
    them = [0] * 5 + [15] + [0] * 19
    pos = Position(me, them)
    play = pub.choose_play(pos, (2, 1))
    assert pos.apply(play).borne_off[0] == 15
    # its score is the dot product with the race or contact weights, chosen by the board before
    from engine.moves import successors

    cands = successors(Position.initial(), (6, 5))
    keys = [p.key for _, p in cands]
    scores = pub.scores(Position.initial(), keys)
    by_hand = [float(_inputs(p) @ pub.contact) for _, p in cands]
    assert np.allclose(scores, by_hand)
