"""Font files opened once and shared by every size (game/ui/fontfaces.py):
what they draw, how a pool hands out its faces, and the menus at a new
window size opening no font file."""

from __future__ import annotations

import pygame
import pytest

from game.words import fonts
from pygame_gui.core.gui_font_pygame import GUIFontPygame

from game.ui import fontfaces, theme, uifonts
from game.ui.fontfaces import FacePool, FaceStyle, SizedFont
from game.store.settings import Settings
from game.testing import AppDriver

TEXTS = ["Play the computer", "总点数 167", "13 → 8 (5)", "Wg", " "]


def _pixels(surface: pygame.Surface) -> tuple:
    return surface.get_size(), pygame.image.tobytes(surface, "RGBA")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_shared_face_draws_what_a_font_of_its_own_draws(lang):
    """At every size and style, and with sizes taken in turns, a SizedFont
    draws and measures what pygame's font opened at that size does."""
    pygame.font.init()
    for role in ("regular", "bold"):
        path = fonts.font_file(role, lang)
        pool = FacePool(path, limit=2)
        sized = [SizedFont(pool, size) for size in (13, 22, 40)]
        sized[1].bold = True
        sized[2].italic = True
        for turn in range(2):
            for font in sized:
                own = pygame.font.Font(path, font.point_size)
                own.bold, own.italic = font.bold, font.italic
                font.underline = own.underline = turn == 1
                for text in TEXTS:
                    assert _pixels(font.render(text, True, (250, 240, 200))) == _pixels(own.render(text, True, (250, 240, 200)))
                    assert font.size(text) == own.size(text) and font.metrics(text) == own.metrics(text)
                assert (font.get_ascent(), font.get_descent(), font.get_height(), font.get_linesize()) == (
                    own.get_ascent(), own.get_descent(), own.get_height(), own.get_linesize())
        assert len(pool) == 2 and pool.opened == 2  # three sizes, two faces


def test_a_pool_gives_an_idle_face_a_new_size_before_it_opens_another(monkeypatch):
    pygame.font.init()
    clock = [100.0]
    monkeypatch.setattr(fontfaces, "clock", lambda: clock[0])
    pool = FacePool(fonts.font_file("regular", "en"), limit=3)
    a, b = pool.face(FaceStyle(14)), pool.face(FaceStyle(20))
    assert pool.opened == 2 and a is not b
    assert pool.face(FaceStyle(14)) is a and pool.opened == 2  # each size keeps its face
    pool.face(FaceStyle(30))  # both drew just now: a third face
    assert pool.opened == 3 and len(pool) == 3
    pool.face(FaceStyle(31))  # full: the face used longest ago (20) takes the size
    assert pool.opened == 3 and b.point_size == 31
    clock[0] += fontfaces.IDLE_S
    two = pool.face(FaceStyle(18, bold=True))  # nothing drew for a while: no new face either
    assert pool.opened == 3 and two is a and a.point_size == 18 and a.bold


def test_a_pool_keeps_to_its_limit_and_a_script_is_never_taken_back():
    pygame.font.init()
    pool = FacePool(fonts.font_file("regular", "en"), limit=2)
    pool.face(FaceStyle(14, script="Latn"))
    pool.face(FaceStyle(15, script="Latn"))
    pool.face(FaceStyle(16))  # no face can drop its script: one is closed, one opened
    assert len(pool) == 2 and pool.opened == 3
    for size in range(10, 40):
        pool.face(FaceStyle(size, script="Latn"))
        assert len(pool) <= 2
    with pytest.raises(ValueError):
        FacePool(fonts.font_file("regular", "en"), limit=0)
    with pytest.raises(FileNotFoundError):
        fontfaces.pool_for("no-such-font.ttf")


def test_a_pool_opens_its_faces_again_after_pygame_quit():
    """pygame.quit() ends every font made before it; a pool's faces are
    opened anew instead of failing (a test or an embedding app quits and
    starts pygame again)."""
    pygame.font.init()
    pool = FacePool(fonts.font_file("regular", "en"))
    font = SizedFont(pool, 20)
    before = _pixels(font.render("Backgammon", True, (255, 255, 255)))
    pygame.font.quit()
    pygame.font.init()
    assert _pixels(font.render("Backgammon", True, (255, 255, 255))) == before
    assert pool.opened == 2 and len(pool) == 1


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_menus_at_a_new_window_size_open_no_font_file(lang, monkeypatch):
    """Opening Noto Sans SC took 12 to 16 ms for every size, and the lobby
    draws five: a resize of a Chinese screen took over 0.1 s.  Once the
    window has shown for a while, the lobby and the settings at a new size
    give the faces they have the new sizes, and draw the same pixels.  The
    pools start empty, as in a new process (earlier tests may have left
    faces of other styles in them)."""
    monkeypatch.setattr(fontfaces, "POOLS", {})
    d = AppDriver(size=(1280, 720), settings=Settings(sound=False, language=lang))
    d.frames(2)
    clock = [fontfaces.clock()]
    monkeypatch.setattr(fontfaces, "clock", lambda: clock[0])
    for screen in ("lobby", "settings"):
        if screen == "settings":
            d.click_button(d.scene.settings_button)
            d.frames(2)
        for w, h in ((2560, 1440), (1920, 1080), (1080, 1920)):
            clock[0] += 2 * fontfaces.IDLE_S  # the window has shown a while
            opened = {path: pool.opened for path, pool in fontfaces.POOLS.items()}
            d.post(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))
            d.frames(2)
            assert d.app.screen.get_size() == (w, h)
            now = {path: pool.opened for path, pool in fontfaces.POOLS.items()}
            assert now == opened, (screen, w, h)
            assert any(isinstance(font, uifonts.PooledFont) for font in _fonts_in_use(d))
    assert all(len(pool) <= pool.limit for pool in fontfaces.POOLS.values())


def _fonts_in_use(d: AppDriver) -> list:
    resources = d.scene.manager.get_theme().get_font_dictionary().loaded_fonts.values()
    return [res.__dict__.get("loaded_font") for res in resources if isinstance(res, uifonts.LazyFont)]


def test_a_menu_drawn_with_shared_faces_looks_as_with_fonts_of_its_own(monkeypatch):
    """The Chinese settings screen at a size reached after others (its
    faces set to new sizes) is pixel for pixel what it is when every font
    opens its own file."""
    def own_font(res):  # what pygame_gui's FontResource.load makes of a font file
        res.loaded_font = GUIFontPygame(res.location, res.size, res.force_style, res.style)

    def shot(pooled: bool) -> bytes:
        uifonts.LOADED_FONTS.clear()
        theme._THEMES.clear()
        with monkeypatch.context() as patch:  # (only this: the test's own folders stay set)
            if not pooled:
                patch.setattr(uifonts, "_load_pooled", own_font)
            d = AppDriver(size=(1280, 720), settings=Settings(sound=False, language="zh"))
            d.click_button(d.scene.settings_button)
            for w, h in ((1920, 1080), (1600, 900)):
                d.post(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))
                d.frames(2)
            d.scene.dirty = True
            d.frames(1)
            used = [font for font in _fonts_in_use(d) if font is not None]
            assert used and all(isinstance(font, uifonts.PooledFont) == pooled for font in used)
        return pygame.image.tobytes(d.app.screen, "RGB")

    assert shot(False) == shot(True)
    uifonts.LOADED_FONTS.clear()
    theme._THEMES.clear()
