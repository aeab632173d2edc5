"""Which server process a connection belongs to, when several serve behind
a proxy (docs/server.md): each connection's URL carries its match's invite
code as the parameter ``m``, which the proxy hashes, so both players of a
match meet on one process.  And what a store keeps of a seat token: its
hash, never the token.
"""

from __future__ import annotations

import hashlib
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


def routed_url(url: str, key: Optional[str]) -> str:
    """``url`` with the routing parameter ``m`` (see :func:`route_key`).

    >>> routed_url("ws://127.0.0.1:8765", "ABCDEFGHJK")
    'ws://127.0.0.1:8765/?m=ABCDEFGHJK'
    >>> routed_url("wss://example.org/play", None)
    'wss://example.org/play'
    """
    if key is None:
        return url
    parts = urlsplit(url)
    query = "&".join(q for q in parts.query.split("&") if q and not q.startswith("m=")) if parts.query else ""
    query = f"{query}&m={key}" if query else f"m={key}"
    return urlunsplit((parts.scheme, parts.netloc, parts.path or "/", query, ""))
