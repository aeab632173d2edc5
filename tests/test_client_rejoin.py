"""A friend match outlives the game's process: the real client, headless, in
this process, with a match server on 127.0.0.1.  A player's game is "killed"
(its connection cut, nothing said to the server, the app dropped) and started
again from the same data folder: the lobby offers to rejoin the match (to
host it again, for a game that hosted it) and the match goes on.  A seat the
server no longer has is said in words and forgotten; a damaged seat file is
set aside with a line, never a crash."""

from __future__ import annotations

import random
import socket

import pytest
from pygame_gui.elements import UILabel

from game.words import i18n
from game.input.match_intents import ToLobby
from game.net.protocol import format_code
from game.net.server import Limits, ServerThread
from game.play.netplay import NetSession
from game.scenes.dialog import DialogScene
from game.scenes.friend import FriendScene
from game.scenes.lobby import LobbyScene
from game.scenes.match import MatchScene
from game.store.settings import Settings
from game.store.storage import TICKET_FILE
from game.testing import AppDriver
from tests.test_client_friend import host_and_join, play_turn, until


def quick(server: str = "") -> Settings:
    return Settings(pace="instant", sound=False, server_address=server)


def kill(d: AppDriver) -> None:
    """The game dies: its connection is cut (the server is told nothing) and nothing more runs."""
    session = d.app.session
    assert isinstance(session, NetSession)
    session.client.drop_connection()
    session.client.close()
    d.app.saves.writer.flush()  # (what it had written by now; a real kill leaves the same, written at the match's start)


def play_on(drivers, rng: random.Random, turns: int) -> None:
    """Both play until the log has ``turns`` more entries, then both show the same match."""
    first = drivers[0].session
    start = len(first.game.log) + 100 * first.match.game_number
    def grown() -> bool:
        s = drivers[0].session
        return len(s.game.log) + 100 * s.match.game_number >= start + turns
    end_reached = []

    def step() -> bool:
        for d in drivers:
            if isinstance(d.scene, MatchScene):
                play_turn(d, rng)
        if grown() or any(d.session.match.over for d in drivers):
            end_reached.append(True)
        return bool(end_reached)
    until(drivers, step, timeout=60)
    until(drivers, lambda: all(not d.session.remote.busy and not d.session.awaiting_server for d in drivers)
          and drivers[0].session.match.to_json() == drivers[1].session.match.to_json(), timeout=30)


@pytest.fixture
def server():
    thread = ServerThread("127.0.0.1", 0, limits=Limits(rate=1000, burst=1000))
    _, port = thread.start()
    yield thread, f"127.0.0.1:{port}"
    thread.stop()


@pytest.mark.slow
def test_a_guest_killed_and_started_again_rejoins_from_the_lobby(tmp_path, monkeypatch, server):
    thread, address = server
    host = AppDriver(settings=quick(address))
    guest_home = tmp_path / "guest-home"
    monkeypatch.setenv("BACKGAMMON_HOME", str(guest_home))
    guest = AppDriver(settings=quick(address))
    rng = random.Random(3)
    hs, gs = host_and_join(host, guest)
    play_on([host, guest], rng, 3)
    until([guest], lambda: (guest_home / TICKET_FILE).exists())
    me = gs.me
    kill(guest)
    until([host], lambda: not hs.friend_here)
    # started again from the same folder: the lobby offers the match
    again = AppDriver(settings=quick(address))
    lobby = again.scene
    assert isinstance(lobby, LobbyScene) and lobby.rejoin_button is not None and lobby.rejoin_button.visible
    assert lobby.rejoin_button.text == i18n.t("lobby.rejoin", name=gs.names[1 - me])  # the friend's name, as it came
    again.click_button(lobby.rejoin_button)
    until([host, again], lambda: isinstance(again.scene, MatchScene) and hs.friend_here)
    assert again.session.me == me and again.session is not gs
    until([host, again], lambda: not hs.remote.busy and hs.match.to_json() == again.session.match.to_json())
    play_on([host, again], rng, 3)  # the match goes on
    room = next(iter(thread.server.lobby.rooms.values()))
    assert room.match.to_json()["game"]["log"] == again.session.match.to_json()["game"]["log"]
    # leaving on purpose forgets the seat
    again.scene.do(ToLobby())
    if not isinstance(again.scene, LobbyScene):
        again.click_button(again.scene.answer_buttons[0])  # Yes, leave
    assert isinstance(again.scene, LobbyScene)
    again.app.saves.flush()
    assert not (guest_home / TICKET_FILE).exists() and not again.scene.rejoin_button.visible
    host.session.leave()


