"""One test per rule and pitfall, each on a hand-built position.

Positions are written from the player on roll ("me"): ``board(me, opp)``
takes {point: checkers} for each side in that side's own numbering (my point
p is the opponent's point 25 - p), with ``"bar"`` for the bar; checkers not
listed are borne off.  Expected plays were worked out by hand from the rules.
"""

import pytest

from engine import FixedDice, Game, Position, Turn, format_play, legal_plays, successors
from engine.moves import step_error
from support import board


def texts(pos, dice):
    """The legal plays, written in notation, as a sorted list."""
    return sorted(format_play(pos, p) for p in legal_plays(pos, dice))


def results(pos, dice):
    return {after for _, after in successors(pos, dice)}


def game_at(pos, dice, cube_value=1):
    """A game (player 0 on roll, phase 'roll') at a hand-built position."""
    doc = Game(cube=True).to_json()
    doc.update(phase="roll", turn=0, position=pos.to_id(), cube_value=cube_value)
    return Game.from_json(doc, dice=FixedDice(dice))


# The opponent's checkers parked where they block nothing my tests use:
# its 12-point is my 13-point.
FAR = {12: 15}


# -- entering from the bar -----------------------------------------------------------
def test_bar_checkers_enter_before_anything_else_moves():
    pos = board({"bar": 1, 6: 14}, {10: 15})  # the opponent's 10-point is my 15-point
    # 3-1: enter with the 3 (on 22) or the 1 (on 24), then play the other die
    assert texts(pos, (3, 1)) == sorted(["bar/21", "bar/22 6/5", "bar/24 6/3"])
    for play in legal_plays(pos, (3, 1)):
        assert play[0][0] == 25
    # two on the bar with a double: both enter before anything else moves
    pos2 = board({"bar": 2, 6: 13}, {10: 15})
    for play in legal_plays(pos2, (2, 2)):
        assert [s[0] for s in play[:2]] == [25, 25]
    assert "bar/23(2) 6/4(2)" in texts(pos2, (2, 2))
    # and the engine refuses a step that does not start on the bar
    assert step_error(pos, 6, 5, 1) == "checkers on the bar must enter first"


@pytest.mark.parametrize("n", range(1, 7))
def test_entering_with_die_n_lands_on_point_25_minus_n(n):
    pos = board({"bar": 1, 2: 14}, {})  # the opponent has borne everything off
    other = 6 if n != 6 else 5
    firsts = {play[0] for play in legal_plays(pos, (n, other))}
    assert (25, 25 - n) in firsts
    after = pos.apply(((25, 25 - n),))
    assert after.checkers(25 - n) == 1 and after.bar == (0, 0)
    # seen from the opponent, the checker sits on its n-point (its home board)
    assert after.swapped().checkers(n) == -1


def test_partial_entry_loses_the_rest_of_the_roll():
    # two on the bar; the opponent holds my 19, 20, 21, 23 and 24: only 22 is open
    opp = {6: 2, 5: 2, 4: 2, 2: 2, 1: 2, 10: 5}
    pos = board({"bar": 2, 13: 13}, opp)
    # 3-1: one checker enters with the 3; the 1 cannot enter and nothing else may move
    assert legal_plays(pos, (3, 1)) == [((25, 22),)]
    assert legal_plays(pos, (1, 3)) == [((25, 22),)]
    # 6-5: nothing enters, the whole roll is lost
    assert legal_plays(pos, (6, 5)) == []
    # 3-3: both enter, then the other two 3s are played (22/19 is blocked)
    assert texts(pos, (3, 3)) == ["bar/22(2) 13/10(2)", "bar/22(2) 13/7"]


# -- blocked points ------------------------------------------------------------------
def test_blocked_landing_points():
    # the opponent holds my 7 and my 2 (its 18 and 23), with a blot on my 9 (its 16)
    pos = board({13: 1, 8: 1, 1: 13}, {18: 2, 23: 2, 16: 1, 11: 10})
    for play in legal_plays(pos, (6, 5)):
        assert all(to not in (7, 2) for _, to in play)
    # 13/7 and 8/2 are blocked, so the 6 can never be played; the 5 can
    assert texts(pos, (6, 5)) == ["13/8", "8/3"]
    assert step_error(pos, 13, 7, 6) == "point 7 is held by the opponent"
    # a single opposing checker does not block
    assert step_error(pos, 13, 9, 4) is None


def test_blocked_intermediate_stop():
    # a single checker cannot use both dice through a blocked point
    pos = board({24: 1, 1: 14}, {7: 2, 11: 13})  # the opponent holds my 18
    assert legal_plays(pos, (6, 5)) == [((24, 19), (19, 13))]
    assert texts(pos, (5, 6)) == ["24/13"]
    # with my 19 held as well, 24/13 is impossible although 13 is open
    pos2 = board({24: 1, 1: 14}, {7: 2, 6: 2, 11: 11})
    assert legal_plays(pos2, (6, 5)) == []
    # doubles: 24/20/16/12/8 with 4-4 stops at the blocked 16
    pos3 = board({24: 1, 1: 14}, {9: 2, 11: 13})  # the opponent holds my 16
    assert legal_plays(pos3, (4, 4)) == [((24, 20),)]


