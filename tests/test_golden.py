"""The move generator against the golden legal-play sets."""

import json

import pytest

from engine import Position, successors
from support import SHARED

GOLDEN = SHARED / "rules" / "golden_plays.json"
CASES = json.loads(GOLDEN.read_text())["cases"] if GOLDEN.exists() else []


@pytest.mark.skipif(not CASES, reason="golden file not available")
@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_golden_case(case):
    pos = Position.from_id(case["id"])
    assert list(pos.on_roll_counts()) == case["on_roll"]
    assert list(pos.opponent_counts()) == case["opponent"]
    assert pos.to_id() == case["id"]
    assert Position(case["on_roll"], case["opponent"]) == pos
    assert len(case["plays"]) == 21
    for roll, expected in case["plays"].items():
        dice = (int(roll[0]), int(roll[1]))
        got = [p.to_id() for _, p in successors(pos, dice)]
        assert len(got) == len(set(got)), f"duplicate results for {roll}"
        assert sorted(got) == sorted(expected), f"roll {roll}"
