"""Speaking words aloud: through the player's screen reader, or a speech engine.

A :class:`Speech` speaks one text at a time; a new text interrupts the
one being spoken (a stale announcement is not worth hearing to its end).
:func:`find_speech` picks the first that works here, in this order:

1. the screen reader the player runs, through ``accessible_output2`` (NVDA,
   JAWS, SAPI on Windows; VoiceOver on macOS; speech-dispatcher on Linux
   when its Python binding is installed);
2. speech-dispatcher's ``spd-say`` (the desktop's own speech service on
   Linux, the one the Orca screen reader uses);
3. the ``espeak-ng`` (or ``espeak``) command;
4. ``pyttsx3`` (SAPI5, NSSpeechSynthesizer, espeak), on a thread of its own.

None of these is needed: where none works, :func:`find_speech` gives None
and the game carries on silently (the words are still on the screen, and
in the speech log when one is asked for).

Each speaks the game's language once told it (:meth:`Speech.set_language`),
with a voice of that language where one is installed (:mod:`game.system.voices`);
the screen reader keeps the player's own voice.

>>> r = RecordingSpeech()
>>> r.speak("White rolls 3 and 1"); r.speak("White: 8 to 5", interrupt=False); r.said
['White rolls 3 and 1', 'White: 8 to 5']
>>> words_per_minute("fast") > words_per_minute("normal") > words_per_minute("slow")
True
"""

from __future__ import annotations

import logging
import os
import queue
import shutil
import subprocess
import sys
import threading
from typing import Any, Callable, Dict, List, Optional, Protocol, Tuple

from . import voices

LOG = logging.getLogger(__name__)

#: the speech rates a player may choose, slowest first
RATES = ("slow", "normal", "fast")
_WPM = {"slow": 140, "normal": 185, "fast": 250}


def words_per_minute(rate: str) -> int:
    """The speaking rate's words a minute (an unknown rate: normal)."""
    return _WPM.get(rate, _WPM["normal"])


class Speech(Protocol):
    """Something that speaks."""

    name: str

    def speak(self, text: str, interrupt: bool = True) -> None:
        """Say ``text`` (``interrupt``: cut short what is being said)."""

    def set_rate(self, rate: str) -> None:
        """Speak at ``rate`` (one of :data:`RATES`) from now on."""

    def set_language(self, language: str) -> bool:
        """Speak ``language`` (a code of the game's words: 'en', 'zh') from now
        on; False where no voice of it is installed (the words still go out)."""

    def close(self) -> None:
        """Stop speaking and let go of what it holds."""


class RecordingSpeech:
    """Speech that keeps what it was given (for tests and the speech log's checks)."""

    name = "recording"

    def __init__(self) -> None:
        self.said: List[str] = []
        #: for each text, whether it interrupted what was said before it
        self.interrupts: List[bool] = []
        self.rate = "normal"
        #: the language it was last told to speak ('' none yet)
        self.language = ""
        #: the languages it has no voice for (for tests)
        self.missing: Tuple[str, ...] = ()

    def speak(self, text: str, interrupt: bool = True) -> None:
        self.said.append(text)
        self.interrupts.append(interrupt)

    def set_rate(self, rate: str) -> None:
        self.rate = rate

    def set_language(self, language: str) -> bool:
        self.language = language
        return language not in self.missing

    def close(self) -> None:
        pass


