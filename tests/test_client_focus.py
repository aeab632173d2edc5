"""The keyboard focus, heard: one Tab order that comes back to the steps
after a step; every focusable thing says its name (both languages); Enter
on a checker says where it may go; the ask list has the quarters and says
its focus; dialogs and the lobby say where the focus is; the arrows go to
the nearest thing that way and say so at an edge; the point cursor walks
every point, the bar and off.  All through the real client, by real key
events, read from the announcer's history."""

from __future__ import annotations

import re

import pygame
import pytest

from engine import FixedDice
from engine.kinds import ResignLevel
from game.input.match_intents import AskMenu, AskTopic, OpenSettings, PlayStep, SetView
from game.match.ask import answer, point_sentence
from game.play.numbering import listener
from game.play.options import MatchOptions
from game.scenes.dialog import DialogScene
from game.scenes.lobby import LobbyScene
from game.scenes.match import MatchScene
from game.scenes.result import ResultScene
from game.store.settings import Settings
from game.testing import AppDriver
from game.words import i18n
from game.words.i18n import t


def said(d: AppDriver) -> str:
    return d.app.announcer.history[-1]


def hotseat(dice, lang: str = "en", size=(1280, 720), cube: bool = False) -> AppDriver:
    """A hot-seat game at the screen, its opening roll thrown by Space (turns end by Done)."""
    d = AppDriver(size=size, settings=Settings(pace="instant", sound=False, auto_end_turn=False, language=lang))
    d.app.flow.start_match(MatchOptions(mode="hotseat", length=3 if cube else 1, cube=cube), dice=FixedDice(dice))
    d.settle()
    d.key(pygame.K_SPACE)
    d.settle()
    assert isinstance(d.scene, MatchScene) and d.session.legal_steps()
    return d


def focused_intent(d: AppDriver):
    focused = d.scene.controller.focused()
    return focused[1] if focused is not None else None


def heard(d: AppDriver) -> int:
    s = d.session
    return listener(s, s.snapshot())


# -- 1. Tab after a step ---------------------------------------------------------------------------
def test_after_a_step_from_the_list_tab_goes_on_through_the_steps():
    d = hotseat([6, 5, 4, 2])
    scene = d.scene
    for _ in range(3):  # three times the last step of the list: the one after which Tab used to leave the list
        steps = scene.widgets.steps
        assert steps > 0
        for _ in range(40):
            if isinstance(focused_intent(d), PlayStep) and scene.controller.focus.index == steps - 1:
                break
            d.key(pygame.K_TAB)
        played = len(d.session.game.current_turn.steps)
        d.key(pygame.K_RETURN)
        d.settle()
        assert len(d.session.game.current_turn.steps) == played + 1
        if not d.session.legal_steps():
            break
        assert isinstance(focused_intent(d), PlayStep)  # the focus stayed on the list
        d.key(pygame.K_TAB)
        assert isinstance(focused_intent(d), PlayStep) or scene.widgets.steps == 1, focused_intent(d)
        d.key(pygame.K_TAB, mod=pygame.KMOD_SHIFT)
        assert isinstance(focused_intent(d), PlayStep)


# -- 2. every Tab stop says its name -------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_tab_stop_of_the_match_screen_says_its_name(lang):
    d = hotseat([3, 1], lang=lang)
    scene = d.scene
    history = d.app.announcer.history
    heard_names = {}
    for _ in range(len(scene.controller.buttons)):
        n = len(history)
        d.key(pygame.K_TAB)
        assert len(history) == n + 1, f"a silent Tab stop: {focused_intent(d)}"
        heard_names[type(focused_intent(d)).__name__ + repr(getattr(focused_intent(d), "mode", ""))] = said(d)
        assert "→" not in said(d) and said(d).strip(" ,.，。")  # words for a voice, never an arrow sign or nothing
    assert heard_names["OpenSettings''"] == t("say.focus.button", text=t("settings.title"))
    assert heard_names["SetView'top'"] == t("say.focus.button", text=t("view.top"))
    assert heard_names["SetView'oblique'"] == t("say.focus.button", text=t("view.oblique"))
    assert {OpenSettings, SetView, PlayStep} <= {type(i) for _, i in scene.controller.buttons}


def test_a_step_button_is_said_in_one_form():
    d = hotseat([3, 1])
    scene = d.scene
    for _ in range(scene.widgets.steps):
        d.key(pygame.K_TAB)
        step = focused_intent(d)
        assert isinstance(step, PlayStep)
        frm = t("say.bar") if step.frm == 25 else str(step.frm)  # White at the screen: White's numbering
        to = t("say.off") if step.to == 0 else str(step.to)
        assert said(d) == t("say.focus.button", text=t("ask.step", frm=frm, to=to))


