"""Nothing happens unsaid: after every change of who acts (a pass, a take,
a refused resignation, a new game, the match opening) the game says whose
turn it is and, to a player at the screen, what they may do; why a roll
could not be played; the hint that never takes a step back; the keys that
ask, answered right in every phase and on the result; words made for a voice."""

import re
from typing import Callable, List, Sequence

import pygame
import pytest

from engine import FixedDice, Match, Position
from engine.kinds import Phase
from game.input.match_intents import AskTopic, PlayStep, Take, ToLobby
from game.match.ask import answer
from game.match.narrate import Narrator
from game.play.hints import HintDesk, turn_key
from game.play.numbering import listener
from game.play.options import MatchOptions
from game.play.session import Session
from game.scenes.dialog import DialogScene
from game.scenes.match import MatchScene
from game.scenes.result import ResultScene
from game.store.settings import Settings
from game.testing import AppDriver
from game.words import i18n


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


# -- the check over a log of announcements ------------------------------------------------------
def template(key: str) -> "re.Pattern[str]":
    """The sentences of ``key`` in the language of the moment, any placeholder matching any words."""
    parts = re.split(r"\{[a-z0-9_]+\}", i18n.t(key))
    return re.compile("^" + "(.+?)".join(re.escape(p) for p in parts) + "$")


#: a change of who acts, or of what they may do
CHANGES = ("say.pass", "say.pass.bar", "say.pass.blocked", "say.take", "say.reject", "say.takeback", "say.forfeit", "say.opening_tie")
#: whose turn it is now, or that the game is over
WHOSE = ("say.turn", "ask.dice", "say.opening_next", "say.hint.answer", "say.to_answer", "say.over", "say.over_one")
#: what a player at the screen may do
WHAT = ("say.hint.roll", "say.hint.roll_double", "say.hint.steps", "say.hint.answer")


def matches(line: str, keys: Sequence[str]) -> bool:
    return any(template(k).match(line) for k in keys)


def unsaid(lines: Sequence[str], humans: Sequence[str]) -> List[str]:
    """Each state change in ``lines`` not followed by whose turn it is, and
    each turn of a player at the screen (named in ``humans``) not followed by
    what they may do: the lines where the listener is left waiting."""
    missing = []
    for i, line in enumerate(lines):
        after = lines[i + 1] if i + 1 < len(lines) else ""
        if matches(line, CHANGES) and not matches(after, WHOSE):
            missing.append(f"{line!r} then {after!r}")
        turn = template("say.turn").match(line)
        if turn and turn.group(1) in humans and not matches(after, WHAT):
            missing.append(f"{line!r} then {after!r}")
    return missing


def test_the_check_finds_a_pass_or_a_take_left_unsaid():
    W, B = i18n.t("player.0"), i18n.t("player.1")
    silent = [i18n.t("say.pass.bar", name=B, dice="6 and 6"), i18n.t("say.roll", name=W, d1=5, d2=2),
              i18n.t("say.take", name=B, value=2), i18n.t("say.roll", name=W, d1=3, d2=1),
              i18n.t("say.turn", name=W), i18n.t("say.roll", name=W, d1=3, d2=1)]
    assert len(unsaid(silent, humans=[W])) == 3  # the pass, the take, and White's turn without what to do
    told = [silent[0], i18n.t("say.turn", name=W), i18n.t("say.hint.roll"), silent[2], i18n.t("say.turn", name=W),
            i18n.t("say.hint.roll_double")]
    assert unsaid(told, humans=[W]) == []


# -- whole games -----------------------------------------------------------------------------------
def listened(d: AppDriver) -> List[str]:
    lines: List[str] = []
    d.app.announcer.listen(lines.append)
    return lines


def tab_to(d: AppDriver, wanted: Callable[[object], bool], limit: int = 80) -> None:
    for _ in range(limit):
        focused = d.scene.controller.focused()
        if focused is not None and wanted(focused[1]):
            return
        d.key(pygame.K_TAB)
    raise AssertionError("the focus never came there")


