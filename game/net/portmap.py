"""Asking the home router to forward the hosting port, so that a friend in
another home can join: UPnP IGD first (:mod:`game.net.upnp`, through
async-upnp-client), then NAT-PMP (:mod:`game.net.natpmp`, RFC 6886).

:meth:`PortMap.open` waits on the network (about 3 s at most when no
router answers: a 2 s SSDP search, then NAT-PMP's tries): the game calls it
on the worker thread that starts the hosted server, never on the frame loop;
:meth:`PortMap.close` removes the mapping (the hosting stops it off the loop
too).  A mapping is asked for an hour and renewed every half hour while the
match is hosted, so that one left behind by a crash lapses by itself; a
router that keeps only mappings without a lease (UPnP fault 725) gets one
until it is removed.

Where to ask:

- ``location`` (or ``BACKGAMMON_UPNP_LOCATION`` in the environment): the
  URL of the router's UPnP device description; no SSDP search then.
- ``gateway`` (or ``BACKGAMMON_NATPMP_GATEWAY``, ``host`` or ``host:port``):
  the NAT-PMP gateway; else the UPnP router's address, or the system's
  default gateway (Linux), or the first address of the local network.
- neither: an SSDP search on the local network, and NAT-PMP at the gateway
  found so.  ``BACKGAMMON_LAN=off`` keeps everything on this machine:
  nothing is searched or asked unless a location or a gateway is given.

The outcome is a :class:`Reach`: mapped or not, the router's internet
address, the protocol, and why not (no router answered; the router refused,
in its words; its internet address is itself private or the provider's
shared one, 100.64.0.0/10: a mapping then does not help, and none is kept).

>>> import os; os.environ["BACKGAMMON_LAN"] = "off"; os.environ.pop(ENV_LOCATION, None)
>>> PortMap(50123).open()
Reach(port=50123, mapped=False, why=<Why.OFF: 'off'>, external_ip='', external_port=0, method=None, detail='')
>>> not_public("100.64.1.2"), not_public("192.168.1.1"), not_public("203.0.113.7")
(True, True, False)
>>> is_global_ipv6("2a01:e0a:1::5"), is_global_ipv6("fe80::1"), is_global_ipv6("fd12:3456::1")
(True, False, False)
"""

from __future__ import annotations

import ipaddress
import logging
import os
import socket
import threading
from dataclasses import dataclass
from enum import Enum
from typing import Callable, List, Optional, Tuple
from urllib.parse import urlsplit

from .lan import lan_enabled, local_address
from .natpmp import PORT as NATPMP_PORT, NatPmpClient, NatPmpError, NoAnswer
from .upnp import Igd, UpnpRefused, UpnpUnreachable, search

log = logging.getLogger(__name__)

ENV_LOCATION = "BACKGAMMON_UPNP_LOCATION"
ENV_GATEWAY = "BACKGAMMON_NATPMP_GATEWAY"
#: seconds: the SSDP search; each UPnP request
SEARCH_S = 2.0
REQUEST_S = 2.0
#: seconds a mapping is asked for (renewed at half of it)
LEASE_S = 3600
#: seconds: the least wait between two renewals, and the wait after one failed
RENEW_MIN_S = 30.0
RETRY_S = 60.0
DESCRIPTION = "Backgammon match"
#: a router whose internet address is in one of these is behind another NAT: a mapping on it does not help
_NOT_PUBLIC = [ipaddress.ip_network(n) for n in ("0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8",
                                                  "169.254.0.0/16", "172.16.0.0/12", "192.168.0.0/16")]
_GLOBAL_V6 = ipaddress.ip_network("2000::/3")


class Method(str, Enum):
    """How the port was mapped."""

    UPNP = "UPnP"
    NATPMP = "NAT-PMP"


class Why(str, Enum):
    """Why the port is not mapped."""

    OFF = "off"                  # nothing was asked: the network is kept on this machine
    NO_ROUTER = "no_router"      # no router answered
    REFUSED = "refused"          # the router refused (``detail``: its words)
    NOT_PUBLIC = "not_public"    # the router's internet address is private or shared (CGNAT)


