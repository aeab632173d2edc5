"""Playing without seeing the board: the announcements of a whole game,
the keys that ask, the focus said as it moves, speech on and off, the
speech log, and the speech backends themselves."""

import os
import shutil
import subprocess
import threading
import time

import pygame
import pytest

from engine import FixedDice, Match
from engine.kinds import LogKind
from game.input.match_intents import AskMenu, AskTopic, PlayStep, Take
from game.match.ask import answer, point_sentence
from game.match.narrate import Narrator
from game.play.happenings import HappeningKind
from game.play.session import Session
from game.scenes.match import MatchScene
from game.store.settings import Settings
from game.system import speech as speech_mod
from game.system.announcer import Announcer
from game.system.speech import CommandSpeech, RecordingSpeech
from game.testing import AppDriver
from game.words import i18n


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def recording(d: AppDriver) -> RecordingSpeech:
    """The app speaks into a recorder from now on (before the match screen is made)."""
    rec = RecordingSpeech()
    d.app.announcer.speech = rec
    d.app.announcer.unavailable = False
    d.app.announcer.set_speaking(True)
    return rec


def rolled_hotseat(size=(1280, 720)):
    """A hot-seat single game at the screen, speech into a recorder, the opening 3-1 thrown by Space."""
    from game.play.options import MatchOptions

    d = AppDriver(size=size, seed=3, settings=Settings(pace="instant", sound=False))
    rec = recording(d)
    d.app.flow.start_match(MatchOptions(mode="hotseat", length=1), dice=FixedDice([3, 1]))
    d.settle()
    d.key(pygame.K_SPACE)
    d.settle()
    return d, rec


def tab_to(d: AppDriver, wanted, limit: int = 60) -> None:
    """Tab until the keyboard focus is on ``wanted`` (a button, or a test of the focused button's intent)."""
    for _ in range(limit):
        scene = d.scene
        if isinstance(scene, MatchScene):
            focused = scene.controller.focused()
            if focused is not None and wanted(focused[1]):
                return
        else:
            current = scene.focus.current(scene.focusables())
            if current is not None and current[0] is wanted:
                return
        d.key(pygame.K_TAB)
    raise AssertionError(f"the focus never came to {wanted}")


