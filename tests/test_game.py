"""Game and Match flow: opening, steps, undo, take back, passes, resignation,
the cube, Crawford, results, JSON, and many complete random games."""

import json
import math
import os
import random
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine import (
    FixedDice,
    Game,
    GameStateError,
    IllegalPlayError,
    LogEntry,
    Match,
    Position,
    Result,
    SeededDice,
    SerializationError,
    get_bot,
)
from support import board

INITIAL = Position.initial()


def game_at(pos, dice, turn=0, cube=False, cube_value=1, owner=None, crawford=False):
    """A game in phase 'roll' at a hand-built position, seen from ``turn``."""
    doc = Game(cube=cube, crawford=crawford).to_json()
    doc.update(phase="roll", turn=turn, position=pos.to_id(), cube_value=cube_value, cube_owner=owner)
    return Game.from_json(doc, dice=FixedDice(dice))


def opened(dice, **kw):
    """A game whose opening roll has been made."""
    g = Game(dice=FixedDice(dice), **kw)
    g.roll()
    return g


# Player 0 opens with 3-1 (8/5 6/5), then player 1 rolls 6-4, then player 0 rolls 5-2.
OPENING_31 = [3, 1, 6, 4, 5, 2]


# -- the opening roll -------------------------------------------------------------------
def test_opening_ties_are_rolled_again_and_the_winner_moves_with_both_numbers():
    g = Game(dice=FixedDice([4, 4, 2, 2, 2, 5]))
    assert g.phase == "opening"
    assert g.roll() == (5, 2)  # player 0 threw 2, player 1 threw 5: player 1 moves 5-2
    assert (g.turn, g.phase, g.dice) == (1, "move", (5, 2))
    assert g.position == INITIAL
    assert g.current_turn.remaining == (5, 2)
    assert [e.kind for e in g.log] == ["opening", "opening", "opening"]
    assert [e.text for e in g.log] == ["tie", "tie", ""]
    assert g.log[-1] == LogEntry(1, "opening", (2, 5))
    g.play_text("13/8 13/11")
    assert (g.turn, g.phase) == (0, "roll")
    assert (g.log[-1].player, g.log[-1].kind, g.log[-1].dice) == (1, "play", (5, 2))
    assert sorted(g.log[-1].text.split()) == ["13/11", "13/8"]


def test_opening_winner_player_zero():
    g = Game(dice=FixedDice([6, 1]))
    assert g.roll() == (6, 1)
    assert (g.turn, g.dice) == (0, (6, 1))
    assert "13/7 8/7" in {engine.format_play(g.position, p) for p in g.current_turn.legal_plays}


def test_nothing_but_the_roll_before_the_opening():
    g = Game(cube=True, dice=FixedDice([3, 1]))
    for action in (lambda: g.step(8, 5), g.end_turn, g.double, lambda: g.resign("single"), g.take, g.undo):
        with pytest.raises(GameStateError):
            action()
    assert not g.can_double() and not g.can_take_back()


# -- steps, undo, end of turn -------------------------------------------------------------
def test_step_and_undo_back_to_just_after_the_roll():
    g = opened([3, 1])
    s = g.step(8, 5)
    assert (s.frm, s.to, s.die, s.hit) == (8, 5, 3, False)
    assert g.current_turn.remaining == (1,)
    assert g.position.checkers(8) == 2 and g.position.checkers(5) == 1
    g.step(6, 5)
    assert g.current_turn.complete and g.current_turn.remaining == ()
    assert g.undo().to == 5
    assert g.undo().frm == 8
    assert g.undo() is None
    assert g.position == INITIAL and g.turn_start == INITIAL
    assert g.current_turn.remaining == (3, 1) and g.dice == (3, 1) and g.phase == "move"
    # and the turn can be played again, differently
    g.step(24, 21)
    g.step(21, 20)
    g.end_turn()
    assert g.log[-1] == LogEntry(0, "play", (3, 1), "24/20")


