"""Words on the board: the font of the language shown now, and strings
rendered once and kept (:class:`TextCache`)."""

from __future__ import annotations

from typing import Dict, Optional, Tuple

import pygame

from ..words.fonts import board_font
from ..system.lru import Bounded


#: how much larger than usual the words are (the large-text option: :func:`game.ui.theme.set_large_text` sets it)
_text_scale = 1.0


def set_text_scale(scale: float) -> None:
    """Every text in the game ``scale`` times its usual size (1.0: the usual)."""
    global _text_scale
    _text_scale = float(scale)


def text_scale() -> float:
    """How much larger than usual the words are now (1.0: the usual size)."""
    return _text_scale


def font_path(bold: bool = True) -> Optional[str]:
    """The board's font (bold) or the move log's (regular) in the language
    shown now: Noto Sans, or Noto Sans SC for Chinese (see game/words/fonts.py)."""
    return board_font(bold)


class TextCache:
    """Rendered strings by (font, text, size, colour); fonts by file and size.
    The font follows the language shown now (:func:`font_path`)."""

    #: fonts kept (a board uses a handful of sizes; a resize makes new ones)
    FONTS = 12
    #: rendered strings kept
    TEXTS = 400

    def __init__(self) -> None:
        self._fonts: Bounded[Tuple[Optional[str], int], pygame.font.Font] = Bounded(self.FONTS)
        self._texts: Dict[Tuple[Optional[str], str, int, Tuple[int, ...]], pygame.Surface] = {}
        #: every string drawn (the tests check each has its glyphs in the font)
        self.drawn: Dict[str, Optional[str]] = {}

    def font(self, size: int) -> pygame.font.Font:
        path = font_path()
        f = self._fonts.get((path, size))
        if f is None:
            f = pygame.font.Font(path, size)
            self._fonts.put((path, size), f)
        return f

    def render(self, text: str, size: int, colour: Tuple[int, ...]) -> pygame.Surface:
        path = font_path()
        key = (path, text, size, tuple(colour))
        s = self._texts.get(key)
        if s is None:
            if len(self._texts) > self.TEXTS:
                self._texts.clear()
                self.drawn.clear()
            s = self._texts[key] = self.font(size).render(text, True, colour)
            self.drawn[text] = path
        return s