def keyboard_turn(d: AppDriver) -> None:
    """The human's turn by keys only: Space rolls, Tab and Enter play the steps, answer a double."""
    from game.scenes.dialog import DialogScene

    s = d.session
    g = s.game
    if isinstance(d.scene, DialogScene):  # the computer offers to resign: Enter takes the first answer (accept)
        d.key(pygame.K_RETURN)
    elif s.must_answer_double():
        tab_to(d, lambda i: isinstance(i, Take))
        d.key(pygame.K_RETURN)
    elif s.can_double() and g.cube_value == 1 and g.cube_owner is None:
        d.key(pygame.K_d)  # the cube, once: it is said too
    elif s.can_roll():
        d.key(pygame.K_SPACE)
    elif s.legal_steps():
        tab_to(d, lambda i: isinstance(i, PlayStep))
        d.key(pygame.K_RETURN)
    elif s.can_end_turn():
        d.key(pygame.K_SPACE)
    d.settle()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_whole_game_against_the_computer_by_keys_is_said_in_order(lang, backgammon_home, monkeypatch):
    d = AppDriver(size=(1280, 720), seed=11, settings=Settings(pace="instant", sound=False, language=lang, lobby_cube=True,
                                                              lobby_level="beginner", lobby_colour="white"))
    rec = recording(d)
    steps = []  # every step either side makes, in order, as the session reports it
    real_emit = Session._emit

    def emit(self, kind, player, before, after=None, **kw):
        real_emit(self, kind, player, before, after, **kw)
        if kind == HappeningKind.STEP:
            steps.append((player, kw["step"]))

    monkeypatch.setattr(Session, "_emit", emit)
    # the lobby by keys: the focus says each button; Play starts the game against the computer
    lobby = d.scene
    tab_to(d, lobby.play_button)
    assert rec.said[-1] == i18n.t("say.focus.button", text=lobby.play_button.text)
    d.key(pygame.K_RETURN)
    d.settle()
    assert isinstance(d.scene, MatchScene)
    for _ in range(3000):
        if d.session.game.phase == "over":
            break
        keyboard_turn(d)
    g = d.session.game
    assert g.phase == "over"
    said = rec.said
    # every step of both sides, in order and in words (hits said: whose blot), in the listener's (White's) numbering
    hit_keys = ("say.step_hit_you", "say.step_hit_other")
    step_words = {i18n.t(k, name=i18n.t(f"player.{p}"), frm=f, to=t, other=i18n.t(f"player.{1 - p}"))
                  for k in ("say.step",) + hit_keys for p in (0, 1) for f in list(map(str, range(1, 26))) + [i18n.t("say.bar")]
                  for t in list(map(str, range(1, 25))) + [i18n.t("say.off")]}
    said_steps = [line for line in said if line in step_words]
    expected = []
    for player, step in steps:
        name = i18n.t(f"player.{player}")
        frm = i18n.t("say.bar") if step.frm == 25 else str(step.frm if player == 0 else 25 - step.frm)
        to = i18n.t("say.off") if step.to == 0 else str(step.to if player == 0 else 25 - step.to)
        key = "say.step" if not step.hit else "say.step_hit_you" if player == 1 else "say.step_hit_other"
        expected.append(i18n.t(key, name=name, frm=frm, to=to, other=i18n.t(f"player.{1 - player}")))
    assert said_steps == expected and len(expected) > 20
    # the dice of every turn, in the order of the move log, the larger first
    rolls = [e for e in g.log if e.kind in (LogKind.PLAY, LogKind.PASS)]
    said_rolls = [line for line in said if any(line == i18n.t("say.roll", name=i18n.t(f"player.{e.player}"), d1=max(e.dice), d2=min(e.dice))
                                               for e in rolls)]
    assert len(said_rolls) == len(rolls) - 1  # the opening roll is said as such
    assert any(line.startswith(i18n.t("say.opening", name0="", a="", name1="", b="", first="")[:4]) for line in said)
    # hits: as many as the log's stars
    assert sum(1 for line in said_steps if line in {i18n.t(k, name=i18n.t(f"player.{p}"), frm=f, to=t, other=i18n.t(f"player.{1 - p}"))
                                                    for k in hit_keys for p in (0, 1) for f in list(map(str, range(1, 26))) + [i18n.t("say.bar")]
                                                    for t in list(map(str, range(1, 25))) + [i18n.t("say.off")]}) \
        == sum(e.text.count("*") for e in g.log if e.kind == LogKind.PLAY)
    # the cube: offered, then taken or dropped
    doubled = i18n.t("say.double", name=i18n.t("player.0"), value=2)
    assert doubled in said
    after = said[said.index(doubled) + 1:]
    assert any(line in (i18n.t("say.take", name=i18n.t("player.1"), value=2), i18n.t("say.drop", name=i18n.t("player.1")))
               for line in after)
    # the result
    r = g.result
    points = r.multiple * r.cube
    key = "say.over_one" if points == 1 else "say.over"
    assert i18n.t(key, name=i18n.t(f"player.{r.winner}"), kind=i18n.t(f"result.{r.kind}"), points=points) in said


