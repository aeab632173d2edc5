"""Test set-up: everything runs headless, and nothing touches the player's
own folders (settings, saves and records go to a fresh temporary folder)."""

import gc
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# friend games stay on loopback: a hosted server listens on 127.0.0.1, nothing is announced or browsed
os.environ.setdefault("BACKGAMMON_LAN", "off")


@pytest.fixture(autouse=True, scope="module")
def collector_sees_only_this_module():
    """Each test module starts with what is alive set aside from the
    collector (gc.freeze), as the program sets aside what its start-up made
    (game.system.memory.freeze_start_up): a full collection, which the client makes
    at each switch of screens, then looks only at what this module's tests
    made, not at everything the earlier modules and pytest keep (some 30 ms
    a collection late in a run instead of a few).  What the tests make is
    collected as ever."""
    gc.collect()
    gc.freeze()
    yield


@pytest.fixture(autouse=True)
def backgammon_home(tmp_path, monkeypatch):
    """Each test gets its own BACKGAMMON_HOME (see game/store/storage.py)."""
    home = tmp_path / "backgammon-home"
    monkeypatch.setenv("BACKGAMMON_HOME", str(home))
    yield home


@pytest.fixture(autouse=True)
def english_system(monkeypatch):
    """The tests run as on an English system (whatever this machine's locale
    is), and each starts and ends in English; a test that wants another
    system language patches game.words.i18n.system_locales itself."""
    from game.words import i18n

    monkeypatch.setattr(i18n, "system_locales", lambda: ["en_US.UTF-8"])
    i18n.set_language("en")
    yield
    i18n.set_language("en")
