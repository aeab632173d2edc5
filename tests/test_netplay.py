"""Friend games in the client's Session: two NetSessions play each other
through the real server on 127.0.0.1, the local player's intents as the scene
makes them, the friend's shown like the computer's."""

from __future__ import annotations

import contextlib
import random
import time
from typing import Iterator, List, Tuple

import pytest

from game.net.client import NetClient
from game.net.inbound import State
from game.net.protocol import Create, Join
from game.net.rooms import Room
from game.play.netplay import NetSession, RemoteSeat
from game.store.settings import Settings
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
    if s.awaiting_server:
        return  # the server has not answered the last action yet
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


def play_until_one_ends_the_match(ss: List[NetSession], seed: int = 3, timeout: float = 60.0) -> NetSession:
    """Play until a player's own last play would end the match; that play is
    still on its way to the server (pending) when this returns."""
    rng = random.Random(seed)
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for s in ss:
            s.update(0.05)
            s.drain()
            act_as_people(s, rng)
            g = s.game
            if s.awaiting_server and g.phase == "move" and g.position.winner() is not None:
                return s
        time.sleep(0.002)
    raise AssertionError("timed out")


def test_the_last_play_ends_the_match_once_the_server_has_it_then_a_rematch(server):
    # The board shows only what the server accepted: the winner's last play stays pending
    # (the match is not over on this board, no rematch can be asked) until its echo comes.
    thread, url, _ = server
    a, b = sessions(url)
    try:
        winner = play_until_one_ends_the_match([a, b])
        loser = b if winner is a else a
        assert not winner.match.over and not winner.ask_rematch()
        assert not winner.can_end_turn() and not winner.can_undo()  # the server's to decide now
        run([a, b], lambda: winner.match.over and loser.match.over and not loser.remote.busy, act=False)
        assert winner.ask_rematch() and loser.ask_rematch()
        run([a, b], lambda: a.rematch_state is not None and b.rematch_state is not None, act=False, timeout=15)
        room = thread.server.lobby.rooms[a.client.code]
        assert room.swapped and room.match.game.phase == "opening"
        a2, b2 = NetSession(a.client, a.rematch_state), NetSession(b.client, b.rematch_state)
        assert (a2.me, b2.me) == (1, 0)
        run([a2, b2], lambda: len(a2.game.log) > 3 and len(b2.game.log) > 3)  # the new match goes on
    finally:
        a.leave(), b.leave()


@contextlib.contextmanager
def a_game_over(server, seed: int) -> Iterator[Tuple[Room, NetSession, NetSession]]:
    """Two sessions of a 3-point match, played as people until the first game is over on both
    boards (everything shown): the server's room and the two; both leave at the end."""
    thread, url, _ = server
    a, b = sessions(url, length=3)
    try:
        rng = random.Random(seed)
        end = time.monotonic() + 60
        while not (a.game.phase == "over" and b.game.phase == "over" and not a.remote.busy and not b.remote.busy):
            assert time.monotonic() < end
            for s in (a, b):
                s.update(0.05)
                s.drain()
                if s.human_to_act:
                    act_as_people(s, rng)
            time.sleep(0.002)
        yield thread.server.lobby.rooms[a.client.code], a, b
    finally:
        a.leave(), b.leave()


def test_both_asking_for_the_next_game_at_once_starts_it_once(server):
    # Either player may start the next game of a match.  Both at the same moment: the server
    # takes one and refuses the other as stale; the refused one must not start a second game,
    # nor stop the match.
    with a_game_over(server, 5) as (room, a, b):
        number = a.match.game_number
        assert a.next_game() and b.next_game()  # both, before either hears of the other's
        run([a, b], lambda: not a.outbox.busy and not b.outbox.busy and a.game.phase == b.game.phase == "opening",
            act=False, timeout=15)
        assert room.match.game_number == a.match.game_number == b.match.game_number == number + 1
        run([a, b], lambda: a.match.game_number == number + 1 and len(a.game.log) > 3 and len(b.game.log) > 3)
        assert a.match.game_number == b.match.game_number == room.match.game_number == number + 1


