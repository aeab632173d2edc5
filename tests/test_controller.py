"""The board controller without a window: pointer, keys, game controller
buttons and touches in, typed intents out.  The turn is a real session
(the engine says what may move); where things are comes from the real
layout and top-view renderer, as the match scene has them."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from engine import FixedDice, Match
from game.board.layout import Layout
from game.board.render import BoardRenderer, BoardView
from game.input.intents import intent_of
from game.input.touch import TouchMouse
from game.match.boardview import RendererPlaces
from game.match.controller import BoardController, MoveQuery
from game.input.match_intents import (
    COMMANDS, Deselect, Double, Hint, MoveChecker, PlayStep, Primary, Reselect, Roll, TakeBack, ToggleLog, ToLobby, Undo,
)
from game.play.session import Session

SIZE = (1280, 720)


@pytest.fixture(scope="module")
def layout():
    pygame.font.init()
    return Layout(SIZE)


@pytest.fixture(scope="module")
def renderer(layout):
    return BoardRenderer(layout)


def _moving(dice=(3, 1)) -> Session:
    """White to move ``dice`` from the opening position."""
    s = Session(Match(dice=FixedDice(list(dice))))
    assert s.roll() and s.movable()
    return s


def _places(renderer, layout, s: Session) -> RendererPlaces:
    return RendererPlaces(renderer, s.snapshot(), s.viewer_for(s.snapshot()), layout.d)


def _at(places: RendererPlaces, point: int):
    return places.checker(point).center


def test_click_a_checker_then_a_target_is_a_move(layout, renderer):
    s = _moving()
    places = _places(renderer, layout, s)
    c = BoardController()
    pos = _at(places, 8)
    hit = layout.hit(pos)
    assert hit == 8
    assert c.press(pos, hit, s) == Reselect() and c.pointer.selected == 8
    assert c.release(pos, hit, s) == Reselect() and c.pointer.selected == 8  # a click: still selected
    target = places.target(5).center
    assert c.press(target, layout.hit(target), s) == MoveChecker(8, 5)
    assert c.pointer.selected is None
    assert c.release(target, layout.hit(target), s) is None  # no press held on a checker


def test_the_dice_the_cube_and_an_empty_place(layout, renderer):
    s = Session(Match(dice=FixedDice([3, 1, 6, 5]), cube=True))
    c = BoardController()
    dice = layout.dice_area.center
    assert c.press(dice, layout.hit(dice), s) == Roll()
    assert s.roll()
    places = _places(renderer, layout, s)
    c.press(_at(places, 13), 13, s)
    assert c.pointer.selected == 13
    empty = layout.other_dice_area.center
    assert c.press(empty, layout.hit(empty), s) == Deselect(empty) and c.pointer.selected is None
    cube = layout.cube_rect(None).center
    assert layout.hit(cube) != layout.hit(empty) and c.press(cube, layout.hit(cube), s) == Deselect(cube)  # no cube to offer now
    assert s.move(8, 5) and s.move(6, 5)  # the turn ends by itself
    # Black on roll (hot-seat), the cube in the middle: a press on it offers it
    assert s.game.turn == 1 and s.can_double()
    assert c.press(cube, layout.hit(cube), s) == Double()


def test_a_second_click_on_the_selected_checker_plays_the_larger_die(layout, renderer):
    s = _moving((6, 1))
    places = _places(renderer, layout, s)
    c = BoardController()
    pos = _at(places, 13)
    c.press(pos, 13, s)
    c.release(pos, 13, s)
    c.press(pos, 13, s)
    step = s.larger_step(13)
    assert c.release(pos, 13, s) == PlayStep(13, step.to, step.die) == PlayStep(13, 7, 6)


def test_drag_and_drop(layout, renderer):
    s = _moving()
    places = _places(renderer, layout, s)
    c = BoardController()
    a, b = _at(places, 8), places.target(5).center
    c.press(a, 8, s)
    assert not c.drag((a[0] + 1, a[1]), layout.d) and not c.busy  # a tremble is no drag
    assert c.drag(b, layout.d) and c.busy
    view = BoardView(snap=s.snapshot(), viewer=0)
    c.show(view, MoveQuery(s), places)
    assert (0, 8) in view.hidden and view.flying and view.selected == 8 and 5 in view.targets
    assert c.release(b, layout.hit(b), s) == MoveChecker(8, 5) and not c.busy
    # dropped where it cannot go: it goes back, still selected
    c.press(a, 8, s)
    c.drag(layout.other_dice_area.center, layout.d)
    assert c.release(layout.other_dice_area.center, layout.hit(layout.other_dice_area.center), s) == Reselect()
    assert c.pointer.selected == 8 and not c.busy


def test_arrows_enter_and_escape_on_the_board(layout, renderer):
    s = _moving()
    q = MoveQuery(s)
    places = _places(renderer, layout, s)
    c = BoardController()
    assert c.command("right", places, q) is None  # the first arrow shows the focus on a checker
    assert c.board_focus.kind == "checker" and c.board_focus.point in s.movable()
    c.board_focus.set("checker", 8)
    assert c.command("confirm", places, q) == Reselect()  # select it: the focus goes to its targets
    assert c.pointer.selected == 8 and c.board_focus.at == ("target", 5)  # the larger die's first
    for word in ("left", "right", "up", "down"):
        assert c.command(word, places, q) is None
        assert c.board_focus.kind == "target" and c.board_focus.point in s.destinations(8)
    assert c.command("cancel", places, q) == Reselect()  # back to the checker
    assert c.board_focus.at == ("checker", 8) and c.pointer.selected is None
    c.command("confirm", places, q)
    c.board_focus.set("target", 5)
    assert c.command("confirm", places, q) == MoveChecker(8, 5)
    # the scene carries it out; then the focus follows the checker moved
    assert s.move(8, 5)
    q.clear()
    c.pointer.reset()
    c.refresh(q, new_turn=False)
    assert c.board_focus.kind == "checker" and c.board_focus.point in s.movable()
    assert c.board_focus.point == (5 if 5 in s.movable() else min(s.movable(), key=lambda p: (abs(p - 5), p)))
    assert c.command("cancel", places, q) == Reselect() and c.board_focus.at is None


def test_left_and_right_stay_on_the_checkers_tab_goes_to_the_buttons(layout, renderer):
    s = _moving()
    q = MoveQuery(s)
    places = _places(renderer, layout, s)
    c = BoardController()
    far = pygame.Rect(0, 0, 40, 20)  # a button level with nothing on the board
    undo, primary = SimpleNamespace(rect=far), SimpleNamespace(rect=far.move(50, 0))
    c.set_buttons([(undo, Undo()), (primary, Primary())], steps=0, on_step=False)
    c.command("right", places, q)
    for word in ["right"] * 6 + ["left"] * 12:
        c.command(word, places, q)
        assert c.board_focus.kind == "checker" and c.focused() is None
    assert c.command("focus_next", places, q) is None
    assert c.board_focus.at is None and c.focused() == (undo, Undo())
    assert c.command("confirm", places, q) == Undo()  # Enter presses the focused button
    assert c.command("focus_prev", places, q) is None and c.focused() == (primary, Primary())


def test_with_nothing_to_move_the_first_arrow_finds_the_primary_button(layout, renderer):
    s = Session(Match(dice=FixedDice([3, 1])))  # the opening roll is still to come
    q = MoveQuery(s)
    c = BoardController()
    undo, primary = SimpleNamespace(rect=pygame.Rect(0, 0, 40, 20)), SimpleNamespace(rect=pygame.Rect(50, 0, 40, 20))
    c.set_buttons([(undo, Undo()), (primary, Primary())], steps=0, on_step=False)
    assert c.command("down", _places(renderer, layout, s), q) is None
    assert c.focused() == (primary, Primary())
    c.focus.clear()
    assert c.command("confirm", _places(renderer, layout, s), q) == Primary()  # nothing focused: the primary action


def test_the_step_buttons_keep_the_focus_and_show_their_step(layout, renderer):
    s = _moving()
    q = MoveQuery(s)
    c = BoardController()
    steps = [PlayStep(st.frm, st.to, st.die) for st in s.legal_steps()]
    buttons = [(SimpleNamespace(rect=pygame.Rect(0, 30 * i, 40, 20)), st) for i, st in enumerate(steps)]
    c.set_buttons(buttons, steps=len(steps), on_step=False)
    c.command("focus_next", _places(renderer, layout, s), q)
    c.command("focus_next", _places(renderer, layout, s), q)
    assert c.focused_step() == steps[1]
    view = BoardView(snap=s.snapshot(), viewer=0)
    c.show(view, q, _places(renderer, layout, s))
    assert view.focus_step == (steps[1].frm, steps[1].to) and view.targets == {steps[1].to} and len(view.ghosts) == 1
    # the panel is shown anew with fewer steps: the focus stays among them; with none it goes
    c.set_buttons(buttons[:1], steps=1, on_step=True)
    assert c.focus.index == 0
    c.set_buttons([], steps=0, on_step=True)
    assert c.focused() is None and c.focus.index is None


def test_a_new_turn_starts_afresh_and_a_lone_checker_is_selected_by_the_game(layout, renderer):
    s = _moving()
    q = MoveQuery(s)
    c = BoardController()
    c.press(_at(_places(renderer, layout, s), 8), 8, s)
    c.refresh(q, new_turn=True)
    assert c.pointer.selected is None and c.board_focus.at is None
    c.keyboard = True
    c.refresh(q, new_turn=True)  # keys were used last: the focus appears on a checker
    assert c.board_focus.kind == "checker"
    lone = MoveQuery(SimpleNamespace(movable=lambda: [6], destinations=lambda p: {5: ()}, larger_step=lambda p: None,
                                     can_roll=lambda: False, can_double=lambda: False))
    c.refresh(lone, new_turn=False)
    assert c.pointer.selected == 6 and c.pointer.auto and c.keys_selected() is None


def _key(key: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)


def _pad(button: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=button)


@pytest.mark.parametrize("key,button,intent", [
    (pygame.K_u, pygame.CONTROLLER_BUTTON_Y, Undo()),
    (pygame.K_h, pygame.CONTROLLER_BUTTON_X, Hint()),
    (pygame.K_RETURN, pygame.CONTROLLER_BUTTON_A, Primary()),  # nothing focused: the primary action
    (None, pygame.CONTROLLER_BUTTON_START, Primary()),
    (None, pygame.CONTROLLER_BUTTON_BACK, ToLobby()),
    (pygame.K_t, None, TakeBack()),
    (pygame.K_l, None, ToggleLog()),
])
def test_keys_and_game_controllers_say_the_same(layout, renderer, key, button, intent):
    s = _moving()
    c = BoardController()
    for event in ([_key(key)] if key is not None else []) + ([_pad(button)] if button is not None else []):
        assert c.command(intent_of(event), _places(renderer, layout, s), MoveQuery(s)) == intent


def test_every_command_word_has_an_intent_and_the_arrows_none(layout, renderer):
    s = _moving()
    c = BoardController()
    for word, intent in COMMANDS.items():
        assert c.command(word, _places(renderer, layout, s), MoveQuery(s)) == intent


def test_a_finger_makes_the_same_intents_as_the_mouse(layout, renderer):
    s = _moving()
    places = _places(renderer, layout, s)
    touch = TouchMouse()
    by_finger, by_mouse = BoardController(), BoardController()
    for point in (8, 8):  # tap, then tap again: the larger die
        pos = _at(places, point)
        finger = dict(touch_id=1, finger_id=0, x=pos[0] / SIZE[0], y=pos[1] / SIZE[1])
        (down,) = touch.translate(pygame.event.Event(pygame.FINGERDOWN, **finger), SIZE)
        (up,) = touch.translate(pygame.event.Event(pygame.FINGERUP, **finger), SIZE)
        assert down.type == pygame.MOUSEBUTTONDOWN and up.type == pygame.MOUSEBUTTONUP
        got = [by_finger.press(down.pos, layout.hit(down.pos), s), by_finger.release(up.pos, layout.hit(up.pos), s)]
        want = [by_mouse.press(pos, layout.hit(pos), s), by_mouse.release(pos, layout.hit(pos), s)]
        assert got == want
    assert got[-1] == PlayStep(8, 5, 3)
