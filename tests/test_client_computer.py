"""The computer in the client: hints on the board, cube and resignation answers."""

import pygame

from game.play.hints import in_written_order
import pytest

from engine import FixedDice, get_bot
from game.input.match_intents import Double
from game.play.seats import cube_context
from game.play.session import Session
from game.testing import Driver
from support import OUTPUT


def _to_move(d: Driver) -> None:
    """Roll until the human on roll has a play."""
    for _ in range(20):
        if d.game.phase == "move":
            return
        d.key(pygame.K_SPACE)
        d.settle()
    raise AssertionError("never got a roll to play")


def test_hint_key_marks_the_experts_best_play_and_lists_three():
    d = Driver(size=(1280, 720), seed=3)
    _to_move(d)
    start, dice = d.game.turn_start, d.game.dice
    d.key(pygame.K_h)
    hint = d.session.wait_for_hint()
    d.frames(2)
    assert hint is not None
    expected = get_bot("expert").rank_plays(start, dice)
    assert hint.best == in_written_order(expected[0][0])  # (its steps as written: a hit on the first to arrive)
    assert sorted(hint.best) == sorted(expected[0][0])
    assert 1 <= len(hint.plays) <= 3
    assert [round(e, 6) for _, e, _ in hint.plays] == [round(e, 6) for _, e in expected[: len(hint.plays)]]
    # listed by one equity: no value above one ranked before it
    shown = [e for _, e, _ in hint.plays]
    assert shown == sorted(shown, reverse=True)
    view = d.scene.board_view()
    assert view.hint == hint.best
    assert len(view.hint_lines) == 2 * len(hint.plays) and hint.plays[0][2] in view.hint_lines[0]
    # each arrow starts on the checker that moves and ends where the layout puts its landing
    segs = d.scene.renderer.hint_segments(view)
    assert len(segs) == len(hint.best)
    for (frm, to), (a, b) in zip(hint.best, segs):
        assert d.layout.hit(a) == frm or frm == 25
        if to:
            assert d.layout.hit(b) == to
    OUTPUT.mkdir(parents=True, exist_ok=True)
    pygame.image.save(d.app.screen, str(OUTPUT / "hint_1280x720.png"))
    # playing the hinted play clears the hint
    for frm, to in hint.best:
        d.session.step(frm, to)
    d.settle()
    assert d.session.hint is None


def test_hint_button_keeps_the_steps_played_and_says_what_is_left():
    d = Driver(size=(1024, 768), seed=5)
    _to_move(d)
    step = d.session.legal_steps()[0]
    if d.game.current_turn.complete:
        pytest.skip("one-step turn")
    d.session.step(step.frm, step.to, step.die)
    d.settle()
    played = d.game.position
    d.click_button(d.scene.panel.hint)
    d.session.wait_for_hint()
    d.frames(3)
    assert d.game.position == played and len(d.game.current_turn.steps) == 1  # never taken back
    said = d.app.announcer.history[-1]
    assert said.startswith(("Hint for the dice left", "Your steps so far")), said


def test_computer_answers_a_double_with_its_cube_logic():
    # the human (player 0) doubles at once; the computer holds a strong
    # position only if... here the start: a double in the opening is a take
    bot = get_bot("intermediate")
    d = Driver(size=(1024, 768), cube=True, seats=(None, bot), dice=FixedDice([6, 1] + [3, 1] * 50))
    d.key(pygame.K_SPACE)  # opening roll: player 0 wins 6-1
    d.settle()
    d.session.move(13, 7)
    d.session.move(8, 7)
    d.settle()
    assert d.game.turn == 0 and d.game.phase == "roll"
    assert d.session.can_double()
    d.click_button(d.scene.panel.double)
    d.settle()
    assert d.game.cube_value == 2 and d.game.cube_owner == 1  # an early double is taken
    assert any(e.kind == "take" for e in d.game.log)


