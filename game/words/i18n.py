"""Every word the player sees or hears, by key: the gettext catalogs at run time.

``t(key, **kwargs)`` looks the key up in the current language's catalog and
formats it; ``counted(key, n)`` reads a plural entry (ngettext).  The words
themselves live only in the catalogs, ``game/locale/<lang>/LC_MESSAGES/
backgammon.po`` (:mod:`game.words.catalogs` reads them; CONTRIBUTING.md has
the translators' workflow): every msgid is a key, the English catalog holds
the English text.  The languages offered are the catalogs present, each
named by its ``language.name`` message.  ``set_language("")`` follows the
system's language (its first preference that names a language; English where
no catalog has it).  A line made far from the screen (storage's notices) is a
:class:`Message`: English text that :func:`tr` shows in the player's language.

>>> t("player.0")
'White'
>>> t("step.button", frm="13", to="8", die=5)
'13 → 8 (5)'
"""

from __future__ import annotations

import gettext
import locale
import logging
import os
import re
import string
from pathlib import Path
from typing import Dict, List, Optional, Set, Tuple

from . import catalogs

LOG = logging.getLogger(__name__)
DEFAULT = catalogs.SOURCE

#: the catalogs of the languages offered, code -> catalog (English first)
CATALOGS: Dict[str, gettext.NullTranslations] = {}
#: the languages the settings offer: (code, name in that language)
LANGUAGES: Tuple[Tuple[str, str], ...] = ()
#: the English catalog: what a key missing from another catalog falls back to
_english: gettext.NullTranslations = gettext.NullTranslations()


def load_catalogs(base: Optional[Path] = None) -> None:
    """Read the catalogs under ``base`` (default game/locale): every language
    with a catalog whose ``language.name`` is translated is offered.  English
    is always there (a missing or damaged English catalog shows the keys)."""
    global LANGUAGES, _english
    CATALOGS.clear()
    names: List[Tuple[str, str]] = []
    for code in catalogs.available(base):
        found = catalogs.load(code, base)
        if found is None:
            continue
        name = found.gettext(catalogs.NAME_KEY)
        if name == catalogs.NAME_KEY:
            LOG.info("the %r catalog names no language (%s): not offered", code, catalogs.NAME_KEY)
            continue
        CATALOGS[code] = found
        names.append((code, name))
    if DEFAULT not in CATALOGS:
        CATALOGS[DEFAULT] = gettext.NullTranslations()
        names.insert(0, (DEFAULT, "English"))
    _english = CATALOGS[DEFAULT]
    LANGUAGES = tuple(names)


_language = DEFAULT
#: (language, key) asked for that the catalog lacks (the tests look here)
MISSING: Set[Tuple[str, str]] = set()


def normalise(code: Optional[str]) -> Optional[str]:
    """A catalog code for a language or locale name: ``'zh_CN.UTF-8'``,
    ``'zh-Hans'`` -> ``'zh'``; None when no catalog offered has it."""
    if not code:
        return None
    base = re.split(r"[-_.@]", code.strip().lower(), maxsplit=1)[0]
    return base if base in CATALOGS else None


def system_locales() -> List[str]:
    """The player's preferred languages as the system names them, best first:
    ``LANGUAGE`` (gettext's list, which goes before the locale), SDL's list
    (the system's preferences on Windows and macOS, the environment on
    Linux), the locale's environment variables, then Python's locale."""
    found: List[str] = [v for v in os.environ.get("LANGUAGE", "").split(":") if v]
    try:
        import pygame

        for loc in pygame.system.get_pref_locales():
            lang = loc.get("language") if isinstance(loc, dict) else None
            if lang:
                found.append(lang if not loc.get("country") else f"{lang}_{loc['country']}")
    except Exception:  # no SDL, or too old a one
        pass
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            found.extend(v for v in value.split(":") if v)
    try:
        current = locale.getlocale()[0]
        if current:
            found.append(current)
    except (ValueError, TypeError):  # pragma: no cover
        pass
    return found


def system_language() -> str:
    """The catalog for the system's language (zh* -> Chinese), else English.
    Only the first preference with a language counts ('C' and 'POSIX' do not)."""
    for name in system_locales():
        if name.split(".")[0].upper() in ("C", "POSIX"):
            continue
        return normalise(name) or DEFAULT
    return DEFAULT


def resolve(code: Optional[str]) -> str:
    """The catalog a settings value means: '' follows the system's language;
    an unknown code falls back to English."""
    if not code:
        return system_language()
    return code if code in CATALOGS else (normalise(code) or DEFAULT)


def set_language(code: Optional[str]) -> None:
    """Choose the catalog ``t`` reads: a code of :data:`CATALOGS` (or a locale
    name like 'zh_CN'); '' or None follows the system; unknown codes fall
    back to English."""
    global _language
    _language = resolve(code)


def language() -> str:
    """The code of the language ``t`` reads now."""
    return _language


