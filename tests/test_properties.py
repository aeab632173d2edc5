"""Property tests over random reachable positions and rolls.

Positions come from random games: a hypothesis-drawn seed plays random legal
plays from the start, and a hypothesis-drawn ply picks a position along the
way (a game is cached per seed, so the tests stay fast).  Where a property
needs to know what the rules allow, it asks a small brute-force reading of the
rules written here, independently of the engine's move generator.
"""

import itertools
import random
from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Position, Turn, format_play, legal_plays, parse_play, successors

SEEDS = 120  # distinct random games to draw positions from
MAX_PLY = 200


@lru_cache(maxsize=None)
def game_positions(seed):
    """Every position (seen from the player on roll) of one random game,
    stopping before the winning play."""
    rng = random.Random(seed)
    pos = Position.initial()
    out = [pos]
    while len(out) <= MAX_PLY:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        options = successors(pos, dice)
        if options:
            _, after = rng.choice(options)
            if after.borne_off[0] == 15:
                break
            pos = after.swapped()
        else:
            pos = pos.swapped()
        out.append(pos)
    return tuple(out)


@st.composite
def positions(draw):
    seed = draw(st.integers(0, SEEDS - 1))
    ply = draw(st.integers(0, MAX_PLY))
    line = game_positions(seed)
    return line[min(ply, len(line) - 1)]


dice_rolls = st.tuples(st.integers(1, 6), st.integers(1, 6))


# -- the rules, brute force ------------------------------------------------------------
def single_steps(me, opp, d):
    """Every single step with die ``d``: yields (from, to, me', opp').  ``me``:
    the mover's 26 slots (0 off, 1..24, 25 bar); ``opp``: the opponent's, in its
    own numbering."""
    sources = [25] if me[25] else [p for p in range(24, 0, -1) if me[p]]
    all_home = not any(me[7:26])
    for p in sources:
        t = p - d
        if t >= 1:
            if opp[25 - t] >= 2:
                continue
            m, o = list(me), list(opp)
            m[p] -= 1
            m[t] += 1
            if o[25 - t] == 1:
                o[25 - t] = 0
                o[25] += 1
            yield p, t, tuple(m), tuple(o)
        elif all_home and (t == 0 or not any(me[q] for q in range(p + 1, 7))):
            m = list(me)
            m[p] -= 1
            m[0] += 1
            yield p, 0, tuple(m), tuple(opp)


def sides(pos):
    me = (pos.borne_off[0], *pos.on_roll_counts())
    opp = (pos.borne_off[1], *pos.opponent_counts())
    return me, opp


def brute_force(pos, dice):
    """(most dice usable, set of legal resulting positions)."""
    d1, d2 = dice
    orders = [(d1,) * 4] if d1 == d2 else [(d1, d2), (d2, d1)]
    reached = {}  # (depth, first die) -> states
    for order in orders:
        front = {sides(pos)}
        for depth, d in enumerate(order, 1):
            front = {(m, o) for me, opp in front for _, _, m, o in single_steps(me, opp, d)}
            if not front:
                break
            reached.setdefault((depth, order[0]), set()).update(front)
    if not reached:
        return 0, set()
    most = max(depth for depth, _ in reached)
    states = set().union(*(s for (depth, _), s in reached.items() if depth == most))
    if most == 1 and d1 != d2 and (1, max(dice)) in reached:
        states = reached[(1, max(dice))]
    return most, {Position([*m[1:]], [*o[1:]]) for m, o in states}


def step_by_step(pos, play, dice):
    """Is there an assignment of the dice under which every step of ``play`` is
    a legal single step at the moment it is made?  Returns the positions along
    the way, or None."""
    pool = list(dice) * (2 if dice[0] == dice[1] else 1)
    for assignment in set(itertools.permutations(pool, len(play))):
        me, opp = sides(pos)
        path = []
        for (frm, to), d in zip(play, assignment):
            for f, t, m, o in single_steps(me, opp, d):
                if (f, t) == (frm, to):
                    path.append((me, opp))
                    me, opp = m, o
                    break
            else:
                break
        else:
            return path
    return None


def test_brute_force_agrees_with_hand_worked_examples():
    initial = Position.initial()
    most, results = brute_force(initial, (3, 1))
    assert most == 2 and len(results) == 16
    assert initial.apply(((8, 5), (6, 5))) in results
    most, results = brute_force(initial, (6, 6))
    assert most == 4 and initial.apply(((24, 18), (24, 18), (13, 7), (13, 7))) in results


