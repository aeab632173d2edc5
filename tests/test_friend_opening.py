"""The opening roll of a friend game reaches both boards, whoever throws it
and whoever wins it, in either seat: two whole game clients (the app with
its match screen, run by its real frame loop, which idles between events)
through a real match server on 127.0.0.1 whose dice are scripted.

Each case plays the opening, the winner's play, and the other side's first
roll (a double) on both boards; then a resignation ends the 1-point match,
a rematch swaps the colours (White is now the guest) and the same opening
is played again.  A board that lags the server by any number of the
friend's events catches up in order, without asking its dice for more
than the server drew.
"""

from __future__ import annotations

import dataclasses
import random
import time
from typing import Iterator, List

import pytest

from engine import FixedDice, Match
from game.input.match_intents import Resign
from game.net.protocol import check_of, format_code
from game.play.netplay import NetSession
from game.scenes.dialog import DialogScene
from game.scenes.friend import FriendScene
from game.scenes.match import MatchScene
from game.scenes.result import ResultScene
from game.store.settings import Settings
from game.testing import AppDriver
from game.net.inbound import Link
from tests.net_support import pair, play_out, racing_play, start_server

#: a slice of the real frame loop (idle waits included) given to each app in turn
SLICE = 0.25


class Script:
    """The server's dice: what a test scripts, for every match it makes."""

    def __init__(self, values: List[int]):
        self.values = values

    def __call__(self) -> FixedDice:
        return FixedDice(self.values + [1, 2] * 200)


def run(drivers, cond, timeout: float, what: str) -> float:
    """Run each app's real loop in slices until ``cond``; the seconds it took."""
    start = time.monotonic()
    while not cond():
        assert time.monotonic() - start < timeout, f"timed out: {what}"
        for d in drivers:
            d.app.run(max_seconds=SLICE)
    return time.monotonic() - start


def settings(url: str) -> Settings:
    s = Settings(pace="realistic", sound=False)  # the pace a player has: the friend's moves are shown at it
    s.server_address = url
    return s


@pytest.fixture
def apps(tmp_path, monkeypatch) -> Iterator[tuple]:
    thread, url = start_server()
    monkeypatch.setenv("BACKGAMMON_HOME", str(tmp_path / "host-home"))
    host = AppDriver(settings=settings(url))
    monkeypatch.setenv("BACKGAMMON_HOME", str(tmp_path / "guest-home"))
    guest = AppDriver(settings=settings(url))
    try:
        yield thread, host, guest
    finally:
        thread.stop()


def join(host: AppDriver, guest: AppDriver) -> None:
    """The host hosts on the server, the guest types the code and presses Join (clicks)."""
    host.click_button(host.scene.friend_button)
    host.click_button(host.scene.host_button)
    run([host], lambda: isinstance(host.scene, FriendScene) and host.scene.showing_code, 10, "the invite")
    code = format_code(host.scene.client.code)
    guest.click_button(guest.scene.friend_button)
    fs = guest.scene
    assert isinstance(fs, FriendScene)
    fs.entry.set_text(code)
    guest.click_button(fs.join_button)
    run([host, guest], lambda: isinstance(host.scene, MatchScene) and isinstance(guest.scene, MatchScene), 15, "the match")


def net(d: AppDriver) -> NetSession:
    s = d.session
    assert isinstance(s, NetSession)
    return s


def settled(*drivers: AppDriver) -> bool:
    return all(isinstance(d.scene, MatchScene) and not d.scene.animator.busy and not net(d).awaiting_server
               and not net(d).behind for d in drivers)


def same(a: AppDriver, b: AppDriver) -> bool:
    return check_of(net(a).match) == check_of(net(b).match)


def play_by_clicks(d: AppDriver) -> None:
    s = net(d)
    g = s.game
    assert g.current_turn is not None
    for frm, to in racing_play(g.turn_start, g.current_turn.legal_plays, random.Random(1)):
        d.click(d.checker_pos(frm))
        d.click(d.target_pos(to))
    if s.can_end_turn():
        d.click(d.dice_pos())