def test_next_game_on_the_result_screen_follows_the_friend_who_went_on_first(server):
    # The result screen reads the connection with the board busy (nothing is shown under it), so
    # the friend's "next" waits there; pressing Next game then must follow it into the new game,
    # not wait for the board below, which never comes while the result is up (it stayed stuck).
    with a_game_over(server, 7) as (room, a, b):
        number = a.match.game_number
        assert b.next_game()  # the friend goes on first
        end = time.monotonic() + 15
        while not (a.remote.events and a.remote.events[0].kind == "next"):
            assert time.monotonic() < end
            a.update(0.05, display_busy=True)  # as the result screen reads it
            b.update(0.05)
            time.sleep(0.002)
        assert a.game.phase == "over" and a.can_next_game()  # (the friend's "next" waits: Next game follows it)
        assert a.next_game()  # Next game pressed: the board follows the friend into the new game
        assert a.match.game_number == number + 1 and a.game.phase == "opening" and not a.outbox.busy
        run([a, b], lambda: len(a.game.log) > 3 and len(b.game.log) > 3)  # and the new game goes on
        assert a.match.game_number == b.match.game_number == room.match.game_number == number + 1


def test_a_play_sent_while_the_connection_is_down_is_done_once(server):
    # The play goes out after the reconnection; the client also sends it again on the state
    # the server gives it on reconnecting (it may have been lost).  The server does it once:
    # the second copy is refused as stale and that refusal changes nothing.
    thread, url, _ = server
    a, b = sessions(url)
    try:
        assert a.roll()
        run([a, b], lambda: a.game.phase == "move" and b.game.phase == "move", act=False)
        mover = a if a.human_to_act else b
        other = b if mover is a else a
        play = mover.game.current_turn.legal_plays[0]
        mover.client.drop_connection()
        end = time.monotonic() + 10
        while mover.client.link.value == "connected":
            assert time.monotonic() < end
            time.sleep(0.005)
        for frm, to in play:
            assert mover.step(frm, to)
        mover.end_turn()
        run([a, b], lambda: not mover.outbox.busy and other.game.turn == other.me and not other.remote.busy,
            act=False, timeout=20)
        room = thread.server.lobby.rooms[a.client.code]
        plays = [e for e in room.match.game.log if e.kind == "play"]
        assert len(plays) == 1 and room.seq == mover.client.last_state.seq
        for s in (a, b):
            assert s.match.to_json()["game"]["log"] == room.match.to_json()["game"]["log"]
    finally:
        a.leave(), b.leave()


def test_an_intent_refused_as_stale_goes_again_only_where_it_still_applies():
    from engine import FixedDice, Match
    from game.net.outbox import Outbox
    from game.net.protocol import Play, Rematch

    sent = []
    box = Outbox(sent.append)
    match = Match(length=1, dice=FixedDice([3, 1]))
    match.game.roll()  # White's opening 3-1
    play = ((8, 5), (6, 5))
    box.put(Play(0, play), seq=1)
    box.put(Rematch(0), seq=1)  # waits behind the play
    assert sent == [Play(1, play)] and box.busy
    assert not box.refused("stale", "play", 0)  # a refusal of another copy: not this one
    assert box.refused("stale", "play", 1) and box.recheck
    assert box.retry(match, 0, seq=4)  # the server still waits for White's play: it goes again
    assert sent[-1] == Play(4, play) and not box.recheck
    assert box.refused("stale", "play", 4)
    match.game.play(play)  # ... but now the server has it (e.g. the first copy was done)
    assert not box.retry(match, 0, seq=5) and not box.busy  # given up, with what waited behind it
    assert sent[-1] == Play(4, play) and len(sent) == 2
    box.put(Rematch(0), seq=5)
    assert box.refused("not_now", "rematch", 5) and not box.busy  # other refusals give it up at once


