"""The bear-off database and the computer's bear-off play, against exact
values: hand-checked expected rolls, an independent one-sided solver, and
two-sided values computed by brute force for small positions."""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Dict, List, Tuple

import numpy as np
import pytest

from engine import Position, get_bot
from engine.ai import bearoff, race
from engine.ai.bearoff import ROLLS, BearoffDatabase, default_database
from engine.errors import BackgammonError
from engine.moves import successors

Home = Tuple[int, ...]
WEIGHTS = [Fraction(1 if a == b else 2, 36) for a, b in ROLLS]


def home_position(mover: Home, opponent: Home) -> Position:
    return Position(list(mover) + [0] * 19, list(opponent) + [0] * 19)


@functools.lru_cache(maxsize=None)
def boards_after(c: Home) -> Tuple[Tuple[Home, ...], ...]:
    """Each roll's distinct home boards after a legal play (the engine's rules)."""
    pos = home_position(c, (0,) * 6)
    return tuple(tuple(sorted({p.on_roll_counts()[:6] for _, p in successors(pos, roll)})) for roll in ROLLS)


@functools.lru_cache(maxsize=None)
def exact_expected_rolls(c: Home) -> Fraction:
    """Minimal expected rolls to bear off, in exact fractions (independent of the generator)."""
    if not any(c):
        return Fraction(0)
    return 1 + sum(w * min(exact_expected_rolls(x) for x in outs) for w, outs in zip(WEIGHTS, boards_after(c)))


@functools.lru_cache(maxsize=None)
def two_sided(a: Home, b: Home) -> float:
    """Exact cubeless equity of the side on roll with ``a`` against ``b``,
    both playing perfectly, gammons counted (brute force over every roll and play)."""
    return sum(float(w) * max(after_value(x, b) for x in outs) for w, outs in zip(WEIGHTS, boards_after(a)))


def after_value(x: Home, b: Home) -> float:
    if not any(x):
        return 2.0 if sum(b) == 15 else 1.0
    return -two_sided(b, x)


def small(k: int) -> List[Home]:
    return [c for c in bearoff.all_positions() if 0 < sum(c) <= k]


# -- the numbering and the file -------------------------------------------------------------
@pytest.mark.slow
def test_index_round_trips_over_every_position():
    seen = set()
    for i in range(bearoff.N_POSITIONS):
        c = bearoff.counts(i)
        assert bearoff.index(c) == i
        seen.add(c)
    assert len(seen) == 54264 == bearoff.N_POSITIONS
    assert bearoff.index((0, 0, 0, 0, 0, 0)) == 0 and bearoff.index((0, 0, 0, 0, 0, 15)) == 54263


def test_bad_positions_and_files_are_clear_errors(tmp_path):
    for bad in [(1, 2, 3), (16, 0, 0, 0, 0, 0), (-1, 0, 0, 0, 0, 0)]:
        with pytest.raises(BackgammonError):
            bearoff.index(bad)
    with pytest.raises(BackgammonError):
        bearoff.counts(bearoff.N_POSITIONS)
    junk = tmp_path / "bearoff.npz"
    junk.write_bytes(b"not a database")
    with pytest.raises(BackgammonError, match="cannot read"):
        BearoffDatabase.load(junk)
    with pytest.raises(BackgammonError, match="cannot read"):
        BearoffDatabase.load(bearoff.DEFAULT_PATH, small_path=junk)
    # without the two-sided table the one-sided one answers alone
    assert BearoffDatabase.load(bearoff.DEFAULT_PATH, small_path=tmp_path / "missing.npz").small is None


def test_shipped_file_is_small_and_every_distribution_is_whole():
    assert bearoff.DEFAULT_PATH.stat().st_size + bearoff.SMALL_PATH.stat().st_size < 1_000_000
    db = default_database()
    assert np.allclose(db.dist.sum(axis=1), 1.0) and np.allclose(db.gammon.sum(axis=1), 1.0)
    assert db.dist[:, -1].max() == 0.0  # nothing was cut off at MAX_ROLLS
    assert db.dist[0, 0] == 1.0 and db.dist[1:, 0].max() == 0.0
    # the gammon distribution: rolls to the first checker off, never more than to all off
    full = np.flatnonzero(db.full_rank >= 0)
    assert (db.gammon @ np.arange(bearoff.MAX_ROLLS) <= db.means[full] + 1e-9).all()


