"""A take-back says what it undid (shown on the board, said, and a line in
the move log that stays through save and continue), never cancels a double
silently, and a game with a take-back counts apart in the records (an
assisted game), all driven through the real client."""

from __future__ import annotations

import pygame
import pytest

from engine import FixedDice, get_bot, ordered_dice
from game.board.render import board_area
from game.input.match_intents import Double, Take
from game.play.numbering import heard_play
from game.play.options import MatchOptions
from game.scenes.records import RecordsScene
from game.scenes.result import ResultScene
from game.scenes.review import ReviewScene
from game.store.records import Records
from game.store.settings import Settings
from game.store.storage import Storage
from game.system.speech import RecordingSpeech
from game.testing import AppDriver, Driver
from game.words import i18n


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def _quick(**kw) -> Settings:
    return Settings(animation_speed=0.0, bot_pace=0.0, pass_pause=0.0, auto_end_turn=False, **kw)


def _play_turn(d, pick=0) -> None:
    """The player on turn plays by clicks on the board and confirms with Enter."""
    g = d.game
    while not g.current_turn.complete:
        s = g.current_turn.legal_steps()[pick]
        d.click(d.checker_pos(s.frm))
        d.click(d.target_pos(s.to))
    d.key(pygame.K_RETURN)
    d.settle()


def _to_takeback_point(d, human=0, max_actions=300) -> None:
    """Play on until the human is to roll after the computer has played since the human's last play."""
    g = d.game
    for _ in range(max_actions):
        d.settle()
        if (g.phase == "roll" and g.turn == human and g.can_take_back(human) and g.log[-1].player != human
                and g.log[-1].kind == "play"):
            return
        if g.phase in ("opening", "roll") and (g.phase == "opening" or g.turn == human):
            d.key(pygame.K_SPACE)
        elif g.phase == "move" and g.turn == human:
            _play_turn(d)
    raise AssertionError("no point to take back at")


def _expected(log, mine: int) -> str:
    """What the words must say, built by hand from the log's tail (the
    human's play with its dice kept, then each of the computer's rolls and
    plays, in White's numbering, the one the board is written in)."""
    parts = [f"your play {log[mine].text}"]
    for e in log[mine + 1:]:
        hi, lo = ordered_dice(e.dice)
        played = heard_play(e.text, 1, 0)
        parts.append(f"Black's roll {hi}-{lo} and play {played}" if e.kind == "play" else f"Black's roll {hi}-{lo} (no move)")
    return "Taken back: " + ", ".join(parts) + "."


def test_take_back_shows_says_and_logs_what_was_undone():
    d = Driver(seed=4, seats=(None, get_bot("random", seed=2)), settings=_quick())
    g = d.game
    _to_takeback_point(d)
    mine = max(i for i, e in enumerate(g.log) if e.kind == "play" and e.player == 0)
    expected = _expected(g.log, mine)
    undone = list(g.log[mine:])
    d.key(pygame.K_t)
    d.settle()
    assert (g.phase, g.turn, len(g.log)) == ("move", 0, mine)
    view = d.scene.board_view()
    assert view.banner == expected  # shown on the board, whole, inside it
    r = d.scene.renderer
    lines = r.banner_words(view)
    assert "".join(lines).replace(" ", "") == expected.replace(" ", "") and all(line in d.scene.text.drawn for line in lines)
    assert board_area(d.layout).contains(r.banner_rect(view))
    # a line in the move log where the turn was taken back, naming both sides
    lines = d.session.log_lines()
    line = [ln for ln in lines if ln.startswith("Taken back:")]
    assert len(line) == 1 and line[0].startswith(f"Taken back: White's play {undone[0].text}, Black's roll")
    assert lines.index(line[0]) == len(lines) - 1  # after the entries that stand
    _play_turn(d, pick=-1)  # played another way: the line stays before the new play
    lines = d.session.log_lines()
    assert lines.index(line[0]) == mine and lines[mine + 1].startswith("White ")
    assert d.scene.board_view().banner != expected  # the words went with the next step


