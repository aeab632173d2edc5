"""A roll is written one way everywhere, the larger die first ("6-2" in the
panel and the review, "62:" in the move log and the .mat file), whatever the
order the dice were thrown in; a .mat file written the other way round is
still read."""

from __future__ import annotations

import pygame
import pytest

from engine import FixedDice, MatFileError, from_mat, to_mat
from engine.analysis import Decision, Kind, Label
from engine.errors import ArgumentTypeError, InvalidDiceError
from engine.notation import format_dice, ordered_dice
from game.board.view import dice_row
from game.scenes.review import decision_lines
from game.store.settings import Settings
from game.testing import Driver


def test_the_larger_die_is_written_first():
    assert format_dice((2, 6)) == format_dice((6, 2)) == "6-2"
    assert format_dice([1, 6], "") == "61" and format_dice((3, 3)) == "3-3"
    assert ordered_dice((2, 6)) == ordered_dice([6, 2]) == (6, 2)
    for a in range(1, 7):
        for b in range(1, 7):
            assert format_dice((a, b), "") == f"{max(a, b)}{min(a, b)}"


@pytest.mark.parametrize("bad", [(0, 3), (3, 7), (1, 2, 3), "62", None, (True, 2), (2.0, 6)])
def test_bad_dice_are_refused_with_the_engines_errors(bad):
    with pytest.raises((InvalidDiceError, ArgumentTypeError)):
        format_dice(bad)


def test_the_separator_must_be_text():
    with pytest.raises(ArgumentTypeError):
        format_dice((6, 2), None)  # type: ignore[arg-type]


def _quiet() -> Settings:
    return Settings(animation_speed=0.0, bot_pace=0.0, pass_pause=0.0, auto_end_turn=True)


@pytest.mark.parametrize("roll", [(2, 6), (6, 2)])
def test_the_panel_the_log_the_review_and_the_mat_file_agree(roll):
    # White opens 3-1; Black then throws ``roll``, in either order
    d = Driver(dice=FixedDice([3, 1, *roll]), settings=_quiet())
    d.key(pygame.K_SPACE)
    d.settle()
    s = d.session
    assert s.game.turn == 0
    for frm, to in ((8, 5), (6, 5)):
        assert s.step(frm, to)
    d.settle()
    d.key(pygame.K_SPACE)  # Black rolls
    d.settle()
    assert s.game.turn == 1 and tuple(s.game.dice) == roll
    assert "6-2" in d.scene.panel.status.text and "2-6" not in d.scene.panel.status.text
    assert dice_row(s.snapshot())[0] == [6, 2]  # the board draws them so too, the larger die first
    step = s.game.current_turn.legal_steps()[0]
    s.step(step.frm, step.to, step.die)
    step = s.game.current_turn.legal_steps()[0]
    s.step(step.frm, step.to, step.die)
    d.settle()
    assert s.game.turn == 0
    shown = d.scene.panel.log.lines
    black = [line for line in shown if "62:" in line or "26:" in line]
    assert len(black) == 1 and "62:" in black[0], shown
    text = to_mat(s.match, ("White", "Black"))
    assert "62: " in text and "26:" not in text
    entry = s.game.log[-1]
    decision = Decision(1, len(s.game.log) - 1, 1, Kind.MOVE, s.game.position, entry.dice, entry.text, entry.text, 0.0, Label.NONE)
    lines = decision_lines(decision, 0, 1)
    assert "6-2" in lines[1] and "2-6" not in " ".join(lines)


def test_a_mat_file_read_either_way_round_is_written_larger_first():
    text = (" 3 point match\n\n Game 1\n A : 0                          B : 0\n"
            "  1) 31: 8/5 6/5                 26: 24/18 13/11\n")
    m = from_mat(text)
    assert m.game.log[-1].text == "24/18 13/11"
    again = to_mat(m, ("A", "B"))
    assert "62: 24/18 13/11" in again and "26:" not in again
    assert from_mat(again).game.position == m.game.position


def test_an_opening_double_is_still_refused():
    with pytest.raises(MatFileError, match="double"):
        from_mat(" 3 point match\n Game 1\n A : 0   B : 0\n  1) 33: 8/5(2) 6/3(2)\n")
