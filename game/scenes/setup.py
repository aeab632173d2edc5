"""Set up a position (from the lobby): paste GNU Backgammon's Position ID and
Match ID ("4HPwATDgc/ABMA:cAkAAAAAAAAA", or the two separated by a space)
and play on from there, against the computer (the player to act is you) or
two players here.  Bad IDs get a line saying why; nothing starts.  A match
in play that would be lost is asked about first, as the lobby does."""

from __future__ import annotations

import re
from typing import Optional, Tuple

import pygame
from pygame_gui.elements import UITextEntryLine

from engine import BackgammonError, Match

from ..system import clipboard
from ..ui.host import AppHost
from ..words.i18n import t
from ..play.options import MatchOptions
from ..play.session import Session
from ..ui.menu import Action, ChoiceRow, MenuScene, saved_match_text

_ID = re.compile(r"[A-Za-z0-9+/]+")


def read_ids(text: str) -> Tuple[str, str]:
    """(Position ID, Match ID) from pasted text; ValueError when there are not two.

    >>> read_ids(" Position ID: 4HPwATDgc/ABMA  Match ID: cAkAAAAAAAAA ")
    ('4HPwATDgc/ABMA', 'cAkAAAAAAAAA')
    """
    tokens = _ID.findall(text)
    pid = next((x for x in tokens if len(x) == 14), None)
    mid = next((x for x in tokens if len(x) == 12), None)
    if pid is None or mid is None:
        raise ValueError(t("setup.need_both"))
    return pid, mid


class SetupScene(MenuScene):
    def __init__(self, app: AppHost):
        super().__init__(app)
        self.text = ""
        self.mode = app.settings.lobby_mode if app.settings.lobby_mode in ("computer", "hotseat") else "computer"
        self.error: Optional[str] = None
        self.entry: Optional[UITextEntryLine] = None

    def build(self, size: Tuple[int, int]) -> None:
        w, h = size
        f = self.font_px
        m = max(10, f)
        tw = min(w - 2 * m, int(f * 40))
        x0 = (w - tw) // 2
        self.label(pygame.Rect(0, int(f * 0.6), w, int(f * 2.6)), t("setup.title"), object_id="#heading", fit=True)
        y = int(f * 3.8)
        self.wrapped_label(pygame.Rect(x0, y, tw, int(f * 1.5)), t("setup.explain"), object_id="#small")
        y += int(f * 3.4)
        bh = int(f * 2.3)
        pw = int(f * 7)
        self.entry = UITextEntryLine(pygame.Rect(x0, y, tw - pw - f // 2, bh), self.manager)
        self.entry.set_text(self.text)
        self.paste_button = self.button(pygame.Rect(x0 + tw - pw, y, pw, bh), t("setup.paste"), ("paste",))
        y += bh + f
        self.opponent = ChoiceRow(self, pygame.Rect(x0, y, tw, bh), t("setup.opponent"),
                                  [("computer", t("lobby.mode.computer")), ("hotseat", t("lobby.mode.hotseat"))], self.mode, self._set_mode)
        y += bh + f
        if self.error:
            self.wrapped_label(pygame.Rect(x0, y, tw, int(f * 1.5)), self.error, object_id="#small")
        by = h - f - int(f * 2.5)
        bw = int(f * 10)
        self.start_button = self.button(pygame.Rect(w // 2 - bw - f // 2, by, bw, int(f * 2.5)), t("setup.start"), ("start",), object_id="#play")
        self.back_button = self.button(pygame.Rect(w // 2 + f // 2, by, bw, int(f * 2.5)), t("button.back"), ("back",))

    def _set_mode(self, mode: str) -> None:
        self.mode = mode

    def _entry_text(self) -> str:
        return self.entry.get_text() if self.entry is not None else self.text

    def act(self, action: Action) -> None:
        kind = action[0]
        self.text = self._entry_text()
        if kind == "paste":
            self.text = clipboard.paste().strip()[:200]
            self.error = None
            self._rebuild(self.app.size)
        elif kind == "start":
            self.start()
        elif kind == "back":
            self.back()

    def confirm(self) -> None:
        self.text = self._entry_text()
        self.start()

    def start(self) -> None:
        try:
            pid, mid = read_ids(self.text)
            match = Match.from_ids(pid, mid, dice=self.app.dice)
        except (ValueError, BackgammonError) as exc:
            self.error = t("setup.bad", reason=str(exc))
            self._rebuild(self.app.size)
            return
        human = match.game.to_act
        options = MatchOptions(mode=self.mode, level=self.app.settings.lobby_level,
                               colour="white" if human == 0 else "black", length=match.length, cube=True)
        session = Session(match, options.seats(), self.app.settings)
        if self.app.has_match() and (self.app.session is not None or self.app.restore_saved()):
            # a match to lose: the one kept, or the one an earlier run saved (loaded to be named)
            assert self.app.session is not None
            back = (t("button.back"), None)
            self.app.flow.ask(t("confirm.new.title"), saved_match_text(self.app.session, self.app.options),
                              [back, (t("confirm.new.start"), lambda: self._play(session))], cancel=back)
            return
        self._play(session)

    def _play(self, session: Session) -> None:
        self.app.keep_match(session, None)  # practice: neither saved nor recorded
        self.app.flow.show_match(session)

    def back(self) -> None:
        self.app.flow.back()