# -- one-sided values --------------------------------------------------------------------------
def test_expected_rolls_match_hand_checked_values():
    db = default_database()
    assert db.expected_rolls((0, 0, 0, 0, 0, 0)) == 0.0
    assert db.expected_rolls((1, 0, 0, 0, 0, 0)) == 1.0
    assert db.expected_rolls((2, 0, 0, 0, 0, 0)) == 1.0  # any roll takes two off the 1-point
    assert db.expected_rolls((4, 0, 0, 0, 0, 0)) == pytest.approx(1 + 30 / 36, abs=1e-4)  # doubles take four off
    # one checker on the 6-point: off in one roll except 1-2, 1-3, 1-4, 2-3 and 1-1 (9 of 36)
    assert db.expected_rolls((0, 0, 0, 0, 0, 1)) == pytest.approx(1.25, abs=1e-4)
    assert np.allclose(db.distribution((0, 0, 0, 0, 0, 1))[:3], [0, 27 / 36, 9 / 36], atol=1e-4)
    # two on the 6-point: in one roll only with 3-3, 4-4, 5-5 or 6-6
    assert db.distribution((0, 0, 0, 0, 0, 2))[1] == pytest.approx(4 / 36, abs=1e-4)
    assert db.expected_rolls((0, 0, 0, 0, 0, 2)) == pytest.approx(float(exact_expected_rolls((0, 0, 0, 0, 0, 2))), abs=1e-4)


def test_expected_rolls_match_an_independent_exact_solver():
    db = default_database()
    for c in small(3) + [(0, 0, 0, 0, 0, 4), (3, 0, 0, 2, 0, 0), (1, 1, 1, 1, 1, 0)]:
        assert db.expected_rolls(c) == pytest.approx(float(exact_expected_rolls(c)), abs=2e-4), c


def test_race_probabilities_from_two_distributions():
    db = default_database()
    # a 6 to bear off against a sure thing: 27/36
    p = db.probabilities((0, 0, 0, 0, 0, 1), (1, 0, 0, 0, 0, 0))
    assert p[0] == pytest.approx(0.75, abs=1e-4) and p[1] == p[3] == 0.0
    # on roll with one checker left against 15: a gammon for sure
    p = db.probabilities((1, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 15))
    assert p[0] == pytest.approx(1.0) and p[1] == pytest.approx(1.0)
    # the other way round: lost, and gammoned unless a checker comes off first
    # (15 on the 6-point bear a checker off at once with a 6, 1-5, 2-4, 2-2 or 3-3: 17 of 36)
    p = db.probabilities((0, 0, 0, 0, 0, 15), (1, 0, 0, 0, 0, 0))
    assert p[0] == pytest.approx(0.0) and p[3] == pytest.approx(19 / 36, abs=1e-4) and p[4] == 0.0
    for a, b in [((2, 1, 0, 0, 1, 0), (0, 3, 0, 0, 0, 0)), ((0, 0, 0, 1, 1, 1), (0, 0, 2, 0, 0, 0))]:
        assert db.probabilities(a, b)[0] == pytest.approx(two_sided_win(a, b), abs=2e-3)


@functools.lru_cache(maxsize=None)
def two_sided_win(a: Home, b: Home) -> float:
    """Exact chance of winning for the side on roll, both playing to win."""
    return sum(float(w) * max(1.0 if not any(x) else 1.0 - two_sided_win(b, x) for x in outs) for w, outs in zip(WEIGHTS, boards_after(a)))


# -- the computer's bear-off ----------------------------------------------------------------------
def _check_choices(pairs, choose) -> Tuple[int, float]:
    """Every roll's choice against the exact two-sided equities; returns the
    number of decisions that had a choice and the worst loss."""
    decisions, worst = 0, 0.0
    for a, b in pairs:
        pos = home_position(a, b)
        for roll, outs in zip(ROLLS, boards_after(a)):
            if len(outs) < 2:
                continue
            decisions += 1
            values: Dict[Home, float] = {x: after_value(x, b) for x in outs}
            chosen = pos.apply(choose(pos, roll)).on_roll_counts()[:6]
            worst = max(worst, max(values.values()) - values[chosen])
    return decisions, worst


def _rank_choice(pos: Position, roll: Tuple[int, int]):
    return race.rank_bearoff(pos, roll)[0][0]


def test_bearoff_plays_are_never_wrong_against_exact_two_sided_values():
    """Up to three checkers a side: every roll of 60 pairs of positions drawn
    at random (the slow test below takes them all)."""
    sides = small(3)
    rng = np.random.default_rng(5)
    pairs = [(sides[i], sides[j]) for i, j in rng.integers(0, len(sides), size=(60, 2))]
    decisions, worst = _check_choices(pairs, _rank_choice)
    assert decisions > 300 and worst < 1e-9


