"""Kiosk mode: --kiosk starts full screen without Quit, Ctrl+Shift+Q leaves,
an idle match goes back to the lobby (kept and saved), an idle lobby starts
the attract mode (computer against computer), the first key, touch, click or
controller button stops it, and game after game of it does not grow the
memory.  Headless, real events, a clock the tests move by hand."""

import gc
import threading
import tracemalloc
import weakref

import pygame
import pytest

from engine.ai.bots import NetBot
from game.app import App
from game.kiosk import Kiosk
from game.scenes.attract import ATTRACT_LEVEL, ATTRACT_PACE, AttractScene
from game.scenes.help import HelpScene
from game.scenes.lobby import LobbyScene
from game.scenes.match import MatchScene
from game.scenes.result import ResultScene
from game.scenes.settings import SettingsScene
from game.store.settings import PACE_TIMINGS, Settings
from game.store.storage import Storage
from game.testing import AppDriver

CTRL_SHIFT = pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def _quick(**kw) -> Settings:
    return Settings(animation_speed=0.0, bot_pace=0.0, pass_pause=0.0, **kw)


def _kiosk(size=(800, 600), idle=100.0, attract=30.0, level="random", pace="instant"):
    clock = Clock()
    d = AppDriver(size=size, settings=_quick(sound=False))
    d.app.kiosk = Kiosk(d.app, idle_timeout=idle, attract_after=attract, level=level, pace=pace, clock=clock)
    d.app.switch(LobbyScene(d.app))
    d.frames(1)
    return d, clock


def _wait(d, clock, seconds):
    clock.now += seconds
    d.frames(1)


# -- the flag ------------------------------------------------------------------------------------
def test_kiosk_flag_full_screen_no_quit_and_the_chord_leaves(monkeypatch):
    from game.__main__ import main

    seen = {}

    def fake_run(self, *a, **k):
        seen["app"] = self
        lobby = self.scene
        seen["quit_visible"] = lobby.quit_button.visible
        seen["fullscreen"] = self.fullscreen
        # F11 does not leave full screen; the setting cannot be changed
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0, window=None))
        self.frame(0.0)
        seen["after_f11"] = self.fullscreen
        self.flow.settings()
        settings = self.scene
        assert isinstance(settings, SettingsScene)
        seen["fullscreen_row"] = [b.is_enabled for b, _ in settings.rows["fullscreen"].buttons]
        self.flow.back()
        assert self.scene is lobby
        # Quit by keyboard focus is not there either; Ctrl+Shift+Q is
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=0, unicode="q", scancode=0, window=None))
        self.frame(0.0)
        seen["running_after_q"] = self.running
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=CTRL_SHIFT, unicode="q", scancode=0, window=None))
        self.frame(0.0)
        seen["running_after_chord"] = self.running

    monkeypatch.setattr(App, "run", fake_run)
    monkeypatch.setattr(pygame, "quit", lambda: None)
    assert main(["--kiosk", "--idle-timeout", "45", "--attract-after", "20"]) == 0
    kiosk = seen["app"].kiosk
    assert isinstance(kiosk, Kiosk) and kiosk.idle_timeout == 45 and kiosk.attract_after == 20
    assert kiosk.level == "intermediate" and kiosk.pace == "fast"
    assert seen["fullscreen"] and seen["after_f11"] and seen["fullscreen_row"] == [False, False]
    assert not seen["quit_visible"]
    assert seen["running_after_q"] and not seen["running_after_chord"]
    assert not Storage().load_settings()[0].fullscreen  # kiosk's full screen is not a saved choice


# -- idle: back to the lobby, then the attract mode ------------------------------------------------
WAKERS = {
    "key": lambda d: d.key(pygame.K_RETURN),  # Enter in the lobby would start a match: it must not
    "touch": lambda d: d.tap(d.scene.layout.board_rect.center),
    "click": lambda d: d.click(d.scene.layout.board_rect.center),
    "pad": lambda d: d.pad(pygame.CONTROLLER_BUTTON_START),  # Start in the lobby would play: it must not
}


@pytest.mark.slow
@pytest.mark.parametrize("wake", sorted(WAKERS))
def test_idle_match_goes_to_the_lobby_saved_then_attract_mode_until_a_press(wake):
    d, clock = _kiosk(idle=100.0, attract=30.0)
    lobby = d.scene
    d.click_button(lobby.rows["mode"].button_for("hotseat"))
    d.click_button(lobby.play_button)
    match = d.scene
    session = match.session
    assert isinstance(match, MatchScene) and d.app.session is session
    d.key(pygame.K_SPACE)  # the opening roll
    d.settle()
    log = list(session.game.log)
    # input keeps it awake; 100 s without goes back to the lobby, keeping and saving the match
    _wait(d, clock, 99.0)
    d.mouse_move((10, 10))
    _wait(d, clock, 99.0)
    assert d.scene is match
    _wait(d, clock, 1.5)
    lobby = d.scene
    assert isinstance(lobby, LobbyScene)
    assert d.app.session is session and session.game.log == log
    assert lobby.continue_button.visible and d.app.storage.has_game()
    # 30 s more in the lobby: the attract mode, the computer against itself
    _wait(d, clock, 29.0)
    assert d.scene is lobby
    _wait(d, clock, 1.5)
    attract = d.scene
    assert isinstance(attract, AttractScene) and d.app.kiosk.attracting
    assert attract.session is not session and d.app.session is session  # the kept match is untouched
    assert not any(attract.session.is_human(p) for p in (0, 1))
    for _ in range(200):
        if len(attract.session.game.log) >= 4:
            break
        if attract.session.thinking:
            attract.session.wait_for_computer()
        d.frames(1)
    assert len(attract.session.game.log) >= 4  # it plays by itself
    d.mouse_move((30, 30))  # moving the mouse does not stop it
    assert d.scene is attract
    WAKERS[wake](d)
    d.frames(2)
    lobby = d.scene
    assert isinstance(lobby, LobbyScene)  # the first press stops it and does nothing else
    assert d.app.session is session and session.game.log == log
    # the idle time starts again: no attract mode at once
    _wait(d, clock, 10.0)
    assert d.scene is lobby
    # and the kept match continues
    d.click_button(lobby.continue_button)
    assert isinstance(d.scene, MatchScene) and d.scene.session is session


