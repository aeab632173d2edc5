"""A friend game's screen, in the real client: two headless apps in this
process play each other through the match server one of them hosts on
127.0.0.1 (nothing is announced on any network).

What a friend game offers (no Restart, Take back or Hint; "Leave the
match"), the connection's state in the panel as it changes and whole at
every size, "play on against the computer" after "Wait", a game played on
against the computer kept like any other, the right words when the friend
leaves on purpose, the rematch asked, no steps while the other side's
resignation is answered, and the opening roll thrown by the guest."""

from __future__ import annotations

import time

import pygame
import pytest

from game.words import i18n
from game.words.i18n import t, tr
from game.input.match_intents import Resign
from game.net.inbound import Link
from game.play.netplay import NetSession
from game.scenes.dialog import DialogScene
from game.scenes.lobby import LobbyScene
from game.scenes.match import MatchScene
from game.scenes.result import ResultScene
from game.testing import AppDriver
from tests.test_client_friend import host_and_join, quick, until

SIZES = [(800, 600), (1280, 720), (1600, 900), (1920, 1080), (1080, 1920), (3840, 2160)]


@pytest.fixture
def pair(tmp_path, monkeypatch):
    host = AppDriver(settings=quick("Ann"))
    monkeypatch.setenv("BACKGAMMON_HOME", str(tmp_path / "guest-home"))  # the friend's own folders
    guest = AppDriver(settings=quick("Bob"))
    try:
        yield host, guest
    finally:
        i18n.set_language("en")
        for d in (host, guest):
            if d.app.hosted is not None:
                d.app.hosted.stop()


def connection_text(d: AppDriver) -> str:
    """The connection's lines in the panel, as shown (one string)."""
    scene = d.app.scenes.current if isinstance(d.app.scenes.current, MatchScene) else None
    if scene is None:
        scene = next(s for s in d.app.scenes.visible() if isinstance(s, MatchScene))
    return " ".join(lab.text for lab in scene.panel.connection if lab.text.strip())


def same_words(shown: str, text: str) -> bool:
    """``shown`` is ``text`` broken into lines (spaces at the breaks aside)."""
    return shown.replace(" ", "") == text.replace(" ", "")


def test_a_friend_game_offers_no_restart_take_back_or_hint_and_leaving_asks(pair):
    host, guest = pair
    hs, gs = host_and_join(host, guest)
    for d in (host, guest):
        scene = d.scene
        assert isinstance(scene, MatchScene)
        top, panel = scene.topbar, scene.panel
        assert not top.restart.visible and top.lobby.text == t("top.leave")
        assert not panel.take_back.visible and not panel.hint.visible and not panel.continue_alone.visible
        reachable = [b for b, _ in scene.widgets.panel.focusables() + scene.widgets.topbar.focusables()]
        assert top.restart not in reachable and panel.take_back not in reachable and panel.hint not in reachable
        shown_help = [lab.text for lab in panel.hints if lab.visible]
        assert t("panel.keys2") not in shown_help and t("panel.keys2_undo") in shown_help  # no help for a take-back
        # T says why there is none; H asks for no hint; nothing changes
        before = d.session.snapshot()
        d.key(pygame.K_t)
        assert scene.actions.notice == t("takeback.friend")
        d.key(pygame.K_h)
        assert d.session.snapshot() == before and isinstance(d.scene, MatchScene) and d.session.online
    # the guest leaves the match: asked first, then the lobby; the server is told
    guest.click_button(guest.scene.topbar.lobby)
    dialog = guest.scene
    assert isinstance(dialog, DialogScene) and dialog.title == t("net.leave.title") and dialog.text == t("net.leave.guest")
    guest.click_button(dialog.answer_buttons[0])  # Yes
    assert isinstance(guest.scene, LobbyScene) and guest.app.session is None
    # the host is told the friend left (not "gone 2 minutes"), at once, in a sentence that starts as one
    until([host], lambda: isinstance(host.scene, DialogScene), timeout=10)
    told = host.scene
    assert told.title == t("net.gone.left_title")
    friend = hs.names[1]
    assert friend == gs.names[1] and friend  # the name the guest's game sent
    assert told.text == t("net.gone.left_text", status=t("net.status.friend_left", name=friend)) and told.text[0].isupper()
    assert hs.friend_left and hs.may_continue
    # nothing to wait for (the friend's seat is given up): play on, or back to the lobby
    assert [b.text for b in told.answer_buttons] == [t("net.gone.continue"), t("net.gone.lobby")]


