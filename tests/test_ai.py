"""The computer players: encoding, network, bots, cube, training, pubeval."""

import random
import subprocess
import sys

import numpy as np
import pytest

from engine import Position, get_bot, legal_plays
from engine.ai import cube
from engine.ai.encode import N_INPUTS, boards, encode, shot_chance
from engine.ai.network import Network, equity, flip
from support import ROOT, random_positions


def test_encoding_of_the_initial_position_by_hand():
    x = encode(*boards([Position.initial()]))[0]
    assert x.shape == (N_INPUTS,)
    # my 6-point: 5 checkers -> units 1, 1, 1, (5-3)/2 at (6-1)*4
    assert list(x[20:24]) == [1, 1, 1, 1]
    # my 24-point: 2 checkers
    assert list(x[92:96]) == [1, 1, 0, 0]
    # my 1-point: empty
    assert list(x[0:4]) == [0, 0, 0, 0]
    assert x[96] == 0 and x[97] == 0  # bar, off
    assert x[98 + 20 : 98 + 24].tolist() == [1, 1, 1, 1]  # their 6-point
    assert x[196] == pytest.approx(1.67) and x[197] == pytest.approx(1.67)
    assert x[198] == 0  # no blots to hit
    assert x[199] == 1  # contact


def test_shot_chance_counts_direct_and_combination_shots():
    # my checker on my 8-point; their blot on my 2-point (their 23-point): distance 6
    me = [0] * 25
    me[7] = 1
    me[0] = 14  # 14 checkers on my 1-point stay out of reach
    them = [0] * 25
    them[22] = 1
    them[0] = 14  # their 1-point = my 24-point, behind me
    pos = Position(me, them)
    chance = shot_chance(*boards([pos]))[0]
    # rolls that travel 6: any 6 (11 rolls), 5-1, 4-2 (4 rolls), 3-3, 2-2 (2 rolls) -> 17/36
    assert chance == pytest.approx(17 / 36)


def test_network_outputs_are_consistent_probabilities():
    net = Network.random(16, seed=1)
    x = encode(*boards(random_positions(30)))
    p = net.forward(x)
    assert p.shape == (30, 5)
    assert np.all(p >= 0) and np.all(p <= 1)
    assert np.all(p[:, 1] <= p[:, 0]) and np.all(p[:, 2] <= p[:, 1])
    assert np.all(p[:, 3] <= 1 - p[:, 0]) and np.all(p[:, 4] <= p[:, 3])
    assert np.allclose(equity(flip(p)), -equity(p))
    assert np.allclose(flip(flip(p)), p)


def test_network_save_and_load_round_trip(tmp_path):
    net = Network.random(8, seed=2)
    net.save(tmp_path / "w.npz")
    back = Network.load(tmp_path / "w.npz")
    x = encode(*boards([Position.initial()]))
    assert np.allclose(net.forward(x), back.forward(x))


@pytest.mark.parametrize("level", ["random", "beginner", "intermediate", "expert"])
def test_bots_choose_legal_plays(level):
    bot = get_bot(level, seed=5)
    rng = random.Random(level)
    for pos in random_positions(12 if level == "expert" else 40):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        play = bot.choose_play(pos, dice)
        legal = legal_plays(pos, dice)
        if legal:
            assert pos.apply(play) in {pos.apply(p) for p in legal}
        else:
            assert play == ()


def test_the_network_sees_gammons_in_lopsided_races():
    """Races far from the self-play games, where the network once saw no
    gammon (GNU Backgammon's 2-ply: a gammon 0.77, a backgammon 1.00 twice)."""
    net = Network.load()
    # my ten checkers home, theirs on their 10- to 12-points: mostly a gammon
    far_behind = _home([6] * 5 + [5] * 5, [12] * 5 + [11] * 5 + [10] * 5)
    # my last one or two checkers bear off next roll; theirs are all in my home board: a backgammon
    backgammon = _home([1], [19] * 5 + [20] * 5 + [21] * 5)
    two_left = _home([1, 2], [19] * 5 + [20] * 5 + [21] * 5)
    p = net.evaluate_boards(*boards([far_behind, backgammon, two_left]))
    assert p[0, 1] > 0.6 and p[1, 2] > 0.8 and p[2, 2] > 0.8


