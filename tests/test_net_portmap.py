"""The home router asked to forward the hosting port (game/net/portmap.py):
UPnP IGD against a fake gateway on 127.0.0.1 (its description, its SOAP
control URL recording every action), NAT-PMP against a fake gateway on
127.0.0.1 UDP, a router that refuses, one that never answers (given up in
bounded time), one whose internet address is the provider's shared one;
every mapping made is removed at the end.  Discovery is pointed at the
fakes (a location, a gateway, an SSDP search by unicast): nothing is
multicast, nothing leaves this machine."""

from __future__ import annotations

import socket
import time

import pytest

from game.net import hosting as hosting_mod
from game.net import portmap
from game.net.hosting import Hosting, listen_hosts
from game.net.natpmp import NatPmpClient, NoAnswer
from game.net.portmap import ENV_GATEWAY, ENV_LOCATION, Method, PortMap, Why, global_ipv6, is_global_ipv6, not_public
from game.net.upnp import search
from tests.router_fakes import FakeIgd, FakeNatPmp, FakeSsdp, Silent


@pytest.fixture
def igd():
    fake = FakeIgd()
    yield fake
    fake.close()


@pytest.fixture
def natpmp():
    fake = FakeNatPmp()
    yield fake
    fake.close()


@pytest.fixture(autouse=True)
def no_router_named(monkeypatch):
    """No location or gateway from the machine's environment; the network kept here (as the suite runs)."""
    monkeypatch.delenv(ENV_LOCATION, raising=False)
    monkeypatch.delenv(ENV_GATEWAY, raising=False)
    monkeypatch.setenv("BACKGAMMON_LAN", "off")


def quick_natpmp(host: str, port: int) -> NatPmpClient:
    return NatPmpClient(host, port, first_wait=0.05, tries=2)


# -- UPnP ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("service", ["WANIPConnection:1", "WANIPConnection:2", "WANPPPConnection:1"])
def test_upnp_forwards_the_port_and_removes_it_at_the_end(igd, service):
    igd.service = service
    pm = PortMap(50123, location=igd.location)
    reach = pm.open()
    assert reach.mapped and reach.method is Method.UPNP and reach.why is None
    assert reach.external_address == "203.0.113.7:50123"
    args = igd.mappings[50123]
    assert args["NewProtocol"] == "TCP" and args["NewInternalPort"] == "50123" and args["NewRemoteHost"] == ""
    assert args["NewInternalClient"] == "127.0.0.1"  # this computer, as the router sees it
    assert args["NewLeaseDuration"] == str(portmap.LEASE_S) and args["NewEnabled"] == "1"
    pm.close()
    assert igd.mappings == {} and igd.actions()[-1] == "DeletePortMapping"
    pm.close()  # again: nothing more
    assert igd.actions().count("DeletePortMapping") == 1


def test_the_location_may_come_from_the_environment(igd, monkeypatch):
    monkeypatch.setenv(ENV_LOCATION, igd.location)
    pm = PortMap(40001)
    assert pm.open().external_address == "203.0.113.7:40001"
    pm.close()
    assert igd.mappings == {}


def test_a_router_that_refuses_says_why_and_nothing_is_left_to_remove(igd):
    igd.refuse = (718, "ConflictInMappingEntry")
    pm = PortMap(50123, location=igd.location)
    reach = pm.open()
    assert not reach.mapped and reach.why is Why.REFUSED and reach.external_address is None
    assert "718" in reach.detail and "ConflictInMappingEntry" in reach.detail
    pm.close()
    assert "DeletePortMapping" not in igd.actions()


def test_a_router_that_keeps_only_permanent_leases_gets_one_removed_at_the_end(igd):
    igd.only_permanent = True
    pm = PortMap(50123, location=igd.location)
    assert pm.open().mapped
    assert [a["NewLeaseDuration"] for n, a in igd.calls if n == "AddPortMapping"] == [str(portmap.LEASE_S), "0"]
    assert pm._renewing is None  # nothing to renew
    pm.close()
    assert igd.mappings == {}


@pytest.mark.parametrize("external_ip", ["100.64.12.34", "100.127.255.1", "192.168.0.2", "10.1.2.3", "0.0.0.0", ""])
def test_a_router_behind_another_nat_is_said_so_and_no_mapping_is_made(igd, external_ip):
    igd.external_ip = external_ip
    pm = PortMap(50123, location=igd.location)
    reach = pm.open()
    assert not reach.mapped and reach.why is Why.NOT_PUBLIC and reach.external_ip == external_ip
    assert "AddPortMapping" not in igd.actions()
    pm.close()


def test_a_router_that_never_answers_is_given_up_in_bounded_time():
    silent = Silent()
    try:
        start = time.monotonic()
        reach = PortMap(50123, location=silent.location, request_s=1.0).open()
        assert time.monotonic() - start < 3.0
        assert not reach.mapped and reach.why is Why.NO_ROUTER
    finally:
        silent.close()


def test_no_router_at_the_location_at_all():
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        location = f"http://127.0.0.1:{s.getsockname()[1]}/rootDesc.xml"
    reach = PortMap(50123, location=location, request_s=1.0).open()
    assert reach.why is Why.NO_ROUTER


