"""The join page: what a match server answers a browser, on the WebSocket's
own port, at ``http(s)://SERVER/join/CODE``.

Chat programs make only ``http(s)`` addresses clickable; the page opens the
game's ``backgammon://`` link (:class:`game.net.invite.InviteLink`), has a
button for it, says what to do when nothing happens, and shows the code.
No script and nothing from elsewhere: the page is one HTML text with its
style inline, allowed by its hash in the Content-Security-Policy
(:data:`HEADERS`).  Every value from the request is checked, and escaped.

Pure functions: :func:`answer` turns a request's path and headers into a
:class:`Page` (status and HTML); the server sends it.

>>> page = answer("/join/abcde-fghjk", "play.example.org:8765", secure=True, fallback="wss://localhost:8765")
>>> page.status
200
>>> 'href="backgammon://join/ABCDE-FGHJK?server=wss://play.example.org:8765"' in page.body
True
>>> answer("/join/nonsense", "a:1", secure=False, fallback="ws://localhost:8765").status
404
"""

from __future__ import annotations

import base64
import hashlib
import html
import http
from dataclasses import dataclass
from typing import Optional, Tuple
from urllib.parse import unquote, urlsplit

from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from .client import BadAddress, check_address
from .invite import JOIN_PATH, BadLink, InviteLink
from .protocol import format_code, normalize_code

STYLE = ("body{font:18px/1.5 system-ui,sans-serif;max-width:34em;margin:2em auto;padding:0 1em;"
         "color:#1d1d1d;background:#f4efe4}"
         "h1{font-size:1.5em}"
         ".open{display:inline-block;padding:.6em 1.2em;border-radius:.4em;background:#1f5f3a;color:#fff;"
         "text-decoration:none;font-weight:bold}"
         ".code{font:bold 1.6em ui-monospace,monospace;letter-spacing:.08em}"
         "code{overflow-wrap:anywhere}")
_STYLE_HASH = base64.b64encode(hashlib.sha256(STYLE.encode("utf-8")).digest()).decode("ascii")
#: nothing from anywhere, no script, no form, not framed: only this page's own style
CSP = (f"default-src 'none'; style-src 'sha256-{_STYLE_HASH}'; base-uri 'none'; form-action 'none'; "
       "frame-ancestors 'none'")
