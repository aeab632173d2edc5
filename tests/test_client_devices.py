"""The living room: a game and every menu by game controller buttons alone,
controllers plugged in and out mid-game, touch without double actions from
the mouse events SDL synthesises, full screen by F11, the setting and
--fullscreen, and the board filling 1080p and 4K screens with readable text.
All headless, with real pygame events posted into the queue."""

import random

import pygame
import pytest

from engine import SeededDice
from game.app import App
from game.board.layout import DICE, Layout
from game.input.focus import nearest
from game.input.gamepad import PRESS, Gamepads
from game.input.match_intents import PlayStep
from game.scenes.help import HelpScene
from game.scenes.lobby import LobbyScene
from game.scenes.match import MatchScene
from game.scenes.result import ResultScene
from game.scenes.settings import SettingsScene
from game.ui.theme import ui_font_px
from game.match.topbar import top_bar_height
from game.scenes.dialog import DialogScene
from game.play.session import Snapshot
from game.store.settings import Settings
from game.store.storage import Storage
from game.testing import AppDriver, Driver

A, B, X, Y = (pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B, pygame.CONTROLLER_BUTTON_X, pygame.CONTROLLER_BUTTON_Y)
START, BACK = pygame.CONTROLLER_BUTTON_START, pygame.CONTROLLER_BUTTON_BACK
UP, DOWN = pygame.CONTROLLER_BUTTON_DPAD_UP, pygame.CONTROLLER_BUTTON_DPAD_DOWN
LEFT, RIGHT = pygame.CONTROLLER_BUTTON_DPAD_LEFT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT
MAX_ACTIONS = 3000


def _quick(**kw) -> Settings:
    return Settings(animation_speed=0.0, bot_pace=0.0, pass_pause=0.0, **kw)


# -- menus by d-pad ------------------------------------------------------------------------------
def _focused(scene):
    current = scene.focus.current(scene.focusables())
    return current[0] if current is not None else None


def pad_to(d, target) -> None:
    """Move a menu's focus onto ``target`` with the d-pad alone, by the
    fewest presses (found on the graph of where each press leads from each
    button), checking that each press lands where it should."""
    scene = d.scene
    if _focused(scene) is None:
        d.pad(DOWN)  # the first press shows the focus
    buttons = [b for b, _ in scene.focusables()]
    rects = [b.rect for b in buttons]
    dirs = {UP: (0, -1), DOWN: (0, 1), LEFT: (-1, 0), RIGHT: (1, 0)}
    start = buttons.index(_focused(scene))
    goal = buttons.index(target)
    path = {start: []}
    todo = [start]
    while todo and goal not in path:
        i = todo.pop(0)
        for button, v in dirs.items():
            j = nearest(rects[i], rects, v)
            if j is not None and j not in path:
                path[j] = path[i] + [(button, j)]
                todo.append(j)
    assert goal in path, f"the d-pad cannot reach {target.text!r}"
    for button, j in path[goal]:
        d.pad(button)
        assert _focused(scene) is buttons[j]


def pad_press(d, target) -> None:
    pad_to(d, target)
    d.pad(A)


def test_every_lobby_button_is_reachable_by_the_d_pad():
    d = AppDriver(size=(1280, 720), settings=_quick())
    lobby = d.scene
    buttons = [b for b, _ in lobby.focusables()]
    assert lobby.gear_button in buttons and lobby.play_button in buttons
    rng = random.Random(3)
    rng.shuffle(buttons)
    for b in buttons:
        pad_to(d, b)
    assert isinstance(d.scene, LobbyScene)  # moving the focus pressed nothing


