"""The side panel's content follows the phase, through the real client in
both languages: the legal steps and the keys of a turn while a turn is
played, only how to answer while a double waits for this screen's answer,
and neither while a resignation is answered."""

from __future__ import annotations

import pygame
import pytest

from engine import FixedDice, Match, Position
from engine.match import set_up_game
from game.words import catalogs, i18n
from game.match import presenter
from game.store.settings import Settings
from game.testing import Driver

TURN_KEYS = ("panel.keys1", "panel.keys2", "panel.keys_board")
ANSWER_KEYS = ("panel.keys_answer", "panel.keys_buttons")


def _driver(size, lang):
    """Hot-seat with the cube, White to roll from the start, in the language ``lang``."""
    m = Match(cube=True, dice=FixedDice([3, 1, 5, 2] * 6))
    m.game = set_up_game(Position.initial(), 0, dice_source=m.dice_source)
    settings = Settings(animation_speed=0.0, bot_pace=0.0, pass_pause=0.0, auto_end_turn=False, language=lang)
    d = Driver(size=size, settings=settings, match=m)
    assert i18n.language() == lang
    return d


def _shown(d):
    """What the panel shows below its buttons: the steps' heading, the step
    buttons and the lines of key help that are visible."""
    p = d.scene.panel
    heading = p.steps_label.text if p.steps_label.visible else None
    steps = [b.text for b, _ in p.step_buttons if b.visible]
    help_lines = [h.text for h in p.hints if h.visible]
    return heading, steps, help_lines


def _answer_help_fits(d):
    """The lines on how to answer a double are shown whole."""
    for label in d.scene.panel.hints:
        if label.visible:
            assert label.font.size(label.text)[0] <= label.rect.width, label.text


@pytest.mark.parametrize("size", [(1024, 768), (800, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", catalogs.shipped())  # every shipped language (game/locale/LINGUAS)
def test_the_panel_shows_what_the_phase_asks_for(lang, size):
    d = _driver(size, lang)
    t = i18n.t
    # to roll: the keys of a turn, no steps
    assert d.game.phase == "roll"
    assert _shown(d) == (None, [], [t(k) for k in TURN_KEYS])
    # a turn to play: the legal steps under their heading, no key help
    d.key(pygame.K_SPACE)
    d.settle()
    assert d.game.phase == "move"
    heading, steps, help_lines = _shown(d)
    assert heading == t("panel.steps") and steps and help_lines == []
    while not d.game.current_turn.complete:
        d.click_button(d.scene.panel.step_buttons[0][0])
    d.key(pygame.K_RETURN)
    d.settle()
    # Black doubles; White, on this screen, answers: how to answer, and nothing of a turn
    assert d.game.phase == "roll" and d.game.turn == 1
    d.key(pygame.K_d)
    d.settle()
    assert d.game.phase == "doubled"
    assert _shown(d) == (None, [], [t(k) for k in ANSWER_KEYS])
    assert not any(t(k) in line for k in TURN_KEYS + ("panel.steps",) for line in _shown(d)[2])
    _answer_help_fits(d)
    # ... and the help says true: Tab to the Take button, Enter takes
    for _ in range(len(d.scene.controller.buttons) + 1):
        d.key(pygame.K_TAB)
        focused = d.scene.controller.focused()
        if focused is not None and focused[0] is d.scene.panel.take:
            break
    d.key(pygame.K_RETURN)
    d.settle()
    assert d.game.phase == "roll" and d.game.cube_value == 2 and d.game.cube_owner == 0
    assert _shown(d)[2] == [t(k) for k in TURN_KEYS]
    # Black offers to resign in the middle of a turn: while White answers, no steps and no keys of a turn
    d.key(pygame.K_SPACE)
    d.settle()
    assert d.game.phase == "move" and _shown(d)[1]
    d.click_button(d.scene.topbar.resign)
    d.click_button(d.app.scene.answer_buttons[0])  # a single game
    d.frames(2)
    assert d.game.phase == "resigning"
    assert _shown(d) == (None, [], [])
    state = presenter.panel_state(d.session, d.settings, True)
    assert state.steps == () and state.steps_title == "" and state.help == ()


def test_nothing_to_answer_on_this_screen_while_the_computer_answers_a_double():
    """A double to the computer: this screen has nothing to answer."""
    from engine import get_bot

    class Thinks:
        def __init__(self):
            self.inner = get_bot("random", seed=1)

        def choose_play(self, position, dice):
            return self.inner.choose_play(position, dice)

        def should_take(self, position, cube, match):
            return True

    m = Match(cube=True, dice=FixedDice([3, 1, 5, 2] * 6))
    m.game = set_up_game(Position.initial(), 0, dice_source=m.dice_source)
    d = Driver(size=(1024, 768), settings=Settings(animation_speed=0.0, bot_pace=0.0, pass_pause=0.0), match=m, seats=(None, Thinks()))
    s = d.session
    assert s.double()
    assert d.game.phase == "doubled"
    state = presenter.panel_state(s, d.settings, True)
    assert state.steps == () and state.steps_title == "" and state.help == ()