def keyboard_turn(d: AppDriver) -> None:
    """The human's part by keys only: the result (Enter: next game), a question (Enter), the cube, the roll, the steps."""
    s = d.session
    if isinstance(d.scene, (ResultScene, DialogScene)):
        d.key(pygame.K_RETURN)
    elif s.thinking:
        s.wait_for_computer()
        d.frames(1)
    elif s.must_answer_double():
        tab_to(d, lambda i: isinstance(i, Take))
        d.key(pygame.K_RETURN)
    elif s.can_double() and s.game.cube_value == 1 and s.game.cube_owner is None and s.game.turn == 0:
        d.key(pygame.K_d)
    elif s.can_roll():
        d.key(pygame.K_SPACE)
    elif s.legal_steps():
        tab_to(d, lambda i: isinstance(i, PlayStep))
        d.key(pygame.K_RETURN)
    elif s.can_end_turn():
        d.key(pygame.K_SPACE)
    else:
        d.frames(2)
    d.settle()


@pytest.mark.slow
def test_a_five_point_match_by_keys_against_the_computer_leaves_nothing_unsaid(backgammon_home):
    d = AppDriver(size=(1280, 720), seed=5, settings=Settings(pace="instant", sound=False))
    lines = listened(d)
    d.app.flow.start_match(MatchOptions(mode="computer", level="beginner", colour="white", length=5, cube=True), seed=5)
    d.settle()
    assert isinstance(d.scene, MatchScene)
    opening = lines[-1]  # the match screen opens: the match, the opening roll, what to do
    assert i18n.t("say.opening_next") in opening and i18n.t("say.hint.roll") in opening
    m = d.session.match
    for _ in range(6000):
        if m.over and isinstance(d.scene, ResultScene):
            break
        keyboard_turn(d)
    assert m.over
    passes = [line for line in lines if matches(line, ("say.pass.bar", "say.pass.blocked"))]
    takes = [line for line in lines if matches(line, ("say.take",))]
    assert takes, (m.results, takes)  # a cube taken (and answered)
    assert unsaid(lines, humans=[i18n.t("player.0")]) == [], passes


@pytest.mark.slow
def test_a_computer_match_leaves_nothing_unsaid(backgammon_home):
    d = AppDriver(size=(1024, 768), seed=2, settings=Settings(pace="instant", sound=False))
    lines = listened(d)
    d.app.flow.start_match(MatchOptions(mode="demo", level="beginner", length=3, cube=True), seed=2)
    m = d.session.match
    for _ in range(20000):
        if m.over:
            break
        if isinstance(d.scene, ResultScene):
            d.key(pygame.K_RETURN)
        if d.session.thinking:
            d.session.wait_for_computer()
        d.frames(1)
    d.settle()
    assert m.over
    assert sum(1 for line in lines if matches(line, ("say.turn",))) > 20
    assert unsaid(lines, humans=[]) == []


# -- why a pass, and dice that a turn cannot use -------------------------------------------------------
def on_the_bar(dice: List[int]) -> Session:
    """White (at the screen, both sides human) with one checker on the bar and the rest borne off; Black holds
    White's 20-, 19- and 17-points: White enters only with a 3 (on 22), and from there a 5 is blocked."""
    s = Session(Match(dice=FixedDice(dice)))
    g = s.game
    g._position = Position([0] * 24 + [1], [0] * 4 + [2, 11, 0, 2] + [0] * 17)
    g._turn, g.turn, g.phase = None, 0, Phase.ROLL
    return s


def told(s: Session) -> List[str]:
    said: List[str] = []
    n = Narrator(lambda: s, said.append)
    for h in s.drain():
        n.heard("end", h)
    return said


def test_a_pass_on_the_bar_says_why_and_whose_turn_it_is():
    s = on_the_bar([6, 5])
    assert s.roll() and s.game.turn == 1  # the engine: no legal play, the turn passes
    W, B = i18n.t("player.0"), i18n.t("player.1")
    assert told(s)[-3:] == [i18n.t("say.pass.bar", name=W, dice=i18n.t("say.dice.and", a=6, b=5)),
                            i18n.t("say.turn", name=B), i18n.t("say.hint.roll")]


