"""The server against hostile clients: malformed, oversized, out-of-turn and
replayed messages never crash it or stall it (hypothesis), rate limits,
per-address limits."""

from __future__ import annotations

import json
import random
from typing import List, Optional, Tuple

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.sync.client import connect

from game.net.protocol import MAX_CLIENT_MESSAGE, Create, Join, Ping, encode
from game.net.rooms import Room
from game.net.server import FRAME_LIMIT, Limits, MatchServer
from tests.net_support import FakeClock, intent, start_server

TYPES = ["create", "join", "resume", "roll", "play", "double", "take", "drop", "resign", "accept",
         "reject", "next", "rematch", "continue", "leave", "sync", "ping", "bogus"]
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**40, 2**40) | st.text(max_size=20) | st.floats(allow_nan=False),
    lambda kids: st.lists(kids, max_size=5) | st.dictionaries(st.text(max_size=8), kids, max_size=5),
    max_leaves=20,
)


@st.composite
def hostile(draw: st.DrawFn) -> str:
    """Any of: junk bytes, JSON of any shape, a message of a known type with
    fields of any type, an oversized one, a valid intent with any seq."""
    kind = draw(st.integers(0, 5))
    if kind == 0:
        return draw(st.text(max_size=60))
    if kind == 1:
        return json.dumps(draw(json_values))
    if kind == 2:
        doc = {"v": draw(st.sampled_from([1, 1, 1, 2, "1", True, None])), "type": draw(st.sampled_from(TYPES))}
        doc.update(draw(st.dictionaries(st.sampled_from(["seq", "steps", "level", "code", "token", "name",
                                                         "length", "cube", "nonce", "extra"]), json_values, max_size=4)))
        return json.dumps(doc)
    if kind == 3:
        pad = "x" * draw(st.integers(MAX_CLIENT_MESSAGE, 2 * MAX_CLIENT_MESSAGE))
        return json.dumps({"v": 1, "type": "ping", "nonce": 1, "pad": pad})
    if kind == 4:
        steps = draw(st.lists(st.tuples(st.integers(0, 25), st.integers(0, 25)), max_size=4))
        seq = draw(st.integers(0, 40))
        return json.dumps({"v": 1, "type": "play", "seq": seq, "steps": [list(s) for s in steps]})
    t = draw(st.sampled_from(["roll", "double", "take", "drop", "accept", "reject", "next", "rematch", "continue"]))
    return json.dumps({"v": 1, "type": t, "seq": draw(st.integers(0, 40))})


class Conn:
    """One client of the in-process server, as the server sees it (no sockets)."""

    def __init__(self, server: MatchServer, address: str):
        self.server, self.address = server, address
        self.seat: Optional[Tuple[Room, int]] = None
        self.got: List[dict] = []

    def send(self, text: str) -> None:
        self.got.append(json.loads(text))  # every reply is valid JSON

    def say(self, raw: str) -> None:
        self.seat = self.server.handle_text(raw, self.address, self.seat, self.send)


@pytest.mark.slow
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(script=st.lists(st.tuples(st.integers(0, 2), st.booleans(), hostile()), max_size=40), seed=st.integers(0, 99))
def test_hostile_messages_get_replies_and_change_nothing_they_should_not(script, seed):
    server = MatchServer(clock=FakeClock(), limits=Limits(rate=1e9, burst=1e9))
    host, guest, stranger = Conn(server, "127.0.0.1"), Conn(server, "127.0.0.2"), Conn(server, "127.0.0.3")
    host.say(encode(Create(1, True, "H")))
    code = host.seat[0].code
    guest.say(encode(Join(code, "G")))
    room = host.seat[0]
    rng = random.Random(seed)
    conns = [host, guest, stranger]
    for who, play_fair, raw in script:
        conn = conns[who]
        before = json.dumps(room.match.to_json())
        seq_before = room.seq
        n = len(conn.got)
        if play_fair and conn.seat is not None:  # a fair move now and then keeps the game going
            fair = intent(room.match, room.colour(conn.seat[1]), room.seq, rng)
            if fair is not None:
                conn.say(encode(fair))
                continue
        conn.say(raw)
        assert len(conn.got) > n or room.seq > seq_before, "every message is answered"
        if room.seq == seq_before:  # refused: nothing changed
            assert json.dumps(room.match.to_json()) == before
            assert conn.got[-1]["type"] in ("error", "sync", "pong", "seat", "presence", "rematch", "ended")
    # the match the server holds is still a valid one
    from engine import Match
    assert Match.from_json(room.match.to_json()).to_json() == room.match.to_json()


