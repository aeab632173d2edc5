"""analyse_match: a known game with a planted blunder, cube errors, luck,
the per-player summary and progress."""

import pytest

from engine import FixedDice, Match, Position, from_mat, get_bot
from engine.analysis import Judge, Kind, Label, analyse_match, label_for
from engine.match import set_up_game
from support import ROOT, board

# a race: player on roll 69 pips, the other 75 (the expert doubles here, and the other takes)
DOUBLE_TAKE = board({6: 4, 5: 4, 4: 4, 3: 3}, {6: 5, 5: 5, 4: 5})
# a race: 66 pips against 81 (double, and the other should pass)
DOUBLE_PASS = board({6: 3, 5: 4, 4: 4, 3: 4}, {7: 2, 6: 5, 5: 5, 4: 3})

ROLLS = [3, 1, 6, 4, 5, 2, 4, 4, 6, 5, 2, 1, 3, 3, 5, 4]


def test_labels_follow_the_thresholds():
    assert [label_for(x) for x in (0.0, 0.039, 0.04, 0.08, 0.159, 0.16, 2.0)] == [
        Label.NONE, Label.NONE, Label.DOUBTFUL, Label.BAD, Label.BAD, Label.VERY_BAD, Label.VERY_BAD]


def test_a_planted_blunder_is_found_and_labelled():
    """Both sides play the expert's choice, except player 1's second play,
    which is the worst legal play; only that one is labelled."""
    expert = get_bot("expert")
    m = Match(dice=FixedDice(ROLLS))
    g = m.game
    g.roll()
    blunder_turn, turn = None, 0
    while True:
        ranked = expert.rank_plays(g.turn_start, g.dice)
        if g.turn == 1 and blunder_turn is None and turn > 0:
            g.play(ranked[-1][0])
            blunder_turn = len(g.log) - 1
            assert ranked[0][1] - ranked[-1][1] >= 0.16
        else:
            g.play(ranked[0][0])
        turn += 1
        if turn == 6:
            break
        g.roll()
    a = analyse_match(m, ply=1)  # the expert's own ranking: its plays lose nothing
    moves = [d for d in a.decisions if d.kind is Kind.MOVE]
    assert len(moves) == len([e for e in g.log if e.kind == "play"])
    [bad] = [d for d in a.decisions if d.mistake]
    assert bad.entry == blunder_turn and bad.player == 1 and bad.label is Label.VERY_BAD
    assert bad.played == g.log[blunder_turn].text and bad.best != bad.played and bad.loss >= 0.16
    assert a.mistakes() == [a.decisions.index(bad)]
    s0, s1 = a.players
    assert s0.error_rate == 0.0 and s0.labels[Label.VERY_BAD] == 0
    assert s1.labels[Label.VERY_BAD] == 1 and s1.error_rate == pytest.approx(1000 * bad.loss / s1.decisions)
    assert all(0.0 <= d.win <= 1.0 for d in a.decisions)


def _cube_match(position, take):
    m = Match(length=1, cube=True, dice=FixedDice([6, 6, 1, 1]))
    m.game = set_up_game(position, 0, dice_source=m.dice_source)
    m.game.double()
    m.game.take() if take else m.game.drop()
    return m


def test_cube_decisions_are_rated_with_the_cube_model():
    a = analyse_match(_cube_match(DOUBLE_PASS, take=True))
    double, take = a.decisions[:2]
    assert (double.kind, double.player, double.label) == (Kind.DOUBLE, 0, Label.NONE)
    assert (take.kind, take.player, take.best, take.label) == (Kind.TAKE, 1, "drop", Label.VERY_BAD)
    a = analyse_match(_cube_match(DOUBLE_PASS, take=False))
    assert (a.decisions[1].kind, a.decisions[1].label) == (Kind.DROP, Label.NONE)


def test_a_missed_double_is_found():
    m = Match(length=1, cube=True, dice=FixedDice([2, 1]))
    m.game = set_up_game(DOUBLE_TAKE, 0, dice_source=m.dice_source)
    m.game.roll()
    m.game.play(get_bot("expert").rank_plays(m.game.turn_start, (2, 1))[0][0])
    missed, move = analyse_match(m).decisions
    assert (missed.kind, missed.best, missed.player, missed.label) == (Kind.NO_DOUBLE, "double", 0, Label.VERY_BAD)
    assert move.kind is Kind.MOVE and move.label is Label.NONE


