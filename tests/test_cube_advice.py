"""Cube advice wherever a cube decision is due: the engine's query (the
computer's own cube, its figures equal to the review's and its action equal
to the bots' should_double / should_take) and the client's H, Hint button and
pad button before the roll and while a double waits for its answer (shown in
the hint's box and said), and the tutor's cube warning with the same figures."""

from __future__ import annotations

import random
from typing import List, Optional, Tuple

import pygame
import pytest

from engine import CubeAction, CubeQuestion, FixedDice, GameStateError, Match, Position, advise, cube_advice, cube_question, get_bot, legal_plays
from engine.errors import ArgumentTypeError, InvalidArgumentError
from engine.analysis import Judge
from engine.match import set_up_game
from game.match import hintsay
from game.input.match_intents import Double, PlayStep, Take
from game.play.options import MatchOptions
from game.scenes.dialog import DialogScene
from game.store.settings import Settings
from game.testing import AppDriver, Driver
from game.words import i18n
from support import board

DOUBLES = (CubeAction.DOUBLE_TAKE, CubeAction.DOUBLE_PASS)
# (cube value, owner from the side on roll, score from the side on roll: None money, else (my_away, their_away))
CONTEXTS = [
    (1, "centre", None), (2, "me", None),
    (1, "centre", (5, 5)), (1, "centre", (2, 2)), (2, "me", (4, 3)),
    (1, "centre", (3, 1)),   # after the Crawford game, the trailer: the score says double
    (1, "centre", (1, 3)),   # after the Crawford game, the leader: the score says never
    (2, "me", (2, 5)),       # a win at the cube already takes the match: never double
    (2, "me", (5, 2)),       # a loss at the cube already loses it: double at once
]


def _positions(n: int = 6, seed: int = 5) -> List[Position]:
    """Positions of a random game, before the roll, and the two races."""
    rng = random.Random(seed)
    pos, out = Position.initial(), []
    for turn in range(60):
        plays = legal_plays(pos, (rng.randint(1, 6), rng.randint(1, 6)))
        pos = (pos.apply(rng.choice(plays)) if plays else pos).swapped()
        if pos.winner() is not None:
            break
        if turn % 8 == 7:
            out.append(pos)
    return out[:n] + RACES


def _context(score: Optional[Tuple[int, int]], taker: bool = False):
    if score is None:
        return None
    mine, theirs = (score[1], score[0]) if taker else score
    return {"crawford": False, "my_away": mine, "their_away": theirs}


#: 66 pips against 81 (double, pass at money); a 75.6% race (a take at money, a pass at 2-away 2-away)
RACES = [board({6: 3, 5: 4, 4: 4, 3: 4}, {7: 2, 6: 5, 5: 5, 4: 3}), board({5: 1, 6: 1}, {1: 3})]


def test_in_two_races_the_advice_is_the_reviews_figures_and_the_bots_decisions():
    seen = _agree(RACES)
    assert {CubeAction.DOUBLE_PASS, CubeAction.TAKE, CubeAction.PASS} <= seen


@pytest.mark.slow
def test_the_advice_is_the_reviews_figures_and_the_bots_decisions():
    seen = _agree(_positions())
    # the positions reach every action but too good (a race won too far for a double is not among them)
    assert {CubeAction.NO_DOUBLE, CubeAction.DOUBLE_TAKE, CubeAction.DOUBLE_PASS, CubeAction.TAKE, CubeAction.PASS} <= seen


