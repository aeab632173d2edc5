"""Friend games when the server goes away: two NetSessions play through a
real server on 127.0.0.1 that keeps its matches in a file (as
``--store``); the server is stopped mid-turn and started again on the same
port.  The clients never show a move the server did not accept, reconnect by
themselves and go on; a move made while the server is down is held (pending)
and then done, or cancelled when the server that came back cannot take it;
a server that does not have the match says so."""

from __future__ import annotations

import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable, List, Tuple

import pytest

from game.net.client import NetClient
from game.net.inbound import Link, State
from game.net.protocol import Create, Join
from game.net.server import Limits, ServerThread
from game.play.netplay import GONE, NetSession
from game.store.settings import Settings
from tests.net_support import racing_play

FAST = (0.05, 0.1, 0.2)  # the tests' reconnection waits (the game's: 0.5 s doubling to 10 s)


def serve(store: Path, port: int = 0) -> Tuple[ServerThread, int]:
    thread = ServerThread("127.0.0.1", port, limits=Limits(rate=1000, burst=1000), store=str(store))
    _, bound = thread.start()
    return thread, bound


def sessions(port: int) -> List[NetSession]:
    url = f"ws://127.0.0.1:{port}"
    host = NetClient(url, Create(1, False, "Ann"), backoff=FAST).start()
    first = host.wait_for(State)
    guest = NetClient(url, Join(host.code, "Bob"), backoff=FAST).start()
    second = guest.wait_for(State)
    settings = Settings(pace="instant", auto_end_turn=False)
    return [NetSession(host, first, settings), NetSession(guest, second, settings)]


def run(ss: List[NetSession], until: Callable[[], bool], timeout: float = 20.0,
        each: Callable[[], None] = lambda: None) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for s in ss:
            s.update(0.05)
            s.drain()
        each()
        if until():
            return
        time.sleep(0.002)
    raise AssertionError("timed out")


def to_move(ss: List[NetSession]) -> NetSession:
    """The opening roll thrown; the session of the player to move."""
    a, b = ss
    assert a.roll()
    run(ss, lambda: a.game.phase == "move" and b.game.phase == "move" and not a.remote.busy and not b.remote.busy)
    return a if a.human_to_act else b


def logs(ss: List[NetSession]) -> List[object]:
    return [s.match.to_json()["game"]["log"] for s in ss]


def room_log(thread: ServerThread, code: str) -> object:
    return thread.server.lobby.rooms[code].match.to_json()["game"]["log"]


def test_the_server_restarted_mid_turn_the_move_made_meanwhile_is_held_then_done(tmp_path):
    store = tmp_path / "rooms.sqlite"
    thread, port = serve(store)
    ss = sessions(port)
    a, b = ss
    code = a.client.code
    try:
        mover = to_move(ss)
        other = b if mover is a else a
        play = racing_play(mover.game.turn_start, mover.game.current_turn.legal_plays, random.Random(2))
        frm, to = play[0]
        assert mover.step(frm, to)  # one step of the turn, then the server goes
        thread.stop()
        run(ss, lambda: mover.link != Link.CONNECTED and other.link != Link.CONNECTED)
        log_before = len(mover.game.log)
        for frm, to in play[1:]:
            if mover.game.current_turn is None or mover.game.current_turn.complete:
                break
            assert mover.step(frm, to)
        assert mover.end_turn()
        # held: shown as pending, not done (the turn has not passed on this board or the other)
        assert mover.awaiting_server and mover.status().key == "net.status.held"
        assert mover.game.turn == mover.me and len(mover.game.log) == log_before and not mover.can_undo()
        assert other.game.turn == mover.me
        thread, _ = serve(store, port)  # the same server again, on the same port: it kept the match
        run(ss, lambda: not mover.awaiting_server and other.game.turn == other.me and not other.remote.busy)
        assert mover.game.turn == other.me and mover.client.reconnects >= 1 and other.client.reconnects >= 1
        assert logs(ss)[0] == logs(ss)[1] == room_log(thread, code)
        assert [e["kind"] for e in logs(ss)[0]].count("play") == 1  # done once
        # ... and the match goes on
        assert mover.status().key == "net.status.online" and other.status().key == "net.status.online"
        run(ss, lambda: other.can_roll())
        assert other.roll()
        run(ss, lambda: mover.game.phase == "move" and other.game.phase == "move" and not mover.remote.busy)
        assert logs(ss)[0] == logs(ss)[1] == room_log(thread, code)
    finally:
        for s in ss:
            s.leave()
        thread.stop()