def test_the_keys_that_ask_answer_in_words_and_on_the_board(backgammon_home):
    d = AppDriver(size=(1280, 720), seed=3, settings=Settings(pace="instant", sound=False))
    d.app.dice = FixedDice([3, 1])
    rec = recording(d)
    from game.play.options import MatchOptions

    d.app.flow.start_match(MatchOptions(mode="hotseat", length=5, cube=True), dice=FixedDice([3, 1, 6, 5]))
    d.settle()
    d.key(pygame.K_SPACE)
    d.settle()
    s = d.session
    asks = {pygame.K_p: AskTopic.PIPS, pygame.K_g: AskTopic.DICE, pygame.K_m: AskTopic.MOVES, pygame.K_w: AskTopic.POSITION,
            pygame.K_1: AskTopic.Q1, pygame.K_4: AskTopic.Q4, pygame.K_s: AskTopic.SCORE, pygame.K_b: AskTopic.LAST}
    for key, topic in asks.items():
        d.key(key)
        words = answer(topic, s, s.viewer_for(s.snapshot()))
        assert rec.said[-1] == words and d.scene.actions.notice == words
    assert i18n.t("ask.pips", name0="White", pips0=167, name1="Black", pips1=167) == answer(AskTopic.PIPS, s, 0)
    assert "3, 1" in answer(AskTopic.DICE, s, 0)
    assert "8 to 7 or 5" in answer(AskTopic.MOVES, s, 0) and "24 to 23 or 21" in answer(AskTopic.MOVES, s, 0)
    assert "Score: White 0, Black 0, match to 5." in answer(AskTopic.SCORE, s, 0)
    # R says the last announcement again
    n = len(rec.said)
    d.key(pygame.K_r)
    assert len(rec.said) == n + 1 and rec.said[-1] == rec.said[-2]
    # the arrows on the board say the point the focus is on (it starts on the 24-point, at its row's right end)
    d.key(pygame.K_LEFT)
    at = d.scene.controller.board_focus.at
    assert at is not None and rec.said[-1] == point_sentence(s.snapshot(), 0, at[1])
    # Q: every question as a list, one button each, said as the dialog opens
    d.key(pygame.K_q)
    dialog = d.scene
    assert rec.said[-1].startswith(i18n.t("ask.menu.title"))
    d.click_button(dialog.answer_buttons[1])  # pips
    assert rec.said[-1] == answer(AskTopic.PIPS, s, 0)
    # the top bar's Ask button opens the same list: a controller's d-pad and A reach it like any button
    tab_to(d, lambda i: i == AskMenu())
    d.pad(pygame.CONTROLLER_BUTTON_A)
    from game.scenes.dialog import DialogScene

    assert rec.said[-1].startswith(i18n.t("ask.menu.title")) and isinstance(d.scene, DialogScene)
    # its last question copies the whole position (Ctrl+C for a controller)
    from game.match.copytext import position_text
    from game.system import clipboard

    clipboard.copy("")
    assert d.scene.answer_buttons[-1].text == i18n.t("ask.menu.copy")
    d.click_button(d.scene.answer_buttons[-1])
    assert clipboard.paste() == position_text(s) and rec.said[-1] == i18n.t("match.copied")


def test_points_quadrants_bar_and_trays_in_words():
    s = Session(Match())
    snap = s.snapshot()
    assert point_sentence(snap, 0, 6) == "White's 6-point: 5 White."
    assert point_sentence(snap, 0, 24) == "White's 24-point: 2 White."
    assert point_sentence(snap, 0, 1) == "White's 1-point: 2 Black."
    assert point_sentence(snap, 0, 7) == "White's 7-point: empty."
    assert point_sentence(snap, 1, 6) == "Black's 6-point: 5 Black."
    assert point_sentence(snap, 0, 25) == "The bar is empty."
    assert point_sentence(snap, 0, 0) == "Borne off: White 0, Black 0."
    assert answer(AskTopic.Q2, s, 0) == "White's outer board, points 7 to 12: 8 White 3, 12 Black 5."
    i18n.set_language("zh")
    assert point_sentence(snap, 0, 6) == "白方的 6 点：白方 5 枚。"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_scripted_game_is_said_word_for_word(lang):
    i18n.set_language(lang)
    s = Session(Match(length=5, cube=True, dice=FixedDice([3, 1, 6, 4])))
    said = []
    n = Narrator(lambda: s, said.append)
    s.roll()
    s.step(8, 5)
    s.step(6, 5)
    s.end_turn()
    s.roll()
    for h in s.drain():
        n.heard("end", h)
    W, B = i18n.t("player.0"), i18n.t("player.1")
    assert said == [  # two humans at one screen: each is also told what they may do
        i18n.t("say.opening", name0=W, a=3, name1=B, b=1, first=W),
        i18n.t("say.hint.steps"),
        i18n.t("say.step", name=W, frm=8, to=5),
        i18n.t("say.step", name=W, frm=6, to=5),
        i18n.t("say.turn", name=B),
        i18n.t("say.hint.roll_double"),
        i18n.t("say.roll", name=B, d1=6, d2=4),
        i18n.t("say.hint.steps"),
    ]