def test_four_checkers_a_side_play_from_the_exact_two_sided_table():
    # here the one-sided database alone would play 2/1 4/2 (needing the fewest
    # rolls on average); 4/3 4/2 wins more often against this opponent
    a, b = (0, 0, 0, 2, 1, 0), (0, 0, 0, 1, 2, 1)
    pos = home_position(a, b)
    chosen = pos.apply(race.rank_bearoff(pos, (1, 2))[0][0]).on_roll_counts()[:6]
    assert chosen == (0, 1, 1, 0, 1, 0)
    assert (after_value(chosen, b) + 1) / 2 == pytest.approx(0.8158964, abs=1e-6)  # the winning chance
    db = default_database()
    assert db.small is not None and db.small.shape == (210, 210)
    for x, y in [(a, b), ((1, 1, 1, 1, 0, 0), (0, 0, 0, 0, 0, 4)), ((0, 0, 0, 0, 0, 4), (4, 0, 0, 0, 0, 0))]:
        assert db.probabilities(x, y)[0] == pytest.approx(two_sided_win(x, y), abs=1e-6)


@pytest.mark.slow
def test_bearoff_plays_are_never_wrong_with_four_checkers_a_side():
    """150 pairs of positions with four checkers a side, drawn at random: every roll."""
    fours = [c for c in bearoff.all_positions() if sum(c) == 4]
    rng = np.random.default_rng(11)
    pairs = [(fours[i], fours[j]) for i, j in rng.integers(0, len(fours), size=(150, 2))]
    decisions, worst = _check_choices(pairs, _rank_choice)
    assert decisions > 1_000 and worst < 1e-9


@pytest.mark.slow
def test_bearoff_plays_are_never_wrong_up_to_three_checkers_a_side():
    """Up to three checkers a side: every roll of every pair of positions."""
    pairs = [(a, b) for a in small(3) for b in small(3)]

    def choose(pos: Position, roll: Tuple[int, int]):
        return race.rank_bearoff(pos, roll)[0][0]

    decisions, worst = _check_choices(pairs, choose)
    assert decisions > 10_000 and worst < 1e-9


@pytest.mark.slow
def test_gammon_saving_and_gammon_winning_plays_are_exact():
    """A side with all 15 checkers on its 1- and 2-points (so the brute force
    stays small) against up to two checkers: both sides' choices, gammons counted."""
    big = [c for c in bearoff.all_positions() if sum(c) == 15 and not any(c[2:])]
    pairs = [(a, b) for a in small(2) for b in big] + [(b, a) for a in small(2) for b in big]

    def choose(pos: Position, roll: Tuple[int, int]):
        return race.rank_bearoff(pos, roll)[0][0]

    decisions, worst = _check_choices(pairs, choose)
    assert decisions > 100 and worst < 1e-9


@pytest.mark.parametrize("level", ["beginner", "intermediate", "expert"])
def test_every_level_bears_off_with_the_database(level):
    bot = get_bot(level, seed=7)
    rng = np.random.default_rng(1)
    sides = small(3)
    pairs = [(sides[i], sides[j]) for i, j in rng.integers(0, len(sides), size=(15, 2))]
    decisions, worst = _check_choices(pairs, bot.choose_play)
    assert decisions > 50 and worst < 1e-9
    # the network's view is replaced too: ranking, evaluation and the cube
    pos = home_position((0, 0, 0, 0, 0, 1), (1, 0, 0, 0, 0, 0))
    assert bot.evaluate(pos)[0] == pytest.approx(0.75, abs=1e-4)


def test_cube_and_resignation_answers_use_the_database():
    # the network alone gives the doubler 0.84 here (a pass); the database 0.777 (a take)
    doubler, taker = (0, 2, 1, 9, 3, 0), (1, 0, 3, 1, 4, 6)
    seen_by_taker = home_position(taker, doubler)
    db = default_database()
    assert db.probabilities(doubler, taker)[0] == pytest.approx(0.777, abs=1e-3)
    for level in ("intermediate", "expert"):
        bot = get_bot(level)
        assert bot.should_take(seen_by_taker)
    # a sure gammon: a gammon's resignation is enough, a single is not
    winner = home_position((1, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 15))
    bot = get_bot("expert")
    assert bot.evaluate(winner)[1] == pytest.approx(1.0)
    assert bot.accepts_resignation(winner, "gammon") and not bot.accepts_resignation(winner, "single")
