"""Open a match file (from the lobby and from Recent matches): a ``.mat``
as GNU Backgammon or eXtreme Gammon export it opens in the review.

The path field starts at the folder a match was last opened from (else the
documents folder, where the game's own exports go); the match files of
that folder are listed below it, newest first, a page at a time.  Enter in
the field opens the file typed, or lists the folder typed.  A file that
cannot be read gets one line naming it (and its line, for a text the
engine cannot read); nothing is written anywhere.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, List, Optional, Tuple, Union

import pygame
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine

from ..ui.host import AppHost
from ..store.exports import documents_dir
from ..store.matfiles import OpenFailed, match_files, read_match_file
from ..words.i18n import t
from ..ui.textfit import fit_text
from ..ui.typing import keys_to_entry
from ..ui.menu import Action, MenuScene

PAGE = 6


def open_match_file(app: AppHost, path: Path, before: Optional[Callable[[], object]] = None) -> Optional[str]:
    """Open the match in ``path`` in the review (over the screen shown now,
    once ``before`` has run: the Open screen closes); the line for the
    player when it cannot be read (then nothing changes)."""
    try:
        match = read_match_file(path)
    except OpenFailed as exc:
        return str(exc)
    if before is not None:
        before()
    app.settings.open_folder = str(path.parent)
    app.save_settings()
    app.flow.review(match, viewer=0)
    return None


class OpenMatchScene(MenuScene):
    """A path field, the match files of its folder, Open and Back."""

    def __init__(self, app: AppHost, folder: Optional[Path] = None):
        super().__init__(app)
        kept = app.settings.open_folder
        self.folder = folder or (Path(kept) if kept else documents_dir())
        self.text = str(self.folder)
        self.files: List[Path] = []
        self.page = 0
        self.error: Optional[str] = None
        self.entry: Optional[UITextEntryLine] = None
        self.open_button: Optional[UIButton] = None
        self.pages = 1

    def enter(self) -> None:
        self.files = match_files(self.folder)
        super().enter()

    def entering_words(self) -> str:
        """The heading, and how many match files the folder holds."""
        heading = super().entering_words()
        found = t("open.found", count=len(self.files), folder=self.folder.name or str(self.folder)) if self.files else t("open.none")
        return f"{heading} {found}".strip()

    def build(self, size: Tuple[int, int]) -> None:
        w, h = size
        f = self.font_px
        m = max(10, f)
        tw = min(w - 2 * m, int(f * 44))
        x0 = (w - tw) // 2
        self.label(pygame.Rect(0, int(f * 0.6), w, int(f * 2.6)), t("open.title"), object_id="#heading", fit=True)
        y = int(f * 3.6)
        self.wrapped_label(pygame.Rect(x0, y, tw, int(f * 1.5)), t("open.explain"), object_id="#small")
        y += int(f * 3.2)
        bh = int(f * 2.3)
        ow = self.button_width([t("open.open")])
        self.entry = UITextEntryLine(pygame.Rect(x0, y, tw - ow - f // 2, bh), self.manager)
        self.entry.set_text(self.text)
        self.open_button = self.button(pygame.Rect(x0 + tw - ow, y, ow, bh), t("open.open"), ("open",), object_id="#play")
        y += bh + f // 2
        if self.error:
            line = self.label(pygame.Rect(x0, y, tw, int(f * 1.5)), " ", object_id="#small")
            line.set_text(self._fitted(self.error, tw - 8, line))
        y += int(f * 1.7)
        row_h = int(f * 2.1)
        gap = max(4, f // 3)
        bottom = h - f - int(f * 2.4) - f
        per_page = max(1, min(PAGE, (bottom - y) // (row_h + gap)))
        shown = self.files[self.page * per_page:(self.page + 1) * per_page]
        for i, path in enumerate(shown):
            button = self.button(pygame.Rect(x0, y, tw, row_h), " ", ("file", self.page * per_page + i))
            button.set_text(self._fitted(path.name, tw - 16, button))
            y += row_h + gap
        if not self.files:
            self.label(pygame.Rect(x0, y, tw, row_h), t("open.none"), object_id="#small")
        bh2 = int(f * 2.4)
        by = h - f - bh2
        pages = max(1, (len(self.files) + per_page - 1) // per_page)
        if pages > 1:
            self.button(pygame.Rect(x0, by, f * 9, bh2), t("review.prev"), ("page", -1))
            self.button(pygame.Rect(x0 + tw - f * 9, by, f * 9, bh2), t("review.next"), ("page", 1))
        self.pages = pages
        self.button(pygame.Rect((w - f * 9) // 2, by, f * 9, bh2), t("button.back"), ("back",))
        if self.focus.index is None:
            self.focus.index = 0

    @staticmethod
    def _fitted(text: str, width: int, element: Union[UIButton, UILabel]) -> str:
        """``text`` shortened (…) to ``width`` in ``element``'s font."""
        face = element.font
        if face is None:
            return text
        return fit_text(text, width, lambda s: face.size(s)[0])

    # -- actions ----------------------------------------------------------------------------------
    def _read_entry(self) -> None:
        if self.entry is not None and self.entry.alive():
            self.text = self.entry.get_text()

    def act(self, action: Action) -> None:
        self._read_entry()
        kind = action[0]
        if kind == "open":
            self.open_typed()
        elif kind == "file" and isinstance(action[1], int) and action[1] < len(self.files):
            self.open(self.files[action[1]])
        elif kind == "page" and isinstance(action[1], int):
            self.page = max(0, min(self.pages - 1, self.page + action[1]))
            self.focus.index = None
            self._rebuild(self.app.size)
        elif kind == "back":
            self.back()

    def open_typed(self) -> None:
        """The path typed: a folder is listed, a file opened."""
        path = Path(self.text.strip().strip('"')).expanduser() if self.text.strip() else self.folder
        if path.is_dir():
            self.folder, self.page, self.error = path, 0, None
            self.files = match_files(path)
            self.text = str(path)
            self._rebuild(self.app.size)
            self.app.announcer.say(self.entering_words())
            return
        self.open(path)

    def open(self, path: Path) -> None:
        """Open ``path`` in the review (this screen closes under it), or say why not."""
        error = open_match_file(self.app, path, self._close)
        if error is not None:
            self.error = error
            self.text = str(path)
            self._rebuild(self.app.size)
            self.app.announcer.say(error)

    def _close(self) -> None:
        if self.app.scenes.current is self:
            self.app.flow.back()

    def confirm(self) -> None:
        self._read_entry()
        self.open_typed()

    def handle_event(self, event: pygame.event.Event) -> None:
        """While the field has the keyboard, keys are typing (Enter opens; Tab and Escape leave it)."""
        if keys_to_entry(self.manager, event, (self.entry,), lambda _: self.confirm()):
            self.dirty = True
        else:
            super().handle_event(event)

    def back(self) -> None:
        self.app.flow.back()