def test_end_turn_refused_before_the_play_is_complete():
    g = opened([3, 1])
    with pytest.raises(IllegalPlayError):
        g.end_turn()
    g.step(8, 5)
    with pytest.raises(IllegalPlayError):
        g.end_turn()
    assert g.phase == "move" and g.turn == 0
    g.step(6, 5)
    g.end_turn()
    assert (g.turn, g.phase) == (1, "roll")
    # the board is now seen from player 1: player 0's new 5-point is its 20-point
    assert g.position.checkers(20) == -2


def test_a_step_that_leaves_no_legal_completion_is_refused():
    # the opponent holds my 5 and 2: 13/7 is a legal step on its own, but then the
    # 5 cannot be played, while 13/8 10/4 uses both dice
    pos = board({13: 1, 10: 1, 1: 13}, {20: 2, 23: 2, 11: 11})
    g = game_at(pos, [6, 5])
    g.roll()
    assert g.current_turn.destinations(13).keys() == {8}
    with pytest.raises(IllegalPlayError, match="no legal way"):
        g.step(13, 7)
    with pytest.raises(IllegalPlayError):
        g.step(10, 5)  # blocked
    with pytest.raises(IllegalPlayError):
        g.step(13, 9)  # no 4
    assert g.current_turn.play == ()
    g.step(13, 8)
    g.step(10, 4)
    g.end_turn()
    assert g.log[-1].text == "13/8 10/4"


def test_play_refuses_illegal_plays_and_leaves_the_turn_alone():
    g = opened([3, 1])
    for bad in [((13, 10),), ((8, 5), (6, 4)), ((13, 10), (13, 12), (6, 5)), ((8, 4),)]:
        with pytest.raises(IllegalPlayError):
            g.play(bad)
        assert g.phase == "move" and g.current_turn.play == ()
    with pytest.raises(IllegalPlayError):
        g.play_text("13/7")
    g.play(((8, 5), (6, 5)))
    assert g.turn == 1


# -- take back ----------------------------------------------------------------------------
def test_take_back_the_last_turn_with_the_same_dice():
    g = opened(OPENING_31 + [3, 3])
    g.play_text("8/5 6/5")
    g.roll()
    g.play_text("24/14")
    assert (g.turn, g.phase) == (0, "roll")
    assert g.can_take_back() and g.can_take_back(1) and g.can_take_back(0) is not None
    g.take_back()  # by default the last turn played: player 1's
    assert (g.turn, g.phase, g.dice) == (1, "move", (6, 4))
    assert g.position == INITIAL.apply(((8, 5), (6, 5))).swapped()
    assert [e.kind for e in g.log] == ["opening", "play"]
    # player 1 replays the same roll differently; the next throw is the one drawn before
    g.play_text("24/18 13/9")
    assert g.roll() == (5, 2)
    g.play_text("13/8 13/11")
    assert g.roll() == (3, 3)  # and only then fresh dice


def test_no_take_back_between_a_roll_and_the_end_of_its_turn():
    g = opened(OPENING_31 + [3, 3])
    g.play_text("8/5 6/5")
    g.roll()
    g.play_text("24/14")
    g.roll()  # player 0 sees 5-2 ...
    assert not g.can_take_back() and not g.can_take_back(0) and not g.can_take_back(1)
    with pytest.raises(GameStateError, match="rolled"):
        g.take_back()
    g.step(13, 8)
    with pytest.raises(GameStateError):
        g.take_back(0)
    assert (g.turn, g.phase, g.dice) == (0, "move", (5, 2))  # ... and must play it
    g.undo()
    g.play_text("13/8 13/11")
    assert g.can_take_back(0)


def _thrown(g):
    """The dice of every turn in the log, in order (passes included)."""
    return [e.dice for e in g.log if e.kind in ("play", "pass")]


