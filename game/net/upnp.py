"""UPnP IGD (Internet Gateway Device): finding the home router (SSDP), and
asking its WAN connection service (WANIPConnection:1/2 or WANPPPConnection:1)
for its internet address and to forward a TCP port to this computer.

The protocol is async-upnp-client's (kept by Home Assistant's people: pure
Python on aiohttp, a wheel for every platform): its SSDP search, its
device and service descriptions, its SOAP calls and their faults.  This
module adds the blocking, bounded calls the game needs (each runs its own
event loop on the caller's thread, a worker's: never the frame loop's),
and the choice of the router's connection service.

Discovery sends M-SEARCH to 239.255.255.250:1900 (the caller decides
whether it may: ``BACKGAMMON_LAN=off`` keeps it from doing so); ``target``
points it elsewhere (the tests: a fake gateway on 127.0.0.1, by unicast).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Awaitable, List, Optional, Sequence, Tuple, TypeVar

from async_upnp_client.aiohttp import AiohttpRequester
from async_upnp_client.client import UpnpService
from async_upnp_client.client_factory import UpnpFactory
from async_upnp_client.exceptions import UpnpActionError, UpnpError
from async_upnp_client.search import SsdpSearchListener
from async_upnp_client.utils import CaseInsensitiveDict

log = logging.getLogger(__name__)

SSDP_TARGET = ("239.255.255.250", 1900)
#: what is searched for: the gateway, or its WAN connection services (some routers answer only one)
SEARCHES = ("urn:schemas-upnp-org:device:InternetGatewayDevice:1",
            "urn:schemas-upnp-org:device:InternetGatewayDevice:2",
            "urn:schemas-upnp-org:service:WANIPConnection:1",
            "urn:schemas-upnp-org:service:WANPPPConnection:1")
#: the WAN connection services that map ports, the preferred first
CONNECTIONS = ("urn:schemas-upnp-org:service:WANIPConnection:2",
               "urn:schemas-upnp-org:service:WANIPConnection:1",
               "urn:schemas-upnp-org:service:WANPPPConnection:1")
#: the fault a router answers when it only keeps mappings without a lease (the lease is then 0: until removed)
ONLY_PERMANENT = 725

T = TypeVar("T")


class UpnpRefused(Exception):
    """The router answered with a fault: ``code`` and its description (e.g. 718 ConflictInMappingEntry)."""

    def __init__(self, code: Optional[int], description: str):
        super().__init__(f"{code} {description}".strip() if code is not None else description)
        self.code = code


class UpnpUnreachable(Exception):
    """No answer, or no internet gateway there: why."""


def _run(work: Awaitable[T], seconds: float) -> T:
    """``work`` on an event loop of its own, bounded by ``seconds``; the
    library's errors as :class:`UpnpRefused` (a fault) or :class:`UpnpUnreachable`."""
    async def bounded() -> T:
        return await asyncio.wait_for(work, seconds)

    try:
        return asyncio.run(bounded())
    except UpnpActionError as exc:
        raise UpnpRefused(exc.error_code, exc.error_desc or str(exc)) from exc
    except (UpnpError, asyncio.TimeoutError, OSError, ValueError) as exc:
        raise UpnpUnreachable(str(exc) or type(exc).__name__) from exc


def search(seconds: float, target: Tuple[str, int] = SSDP_TARGET, searches: Sequence[str] = SEARCHES) -> List[str]:
    """The description URLs of the gateways that answer an SSDP search
    within ``seconds`` (it ends at the first answer: a home has one router)."""
    found: List[str] = []

    async def run() -> None:
        answered = asyncio.Event()

        def heard(headers: CaseInsensitiveDict) -> None:
            location = headers.get("location")
            if isinstance(location, str) and location.startswith("http") and location not in found:
                found.append(location)
                answered.set()

        listener = SsdpSearchListener(callback=heard, target=target, timeout=1)
        await listener.async_start()
        try:
            for st in searches:
                listener.search_target = st
                listener.async_search()
            try:
                await asyncio.wait_for(answered.wait(), seconds)
            except asyncio.TimeoutError:
                pass
        finally:
            listener.async_stop()

    try:
        _run(run(), seconds + 1.0)
    except (UpnpUnreachable, UpnpRefused) as exc:  # no multicast here (no network, a firewall): no router found
        log.info("no SSDP search: %s", exc)
    return found


class Igd:
    """The WAN connection service of the gateway described at ``location``."""

    def __init__(self, location: str, service: UpnpService, seconds: float):
        self.location, self.service, self.seconds = location, service, seconds

    @property
    def service_type(self) -> str:
        return self.service.service_type

    @classmethod
    def at(cls, location: str, seconds: float) -> "Igd":
        """Read the description at ``location`` and pick the connection service:
        the first that tells an internet address (a router may have an IP
        and a PPP one, only one of them connected), else the first there is."""
        factory = UpnpFactory(AiohttpRequester(timeout=max(1, round(seconds))), non_strict=True)
        device = _run(factory.async_create_device(location), seconds)
        services = sorted((s for s in device.all_services if s.service_type in CONNECTIONS and s.has_action("AddPortMapping")),
                          key=lambda s: CONNECTIONS.index(s.service_type))
        if not services:
            raise UpnpUnreachable(f"no WAN connection service at {location}")
        for service in services:
            igd = cls(location, service, seconds)
            try:
                if igd.external_ip():
                    return igd
            except (UpnpRefused, UpnpUnreachable):
                continue
        return cls(location, services[0], seconds)

    def _call(self, action: str, **args: object) -> dict:
        if not self.service.has_action(action):
            raise UpnpUnreachable(f"the router has no {action}")
        return dict(_run(self.service.async_call_action(action, **args), self.seconds))

    def external_ip(self) -> str:
        """The router's address on the internet ('' if it has none: not connected)."""
        value = self._call("GetExternalIPAddress").get("NewExternalIPAddress")
        return value.strip() if isinstance(value, str) else ""

    def add_tcp(self, external_port: int, client: str, internal_port: int, lease: int, description: str) -> int:
        """Forward TCP ``external_port`` to ``client``:``internal_port``; the lease
        granted (0: until removed, where the router keeps no other)."""
        args = dict(NewRemoteHost="", NewExternalPort=external_port, NewProtocol="TCP", NewInternalPort=internal_port,
                    NewInternalClient=client, NewEnabled=True, NewPortMappingDescription=description)
        try:
            self._call("AddPortMapping", NewLeaseDuration=lease, **args)
            return lease
        except UpnpRefused as exc:
            if exc.code != ONLY_PERMANENT or not lease:
                raise
        self._call("AddPortMapping", NewLeaseDuration=0, **args)
        return 0

    def delete_tcp(self, external_port: int) -> None:
        self._call("DeletePortMapping", NewRemoteHost="", NewExternalPort=external_port, NewProtocol="TCP")
