"""A voice of the game's language for each way to speak.

The game speaks the language its words are in (:func:`game.words.i18n.language`):
espeak-ng and espeak take a voice (``-v``; Mandarin is ``cmn``, ``zh`` in the
old espeak; Spanish ``es``, else Latin America's ``es-419``), speech-dispatcher's
``spd-say`` a language (``-l``), pyttsx3 one of the voices it lists.  Each is asked once whether it has such a voice:

- espeak: ``espeak-ng --voices=cmn`` lists the voices of a language under a
  heading (the heading alone: none installed; an MBROLA voice, ``mb/...``,
  needs MBROLA as well and does not count);
- speech-dispatcher: ``spd-say -L`` lists its synthesis voices, the language
  in the second column from the right;
- pyttsx3: each voice's languages, or its id or name (``TTS_MS_ZH-CN_HUIHUI``,
  ``com.apple.voice.compact.zh-CN.Tingting``).

Where a list cannot be read (an old command, a timeout), the first voice
is passed anyway.  Where the list has none, espeak speaks with its own voice
(it says nothing at all with a voice it lacks) and speech-dispatcher is given
the language anyway (it takes the nearest voice it has).

>>> listing = '''Pty Language       Age/Gender VoiceName          File                 Other Languages
...  5  cmn             --/M      Chinese_(Mandarin) sit/cmn              (zh-cmn 5)(zh 5)'''
>>> espeak_lists(listing), espeak_lists(listing.splitlines()[0])
(True, False)
>>> spd_languages('''NAME LANGUAGE VARIANT
... Chinese_(Mandarin) cmn none
... English_(America) en-US none''')
['cmn', 'en-us']
>>> matching_language(["cmn", "en-us"], "zh"), matching_language(["cmn", "en-us"], "en"), matching_language(["en"], "zh")
('cmn', 'en', None)
>>> from types import SimpleNamespace as Voice
>>> helena = Voice(id="TTS_MS_ES-ES_HELENA_11.0", name="Helena")
>>> matching_language(["es-419", "en-us"], "es"), engine_voice([helena], "es") is helena, engine_voice([helena], "zh")
('es', True, None)
"""

from __future__ import annotations

import re
import subprocess
from typing import Any, Callable, Iterable, List, Optional, Sequence, Tuple

#: espeak's voices for a language, best first (the old espeak knows Mandarin as 'zh';
#: Spanish is 'es', Spain's, then 'es-419', Latin America's)
ESPEAK_VOICES = {"zh": ("cmn", "zh"), "en": ("en",), "es": ("es", "es-419")}
#: speech-dispatcher's language codes for a language, best first
SPD_LANGUAGES = {"zh": ("zh", "cmn"), "en": ("en",), "es": ("es",)}
#: words in a voice's name or id that say its language (pyttsx3's voices; lower case, letters and digits only)
VOICE_WORDS = {"zh": ("zh", "cmn", "chinese", "mandarin"), "en": ("en", "english"), "es": ("es", "spanish")}

#: run a command and give what it wrote (None: it could not be run, failed or took too long)
Ask = Callable[[List[str]], Optional[str]]


def ask(argv: List[str]) -> Optional[str]:
    """What ``argv`` writes to its standard output (None: it failed, or ran over 3 s)."""
    try:
        done = subprocess.run(argv, capture_output=True, timeout=3, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    if done.returncode != 0:
        return None
    return done.stdout.decode("utf-8", "replace")


def espeak_lists(listing: str) -> bool:
    """Does espeak's ``--voices=X`` answer list a voice that speaks (not one of MBROLA's)?"""
    for line in listing.splitlines()[1:]:
        cells = line.split()
        if len(cells) >= 5 and not cells[4].startswith("mb/"):
            return True
    return False


def espeak_voice(command: str, language: str, asker: Ask = ask) -> Tuple[Optional[str], bool]:
    """The voice ``command`` (espeak-ng or espeak) is to speak ``language``
    with, and whether it is installed (None, False: none is; espeak would
    refuse to speak with a voice it lacks, so its own voice reads the words)."""
    names = ESPEAK_VOICES.get(language, (language,))
    for name in names:
        listing = asker([command, f"--voices={name}"])
        if listing is None:
            return names[0], True  # cannot tell: pass it and hope
        if espeak_lists(listing):
            return name, True
    return None, False


def spd_languages(listing: str) -> List[str]:
    """The languages in ``spd-say -L``'s list (lower case; the heading left out)."""
    found = []
    for line in listing.splitlines():
        cells = line.split()
        if len(cells) >= 3 and cells[-2].upper() != "LANGUAGE":
            found.append(cells[-2].lower().replace("_", "-"))
    return found


def matching_language(languages: Iterable[str], language: str) -> Optional[str]:
    """The first of speech-dispatcher's codes for ``language`` that one of ``languages`` is (or a variant of it)."""
    have = list(languages)
    for code in SPD_LANGUAGES.get(language, (language,)):
        if any(lang == code or lang.startswith(code + "-") for lang in have):
            return code
    return None


def spd_language(command: str, language: str, asker: Ask = ask) -> Tuple[Optional[str], bool]:
    """The language code ``spd-say`` is given for ``language``, and whether a
    voice speaks it (none does: the code is passed anyway, the dispatcher takes its nearest)."""
    codes = SPD_LANGUAGES.get(language, (language,))
    listing = asker([command, "-L"])
    languages = spd_languages(listing or "")
    if not languages:
        return codes[0], True  # the list cannot be read: the dispatcher chooses
    code = matching_language(languages, language)
    return (code, True) if code is not None else (codes[0], False)


def _words(value: Any) -> List[str]:
    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace")
    return [w for w in re.split(r"[^a-z0-9]+", str(value).lower()) if w]


def engine_voice(voices: Sequence[Any], language: str) -> Optional[Any]:
    """The first of pyttsx3's ``voices`` that speaks ``language`` (its languages
    say so, else its id or name), or None."""
    wanted = VOICE_WORDS.get(language, (language,))
    for voice in voices:
        if any(words and words[0] in wanted for words in map(_words, getattr(voice, "languages", None) or ())):
            return voice
    for voice in voices:
        words = _words(getattr(voice, "id", "")) + _words(getattr(voice, "name", ""))
        if any(w in wanted for w in words):
            return voice
    return None