# -- a whole match by controller ------------------------------------------------------------------
def _pad_turn(d, rng, used) -> None:
    """One action of the player on turn, by controller buttons only."""
    g = d.game
    scene = d.scene
    if g.phase in ("opening", "roll"):
        n = len(g.log)
        d.pad(START)  # Start rolls
        d.settle()
        assert len(g.log) > n or g.phase == "move"
        return
    turn = g.current_turn
    if turn.complete:
        player = g.turn
        d.pad(START)  # Start ends the turn
        d.settle()
        assert g.turn != player or g.phase == "over"
        return
    bf = scene.controller.board_focus
    if bf.at is None or bf.kind != "checker":
        d.pad(B)
        d.pad(RIGHT)  # the first push brings the focus onto a checker
    assert bf.kind == "checker", bf.at
    for _ in range(rng.randrange(2)):  # wander among the checkers (and maybe the buttons)
        d.pad(rng.choice([LEFT, RIGHT, UP, DOWN]))
    if bf.at is None:  # it went to a button: back out and onto the board again
        d.pad(B)
        d.pad(LEFT)
    assert bf.kind == "checker" and bf.point in turn.movable()
    frm = bf.point
    d.pad(A)  # select it: the focus moves among its targets
    assert scene.controller.pointer.selected == frm and bf.kind == "target"
    dests = turn.destinations(frm)
    for _ in range(rng.randrange(2)):
        d.pad(rng.choice([LEFT, RIGHT, UP, DOWN]))
        assert bf.kind == "target" and bf.point in dests  # the targets only
    if rng.random() < 0.05:  # change of mind: back to the checker
        d.pad(B)
        assert bf.at == ("checker", frm) and scene.controller.pointer.selected in (None, frm)
        used.add("B")
        return
    to = bf.point
    made = len(turn.steps)
    d.pad(A)
    assert len(turn.steps) == made + len(dests[to])
    assert turn.steps[-1].to == to
    if "Y" not in used or rng.random() < 0.05:
        d.pad(Y)  # undo
        assert len(turn.steps) == made + len(dests[to]) - 1
        used.add("Y")
    d.settle()