def test_hitting_a_blot_sends_it_to_the_bar():
    pos = board({13: 2, 6: 13}, {17: 1, 1: 14})  # an opposing blot on my 8-point
    after = pos.apply(((13, 8),))
    assert after.checkers(8) == 1
    assert after.bar == (0, 1)
    assert after.swapped().bar == (1, 0)
    assert after.pips()[1] == pos.pips()[1] + (25 - 17)
    assert "13/8* 6/4" in texts(pos, (5, 2))
    # a checker entering from the bar hits too
    pos2 = board({"bar": 1, 6: 14}, {3: 1, 1: 14})  # a blot on my 22-point
    assert "bar/22*" in " ".join(texts(pos2, (3, 1)))
    assert pos2.apply(((25, 22),)).bar == (0, 1)


# -- doubles, using as many dice as possible --------------------------------------------
def test_doubles_give_four_steps():
    plays = legal_plays(Position.initial(), (6, 6))
    assert plays and all(len(p) == 4 for p in plays)
    assert "24/18(2) 13/7(2)" in texts(Position.initial(), (6, 6))
    # and only as many as can be played: 20/16/12 then 12/8 is blocked
    pos = board({20: 1, 1: 14}, {17: 2, 12: 13})  # the opponent holds my 8
    assert legal_plays(pos, (4, 4)) == [((20, 16), (16, 12))]


def test_must_use_both_dice_when_possible():
    # the opponent holds my 5 and my 2.  6-5: 13/7 alone is a legal step, but after
    # it the 5 cannot be played (7/2 and 10/5 blocked); 10/4 13/8 uses both dice.
    pos = board({13: 1, 10: 1, 1: 13}, {20: 2, 23: 2, 12: 0, 11: 11})
    assert texts(pos, (6, 5)) == ["13/8 10/4"]
    turn = Turn(pos, (6, 5))
    assert {(s.frm, s.to) for s in turn.legal_steps()} == {(13, 8), (10, 4)}


def test_must_use_both_dice_when_only_one_order_allows_it():
    # the opponent holds my 8: 13/8 with the 5 is blocked, 13/7/2 (6 then 5) is not
    pos = board({13: 1, 1: 14}, {17: 2, 11: 13})
    assert legal_plays(pos, (6, 5)) == [((13, 7), (7, 2))]
    assert legal_plays(pos, (5, 6)) == [((13, 7), (7, 2))]


def test_larger_die_when_only_one_die_can_be_played():
    # the opponent holds my 2: 13/7 or 13/8 can be played, but never both
    pos = board({13: 1, 1: 14}, {23: 2, 11: 13})
    assert legal_plays(pos, (6, 5)) == [((13, 7),)]
    assert legal_plays(pos, (5, 6)) == [((13, 7),)]
    # if the larger die cannot be played at all, the smaller one must be
    pos2 = board({13: 1, 1: 14}, {23: 2, 18: 2, 11: 11})  # my 2 and 7 held
    assert legal_plays(pos2, (6, 5)) == [((13, 8),)]


def test_same_board_by_one_die_or_two_uses_both():
    # 6-1 with checkers on 5 and 2, my 1-point held: 5/off with the 6 leaves the 1
    # unplayable, but 5/4/off uses both dice and ends on the same board
    pos = board({5: 1, 2: 1}, {24: 2, 12: 13})
    assert legal_plays(pos, (6, 1)) == [((5, 4), (4, 0))]
    assert legal_plays(pos, (1, 6)) == [((5, 4), (4, 0))]


# -- bearing off -------------------------------------------------------------------------
def test_bearing_off_only_with_all_fifteen_home():
    pos = board({9: 1, 2: 14}, FAR)
    # 2-1: 9/7/6, or 9/7 2/1; never 2/off while the 9 is out
    assert texts(pos, (2, 1)) == ["9/6", "9/7 2/1"]
    assert step_error(pos, 2, 0, 2) == "bearing off needs all checkers in the home board"
    # with that checker home instead, 2/off is allowed
    home = board({6: 1, 2: 14}, FAR)
    assert any((2, 0) in p for p in legal_plays(home, (2, 1)))


def test_a_step_that_brings_the_last_checker_home_enables_bearing_off():
    pos = board({8: 1, 6: 14}, FAR)
    assert step_error(pos, 6, 0, 6) is not None
    assert ((8, 6), (6, 0)) in legal_plays(pos, (2, 6))
    turn = Turn(pos, (6, 2))
    assert (6, 0) not in {(s.frm, s.to) for s in turn.legal_steps()}
    turn.step(8, 6)
    assert (6, 0) in {(s.frm, s.to) for s in turn.legal_steps()}


