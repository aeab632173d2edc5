"""Which font file draws which text, in each language.

All the fonts are the ones pygame_gui ships (its ``data`` folder), so the
game needs no font of its own and a frozen build carries them with
pygame_gui's data.  English uses Noto Sans, whose Latin is what the game
was drawn with; Simplified Chinese uses Noto Sans SC, which has the CJK
characters and Latin, digits and the arrow as well.  Fira Code draws the
English step buttons ("13 → 8 (5)": Noto Sans has no arrow).

- the pygame_gui widgets: :mod:`game.ui.theme` gives every font of the
  theme a block per locale (``"locale": "en"`` / ``"zh"``) and the UI
  managers are made with ``starting_language`` set to the language;
- the board's own text and the move log: :func:`board_font`.

:data:`SYMBOL_KEYS` are the strings drawn with the ``symbols`` font (the
step buttons); every other string of a language's table is drawn with its
``regular`` and ``bold`` fonts, on the widgets and on the board.  The
language names on the settings screen are drawn with :data:`ALL_LANGUAGES`
in every language, so each shows in its own script.
"""

from __future__ import annotations

import os
from typing import Dict, Optional, Tuple

try:  # the fonts pygame_gui ships
    import pygame_gui

    FONT_DIR: Optional[str] = os.path.join(os.path.dirname(pygame_gui.__file__), "data")
except ImportError:  # pragma: no cover
    FONT_DIR = None

#: language -> role -> file name in pygame_gui's data folder
FILES: Dict[str, Dict[str, str]] = {
    "en": {"regular": "NotoSans-Regular.ttf", "bold": "NotoSans-Bold.ttf", "symbols": "FiraCode-Regular.ttf"},
    "zh": {"regular": "NotoSansSC-Regular.otf", "bold": "NotoSansSC-Bold.otf", "symbols": "NotoSansSC-Regular.otf"},
}
#: the theme's font name for a language's regular/bold pair
THEME_NAMES: Dict[str, str] = {"en": "noto_sans", "zh": "noto_sans_sc"}
#: the font that draws every language's own name (the language choice)
ALL_LANGUAGES = "zh"
#: the keys whose text is drawn with the ``symbols`` font (the step buttons)
SYMBOL_KEYS = frozenset({"step.button", "step.short", "step.short_die", "point.bar", "point.off"})


def font_language(lang: Optional[str] = None) -> str:
    """The language whose fonts draw ``lang`` (default: the language now):
    its own where it has some (Chinese), else English's (Latin letters: Spanish too).

    >>> font_language("zh"), font_language("es"), font_language("en")
    ('zh', 'en', 'en')
    """
    if lang is None:
        from . import i18n

        lang = i18n.language()
    return lang if lang in FILES else "en"


def theme_name(lang: Optional[str] = None) -> str:
    """The theme's font name that draws ``lang``."""
    return THEME_NAMES[font_language(lang)]



#: the files found, by role and language (asked for each word the board draws: looked for once)
_FOUND: Dict[Tuple[str, str], Optional[str]] = {}


def font_file(role: str, lang: Optional[str] = None) -> Optional[str]:
    """The file for ``role`` ('regular', 'bold', 'symbols') in ``lang``
    (default: the language now); None when pygame_gui's fonts are missing."""
    key = (role, font_language(lang))
    if key not in _FOUND:
        path = None if FONT_DIR is None else os.path.join(FONT_DIR, FILES[key[1]][role])
        _FOUND[key] = path if path is not None and os.path.exists(path) else None
    return _FOUND[key]


def board_font(bold: bool = True, lang: Optional[str] = None) -> Optional[str]:
    """The font of the board's own text (bold) and of the move log (regular)."""
    return font_file("bold" if bold else "regular", lang)