def test_the_mapping_is_renewed_while_it_lasts_and_not_after(igd, monkeypatch):
    monkeypatch.setattr(portmap, "RENEW_MIN_S", 0.05)
    pm = PortMap(50123, location=igd.location, lease=1)  # renewed every half second
    assert pm.open().mapped
    end = time.monotonic() + 5
    while igd.actions().count("AddPortMapping") < 3:
        assert time.monotonic() < end, igd.actions()
        time.sleep(0.05)
    pm.close()
    assert pm._renewing is not None
    pm._renewing.join(2)
    adds = igd.actions().count("AddPortMapping")
    time.sleep(0.7)
    assert igd.actions().count("AddPortMapping") == adds and igd.mappings == {}


def test_ssdp_search_finds_the_gateway_by_unicast(igd):
    ssdp = FakeSsdp(igd.location)
    try:
        start = time.monotonic()
        assert search(2.0, target=ssdp.target) == [igd.location]
        assert time.monotonic() - start < 1.5  # it ends at the first answer
        assert "urn:schemas-upnp-org:device:InternetGatewayDevice:1" in ssdp.searched
    finally:
        ssdp.close()


def test_an_ssdp_search_nobody_answers_ends_in_its_time():
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as quiet:
        quiet.bind(("127.0.0.1", 0))
        start = time.monotonic()
        assert search(0.5, target=quiet.getsockname()) == []
        assert time.monotonic() - start < 2.0


# -- NAT-PMP ---------------------------------------------------------------------------------------
def test_natpmp_forwards_the_port_and_removes_it_at_the_end(natpmp):
    pm = PortMap(50123, gateway=("127.0.0.1", natpmp.port))
    reach = pm.open()
    assert reach.mapped and reach.method is Method.NATPMP and reach.external_address == "203.0.113.9:50123"
    assert natpmp.mappings == {50123: (50123, portmap.LEASE_S)}
    pm.close()
    assert natpmp.mappings == {}
    assert natpmp.requests[-1][1] == 2 and natpmp.requests[-1][-4:] == b"\0\0\0\0"  # lifetime 0: removed


def test_natpmp_gateway_from_the_environment_and_another_external_port(monkeypatch):
    fake = FakeNatPmp(shift=7)  # the gateway gives the next port but six
    try:
        monkeypatch.setenv(ENV_GATEWAY, f"127.0.0.1:{fake.port}")
        pm = PortMap(50123)
        assert pm.open().external_address == "203.0.113.9:50130"
        pm.close()
        assert fake.mappings == {}
    finally:
        fake.close()


def test_natpmp_refused_and_silent_and_behind_another_nat():
    refusing, silent, shared = FakeNatPmp(result=2), FakeNatPmp(silent=True), FakeNatPmp(external_ip="100.70.0.1")
    try:
        reach = PortMap(1, gateway=("127.0.0.1", refusing.port), natpmp=quick_natpmp).open()
        assert reach.why is Why.REFUSED and "not authorized" in reach.detail
        start = time.monotonic()
        reach = PortMap(1, gateway=("127.0.0.1", silent.port), natpmp=quick_natpmp).open()
        assert reach.why is Why.NO_ROUTER and time.monotonic() - start < 1.0 and len(silent.requests) == 2
        reach = PortMap(1, gateway=("127.0.0.1", shared.port)).open()
        assert reach.why is Why.NOT_PUBLIC and reach.external_ip == "100.70.0.1" and shared.mappings == {}
    finally:
        for fake in (refusing, silent, shared):
            fake.close()


def test_natpmp_believes_only_answers_to_its_request():
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as gateway:
        gateway.bind(("127.0.0.1", 0))
        client = NatPmpClient("127.0.0.1", gateway.getsockname()[1], first_wait=0.2, tries=1)
        import threading

        def junk() -> None:
            _, peer = gateway.recvfrom(64)
            gateway.sendto(b"\x00\x82\x00\x00", peer)  # too short
            gateway.sendto(b"\x01\x80" + bytes(10), peer)  # another version
            gateway.sendto(b"\x00\x81" + bytes(10), peer)  # another opcode

        threading.Thread(target=junk, daemon=True).start()
        with pytest.raises(NoAnswer):
            client.external_address()


def test_upnp_first_then_natpmp_when_upnp_refuses(igd, natpmp):
    igd.refuse = (606, "Action not authorized")
    pm = PortMap(50123, location=igd.location, gateway=("127.0.0.1", natpmp.port))
    reach = pm.open()
    assert reach.mapped and reach.method is Method.NATPMP
    pm.close()
    assert natpmp.mappings == {}


