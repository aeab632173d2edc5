"""Who can join a match hosted here, on the friend screen: the router asked
to forward the port (a fake UPnP gateway on 127.0.0.1, its location given
in the environment), its internet address given to the friend, a line under
the invite that says who can join (or what to do), fitting at the smallest
and a common window size in English and Chinese; the port kept in the
settings for the next match; nothing searched for with the network off."""

from __future__ import annotations

import socket

import pytest
from pygame_gui.elements import UILabel

from fitting import report, scene_misfits
from game.net import portmap
from game.net.protocol import format_code
from game.net.portmap import ENV_GATEWAY, ENV_LOCATION, Method, Reach, Why
from game.scenes.friend import FriendScene
from game.scenes.friendhost import hosted_words, reach_words
from game.scenes.lobby import LobbyScene
from game.store.stored_settings import StoredSettings
from game.system import clipboard
from game.testing import AppDriver
from game.words import catalogs, i18n
from game.words.i18n import t
from tests.router_fakes import FakeIgd
from tests.test_client_friend import quick, until


@pytest.fixture(autouse=True)
def no_router_named(monkeypatch):
    monkeypatch.delenv(ENV_LOCATION, raising=False)
    monkeypatch.delenv(ENV_GATEWAY, raising=False)


@pytest.fixture
def igd(monkeypatch):
    fake = FakeIgd()
    monkeypatch.setenv(ENV_LOCATION, fake.location)
    yield fake
    fake.close()


def shown_words(fs: FriendScene) -> str:
    """Every label's words on the friend screen (lines joined, without spaces)."""
    labels = [e for e in fs.manager.get_root_container().elements if isinstance(e, UILabel)]
    return "".join(lab.text for lab in labels).replace(" ", "")


def hosted(d: AppDriver) -> FriendScene:
    d.click_button(d.scene.friend_button)
    fs = d.scene
    assert isinstance(fs, FriendScene)
    d.click_button(fs.host_button)
    until([d], lambda: fs.showing_code, timeout=15)
    return fs


def test_the_invite_gives_the_routers_address_and_says_friends_anywhere_can_join(igd):
    d = AppDriver(settings=quick())
    fs = hosted(d)
    port = d.app.hosted.server.port
    assert fs.address == f"203.0.113.7:{port}" and fs.address in fs.address_label.text
    assert f"203.0.113.7:{port}" in clipboard.paste()  # what the friend is sent
    words = t("friend.reach.mapped", port=port, lan=f"127.0.0.1:{port}")
    assert words.replace(" ", "") in shown_words(fs)
    hosting = d.app.hosted
    fs.back()  # the match not begun: the server stops, the router forgets the port
    assert isinstance(d.scene, LobbyScene) and hosting.unmapping is not None
    hosting.unmapping.join(5)
    assert igd.mappings == {} and "DeletePortMapping" in igd.actions()


def test_a_router_that_refuses_is_said_so_with_what_to_do(igd):
    igd.refuse = (718, "ConflictInMappingEntry")
    d = AppDriver(settings=quick())
    fs = hosted(d)
    port = d.app.hosted.server.port
    assert fs.address == f"127.0.0.1:{port}"
    words = t("friend.reach.refused", port=port, address="127.0.0.1", reason="718 ConflictInMappingEntry")
    assert words.replace(" ", "") in shown_words(fs)
    fs.back()


def test_with_the_network_off_nothing_is_searched_and_no_line_is_shown(monkeypatch):
    asked: list = []
    monkeypatch.setattr(portmap, "search", lambda *a, **k: asked.append("ssdp") or [])
    monkeypatch.setattr(portmap, "default_gateway", lambda: asked.append("gateway") or None)
    d = AppDriver(settings=quick())
    fs = hosted(d)
    assert asked == [] and d.app.hosted.reach.why is Why.OFF and reach_words(d.app.hosted) == ""
    assert fs.address == d.app.hosted.lan_address
    fs.back()


