"""benchmarks/cube_agreement.py: GNU Backgammon's cube actions read, the IDs it is given."""

import sys

import pytest

from engine import Position
from engine.ids import decode_match_id
from support import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))

from cube_agreement import CubeAction, Sample, action_name, parse_cube_action, wilson, with_score  # noqa: E402

PRINTOUT = """
Cube analysis
1-ply cubeless equity +0.077
  0.527 0.148 0.008 - 0.473 0.128 0.005
Cubeful equities:
1. No double           +0.104
2. Double, pass        +1.000  (+0.896)
3. Double, take        -0.206  (-0.310)
Proper cube action: No double, take (25.7%)
"""


def test_proper_cube_actions_are_read():
    cases = {
        "No double, take": (False, True),
        "No redouble, take (12.3%)": (False, True),
        "Double, take": (True, True),
        "Redouble, pass": (True, False),
        "Double, beaver": (True, True),
        "No double, beaver (3.0%)": (False, True),
        "Too good to double, pass (24.3%)": (False, False),
        "Too good to redouble, take": (False, True),
        "Never double, take (dead cube)": (False, True),
        "Optional double, pass": (True, False),
    }
    for text, (double, take) in cases.items():
        action = parse_cube_action("Proper cube action: " + text)
        assert (action.double, action.take) == (double, take), text
    assert parse_cube_action("Too good to double, pass").too_good
    assert parse_cube_action("Optional redouble, take").optional
    assert parse_cube_action(PRINTOUT) == CubeAction(double=False, take=True)
    assert action_name(PRINTOUT) == "No double, take"
    with pytest.raises(ValueError):
        parse_cube_action("You cannot double.")


def test_the_ids_put_the_deciding_side_on_roll_at_the_score():
    pos = Position.initial()
    sample = Sample(pos, length=7, my_away=3, their_away=5, cube_value=2, owner="me")
    position_id, match_id = sample.ids().split(":")
    state = decode_match_id(match_id)
    assert Position.from_id(position_id) == pos
    assert (state.turn, state.dice_owner, state.dice, state.doubled) == (0, 0, (0, 0), False)
    assert (state.length, state.score, state.cube_value, state.cube_owner, state.crawford) == (7, (4, 2), 2, 0, False)
    assert sample.match() == {"crawford": False, "my_away": 3, "their_away": 5}
    assert sample.match(taker=True) == {"crawford": False, "my_away": 5, "their_away": 3}


def test_scores_let_the_side_on_roll_double():
    import random

    rng = random.Random(3)
    for _ in range(300):
        s = with_score(Position.initial(), rng)
        assert not s.crawford and s.cube_value < (s.my_away if s.length else 2 ** 20)
        if s.length:
            assert 1 <= s.their_away <= s.length and s.score_class() != "Crawford"


def test_wilson_interval():
    lo, hi = wilson(0, 10)
    assert lo == pytest.approx(0.0, abs=1e-12) and 0.25 < hi < 0.35


def test_gnubg_sees_the_side_on_roll_as_the_network_does():
    pytest.importorskip("gnubg")
    from cube_agreement import Gnubg

    from engine import get_bot

    # the side on roll with a closed board, the other with five checkers on the bar
    pos = Position([3, 3, 3, 3, 2, 1] + [0] * 19, [0] * 5 + [2] * 5 + [0] * 14 + [5])
    gnubg = Gnubg()
    action, name, probs = gnubg.cube(Sample(pos), 1)
    assert abs(probs[0] - float(get_bot("expert").evaluate_before_roll(pos)[0])) < 0.05 and probs[0] > 0.9
    assert action.too_good and not action.take and name == "Too good to double, pass"  # no Jacoby rule
    assert gnubg.jacoby_off()
    action, _, probs0 = gnubg.cube(Sample(pos, length=5, my_away=4, their_away=2), 0)
    assert abs(probs0[0] - probs[0]) < 0.05