def test_joining_with_the_same_invite_while_holding_the_seat_resumes_it(tmp_path, monkeypatch, server):
    _, address = server
    host = AppDriver(settings=quick(address))
    monkeypatch.setenv("BACKGAMMON_HOME", str(tmp_path / "guest-home"))
    guest = AppDriver(settings=quick(address))
    hs, gs = host_and_join(host, guest)
    invite = f"{address} {format_code(hs.client.code)}"  # as the host gave it
    until([guest], lambda: (tmp_path / "guest-home" / TICKET_FILE).exists())
    kill(guest)
    again = AppDriver(settings=quick(address))
    again.click_button(again.scene.friend_button)
    fs = again.scene
    assert isinstance(fs, FriendScene)
    fs.entry.set_text(invite)
    again.click_button(fs.join_button)
    until([host, again], lambda: isinstance(again.scene, MatchScene) or fs.error is not None)
    assert fs.error is None, fs.error  # not "This match already has two players."
    assert again.session.me == gs.me
    host.session.leave()


def test_a_host_killed_and_started_again_hosts_the_same_match_and_the_guest_comes_back(tmp_path, monkeypatch):
    host_home = tmp_path / "host-home"
    monkeypatch.setenv("BACKGAMMON_HOME", str(host_home))
    host = AppDriver(settings=quick())
    monkeypatch.setenv("BACKGAMMON_HOME", str(tmp_path / "guest-home"))
    guest = AppDriver(settings=quick())
    rng = random.Random(5)
    try:
        hs, gs = host_and_join(host, guest)
        play_on([host, guest], rng, 3)
        until([host], lambda: (host_home / TICKET_FILE).exists())
        kill(host)
        host.app.hosted.stop()  # the game's own server goes with it (its matches stay in its folder)
        host.app.hosted = None
        until([guest], lambda: gs.link.value != "connected")
        assert gs.ended is None  # not the end of the match: it waits for the server
        monkeypatch.setenv("BACKGAMMON_HOME", str(host_home))
        again = AppDriver(settings=quick())
        lobby = again.scene
        assert lobby.rejoin_button.visible
        assert lobby.rejoin_button.text == i18n.t("lobby.rehost", name=hs.names[1 - hs.me])
        again.click_button(lobby.rejoin_button)
        until([again, guest], lambda: isinstance(again.scene, MatchScene) and again.session.friend_here
              and gs.link.value == "connected", timeout=40)  # the guest reconnects by itself
        assert again.session.me == hs.me
        until([again, guest], lambda: not gs.remote.busy and not again.session.remote.busy
              and gs.match.to_json() == again.session.match.to_json())
        play_on([again, guest], rng, 3)
        for d in (again, guest):
            d.session.leave()
    finally:
        for d in (host, guest):
            if d.app.hosted is not None:
                d.app.hosted.stop(keep=False)
        if "again" in locals() and again.app.hosted is not None:
            again.app.hosted.stop(keep=False)


