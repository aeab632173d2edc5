"""The matches a server holds, without any networking: who sits where, what
each intent does to the engine, and what both players are told.

A :class:`Room` is one match between a host (who made it, White in the first
match) and a guest.  Every intent is checked here against the seat and the
state counter ``seq``, then by the engine (:class:`engine.Match`); anything
refused raises :class:`ProtocolError` and changes nothing.  Messages go out
through each seat's ``send`` callable (None while it is disconnected).

>>> out = []
>>> lobby = Lobby(clock=lambda: 0.0)
>>> room, host = lobby.create("127.0.0.1", Create(1, False, "Ann"), out.append)
>>> room, guest = lobby.join(Join(room.code, "Bob"), out.append)
>>> room.match.game.phase
'opening'
>>> from .protocol import Roll
>>> room.handle(guest, Roll(room.seq)); room.match.game.phase
'move'
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Set, Tuple

from engine import Match, SystemDice
from engine.dice import DiceSource

from ..store.jsontypes import JSONObject

from .intents import RecordingDice, apply_intent
from .routing import token_hash
from .protocol import (
    AwayReason,
    ClientMessage,
    ContinueAlone,
    Create,
    EndReason,
    ErrorCode,
    Join,
    EventKind,
    ProtocolError,
    Rematch,
    ServerType,
    check_of,
    new_code,
    new_token,
    server_doc,
)

log = logging.getLogger(__name__)
Send = Callable[[str], None]
Clock = Callable[[], float]
HOST, GUEST = 0, 1

#: seconds the opponent must be gone before the other may continue against the computer
FALLBACK_AFTER = 120.0
#: seconds without any action before a match is dropped
IDLE_EXPIRY = 30 * 60.0
#: how long a token of an ended match still gets told why
ENDED_MEMORY = 10 * 60.0


@dataclass
class Seat:
    """One person's chair in a room (by role; the colour depends on ``Room.swapped``)."""

    #: the seat's secret: "" for a seat read back from a store (which keeps only its hash) until the player resumes
    token: str
    name: str
    address: str
    send: Optional[Send] = None
    absent_since: Optional[float] = None
    rematch: bool = False
    told_can_continue: bool = False
    left: bool = False      # sent leave: the token no longer holds the seat
    #: what the lobby and the store know the token by (:func:`game.net.routing.token_hash`)
    token_hash: str = ""

    def __post_init__(self) -> None:
        if not self.token_hash:
            self.token_hash = token_hash(self.token)


