"""Play a friend, in the real client: two headless apps in this process
play each other through the match server that one of them hosts on
127.0.0.1, by clicks (lobby, code copied and pasted, dice, checkers, the
result screen's rematch with colours swapped).  Local network discovery
is fed by hand (no multicast)."""

from __future__ import annotations

import random
import time
import urllib.request

import pygame
import pytest
from pygame_gui.elements import UILabel

from game.system import clipboard
from game.words import i18n
from game.input.match_intents import ToLobby
from game.net.lan import LanGame
from game.net.protocol import format_code
from game.play.netplay import NetSession
from game.scenes.friend import FriendScene, read_invite
from game.scenes.lobby import LobbyScene
from game.scenes.match import MatchScene
from game.scenes.result import ResultScene
from game.scenes.dialog import DialogScene
from game.store.settings import Settings
from game.testing import AppDriver
from tests.net_support import racing_play


def quick(name: str = "") -> Settings:
    """Instant pace, no sound; ``name``: the player's name for friend games ('' the system's)."""
    return Settings(pace="instant", sound=False, player_name=name)


def until(drivers, cond, timeout=30.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for d in drivers:
            d.frames(1)
        if cond():
            return
        time.sleep(0.002)
    raise AssertionError("timed out")


def host_and_join(host: AppDriver, guest: AppDriver):
    heard: list = []
    host.app.announcer.listen(heard.append)
    host.click_button(host.scene.friend_button)
    assert isinstance(host.scene, FriendScene)
    host.click_button(host.scene.host_button)
    until([host], lambda: host.scene.client is not None and host.scene.client.code and host.scene.showing_code)
    code = host.scene.client.code
    shown = host.scene.code_label.text
    # said too, a sign at a time, for a player who does not see the screen
    assert i18n.t("friend.say_invite", code=" ".join(shown[:5]) + ", " + " ".join(shown[6:])) in heard
    assert shown == format_code(code) and host.scene.address.startswith("127.0.0.1:")
    link = f"backgammon://join/{host.scene.address}/{shown}"
    assert clipboard.paste() == link and host.scene.address_label.text == link  # shown, and copied for the friend
    # and the page to send in a chat program, which the game's own server answers with the link
    page = f"http://{host.scene.address}/join/{shown}"
    labels = host.scene.manager.get_root_container().elements
    assert page in "".join(lab.text for lab in labels if isinstance(lab, UILabel)).replace(" ", "")
    with urllib.request.urlopen(page, timeout=5) as answer:
        assert link in answer.read().decode("utf-8")
    guest.click_button(guest.scene.friend_button)
    fs = guest.scene
    guest.click_button([b for b, a in fs.actions.items() if a == ("paste",)][0])
    assert guest.scene.entry.get_text() == clipboard.paste()
    guest.click_button(guest.scene.join_button)
    until([host, guest], lambda: isinstance(host.scene, MatchScene) and isinstance(guest.scene, MatchScene))
    return host.scene.session, guest.scene.session


def play_turn(d: AppDriver, rng: random.Random) -> None:
    """The local player's turn, by clicks: roll, then the checkers."""
    s = d.session
    g = s.game
    if s.can_roll():
        d.click(d.dice_pos())
        return
    if g.phase == "move" and s.human_to_act and g.current_turn is not None and not g.current_turn.steps:
        for frm, to in racing_play(g.turn_start, g.current_turn.legal_plays, rng):
            if g.current_turn is None or g.current_turn.complete or s.game is not g:
                break
            d.click(d.checker_pos(frm))
            d.click(d.target_pos(to))
        if s.can_end_turn():
            d.click(d.dice_pos())


@pytest.mark.slow
def test_two_apps_play_a_friend_match_and_a_rematch_by_clicks(tmp_path, monkeypatch):
    host = AppDriver(settings=quick())
    monkeypatch.setenv("BACKGAMMON_HOME", str(tmp_path / "guest-home"))  # the friend's own folders
    guest = AppDriver(settings=quick())
    rng = random.Random(4)
    try:
        hs, gs = host_and_join(host, guest)
        assert isinstance(hs, NetSession) and (hs.me, gs.me) == (0, 1)
        assert not hs.can_take_back() and i18n.tr(hs.status()).startswith("Online")
        assert host.app.options.mode == "friend"
        end = time.monotonic() + 120
        while not (isinstance(host.scene, ResultScene) and isinstance(guest.scene, ResultScene)):
            assert time.monotonic() < end, "the match did not finish"
            for d in (host, guest):
                d.frames(2)
                if isinstance(d.scene, MatchScene):
                    play_turn(d, rng)
        assert hs.match.to_json()["game"]["log"] == gs.match.to_json()["game"]["log"]
        server = host.app.hosted.server.server
        assert hs.match.score == next(iter(server.lobby.rooms.values())).match.score
        # recorded as friend games: each app its own player's result
        won = []
        for d in (host, guest):
            d.app.saves.flush()
            tally = d.app.storage.load_records()[0].by_mode["friend"]
            assert tally.games_played == 1
            won.append(tally.games_won)
        assert sorted(won) == [0, 1] and won[hs.match.winner] == 1
        assert host.app.storage.load_game()[0] is None  # never saved to continue
        # rematch: colours swapped; the host asks, the guest agrees (and is not told it waits for an answer)
        heard: list = []
        guest.app.announcer.listen(heard.append)
        host.click_button(host.scene.result_buttons["again"])
        until([host, guest], lambda: gs.rematch_asked_by == hs.me)
        guest.click_button(guest.scene.result_buttons["again"])
        asked = i18n.t("net.status.rematch_asked", name=gs.names[1 - gs.me])
        assert i18n.tr(gs.status()) == asked
        until([host, guest], lambda: isinstance(host.scene, MatchScene) and isinstance(guest.scene, MatchScene)
              and host.scene.session is not hs and guest.scene.session is not gs)
        assert (host.session.me, guest.session.me) == (1, 0) and host.session.game.phase == "opening"
        assert heard.count(asked) == 1, heard  # said once, by the result screen
        # the host leaves: the guest is told
        host.scene.do(ToLobby())
        dialog = host.scene
        assert isinstance(dialog, DialogScene) and dialog.text == i18n.t("net.leave.host")
        host.click_button(dialog.answer_buttons[0])  # Yes
        assert isinstance(host.scene, LobbyScene) and host.app.hosted is None
        until([guest], lambda: guest.session.ended is not None)
        assert i18n.tr(guest.session.status()) == i18n.t("net.status.friend_left", name=guest.session.names[1])
        assert guest.session.may_play_here  # (the opening not thrown yet: the match is not over)
    finally:
        for d in (host, guest):
            if d.app.hosted is not None:
                d.app.hosted.stop()


def test_join_errors_say_why_and_lan_games_join_in_one_click():
    guest = AppDriver(settings=quick())
    guest.click_button(guest.scene.friend_button)
    fs = guest.scene
    fs.entry.set_text("nonsense")
    guest.click_button(fs.join_button)
    assert fs.error == i18n.t("friend.bad_code", n=10)
    fs.entry.set_text("ABCDE-FGHJK")  # no address, no server set
    guest.click_button(fs.join_button)
    assert fs.error == i18n.t("friend.need_address")
    # a game announced on the network (injected: tests never multicast) shows as a button
    fs.lan.add(LanGame("Ann", "127.0.0.1", 1, "ABCDEFGHJK"))
    try:
        until([guest], lambda: bool(fs.lan_shown))
        button = [b for b, a in fs.actions.items() if a == ("lan", 0)][0]
        assert i18n.t("friend.join_nearby", game="Ann (127.0.0.1:1)") == button.text
        guest.click_button(button)
        until([guest], lambda: fs.error is not None, timeout=30)
        assert fs.error == i18n.t("friend.no_connection")  # nothing listens on port 1
    finally:
        fs.lan.remove("ABCDEFGHJK")


def test_read_invite_takes_what_the_host_copied():
    assert read_invite("  [::1]:8765   abcde-fghjk", "") == ("[::1]:8765", "ABCDEFGHJK")
    with pytest.raises(ValueError):
        read_invite("127.0.0.1:80", "")


@pytest.mark.slow
def test_host_by_keyboard_alone_and_back_by_escape():
    d = AppDriver(settings=quick())
    d.click_button(d.scene.friend_button)
    fs = d.scene
    for _ in range(len(fs.focusables())):  # Tab to the Host button, Enter presses it
        if fs.focus.current(fs.focusables()) is not None and fs.focus.current(fs.focusables())[0] is fs.host_button:
            break
        d.key(pygame.K_TAB)
    assert fs.focus.current(fs.focusables())[0] is fs.host_button
    d.key(pygame.K_RETURN)
    until([d], lambda: fs.showing_code)
    assert d.app.hosted is not None and fs.code_label.text == format_code(fs.client.code)
    d.key(pygame.K_ESCAPE)  # cancel: the server stops
    assert isinstance(d.scene, LobbyScene) and d.app.hosted is None
