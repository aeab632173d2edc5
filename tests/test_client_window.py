"""The window fits the screen: a first start sized from the desktop, the
last size and place remembered, full screen at the display's native
resolution from its top-left corner.  The real App, with real events."""

from __future__ import annotations

import pygame
import pytest

from game import app as app_module
from game.app import App
from game.system.window import opaque_surface, sdl_window
from game.scenes.lobby import LobbyScene
from game.store.settings import Settings


def _desktop(monkeypatch, size):
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [size])


def _frame(app):
    app.frame(1 / 60)


@pytest.mark.parametrize("desktop,expected", [((3840, 2160), (3072, 1728)), ((1920, 1080), (1536, 864)), ((1366, 768), (1092, 614))])
def test_the_first_window_fits_the_desktop(monkeypatch, desktop, expected):
    _desktop(monkeypatch, desktop)
    app = App(settings=Settings(pace="instant"))
    app.switch(LobbyScene(app))
    _frame(app)
    assert app.size == expected


def test_the_window_comes_back_at_its_last_size_and_place(monkeypatch):
    _desktop(monkeypatch, (2560, 1440))
    app = App()  # settings from the (fresh) storage
    app.switch(LobbyScene(app))
    _frame(app)
    assert app.size == (2048, 1152)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1500, h=900, size=(1500, 900)))
    _frame(app)
    window = sdl_window()
    window.position = (120, 80)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    _frame(app)
    assert not app.running
    again = App()
    again.switch(LobbyScene(again))
    _frame(again)
    assert again.size == (1500, 900)
    assert tuple(sdl_window().position) == (120, 80)


def test_a_remembered_size_larger_than_the_desktop_is_not_used(monkeypatch):
    _desktop(monkeypatch, (1280, 720))
    app = App(settings=Settings(window_size=[3000, 2000]))
    assert app.size == (1024, 576)


def test_full_screen_covers_the_display_at_native_resolution_from_0_0(monkeypatch):
    _desktop(monkeypatch, (1920, 1080))
    app = App(size=(1280, 720), settings=Settings(pace="instant"))
    app.switch(LobbyScene(app))
    sdl_window().position = (320, 180)
    _frame(app)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0, window=None))
    _frame(app)
    assert app.fullscreen and app.size == (1920, 1080)
    assert tuple(sdl_window().position) == (0, 0)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0, window=None))
    _frame(app)
    assert not app.fullscreen and app.size == (1280, 720)


def _f11(app):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0, window=None))
    _frame(app)


def _watch_set_mode(monkeypatch):
    """Each ``set_mode`` the window makes: (size, full screen?, where the
    window stood when it was called)."""
    real, calls = pygame.display.set_mode, []

    def watched(size=(0, 0), flags=0, *args, **kw):
        calls.append((tuple(size), bool(flags & pygame.FULLSCREEN), tuple(sdl_window().position)))
        return real(size, flags, *args, **kw)

    monkeypatch.setattr(pygame.display, "set_mode", watched)
    return calls


def test_full_screen_moves_the_window_to_the_corner_first_and_leaving_puts_size_and_place_back(monkeypatch):
    """SDL ignores a move of a full-screen window (and reports it at the
    display's corner whatever), and without a window manager nothing else
    moves it: the window must stand at the corner, still a window, when it
    is made full screen.  Leaving full screen puts back its size and place."""
    _desktop(monkeypatch, (1920, 1080))
    app = App(size=(1280, 720), settings=Settings(pace="instant"))
    app.switch(LobbyScene(app))
    sdl_window().position = (320, 180)
    _frame(app)
    calls = _watch_set_mode(monkeypatch)
    _f11(app)
    assert calls == [((1920, 1080), True, (0, 0))]  # at the corner before it fills the screen
    assert app.fullscreen and app.size == (1920, 1080)
    assert app.window_state() == ((1280, 720), (320, 180))  # what a close now would remember
    _f11(app)
    assert calls[1][:2] == ((1280, 720), False)
    assert not app.fullscreen and app.size == (1280, 720) and tuple(sdl_window().position) == (320, 180)
    _f11(app)
    _f11(app)  # and again: the same place, not the corner
    assert app.size == (1280, 720) and tuple(sdl_window().position) == (320, 180)