@dataclass
class Room:
    """One match between a host and a guest; the server's only authority."""

    code: str
    length: int
    cube: bool
    clock: Clock
    dice: RecordingDice
    seats: List[Optional[Seat]] = field(default_factory=lambda: [None, None])
    swapped: bool = False   # after an odd number of rematches the host plays Black
    seq: int = 0
    last_action: float = 0.0
    ended: Optional[EndReason] = None
    #: the server runs inside the host's game (told to the players in ``seat``: its going is the host's)
    in_game: bool = False
    match: Match = field(init=False)
    #: the actions since the store last took them: (seq, the event as JSON text)
    journal: List[Tuple[int, str]] = field(default_factory=list, repr=False)
    #: the match as JSON text, made once per state (key: the match object and seq)
    _text_cache: Tuple[int, int, str] = field(default=(0, -1, ""), init=False, repr=False)

    def __post_init__(self) -> None:
        self.match = Match(length=self.length, cube=self.cube, dice=self.dice)
        self.last_action = self.clock()

    # -- who is who ----------------------------------------------------------------------
    def colour(self, role: int) -> int:
        """The engine's player number (0 White, 1 Black) of a role."""
        return role ^ int(self.swapped)

    def role_of(self, colour: int) -> int:
        return colour ^ int(self.swapped)

    def names(self) -> List[str]:
        return [s.name if s else "" for s in (self.seats[self.role_of(0)], self.seats[self.role_of(1)])]

    def connected(self) -> List[bool]:
        return [bool(s and s.send) for s in (self.seats[self.role_of(0)], self.seats[self.role_of(1)])]

    def holds(self, role: int, send: Send) -> bool:
        """Is ``send`` (a connection) the one seated in ``role`` now?  False once
        another connection resumed the seat, or the seat was given up."""
        seat = self.seats[role]
        return seat is not None and seat.send is not None and seat.send == send

    def match_text(self) -> str:
        """The match document (``Match.to_json``) as JSON text, built once per
        state: every sync and the store reuse it until the next change."""
        key, seq, text = self._text_cache
        if key != id(self.match) or seq != self.seq:
            text = json.dumps(self.match.to_json(), separators=(",", ":"))
            self._text_cache = (id(self.match), self.seq, text)
        return text

    # -- messages out ----------------------------------------------------------------------------
    def send_to(self, role: int, text: str) -> None:
        seat = self.seats[role]
        if seat is not None and seat.send is not None:
            seat.send(text)

    def broadcast(self, text: str) -> None:
        for role in (HOST, GUEST):
            self.send_to(role, text)

    def update_text(self, event: JSONObject) -> str:
        """What one intent did, and a short check of the state after it."""
        return server_doc(ServerType.UPDATE, seq=self.seq, event=event, check=check_of(self.match),
                          names=self.names(), connected=self.connected())

    def sync_text(self, event: Optional[JSONObject] = None) -> str:
        """The whole match (on joining, resuming, a rematch, or when a client is behind).
        The match's text is made once per state (:meth:`match_text`); the rest is small."""
        head = server_doc(ServerType.SYNC, seq=self.seq, event=event, names=self.names(), connected=self.connected())
        return f'{head[:-1]},"match":{self.match_text()}}}'

    def seat_text(self, role: int) -> str:
        seat = self.seats[role]
        assert seat is not None
        extra = {"in_game": True} if self.in_game else {}
        return server_doc(ServerType.SEAT, seat=self.colour(role), role="host" if role == HOST else "guest",
                          token=seat.token, code=self.code, **extra)

    def presence_text(self, role: int) -> str:
        return server_doc(ServerType.PRESENCE, connected=self.connected(), can_continue=self.can_continue(role),
                          away=self.away(1 - role))

    def away(self, role: int) -> Optional[str]:
        """Why ``role`` is not here (None: here, or nobody sits there yet)."""
        seat = self.seats[role]
        if seat is None or seat.send is not None:
            return None
        return (AwayReason.LEFT if seat.left else AwayReason.DISCONNECTED).value

    def welcome(self, role: int) -> None:
        """Tell a (re)connected seat who it is and where the match stands."""
        self.send_to(role, self.seat_text(role))
        self.send_to(role, self.sync_text())

    # -- presence ---------------------------------------------------------------------------------
    def attach(self, role: int, send: Send) -> None:
        seat = self.seats[role]
        assert seat is not None
        seat.send, seat.absent_since, seat.told_can_continue = send, None, False
        self.welcome(role)
        self.send_to(1 - role, self.presence_text(1 - role))

    def detach(self, role: int) -> None:
        seat = self.seats[role]
        if seat is None or seat.send is None:
            return
        seat.send, seat.absent_since = None, self.clock()
        other = self.seats[1 - role]
        if other is not None:
            other.told_can_continue = False
        self.send_to(1 - role, self.presence_text(1 - role))

    def can_continue(self, role: int) -> bool:
        """May ``role`` continue against the computer (the opponent gone 2 minutes)?"""
        other = self.seats[1 - role]
        # the cheap questions first: the server's sweep asks this of every seat every second
        if other is None or other.absent_since is None or self.ended is not None:
            return False
        return self.clock() - other.absent_since >= FALLBACK_AFTER and not self.match.over

    def tick(self) -> None:
        """Called now and then: tell a waiting player once the fallback is open."""
        for role in (HOST, GUEST):
            seat = self.seats[role]
            if seat is not None and seat.send and not seat.told_can_continue and self.can_continue(role):
                seat.told_can_continue = True
                self.send_to(role, self.presence_text(role))

    # -- intents -------------------------------------------------------------------------------------
    def handle(self, role: int, msg: ClientMessage) -> None:
        """Apply one intent of ``role`` or raise :class:`ProtocolError`."""
        if self.ended is not None:
            raise ProtocolError(ErrorCode.NOT_NOW, "the match has ended")
        seq = getattr(msg, "seq", None)
        if seq != self.seq:
            raise ProtocolError(ErrorCode.STALE, f"seq {seq} is not the current state {self.seq}")
        if self.seats[GUEST] is None:
            raise ProtocolError(ErrorCode.NOT_NOW, "the guest has not joined yet")
        if isinstance(msg, Rematch):
            self._rematch(role)
            return
        if isinstance(msg, ContinueAlone):
            self._continue_alone(role)
            return
        event = apply_intent(self.match, self.colour(role), msg, self.dice)
        self.seq += 1
        self.last_action = self.clock()
        self.journal.append((self.seq, json.dumps(event, separators=(",", ":"))))
        self.broadcast(self.update_text(event))

    def _rematch(self, role: int) -> None:
        if not self.match.over:
            raise ProtocolError(ErrorCode.NOT_NOW, "a rematch follows a finished match")
        seat = self.seats[role]
        assert seat is not None
        seat.rematch = True
        seats = [s for s in self.seats if s is not None]
        if not all(s.rematch for s in seats):
            self.broadcast(server_doc(ServerType.REMATCH, asked_by=self.colour(role)))
            return
        for s in seats:
            s.rematch = False
        self.swapped = not self.swapped
        self.match = Match(length=self.length, cube=self.cube, dice=self.dice)
        self.seq += 1
        self.last_action = self.clock()
        self.journal.append((self.seq, json.dumps({"kind": EventKind.REMATCH.value}, separators=(",", ":"))))
        for r in (HOST, GUEST):
            self.send_to(r, self.seat_text(r))
        self.broadcast(self.sync_text({"kind": EventKind.REMATCH.value, "player": self.colour(role)}))

    def _continue_alone(self, role: int) -> None:
        other = self.seats[1 - role]
        if not self.can_continue(role) or other is None:
            raise ProtocolError(ErrorCode.NOT_NOW, "the opponent is still here (or has not been gone 2 minutes)")
        self.ended = EndReason.TAKEN_OVER
        takeover = server_doc(ServerType.TAKEOVER, seq=self.seq, seat=self.colour(role))
        self.send_to(role, f'{takeover[:-1]},"match":{self.match_text()}}}')
        seat = self.seats[role]
        assert seat is not None
        seat.send = None  # the claimant plays on alone: nothing more goes to it

    def end(self, reason: EndReason) -> None:
        """End the match for both (the server forgets it)."""
        if self.ended is None:
            self.ended = reason
        self.broadcast(server_doc(ServerType.ENDED, reason=reason.value))