@pytest.mark.slow
def test_a_hot_seat_game_and_every_menu_by_controller_alone():
    d = AppDriver(size=(960, 640), settings=_quick(auto_end_turn=False, sound=False))
    d.app.dice = SeededDice(7)
    lobby = d.scene
    # the lobby: two players here, by d-pad and A
    pad_press(d, lobby.rows["mode"].button_for("hotseat"))
    assert d.app.settings.lobby_mode == "hotseat"
    # the settings behind the gear: computer pace, then B back
    pad_press(d, lobby.gear_button)
    assert isinstance(d.scene, SettingsScene)
    pad_press(d, d.scene.rows["pace"].button_for("instant"))
    assert d.app.settings.pace == "instant"
    d.pad(B)
    assert d.scene is lobby
    # rules & help: the d-pad scrolls, B returns
    pad_press(d, lobby.help_button)
    help_scene = d.scene
    assert isinstance(help_scene, HelpScene)
    d.pad(DOWN)
    assert help_scene.scroll_fraction() > 0
    d.pad(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    d.pad(B)
    assert isinstance(d.scene, LobbyScene)
    lobby = d.scene
    # Start plays
    d.pad(START)
    match = d.scene
    assert isinstance(match, MatchScene) and match.session.hot_seat
    # a dialog: Back asks about the lobby; the d-pad and A answer No
    d.pad(BACK)
    dialog = d.scene
    assert isinstance(dialog, DialogScene)
    pad_press(d, dialog.answer_buttons[1])
    assert d.scene is match
    # the whole game
    rng = random.Random(4)
    used = set()
    hinted = False
    for _ in range(MAX_ACTIONS):
        if d.game.phase == "over":
            break
        if not hinted and d.game.phase == "move" and not d.game.current_turn.complete and d.game.current_turn.steps:
            d.pad(X)  # hint: with a step played, what is left of the expert's best play (said, and shown in words)
            d.session.wait_for_hint()
            d.frames(2)
            assert d.game.current_turn is not None and d.game.current_turn.steps  # the step stays played
            assert d.app.announcer.history[-1].startswith(("Hint for the dice left", "Your steps so far"))
            hinted = True
            continue
        _pad_turn(d, rng, used)
    assert d.game.phase == "over" and hinted and used >= {"Y"}
    d.settle()
    result = d.scene
    assert isinstance(result, ResultScene)
    d.frames(int(ResultScene.GUARD_S * 60) + 2)  # (A does nothing for a moment after the result opens)
    # the result screen: to the lobby by d-pad and A
    pad_press(d, result.result_buttons["lobby"])
    assert isinstance(d.scene, LobbyScene)


def test_start_rolls_and_a_presses_the_focused_panel_button():
    d = Driver(size=(1024, 768), seed=3, settings=_quick(auto_end_turn=False))
    d.pad(START)
    d.settle()
    assert d.game.phase == "move"
    # LB / RB walk the buttons in order like Shift+Tab / Tab
    d.pad(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    assert d.scene.controller.board_focus.at is None and d.scene.controller.focus.index == 0
    action = d.scene.controller.buttons[0][1]
    assert isinstance(action, PlayStep)
    d.pad(A)
    assert len(d.game.current_turn.steps) == 1 and (d.game.current_turn.steps[0].frm, d.game.current_turn.steps[0].to) == (action.frm, action.to)


# -- controllers plugged in and out ------------------------------------------------------------
class FakeJoystick:
    def __init__(self, iid):
        self.iid = iid

    def get_instance_id(self):
        return self.iid


class FakeController:
    """Stands in for pygame._sdl2.controller.Controller (no device here)."""

    opened = []

    def __init__(self, index):
        self.index = index
        self.name = f"Test pad {index}"
        self.closed = False
        FakeController.opened.append(self)

    def as_joystick(self):
        return FakeJoystick(100 + self.index)

    def quit(self):
        self.closed = True


class FakeModule:
    Controller = FakeController

    @staticmethod
    def is_controller(index):
        return True


def test_controllers_plugged_in_and_out_mid_game(monkeypatch):
    d = Driver(size=(1024, 768), seed=5, settings=_quick())
    pads = d.app.gamepads
    assert isinstance(pads, Gamepads)
    monkeypatch.setattr(pads, "_module", FakeModule)
    FakeController.opened = []
    d.pad(START)  # a button from a pad SDL already knew
    d.settle()
    assert d.game.phase == "move"
    d.post(pygame.CONTROLLERDEVICEADDED, device_index=0)
    d.frames(1)
    assert pads.count == 1 and 100 in pads.controllers
    steps = len(d.game.current_turn.steps)
    d.pad(A, instance_id=100)  # the new pad selects the focused checker ...
    d.pad(A, instance_id=100)  # ... and moves it
    assert len(d.game.current_turn.steps) > steps
    # a second pad, then the first one pulled out: the game goes on
    d.post(pygame.CONTROLLERDEVICEADDED, device_index=1)
    d.post(pygame.CONTROLLERDEVICEREMOVED, instance_id=100)
    d.frames(1)
    assert pads.count == 1 and 101 in pads.controllers and FakeController.opened[0].closed
    for _ in range(40):
        if d.game.phase != "move" or d.game.current_turn.complete:
            break
        d.pad(A, instance_id=101)
    d.settle()
    assert d.game.turn == 1 or d.game.phase == "over"  # the turn was played out (it ends by itself)
    # pulled out, plugged back in: works again; the keyboard never stopped working
    d.post(pygame.CONTROLLERDEVICEREMOVED, instance_id=101)
    d.frames(1)
    assert pads.count == 0
    d.key(pygame.K_SPACE)
    d.settle()
    d.post(pygame.CONTROLLERDEVICEADDED, device_index=0)
    d.frames(1)
    assert pads.count == 1
    # a device SDL cannot open is left alone
    monkeypatch.setattr(pads, "_module", None)
    d.post(pygame.CONTROLLERDEVICEADDED, device_index=7)
    d.post(pygame.CONTROLLERDEVICEREMOVED, instance_id=999)
    d.frames(1)
    assert pads.count == 1
    _check_display(d)


def test_a_device_sdl_cannot_open_is_ignored():
    d = Driver(size=(800, 600), seed=1, settings=_quick())
    d.post(pygame.CONTROLLERDEVICEADDED, device_index=42)  # no such device
    d.frames(2)
    assert d.app.gamepads.count == 0 and d.app.running


def test_the_left_stick_and_a_plain_joystick_hat_act_as_the_d_pad():
    d = Driver(size=(1024, 768), seed=8, settings=_quick())
    d.pad(START)
    d.settle()
    scene = d.scene
    scene.controller.board_focus.clear()
    axis = pygame.CONTROLLER_AXIS_LEFTX
    d.post(pygame.CONTROLLERAXISMOTION, instance_id=3, axis=axis, value=int(PRESS) + 100)
    d.frames(1)
    first = scene.controller.board_focus.at
    assert first is not None  # pushed: the focus came onto the board
    d.post(pygame.CONTROLLERAXISMOTION, instance_id=3, axis=axis, value=32000)  # held: no repeat
    d.frames(1)
    assert scene.controller.board_focus.at == first
    d.post(pygame.CONTROLLERAXISMOTION, instance_id=3, axis=axis, value=0)  # let go
    d.post(pygame.CONTROLLERAXISMOTION, instance_id=3, axis=pygame.CONTROLLER_AXIS_TRIGGERLEFT, value=32000)  # ignored
    d.frames(1)
    assert scene.controller.board_focus.at == first
    # a joystick SDL does not know as a game controller (a TV remote): its hat and first buttons
    pads = d.app.gamepads
    pads.joysticks[55] = object()
    events = pads.translate(pygame.event.Event(pygame.JOYHATMOTION, instance_id=55, hat=0, value=(0, 1)))
    assert [(e.type, e.button) for e in events] == [(pygame.CONTROLLERBUTTONDOWN, UP)]
    events = pads.translate(pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=55, button=1))
    assert [(e.type, e.button) for e in events] == [(pygame.CONTROLLERBUTTONDOWN, B)]
    # a game controller's own joystick events are not counted twice
    assert pads.translate(pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=3, button=0)) == []
    del pads.joysticks[55]


