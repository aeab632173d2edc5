"""The match server past one machine (docs/server.md): three server
processes on one PostgreSQL behind HAProxy, all on loopback, started by
deploy/local-cluster.sh.  Routing by code and token, the store's round
trip, a lease taken over from a killed process, a drain, PostgreSQL
restarted during play, and /healthz and /metrics read by Prometheus's own
text parser.  Skipped, saying why, where PostgreSQL or HAProxy is missing."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import time
from pathlib import Path
from typing import Dict, Iterator, List, Tuple

import pytest

from cluster_support import LocalCluster, http_get, missing
from game.net.client import NetClient
from game.net.inbound import State
from game.net.protocol import Create, Join
from net_support import intent

pytestmark = [pytest.mark.slow, pytest.mark.skipif(missing() is not None, reason=str(missing()))]


@pytest.fixture(scope="module")
def cluster() -> Iterator[LocalCluster]:
    local = LocalCluster(3)
    try:
        yield local.up()
    finally:
        local.down()


class Players:
    """A host and a guest playing one match through the real client library,
    as fast as the server answers; an intent lost with a connection is sent
    again only when the state after the resume shows it was not done."""

    def __init__(self, url: str, length: int = 7):
        self.rng = random.Random(7)
        self.host = NetClient(url, Create(length, False, "Host"), backoff=(0.1, 0.2, 0.4)).start()
        self.host.wait_for(State)
        self.guest = NetClient(url, Join(self.host.code, "Guest"), backoff=(0.1, 0.2, 0.4)).start()
        self.guest.wait_for(State)
        self.clients = [self.host, self.guest]
        self.states: Dict[int, State] = {}
        self.seen = 0                # the highest seq either player was told
        self.sent: Dict[int, Tuple[int, int]] = {}
        self.went_back = False       # a player told of a state older than one it was told before (an action lost)

    @property
    def code(self) -> str:
        return self.host.code

    def play_until(self, seq: int, timeout: float = 20.0) -> float:
        """Play until a state of at least ``seq``; returns the longest wait between two states."""
        end = time.monotonic() + timeout
        last_news, longest = time.monotonic(), 0.0
        while self.seen < seq:
            assert time.monotonic() < end, f"stuck at seq {self.seen}"
            for i, client in enumerate(self.clients):
                for msg in client.poll():
                    if isinstance(msg, State):
                        before = self.states.get(i)
                        if before is not None and msg.seq < before.seq:  # told of a state older than one it had
                            self.went_back = True
                        self.states[i] = msg
                        if msg.seq > self.seen:
                            now = time.monotonic()
                            longest, last_news, self.seen = max(longest, now - last_news), now, msg.seq
            for i, client in enumerate(self.clients):
                state = self.states.get(i)
                if state is None or client.seat is None:
                    continue
                msg = intent(state.match, client.seat, state.seq, self.rng)
                mark = (state.seq, client.reconnects)
                if msg is not None and self.sent.get(i) != mark:
                    self.sent[i] = mark
                    client.send(msg)
            time.sleep(0.005)
        return longest

    def close(self) -> None:
        for client in self.clients:
            client.close()


@pytest.fixture
def players(cluster: LocalCluster) -> Iterator[Players]:
    cluster.wait_ready()  # (a test before may have stopped a process or PostgreSQL)
    made = Players(cluster.url)
    try:
        yield made
    finally:
        made.close()


def events(cluster: LocalCluster, server_id: str, code: str) -> List[str]:
    """The events the process ``server_id`` logged (JSON lines) for match ``code``."""
    return [event for event, _ in logged(cluster, server_id, code)]


def logged(cluster: LocalCluster, server_id: str, code: str) -> List[Tuple[str, str]]:
    """(event, message) of each line the process ``server_id`` logged for match ``code``."""
    out = []
    for line in Path(cluster.state, "logs", f"{server_id}.log").read_text(encoding="utf-8").splitlines():
        if line.startswith("{"):
            doc = json.loads(line)
            if doc.get("code") == code:
                out.append((str(doc.get("event")), str(doc.get("msg"))))
    return out


def committed(cluster: LocalCluster, code: str) -> List[int]:
    return [int(row[0]) for row in cluster.sql("SELECT seq FROM bg_actions WHERE code = %s ORDER BY seq", code)]


def test_both_players_meet_on_one_process_routed_by_code_and_token(cluster, players):
    players.play_until(6)
    owner = cluster.owner(players.code)
    assert owner in ("s1", "s2", "s3")
    players.guest.drop_connection()  # a resume, routed by the token's code
    players.host.drop_connection()
    players.play_until(players.seen + 6)
    assert players.host.reconnects >= 1 and players.guest.reconnects >= 1
    assert cluster.owner(players.code) == owner
    logged = events(cluster, owner, players.code)
    assert logged.count("create") == 1 and logged.count("join") == 1 and logged.count("resume") >= 2, logged
    for other in {"s1", "s2", "s3"} - {owner}:
        assert events(cluster, other, players.code) == []
    tokens = [players.host.token or "", players.guest.token or ""]
    assert all(t.startswith(players.code) for t in tokens)
    stored = cluster.sql("SELECT record FROM bg_rooms WHERE code = %s", players.code)[0][0]
    assert not any(t in str(stored) for t in tokens)  # the store keeps hashes, never tokens
    assert all(t not in Path(cluster.state, "logs", f"{owner}.log").read_text() for t in tokens)


def test_every_committed_action_is_in_the_store_once(cluster, players):
    players.play_until(30)
    seqs = committed(cluster, players.code)
    assert seqs == list(range(1, len(seqs) + 1)) and len(seqs) >= players.seen - 1


def test_a_process_killed_mid_match_loses_nothing(cluster, players):
    players.play_until(10)
    owner = cluster.owner(players.code)
    os.kill(cluster.pid_of(owner), signal.SIGKILL)
    killed_at, before = time.monotonic(), players.seen
    try:
        longest = players.play_until(before + 10)
    finally:
        cluster.run("revive")
    assert time.monotonic() - killed_at < 20
    assert longest <= 5.0, f"back in play after {longest:.1f} s"
    assert not players.went_back
    new_owner = cluster.owner(players.code)
    assert new_owner not in ("", owner)
    assert "lease_taken_over" in events(cluster, new_owner, players.code)
    seqs = committed(cluster, players.code)
    assert seqs == list(range(1, len(seqs) + 1)) and seqs[-1] >= players.seen - 1


def test_a_draining_process_sends_its_players_on(cluster, players):
    players.play_until(8)
    owner = cluster.owner(players.code)
    port = cluster.ports()[int(owner[1:]) - 1]
    os.kill(cluster.pid_of(owner), signal.SIGTERM)
    time.sleep(0.3)
    status = http_get(f"http://127.0.0.1:{port}/healthz")[0]
    assert status == 503
    try:
        players.play_until(players.seen + 10)
    finally:
        for _ in range(50):  # (it exits once it has let go of its matches)
            try:
                cluster.pid_of(owner)
            except LookupError:
                break
            time.sleep(0.2)
        cluster.run("revive")
    assert "released" in events(cluster, owner, players.code) or cluster.owner(players.code) != owner
    assert not players.went_back
    seqs = committed(cluster, players.code)
    assert seqs == list(range(1, len(seqs) + 1))


def test_postgresql_restarted_during_play_pauses_then_resumes(cluster, players):
    players.play_until(8)
    cluster.run("pg-restart")
    players.play_until(players.seen + 12, timeout=40)
    assert not players.went_back
    seqs = committed(cluster, players.code)
    assert seqs == list(range(1, len(seqs) + 1)) and seqs[-1] >= players.seen - 1
    for port in cluster.ports():  # and every process says it is ready again (each notices at its next renewal)
        assert health_within(port, 15.0) == (200, "ok\n")


def health_within(port: int, seconds: float) -> Tuple[int, str]:
    """A process's /healthz once it says ready, or its last answer after ``seconds`` (a process
    notices the store is back at its next call of it, a second or two after a restart)."""
    end = time.monotonic() + seconds
    while True:
        status, body, _ = http_get(f"http://127.0.0.1:{port}/healthz")
        if status == 200 or time.monotonic() > end:
            return status, body
        time.sleep(0.2)


def test_health_and_metrics_read_by_a_prometheus_parser(cluster, players):
    from prometheus_client.parser import text_string_to_metric_families

    players.play_until(4)
    families = {}
    for port in cluster.ports():
        assert health_within(port, 15.0) == (200, "ok\n")  # (the module's cluster may have restarted PostgreSQL)
        status, text, headers = http_get(f"http://127.0.0.1:{port}/metrics")
        assert status == 200 and headers["Content-Type"].startswith("text/plain")
        for family in text_string_to_metric_families(text):
            families.setdefault(family.name, []).extend(family.samples)
    for name in ("backgammon_connections", "backgammon_matches", "backgammon_messages", "backgammon_errors",
                 "backgammon_message_seconds", "backgammon_store_seconds", "backgammon_leases_taken_over",
                 "backgammon_store_up"):
        assert name in families, name
    assert sum(s.value for s in families["backgammon_connections"]) >= 2
    assert sum(s.value for s in families["backgammon_messages"] if s.name.endswith("_total")) >= 4
    assert any(s.name == "backgammon_store_seconds_count" and s.labels["op"] == "commit" and s.value > 0
               for s in families["backgammon_store_seconds"])
    assert http_get(cluster.url.replace("ws://", "http://") + "/metrics")[0] == 403  # not for players


def test_the_store_round_trip_and_its_leases(cluster):
    from game.net.pgstore import HeldElsewhere, PgStore, RoomWrite

    async def scenario() -> None:
        first, second = PgStore(cluster.dsn, "test-a"), PgStore(cluster.dsn, "test-b")
        code = "".join(random.choice("0123456789ABCDEFGHJK") for _ in range(10))
        write = RoomWrite(code, '{"schema":2}', 1, "127.0.0.2", [("ab" * 32, 0)], [(1, '{"kind":"roll"}')])
        assert await first.commit([write]) == set()
        with pytest.raises(HeldElsewhere):
            await second.acquire(code)
        assert await second.code_of("ab" * 32) == (code, None)
        assert await second.hosted_by("127.0.0.2") >= 1
        await first.close()  # its session ends, as a killed process's does
        for _ in range(50):  # (PostgreSQL ends the session's backend, and lets its lock go, a moment later)
            try:
                taken = await second.acquire(code)
                break
            except HeldElsewhere:
                await asyncio.sleep(0.05)
        assert taken is not None and taken.taken_over and taken.record == '{"schema":2}'
        late = RoomWrite(code, '{"schema":2,"late":1}', 2, "127.0.0.2", [], [(2, '{"kind":"late"}')])
        assert await first.commit([late]) == {code}  # fenced: its lease was taken
        again = RoomWrite(code, '{"schema":2}', 2, "127.0.0.2", [], [(1, '{"kind":"again"}'), (2, '{"kind":"x"}')])
        assert await second.commit([again]) == set()
        assert [s for s, _ in await second.actions(code)] == [1, 2]  # seq 1 written once, not twice
        assert (await second.actions(code))[0][1] == '{"kind":"roll"}'
        assert await second.commit([], release=[code]) == set()
        taken = await first.acquire(code)
        assert taken is not None and not taken.taken_over  # let go, not taken
        assert await first.commit([], removed=[code], ended=[("ab" * 32, "host_left")]) == set()
        assert await second.code_of("ab" * 32) == (None, "host_left")
        await first.close()
        await second.close()
    asyncio.run(scenario())


def test_a_code_proposed_twice_is_refused_across_processes(cluster):
    from websockets.sync.client import connect

    code = "".join(random.choice("0123456789ABCDEFGHJK") for _ in range(10))
    hello = {"v": 1, "type": "create", "length": 1, "cube": False, "name": "Ann", "code": code}
    first_port, second_port = cluster.ports()[:2]
    with connect(f"ws://127.0.0.1:{first_port}") as first, connect(f"ws://127.0.0.1:{second_port}") as second:
        first.send(json.dumps(hello))
        assert json.loads(first.recv(timeout=10))["type"] == "seat"
        time.sleep(0.5)
        second.send(json.dumps(hello))
        answer = json.loads(second.recv(timeout=10))
        assert answer["type"] == "error" and answer["code"] == "code_taken", answer


def _played_room(moves: int, seed: int = 3):
    """A one-point match on its own (no server) after ``moves`` actions, and its record at seq 0."""
    from engine import SeededDice
    from game.net.rooms import GUEST, HOST, Lobby
    from game.net.saved import room_record
    from net_support import intent as bot_intent

    rng = random.Random(seed)
    lobby = Lobby(clock=lambda: 100.0, dice=lambda: SeededDice(seed))
    room, _ = lobby.create("127.0.0.2", Create(1, False, "Ann"), lambda text: None)
    code = "".join(random.choice("0123456789ABCDEFGHJK") for _ in range(10))
    lobby.rooms[code] = lobby.rooms.pop(room.code)
    room.code = code
    lobby.join(Join(room.code, "Bob"), lambda text: None)
    first = room_record(room, time.time())
    for _ in range(moves):
        role, msg = next((r, m) for r in (HOST, GUEST)
                         if (m := bot_intent(room.match, room.colour(r), room.seq, rng)) is not None)
        room.handle(role, msg)
    return room, first


async def _taken_from_dead(cluster: LocalCluster, dead, taker, codes):
    """``taker`` takes ``codes`` once ``dead``'s session is gone (its lock let go)."""
    await dead.close()
    for _ in range(50):
        found = await taker.acquire_many(codes)
        if not any(isinstance(v, str) and v == dead.owner for v in found.values()):
            return found
        await asyncio.sleep(0.05)
    raise AssertionError("the dead process's lock was never let go")


