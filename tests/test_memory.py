"""Memory that stays flat for days: every cache is bounded (fonts, rendered
text), and what a closed screen held is freed when the next one opens.
The figures over a long session: benchmarks/memory.py."""

from __future__ import annotations

import gc
import os
import weakref

import pygame
import pytest

from game.board.text import TextCache
from game.system.lru import Bounded
from game.system.memory import release, tune_allocator
from game.ui import fontfaces, theme, uifonts
from game.scenes.lobby import LobbyScene
from game.scenes.match import MatchScene
from game.store.settings import Settings
from game.testing import AppDriver

SIZES = [(800, 600), (1024, 768), (1280, 720), (1600, 900), (1920, 1080), (640, 480), (1366, 768), (2560, 1440)]


@pytest.mark.slow
def test_the_shared_font_cache_is_bounded_through_resizes_and_language_switches():
    d = AppDriver(size=(800, 600), settings=Settings(sound=False))
    seen = set()
    for i, (w, h) in enumerate(SIZES * 2):
        d.click_button(d.scene.settings_button)
        lang = "zh" if i % 2 == 0 else "en"
        d.click_button(d.scene.rows["language"].button_for(lang))
        d.post(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))
        d.frames(2)
        d.click_button(d.scene.back_button)
        d.frames(1)
        seen.update(uifonts.LOADED_FONTS.keys())
        assert len(uifonts.LOADED_FONTS) <= uifonts.FONTS_KEPT and len(theme._THEMES) <= theme.THEMES_KEPT
        assert all(len(pool) <= fontfaces.FACES_PER_FILE for pool in fontfaces.POOLS.values())
    assert len(seen) > uifonts.FONTS_KEPT  # more sizes were used than are kept


def test_the_boards_text_cache_is_bounded():
    pygame.font.init()
    cache = TextCache()
    for size in range(8, 8 + 3 * TextCache.FONTS):
        cache.render("13", size, (255, 255, 255))
        assert len(cache._fonts) <= TextCache.FONTS
    for n in range(3 * TextCache.TEXTS):
        cache.render(str(n), 12, (255, 255, 255))
    assert len(cache._texts) <= TextCache.TEXTS + 1


def test_a_closed_match_screen_is_freed_when_the_next_opens():
    d = AppDriver(size=(800, 600), settings=Settings(sound=False, animation_speed=0.0, bot_pace=0.0, pass_pause=0.0))
    d.app.release_every = 0.0
    d.click_button(d.scene.rows["mode"].button_for("hotseat"))
    d.click_button(d.scene.play_button)
    match = d.scene
    assert isinstance(match, MatchScene)
    d.click(d.dice_pos())
    d.settle()
    gone = weakref.ref(match)
    renderer = weakref.ref(match.renderer)
    del match
    d.app.drop_match()
    d.app.switch(LobbyScene(d.app))  # no gc.collect() here: the switch frees it
    assert gone() is None and renderer() is None
    d.frames(1)


def test_release_and_the_allocator():
    assert release() == tune_allocator()  # glibc: both work; elsewhere neither is needed
    cache: Bounded[int, int] = Bounded(3)
    for i in range(10):
        cache.put(i, i)
    assert list(cache.keys()) == [7, 8, 9] and gc.isenabled()


def test_a_chinese_screen_reads_its_font_from_the_file_not_whole_into_memory():
    """pygame_gui loads a language's default font (Noto Sans SC for Chinese)
    as a package resource: the whole 8 MB file copied into memory for every
    size.  Every font the screens hold is opened from its file instead."""
    d = AppDriver(size=(1280, 720), settings=Settings(sound=False))
    d.click_button(d.scene.settings_button)
    d.click_button(d.scene.rows["language"].button_for("zh"))
    d.frames(2)
    assert d.scene.manager is not None
    fonts = d.scene.manager.get_theme().get_font_dictionary().loaded_fonts
    chinese = [res for res in fonts.values() if "NotoSansSC" in str(res.location)]
    assert chinese  # the screen draws with Noto Sans SC
    assert all(isinstance(res.location, str) and os.path.isfile(res.location) for res in chinese)
    assert all(isinstance(key[0], str) for key in uifonts.LOADED_FONTS.keys())


def test_a_resize_gives_memory_back_in_the_next_idle_frame_not_its_own(monkeypatch):
    """Rebuilding every screen for a new size is long enough: collecting
    what the old widgets held waits for a frame without input, and happens
    there (a quick switch's release too, once its time has come)."""
    from game.system import memory

    d = AppDriver(size=(800, 600), settings=Settings(sound=False))
    d.app.release_every = 0.0
    released = []
    monkeypatch.setattr(memory, "release", lambda: released.append(d.app.frames) or True)
    old = weakref.ref(d.scene.manager)
    d.post(pygame.VIDEORESIZE, w=1600, h=900, size=(1600, 900))
    d.frames(1)
    assert d.app.size == (1600, 900) and released == []
    d.post(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0), touch=False, window=None)
    d.frames(1)
    assert released == []  # still input
    d.frames(3)
    assert len(released) == 1
    d.frames(3)
    assert len(released) == 1  # once
    monkeypatch.undo()
    d.post(pygame.VIDEORESIZE, w=800, h=600, size=(800, 600))
    d.frames(3)
    assert old() is None  # the first lobby's widgets are gone (pygame_gui kept the first manager as its default)


