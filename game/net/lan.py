"""Friend games on the local network: a hosted match announced with DNS-SD
over mDNS (the ``zeroconf`` package), and the games announced nearby.

``BACKGAMMON_LAN=off`` in the environment keeps everything on this machine:
the hosted server listens on 127.0.0.1 only and nothing is announced or
browsed (the test suite runs so: it never sends multicast on a real
interface).  A :class:`LanBrowser` can also be fed by hand (:meth:`add`).

>>> b = LanBrowser()
>>> b.add(LanGame("Ann", "192.168.1.5", 50123, "ABCDE12345"))
>>> [g.label for g in b.games()]
['Ann (192.168.1.5:50123)']
"""

from __future__ import annotations

import logging
import os
import socket
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Dict, List, Optional

from .protocol import normalize_code

if TYPE_CHECKING:
    from zeroconf import ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf

LOG = logging.getLogger(__name__)
SERVICE = "_backgammon._tcp.local."


def lan_enabled() -> bool:
    """May the game use the local network (announce, browse, listen beyond loopback)?"""
    return os.environ.get("BACKGAMMON_LAN", "on").lower() not in ("off", "0", "no")


def bind_address() -> str:
    """Where a hosted match server listens: every interface, or loopback only."""
    return "0.0.0.0" if lan_enabled() else "127.0.0.1"


def local_address() -> str:
    """This machine's address on the local network, to give to a friend
    (127.0.0.1 when the network is off or unknown).  Sends nothing: a UDP
    socket's connect only picks the route."""
    if not lan_enabled():
        return "127.0.0.1"
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: never reached, nothing is sent
            return str(s.getsockname()[0])
    except OSError:
        return "127.0.0.1"


@dataclass(frozen=True)
class LanGame:
    """A match hosted nearby: who, where, and its invite code."""

    name: str
    host: str
    port: int
    code: str

    @property
    def label(self) -> str:
        return f"{self.name} ({self.host}:{self.port})" if self.name else f"{self.host}:{self.port}"

    @property
    def address(self) -> str:
        return f"{self.host}:{self.port}"


class LanBrowser:
    """The games announced on the local network (fed by zeroconf once
    :meth:`start` is called, or by :meth:`add`)."""

    def __init__(self) -> None:
        self._games: Dict[str, LanGame] = {}
        self._lock = threading.Lock()
        self._zc: Optional["Zeroconf"] = None
        self._browser: Optional["ServiceBrowser"] = None
        self._starting = False  # zeroconf is being set up (on its own thread)

    def add(self, game: LanGame, key: Optional[str] = None) -> None:
        with self._lock:
            self._games[key or game.code] = game

    def remove(self, key: str) -> None:
        with self._lock:
            self._games.pop(key, None)

    def games(self) -> List[LanGame]:
        with self._lock:
            return sorted(self._games.values(), key=lambda g: g.label)

    def start(self) -> bool:
        """Browse with zeroconf (where the network allows); whether it runs or
        is being set up.  Setting it up waits on the network: it is done on a
        thread of its own, never the caller's (the frame loop)."""
        with self._lock:
            if self._starting or self._zc is not None or not lan_enabled():
                return self._starting or self._zc is not None
            self._starting = True
        threading.Thread(target=self._browse, name="lan-browse", daemon=True).start()
        return True

    def _browse(self) -> None:
        zc: Optional["Zeroconf"] = None
        try:
            from zeroconf import ServiceBrowser, Zeroconf

            zc = Zeroconf()
            browser = ServiceBrowser(zc, SERVICE, handlers=[self.on_service_state_change])
        except Exception as exc:  # no multicast here: joining by code still works
            LOG.info("no local network discovery: %s", exc)
            if zc is not None:
                _close(zc)
            with self._lock:
                self._starting = False
            return
        with self._lock:
            stopped = not self._starting  # stop() came meanwhile
            self._starting = False
            if not stopped:
                self._zc, self._browser = zc, browser
        if stopped:
            _close(zc)

    def on_service_state_change(self, zeroconf: "Zeroconf", service_type: str, name: str, state_change: "ServiceStateChange") -> None:
        """zeroconf's handler: a game announced (its address, port and code read
        from the announcement; anything malformed is ignored) or withdrawn."""
        from zeroconf import ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            self.remove(name)
            return
        info = zeroconf.get_service_info(service_type, name, timeout=2000)
        if info is None or not info.parsed_addresses() or not info.port:
            return
        props = {k.decode(errors="replace"): (v or b"").decode(errors="replace") for k, v in info.properties.items()}
        code = normalize_code(props.get("code", ""))
        if code is not None:
            name_shown = "".join(c for c in props.get("name", "") if c.isprintable())[:32]
            self.add(LanGame(name_shown, info.parsed_addresses()[0], int(info.port), code), name)

    def stop(self) -> None:
        with self._lock:
            zc, self._zc, self._browser = self._zc, None, None
            self._starting = False  # (one being set up closes itself)
        if zc is not None:
            _close(zc)


def _close(zc: "Zeroconf") -> None:
    try:
        zc.close()
    except Exception:  # pragma: no cover
        pass


class LanAnnouncer:
    """Announces a hosted match on the local network while it waits."""

    def __init__(self, name: str, port: int, code: str):
        self.name, self.port, self.code = name, port, code
        self._zc: Optional["Zeroconf"] = None
        self._info: Optional["ServiceInfo"] = None

    def start(self) -> bool:
        if not lan_enabled():
            return False
        try:
            from zeroconf import ServiceInfo, Zeroconf

            address = local_address()
            self._info = ServiceInfo(
                SERVICE, f"backgammon-{self.code}.{SERVICE}", port=self.port,
                addresses=[socket.inet_aton(address)], properties={"code": self.code, "name": self.name[:32]})
            self._zc = Zeroconf()
            self._zc.register_service(self._info)
            return True
        except Exception as exc:
            LOG.info("could not announce the match: %s", exc)
            self.stop()
            return False

    def stop(self) -> None:
        zc, self._zc = self._zc, None
        if zc is not None:
            try:
                if self._info is not None:
                    zc.unregister_service(self._info)
                zc.close()
            except Exception:  # pragma: no cover
                pass