def test_a_takeover_replays_the_actions_written_after_the_last_record(cluster):
    from game.net.intents import RecordingDice
    from game.net.pgstore import PgStore, RoomWrite
    from game.net.saved import room_from_record
    from engine import SeededDice

    room, record = _played_room(12)
    journal = list(room.journal)
    assert [s for s, _ in journal] == list(range(1, 13))

    async def scenario() -> None:
        first, second = PgStore(cluster.dsn, "test-a"), PgStore(cluster.dsn, "test-b")
        assert await first.commit([RoomWrite(room.code, record, 0, "127.0.0.2", [("cd" * 32, 0)], [])]) == set()
        for i in range(0, 12, 4):  # the actions alone, four a round
            assert await first.commit([RoomWrite(room.code, None, journal[i + 3][0], "127.0.0.2", [],
                                                 journal[i:i + 4])]) == set()
        found = await _taken_from_dead(cluster, first, second, [room.code])
        taken = found[room.code]
        assert not isinstance(taken, str) and taken is not None and taken.taken_over
        assert [a[0] for a in taken.actions] == list(range(1, 13))
        assert all(abs(a[2] - time.time()) < 60 for a in taken.actions)  # when each was written
        back = room_from_record(taken.record, lambda: 100.0, RecordingDice(SeededDice(1)), time.time(),
                                taken.actions)
        assert back.seq == 12 and back.match_text() == room.match_text()
        # the dead process's late write of actions alone is fenced, as a record is
        late = PgStore(cluster.dsn, "test-a")
        late.owner, late.key = first.owner, first.key
        assert await late.commit([RoomWrite(room.code, None, 13, "127.0.0.2", [], [(13, '{"kind":"x"}')])]) \
            == {room.code}
        assert [s for s, _ in await second.actions(room.code)] == list(range(1, 13))
        await late.close()
        await second.close()
    asyncio.run(scenario())