# -- nothing leaves this machine unless told ----------------------------------------------------------
def test_with_the_network_off_and_no_router_named_nothing_is_asked(monkeypatch):
    asked: list = []
    monkeypatch.setattr(portmap, "search", lambda *a, **k: asked.append("ssdp") or [])
    monkeypatch.setattr(portmap, "default_gateway", lambda: asked.append("gateway") or None)
    pm = PortMap(50123, natpmp=lambda *a: asked.append("natpmp"))  # type: ignore[arg-type,func-returns-value]
    reach = pm.open()
    assert reach.why is Why.OFF and not reach.mapped and asked == []
    h = Hosting.start()
    try:
        assert asked == [] and h.reach.why is Why.OFF and h.address == h.lan_address == f"127.0.0.1:{h.server.port}"
        assert h.ipv6_address is None
    finally:
        h.stop()


def test_with_the_network_on_the_router_is_searched_for(monkeypatch, igd):
    monkeypatch.setenv("BACKGAMMON_LAN", "on")
    asked: list = []
    monkeypatch.setattr(portmap, "search", lambda seconds: asked.append(seconds) or [igd.location])
    pm = PortMap(50123)
    assert pm.open().mapped and asked == [portmap.SEARCH_S]
    pm.close()
    assert igd.mappings == {}


# -- the hosted match --------------------------------------------------------------------------------
def test_a_hosted_match_gives_the_routers_address_and_stop_removes_the_mapping(igd, monkeypatch):
    monkeypatch.setenv(ENV_LOCATION, igd.location)
    h = Hosting.start()
    port = h.server.port
    assert h.address == f"203.0.113.7:{port}" and h.lan_address == f"127.0.0.1:{port}"
    assert h.reach.mapped and igd.mappings[port]["NewInternalPort"] == str(port)
    h.stop()
    assert h.unmapping is not None and not h.unmapping.daemon  # a quitting game waits for it
    h.unmapping.join(5)
    assert igd.mappings == {} and igd.actions()[-1] == "DeletePortMapping"


def test_a_hosted_match_the_router_refuses_keeps_the_local_address(igd, monkeypatch):
    igd.refuse = (718, "ConflictInMappingEntry")
    monkeypatch.setenv(ENV_LOCATION, igd.location)
    h = Hosting.start()
    try:
        assert h.address == h.lan_address and h.reach.why is Why.REFUSED and h.portmap is None
    finally:
        h.stop()


def test_a_mapping_gone_wrong_never_stops_the_hosting(monkeypatch):
    class Broken(PortMap):
        def open(self):
            raise RuntimeError("a bug")

    h = Hosting.start(portmap=Broken)
    try:
        assert h.address == h.lan_address and h.reach.why is Why.NO_ROUTER
    finally:
        h.stop()


# -- IPv6 ---------------------------------------------------------------------------------------------
class _Ip:
    def __init__(self, ip):
        self.ip = ip


class _Adapter:
    def __init__(self, *ips):
        self.ips = [_Ip(ip) for ip in ips]


def test_the_global_ipv6_address_is_found_and_others_are_not(monkeypatch):
    import ifaddr

    adapters = [_Adapter("127.0.0.1", ("::1", 0, 0)), _Adapter("192.168.1.5", ("fe80::1", 0, 2), ("fd00:1::5", 0, 0)),
                _Adapter(("2a01:e0a:1f::5", 0, 0))]
    monkeypatch.setattr(ifaddr, "get_adapters", lambda: adapters)
    assert global_ipv6() is None  # the network is off
    monkeypatch.setenv("BACKGAMMON_LAN", "on")
    assert global_ipv6() == "2a01:e0a:1f::5"
    adapters.pop()
    assert global_ipv6() is None
    assert not is_global_ipv6("fd00::1") and not is_global_ipv6("fe80::1%eth0") and not is_global_ipv6("192.168.1.5")


def test_the_server_listens_on_ipv6_too_where_there_is_a_global_address(monkeypatch):
    monkeypatch.setattr(hosting_mod, "bind_address", lambda: "0.0.0.0")
    monkeypatch.setattr(hosting_mod, "global_ipv6", lambda: "2a01:e0a:1f::5")
    assert listen_hosts() == ["", "0.0.0.0"]  # both families first, IPv4 alone if that fails
    monkeypatch.setattr(hosting_mod, "global_ipv6", lambda: None)
    assert listen_hosts() == ["0.0.0.0"]
    monkeypatch.setattr(hosting_mod, "bind_address", lambda: "127.0.0.1")
    assert listen_hosts() == ["127.0.0.1"]


def test_a_server_on_ipv6_offers_its_ipv6_address(monkeypatch):
    try:
        with socket.socket(socket.AF_INET6, socket.SOCK_STREAM) as s:
            s.bind(("::1", 0))
    except OSError:
        pytest.skip("no IPv6 loopback here")
    monkeypatch.setattr(hosting_mod, "listen_hosts", lambda: ["::1"])
    monkeypatch.setattr(hosting_mod, "global_ipv6", lambda: "2a01:e0a:1f::5")
    h = Hosting.start()
    try:
        assert h.ipv6_address == f"[2a01:e0a:1f::5]:{h.server.port}"
    finally:
        h.stop()


def test_not_public():
    assert not_public("100.64.0.1") and not_public("172.20.1.1") and not_public("169.254.3.4") and not_public("nonsense")
    assert not not_public("203.0.113.7") and not not_public("8.8.8.8") and not not_public("100.128.0.1")
