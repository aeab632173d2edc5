"""The gettext catalogs the words live in: finding, reading and compiling them.

The catalogs are ``game/locale/<lang>/LC_MESSAGES/backgammon.po`` (the
translators' files; ``game/locale/backgammon.pot`` is the template extracted
from the code) and the ``.mo`` files compiled from them.  Every msgid is a
key the code asks for (``"start.single"``); the English catalog holds the
English text.  Counted words are plural entries whose msgid and
msgid_plural are both the key.

At run time only the standard library's :mod:`gettext` reads a catalog.  An
installed game has its ``.mo`` files (setup.py compiles them at build time
with Babel, build_exe.spec bundles them); where a ``.mo`` is missing or older
than its ``.po`` (a checkout, an editable install) :func:`compile_po` builds
one in memory from the ``.po`` with the small reader here, so nothing but
the ``.po`` is needed to play.  A damaged catalog is skipped with a log line:
its language falls back to English.

>>> mo = compile_po(b'msgid ""\\nmsgstr "Plural-Forms: nplurals=2; plural=(n != 1);\\\\n"\\n'
...                 b'msgid "a.b"\\nmsgstr "Hello"\\n')
>>> load_mo(mo).gettext("a.b")
'Hello'
"""

from __future__ import annotations

import ast
import gettext
import io
import logging
import os
import struct
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, Iterator, List, Optional, Tuple

LOG = logging.getLogger(__name__)

DOMAIN = "backgammon"
#: the folder of the catalogs: game/locale (inside the package, so wheels and bundles carry it)
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
#: the source language: its catalog holds the text every other one translates
SOURCE = "en"
#: the message that names a language in its own words (the settings list it)
NAME_KEY = "language.name"


class CatalogError(ValueError):
    """A ``.po`` file that cannot be read."""


@dataclass
class Entry:
    """One message of a ``.po`` file: its msgid (the key), msgid_plural,
    msgctxt, its translations (one, or one per plural form) and its flags."""

    msgid: str = ""
    msgid_plural: Optional[str] = None
    msgctxt: Optional[str] = None
    msgstr: List[str] = field(default_factory=list)
    flags: Tuple[str, ...] = ()
    comments: List[str] = field(default_factory=list)

    @property
    def fuzzy(self) -> bool:
        """Marked fuzzy (a guess a translator has not checked): not compiled."""
        return "fuzzy" in self.flags

    @property
    def translated(self) -> bool:
        """Every form has a text and the entry is not fuzzy."""
        return bool(self.msgstr) and all(self.msgstr) and not self.fuzzy


def _unquote(line: str, path: str, lineno: int) -> str:
    try:
        value = ast.literal_eval(line)
    except (ValueError, SyntaxError) as exc:
        raise CatalogError(f"{path}:{lineno}: not a quoted string: {line[:60]!r}") from exc
    if not isinstance(value, str):
        raise CatalogError(f"{path}:{lineno}: not a quoted string: {line[:60]!r}")
    return value


