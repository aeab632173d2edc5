"""Everything the game tells the player in words goes through one
:class:`Announcer`: what happened on the board, the answers to the keys
that ask, the button the keyboard focus is on.

It keeps the last announcements (a key repeats the last one), speaks them
when speech is on (:mod:`game.system.speech`), and appends each, one line,
to the speech log when ``BACKGAMMON_SPEECH_LOG`` names a file (with or
without a speech engine), so a script or a test can read the whole game in
words.  Where speech is asked for and none works here, the announcer says
so once (:attr:`Announcer.unavailable`) and carries on silently.

Speech speaks the game's language: the announcer tells the speech the
language of the words before it says them (:meth:`Announcer.follow_language`),
and where no voice of it is installed says so once for that language, with
what to install (:attr:`Announcer.trouble`), and goes on sending the words.

>>> from game.system.speech import RecordingSpeech
>>> a = Announcer(finder=lambda rate: RecordingSpeech())
>>> a.set_speaking(True)
>>> a.say("White rolls 3 and 1"); a.say("")
>>> a.last, a.speech.said
('White rolls 3 and 1', ['White rolls 3 and 1'])
>>> a.repeat(); a.speech.said[-1]
'White rolls 3 and 1'
"""

from __future__ import annotations

import collections
import logging
import os
from typing import Callable, Deque, List, Optional, Set, Tuple

from ..words import i18n
from .speech import Speech, find_speech

LOG = logging.getLogger(__name__)

#: the environment variable naming the file every announcement is appended to
LOG_ENV = "BACKGAMMON_SPEECH_LOG"
#: how many announcements are kept (to repeat, for tests): memory stays flat
KEPT = 200

Finder = Callable[[str], Optional[Speech]]

#: a speech's name -> what to install for a voice it lacks (the key under ``say.install.``)
INSTALL = {"espeak-ng": "espeak", "espeak": "espeak", "spd-say": "speechd"}


def no_voice_line(speech_name: str, language: str) -> i18n.Message:
    """'No Chinese voice: install ...' for the way of speaking named ``speech_name``
    (a :class:`~game.words.i18n.Message`: shown in whichever language is on screen)."""
    install = INSTALL.get(speech_name, "system")
    return i18n.Message("say.no_voice", language=i18n.Message(f"say.language.{language}"),
                        install=i18n.Message(f"say.install.{install}", voice=i18n.Message(f"say.voice.{language}")))