@pytest.mark.parametrize("start_score, redouble_rated", [((0, 0), True), ((1, 0), False)])
def test_cube_decisions_the_score_decides_are_not_rated(start_score, redouble_rated):
    """Player 1 doubles, player 0 takes and at once redoubles to 4, player 1
    drops.  In a 3-point match with player 0 2-away, its win at 2 already
    takes the match, so the redouble is never right and a drop loses the
    match: the score decides both, and neither is rated by the money model.
    3-away it is rated as usual."""
    m = Match(length=3, cube=True, dice=FixedDice([6, 5]))
    m.start_score = start_score
    m.game = set_up_game(DOUBLE_TAKE, 1, dice_source=m.dice_source)
    m.game.double()
    m.game.take()
    m.game.roll()
    m.game.play(get_bot("expert").rank_plays(m.game.turn_start, m.game.dice)[0][0])
    m.game.double()
    m.game.drop()
    kinds = [(d.kind, d.player) for d in analyse_match(m).decisions]
    first = [(Kind.DOUBLE, 1), (Kind.TAKE, 0), (Kind.MOVE, 1)]
    assert kinds == first + ([(Kind.DOUBLE, 0), (Kind.DROP, 1)] if redouble_rated else [])


@pytest.mark.parametrize("redouble", [False, True])
def test_a_game_set_up_with_the_cube_at_2_is_replayed_with_it(redouble):
    """Set up (as from a Match ID) with the cube at 2, owned by player 0 on
    roll: a missed redouble is rated with player 0 owning it, and a
    redouble then take leave the cube at 4, owned by player 1."""
    m = Match(length=1, cube=True, dice=FixedDice([2, 1, 6, 5]))
    m.game = set_up_game(DOUBLE_TAKE, 0, cube_value=2, cube_owner=0, dice_source=m.dice_source)
    if redouble:
        m.game.double()
        m.game.take()
    m.game.roll()
    m.game.play(get_bot("expert").rank_plays(m.game.turn_start, m.game.dice)[0][0])
    a = analyse_match(m)
    first = a.decisions[0]
    assert (first.kind, first.player, first.cube_value, first.cube_owner) == (
        (Kind.DOUBLE, 0, 2, 0) if redouble else (Kind.NO_DOUBLE, 0, 2, 0))
    if redouble:
        take, move = a.decisions[1:]
        assert take.kind is Kind.TAKE and move.kind is Kind.MOVE
        assert (move.cube_value, move.cube_owner) == (4, 1)


def _one_roll(dice):
    m = Match(length=1, dice=FixedDice(dice))
    m.game = set_up_game(DOUBLE_TAKE, 0, dice_source=m.dice_source)
    m.game.roll()
    m.game.play(get_bot("expert").rank_plays(m.game.turn_start, dice)[0][0])
    return next(d for d in analyse_match(m).decisions if d.kind is Kind.MOVE)


def test_luck_is_good_for_a_big_double_and_bad_for_a_small_roll():
    big, small = _one_roll([6, 6]), _one_roll([2, 1])
    assert big.luck > 0.1 and small.luck < -0.05
    assert analyse_match(_cube_match(DOUBLE_PASS, True)).players[0].luck == 0.0


@pytest.mark.parametrize("position", [
    Position.initial(),
    # on the bar against a five-point board: 1-1 to 6-6 but the 6s pass
    board({"bar": 1, 13: 5, 8: 4, 6: 5}, {6: 3, 5: 3, 4: 3, 3: 3, 2: 2, 1: 1}),
], ids=["opening", "on the bar"])
def test_luck_averages_to_zero_over_the_rolls(position):
    """A roll's luck is its best play's value less the value before the roll;
    weighted over the 21 rolls the values meet, passes included."""
    from engine.ai.search import ROLL_WEIGHTS, ROLLS

    judge = Judge()
    after = [judge.static_best(position, roll) for roll in ROLLS]
    assert sum(w * a for w, a in zip(ROLL_WEIGHTS, after)) == pytest.approx(judge.equity(position), abs=1e-5)
    assert max(after) - min(after) > 0.2  # the rolls do differ


def test_progress_counts_every_decision_and_a_read_match_is_analysed():
    m = from_mat((ROOT / "tests" / "data" / "golden_3pt.mat").read_text())
    seen = []
    a = analyse_match(m, ply=1, progress=lambda done, total: seen.append((done, total)))
    total = seen[-1][1]
    assert [d for d, _ in seen] == list(range(1, total + 1))
    assert total == 9  # game 1: 2 plays, a double and a drop; game 2: 3 plays; game 3: 2 plays
    assert {d.game for d in a.decisions} == {1, 2, 3}
    drop = next(d for d in a.decisions if d.kind is Kind.DROP)
    assert drop.player == 0 and drop.game == 1


def test_progress_can_stop_the_analysis():
    m = from_mat((ROOT / "tests" / "data" / "golden_3pt.mat").read_text())

    def stop(done, total):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        analyse_match(m, ply=1, progress=stop)
