"""The match server through the real client library over 127.0.0.1."""

from __future__ import annotations

import socket
import threading
import time

import pytest

from engine import Match
from game.net.inbound import Ended, Presence, ServerError, State, Takeover
from game.net.protocol import ContinueAlone, Leave, Rematch, Roll
from tests.net_support import FakeClock, pair, play_out, start_server


@pytest.fixture
def server():
    clock = FakeClock()
    thread, url = start_server(clock)
    yield thread, url, clock
    thread.stop()


def test_a_whole_match_between_two_clients(server):
    thread, url, _ = server
    host, guest = pair(url, length=3, cube=True)
    try:
        assert (host.seat, guest.seat) == (0, 1) and host.role == "host" and guest.role == "guest"
        states = list(play_out([host, guest], seed=3))
        last = states[-1]
        assert last.match.over and max(last.match.score) >= 3
        # both were shown the same match, and it is the server's
        room = thread.server.lobby.rooms[host.code]
        assert guest.last_state is not None and guest.last_state.match.to_json() == last.match.to_json()
        assert room.match.to_json() == last.match.to_json()
        rolls = [s.event for s in states if s.event and s.event.kind == "roll"]
        assert len(rolls) > 10 and all(e.dice is not None for e in rolls)
        # the log the clients rebuilt records every roll the server drew
        assert sum(1 for g in [last.match.game] for e in g.log if e.kind in ("play", "pass")) > 0
    finally:
        host.close(), guest.close()


def test_a_killed_connection_is_resumed_mid_turn_with_nothing_lost(server):
    thread, url, _ = server
    host, guest = pair(url)
    try:
        host.send(Roll(host.last_state.seq))
        s = host.wait_for(State, where=lambda s: s.event is not None)
        mover = host if s.match.game.turn == 0 else guest
        other = guest if mover is host else host
        before = s.match.to_json()
        token = mover.token
        mover.drop_connection()
        other.wait_for(Presence, where=lambda p: not all(p.connected))
        back = mover.wait_for(State, timeout=10, where=lambda s: s.event is None)  # resumed by itself: a sync
        assert mover.token == token and mover.reconnects >= 1
        assert back.match.to_json() == before and back.match.game.phase == "move"
        other.wait_for(Presence, where=lambda p: all(p.connected))
        turn = back.match.game.current_turn
        from game.net.protocol import Play
        mover.send(Play(back.seq, tuple(turn.legal_plays[0])))
        after = other.wait_for(State, where=lambda s: s.seq == back.seq + 1)
        assert after.event.kind == "play" and after.match.game.turn != back.match.game.turn
    finally:
        host.close(), guest.close()


def test_continue_against_the_computer_after_two_minutes(server):
    thread, url, clock = server
    host, guest = pair(url)
    try:
        guest.close()  # gone without a word (no Leave)
        host.wait_for(Presence, where=lambda p: not p.connected[1])
        host.send(ContinueAlone(host.last_state.seq))
        refused = host.wait_for(ServerError)
        assert refused.code == "not_now"
        clock.now += 119.0
        thread.call(thread.server.sweep)
        host.send(ContinueAlone(host.last_state.seq))
        assert host.wait_for(ServerError).code == "not_now"
        clock.now += 1.0
        thread.call(thread.server.sweep)
        assert host.wait_for(Presence).can_continue
        host.send(ContinueAlone(host.last_state.seq))
        taken = host.wait_for(Takeover)
        assert taken.seat == 0 and isinstance(taken.match, Match) and taken.match.game.phase == "opening"
        # the server drops the room on its own thread just after it sends the news
        deadline = time.monotonic() + 5.0
        while host.code in thread.server.lobby.rooms and time.monotonic() < deadline:
            time.sleep(0.01)
        assert host.code not in thread.server.lobby.rooms
    finally:
        host.close()


def test_rematch_swaps_colours(server):
    thread, url, _ = server
    host, guest = pair(url, length=1)
    try:
        list(play_out([host, guest], seed=5))
        seq = host.last_state.seq
        host.send(Rematch(seq))
        from game.net.inbound import RematchAsked, SeatInfo
        assert guest.wait_for(RematchAsked).asked_by == 0
        guest.send(Rematch(seq))
        assert host.wait_for(SeatInfo).seat == 1 and guest.wait_for(SeatInfo).seat == 0
        fresh = guest.wait_for(State, where=lambda s: s.event is not None and s.event.kind == "rematch")
        assert fresh.names == ("Guest", "Host") and fresh.match.game.phase == "opening" and not fresh.match.results
        assert (host.seat, guest.seat) == (1, 0)
        states = list(play_out([guest, host], seed=6))
        assert states[-1].match.over
    finally:
        host.close(), guest.close()