def test_the_port_is_kept_in_the_settings_and_used_again():
    d = AppDriver(settings=None)  # the settings from storage, as the game has them
    assert d.app.settings.host_port == 0  # at first: one the system picks
    fs = hosted(d)
    port = d.app.hosted.server.port
    assert d.app.settings.host_port == port and d.app.storage.load_settings()[0].host_port == port  # saved
    fs.back()
    fs = hosted(d)
    assert d.app.hosted.server.port == port  # the next match: the same port (a forward made by hand stays right)
    fs.back()
    # a port chosen (by hand in the settings file): used
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        chosen = s.getsockname()[1]
    d.app.settings.host_port = chosen
    fs = hosted(d)
    assert d.app.hosted.server.port == chosen
    fs.back()


def test_the_stored_port_is_checked():
    assert StoredSettings.from_dict({"host_port": 50123})[0].host_port == 50123
    for bad in (-1, 65536, "50123", 1.5, True, None):
        stored, wrong = StoredSettings.from_dict({"host_port": bad})
        assert stored.host_port == 0 and wrong == ["host_port"]


def _reaches(port: int):
    """Every line the invite may have under it (the longest words each can have)."""
    return [
        (Reach(port, mapped=True, external_ip="203.0.113.7", external_port=port, method=Method.UPNP), None),
        (Reach(port, why=Why.NO_ROUTER), None),
        (Reach(port, why=Why.REFUSED, method=Method.UPNP, detail="718 ConflictInMappingEntry"), "[2001:db8:ffff:ffff:ffff:ffff:ffff:ffff]:65535"),
        (Reach(port, why=Why.NOT_PUBLIC, external_ip="100.127.255.255", method=Method.NATPMP), None),
        (Reach(port, why=Why.NOT_PUBLIC, method=Method.UPNP), None),
        (Reach(port, mapped=True, external_ip="203.0.113.7", external_port=port), "[2001:db8:ffff:ffff:ffff:ffff:ffff:ffff]:65535"),
    ]


@pytest.mark.parametrize("lang", catalogs.shipped())  # every shipped language (game/locale/LINGUAS)
@pytest.mark.parametrize("size", [(320, 240), (1280, 720)])
def test_the_reach_line_fits(lang, size, monkeypatch):
    monkeypatch.setattr(i18n, "system_locales", lambda: ["zh_CN.UTF-8" if lang == "zh" else "en_US.UTF-8"])
    i18n.set_language(lang)
    settings = quick()
    settings.language = lang
    d = AppDriver(size=size, settings=settings)
    fs = hosted(d)
    hosting = d.app.hosted
    hosting.lan_address = "192.168.100.200:65535"
    try:
        for reach, ipv6 in _reaches(65535):
            hosting.reach, hosting.ipv6_address = reach, ipv6
            full, short = hosted_words(d.app, hosting.url)
            assert full == reach_words(hosting) and short == reach_words(hosting, short=True) and len(short) < len(full)
            fs._rebuild(size)
            d.frames(1)
            shown = shown_words(fs)
            assert full.replace(" ", "") in shown or (size == (320, 240) and short.replace(" ", "") in shown)
            assert format_code(fs.client.code) in shown and hosting.address.replace(" ", "") in shown
            # the link too, whole (in smaller letters where the large ones do not fit)
            assert fs.address_label.text.startswith("backgammon://join/") and fs.address_label.text.endswith(format_code(fs.client.code))
            misfits = scene_misfits(fs, f"{lang} {size} {reach.why}")
            assert not misfits, report(misfits)
            # the words stay on the screen, above the Cancel button
            labels = [e for e in fs.manager.get_root_container().elements if isinstance(e, UILabel)]
            assert all(lab.rect.bottom <= fs.back_button.rect.top and lab.rect.right <= size[0] for lab in labels), \
                [(lab.text, lab.rect) for lab in labels if lab.rect.bottom > fs.back_button.rect.top]
    finally:
        fs.back()
        i18n.set_language("en")
