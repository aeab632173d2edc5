"""The Rules & Help screen's text: its layout here, its words in the catalogs.

Each section is a heading and its paragraphs; the words are messages of the
gettext catalogs (:mod:`game.words.i18n`), one a heading, paragraph, glossary
entry or opening note, under keys ``help.<section>.title``,
``help.<section>.<n>``, ``help.glossary.<term>`` and ``help.openings.<roll>``.
Each language is written for its own readers rather than translated word
by word, but every language has the same sections and paragraphs.  The only
markup is ``<b>…</b>``, which pygame_gui's text box renders.

>>> [s.key for s in sections("en")][:3]
['aim', 'board', 'setup']
>>> sections("fr") == sections("en")   # unknown languages fall back to English
True
>>> sections("zh_CN")[0].title
'游戏目标'

pygame_gui wraps lines only at spaces, so a long Chinese paragraph would be
cut with hyphens.  :func:`wrap_html` breaks a paragraph into lines of a
given width itself, between CJK characters as well as at spaces, and
:func:`as_html` builds the whole screen's text that way.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Tuple

from . import i18n

__all__ = [
    "Section",
    "LAYOUT",
    "GLOSSARY_KEYS",
    "OPENING_MOVES",
    "keys",
    "glossary",
    "sections",
    "normalise_language",
    "as_html",
    "wrap_html",
]

DEFAULT_LANGUAGE = i18n.DEFAULT


@dataclass(frozen=True)
class Section:
    """One heading of the help screen and its paragraphs.

    ``key`` names the section the same way in every language."""

    title: str
    paragraphs: List[str] = field(default_factory=list)
    key: str = ""


#: The terms the glossary must explain, in the order it shows them.
GLOSSARY_KEYS: Tuple[str, ...] = (
    "point", "home_board", "outer_board", "bar", "blot", "hit", "made_point", "prime",
    "anchor", "entering", "bearing_off", "pip_count", "race", "gammon", "backgammon",
)

#: (roll, play in the mover's own point numbers) for the opening section: the
#: messages ``help.openings.<roll>`` format them as ``{roll}`` and ``{play}``.
#: Non-doubles are opening rolls; the doubles can only come as the first reply.
OPENING_MOVES: Tuple[Tuple[str, str], ...] = (
    ("3-1", "8/5 6/5"),
    ("4-2", "8/4 6/4"),
    ("6-1", "13/7 8/7"),
    ("5-3", "8/3 6/3"),
    ("6-5", "24/13"),
    ("6-4", "24/14"),
    ("5-2", "13/8 13/11"),
    ("2-1", "13/11 6/5"),
    ("6-6", "24/18(2) 13/7(2)"),
    ("5-5", "13/3(2)"),
    ("4-4", "24/20(2) 13/9(2)"),
    ("3-3", "8/5(2) 6/3(2)"),
)

#: the sections in order, each with its number of plain paragraphs (the
#: glossary's and the openings' paragraphs are their terms and rolls)
LAYOUT: Tuple[Tuple[str, int], ...] = (
    ("aim", 2), ("board", 2), ("setup", 1), ("movement", 3), ("opening_roll", 1), ("doubles", 1),
    ("hitting", 2), ("entering", 2), ("both_dice", 2), ("bearing_off", 3), ("winning", 6), ("cube", 3),
    ("crawford", 1), ("matches", 2), ("notation", 2), ("glossary", 0), ("openings", 1), ("views", 3),
    ("access", 5), ("tips", 8),
)


def keys() -> List[str]:
    """Every message key of the help screen, in the order it shows them."""
    out: List[str] = []
    for section, count in LAYOUT:
        out.append(f"help.{section}.title")
        out += [f"help.{section}.{n}" for n in range(count)]
        if section == "glossary":
            out += [f"help.glossary.{term}" for term in GLOSSARY_KEYS]
        elif section == "openings":
            out.append("help.openings.doubles")
            out += [f"help.openings.{roll}" for roll, _ in OPENING_MOVES]
    return out


def _openings(lang: str) -> List[str]:
    out = [i18n.text_in(lang, "help.openings.0")]
    doubles = False
    for roll, play in OPENING_MOVES:
        a, b = roll.split("-")
        if a == b and not doubles:
            out.append(i18n.text_in(lang, "help.openings.doubles"))
            doubles = True
        out.append(i18n.text_in(lang, f"help.openings.{roll}", roll=roll, play=play))
    return out


_TERM = re.compile(r"<b>(.*?)</b>\s*(?:—|：|:|-)?\s*(.*)", re.S)


def glossary(lang: Optional[str]) -> Dict[str, Tuple[str, str]]:
    """term key -> (the term as ``lang`` writes it, its explanation), read
    from the glossary's entries (``<b>term</b> — explanation``)."""
    code = normalise_language(lang)
    out: Dict[str, Tuple[str, str]] = {}
    for term in GLOSSARY_KEYS:
        text = i18n.text_in(code, f"help.glossary.{term}")
        found = _TERM.match(text)
        out[term] = (found.group(1), found.group(2)) if found else (text, "")
    return out


