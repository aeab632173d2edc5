"""benchmarks/cube.py: money games with the cube, played by the engine."""

import sys
from collections import Counter

from engine.ai.bots import NetBot
from support import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))

from cube import play_money_game  # noqa: E402


def test_money_games_end_with_cube_points_and_repeat_with_the_same_dice():
    one_roll = NetBot("a", lookahead=0, cube_lookahead=1)
    static = NetBot("b", lookahead=0, cube_lookahead=0)
    seen_doubles = 0
    for seed in range(3):
        actions = [Counter(), Counter()]
        times = ([], [])
        points = play_money_game((one_roll, static), seed, actions, times)
        doubles = actions[0]["double"] + actions[1]["double"]
        answers = sum(a["take"] + a["drop"] for a in actions)
        assert answers == doubles and times[0] and times[1]
        takes = actions[0]["take"] + actions[1]["take"]
        assert points != 0 and abs(points) % (2 ** takes) == 0 and abs(points) <= 3 * 64
        seen_doubles += doubles
        # duplicate dice rest on this: the same seed and players give the same game
        again = play_money_game((one_roll, static), seed, [Counter(), Counter()], ([], []))
        assert again == points
    assert seen_doubles > 0
