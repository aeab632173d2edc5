"""Which server process a connection belongs to, when several serve behind
a proxy (docs/server.md): each connection's URL carries its match's invite
code as the parameter ``m``, which the proxy hashes, so both players of a
match meet on one process.  And what a store keeps of a seat token: its
hash, never the token.
"""

from __future__ import annotations

import hashlib
import re
from typing import Optional
from urllib.parse import urlsplit, urlunsplit

from .protocol import CODE_LENGTH, ClientMessage, Create, Join, Resume, normalize_code


def token_hash(token: str) -> str:
    """What a store keeps of a seat token (SHA-256, hex): never the token itself."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def route_key(msg: "ClientMessage") -> Optional[str]:
    """The invite code a connection's first message belongs to, which a
    proxy in front of several server processes routes by (the URL's ``m``
    parameter): the code of a create or a join, the first ten characters of
    a resume's token (tokens begin with their match's code).  None: none.

    >>> route_key(Join("ABCDEFGHJK", "Bob")), route_key(Resume("ABCDEFGHJK" + "x" * 32))
    ('ABCDEFGHJK', 'ABCDEFGHJK')
    >>> route_key(Create(1, False, "Ann")) is None, route_key(Resume("y" * 32)) is None
    (True, True)
    """
    if isinstance(msg, (Create, Join)):
        return msg.code
    if isinstance(msg, Resume):
        head = msg.token[:CODE_LENGTH]
        return head if normalize_code(head) == head else None
    return None


def routed_url(url: str, key: Optional[str], at: Optional[str] = None) -> str:
    """``url`` with the routing parameter ``m`` (see :func:`route_key`), and
    ``at``: the server process a match was sent to (:func:`moved_to`).

    >>> routed_url("ws://127.0.0.1:8765", "ABCDEFGHJK")
    'ws://127.0.0.1:8765/?m=ABCDEFGHJK'
    >>> routed_url("ws://127.0.0.1:8765/?m=OLD&at=s1", "ABCDEFGHJK", "s2")
    'ws://127.0.0.1:8765/?m=ABCDEFGHJK&at=s2'
    >>> routed_url("wss://example.org/play", None)
    'wss://example.org/play'
    """
    if key is None:
        return url
    parts = urlsplit(url)
    query = "&".join(q for q in parts.query.split("&")
                     if q and not q.startswith(("m=", "at="))) if parts.query else ""
    query = f"{query}&m={key}" if query else f"m={key}"
    if at is not None and _SERVER_ID.fullmatch(at):
        query += f"&at={at}"
    return urlunsplit((parts.scheme, parts.netloc, parts.path or "/", query, ""))


#: the close code of a connection whose match moved (or whose server stops and keeps its matches):
#: "service restart"; the client connects again
CLOSE_RESTART = 1012
#: what a server id sent in a close reason may be (the proxy's name of that server process)
_SERVER_ID = re.compile(r"[A-Za-z0-9._:-]{1,64}")
_MOVED_TO = re.compile(r"\(at=([A-Za-z0-9._:-]{1,64})\)$")


def moved_reason(at: Optional[str] = None) -> str:
    """The reason of the close (code 1012) that sends a match's players on;
    ``at``: the server process it went to, which the proxy routes ``at`` to.

    >>> moved_reason(), moved_reason("s2")
    ('the match moved: connect again', 'the match moved: connect again (at=s2)')
    """
    return "the match moved: connect again" + (f" (at={at})" if at else "")


def server_of(owner: str) -> str:
    """The server id of a lease's owner (``server-id/key``).

    >>> server_of("s2/3fa9"), server_of("host:1/2/ab")
    ('s2', 'host:1/2')
    """
    return owner.rsplit("/", 1)[0]


def nameable(server_id: str) -> bool:
    """Can a close's reason send players to ``server_id`` (:func:`moved_reason`)?

    >>> nameable("s2"), nameable("host:8765"), nameable("a b")
    (True, True, False)
    """
    return _SERVER_ID.fullmatch(server_id) is not None


def came_by_name(target: str) -> bool:
    """Does a connection's request target carry ``at``: was it sent to a
    process by name (:func:`routed_url`)?

    >>> came_by_name("/?m=ABCDEFGHJK&at=s2"), came_by_name("/?m=ABCDEFGHJK"), came_by_name("/")
    (True, False, False)
    """
    return any(q.startswith("at=") for q in urlsplit(target).query.split("&"))


def moved_to(reason: str) -> Optional[str]:
    """The server process a close's reason sends the players to, if it names one.

    >>> moved_to(moved_reason("s2")), moved_to(moved_reason()), moved_to("x (at=a b)")
    ('s2', None, None)
    """
    found = _MOVED_TO.search(reason)
    return found.group(1) if found else None