class Lobby:
    """Every room of a server, found by invite code or seat token, with the
    per-address limit and the idle expiry.  What changed since the last
    :meth:`take_changes` (rooms to save, codes to forget) is noted for the
    server's store."""

    def __init__(self, clock: Clock, max_matches_per_address: int = 8, idle_expiry: float = IDLE_EXPIRY,
                 dice: Optional[Callable[[], DiceSource]] = None):
        self.clock = clock
        self.max_per_address = max_matches_per_address
        self.idle_expiry = idle_expiry
        self.dice_factory: Callable[[], DiceSource] = dice or SystemDice
        self.rooms: Dict[str, Room] = {}
        self.tokens: Dict[str, Tuple[Room, int]] = {}
        self.ended_tokens: Dict[str, Tuple[EndReason, float]] = {}
        self.changed: Set[str] = set()
        self.removed: Set[str] = set()
        #: the tokens (hashes) that stopped holding a seat since :meth:`take_forgotten`, and why
        self.forgotten: List[Tuple[str, str]] = []
        #: this server runs inside a player's game (its host's): each room says so to its players
        self.in_game = False

    def hosted_by(self, address: str) -> int:
        """The matches ``address`` hosts that count against its limit: a host
        gone for the fallback time (:data:`FALLBACK_AFTER`) no longer counts."""
        now = self.clock()
        hosts = (r.seats[HOST] for r in self.rooms.values())
        return sum(1 for seat in hosts if seat is not None and seat.address == address
                   and (seat.absent_since is None or now - seat.absent_since < FALLBACK_AFTER))

    def new_dice(self) -> RecordingDice:
        return RecordingDice(self.dice_factory())

    def create(self, address: str, msg: Create, send: Send) -> Tuple[Room, int]:
        if self.hosted_by(address) >= self.max_per_address:
            raise ProtocolError(ErrorCode.TOO_MANY_MATCHES, f"at most {self.max_per_address} matches per address")
        code = msg.code
        if code is not None and code in self.rooms:
            raise ProtocolError(ErrorCode.CODE_TAKEN, "this code is another match's: propose another")
        while code is None or code in self.rooms:
            code = new_code()
        room = Room(code, msg.length, msg.cube, self.clock, self.new_dice())
        token = new_token(code)
        room.seats[HOST] = Seat(token, msg.name, address)
        self.add(room)
        room.attach(HOST, send)
        return room, HOST

    def add(self, room: Room) -> None:
        """Hold ``room`` (a new one, or one read back from the store)."""
        room.in_game = self.in_game
        self.rooms[room.code] = room
        for role, seat in enumerate(room.seats):
            if seat is not None and not seat.left:
                self.tokens[seat.token_hash] = (room, role)
        self.changed.add(room.code)

    def join(self, msg: Join, send: Send, address: str = "") -> Tuple[Room, int]:
        room = self.rooms.get(msg.code)
        if room is None:
            raise ProtocolError(ErrorCode.UNKNOWN_CODE, "no match waits with this code")
        if room.seats[GUEST] is not None:
            raise ProtocolError(ErrorCode.MATCH_FULL, "this match already has two players")
        token = new_token(room.code)
        guest = room.seats[GUEST] = Seat(token, msg.name, address)
        self.tokens[guest.token_hash] = (room, GUEST)
        room.last_action = self.clock()
        self.changed.add(room.code)
        room.attach(GUEST, send)
        room.send_to(HOST, room.sync_text())  # the host learns who joined
        return room, GUEST

    def resume(self, token: str, send: Send) -> Tuple[Room, int]:
        """Seat ``send`` in the chair of ``token``; the connection that held it
        is told ``ended: replaced`` and holds nothing from then on.  A token
        this server does not hold gets ``ended`` (why, if it still knows:
        else ``match_gone``) and the error ``unknown_token``."""
        hashed = token_hash(token)
        found = self.tokens.get(hashed)
        if found is None:
            gone = self.ended_tokens.get(hashed)
            send(server_doc(ServerType.ENDED, reason=(gone[0] if gone else EndReason.MATCH_GONE).value))
            raise ProtocolError(ErrorCode.UNKNOWN_TOKEN, "this seat is not held here (the match is gone)")
        room, role = found
        seat = room.seats[role]
        assert seat is not None
        if seat.send is not None:
            seat.send(server_doc(ServerType.ENDED, reason=EndReason.REPLACED.value))
        seat.send, seat.token = None, token
        room.attach(role, send)
        return room, role

    def leave(self, room: Room, role: int) -> None:
        """A player leaves for good: the host ends the match; a guest frees the other
        to continue against the computer at once."""
        if role == HOST or room.ended is not None or room.seats[GUEST] is None:
            self.close(room, EndReason.HOST_LEFT)
            return
        seat = room.seats[GUEST]
        assert seat is not None
        room.send_to(GUEST, server_doc(ServerType.ENDED, reason=EndReason.GUEST_LEFT.value))  # the leaver's answer
        seat.send, seat.absent_since, seat.left = None, room.clock() - FALLBACK_AFTER, True
        self._forget_token(seat.token_hash, EndReason.GUEST_LEFT)
        self.changed.add(room.code)
        room.tick()

    def close(self, room: Room, reason: EndReason) -> None:
        room.end(reason)
        log.info("match %s ended: %s", room.code, reason.value,
                 extra={"event": "ended", "code": room.code, "reason": reason.value})
        if self.rooms.pop(room.code, None) is not None:
            self.removed.add(room.code)
            self.changed.discard(room.code)
        for seat in room.seats:
            if seat is not None:
                self._forget_token(seat.token_hash, reason)

    def release(self, room: Room) -> None:
        """Forget ``room`` here without ending it: it stays in the store, for
        whichever server process a player reaches next (a drain, or another
        process asked for it)."""
        self.rooms.pop(room.code, None)
        for seat in room.seats:
            if seat is not None:
                self.tokens.pop(seat.token_hash, None)
        self.changed.discard(room.code)
        room.journal.clear()

    def _forget_token(self, hashed: str, reason: EndReason) -> None:
        if self.tokens.pop(hashed, None) is not None:
            self.ended_tokens[hashed] = (reason, self.clock())
            self.forgotten.append((hashed, reason.value))

    def after_takeover(self, room: Room) -> None:
        if room.ended is EndReason.TAKEN_OVER:
            self.close(room, EndReason.TAKEN_OVER)

    def sweep(self) -> None:
        """Expire idle rooms and old tombstones; open the fallback where due;
        drop a match nobody joined whose host has been gone the fallback time."""
        now = self.clock()
        for room in list(self.rooms.values()):
            host = room.seats[HOST]
            abandoned = (room.seats[GUEST] is None and host is not None and host.absent_since is not None
                         and now - host.absent_since >= FALLBACK_AFTER)
            if now - room.last_action >= self.idle_expiry or abandoned:
                self.close(room, EndReason.EXPIRED)
            else:
                room.tick()
        for token, (_, when) in list(self.ended_tokens.items()):
            if now - when >= ENDED_MEMORY:
                del self.ended_tokens[token]

    def dispatch(self, room: Room, role: int, msg: ClientMessage) -> None:
        room.handle(role, msg)
        self.changed.add(room.code)
        self.after_takeover(room)

    def take_forgotten(self) -> List[Tuple[str, str]]:
        """The tokens forgotten since the last call: (hash, why) (for a shared store)."""
        out, self.forgotten = self.forgotten, []
        return out

    def take_changes(self) -> Tuple[List[Room], List[str]]:
        """The rooms changed and the codes removed since the last call (for the store)."""
        rooms = [self.rooms[c] for c in sorted(self.changed) if c in self.rooms]
        removed = sorted(self.removed)
        self.changed, self.removed = set(), set()
        return rooms, removed


def summary(text: str) -> Dict[str, Any]:
    """The JSON object of a server message (for tests and tools)."""
    doc: Dict[str, Any] = json.loads(text)
    return doc
