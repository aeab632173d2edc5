"""Speech in the game's language, and a pace for listeners.

A fake ``espeak-ng`` and a fake ``spd-say``, put on PATH by the test, write
down how they were called and answer the voice lists as the real ones do
(with the voice of a language installed, or without it): every text goes
out with a voice of the game's language, and a language no voice speaks
is said once, with what to install.  The computer's steps come further
apart while speech is on, as far as the player's pause says."""

from __future__ import annotations

import json
import logging
import re
import sys
import time
from pathlib import Path
from typing import List, Optional

import pygame
import pytest

from engine import Match, SeededDice, get_bot
from game.play.session import Session
from game.scenes.access import AccessScene
from game.scenes.lobby import LobbyScene
from game.store.settings import SPEECH_PAUSES, Settings
from game.system import voices
from game.system.announcer import Announcer
from game.system.speech import CommandSpeech, EngineSpeech, RecordingSpeech, ScreenReaderSpeech
from game.testing import FRAME, AppDriver, Driver
from game.words import i18n

# the fakes: each appends its argv (a JSON list, its own name first) to calls.jsonl beside it;
# installed.txt beside it names the voices (espeak) or languages (speech-dispatcher) it has
ESPEAK = r'''
import json, os, sys
here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "calls.jsonl"), "a", encoding="utf-8") as f:
    f.write(json.dumps([os.path.basename(sys.argv[0])] + sys.argv[1:]) + "\n")
installed = open(os.path.join(here, "installed.txt"), encoding="utf-8").read().split()
rows = [  # (voice, the languages it answers to, the line espeak-ng prints)
    ("cmn", ("cmn", "zh"), " 5  cmn             --/M      Chinese_(Mandarin) sit/cmn              (zh-cmn 5)(zh 5)"),
    ("en", ("en",), " 2  en-gb           --/M      English_(Great_Britain) gmw/en               (en 2)"),
    ("mb-cn1", ("zh",), " 5  zh              --/M      chinese-mb-cn1     mb/mb-cn1            "),
]
for arg in sys.argv[1:]:
    if arg.startswith("--voices="):
        wanted = arg.split("=", 1)[1]
        print("Pty Language       Age/Gender VoiceName          File                 Other Languages")
        for voice, languages, line in rows:
            if wanted in languages and (voice in installed or voice.startswith("mb-")):
                print(line)
'''
SPD_SAY = r'''
import json, os, sys
here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "calls.jsonl"), "a", encoding="utf-8") as f:
    f.write(json.dumps([os.path.basename(sys.argv[0])] + sys.argv[1:]) + "\n")
installed = open(os.path.join(here, "installed.txt"), encoding="utf-8").read().split()
if "-L" in sys.argv[1:]:
    print("%25s%25s%25s" % ("NAME", "LANGUAGE", "VARIANT"))
    for language in installed:
        print("%25s%25s%25s" % ("voice_" + language, language, "none"))
'''


def fake_bin(tmp_path: Path, monkeypatch, command: str, installed: str) -> Path:
    """A folder on PATH (alone: no real speech command is found) with the fake ``command``."""
    folder = tmp_path / "bin"
    folder.mkdir(exist_ok=True)
    script = folder / command
    script.write_text(f"#!{sys.executable}\n" + (SPD_SAY if command == "spd-say" else ESPEAK), encoding="utf-8")
    script.chmod(0o755)
    (folder / "installed.txt").write_text(installed, encoding="utf-8")
    monkeypatch.setenv("PATH", str(folder))
    return folder