def test_a_die_the_turn_cannot_use_is_said():
    s = on_the_bar([5, 3])
    s.roll()
    assert s.step(25, 22) and s.game.turn == 1  # bar to 22, and the turn ends: the 5 has no legal use
    said = told(s)
    W, B = i18n.t("player.0"), i18n.t("player.1")
    assert said[-3:] == [i18n.t("say.forfeit", name=W, dice=5), i18n.t("say.turn", name=B), i18n.t("say.hint.roll")]
    i18n.set_language("zh")
    assert "5" in i18n.t("say.forfeit", name=i18n.t("player.0"), dice=5)


# -- the hint ---------------------------------------------------------------------------------------------
def hotseat(dice: List[int]) -> AppDriver:
    d = AppDriver(size=(1280, 720), seed=3, settings=Settings(pace="instant", sound=False))
    d.app.flow.start_match(MatchOptions(mode="hotseat", length=5, cube=True), dice=FixedDice(dice))
    d.settle()
    return d


def test_h_never_takes_a_step_back_and_says_the_rest_of_the_best_play(backgammon_home):
    d = hotseat([3, 1])
    lines = listened(d)
    d.key(pygame.K_h)  # before the opening roll: no checker hint, and what to do
    assert lines[-1] == " ".join([i18n.t("say.hint.none"), i18n.t("say.opening_next"), i18n.t("say.hint.roll")])
    d.key(pygame.K_SPACE)
    d.settle()
    d.scene.do(PlayStep(8, 5, 3))  # (the step button's intent: 8 to 5, the best play's first step)
    d.settle()
    turn = d.session.game.current_turn
    assert turn is not None and len(turn.steps) == 1
    n = len(lines)
    d.key(pygame.K_h)
    d.session.hints.wait(60)
    d.settle()
    said = lines[n:]
    assert i18n.t("say.undo") not in said and len(turn.steps) == 1  # nothing taken back
    assert said and said[-1].startswith(i18n.t("say.hint.rest", plays="")) and "6 to 5" in said[-1], said
    assert d.scene.actions.notice == said[-1]  # shown on the board too


def test_the_hint_marks_the_hit_on_the_first_checker_to_arrive(monkeypatch):
    class Ranker:  # the expert's ranking, as it may list the steps: 6/3 before 8/3
        def rank_plays(self, position, dice):
            return [(((6, 3), (8, 3)), 0.5)]

    monkeypatch.setattr("game.play.hints.get_bot", lambda level: Ranker())
    white, black = [0] * 25, [0] * 25
    white[5], white[7], white[12], white[23] = 5, 3, 5, 2  # White's 6-, 8-, 13- and 24-points
    black[21] = 1  # a black blot on White's 3-point (Black's 22-point)
    start = Position(white, black)
    desk = HintDesk()
    key = (1, 1, 0, 0, (5, 3))
    desk.ask(key, start, (5, 3))
    desk.wait(10)
    hint = desk.answer(key)
    assert hint is not None and hint.plays[0][2] == "8/3* 6/3"
    from game.match.ask import spoken_play

    assert spoken_play(hint.plays[0][2]) == "8 to 3 hits, 6 to 3"
    assert turn_key(Match().game, 1)[1:] == (1, 0, 0, None)


def test_h_at_a_cube_question_says_what_to_do(backgammon_home):
    d = hotseat([3, 1, 6, 4])
    lines = listened(d)
    d.key(pygame.K_SPACE)
    d.settle()
    for frm, to, die in ((8, 5, 3), (6, 5, 1)):
        d.scene.do(PlayStep(frm, to, die))
        d.settle()
    d.key(pygame.K_d)  # Black doubles
    d.settle()
    d.key(pygame.K_h)  # White answers: the cube advice, take or pass (tests/test_cube_advice.py)
    d.session.hints.wait(60)
    d.settle()
    from engine import cube_advice
    from game.match.hintsay import cube_said

    assert lines[-1] == cube_said(cube_advice(d.session.match))