def test_a_server_that_stops_without_keeping_its_matches_ends_them_and_the_position_is_played_on_here(server):
    """``ended: server_closing`` is the end of the match (a server that keeps its matches
    closes with 1012 instead): no client reconnects to it for ever, and each player may
    play the last position the server sent on against the computer."""
    thread, url, clock = server
    a, b = sessions(url, length=3)
    try:
        run([a, b], lambda: len(a.game.log) >= 4 and a.game.phase != "opening" and not a.behind and not b.behind)
        run([a, b], lambda: not a.awaiting_server and not b.awaiting_server and not a.behind and not b.behind, act=False)
        last = a.client.last_state
        assert last is not None
        position = last.match.to_json()["game"]["position"]
        thread.stop()  # no store: every match ends with server_closing
        run([a, b], lambda: a.ended is not None and b.ended is not None, act=False, timeout=10)
        for s in (a, b):
            assert s.ended == "server_closing" and s.may_play_here and not s.online
            assert s.status().key == "net.status.ended.server_closing"
        time.sleep(0.3)
        run([a, b], lambda: True, act=False)
        assert a.status().key == "net.status.ended.server_closing"  # not "reconnecting"
        assert a.continue_alone()
        assert a.fallback and not a.may_play_here and a.status().key == "net.status.vs_computer"
        assert a.match.to_json()["game"]["position"] == position
        before = len(a.game.log)
        run([a], lambda: len(a.game.log) > before + 2 or a.game.over)  # the game goes on here
    finally:
        a.leave(), b.leave()


def test_what_the_friend_did_while_the_connection_was_down_is_shown_as_it_came(server):
    """The friend rolled and played while this player's connection was down: the whole copy
    the reconnection brings is reached by showing those actions one by one (the roll, the
    steps), as if they had come over the wire, not by putting the server's copy in place
    with "this board differed from the server's" and a new game's words."""
    thread, url, _ = server
    a, b = sessions(url, cube=True)
    try:
        assert a.roll()  # the opening
        run([a, b], lambda: a.game.phase == b.game.phase == "move", act=False)
        opener = a if a.human_to_act else b
        run([a, b], lambda: a.game.phase == b.game.phase == "roll" and len(a.game.log) == len(b.game.log) >= 2
            and not a.awaiting_server and not b.awaiting_server and not a.behind and not b.behind,
            act=False) if _play_turn(opener) else None
        friend, away = (a, b) if a.game.turn == a.me else (b, a)
        seen: list = []
        away.watchers.append(seen.append)  # (run() drains the happenings)
        away.client.backoff = (1.5,)  # (long enough for the friend's turn below)
        away.client.drop_connection()
        run([away], lambda: away.link.value != "connected", act=False)
        me = friend.me
        _play_turn(friend)  # the friend's roll and play, with nothing from the away side
        assert away.link.value != "connected", "the friend's turn took longer than the reconnection's wait"
        run([away], lambda: away.link.value == "connected" and not away.behind and not away.awaiting_server
            and len(away.game.log) == len(friend.game.log), act=False, timeout=20)
        kinds = [h.kind.value for h in seen if h.player == me]
        assert kinds and kinds[0] == "roll" and "step" in kinds and "turn" in kinds, kinds
        assert "newgame" not in kinds and away.told is None
        assert away.match.to_json()["game"]["log"] == friend.match.to_json()["game"]["log"]
    finally:
        a.leave(), b.leave()


def _play_turn(s: NetSession, seed: int = 5) -> bool:
    """``s``'s player makes a whole turn (the roll, if due, and a play), and the server has it."""
    rng, me = random.Random(seed), s.me
    end = time.monotonic() + 20
    while s.game.turn == me or s.awaiting_server:
        assert time.monotonic() < end, "the turn was not made"
        s.update(0.05)
        s.drain()
        act_as_people(s, rng)
        time.sleep(0.002)
    return True
