"""The settings, behind the gear (from the lobby and during a match):
sound, computer pace, full screen, the board's view (top or oblique), language, the tutor, and the
match server for friend games.  Every change applies at once and is saved at once; Back (or
Escape) returns to the screen underneath.  The server address is typed: Set (or Enter) keeps it
if it is one (empty: friend games are hosted on this computer), and says why if it is not; Back
keeps a good one typed and not yet set, and stays once to say what is wrong with a bad one."""

from __future__ import annotations

from typing import Dict, List, Optional, Tuple

import pygame
from pygame_gui.elements import UILabel, UITextEntryLine

from ..words import i18n
from ..ui.host import AppHost
from ..words.i18n import t
from ..board.projection import VIEWS
from ..net.client import BadAddress, check_address
from ..store.settings import PACES
from ..ui.menu import ChoiceRow, MenuScene


def dialog_rows(f: int, room: int, rows: int, fixed: int) -> Tuple[int, int, int]:
    """(the heading's height, a row's, the gap under a row) of a dialog of
    ``rows`` rows and ``fixed`` pixels of lines for text ``f`` high, in
    ``room`` pixels of height: the usual 4.5, 2.4 and a half of ``f``,
    made smaller together where they do not fit (large text in a low
    window), to three quarters of each at the least (a row's words still
    whole in it).

    >>> dialog_rows(20, 1000, 8, 100), dialog_rows(23, 700, 8, 159)
    ((90, 48, 10), (89, 47, 9))
    """
    head, row_h, gap = int(f * 4.5), int(f * 2.4), max(6, f // 2)
    need = head + rows * (row_h + gap) - gap
    share = min(1.0, max(0.75, (room - fixed) / need))
    return max(int(f * 3.4), int(head * share)), max(int(f * 1.8), int(row_h * share)), max(4, int(gap * share))


class SettingsScene(MenuScene):
    transparent = True  # over the screen it was opened from

    def __init__(self, app: AppHost):
        super().__init__(app)
        self.rows: Dict[str, ChoiceRow] = {}
        self.server_text = app.settings.server_address
        #: why the address typed is not one (BadAddress.reason; None: it is, or nothing was set)
        self.server_problem: Optional[str] = None
        self._said_bad: Optional[str] = None  # the text that message was about
        self.server_entry: Optional[UITextEntryLine] = None
        self.server_lines: List[UILabel] = []

    def build(self, size: Tuple[int, int]) -> None:
        w, h = size
        f = self.font_px
        s = self.app.settings
        pw = min(w - 20, f * 40)
        n_rows = 7
        hint_h = int(f * 1.5)  # room for Chinese glyphs, which stand taller than Latin
        head, row_h, gap = dialog_rows(f, h - 20, n_rows + 1, 4 * hint_h + f)
        ph = head + n_rows * (row_h + gap) + 4 * hint_h + row_h + f
        rect = pygame.Rect((w - pw) // 2, max(10, (h - ph) // 2), pw, ph)
        self.box = self.panel(rect, object_id="#dialog")
        self.label(pygame.Rect(rect.x, rect.y + f, pw, min(int(f * 2.4), head - f)), t("settings.title"), object_id="#heading", fit=True)
        y = rect.y + head
        x, iw = rect.x + f, pw - 2 * f
        on_off = [(True, t("common.on")), (False, t("common.off"))]
        self.rows = {}
        self.rows["sound"] = ChoiceRow(self, pygame.Rect(x, y, iw, row_h), t("settings.sound"), on_off, s.sound, self.app.set_sound)
        y += row_h + gap
        self.rows["pace"] = ChoiceRow(self, pygame.Rect(x, y, iw, row_h), t("settings.pace"),
                                      [(p, t(f"settings.pace.{p}")) for p in PACES], s.pace, self._set_pace)
        y += row_h + gap
        self.rows["fullscreen"] = ChoiceRow(self, pygame.Rect(x, y, iw, row_h), t("settings.fullscreen"), on_off,
                                            self.app.fullscreen, self.app.set_fullscreen)
        if self.app.kiosk is not None:  # a kiosk stays full screen
            self.rows["fullscreen"].set_enabled(False)
        y += row_h + gap
        self.rows["board_view"] = ChoiceRow(self, pygame.Rect(x, y, iw, row_h), t("settings.board_view"),
                                            [(v, t(f"view.{v}")) for v in VIEWS], s.board_view, self._set_view)
        y += row_h + gap
        # each language named in its own script (a font that has them all: "#language")
        current = i18n.language()
        self.rows["language"] = ChoiceRow(self, pygame.Rect(x, y, iw, row_h), t("settings.language"),
                                          [(code, name) for code, name in i18n.LANGUAGES], current, self._set_language,
                                          object_id="#language")
        y += row_h + gap
        self.rows["tutor"] = ChoiceRow(self, pygame.Rect(x, y, iw, row_h), t("settings.tutor"), on_off, s.tutor, self._set_tutor)
        y += row_h + gap
        self._server_row(pygame.Rect(x, y, iw, row_h), hint_h)
        y += row_h + gap + 2 * hint_h
        self.label(pygame.Rect(x, y, iw, hint_h), t("settings.pace_hint"), object_id="#hint")
        y += hint_h
        self.view_hint = self.label(pygame.Rect(x, y, iw, hint_h), t("settings.board_view_hint"), object_id="#hint")
        bw = int(f * 9)
        aw = min(iw - bw - gap, max(bw, self.button_width([t("settings.access")])))
        left = rect.centerx - (aw + gap + bw) // 2
        self.access_button = self.button(pygame.Rect(left, rect.bottom - f - row_h, aw, row_h), t("settings.access"), ("access",))
        self.back_button = self.button(pygame.Rect(left + aw + gap, rect.bottom - f - row_h, bw, row_h), t("button.back"), ("back",))

    def _server_row(self, rect: pygame.Rect, line_h: int) -> None:
        """Match server: the address typed, Set, and a line (two at most) saying which is used or why not."""
        f = self.font_px
        gap = max(4, f // 3)
        label_w = int(rect.width * 0.42)  # as a ChoiceRow's
        set_w = max(int(f * 3.5), self.button_width([t("settings.server.set")]))  # the rest to the address
        self.label(pygame.Rect(rect.x, rect.y, label_w - gap, rect.height), t("settings.server"), object_id="#row_label")
        self.server_entry = UITextEntryLine(pygame.Rect(rect.x + label_w, rect.y, rect.width - label_w - set_w - gap, rect.height),
                                            self.manager, placeholder_text=t("settings.server.placeholder"))
        self.server_entry.set_text(self.server_text)
        self.server_button = self.button(pygame.Rect(rect.right - set_w, rect.y, set_w, rect.height),
                                         t("settings.server.set"), ("server",))
        used = self.app.settings.server_address
        if self.server_problem is not None:
            line = t(f"server.bad.{self.server_problem}")
        else:
            line = t("settings.server.uses", address=used) if used else t("settings.server.here")
        self.server_lines = self.wrapped_label(pygame.Rect(rect.x, rect.bottom + gap // 2, rect.width, line_h), line,
                                               object_id="#hint")

    def server_line(self) -> str:
        """What the line under the server address says, as shown (its labels joined)."""
        return "".join(label.text for label in self.server_lines).replace(" ", "")

    def _typed(self) -> str:
        if self.server_entry is not None and self.server_entry.alive():
            self.server_text = self.server_entry.get_text()
        return self.server_text

    def set_server(self) -> bool:
        """Keep the address typed if it is one (True); else say why (False)."""
        try:
            address = check_address(self._typed())
        except BadAddress as exc:
            self.server_problem, self._said_bad = exc.reason, self.server_text
            self._rebuild(self.app.size)
            return False
        self.server_problem = None
        self.server_text = address
        if address != self.app.settings.server_address:
            self.app.settings.server_address = address
            self.app.save_settings()
        self._rebuild(self.app.size)
        return True

    def handle_event(self, event: pygame.event.Event) -> None:
        entry = self.server_entry
        if event.type == pygame.KEYDOWN and entry is not None and entry.alive() and entry.is_focused:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.set_server()  # Enter in the address: Set
                return
            if event.key not in (pygame.K_ESCAPE, pygame.K_TAB):
                assert self.manager is not None
                self.manager.process_events(event)  # typing: the keys are the address's, not shortcuts
                self.dirty = True
                return
        super().handle_event(event)

    def _set_pace(self, pace: str) -> None:
        self.app.settings.pace = pace  # the timings follow at once
        self.app.save_settings()

    def _set_view(self, view: str) -> None:
        self.app.settings.board_view = view  # a match shows it when it comes back
        self.app.save_settings()

    def _set_tutor(self, on: bool) -> None:
        self.app.settings.tutor = on
        self.app.save_settings()

    def _set_language(self, code: str) -> None:
        self.app.set_language(code)
        self._rebuild(self.app.size)  # every label in the new language

    def act(self, action) -> None:
        if action[0] == "back":
            self.back()
        elif action[0] == "server":
            self.set_server()
        elif action[0] == "access":
            self.app.flow.access()

    def back(self) -> None:
        typed = self._typed()
        if typed.strip() != self.app.settings.server_address and typed != self._said_bad and not self.set_server():
            return  # a bad address typed and not set: say why once (Back again leaves it)
        self.app.flow.back()