def test_rank_plays_is_sorted_and_complete():
    bot = get_bot("expert")
    pos = Position.initial()
    ranked = bot.rank_plays(pos, (3, 1))
    assert len(ranked) == len(legal_plays(pos, (3, 1)))
    # the candidates looked at more deeply come first, in order
    assert ranked[0][1] >= ranked[1][1]


def test_hint_values_are_one_scale_and_never_rise_down_the_list():
    """The defect: a 3-1 opening hint read "1. 8/5 6/5 +0.137, 2. 24/21 24/23
    -0.032, 3. 24/20 -0.002": a searched value above a 0-ply one ranked after it."""
    from engine.ai import race, search
    from engine.ai.bots import SHOWN
    from engine.moves import legal_leaves

    bot = get_bot("expert")
    positions = [(Position.initial(), (3, 1)), (Position.initial(), (2, 1)), (Position.initial(), (6, 6))]
    rng = random.Random(5)
    positions += [(p, (rng.randint(1, 6), rng.randint(1, 6))) for p in random_positions(6, seed=11)]
    for pos, dice in positions:
        ranked = bot.rank_plays(pos, dice)
        values = [e for _, e in ranked]
        assert values == sorted(values, reverse=True), (pos, dice)
        if len(ranked) < 2 or not pos.is_contact():
            continue
        # the plays the search took two rolls deep lead the list, their differences the search's own;
        # the others follow, valued one roll deep (lowered where needed to stay below them)
        keys = {leaf[0]: key for key, leaf in legal_leaves(pos, dice).items()}
        evaluator = lambda me, them: race.evaluate_boards(bot.net.evaluate_boards, me, them)  # noqa: E731
        one = search.one_ply(evaluator, [keys[play] for play, _ in ranked[: bot.candidates]])
        by_one = sorted(zip([p for p, _ in ranked[: bot.candidates]], one), key=lambda t: -t[1])
        deep_set = [p for p, v in by_one[: bot.deep_candidates] if v >= by_one[0][1] - bot.deep_margin]
        if len(deep_set) > 1:
            deep = search.two_ply(evaluator, [keys[p] for p in deep_set], bot.prune, bot.deep_budget)
            searched = deep_set[: len(deep)]
            if len(searched) > 1:
                shown = dict(ranked)
                assert {p for p, _ in ranked[: len(searched)]} == set(searched)
                for (a, va), (b, vb) in zip(zip(searched, deep), zip(searched[1:], deep[1:])):
                    assert round(shown[a] - shown[b], 6) == round(float(va - vb), 6)
        assert len(ranked) >= SHOWN or len(ranked) == len(keys)
    top3 = [e for _, e in bot.rank_plays(Position.initial(), (3, 1))[:3]]
    assert top3[0] > top3[1] >= top3[2]


def test_opening_three_one_makes_the_five_point():
    for level in ("intermediate", "expert"):
        play = get_bot(level, seed=1).choose_play(Position.initial(), (3, 1))
        assert sorted(play) == [(6, 5), (8, 5)], level


def test_bots_bear_off_the_last_checkers_to_win():
    me = [1, 1] + [0] * 23  # checkers on my 1- and 2-points
    them = [0] * 5 + [5, 0, 5, 0, 0, 0, 0, 5] + [0] * 12
    pos = Position(me, them)
    for level in ("beginner", "intermediate", "expert"):
        for seed in range(10):
            play = get_bot(level, seed=seed).choose_play(pos, (6, 5))
            assert pos.apply(play).borne_off[0] == 15


@pytest.mark.parametrize("level", ["beginner", "intermediate"])
def test_the_lower_levels_err_but_never_absurdly(level):
    """The noise of the two lower levels makes them miss the best play at
    times, but neither chooses a play its evaluator rates worse than the
    best by more than its limit, so a plainly right hit or point is not
    thrown away; the beginner errs more, and further, than the intermediate."""
    bot = get_bot(level, seed=11)
    rng = random.Random(4)
    missed = 0
    for pos in random_positions(60, seed=9):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        ranked = bot.rank_plays(pos, dice)
        if len(ranked) < 2:
            continue
        chosen = bot.choose_play(pos, dice)
        score = {pos.apply(p): e for p, e in ranked}[pos.apply(chosen)]
        assert score >= ranked[0][1] - bot.max_loss
        missed += score < ranked[0][1]
    assert missed > 0  # the noise does make it play differently
    beginner, intermediate, expert = (get_bot(name) for name in ("beginner", "intermediate", "expert"))
    assert beginner.noise > intermediate.noise > expert.noise == 0
    assert beginner.max_loss > intermediate.max_loss


