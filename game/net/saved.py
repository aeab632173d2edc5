"""A room as a record the server's store keeps, and back: who sits where
(the tokens' hashes, names), the colours, the state counter and the match document.

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
from typing import Any, Dict, Optional

from engine import Match

from .intents import RecordingDice
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


def room_from_record(text: str, clock: Clock, dice: RecordingDice, wall: float) -> Room:
    """The room saved as ``text``, on a server whose clock is ``clock`` (wall time now: ``wall``);
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
        return room
    except RecordError:
        raise
    except Exception as exc:  # a damaged record is anything the engine or Python refuses
        raise RecordError(f"{exc.__class__.__name__}: {str(exc)[:120]}") from None