def normalise_language(lang: Optional[str]) -> str:
    """``'zh_CN'``, ``'zh-Hans'`` → ``'zh'``; anything not offered → ``'en'``."""
    return i18n.normalise(lang) or DEFAULT_LANGUAGE


def sections(lang: Optional[str]) -> List[Section]:
    """The help sections for ``lang``, falling back to English."""
    code = normalise_language(lang)
    out = []
    for section, count in LAYOUT:
        paragraphs = [i18n.text_in(code, f"help.{section}.{n}") for n in range(count)]
        if section == "glossary":
            paragraphs = [i18n.text_in(code, f"help.glossary.{term}") for term in GLOSSARY_KEYS]
        elif section == "openings":
            paragraphs = _openings(code)
        out.append(Section(i18n.text_in(code, f"help.{section}.title"), paragraphs, section))
    return out


# -- layout for pygame_gui ----------------------------------------------------------

_TAG = re.compile(r"<[^>]*>")
_ATOM = re.compile(r"<[^>]*>|\s+|[\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\u3000-\u303f]|[^\s<\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\u3000-\u303f]+|.")
_CJK = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\u3000-\u303f]")
# characters that may not begin a line, and those that may not end one
_NO_START = set("，。、；：？！）》」』】〕”’…—·％,.;:?!)]}%")
_NO_END = set("（《「『【〔“‘([{")


def _plain(text: str) -> str:
    return _TAG.sub("", text)


def _is_cjk(ch: str) -> bool:
    return bool(_CJK.match(ch))


def _can_break(before: str, after: str) -> bool:
    """May a line end after the character ``before`` and the next begin with ``after``?"""
    return (_is_cjk(before) or _is_cjk(after)) and after not in _NO_START and before not in _NO_END


def _segments(text: str) -> List[str]:
    """Split a paragraph into pieces that must stay on one line; ``" "``
    stands for a breakable space.  Breaks are allowed at spaces and next to
    CJK characters, except before closing or after opening punctuation.
    Tags have no width: an opening tag sticks to the text after it, a
    closing tag to the text before it."""
    segs: List[str] = []
    cur = ""        # the piece being built
    opening = ""    # opening tags waiting for their text
    last = ""       # the last visible character of ``cur``
    for atom in _ATOM.findall(text):
        if atom.isspace():
            if cur:
                segs.append(cur)
            segs.append(" ")
            cur, last = "", ""
        elif atom.startswith("</") and _TAG.fullmatch(atom):
            if cur:
                cur += atom
            else:
                opening += atom
        elif atom.startswith("<") and _TAG.fullmatch(atom):
            opening += atom
        else:
            if cur and last and _can_break(last, atom[0]):
                segs.append(cur)
                cur = ""
            cur += opening + atom
            opening = ""
            last = atom[-1]
    cur += opening
    if cur:
        segs.append(cur)
    return segs


def wrap_html(text: str, measure: Callable[[str], int], width: int) -> str:
    """Insert ``<br>`` into ``text`` so that no line is wider than ``width``.

    ``measure`` gives a string's width in pixels (for example
    ``lambda s: font.size(s)[0]`` with the text box's font).  Lines break at
    spaces, as pygame_gui would, and also between Chinese characters,
    keeping punctuation with the character it belongs to.  A single piece
    wider than ``width`` stays on a line of its own.

    pygame_gui measures a little differently (bold runs, word chunks), so
    pass a width some pixels under the text box's wrap width, e.g.
    ``box.text_wrap_rect.width - 12``; otherwise a line that only just fits
    may be broken a second time by pygame_gui."""
    lines: List[str] = []
    line = ""
    space = False
    for seg in _segments(text):
        if seg == " ":
            space = bool(line)
            continue
        candidate = line + (" " if space else "") + seg
        if line and _plain(line).strip() and measure(_plain(candidate)) > width:
            lines.append(line)
            line = seg
        else:
            line = candidate
        space = False
    if line:
        lines.append(line)
    return "<br>".join(lines)


def as_html(lang: Optional[str], measure: Optional[Callable[[str], int]] = None,
            width: Optional[int] = None) -> str:
    """The whole help screen as pygame_gui HTML: each section a bold title
    over its paragraphs, with a blank line after every paragraph.  With ``measure`` and ``width`` every paragraph is
    pre-wrapped by :func:`wrap_html` (needed for Chinese)."""
    def fit(p: str) -> str:
        return wrap_html(p, measure, width) if measure is not None and width else p

    blocks = []
    for sec in sections(lang):
        blocks.append(f"<b>{fit(sec.title)}</b><br>" + "<br><br>".join(fit(p) for p in sec.paragraphs))
    return "<br><br>".join(blocks)
