"""The long-race evaluation (effective pip counts and the bear-off database)."""

from __future__ import annotations

import numpy as np
import pytest

from engine.ai import longrace
from engine.ai.bearoff import default_database


def board(points: dict) -> np.ndarray:
    b = np.zeros(26)
    for p, n in points.items():
        b[p] = n
    b[0] = 15 - sum(points.values())
    return b


def test_all_home_races_are_the_databases_exact_chances():
    db = default_database()
    a, b = (2, 1, 0, 3, 0, 1), (0, 0, 4, 0, 2, 0)
    me, them = board({i + 1: n for i, n in enumerate(a)}), board({i + 1: n for i, n in enumerate(b)})
    assert longrace.win_probability(me[None], them[None])[0] == pytest.approx(db.probabilities(a, b)[0], abs=1e-9)


def test_long_race_chances_follow_the_counts():
    even = board({6: 3, 5: 3, 4: 3, 8: 2, 10: 2, 12: 2})
    behind = board({6: 3, 5: 3, 4: 3, 8: 2, 10: 2, 12: 1, 20: 1})
    p_even = longrace.win_probability(even[None], even[None])[0]
    assert 0.52 < p_even < 0.68  # the roll is worth about 4 pips
    assert longrace.win_probability(even[None], behind[None])[0] > p_even
    assert longrace.win_probability(behind[None], even[None])[0] < p_even
    dist = longrace.rolls_distribution(np.array([even, behind]))
    assert np.allclose(dist.sum(axis=1), 1.0)
    assert (dist @ np.arange(longrace.LONG_ROLLS))[1] > (dist @ np.arange(longrace.LONG_ROLLS))[0]


def test_contact_rows_keep_the_evaluators_values():
    me = board({24: 2, 6: 13})
    them = board({24: 2, 6: 13})
    race_me, race_them = board({6: 5, 8: 10}), board({6: 5, 9: 10})

    def flat(m: np.ndarray, t: np.ndarray) -> np.ndarray:
        return np.tile([0.5, 0.1, 0.0, 0.1, 0.0], (len(m), 1))

    out = longrace.evaluate_boards(flat, np.array([me, race_me]), np.array([them, race_them]))
    assert out[0].tolist() == [0.5, 0.1, 0.0, 0.1, 0.0]
    assert out[1, 0] == pytest.approx(longrace.win_probability(race_me[None], race_them[None])[0])
    assert list(longrace.no_contact(np.array([me, race_me]), np.array([them, race_them]))) == [False, True]