def test_speech_off_says_nothing_aloud_but_the_log_gets_every_line(tmp_path):
    log = tmp_path / "said.txt"
    rec = RecordingSpeech()
    a = Announcer(finder=lambda rate: rec, log_path=str(log))
    a.say("one")
    assert rec.said == [] and log.read_text(encoding="utf-8") == "one\n"
    a.set_speaking(True)
    a.say("two  words\nhere")
    assert rec.said == ["two words here"]
    assert log.read_text(encoding="utf-8").splitlines() == ["one", "two words here"]


def test_no_speech_here_is_said_once_and_the_game_goes_on(tmp_path, caplog):
    a = Announcer(finder=lambda rate: None, log_path=str(tmp_path / "said.txt"))
    a.set_speaking(True)
    a.set_speaking(True)
    assert a.unavailable and a.speech is None
    assert sum("no speech here" in r.getMessage() for r in caplog.records) == 1
    a.say("still logged")
    assert (tmp_path / "said.txt").read_text(encoding="utf-8") == "still logged\n"


def test_an_unwritable_speech_log_is_said_once(tmp_path, caplog):
    a = Announcer(finder=lambda rate: None, log_path=str(tmp_path / "no-such-folder" / "said.txt"))
    a.say("a")
    a.say("b")
    assert sum("cannot be written" in r.getMessage() for r in caplog.records) == 1
    assert list(a.history) == ["a", "b"]


def test_history_stays_bounded():
    a = Announcer(finder=lambda rate: None, log_path="")
    for i in range(5000):
        a.say(f"line {i}")
    assert len(a.history) <= 200 and a.last == "line 4999"


class FakeProcess:
    """A speech process that speaks until it is stopped (or for ever)."""

    made = []

    def __init__(self, argv, **kw):
        self.argv = argv
        self.stopped = threading.Event()
        FakeProcess.made.append(self)

    def poll(self):
        return 0 if self.stopped.is_set() or self.argv[-1] == "-C" else None

    def terminate(self):
        self.stopped.set()

    def wait(self, timeout=None):
        if self.argv[-1] != "-C" and not self.argv[-1].startswith("quick"):
            self.stopped.wait(timeout)
        return 0


def made(n, timeout=5.0):
    end = time.monotonic() + timeout
    while len(FakeProcess.made) < n and time.monotonic() < end:
        time.sleep(0.005)
    return [p.argv[-1] for p in FakeProcess.made]


def test_espeak_says_the_steps_of_a_game_in_turn_and_a_question_interrupts():
    FakeProcess.made = []
    sp = CommandSpeech("/usr/bin/espeak-ng", rate="fast", run=FakeProcess)
    sp.speak("quick White rolls 3 and 1", interrupt=False)
    sp.speak("White: 8 to 5", interrupt=False)
    sp.speak("White: 6 to 5", interrupt=False)
    assert made(2) == ["quick White rolls 3 and 1", "White: 8 to 5"]  # one at a time, none dropped
    time.sleep(0.05)
    assert len(FakeProcess.made) == 2  # the third waits for the second to finish
    sp.speak("-Pips: White 163, Black 167.")  # the player asks: what waits is stale, what speaks stops
    assert made(3)[-1] == "Pips: White 163, Black 167." and FakeProcess.made[1].stopped.is_set()
    assert FakeProcess.made[-1].argv == ["/usr/bin/espeak-ng", "-s", "250", "Pips: White 163, Black 167."]
    assert "White: 6 to 5" not in made(3)
    sp.close()


