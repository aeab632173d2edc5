"""Nothing the player has disappears without asking: Play over a saved match
asks first (Continue the default), and a match against the computer left
unfinished counts in the records as abandoned.  The whole app, from the
lobby, with real events; each test in its own BACKGAMMON_HOME."""

from __future__ import annotations

import pygame
import pytest

from game.words import i18n
from game.scenes.lobby import LobbyScene
from game.scenes.match import MatchScene
from game.scenes.records import RecordsScene
from game.scenes.result import ResultScene
from game.scenes.dialog import DialogScene
from game.store.settings import Settings
from game.store.storage import Storage
from game.testing import AppDriver


def _quick() -> Settings:
    return Settings(animation_speed=0.0, bot_pace=0.0, pass_pause=0.0)


def _answer(d, text):
    scene = d.scene
    assert isinstance(scene, DialogScene), type(scene).__name__
    for b in scene.answer_buttons:
        if b.text == text:
            d.click_button(b)
            return
    raise AssertionError(f"no answer {text!r} in {[b.text for b in scene.answer_buttons]}")


def _start(d, mode, length=1, level="beginner"):
    lobby = d.scene
    d.click_button(lobby.rows["mode"].button_for(mode))
    if mode == "computer":
        d.click_button(lobby.rows["level"].button_for(level))
        d.click_button(lobby.rows["colour"].button_for("white"))
    d.click_button(lobby.rows["length"].button_for(length))
    d.click_button(lobby.rows["cube"].button_for(False))
    d.click_button(lobby.play_button)


def _roll_to_move(d):
    s = d.session
    for _ in range(60):
        d.settle()
        if s.game.phase == "move" and s.human_to_act:
            return
        if s.can_roll():
            d.click(d.dice_pos())
    raise AssertionError("no human turn")


def _to_lobby(d):
    d.click_button(d.scene.topbar.lobby)
    _answer(d, i18n.t("button.yes"))
    assert isinstance(d.scene, LobbyScene) and d.scene.continue_button.visible


def _dialog_text(d) -> str:
    return " ".join(label.text for label in d.scene.text_labels)


@pytest.mark.slow
def test_play_over_a_saved_match_asks_first_with_continue_the_default(backgammon_home):
    d = AppDriver(size=(1024, 768), settings=_quick())
    _start(d, "hotseat", length=5)
    s = d.session
    _roll_to_move(d)
    # the player on turn resigns a gammon: 2 - 0 of 5 one way or the other
    d.click_button(d.scene.topbar.resign)
    _answer(d, i18n.t("resign.gammon", points=2))
    _answer(d, i18n.t("button.accept"))
    d.settle()
    assert isinstance(d.scene, ResultScene) and sorted(s.match.score) == [0, 2]
    white, black = s.match.score
    d.click_button(d.scene.result_buttons["next_game"])
    _roll_to_move(d)
    _to_lobby(d)

    # Enter in the lobby asks; the question says what would be lost
    d.key(pygame.K_RETURN)
    assert isinstance(d.scene, DialogScene)
    assert _dialog_text(d) == i18n.t("confirm.new.match", name0="White", score0=white, name1="Black", score1=black, length=5)
    assert d.scene.answer_buttons[0].text == i18n.t("lobby.continue")
    d.key(pygame.K_RETURN)  # the default answer: Continue
    assert isinstance(d.scene, MatchScene) and d.session is s and s.match.score == (white, black)

    # Escape from the question keeps everything too; so does a fresh start of the program
    _to_lobby(d)
    d.click_button(d.scene.play_button)
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.scene, LobbyScene) and d.session is s
    d.app.quit()
    d2 = AppDriver(size=(1024, 768), settings=_quick())
    d2.click_button(d2.scene.play_button)
    assert isinstance(d2.scene, DialogScene) and f"White {white} – Black {black} of 5" in _dialog_text(d2)
    _answer(d2, i18n.t("confirm.new.start"))  # only when the player says so
    assert isinstance(d2.scene, MatchScene) and d2.session.match.score == (0, 0)


def test_play_without_a_saved_match_starts_at_once(backgammon_home):
    d = AppDriver(size=(1024, 768), settings=_quick())
    _start(d, "hotseat")
    assert isinstance(d.scene, MatchScene)


def _abandoned(key="computer:beginner"):
    records, _ = Storage().load_records()
    return records.by_mode[key].abandoned if key in records.by_mode else 0


@pytest.mark.slow
def test_a_match_against_the_computer_left_unfinished_counts_as_abandoned(backgammon_home):
    d = AppDriver(size=(1024, 768), settings=_quick())
    _start(d, "computer")
    _roll_to_move(d)
    # Lobby, then a new match over it
    _to_lobby(d)
    d.click_button(d.scene.play_button)
    assert i18n.t("confirm.new.abandoned") in _dialog_text(d)
    _answer(d, i18n.t("confirm.new.start"))
    d.app.saves.flush()
    assert _abandoned() == 1
    # Restart, after a throw: the question says so, and it counts
    _roll_to_move(d)
    d.click_button(d.scene.topbar.restart)
    assert _dialog_text(d) == i18n.t("confirm.restart.abandoned")
    _answer(d, i18n.t("button.yes"))
    d.app.saves.flush()
    assert _abandoned() == 2
    # a match not yet begun (no throw) is not counted; a hot-seat match is not either
    d.click_button(d.scene.topbar.restart)
    _answer(d, i18n.t("button.yes"))
    d.app.saves.flush()
    assert _abandoned() == 2
    # the records screen shows them as such
    _to_lobby(d)
    d.click_button(d.scene.records_button)
    screen = d.scene
    assert isinstance(screen, RecordsScene)
    header, row = screen.rows[0], screen.rows[1]
    col = header.index(i18n.t("records.col.abandoned"))
    assert row[0] == i18n.t("records.mode.computer", level=i18n.t("lobby.level.beginner")) and row[col] == "2"