def test_a_screen_back_on_top_holds_no_layer_of_the_windows_size():
    """Under the settings the lobby is drawn on a layer the window's size;
    once the settings close it draws on the window again, and the layer
    (15 MB at 1440p) goes."""
    d = AppDriver(size=(1280, 720), settings=Settings(sound=False))
    lobby = d.scene
    d.click_button(lobby.settings_button)
    d.frames(2)
    assert d.app.scenes.layer_of(lobby) is not None  # drawn under the overlay
    d.click_button(d.scene.back_button)
    d.frames(2)
    assert d.scene is lobby and d.app.scenes.layer_of(lobby) is None


def test_dimming_under_an_overlay_looks_as_a_veil_did():
    from game.ui.stack import DIM, dim

    pygame.display.init()
    surface = pygame.Surface((64, 48))
    for x in range(64):
        for y in range(48):
            surface.set_at((x, y), ((x * 4) % 256, (y * 5) % 256, (x * y) % 256))
    for shade in (DIM, (40, 20, 10, 90)):
        veiled = surface.copy()
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill(shade)
        veiled.blit(veil, (0, 0))
        dimmed = surface.copy()
        dim(dimmed, shade)
        for x in range(0, 64, 3):
            for y in range(0, 48, 3):
                got, want = dimmed.get_at((x, y)), veiled.get_at((x, y))
                assert max(abs(a - b) for a, b in zip(got, want)) <= 2, ((x, y), got, want, shade)


RSS_SCRIPT = r"""
import os, sys
import pygame
from game.system.memory import release
from game.store.settings import Settings
from game.testing import AppDriver

def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6

d = AppDriver(size=(1280, 720), settings=Settings(sound=False))
d.app.release_every = 0.0
d.frames(3)
release()
base = rss()
d.click_button(d.scene.settings_button)
d.click_button(d.scene.rows["language"].button_for("zh"))
d.post(pygame.VIDEORESIZE, w=2560, h=1440, size=(2560, 1440))
d.frames(4)
shown = rss()
d.click_button(d.scene.back_button)
d.frames(4)
release()
print(base, shown, rss())
"""


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="reads the resident set size from /proc")
def test_the_settings_in_chinese_at_1440p_cost_a_hundred_mb_not_hundreds(tmp_path):
    """The resident memory (RSS: SDL surfaces and fonts count, which
    Python's own counts do not see) of a fresh process: the lobby at
    1280x720 in English, then the settings switched to Chinese and the
    window made 2560x1440, then the lobby there.  It grew by some 370 MB
    (a Noto Sans SC file read whole for every size, every button state
    drawn four times larger); about 100 MB now."""
    import subprocess
    import sys

    env = dict(os.environ, BACKGAMMON_HOME=str(tmp_path), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = subprocess.run([sys.executable, "-c", RSS_SCRIPT], cwd=root, env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    base, shown, held = (float(x) for x in out.stdout.split()[-3:])
    assert shown - base < 180, (base, shown, held)
    assert held - base < 150, (base, shown, held)


def test_what_start_up_made_is_set_aside_from_the_collector_so_releases_stay_cheap():
    """The first app of a process sets the objects alive at start-up (modules,
    the engine's tables, pygame_gui) aside from the collector: a full
    collection then looks only at what the screens made (some 3 ms instead
    of 35), so memory is given back at every switch of screens."""
    from game.system import memory

    d = AppDriver(size=(800, 600), settings=Settings(sound=False))
    assert gc.get_freeze_count() > 5000
    assert memory.freeze_start_up() == 0  # once
    gone = weakref.ref(d.scene)
    d.click_button(d.scene.settings_button)
    d.frames(1)
    d.app.release_every = 0.0
    d.app.switch(LobbyScene(d.app))  # the first lobby and the settings leave
    assert gone() is None  # made after the freeze: collected as ever


def test_each_switch_gives_the_closed_screen_back_at_once_even_quick_ones():
    """A release takes some 3 ms (start-up set aside), so each switch of
    screens makes one, however soon after the last: closed 1440p screens
    (60 MB a board) no longer pile up between releases."""
    d = AppDriver(size=(800, 600), settings=Settings(sound=False, animation_speed=0.0, bot_pace=0.0, pass_pause=0.0))
    d.click_button(d.scene.rows["mode"].button_for("hotseat"))
    d.click_button(d.scene.play_button)
    match = d.scene
    assert isinstance(match, MatchScene)
    gone = weakref.ref(match)
    del match
    d.app.drop_match()
    d.app.switch(LobbyScene(d.app))  # a fraction of a second after the switch to the match
    assert gone() is None
