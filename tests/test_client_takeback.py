"""Take-back never gives anyone new dice, driven through the real client:
against the computer its roll comes again, T while it thinks is refused,
and the dice tape survives save, quit and continue."""

from __future__ import annotations

import threading

import pygame
import pytest

from engine import SeededDice, get_bot
from game.words import i18n
from game.board.render import board_area
from game.scenes.match import MatchScene
from game.store.settings import Settings
from game.testing import AppDriver, Driver


def _quick() -> Settings:
    return Settings(animation_speed=0.0, bot_pace=0.0, pass_pause=0.0, auto_end_turn=False)


def _play_turn_by_clicks(d, pick=0) -> None:
    """The human plays the turn on the board (``pick``: which legal step each
    time, 0 the first, -1 the last) and confirms it with Enter."""
    g = d.game
    while not g.current_turn.complete:
        s = g.current_turn.legal_steps()[pick]
        d.click(d.checker_pos(s.frm))
        d.click(d.target_pos(s.to))
    d.key(pygame.K_RETURN)


def _to_takeback_point(d, human=0, max_actions=300) -> None:
    """Play (human by clicks and keys, computer on its own) until the human
    is to roll after the computer has thrown since the human's last play."""
    g = d.game
    for _ in range(max_actions):
        d.settle()
        if g.phase == "roll" and g.turn == human and g.can_take_back(human) and g.log[-1].player != human:
            return
        if g.phase in ("opening", "roll") and (g.phase == "opening" or g.turn == human):
            d.key(pygame.K_SPACE)
        elif g.phase == "move" and g.turn == human:
            _play_turn_by_clicks(d)
    raise AssertionError("no point to take back at")


def _thrown_after(log, index):
    return [(e.player, e.dice) for e in log[index:] if e.kind in ("play", "pass")]


def test_take_back_against_the_computer_gives_it_the_same_roll():
    d = Driver(seed=4, seats=(None, get_bot("random", seed=2)), settings=_quick())
    g = d.game
    _to_takeback_point(d)
    mine = max(i for i, e in enumerate(g.log) if e.kind == "play" and e.player == 0)
    before = _thrown_after(g.log, mine)  # the human's turn, then the computer's throw(s)
    assert before[0][0] == 0 and any(p == 1 for p, _ in before)
    d.key(pygame.K_t)
    assert (g.turn, g.phase, g.dice) == (0, "move", before[0][1])
    assert len(g.log) == mine
    _play_turn_by_clicks(d, pick=-1)  # played another way
    d.settle()
    assert _thrown_after(g.log, mine)[: len(before)] == before


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_t_after_the_roll_changes_nothing_and_the_board_says_why_and_what_to_do(lang):
    settings = _quick()
    settings.language = lang
    d = Driver(seed=4, seats=(None, get_bot("random", seed=2)), settings=settings)
    assert i18n.language() == lang
    g = d.game
    d.key(pygame.K_t)  # nothing played yet
    assert d.scene.board_view().banner == i18n.t("takeback.nothing")
    _to_takeback_point(d)
    d.key(pygame.K_SPACE)  # rolled: now only the turn's steps can be undone
    d.settle()
    assert (g.phase, g.turn) == ("move", 0)
    state = g.to_json()
    d.key(pygame.K_t)
    assert g.to_json() == state
    view = d.scene.board_view()
    words = i18n.t("takeback.after_roll")
    assert view.banner == words
    # on the screen, whole: its lines drawn, its box on the board
    r = d.scene.renderer
    box = r.banner_rect(view)
    assert board_area(d.layout).contains(box)
    lines = r.banner_words(view)
    assert "".join(lines).replace(" ", "") == words.replace(" ", "") and all(line in d.scene.text.drawn for line in lines)
    assert max(lab.get_width() for lab in r.banner_lines(view)) <= box.width
    # what it says is so: U undoes a step; the words go with the next key
    s = g.current_turn.legal_steps()[0]
    d.click(d.checker_pos(s.frm))
    d.click(d.target_pos(s.to))
    assert g.current_turn.steps
    d.key(pygame.K_u)
    assert not g.current_turn.steps and g.to_json() == state
    assert d.scene.board_view().banner is None


class _SlowBot:
    """A computer that thinks until the test lets it answer."""

    def __init__(self) -> None:
        self.inner = get_bot("random", seed=5)
        self.go = threading.Event()

    def choose_play(self, position, dice):
        self.go.wait(10)
        return self.inner.choose_play(position, dice)


def test_t_while_the_computer_thinks_is_refused_and_keeps_its_roll():
    bot = _SlowBot()
    d = Driver(seed=8, seats=(None, bot), settings=_quick())
    g = d.game
    for _ in range(200):
        if g.phase == "move" and g.turn == 1 and d.session.thinking:
            break
        if g.phase in ("opening", "roll") and (g.phase == "opening" or g.turn == 0):
            d.key(pygame.K_SPACE)
        elif g.phase == "move" and g.turn == 0:
            _play_turn_by_clicks(d)
        else:
            d.frames(1)
    assert d.session.thinking and g.turn == 1 and g.can_take_back(0) is False
    rolled, state, tape = g.dice, g.to_json(), (list(g.tape.throws), g.tape.position)
    assert not d.scene.panel.take_back.is_enabled
    d.key(pygame.K_t)
    assert d.scene.board_view().banner == i18n.t("takeback.wait")  # the board says why
    d.click_button(d.scene.panel.take_back)
    assert g.to_json() == state and (list(g.tape.throws), g.tape.position) == tape
    bot.go.set()
    d.settle()
    assert [e for e in g.log if e.kind == "play"][-1].player == 1
    assert [e for e in g.log if e.kind == "play"][-1].dice == rolled  # the computer played the roll it had


@pytest.mark.slow
def test_the_dice_tape_survives_save_quit_and_continue(backgammon_home):
    d = AppDriver(size=(1024, 768), seed=6, settings=_quick())
    lobby = d.scene
    d.click_button(lobby.rows["mode"].button_for("computer"))
    d.click_button(lobby.rows["level"].button_for("beginner"))
    d.click_button(lobby.rows["colour"].button_for("white"))
    d.click_button(lobby.play_button)
    assert isinstance(d.scene, MatchScene)
    _to_takeback_point(d)
    g = d.game
    mine = max(i for i, e in enumerate(g.log) if e.kind == "play" and e.player == 0)
    before = _thrown_after(g.log, mine)
    d.post(pygame.QUIT)  # the window is closed: the game is saved
    d.frames(1)
    assert not d.app.running
    d.app.saves.flush()

    # continue in a new process-like app whose dice would be different
    d2 = AppDriver(size=(1024, 768), seed=99, settings=_quick())
    d2.app.dice = SeededDice(12345)
    d2.click_button(d2.scene.continue_button)
    assert isinstance(d2.scene, MatchScene)
    g2 = d2.game
    assert g2.log == g.log
    d2.key(pygame.K_t)
    assert (g2.turn, g2.phase, g2.dice) == (0, "move", before[0][1])
    _play_turn_by_clicks(d2, pick=-1)
    d2.settle()
    assert _thrown_after(g2.log, mine)[: len(before)] == before
