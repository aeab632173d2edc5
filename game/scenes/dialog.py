"""A question over the current screen: :class:`DialogScene`, an overlay
that closes itself before its answer acts."""

from __future__ import annotations

from typing import List, Optional, Sequence, Tuple

import pygame
from pygame_gui.elements import UIButton

from ..ui.host import AppHost
from ..ui.navigation import Choice
from ..ui.spoken import choices_words, focus_words
from ..ui.menu import Action, MenuScene

#: a dialog of this many answers or fewer says them all as it opens
SAID_WHOLE = 4


class DialogScene(MenuScene):
    """A question over the dimmed screen (an overlay), with a row of answers.

    ``choices``: (label, what it does) pairs, None for an answer that only
    closes; ``cancel``: the same for Escape, or None when the question must
    be answered.  An answer first closes the dialog (the screen under it is
    there again, as it was), then does its part."""

    transparent = True

    def __init__(self, app: AppHost, title: str, text: str, choices: Sequence[Choice], cancel: Optional[Choice] = None):
        self.title = title
        self.text = text
        self.choices = list(choices)
        self.cancel = cancel
        self.answer_buttons: List[UIButton] = []
        super().__init__(app)

    def entering_words(self) -> str:
        """The question, then its answers (a short list whole; a long one,
        the ask list, by Tab) and the answer the focus is on."""
        if not self.title:
            said = self.text
        else:
            stop = "" if self.title.rstrip()[-1:] in ".?!:。？！：" else "."  # "Back to the lobby?" keeps its own mark
            said = f"{self.title}{stop} {self.text}"
        if len(self.choices) <= SAID_WHOLE:
            said += " " + choices_words([text for text, _ in self.choices])
        current = self.focus.current(self.focusables())
        return f"{said} {focus_words(*current)}" if current is not None else said

    def build(self, size: Tuple[int, int]) -> None:
        w, h = size
        f = self.font_px
        bh = int(f * 2.4)
        gap = max(6, f // 2)
        need = self.button_width([text for text, _ in self.choices])
        # the answers in one row, or in as few rows as the window's width needs (the ask menu's eight)
        n = len(self.choices)
        while n > 1 and n * need + (n + 1) * gap > w - 20 - 2 * f:
            n -= 1
        fit_rows = max(1, (h - int(f * 8)) // (bh + gap))  # a tiny window: more columns, however narrow
        n = max(n, -(-len(self.choices) // fit_rows))
        rows = -(-len(self.choices) // max(1, n))
        bw = max(int(f * 7), min(int(f * 11), (min(w - 40, f * 40) - (n + 1) * gap) // max(1, n)))
        # as wide as the longest answer needs ("Backgammon (12 pt)"), as far as the window allows
        widest = (w - 20 - 2 * f - (n + 1) * gap) // max(1, n)
        bw = max(bw, min(widest, need))
        pw = max(min(w - 20, f * 30), n * bw + (n + 1) * gap + 2 * f)
        ph = int(f * 9.5) + (rows - 1) * (bh + gap)
        rect = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        self.box = self.panel(rect, object_id="#dialog")
        title = self.label(pygame.Rect(rect.x + f, rect.y + f, pw - 2 * f, int(f * 2.2)), self.title, object_id="#heading")
        # a long question goes on in more lines, and the box grows to hold them
        line_h = int(f * 1.8)
        self.text_labels = self.wrapped_label(pygame.Rect(rect.x + f, rect.y + int(f * 3.3), pw - 2 * f, line_h), self.text, object_id="#centred")
        extra = (len(self.text_labels) - 1) * line_h
        if extra:
            rect = pygame.Rect(rect.x, max(0, rect.y - extra // 2), pw, ph + extra)
            self.box.set_relative_position(rect.topleft)
            self.box.set_dimensions(rect.size)
            title.set_relative_position((rect.x + f, rect.y + f))
            for i, label in enumerate(self.text_labels):
                label.set_relative_position((rect.x + f, rect.y + int(f * 3.3) + i * line_h))
        total = n * bw + (n - 1) * gap
        x = rect.x + (pw - total) // 2
        y = rect.bottom - f - bh - (rows - 1) * (bh + gap)
        self.answer_buttons = []
        for i, (text, _) in enumerate(self.choices):
            r, c = divmod(i, n)
            self.answer_buttons.append(self.button(pygame.Rect(x + c * (bw + gap), y + r * (bh + gap), bw, bh), text, ("answer", i)))
        if self.focus.index is None:
            self.focus.index = 0  # Enter answers with the first choice

    def act(self, action: Action) -> None:
        if action[0] == "answer":
            i = action[1]
            assert isinstance(i, int)
            self._answer(self.choices[i])

    def back(self) -> None:
        if self.cancel is not None:
            self._answer(self.cancel)

    def _answer(self, choice: Choice) -> None:
        self.app.flow.back()
        if choice[1] is not None:
            choice[1]()
