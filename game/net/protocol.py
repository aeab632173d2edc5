"""The wire protocol of friend games: versioned JSON messages, strictly checked.

Every message is one JSON object (one WebSocket text frame) with the protocol
version ``"v"`` and a ``"type"``.  A client sends *intents* (roll, a whole
play, double, take ...) and never a position or dice; the server answers
with the state of the match.  See docs/protocol.md for the whole list.

Client messages are read with :func:`parse_client`, which accepts exactly the
documented fields with exactly their types and sizes, and raises
:class:`ProtocolError` (a ``ValueError``) with an :class:`ErrorCode` for
anything else:

>>> parse_client('{"v": 1, "type": "roll", "seq": 3}')
Roll(seq=3)
>>> parse_client('{"v": 1, "type": "play", "seq": 4, "steps": [[8, 5], [6, 5]]}')
Play(seq=4, steps=((8, 5), (6, 5)))
>>> parse_client('{"v": 1, "type": "roll"}')
Traceback (most recent call last):
...
game.net.protocol.ProtocolError: malformed: roll needs the fields ['seq'], got []
>>> encode(Roll(seq=3))
'{"v":1,"type":"roll","seq":3}'
"""

from __future__ import annotations

import enum
import json
import re
import secrets
from dataclasses import MISSING, dataclass, fields
from typing import TYPE_CHECKING, Any, Dict, Optional, Tuple, Type, Union

from ..store.jsontypes import JSON, JSONObject

from .names import MAX_NAME, clean_name

if TYPE_CHECKING:
    from engine import Match

PROTOCOL_VERSION = 1
#: the largest message a client may send (bytes of UTF-8)
MAX_CLIENT_MESSAGE = 4096
MAX_LENGTH = 25
#: invite codes: 10 characters of Crockford's base 32 = 50 bits
CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LENGTH = 10
TOKEN_BYTES = 24
DEFAULT_PORT = 8765


class ErrorCode(str, enum.Enum):
    """Why the server refused a message."""

    MALFORMED = "malformed"        # not JSON, wrong fields or types
    TOO_LARGE = "too_large"        # over MAX_CLIENT_MESSAGE
    VERSION = "version"            # another protocol version
    RATE_LIMITED = "rate_limited"  # too many messages too fast
    NOT_SEATED = "not_seated"      # an intent before create/join/resume
    ALREADY_SEATED = "already_seated"
    UNKNOWN_CODE = "unknown_code"  # no match waits with this invite code
    MATCH_FULL = "match_full"
    UNKNOWN_TOKEN = "unknown_token"
    TOO_MANY_MATCHES = "too_many_matches"  # the per-address limit
    STALE = "stale"                # seq is not the current state (a replay, or late)
    NOT_YOUR_TURN = "not_your_turn"
    ILLEGAL = "illegal"            # the engine refused it
    NOT_NOW = "not_now"            # e.g. continue vs computer while the opponent is here
    REPLACED = "replaced"          # this connection's seat was taken by a resume elsewhere
    CODE_TAKEN = "code_taken"      # create: the code proposed is another match's


class ServerType(str, enum.Enum):
    """The ``type`` of every message the server sends."""

    SEAT = "seat"
    SYNC = "sync"
    UPDATE = "update"
    PRESENCE = "presence"
    REMATCH = "rematch"
    TAKEOVER = "takeover"
    ENDED = "ended"
    PONG = "pong"
    ERROR = "error"


class EventKind(str, enum.Enum):
    """What an accepted intent did (the ``kind`` of an ``event``)."""

    ROLL = "roll"
    PLAY = "play"
    DOUBLE = "double"
    TAKE = "take"
    DROP = "drop"
    RESIGN = "resign"
    ACCEPT = "accept"
    REJECT = "reject"
    NEXT = "next"
    REMATCH = "rematch"


class AwayReason(str, enum.Enum):
    """Why the other player is not here (``away`` of a ``presence``)."""

    LEFT = "left"                  # sent leave: gone for good
    DISCONNECTED = "disconnected"  # the connection dropped: the seat waits for its token


class EndReason(str, enum.Enum):
    """Why a match ended for a client."""

    HOST_LEFT = "host_left"
    GUEST_LEFT = "guest_left"
    EXPIRED = "expired"
    TAKEN_OVER = "taken_over"      # the other player continued against the computer
    SERVER_CLOSING = "server_closing"
    REPLACED = "replaced"          # another connection resumed this seat with its token
    MATCH_GONE = "match_gone"      # resume: this server holds no match for the token