def parse_po(text: str, path: str = "<po>") -> List[Entry]:
    """The entries of a ``.po`` file's text, the header (msgid "") first.
    Obsolete entries (``#~``) are left out; CatalogError when it is not a ``.po``."""
    entries: List[Entry] = []
    cur = Entry()
    started = False
    target: Optional[Tuple[str, int]] = None  # ("msgid"|"msgid_plural"|"msgctxt"|"msgstr", index)

    def finish() -> None:
        nonlocal cur, started, target
        if started:
            entries.append(cur)
        cur, started, target = Entry(), False, None

    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if started and target is not None and target[0] == "msgstr":
                finish()
            if line.startswith("#,"):
                cur.flags += tuple(f.strip() for f in line[2:].split(",") if f.strip())
            elif line.startswith("#.") or line.startswith("# "):
                cur.comments.append(line[2:].strip())
            continue
        word, _, rest = line.partition(" ")
        if line.startswith('"'):
            if target is None:
                raise CatalogError(f"{path}:{lineno}: a string outside a message")
            value = _unquote(line, path, lineno)
            if target[0] == "msgstr":
                cur.msgstr[target[1]] += value
            elif target[0] == "msgid":
                cur.msgid += value
            elif target[0] == "msgid_plural":
                cur.msgid_plural = (cur.msgid_plural or "") + value
            else:
                cur.msgctxt = (cur.msgctxt or "") + value
            continue
        if word in ("msgctxt", "msgid") and target is not None and target[0] == "msgstr":
            finish()
        started = True
        value = _unquote(rest.strip(), path, lineno)
        if word == "msgctxt":
            cur.msgctxt, target = value, ("msgctxt", 0)
        elif word == "msgid":
            cur.msgid, target = value, ("msgid", 0)
        elif word == "msgid_plural":
            cur.msgid_plural, target = value, ("msgid_plural", 0)
        elif word == "msgstr":
            cur.msgstr, target = [value], ("msgstr", 0)
        elif word.startswith("msgstr[") and word.endswith("]") and word[7:-1].isdigit():
            index = int(word[7:-1])
            if index != len(cur.msgstr):
                raise CatalogError(f"{path}:{lineno}: {word} out of order")
            cur.msgstr.append(value)
            target = ("msgstr", index)
        else:
            raise CatalogError(f"{path}:{lineno}: unknown keyword {word!r}")
    finish()
    for entry in entries:
        if not entry.msgstr:
            raise CatalogError(f"{path}: message {entry.msgid!r} has no msgstr")
    return entries


def mo_bytes(entries: List[Entry]) -> bytes:
    """A GNU ``.mo`` file holding the header and the translated entries (as
    msgfmt writes it: untranslated and fuzzy messages are left out)."""
    pairs: Dict[bytes, bytes] = {}
    for entry in entries:
        if entry.msgid and not entry.translated:
            continue
        key = entry.msgid if entry.msgid_plural is None else f"{entry.msgid}\0{entry.msgid_plural}"
        if entry.msgctxt is not None:
            key = f"{entry.msgctxt}\x04{key}"
        pairs[key.encode("utf-8")] = "\0".join(entry.msgstr).encode("utf-8")
    ids = strs = b""
    offsets: List[Tuple[int, int, int, int]] = []
    for mid in sorted(pairs):
        offsets.append((len(ids), len(mid), len(strs), len(pairs[mid])))
        ids += mid + b"\0"
        strs += pairs[mid] + b"\0"
    start = 7 * 4 + 16 * len(pairs)
    table: List[int] = []
    for id_at, id_len, _, _ in offsets:
        table += [id_len, start + id_at]
    for _, _, str_at, str_len in offsets:
        table += [str_len, start + len(ids) + str_at]
    header = struct.pack("Iiiiiii", 0x950412DE, 0, len(pairs), 7 * 4, 7 * 4 + 8 * len(pairs), 0, 0)
    return header + struct.pack(f"{len(table)}i", *table) + ids + strs


def compile_po(data: bytes, path: str = "<po>") -> bytes:
    """The ``.mo`` bytes for a ``.po`` file's bytes (UTF-8): a tiny msgfmt."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CatalogError(f"{path}: not UTF-8 ({exc})") from exc
    return mo_bytes(parse_po(text, path))


def load_mo(data: bytes) -> gettext.GNUTranslations:
    """The standard library's reader over ``.mo`` bytes."""
    return gettext.GNUTranslations(io.BytesIO(data))


def catalog_files(code: str, base: Optional[Path] = None) -> Tuple[Path, Path]:
    """The ``.po`` and ``.mo`` paths of language ``code``."""
    folder = (base or LOCALE_DIR) / code / "LC_MESSAGES"
    return folder / f"{DOMAIN}.po", folder / f"{DOMAIN}.mo"


