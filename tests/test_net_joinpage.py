"""The join page: a match server answers a plain HTTP ``GET /join/CODE`` on
its WebSocket's port with a page that opens the ``backgammon://`` link
(urllib and raw sockets against a real server on 127.0.0.1; over https in
tests/test_net_tls.py)."""

from __future__ import annotations

import re
import socket
import time
import urllib.error
import urllib.request
from typing import Dict, Iterator, Optional, Tuple

import pytest

from game.net.inbound import State
from game.net.protocol import Roll
from game.net.server import Limits, ServerThread
from game.server import parse
from tests.net_support import FakeClock, pair

DOWNLOAD = "https://example.org/backgammon/download?x=1&y=<2>"


@pytest.fixture
def server() -> Iterator[Tuple[ServerThread, int]]:
    thread = ServerThread("127.0.0.1", 0, clock=FakeClock(), limits=Limits(rate=1000, burst=1000))
    _, port = thread.start()
    yield thread, port
    thread.stop()


def get(port: int, path: str, headers: Optional[Dict[str, str]] = None) -> Tuple[int, Dict[str, str], str]:
    """Status, headers and text of ``GET path`` (a 404 included)."""
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=5) as reply:
            return reply.status, dict(reply.headers.items()), reply.read().decode("utf-8")
    except urllib.error.HTTPError as exc:
        with exc:
            return exc.code, dict(exc.headers.items()), exc.read().decode("utf-8")


