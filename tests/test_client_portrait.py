"""Portrait screens (a kiosk's touch screen standing upright, a narrow
window): the panel goes below the board, and the lobby, the match and the
other screens fit, at 1080x1920 and 720x1280, driven by real events."""

from __future__ import annotations

import pygame
import pytest

from game.words import catalogs, i18n
from game.scenes.match import MatchScene
from game.store.settings import Settings
from game.testing import AppDriver, Driver

SIZES = [(1080, 1920), (720, 1280)]


def _quick(**kw) -> Settings:
    return Settings(animation_speed=0.0, bot_pace=0.0, pass_pause=0.0, **kw)


def _inside(rect, size, margin=2):
    w, h = size
    return rect.left >= margin and rect.top >= 0 and rect.right <= w - margin and rect.bottom <= h


def _fits(button):
    font = button.font if hasattr(button, "font") else None
    if font is None or not button.text:
        return True
    return font.size(button.text)[0] <= button.rect.width - 4


def _menu_buttons(scene):
    return [b for b in scene.order if b.visible]


def _check_menu(scene, size):
    buttons = _menu_buttons(scene)
    assert buttons
    for b in buttons:
        assert _inside(b.rect, size, margin=4), (type(scene).__name__, b.text, b.rect)
        assert _fits(b), (type(scene).__name__, b.text, b.rect)
    for i, a in enumerate(buttons):
        for b in buttons[i + 1:]:
            assert not a.rect.colliderect(b.rect), (a.text, b.text)


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_match_puts_the_panel_below_a_board_as_wide_as_the_window(size):
    d = Driver(size=size, seed=3, cube=True, settings=_quick(auto_end_turn=False))
    lay = d.layout
    assert lay.portrait and lay.panel_rect.top >= lay.board_rect.bottom
    assert lay.board_rect.width >= 0.9 * size[0]
    panel, top = d.scene.panel, d.scene.topbar
    buttons = [panel.primary, panel.undo, panel.take_back, panel.double, panel.take, panel.drop, panel.auto,
               panel.hint, panel.menu, panel.log_toggle, top.lobby, top.restart, top.resign]
    for b in buttons:
        assert _inside(b.rect, size), (b.text, b.rect)
        assert _fits(b), (b.text, b.rect)
    for lab in (panel.status, panel.score, panel.pips) + tuple(panel.distribution):
        assert _inside(lab.rect, size)
    # play by clicks: the dice, a checker, a target, Done
    g = d.game
    d.click(d.dice_pos())
    assert g.phase == "move"
    player = g.turn
    while g.turn == player and g.phase == "move" and not g.current_turn.complete:
        s = g.current_turn.legal_steps()[0]
        d.click(d.checker_pos(s.frm))
        d.click(d.target_pos(s.to))
    d.click_button(panel.primary)
    assert g.turn != player
    for b, _ in panel.step_buttons:
        assert _inside(b.rect, size)


@pytest.mark.slow
@pytest.mark.parametrize("lang", catalogs.shipped())  # every shipped language (game/locale/LINGUAS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_lobby_and_the_other_screens_fit_a_portrait_window(size, lang):
    from game.scenes.records import RecordsScene
    from game.scenes.settings import SettingsScene

    i18n.set_language(lang)
    d = AppDriver(size=size, settings=_quick(language=lang))
    lobby = d.scene
    _check_menu(lobby, size)
    # the actions go below the choices
    assert lobby.play_button.rect.top > max(b.rect.bottom for row in lobby.rows.values() for b, _ in row.buttons)
    d.click_button(lobby.settings_button)
    assert isinstance(d.scene, SettingsScene)
    _check_menu(d.scene, size)
    d.key(pygame.K_ESCAPE)
    d.click_button(d.scene.records_button)
    assert isinstance(d.scene, RecordsScene)
    _check_menu(d.scene, size)
    d.key(pygame.K_ESCAPE)
    d.click_button(d.scene.help_button)
    _check_menu(d.scene, size)
    d.key(pygame.K_ESCAPE)
    # a match, its dialogs and its result
    d.click_button(d.scene.rows["mode"].button_for("hotseat"))
    d.click_button(d.scene.play_button)
    assert isinstance(d.scene, MatchScene) and d.scene.layout.portrait
    d.click(d.dice_pos())  # the opening roll
    d.click_button(d.scene.topbar.resign)
    _check_menu(d.scene, size)
    d.click_button(d.scene.answer_buttons[0])
    _check_menu(d.scene, size)  # the other player's answer
    d.click_button(d.scene.answer_buttons[0])
    d.settle()
    _check_menu(d.scene, size)  # the result
