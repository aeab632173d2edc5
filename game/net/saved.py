"""A room as a record the server's store keeps, and back: who sits where
(the tokens' hashes, names), the colours, the state counter and the match document.

A record may be older than the match: a shared store
(:mod:`game.net.cluster`) writes the whole record only now and then and
each action alone in between; :func:`room_from_record` then replays the
actions written after the record (``actions``) through the engine, with the
very dice the server drew, so that the rules live in one place.

The match's text is the room's own (:meth:`Room.match_text`, made once per
state), so saving a room costs no second serialisation.  Times are saved as
wall-clock seconds (a restarted server's monotonic clock starts afresh); a
seat read back is absent from the moment the server starts.

>>> from .rooms import Room, Seat
>>> from .intents import RecordingDice
>>> from engine import SeededDice
>>> clock = lambda: 50.0
>>> room = Room("ABCDEFGHJK", 3, True, clock, RecordingDice(SeededDice(1)))
>>> room.seats[0] = Seat("t" * 32, "Ann", "127.0.0.1")
>>> back = room_from_record(room_record(room, wall=1000.0), clock, RecordingDice(SeededDice(2)), wall=1010.0)
>>> back.code, back.length, back.seats[0].name, back.match.to_json() == room.match.to_json()
('ABCDEFGHJK', 3, 'Ann', True)
>>> back.last_action, back.seats[0].absent_since
(40.0, 50.0)
"""

from __future__ import annotations

import json
from typing import Any, Dict, Optional, Sequence, Tuple

from engine import BackgammonError, Match

from .inbound import Event
from .intents import RecordingDice
from .mirror import FeedDice, replay
from .names import clean_name
from .rooms import Clock, Room, Seat
from .routing import token_hash

#: the layout of a record (2: seat tokens kept as their hashes); 1 is read too, another is not
RECORD_SCHEMA = 2


class RecordError(ValueError):
    """A record that cannot be a room (damaged, or of another layout)."""


def _seat_doc(seat: Optional[Seat]) -> Optional[Dict[str, Any]]:
    if seat is None:
        return None
    return {"token_hash": seat.token_hash, "name": seat.name, "address": seat.address, "rematch": seat.rematch,
            "left": seat.left}


def room_record(room: Room, wall: float) -> str:
    """``room`` as JSON text (``wall``: the wall clock now, seconds)."""
    head = json.dumps({"schema": RECORD_SCHEMA, "code": room.code, "length": room.length, "cube": room.cube,
                       "swapped": room.swapped, "seq": room.seq,
                       "last_action": wall - (room.clock() - room.last_action),
                       "seats": [_seat_doc(s) for s in room.seats]}, separators=(",", ":"))
    return f'{head[:-1]},"match":{room.match_text()}}}'


def _seat(doc: Any, now: float) -> Optional[Seat]:
    if doc is None:
        return None
    if "token" in doc:  # a record of layout 1 kept the token itself
        doc = {**doc, "token_hash": token_hash(str(doc["token"]))}
    hashed, name, address = doc["token_hash"], doc["name"], doc["address"]
    if not all(isinstance(x, str) for x in (hashed, name, address)) or len(hashed) != 64:
        raise RecordError("a seat's token hash, name and address are text")
    seat = Seat("", clean_name(name), address, absent_since=now, token_hash=hashed)
    seat.rematch, seat.left = bool(doc["rematch"]), bool(doc["left"])
    return seat


def room_from_record(text: str, clock: Clock, dice: RecordingDice, wall: float,
                     actions: Sequence[Tuple[int, str, float]] = ()) -> Room:
    """The room saved as ``text``, on a server whose clock is ``clock`` (wall time now: ``wall``),
    with ``actions`` (seq, event JSON, wall time written) done after it replayed;
    :class:`RecordError` if it cannot be one."""
    try:
        doc = json.loads(text)
        if not isinstance(doc, dict) or doc.get("schema") not in (1, RECORD_SCHEMA):
            raise RecordError(f"not a room record of layout {RECORD_SCHEMA}")
        room = Room(str(doc["code"]), int(doc["length"]), bool(doc["cube"]), clock, dice)
        now = clock()
        room.swapped, room.seq = bool(doc["swapped"]), int(doc["seq"])
        room.last_action = now - max(0.0, wall - float(doc["last_action"]))
        seats = doc["seats"]
        if not isinstance(seats, list) or len(seats) != 2 or seats[0] is None:
            raise RecordError("a room has a host and a place for a guest")
        room.seats = [_seat(seats[0], now), _seat(seats[1], now)]
        room.match = Match.from_json(doc["match"], dice=dice)
        if actions:
            replay_actions(room, actions, wall)
        return room
    except RecordError:
        raise
    except Exception as exc:  # a damaged record is anything the engine or Python refuses
        raise RecordError(f"{exc.__class__.__name__}: {str(exc)[:120]}") from None


def replay_actions(room: Room, actions: Sequence[Tuple[int, str, float]], wall: float) -> None:
    """Do to ``room`` the actions committed after its record, in order: (seq,
    event JSON, wall time written); each must follow the one before
    (:class:`RecordError` otherwise, or if the engine refuses one)."""
    feed = FeedDice()
    now = room.clock()
    for seq, text, at in actions:
        if seq <= room.seq:
            continue  # (already in the record)
        if seq != room.seq + 1:
            raise RecordError(f"action {seq} follows the state {room.seq}")
        doc = json.loads(text)
        kind = str(doc["kind"])
        if kind == "rematch":
            room.swapped = not room.swapped
            room.match = Match(length=room.length, cube=room.cube, dice=room.dice)
            for seat in room.seats:
                if seat is not None:
                    seat.rematch = False
        else:
            event = Event(kind, int(doc.get("player", 0)), drawn=tuple(int(d) for d in doc.get("drawn", ())),
                          steps=tuple((int(a), int(b)) for a, b in doc.get("steps", ())),
                          level=str(doc.get("level", "")))
            match = room.match
            match.dice_source = match.game.dice_source = feed
            try:
                replay(match, event, feed)
            except BackgammonError as exc:
                raise RecordError(f"action {seq} refused by the engine: {exc}") from None
            finally:
                match.dice_source = match.game.dice_source = room.dice
        room.seq = seq
        room.last_action = max(room.last_action, now - max(0.0, wall - at))