def _agree(positions: List[Position]) -> set:
    """On the same positions the figures are Judge.cube_values / take_values
    (the review's), and the proper action is what should_double / should_take
    do; the actions seen."""
    bot = get_bot("expert")
    judge = Judge(bot)
    seen = set()
    for pos in positions:
        for value, owner, score in CONTEXTS:
            sc = None if score is None else (False, *score)
            doubler = advise(CubeQuestion(pos, False, value, owner, sc), bot)
            answer = advise(CubeQuestion(pos, True, value, owner, None if score is None else (False, score[1], score[0])), bot)
            no_double, double = judge.cube_values(pos, owner, _context(score), value)
            assert doubler.figure(CubeAction.NO_DOUBLE).equity == pytest.approx(no_double, abs=1e-9)
            assert doubler.double == pytest.approx(double, abs=1e-9)
            take, drop = judge.take_values(pos, _context(score, taker=True), value)
            assert answer.figure(CubeAction.TAKE).equity == pytest.approx(take, abs=1e-9)
            assert answer.figure(CubeAction.PASS).equity == pytest.approx(drop, abs=1e-9)
            doubles = bot.should_double(pos, value, owner, _context(score))
            takes = bot.should_take(pos.swapped(), value, _context(score, taker=True))
            assert (doubler.proper in DOUBLES) == doubles, (pos.to_id(), value, owner, score)
            assert (answer.proper is CubeAction.TAKE) == takes, (pos.to_id(), value, owner, score)
            if doubles:
                assert doubler.proper is (CubeAction.DOUBLE_TAKE if takes else CubeAction.DOUBLE_PASS)
            if score is not None:
                assert doubler.figure(CubeAction.NO_DOUBLE).mwc is not None and answer.in_match
            seen.add(doubler.proper)
            seen.add(answer.proper)
    return seen


def test_the_score_decides_where_the_rules_do():
    pos = board({5: 1, 6: 1}, {1: 3})
    bot = get_bot("expert")
    leader = advise(CubeQuestion(pos, False, 1, "centre", (False, 1, 3)), bot)
    assert leader.score_decides and leader.proper is CubeAction.NO_DOUBLE
    trailer = advise(CubeQuestion(pos, False, 1, "centre", (False, 3, 1)), bot)
    assert trailer.score_decides and trailer.proper in DOUBLES
    must_take = advise(CubeQuestion(pos, True, 2, "centre", (False, 4, 2)), bot)  # a pass loses the match
    assert must_take.score_decides and must_take.proper is CubeAction.TAKE
    money = advise(CubeQuestion(pos), bot)
    assert not money.score_decides and not money.in_match and money.figure(CubeAction.DOUBLE_PASS).equity == 1.0


def test_too_good_where_playing_on_beats_the_cash():
    gammonish = board({6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2, 13: 3}, {"bar": 3, 6: 5, 5: 4, 4: 3})  # three on the bar, a closed board
    advice = advise(CubeQuestion(gammonish), get_bot("expert"))
    nd, dp = advice.figure(CubeAction.NO_DOUBLE).equity, advice.figure(CubeAction.DOUBLE_PASS).equity
    assert (advice.proper is CubeAction.TOO_GOOD) == (nd > dp and advice.proper not in DOUBLES)
    assert advice.proper is CubeAction.TOO_GOOD, advice
    assert advice.best.action is CubeAction.NO_DOUBLE


def test_the_question_comes_from_the_game_and_only_when_one_is_due():
    m = Match(length=5, cube=True, dice=FixedDice([3, 1, 6, 4]))
    with pytest.raises(GameStateError):
        cube_question(m)  # the opening
    m.game.roll()
    with pytest.raises(GameStateError):
        cube_question(m)  # a turn being played
    m.game.play_text("8/5 6/5")
    q = cube_question(m)
    assert (q.answering, q.cube_value, q.owner, q.score, q.position) == (False, 1, "centre", (False, 5, 5), m.game.position)
    m.game.double()
    q = cube_question(m)
    assert q.answering and q.position == m.game.position and q.score == (False, 5, 5)
    m.game.take()
    with pytest.raises(GameStateError):
        cube_question(m)  # the cube is the other side's now
    crawford = Match.from_ids(Position.initial().to_id(), _match_id(crawford=True))
    with pytest.raises(GameStateError):
        cube_question(crawford)
    at_64 = Match.from_ids(Position.initial().to_id(), _match_id(cube_log=6))
    with pytest.raises(GameStateError):
        cube_question(at_64)
    money = Match(cube=True, dice=FixedDice([3, 1]))
    money.game.roll()
    money.game.play_text("8/5 6/5")
    assert cube_question(money).score is None and cube_question(money.game).score is None
    assert cube_advice(money) == advise(cube_question(money))