def _play_on(g, pick, turns):
    """Play ``turns`` more turns (or to the end), each play chosen by ``pick``."""
    goal = len(_thrown(g)) + turns
    while g.phase != "over" and len(_thrown(g)) < goal:
        if g.phase == "roll":
            g.roll()
        else:
            g.play(pick(engine.legal_plays(g.turn_start, g.dice)))


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_every_throw_after_a_take_back_comes_again_in_order(seed):
    """Whatever is played instead, the throws drawn after the turn taken back
    come again in the same order (passes too); only then come fresh ones."""
    g = Game(dice=SeededDice(seed))
    g.roll()
    _play_on(g, lambda plays: plays[0], 12)
    if g.phase == "move":
        g.play(engine.legal_plays(g.turn_start, g.dice)[0])
    assert g.phase == "roll"
    before = _thrown(g)
    player = g.turn
    turns = [e for e in g.log if e.kind in ("play", "pass")]
    back_to = max(i for i, e in enumerate(turns) if e.player == player and e.kind == "play")
    g.take_back(player)
    assert g.turn == player and g.phase == "move" and g.dice == before[back_to]
    _play_on(g, lambda plays: plays[-1], len(before) - back_to + 3)
    after = _thrown(g)
    assert after[: len(before)] == before[: len(after)]
    assert len(after) > len(before) or g.phase == "over"


def test_taking_back_your_own_turn_undoes_the_opponents_too():
    g = opened(OPENING_31)
    g.play_text("8/5 6/5")
    g.roll()
    g.play_text("24/14")
    g.take_back(0)
    assert (g.turn, g.phase, g.dice) == (0, "move", (3, 1))
    assert g.position == INITIAL
    assert [e.kind for e in g.log] == ["opening"]
    assert not g.can_take_back()
    g.play_text("24/20")
    assert g.log[-1].text == "24/20"
    assert g.roll() == (6, 4)  # player 1's throw again


def test_nothing_to_take_back_at_the_first_turn():
    g = opened([3, 1])
    assert not g.can_take_back()
    with pytest.raises(GameStateError):
        g.take_back()


def test_take_back_restores_the_cube():
    g = Game(cube=True, dice=FixedDice(OPENING_31))
    g.roll()
    g.play_text("8/5 6/5")
    g.roll()
    g.play_text("24/14")
    g.double()  # player 0 doubles before rolling, player 1 takes
    g.take()
    assert (g.cube_value, g.cube_owner) == (2, 1)
    g.take_back(1)
    assert (g.cube_value, g.cube_owner) == (1, None)
    assert [e.kind for e in g.log] == ["opening", "play"]


# -- passes -------------------------------------------------------------------------------
CLOSED = {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 12: 3}  # the opponent's home board closed


def test_no_legal_play_passes_and_is_logged():
    g = game_at(board({"bar": 1, 6: 14}, CLOSED), [6, 5, 2, 1])
    assert g.roll() == (6, 5)
    assert (g.turn, g.phase) == (1, "roll")
    assert g.log[-1] == LogEntry(0, "pass", (6, 5))
    assert g.current_turn is None
    g.roll()
    assert g.turn == 1 and g.phase == "move"
    # a pass is not a turn that can be taken back
    assert not g.can_take_back()


# -- resignation --------------------------------------------------------------------------
def test_resignation_accepted():
    g = opened([3, 1])
    g.step(8, 5)
    g.resign("gammon")
    assert (g.phase, g.resignation, g.to_act) == ("resigning", "gammon", 1)
    assert g.position == INITIAL  # the steps made are taken back
    with pytest.raises(GameStateError):
        g.step(8, 5)
    g.accept_resignation()
    assert g.over and g.result == Result(1, "resigned", 2, 1)
    assert g.result.points == 2
    assert [e.kind for e in g.log[-3:]] == ["resign", "accept", "win"]


