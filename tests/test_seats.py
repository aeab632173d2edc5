"""Seats: whoever sits in a chair acts through one protocol.  A seat that
is neither the screen's player nor a computer (a network player next) plays
through the real match scene without the scene knowing what it is."""

from __future__ import annotations

import threading
from typing import List, Tuple

import pygame
import pytest

from engine import Bot, FixedDice, Match, get_bot
from engine.kinds import Phase
from game.play.seats import ComputerSeat, LocalSeat, Seat, Table, seat_for
from game.play.session import Session
from game.store.settings import Settings
from game.testing import Driver


def _quick() -> Settings:
    return Settings(animation_speed=0.0, bot_pace=0.0, pass_pause=0.0)


class ScriptedSeat:
    """A remote player as a network seat would be: its moves arrive as
    messages (here a script), applied through the table when its turn comes."""

    local = False

    def __init__(self) -> None:
        self.inbox: List[Tuple[str, tuple]] = []
        self.thinking = False
        self.cancelled = 0

    def update(self, table: Table, player: int, dt: float, display_busy: bool) -> None:
        g = table.game
        if g.to_act != player or display_busy:
            return
        if g.phase in (Phase.OPENING, Phase.ROLL):
            table.roll(player)
        elif g.phase == Phase.MOVE:
            turn = g.current_turn
            assert turn is not None
            if turn.complete:
                table.end_turn(player)
            else:
                s = turn.legal_steps()[0]
                table.step(s.frm, s.to, s.die, player)

    def cancel(self) -> None:
        self.cancelled += 1


def test_every_level_is_a_bot_and_seats_follow_what_sits_there():
    for level in ("beginner", "intermediate", "expert", "random"):
        assert isinstance(get_bot(level), Bot)
    assert isinstance(seat_for(None), LocalSeat)
    computer = seat_for(get_bot("random", seed=1))
    assert isinstance(computer, ComputerSeat) and not computer.local
    remote = ScriptedSeat()
    assert isinstance(remote, Seat) and seat_for(remote) is remote
    with pytest.raises(TypeError):
        seat_for(42)  # type: ignore[arg-type]


def test_a_remote_kind_of_seat_plays_through_the_match_scene_untouched():
    remote = ScriptedSeat()
    d = Driver(size=(1024, 768), seed=4, seats=(None, remote), settings=_quick())
    s, g = d.session, d.game
    assert s.is_human(0) and not s.is_human(1) and d.scene.session.seats[1] is remote
    moved_by_remote = 0
    for _ in range(400):
        d.settle()
        if g.phase == Phase.OVER:
            break
        if g.turn == 1:
            continue
        if s.can_roll():
            d.key(pygame.K_SPACE)
        elif g.phase == Phase.MOVE and s.human_to_act:
            st = g.current_turn.legal_steps()[0]
            d.click(d.checker_pos(st.frm))
            d.click(d.target_pos(st.to))
        if any(e.player == 1 and e.kind == "play" for e in g.log):
            moved_by_remote += 1
            if moved_by_remote > 3:
                break
    assert any(e.player == 1 and e.kind == "play" for e in g.log)  # the remote seat played its turns
    # the screen's player cannot act for the remote chair
    if g.to_act == 1 and g.phase in (Phase.ROLL, Phase.OPENING):
        assert not s.roll()


class _Gate:
    """A computer player whose answer waits for the test."""

    level = "gate"

    def __init__(self) -> None:
        self.inner = get_bot("random", seed=2)
        self.go = threading.Event()

    def choose_play(self, position, dice):
        self.go.wait(10)
        return self.inner.choose_play(position, dice)


def test_a_computer_seat_thinks_off_the_frame_loop_and_cancel_drops_its_answer():
    gate = _Gate()
    s = Session(Match(dice=FixedDice([1, 3, 6, 5])), (None, gate), _quick())
    seat = s.seats[1]
    assert isinstance(seat, ComputerSeat)
    s.roll()  # the opening: player 1 (3 against 1) moves first
    assert s.game.turn == 1
    s.update(0.01)
    assert seat.thinking and s.thinking  # thinking, and the frame loop goes on
    seat.cancel()
    gate.go.set()
    seat.worker.wait(5.0)
    s.update(0.01)  # the stale answer is dropped; the seat asks again
    assert not s.game.current_turn.steps
    seat.wait(5.0)
    for _ in range(20):
        s.update(0.01)
    assert s.game.turn == 0 or s.game.phase != Phase.MOVE


def test_asking_a_hint_changes_nothing_in_the_game():
    s = Session(Match(dice=FixedDice([3, 1])), settings=_quick())
    s.roll()
    assert s.step(8, 5)
    steps = s.game.current_turn.steps
    assert s.request_hint()
    hint = s.wait_for_hint()
    assert s.game.current_turn.steps == steps  # the step made is still made
    assert hint is None  # shown from the turn's start: once the step is undone
    s.undo_all()
    assert s.hint is not None and s.hint.plays


def test_a_seat_may_act_only_for_its_own_chair():
    s = Session(Match(dice=FixedDice([3, 1])), (None, ScriptedSeat()), _quick())
    assert not s.roll(player=1)  # player 0 is to act (the opening is the home player's)
    assert s.roll(player=0) or s.roll()
