"""A match read back from a record older than it, with the actions written
after the record replayed through the engine (game/net/saved.py: a shared
store writes the whole record only now and then, each action alone in between)."""

from __future__ import annotations

import json
import random
from typing import Dict, List, Tuple

import pytest

from engine import SeededDice
from game.net.intents import RecordingDice
from game.net.protocol import Create, Join, Rematch
from game.net.rooms import GUEST, HOST, Lobby, Room
from game.net.saved import RecordError, room_from_record, room_record
from tests.net_support import intent


def _played(seed: int, rematches: int = 2) -> Tuple[Room, Dict[int, str], List[Tuple[int, str, float]]]:
    """A one-point match played out (then rematched and played again), with a
    record taken before every action: (the records by seq, and the journal)."""
    rng = random.Random(seed)
    lobby = Lobby(clock=lambda: 100.0, dice=lambda: SeededDice(seed))
    room, _ = lobby.create("127.0.0.1", Create(1, False, "Ann"), lambda text: None)
    lobby.join(Join(room.code, "Bob"), lambda text: None)
    records = {room.seq: room_record(room, 1000.0)}
    journal: List[Tuple[int, str, float]] = []
    for _ in range(rematches + 1):
        while not room.match.over:
            for role in (HOST, GUEST):
                msg = intent(room.match, room.colour(role), room.seq, rng)
                if msg is not None:
                    break
            assert msg is not None
            room.handle(role, msg)
            journal.extend((seq, text, 1000.0) for seq, text in room.journal)
            room.journal.clear()
            records[room.seq] = room_record(room, 1000.0)
        if _ < rematches:
            room.handle(HOST, Rematch(room.seq))
            room.handle(GUEST, Rematch(room.seq))
            journal.extend((seq, text, 1000.0) for seq, text in room.journal)
            room.journal.clear()
            records[room.seq] = room_record(room, 1000.0)
    return room, records, journal


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_record_and_the_actions_after_it_make_the_match_again(seed):
    room, records, journal = _played(seed)
    assert len(journal) > 20 and any(json.loads(t)["kind"] == "rematch" for _, t, _ in journal)
    for at in sorted(records)[:: max(1, len(records) // 12)] + [0]:
        back = room_from_record(records[at], lambda: 100.0, RecordingDice(SeededDice(9)), 1000.0,
                                [a for a in journal if a[0] > at])
        assert back.seq == room.seq and back.swapped == room.swapped
        assert back.match_text() == room.match_text(), at
        assert json.loads(room_record(back, 1000.0)) == json.loads(records[room.seq])


def test_actions_already_in_the_record_are_skipped_and_a_gap_is_refused():
    room, records, journal = _played(4, rematches=0)
    back = room_from_record(records[5], lambda: 100.0, RecordingDice(SeededDice(9)), 1000.0, journal)
    assert back.match_text() == room.match_text()  # (1..5 were in the record already)
    with pytest.raises(RecordError, match="follows"):
        room_from_record(records[5], lambda: 100.0, RecordingDice(SeededDice(9)), 1000.0, journal[6:])


def test_an_action_the_engine_refuses_is_a_damaged_record():
    room, records, journal = _played(5, rematches=0)
    seq, text, at = journal[3]
    doc = json.loads(text)
    wrong = {"kind": "play", "player": doc.get("player", 0), "steps": [[24, 1]]} if doc["kind"] != "play" else \
        {**doc, "steps": [[1, 24]]}
    with pytest.raises(RecordError, match="refused"):
        room_from_record(records[seq - 1], lambda: 100.0, RecordingDice(SeededDice(9)), 1000.0,
                         [(seq, json.dumps(wrong), at)])


def test_the_time_of_the_last_action_comes_from_when_it_was_written():
    room, records, journal = _played(6, rematches=0)
    last = journal[-1]
    back = room_from_record(records[last[0] - 1], lambda: 100.0, RecordingDice(SeededDice(9)), 1010.0,
                            [(last[0], last[1], 1004.0)])
    assert back.last_action == pytest.approx(94.0)  # written 6 s before the wall's now