def test_resignation_refused_play_goes_on():
    g = opened([3, 1, 6, 4])
    g.resign("single")
    g.reject_resignation()
    assert (g.phase, g.turn, g.resignation) == ("move", 0, None)
    g.play_text("8/5 6/5")
    g.resign("backgammon")  # player 1, before rolling
    g.reject_resignation()
    assert (g.phase, g.turn) == ("roll", 1)
    g.resign("backgammon")
    g.accept_resignation()
    assert g.result == Result(0, "resigned", 3, 1)


def test_resignation_levels_and_the_cube():
    g = opened([3, 1])
    with pytest.raises(GameStateError):
        g.resign("triple")
    with pytest.raises(GameStateError):
        g.accept_resignation()
    g2 = game_at(INITIAL, [], cube=True, cube_value=4, owner=0)
    g2.resign("gammon")
    g2.accept_resignation()
    assert (g2.result.winner, g2.result.points) == (1, 8)


# -- the cube -----------------------------------------------------------------------------
def test_double_take_then_the_taker_owns_the_cube():
    g = Game(cube=True, dice=FixedDice(OPENING_31 + [2, 2]))
    g.roll()
    g.play_text("8/5 6/5")
    assert g.can_double()  # player 1, cube centred
    g.double()
    assert (g.phase, g.to_act) == ("doubled", 0)
    with pytest.raises(GameStateError):
        g.roll()
    g.take()
    assert (g.cube_value, g.cube_owner, g.phase, g.turn) == (2, 0, "roll", 1)
    assert not g.can_double()
    with pytest.raises(GameStateError):
        g.double()  # player 0 owns the cube
    g.roll()
    with pytest.raises(GameStateError):
        g.double()  # only before rolling
    g.play_text("24/14")
    assert g.can_double()  # the owner may redouble
    g.double()
    g.take()
    assert (g.cube_value, g.cube_owner) == (4, 1)
    assert [e.kind for e in g.log if e.kind in ("double", "take")] == ["double", "take", "double", "take"]
    assert [e.value for e in g.log if e.kind in ("double", "take")] == [2, 2, 4, 4]


def test_drop_loses_the_current_cube_value():
    g = Game(cube=True, dice=FixedDice(OPENING_31))
    g.roll()
    g.play_text("8/5 6/5")
    g.double()
    g.drop()
    assert g.result == Result(1, "dropped", 1, 1) and g.result.points == 1
    g2 = game_at(INITIAL, [], cube=True, cube_value=2, owner=0)
    g2.double()
    g2.drop()
    assert (g2.result.winner, g2.result.kind, g2.result.points) == (0, "dropped", 2)


def test_cube_stops_at_64():
    g = game_at(INITIAL, [], cube=True, cube_value=32, owner=0)
    g.double()
    g.take()
    assert (g.cube_value, g.cube_owner) == (64, 1)
    g2 = game_at(INITIAL, [], turn=1, cube=True, cube_value=64, owner=1)
    assert not g2.can_double()
    with pytest.raises(GameStateError):
        g2.double()


def test_no_cube_no_double():
    g = game_at(INITIAL, [], cube=False)
    assert not g.can_double()
    with pytest.raises(GameStateError):
        g.double()
    g2 = game_at(INITIAL, [], cube=True, crawford=True)
    assert not g2.can_double()


def test_gammons_count_with_the_cube():
    for cube_value, owner in ((1, None), (2, 1), (8, 0)):
        g = game_at(board({1: 1}, {6: 15}), [2, 1], cube=True, cube_value=cube_value, owner=owner)
        g.roll()
        g.play(((1, 0),))
        assert (g.result.kind, g.result.multiple, g.result.cube) == ("gammon", 2, cube_value)
        assert g.result.points == 2 * cube_value


# -- matches ------------------------------------------------------------------------------
def play_one_turn(game, bot):
    if game.phase == "opening" or game.phase == "roll":
        game.roll()
    if game.phase == "move":
        game.play(bot.choose_play(game.position, game.dice))


