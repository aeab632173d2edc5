"""Local network discovery: announcements are injected into the browser's
zeroconf handler (no multicast on any interface)."""

from __future__ import annotations

import socket

from zeroconf import ServiceInfo, ServiceStateChange

from game.net.lan import SERVICE, LanBrowser, bind_address, lan_enabled, local_address


class Announced:
    """What zeroconf would hand the handler: the service's info, looked up by name."""

    def __init__(self, infos):
        self.infos = {i.name: i for i in infos}

    def get_service_info(self, service_type, name, timeout=3000):
        return self.infos.get(name)


def info(name, code, port=50123, address="127.0.0.1", who="Ann"):
    return ServiceInfo(SERVICE, f"{name}.{SERVICE}", port=port, addresses=[socket.inet_aton(address)],
                       properties={"code": code, "name": who})


def test_announcements_are_listed_and_withdrawn():
    good = info("backgammon-a", "abcde-fghjk")
    bad = info("backgammon-b", "not a code")
    zc = Announced([good, bad])
    b = LanBrowser()
    for i in (good, bad):
        b.on_service_state_change(zc, SERVICE, i.name, ServiceStateChange.Added)
    b.on_service_state_change(zc, SERVICE, "gone." + SERVICE, ServiceStateChange.Added)  # no info: ignored
    games = b.games()
    assert [(g.name, g.address, g.code) for g in games] == [("Ann", "127.0.0.1:50123", "ABCDEFGHJK")]
    b.on_service_state_change(zc, SERVICE, good.name, ServiceStateChange.Removed)
    assert b.games() == []


def test_the_tests_keep_to_loopback():
    assert not lan_enabled() and bind_address() == "127.0.0.1" and local_address() == "127.0.0.1"
    assert LanBrowser().start() is False  # nothing browsed, nothing sent