class ProtocolError(ValueError):
    """A message that breaks the protocol; ``code`` says how."""

    def __init__(self, code: ErrorCode, detail: str):
        super().__init__(f"{code.value}: {detail}")
        self.code = code
        self.detail = detail


# -- client -> server ---------------------------------------------------------------
@dataclass(frozen=True)
class Create:
    """Open a match and take seat 0 (White) as its host.  ``code``: the invite
    code the client proposes (it routes the connection, ``?m=CODE``, to the
    process that will hold the match); None: the server makes one."""

    length: int
    cube: bool
    name: str
    code: Optional[str] = None


@dataclass(frozen=True)
class Join:
    """Take seat 1 (Black) of the match with this invite code."""

    code: str
    name: str


@dataclass(frozen=True)
class Resume:
    """Come back to one's seat after a lost connection."""

    token: str


@dataclass(frozen=True)
class Roll:
    seq: int


@dataclass(frozen=True)
class Play:
    """A whole play, ``(from, to)`` steps in the mover's numbering (25 bar, 0 off)."""

    seq: int
    steps: Tuple[Tuple[int, int], ...]


@dataclass(frozen=True)
class Double:
    seq: int


@dataclass(frozen=True)
class Take:
    seq: int


@dataclass(frozen=True)
class Drop:
    seq: int


@dataclass(frozen=True)
class Resign:
    seq: int
    level: str


@dataclass(frozen=True)
class Accept:
    """Accept the opponent's resignation."""

    seq: int


@dataclass(frozen=True)
class Reject:
    seq: int


@dataclass(frozen=True)
class NextGame:
    seq: int


@dataclass(frozen=True)
class Rematch:
    """Ask (or agree) to play again with colours swapped, once the match is over."""

    seq: int


@dataclass(frozen=True)
class ContinueAlone:
    """Continue against the computer: allowed once the opponent has been gone
    for the fallback time (2 minutes) or has left."""

    seq: int


@dataclass(frozen=True)
class Leave:
    """Leave the match for good (the host leaving ends it for the guest)."""


@dataclass(frozen=True)
class Sync:
    """Ask for the whole match again (a client whose copy went wrong)."""


@dataclass(frozen=True)
class Ping:
    nonce: int


ClientMessage = Union[Create, Join, Resume, Roll, Play, Double, Take, Drop, Resign, Accept, Reject,
                      NextGame, Rematch, ContinueAlone, Leave, Sync, Ping]
INTENTS = (Roll, Play, Double, Take, Drop, Resign, Accept, Reject, NextGame, Rematch, ContinueAlone)

CLIENT_TYPES: Dict[str, Type[ClientMessage]] = {
    "create": Create, "join": Join, "resume": Resume, "roll": Roll, "play": Play, "double": Double,
    "take": Take, "drop": Drop, "resign": Resign, "accept": Accept, "reject": Reject, "next": NextGame,
    "rematch": Rematch, "continue": ContinueAlone, "leave": Leave, "sync": Sync, "ping": Ping,
}
_TYPE_OF: Dict[Type[ClientMessage], str] = {cls: name for name, cls in CLIENT_TYPES.items()}
RESIGN_LEVELS = ("single", "gammon", "backgammon")
_TOKEN_RE = re.compile(r"[A-Za-z0-9_-]{8,64}")
_INT_MAX = 2**31 - 1