def test_play_on_against_the_computer_stays_offered_after_the_question_and_the_game_is_kept(pair):
    host, guest = pair
    hs, gs = host_and_join(host, guest)
    gs.leave()  # the friend leaves the match
    until([host], lambda: isinstance(host.scene, DialogScene), timeout=10)
    assert t("net.gone.wait") not in [b.text for b in host.scene.answer_buttons]  # no waiting for one who left
    host.key(pygame.K_ESCAPE)  # the question closed, unanswered
    scene = host.scene
    assert isinstance(scene, MatchScene)
    button = scene.panel.continue_alone
    assert button.visible and button.text == t("net.continue_button")  # still offered, and by C
    assert same_words(connection_text(host), t("net.status.friend_left", name=hs.names[1]))
    host.key(pygame.K_c)
    until([host], lambda: hs.fallback, timeout=10)
    host.frames(3)
    assert not button.visible and connection_text(host) == t("net.status.vs_computer")
    assert scene.topbar.lobby.text == t("top.lobby") and scene.panel.take_back.visible and scene.panel.hint.visible
    assert host.app.options.mode == "computer"  # a match against the computer now
    # back to the lobby: asked, kept, and continued from there like any saved game
    host.click_button(scene.topbar.lobby)
    dialog = host.scene
    assert isinstance(dialog, DialogScene) and dialog.text == t("confirm.lobby.text")
    host.click_button(dialog.answer_buttons[0])
    lobby = host.scene
    assert isinstance(lobby, LobbyScene) and lobby.continue_button.visible and host.app.session is hs
    host.app.saves.flush()
    saved = host.app.storage.load_game()[0]
    assert saved is not None and saved["options"]["mode"] == "computer"
    host.click_button(lobby.continue_button)
    assert isinstance(host.scene, MatchScene) and host.scene.session is hs and hs.fallback


def test_the_panel_follows_the_connection_as_it_changes(pair):
    host, guest = pair
    hs, gs = host_and_join(host, guest)
    assert same_words(connection_text(host), t("net.status.online", name="Bob"))  # each side names the other
    assert same_words(connection_text(guest), t("net.status.online", name="Ann"))
    # the friend's window is killed (no "leave"): nothing else happens on the host's board, yet its panel says so
    gs.client.close()
    until([host], lambda: same_words(connection_text(host), t("net.status.friend_away", name="Bob")), timeout=10)
    assert host.scene.panel.state.connection == tr(hs.status())
    # and it is said, for a player who does not look at the panel (once it has stood a moment)
    until([host], lambda: t("net.status.friend_away", name="Bob") in host.app.announcer.history, timeout=10)


def test_a_reconnection_over_at_once_is_not_said_a_connection_line_that_stands_is(pair):
    """A match moved to another server process (game/net/homing.py) drops
    the connections and takes them back at once: the panel flickers
    ("reconnecting", the friend away), and nothing is said; a line that
    stands is said."""
    host, guest = pair
    hs, gs = host_and_join(host, guest)
    now = [1000.0]
    hs.clock = gs.clock = lambda: now[0]  # (the sessions' clock stands still meanwhile)
    said = (len(host.app.announcer.history), len(guest.app.announcer.history))
    hs.client.drop_connection()  # (the host's: the guest's would be the host's game closing, said at once)
    until([host, guest], lambda: hs.link != Link.CONNECTED, timeout=10)
    until([host, guest], lambda: same_words(connection_text(host), t("net.status.online", name="Bob"))
          and same_words(connection_text(guest), t("net.status.online", name="Ann"))
          and hs.link == gs.link == Link.CONNECTED, timeout=15)
    host.frames(2)
    guest.frames(2)
    assert list(host.app.announcer.history)[said[0]:] == [] and list(guest.app.announcer.history)[said[1]:] == []
    # the friend gone for good: shown at once, said once it has stood STATUS_STANDS
    gs.client.close()
    until([host], lambda: same_words(connection_text(host), t("net.status.friend_away", name="Bob")), timeout=10)
    host.frames(2)
    assert t("net.status.friend_away", name="Bob") not in list(host.app.announcer.history)[said[0]:]
    now[0] += 1.0
    host.frames(2)
    assert list(host.app.announcer.history)[said[0]:] == [t("net.status.friend_away", name="Bob")]


