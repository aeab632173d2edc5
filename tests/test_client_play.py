"""Whole hot-seat games through the real match scene, driven by real pygame
events: by clicks alone, by drag-and-drop, and by the keyboard alone."""

import random

import pygame
import pytest

from game.board.layout import DICE
from game.input.match_intents import PlayStep
from game.play.session import Snapshot
from game.store.settings import Settings
from game.testing import Driver

MAX_ACTIONS = 4000


def _check_display(d: Driver) -> None:
    """Once settled, the board shows exactly the engine's state."""
    d.settle()
    assert d.scene.animator.display == Snapshot.of(d.game)


def _roll_by_click(d: Driver) -> None:
    if d.scene.showing_pass:
        d.click(d.dice_pos())  # the first click reads the "No legal moves" banner
    n = len(d.game.log)
    assert d.layout.hit(d.dice_pos()) == DICE
    d.click(d.dice_pos())
    assert len(d.game.log) > n or d.game.phase == "move"


@pytest.mark.slow
def test_hot_seat_game_by_clicks():
    d = Driver(size=(1024, 768), seed=11)
    rng = random.Random(5)
    turns_seen = set()
    for _ in range(MAX_ACTIONS):
        g = d.game
        if g.phase == "over":
            break
        if g.phase in ("opening", "roll"):
            _roll_by_click(d)
            continue
        assert g.phase == "move"
        # hot-seat: the board has turned to the player on roll
        assert d.viewer() == g.turn
        turns_seen.add(g.turn)
        steps = g.current_turn.legal_steps()
        s = rng.choice(steps)
        before = len(g.current_turn.steps)
        player = g.turn
        d.click(d.checker_pos(s.frm))
        assert d.scene.controller.pointer.selected == s.frm
        # the targets the board shows are the engine's
        assert d.scene.board_view().targets == set(g.current_turn.destinations(s.frm))
        d.click(d.target_pos(s.to))
        if g.phase == "move" and g.turn == player:
            assert len(g.current_turn.steps) > before
        else:  # the dice were used up: the turn ended by itself
            assert g.log[-1].player == player and g.log[-1].kind in ("play", "win")
    assert d.game.phase == "over", "the game did not finish"
    assert d.game.log[-1].kind == "win"
    assert turns_seen == {0, 1}
    _check_display(d)


@pytest.mark.slow
def test_hot_seat_game_by_drag_and_drop():
    d = Driver(size=(800, 600), seed=23)
    rng = random.Random(9)
    multi = 0
    for _ in range(MAX_ACTIONS):
        g = d.game
        if g.phase == "over":
            break
        if g.phase in ("opening", "roll"):
            _roll_by_click(d)
            continue
        turn = g.current_turn
        frm = rng.choice(turn.movable())
        dests = turn.destinations(frm)
        to = rng.choice(sorted(dests))
        route = dests[to]
        multi += len(route) > 1
        start = turn.position
        player = g.turn
        d.drag(d.checker_pos(frm), d.target_pos(to), steps=2)
        # the checker went there by the engine's route, step by step
        if g.phase == "move" and g.turn == player:
            assert g.current_turn.position == start.apply([(s.frm, s.to) for s in route]) or len(g.current_turn.steps) >= len(route)
        assert not d.scene.controller.pointer.dragging
    assert d.game.phase == "over"
    assert multi > 0, "no drop reached a target with several dice"
    _check_display(d)


def test_drop_on_a_wrong_spot_changes_nothing():
    d = Driver(seed=3)
    _roll_by_click(d)
    g = d.game
    frm = g.current_turn.movable()[0]
    before = (g.position, len(g.current_turn.steps))
    dests = g.current_turn.destinations(frm)
    wrong = next(p for p in range(1, 25) if p not in dests and p != frm)
    d.drag(d.checker_pos(frm), d.target_pos(wrong))
    assert (g.position, len(g.current_turn.steps)) == before
    assert d.scene.controller.pointer.selected == frm  # still selected: the checker went back


def _focus_and_press(d: Driver, index: int) -> None:
    """Tab to the index-th focusable item (the step list comes first) and press Enter."""
    d.key(pygame.K_ESCAPE)  # the focus stays where it was after a step: start from none
    for _ in range(index + 1):
        d.key(pygame.K_TAB)
    d.key(pygame.K_RETURN)