def resign_to(match, winner, level, bot):
    """Make ``winner`` win the current game of ``match`` by the other's resignation."""
    g = match.game
    while g.phase not in ("roll", "move") or g.turn != 1 - winner:
        play_one_turn(g, bot)
    g.resign(level)
    g.accept_resignation()
    assert g.result.winner == winner


def test_crawford_game_in_a_match():
    bot = get_bot("random", seed=5)
    m = Match(length=5, cube=True, dice=SeededDice(11))
    resign_to(m, 0, "single", bot)
    assert m.score == (1, 0)
    g = m.next_game()
    assert not g.crawford  # 1 point is not 4
    resign_to(m, 0, "gammon", bot)
    assert m.score == (3, 0)
    assert not m.next_game().crawford
    resign_to(m, 1, "single", bot)
    assert m.score == (3, 1)
    assert not m.next_game().crawford
    resign_to(m, 0, "single", bot)
    assert m.score == (4, 1) and m.away(0) == 1
    g = m.next_game()
    assert g.crawford  # player 0 first reached 4: no doubling in this game
    while g.phase != "roll" or g.turn != 0:
        play_one_turn(g, bot)
    assert not g.can_double()
    with pytest.raises(GameStateError):
        g.double()
    g.resign("backgammon")
    g.accept_resignation()
    assert m.score == (4, 4)
    g = m.next_game()
    assert not g.crawford  # after the Crawford game, doubling is allowed again
    while g.phase != "roll":
        play_one_turn(g, bot)
    assert g.can_double()
    g.double()
    g.take()
    assert m.winner is None and not m.over
    resign_to(m, 1, "single", bot)
    assert m.score == (4, 6) and m.winner == 1 and m.over
    with pytest.raises(GameStateError):
        m.next_game()
    assert m.game_number == 6


@pytest.mark.parametrize("cube", [True, False])
def test_crawford_only_with_the_cube(cube):
    m = Match(length=3, cube=cube, dice=SeededDice(2))
    resign_to(m, 1, "gammon", get_bot("random", seed=1))
    assert m.score == (0, 2)
    assert m.next_game().crawford == cube


def test_one_game_match_and_next_game_rules():
    m = Match(length=1, dice=SeededDice(4))
    with pytest.raises(GameStateError):
        m.next_game()  # the game is not over
    resign_to(m, 1, "single", get_bot("random", seed=3))
    assert m.winner == 1 and m.over and m.score == (0, 1)
    with pytest.raises(GameStateError):
        m.next_game()
    for bad in (0, -1, 100, "5", 2.0, True):
        with pytest.raises(ValueError):
            Match(length=bad)


# -- JSON -----------------------------------------------------------------------------------
def through_json(doc):
    return json.loads(json.dumps(doc))


def test_game_json_round_trip_mid_turn():
    g = opened(OPENING_31)
    g.play_text("8/5 6/5")
    g.roll()
    g.step(24, 18)  # a step made: saved as the turn's start, with the same dice
    doc = through_json(g.to_json())
    assert doc["schema"] == 1 and doc["type"] == "game"
    g2 = Game.from_json(doc, dice=FixedDice([5, 2]))
    assert (g2.turn, g2.phase, g2.dice) == (1, "move", (6, 4))
    assert g2.position == g.turn_start and g2.current_turn.play == ()
    assert g2.log == g.log
    assert g2.to_json() == g.to_json()
    g2.play_text("24/14")
    assert g2.roll() == (5, 2)
    # take back works across the save, and the throw drawn after it comes again
    g2.play_text("13/8 13/11")
    g2.take_back(1)
    assert (g2.turn, g2.dice) == (1, (6, 4))
    g2.play_text("24/18 13/9")
    assert g2.roll() == (5, 2)  # from the tape: the dice source has no more