def test_the_panel_says_the_connection_is_lost_when_the_server_goes(pair):
    host, guest = pair
    hs, gs = host_and_join(host, guest)
    host.app.hosted.server.stop()  # the server goes (the guest's connection with it)
    until([guest], lambda: gs.link != Link.CONNECTED or gs.ended is not None, timeout=10)
    until([guest], lambda: not same_words(connection_text(guest), t("net.status.online", name="Ann")), timeout=10)
    assert same_words(connection_text(guest), tr(gs.status()))


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_connection_lines_fit_at_every_size(pair, lang, monkeypatch):
    host, guest = pair
    hs, _ = host_and_join(host, guest)
    i18n.set_language(lang)
    host.app.settings.language = lang
    messages = []
    for key, text in i18n.table("en").items():
        if key.startswith("net.status."):
            first = text.startswith("{name}")
            messages.append(i18n.Message(key, name=i18n.Message("net.friend.start" if first else "net.friend")) if "{name}" in text
                            else i18n.Message(key))
    for size in SIZES:
        host.app.resize(size)
        host.frames(2)
        scene = host.scene
        assert isinstance(scene, MatchScene)
        for message in messages:
            monkeypatch.setattr(hs, "status", lambda m=message: m)
            host.frames(1)
            labels = [lab for lab in scene.panel.connection if lab.text.strip()]
            assert same_words(" ".join(lab.text for lab in labels), tr(message)), (size, message.key)
            for lab in labels:
                assert lab.font.size(lab.text)[0] <= lab.rect.width - 4, (size, message.key, lab.text)
        for button in (scene.panel.continue_alone, scene.topbar.lobby):
            font = button.font
            assert font.size(button.text)[0] <= button.rect.width - 4, (size, button.text)


@pytest.mark.slow
def test_the_guest_throws_the_opening_roll_resignation_and_rematch(pair):
    host, guest = pair
    hs, gs = host_and_join(host, guest)
    assert gs.me == 1 and gs.game.phase == "opening"
    board = guest.scene.board_view()
    assert gs.can_roll() and board.prompt == t("board.roll_prompt")  # either player throws the opening roll
    guest.click(guest.dice_pos())
    until([host, guest], lambda: hs.game.phase == gs.game.phase == "move" and not host.scene.animator.busy
          and not guest.scene.animator.busy, timeout=15)
    assert hs.match.to_json()["game"]["log"] == gs.match.to_json()["game"]["log"]
    mover, answerer = (host, guest) if hs.game.turn == 0 else (guest, host)
    assert mover.session.legal_steps()
    mover.scene.do(Resign())
    menu = mover.scene
    assert isinstance(menu, DialogScene)
    mover.click_button(menu.answer_buttons[0])  # a single game
    until([host, guest], lambda: isinstance(answerer.scene, DialogScene), timeout=15)
    s = answerer.session
    # answering the other side's resignation: the turn is theirs, not a step of it is this player's
    assert s.game.phase == "resigning" and s.legal_steps() == [] and s.movable() == []
    under = next(sc for sc in answerer.app.scenes.visible() if isinstance(sc, MatchScene))
    assert under.panel.step_buttons == [] and under.panel.state.steps == ()
    answerer.click_button(answerer.scene.answer_buttons[0])  # accept
    answerer.frames(3)  # the answer is on its way to the server: it is not asked again meanwhile
    assert not isinstance(answerer.scene, DialogScene) or not answerer.session.awaiting_server
    until([host, guest], lambda: isinstance(host.scene, ResultScene) and isinstance(guest.scene, ResultScene), timeout=20)
    # the result names the players, with their colours: the winner, and both under it
    winner = ("Ann (White)", "Bob (Black)")[hs.game.result.winner]
    for d in (host, guest):
        assert d.scene.lines[0] == t("result.wins", name=winner)
        assert d.scene.lines[2] == t("result.single_game_named", name0="Ann (White)", name1="Bob (Black)")
    # the guest asks for a rematch: until the answer comes its board and its panel say it waits for it
    guest.click_button(guest.scene.result_buttons["again"])
    waiting = t("net.status.rematch_waiting", name="Ann")
    for _ in range(20):
        guest.frames(1)
        assert isinstance(guest.scene, MatchScene) and guest.scene.board_view().prompt == waiting
        assert same_words(connection_text(guest), waiting)
    # the host's result dialog, still open, says so at once (and says it aloud); its buttons stay where they were
    result = host.scene
    assert isinstance(result, ResultScene)
    again_at = result.result_buttons["again"].rect.copy()
    asked = t("net.status.rematch_asked", name="Bob")
    until([host], lambda: result.net_line == asked, timeout=10)
    assert result.net_label is not None and same_words(result.net_label.text, asked)
    assert asked in host.app.announcer.history and result.result_buttons["again"].rect == again_at
    host.click_button(host.scene.result_buttons["again"])
    until([host, guest], lambda: isinstance(host.scene, MatchScene) and host.scene.session is not hs
          and isinstance(guest.scene, MatchScene) and guest.scene.session is not gs, timeout=15)
    assert isinstance(host.session, NetSession) and (host.session.me, guest.session.me) == (1, 0)