def test_speech_dispatcher_queues_the_game_and_cancels_for_a_question():
    FakeProcess.made = []
    sp = CommandSpeech("/usr/bin/spd-say", rate="slow", run=FakeProcess)
    sp.speak("Black doubles to 2.", interrupt=False)
    sp.speak("Pips: White 167, Black 167.")
    said, cancel, asked = FakeProcess.made
    assert said.argv == ["/usr/bin/spd-say", "-r", str(int((140 - 185) / 1.2)), "Black doubles to 2."]
    assert cancel.argv == ["/usr/bin/spd-say", "-C"] and asked.argv[-1] == "Pips: White 167, Black 167."


def test_the_game_is_told_in_turn_and_the_keys_interrupt(backgammon_home):
    d, rec = rolled_hotseat()
    assert rec.said[-2].startswith("Opening roll") and rec.interrupts[-2:] == [False, False]  # the game: told in turn
    assert rec.said[-1] == i18n.t("say.hint.steps")  # and what the player may do now
    tab_to(d, lambda i: isinstance(i, PlayStep))
    d.key(pygame.K_RETURN)
    d.settle()
    assert rec.said[-1].startswith("White: ") and rec.interrupts[-1] is False
    d.key(pygame.K_p)
    assert rec.said[-1].startswith("Pips: ") and rec.interrupts[-1] is True  # a question: at once


def test_find_speech_gives_none_when_nothing_speaks(monkeypatch):
    monkeypatch.setattr(speech_mod.ScreenReaderSpeech, "find", classmethod(lambda cls, only_screen_reader=False: None))
    monkeypatch.setattr(speech_mod.shutil, "which", lambda name: None)
    monkeypatch.setattr(speech_mod.EngineSpeech, "find", classmethod(lambda cls, rate="normal": None))
    assert speech_mod.find_speech() is None


@pytest.mark.skipif(not (shutil.which("espeak-ng") and shutil.which("sox")), reason="espeak-ng and sox are not installed")
def test_espeak_ng_speaks_for_real_into_a_file(tmp_path):
    wav = tmp_path / "said.wav"
    sp = CommandSpeech.find()  # speech-dispatcher's spd-say cannot write a file: espeak-ng, as the game runs it
    espeak = sp if sp is not None and sp.name != "spd-say" else CommandSpeech(shutil.which("espeak-ng"))
    subprocess.run(espeak.argv("White rolls 3 and 1.", to_file=str(wav)), check=True, timeout=30, capture_output=True)
    stat = subprocess.run(["sox", str(wav), "-n", "stat"], capture_output=True, text=True, timeout=30)
    rms = float(next(line.split(":")[1] for line in stat.stderr.splitlines() if line.startswith("RMS     amplitude")))
    assert os.path.getsize(wav) > 1000 and rms > 0.001


@pytest.mark.slow
def test_speak_and_the_speech_log_leave_the_whole_smoke_game_in_words(tmp_path):
    said = tmp_path / "said.txt"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", BACKGAMMON_HOME=str(tmp_path / "home"),
               BACKGAMMON_SPEECH_LOG=str(said), PATH=str(tmp_path))  # (no speech command found: logged only)
    import sys

    run = subprocess.run([sys.executable, "-m", "game", "--speak", "--smoke-test"], env=env, capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr
    lines = said.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "Backgammon."  # the lobby's heading
    assert any(line.startswith("Opening roll: ") for line in lines)
    assert sum(" rolls " in line for line in lines) >= 5 and sum(" to " in line for line in lines) >= 10
    assert any(" wins" in line for line in lines)


def test_speech_follows_the_platform_until_the_player_chooses(backgammon_home, monkeypatch):
    from game.app import App
    from game.system import speech

    monkeypatch.setattr(speech, "screen_reader_running", lambda: True)
    monkeypatch.setattr("game.app.screen_reader_running", lambda: True, raising=False)
    monkeypatch.setattr(speech, "find_speech", lambda rate="normal": RecordingSpeech())
    monkeypatch.setattr("game.system.announcer.find_speech", lambda rate="normal": RecordingSpeech())
    app = App(size=(800, 600))
    assert app.settings.speak is None and app.announcer.speaking  # a screen reader runs: spoken
    app.settings.speak = False
    app.save_settings()
    again = App(size=(800, 600))
    assert again.settings.speak is False and not again.announcer.speaking  # the player's word wins


@pytest.mark.parametrize("large", [False, True], ids=["usual", "large"])
@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080), (1080, 1920), (3840, 2160)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_ask_list_fits_at_every_size(size, lang, large, backgammon_home):
    from fitting import element_misfits

    from game.play.options import MatchOptions
    from game.ui import theme
    from game.match.actions import ASK_MENU
    from game.scenes.dialog import DialogScene

    d = AppDriver(size=size, settings=Settings(pace="instant", sound=False, language=lang, large_text=large))
    try:
        theme.set_large_text(large)
        d.app.flow.start_match(MatchOptions(mode="hotseat", length=5, cube=True), dice=FixedDice([3, 1]))
        d.settle()
        d.key(pygame.K_q)
        d.frames(2)
        dialog = d.scene
        assert isinstance(dialog, DialogScene) and len(dialog.answer_buttons) == len(ASK_MENU)
        window = pygame.Rect((0, 0), size)
        for b in dialog.answer_buttons:
            assert window.contains(b.rect) and dialog.box.rect.contains(b.rect)
            assert not element_misfits(b, f"{lang} {size}"), b.text
    finally:
        theme.set_large_text(False)


