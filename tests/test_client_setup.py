"""Position and Match IDs in the client: shown and copied during play (I),
and "Set up a position" in the lobby pastes them to play on from there,
against the computer or two players here; bad IDs say why.  Real events, both
languages."""

import pygame
import pytest
from test_i18n import Audit

from engine import FixedDice, Match
from game.system import clipboard
from game.words import i18n
from game.scenes.dialog import DialogScene
from game.scenes.match import MatchScene
from game.scenes.setup import SetupScene
from game.testing import AppDriver, Driver

MANUAL = "4HPwATDgc/ABMA:QYkqASAAIAAA"  # the manual's example: 9 points, 2-4, Black rolled 5-2


def test_i_shows_and_copies_the_ids_during_play():
    d = Driver(dice=FixedDice([5, 2, 6, 6]))
    d.key(pygame.K_SPACE)
    d.settle()
    d.key(pygame.K_i)
    pid, mid = d.session.match.ids()
    assert clipboard.paste() == f"{pid}:{mid}"
    assert d.scene.board_view().banner == i18n.t("match.ids", ids=f"{pid}:{mid}")
    again = Match.from_ids(pid, mid)
    assert again.game.turn_start == d.game.turn_start and again.game.dice == d.game.dice
    d.key(pygame.K_u)  # any other key puts the banner away
    assert d.scene.board_view().banner is None


def _setup_scene(d, lang):
    i18n.set_language(lang)
    d.app.switch(d.scene)  # the lobby again, in the language
    d.frames(1)
    d.click_button(d.scene.setup_button)
    assert isinstance(d.scene, SetupScene)
    return d.scene


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_set_up_a_position_from_pasted_ids_two_players(lang):
    d = AppDriver(size=(1024, 768))
    scene = _setup_scene(d, lang)
    audit = Audit(lang, (1024, 768))
    audit.scene(d.app, "setup")
    clipboard.copy(f"  {MANUAL}\n")
    d.click_button(scene.paste_button)
    assert d.scene.entry.get_text() == MANUAL
    d.click_button(d.scene.opponent.button_for("hotseat"))
    d.click_button(d.scene.start_button)
    assert isinstance(d.scene, MatchScene)
    m = d.session.match
    assert (m.length, m.score, m.game.turn, m.game.dice, m.game.cube_value, m.game.cube_owner) == (9, (2, 4), 1, (5, 2), 2, 0)
    assert d.session.is_human(0) and d.session.is_human(1)
    assert not [p for p in audit.problems if "missing" in p or "cut" in p], audit.problems


def test_against_the_computer_you_play_the_side_to_act():
    d = AppDriver(size=(1024, 768))
    scene = _setup_scene(d, "en")
    clipboard.copy(MANUAL)
    d.click_button(scene.paste_button)
    d.click_button(d.scene.opponent.button_for("computer"))
    d.click_button(d.scene.start_button)
    assert isinstance(d.scene, MatchScene)
    assert d.session.is_human(1) and not d.session.is_human(0)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_bad_ids_say_why_and_nothing_starts(lang):
    d = AppDriver(size=(800, 600))
    scene = _setup_scene(d, lang)
    for text in ("hello", "4HPwATDgc/ABMA:QYkqASAAIA/A"):
        clipboard.copy(text)
        d.click_button(d.scene.paste_button)
        d.click_button(d.scene.start_button)
        assert isinstance(d.scene, SetupScene)
        assert d.scene.error and d.scene.error.startswith(i18n.t("setup.bad", reason="")[:4])
    assert d.app.session is None
    audit = Audit(lang, (800, 600))
    audit.scene(d.app, "setup error")
    assert not [p for p in audit.problems if "missing" in p], audit.problems
    d.key(pygame.K_ESCAPE)
    assert scene is not d.scene


def test_a_match_saved_by_an_earlier_run_is_not_lost_without_asking():
    """The lobby offers to continue a match an earlier run saved (not loaded
    yet); starting a set-up position over it asks first, as the lobby does."""
    d = AppDriver(size=(1024, 768))
    d.click_button(d.scene.rows["mode"].button_for("hotseat"))
    d.click_button(d.scene.play_button)
    d.click(d.dice_pos())
    d.settle()
    d.app.quit()  # saved, on disk
    again = AppDriver(size=(1024, 768))  # a new run of the program
    assert again.app.session is None and again.app.has_match()
    scene = _setup_scene(again, "en")
    clipboard.copy(MANUAL)
    again.click_button(scene.paste_button)
    again.click_button(again.scene.start_button)
    assert isinstance(again.scene, DialogScene) and again.app.session is not None  # asks; the saved match is loaded to be named
    assert again.scene.title == i18n.t("confirm.new.title")
    again.click_button(again.scene.answer_buttons[1])  # start the new one
    assert isinstance(again.scene, MatchScene) and again.session.match.length == 9
