"""Invite links: what the host sends the friend, and what the game opens.

Two forms of ``backgammon://`` link, one for a match hosted by a player's
game and one for a match on a public server:

- ``backgammon://join/HOST:PORT/CODE``: the match server at ``ws://HOST:PORT``
  (an IPv6 host in brackets, as in a URL);
- ``backgammon://join/CODE?server=URL``: the match server at ``URL``
  (``ws://`` or ``wss://``).

Chat programs make only ``http(s)`` addresses clickable, so a match server
also answers ``http(s)://SERVER/join/CODE`` with a small page that opens the
``backgammon://`` link; the game reads those addresses too (pasted into the
join field), as the server at the same place (``wss://`` for ``https://``).

>>> link = InviteLink("ABCDEFGHJK", "203.0.113.7:50123")
>>> link.url
'backgammon://join/203.0.113.7:50123/ABCDE-FGHJK'
>>> parse_link(link.url) == link
True
>>> parse_link("backgammon://join/abcde-fghjk?server=wss://play.example.org")
InviteLink(code='ABCDEFGHJK', server='wss://play.example.org')
>>> parse_link("https://play.example.org/join/ABCDE-FGHJK").server
'wss://play.example.org'
>>> parse_link("backgammon://join/[2001:db8::1]:8765/ABCDEFGHJK").server
'ws://[2001:db8::1]:8765'
>>> parse_link("backgammon://join/nonsense")
Traceback (most recent call last):
...
game.net.invite.BadLink: not an invite link: the code is missing or not one
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional
from urllib.parse import parse_qs, quote, urlsplit

from .client import BadAddress, check_address, server_url
from .protocol import format_code, normalize_code

#: the link scheme the game is registered for
SCHEME = "backgammon"
#: the path of the join page a match server answers over http(s)
JOIN_PATH = "/join/"


class BadLink(ValueError):
    """Text that was taken for an invite link and is not one (the message says why)."""


@dataclass(frozen=True)
class InviteLink:
    """A match to join: its invite ``code`` (10 symbols, no dash) and where its
    server is: ``server`` a ``ws://`` or ``wss://`` URL.  Made from ``host:port``
    with :meth:`hosted`."""

    code: str
    server: str

    def __init__(self, code: str, address: str) -> None:
        """``address``: ``host:port`` or a ``ws(s)://`` URL (raises :class:`BadLink` if it is neither)."""
        norm = normalize_code(code)
        if norm is None:
            raise BadLink("not an invite link: the code is missing or not one")
        try:
            checked = check_address(address)
        except BadAddress as exc:
            raise BadLink(f"not an invite link: the server address is not one ({exc.reason})") from None
        if not checked:
            raise BadLink("not an invite link: the server address is missing")
        object.__setattr__(self, "code", norm)
        object.__setattr__(self, "server", server_url(checked))

    def __repr__(self) -> str:
        return f"InviteLink(code={self.code!r}, server={self.server!r})"

    @property
    def url(self) -> str:
        """The ``backgammon://`` link: the short form for a plain ``ws://host:port``."""
        parts = urlsplit(self.server)
        shown = format_code(self.code)
        if parts.scheme == "ws" and parts.port is not None and parts.path in ("", "/"):
            return f"{SCHEME}://join/{parts.netloc}/{shown}"
        return f"{SCHEME}://join/{shown}?server={quote(self.server, safe=':/[]')}"

    @property
    def web_url(self) -> str:
        """The ``http(s)://`` address of the server's join page (for chat programs)."""
        parts = urlsplit(self.server)
        web = "https" if parts.scheme == "wss" else "http"
        return f"{web}://{parts.netloc}{JOIN_PATH}{format_code(self.code)}"

    @property
    def address(self) -> str:
        """The server as the join field takes it: ``host:port`` for ``ws://``, else the URL."""
        parts = urlsplit(self.server)
        if parts.scheme == "ws" and parts.path in ("", "/"):
            return parts.netloc
        return self.server


def is_link(text: str) -> bool:
    """Does ``text`` look like an invite link (rather than an address and a code)?

    >>> is_link(" backgammon://join/ABCDE-FGHJK?server=ws://a:1"), is_link("192.168.1.5:8765 ABCDE-FGHJK")
    (True, False)
    """
    head = text.strip().lower()
    return head.startswith(f"{SCHEME}:") or (head.startswith(("http://", "https://")) and JOIN_PATH in head)


def parse_link(text: str) -> InviteLink:
    """The invite in a ``backgammon://`` link, or in a server's ``http(s)://…/join/CODE``
    address; :class:`BadLink` (a ``ValueError``) saying why not."""
    if not isinstance(text, str):
        raise BadLink(f"not an invite link: {type(text).__name__}")
    raw = text.strip()
    if len(raw) > 400 or not raw.isprintable():
        raise BadLink("not an invite link: too long, or not text")
    try:
        parts = urlsplit(raw)
    except ValueError:
        raise BadLink("not an invite link") from None
    scheme = parts.scheme.lower()
    if scheme in ("http", "https"):
        if not parts.path.startswith(JOIN_PATH) or not parts.netloc:
            raise BadLink("not an invite link: a web address that is not a join page")
        code = parts.path[len(JOIN_PATH):].strip("/")
        return InviteLink(code, f"{'wss' if scheme == 'https' else 'ws'}://{parts.netloc}")
    if scheme != SCHEME:
        raise BadLink(f"not an invite link: it does not start with {SCHEME}://")
    if parts.netloc.lower() != "join":
        raise BadLink("not an invite link: only join links are known")
    pieces = [p for p in parts.path.split("/") if p]
    server = parse_qs(parts.query).get("server", [])
    if len(pieces) == 1 and len(server) == 1:
        return InviteLink(pieces[0], server[0])
    if len(pieces) == 2 and not server:
        return InviteLink(pieces[1], pieces[0])
    if len(pieces) == 1 and not server and normalize_code(pieces[0]) is not None:
        raise BadLink("not an invite link: it does not say which server")
    raise BadLink("not an invite link: the code is missing or not one")


def link_for(code: str, address: str) -> Optional[str]:
    """The ``backgammon://`` link for ``code`` at ``address`` (None if either cannot be one).

    >>> link_for("ABCDEFGHJK", "[::1]:8765")
    'backgammon://join/[::1]:8765/ABCDE-FGHJK'
    """
    try:
        return InviteLink(code, address).url
    except BadLink:
        return None
