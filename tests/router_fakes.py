"""Home routers for the port-mapping tests, all on 127.0.0.1 (nothing
multicast, nothing leaves this machine): a UPnP Internet Gateway Device
(its description, its WANIPConnection's description and its SOAP control
URL, which records every action), a NAT-PMP gateway on UDP, a router that
never answers, and an SSDP responder reached by unicast."""

from __future__ import annotations

import re
import socket
import struct
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Dict, List, Optional, Tuple

ROOT_DESC = """<?xml version="1.0"?>
<root xmlns="urn:schemas-upnp-org:device-1-0">
 <specVersion><major>1</major><minor>0</minor></specVersion>
 <device>
  <deviceType>urn:schemas-upnp-org:device:InternetGatewayDevice:1</deviceType>
  <friendlyName>Fake router</friendlyName><manufacturer>Tests</manufacturer><modelName>Fake</modelName>
  <UDN>uuid:11111111-2222-3333-4444-555555555555</UDN>
  <deviceList><device>
   <deviceType>urn:schemas-upnp-org:device:WANDevice:1</deviceType>
   <friendlyName>WAN</friendlyName><manufacturer>Tests</manufacturer><modelName>Fake</modelName>
   <UDN>uuid:11111111-2222-3333-4444-555555555556</UDN>
   <deviceList><device>
    <deviceType>urn:schemas-upnp-org:device:WANConnectionDevice:1</deviceType>
    <friendlyName>WAN connection</friendlyName><manufacturer>Tests</manufacturer><modelName>Fake</modelName>
    <UDN>uuid:11111111-2222-3333-4444-555555555557</UDN>
    <serviceList><service>
     <serviceType>urn:schemas-upnp-org:service:{service}</serviceType>
     <serviceId>urn:upnp-org:serviceId:WANIPConn1</serviceId>
     <SCPDURL>/WANIPCn.xml</SCPDURL><controlURL>/ctl/IPConn</controlURL><eventSubURL>/evt/IPConn</eventSubURL>
    </service></serviceList>
   </device></deviceList>
  </device></deviceList>
 </device>
</root>"""

_ARGS = {
    "AddPortMapping": [("NewRemoteHost", "in", "RemoteHost"), ("NewExternalPort", "in", "ExternalPort"),
                       ("NewProtocol", "in", "PortMappingProtocol"), ("NewInternalPort", "in", "InternalPort"),
                       ("NewInternalClient", "in", "InternalClient"), ("NewEnabled", "in", "PortMappingEnabled"),
                       ("NewPortMappingDescription", "in", "PortMappingDescription"),
                       ("NewLeaseDuration", "in", "PortMappingLeaseDuration")],
    "DeletePortMapping": [("NewRemoteHost", "in", "RemoteHost"), ("NewExternalPort", "in", "ExternalPort"),
                          ("NewProtocol", "in", "PortMappingProtocol")],
    "GetExternalIPAddress": [("NewExternalIPAddress", "out", "ExternalIPAddress")],
}
_VARIABLES = [("RemoteHost", "string"), ("ExternalPort", "ui2"), ("PortMappingProtocol", "string"),
              ("InternalPort", "ui2"), ("InternalClient", "string"), ("PortMappingEnabled", "boolean"),
              ("PortMappingDescription", "string"), ("PortMappingLeaseDuration", "ui4"), ("ExternalIPAddress", "string")]


def scpd() -> str:
    actions = "".join(
        "<action><name>{}</name><argumentList>{}</argumentList></action>".format(
            name, "".join(f"<argument><name>{a}</name><direction>{d}</direction><relatedStateVariable>{v}</relatedStateVariable></argument>"
                          for a, d, v in args))
        for name, args in _ARGS.items())
    variables = "".join(f'<stateVariable sendEvents="no"><name>{n}</name><dataType>{t}</dataType></stateVariable>' for n, t in _VARIABLES)
    return ('<?xml version="1.0"?><scpd xmlns="urn:schemas-upnp-org:service-1-0"><specVersion><major>1</major><minor>0</minor></specVersion>'
            f"<actionList>{actions}</actionList><serviceStateTable>{variables}</serviceStateTable></scpd>")


def soap_answer(service: str, action: str, values: Dict[str, str]) -> str:
    body = "".join(f"<{k}>{v}</{k}>" for k, v in values.items())
    return ('<?xml version="1.0"?><s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/" '
            's:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/"><s:Body>'
            f'<u:{action}Response xmlns:u="urn:schemas-upnp-org:service:{service}">{body}</u:{action}Response>'
            "</s:Body></s:Envelope>")


def soap_fault(code: int, description: str) -> str:
    return ('<?xml version="1.0"?><s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/" '
            's:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/"><s:Body><s:Fault>'
            "<faultcode>s:Client</faultcode><faultstring>UPnPError</faultstring><detail>"
            '<UPnPError xmlns="urn:schemas-upnp-org:control-1-0">'
            f"<errorCode>{code}</errorCode><errorDescription>{description}</errorDescription>"
            "</UPnPError></detail></s:Fault></s:Body></s:Envelope>")


