"""A room as a record the server's store keeps, and back: who sits where
(tokens, names), the colours, the state counter and the match document.

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

#: the layout of a record; another one is not read
RECORD_SCHEMA = 1


class RecordError(ValueError):
    """A record that cannot be a room (damaged, or of another layout)."""


def _seat_doc(seat: Optional[Seat]) -> Optional[Dict[str, Any]]:
    if seat is None:
        return None
    return {"token": seat.token, "name": seat.name, "address": seat.address, "rematch": seat.rematch,
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
    token, name, address = doc["token"], doc["name"], doc["address"]
    if not all(isinstance(x, str) for x in (token, name, address)):
        raise RecordError("a seat's token, name and address are text")
    seat = Seat(token, clean_name(name), address, absent_since=now)
    seat.rematch, seat.left = bool(doc["rematch"]), bool(doc["left"])
    return seat


def room_from_record(text: str, clock: Clock, dice: RecordingDice, wall: float) -> Room:
    """The room saved as ``text``, on a server whose clock is ``clock`` (wall time now: ``wall``);
    :class:`RecordError` if it cannot be one."""
    try:
        doc = json.loads(text)
        if not isinstance(doc, dict) or doc.get("schema") != RECORD_SCHEMA:
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