def opening(host: AppDriver, guest: AppDriver, thrower_colour: int, winner: int, first: tuple) -> None:
    """The opening thrown by ``thrower_colour``'s app; both boards show ``winner`` to move,
    then its play, then the other side's first roll ``first`` (a double)."""
    by_colour = {net(host).me: host, net(guest).me: guest}
    thrower, other = by_colour[thrower_colour], by_colour[1 - thrower_colour]
    assert net(thrower).game.phase == net(other).game.phase == "opening"
    assert net(thrower).can_roll() and net(other).can_roll()  # either player throws the opening
    thrower.click(thrower.dice_pos())
    # the other app's board shows it by its own loop: news from the server wakes it, and the
    # friend's roll waiting to be shown keeps it busy (it does not idle with the roll unshown)
    took = run([host, guest], lambda: all(net(d).game.phase == "move" for d in (host, guest)), 10,
               "the opening on both boards")
    assert took < 8, took
    run([host, guest], lambda: settled(host, guest), 10, "both boards still")
    for d in (host, guest):
        s = net(d)
        assert s.game.turn == winner and s.told is None, (d, s.told)
    assert same(host, guest)
    mover, waiter = by_colour[winner], by_colour[1 - winner]
    play_by_clicks(mover)
    run([host, guest], lambda: net(waiter).can_roll() and settled(host, guest), 15, "the play on both boards")
    waiter.click(waiter.dice_pos())
    run([host, guest], lambda: all(net(d).game.dice == first for d in (host, guest)) and settled(host, guest), 10,
        "the double on both boards")
    for d in (host, guest):
        assert net(d).told is None and net(d).game.turn == 1 - winner
    assert same(host, guest)


def resign_and_rematch(host: AppDriver, guest: AppDriver) -> None:
    """The player on roll resigns, the other accepts, both ask for the rematch (colours swapped)."""
    mover = host if net(host).game.turn == net(host).me else guest
    answerer = guest if mover is host else host
    before = (net(host), net(guest))
    mover.scene.do(Resign())
    mover.click_button(mover.scene.answer_buttons[0])
    run([host, guest], lambda: isinstance(answerer.scene, DialogScene), 15, "the offer")
    answerer.click_button(answerer.scene.answer_buttons[0])
    run([host, guest], lambda: isinstance(host.scene, ResultScene) and isinstance(guest.scene, ResultScene), 15, "the result")
    for d in (host, guest):
        d.click_button(d.scene.result_buttons["again"])
    run([host, guest], lambda: isinstance(host.scene, MatchScene) and isinstance(guest.scene, MatchScene)
        and net(host) is not before[0] and net(guest) is not before[1] and settled(host, guest), 15, "the rematch")


# White 2 / Black 5: Black wins; White 5 / Black 2: White wins; 3-3 tied, thrown again: 6 / 1.
CASES = {
    "black_wins": ([2, 5], 1),
    "white_wins": ([5, 2], 0),
    "tie_thrown_again": ([3, 3, 6, 1], 0),
}


@pytest.mark.slow
@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("thrower", [0, 1], ids=["white_throws", "black_throws"])
def test_every_opening_reaches_both_boards_in_either_seat(apps, case, thrower):
    thread, host, guest = apps
    dice, winner = CASES[case]
    first = (6, 6)  # the other side's first roll after the opening: a double
    thread.server.lobby.dice_factory = Script(dice + list(first) + dice + list(first))
    join(host, guest)
    assert (net(host).me, net(guest).me) == (0, 1)  # the host plays White
    opening(host, guest, thrower, winner, first)
    resign_and_rematch(host, guest)
    assert (net(host).me, net(guest).me) == (1, 0)  # now White is the guest
    opening(host, guest, thrower, winner, first)


