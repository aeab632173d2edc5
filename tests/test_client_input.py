"""The finer rules of the mouse and the panel: click again for the larger
die, cancelling, targets shown without a click, the cube, the log panel, the
auto end option, and a whole 5-point match with its next-game flow."""

import random

import pygame

from engine import FixedDice
from game.input.match_intents import Double, Drop, PlayStep, Roll, Take
from game.store.settings import Settings
from game.testing import Driver


def _quick() -> Settings:
    return Settings(animation_speed=0.0, bot_pace=0.0, pass_pause=0.0)


def test_clicking_the_selected_checker_again_moves_it_by_the_larger_die():
    # opening roll 6-1 for white: 13 -> 7 (6) is the larger die from 13
    d = Driver(dice=FixedDice([6, 1, 6, 1]), settings=_quick())
    d.key(pygame.K_SPACE)
    g = d.game
    assert g.turn == 0 and g.dice == (6, 1)
    d.click(d.checker_pos(13))
    assert d.scene.controller.pointer.selected == 13
    d.click(d.checker_pos(13))
    assert g.current_turn.steps[-1].frm == 13 and g.current_turn.steps[-1].die == 6


def test_escape_and_an_empty_click_cancel_the_selection():
    d = Driver(dice=FixedDice([6, 1]), settings=_quick())
    d.key(pygame.K_SPACE)
    d.click(d.checker_pos(13))
    assert d.scene.controller.pointer.selected == 13
    d.key(pygame.K_ESCAPE)
    assert d.scene.controller.pointer.selected is None
    d.click(d.checker_pos(8))
    assert d.scene.controller.pointer.selected == 8
    d.click(d.layout.other_dice_area.center)  # nothing there
    assert d.scene.controller.pointer.selected is None
    assert not d.game.current_turn.steps


def test_targets_show_without_a_click_when_only_one_checker_can_move():
    d = Driver(size=(800, 600), seed=7, settings=_quick())
    g = d.game
    rng = random.Random(4)
    for _ in range(2000):
        if g.phase == "over":
            break
        if g.phase in ("opening", "roll"):
            d.key(pygame.K_SPACE)
            continue
        movable = g.current_turn.movable()
        if len(movable) == 1:
            view = d.scene.board_view()
            assert view.selected == movable[0]
            assert view.targets == set(g.current_turn.destinations(movable[0]))
            return
        s = rng.choice(g.current_turn.legal_steps())
        d.click(d.checker_pos(s.frm))
        d.click(d.target_pos(s.to))
    raise AssertionError("never only one checker to move")


def test_auto_end_off_waits_for_done_and_the_toggle_works():
    d = Driver(dice=FixedDice([3, 1]), settings=_quick())
    panel = d.scene.panel
    assert panel.auto.text.endswith("on")
    d.click_button(panel.auto)
    assert not d.settings.auto_end_turn and panel.auto.text.endswith("off")
    d.key(pygame.K_SPACE)
    d.click(d.checker_pos(8))
    d.click(d.target_pos(5))
    d.click(d.checker_pos(6))
    d.click(d.target_pos(5))
    g = d.game
    assert g.phase == "move" and g.current_turn.complete
    assert panel.primary.text == "Done" and panel.primary.is_enabled
    d.click_button(panel.primary)
    assert g.turn == 1 and g.log[-1].text == "8/5 6/5"
    d.key(pygame.K_a)
    assert d.settings.auto_end_turn


def test_the_move_log_lists_plays_and_collapses():
    d = Driver(dice=FixedDice([3, 1]), settings=_quick())
    d.key(pygame.K_SPACE)
    d.click(d.checker_pos(8))
    d.click(d.target_pos(5))
    d.click(d.checker_pos(6))
    d.click(d.target_pos(5))
    log = d.scene.panel.log
    # two players at one screen: the board and the words are the side on roll's, Black's now
    assert d.game.turn == 1 and log.visible and any("White 31: 17/20 19/20" in line for line in log.lines)
    assert log.lines[0].startswith("Opening roll")
    d.key(pygame.K_l)
    assert not log.visible and d.scene.panel.log_toggle.text == "Show log"
    d.click_button(d.scene.panel.log_toggle)
    assert log.visible


def test_double_take_by_buttons_and_the_cube_moves():
    # white opens 3-1, black rolls 2-1 ... then white may double before rolling
    d = Driver(length=5, cube=True, dice=FixedDice([3, 1, 2, 1, 5, 4, 6, 2]), settings=_quick())
    g = d.game
    d.key(pygame.K_SPACE)
    d.click(d.checker_pos(8))
    d.click(d.target_pos(5))
    d.click(d.checker_pos(6))
    d.click(d.target_pos(5))
    d.key(pygame.K_SPACE)  # black rolls 2-1
    while g.phase == "move":
        s = g.current_turn.legal_steps()[0]
        d.click(d.checker_pos(s.frm))
        d.click(d.target_pos(s.to))
    assert g.turn == 0 and g.phase == "roll"
    panel = d.scene.panel
    assert panel.double.is_enabled
    d.click(d.layout.cube_rect(None).center)  # clicking the cube doubles too
    assert g.phase == "doubled"
    d.settle()
    assert d.viewer() == 1  # the board turned to the player who answers
    assert panel.take.is_enabled and panel.drop.is_enabled
    d.click_button(panel.take)
    assert g.cube_value == 2 and g.cube_owner == 1 and g.phase == "roll"
    d.settle()
    assert d.scene.board_view().snap.cube_owner == 1


def test_a_five_point_match_to_the_end_with_next_game_by_enter():
    d = Driver(size=(800, 600), seed=12, length=5, cube=True, settings=_quick())
    rng = random.Random(12)
    s = d.session
    games = 1
    for _ in range(20000):
        g = d.game
        if s.match.over:
            break
        if g.phase == "over":
            d.key(pygame.K_RETURN)  # next game
            assert s.match.game_number == games + 1
            games += 1
            continue
        if g.phase in ("opening", "roll"):
            if g.can_double() and rng.random() < 0.05:
                d.scene.do(Double())
                continue
            d.scene.do(Roll())
            continue
        if g.phase == "doubled":
            d.scene.do(Take() if rng.random() < 0.7 else Drop())
            continue
        step = rng.choice(g.current_turn.legal_steps())
        d.scene.do(PlayStep(step.frm, step.to, step.die))
    d.settle()
    m = s.match
    assert m.over and max(m.score) >= 5 and games == len(m.results) + 1
    # one Menu button in the panel (the primary button does not say Menu too); the result names the match winner
    assert not d.scene.panel.primary.visible and d.scene.panel.menu.visible
    assert "wins the match" in d.app.scene.lines[0]
    assert sum(1 for line in s.log_lines() if line.startswith("— Game")) == games
    from game.scenes.lobby import LobbyScene
    from game.scenes.result import ResultScene

    assert isinstance(d.app.scene, ResultScene)  # the match is over: its result
    d.key(pygame.K_ESCAPE)  # back to the lobby
    assert isinstance(d.app.scene, LobbyScene)


def test_every_intent_has_a_handler_and_every_button_stands_for_one():
    import typing

    from game.input.match_intents import Intent

    d = Driver(size=(1280, 720), dice=FixedDice([3, 1]), settings=_quick())
    kinds = typing.get_args(Intent)
    assert len(kinds) > 20 and all(d.scene.actions.handles(k) for k in kinds)
    d.key(pygame.K_SPACE)
    d.settle()
    buttons = d.scene.controller.buttons
    assert any(isinstance(i, PlayStep) for _, i in buttons) and all(isinstance(i, kinds) for _, i in buttons)