#: the headers of every page (the server adds its length)
HEADERS: Tuple[Tuple[str, str], ...] = (
    ("Content-Type", "text/html; charset=utf-8"),
    ("Content-Security-Policy", CSP),
    ("Cache-Control", "no-store"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
)
#: seconds before the page opens the link by itself (time to read it first)
OPEN_AFTER = 1
_HOST_BAD = set("/\\?#@%'\"<>`{}|^ \t\r\n")


@dataclass(frozen=True)
class Page:
    """An answer: its HTTP status and its HTML."""

    status: int
    body: str


def _html(title: str, body: str, head: str = "") -> str:
    return ("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            f"{head}<title>{html.escape(title)}</title>\n<style>{STYLE}</style>\n</head>\n"
            f"<body>\n{body}</body>\n</html>\n")


def server_address(host_header: Optional[str], secure: bool, fallback: str) -> str:
    """The match server as the requester reached it: ``ws://HOST`` (``wss://``
    when ``secure``) from the request's Host header, or ``fallback`` (the
    server's own address) when the header is missing or not an address.

    >>> server_address("203.0.113.7:8765", False, "ws://localhost:8765")
    'ws://203.0.113.7:8765'
    >>> server_address("play.example.org", True, "x")
    'wss://play.example.org'
    >>> server_address('"><script>', False, "ws://localhost:8765")
    'ws://localhost:8765'
    """
    host = (host_header or "").strip()
    if not host or len(host) > 200 or not host.isascii() or any(c in _HOST_BAD for c in host):
        return fallback
    url = f"{'wss' if secure else 'ws'}://{host}"
    try:
        return check_address(url) or fallback
    except BadAddress:
        return fallback


def join_page(link: InviteLink, download_url: Optional[str] = None) -> str:
    """The page for ``link``: it opens the ``backgammon://`` link by itself
    after :data:`OPEN_AFTER` seconds and with a button, and says what to do
    when nothing happens (``download_url``: where to get the game)."""
    url = html.escape(link.url)
    code = html.escape(format_code(link.code))
    server = html.escape(link.server)
    if download_url:
        get = f'download it from <a href="{html.escape(download_url)}">{html.escape(download_url)}</a>'
    else:
        get = "ask your friend for it (it installs with <code>pip install .</code> from its source folder)"
    body = (
        "<h1>A game of backgammon is waiting for you</h1>\n"
        f'<p><a class="open" href="{url}">Open the match in Backgammon</a></p>\n'
        f'<p>Invite code: <span class="code">{code}</span><br>Server: <code>{server}</code></p>\n'
        "<h2>Nothing happened?</h2>\n<ol>\n"
        f"<li>Install the game: {get}.</li>\n"
        "<li>Start the game once, so that it opens invite links, then come back here and press the button again.</li>\n"
        "<li>Or, in the game, choose <b>Play a friend</b>, use the server above, paste the invite code "
        "and press <b>Join</b>.</li>\n</ol>\n")
    head = f'<meta http-equiv="refresh" content="{OPEN_AFTER};url={url}">\n'
    return _html(f"Join the backgammon match {format_code(link.code)}", body, head)


def not_found_page() -> str:
    """The short page of anything that is not a join page.

    >>> "404" in not_found_page()
    True
    """
    return _html("Not found", "<h1>404: not found</h1>\n<p>This is a backgammon match server. "
                 "An invite link looks like <code>/join/ABCDE-FGHJK</code>.</p>\n")


def index_page() -> str:
    """The one-line page at ``/``."""
    return _html("Backgammon match server",
                 "<p>This is a backgammon match server: open the invite link your friend sent you.</p>\n")


def code_of(path: str) -> Optional[str]:
    """The invite code of a join page's path (``/join/CODE``, a trailing slash
    and a query allowed), or None.

    >>> code_of("/join/ABCDE-FGHJK/?from=chat"), code_of("/join/abcde%20fghjk"), code_of("/join/x")
    ('ABCDEFGHJK', 'ABCDEFGHJK', None)
    """
    try:
        route = urlsplit(path).path
    except ValueError:
        return None
    if not route.startswith(JOIN_PATH) or len(route) > 80:
        return None
    return normalize_code(unquote(route[len(JOIN_PATH):]).rstrip("/"))


#: the methods a page is given for (HEAD: its headers only)
METHODS = ("GET", "HEAD")


def answer(path: str, host_header: Optional[str], secure: bool, fallback: str,
           download_url: Optional[str] = None, method: str = "GET") -> Page:
    """What the server answers a plain HTTP ``GET path``: a join page (200),
    the one-line page at ``/`` (200), or 404; any method but GET and HEAD
    405.  ``secure``: the page was asked for over TLS (here or at a proxy in
    front); ``fallback``: the server's own ``ws(s)://`` address, used when
    the Host header is not an address.

    >>> answer("/", None, False, "ws://localhost:8765", method="POST").status
    405
    """
    if method not in METHODS:
        return Page(405, _html("Not allowed", "<h1>405: only GET</h1>\n"))
    try:
        route = urlsplit(path).path
    except ValueError:
        route = ""
    if route == "/":
        return Page(200, index_page())
    code = code_of(path)
    if code is None:
        return Page(404, not_found_page())
    try:
        link = InviteLink(code, server_address(host_header, secure, fallback))
    except BadLink:  # the fallback itself is not an address
        return Page(404, not_found_page())
    return Page(200, join_page(link, download_url))


def page_response(request: Request, secure: bool, own_url: str, download_url: Optional[str]) -> Response:
    """The HTTP answer to a plain request (no WebSocket): the join page, or
    why not.  Behind a proxy that says the page was asked for over https
    (``X-Forwarded-Proto``), the link is ``wss://``."""
    hosts = request.headers.get_all("Host")
    forwarded = [v.strip().lower() for v in request.headers.get_all("X-Forwarded-Proto")]
    secure = secure or forwarded == ["https"]
    method = getattr(request, "method", "GET")  # (websockets before 17 takes only GET)
    page = answer(request.path, hosts[0] if len(hosts) == 1 else None, secure, own_url, download_url, method)
    body = page.body.encode("utf-8")
    status = http.HTTPStatus(page.status)
    headers = Headers([*HEADERS, ("Content-Length", str(len(body))), ("Connection", "close")])
    if status is http.HTTPStatus.METHOD_NOT_ALLOWED:
        headers["Allow"] = ", ".join(METHODS)
    return Response(status.value, status.phrase, headers, b"" if method == "HEAD" else body)


def plain(status: int, body: bytes, content_type: str) -> Response:
    """A small HTTP answer of the server's own (``/healthz``, ``/metrics``)."""
    headers = Headers([("Content-Type", content_type), ("Content-Length", str(len(body))), ("Connection", "close"),
                       ("Cache-Control", "no-store")])
    return Response(status, http.HTTPStatus(status).phrase, headers, body)