def test_the_dice_tape_is_saved_with_the_game():
    g = opened(OPENING_31 + [3, 3])
    g.play_text("8/5 6/5")
    g.roll()
    g.play_text("24/14")
    g.roll()
    g.play_text("13/8 13/11")
    doc = through_json(g.to_json())
    assert doc["tape"] == {"throws": [[3, 1], [6, 4], [5, 2]], "position": 3}
    # save, quit, continue with other dice: a take-back still gives the same ones
    g2 = Game.from_json(doc, dice=FixedDice([1, 1, 2, 2]))
    assert through_json(g2.to_json()) == doc
    g2.take_back(1)
    assert (g2.turn, g2.dice) == (1, (6, 4))
    g2.play_text("24/18 13/9")
    assert g2.roll() == (5, 2)
    g2.play_text("13/8 6/4")
    assert g2.roll() == (1, 1)  # the end of the tape: fresh dice from the source


def test_a_save_from_before_the_tape_still_loads_and_plays():
    g = opened(OPENING_31 + [3, 3])
    g.play_text("8/5 6/5")
    g.roll()
    g.play_text("24/14")
    doc = through_json(g.to_json())
    del doc["tape"]
    for r in doc["history"]:
        del r["tape"]
    g2 = Game.from_json(doc, dice=FixedDice([5, 2, 4, 4]))
    assert (g2.turn, g2.phase) == (0, "roll") and g2.can_take_back(1)
    g2.take_back(1)
    assert (g2.turn, g2.dice) == (1, (6, 4))
    g2.play_text("24/18 13/9")
    assert g2.roll() == (5, 2)


@pytest.mark.parametrize("tape", [{"throws": [[0, 1]], "position": 0}, {"throws": [[3, 1]], "position": 2},
                                  {"throws": "31", "position": 0}, [3, 1], {"throws": [[3, 1]], "position": True}])
def test_a_damaged_dice_tape_is_refused(tape):
    doc = through_json(opened(OPENING_31).to_json())
    doc["tape"] = tape
    with pytest.raises(SerializationError):
        Game.from_json(doc)


@pytest.mark.parametrize("phase", ["opening", "roll", "doubled", "resigning", "over"])
def test_game_json_round_trip_in_every_phase(phase):
    g = Game(cube=True, dice=FixedDice(OPENING_31))
    if phase != "opening":
        g.roll()
        g.play_text("8/5 6/5")
    if phase == "doubled":
        g.double()
    if phase == "resigning":
        g.resign("gammon")
    if phase == "over":
        g.double()
        g.drop()
    assert g.phase == phase
    g2 = Game.from_json(through_json(g.to_json()))
    assert g2.phase == phase
    assert g2.to_json() == g.to_json()
    assert g2.result == g.result


def test_match_json_round_trip():
    bot = get_bot("random", seed=9)
    m = Match(length=7, cube=True, dice=SeededDice(6))
    resign_to(m, 0, "gammon", bot)
    m.next_game()
    play_one_turn(m.game, bot)
    doc = through_json(m.to_json())
    m2 = Match.from_json(doc, dice=SeededDice(1))
    assert (m2.length, m2.cube, m2.score, m2.game_number) == (7, True, (2, 0), 2)
    assert m2.results == m.results
    assert m2.to_json() == m.to_json()


@lru_cache(maxsize=None)
def _valid_game_text():
    g = Game(cube=True, dice=FixedDice(OPENING_31))
    g.roll()
    g.play_text("8/5 6/5")
    g.double()
    g.take()
    g.roll()
    g.step(24, 18)
    return json.dumps(g.to_json())


def valid_game_doc():
    """A saved game in the middle of a turn, with a cube taken (a fresh copy)."""
    return json.loads(_valid_game_text())


def with_change(doc, path, value):
    doc = json.loads(json.dumps(doc))
    target = doc
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return doc