def _match_id(crawford: bool = False, cube_log: int = 0) -> str:
    from engine.ids import MatchState, encode_match_id

    state = MatchState(cube_value=2 ** cube_log, crawford=crawford, length=5, score=(4, 2) if crawford else (0, 0))
    return encode_match_id(state)


@pytest.mark.parametrize("bad,error", [
    (lambda: cube_question(None), ArgumentTypeError),
    (lambda: cube_question(Position.initial()), ArgumentTypeError),
    (lambda: CubeQuestion("4HPwATDgc/ABMA"), ArgumentTypeError),
    (lambda: CubeQuestion(Position.initial(), cube_value=3), InvalidArgumentError),
    (lambda: CubeQuestion(Position.initial(), cube_value=64), InvalidArgumentError),
    (lambda: CubeQuestion(Position.initial(), cube_value="2"), ArgumentTypeError),
    (lambda: CubeQuestion(Position.initial(), owner="nobody"), InvalidArgumentError),
    (lambda: CubeQuestion(Position.initial(), owner="opponent"), InvalidArgumentError),
    (lambda: CubeQuestion(Position.initial(), answering="yes"), ArgumentTypeError),
    (lambda: CubeQuestion(Position.initial(), score=(False, 5)), ArgumentTypeError),
    (lambda: CubeQuestion(Position.initial(), score=(False, 0, 5)), InvalidArgumentError),
    (lambda: CubeQuestion(Position.initial(), score=(True, 1, 3)), InvalidArgumentError),
    (lambda: advise("a question"), ArgumentTypeError),
    (lambda: advise(CubeQuestion(Position.initial()), get_bot("random", seed=1)), ArgumentTypeError),
])
def test_bad_arguments_raise_the_engines_errors(bad, error):
    with pytest.raises(error):
        bad()


# -- the client -------------------------------------------------------------------------------------
def _hotseat(length: int) -> Tuple[AppDriver, List[str]]:
    """White has played its opening 3-1: Black is on roll with the cube its to turn."""
    d = AppDriver(size=(1280, 720), seed=3, settings=Settings(pace="instant", sound=False))
    d.app.flow.start_match(MatchOptions(mode="hotseat", length=length, cube=True), dice=FixedDice([3, 1, 6, 4]))
    d.settle()
    lines: List[str] = []
    d.app.announcer.listen(lines.append)
    d.key(pygame.K_SPACE)
    d.settle()
    for frm, to, die in ((8, 5, 3), (6, 5, 1)):
        d.scene.do(PlayStep(frm, to, die))
        d.settle()
    assert d.session.game.phase == "roll" and d.session.game.can_double()
    return d, lines


def _asked(d: AppDriver, ask) -> None:
    """Ask (a key, the pad, the button) and let the advice, worked out off the frame loop, come."""
    ask()
    d.session.hints.wait(60)
    d.settle()
    d.frames(2)


def _shown_and_said(d: AppDriver, said: List[str]):
    """The engine's advice for the decision now, held against what the board shows and what was said."""
    expected = cube_advice(d.session.match)  # the engine's own answer, asked here
    assert d.session.cube_advice == expected
    words = said[-1]
    assert words == hintsay.cube_said(expected)
    for f in expected.figures:
        assert i18n.t("say.cube." + f.action.name.lower()) in words
        assert f"{f.equity:+.3f}" in words
        if f.mwc is not None:
            assert f"{100 * f.mwc:.1f}" in words
    proper = i18n.t("say.cube.advice", figures="|", proper=i18n.t("say.cube." + expected.proper.name.lower())).split("|")[1]
    assert words.endswith(proper) or expected.score_decides  # "... . Proper: no double."
    lines = d.scene.board_view().hint_lines
    assert lines == hintsay.cube_lines(expected) and len(lines) == len(expected.figures) + 2
    marked = [line for line in lines if line.startswith("» ")]  # the proper action's figure, and only it
    assert len(marked) == 1 and i18n.t("cube." + expected.best.action.name.lower()) in marked[0]
    assert f"{expected.best.equity:+.3f}" in marked[0]
    return expected


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_h_before_the_roll_in_a_money_game_shows_and_says_the_three_figures(backgammon_home, lang):
    i18n.set_language(lang)
    d, said = _hotseat(length=1)
    assert d.scene.panel.hint.is_enabled  # the Hint button works before the roll
    _asked(d, lambda: d.key(pygame.K_h))
    advice = _shown_and_said(d, said)
    assert not advice.in_match and [f.action for f in advice.figures] == [CubeAction.NO_DOUBLE, CubeAction.DOUBLE_TAKE, CubeAction.DOUBLE_PASS]
    assert d.scene.board_view().hint_lines[0] == i18n.t("board.cube_title.money")
    assert d.session.game.phase == "roll" and len(d.session.game.log) == 2  # asking changed nothing


