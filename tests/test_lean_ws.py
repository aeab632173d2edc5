"""benchmarks/lean_ws.py, the load bots' lean WebSocket client: it plays
with the real match server (handshake, text both ways, the closing
handshake), reads frames however the bytes are cut, answers pings, and
fails clearly where a connection is refused or closed."""

from __future__ import annotations

import asyncio
import json
import struct

import pytest

from support import ROOT  # noqa: F401  (puts benchmarks/ on the path)

from lean_ws import OP_CLOSE, OP_PING, OP_PONG, OP_TEXT, Closed, LeanConnection, _accept, _apply_mask, lean_connect
from net_support import start_server


def _server_frame(opcode: int, payload: bytes, final: bool = True) -> bytes:
    """A server's frame (not masked)."""
    n = len(payload)
    b0 = (0x80 if final else 0) | opcode
    if n < 126:
        return struct.pack("!BB", b0, n) + payload
    if n < 65536:
        return struct.pack("!BBH", b0, 126, n) + payload
    return struct.pack("!BBQ", b0, 127, n) + payload


class Wire:
    """A transport that keeps what is written."""

    def __init__(self) -> None:
        self.out = bytearray()
        self.closing = False

    def write(self, data: bytes) -> None:
        self.out += data

    def is_closing(self) -> bool:
        return self.closing

    def close(self) -> None:
        self.closing = True


def _client_frames(data: bytes):
    """The frames a client wrote: (opcode, unmasked payload), each checked to be masked."""
    frames, at = [], 0
    while at < len(data):
        b0, b1 = data[at], data[at + 1]
        assert b1 & 0x80, "a client's frame is masked"
        n, at = b1 & 0x7F, at + 2
        if n == 126:
            n, at = struct.unpack_from("!H", data, at)[0], at + 2
        elif n == 127:
            n, at = struct.unpack_from("!Q", data, at)[0], at + 8
        mask, at = data[at:at + 4], at + 4
        frames.append((b0 & 0x0F, _apply_mask(bytes(data[at:at + n]), bytes(mask))))
        at += n
    return frames


def test_frames_are_read_however_the_bytes_are_cut_and_pings_are_answered():
    async def main():
        conn = LeanConnection("example:80", "/?m=ABC")
        wire = Wire()
        conn.connection_made(wire)  # type: ignore[arg-type]
        request = bytes(wire.out).decode()
        assert request.startswith("GET /?m=ABC HTTP/1.1\r\n") and "Upgrade: websocket" in request
        key = next(line.split(": ")[1] for line in request.split("\r\n") if line.startswith("Sec-WebSocket-Key"))
        wire.out.clear()
        long_text, huge_text = "x" * 300, "é" * 40000  # a 16-bit and a 64-bit length
        stream = (f"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  f"Sec-WebSocket-Accept: {_accept(key)}\r\n\r\n").encode()
        stream += _server_frame(OP_TEXT, b"first")
        stream += _server_frame(OP_PING, b"are you there")
        stream += _server_frame(OP_TEXT, long_text.encode())
        stream += _server_frame(OP_TEXT, b"in ", final=False) + _server_frame(0, b"two parts")
        stream += _server_frame(OP_TEXT, huge_text.encode())
        for i in range(0, len(stream), 7):  # seven bytes at a time: every header and payload cut somewhere
            conn.data_received(stream[i:i + 7])
        await conn.opened()
        assert [await conn.recv() for _ in range(4)] == ["first", long_text, "in two parts", huge_text]
        await conn.send("hello")
        assert _client_frames(bytes(wire.out)) == [(OP_PONG, b"are you there"), (OP_TEXT, b"hello")]
        wire.out.clear()
        # the server closes: the code goes back, recv and send say so
        conn.data_received(_server_frame(OP_CLOSE, struct.pack("!H", 1012) + b"restart"))
        assert _client_frames(bytes(wire.out)) == [(OP_CLOSE, struct.pack("!H", 1012))]
        assert wire.closing
        with pytest.raises(Closed, match="1012"):
            await conn.recv()
        with pytest.raises(Closed):
            await conn.send("too late")

    asyncio.run(main())


def test_a_refused_or_wrong_handshake_fails_the_opening():
    async def answer_with(text: bytes):
        async def handle(reader, writer):
            await reader.readuntil(b"\r\n\r\n")
            writer.write(text)
            await writer.drain()
            writer.close()
        server = await asyncio.start_server(handle, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        try:
            with pytest.raises(Closed) as caught:
                async with lean_connect(f"ws://127.0.0.1:{port}/?m=X", open_timeout=5):
                    pass
        finally:
            server.close()
            await server.wait_closed()
        return str(caught.value)

    assert "503" in asyncio.run(answer_with(b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n"))
    assert "Accept" in asyncio.run(answer_with(b"HTTP/1.1 101 Switching Protocols\r\nSec-WebSocket-Accept: nope\r\n\r\n"))
    with pytest.raises(ValueError):
        asyncio.run(lean_connect("wss://127.0.0.1:1/").__aenter__())


def test_a_connection_comes_from_the_address_asked_for():
    """A load bot connects from its own loopback address (its home's), as
    benchmarks/cluster_bots.py's home_address gives it."""
    async def peer_of(source):
        seen = []

        async def handle(reader, writer):
            seen.append(writer.get_extra_info("peername")[0])
            await reader.readuntil(b"\r\n\r\n")
            writer.write(b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n")
            await writer.drain()
            writer.close()
        server = await asyncio.start_server(handle, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        try:
            with pytest.raises(Closed):
                async with lean_connect(f"ws://127.0.0.1:{port}/?m=X", open_timeout=5, source=source):
                    pass
        finally:
            server.close()
            await server.wait_closed()
        return seen

    assert asyncio.run(peer_of("127.10.2.201")) == ["127.10.2.201"]
    assert asyncio.run(peer_of(None)) == ["127.0.0.1"]


def test_two_lean_players_seat_themselves_with_the_real_server():
    thread, url = start_server()

    async def main():
        async with lean_connect(url + "/?m=LEANLEANLE") as host:
            await host.send(json.dumps({"type": "create", "length": 1, "cube": False, "name": "Ann", "v": 1}))
            seat = await _until(host, "seat")
            async with lean_connect(url) as guest:
                await guest.send(json.dumps({"type": "join", "code": seat["code"], "name": "Bob", "v": 1}))
                joined = await _until(guest, "seat")
                sync = await _until(guest, "sync")
                assert joined["seat"] == 1 and sync["names"] == ["Ann", "Bob"]
            # the guest left with a closing handshake: the host hears of it and plays on
            await host.send(json.dumps({"type": "sync", "v": 1}))
            assert (await _until(host, "sync"))["seq"] >= 0

    try:
        asyncio.run(asyncio.wait_for(main(), 30))
    finally:
        thread.stop()


async def _until(conn: LeanConnection, kind: str) -> dict:
    while True:
        doc = json.loads(await conn.recv())
        if doc["type"] == kind:
            return doc
