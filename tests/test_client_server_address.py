"""The match server for friend games, in the real client: typed in the
settings (checked, with a clear message for a bad address, in both
languages), kept between runs, shown on the Play-a-friend screen, and used
when hosting instead of a server on this computer.  Servers listen on
127.0.0.1 only."""

from __future__ import annotations

import time

import pygame
import pytest

from game.words import i18n
from game.net.client import BadAddress, check_address
from game.scenes.friend import FriendScene
from game.scenes.lobby import LobbyScene
from game.scenes.settings import SettingsScene
from game.store.settings import Settings
from game.store.storage import Storage
from game.testing import AppDriver
from tests.net_support import start_server


def quick(**kw) -> Settings:
    return Settings(pace="instant", sound=False, **kw)


def until(d: AppDriver, cond, timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        d.frames(1)
        if cond():
            return
        time.sleep(0.005)
    raise AssertionError("timed out")


def says(st: SettingsScene, key: str, **kw) -> bool:
    """Does the line under the server address show this message (on as many lines as it takes)?"""
    return st.server_line() == i18n.t(key, **kw).replace(" ", "")


def retype(d: AppDriver, entry, text: str) -> None:
    """Click into the field, select what is there (Ctrl+A), rub it out and type ``text``."""
    d.click(entry.rect.center)
    assert entry.is_focused
    d.key(pygame.K_a, mod=pygame.KMOD_CTRL)
    d.key(pygame.K_BACKSPACE)
    d.type_text(text)
    assert entry.get_text() == text


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_bad_server_address_is_refused_with_a_message_that_says_why(lang):
    d = AppDriver(settings=quick(language=lang))
    i18n.set_language(lang)
    d.click_button(d.scene.settings_button)
    st = d.scene
    assert isinstance(st, SettingsScene)
    assert says(st, "settings.server.here")  # nothing set: hosted here
    retype(d, st.server_entry, "example.org:99999")
    d.click_button(st.server_button)
    assert says(st, "server.bad.port") and "65535" in st.server_line()
    retype(d, st.server_entry, "http://example.org")
    d.key(pygame.K_RETURN)  # Enter in the field: Set
    assert says(st, "server.bad.format") and "192.168.1.5:8765" in st.server_line()  # what one looks like
    assert d.app.settings.server_address == "" and Storage().load_settings()[0].server_address == ""
    # Back with a bad address typed and not set: it says why, once, and stays
    retype(d, st.server_entry, "a..b:80")
    d.key(pygame.K_ESCAPE)
    assert d.scene is st and says(st, "server.bad.format")
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.scene, LobbyScene) and d.app.settings.server_address == ""
    assert any("\u4e00" <= c <= "\u9fff" for c in i18n.t("server.bad.format")) == (lang == "zh")


def test_the_server_set_in_the_settings_is_kept_shown_and_used_to_host():
    thread, url = start_server()
    address = url.removeprefix("ws://")
    try:
        d = AppDriver(settings=None)  # the settings from storage, as the game starts
        d.click_button(d.scene.settings_button)
        st = d.scene
        retype(d, st.server_entry, f" {address} ")
        d.key(pygame.K_RETURN)
        assert says(st, "settings.server.uses", address=address)
        assert Storage().load_settings()[0].server_address == address  # saved, trimmed
        # a good address typed and left with Back is kept too
        retype(d, st.server_entry, "example.org:8765")
        d.key(pygame.K_ESCAPE)
        assert isinstance(d.scene, LobbyScene) and d.app.settings.server_address == "example.org:8765"
        d.click_button(d.scene.settings_button)
        retype(d, d.scene.server_entry, address)
        d.click_button(d.scene.server_button)
        d.key(pygame.K_ESCAPE)
        # the Play-a-friend screen says which server is used, and hosting goes there
        d.click_button(d.scene.friend_button)
        fs = d.scene
        assert isinstance(fs, FriendScene)
        shown = [w.text for w in fs.manager.get_root_container().elements if hasattr(w, "text")]
        assert i18n.t("friend.server", address=address) in shown
        d.click_button(fs.host_button)
        until(d, lambda: fs.client is not None and bool(fs.client.code) and fs.showing_code)
        assert d.app.hosted is None  # no server started on this computer
        assert fs.address == address and fs.client.code in thread.server.lobby.rooms
        d.key(pygame.K_ESCAPE)
        # emptied: friend games are hosted here again
        d.click_button(d.scene.settings_button)
        retype(d, d.scene.server_entry, "")
        d.click_button(d.scene.server_button)
        assert says(d.scene, "settings.server.here")
        assert Storage().load_settings()[0].server_address == ""
    finally:
        thread.stop()


def test_the_friend_screens_use_server_button_checks_the_address_too():
    d = AppDriver(settings=quick())
    d.click_button(d.scene.friend_button)
    fs = d.scene
    retype(d, fs.server_entry, "127.0.0.1:0")
    d.click_button([b for b, a in fs.actions.items() if a == ("server",)][0])
    assert fs.error == i18n.t("server.bad.port") and d.app.settings.server_address == ""
    retype(d, fs.server_entry, "[::1]:8765")
    d.click_button([b for b, a in fs.actions.items() if a == ("server",)][0])
    assert fs.error is None and d.app.settings.server_address == "[::1]:8765"


@pytest.mark.parametrize("text, reason", [
    ("example.org:0", "port"), ("example.org:65536", "port"), ("ex ample.org", "format"),
    ("ftp://example.org", "format"), ("example.org:80/path", "format"), ("[::1", "format"),
    ("-bad-.org", "format"), ("host:", "format"), ("user@host:80", "format"), ("1.2.3", "format"),
])
def test_what_is_not_a_server_address(text, reason):
    with pytest.raises(BadAddress) as caught:
        check_address(text)
    assert caught.value.reason == reason


@pytest.mark.parametrize("text", ["example.org", "my-box.local:50123", "192.168.1.5:8765", "::1", "[::1]:8765",
                                  "ws://example.org:9000", "wss://example.org/play", "例子.cn:8765", "localhost"])
def test_what_is_a_server_address(text):
    assert check_address(f"  {text} ") == text