# -- properties ---------------------------------------------------------------------------
@pytest.mark.slow
@settings(max_examples=120, deadline=None)
@given(positions(), dice_rolls)
def test_fifteen_checkers_a_side_after_every_play(pos, dice):
    for side in (pos, pos.swapped()):
        assert sum(side.on_roll_counts()) + side.borne_off[0] == 15
    for play, after in successors(pos, dice):
        assert pos.apply(play) == after
        for side in (after, after.swapped()):
            assert sum(side.on_roll_counts()) + side.borne_off[0] == 15
            assert all(n >= 0 for n in side.on_roll_counts())


@pytest.mark.slow
@settings(max_examples=120, deadline=None)
@given(positions(), dice_rolls)
def test_no_play_lands_on_or_passes_through_a_blocked_point(pos, dice):
    for play in legal_plays(pos, dice):
        # every stop, including a checker's intermediate stops, is checked
        # against the board at the moment the step is made
        board = pos
        for frm, to in play:
            if to:
                assert board.checkers(to) >= -1, f"{format_play(pos, play)} lands on a blocked {to}"
            board = board.apply(((frm, to),))
        # and each step is a legal single step for one of the dice
        assert step_by_step(pos, play, dice) is not None, format_play(pos, play)


@pytest.mark.slow
@settings(max_examples=120, deadline=None)
@given(positions(), dice_rolls)
def test_no_legal_play_uses_fewer_dice_than_another(pos, dice):
    plays = legal_plays(pos, dice)
    most, _ = brute_force(pos, dice)
    assert {len(p) for p in plays} <= {most}
    assert bool(plays) == (most > 0)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(positions(), dice_rolls.filter(lambda d: d[0] != d[1]))
def test_larger_die_rule(pos, dice):
    plays = legal_plays(pos, dice)
    if not plays or len(plays[0]) != 1:
        return
    me, opp = sides(pos)
    high, low = max(dice), min(dice)
    with_high = {Position([*m[1:]], [*o[1:]]) for _, _, m, o in single_steps(me, opp, high)}
    with_low = {Position([*m[1:]], [*o[1:]]) for _, _, m, o in single_steps(me, opp, low)}
    got = {pos.apply(p) for p in plays}
    assert got == (with_high if with_high else with_low)


@pytest.mark.slow
@settings(max_examples=120, deadline=None)
@given(positions(), dice_rolls)
def test_legal_plays_are_exactly_the_rules(pos, dice):
    _, expected = brute_force(pos, dice)
    assert {after for _, after in successors(pos, dice)} == expected


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(positions(), dice_rolls)
def test_position_id_round_trip(pos, dice):
    for p in [pos, pos.swapped()] + [after for _, after in successors(pos, dice)[:20]]:
        text = p.to_id()
        assert len(text) == 14
        assert Position.from_id(text) == p
        assert Position.from_id(text).to_id() == text
        assert eval(repr(p), {"Position": Position}) == p


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(positions(), dice_rolls)
def test_parse_of_format_gives_the_play_back(pos, dice):
    for play in legal_plays(pos, dice):
        text = format_play(pos, play)
        assert parse_play(pos, text, dice) == play, text


@settings(max_examples=120, deadline=None)
@given(positions(), dice_rolls)
def test_legal_plays_are_distinct_and_deterministic(pos, dice):
    pairs = successors(pos, dice)
    plays = [p for p, _ in pairs]
    assert len(set(plays)) == len(plays)
    assert len({after for _, after in pairs}) == len(pairs)
    assert legal_plays(pos, dice) == plays
    flipped = successors(pos, (dice[1], dice[0]))
    assert {a for _, a in flipped} == {a for _, a in pairs}


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(positions(), dice_rolls)
def test_legal_plays_can_be_made_step_by_step(pos, dice):
    """A Turn accepts the steps of a legal play one by one (up to 8 plays per
    example, spread over the list, to keep the test fast)."""
    plays = legal_plays(pos, dice)
    for play in plays[:: max(1, len(plays) // 8)]:
        turn = Turn(pos, dice)
        for frm, to in play:
            turn.step(frm, to)
        assert turn.complete and turn.position == pos.apply(play)
        assert turn.play == play
