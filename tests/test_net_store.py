"""Matches outlive the server's process: the SQLite store, a restart on it,
resuming with the saved tokens, atomic writes, a damaged store set aside."""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import subprocess
import sys
import time
from typing import Any, Dict, Optional

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from engine import Match
from game.net.protocol import Create, Join, Play, Resume, Roll, encode
from game.net.server import Limits, ServerThread
from game.net.store import RoomStore
from tests.net_support import FakeClock

pytestmark = pytest.mark.filterwarnings("ignore:connect\\(\\) must be used:DeprecationWarning")


def recv(ws: ClientConnection, kind: str, timeout: float = 5.0) -> Dict[str, Any]:
    end = time.monotonic() + timeout
    while True:
        doc: Dict[str, Any] = json.loads(ws.recv(timeout=max(0.01, end - time.monotonic())))
        if doc["type"] == kind:
            return doc


def serve(store: str, clock: FakeClock, port: int = 0) -> ServerThread:
    thread = ServerThread("127.0.0.1", port, clock=clock, limits=Limits(rate=1000, burst=1000), store=store)
    thread.start()
    return thread


def act(ws: ClientConnection, state: Dict[str, Any], seq: int) -> None:
    """The first legal action of the player on ``ws`` in the match ``state`` (as a sync's match)."""
    match = Match.from_json(state)
    game = match.game
    if game.phase in ("opening", "roll"):
        ws.send(encode(Roll(seq)))
    else:
        assert game.current_turn is not None
        ws.send(encode(Play(seq, tuple(game.current_turn.legal_plays[0]))))


def play_turns(players: Dict[int, ClientConnection], url_thread: ServerThread, code: str, turns: int) -> int:
    """Roll and play ``turns`` actions through the server; returns the seq reached."""
    room = url_thread.server.lobby.rooms[code]
    for _ in range(turns):
        seq = room.seq
        game = room.match.game
        who = 0 if game.phase == "opening" else game.to_act
        act(players[room.role_of(who)], room.match.to_json(), seq)
        for ws in players.values():
            assert recv(ws, "update")["seq"] == seq + 1
    return room.seq


def test_a_restarted_server_resumes_its_matches(tmp_path):
    path = str(tmp_path / "matches.db")
    clock = FakeClock()
    first = serve(path, clock)
    url = f"ws://127.0.0.1:{first.port}"
    host, guest = connect(url), connect(url)
    host.send(encode(Create(3, True, "Ann")))
    seat_host = recv(host, "seat")
    guest.send(encode(Join(seat_host["code"], "Bob")))
    seat_guest = recv(guest, "seat")
    recv(host, "sync")
    seq = play_turns({0: host, 1: guest}, first, seat_host["code"], 5)
    room = first.server.lobby.rooms[seat_host["code"]]
    before = json.loads(room.match_text())
    names = room.names()
    first.stop()  # saves, closes the connections (1012) without ended
    for ws in (host, guest):
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                assert json.loads(ws.recv(timeout=5))["type"] != "ended"
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012
        ws.close()

    second = serve(path, clock)
    try:
        url = f"ws://127.0.0.1:{second.port}"
        with connect(url) as host, connect(url) as guest:
            host.send(encode(Resume(seat_host["token"])))
            assert recv(host, "seat") == seat_host
            synced = recv(host, "sync")
            assert synced["seq"] == seq and synced["match"] == before and synced["names"] == names
            assert synced["connected"] == [True, False]
            guest.send(encode(Resume(seat_guest["token"])))
            assert recv(guest, "seat")["token"] == seat_guest["token"]
            assert recv(guest, "sync")["match"] == before
            # the match goes on where it was
            assert play_turns({0: host, 1: guest}, second, seat_host["code"], 3) == seq + 3
    finally:
        second.stop()


def test_a_token_of_a_match_the_server_does_not_hold_is_told_match_gone(tmp_path):
    thread = serve(str(tmp_path / "m.db"), FakeClock())
    try:
        with connect(f"ws://127.0.0.1:{thread.port}") as ws:
            ws.send(encode(Resume("x" * 32)))
            assert recv(ws, "ended")["reason"] == "match_gone"
            assert recv(ws, "error")["code"] == "unknown_token"
    finally:
        thread.stop()


def test_an_ended_match_is_not_read_back(tmp_path):
    path = str(tmp_path / "m.db")
    clock = FakeClock()
    thread = serve(path, clock)
    url = f"ws://127.0.0.1:{thread.port}"
    with connect(url) as host:
        host.send(encode(Create(1, False, "Ann")))
        recv(host, "seat")
        host.send(json.dumps({"v": 1, "type": "leave"}))
        time.sleep(0.1)
    thread.call(thread.server.sweep)
    thread.stop()
    assert RoomStore(path).load() == []


