"""A real first run: the command line refuses bad values with a clear line,
says its version, and the window has the game's icon and class."""

from __future__ import annotations

import os

import pygame
import pytest

from game import __version__
from game.__main__ import MAX_SIZE, MIN_SIZE, main
from game.app import App, WINDOW_CLASS
from game import app as app_module
from game.board.icon import ICON_ICNS, ICON_ICO, ICON_PNG, draw_icon
from game.store.settings import Settings
from support import ROOT


def _refused(capsys, *argv) -> str:
    with pytest.raises(SystemExit) as info:
        main(list(argv))
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "invalid parse_size value" not in err
    return err.strip().splitlines()[-1]


@pytest.mark.parametrize("value, words", [
    ("abc", "is not a size: write WIDTHxHEIGHT"),
    ("1280", "is not a size"),
    ("-800x600", "is not a size"),
    ("100000x100000", "too large: at most 7680x4320"),
    ("10x10", "too small: at least 320x240"),
    ("0x0", "too small"),
])
def test_bad_window_sizes_are_refused_with_a_clear_message(capsys, value, words):
    line = _refused(capsys, f"--size={value}")
    assert line.startswith("backgammon: error: argument --size") and words in line


def test_bad_kiosk_timers_are_refused(capsys):
    assert "is not a number of seconds" in _refused(capsys, "--kiosk", "--idle-timeout", "soon")
    assert "out of range" in _refused(capsys, "--kiosk", "--attract-after", "-5")


def test_version(capsys):
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    from engine.compiled import describe

    assert capsys.readouterr().out.strip() == f"backgammon {__version__} (engine: {describe()})"


def test_size_bounds_fit_the_app():
    assert MIN_SIZE == app_module.MIN_SIZE and MAX_SIZE[0] >= 3840 and MAX_SIZE[1] >= 2160  # a 4K screen fits


def test_the_window_has_the_games_icon_and_class(monkeypatch):
    shown = []
    real = pygame.display.set_icon
    monkeypatch.setattr(pygame.display, "set_icon", lambda surface: (shown.append(surface), real(surface))[1])
    for var in ("SDL_APP_ID", "SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS"):
        monkeypatch.delenv(var, raising=False)
    App(size=(640, 480), settings=Settings())
    assert WINDOW_CLASS == "backgammon"
    for var in ("SDL_APP_ID", "SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS"):
        assert os.environ[var] == "backgammon"  # not __main__.py, as taskbars showed from source
    assert shown and shown[0].get_size() == (256, 256)
    drawn = draw_icon(256)
    assert pygame.image.tobytes(shown[0].convert_alpha() if pygame.display.get_surface() else shown[0], "RGBA") == pygame.image.tobytes(drawn, "RGBA")


def test_the_icon_files_are_the_drawn_icon():
    assets = ROOT / "assets"
    png = pygame.image.load(str(assets / ICON_PNG))
    assert pygame.image.tobytes(png, "RGBA") == pygame.image.tobytes(draw_icon(256), "RGBA")
    ico = (assets / ICON_ICO).read_bytes()
    assert ico[:4] == b"\x00\x00\x01\x00" and ico[4] >= 4  # an icon file with several sizes
    icns = (assets / ICON_ICNS).read_bytes()
    assert icns[:4] == b"icns" and int.from_bytes(icns[4:8], "big") == len(icns)
    spec = (ROOT / "build_exe.spec").read_text(encoding="utf-8")
    assert "icon.ico" in spec and "icon.icns" in spec


def test_license_matches_pyproject():
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "Permission is hereby granted, free of charge" in text
    assert 'license = { text = "MIT" }' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")