@pytest.mark.slow
def test_idle_on_other_screens_and_after_a_finished_match():
    d, clock = _kiosk(idle=50.0, attract=1000.0)
    d.click_button(d.scene.help_button)
    assert isinstance(d.scene, HelpScene)
    _wait(d, clock, 51.0)
    assert isinstance(d.scene, LobbyScene) and d.app.session is None
    # a finished match on its result screen: back to the lobby, nothing to continue
    d.click_button(d.scene.rows["mode"].button_for("hotseat"))
    d.click_button(d.scene.play_button)
    d.key(pygame.K_SPACE)
    d.settle()
    top = d.scene.topbar
    d.click_button(top.resign)
    d.click_button(d.scene.answer_buttons[0])  # resign a single game
    d.settle()
    d.click_button(d.scene.answer_buttons[0])  # the other player accepts
    d.settle()
    assert isinstance(d.scene, ResultScene)
    _wait(d, clock, 51.0)
    lobby = d.scene
    assert isinstance(lobby, LobbyScene) and d.app.session is None and not lobby.continue_button.visible


@pytest.mark.slow
def test_attract_mode_plays_intermediate_against_intermediate_fast_and_silent():
    d, clock = _kiosk(level=ATTRACT_LEVEL, pace=ATTRACT_PACE)
    before = (d.app.settings.pace, d.app.settings.animation_speed)
    _wait(d, clock, 31.0)
    attract = d.scene
    assert isinstance(attract, AttractScene)
    bots = [seat.bot for seat in attract.session.seats]
    assert all(isinstance(b, NetBot) and b.level == "intermediate" for b in bots) and bots[0] is not bots[1]
    assert attract.settings.pace == "fast" and attract.settings.animation_speed == PACE_TIMINGS["fast"][0]
    assert not attract.settings.sound and (d.app.settings.pace, d.app.settings.animation_speed) == before
    assert attract.busy  # it keeps the loop running
    told = len(d.app.announcer.history)
    for _ in range(40):
        if attract.session.thinking:
            attract.session.wait_for_computer()
        d.frames(3)
    assert attract.board_view() is not None and attract.session.game.log  # it plays ...
    assert len(d.app.announcer.history) == told  # ... and tells nothing, even with speech on
    d.key(pygame.K_a)
    assert isinstance(d.scene, LobbyScene)


# -- days of it --------------------------------------------------------------------------------------
ATTRACT_GAMES = 6  # after two to warm up; each takes seconds with tracemalloc on


def _play_games(d, kiosk, n: int) -> None:
    target = kiosk.games + n
    for _ in range(20000):
        if kiosk.games >= target:
            return
        s = d.app.scene.session
        if s.thinking:
            s.wait_for_computer()
        d.app.frame(0.25)  # many fixed steps a frame: the games go quickly
    raise AssertionError("the attract games did not finish")


def _traced() -> int:
    """Python memory in use now, less file contents and path names read while
    fonts load (transient, and the interned-names table grows once)."""
    gc.collect()
    snap = tracemalloc.take_snapshot().filter_traces([tracemalloc.Filter(False, "*pathlib.py")])
    return sum(stat.size for stat in snap.statistics("filename"))


@pytest.mark.slow
def test_attract_mode_game_after_game_does_not_grow_memory():
    d, clock = _kiosk(size=(640, 480), attract=5.0)
    kiosk = d.app.kiosk
    _wait(d, clock, 6.0)
    assert kiosk.attracting
    records = Storage().load_records()[0].total()
    threads = threading.active_count()
    _play_games(d, kiosk, 2)  # warm-up: caches filled, lazy imports done
    scenes, sessions, sizes = [], [], []
    tracemalloc.start()
    try:
        for i in range(ATTRACT_GAMES):
            _play_games(d, kiosk, 1)
            scenes.append(weakref.ref(d.app.scene))
            sessions.append(weakref.ref(d.app.scene.session))
            if i < 2 or i >= ATTRACT_GAMES - 2:  # (a snapshot takes a while)
                sizes.append(_traced())
    finally:
        tracemalloc.stop()
    assert isinstance(d.app.scene, AttractScene) and d.app.session is None
    # nothing of the games played is kept: only the scene on screen (and its session) is alive
    gc.collect()
    assert sum(r() is not None for r in scenes) == 1 and sum(r() is not None for r in sessions) == 1
    # the memory in use after the last games is what it was after the first ones
    first, last = min(sizes[:2]), min(sizes[-2:])
    assert last - first < 200 * 1024, [s - sizes[0] for s in sizes]
    assert threading.active_count() <= threads + 2  # the computers' threads end with their games
    # the attract games are not the player's: no records, no saved game
    assert Storage().load_records()[0].total() == records and not d.app.storage.has_game()