def test_next_game_on_the_result_follows_the_friend_who_went_on_first(pair):
    # A 5-point friend match: the guest presses Next game first; the host's result, still up,
    # must then take the host into that game (it stayed on the result, its Next game doing nothing).
    host, guest = pair
    host.click_button(host.scene.rows["length"].button_for(5))
    hs, gs = host_and_join(host, guest)
    assert hs.match.length == gs.match.length == 5
    guest.click(guest.dice_pos())
    until([host, guest], lambda: hs.game.phase == gs.game.phase == "move" and not host.scene.animator.busy
          and not guest.scene.animator.busy, timeout=15)
    mover, answerer = (host, guest) if hs.game.turn == 0 else (guest, host)
    mover.scene.do(Resign())
    mover.click_button(mover.scene.answer_buttons[0])  # a single game
    until([host, guest], lambda: isinstance(answerer.scene, DialogScene), timeout=15)
    answerer.click_button(answerer.scene.answer_buttons[0])  # accepted
    until([host, guest], lambda: isinstance(host.scene, ResultScene) and isinstance(guest.scene, ResultScene), timeout=20)
    guest.click_button(guest.scene.result_buttons["next_game"])
    until([host, guest], lambda: isinstance(guest.scene, MatchScene) and gs.match.game_number == 2
          and bool(hs.remote.events), timeout=15)
    result = host.scene
    assert isinstance(result, ResultScene) and hs.match.game_number == 1  # (the friend's "next" waits under it)
    host.click_button(result.result_buttons["next_game"])
    until([host, guest], lambda: isinstance(host.scene, MatchScene) and hs.match.game_number == 2, timeout=10)
    assert hs.game.phase == "opening" and hs.match.score == gs.match.score
    host.click(host.dice_pos())  # and the new game goes on, on both boards
    until([host, guest], lambda: hs.game.phase == gs.game.phase == "move", timeout=15)
    assert hs.match.to_json()["game"]["log"] == gs.match.to_json()["game"]["log"]


class Clock:
    """Seconds that pass only when the test says so."""

    def __init__(self) -> None:
        self.now = 5000.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.parametrize("how", ["closed", "vanished"])
def test_the_guest_is_told_at_once_that_the_hosts_game_closed_and_may_play_on_here_after_2_minutes(pair, how):
    """The server lived in the host's game: when that game closes (or drops off
    the network) the guest is told so within 2 s, and "reconnecting" only
    while it may come back; 2 minutes on, the same position is played on
    against the computer on the guest's machine (kept to continue), or waited for."""
    host, guest = pair
    hs, gs = host_and_join(host, guest)
    assert gs.client.in_game and gs.client.role == "guest"  # the server said it runs in the host's game
    clock = Clock()
    gs.clock = clock
    before = gs.match.to_json()
    if how == "closed":
        host.app.quit()  # the host closes the game: its server goes with it
    else:
        hosted = host.app.hosted
        assert hosted is not None
        gs.client.drop_connection()  # the line drops (as when the host's machine or router goes) ...
        hosted.stop(keep=True)       # ... and nothing answers there any more
    start = time.monotonic()
    closed = t("net.status.host_closed_waiting")
    until([guest], lambda: same_words(connection_text(guest), closed), timeout=5)
    assert time.monotonic() - start < 2.0
    assert closed in guest.app.announcer.history and gs.host_gone and not gs.may_continue
    clock.now += 119.0
    guest.frames(3)
    assert isinstance(guest.scene, MatchScene)  # not yet
    clock.now += 2.0
    until([guest], lambda: isinstance(guest.scene, DialogScene), timeout=5)
    dialog = guest.scene
    assert dialog.title == t("net.gone.host_title")
    assert [b.text for b in dialog.answer_buttons] == [t("net.gone.continue"), t("net.gone.wait")]
    guest.app.settings.bot_pace = 600.0  # (the computer waits before its first action: the position is seen as taken over)
    guest.click_button(dialog.answer_buttons[0])  # play on here
    until([guest], lambda: gs.fallback, timeout=5)
    assert gs.match.to_json()["game"]["position"] == before["game"]["position"]  # the same position
    assert guest.app.options is not None and guest.app.options.mode == "computer"  # kept to continue
    guest.app.saves.flush()
    saved = guest.app.storage.load_game()[0]
    assert saved is not None and saved["options"]["mode"] == "computer"