def test_h_before_the_roll_in_a_5_point_match_gives_match_winning_chances(backgammon_home):
    d, said = _hotseat(length=5)
    _asked(d, lambda: d.key(pygame.K_h))
    advice = _shown_and_said(d, said)
    assert advice.in_match and advice.score == (False, 5, 5)
    assert d.scene.board_view().hint_lines[0] == i18n.t("board.cube_title.match")
    # the advice stays on the board until the decision is made: rolling takes it away
    d.key(pygame.K_SPACE)
    d.settle()
    assert d.session.cube_advice is None and not d.scene.board_view().hint_lines


def test_answering_a_double_the_hint_button_and_the_pad_give_take_and_pass(backgammon_home):
    d, said = _hotseat(length=5)
    d.key(pygame.K_d)  # Black doubles: White answers
    d.settle()
    assert d.session.must_answer_double() and d.scene.panel.hint.is_enabled
    _asked(d, lambda: d.click_button(d.scene.panel.hint))
    advice = _shown_and_said(d, said)
    assert advice.answering and [f.action for f in advice.figures] == [CubeAction.TAKE, CubeAction.PASS]
    assert advice.proper in (CubeAction.TAKE, CubeAction.PASS)
    n = len(said)
    _asked(d, lambda: d.pad(pygame.CONTROLLER_BUTTON_X))  # the pad's hint button: the same, said again
    assert len(said) > n and said[-1] == hintsay.cube_said(advice)
    d.scene.do(Take())
    d.settle()
    # Black's turn again, with White's cube: no cube decision for Black, no advice, and H says what to do
    assert d.session.game.phase == "roll" and not d.session.can_advise_cube() and not d.scene.panel.hint.is_enabled
    d.key(pygame.K_h)
    assert said[-1].startswith(i18n.t("say.hint.none"))


def test_the_pad_before_the_roll_gives_the_advice(backgammon_home):
    d, said = _hotseat(length=5)
    _asked(d, lambda: d.pad(pygame.CONTROLLER_BUTTON_X))
    _shown_and_said(d, said)


def test_the_tutors_cube_warning_says_the_same_figures():
    from game.play.tutor import advice_for_cube
    from engine.analysis import Kind

    settings = Settings(animation_speed=0.0, bot_pace=0.0, pass_pause=0.0, tutor=True)
    d = Driver(dice=FixedDice([6, 6]), settings=settings, length=1, cube=True)
    race = board({6: 3, 5: 4, 4: 4, 3: 4}, {7: 2, 6: 5, 5: 5, 4: 3})  # 66 pips against 81: double, pass
    d.session.match.game = set_up_game(race, 0, dice_source=d.session.match.dice_source)
    d.scene.do(Double())
    d.settle()
    expected = cube_advice(d.session.match)
    assert expected.proper is CubeAction.PASS
    d.scene.do(Take())
    dialog = d.app.scene
    assert isinstance(dialog, DialogScene)
    assert i18n.t("tutor.cube", figures=hintsay.cube_figures_said(expected)) in dialog.text
    advice = advice_for_cube(Kind.TAKE, race, "centre")
    assert advice is not None and advice.cube == expected
    take, drop = expected.figure(CubeAction.TAKE).equity, expected.figure(CubeAction.PASS).equity
    assert advice.loss == pytest.approx(drop - take)