def english(key: str) -> Optional[str]:
    """The English text of a singular message; None for a key the English catalog lacks."""
    text = _english.gettext(key)
    return None if text == key else text


def lookup(lang: str, key: str) -> Optional[str]:
    """The text of ``key`` in language ``lang`` (not formatted); None where that catalog lacks it."""
    catalog = CATALOGS.get(lang)
    text = key if catalog is None else catalog.gettext(key)
    return None if text == key else text


def text_in(lang: str, key: str, **kwargs: object) -> str:
    """The text for ``key`` in language ``lang``, formatted with ``kwargs``.
    A key missing from that catalog falls back to English (and is noted in
    :data:`MISSING`); one missing everywhere is shown as itself."""
    text = lookup(lang, key)
    if text is None:
        MISSING.add((lang, key))
        text = english(key) or key
    return text.format(**kwargs) if kwargs else text


def t(key: str, **kwargs: object) -> str:
    """The text for ``key`` in the current language, formatted with ``kwargs``
    (:func:`text_in` for the language chosen)."""
    return text_in(_language, key, **kwargs)


def counted(key: str, n: int) -> str:
    """``n`` with the words of ``key`` in the number ``n`` takes: the plural
    entry ``key`` of the catalog, its form for ``n`` by the catalog's
    Plural-Forms (English: one for 1, another for the rest; Chinese: one
    for all), formatted with ``{n}``.

    >>> counted("records.dice.opening", 1), counted("records.dice.opening", 2)
    ('1 opening die', '2 opening dice')
    """
    catalog = CATALOGS.get(_language, _english)
    text = catalog.ngettext(key, key, n)
    if text == key:
        MISSING.add((_language, key))
        text = _english.ngettext(key, key, n)
    return text.format(n=n)


def table(lang: str) -> Dict[str, str]:
    """Every singular message of language ``lang``'s catalog, key -> text (empty where none is offered)."""
    catalog = CATALOGS.get(lang)
    return catalogs.messages(catalog) if isinstance(catalog, gettext.GNUTranslations) else {}


def plurals(lang: str) -> Dict[str, Tuple[str, ...]]:
    """Every plural message of language ``lang``'s catalog, key -> its forms."""
    catalog = CATALOGS.get(lang)
    return catalogs.plural_messages(catalog) if isinstance(catalog, gettext.GNUTranslations) else {}


def texts(lang: str) -> List[str]:
    """Every text of language ``lang``: the singular messages and each form of the plural ones."""
    return list(table(lang).values()) + [form for forms in plurals(lang).values() for form in forms]


class Message(str):
    """A line for the player made far from the screen (storage's notices):
    it reads as its English text (logs, tests) and keeps its key and
    arguments, so :func:`tr` can show it in the player's language, whatever
    the language is when it is shown.  Arguments may be Messages too.

    >>> m = Message("storage.cannot_save", what=Message("storage.label.settings"), reason="disk full")
    >>> m
    'Could not save the settings: disk full.'
    >>> tr(m) == m
    True
    """

    key: str
    kwargs: Dict[str, object]

    def __new__(cls, key: str, **kwargs: object) -> "Message":
        text = english(key) or key
        if kwargs:
            text = text.format(**{k: str(v) for k, v in kwargs.items()})
        obj = super().__new__(cls, text)
        obj.key = key
        obj.kwargs = dict(kwargs)
        return obj


def placeholders(text: str) -> Set[str]:
    """The names a message's text is formatted with: ``{name}`` -> ``{'name'}``."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def to_json(text: object) -> object:
    """A line (a :class:`Message` or plain text) as JSON data that
    :func:`from_json` turns back into it: a saved move log stays translatable."""
    if isinstance(text, Message):
        return {"key": text.key, "args": {k: to_json(v) for k, v in text.kwargs.items()}}
    return text if isinstance(text, (int, float)) and not isinstance(text, bool) else str(text)


def from_json(data: object) -> object:
    """The line :func:`to_json` wrote; ValueError for anything else."""
    if isinstance(data, dict):
        key, args = data.get("key"), data.get("args", {})
        text = english(key) if isinstance(key, str) else None
        if not isinstance(key, str) or text is None or not isinstance(args, dict) or not placeholders(text) <= set(args):
            raise ValueError(f"not a saved line: {data!r}"[:200])
        try:
            return Message(key, **{str(k): from_json(v) for k, v in args.items()})
        except (KeyError, IndexError, ValueError) as exc:
            raise ValueError(f"not a saved line: {data!r}"[:200]) from exc
    if isinstance(data, (str, int, float)) and not isinstance(data, bool):
        return data
    raise ValueError(f"not a saved line: {data!r}"[:200])


def tr(text: object) -> str:
    """``text`` in the current language: a :class:`Message` is translated
    (with its arguments), anything else is shown as it is."""
    if isinstance(text, Message):
        return t(text.key, **{k: tr(v) for k, v in text.kwargs.items()})
    return "" if text is None else str(text)


load_catalogs()