def test_cube_decisions_follow_the_probabilities():
    strong = np.array([0.80, 0.10, 0.0, 0.02, 0.0])
    weak = np.array([0.55, 0.10, 0.0, 0.08, 0.0])
    huge = np.array([0.97, 0.80, 0.10, 0.0, 0.0])  # too good: play on for the gammon
    assert cube.should_double(strong) and not cube.should_take(strong)
    assert not cube.should_double(weak) and cube.should_take(weak)
    assert not cube.should_double(huge)
    # a borderline take: 70% with few gammons is a double and a take
    border = np.array([0.70, 0.05, 0.0, 0.02, 0.0])
    assert cube.should_double(border) and cube.should_take(border)


def test_match_cube_rules():
    bot = get_bot("intermediate")
    pos = Position.initial()
    assert bot.should_double(pos, match={"crawford": True, "my_away": 3, "their_away": 1}) is False
    assert bot.should_double(pos, match={"crawford": False, "my_away": 3, "their_away": 1}) is True
    assert bot.should_double(pos, match={"crawford": False, "my_away": 1, "their_away": 3}) is False


def _home(me_points, them_points):
    """A bear-off: the side on roll's checkers on ``me_points``, the other's on
    ``them_points`` (each in its own numbering), the rest borne off."""
    me, them = [0] * 25, [0] * 25
    for p in me_points:
        me[p - 1] += 1
    for p in them_points:
        them[p - 1] += 1
    return Position(me, them)


def _match(my_away, their_away, crawford=False):
    return {"crawford": crawford, "my_away": my_away, "their_away": their_away}


@pytest.mark.parametrize("level", ["beginner", "intermediate", "expert"])
def test_match_cube_where_the_cube_already_decides_the_match(level):
    bot = get_bot(level)
    strong = _home([1, 2, 3], [6, 6, 5])  # on roll and far ahead, no gammons: money's double and pass
    assert bot.should_double(strong, 2, "me") and not bot.should_take(strong.swapped(), 2)
    # a win at cube 2 already takes the match: no redouble (the other side would take)
    assert not bot.should_double(strong, 2, "me", match=_match(2, 5))
    assert bot.should_double(strong, 2, "me", match=_match(3, 5))  # it does not yet: money
    # a pass at cube 2 would give the doubler the match: take
    assert bot.should_take(strong.swapped(), 2, match=_match(5, 2))
    assert not bot.should_take(strong.swapped(), 2, match=_match(5, 3))
    # the other side's win at cube 2 already takes the match: redouble at once ...
    start = Position.initial()
    assert not bot.should_double(start, 2, "me")
    assert bot.should_double(start, 2, "me", match=_match(5, 2))
    assert not bot.should_double(start, 2, "opponent", match=_match(5, 2))  # not its cube
    # ... unless playing on for the gammon is worth more than their pass
    gammon = Position([1] + [0] * 24, [0] * 18 + [15] + [0] * 6)
    assert cube.too_good(bot.evaluate_before_roll(gammon))
    assert not bot.should_double(gammon, 2, "me", match=_match(5, 2))
    # a resignation that takes the match is accepted, whatever the position
    assert not bot.accepts_resignation(gammon, "single", 2)
    assert bot.accepts_resignation(gammon, "single", 2, match=_match(2, 5))
    assert not bot.accepts_resignation(gammon, "single", 1, match=_match(2, 5))


@pytest.mark.parametrize("level", ["random", "expert"])
def test_match_context_errors(level):
    from engine.errors import ArgumentTypeError, InvalidArgumentError

    bot = get_bot(level)
    pos = Position.initial()
    for bad, error in (([3, 5], ArgumentTypeError), ("x", ArgumentTypeError), (_match(0, 3), InvalidArgumentError),
                       (_match("3", 3), ArgumentTypeError), ({"crawford": 2, "my_away": 3, "their_away": 3}, ArgumentTypeError)):
        with pytest.raises(error):
            bot.should_double(pos, match=bad)
        with pytest.raises(error):
            bot.should_take(pos, match=bad)
        with pytest.raises(error):
            bot.accepts_resignation(pos, "single", match=bad)
    for bad_cube, error in (("2", ArgumentTypeError), (0, InvalidArgumentError), (1.5, ArgumentTypeError)):
        with pytest.raises(error):
            bot.should_double(pos, bad_cube)
        with pytest.raises(error):
            bot.should_take(pos, bad_cube)
        with pytest.raises(error):
            bot.accepts_resignation(pos, "single", bad_cube)
    assert issubclass(ArgumentTypeError, ValueError) and issubclass(InvalidArgumentError, ValueError)