# -- touch --------------------------------------------------------------------------------------
def _check_display(d) -> None:
    d.settle()
    assert d.scene.animator.display == Snapshot.of(d.game)


@pytest.mark.slow
def test_a_hot_seat_game_by_touch_alone_without_double_actions():
    d = Driver(size=(1024, 768), seed=11, settings=_quick(auto_end_turn=True))
    rng = random.Random(6)
    undone = False
    for _ in range(MAX_ACTIONS):
        g = d.game
        if g.phase == "over":
            break
        if g.phase in ("opening", "roll"):
            n = len(g.log)
            assert d.layout.hit(d.dice_pos()) == DICE
            d.tap(d.dice_pos())
            d.settle()
            assert len(g.log) > n or g.phase == "move"
            continue
        turn = g.current_turn
        movable = turn.movable()
        frm = rng.choice(movable)
        dests = turn.destinations(frm)
        to = rng.choice(sorted(dests))
        made = len(turn.steps)
        player = g.turn
        if len(movable) > 1 and rng.random() < 0.5:
            # a tap selects (a doubled press would play the larger die at once) ...
            d.tap(d.checker_pos(frm))
            assert d.scene.controller.pointer.selected == frm and len(turn.steps) == made
            d.tap(d.target_pos(to))  # ... and a tap on a target moves there
        else:
            d.swipe(d.checker_pos(frm), d.target_pos(to))  # drag and drop
        if g.turn == player and g.phase == "move":
            assert len(turn.steps) == made + len(dests[to])
            if not undone and turn.steps:
                d.tap(d.scene.panel.undo.rect.center)  # one tap on Undo undoes one step
                assert len(turn.steps) == made + len(dests[to]) - 1
                undone = True
        d.settle()
    assert d.game.phase == "over" and undone
    _check_display(d)