@pytest.mark.slow
def test_hot_seat_match_by_keyboard_only():
    settings = Settings(animation_speed=4.0, bot_pace=0.0, pass_pause=0.2, auto_end_turn=False)
    d = Driver(size=(1024, 768), seed=4, length=1, settings=settings)
    rng = random.Random(2)
    for _ in range(MAX_ACTIONS):
        g = d.game
        if g.phase == "over":
            break
        if g.phase in ("opening", "roll"):
            if d.scene.showing_pass:
                d.key(pygame.K_ESCAPE)  # the first key reads the "No legal moves" banner
            n = len(g.log)
            d.key(rng.choice([pygame.K_SPACE, pygame.K_RETURN]))
            assert len(g.log) > n or g.phase == "move"
            d.settle()  # the dice land: then the panel names the roll and lists the steps
            continue
        turn = g.current_turn
        if turn.complete:
            player = g.turn
            d.key(pygame.K_RETURN)  # Done
            assert g.turn != player or g.phase == "over"
            continue
        steps = turn.legal_steps()
        k = rng.randrange(len(steps))
        # the panel lists exactly the engine's steps, in its order, as "13 → 8 (5)"
        shown = [b.text for b, _ in d.scene.panel.step_buttons]
        assert len(shown) == len(steps)
        assert "→" in shown[k]
        made = len(turn.steps)
        _focus_and_press(d, k)
        assert len(turn.steps) == made + 1
        assert (turn.steps[-1].frm, turn.steps[-1].to) == (steps[k].frm, steps[k].to)
    assert d.game.phase == "over"
    _check_display(d)


def test_arrow_keys_move_the_focus_on_the_board_and_escape_backs_out():
    d = Driver(seed=8)
    d.key(pygame.K_SPACE)
    d.settle()
    scene = d.scene
    movable = d.game.current_turn.movable()
    assert len(movable) > 1
    # a roll by key puts the focus on a checker that can move, drawn as a ring
    assert scene.controller.board_focus.kind == "checker" and scene.controller.board_focus.point in movable
    assert scene.board_view().focus == scene.controller.board_focus.at
    for key in (pygame.K_LEFT, pygame.K_UP, pygame.K_RIGHT, pygame.K_DOWN):
        d.key(key)
        if scene.controller.board_focus.at is not None:
            assert scene.controller.board_focus.kind == "checker" and scene.controller.board_focus.point in movable
        else:  # it left the board for a button
            assert scene.controller.focus.index is not None
    d.key(pygame.K_ESCAPE)
    assert scene.controller.board_focus.at is None and scene.controller.focus.index is None
    d.key(pygame.K_RIGHT)  # the first arrow brings the focus back on a checker
    frm = scene.controller.board_focus.point
    assert scene.controller.board_focus.kind == "checker" and frm in movable
    d.key(pygame.K_RETURN)  # select it: the focus moves among its targets
    assert scene.controller.pointer.selected == frm and scene.controller.board_focus.kind == "target"
    assert scene.controller.board_focus.point in d.game.current_turn.destinations(frm)
    d.key(pygame.K_ESCAPE)  # back out to the checker
    assert scene.controller.board_focus.at == ("checker", frm) and scene.controller.pointer.selected is None
    d.key(pygame.K_ESCAPE)
    assert scene.controller.board_focus.at is None
    # Tab still walks the panel's buttons in order, steps first
    d.key(pygame.K_TAB)
    assert scene.controller.focus.index == 0 and isinstance(scene.controller.buttons[0][1], PlayStep)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_computer_seats_play_on_a_worker_thread(seed):
    from engine import get_bot

    settings = Settings(animation_speed=0.0, bot_pace=0.0, pass_pause=0.0)
    d = Driver(size=(800, 600), seed=seed, seats=(get_bot("random", seed=1), get_bot("random", seed=2)), settings=settings)
    for _ in d.play_out(20000):
        pass
    assert d.game.phase == "over"
    _check_display(d)


@pytest.mark.slow
def test_human_against_a_computer_by_clicks_with_take_back():
    from engine import get_bot

    settings = Settings(animation_speed=2.0, bot_pace=0.05, pass_pause=0.1)
    d = Driver(size=(800, 600), seed=31, seats=(None, get_bot("random", seed=3)), settings=settings)
    g = d.game
    rng = random.Random(3)
    took_back = False
    for _ in range(MAX_ACTIONS):
        if g.phase == "over":
            break
        if d.session.computer_to_act:
            d.settle()
            continue
        assert d.viewer() == 0  # the human always sits nearest the screen
        if g.phase in ("opening", "roll"):
            if not took_back and g.can_take_back(0) and len(g.log) > 6:
                start = g.log[:]
                d.key(pygame.K_t)
                assert g.turn == 0 and g.phase == "move" and len(g.log) < len(start)
                took_back = True
                continue
            _roll_by_click(d)
            continue
        s = rng.choice(g.current_turn.legal_steps())
        d.click(d.checker_pos(s.frm))
        d.click(d.target_pos(s.to))
    assert g.phase == "over" and took_back
    _check_display(d)
