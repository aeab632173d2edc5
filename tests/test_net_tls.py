"""TLS: the match server serves ``wss://`` (and its join pages over
``https://``) with a certificate; the game's client checks the certificate
as a browser would.  A certificate made by the test for localhost and
127.0.0.1, signed by the test's own authority; everything on 127.0.0.1."""

from __future__ import annotations

import asyncio
import json
import socket
import ssl
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Iterator, Tuple

import pytest
from websockets.asyncio.client import connect as connect_async
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.sync.client import connect

from game.net import gate
from game.net.client import NetClient
from game.net.inbound import Link, LinkChanged, State
from game.net.protocol import Create, Join, Ping, Roll, encode
from game.net.server import Limits, ServerThread
from tests.tls_support import Certs, make_certs

pytestmark = pytest.mark.filterwarnings("ignore:connect\\(\\) must be used:DeprecationWarning")
FAST = (0.05, 0.1, 0.2)


@pytest.fixture(scope="module")
def certs(tmp_path_factory: pytest.TempPathFactory) -> Certs:
    return make_certs(tmp_path_factory.mktemp("tls"))


@pytest.fixture
def tls_server(certs: Certs) -> Iterator[Tuple[ServerThread, int]]:
    thread = ServerThread("127.0.0.1", 0, limits=Limits(rate=1000, burst=1000, connections_per_address=6),
                          ssl_context=certs.server_context())
    _, port = thread.start()
    yield thread, port
    thread.stop()


def ping_over_wss(url: str, context: ssl.SSLContext, nonce: int) -> int:
    """One Ping over wss, answered: the nonce that came back.  With websockets'
    asyncio client, as the game's own client connects: its threaded client reads
    and writes one TLS socket from two threads (a thread waiting in the read
    while the request is written), and about one connection in 5,000 lost its
    request that way, where 20,000 by the asyncio client and 30,000 by a
    one-thread client through the same server lost none."""

    async def ping() -> int:
        async with connect_async(url, ssl=context, open_timeout=5) as ws:
            await ws.send(encode(Ping(nonce)))
            return int(json.loads(await asyncio.wait_for(ws.recv(), 5))["nonce"])

    return asyncio.run(ping())


def wait_until(test, timeout: float = 5.0) -> bool:
    end = time.monotonic() + timeout
    while not test():
        if time.monotonic() > end:
            return False
        time.sleep(0.02)
    return True


def test_two_clients_create_join_and_play_over_wss(certs, tls_server):
    thread, port = tls_server
    host = NetClient(f"wss://localhost:{port}", Create(1, False, "Ann"), backoff=FAST,
                     ssl_context=certs.client_context()).start()
    guest = None
    try:
        first = host.wait_for(State)
        assert host.link is Link.CONNECTED and first.seq == 0
        guest = NetClient(f"wss://127.0.0.1:{port}", Join(host.code, "Bob"), backoff=FAST,
                          ssl_context=certs.client_context()).start()
        guest.wait_for(State)
        host.wait_for(State, where=lambda s: s.names[1] == "Bob")
        host.send(Roll(0))  # the opening roll
        for client in (host, guest):
            state = client.wait_for(State, where=lambda s: s.seq == 1)
            assert state.match.game.phase == "move" and state.match.game.dice is not None
        assert thread.server.gate.count("127.0.0.1") == 2
    finally:
        host.close()
        if guest is not None:
            guest.close()


def test_a_client_that_does_not_trust_the_certificate_fails_at_once_and_says_why(tls_server):
    thread, port = tls_server
    began = time.monotonic()
    client = NetClient(f"wss://127.0.0.1:{port}", Create(1, False, "Ann"), backoff=(5.0,)).start()
    try:
        failed = client.wait_for(LinkChanged, timeout=10, where=lambda m: m.link is Link.FAILED)
        assert "certificate" in failed.detail and "not trusted" in failed.detail, failed.detail
        assert time.monotonic() - began < 5  # at once, not after the back-off
    finally:
        client.close()
    assert wait_until(lambda: thread.server.gate.count("127.0.0.1") == 0)  # the failed handshake let go of its place


def test_a_client_that_trusts_the_authority_still_checks_the_host_name(certs, tls_server):
    _, port = tls_server
    context = certs.client_context()
    with socket.create_connection(("127.0.0.1", port), timeout=5) as raw:
        with pytest.raises(ssl.SSLCertVerificationError, match="mismatch|match"):
            context.wrap_socket(raw, server_hostname="play.example.org")