def test_resignations_are_accepted_when_they_give_enough():
    bot = get_bot("intermediate")
    # the bot (on roll) has borne off 14; the opponent has all 15 far back: a gammon at least
    me = [1] + [0] * 24
    them = [0] * 18 + [15] + [0] * 6
    pos = Position(me, them)
    assert not bot.accepts_resignation(pos, "single")
    assert bot.accepts_resignation(pos, "backgammon")
    assert bot.accepts_resignation(pos.swapped(), "single")  # a losing bot takes any resignation


@pytest.mark.parametrize("workers", [1, 2])
def test_training_checkpoints_and_resumes(tmp_path, workers):
    """In one process and with the games played by two worker processes."""
    out = tmp_path / "run"
    cmd = [sys.executable, "-m", "engine.ai.train", "--games", "24", "--parallel", "8", "--hidden", "8",
           "--save-every", "8", "--batch", "16", "--out", str(out), "--workers", str(workers)]
    first = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert first.returncode == 0, first.stderr
    assert (out / "ckpt.npz").exists() and (out / "weights-final.npz").exists()
    cmd[cmd.index("24")] = "40"
    second = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert second.returncode == 0, second.stderr
    assert "resumed at" in second.stdout
    assert Network.load(out / "weights-final.npz").meta["games"] >= 40
    trained = Network.load(out / "weights-final.npz")
    assert not np.allclose(Network.random(8, seed=1).w1, trained.w1)  # the games were learnt from


# -- the second encoding and widened networks ------------------------------------

def test_escape_chance_counts_rolls_past_a_blockade():
    """A checker on the 24 behind a 6-prime on 13..18 (the other side's
    7..12): it escapes only by landing below 13, 12+ pips away."""
    from engine.ai.encode import escape_chance

    me = np.zeros((1, 26), dtype=np.float32)
    me[0, 24] = 1
    me[0, 6] = 14
    them = np.zeros((1, 26), dtype=np.float32)
    them[0, 7:13] = 2  # their 7..12 are our 18..13
    them[0, 1] = 3
    # the rolls reaching 12 pips or more from 24 are the doubles 3-3 (12),
    # 4-4 (12, 16), 5-5 (15, 20) and 6-6 (12, 18, 24: 0 is off the board, not a point)
    assert round(float(escape_chance(me, them)[0]) * 36) == 4
    them[0, 7:13] = 0
    them[0, 1] = 15
    assert float(escape_chance(me, them)[0]) == 1.0


def test_longest_prime_and_extras_see_both_sides():
    from engine.ai.encode import N_INPUTS_V2, encode_v2, longest_prime

    me = np.zeros((1, 26), dtype=np.float32)
    me[0, 4:10] = 2  # a full prime 4..9
    me[0, 0] = 3
    assert float(longest_prime(me)[0]) == 6.0
    them = np.zeros((1, 26), dtype=np.float32)
    them[0, 24] = 1
    them[0, 6] = 14
    x = encode_v2(me, them)
    assert x.shape == (1, N_INPUTS_V2)
    assert x[0, 201] == 1.0  # my prime / 6
    assert x[0, 207] == pytest.approx(1.0 / 6.0)  # their longest "prime" is one point


def test_a_widened_network_computes_what_the_original_did():
    from engine.ai.encode import N_INPUTS_V2, boards

    small = Network.random(hidden=12, seed=3)
    big = small.widened(N_INPUTS_V2, 20, seed=4)
    positions = [Position.initial(), Position.from_id("4HPwATDgc/ABMA")]
    me, them = boards(positions)
    assert np.allclose(small.evaluate_boards(me, them), big.evaluate_boards(me, them), atol=1e-6)
    with pytest.raises(ValueError):
        big.widened(200, 20)


# -- the lookahead (engine/ai/search.py) -----------------------------------------

def _keys(position, dice):
    from engine.ai import search

    return search.leaf_keys(position, dice)