def calls(folder: Path) -> List[List[str]]:
    path = folder / "calls.jsonl"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def spoken(folder: Path, text: str, timeout: float = 10.0) -> List[str]:
    """The argv (without the command's path) that said ``text``, once it was said (espeak speaks on its own thread)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for argv in calls(folder):
            if argv[-1] == text:
                return argv[1:]
        time.sleep(0.01)
    raise AssertionError(f"{text!r} was never said: {calls(folder)}")


def announcer(tmp_path: Path) -> Announcer:
    return Announcer(finder=lambda rate: CommandSpeech.find(rate), log_path=str(tmp_path / "said.txt"))


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


# -- espeak-ng -------------------------------------------------------------------------------------
def test_espeak_ng_speaks_each_language_with_its_voice(tmp_path, monkeypatch):
    folder = fake_bin(tmp_path, monkeypatch, "espeak-ng", "cmn en")
    a = announcer(tmp_path)
    i18n.set_language("zh")
    a.set_speaking(True)
    assert a.speech is not None and a.speech.name == "espeak-ng"
    a.say("白方掷出 3 和 1。")
    assert spoken(folder, "白方掷出 3 和 1。") == ["-s", "185", "-v", "cmn", "白方掷出 3 和 1。"]
    i18n.set_language("en")  # the settings change the language: the next words follow at once
    a.say("White rolls 3 and 1.")
    assert spoken(folder, "White rolls 3 and 1.") == ["-s", "185", "-v", "en", "White rolls 3 and 1."]
    i18n.set_language("zh")
    a.tell("黑方：13 到 8。")
    assert spoken(folder, "黑方：13 到 8。")[:4] == ["-s", "185", "-v", "cmn"]
    assert [argv[1] for argv in calls(folder) if argv[1].startswith("--voices")] == ["--voices=cmn", "--voices=en"]  # asked once each
    assert a.trouble is None and "没有中文语音" not in (tmp_path / "said.txt").read_text("utf-8")
    a.close()


def test_a_language_espeak_has_no_voice_for_is_said_once_with_what_to_install(tmp_path, monkeypatch, caplog):
    folder = fake_bin(tmp_path, monkeypatch, "espeak-ng", "en")  # no Mandarin: only MBROLA's, which needs MBROLA
    caplog.set_level(logging.WARNING)
    a = announcer(tmp_path)
    i18n.set_language("zh")
    a.set_speaking(True)
    line = i18n.tr(a.trouble)
    assert line == "没有中文语音：请安装 espeak-ng 的普通话语音（espeak-ng-data 软件包）。"
    for text in ("白方掷出 3 和 1。", "白方：8 到 5。"):
        a.tell(text)
    assert spoken(folder, "白方：8 到 5。") == ["-s", "185", "白方：8 到 5。"]  # espeak-ng's own voice (it says nothing with one it lacks)
    assert spoken(folder, line) == ["-s", "185", line]
    i18n.set_language("en")
    a.say("White rolls 3 and 1.")
    assert spoken(folder, "White rolls 3 and 1.")[:4] == ["-s", "185", "-v", "en"] and a.trouble is None
    i18n.set_language("zh")
    a.say("白方掷出 6 和 5。")
    spoken(folder, "白方掷出 6 和 5。")
    said = (tmp_path / "said.txt").read_text("utf-8").splitlines()
    assert said.count(line) == 1 and said[0] == line  # once, before the words, and in the log
    assert sum(argv[-1] == line for argv in calls(folder)) == 1
    assert sum("no voice for 'zh'" in r.getMessage() for r in caplog.records) == 1
    i18n.set_language("en")
    assert a.trouble is None  # English speaks
    i18n.set_language("zh")
    assert a.trouble == "No Chinese voice: install espeak-ng's Mandarin voice (the espeak-ng-data package)."
    a.close()


def test_the_old_espeak_speaks_mandarin_as_zh(tmp_path, monkeypatch):
    def old_espeak(argv: List[str]) -> Optional[str]:
        listing = "Pty Language Age/Gender VoiceName       File        Other Langs\n"
        return listing + (" 5  zh             M  Mandarin           sit/zh\n" if argv[-1] == "--voices=zh" else "")

    assert voices.espeak_voice("espeak", "zh", old_espeak) == ("zh", True)
    assert voices.espeak_voice("espeak", "zh", lambda argv: None) == ("cmn", True)  # no list: the first guess
    assert voices.espeak_voice("espeak", "zh", lambda argv: "Pty Language\n") == (None, False)


# -- speech-dispatcher ----------------------------------------------------------------------------
@pytest.mark.parametrize("installed, code", [("en-US zh", "zh"), ("en cmn", "cmn")])
def test_spd_say_is_given_the_language(installed, code, tmp_path, monkeypatch):
    folder = fake_bin(tmp_path, monkeypatch, "spd-say", installed)
    a = announcer(tmp_path)
    i18n.set_language("zh")
    a.set_speaking(True)
    assert a.speech is not None and a.speech.name == "spd-say"
    a.tell("白方掷出 3 和 1。")
    assert spoken(folder, "白方掷出 3 和 1。") == ["-r", "0", "-l", code, "白方掷出 3 和 1。"]
    i18n.set_language("en")
    a.say("Pips: White 167, Black 167.")
    assert spoken(folder, "Pips: White 167, Black 167.") == ["-r", "0", "-l", "en", "Pips: White 167, Black 167."]
    assert a.trouble is None and sum(argv[1:] == ["-L"] for argv in calls(folder)) == 2  # one look for each language


def test_spd_say_without_a_voice_of_the_language_says_so_once(tmp_path, monkeypatch):
    folder = fake_bin(tmp_path, monkeypatch, "spd-say", "en")
    a = announcer(tmp_path)
    i18n.set_language("zh")
    a.set_speaking(True)
    a.tell("白方：8 到 5。")
    a.tell("白方：6 到 5。")
    assert spoken(folder, "白方：6 到 5。") == ["-r", "0", "-l", "zh", "白方：6 到 5。"]  # the dispatcher takes its nearest
    line = i18n.tr(a.trouble)
    assert line.startswith("没有中文语音") and "speech-dispatcher" in line
    assert spoken(folder, line) == ["-r", "0", "-l", "zh", line]
    assert sum(argv[-1] == line for argv in calls(folder)) == 1 and list(a.history).count(line) == 1


# -- pyttsx3 and the screen reader ----------------------------------------------------------------
class FakeVoice:
    def __init__(self, id: str, languages=(), name: str = ""):
        self.id, self.languages, self.name = id, list(languages), name


class FakeEngine:
    def __init__(self, listed):
        self.listed = listed
        self.properties = {}

    def getProperty(self, name):
        return self.listed if name == "voices" else self.properties.get(name)

    def setProperty(self, name, value):
        self.properties[name] = value

    def say(self, text):
        pass

    def runAndWait(self):
        pass

    def stop(self):
        pass


@pytest.mark.parametrize("listed, zh_voice", [
    ([FakeVoice("english", [b"\x05en-gb"]), FakeVoice("sit/cmn", [b"\x05cmn"])], "sit/cmn"),  # espeak's driver
    ([FakeVoice(r"HKEY\Tokens\TTS_MS_EN-US_ZIRA_11.0"), FakeVoice(r"HKEY\Tokens\TTS_MS_ZH-CN_HUIHUI_11.0")],
     r"HKEY\Tokens\TTS_MS_ZH-CN_HUIHUI_11.0"),  # SAPI5: the language in the id
    ([FakeVoice("com.apple.voice.Alex", ["en_US"]), FakeVoice("com.apple.voice.Tingting", ["zh_CN"])], "com.apple.voice.Tingting"),
])
def test_pyttsx3_picks_a_voice_of_the_language(listed, zh_voice):
    engine = FakeEngine(listed)
    sp = EngineSpeech(engine)
    assert sp.set_language("zh") and engine.properties["voice"] == zh_voice
    assert sp.set_language("en") and engine.properties["voice"] == listed[0].id
    sp.close()


def test_pyttsx3_without_a_voice_of_the_language_keeps_its_own_and_says_so(tmp_path):
    engine = FakeEngine([FakeVoice("english", [b"\x05en"])])
    a = Announcer(finder=lambda rate: EngineSpeech(engine, rate), log_path=str(tmp_path / "said.txt"))
    i18n.set_language("zh")
    a.set_speaking(True)
    assert "voice" not in engine.properties
    assert i18n.tr(a.trouble) == "没有中文语音：请在系统的语音设置中添加普通话语音。"
    a.close()


def test_the_screen_reader_keeps_its_own_voice(tmp_path):
    class Reader:
        said: List[str] = []

        def speak(self, text, interrupt=False):
            self.said.append(text)

    reader = Reader()
    a = Announcer(finder=lambda rate: ScreenReaderSpeech(reader, "screen reader: NVDA"), log_path=str(tmp_path / "said.txt"))
    i18n.set_language("zh")
    a.set_speaking(True)
    a.say("白方掷出 3 和 1。")
    assert reader.said == ["白方掷出 3 和 1。"] and a.trouble is None


# -- the client ------------------------------------------------------------------------------------
def test_the_client_speaks_its_language_and_follows_the_settings(tmp_path, monkeypatch, backgammon_home):
    folder = fake_bin(tmp_path, monkeypatch, "espeak-ng", "cmn en")
    d = AppDriver(size=(1280, 720), settings=Settings(sound=False, speak=True, language="zh"))
    try:
        heading = d.app.announcer.last
        assert heading is not None and spoken(folder, heading)[:4] == ["-s", "185", "-v", "cmn"]
        assert d.app.notice is None
        d.click_button(d.scene.gear_button)
        d.click_button(d.scene.rows["language"].button_for("en"))  # Chinese to English in the settings
        assert i18n.language() == "en"
        d.key(pygame.K_TAB)
        words = d.app.announcer.last
        assert words is not None and words.isascii() and spoken(folder, words)[:4] == ["-s", "185", "-v", "en"]
    finally:
        d.app.announcer.close()


def test_the_client_without_a_chinese_voice_says_so_in_the_lobby_and_on_seeing_and_hearing(tmp_path, monkeypatch, backgammon_home):
    folder = fake_bin(tmp_path, monkeypatch, "espeak-ng", "en")
    d = AppDriver(size=(1280, 720), settings=Settings(sound=False, speak=True, language="zh"))
    try:
        line = "没有中文语音：请安装 espeak-ng 的普通话语音（espeak-ng-data 软件包）。"
        assert isinstance(d.scene, LobbyScene) and i18n.tr(d.app.notice) == line  # shown in the lobby
        d.click_button(d.scene.gear_button)
        d.click_button(d.scene.access_button)
        access = d.scene
        assert isinstance(access, AccessScene) and access.speech_line() == line
        shown = " ".join(el.text for el in access.manager.get_root_container().elements if hasattr(el, "text") and el.text)
        assert "请安装 espeak-ng" in shown  # (wrapped over lines: a part of it)
        assert spoken(folder, line) == ["-s", "185", line]  # heard (in espeak-ng's own voice)
        told = list(d.app.announcer.history).count(line)  # (and where a screen reads out what it shows)
        d.click_button(access.rows["speak"].button_for(False))
        d.click_button(d.scene.rows["speak"].button_for(True))  # on again: not said again
        assert list(d.app.announcer.history).count(line) == told
    finally:
        d.app.announcer.close()


# -- a pace for listeners --------------------------------------------------------------------------
STEP = re.compile(r"^(White|Black): .* to ")


def step_gaps(speaking: bool, pause: str, n: int = 4) -> List[int]:
    """The frames between two step announcements of one turn (nothing said between them), for the first ``n``
    such pairs of a game between two computers."""
    settings = Settings(pace="fast", sound=False, speech_pause=pause)
    d = Driver(size=(800, 600), seats=(get_bot("random", seed=1), get_bot("random", seed=2)), settings=settings,
               match=Match(length=1, dice=SeededDice(5)))
    if speaking:
        d.app.announcer.speech = RecordingSpeech()
        d.app.announcer.set_speaking(True)
    heard: List[tuple] = []
    frame = [0]
    d.app.announcer.listen(lambda text: heard.append((frame[0], text)))
    session: Session = d.session
    gaps: List[int] = []
    while frame[0] < 60 * 300 and len(gaps) < n:
        if session.thinking:
            session.wait_for_computer()
        d.app.frame(FRAME)
        frame[0] += 1
        gaps = [b[0] - a[0] for a, b in zip(heard, heard[1:])
                if STEP.match(a[1]) and STEP.match(b[1]) and a[1].split(":")[0] == b[1].split(":")[0]]
    d.app.announcer.close()
    assert len(gaps) >= n, heard
    return gaps[:n]


def test_the_computer_waits_longer_between_its_steps_while_speech_is_on(backgammon_home):
    quiet = step_gaps(False, "long")
    short, normal, long = (step_gaps(True, p) for p in ("short", "normal", "long"))
    # each step waits the pace (0.2 s) while silent, the listener's pause while speech is on: the same game, further apart
    for q, s, m, lg in zip(quiet, short, normal, long):
        assert q < s < m < lg
        assert abs((lg - s) - round((SPEECH_PAUSES["long"] - SPEECH_PAUSES["short"]) / FRAME)) <= 3
    assert all(g < round(SPEECH_PAUSES["short"] / FRAME) for g in quiet)  # silent: the pause does not apply


def test_the_pause_is_chosen_on_seeing_and_hearing_and_kept(backgammon_home, monkeypatch):
    from game.store.storage import Storage

    monkeypatch.setattr("game.system.announcer.find_speech", lambda rate="normal": RecordingSpeech())
    d = AppDriver(size=(1280, 720), settings=None)
    d.click_button(d.scene.gear_button)
    d.click_button(d.scene.access_button)
    assert not d.settings.speaking
    d.click_button(d.scene.rows["speak"].button_for(True))
    assert d.settings.speaking and d.settings.computer_pause() == SPEECH_PAUSES["normal"]
    d.click_button(d.scene.rows["pause"].button_for("long"))
    assert d.settings.speech_pause == "long" and d.settings.computer_pause() == SPEECH_PAUSES["long"]
    d.click_button(d.scene.rows["speak"].button_for(False))
    assert not d.settings.speaking and d.settings.computer_pause() == d.settings.bot_pace
    stored, _ = Storage().load_settings()
    assert stored.speech_pause == "long"