def test_a_dead_process_matches_are_taken_over_in_one_batch(cluster):
    from game.net.pgstore import PgStore, RoomWrite

    async def scenario() -> None:
        dead, live, taker = (PgStore(cluster.dsn, f"test-{n}") for n in "dlt")
        codes = ["".join(random.choice("0123456789ABCDEFGHJK") for _ in range(10)) for _ in range(6)]
        writes = [RoomWrite(c, '{"schema":2}', 1, "127.0.0.2", [], [(1, '{"kind":"roll"}')]) for c in codes]
        assert await dead.commit(writes[:5]) == set()
        assert await live.commit(writes[5:]) == set()
        found = await _taken_from_dead(cluster, dead, taker, codes + ["NOSUCHCODE"])
        assert found["NOSUCHCODE"] is None
        assert found[codes[5]] == live.owner   # a live process's match is not taken
        for code in codes[:5]:
            taken = found[code]
            assert not isinstance(taken, str) and taken is not None and taken.taken_over
            assert taken.previous == dead.owner and taken.actions == []  # (the record is at seq 1 already)
        owners = dict(cluster.sql("SELECT code, owner FROM bg_rooms WHERE code = ANY(%s)", codes))
        assert [owners[c] for c in codes] == [taker.owner] * 5 + [live.owner]
        assert await taker.codes_of(["ef" * 32]) == {"ef" * 32: (None, None)}
        await live.close()
        await taker.close()
    asyncio.run(scenario())


