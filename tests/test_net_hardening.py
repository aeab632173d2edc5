"""The match server against players who stall it, hold seats they lost,
send hostile names or hold connections without a handshake."""

from __future__ import annotations

import json
import socket
import time
from typing import Any, Dict, List

import pytest
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.sync.client import ClientConnection, connect

import engine
from game.net.budget import ConnectionBudget
from game.net.inbound import Synced, parse_server
from game.net.names import clean_name, is_clean
from game.net.protocol import Create, Join, Ping, Resume, Roll, Sync, encode, parse_client
from game.net.rooms import FALLBACK_AFTER, HOST, Lobby
from game.net.server import Limits, MatchServer
from tests.net_support import FakeClock, start_server
from tests.test_net_fuzz import Conn

pytestmark = pytest.mark.filterwarnings("ignore:connect\\(\\) must be used:DeprecationWarning")
HOSTILE = "\u202eevil\u200b\u200d\u2066x\u2069\x85\x9b\ufeff\ud800 \u00a0 Zoe\u0301\ue000\u2028"


def recv(ws: ClientConnection, kind: str, timeout: float = 5.0) -> Dict[str, Any]:
    """The next message of type ``kind`` (others skipped)."""
    end = time.monotonic() + timeout
    while True:
        doc: Dict[str, Any] = json.loads(ws.recv(timeout=max(0.01, end - time.monotonic())))
        if doc["type"] == kind:
            return doc


def seated_pair(url: str) -> tuple:
    host = connect(url)
    host.send(encode(Create(1, False, "Host")))
    seat = recv(host, "seat")
    guest = connect(url)
    guest.send(encode(Join(seat["code"], "Guest")))
    recv(guest, "sync")
    recv(host, "sync")
    return host, guest, seat


# -- 11: a sync flood ----------------------------------------------------------------------
def test_the_sync_document_is_made_once_per_state(monkeypatch):
    made: List[int] = []
    to_json = engine.Match.to_json

    def counted(self: engine.Match) -> Any:
        made.append(1)
        return to_json(self)
    monkeypatch.setattr(engine.Match, "to_json", counted)
    server = MatchServer(clock=FakeClock(), limits=Limits(rate=1e9, burst=1e9))
    host, guest = Conn(server, "a"), Conn(server, "b")
    host.say(encode(Create(3, True, "H")))
    guest.say(encode(Join(host.seat[0].code, "G")))
    assert len(made) == 1  # made for the creator's sync, used again for the guest's and the host's
    for _ in range(30):
        host.say(encode(Sync()))
        guest.say(encode(Sync()))
    assert len(made) == 1 and host.got[-1]["type"] == "sync"
    assert host.got[-1]["match"] == to_json(host.seat[0].match)
    host.say(encode(Roll(host.seat[0].seq)))  # a new state: made once more, on the next sync
    for _ in range(5):
        guest.say(encode(Sync()))
    assert len(made) == 2 and guest.got[-1]["seq"] == 1
    host.say(encode(Roll(0)))  # stale: the sync that follows costs nothing new
    assert host.got[-2]["code"] == "stale" and host.got[-1]["type"] == "sync" and len(made) == 2


def test_the_budgets_refuse_what_is_over_them():
    t = [0.0]
    budget = ConnectionBudget.make(rate=100, burst=100, cpu_rate=0.1, cpu_burst=0.2,
                                   bytes_rate=1000, bytes_burst=5000, clock=lambda: t[0])
    assert budget.refusal() is None
    budget.cpu.spend(0.5)  # a costly message: the next ones wait until the debt is paid
    assert "time" in (budget.refusal() or "")
    t[0] += 3.1
    assert budget.refusal() is None
    budget.sent.spend(20_000)
    assert "bytes" in (budget.refusal() or "")
    t[0] += 16.0
    assert budget.refusal() is None and budget.strikes == 2


def test_a_sync_flood_is_refused_over_the_bytes_budget_and_others_are_served():
    thread, url = start_server(limits=Limits(rate=1000, burst=1000, bytes_rate=1.0, bytes_burst=5_000))
    try:
        host, guest, _ = seated_pair(url)
        with host, guest:
            for _ in range(30):
                host.send(encode(Sync()))
            kinds: List[Dict[str, Any]] = []
            while len(kinds) < 30:  # the answers (a presence may come between)
                doc = json.loads(host.recv(timeout=5))
                if doc["type"] in ("sync", "error"):
                    kinds.append(doc)
            synced = sum(1 for k in kinds if k["type"] == "sync")
            refused = [k for k in kinds if k["type"] == "error"]
            assert 3 <= synced < 20 and len(refused) == 30 - synced
            assert all(k["code"] == "rate_limited" and "bytes" in k["detail"] for k in refused)
            guest.send(encode(Ping(4)))  # the other player is served as before
            assert recv(guest, "pong")["nonce"] == 4
    finally:
        thread.stop()


def test_a_connection_over_its_cpu_budget_is_refused():
    thread, url = start_server(limits=Limits(rate=1000, burst=1000, cpu_rate=1e-9, cpu_burst=1e-9))
    try:
        with connect(url) as ws:
            ws.send(encode(Ping(1)))
            assert json.loads(ws.recv(timeout=5))["type"] == "pong"
            ws.send(encode(Ping(2)))
            refused = json.loads(ws.recv(timeout=5))
            assert refused["code"] == "rate_limited" and "time" in refused["detail"]
    finally:
        thread.stop()