def test_a_server_that_came_back_behind_cancels_the_held_move_and_its_state_wins(tmp_path):
    # The server comes back from a file saved before the opening roll (it lost what came
    # after): the play made while it was down cannot be done there.  It is cancelled (its
    # steps go back), both boards become the server's, and both players are told.
    store = tmp_path / "rooms.sqlite"
    thread, port = serve(store)
    ss = sessions(port)
    a, b = ss
    try:
        thread.call(thread.server.save)
        shutil.copy(store, tmp_path / "before-the-roll.sqlite")
        mover = to_move(ss)
        play = mover.game.current_turn.legal_plays[0]
        thread.stop()
        run(ss, lambda: mover.link != Link.CONNECTED)
        for frm, to in play:
            assert mover.step(frm, to)
        assert mover.end_turn() and mover.awaiting_server
        shutil.copy(tmp_path / "before-the-roll.sqlite", store)
        thread, _ = serve(store, port)
        run(ss, lambda: not mover.awaiting_server and a.game.phase == b.game.phase == "opening"
            and a.told is not None and b.told is not None)
        assert mover.told.key == "net.told.cancelled" and (b if mover is a else a).told.key == "net.told.replaced"
        assert a.match.to_json() == b.match.to_json() == thread.server.lobby.rooms[a.client.code].match.to_json()
        # each learns that the other is back from the server's presence, which may come a moment later
        run(ss, lambda: a.status().key == b.status().key == "net.status.online")
        assert a.status().key == b.status().key == "net.status.online"
    finally:
        for s in ss:
            s.leave()
        thread.stop()