def test_two_processes_take_a_dead_ones_matches_at_the_same_time(cluster):
    """A taker's transaction under way does not make the dead process look alive to another taker."""
    import psycopg

    from game.net.pgstore import PgStore, RoomWrite, _take_rooms

    async def scenario() -> None:
        dead, first, second = (PgStore(cluster.dsn, f"test-{n}") for n in "d12")
        codes = ["".join(random.choice("0123456789ABCDEFGHJK") for _ in range(10)) for _ in range(2)]
        assert await dead.commit([RoomWrite(c, '{"schema":2}', 1, "127.0.0.2", [], []) for c in codes]) == set()
        await _taken_from_dead(cluster, dead, second, ["NOSUCHCODE"])  # (until the dead session's lock is gone)
        conn = await psycopg.AsyncConnection.connect(cluster.dsn, autocommit=True)
        try:
            async with conn.transaction():  # the first taker's batch, not yet committed
                mine = await _take_rooms(conn, first.owner, first.key, 10.0, [codes[0]])
                assert not isinstance(mine[codes[0]], str)
                theirs = await asyncio.wait_for(second.acquire_many([codes[1]]), 10)
                assert not isinstance(theirs[codes[1]], str) and theirs[codes[1]] is not None
        finally:
            await conn.close()
        await second.close()
    asyncio.run(scenario())


