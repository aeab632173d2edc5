"""Friend games in the client's Session: two NetSessions play each other
through the real server on 127.0.0.1, the local player's intents as the scene
makes them, the friend's shown like the computer's."""

from __future__ import annotations

import random
import time
from typing import List

import pytest

from game.net.client import NetClient
from game.net.inbound import State
from game.net.protocol import Create, Join
from game.netplay import NetSession, RemoteSeat
from game.settings import Settings
from tests.net_support import FakeClock, racing_play, start_server


@pytest.fixture
def server():
    clock = FakeClock()
    thread, url = start_server(clock)
    yield thread, url, clock
    thread.stop()


def sessions(url: str, length: int = 1, cube: bool = False) -> List[NetSession]:
    host = NetClient(url, Create(length, cube, "Ann"), backoff=(0.05, 0.1)).start()
    first = host.wait_for(State)
    guest = NetClient(url, Join(host.code, "Bob"), backoff=(0.05, 0.1)).start()
    second = guest.wait_for(State)
    settings = Settings(pace="instant")
    return [NetSession(host, first, settings), NetSession(guest, second, settings)]


def act_as_people(s: NetSession, rng: random.Random) -> None:
    """What a person would do in the scene, through the same session calls."""
    g = s.game
    if s.human_to_act:
        if s.can_roll():
            s.roll()
        elif g.phase == "move" and g.current_turn is not None and not g.current_turn.steps:
            play = racing_play(g.turn_start, g.current_turn.legal_plays, rng)
            for frm, to in play:
                if g.current_turn is None or g.current_turn.complete:
                    break  # the same board as a whole play: the turn is over
                assert s.step(frm, to)
            s.end_turn()  # (auto end turn may have done it already)
        elif g.phase == "move" and g.current_turn is not None:  # finish a play begun earlier
            step = s.legal_steps()[0]
            assert s.step(step.frm, step.to, step.die)
        elif s.must_answer_double():
            s.answer_double(True)
        elif s.must_answer_resignation():
            s.answer_resignation(True)
    elif s.can_next_game() and s.me == 0:
        s.next_game()


def run(ss: List[NetSession], until, timeout: float = 60.0, seed: int = 1, act: bool = True) -> None:
    rng = random.Random(seed)
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for s in ss:
            s.update(0.05)
            s.drain()
            if act:
                act_as_people(s, rng)
        if until():
            return
        time.sleep(0.002)
    raise AssertionError("timed out")


@pytest.mark.slow
def test_two_sessions_play_a_match_through_the_server_with_the_servers_dice(server):
    thread, url, _ = server
    a, b = sessions(url, length=3)
    try:
        assert isinstance(a.seats[1], RemoteSeat) and isinstance(b.seats[0], RemoteSeat)
        assert not a.can_take_back() and not a.can_hint()
        run([a, b], lambda: a.match.over and b.match.over and not a.remote.busy and not b.remote.busy)
        server_match = thread.server.lobby.rooms[a.client.code].match
        for s in (a, b):
            assert s.match.to_json()["game"]["log"] == server_match.to_json()["game"]["log"]
            assert s.match.score == server_match.score and max(s.match.score) >= 3
        assert a.status().key == "net.status.online"
    finally:
        a.leave(), b.leave()


def test_rematch_swaps_colours_and_continue_alone_after_two_minutes(server):
    thread, url, clock = server
    a, b = sessions(url, length=1)
    try:
        run([a, b], lambda: a.match.over and b.match.over)
        assert a.ask_rematch() and b.ask_rematch()
        run([a, b], lambda: a.rematch_state is not None and b.rematch_state is not None)
        a2, b2 = NetSession(a.client, a.rematch_state), NetSession(b.client, b.rematch_state)
        assert (a2.me, b2.me) == (1, 0) and a2.names == ("Bob", "Ann")
        # Bob (now White) rolls the opening; then Ann's connection dies for good
        run([a2, b2], lambda: a2.game.phase == "move")
        a2.client.close()
        run([b2], lambda: not b2.friend_here)
        assert b2.status().key == "net.status.friend_away" and not b2.continue_alone()
        clock.now += 120
        thread.call(thread.server.sweep)
        run([b2], lambda: b2.may_continue)
        assert b2.status().key == "net.status.may_continue" and b2.continue_alone()
        run([b2], lambda: b2.fallback)
        assert not isinstance(b2.seats[1], RemoteSeat) and b2.status().key == "net.status.vs_computer"
        before = len(b2.game.log)
        run([b2], lambda: len(b2.game.log) > before + 2 or b2.game.over)  # the computer plays Ann's seat
    finally:
        a.leave(), b.leave()


def test_a_dropped_connection_mid_turn_keeps_the_steps_made(server):
    thread, url, _ = server
    a, b = sessions(url)
    try:
        assert a.roll()  # the opening roll, by White
        run([a, b], lambda: a.game.phase == "move" and b.game.phase == "move", act=False)
        mover = a if a.human_to_act else b
        turn = mover.game.current_turn
        frm, to = turn.legal_plays[0][0]
        assert mover.step(frm, to)
        mover.client.drop_connection()
        run([mover], lambda: mover.client.reconnects >= 1 and mover.link.value == "connected", act=False)
        run([mover], lambda: not mover.client.inbox.qsize(), act=False)
        assert mover.game.current_turn is not None and len(mover.game.current_turn.steps) == 1
        run([mover], lambda: mover.game.turn != mover.me)  # the play is finished and sent
        # ... and shown at the other end
        run([a, b], lambda: len(a.game.log) == len(b.game.log) and a.game.turn != mover.me and b.game.turn != mover.me,
            act=False)
        assert a.match.to_json()["game"]["log"] == b.match.to_json()["game"]["log"]
    finally:
        a.leave(), b.leave()