@dataclass
class FakeIgd:
    """A UPnP router on 127.0.0.1: what it answers, and every action asked of it."""

    external_ip: str = "203.0.113.7"
    service: str = "WANIPConnection:1"
    #: AddPortMapping answered with this fault (code, description)
    refuse: Optional[Tuple[int, str]] = None
    #: only leases of 0 (fault 725 OnlyPermanentLeasesSupported otherwise)
    only_permanent: bool = False
    calls: List[Tuple[str, Dict[str, str]]] = field(default_factory=list)
    mappings: Dict[int, Dict[str, str]] = field(default_factory=dict)
    searched: List[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def _send(self, status: int, text: str) -> None:
                data = text.encode()
                self.send_response(status)
                self.send_header("Content-Type", 'text/xml; charset="utf-8"')
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self) -> None:
                if self.path == "/rootDesc.xml":
                    self._send(200, ROOT_DESC.format(service=fake.service))
                elif self.path == "/WANIPCn.xml":
                    self._send(200, scpd())
                else:
                    self._send(404, "")

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0"))).decode()
                action = self.headers.get("SOAPAction", "").strip('"').rpartition("#")[2]
                args = dict(re.findall(r"<(New\w+)>([^<]*)</\1>", body))
                fake.calls.append((action, args))
                status, text = fake.answer(action, args)
                self._send(status, text)

        self.http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.http.daemon_threads = True
        threading.Thread(target=self.http.serve_forever, args=(0.05,), name="fake-igd", daemon=True).start()

    @property
    def location(self) -> str:
        return f"http://127.0.0.1:{self.http.server_address[1]}/rootDesc.xml"

    def answer(self, action: str, args: Dict[str, str]) -> Tuple[int, str]:
        if action == "GetExternalIPAddress":
            return 200, soap_answer(self.service, action, {"NewExternalIPAddress": self.external_ip})
        if action == "AddPortMapping":
            if self.refuse is not None:
                return 500, soap_fault(*self.refuse)
            if self.only_permanent and args.get("NewLeaseDuration") != "0":
                return 500, soap_fault(725, "OnlyPermanentLeasesSupported")
            self.mappings[int(args["NewExternalPort"])] = args
            return 200, soap_answer(self.service, action, {})
        if action == "DeletePortMapping":
            if self.mappings.pop(int(args["NewExternalPort"]), None) is None:
                return 500, soap_fault(714, "NoSuchEntryInArray")
            return 200, soap_answer(self.service, action, {})
        return 500, soap_fault(401, "Invalid Action")

    def actions(self) -> List[str]:
        return [name for name, _ in self.calls]

    def close(self) -> None:
        self.http.shutdown()
        self.http.server_close()


class FakeNatPmp:
    """A NAT-PMP gateway on 127.0.0.1 UDP: its internet address, its mappings, what it was asked."""

    def __init__(self, external_ip: str = "203.0.113.9", result: int = 0, silent: bool = False, shift: int = 0):
        self.external_ip, self.result, self.silent, self.shift = external_ip, result, silent, shift
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.settimeout(0.1)
        self.requests: List[bytes] = []
        self.mappings: Dict[int, Tuple[int, int]] = {}  # internal port -> (external port, lifetime)
        self._closed = threading.Event()
        threading.Thread(target=self._serve, name="fake-natpmp", daemon=True).start()

    @property
    def port(self) -> int:
        return int(self.sock.getsockname()[1])

    def _serve(self) -> None:
        while not self._closed.is_set():
            try:
                data, peer = self.sock.recvfrom(64)
            except (socket.timeout, OSError):
                continue
            self.requests.append(data)
            if self.silent:
                continue
            answer = self.answer(data)
            if answer is not None:
                self.sock.sendto(answer, peer)

    def answer(self, data: bytes) -> Optional[bytes]:
        if len(data) >= 2 and data[:2] == b"\x00\x00":
            return struct.pack("!BBHI", 0, 128, self.result, 1234) + socket.inet_aton(self.external_ip)
        if len(data) >= 12 and data[1] == 2:
            _v, _op, _r, internal, external, lifetime = struct.unpack("!BBHHHI", data[:12])
            if self.result:
                return struct.pack("!BBHIHHI", 0, 130, self.result, 1234, internal, external, lifetime)
            if lifetime == 0:
                self.mappings.pop(internal, None)
                return struct.pack("!BBHIHHI", 0, 130, 0, 1234, internal, 0, 0)
            external = external + self.shift if external else internal
            self.mappings[internal] = (external, lifetime)
            return struct.pack("!BBHIHHI", 0, 130, 0, 1234, internal, external, lifetime)
        return None

    def close(self) -> None:
        self._closed.set()
        self.sock.close()


class Silent:
    """A router that never answers: a TCP port that accepts (into its backlog) and says nothing."""

    def __init__(self) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)

    @property
    def location(self) -> str:
        return f"http://127.0.0.1:{self.sock.getsockname()[1]}/rootDesc.xml"

    def close(self) -> None:
        self.sock.close()


class FakeSsdp:
    """An SSDP responder on 127.0.0.1, searched by unicast: answers M-SEARCH with ``location``."""

    def __init__(self, location: str):
        self.location = location
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.settimeout(0.1)
        self.searched: List[str] = []
        self._closed = threading.Event()
        threading.Thread(target=self._serve, name="fake-ssdp", daemon=True).start()

    @property
    def target(self) -> Tuple[str, int]:
        return ("127.0.0.1", int(self.sock.getsockname()[1]))

    def _serve(self) -> None:
        while not self._closed.is_set():
            try:
                data, peer = self.sock.recvfrom(2048)
            except (socket.timeout, OSError):
                continue
            text = data.decode(errors="replace")
            st = re.search(r"(?im)^ST:\s*(\S+)", text)
            if not text.startswith("M-SEARCH") or st is None:
                continue
            self.searched.append(st.group(1))
            if "InternetGatewayDevice:1" in st.group(1):
                reply = ("HTTP/1.1 200 OK\r\nCACHE-CONTROL: max-age=120\r\nEXT:\r\n"
                         f"LOCATION: {self.location}\r\nSERVER: Fake UPnP/1.0\r\nST: {st.group(1)}\r\n"
                         f"USN: uuid:11111111-2222-3333-4444-555555555555::{st.group(1)}\r\n\r\n")
                self.sock.sendto(reply.encode(), peer)

    def close(self) -> None:
        self._closed.set()
        self.sock.close()
