"""What a client receives: server messages as typed values, checked on the way in.

A client trusts the server's rules but not its bytes: :func:`parse_server`
accepts only the documented shapes (the match itself is read back by the
engine, :meth:`engine.Match.from_json`) and raises :class:`ProtocolError`
otherwise.

>>> parse_server('{"v":1,"type":"pong","nonce":7}')
Pong(nonce=7)
>>> parse_server('{"v":1,"type":"presence","connected":[true,false],"can_continue":false}')
Presence(connected=(True, False), can_continue=False, away=None)
"""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass
from typing import Any, Dict, Optional, Tuple, Type, TypeVar, Union

from engine import BackgammonError, Match

from .names import clean_name
from .protocol import PROTOCOL_VERSION, AwayReason, ErrorCode, ProtocolError

T = TypeVar("T")

#: the server's messages may be larger than a client's (the match and its log)
MAX_SERVER_MESSAGE = 256 * 1024


class Link(str, enum.Enum):
    """The state of the connection, as the connection line shows it."""

    CONNECTING = "connecting"
    CONNECTED = "connected"
    RECONNECTING = "reconnecting"
    FAILED = "failed"      # gave up reconnecting, or the server refused the seat
    CLOSED = "closed"      # closed on purpose


@dataclass(frozen=True)
class Event:
    """What the last intent did: kind (roll, play, double, take, drop, resign,
    accept, reject, next, rematch), by which player, and its details."""

    kind: str
    player: int
    dice: Optional[Tuple[int, int]] = None
    drawn: Tuple[int, ...] = ()
    steps: Tuple[Tuple[int, int], ...] = ()
    level: str = ""


@dataclass(frozen=True)
class SeatInfo:
    seat: int
    role: str
    token: str
    code: str
    #: the server runs inside the host's game: when the connection drops, the host's game is gone
    in_game: bool = False


@dataclass(frozen=True)
class State:
    """The match as it stands after ``event`` (None: a whole new copy), for the
    client's use.  Made by :class:`game.net.mirror.Mirror` from the two kinds
    of server message below; ``match`` is the mirror's copy (do not change it)."""

    seq: int
    match: Match
    event: Optional[Event]
    names: Tuple[str, str]
    connected: Tuple[bool, bool]


@dataclass(frozen=True)
class Synced:
    """The whole match, from the server (on joining, resuming, a rematch)."""

    seq: int
    match: Match
    event: Optional[Event]
    names: Tuple[str, str]
    connected: Tuple[bool, bool]


@dataclass(frozen=True)
class Update:
    """One intent's effect, and the server's fingerprint of the state after it."""

    seq: int
    event: Event
    #: the server's fingerprint of the match (see protocol.check_of), compared whole
    check: Dict[str, object]
    names: Tuple[str, str]
    connected: Tuple[bool, bool]


@dataclass(frozen=True)
class Presence:
    connected: Tuple[bool, bool]
    can_continue: bool
    #: why the other player is not here (None: here, or the server did not say: an older one)
    away: Optional[AwayReason] = None


@dataclass(frozen=True)
class ServerError:
    """A refusal: why (``code``), of which message type (``ref``) and, for an intent, its ``seq``."""

    code: str
    detail: str
    ref: Optional[str]
    seq: Optional[int] = None


@dataclass(frozen=True)
class Ended:
    reason: str


@dataclass(frozen=True)
class RematchAsked:
    asked_by: int


@dataclass(frozen=True)
class Takeover:
    seq: int
    match: Match
    seat: int


@dataclass(frozen=True)
class Pong:
    nonce: int


@dataclass(frozen=True)
class LinkChanged:
    """Not from the server: the client's connection changed state."""

    link: Link
    detail: str = ""


ServerMessage = Union[SeatInfo, State, Synced, Update, Presence, ServerError, Ended, RematchAsked, Takeover, Pong, LinkChanged]


def _bad(what: str) -> ProtocolError:
    return ProtocolError(ErrorCode.MALFORMED, f"server sent a bad {what}")


def _int(v: Any, lo: int, hi: int, what: str) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise _bad(what)
    return v


def _str(v: Any, what: str, limit: int = 200) -> str:
    if not isinstance(v, str) or len(v) > limit:
        raise _bad(what)
    return v