def test_the_lobby_gear_says_settings():
    d = AppDriver(size=(1280, 720), settings=Settings(sound=False))
    lobby = d.scene
    for _ in range(40):
        current = lobby.focus.current(lobby.focusables())
        if current is not None and current[0] is lobby.gear_button:
            break
        d.key(pygame.K_TAB)
    assert said(d) == t("say.focus.button", text=t("settings.title"))


# -- 3. Enter on a checker --------------------------------------------------------------------------
def test_enter_on_a_checker_says_where_it_may_go():
    d = hotseat([3, 1])
    scene = d.scene
    s = d.session
    bf = scene.controller.board_focus
    assert bf.at == ("checker", 24)  # the roll by a key put the focus on the checker farthest from home
    d.key(pygame.K_LEFT)  # along the far row: the 13-point
    d.key(pygame.K_DOWN)  # across: the 8-point (three places to go)
    assert bf.at == ("checker", 8)
    d.key(pygame.K_RETURN)
    assert bf.kind == "target"
    words = said(d)
    m = re.fullmatch(r"8: may go to ([\d, ]+)\. Now on (\d+)\.", words)
    assert m is not None, words
    assert [int(p) for p in m.group(1).split(", ")] == sorted(s.destinations(8), reverse=True)  # the session's, nearest first
    assert int(m.group(2)) == bf.point
    # Escape backs out to the checker, and says it
    d.key(pygame.K_ESCAPE)
    assert bf.at == ("checker", 8) and said(d) == point_sentence(s.snapshot(), 0, 8)


# -- 4. the ask list -----------------------------------------------------------------------------------
def test_the_ask_list_has_the_quarters_and_says_its_focus():
    d = hotseat([3, 1])
    s = d.session
    d.key(pygame.K_q)
    dialog = d.scene
    assert isinstance(dialog, DialogScene)
    first = dialog.answer_buttons[0].text
    assert said(d).startswith(t("ask.menu.title")) and said(d).endswith(t("say.focus.button", text=first))
    texts = [b.text for b in dialog.answer_buttons]
    assert all(t(f"ask.menu.q{i}") in texts for i in (1, 2, 3, 4))
    for _ in range(texts.index(t("ask.menu.q1"))):
        d.key(pygame.K_TAB)
    assert said(d) == t("say.focus.button", text=t("ask.menu.q1"))
    d.key(pygame.K_RETURN)
    assert said(d) == answer(AskTopic.Q1, s, heard(d))


# -- 5. dialogs, the result, the lobby ---------------------------------------------------------------
def test_a_question_says_its_answers_and_the_focus():
    d = hotseat([3, 1])
    d.key(pygame.K_ESCAPE)
    d.pad(pygame.CONTROLLER_BUTTON_BACK)  # Back: to the lobby?
    dialog = d.scene
    assert isinstance(dialog, DialogScene)
    texts = [b.text for b in dialog.answer_buttons]
    assert t("say.focus.choices", choices=t("say.focus.list_sep").join(texts)) in said(d)
    assert said(d).endswith(t("say.focus.button", text=texts[0]))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_result_says_its_choices_and_focus_and_the_lobby_its_focus(lang):
    d = hotseat([3, 1], lang=lang)
    s = d.session
    assert s.resign(ResignLevel.SINGLE)
    d.settle()
    if isinstance(d.scene, DialogScene):  # hot seat: the other player answers the resignation
        d.key(pygame.K_RETURN)
        d.settle()
    if not isinstance(d.scene, ResultScene):
        s.answer_resignation(True)
        d.settle()
    result = d.scene
    assert isinstance(result, ResultScene)
    buttons = [b.text for b, _ in result.focusables()]
    words = [line for line in d.app.announcer.history if t("say.focus.choices", choices=t("say.focus.list_sep").join(buttons)) in line]
    assert words and words[-1].endswith(t("say.focus.button", text=buttons[0]))
    lobby_button = result.result_buttons["lobby"]
    for _ in range(10):
        current = result.focus.current(result.focusables())
        if current is not None and current[0] is lobby_button:
            break
        d.key(pygame.K_TAB)
    result.shown_for = 10.0  # (past the guard against a Space meant for the board)
    d.key(pygame.K_RETURN)
    d.settle()
    lobby = d.scene
    assert isinstance(lobby, LobbyScene)
    assert any(line.endswith(t("say.focus.button", text=lobby.play_button.text)) for line in list(d.app.announcer.history)[-3:])