def test_a_match_let_go_and_asked_for_at_once_comes_back_whole(cluster):
    """A match let go (its last write not yet committed) and asked for again
    at once: its last write and release go first, then it is taken back as
    written, with every action, and stays held here; later rounds write on."""
    from engine import SeededDice
    from game.net.cluster import Cluster
    from game.net.pgstore import PgStore
    from game.net.rooms import GUEST, HOST, Lobby
    from net_support import intent as bot_intent

    rng = random.Random(7)

    async def scenario() -> None:
        lobby = Lobby(clock=time.monotonic, dice=lambda: SeededDice(7))
        store = PgStore(cluster.dsn, "test-back")
        held = Cluster(store, lobby, 0, drop=lambda room, at: None, taken_over=lambda: None)
        await held.start()
        room, _ = lobby.create("127.0.0.2", Create(1, False, "Ann"), lambda text: None)
        lobby.join(Join(room.code, "Bob"), lambda text: None)

        def act(on, n: int) -> None:
            for _ in range(n):
                role, msg = next((r, m) for r in (HOST, GUEST)
                                 if (m := bot_intent(on.match, on.colour(r), on.seq, rng)) is not None)
                lobby.dispatch(on, role, msg)

        act(room, 4)
        assert await held.settle() == set()
        commit, gate = store.commit, asyncio.Event()

        async def slow_commit(*args, **kwargs):  # a round under way for a while (a busy database)
            await gate.wait()
            return await commit(*args, **kwargs)

        store.commit = slow_commit  # type: ignore[method-assign]
        act(room, 3)
        held.wake()  # the round that writes these three is under way ...
        await asyncio.sleep(0.1)
        seq, text = room.seq, room.match_text()
        held.let_go(room)  # ... and the match is let go: its release waits for the next round
        asyncio.get_running_loop().call_later(0.5, gate.set)
        await asyncio.wait_for(held.bring(room.code), 10)  # asked for again at once
        back = lobby.rooms[room.code]
        assert back is not room and back.seq == seq and back.match_text() == text
        act(back, 2)
        assert await held.settle() == set()
        stored = [s for s, _ in await store.actions(room.code)]
        assert stored == list(range(1, seq + 3))
        owner = cluster.sql("SELECT owner FROM bg_rooms WHERE code = %s", room.code)
        assert owner == [(store.owner,)]
        await held.close()
    asyncio.run(scenario())


