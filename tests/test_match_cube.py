"""The cube at the match score: the match equity table (engine.match_equity)
and the double / take / too-good decisions in match-winning chances
(engine.ai.matchcube), in the computer players, the review and the tutor.

The expected decisions are worked out from the table by hand (see each
test), not read back from the code."""

import subprocess
import sys

import numpy as np
import pytest

import engine
from engine import FixedDice, Match, match_equity
from engine.ai import cube, matchcube, met
from engine.analysis import Kind, Label, analyse_match
from engine.errors import ArgumentTypeError, BackgammonError, InvalidArgumentError
from engine.match import set_up_game
from support import ROOT, board


def _probs(win, gammons=0.0, their_gammons=0.0):
    """Cubeless probabilities: ``gammons`` and ``their_gammons`` are shares
    of all games (no backgammons)."""
    return np.array([win, gammons, 0.0, their_gammons, 0.0])


def _score(my_away, their_away, crawford=False):
    return {"crawford": crawford, "my_away": my_away, "their_away": their_away}


def _take_point(doubler_away, taker_away, gammons=0.0, contact=True):
    """The taker's least winning chance that still takes (to 1e-4), from
    ``matchcube.should_take``; ``taker_away`` None: money play."""
    lo, hi = 0.0, 1.0  # the doubler's chance: takes at lo, passes at hi
    for _ in range(40):
        p = (lo + hi) / 2
        probs = _probs(p, gammons * p)
        if taker_away is None:
            takes = cube.should_take(probs, contact)
        else:
            takes = matchcube.should_take(probs, _score(taker_away, doubler_away), 1, contact)
        lo, hi = (p, hi) if takes else (lo, p)
    return 1.0 - lo


# -- the table ---------------------------------------------------------------------
def test_the_table_is_symmetric_and_ordered():
    n = 40  # past the table's 25-away, into its extension
    for a in range(1, n + 1):
        assert match_equity(a, a) == pytest.approx(0.5, abs=1e-12)
        for b in range(1, n + 1):
            value = match_equity(a, b)
            assert 0.0 < value < 1.0
            assert value + match_equity(b, a) == pytest.approx(1.0, abs=1e-6)
            if b < n:
                assert value < match_equity(a, b + 1)  # the further the other side, the better
            if a < n:
                assert value > match_equity(a + 1, b)  # the further this side, the worse


def test_the_published_figures():
    # Kazaross-XG2: 2-away against 4-away 66.87%, the Crawford game 1-away
    # against 2-away 67.74%, 3-away against 4-away 57.15%
    assert match_equity(2, 4) == pytest.approx(0.6687, abs=1e-6)
    assert match_equity(4, 2) == pytest.approx(0.3313, abs=1e-6)
    assert match_equity(1, 2) == pytest.approx(0.67736, abs=1e-6)
    assert match_equity(3, 4) == pytest.approx(0.5715, abs=1e-6)
    assert match_equity(1, 1) == 0.5
    assert match_equity(25, 1) == pytest.approx(1 - 0.99905, abs=1e-6)
    assert "Kazaross" in (met.__doc__ or "") and len(met._PRE) == met.SIZE == 25
    assert all(len(row) == 25 for row in met._PRE) and len(met._POST) == 25


def test_the_post_crawford_column():
    post = [match_equity(n, 1, post_crawford=True) for n in range(1, 41)]
    assert post[0] == 0.5 and all(a > b > 0 for a, b in zip(post, post[1:]))
    assert match_equity(2, 1, post_crawford=True) == pytest.approx(0.48803, abs=1e-6)
    assert match_equity(1, 2, post_crawford=True) == pytest.approx(1 - 0.48803, abs=1e-6)
    # the trailer 3-away doubles at once: a single win takes it to 1-away each,
    # a gammon wins the match, as for the 2-away trailer in the Crawford game
    assert match_equity(3, 1, post_crawford=True) == pytest.approx(match_equity(2, 1), abs=1e-6)
    # the free drop: the trailer 2-away is hardly better off than 1-away
    # (the leader passes its double when behind), 4-away than 3-away
    assert 0.5 - post[1] < 0.02 and post[2] - post[3] < 0.02
    assert post[1] - post[2] > 0.1  # but 3-away is much worse than 2-away
    # before the Crawford game, a side 1-away is the Crawford game
    assert match_equity(2, 1) != match_equity(2, 1, post_crawford=True)


