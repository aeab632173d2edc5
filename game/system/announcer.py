"""Everything the game tells the player in words goes through one
:class:`Announcer`: what happened on the board, the answers to the keys
that ask, the button the keyboard focus is on.

It keeps the last announcements (a key repeats the last one), speaks them
when speech is on (:mod:`game.system.speech`), and appends each, one line,
to the speech log when ``BACKGAMMON_SPEECH_LOG`` names a file (with or
without a speech engine), so a script or a test can read the whole game in
words.  Where speech is asked for and none works here, the announcer says
so once (:attr:`Announcer.unavailable`) and carries on silently.

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
from typing import Callable, Deque, List, Optional

from .speech import Speech, find_speech

LOG = logging.getLogger(__name__)

#: the environment variable naming the file every announcement is appended to
LOG_ENV = "BACKGAMMON_SPEECH_LOG"
#: how many announcements are kept (to repeat, for tests): memory stays flat
KEPT = 200

Finder = Callable[[str], Optional[Speech]]


class Announcer:
    """Says things: on to speech (when on), the speech log and :attr:`history`."""

    def __init__(self, finder: Optional[Finder] = None, log_path: Optional[str] = None):
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

    @property
    def last(self) -> Optional[str]:
        """The last announcement (None: none yet)."""
        return self.history[-1] if self.history else None

    def listen(self, listener: Callable[[str], None]) -> None:
        """Call ``listener`` with every announcement from now on."""
        self._listeners.append(listener)

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