@pytest.mark.parametrize(
    "path, value",
    [
        (["schema"], 2),
        (["schema"], KeyError),
        (["type"], "match"),
        (["phase"], "flying"),
        (["phase"], None),
        (["turn"], 2),
        (["turn"], True),
        (["turn"], "0"),
        (["position"], "nonsense"),
        (["position"], 42),
        (["position"], "//////////////"),
        (["dice"], [7, 1]),
        (["dice"], [1]),
        (["dice"], None),  # a turn in progress needs its dice
        (["dice"], "31"),
        (["cube_value"], 3),
        (["cube_value"], 128),
        (["cube_owner"], 5),
        (["log"], 5),
        (["log", 0], "opening"),
        (["log", 0, "player"], 7),
        (["log", 0, "value"], math.inf),
        (["log", 0, "value"], "lots"),
        (["history"], None),
        (["history", 0, "position"], "nonsense"),
        (["history", 0, "dice"], [0, 0]),
        (["result"], {"winner": 3, "kind": "single", "multiple": 1, "cube": 1}),
        (["resignation"], {"player": 0, "level": "all", "phase": "roll"}),
        (["log"], KeyError),
    ],
)
def test_bad_game_documents_are_refused(path, value):
    doc = valid_game_doc()
    Game.from_json(doc)  # the document is fine before the change
    with pytest.raises(SerializationError):
        Game.from_json(with_change(doc, path, value))


@pytest.mark.parametrize("doc", [None, [], "{}", 5, {}, {"schema": 1}, {"schema": 1, "type": "game"}])
def test_non_documents_are_refused(doc):
    with pytest.raises(SerializationError):
        Game.from_json(doc)
    with pytest.raises(SerializationError):
        Match.from_json(doc)


def test_phase_needs_its_parts():
    doc = valid_game_doc()
    with pytest.raises(SerializationError):
        Game.from_json(with_change(doc, ["phase"], "over"))  # no result
    with pytest.raises(SerializationError):
        Game.from_json(with_change(doc, ["phase"], "resigning"))  # no offer
    # a closed board: the saved turn would have no legal play
    closed = with_change(doc, ["position"], board({"bar": 1, 6: 14}, CLOSED).to_id())
    with pytest.raises(SerializationError):
        Game.from_json(closed)