def test_take_back_is_said_through_speech():
    d = AppDriver(size=(1024, 768), seed=4, settings=_quick())
    rec = RecordingSpeech()
    d.app.announcer.speech = rec
    d.app.announcer.unavailable = False
    d.app.announcer.set_speaking(True)
    d.app.flow.start_match(MatchOptions(mode="computer", level="beginner", colour="white", length=1))
    d.settle()
    g = d.game
    _to_takeback_point(d)
    mine = max(i for i, e in enumerate(g.log) if e.kind == "play" and e.player == 0)
    expected = _expected(g.log, mine)
    rec.said.clear()
    d.key(pygame.K_t)
    d.settle()
    assert expected in rec.said, rec.said


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_double_taken_back_is_said_with_the_cube(lang):
    """Hot-seat with the cube: White plays, Black plays, White doubles and
    Black takes; T now takes back Black's turn and the double with it, and says so."""
    settings = _quick()
    settings.language = lang
    d = AppDriver(size=(1024, 768), seed=1, settings=settings)
    d.app.flow.start_match(MatchOptions(mode="hotseat", length=1, cube=True), dice=FixedDice([3, 1, 6, 4, 5, 2]))
    d.settle()
    g = d.game
    d.key(pygame.K_SPACE)
    d.settle()
    _play_turn(d)  # White's 3-1
    d.key(pygame.K_SPACE)
    d.settle()
    _play_turn(d)  # Black's 6-4
    black = g.log[-1]
    d.scene.do(Double())
    d.settle()
    d.scene.do(Take())
    d.settle()
    assert (g.phase, g.cube_value) == ("roll", 2)
    d.key(pygame.K_t)
    d.settle()
    assert (g.phase, g.turn, g.cube_value) == ("move", 1, 1)  # Black's turn again, the cube back in the middle
    words = d.scene.board_view().banner
    if lang == "en":
        assert words == (f"Taken back: Black's play {black.text}, White's double to 2, Black's take of the double, "
                         "the cube back at 1.")
    else:
        assert words is not None and words.startswith("已悔棋：黑方的走法") and "白方的加倍到 2" in words and "加倍骰回到 1" in words


@pytest.mark.slow
def test_an_assisted_game_counts_apart_and_its_line_survives_continue(backgammon_home):
    d = AppDriver(size=(1024, 768), seed=6, settings=_quick())
    d.app.flow.start_match(MatchOptions(mode="computer", level="beginner", colour="white", length=3))
    d.settle()
    _to_takeback_point(d)
    d.key(pygame.K_t)
    d.settle()
    g = d.game
    mine = len(g.log)
    line = d.session.log_lines()[-1]
    assert line.startswith("Taken back: White's play")
    # saved, the window closed, continued: the line is where it was, the game still assisted
    d.post(pygame.QUIT)
    d.frames(1)
    d.app.saves.flush()
    d2 = AppDriver(size=(1024, 768), seed=99, settings=_quick())
    d2.click_button(d2.scene.continue_button)
    s = d2.session
    assert s.assisted and s.log_lines()[-1] == line
    # the game ends (a backgammon resigned is always accepted)
    d2.settle()
    _play_turn(d2)
    for _ in range(60):
        if s.can_resign():
            break
        if s.can_roll():
            d2.key(pygame.K_SPACE)
        d2.settle()
    assert s.log_lines().index(line) == mine + 1  # the game's heading first
    s.resign("backgammon")
    d2.settle()
    while not isinstance(d2.scene, ResultScene):
        d2.frames(1)
    # the review marks the play made again after the take-back
    d2.click_button(d2.scene.result_buttons["review"])
    review = d2.scene
    assert isinstance(review, ReviewScene) and review.job is not None and review.job.wait(240)
    d2.frames(3)
    assert review.model is not None, review.error
    marked = [i for i, dec in enumerate(review.model.decisions) if dec.game == 1 and dec.entry == mine]
    others = [i for i, dec in enumerate(review.model.decisions) if i not in marked]
    assert len(marked) == 1 and others
    for i, words in ((marked[0], True), (others[0], False)):
        review.go(i)
        d2.frames(2)
        assert ("played again after a take-back" in review.line_labels[0].text) is words
    d2.key(pygame.K_ESCAPE)
    d2.settle()
    d2.app.saves.flush()
    records, message = Storage().load_records()
    assert message is None
    t = records.by_mode["computer:beginner"]
    assert (t.games_played, t.assisted_games, t.assisted_won) == (0, 1, 0)
    assert (t.matches_played, t.assisted_matches) == (0, 1)  # a backgammon ends the 3-point match
    # the Records screen says so in a line
    d2.click_button(d2.scene.result_buttons["lobby"])
    d2.settle()
    d2.click_button(d2.scene.records_button)
    screen = d2.scene
    assert isinstance(screen, RecordsScene)
    assert i18n.t("records.assisted", played=1, won=0, matches=t.assisted_matches, matches_won=0) in screen.lines


def test_old_records_read_without_the_assisted_counts():
    old = {"by_mode": {"hotseat": {"games_played": 3, "games_won": 2}}, "faces": [0] * 6, "rolls": 0, "doubles": 0}
    rec, bad = Records.from_dict(old)
    assert bad == [] and rec.by_mode["hotseat"].games_played == 3 and rec.by_mode["hotseat"].assisted_games == 0
    rec.record_game("hotseat", True, assisted=True)
    again, bad = Records.from_dict(rec.to_dict())
    assert bad == [] and (again.by_mode["hotseat"].games_played, again.by_mode["hotseat"].assisted_won) == (3, 1)