def test_a_hint_asked_for_is_said_best_first(backgammon_home):
    from game.match.ask import spoken_play

    d, rec = rolled_hotseat()
    d.key(pygame.K_h)
    hint = d.session.wait_for_hint()
    d.frames(3)
    assert hint is not None and hint.plays
    first = i18n.t("say.hint_play", rank=1, play=spoken_play(hint.plays[0][2]))
    assert rec.said[-1].startswith(i18n.t("say.hint", plays=first))
    assert "8 to 5, 6 to 5" in rec.said[-1]  # 3-1: the 5-point


def test_a_screen_reader_that_goes_away_is_said_once(caplog):
    class Gone:
        def speak(self, text, interrupt=False):
            raise OSError("NVDA is not running")

    sp = speech_mod.ScreenReaderSpeech(Gone(), "screen reader: NVDA")
    sp.speak("White rolls 3 and 1.")
    sp.speak("White: 8 to 5.")
    assert sum("did not take the words" in r.getMessage() for r in caplog.records) == 1


def test_the_seeing_and_hearing_screen_applies_and_keeps_each_choice(backgammon_home, monkeypatch):
    from game.board import palette
    from game.ui import theme
    from game.scenes.access import AccessScene
    from game.scenes.lobby import LobbyScene
    from game.store.storage import Storage

    monkeypatch.setattr("game.system.announcer.find_speech", lambda rate="normal": RecordingSpeech())
    d = AppDriver(size=(1280, 720), settings=None)
    try:
        d.click_button(d.scene.gear_button)
        d.click_button(d.scene.access_button)
        access = d.scene
        assert isinstance(access, AccessScene)
        said = list(d.app.announcer.history)  # the heading, then the help lines the screen shows
        heading = said.index(i18n.t("say.screen", title=i18n.t("access.title")))
        assert said[-1] == i18n.t("access.keys") and heading < len(said) - 1
        d.click_button(access.rows["speak"].button_for(True))
        assert d.app.announcer.speaking and isinstance(d.app.announcer.speech, RecordingSpeech)
        d.click_button(d.scene.rows["rate"].button_for("fast"))
        assert d.app.announcer.speech.rate == "fast"
        d.click_button(d.scene.rows["theme"].button_for("high_contrast"))
        assert palette.current() == "high_contrast"
        d.click_button(d.scene.rows["large_text"].button_for(True))
        assert theme.text_scale() == theme.LARGE_TEXT and isinstance(d.scene, AccessScene)
        d.key(pygame.K_ESCAPE)
        d.key(pygame.K_ESCAPE)
        assert isinstance(d.scene, LobbyScene)
        stored, _ = Storage().load_settings()
        assert (stored.speak, stored.speech_rate, stored.theme, stored.large_text) == (True, "fast", "high_contrast", True)
    finally:
        palette.use("standard")
        theme.set_large_text(False)