def test_replayed_and_out_of_turn_intents_are_refused():
    server = MatchServer(clock=FakeClock())
    host, guest = Conn(server, "a"), Conn(server, "b")
    host.say(encode(Create(1, False, "H")))
    guest.say(encode(Join(host.seat[0].code, "G")))
    room = host.seat[0]
    roll = json.dumps({"v": 1, "type": "roll", "seq": 0})
    host.say(roll)
    assert room.seq == 1
    mover, waiter = (host, guest) if room.match.game.turn == 0 else (guest, host)
    before = room.match.to_json()
    mover.say(roll)  # replayed
    assert mover.got[-2]["code"] == "stale" and mover.got[-1]["type"] == "sync"
    waiter.say(json.dumps({"v": 1, "type": "play", "seq": 1, "steps": []}))  # not its turn
    assert waiter.got[-1]["code"] == "not_your_turn"
    mover.say(json.dumps({"v": 1, "type": "play", "seq": 1, "steps": [[24, 0]]}))
    assert mover.got[-1]["code"] == "illegal"
    assert room.match.to_json() == before and room.seq == 1


@pytest.fixture(scope="module")
def live_server():
    thread, url = start_server(limits=Limits(rate=1e6, burst=1e6))
    yield url
    thread.stop()


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(samples=st.lists(hostile(), min_size=1, max_size=8), binary=st.booleans())
def test_a_real_server_answers_hostile_frames_and_stays_up(live_server, samples, binary):
    with connect(live_server, max_size=None) as ws:
        for raw in samples:
            ws.send(raw.encode() if binary else raw)
            reply = json.loads(ws.recv(timeout=5))
            assert reply["type"] in ("error", "seat", "sync", "pong", "presence", "ended")
        ws.send(encode(Ping(9)))  # not stalled: the connection is still served
        while json.loads(ws.recv(timeout=5))["type"] != "pong":
            pass


def test_an_oversized_frame_closes_only_its_connection():
    thread, url = start_server(limits=Limits())
    try:
        # a frame over the WebSocket limit closes that connection only
        with connect(url, max_size=None) as ws:
            ws.send("x" * (FRAME_LIMIT + 1))
            with pytest.raises(ConnectionClosed):
                ws.recv(timeout=5)
        with connect(url) as ws:  # the server still answers
            ws.send(encode(Ping(5)))
            assert json.loads(ws.recv(timeout=5)) == {"v": 1, "type": "pong", "nonce": 5}
    finally:
        thread.stop()


def test_rate_limit_answers_then_closes_a_flooding_connection():
    from game.net.server import MAX_STRIKES

    thread, url = start_server(limits=Limits(rate=0.001, burst=10))
    try:
        with connect(url) as ws:
            # exactly as many as it takes (more would be unread when it closes, and reset the connection)
            for i in range(10 + MAX_STRIKES):
                ws.send(encode(Ping(i)))
            kinds = []
            with pytest.raises(ConnectionClosed):
                while True:
                    kinds.append(json.loads(ws.recv(timeout=5))["type"])
            assert kinds == ["pong"] * 10 + ["error"] * MAX_STRIKES
        with connect(url) as ws:  # another connection is served
            ws.send(encode(Ping(1)))
            assert json.loads(ws.recv(timeout=5))["type"] == "pong"
    finally:
        thread.stop()


def test_matches_and_connections_per_address_are_limited():
    thread, url = start_server(limits=Limits(matches_per_address=2, connections_per_address=3))
    try:
        socks = [connect(url) for _ in range(3)]
        replies = []
        for i, ws in enumerate(socks):
            ws.send(encode(Create(1, False, f"P{i}")))
            replies.append(json.loads(ws.recv(timeout=5)))
        assert [r["type"] for r in replies] == ["seat", "seat", "error"]
        assert replies[2]["code"] == "too_many_matches"
        with pytest.raises((ConnectionClosed, InvalidHandshake, OSError)):
            with connect(url, open_timeout=5) as extra:  # a fourth connection: closed at accept
                extra.recv(timeout=5)
        for ws in socks:
            ws.close()
    finally:
        thread.stop()