_CRASH = """
import os, sys
from game.net.store import RoomStore
store = RoomStore(sys.argv[1])
def records():
    yield ("AAAAAAAAAA", "second")
    os._exit(3)  # the process dies in the middle of the write
store.save(records(), ["BBBBBBBBBB"])
"""


def test_a_crash_in_the_middle_of_a_write_leaves_the_last_state(tmp_path):
    path = str(tmp_path / "m.db")
    store = RoomStore(path)
    store.save([("AAAAAAAAAA", "first"), ("BBBBBBBBBB", "kept")])
    store.close()
    env = dict(os.environ, PYTHONPATH=os.getcwd())
    done = subprocess.run([sys.executable, "-c", _CRASH, path], env=env, timeout=60)
    assert done.returncode == 3
    assert sorted(RoomStore(path).load()) == [("AAAAAAAAAA", "first"), ("BBBBBBBBBB", "kept")]


def test_a_damaged_store_is_set_aside_and_the_server_serves(tmp_path, caplog):
    path = tmp_path / "m.db"
    path.write_bytes(b"this is not a database\n" * 200)
    with caplog.at_level(logging.ERROR, logger="game.net.store"):
        thread = serve(str(path), FakeClock())
    try:
        aside = [p for p in os.listdir(tmp_path) if p.startswith("m.db.damaged-")]
        assert aside and (tmp_path / aside[0]).read_bytes().startswith(b"this is not a database")
        assert any("set aside" in r.getMessage() and aside[0] in r.getMessage() for r in caplog.records)
        with connect(f"ws://127.0.0.1:{thread.port}") as ws:
            ws.send(encode(Create(1, False, "Ann")))
            assert recv(ws, "seat")["role"] == "host"
    finally:
        thread.stop()
    assert len(RoomStore(str(path)).load()) == 1  # the new store works


def test_a_damaged_match_is_dropped_and_the_others_are_read(tmp_path, caplog):
    path = str(tmp_path / "m.db")
    clock = FakeClock()
    thread = serve(path, clock)
    with connect(f"ws://127.0.0.1:{thread.port}") as ws:
        ws.send(encode(Create(1, False, "Ann")))
        seat = recv(ws, "seat")
    thread.stop()
    db = sqlite3.connect(path)
    with db:
        db.execute("INSERT INTO rooms VALUES ('ZZZZZZZZZZ', '{\"schema\": 1, \"code\": 5}')")
    db.close()
    with caplog.at_level(logging.WARNING, logger="game.net.store"):
        again = serve(path, clock)
    try:
        assert set(again.server.lobby.rooms) == {seat["code"]}
        assert any("ZZZZZZZZZZ" in r.getMessage() for r in caplog.records)
    finally:
        again.stop()
    assert [code for code, _ in RoomStore(path).load()] == [seat["code"]]


def test_a_store_that_cannot_be_opened_is_a_clear_error(tmp_path):
    # (on the default event loop, uvloop where it is installed, without changing this process's loop policy)
    import asyncio

    from game.server import main

    policy = asyncio.get_event_loop_policy()
    missing = tmp_path / "no" / "such" / "dir" / "m.db"
    out: Optional[int] = main(["--host", "127.0.0.1", "--port", "0", "--store", str(missing)])
    assert out == 1
    assert asyncio.get_event_loop_policy() is policy


def test_the_store_keeps_token_hashes_and_reads_records_of_layout_1(tmp_path):
    import sqlite3

    from game.net.routing import token_hash

    path = str(tmp_path / "matches.db")
    clock = FakeClock()
    first = serve(path, clock)
    url = f"ws://127.0.0.1:{first.port}"
    host = connect(url)
    host.send(encode(Create(1, False, "Ann")))
    seat = recv(host, "seat")
    first.stop()
    host.close()
    db = sqlite3.connect(path)
    record = json.loads(db.execute("SELECT record FROM rooms").fetchone()[0])
    assert seat["token"] not in json.dumps(record) and record["schema"] == 2
    assert record["seats"][0]["token_hash"] == token_hash(seat["token"])
    # the same room as a server of the layout before wrote it: the token itself
    old = dict(record, schema=1, seats=[{k: v for k, v in record["seats"][0].items() if k != "token_hash"}
                                         | {"token": seat["token"]}, None])
    with db:
        db.execute("UPDATE rooms SET record = ?", (json.dumps(old),))
    db.close()
    second = serve(path, clock)
    try:
        with connect(f"ws://127.0.0.1:{second.port}") as again:
            again.send(encode(Resume(seat["token"])))
            assert recv(again, "seat") == seat
    finally:
        second.stop()