def test_a_resume_brings_its_match_by_its_token_code_without_a_look_up(cluster):
    """A resume whose match is held nowhere (its process gone) takes it by
    the code its token begins with, in one round trip: no look-up of the
    token first.  A token that is not a seat of that match is still looked
    up, and resumes nothing."""
    from engine import SeededDice
    from game.net.cluster import Cluster, Elsewhere
    from game.net.pgstore import PgStore
    from game.net.protocol import Resume
    from game.net.rooms import GUEST, HOST, Lobby
    from game.net.routing import token_hash

    async def scenario() -> None:
        gone_lobby = Lobby(clock=time.monotonic, dice=lambda: SeededDice(7))
        gone = Cluster(PgStore(cluster.dsn, "test-gone"), gone_lobby, 0, drop=lambda room, at: None,
                       taken_over=lambda: None)
        await gone.start()
        room, _ = gone_lobby.create("127.0.0.2", Create(1, False, "Ann"), lambda text: None)
        gone_lobby.join(Join(room.code, "Bob"), lambda text: None)
        tokens = [room.seats[role].token for role in (HOST, GUEST)]
        assert await gone.settle() == set()
        await gone.close()  # its session ends, as a killed process's does

        lobby = Lobby(clock=time.monotonic, dice=lambda: SeededDice(7))
        store = PgStore(cluster.dsn, "test-taker")
        looked_up: List[List[str]] = []
        codes_of = store.codes_of

        async def counted(hashes):
            looked_up.append(list(hashes))
            return await codes_of(hashes)

        store.codes_of = counted  # type: ignore[method-assign]
        taker = Cluster(store, lobby, 0, drop=lambda room, at: None, taken_over=lambda code, previous: None)
        await taker.start()
        for _ in range(100):  # (until PostgreSQL has ended the gone session and let its lock go)
            try:
                await taker.before(Resume(tokens[GUEST]), "127.0.0.3")
                break
            except Elsewhere:
                await asyncio.sleep(0.05)
        assert lobby.tokens[token_hash(tokens[GUEST])][1] == GUEST
        assert lobby.tokens[token_hash(tokens[HOST])][1] == HOST
        assert looked_up == []
        forged = room.code + "x" * 32
        await taker.before(Resume(forged), "127.0.0.3")
        assert looked_up == [[token_hash(forged)]] and token_hash(forged) not in lobby.tokens
        await taker.close()
    asyncio.run(scenario())


