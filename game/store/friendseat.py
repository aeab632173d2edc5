"""The seat of a friend match in play, kept in the data folder so that a game
that crashed or was closed can take it back: the server's address, the seat
token and invite code, whose seat it is, the friend's name, and (for a match
this game hosted itself) the port its server listened on.

Written like the saves (:class:`~game.store.jsonstore.JsonStore`: a temporary file
and a rename, a backup; a damaged file is set aside with a line for the
player, never a crash), off the frame loop on the saves' writer.  Cleared
when the match ends or the player leaves it on purpose.  Pure Python.

>>> t = SeatTicket("ws://127.0.0.1:8765", "tok", "ABCDEFGHJK", "guest", 1, "Ann")
>>> parse_ticket(t.to_dict()) == (t, [])
True
>>> parse_ticket({"url": "http://x", "token": "t", "code": "C", "role": "guest", "seat": 1})
Traceback (most recent call last):
...
ValueError: not a match server's address: 'http://x'
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Callable, List, Optional, Tuple

from .jsontypes import JSONObject

LOG = logging.getLogger(__name__)

ROLES = ("host", "guest")


@dataclass(frozen=True)
class SeatTicket:
    """What it takes to sit down again in a friend match."""

    url: str                      # the server's address (ws://host:port)
    token: str                    # the seat's token (resume)
    code: str                     # the invite code (to know the match when its invite is typed again)
    role: str                     # "host" or "guest"
    seat: int                     # 0 White, 1 Black
    friend: str = ""              # the friend's name ('' not known yet)
    hosted_port: Optional[int] = None  # this game ran the server, on this port: it hosts again

    @property
    def hosted(self) -> bool:
        return self.hosted_port is not None

    def to_dict(self) -> JSONObject:
        return {"url": self.url, "token": self.token, "code": self.code, "role": self.role,
                "seat": self.seat, "friend": self.friend, "hosted_port": self.hosted_port}


def _text(data: Any, key: str, limit: int = 200) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value or len(value) > limit or not value.isprintable():
        raise ValueError(f"bad {key}")
    return value


def parse_ticket(data: Any) -> Tuple[SeatTicket, List[str]]:
    """The stored ticket, or ValueError (the file is then set aside); the
    friend's name, when bad, is left out (listed in the problems)."""
    if not isinstance(data, dict):
        raise ValueError("a seat ticket is an object")
    url = _text(data, "url")
    if not url.startswith(("ws://", "wss://")):
        raise ValueError(f"not a match server's address: {url!r}")
    role = _text(data, "role", 8)
    seat = data.get("seat")
    if role not in ROLES or seat not in (0, 1) or isinstance(seat, bool):
        raise ValueError("bad role or seat")
    port = data.get("hosted_port")
    if port is not None and (not isinstance(port, int) or isinstance(port, bool) or not 0 < port < 65536):
        raise ValueError("bad hosted_port")
    problems: List[str] = []
    friend = data.get("friend", "")
    if not isinstance(friend, str) or len(friend) > 64 or not friend.isprintable():
        friend, problems = "", ["friend"]
    return SeatTicket(url, _text(data, "token", 100), _text(data, "code", 32), role, seat, friend, port), problems


class SeatKeeper:
    """The ticket on disk, written and cleared in order on ``submit`` (the
    saves' writer thread); ``storage`` is a :class:`~game.store.storage.Storage`
    (its ``load_ticket``, ``save_ticket``, ``discard_ticket``); ``tell``
    gets a line for the player when the disk refuses."""

    def __init__(self, storage: Any, submit: Callable[[Callable[[], None]], None],
                 flush: Callable[[], None], tell: Callable[[str], None]):
        self.storage = storage
        self._submit = submit
        self._flush = flush
        self._tell = tell
        self.kept: Optional[SeatTicket] = None

    def load(self) -> Optional[SeatTicket]:
        """The ticket a run of the game left (a damaged file: a line for the player, and None)."""
        self._flush()
        ticket, message = self.storage.load_ticket()
        if message:
            self._tell(message)
        self.kept = ticket
        return ticket

    def keep(self, ticket: SeatTicket) -> None:
        """Remember the seat (written off the frame loop); the same ticket again is not rewritten."""
        if ticket == self.kept:
            return
        self.kept = ticket
        self._submit(lambda: self._done(self.storage.save_ticket(ticket)))

    def clear(self) -> None:
        """The match ended or was left on purpose: nothing to rejoin."""
        self.kept = None
        self._submit(lambda: self._done(self.storage.discard_ticket()))

    def _done(self, message: Optional[str]) -> None:
        if message:
            LOG.warning("%s", message)
            self._tell(message)