class ScreenReaderSpeech:
    """The player's screen reader, through ``accessible_output2``."""

    def __init__(self, output: Any, name: str):
        self._output = output
        self.name = name
        self._failed = False

    @classmethod
    def find(cls, only_screen_reader: bool = False) -> Optional["ScreenReaderSpeech"]:
        try:  # optional: installed with the game on Windows and macOS
            from accessible_output2.outputs import auto  # type: ignore[import-not-found,import-untyped,unused-ignore]
        except Exception:  # not installed, or its platform modules fail to load
            return None
        try:
            chooser = auto.Auto()
            for output in chooser.outputs:
                active = output.is_active()
                if active and (not only_screen_reader or getattr(output, "name", "") not in ("sapi5", "SAPI5", "sapi4")):
                    return cls(output, f"screen reader: {getattr(output, 'name', type(output).__name__)}")
        except Exception as exc:  # a bridge that fails here is no bridge
            LOG.info("accessible_output2 found no speech: %s", exc)
        return None

    def speak(self, text: str, interrupt: bool = True) -> None:
        try:
            self._output.speak(text, interrupt=interrupt)
        except Exception as exc:  # the screen reader went away: said once in the log
            if not self._failed:
                self._failed = True
                LOG.warning("the screen reader did not take the words: %s", exc)

    def set_rate(self, rate: str) -> None:
        pass  # the screen reader's own rate is the player's

    def set_language(self, language: str) -> bool:
        return True  # and its voice (the reader reads what it is given in the voice the player set up)

    def close(self) -> None:
        pass


class CommandSpeech:
    """A speech command run once a text (``spd-say``, ``espeak-ng``).

    speech-dispatcher queues what it is given and cancels it all on ``-C``;
    espeak speaks one text a process, so texts wait their turn on a thread
    of their own, and an interrupting text drops those waiting and stops the
    one being spoken."""

    def __init__(self, command: str, rate: str = "normal",
                 run: Callable[..., "subprocess.Popen[bytes]"] = subprocess.Popen):
        self.command = command
        self.name = os.path.basename(command)
        self.rate = rate
        self._run = run
        self._lock = threading.Lock()
        self._spoken: Optional["subprocess.Popen[bytes]"] = None
        self._texts: "queue.Queue[Optional[str]]" = queue.Queue()
        self._thread: Optional[threading.Thread] = None
        #: espeak's voice (``-v``) or speech-dispatcher's language (``-l``); None: the command's own
        self.voice: Optional[str] = None
        self._voices: Dict[str, Tuple[Optional[str], bool]] = {}  # language -> (voice, installed), asked once each

    @classmethod
    def find(cls, rate: str = "normal") -> Optional["CommandSpeech"]:
        for name in ("spd-say", "espeak-ng", "espeak"):
            path = shutil.which(name)
            if path:
                return cls(path, rate)
        return None

    def argv(self, text: str, to_file: Optional[str] = None) -> List[str]:
        """The command line that says ``text`` (espeak: into the WAV file ``to_file`` instead, for a check)."""
        wpm = words_per_minute(self.rate)
        text = text.lstrip("-") or " "  # never read as an option
        if self.name == "spd-say":  # its rate runs -100..100, 0 the voice's own
            speed = max(-100, min(100, int((wpm - 185) / 1.2)))
            return [self.command, "-r", str(speed)] + (["-l", self.voice] if self.voice else []) + [text]
        voice = ["-v", self.voice] if self.voice else []
        return [self.command, "-s", str(wpm)] + voice + (["-w", to_file] if to_file else []) + [text]

    def set_language(self, language: str) -> bool:
        if language not in self._voices:
            find = voices.spd_language if self.name == "spd-say" else voices.espeak_voice
            self._voices[language] = find(self.command, language)
        self.voice, installed = self._voices[language]
        return installed

    def speak(self, text: str, interrupt: bool = True) -> None:
        if self.name == "spd-say":  # the dispatcher keeps the queue
            if interrupt:
                self._start([self.command, "-C"], wait=True)
            self._start(self.argv(text))
            return
        if interrupt:
            self._drop_waiting()
            self._stop()
        self._texts.put(text)
        if self._thread is None:
            self._thread = threading.Thread(target=self._speak_in_turn, name="speech", daemon=True)
            self._thread.start()

    def _start(self, argv: List[str], wait: bool = False) -> Optional["subprocess.Popen[bytes]"]:
        try:
            process = self._run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            if wait:
                process.wait(2)
            return process
        except (OSError, subprocess.SubprocessError) as exc:
            LOG.warning("%s did not speak: %s", self.name, exc)
            return None

    def _speak_in_turn(self) -> None:
        while True:
            text = self._texts.get()
            if text is None:
                return
            process = self._start(self.argv(text))
            with self._lock:
                self._spoken = process
            if process is not None:
                try:
                    process.wait(60)
                except (OSError, subprocess.SubprocessError):
                    pass

    def _drop_waiting(self) -> None:
        try:
            while True:
                self._texts.get_nowait()
        except queue.Empty:
            pass

    def _stop(self) -> None:
        with self._lock:
            spoken, self._spoken = self._spoken, None
        if spoken is not None and spoken.poll() is None:
            try:
                spoken.terminate()
            except (OSError, subprocess.SubprocessError):
                pass

    def set_rate(self, rate: str) -> None:
        self.rate = rate

    def close(self) -> None:
        self._drop_waiting()
        self._stop()
        self._texts.put(None)