def available(base: Optional[Path] = None) -> List[str]:
    """The codes of the languages with a catalog under ``base`` (the folder
    names of game/locale): English first, the rest by code."""
    root = base or LOCALE_DIR
    try:
        names = sorted(p.name for p in root.iterdir() if p.is_dir())
    except OSError:
        return []
    found = [n for n in names if any(f.exists() for f in catalog_files(n, root))]
    return sorted(found, key=lambda code: (code != SOURCE, code))


def shipped(base: Optional[Path] = None) -> List[str]:
    """The languages shipped, as ``game/locale/LINGUAS`` lists them (gettext's
    convention: one code a line, ``#`` comments): each must be complete, as
    the tests check.  A catalog not listed is still offered once it names
    its language, its missing messages in English."""
    try:
        text = ((base or LOCALE_DIR) / "LINGUAS").read_text(encoding="utf-8")
    except OSError:
        return [SOURCE]
    return [word for line in text.splitlines() for word in line.split("#")[0].split()]


def _fresh_mo(po: Path, mo: Path) -> Optional[bytes]:
    """The ``.mo`` file's bytes when it is there and not older than the ``.po``."""
    try:
        mo_time = mo.stat().st_mtime
    except OSError:
        return None
    try:
        if po.stat().st_mtime > mo_time:
            return None
    except OSError:
        pass  # no .po beside it (an installed game): the .mo is all there is
    try:
        return mo.read_bytes()
    except OSError:
        return None


def load(code: str, base: Optional[Path] = None) -> Optional[gettext.GNUTranslations]:
    """The catalog of language ``code``: its ``.mo``, or one compiled from its
    ``.po`` when the ``.mo`` is missing or stale; None (with a log line) when
    there is none or it is damaged."""
    po, mo = catalog_files(code, base)
    data = _fresh_mo(po, mo)
    try:
        if data is None:
            data = compile_po(po.read_bytes(), str(po))
        return load_mo(data)
    except FileNotFoundError:
        LOG.warning("no catalog for language %r", code)
    except (OSError, CatalogError, UnicodeDecodeError, ValueError, IndexError, struct.error) as exc:
        LOG.warning("the %r catalog is damaged, English is used instead: %s", code, exc)
    return None


def messages(catalog: gettext.GNUTranslations) -> Dict[str, str]:
    """Every singular message of a loaded catalog, key -> text."""
    table = getattr(catalog, "_catalog", {})
    return {k: v for k, v in table.items() if isinstance(k, str) and k}


def plural_messages(catalog: gettext.GNUTranslations) -> Dict[str, Tuple[str, ...]]:
    """Every plural message of a loaded catalog, key -> its forms."""
    forms: Dict[str, Dict[int, str]] = {}
    for k, v in getattr(catalog, "_catalog", {}).items():
        if isinstance(k, tuple):
            forms.setdefault(k[0], {})[k[1]] = v
    return {k: tuple(f[i] for i in sorted(f)) for k, f in forms.items()}


def read_po_file(path: Path) -> List[Entry]:
    """The entries of a ``.po`` file (the tests and tools read the sources with it)."""
    return parse_po(path.read_bytes().decode("utf-8"), str(path))


def texts(entries: List[Entry]) -> Iterator[Tuple[str, str]]:
    """(key, text) for every translated form of every message but the header."""
    for entry in entries:
        if entry.msgid and entry.translated:
            for form in entry.msgstr:
                yield entry.msgid, form


def write_mo_files(base: Optional[Path] = None, dest: Optional[Path] = None) -> List[Path]:
    """Compile every ``.po`` under ``base`` into a ``.mo`` under ``dest``
    (default: beside it); the paths written.  For builds without Babel."""
    root = base or LOCALE_DIR
    written = []
    for code in available(root):
        po, _ = catalog_files(code, root)
        if not po.exists():
            continue
        _, mo = catalog_files(code, dest or root)
        mo.parent.mkdir(parents=True, exist_ok=True)
        tmp = mo.with_suffix(f".mo.{os.getpid()}")
        tmp.write_bytes(compile_po(po.read_bytes(), str(po)))
        os.replace(tmp, mo)
        written.append(mo)
    return written