def test_a_window_closed_in_full_screen_comes_back_full_and_leaves_it_for_its_old_size_and_place(monkeypatch):
    _desktop(monkeypatch, (1920, 1080))
    app = App()
    app.switch(LobbyScene(app))
    _frame(app)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1200, h=700, size=(1200, 700)))
    _frame(app)
    sdl_window().position = (200, 100)
    _f11(app)
    assert app.fullscreen
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    _frame(app)
    again = App()
    again.switch(LobbyScene(again))
    _frame(again)
    assert again.fullscreen and again.size == (1920, 1080)
    _f11(again)
    assert again.size == (1200, 700) and tuple(sdl_window().position) == (200, 100)


def test_initial_size_doctest_numbers():
    assert app_module.initial_window_size((1080, 1920)) == (864, 1536)


def test_a_frame_or_background_is_made_in_the_windows_format_not_converted():
    """A window-sized surface (the frame, a board's background, an overlay's
    layer) is made in the window's pixel format: the same format, pixels
    and speed of blitting as one converted, without the copy."""
    App(size=(1280, 720), settings=Settings(sound=False))
    display = pygame.display.get_surface()
    made, converted = opaque_surface((640, 360)), pygame.Surface((640, 360)).convert()
    assert (made.get_bitsize(), made.get_masks(), made.get_flags()) == (
        converted.get_bitsize(), converted.get_masks(), converted.get_flags())
    assert made.get_masks() == display.get_masks()
    for surf in (made, converted):
        surf.fill((12, 200, 34))
        surf.fill((250, 5, 9), pygame.Rect(10, 10, 50, 50))
    assert pygame.image.tobytes(made, "RGB") == pygame.image.tobytes(converted, "RGB")
    alpha = pygame.Surface((8, 8), pygame.SRCALPHA)
    assert opaque_surface((4, 4), alpha).get_at((0, 0)).a == 255  # opaque, as converting gave
    assert opaque_surface((4, 4), pygame.Surface((8, 8), depth=16)).get_size() == (4, 4)


def test_a_resize_under_the_settings_lays_out_the_lobby_below_in_the_next_frame():
    """The settings open over the lobby (an overlay: the lobby stays drawn
    under it).  A resize lays out the settings in its own frame and the
    lobby in the next one, so no frame holds both rebuilds; the lobby is
    then drawn at the new size under the settings, and Back shows it laid
    out for the new size even when it comes before the lobby's turn."""
    from game.testing import AppDriver

    d = AppDriver(size=(1280, 720), settings=Settings(sound=False))
    lobby = d.scene
    built = []
    real = lobby.resize
    lobby.resize = lambda size: (built.append(size), real(size))
    d.click_button(lobby.settings_button)
    settings = d.scene
    assert settings is not lobby and d.app.scenes.below(settings) is lobby
    d.post(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080))
    d.frames(1)
    assert settings.manager.window_resolution == (1920, 1080) and built == []  # the lobby waits
    assert d.app.scenes.busy  # the loop runs the next frame without input
    d.frames(1)
    assert built == [(1920, 1080)] and lobby.manager.window_resolution == (1920, 1080)
    d.frames(1)
    layer = d.app.scenes.layer_of(lobby)
    assert layer is not None and layer.get_size() == (1920, 1080) and layer.get_bounding_rect().width > 1000
    assert not d.app.scenes.busy
    # a resize, then Back before the lobby's turn: laid out at once, as it comes back on top
    d.post(pygame.VIDEORESIZE, w=1600, h=900, size=(1600, 900))
    d.frames(1)
    d.click_button(settings.back_button)
    assert d.scene is lobby and lobby.manager.window_resolution == (1600, 900) and built[-1] == (1600, 900)
    d.frames(2)
    assert not d.app.scenes.busy and pygame.display.get_surface().get_size() == (1600, 900)