def test_a_seat_the_server_no_longer_has_is_said_in_words_and_forgotten(tmp_path, monkeypatch, server):
    from game.store.friendseat import SeatTicket
    from game.store.storage import Storage

    _, address = server
    home = tmp_path / "home"
    Storage(home).save_ticket(SeatTicket(f"ws://{address}", "x" * 32, "ABCDEFGHJK", "guest", 1, "Ann"))
    monkeypatch.setenv("BACKGAMMON_HOME", str(home))
    d = AppDriver(settings=quick(address))
    assert d.scene.rejoin_button.visible and d.scene.rejoin_button.text == i18n.t("lobby.rejoin", name="Ann")
    d.click_button(d.scene.rejoin_button)
    until([d], lambda: isinstance(d.scene, LobbyScene) and d.app.notice is not None)
    assert d.app.notice == i18n.t("friend.gone", name="Ann")
    assert not d.scene.rejoin_button.visible
    d.app.saves.flush()
    assert not (home / TICKET_FILE).exists()


def test_a_damaged_seat_file_is_set_aside_with_a_line(tmp_path, monkeypatch):
    home = tmp_path / "home"
    home.mkdir()
    (home / TICKET_FILE).write_text("{ not json", encoding="utf-8")
    monkeypatch.setenv("BACKGAMMON_HOME", str(home))
    d = AppDriver(settings=quick())
    assert isinstance(d.scene, LobbyScene) and not d.scene.rejoin_button.visible
    assert d.app.notice is not None and "friend match" in i18n.tr(d.app.notice)
    assert not (home / TICKET_FILE).exists() and any(p.name.startswith(TICKET_FILE + ".corrupt-") for p in home.iterdir())


def test_the_match_gone_from_a_restarted_server_is_said_and_the_lobby_follows(tmp_path, monkeypatch):
    # The server comes back without the match (its store lost): both players are told in words, and back in
    # the lobby nothing offers to rejoin it (the records of the games finished are kept).
    store = tmp_path / "rooms.sqlite"
    thread = ServerThread("127.0.0.1", 0, limits=Limits(rate=1000, burst=1000), store=str(store))
    _, port = thread.start()
    address = f"127.0.0.1:{port}"
    host = AppDriver(settings=quick(address))
    monkeypatch.setenv("BACKGAMMON_HOME", str(tmp_path / "guest-home"))
    guest = AppDriver(settings=quick(address))
    try:
        hs, gs = host_and_join(host, guest)
        until([host, guest], lambda: (tmp_path / "guest-home" / TICKET_FILE).exists())
        thread.stop()  # a server that keeps its matches stops: the players reconnect ...
        store.unlink()  # ... but its store is lost
        thread = ServerThread("127.0.0.1", port, limits=Limits(rate=1000, burst=1000), store=str(store))
        thread.start()  # ... and the one that comes back does not have the match
        until([host, guest], lambda: gs.ended is not None and isinstance(guest.scene, DialogScene))
        dialog = guest.scene
        assert gs.ended == "match_gone" and dialog.text == i18n.t("net.status.ended.match_gone")
        guest.click_button(dialog.answer_buttons[0])  # Back to the lobby
        assert isinstance(guest.scene, LobbyScene) and not guest.scene.rejoin_button.visible
        guest.app.saves.flush()
        assert not (tmp_path / "guest-home" / TICKET_FILE).exists()
    finally:
        thread.stop()