# -- 6. the arrows -----------------------------------------------------------------------------------
def test_left_and_right_go_to_the_next_point_of_the_row_and_say_the_edge():
    d = hotseat([5, 3])
    scene = d.scene
    s = d.session
    assert scene.do(PlayStep(8, 3, 5))
    d.settle()
    bf = scene.controller.board_focus
    places = scene.places()
    movable = s.movable()
    assert len(movable) >= 4
    centre_y = scene.layout.board_rect.centery  # the top view: the two rows either side of it
    where = {p: places.column(p).center for p in movable}  # where each point is
    for key, sign in ((pygame.K_RIGHT, 1), (pygame.K_LEFT, -1)):
        for p in movable:
            bf.set("checker", p)
            x, y = where[p]
            row = [q for q in movable if q != p and (where[q][1] < centre_y) == (y < centre_y) and (where[q][0] - x) * sign > 0]
            d.key(key)
            if row:
                expected = min(row, key=lambda q: abs(where[q][0] - x))
                assert bf.at == ("checker", expected), (p, key, bf.at, expected)
                assert said(d) == point_sentence(s.snapshot(), 0, expected)
            else:  # the end of the row: said, and the focus stays
                assert bf.at == ("checker", p)
                assert said(d) == t("say.focus.edge.right" if sign > 0 else "say.focus.edge.left")


def test_right_in_a_lobby_row_goes_to_the_next_choice():
    d = AppDriver(size=(1280, 720), settings=Settings(sound=False, lobby_mode="computer"))
    lobby = d.scene
    d.key(pygame.K_TAB)
    for key in ("level", "colour", "length"):
        buttons = [b for b, _ in lobby.rows[key].buttons]
        for a, b in zip(buttons, buttons[1:]):
            lobby.focus.index = [x for x, _ in lobby.focusables()].index(a)
            d.key(pygame.K_RIGHT)
            assert lobby.focus.current(lobby.focusables())[0] is b, (key, a.text)
    # Right and Right again at the right edge: said, not the same button again
    lobby.focus.index = [x for x, _ in lobby.focusables()].index(lobby.gear_button)
    d.key(pygame.K_RIGHT)
    assert said(d) == t("say.focus.edge.right") and lobby.focus.current(lobby.focusables())[0] is lobby.gear_button


# -- 7. the point cursor -----------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_point_cursor_walks_every_point_the_bar_and_off(lang):
    d = hotseat([3, 1], lang=lang)
    s = d.session
    snap = s.snapshot()
    walked = []
    for _ in range(27):
        d.key(pygame.K_RIGHTBRACKET)
        walked.append(said(d))
        assert d.scene.actions.notice == said(d)  # shown on the board too
    places = list(range(1, 25)) + [25, 0]
    assert walked == [point_sentence(snap, heard(d), p) for p in places + [1]]  # round again after off
    assert len(set(walked[:24])) == 24  # every point its own sentence, the empty ones too
    d.key(pygame.K_LEFTBRACKET)
    assert said(d) == point_sentence(snap, heard(d), 0)
    # the bar and the trays straight away; the cube
    d.key(pygame.K_x)
    assert said(d) == point_sentence(snap, heard(d), 25)
    d.key(pygame.K_RIGHTBRACKET)  # on from the bar: off
    assert said(d) == point_sentence(snap, heard(d), 0)
    d.key(pygame.K_o)
    assert said(d) == point_sentence(snap, heard(d), 0)
    d.key(pygame.K_k)
    assert said(d) == t("ask.cube.off")


def test_the_cube_key_and_the_ask_list_entries_for_the_bar_off_and_cube():
    d = hotseat([3, 1], cube=True)
    d.key(pygame.K_k)
    assert said(d) == t("ask.cube", value=1)
    d.key(pygame.K_q)
    dialog = d.scene
    texts = [b.text for b in dialog.answer_buttons]
    for key in ("bar", "off", "cube"):
        assert t(f"ask.menu.{key}") in texts
    d.click_button(dialog.answer_buttons[texts.index(t("ask.menu.bar"))])
    s = d.session
    assert said(d) == point_sentence(s.snapshot(), heard(d), 25)
    assert focused_intent(d) != AskMenu()  # (the board is back, with nothing pressed on it)
    i18n.set_language("en")