def test_the_host_leaving_ends_the_match_for_the_guest(server):
    thread, url, _ = server
    host, guest = pair(url)
    try:
        host.send(Leave())
        assert guest.wait_for(Ended).reason == "host_left"
        # the server drops the room on its own thread just after it sends the news
        deadline = time.monotonic() + 5.0
        while host.code in thread.server.lobby.rooms and time.monotonic() < deadline:
            time.sleep(0.01)
        assert host.code not in thread.server.lobby.rooms
    finally:
        host.close(), guest.close()


def test_idle_matches_expire(server):
    thread, url, clock = server
    host, guest = pair(url)
    try:
        clock.now += thread.server.limits.idle_expiry + 1
        thread.call(thread.server.sweep)
        assert guest.wait_for(Ended).reason == "expired" and host.wait_for(Ended).reason == "expired"
        assert not thread.server.lobby.rooms
    finally:
        host.close(), guest.close()


@pytest.mark.parametrize("loop", ["auto", "asyncio", "uvloop"])
def test_the_headless_server_command_serves_on_the_given_address(loop):
    # on the event loop asked for (auto: uvloop where it is installed), which its first line names
    import importlib.util
    import json
    import subprocess
    import sys

    from websockets.sync.client import connect

    from game.net.protocol import Ping, encode

    has_uvloop = importlib.util.find_spec("uvloop") is not None
    if loop == "uvloop" and not has_uvloop:
        pytest.skip("uvloop is not installed here (the cluster extra installs it where it exists)")
    proc = subprocess.Popen([sys.executable, "-m", "game.server", "--host", "127.0.0.1", "--port", "0",
                             "--event-loop", loop], stdout=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        assert line.startswith("backgammon match server on ws://127.0.0.1:")
        expected = "asyncio" if loop == "asyncio" or not has_uvloop else "uvloop"
        assert line.rstrip().endswith(f"event loop: {expected})"), line
        url = line.split()[4]
        with connect(url) as ws:
            ws.send(encode(Ping(3)))
            assert json.loads(ws.recv(timeout=5))["nonce"] == 3
    finally:
        proc.terminate()
        proc.wait(10)


@pytest.mark.parametrize("how", ["left", "disconnected"])
def test_presence_says_why_the_other_player_is_away(server, how):
    # the server says why (away): the guest sent leave (gone for good, the host may continue at
    # once) or its connection dropped (the seat waits for its token; the host waits 2 minutes)
    from game.words.i18n import t, tr
    from game.play.netplay import NetSession
    from game.net.protocol import AwayReason

    thread, url, clock = server
    host, guest = pair(url)
    try:
        session = NetSession(host, host.last_state)
        if how == "left":
            guest.send(Leave())
            guest.wait_for(Ended)
        guest.close()
        told = host.wait_for(Presence, where=lambda p: not p.connected[1])
        assert told.away == AwayReason(how) and told.can_continue == (how == "left")
        if how == "disconnected":
            clock.now += 120.0
            thread.call(thread.server.sweep)
            told = host.wait_for(Presence, where=lambda p: p.can_continue)
            assert told.away == AwayReason.DISCONNECTED
        host.inbox.put(told)  # (taken from the queue above: the session reads it as the game does)
        session.update(0.0)
        assert session.may_continue and session.friend_left == (how == "left")
        words = "net.status.friend_left" if how == "left" else "net.status.may_continue"
        assert tr(session.status()) == t(words, name="Guest")
    finally:
        host.close()
        guest.close()


def test_a_burst_of_connections_waits_to_be_accepted_and_none_is_dropped(server):
    """Behind HAProxy a killed process's players all come to the others at
    once: while the server's loop is busy, 400 connections wait in its
    listen queue (asyncio's default of 100 dropped the rest, which TCP then
    tried again a second or three later)."""
    thread, url, _ = server
    busy = threading.Event()
    free = threading.Event()

    def hold_the_loop() -> None:
        busy.set()
        free.wait(10)
    holder = threading.Thread(target=thread.call, args=(hold_the_loop,), daemon=True)
    holder.start()
    assert busy.wait(5)
    try:  # (the kernel caps a listen queue at net.core.somaxconn: 4096 since Linux 5.4, 128 before)
        with open("/proc/sys/net/core/somaxconn") as f:
            count = min(400, int(f.read()) - 8)
    except OSError:
        count = 400
    socks = []
    try:
        began = time.monotonic()
        for _ in range(count):  # (each connect is answered by the kernel, the loop accepts nothing meanwhile)
            socks.append(socket.create_connection(("127.0.0.1", thread.port), timeout=3))
        assert time.monotonic() - began < 3
    finally:
        free.set()
        holder.join(10)
        for s in socks:
            s.close()