def _a_saved_game_against_the_computer(d: AppDriver) -> dict:
    """``d`` starts a game against the computer, throws, and goes back to the lobby: it is saved."""
    from game.input.match_intents import ToLobby

    lobby = d.scene
    d.click_button(lobby.rows["mode"].button_for("computer"))
    d.click_button(lobby.play_button)
    assert isinstance(d.scene, MatchScene)
    until([d], lambda: d.session.can_roll() or d.session.game.phase == "move")
    if d.session.can_roll():
        d.click(d.dice_pos())
    until([d], lambda: d.session.game.log != [])
    d.scene.do(ToLobby())
    if isinstance(d.scene, DialogScene):
        d.click_button(d.scene.answer_buttons[0])
    assert isinstance(d.scene, LobbyScene)
    return saved_doc(d)


def plain(value):
    """``value`` as JSON gives it back (tuples become lists)."""
    import json

    return json.loads(json.dumps(value))


def saved_doc(d: AppDriver) -> dict:
    d.app.saves.flush()
    doc = d.app.storage.load_game()[0]
    assert doc is not None
    return doc


@pytest.mark.parametrize("answer", ["play on", "lobby"])
def test_a_friend_match_keeps_the_saved_game_and_the_host_leaving_offers_play_on_here(pair, answer):
    """A friend match neither replaces nor discards the game saved against the computer (nor
    counts it as abandoned); when the host leaves on purpose mid-match, the guest is told by
    name and may play the position on here (told it takes the saved game's place) or leave."""
    from game.input.match_intents import ToLobby

    host, guest = pair
    saved = _a_saved_game_against_the_computer(guest)
    hs, gs = host_and_join(host, guest)
    assert saved_doc(guest) == saved  # untouched by the friend match
    def thrown() -> bool:
        if hs.game.phase == "opening" and hs.can_roll():
            host.click(host.dice_pos())  # the opening thrown
        return hs.game.phase != "opening" and gs.game.phase != "opening" and not gs.behind and not gs.awaiting_server

    until([host, guest], thrown)
    server_log = plain(gs.client.last_state.match.to_json()["game"]["log"])  # the game as the server had it
    host.scene.do(ToLobby())
    host.click_button(host.scene.answer_buttons[0])  # Yes, leave
    until([guest], lambda: isinstance(guest.scene, DialogScene), timeout=10)
    dialog = guest.scene
    assert dialog.title == t("net.gone.left_title")
    left = t("net.status.friend_left", name="Ann")
    assert dialog.text == t("net.gone.replaces", text=t("net.gone.left_text", status=left))
    assert [b.text for b in dialog.answer_buttons] == [t("net.gone.continue"), t("net.gone.lobby")]
    assert left in guest.app.announcer.history
    if answer == "play on":
        guest.click_button(dialog.answer_buttons[0])
        until([guest], lambda: gs.fallback, timeout=5)
        played_on = plain(gs.match.to_json()["game"]["log"])
        assert played_on[:len(server_log)] == server_log  # played on from there (the computer may be further on)
        assert guest.app.options.mode == "computer"
        kept = plain(saved_doc(guest)["match"]["game"]["log"])  # the match played on is the one saved (at a turn's start)
        assert len(kept) >= len(server_log) and kept == plain(gs.match.to_json()["game"]["log"])[:len(kept)]
        assert saved_doc(guest)["options"]["mode"] == "computer"
    else:
        guest.click_button(dialog.answer_buttons[1])
        assert isinstance(guest.scene, LobbyScene) and guest.scene.continue_button.visible
        assert saved_doc(guest) == saved  # still there, to continue
        guest.click_button(guest.scene.continue_button)
        assert isinstance(guest.scene, MatchScene) and guest.app.options.mode == "computer"
    records = guest.app.storage.load_records()[0]
    assert all(tally.abandoned == 0 for tally in records.by_mode.values())