@dataclass(frozen=True)
class Reach:
    """Whether friends outside the local network can reach ``port`` (this computer's)."""

    port: int
    mapped: bool = False
    why: Optional[Why] = None
    external_ip: str = ""
    external_port: int = 0
    method: Optional[Method] = None
    #: the router's refusal, in its words (e.g. "718 ConflictInMappingEntry")
    detail: str = ""

    @property
    def external_address(self) -> Optional[str]:
        """``IP:PORT`` to give a friend anywhere (None when not mapped)."""
        return f"{self.external_ip}:{self.external_port}" if self.mapped else None


def not_public(ip: str) -> bool:
    """Is ``ip`` (a router's internet address) private, shared by the provider (CGNAT) or none?"""
    try:
        address = ipaddress.ip_address(ip)
    except ValueError:
        return True
    return address.version == 4 and any(address in net for net in _NOT_PUBLIC)


def route_source(host: str) -> str:
    """This computer's address on the way to ``host`` (what a router sees).
    Sends nothing: a UDP socket's connect only picks the route."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect((host, 9))
            return str(s.getsockname()[0])
    except OSError:
        return local_address()


def default_gateway() -> Optional[str]:
    """The IPv4 default gateway: the system's (Linux), else the first address of the local network."""
    try:
        with open("/proc/net/route", encoding="ascii") as f:
            for line in f.readlines()[1:]:
                parts = line.split()
                if len(parts) > 3 and parts[1] == "00000000" and int(parts[3], 16) & 2:  # RTF_GATEWAY
                    return socket.inet_ntoa(int(parts[2], 16).to_bytes(4, "little"))
    except (OSError, ValueError):
        pass
    here = local_address()
    if here.startswith("127."):
        return None
    return str(ipaddress.ip_network(f"{here}/24", strict=False).network_address + 1)


def is_global_ipv6(text: str) -> bool:
    """Is ``text`` an IPv6 address others on the internet can reach (global
    unicast, 2000::/3: not link-local, not a unique local fc00::/7 one)?"""
    try:
        address = ipaddress.ip_address(text.split("%")[0])
    except ValueError:
        return False
    return address.version == 6 and address in _GLOBAL_V6


def global_ipv6() -> Optional[str]:
    """A global IPv6 address of this computer (None: none, or the network is off)."""
    if not lan_enabled():
        return None
    try:
        import ifaddr

        adapters = ifaddr.get_adapters()
    except Exception as exc:  # (an unusual system: no IPv6 offered)
        log.info("no interfaces: %s", exc)
        return None
    for adapter in adapters:
        for ip in adapter.ips:
            if isinstance(ip.ip, tuple) and is_global_ipv6(ip.ip[0]):
                return ip.ip[0]
    return None


def _gateway_from(text: str) -> Tuple[str, int]:
    host, _, port = text.strip().rpartition(":") if text.count(":") == 1 else (text.strip(), "", "")
    return host, int(port) if port.isdigit() else NATPMP_PORT