@pytest.mark.parametrize(
    "path, value",
    [
        (["length"], 0),
        (["length"], "7"),
        (["results"], [[0, "single", 1]]),
        (["results"], [[2, "single", 1, 1]]),
        (["results"], [[0, "lucky", 1, 1]]),
        (["results"], [[0, "single", math.inf, 1]]),
        (["results"], 3),
        (["game"], None),
        (["game", "phase"], "flying"),
        (["schema"], 0),
        (["crawford_played"], KeyError),
    ],
)
def test_bad_match_documents_are_refused(path, value):
    doc = valid_match_doc()
    Match.from_json(doc)
    with pytest.raises(SerializationError):
        Match.from_json(with_change(doc, path, value))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 200) | st.floats(allow_nan=True) | st.text(max_size=16)
    | st.sampled_from(["move", "roll", "over", "game", "match", "single", "gammon", "4HPwATDgc/ABMA", "dropped"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=8,
)


@st.composite
def mutated(draw, base):
    """``base`` with one to three values replaced, deleted or added somewhere."""
    doc = json.loads(json.dumps(base))
    for _ in range(draw(st.integers(1, 3))):
        target = doc
        while True:
            keys = list(target.keys()) if isinstance(target, dict) else list(range(len(target))) if isinstance(target, list) else []
            if not keys:
                break
            key = draw(st.sampled_from(keys))
            child = target[key]
            if isinstance(child, (dict, list)) and child and draw(st.booleans()):
                target = child
                continue
            action = draw(st.sampled_from(["replace", "delete", "add"]))
            if action == "replace":
                target[key] = draw(json_values)
            elif action == "delete":
                del target[key]
            elif isinstance(target, dict):
                target[draw(st.text(max_size=6))] = draw(json_values)
            else:
                target.append(draw(json_values))
            break
    return doc


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_game_documents_load_or_raise_serialization_error(data):
    doc = data.draw(mutated(valid_game_doc()))
    try:
        g = Game.from_json(doc)
    except SerializationError:
        return
    g.to_json()


@lru_cache(maxsize=None)
def _valid_match_text():
    m = Match(length=5, cube=True, dice=SeededDice(3))
    resign_to(m, 0, "single", get_bot("random", seed=1))
    m.next_game()
    play_one_turn(m.game, get_bot("random", seed=2))
    return json.dumps(m.to_json())


def valid_match_doc():
    return json.loads(_valid_match_text())


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_match_documents_load_or_raise_serialization_error(data):
    doc = data.draw(mutated(valid_match_doc()))
    try:
        m = Match.from_json(doc)
    except SerializationError:
        return
    m.to_json()


# -- complete random games ---------------------------------------------------------------------
# Random players pick from the turn's own legal plays (one move generation a
# turn): about 30 ms a game here.  ENGINE_RANDOM_GAMES changes the count.
RANDOM_GAMES = int(os.environ.get("ENGINE_RANDOM_GAMES", "2000"))
BATCHES = 10


def play_random_game(seed, cube=False):
    g = Game(cube=cube, dice=SeededDice(seed))
    choosers = (random.Random(seed), random.Random(seed + 10**6))
    plies = 0
    while not g.over:
        plies += 1
        assert plies < 5000, "a game that never ends"
        if g.phase in ("opening", "roll"):
            g.roll()
        if g.phase == "move":
            g.play(choosers[g.turn].choice(g.current_turn.legal_plays))
    return g


def expected_kind(final):
    """single / gammon / backgammon from the winner's view of the final board."""
    if final.borne_off[1]:
        return "single"
    loser = final.opponent_counts()  # the loser's points 19..24 are the winner's home board
    return "backgammon" if loser[24] or any(loser[18:24]) else "gammon"


@pytest.mark.slow
@pytest.mark.parametrize("batch", range(BATCHES))
def test_complete_random_games_end_with_a_valid_result(batch):
    for seed in range(batch, RANDOM_GAMES, BATCHES):
        g = play_random_game(seed)
        r = g.result
        assert r.winner in (0, 1) and r.cube == 1
        final = g.position_for(r.winner)
        assert final.borne_off[0] == 15 and final.borne_off[1] < 15
        assert r.kind == expected_kind(final)
        assert r.multiple == {"single": 1, "gammon": 2, "backgammon": 3}[r.kind] == r.points
        assert g.log[-1] == LogEntry(r.winner, "win", None, r.kind, r.points)
        plays = [e for e in g.log if e.kind == "play"]
        assert plays[-1].player == r.winner
        assert all(e.kind in ("opening", "play", "pass", "win") for e in g.log)
        for pos in (g.position_for(0), g.position_for(1)):
            assert sum(pos.on_roll_counts()) + pos.borne_off[0] == 15


def test_seeded_games_replay_identically():
    for seed in (1, 2, 3):
        a, b = play_random_game(seed), play_random_game(seed)
        assert a.log == b.log and a.result == b.result
        assert a.to_json() == b.to_json()
    assert play_random_game(1).log != play_random_game(2).log


def test_a_game_replays_from_its_log():
    """The dice in the log and every logged play, read back with parse_play,
    rebuild the same game."""
    g = play_random_game(7)
    thrown, opening_play = [], True
    for e in g.log:
        if e.kind == "opening":
            thrown += e.dice  # player 0's die, then player 1's
        elif e.kind in ("play", "pass"):
            if opening_play:
                opening_play = False  # the first turn plays the opening dice
            else:
                thrown += e.dice
    replay = Game(dice=FixedDice(thrown))
    for e in g.log:
        if e.kind in ("play", "pass") and replay.phase in ("opening", "roll"):
            replay.roll()
        if e.kind == "play":
            replay.play_text(e.text)
    assert replay.over
    assert replay.log == g.log and replay.result == g.result