class EngineSpeech:
    """``pyttsx3`` on a thread of its own (its loop blocks while it speaks);
    texts wait their turn, and an interrupting one drops those waiting."""

    name = "pyttsx3"

    def __init__(self, engine: Any, rate: str = "normal"):
        self._engine = engine
        self._texts: "queue.Queue[Optional[str]]" = queue.Queue()
        self.set_rate(rate)
        self._thread = threading.Thread(target=self._run, name="speech", daemon=True)
        self._thread.start()

    @classmethod
    def find(cls, rate: str = "normal") -> Optional["EngineSpeech"]:
        try:
            import pyttsx3  # type: ignore[import-not-found,import-untyped,unused-ignore]

            return cls(pyttsx3.init(), rate)
        except Exception as exc:  # not installed, or no speech library under it (espeak on Linux)
            LOG.info("pyttsx3 cannot speak here: %s", exc)
            return None

    def speak(self, text: str, interrupt: bool = True) -> None:
        if interrupt:
            try:
                while True:
                    self._texts.get_nowait()  # stale
            except queue.Empty:
                pass
            try:
                self._engine.stop()
            except Exception:
                pass
        self._texts.put(text)

    def set_rate(self, rate: str) -> None:
        try:
            self._engine.setProperty("rate", words_per_minute(rate))
        except Exception:
            pass

    def set_language(self, language: str) -> bool:
        try:
            listed = list(self._engine.getProperty("voices") or ())
        except Exception:  # a driver that cannot list its voices: its own voice
            return True
        voice = voices.engine_voice(listed, language)
        if voice is None:
            return not listed
        try:
            self._engine.setProperty("voice", voice.id)
        except Exception as exc:
            LOG.info("pyttsx3 did not take the voice %s: %s", getattr(voice, "id", voice), exc)
        return True

    def close(self) -> None:
        self._texts.put(None)

    def _run(self) -> None:
        while True:
            text = self._texts.get()
            if text is None:
                return
            try:
                self._engine.say(text)
                self._engine.runAndWait()
            except Exception as exc:
                LOG.warning("pyttsx3 did not speak: %s", exc)
                return


def find_speech(rate: str = "normal") -> Optional[Speech]:
    """The first way to speak that works here (see the module's text), or None."""
    found: Optional[Speech] = ScreenReaderSpeech.find(only_screen_reader=sys.platform.startswith("linux"))
    if found is None:
        found = CommandSpeech.find(rate)
    if found is None and not sys.platform.startswith("linux"):
        found = ScreenReaderSpeech.find()  # SAPI5 / NSSpeech through the same bridge
    if found is None:
        found = EngineSpeech.find(rate)
    return found


def screen_reader_running() -> bool:
    """Does the platform say a screen reader runs now?  (Linux: Orca;
    Windows and macOS: a screen reader ``accessible_output2`` finds active.)"""
    if sys.platform.startswith("linux"):
        try:
            for pid in os.listdir("/proc"):
                if pid.isdigit():
                    try:
                        with open(f"/proc/{pid}/comm", encoding="utf-8") as f:
                            if f.read().strip() in ("orca", "fenrir", "speakup"):
                                return True
                    except OSError:
                        continue
        except OSError:
            return False
        return False
    return ScreenReaderSpeech.find(only_screen_reader=True) is not None