# -- 12: a replaced connection -----------------------------------------------------------------
def test_a_replaced_connection_holds_nothing():
    thread, url = start_server()
    try:
        old, guest, seat = seated_pair(url)
        with guest:
            new = connect(url)
            new.send(encode(Resume(seat["token"])))
            assert recv(new, "seat")["seat"] == 0
            seq = recv(new, "sync")["seq"]
            assert recv(old, "ended")["reason"] == "replaced"
            room = thread.server.lobby.rooms[seat["code"]]
            for raw in (encode(Roll(seq)), encode(Sync()), json.dumps({"v": 1, "type": "leave"}), encode(Ping(1)),
                        encode(Resume(seat["token"]))):
                old.send(raw)
                refused = recv(old, "error")
                assert refused["code"] == "replaced", raw
            assert room.seq == seq and room.ended is None and room.match.game.phase == "opening"
            old.close()  # its closing changes nothing either
            time.sleep(0.2)
            assert room.connected() == [True, True]
            new.send(encode(Roll(seq)))  # the new connection plays the seat
            assert recv(new, "update")["seq"] == seq + 1
            new.close()
    finally:
        thread.stop()


# -- 13: names ---------------------------------------------------------------------------------------
def test_names_are_cleaned_by_the_documented_rule():
    assert clean_name(HOSTILE) == "evilx Zo\u00e9"
    assert clean_name("\u200b\u202e ") == "" and clean_name("a" * 40) == "a" * 32
    assert clean_name("Ann  Lee\t") == "Ann Lee" and is_clean("Ann Lee") and not is_clean(HOSTILE)
    raw = json.dumps({"v": 1, "type": "create", "length": 1, "cube": False, "name": "\ud800Bob\u202e\x9b"})
    assert parse_client(raw).name == "Bob"  # type: ignore[union-attr]


def test_the_server_passes_on_only_clean_names():
    server = MatchServer(clock=FakeClock())
    host, guest = Conn(server, "a"), Conn(server, "b")
    host.say(json.dumps({"v": 1, "type": "create", "length": 1, "cube": False, "name": HOSTILE[:32]}))
    guest.say(json.dumps({"v": 1, "type": "join", "code": host.seat[0].code, "name": "\u2067Bob\u2069\u200f"}))
    names = host.got[-1]["names"]
    assert host.got[-1]["type"] == "sync" and names == [clean_name(HOSTILE[:32]), "Bob"]
    assert all(is_clean(n) for n in names)


def test_the_client_cleans_and_draws_any_name_it_receives():
    import pygame

    from game.net.mirror import Mirror

    text = json.dumps({"v": 1, "type": "sync", "seq": 0, "event": None, "names": [HOSTILE, "\ud800" * 300],
                       "connected": [True, True], "match": engine.Match(length=1).to_json()})
    msg = parse_server(text)
    assert isinstance(msg, Synced) and msg.names == (clean_name(HOSTILE), "")
    state = Mirror().take(msg)
    assert state is not None
    pygame.font.init()
    font = pygame.font.Font(None, 24)
    for name in state.names:
        font.render(name or "White", True, (255, 255, 255))  # a lone surrogate would raise here


# -- 14: connections per address, vanished hosts ---------------------------------------------------
def test_connections_are_counted_per_address_from_the_accept():
    thread, url = start_server(limits=Limits(connections_per_address=3))
    port = thread.port
    raw = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(3)]  # no handshake
    try:
        extra = socket.create_connection(("127.0.0.1", port), timeout=5)
        extra.settimeout(5)
        try:
            assert extra.recv(16) == b""  # closed at once
        except ConnectionResetError:
            pass
        extra.close()
        with pytest.raises((ConnectionClosed, InvalidHandshake, OSError)):
            with connect(url, open_timeout=5) as ws:
                ws.recv(timeout=5)
        for s in raw:
            s.close()
        raw = []
        end = time.monotonic() + 5
        while thread.server.gate.count("127.0.0.1") and time.monotonic() < end:
            time.sleep(0.02)
        with connect(url) as ws:  # the address's places are free again
            ws.send(encode(Ping(2)))
            assert json.loads(ws.recv(timeout=5))["nonce"] == 2
    finally:
        for s in raw:
            s.close()
        thread.stop()


def test_a_vanished_host_frees_its_quota_after_the_fallback_time():
    clock = FakeClock()
    lobby = Lobby(clock, max_matches_per_address=2)
    out: List[str] = []
    first, _ = lobby.create("10.0.0.9", Create(1, False, "A"), out.append)
    second, _ = lobby.create("10.0.0.9", Create(1, False, "B"), out.append)
    lobby.join(Join(second.code, "G"), out.append, "10.0.0.7")
    with pytest.raises(ValueError, match="too_many_matches"):
        lobby.create("10.0.0.9", Create(1, False, "C"), out.append)
    first.detach(HOST)  # both hosts vanish without a word
    second.detach(HOST)
    clock.now += FALLBACK_AFTER - 1
    lobby.sweep()
    with pytest.raises(ValueError, match="too_many_matches"):
        lobby.create("10.0.0.9", Create(1, False, "C"), out.append)
    clock.now += 1
    lobby.sweep()
    assert first.code not in lobby.rooms and first.ended == "expired"  # nobody joined it: dropped
    assert second.code in lobby.rooms  # the guest may still continue against the computer
    third, _ = lobby.create("10.0.0.9", Create(1, False, "C"), out.append)
    fourth, _ = lobby.create("10.0.0.9", Create(1, False, "D"), out.append)
    assert {third.code, fourth.code} <= set(lobby.rooms)