def test_computer_drops_a_hopeless_double_and_refuses_a_cheap_resignation():
    from engine import Match, Position

    bot = get_bot("intermediate")
    s = Session(Match(length=1, cube=True, dice=FixedDice([5, 1])), seats=(None, bot))
    g = s.game
    s.roll()
    # put the game into a position where player 0 is far ahead: 14 borne off, the
    # computer with all 15 checkers far away
    g._position = Position([1] + [0] * 24, [0] * 18 + [15] + [0] * 6)
    g._turn = None
    g.phase = "roll"
    assert s.can_double()
    s.double()
    s.wait_for_computer()
    s.update(10.0)
    s.wait_for_computer()
    s.update(10.0)
    assert g.phase == "over" and g.result.kind == "dropped" and g.result.winner == 0


def test_computer_judges_resignations():
    from engine import Match, Position

    bot = get_bot("intermediate")
    s = Session(Match(length=1, dice=FixedDice([5, 1])), seats=(None, bot))
    g = s.game
    s.roll()
    # the computer (player 1) is about to win: all 15 of the human's checkers
    # are still in its home board (a backgammon), so a single is refused
    g._position = Position([0] * 18 + [15] + [0] * 6, [1] + [0] * 24)
    g._turn = None
    g.phase = "roll"
    assert s.resign("single")
    for _ in range(5):
        s.wait_for_computer()
        s.update(10.0)
    assert g.phase == "roll" and g.log[-1].kind == "reject"
    assert s.resign("backgammon")
    for _ in range(5):
        s.wait_for_computer()
        s.update(10.0)
    assert g.phase == "over" and g.result.kind == "resigned" and g.result.points == 3 and g.result.winner == 1


def test_match_context_for_the_computers_cube():
    from engine import Match

    s = Session(Match(length=5, cube=True, dice=FixedDice([5, 1])), seats=(None, get_bot("random")))
    owner, match = cube_context(s.match, 1)
    ctx = {"owner": owner, "match": match}
    assert ctx == {"owner": "centre", "match": {"crawford": False, "my_away": 5, "their_away": 5}}


@pytest.mark.parametrize("length, accepted", [(2, True), (3, False)])
def test_computer_takes_a_resignation_that_wins_the_match(length, accepted):
    """A single at cube 2 is the match for a computer 2 away: it accepts,
    though the position is a backgammon for it; 3 away it refuses."""
    from engine import Match, Position

    s = Session(Match(length=length, cube=True, dice=FixedDice([5, 1])), seats=(None, get_bot("expert")))
    g = s.game
    s.roll()
    g._position = Position([0] * 18 + [15] + [0] * 6, [1] + [0] * 24)
    g._turn = None
    g.phase = "roll"
    g.cube_value, g.cube_owner = 2, 0
    assert s.resign("single")
    for _ in range(5):
        s.wait_for_computer()
        s.update(10.0)
    if accepted:
        assert g.phase == "over" and g.result.kind == "resigned" and g.result.points == 2
        assert s.match.winner == 1
    else:
        assert g.phase == "roll" and g.log[-1].kind == "reject"


@pytest.mark.parametrize("start_score, taken", [((1, 0), True), ((0, 0), False)])
def test_computer_takes_a_hopeless_double_when_a_pass_loses_the_match(start_score, taken):
    """The human doubles in a position the computer cannot win.  In a
    2-point match with the human 1-away a pass loses the match, so the
    computer takes; 2-away it drops, as for money."""
    from engine import Position
    from engine.match import set_up_game

    d = Driver(size=(1024, 768), cube=True, length=2, seats=(None, get_bot("expert")), dice=FixedDice([6, 5]))
    d.session.match.start_score = start_score
    hopeless = Position([1] + [0] * 24, [0] * 18 + [15] + [0] * 6)  # the human has 14 borne off
    d.session.match.game = set_up_game(hopeless, 0, dice_source=d.session.match.dice_source)
    assert d.session.can_double()
    d.scene.do(Double())  # the Double button's intent
    for _ in range(3):
        d.session.wait_for_computer()
        d.settle()
    g = d.game
    if taken:
        assert g.cube_value == 2 and g.cube_owner == 1 and any(e.kind == "take" for e in g.log)
    else:
        assert g.over and g.result.kind == "dropped" and g.result.points == 1