def test_a_server_without_the_match_says_it_is_gone(tmp_path):
    thread, port = serve(tmp_path / "rooms.sqlite")
    ss = sessions(port)
    a, b = ss
    try:
        thread.stop()
        run(ss, lambda: a.link != Link.CONNECTED)
        assert a.roll() and a.awaiting_server  # the opening roll, asked while the server is away: held
        (tmp_path / "rooms.sqlite").unlink()  # the server comes back without its matches
        thread, _ = serve(tmp_path / "rooms.sqlite", port)
        run(ss, lambda: a.ended is not None and b.ended is not None)
        assert a.ended == b.ended == GONE and not a.online
        assert not a.awaiting_server and a.game.phase == "opening"  # what was held will never be done
        assert a.status().key == "net.status.ended.match_gone"
        run(ss, lambda: a.client.link in (Link.CLOSED, Link.FAILED))  # it stops knocking
    finally:
        for s in ss:
            s.leave()
        thread.stop()


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def headless(port: int, store: Path) -> "subprocess.Popen[str]":
    """``python -m game.server --store FILE`` on 127.0.0.1, as a player would run it; waits until it listens."""
    proc = subprocess.Popen([sys.executable, "-m", "game.server", "--host", "127.0.0.1", "--port", str(port),
                             "--store", str(store)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            cwd=Path(__file__).resolve().parent.parent)
    assert proc.stdout is not None
    line = proc.stdout.readline()  # "backgammon match server on ws://..." once it listens
    assert "match server" in line, line
    return proc


def saved(store: Path, code: str, seq: int, timeout: float = 20.0) -> None:
    """Wait until the server's file holds the match at state ``seq`` (it saves once a second)."""
    import sqlite3

    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            with sqlite3.connect(f"file:{store}?mode=ro", uri=True) as db:
                row = db.execute("SELECT record FROM rooms WHERE code = ?", (code,)).fetchone()
        except sqlite3.Error:
            row = None
        if row is not None and f'"seq":{seq},' in row[0]:
            return
        time.sleep(0.05)
    raise AssertionError("the server did not save the match")


@pytest.mark.slow
def test_the_headless_server_killed_mid_turn_and_started_again(tmp_path):
    # The server process dies (SIGKILL: what it had not saved is lost) while a player is on
    # turn and comes back on the same port.  Whatever it kept, the boards never show a move
    # it did not accept: both clients reconnect by themselves and show its state, identical.
    port, store = free_port(), tmp_path / "rooms.sqlite"
    proc = headless(port, store)
    ss = sessions(port)
    a, b = ss
    try:
        mover = to_move(ss)
        other = b if mover is a else a
        play = mover.game.current_turn.legal_plays[0]
        assert mover.step(*play[0])
        saved(store, a.client.code, a.client.last_state.seq)  # (a match just made may die with the server: see below)
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        run(ss, lambda: mover.link != Link.CONNECTED and other.link != Link.CONNECTED)
        for frm, to in play[1:]:
            if mover.game.current_turn is None or mover.game.current_turn.complete:
                break
            assert mover.step(frm, to)
        assert mover.end_turn() and mover.awaiting_server and mover.game.turn == mover.me
        proc = headless(port, store)
        run(ss, lambda: not mover.awaiting_server and a.link == b.link == Link.CONNECTED
            and not a.remote.busy and not b.remote.busy and a.match.to_json() == b.match.to_json(), timeout=30)
        kept = [e["kind"] for e in a.match.to_json()["game"]["log"]]
        assert kept.count("play") <= 1 and (mover.told is None) == (kept.count("play") == 1)
        # the match goes on from the server's state
        before = len(a.game.log)
        rng = random.Random(4)

        def act() -> None:
            for s in ss:
                if s.awaiting_server or not s.human_to_act:
                    continue
                g = s.game
                if s.can_roll():
                    s.roll()
                elif g.phase == "move" and g.current_turn is not None and not g.current_turn.steps:
                    for frm, to in racing_play(g.turn_start, g.current_turn.legal_plays, rng):
                        if g.current_turn is None or g.current_turn.complete:
                            break
                        s.step(frm, to)
                    s.end_turn()
        run(ss, lambda: len(a.game.log) >= before + 4 and a.match.to_json() == b.match.to_json()
            and not a.remote.busy and not b.remote.busy, timeout=30, each=act)
    finally:
        for s in ss:
            s.leave()
        proc.kill()
        proc.wait(10)


def test_hosting_again_waits_a_moment_for_its_old_port_then_takes_another(monkeypatch):
    import socket
    import threading

    from game.net import hosting

    monkeypatch.setenv("BACKGAMMON_LAN", "off")
    holder = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    holder.bind(("127.0.0.1", 0))
    holder.listen(1)
    port = holder.getsockname()[1]
    timer = threading.Timer(0.3, holder.close)  # the old game's socket, gone a moment later
    timer.start()
    again = hosting.Hosting.start(port, tries=20, pause=0.05)
    try:
        assert again.server.port == port and again.moved_from is None  # the friend finds it where it was
    finally:
        again.stop(keep=False)
        timer.join()
    holder = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    holder.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    holder.bind(("127.0.0.1", port))
    holder.listen(1)  # held for good: another port, and the host is told (moved_from)
    try:
        moved = hosting.Hosting.start(port, tries=3, pause=0.05)
        assert moved.server.port != port and moved.moved_from == port
        assert moved.address == f"127.0.0.1:{moved.server.port}"
        moved.stop(keep=False)
    finally:
        holder.close()