class PortMap:
    """One port forwarded by the router while a match is hosted (see the module's words)."""

    def __init__(self, port: int, location: Optional[str] = None, gateway: Optional[Tuple[str, int]] = None,
                 lease: int = LEASE_S, search_s: float = SEARCH_S, request_s: float = REQUEST_S,
                 natpmp: Callable[[str, int], NatPmpClient] = NatPmpClient):
        self.port, self.lease, self.search_s, self.request_s = port, lease, search_s, request_s
        location = location or os.environ.get(ENV_LOCATION, "").strip() or None
        env_gateway = os.environ.get(ENV_GATEWAY, "").strip()
        self.location = location
        self.gateway = gateway or (_gateway_from(env_gateway) if env_gateway else None)
        self._natpmp = natpmp
        self.reach = Reach(port, why=Why.OFF)
        self._undo: Optional[Callable[[], None]] = None  # removes the mapping
        self._renew: Optional[Callable[[], int]] = None  # asks for it again; the lease granted
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._renewing: Optional[threading.Thread] = None
        self._lease_granted = 0  # seconds (0: until removed)

    @property
    def explicit(self) -> bool:
        """Was a router named (a location or a gateway), rather than searched for?"""
        return self.location is not None or self.gateway is not None

    def open(self) -> Reach:
        """Ask the router(s) to forward the port; what came of it (also :attr:`reach`).  Blocking, bounded."""
        if not (self.explicit or lan_enabled()):
            return self.reach
        with self._lock:
            self.reach = self._open()
        if self.reach.mapped and self._lease_granted:
            self._renewing = threading.Thread(target=self._renew_loop, name="portmap-renew", daemon=True)
            self._renewing.start()
        log.info("port %d: %s", self.port, self.reach)
        return self.reach

    def close(self) -> None:
        """Stop renewing and remove the mapping (blocking, bounded); again: nothing."""
        self._stop.set()
        with self._lock:
            undo, self._undo, self._renew = self._undo, None, None
            if undo is not None:
                try:
                    undo()
                except (UpnpRefused, UpnpUnreachable, NatPmpError, NoAnswer, OSError) as exc:
                    log.info("the port mapping was not removed: %s", exc)

    # -- asking -----------------------------------------------------------------------------
    def _open(self) -> Reach:
        failures: List[Reach] = []
        locations = [self.location] if self.location else ([] if self.explicit else search(self.search_s))
        router: Optional[str] = None
        for location in locations[:3]:
            router = urlsplit(location).hostname or router
            reach = self._try_upnp(location)
            if reach.mapped:
                return reach
            failures.append(reach)
        gateway = self.gateway
        if gateway is None and not self.explicit:
            found = router or default_gateway()
            gateway = (found, NATPMP_PORT) if found else None
        if gateway is not None:
            reach = self._try_natpmp(*gateway)
            if reach.mapped:
                return reach
            failures.append(reach)
        for why in (Why.NOT_PUBLIC, Why.REFUSED):  # the most telling failure
            for reach in failures:
                if reach.why is why:
                    return reach
        return Reach(self.port, why=Why.NO_ROUTER)

    def _try_upnp(self, location: str) -> Reach:
        port = self.port
        try:
            igd = Igd.at(location, self.request_s)
            ip = igd.external_ip()
            if not_public(ip):
                return Reach(port, why=Why.NOT_PUBLIC, external_ip=ip, method=Method.UPNP)
            client = route_source(urlsplit(location).hostname or "")
            granted = igd.add_tcp(port, client, port, self.lease, DESCRIPTION)
        except UpnpRefused as exc:
            return Reach(port, why=Why.REFUSED, method=Method.UPNP, detail=str(exc))
        except UpnpUnreachable as exc:
            log.info("UPnP at %s: %s", location, exc)
            return Reach(port, why=Why.NO_ROUTER, method=Method.UPNP)
        self._undo = lambda: igd.delete_tcp(port)
        self._renew = lambda: igd.add_tcp(port, client, port, self.lease, DESCRIPTION)
        self._lease_granted = granted
        return Reach(port, mapped=True, external_ip=ip, external_port=port, method=Method.UPNP)

    def _try_natpmp(self, host: str, gateway_port: int) -> Reach:
        port = self.port
        client = self._natpmp(host, gateway_port)
        try:
            ip = client.external_address()
            if not_public(ip):
                return Reach(port, why=Why.NOT_PUBLIC, external_ip=ip, method=Method.NATPMP)
            mapped = client.map_tcp(port, port, self.lease)
        except NatPmpError as exc:
            return Reach(port, why=Why.REFUSED, method=Method.NATPMP, detail=str(exc))
        except (NoAnswer, OSError) as exc:
            log.info("NAT-PMP at %s:%d: %s", host, gateway_port, exc)
            return Reach(port, why=Why.NO_ROUTER, method=Method.NATPMP)
        self._undo = lambda: client.unmap_tcp(port)
        self._renew = lambda: client.map_tcp(port, mapped.external_port, self.lease).lifetime
        self._lease_granted = mapped.lifetime
        return Reach(port, mapped=True, external_ip=ip, external_port=mapped.external_port, method=Method.NATPMP)

    # -- keeping it --------------------------------------------------------------------------
    def _renew_loop(self) -> None:
        """Ask again at half the lease, until closed."""
        wait = max(RENEW_MIN_S, self._lease_granted / 2)
        while not self._stop.wait(wait):
            with self._lock:
                renew = self._renew
                if renew is None:
                    return
                try:
                    granted = renew()
                except (UpnpRefused, UpnpUnreachable, NatPmpError, NoAnswer, OSError) as exc:
                    log.info("the port mapping was not renewed: %s", exc)
                    wait = RETRY_S
                    continue
            if not granted:
                return  # kept until removed now
            wait = max(RENEW_MIN_S, granted / 2)