def test_a_revived_process_gets_back_the_match_taken_from_it(cluster, players):
    """Killed, taken over elsewhere, started again: the match goes back to it
    (game/net/homing.py), its players follow the close that names it through
    HAProxy's use-server rule, and play goes on without a gap."""
    players.play_until(8)
    home = cluster.owner(players.code)
    os.kill(cluster.pid_of(home), signal.SIGKILL)
    try:
        players.play_until(players.seen + 6)
        taker = cluster.owner(players.code)
        assert taker not in ("", home)
    finally:
        cluster.run("revive")
    end = time.monotonic() + 30
    while cluster.owner(players.code) != home:  # (once it has run 2 s, in the taker's next calm second)
        assert time.monotonic() < end, f"still held by {cluster.owner(players.code)}"
        players.play_until(players.seen + 1)
    longest = players.play_until(players.seen + 8)
    assert longest <= 5.0 and not players.went_back
    assert "sent_back" in events(cluster, taker, players.code)
    assert events(cluster, home, players.code).count("resume") >= 2  # both players, on the process it went back to
    assert cluster.owner(players.code) == home
    seqs = committed(cluster, players.code)
    assert seqs == list(range(1, len(seqs) + 1)) and seqs[-1] >= players.seen - 1


def test_a_player_who_reaches_a_process_not_holding_its_match_is_sent_to_its_holder(cluster, players):
    """A player whose connection reaches a live process other than its
    match's holder (the proxy's routing changed under it) is closed at once
    with 1012 naming the holder, where the process used to ask the holder to
    let go and wait up to WANT_PATIENCE.  A player that comes by name (its
    URL's ``at``: the proxy could not route it there) is not sent on again:
    that process asks the holder to let go and takes the match, and the
    holder's players follow it there, through HAProxy, by name."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    from game.net.cluster import WANT_PATIENCE
    from game.net.protocol import Resume, encode
    from game.net.routing import moved_to, routed_url

    players.play_until(6)
    holder = cluster.owner(players.code)
    other = next(s for s in ("s1", "s2", "s3") if s != holder)
    direct = f"ws://127.0.0.1:{cluster.ports()[int(other[1:]) - 1]}"
    token = players.guest.token or ""

    async def resume(url: str) -> Tuple[object, object, float]:
        began = time.monotonic()
        async with connect(url, open_timeout=10) as ws:
            await ws.send(encode(Resume(token)))
            with pytest.raises(ConnectionClosed):
                await asyncio.wait_for(ws.recv(), 20)
        return ws.close_code, moved_to(ws.close_reason or ""), time.monotonic() - began

    code, at, took = asyncio.run(resume(routed_url(direct, players.code)))
    assert (code, at) == (1012, holder) and took < WANT_PATIENCE, (code, at, took)
    assert cluster.sql("SELECT wanted_by FROM bg_rooms WHERE code = %s", players.code) == [(None,)]
    assert cluster.owner(players.code) == holder

    # the guest's game, pointed straight at the other process: sent to the holder by name, it comes
    # back by name (no proxy between), and that process takes the match
    players.guest.close()
    players.guest = NetClient(direct, Join(players.code, "Guest"), backoff=(0.1, 0.2, 0.4), token=token).start()
    players.clients[1] = players.guest
    longest = players.play_until(players.seen + 8)
    assert cluster.owner(players.code) == other
    # the holder let it go once, its players sent by name to the process that asked: sent wherever the
    # proxy routed them, the host came back to the holder, which took the match back as soon as its
    # release was written, again every second while the other process waited (seen: 7 times, 6.9 s)
    released = [msg for event, msg in logged(cluster, holder, players.code) if event == "released"]
    assert released == [f"match {players.code} let go to {other}"], released
    assert longest <= 5.0 and not players.went_back
    assert events(cluster, other, players.code).count("resume") >= 2  # both players, the host through HAProxy
    seqs = committed(cluster, players.code)
    assert seqs == list(range(1, len(seqs) + 1)) and seqs[-1] >= players.seen - 1