def test_a_board_behind_the_server_catches_up_in_order_without_asking_for_dice(apps):
    """The friend's events waiting to be shown, then this player's own action echoed:
    the friend's are done first, at once, then this one: the board is the server's."""
    thread, host, guest = apps
    thread.server.lobby.dice_factory = Script([2, 5, 6, 6])
    join(host, guest)
    hs, gs = net(host), net(guest)
    guest.click(guest.dice_pos())  # Black throws the opening and wins it
    run([guest], lambda: gs.game.phase == "move" and settled(guest), 10, "the guest's opening")
    play_by_clicks(guest)
    run([guest], lambda: gs.game.phase == "roll" and settled(guest), 10, "the guest's play")
    # the host's app has not run meanwhile: its board is two events behind the server
    deadline = time.monotonic() + 10
    while len(hs.remote.events) < 2:
        assert time.monotonic() < deadline, "the friend's events did not come"
        hs.update(0.0, display_busy=True)  # (reads the server's news; shows nothing while the display is busy)
        time.sleep(0.01)
    assert hs.game.phase == "opening" and hs.behind and hs.computer_to_act
    assert not hs.can_roll()  # nothing of this player's goes out before the friend's is shown
    # the server has it as White's turn to roll: White's roll, echoed while both events wait
    from game.net.protocol import Roll

    assert hs.client.last_state is not None
    hs.client.send(Roll(hs.client.last_state.seq))
    deadline = time.monotonic() + 10
    while not (hs.game.phase == "move" and hs.game.turn == 0):
        assert time.monotonic() < deadline, "the host's board did not catch up"
        hs.update(0.0, display_busy=True)
        time.sleep(0.01)
    assert not hs.remote.busy and hs.game.dice == (6, 6)
    assert check_of(hs.match) == check_of(thread.server.lobby.rooms[hs.client.code].match)
    run([host, guest], lambda: gs.game.dice == (6, 6) and settled(host, guest), 10, "the guest's board")
    assert same(host, guest) and hs.told is None and gs.told is None


class Recorded:
    """A seat's connection that hands out, all at once, what its server sent over
    a whole match (recorded from a real server): a board as far behind as can be."""

    def __init__(self, states, seat: int):
        self.states = list(states)
        self.seat, self.role, self.in_game, self.code, self.token = seat, "host", False, "RECORDED00", None
        self.link = Link.CONNECTED
        self.url = "ws://127.0.0.1:9"
        self.last_state = self.states[-1]
        self.mirror = type("InStep", (), {"in_step": True})()
        self.sent: list = []

    def send(self, msg) -> None:
        self.sent.append(msg)

    def poll(self) -> list:
        out, self.states = self.states, []
        return out

    def close(self) -> None:
        pass


@pytest.mark.parametrize("length, cube", [(1, False), (3, True)])
def test_a_board_any_number_of_events_behind_catches_up_without_asking_for_anything(length, cube):
    """Every event of a whole match (both sides', rolls, plays, the cube, the next games)
    reaches a board that has shown none of them: it shows them in order, with the very
    dice the server drew, and ends where the server ended, asking for nothing."""
    thread, url = start_server()
    try:
        host, guest = pair(url, length=length, cube=cube)
        assert host.last_state is not None  # (its match is the client's copy, which goes on: the start is kept apart)
        first = dataclasses.replace(host.last_state, match=Match.from_json(host.last_state.match.to_json()))
        states = list(play_out([host, guest], seed=length))
        host.close(), guest.close()
    finally:
        thread.stop()
    assert first is not None and len(states) > 20 and states[-1].match.over
    client = Recorded(states, seat=0)
    s = NetSession(client, first, Settings(pace="instant"))  # type: ignore[arg-type]
    s.update(0.0, display_busy=True)  # everything comes while the board is busy: nothing shown yet
    assert s.behind or s.match.over
    for _ in range(100_000):
        if not s.behind:
            break
        s.update(1.0)
    assert not s.behind and s.told is None and client.sent == []  # caught up; no sync, no dice asked for
    assert check_of(s.match) == check_of(states[-1].match) and s.match.score == states[-1].match.score