# -- the keys that ask, in every phase -----------------------------------------------------------------
def test_g_and_s_answer_right_at_the_opening_and_while_a_double_waits():
    s = Session(Match(length=5, cube=True, dice=FixedDice([3, 1, 6, 4])))
    assert answer(AskTopic.DICE, s, 0) == i18n.t("ask.dice.opening")
    s.roll()
    s.step(8, 5)
    s.step(6, 5)
    assert s.double()  # Black doubles: White to answer
    W, B = i18n.t("player.0"), i18n.t("player.1")
    assert answer(AskTopic.DICE, s, 0) == i18n.t("ask.dice.doubled", name=B, value=2, other=W)
    assert i18n.t("ask.cube.offered", name=B, value=2, other=W) in answer(AskTopic.SCORE, s, 0)
    assert s.answer_double(True)
    assert i18n.t("ask.cube.offered", name=B, value=2, other=W) not in answer(AskTopic.SCORE, s, 0)


def test_b_says_the_dice_apart_from_the_name():
    s = Session(Match(dice=FixedDice([3, 1, 2, 1])))
    s.roll()
    s.step(8, 5)
    s.step(6, 5)
    s.roll()
    s.step(24, 22)
    s.step(24, 23)
    last = answer(AskTopic.LAST, s, 1)
    assert last == i18n.t("ask.last", text=i18n.t("ask.last.play", name=i18n.t("player.1"), d1=2, d2=1,
                                                      play="24 to 22, 24 to 23"))
    assert not re.search(r"Black \d", last)


def test_m_groups_the_steps_by_checker():
    s = Session(Match(dice=FixedDice([3, 1])))
    s.roll()
    words = answer(AskTopic.MOVES, s, 0)
    assert words == i18n.t("ask.moves", steps="24 to 23 or 21; 13 to 10; 8 to 7 or 5; 6 to 5 or 3")


# -- the end, the result, the lobby, the dialogs ----------------------------------------------------------
def test_the_result_is_said_once_and_the_keys_answer_on_it(backgammon_home):
    d = hotseat([3, 1])
    lines = listened(d)
    d.key(pygame.K_SPACE)
    d.settle()
    s = d.session
    for frm, to, die in ((8, 5, 3), (6, 5, 1)):
        d.scene.do(PlayStep(frm, to, die))
        d.settle()
    d.key(pygame.K_d)  # Black doubles, White drops: the game is over
    d.settle()
    assert s.answer_double(False)
    d.settle()
    assert isinstance(d.scene, ResultScene)
    winner = i18n.t("player.1")
    assert sum(1 for line in lines if line.startswith(winner + " wins") or line == i18n.t("result.wins", name=winner)) == 1
    for key, topic in ((pygame.K_w, AskTopic.POSITION), (pygame.K_s, AskTopic.SCORE), (pygame.K_g, AskTopic.DICE)):
        d.key(key)
        assert lines[-1] == answer(topic, s, listener(s, s.snapshot()))


def test_the_lobby_says_its_help_line_and_a_question_keeps_its_own_mark(backgammon_home):
    d = AppDriver(size=(1280, 720), seed=3, settings=Settings(pace="instant", sound=False))
    said = list(d.app.announcer.history)
    assert said[0].startswith(i18n.t("say.screen", title=i18n.t("lobby.title"))) and i18n.t("lobby.keys") in said[1:3]
    d.app.flow.start_match(MatchOptions(mode="hotseat", length=1), dice=FixedDice([3, 1]))
    d.settle()
    d.scene.do(ToLobby())  # back to the lobby? (asked)
    d.settle()
    assert isinstance(d.scene, DialogScene)
    question = d.app.announcer.last
    assert question.startswith(i18n.t("confirm.lobby.title")) and "?." not in question