class Announcer:
    """Says things: on to speech (when on), the speech log and :attr:`history`."""

    def __init__(self, finder: Optional[Finder] = None, log_path: Optional[str] = None,
                 aloud: Optional[Callable[[bool], None]] = None):
        """``aloud``: called with :attr:`aloud` whenever speech is turned on or off."""
        self._finder = finder  # None: find_speech, looked up when speech is first asked for
        self.speech: Optional[Speech] = None
        self.speaking = False
        self.rate = "normal"
        #: speech was asked for and none works here (said once)
        self.unavailable = False
        self.history: Deque[str] = collections.deque(maxlen=KEPT)
        self._log_path = log_path if log_path is not None else os.environ.get(LOG_ENV) or None
        self._log_failed = False
        self._listeners: List[Callable[[str], None]] = []
        self._speaking_listeners: List[Callable[[bool], None]] = [aloud] if aloud is not None else []
        #: the speech last told a language, and that language
        self._voiced: Tuple[Optional[Speech], str] = (None, "")
        #: the language no voice speaks, and the line that says so (None: every voice is there)
        self._no_voice: Optional[Tuple[str, i18n.Message]] = None
        self._told_no_voice: Set[str] = set()
        #: the next words wait for those said now (the line about a missing voice is heard to its end)
        self._hold = False

    @property
    def last(self) -> Optional[str]:
        """The last announcement (None: none yet)."""
        return self.history[-1] if self.history else None

    @property
    def trouble(self) -> Optional[str]:
        """What stands in the way of speech now, in a line for the player: none
        works here, or none speaks the game's language (None: nothing)."""
        if self.unavailable:
            return i18n.Message("say.no_speech")
        if self._no_voice is not None and self._no_voice[0] == i18n.language():
            return self._no_voice[1]
        return None

    def listen(self, listener: Callable[[str], None]) -> None:
        """Call ``listener`` with every announcement from now on."""
        self._listeners.append(listener)

    @property
    def aloud(self) -> bool:
        """Are the announcements spoken now (speech on, and something here speaks)?"""
        return self.speaking and self.speech is not None

    def follow_speaking(self, listener: Callable[[bool], None]) -> None:
        """Call ``listener`` with :attr:`aloud`: now, and whenever speech is turned on or off."""
        self._speaking_listeners.append(listener)
        listener(self.aloud)

    def follow_language(self) -> None:
        """Speak the game's language from now on (where the speech is not
        speaking it yet); no voice of it installed: said once for that
        language (logged, and in :attr:`trouble`), and the words go on."""
        speech, language = self.speech, i18n.language()
        if not self.speaking or speech is None or self._voiced == (speech, language):
            return
        self._voiced = (speech, language)
        if speech.set_language(language):
            self._no_voice = None
            return
        line = no_voice_line(speech.name, language)
        self._no_voice = (language, line)
        if language not in self._told_no_voice:
            self._told_no_voice.add(language)
            LOG.warning("%s has no voice for %r: %s", speech.name, language, line)
            self.say(i18n.tr(line))
            self._hold = True

    def set_speaking(self, on: bool) -> None:
        """Speak from now on (finding a way to speak the first time), or stop."""
        self.speaking = bool(on)
        if self.speaking and self.speech is None and not self.unavailable:
            self.speech = (self._finder or find_speech)(self.rate)
            if self.speech is None:
                self.unavailable = True
                LOG.warning("no speech here (no screen reader, speech-dispatcher, espeak-ng or pyttsx3): "
                            "announcements are shown and logged only")
            else:
                LOG.info("speaking through %s", self.speech.name)
        for listener in self._speaking_listeners:
            listener(self.aloud)
        if self.speaking:
            self.follow_language()

    def set_rate(self, rate: str) -> None:
        self.rate = rate
        if self.speech is not None:
            self.speech.set_rate(rate)

    def say(self, text: str, interrupt: bool = True) -> None:
        """Announce ``text`` (nothing for an empty one); ``interrupt``: cut
        short what is being spoken (False: say it after, as for the steps of one move)."""
        text = " ".join(text.split())
        if not text:
            return
        self.follow_language()  # (the language may have changed since the last words)
        if self._hold:
            self._hold, interrupt = False, False  # the line about the voice is heard to its end
        self.history.append(text)
        self._to_log(text)
        if self.speaking and self.speech is not None:
            self.speech.speak(text, interrupt=interrupt)
        for listener in self._listeners:
            listener(text)

    def tell(self, text: str) -> None:
        """Announce ``text`` after what is being said (what happens in a game:
        each step is heard; what the player asks, or the focus, interrupts)."""
        self.say(text, interrupt=False)

    def repeat(self) -> None:
        """Say the last announcement again."""
        if self.last is not None:
            text = self.last
            self._to_log(text)
            if self.speaking and self.speech is not None:
                self.speech.speak(text, interrupt=True)

    def close(self) -> None:
        if self.speech is not None:
            self.speech.close()

    def _to_log(self, text: str) -> None:
        if self._log_path is None or self._log_failed:
            return
        try:
            with open(self._log_path, "a", encoding="utf-8") as f:
                f.write(text + "\n")
        except OSError as exc:  # an unwritable log: said once, the game goes on
            self._log_failed = True
            LOG.warning("the speech log %s cannot be written: %s", self._log_path, exc)