def test_search_values_a_finished_game_exactly_at_every_depth():
    """Bearing off the last two checkers wins a gammon here (the loser has
    borne off nothing): 2 points at 0, 1 and 2 rolls deep."""
    from engine.ai import search

    on_roll = [0] * 25
    on_roll[0] = on_roll[1] = 1  # its 1 and 2 points
    opponent = [0] * 25
    opponent[0] = 15  # all on its own 1 point: a gammon, not a backgammon
    pos = Position(on_roll, opponent)
    net = get_bot("expert").net
    keys = [k for k in _keys(pos, (2, 1)) if k[0][0] == 15]
    assert keys
    for f in (search.static, search.one_ply, search.two_ply):
        assert f(net.evaluate_boards, keys).tolist() == [2.0] * len(keys)


def test_one_and_two_ply_average_the_replies_to_all_21_rolls():
    """With an evaluator that values every position the same, the lookahead
    returns that value (it is an average over rolls weighted to 1)."""
    from engine.ai import search

    def flat(me, them):
        p = np.zeros((me.shape[0], 5), dtype=np.float32)
        p[:, 0] = 0.75  # equity 0.5 for the side on roll, whoever it is
        return p

    keys = _keys(Position.initial(), (6, 5))[:2]
    assert np.allclose(search.static(flat, keys), -0.5)
    assert np.allclose(search.one_ply(flat, keys), 0.5)  # the mover on roll again
    assert np.allclose(search.two_ply(flat, keys), -0.5)  # the opponent on roll again
    assert float(search.ROLL_WEIGHTS.sum()) == pytest.approx(1.0)


def test_the_two_roll_expert_picks_a_legal_play_and_ranks_every_play():
    from engine.ai.bots import NetBot

    bot = NetBot("test", lookahead=2)
    pos = Position.initial()
    ranked = bot.rank_plays(pos, (4, 3))
    assert sorted(p for p, _ in ranked) == sorted(legal_plays(pos, (4, 3)))
    assert bot.choose_play(pos, (4, 3)) == ranked[0][0]



def test_an_included_play_is_valued_as_deep_as_the_best():
    """A review's play made (``include``) far down the first look's list is
    searched two rolls deep as the best is, so their difference is the
    search's own; a play that is not legal is ignored."""
    from engine.ai import race, search
    from engine.ai.bots import NetBot
    from engine.moves import legal_leaves

    bot = NetBot("test", lookahead=2, deep_candidates=2, deep_margin=0.5)
    evaluator = lambda me, them: race.evaluate_boards(bot.net.evaluate_boards, me, them)  # noqa: E731
    pos, dice = Position.initial(), (6, 4)
    plain = bot.rank_plays(pos, dice)
    low = plain[-1][0]  # the worst play by far: never searched deep on its own
    ranked = bot.rank_plays(pos, dice, include=(low,))
    values = dict(ranked)
    keys = {leaf[0]: key for key, leaf in legal_leaves(pos, dice).items()}
    best = ranked[0][0]
    deep = search.two_ply(evaluator, [keys[best], keys[low]], bot.prune)
    assert round(values[best] - values[low], 6) == round(float(deep[0] - deep[1]), 6)
    assert plain[-1][1] - plain[0][1] != pytest.approx(values[low] - values[best], abs=1e-4)
    assert bot.rank_plays(pos, dice, include=(((24, 14),),)) == plain  # not a legal 6-4

# -- training on lookahead targets (engine/ai/train_ply.py) ------------------------

def test_one_ply_target_of_a_sure_win_is_a_win():
    """Two checkers on the 1 point bear off with every roll: a sure single win
    (the opponent has borne off one checker)."""
    from engine.ai.train_ply import one_ply_target

    on_roll = [0] * 25
    on_roll[0] = 2
    opponent = [0] * 25
    opponent[5] = 14
    target = one_ply_target(get_bot("expert").net, Position(on_roll, opponent))
    assert target.tolist() == pytest.approx([1.0, 0.0, 0.0, 0.0, 0.0])


def test_one_ply_target_averages_the_rolls():
    """One checker on the 6 point; the opponent bears off its last checker
    next turn.  The side on roll wins exactly with the rolls that carry one
    checker 6 pips: 22 non-doubles summing to 6 or more and the doubles 2-2
    to 6-6, 27 of 36; after the other rolls the network sees a lost race."""
    from engine.ai.train_ply import one_ply_target

    on_roll = [0] * 25
    on_roll[5] = 1
    opponent = [0] * 25
    opponent[0] = 1
    target = one_ply_target(get_bot("expert").net, Position(on_roll, opponent))
    assert abs(float(target[0]) - 27 / 36) < 0.02
    assert float(target[1]) < 0.01  # the opponent has borne off 14: no gammon either way


