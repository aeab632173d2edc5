"""The loop (fixed timestep, clamped frame time, idle waiting), the scene
manager, the lobby's quick paths, the command line, and the client's doctests."""

import doctest
import importlib
import time

import pygame
import pytest

from game.app import DT, MAX_FRAME, App, Scene
from game.scenes.flow import Flow
from game.scenes.lobby import LobbyScene
from game.scenes.match import MatchScene
from game.store.settings import Settings


class CountingScene(Scene):
    def __init__(self, app, busy=False):
        super().__init__(app)
        self.calls = []
        self.steps = 0
        self.renders = []
        self._busy = busy

    def enter(self):
        self.calls.append("enter")

    def exit(self):
        self.calls.append("exit")

    def handle_event(self, event):
        self.calls.append(pygame.event.event_name(event.type))

    def update(self, dt):
        assert dt == DT
        self.steps += 1

    def render(self, surface, alpha):
        assert 0.0 <= alpha < 1.0
        self.renders.append(alpha)

    @property
    def busy(self):
        return self._busy


def test_fixed_steps_accumulate_and_a_stall_is_clamped():
    app = App(size=(800, 600))
    scene = CountingScene(app, busy=True)
    app.switch(scene)
    app.frame(DT * 2.5)
    assert scene.steps == 2
    app.frame(DT * 0.6)  # 0.5 + 0.6 carried: one more step
    assert scene.steps == 3
    scene.steps = 0
    app.frame(10.0)  # a stall: at most MAX_FRAME of simulation
    assert scene.steps <= round(MAX_FRAME / DT) + 1
    # rendering got the leftover fraction to interpolate
    assert all(0 <= a < 1 for a in scene.renders)


def test_scene_manager_enters_and_exits():
    app = App(size=(800, 600))
    a, b = CountingScene(app), CountingScene(app)
    app.switch(a)
    app.switch(b)
    assert a.calls == ["enter", "exit"] and b.calls == ["enter"]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, mod=0))
    app.frame(0.0)
    assert "KeyDown" in b.calls


def test_idle_loop_does_not_spin():
    app = App(size=(800, 600))
    scene = CountingScene(app, busy=False)
    app.switch(scene)
    # the loop's own CPU (this thread's): threads other tests left behind do not count
    cpu0, wall0 = time.thread_time(), time.perf_counter()
    app.run(max_seconds=1.0)
    cpu, wall = time.thread_time() - cpu0, time.perf_counter() - wall0
    assert wall >= 0.9
    assert len(scene.renders) <= 2  # drawn once, then nothing changed
    assert cpu < 0.25 * wall


def test_a_busy_scene_runs_frames_and_quit_stops():
    app = App(size=(800, 600))
    scene = CountingScene(app, busy=True)
    app.switch(scene)
    app.run(max_frames=5)
    assert len(scene.renders) == 5
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run(max_frames=5)
    assert not app.running


def _lobby(size=(1024, 768)):
    app = App(size=size, settings=Settings(animation_speed=0.0))
    Flow(app)
    lobby = LobbyScene(app)
    app.switch(lobby)
    app.frame(0.0)
    return app, lobby


def _click(app, button):
    for t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(t, pos=button.rect.center, button=1, touch=False, window=None))
    app.frame(0.0)
    app.frame(0.0)


def test_lobby_by_keyboard_opens_a_match():
    app, lobby = _lobby()
    app.settings.lobby_mode = "hotseat"
    # Play is first in the keyboard order
    for key in (pygame.K_TAB, pygame.K_RETURN):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0))
        app.frame(0.0)
    assert isinstance(app.scene, MatchScene)
    assert app.scene.session.hot_seat and app.scene.session.match.length == 1


def test_lobby_by_mouse_opens_a_game_and_quit_stops():
    app, lobby = _lobby()
    _click(app, lobby.rows["mode"].button_for("hotseat"))
    _click(app, lobby.rows["length"].button_for(5))
    _click(app, lobby.play_button)
    scene = app.scene
    assert isinstance(scene, MatchScene) and scene.session.match.length == 5
    app.switch(LobbyScene(app))
    _click(app, app.scene.quit_button)
    assert not app.running


@pytest.mark.slow
def test_command_line_smoke_test(capsys):
    from game.__main__ import main

    assert main(["--smoke-test", "--size", "800x600", "--seed", "3"]) == 0
    assert "result screen shown" in capsys.readouterr().out


@pytest.mark.parametrize(
    "module",
    ["game.words.i18n", "game.play.session", "game.board.layout", "game.input.keys", "game.input.focus", "game.input.gamepad",
     "game.input.touch", "game.input.intents", "game.input.boardfocus", "game.store.settings", "game.play.options"],
)
def test_doctests(module):
    result = doctest.testmod(importlib.import_module(module))
    assert result.failed == 0 and result.attempted > 0


def test_idle_board_waiting_for_a_roll_draws_nothing():
    from game.testing import Driver

    d = Driver(size=(1024, 768), seed=1)
    d.settle()
    assert not d.scene.busy
    renders = d.app.renders
    d.app.run(max_seconds=0.5)
    assert d.app.renders - renders <= 1


def test_only_the_last_of_several_resizes_is_handled():
    app = App(size=(800, 600))
    sizes = []

    class Sizes(CountingScene):
        def resize(self, size):
            sizes.append(size)

    app.switch(Sizes(app))
    for w, h in ((900, 650), (1000, 700), (1100, 760)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))
    app.frame(0.0)
    assert sizes == [(1100, 760)] and app.size == (1100, 760)