@pytest.mark.parametrize("args, error", [
    ((0, 3), InvalidArgumentError), ((3, 0), InvalidArgumentError), ((-1, 2), InvalidArgumentError),
    ((True, 3), ArgumentTypeError), ((3, False), ArgumentTypeError), ((2.0, 3), ArgumentTypeError),
    (("2", 3), ArgumentTypeError), ((None, 3), ArgumentTypeError),
    ((2, 3, True), InvalidArgumentError),  # after the Crawford game a side is 1-away
    ((1, 3, "yes"), ArgumentTypeError), ((1, 3, None), ArgumentTypeError),
])
def test_bad_arguments_raise_the_engines_errors(args, error):
    with pytest.raises(error) as caught:
        match_equity(*args)
    assert isinstance(caught.value, BackgammonError) and isinstance(caught.value, ValueError)


def test_match_equity_is_public_and_the_game_never_loads_gnubg():
    assert engine.match_equity is met.match_equity and "match_equity" in engine.__all__
    code = ("import sys, engine, engine.ai.matchcube, engine.analysis, game.play.tutor; "
            "print('gnubg' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_matchcube_wants_a_match_score():
    with pytest.raises(InvalidArgumentError):
        matchcube.should_double(_probs(0.7), None)
    with pytest.raises(InvalidArgumentError):
        matchcube.should_double(_probs(0.7), _score(3, 3), owner="nobody")
    with pytest.raises(ArgumentTypeError):
        matchcube.should_take(_probs(0.7), _score(3, 3), "2")


# -- decisions at textbook scores ------------------------------------------------------
def test_dmp_and_the_crawford_game_never_double():
    for p in (0.3, 0.6, 0.9):
        # double match point: a win at cube 1 is the match, the cube is dead
        assert not matchcube.should_double(_probs(p), _score(1, 1))
        assert matchcube.should_take(_probs(p), _score(1, 1))  # a pass loses the match
        # the Crawford game: no double for either side
        assert not matchcube.should_double(_probs(p), _score(3, 1, crawford=True))
        assert not matchcube.should_double(_probs(p), _score(1, 3, crawford=True))


def test_two_away_two_away():
    """Once doubled, the cube at 2 decides the match whatever the gammons, and
    a pass leaves the taker 2-away against 1-away (Crawford): it takes with
    at least match_equity(2, 1), 32.3%, gammons or not."""
    score = _score(2, 2)
    need = match_equity(2, 1)
    for gammons in (0.0, 0.2):
        assert matchcube.should_take(_probs(1 - need - 0.005, gammons), score)
        assert not matchcube.should_take(_probs(1 - need + 0.005, gammons), score)
    assert matchcube.should_take(_probs(0.65), score) and not matchcube.should_take(_probs(0.80), score)
    assert _take_point(2, 2) == pytest.approx(need, abs=1e-3)
    # with no gammons, 65% is a double (and a take), 45% no double
    assert matchcube.should_double(_probs(0.65), score)
    assert not matchcube.should_double(_probs(0.45), score)
    # too good: with many gammons (a gammon at cube 1 wins the match) playing on
    # beats the 1-away the pass gives: 0.9 * (0.7 + 0.3 * 0.677) + 0.1 * 0.323 > 0.677
    gammonish = _probs(0.9, 0.63)
    assert matchcube.too_good(gammonish, score) and not matchcube.should_double(gammonish, score)
    assert not matchcube.too_good(_probs(0.9), score) and matchcube.should_double(_probs(0.9), score)


def test_take_points_differ_from_money():
    """With no gammons: the taker 2-away, doubled by a side 3-away, owns a dead
    cube at 2 (its win takes the match); it passes to 2-away each (50%) or takes
    and, losing, is 2-away against 1-away: q + (1 - q) ME(2, 1) = 1/2.  Doubled
    by a side 4-away, a loss leaves 2-away each: q + (1 - q) / 2 = ME(2, 3)."""
    money = _take_point(None, None)
    assert 0.19 < money < 0.22  # the money model's, under 25% with the taker's live cube
    three_two = (0.5 - match_equity(2, 1)) / (1 - match_equity(2, 1))
    four_two = (match_equity(2, 3) - 0.5) / 0.5
    assert _take_point(3, 2) == pytest.approx(three_two, abs=1e-3)
    assert _take_point(4, 2) == pytest.approx(four_two, abs=1e-3)
    assert three_two > money + 0.04 and abs(four_two - money) > 0.005
    # at 4-away each the taker's redouble to 4 makes the game decide the match;
    # with the cube alive its take point lies below the dead cube's
    # (ME(4, 3) - ME(4, 2)) / (ME(2, 4) - ME(4, 2))
    dead = (match_equity(4, 3) - match_equity(4, 2)) / (match_equity(2, 4) - match_equity(4, 2))
    assert _take_point(4, 4) < dead - 0.03


def test_the_post_crawford_trailer_doubles_at_once_unless_too_good():
    """The leader 1-away wins the match with any win whatever the cube, so the
    trailer doubles at once; but 4-away with many gammons (a gammon at cube 1
    takes it to 2-away, 0.488) playing on beats the 3-away a pass gives
    (0.323): 0.9 * (0.85 * 0.488 + 0.15 * 0.323) = 0.42."""
    for p in (0.1, 0.5, 0.9):
        for away in (2, 3, 4, 7):
            assert matchcube.should_double(_probs(p), _score(away, 1))
    gammonish = _probs(0.9, 0.9 * 0.85)
    assert matchcube.too_good(gammonish, _score(4, 1))
    assert not matchcube.should_double(gammonish, _score(4, 1))
    # the leader never doubles
    assert not matchcube.should_double(_probs(0.9), _score(1, 4))


def test_the_free_drop():
    """After the Crawford game the leader 1-away, doubled by the trailer
    2-away: a pass leaves 1-away each (50%), a take plays the game for the
    match, gammons or not.  So it passes where it has less than half; money
    takes with 40%."""
    leader = _score(1, 2)
    assert not matchcube.should_take(_probs(0.60), leader)
    assert not matchcube.should_take(_probs(0.60, 0.2), leader)
    assert cube.should_take(_probs(0.60))
    assert matchcube.should_take(_probs(0.45), leader)
    take, drop = matchcube.take_values(_probs(0.60), leader)
    assert (take, drop) == pytest.approx((0.40, 0.5))
    # the trailer 3-away: a pass leaves it 2-away (the leader 51.2%), a take and
    # a single loss 1-away each (50%): the leader takes from 2.4%
    need = (1 - match_equity(2, 1, post_crawford=True) - 0.5) / 0.5
    assert matchcube.should_take(_probs(1 - need - 0.005), _score(1, 3))
    assert not matchcube.should_take(_probs(1 - need + 0.005), _score(1, 3))


def test_a_cube_whose_win_takes_the_match_is_never_turned():
    # 2-away owning the cube at 2: a win takes the match already
    assert not matchcube.should_double(_probs(0.95), _score(2, 5), 2, "me")
    assert not matchcube.should_double(_probs(0.95), _score(2, 5), 1, "opponent")  # not its cube
    # 3-away owning the cube at 2: a redouble to 4 gives the match with a win;
    # the other side, 5-away, passes (it keeps 15.8% against 1-away Crawford)
    assert matchcube.should_double(_probs(0.95), _score(3, 5), 2, "me")


def test_dead_and_cubeful_mwc():
    score = _score(3, 3)
    probs = _probs(0.6, 0.15, 0.05)
    dead = (0.45 * match_equity(2, 3) + 0.15 * match_equity(1, 3)
            + 0.35 * match_equity(3, 2) + 0.05 * match_equity(3, 1))
    assert matchcube.dead_mwc(probs, score) == pytest.approx(dead)
    # the Crawford game: no cube, so the cubeful MWC is the dead one
    crawford = _score(3, 1, crawford=True)
    assert matchcube.cubeful_mwc(probs, crawford) == pytest.approx(matchcube.dead_mwc(probs, crawford))
    # the cube's owner is better off than the centre, the centre than the other side
    own, centre, other = (matchcube.cubeful_mwc(probs, score, 1, o) for o in ("me", "centre", "opponent"))
    assert own > centre > other
    # equity in units of the cube: winning the cube's points is +1, losing them -1
    assert matchcube.to_equity(match_equity(2, 3), score) == pytest.approx(1.0)
    assert matchcube.to_equity(match_equity(3, 2), score) == pytest.approx(-1.0)


# -- the computer players, the review and the tutor --------------------------------------
# exact bear-offs (both sides all at home, from the database; no gammons)
SIXTY = board({3: 1, 5: 1}, {1: 1, 5: 1})  # the side on roll wins 60.5%
SEVENTY_FIVE = board({5: 1, 6: 1}, {1: 3})  # 75.6%


@pytest.mark.parametrize("level", ["intermediate", "expert"])
def test_the_bots_take_at_the_match_score(level):
    bot = engine.get_bot(level)
    assert bot.evaluate_before_roll(SIXTY)[0] == pytest.approx(0.6051, abs=1e-3)
    assert bot.evaluate_before_roll(SEVENTY_FIVE)[0] == pytest.approx(0.7563, abs=1e-3)
    # money takes both (at most 75.6% against it: more than money's 21.7% in a race)
    assert bot.should_take(SIXTY.swapped()) and bot.should_take(SEVENTY_FIVE.swapped())
    # the post-Crawford leader drops the trailer's 60% double for free
    assert not bot.should_take(SIXTY.swapped(), match=_score(1, 2))
    # 2-away each it needs 32.3%: drop; 2-away doubled by 4-away it needs 19.9%: take
    assert not bot.should_take(SEVENTY_FIVE.swapped(), match=_score(2, 2))
    assert bot.should_take(SEVENTY_FIVE.swapped(), match=_score(2, 4))
    # the double of 75.6% is right 2-away each; the trailer after Crawford doubles at once
    assert bot.should_double(SEVENTY_FIVE, match=_score(2, 2))
    assert bot.should_double(SIXTY.swapped(), match=_score(3, 1))


def _doubled(length, start_score, position, take):
    m = Match(length=length, cube=True, dice=FixedDice([6, 6, 1, 1]))
    m.start_score = start_score
    m.game = set_up_game(position, 0, dice_source=m.dice_source)
    m.game.double()
    m.game.take() if take else m.game.drop()
    return analyse_match(m).decisions


def test_the_review_rates_match_cube_decisions_at_the_score():
    # a single game (money): the take of 75.6% is right
    double, take = _doubled(1, (0, 0), SEVENTY_FIVE, take=True)
    assert (double.label, take.kind, take.best, take.label) == (Label.NONE, Kind.TAKE, "take", Label.NONE)
    # 2-away each it is a drop: the loss, 32.3% - 24.4% in MWC, in units of the
    # cube is 2 * 0.079 / (ME(1, 2) - ME(2, 1)), about 0.45
    double, take = _doubled(3, (1, 1), SEVENTY_FIVE, take=True)
    assert (double.label, take.kind, take.best, take.label) == (Label.NONE, Kind.TAKE, "drop", Label.VERY_BAD)
    expected = 2 * (match_equity(2, 1) - (1 - 0.7563)) / (match_equity(1, 2) - match_equity(2, 1))
    assert take.loss == pytest.approx(expected, abs=0.01)
    double, drop = _doubled(3, (1, 1), SEVENTY_FIVE, take=False)
    assert (drop.kind, drop.label) == (Kind.DROP, Label.NONE)


def test_the_review_rates_the_post_crawford_leaders_take():
    """3-point match, player 0 (2-away) trails player 1 (1-away) after the
    Crawford game: its double is the score's (unrated), player 1's take of
    60.5% against is rated: the free drop was right."""
    decisions = _doubled(3, (1, 2), SIXTY, take=True)
    assert [(d.kind, d.player) for d in decisions] == [(Kind.TAKE, 1)]
    assert (decisions[0].best, decisions[0].label) == ("drop", Label.VERY_BAD)
    assert [d.kind for d in _doubled(3, (1, 2), SIXTY, take=False)] == [Kind.DROP]


def test_the_tutor_speaks_at_the_match_score():
    from game.play.tutor import advice_for_cube

    assert advice_for_cube(Kind.TAKE, SEVENTY_FIVE, "centre") is None  # money: a take
    advice = advice_for_cube(Kind.TAKE, SEVENTY_FIVE, "centre", _score(2, 2))
    assert advice is not None and advice.best == "drop" and advice.label is Label.VERY_BAD
    assert advice_for_cube(Kind.DROP, SEVENTY_FIVE, "centre", _score(2, 2)) is None
    assert advice_for_cube(Kind.DOUBLE, SEVENTY_FIVE, "centre", _score(2, 2)) is None  # a right double