def test_a_match_hosted_again_whose_port_is_taken_says_the_new_invite(tmp_path, monkeypatch):
    # The game hosted a match on a port; started again, another program holds that port: the old
    # port is tried for a moment, then another is used, and the host is told in words which invite
    # to send now (shown and copied); the friend, resuming there, finds the match.
    from game.store.friendseat import SeatTicket
    from game.net import hosting
    from game.net.client import NetClient
    from game.net.inbound import State
    from game.net.protocol import Create, Join
    from game.store.storage import HOSTED_FILE, Storage

    home = tmp_path / "home"
    home.mkdir()
    first = ServerThread("127.0.0.1", 0, store=str(home / HOSTED_FILE))  # the game's own server, the run before
    _, old_port = first.start()
    url = f"ws://127.0.0.1:{old_port}"
    host = NetClient(url, Create(1, False, "Ann"), backoff=(0.05, 0.1)).start()
    host.wait_for(State)
    guest = NetClient(url, Join(host.code, "Bob"), backoff=(0.05, 0.1)).start()
    guest.wait_for(State)
    tokens = host.token, guest.token
    for c in (host, guest):
        c.close()
    first.stop()  # (its matches kept in the store)
    holder = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    holder.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # (the old server's connections linger in TIME_WAIT)
    holder.bind(("127.0.0.1", old_port))  # another program takes the port meanwhile, and listens
    holder.listen(1)
    monkeypatch.setattr(hosting, "PORT_PAUSE", 0.05)
    Storage(home).save_ticket(SeatTicket(url, tokens[0], host.code, "host", 0, "Bob", old_port))
    monkeypatch.setenv("BACKGAMMON_HOME", str(home))
    d = AppDriver(settings=quick())
    again = None
    try:
        assert d.scene.rejoin_button.text == i18n.t("lobby.rehost", name="Bob")
        d.click_button(d.scene.rejoin_button)
        fs = d.scene
        assert isinstance(fs, FriendScene)
        until([d], lambda: fs.showing_code, timeout=20)
        new_port = d.app.hosted.server.port
        address = f"127.0.0.1:{new_port}"
        assert new_port != old_port and d.app.hosted.moved_from == old_port
        assert fs.moved == i18n.t("friend.moved", port=old_port, address=address)
        assert fs.code_label.text == format_code(host.code) and fs.address_label.text == f"backgammon://join/{address}/{format_code(host.code)}"
        assert isinstance(fs, FriendScene) and d.app.friend_seat.kept.hosted_port == new_port
        # the friend, given the new invite, resumes there: the match opens for the host
        again = NetClient(f"ws://{address}", Join(host.code, "Bob"), token=tokens[1], backoff=(0.05, 0.1)).start()
        again.wait_for(State)
        until([d], lambda: isinstance(d.scene, MatchScene) and d.session.friend_here, timeout=20)
        assert d.session.me == 0
    finally:
        holder.close()
        if again is not None:
            again.close()
        if d.app.hosted is not None:
            d.app.hosted.stop(keep=False)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_rejoining_a_server_that_cannot_be_reached_says_so_and_keeps_the_seat(tmp_path, monkeypatch, language):
    from game.store.friendseat import SeatTicket
    from game.scenes import friend
    from game.store.storage import Storage

    closed = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    closed.bind(("127.0.0.1", 0))
    port = closed.getsockname()[1]
    closed.close()  # nothing listens there
    home = tmp_path / "home"
    ticket = SeatTicket(f"ws://127.0.0.1:{port}", "x" * 32, "ABCDEFGHJK", "guest", 1, "Ann")
    Storage(home).save_ticket(ticket)
    monkeypatch.setenv("BACKGAMMON_HOME", str(home))
    monkeypatch.setattr(friend, "REJOIN_PATIENCE", 0.3)  # (the game's: 30 seconds)
    d = AppDriver(settings=quick())
    i18n.set_language(language)
    d.click_button(d.scene.rejoin_button)
    fs = d.scene
    assert isinstance(fs, FriendScene)
    until([d], lambda: fs.unreachable is not None, timeout=20)
    words = i18n.t("friend.unreachable", address=f"127.0.0.1:{port}")
    shown = "".join(e.text for e in fs.manager.get_root_container().elements if isinstance(e, UILabel))
    assert words.replace(" ", "") in shown.replace(" ", "")
    assert fs.retry_button.text == i18n.t("friend.try_again") and fs.forget_button.text == i18n.t("friend.forget")
    assert fs.client is None and d.app.friend_seat.kept == ticket  # the seat is kept: nothing lost
    d.app.saves.flush()
    assert (home / TICKET_FILE).exists()
    d.click_button(fs.retry_button)  # Try again: the same, said again
    assert fs.unreachable is None and fs.waiting == "rejoin"
    until([d], lambda: fs.unreachable is not None, timeout=20)
    d.click_button(fs.forget_button)  # Forget this match: the lobby no longer offers it
    assert isinstance(d.scene, LobbyScene) and not d.scene.rejoin_button.visible
    d.app.saves.flush()
    assert not (home / TICKET_FILE).exists()