def test_connections_are_counted_before_the_tls_handshake_and_dropped_when_it_never_comes(tls_server, monkeypatch):
    thread, port = tls_server
    monkeypatch.setattr(gate, "TLS_HANDSHAKE_TIMEOUT", 0.5)
    silent = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(6)]  # no TLS hello
    try:
        assert wait_until(lambda: thread.server.gate.count("127.0.0.1") == 6)
        extra = socket.create_connection(("127.0.0.1", port), timeout=5)
        try:
            assert extra.recv(16) == b""  # over the limit: closed at once
        except ConnectionResetError:
            pass
        extra.close()
        for s in silent:  # each is closed by the server once its handshake is overdue
            s.settimeout(5)
            try:
                assert s.recv(16) == b""
            except ConnectionResetError:
                pass
        assert wait_until(lambda: thread.server.gate.count("127.0.0.1") == 0)
    finally:
        for s in silent:
            s.close()


def test_a_plain_ws_client_gets_no_answer_from_a_tls_server_and_is_let_go(tls_server):
    thread, port = tls_server
    began = time.monotonic()
    with pytest.raises((InvalidHandshake, ConnectionClosed, OSError)):
        with connect(f"ws://127.0.0.1:{port}", open_timeout=3) as ws:
            ws.recv(timeout=3)
    assert time.monotonic() - began < 3
    assert wait_until(lambda: thread.server.gate.count("127.0.0.1") == 0, timeout=15)


def test_the_join_page_over_https_links_to_the_wss_server(certs, tls_server):
    _, port = tls_server
    context = certs.client_context()
    with urllib.request.urlopen(f"https://localhost:{port}/join/abcde-fghjk", timeout=5, context=context) as reply:
        assert reply.status == 200
        page = reply.read().decode("utf-8")
    assert f'href="backgammon://join/ABCDE-FGHJK?server=wss://localhost:{port}"' in page
    assert ping_over_wss(f"wss://localhost:{port}", context, 4) == 4  # and the WebSocket as before


@pytest.mark.parametrize("attempt", range(3))
def test_the_server_command_serves_wss_with_the_certificate_it_is_given(certs, attempt):
    # each time (its first connection's TLS hello once went astray on uvloop, one start in two): on asyncio,
    # which the default picks for a server that makes TLS itself
    proc = subprocess.Popen([sys.executable, "-m", "game.server", "--host", "127.0.0.1", "--port", "0",
                             "--certfile", str(certs.cert), "--keyfile", str(certs.key)],
                            stdout=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        assert line.startswith("backgammon match server on wss://127.0.0.1:"), line
        assert line.rstrip().endswith("event loop: asyncio)"), line
        url = line.split()[4]
        assert ping_over_wss(url, certs.client_context(), 3) == 3
    finally:
        proc.terminate()
        proc.wait(10)


def test_the_server_command_refuses_uvloop_with_its_own_tls(certs):
    done = subprocess.run([sys.executable, "-m", "game.server", "--port", "0", "--event-loop", "uvloop",
                           "--certfile", str(certs.cert), "--keyfile", str(certs.key)],
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 2 and "end TLS at the proxy" in done.stderr, done.stderr


def test_the_server_command_says_so_when_the_certificate_cannot_be_used(certs, tmp_path: Path):
    bad = tmp_path / "not-a-key.pem"
    bad.write_text("this is not a key\n")
    for args in (["--certfile", str(tmp_path / "missing.pem")], ["--certfile", str(certs.cert), "--keyfile", str(bad)],
                 ["--certfile", str(certs.ca), "--keyfile", str(certs.key)]):
        done = subprocess.run([sys.executable, "-m", "game.server", "--port", "0", *args],
                              capture_output=True, text=True, timeout=30)
        assert done.returncode == 1 and "cannot use the certificate" in done.stdout, (args, done.stdout, done.stderr)
    done = subprocess.run([sys.executable, "-m", "game.server", "--keyfile", str(certs.key)],
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 2 and "--keyfile needs --certfile" in done.stderr


def test_a_server_making_its_own_tls_refuses_to_start_on_uvloop(certs):
    # uvloop reads a new connection at once, so the client's TLS hello would miss the handshake that
    # each connection makes after it is counted (the handshake stalled): the server says so instead
    import asyncio

    from game.net.server import MatchServer

    uvloop = pytest.importorskip("uvloop")
    server = MatchServer("127.0.0.1", 0, ssl_context=certs.server_context())
    loop = uvloop.new_event_loop()
    try:
        with pytest.raises(RuntimeError, match="asyncio"):
            loop.run_until_complete(server.start())
    finally:
        loop.close()
    assert asyncio.get_event_loop_policy().__class__.__module__.startswith("asyncio")
