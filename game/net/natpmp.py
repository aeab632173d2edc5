"""NAT-PMP (RFC 6886): asking the home router, over UDP to its port 5351,
for its internet address and to forward a TCP port to this computer.

Written here rather than taken from a library: the packages on PyPI that
speak NAT-PMP have not been kept for years, and the protocol is three
fixed-size messages (12, 12 and 16 bytes).  Every answer is checked before
it is believed: it comes from the gateway asked (the socket is connected to
it, so the system drops anything else), it is as long as its kind, its
version is 0 and its opcode answers the request (128 + the request's).  A
request is sent again after 250 ms, then 500 ms ... (RFC 6886 3.1), but a
few times only: the player waits for the invite meanwhile.  A router that
says the port is closed (an ICMP "port unreachable") ends the wait at once.

PCP (RFC 6887), NAT-PMP's successor, is not spoken: a PCP router that
keeps NAT-PMP answers these requests; one that does not answers "unsupported
version", which is taken as "no NAT-PMP here".

>>> MapResult.parse(bytes([0, 130, 0, 0, 0, 0, 0, 9, 0xC4, 0x33, 0xC4, 0x33, 0, 0, 0x0E, 0x10]))
MapResult(internal_port=50227, external_port=50227, lifetime=3600)
"""

from __future__ import annotations

import socket
import struct
import time
from dataclasses import dataclass

#: the port a NAT-PMP gateway listens on
PORT = 5351
#: seconds to wait for the first answer (doubled for each try after it), and how many tries
FIRST_WAIT = 0.25
TRIES = 3
OP_ADDRESS, OP_MAP_TCP = 0, 2
#: the result codes (RFC 6886 3.5), in words
RESULTS = {1: "unsupported version", 2: "not authorized or refused", 3: "network failure",
           4: "out of resources", 5: "unsupported opcode"}


class NatPmpError(Exception):
    """The gateway answered and refused: ``code`` (see :data:`RESULTS`)."""

    def __init__(self, code: int):
        super().__init__(f"NAT-PMP {code} {RESULTS.get(code, 'error')}")
        self.code = code


class NoAnswer(Exception):
    """Nothing (or nothing sound) came back from the gateway in time."""


@dataclass(frozen=True)
class MapResult:
    """A mapping the gateway made: the port it forwards from outside, for how many seconds."""

    internal_port: int
    external_port: int
    lifetime: int

    @classmethod
    def parse(cls, data: bytes) -> "MapResult":
        _version, _op, _result, _epoch, internal, external, lifetime = struct.unpack("!BBHIHHI", data[:16])
        return cls(internal, external, lifetime)


class NatPmpClient:
    """The NAT-PMP gateway at ``gateway`` (its port: ``port``).  Blocking, bounded calls."""

    def __init__(self, gateway: str, port: int = PORT, first_wait: float = FIRST_WAIT, tries: int = TRIES):
        self.gateway, self.port = gateway, port
        self.first_wait, self.tries = first_wait, max(1, tries)

    def external_address(self) -> str:
        """The router's address on the internet (raises NatPmpError, NoAnswer or OSError)."""
        data = self._ask(struct.pack("!BB", 0, OP_ADDRESS), OP_ADDRESS, 12)
        return socket.inet_ntoa(data[8:12])

    def map_tcp(self, internal_port: int, external_port: int, lifetime: int) -> MapResult:
        """Forward TCP ``external_port`` (a wish: the gateway may pick another) to
        this computer's ``internal_port`` for ``lifetime`` seconds."""
        request = struct.pack("!BBHHHI", 0, OP_MAP_TCP, 0, internal_port, external_port, lifetime)
        return MapResult.parse(self._ask(request, OP_MAP_TCP, 16))

    def unmap_tcp(self, internal_port: int) -> None:
        """Remove the mapping of ``internal_port`` (lifetime 0, external port 0: RFC 6886 3.4)."""
        self._ask(struct.pack("!BBHHHI", 0, OP_MAP_TCP, 0, internal_port, 0, 0), OP_MAP_TCP, 16)

    def _ask(self, request: bytes, op: int, size: int) -> bytes:
        """Send ``request`` (again after each wait) until a sound answer comes back."""
        wait = self.first_wait
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            sock.connect((self.gateway, self.port))  # only the gateway's answers are read
            for _ in range(self.tries):
                sock.send(request)
                deadline = time.monotonic() + wait
                while (left := deadline - time.monotonic()) > 0:
                    sock.settimeout(left)
                    try:
                        data = sock.recv(64)
                    except socket.timeout:
                        break
                    if len(data) < size or data[0] != 0 or data[1] != 128 + op:
                        continue  # not an answer to this request
                    code = struct.unpack("!H", data[2:4])[0]
                    if code:
                        raise NatPmpError(code)
                    return data
                wait *= 2
        raise NoAnswer(f"no NAT-PMP answer from {self.gateway}:{self.port}")