def test_the_mouse_events_sdl_synthesises_from_touch_are_dropped():
    d = Driver(size=(1024, 768), seed=2, settings=_quick())
    # only the synthesised mouse events: nothing happens
    pos = d.dice_pos()
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        d.post(kind, pos=(int(pos[0]), int(pos[1])), button=1, touch=True, window=None)
    d.frames(2)
    assert d.game.phase == "opening"
    # "fingers" that are the mouse (SDL_MOUSE_TOUCHID: a Mac trackpad) do nothing either
    w, h = d.app.size
    for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
        d.post(kind, touch_id=-1, finger_id=0, x=pos[0] / w, y=pos[1] / h, dx=0.0, dy=0.0, pressure=1.0, window=None)
    d.frames(2)
    assert d.game.phase == "opening"
    # the finger events alone (finger first, no synthesised ones): one roll
    d.tap(pos, mouse_too=False)
    assert d.game.phase != "opening"
    d.settle()
    # a second finger while one is down does nothing
    movable = d.game.current_turn.movable() if d.game.phase == "move" else []
    if len(movable) > 1:
        d.finger(pygame.FINGERDOWN, d.checker_pos(movable[0]))
        d.post(pygame.FINGERDOWN, touch_id=1, finger_id=1, x=0.01, y=0.5, dx=0.0, dy=0.0, pressure=1.0, window=None)
        d.frames(1)
        d.finger(pygame.FINGERUP, d.checker_pos(movable[0]))
        assert d.scene.controller.pointer.selected == movable[0]


def test_touch_presses_menu_buttons_once():
    d = AppDriver(size=(1024, 768), settings=_quick())
    lobby = d.scene
    d.tap(lobby.rows["mode"].button_for("hotseat").rect.center)
    assert d.app.settings.lobby_mode == "hotseat"
    d.tap(lobby.play_button.rect.center)
    assert isinstance(d.scene, MatchScene)


# -- full screen and big screens -------------------------------------------------------------
def test_f11_toggles_full_screen_and_the_setting_follows():
    d = AppDriver(size=(800, 600), settings=None)
    app = d.app
    assert not app.fullscreen
    d.key(pygame.K_F11)
    assert app.fullscreen and app.settings.fullscreen
    assert Storage().load_settings()[0].fullscreen  # saved
    assert app.size == tuple(pygame.display.get_desktop_sizes()[0])
    d.click_button(d.scene.gear_button)
    settings = d.scene
    assert isinstance(settings, SettingsScene) and settings.rows["fullscreen"].value is True
    d.key(pygame.K_F11)  # out again, on the settings screen: its row follows
    assert not app.fullscreen and app.size == (800, 600)
    assert d.scene.rows["fullscreen"].value is False and not Storage().load_settings()[0].fullscreen
    d.key(pygame.K_RETURN, mod=pygame.KMOD_ALT)  # Alt+Enter does the same
    assert app.fullscreen
    d.click_button(d.scene.rows["fullscreen"].button_for(False))  # and the setting
    assert not app.fullscreen


def test_fullscreen_flag_starts_full_screen(monkeypatch):
    from game.__main__ import main

    seen = {}

    def fake_run(self, *a, **k):
        seen["fullscreen"], seen["size"], seen["kiosk"] = self.fullscreen, self.size, self.kiosk

    monkeypatch.setattr(App, "run", fake_run)
    monkeypatch.setattr(pygame, "quit", lambda: None)
    assert main(["--fullscreen"]) == 0
    assert seen["fullscreen"] and seen["size"] == tuple(pygame.display.get_desktop_sizes()[0]) and seen["kiosk"] is None
    assert not Storage().load_settings()[0].fullscreen  # the flag is not a saved choice


@pytest.mark.parametrize("size", [(1920, 1080), (3840, 2160)])
def test_the_board_fills_big_screens_with_readable_text(size):
    f = ui_font_px(size)
    lay = Layout(size, top=top_bar_height(f))
    w, h = size
    area_h = h - lay.top
    assert lay.board_rect.height >= 0.95 * area_h  # the board takes the height ...
    assert lay.board_rect.width + lay.panel_rect.width >= 0.9 * w  # ... and with the panel the width
    scale = h / 1080
    assert f >= 26 * scale  # the panel's text: a 27 px line on 1080p, twice that on 4K
    assert lay.font_px("number") >= 26 * scale and lay.font_px("small") >= 24 * scale
    d = Driver(size=size, seed=1, settings=_quick())
    assert d.app.size == size
    d.key(pygame.K_SPACE)
    d.settle()
    assert d.scene.renderer.checker[0].get_width() >= int(lay.d) - 1