def _pair(v: Any, kind: Type[T], what: str) -> Tuple[T, T]:
    if not isinstance(v, list) or len(v) != 2 or not all(type(x) is kind for x in v):
        raise _bad(what)
    return v[0], v[1]


def _match(doc: Any) -> Match:
    try:
        return Match.from_json(doc)
    except BackgammonError as exc:
        raise _bad(f"match ({exc})") from None


def _event(doc: Any) -> Optional[Event]:
    if doc is None:
        return None
    if not isinstance(doc, dict):
        raise _bad("event")
    dice = doc.get("dice")
    steps = doc.get("steps", [])
    drawn = doc.get("drawn", [])
    if not isinstance(steps, list) or not isinstance(drawn, list) or len(steps) > 4 or len(drawn) > 200:
        raise _bad("event")
    return Event(
        kind=_str(doc.get("kind"), "event kind", 16),
        player=_int(doc.get("player"), 0, 1, "player"),
        dice=(_int(dice[0], 1, 6, "die"), _int(dice[1], 1, 6, "die")) if isinstance(dice, list) and len(dice) == 2 else None,
        drawn=tuple(_int(d, 1, 6, "die") for d in drawn),
        steps=tuple((_int(s[0], 0, 25, "step"), _int(s[1], 0, 25, "step")) for s in map(lambda s: _pair(s, int, "step"), steps)),
        level=_str(doc.get("level", ""), "level", 16),
    )


def parse_server(text: Union[str, bytes]) -> ServerMessage:
    """One server message as a typed value; :class:`ProtocolError` if it is not one."""
    if len(text) > MAX_SERVER_MESSAGE:
        raise ProtocolError(ErrorCode.TOO_LARGE, "server message too large")
    try:
        doc: Dict[str, Any] = json.loads(text)
    except (ValueError, RecursionError):
        raise _bad("message (not JSON)") from None
    if not isinstance(doc, dict) or doc.get("v") != PROTOCOL_VERSION:
        raise ProtocolError(ErrorCode.VERSION, "the server speaks another protocol version")
    kind = doc.get("type")
    if kind in ("sync", "update"):
        names = _pair(doc.get("names"), str, "names")
        seq = _int(doc.get("seq"), 0, 2**31 - 1, "seq")
        short = (clean_name(names[0][:256]), clean_name(names[1][:256]))  # whatever the server sent: printable
        connected = _pair(doc.get("connected"), bool, "connected")
        if kind == "sync":
            return Synced(seq, _match(doc.get("match")), _event(doc.get("event")), short, connected)
        event, check = _event(doc.get("event")), doc.get("check")
        if event is None or not isinstance(check, dict) or len(check) > 16:
            raise _bad("update")
        return Update(seq, event, check, short, connected)
    if kind == "seat":
        in_game = doc.get("in_game", False)
        if not isinstance(in_game, bool):
            raise _bad("seat")
        return SeatInfo(_int(doc.get("seat"), 0, 1, "seat"), _str(doc.get("role"), "role", 8),
                        _str(doc.get("token"), "token", 64), _str(doc.get("code"), "code", 32), in_game)
    if kind == "presence":
        can = doc.get("can_continue")
        if not isinstance(can, bool):
            raise _bad("presence")
        away = doc.get("away")
        known = {r.value: r for r in AwayReason}
        return Presence(_pair(doc.get("connected"), bool, "connected"), can, known.get(away) if isinstance(away, str) else None)
    if kind == "error":
        ref, of = doc.get("ref"), doc.get("seq")
        return ServerError(_str(doc.get("code"), "error code", 32), clean_name(_str(doc.get("detail"), "detail", 400), 400),
                           None if ref is None else _str(ref, "ref", 32),
                           None if of is None else _int(of, 0, 2**31 - 1, "seq"))
    if kind == "ended":
        return Ended(_str(doc.get("reason"), "reason", 32))
    if kind == "rematch":
        return RematchAsked(_int(doc.get("asked_by"), 0, 1, "asked_by"))
    if kind == "takeover":
        return Takeover(_int(doc.get("seq"), 0, 2**31 - 1, "seq"), _match(doc.get("match")), _int(doc.get("seat"), 0, 1, "seat"))
    if kind == "pong":
        return Pong(_int(doc.get("nonce"), 0, 2**31 - 1, "nonce"))
    raise _bad("message type")
