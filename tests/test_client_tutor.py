"""The tutor (off by default): before a bad play or cube action is made the
player is told what the computer prefers, and plays it anyway or thinks
again.  Real events, both languages."""

import pytest

from engine import FixedDice
from game.words import i18n
from game.input.match_intents import Double, Drop, MoveChecker, Roll, Take
from game.scenes.match import MatchScene
from game.scenes.dialog import DialogScene
from game.store.settings import Settings
from game.testing import Driver


def _driver(tutor):
    settings = Settings(animation_speed=0.0, bot_pace=0.0, pass_pause=0.0, tutor=tutor)
    d = Driver(dice=FixedDice([3, 1, 6, 4, 5, 2]), settings=settings)
    d.scene.do(Roll())
    d.settle()
    return d


def _bad_opening(d):
    """3-1 played 24/21 24/23 (8/5 6/5 is far better), step by step."""
    d.scene.do(MoveChecker(24, 21))
    d.scene.do(MoveChecker(24, 23))


def _dialog(d):
    d.scene.tutor.wait(60)
    d.settle()
    d.frames(2)
    assert isinstance(d.app.scene, DialogScene), type(d.app.scene).__name__
    return d.app.scene


def _answer(d, dialog, key):
    [button] = [b for b in dialog.answer_buttons if b.text == i18n.t(key)]
    d.click_button(button)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_think_again_takes_the_play_back(lang):
    i18n.set_language(lang)
    d = _driver(tutor=True)
    _bad_opening(d)
    dialog = _dialog(d)
    assert "8/5 6/5" in dialog.text and "24/21 24/23" in dialog.text
    assert i18n.t("review.label.very bad") in dialog.text
    _answer(d, dialog, "tutor.again")
    assert isinstance(d.app.scene, MatchScene)
    assert d.game.turn == 0 and d.game.phase == "move" and not d.game.current_turn.steps
    d.scene.do(MoveChecker(8, 5))
    d.scene.do(MoveChecker(6, 5))  # the best play: no word from the tutor
    d.scene.tutor.wait(60)
    d.settle()
    d.frames(2)
    assert isinstance(d.app.scene, MatchScene) and d.game.turn == 1
    assert d.game.log[-1].text == "8/5 6/5"


def test_play_it_anyway_makes_the_play():
    d = _driver(tutor=True)
    _bad_opening(d)
    _answer(d, _dialog(d), "tutor.anyway")
    d.settle()
    assert d.game.turn == 1 and d.game.log[-1].text == "24/21 24/23"


def test_the_tutor_is_off_by_default():
    assert Settings().tutor is False
    d = _driver(tutor=False)
    _bad_opening(d)
    d.settle()
    assert isinstance(d.app.scene, MatchScene) and d.game.turn == 1


def test_a_take_of_a_clear_pass_is_questioned():
    from engine.match import set_up_game
    from support import board

    settings = Settings(animation_speed=0.0, bot_pace=0.0, pass_pause=0.0, tutor=True)
    d = Driver(dice=FixedDice([6, 6]), settings=settings, length=1, cube=True)
    race = board({6: 3, 5: 4, 4: 4, 3: 4}, {7: 2, 6: 5, 5: 5, 4: 3})  # 66 pips against 81: double, pass
    d.session.match.game = set_up_game(race, 0, dice_source=d.session.match.dice_source)
    d.scene.do(Double())  # right: no word
    d.settle()
    assert d.game.phase == "doubled" and isinstance(d.app.scene, MatchScene)
    d.scene.do(Take())
    dialog = d.app.scene
    assert isinstance(dialog, DialogScene) and i18n.t("review.action.drop") in dialog.text
    _answer(d, dialog, "tutor.again")
    assert d.game.phase == "doubled"
    d.scene.do(Drop())
    d.settle()
    assert d.game.over and d.game.result.winner == 0


def test_the_tutor_is_silent_where_the_score_decides():
    """The same clear pass in a 2-point match where the doubler is 1-away:
    a drop loses the match, so the take is right and nothing is said."""
    from engine.match import set_up_game
    from support import board

    settings = Settings(animation_speed=0.0, bot_pace=0.0, pass_pause=0.0, tutor=True)
    d = Driver(dice=FixedDice([6, 6]), settings=settings, length=2, cube=True)
    d.session.match.start_score = (1, 0)
    race = board({6: 3, 5: 4, 4: 4, 3: 4}, {7: 2, 6: 5, 5: 5, 4: 3})
    d.session.match.game = set_up_game(race, 0, dice_source=d.session.match.dice_source)
    d.scene.do(Double())
    d.settle()
    assert d.game.phase == "doubled"
    d.scene.do(Take())
    d.settle()
    assert isinstance(d.app.scene, MatchScene) and d.game.cube_value == 2 and d.game.cube_owner == 1


def test_the_settings_screen_turns_the_tutor_on():
    from game.scenes.settings import SettingsScene

    d = _driver(tutor=False)
    d.app.flow.settings()
    d.frames(1)
    assert isinstance(d.app.scene, SettingsScene)
    d.click_button(d.app.scene.rows["tutor"].button_for(True))
    assert d.app.settings.tutor is True
    assert d.app.storage.load_settings()[0].tutor is True