def _int(value: Any, lo: int, hi: int, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise ProtocolError(ErrorCode.MALFORMED, f"{what} must be an integer {lo}..{hi}")
    return value


def _text(value: Any, limit: int, what: str, controls: bool = False) -> str:
    """Text of at most ``limit`` characters; without control characters unless
    ``controls`` (a name: cleaned afterwards by :func:`clean_name`)."""
    if not isinstance(value, str) or len(value) > limit or (
            not controls and any(ord(c) < 32 or ord(c) == 127 for c in value)):
        raise ProtocolError(ErrorCode.MALFORMED, f"{what} must be printable text of at most {limit} characters")
    return value


def _steps(value: Any) -> Tuple[Tuple[int, int], ...]:
    if not isinstance(value, list) or len(value) > 4:
        raise ProtocolError(ErrorCode.MALFORMED, "steps must be a list of at most 4 [from, to] pairs")
    out = []
    for pair in value:
        if not isinstance(pair, list) or len(pair) != 2:
            raise ProtocolError(ErrorCode.MALFORMED, "a step is [from, to]")
        out.append((_int(pair[0], 0, 25, "from"), _int(pair[1], 0, 25, "to")))
    return tuple(out)


def _field(name: str, value: Any) -> Any:
    if name == "seq":
        return _int(value, 0, _INT_MAX, "seq")
    if name == "nonce":
        return _int(value, 0, _INT_MAX, "nonce")
    if name == "length":
        return _int(value, 1, MAX_LENGTH, "length")
    if name == "cube":
        if not isinstance(value, bool):
            raise ProtocolError(ErrorCode.MALFORMED, "cube must be true or false")
        return value
    if name == "name":
        return clean_name(_text(value, MAX_NAME, "name", controls=True))
    if name == "code":
        code = normalize_code(_text(value, 32, "code"))
        if code is None:
            raise ProtocolError(ErrorCode.MALFORMED, f"an invite code has {CODE_LENGTH} letters and digits")
        return code
    if name == "token":
        if not isinstance(value, str) or not _TOKEN_RE.fullmatch(value):
            raise ProtocolError(ErrorCode.MALFORMED, "token must be 8..64 URL-safe characters")
        return value
    if name == "level":
        if value not in RESIGN_LEVELS:
            raise ProtocolError(ErrorCode.MALFORMED, f"level must be one of {list(RESIGN_LEVELS)}")
        return str(value)
    if name == "steps":
        return _steps(value)
    raise ProtocolError(ErrorCode.MALFORMED, f"unknown field {name!r}")  # pragma: no cover


class _NotJSON(ValueError):
    """What RFC 8259 does not allow but Python's reader would take."""


def _no_constant(name: str) -> Any:
    raise _NotJSON(f"{name} is not a JSON number")


def _object(pairs: Any) -> Dict[str, Any]:
    doc: Dict[str, Any] = {}
    for key, value in pairs:
        if key in doc:
            raise _NotJSON(f"the key {key[:20]!r} is repeated")
        doc[key] = value
    return doc


def parse_client(raw: Union[str, bytes]) -> ClientMessage:
    """One client message, checked field by field; :class:`ProtocolError` otherwise.

    ``raw`` is the text of a text frame; a binary frame (``bytes``) is not a
    message.  Strict JSON: no ``NaN`` or ``Infinity``, no key twice; ``v`` an
    integer (``1.0`` or ``true`` is not one):

    >>> for raw in ('{"v": 1.0, "type": "sync"}', '{"v": 2, "type": "sync"}', b'{"v": 1, "type": "sync"}',
    ...             '{"v": 1, "type": "sync", "type": "sync"}', '{"v": 1, "type": "ping", "nonce": NaN}'):
    ...     try:
    ...         parse_client(raw)
    ...     except ProtocolError as exc:
    ...         print(exc)
    malformed: v must be the integer 1 (the protocol version)
    version: this server speaks protocol version 1
    malformed: a message is a text frame, not a binary one
    malformed: not JSON: the key 'type' is repeated
    malformed: not JSON: NaN is not a JSON number
    """
    size = len(raw.encode("utf-8", "surrogatepass")) if isinstance(raw, str) else len(raw)
    if size > MAX_CLIENT_MESSAGE:
        raise ProtocolError(ErrorCode.TOO_LARGE, f"a message may have at most {MAX_CLIENT_MESSAGE} bytes, not {size}")
    if not isinstance(raw, str):
        raise ProtocolError(ErrorCode.MALFORMED, "a message is a text frame, not a binary one")
    try:
        doc = json.loads(raw, parse_constant=_no_constant, object_pairs_hook=_object)
    except _NotJSON as exc:
        raise ProtocolError(ErrorCode.MALFORMED, f"not JSON: {exc}") from None
    except (ValueError, RecursionError) as exc:
        raise ProtocolError(ErrorCode.MALFORMED, f"not JSON: {exc.__class__.__name__}") from None
    if not isinstance(doc, dict):
        raise ProtocolError(ErrorCode.MALFORMED, "a message is a JSON object")
    version = doc.get("v")
    if not isinstance(version, int) or isinstance(version, bool):
        raise ProtocolError(ErrorCode.MALFORMED, f"v must be the integer {PROTOCOL_VERSION} (the protocol version)")
    if version != PROTOCOL_VERSION:
        raise ProtocolError(ErrorCode.VERSION, f"this server speaks protocol version {PROTOCOL_VERSION}")
    kind = doc.get("type")
    cls = CLIENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ProtocolError(ErrorCode.MALFORMED, "unknown message type")
    names = [f.name for f in fields(cls)]
    required = [f.name for f in fields(cls) if f.default is MISSING]
    given = sorted(k for k in doc if k not in ("v", "type"))
    if any(k not in names for k in given) or any(n not in doc for n in required):
        raise ProtocolError(ErrorCode.MALFORMED, f"{kind} needs the fields {sorted(required)}, got {given[:8]}")
    msg: ClientMessage = cls(**{n: _field(n, doc[n]) for n in names if n in doc})
    return msg


def client_doc(msg: ClientMessage) -> JSONObject:
    """The JSON object of a client message (steps as lists)."""
    doc: JSONObject = {"v": PROTOCOL_VERSION, "type": _TYPE_OF[type(msg)]}
    for f in fields(msg):
        value = getattr(msg, f.name)
        if value is None and f.default is None:
            continue  # an optional field left out
        doc[f.name] = [list(s) for s in value] if f.name == "steps" else value
    return doc


def type_name(msg: ClientMessage) -> str:
    """The ``type`` of a client message on the wire.

    >>> type_name(NextGame(3))
    'next'
    """
    return _TYPE_OF[type(msg)]


def encode(msg: ClientMessage) -> str:
    """A client message as compact JSON text."""
    return json.dumps(client_doc(msg), separators=(",", ":"))


# -- server -> client -----------------------------------------------------------------
def server_doc(kind: ServerType, **body: JSON) -> str:
    """A server message as compact JSON text (see docs/protocol.md for the kinds)."""
    doc: JSONObject = {"v": PROTOCOL_VERSION, "type": kind.value}
    doc.update(body)
    return json.dumps(doc, separators=(",", ":"))


def error_doc(code: ErrorCode, detail: str, ref: Optional[str] = None, seq: Optional[int] = None) -> str:
    """A refusal of the message of type ``ref`` (and, for an intent, its ``seq``)."""
    if seq is None:
        return server_doc(ServerType.ERROR, code=code.value, detail=detail[:200], ref=ref)
    return server_doc(ServerType.ERROR, code=code.value, detail=detail[:200], ref=ref, seq=seq)


def check_of(match: Match) -> JSONObject:
    """A short fingerprint of an :class:`engine.Match` that both sides compute
    (the server sends it with each update; a client whose copy differs asks
    for the whole match again with :class:`Sync`)."""
    game = match.game
    return {"position": game.turn_start.to_id(), "turn": game.turn, "phase": str(game.phase),
            "dice": list(game.dice) if game.dice else None, "cube": [game.cube_value, game.cube_owner],
            "score": list(match.score), "game": match.game_number, "log": len(game.log)}


# -- codes and tokens ----------------------------------------------------------------------
def new_code() -> str:
    """A fresh invite code: 10 symbols of base 32 from ``secrets`` (50 bits).

    >>> c = new_code(); len(c) == CODE_LENGTH and normalize_code(c) == c
    True
    """
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token(code: str = "") -> str:
    """A seat token: its match's invite code (so that a resume is routed by
    it: :func:`game.net.routing.route_key`), then 24 random bytes as URL-safe text.

    >>> t = new_token("ABCDEFGHJK"); t[:10], len(t)
    ('ABCDEFGHJK', 42)
    """
    return code + secrets.token_urlsafe(TOKEN_BYTES)


def format_code(code: str) -> str:
    """The code as shown to people, in two halves: ``'ABCDE-FGHJK'``."""
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}"


def normalize_code(text: str) -> Optional[str]:
    """What a person typed or pasted, as a code; None if it cannot be one.
    Case, spaces and dashes do not matter; O reads as 0, I and L as 1.

    >>> normalize_code(' abcde-fghjk ')
    'ABCDEFGHJK'
    >>> normalize_code('oil') is None
    True
    """
    cleaned = "".join(c for c in text.upper() if c not in " -\t")
    cleaned = cleaned.translate(str.maketrans("OIL", "011"))
    if len(cleaned) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in cleaned):
        return None
    return cleaned