def raw_get(port: int, request: bytes) -> str:
    """What the server answers a request written by hand."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(request)
        got = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                return got.decode("utf-8", "replace")
            got += chunk


def links(page: str) -> list:
    return re.findall(r'href="([^"]*)"', page)


def test_the_join_page_opens_the_link_of_a_hosted_server(server):
    _, port = server
    status, headers, page = get(port, "/join/abcde-fghjk")
    assert status == 200
    link = f"backgammon://join/127.0.0.1:{port}/ABCDE-FGHJK"
    assert links(page)[0] == link  # the button
    assert f'<meta http-equiv="refresh" content="1;url={link}">' in page  # and by itself
    assert "ABCDE-FGHJK" in page and "Nothing happened?" in page and "Install the game" in page
    assert headers["Content-Type"] == "text/html; charset=utf-8"
    assert int(headers["Content-Length"]) == len(page.encode("utf-8"))


def test_the_page_loads_nothing_from_anywhere_and_is_not_kept(server):
    _, port = server
    _, headers, page = get(port, "/join/ABCDEFGHJK")
    csp = headers["Content-Security-Policy"]
    assert "default-src 'none'" in csp and "frame-ancestors 'none'" in csp and "script-src" not in csp
    assert "unsafe-inline" not in csp and re.search(r"style-src 'sha256-[A-Za-z0-9+/=]+'", csp)
    assert headers["Cache-Control"] == "no-store"
    assert headers["X-Content-Type-Options"] == "nosniff" and headers["Referrer-Policy"] == "no-referrer"
    assert "<script" not in page.lower() and " src=" not in page.lower() and "<link" not in page.lower()
    assert "http://" not in page and "https://" not in page  # no download address given: nothing linked out


def test_the_style_is_the_one_the_policy_allows(server):
    import base64
    import hashlib

    _, port = server
    _, headers, page = get(port, "/join/ABCDEFGHJK")
    style = re.search(r"<style>(.*?)</style>", page, re.S)
    assert style is not None
    digest = base64.b64encode(hashlib.sha256(style.group(1).encode("utf-8")).digest()).decode()
    assert f"'sha256-{digest}'" in headers["Content-Security-Policy"]


def test_a_download_address_is_linked_escaped():
    thread = ServerThread("127.0.0.1", 0, clock=FakeClock())
    thread.server.download_url = DOWNLOAD
    _, port = thread.start()
    try:
        _, _, page = get(port, "/join/ABCDEFGHJK")
    finally:
        thread.stop()
    assert "https://example.org/backgammon/download?x=1&amp;y=&lt;2&gt;" in links(page)
    assert "<2>" not in page


def test_the_server_command_takes_a_download_address_of_the_web_only():
    assert parse(["--download-url", "https://example.org/get"]).download_url == "https://example.org/get"
    with pytest.raises(SystemExit):
        parse(["--download-url", "javascript:alert(1)"])


def test_the_link_names_the_server_as_the_browser_reached_it(server):
    _, port = server
    _, _, page = get(port, "/join/ABCDE-FGHJK", {"Host": "play.example.org:8765"})
    assert links(page)[0] == "backgammon://join/play.example.org:8765/ABCDE-FGHJK"
    _, _, page = get(port, "/join/ABCDE-FGHJK", {"Host": "[2001:db8::1]:9000"})
    assert links(page)[0] == "backgammon://join/[2001:db8::1]:9000/ABCDE-FGHJK"


def test_behind_a_proxy_that_says_https_the_link_is_wss(server):
    _, port = server
    _, _, page = get(port, "/join/ABCDE-FGHJK", {"Host": "play.example.org", "X-Forwarded-Proto": "https"})
    assert links(page)[0] == "backgammon://join/ABCDE-FGHJK?server=wss://play.example.org"


@pytest.mark.parametrize("host", [
    '"><script>alert(1)</script>',
    "<svg onload=alert(1)>:80",
    "evil.example/x?y#z",
    "user@evil.example:80",
    "play.example.org:99999",
    "ex ample.org",
    "%41.example",
    "",
    "a" * 300,
])
def test_a_hostile_host_header_is_replaced_by_the_servers_own_address(server, host):
    _, port = server
    page = raw_get(port, f"GET /join/ABCDE-FGHJK HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
    assert page.startswith("HTTP/1.1 200 ")
    assert f'href="backgammon://join/127.0.0.1:{port}/ABCDE-FGHJK"' in page
    assert "<script" not in page and "<svg" not in page and "evil" not in page


def test_without_a_host_header_or_with_two_the_servers_own_address_is_used(server):
    _, port = server
    for request in (b"GET /join/ABCDE-FGHJK HTTP/1.1\r\n\r\n",
                    b"GET /join/ABCDE-FGHJK HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\n\r\n"):
        page = raw_get(port, request)
        assert f'href="backgammon://join/127.0.0.1:{port}/ABCDE-FGHJK"' in page


@pytest.mark.parametrize("path", ["/join/nonsense", "/join/", "/join", "/join/ABCDE-FGHJK-X", "/favicon.ico",
                                  "/join/%3Cscript%3E", "/index.html", "//join/ABCDEFGHJK"])
def test_anything_but_a_code_is_not_found(server, path):
    _, port = server
    status, headers, page = get(port, path)
    assert status == 404 and "404" in page and len(page) < 1200
    assert headers["Cache-Control"] == "no-store" and "default-src 'none'" in headers["Content-Security-Policy"]
    assert "<script" not in page.lower()


def test_the_root_is_one_line(server):
    _, port = server
    status, _, page = get(port, "/")
    assert status == 200
    body = re.search(r"<body>\n(.*)</body>", page, re.S)
    assert body is not None and body.group(1).count("\n") == 1 and "match server" in body.group(1)


def test_a_code_in_any_form_and_a_query_are_taken(server):
    _, port = server
    for path in ("/join/abcdefghjk", "/join/ABCDE-FGHJK/", "/join/ABCDE-FGHJK?from=chat", "/join/abcde%20fghjk"):
        status, _, page = get(port, path)
        assert status == 200 and f"backgammon://join/127.0.0.1:{port}/ABCDE-FGHJK" in page, path


def test_a_websocket_client_still_plays_after_http_requests(server):
    thread, port = server
    for path in ("/", "/join/ABCDEFGHJK", "/nothing"):
        get(port, path)
    host, guest = pair(f"ws://127.0.0.1:{port}")
    try:
        status, _, page = get(port, f"/join/{host.code}")  # the page of a real match
        assert status == 200 and host.code[:5] in page
        host.send(Roll(0))
        for client in (host, guest):
            client.wait_for(State, where=lambda s: s.seq == 1)
    finally:
        host.close()
        guest.close()


def test_http_connections_count_against_the_address():
    thread = ServerThread("127.0.0.1", 0, clock=FakeClock(), limits=Limits(connections_per_address=2))
    _, port = thread.start()
    held = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(2)]  # a request never sent
    try:
        end = time.monotonic() + 5
        while thread.server.gate.count("127.0.0.1") < 2 and time.monotonic() < end:
            time.sleep(0.02)
        assert thread.server.gate.count("127.0.0.1") == 2
        with pytest.raises(OSError):  # over the limit: closed before any answer
            get(port, "/join/ABCDEFGHJK")
        for s in held:
            s.close()
        held = []
        end = time.monotonic() + 5
        while thread.server.gate.count("127.0.0.1") and time.monotonic() < end:
            time.sleep(0.02)
        for _ in range(5):  # each request a connection, let go once answered
            assert get(port, "/join/ABCDEFGHJK")[0] == 200
        end = time.monotonic() + 5
        while thread.server.gate.count("127.0.0.1") and time.monotonic() < end:
            time.sleep(0.02)
        assert thread.server.gate.count("127.0.0.1") == 0
    finally:
        for s in held:
            s.close()
        thread.stop()


def test_head_gets_the_headers_only_and_other_methods_are_not_allowed(server):
    from websockets.http11 import Request

    _, port = server
    if not hasattr(Request, "method"):  # websockets before 17 reads only GET: it closes the rest unanswered
        assert raw_get(port, b"HEAD /join/ABCDEFGHJK HTTP/1.1\r\nHost: a.example\r\n\r\n") == ""
        pytest.skip("this websockets takes only GET requests")
    head = raw_get(port, b"HEAD /join/ABCDEFGHJK HTTP/1.1\r\nHost: a.example\r\n\r\n")
    top, _, body = head.partition("\r\n\r\n")
    assert top.startswith("HTTP/1.1 200 ") and body == "" and "Content-Length: " in top
    post = raw_get(port, b"POST /join/ABCDEFGHJK HTTP/1.1\r\nHost: a.example\r\nContent-Length: 0\r\n\r\n")
    assert post.startswith("HTTP/1.1 405 ") and "Allow: GET, HEAD" in post and "backgammon://" not in post