def test_my_checker_entering_from_the_bar_is_not_home():
    # 14 checkers home and one on the bar: after entering, the checker is in the
    # opponent's home board, so the other die cannot bear off
    pos = board({"bar": 1, 6: 4, 5: 5, 4: 5}, FAR)
    assert texts(pos, (6, 4)) == sorted(["bar/15", "bar/19 6/2", "bar/19 5/1"])
    assert not any(to == 0 for p in legal_plays(pos, (6, 4)) for _, to in p)


def test_a_hit_checker_stops_the_opponents_bearing_off():
    # the opponent has everything home with a blot on its 5-point (my 20)
    pos = board({24: 1, 6: 14}, {5: 1, 4: 6, 3: 8})
    assert any(to == 0 for p in legal_plays(pos.swapped(), (5, 5)) for _, to in p)
    after = pos.apply(((24, 20),))  # 24/20* hits it
    theirs = after.swapped()
    assert theirs.bar == (1, 0)
    plays = legal_plays(theirs, (5, 5))
    assert plays
    for play in plays:
        assert play[0][0] == 25
        assert all(to != 0 for _, to in play)


def test_higher_die_bears_off_only_from_the_highest_point():
    pos = board({5: 1, 3: 1}, FAR)
    assert step_error(pos, 5, 0, 6) is None
    assert step_error(pos, 3, 0, 6) == "a 6 cannot bear off from 3"
    assert step_error(pos, 3, 0, 3) is None  # an exact number always bears off
    # 6-4: 5/off 3/off, or 5/1 then the 6 bears off the 3 (now the highest)
    assert texts(pos, (6, 4)) == ["5/1 3/off", "5/off 3/off"]
    assert {p.on_roll_counts()[0] for p in results(pos, (6, 4))} == {0, 1}


def test_bearing_off_is_not_forced():
    pos = board({6: 1, 4: 1, 3: 13}, FAR)
    plays = legal_plays(pos, (3, 1))
    assert any(all(to != 0 for _, to in p) for p in plays)
    assert any(any(to == 0 for _, to in p) for p in plays)
    assert "6/3 4/3" in texts(pos, (3, 1))
    assert "3/off 3/2" in texts(pos, (3, 1))  # the longer move from one point first


def test_bearing_off_with_the_larger_die_leaves_the_smaller_to_play():
    # 6-1: 6/off, then the 1 is played too (3/2, 2/1 or 1/off); 6/5/off ends on the
    # same board as 6/off alone
    pos = board({6: 1, 3: 2, 2: 2, 1: 10}, FAR)
    assert texts(pos, (6, 1)) == sorted(["6/off 3/2", "6/off 2/1", "6/off 1/off", "6/off"])
    turn = Turn(pos, (6, 1))
    turn.step(6, 0)
    assert turn.remaining == (1,)
    assert {(s.frm, s.to) for s in turn.legal_steps()} == {(3, 2), (2, 1), (1, 0)}
    turn.step(3, 2)
    assert turn.complete
    game = game_at(pos, [6, 1])
    game.roll()
    game.play(((6, 0), (3, 2)))
    assert game.log[-1].text == "6/off 3/2"


# -- how a game ends -----------------------------------------------------------------------
def finish(opp, cube_value=1):
    """Player 0 bears off its last checker (on its 1-point) with 2-1."""
    game = game_at(board({1: 1}, opp), [2, 1], cube_value)
    assert game.roll() == (2, 1)
    game.play(((1, 0),))
    assert game.over and game.phase == "over"
    return game.result


def test_single_game_when_the_loser_has_borne_off():
    r = finish({6: 14})
    assert (r.winner, r.kind, r.multiple, r.points) == (0, "single", 1, 1)


def test_gammon_when_the_loser_has_borne_off_none():
    r = finish({6: 15})
    assert (r.winner, r.kind, r.multiple, r.points) == (0, "gammon", 2, 2)
    # a checker in the winner's outer board (the loser's 18-point, my 7) is still a gammon
    assert finish({6: 14, 18: 1}).kind == "gammon"


def test_backgammon_when_the_loser_is_in_the_winners_home_or_on_the_bar():
    r = finish({6: 14, 19: 1})  # the loser's 19-point is the winner's 6-point
    assert (r.winner, r.kind, r.multiple, r.points) == (0, "backgammon", 3, 3)
    assert finish({6: 14, 23: 1}).kind == "backgammon"
    assert finish({6: 14, "bar": 1}).kind == "backgammon"


def test_result_points_count_the_cube():
    assert finish({6: 15}, cube_value=4).points == 8
    assert finish({6: 14, 20: 1}, cube_value=2).points == 6
