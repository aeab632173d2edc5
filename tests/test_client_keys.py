"""The lobby and the keys behave, with real events: the level and colour
rows keep their highlighted choice when they come back; Down goes row by
row; on the board Left and Right stay on the checkers (Tab goes to buttons)."""

from __future__ import annotations

import pygame
import pytest

from game.store.settings import Settings
from game.testing import AppDriver, Driver


def _quick(**kw) -> Settings:
    return Settings(animation_speed=0.0, bot_pace=0.0, pass_pause=0.0, **kw)


def _drawn(button) -> bytes:
    return pygame.image.tobytes(button.image, "RGBA")


def test_level_and_colour_rows_keep_a_highlighted_choice(backgammon_home):
    d = AppDriver(size=(1024, 768), settings=_quick())
    lobby = d.scene
    d.click_button(lobby.rows["mode"].button_for("computer"))
    d.frames(2)
    before = {key: _drawn(lobby.rows[key].button_for(lobby.rows[key].value)) for key in ("level", "colour")}
    d.click_button(lobby.rows["mode"].button_for("hotseat"))
    d.click_button(lobby.rows["mode"].button_for("computer"))
    d.mouse_move((1, 1))  # the mouse away: nothing is hovered
    d.frames(2)
    for key in ("level", "colour"):
        row = lobby.rows[key]
        chosen = row.button_for(row.value)
        assert _drawn(chosen) == before[key], key  # drawn as chosen, as before
        others = [b for b, v in row.buttons if v != row.value]
        assert all(_drawn(b) != _drawn(chosen) for b in others)


def _focus_on(d, button, max_tabs=40):
    for _ in range(max_tabs):
        current = d.scene.focus.current(d.scene.focusables())
        if current is not None and current[0] is button:
            return
        d.key(pygame.K_TAB)
    raise AssertionError("the focus never reached the button")


def _focused(d):
    current = d.scene.focus.current(d.scene.focusables())
    return current[0] if current is not None else None


def _row_of(lobby, button):
    for key, row in lobby.rows.items():
        if any(b is button for b, _ in row.buttons):
            return key
    return None


@pytest.mark.parametrize("mode,rows", [("hotseat", ["length", "cube"]), ("computer", ["level", "colour", "length", "cube"])])
def test_down_from_the_opponent_row_goes_row_by_row(backgammon_home, mode, rows):
    d = AppDriver(size=(1280, 720), settings=_quick())
    lobby = d.scene
    d.click_button(lobby.rows["mode"].button_for(mode))
    _focus_on(d, lobby.rows["mode"].button_for("computer"))
    seen = []
    for _ in rows:
        d.key(pygame.K_DOWN)
        seen.append(_row_of(lobby, _focused(d)))
    assert seen == rows


def test_left_and_right_on_the_board_stay_on_the_checkers():
    d = Driver(size=(1280, 720), seed=3, settings=_quick(auto_end_turn=False))
    d.key(pygame.K_SPACE)
    d.key(pygame.K_RIGHT)  # the focus appears on a checker
    scene = d.scene
    assert scene.controller.board_focus.kind == "checker"
    for key in [pygame.K_RIGHT] * 8 + [pygame.K_LEFT] * 16 + [pygame.K_RIGHT] * 8:
        d.key(key)
        assert scene.controller.board_focus.kind == "checker" and scene.controller.focused() is None
    # Enter: its targets; Left and Right go from target to target
    d.key(pygame.K_RETURN)
    assert scene.controller.board_focus.kind == "target"
    for key in [pygame.K_RIGHT] * 4 + [pygame.K_LEFT] * 8:
        d.key(key)
        assert scene.controller.board_focus.kind == "target"
    # Tab goes to the buttons
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_TAB)
    assert scene.controller.focused() is not None