def test_fit_lowers_the_loss_on_its_data():
    from engine.ai.train_ply import fit

    net = Network.random(hidden=8, seed=1)
    rng = np.random.default_rng(0)
    x = rng.random((400, N_INPUTS), dtype=np.float32)
    y = np.tile(np.array([0.9, 0.2, 0.01, 0.05, 0.0], dtype=np.float32), (400, 1))
    before = float(np.abs(net.forward(x) - y).mean())
    trained = fit(net, x, y, epochs=3, lr=1e-2, batch=32)
    assert float(np.abs(trained.forward(x) - y).mean()) < before / 2


# -- cube decisions and resignation answers one roll deep -----------------------

def test_before_roll_averages_the_best_play_of_each_roll():
    """With an evaluator that gives the side on roll 75% whatever the
    position, every play leaves the opponent on roll at 75%: the mover 25%."""
    from engine.ai import search

    def flat(me, them):
        p = np.zeros((me.shape[0], 5), dtype=np.float32)
        p[:, 0] = 0.75
        return p

    probs = search.before_roll(flat, [Position.initial(), Position.initial().swapped()])
    assert probs.shape == (2, 5)
    assert probs.tolist() == [pytest.approx([0.25, 0.0, 0.0, 0.0, 0.0])] * 2
    assert search.before_roll(flat, []).shape == (0, 5)


def _self_play_positions(count, seed):
    from engine.moves import apply_steps

    bot = get_bot("intermediate", seed=seed)
    rng = np.random.default_rng(seed)
    positions, pos = [], Position.initial()
    while len(positions) < count:
        dice = tuple(int(d) for d in rng.integers(1, 7, size=2))
        pos = apply_steps(pos, bot.choose_play(pos, dice))
        if pos.borne_off[0] == 15:
            pos = Position.initial()
            continue
        pos = pos.swapped()
        if pos.is_contact():
            positions.append(pos)
    return positions


def test_the_expert_doubles_and_takes_on_its_one_roll_estimate():
    """The expert's cube looks one roll ahead, the intermediate's does not;
    among self-play positions some decisions differ between the two estimates."""
    from engine.ai import race, search

    expert, intermediate = get_bot("expert"), get_bot("intermediate")
    differ = 0
    for pos in _self_play_positions(120, seed=5):
        shallow = expert.evaluate(pos)
        deep = expert.evaluate_before_roll(pos)
        # the bot's evaluator: the network, and the bear-off database where both sides are home
        evaluator = lambda me, them: race.evaluate_boards(expert.net.evaluate_boards, me, them)  # noqa: E731
        assert np.allclose(deep, search.before_roll(evaluator, [pos])[0], atol=1e-6)
        assert np.allclose(intermediate.evaluate_before_roll(pos), shallow)
        for owner in ("centre", "me"):
            assert expert.should_double(pos, owner=owner) == cube.should_double(deep, owner=owner)
            assert intermediate.should_double(pos, owner=owner) == cube.should_double(shallow, owner=owner)
            differ += cube.should_double(deep, owner=owner) != cube.should_double(shallow, owner=owner)
        taker = pos.swapped()
        assert expert.should_take(taker) == cube.should_take(deep)
        assert intermediate.should_take(taker) == cube.should_take(shallow)
        differ += cube.should_take(deep) != cube.should_take(shallow)
    assert differ > 0


def test_a_resignation_is_judged_with_the_resigning_side_on_roll():
    """The side resigning is on turn, with all 15 checkers on its 1 point;
    the bot has one left on its own.  The resigner's first roll bears
    checkers off, so it saves the gammon for sure, though the bot would bear
    off first were the bot on roll."""
    resigner = Position([15] + [0] * 24, [1] + [0] * 24)
    seen_by_bot = resigner.swapped()
    for level in ("beginner", "intermediate", "expert"):
        bot = get_bot(level)
        assert bot.accepts_resignation(seen_by_bot, "single")
        assert float(equity(bot.evaluate(seen_by_bot))) == pytest.approx(2.0)  # on roll it would win a gammon
