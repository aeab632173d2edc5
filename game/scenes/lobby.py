"""The lobby: set up a match and start it, continue the last one, or go to
the rules, the records, the settings (the gear) or quit.

Left, the new match: against the computer (level, colour) or two players on
this screen; length; cube; options for the board.  The choices are kept in
the settings and saved, so the lobby opens as the player left it.
Right: Play, Continue last game (only when there is one), Rules & help,
Records, Quit.
"""

from __future__ import annotations

from typing import Callable, Dict, List, Optional, Sequence, Tuple

from pygame_gui.elements import UIButton

import pygame

from engine.dice import DiceSource

from ..ui.host import AppHost
from ..words.i18n import t, tr
from ..board.layout import is_portrait
from ..play.options import LENGTHS, LEVELS, MatchOptions
from ..ui.spoken import focus_words
from ..ui.textfit import inner_width, squeeze_column
from ..ui.menu import Action, ChoiceRow, ChoiceValue, MenuScene, Row, saved_match_text


class LobbyScene(MenuScene):
    gear = True

    def __init__(self, app: AppHost, dice: Optional[DiceSource] = None):
        super().__init__(app)
        if dice is not None:  # a dice source for the matches started from now on (tests, replays)
            app.dice = dice
        self.rows: Dict[str, Row] = {}
        self.continue_button: Optional[UIButton] = None
        self.play_button: Optional[UIButton] = None
        self.rejoin_button: Optional[UIButton] = None
        #: the seat of a friend match a run of the game left (it crashed or was closed): offered to rejoin
        self.ticket = app.friend_seat.load() if app.session is None or app.session.match.over else None

    # -- building ----------------------------------------------------------------------------
    def build(self, size: Tuple[int, int]) -> None:
        w, h = size
        f = self.font_px
        s = self.app.settings
        m = max(10, f)
        self.label(pygame.Rect(0, int(f * 0.6), w, int(f * 3.4)), t("lobby.title"), object_id="#title", fit=True)
        row_h = int(f * 2.2)
        gap = max(4, int(f * 0.35))
        bh = int(f * 2.5)
        portrait = is_portrait(size)  # the actions go below the choices, in two columns
        content_h = 8 * (row_h + gap) + gap + int(f * 1.6)
        if portrait:
            content_h += 2 * gap + int(bh * 1.4) + 4 * (bh + gap)
        slack = (h - int(f * 2.6)) - int(f * 4.4) - content_h  # between the title and the key hint
        top = int(f * 4.4) + max(0, slack // 3)
        if portrait:
            right_w = left_w = min(int(f * 42), w - 2 * m)
            x0 = (w - left_w) // 2
        else:
            right_w = min(int(f * 15), int(w * 0.28))
            left_w = min(int(f * 42), w - right_w - 3 * m)
            total = left_w + m * 2 + right_w
            x0 = max(m, (w - total) // 2)
        on_off = [(True, t("common.on")), (False, t("common.off"))]
        rows: List[Tuple[Optional[str], str, Optional[Sequence[Tuple[ChoiceValue, str]]], Optional[ChoiceValue], Optional[str]]] = [
            ("mode", t("lobby.opponent"), [("computer", t("lobby.mode.computer")), ("hotseat", t("lobby.mode.hotseat"))], s.lobby_mode, "lobby_mode"),
            ("level", t("lobby.level"), [(lv, t(f"lobby.level.{lv}")) for lv in LEVELS], s.lobby_level, "lobby_level"),
            ("colour", t("lobby.colour"), [(c, t(f"lobby.colour.{c}")) for c in ("white", "black", "random")], s.lobby_colour, "lobby_colour"),
            ("length", t("lobby.length"), [(n, t("lobby.length.1") if n == 1 else t("lobby.length.n", n=n)) for n in LENGTHS], s.lobby_length, "lobby_length"),
            ("cube", t("lobby.cube"), on_off, s.lobby_cube, "lobby_cube"),
            (None, t("lobby.options"), None, None, None),
            ("numbers", t("lobby.point_numbers"), on_off, s.show_point_numbers, "show_point_numbers"),
            ("pips", t("lobby.pips"), on_off, s.show_pips, "show_pips"),
            ("auto", t("lobby.auto_end"), on_off, s.auto_end_turn, "auto_end_turn"),
        ]
        y = top
        self.rows = {}
        # the labels' column as wide as the widest label needs (at most the rows' usual 42%): the rest to the choices
        assert self.manager is not None
        font = self.manager.get_theme().get_font(["#row_label", "label"])
        label_w = min(int(left_w * 0.42), max(font.size(text)[0] for _, text, choices, _, _ in rows if choices) + 2 * m)
        for key, text, choices, value, field in rows:
            if key is None or choices is None or value is None or field is None:
                y += gap
                self.label(pygame.Rect(x0, y, left_w, int(f * 1.6)), text, object_id="#small", fit=True)
                y += int(f * 1.6)
                continue
            self.rows[key] = ChoiceRow[ChoiceValue](self, pygame.Rect(x0, y, left_w, row_h), text, choices, value, self._setter(field),
                                                    label_w=label_w)
            y += row_h + gap
        self._computer_rows()
        # the actions: a column right of the choices, or (portrait) two columns below them
        x1 = x0 if portrait else x0 + left_w + 2 * m
        y = y + 2 * gap if portrait else top
        self.play_button = play = self.button(pygame.Rect(x1, y, right_w, int(bh * 1.4)), t("lobby.play"), ("play",), object_id="#play")
        y += int(bh * 1.4) + gap
        shown = self.app.has_match(), self.app.kiosk is None  # Continue only with a match; a kiosk has no Quit
        actions = [("friend_button", t("lobby.friend"), "friend", True), ("continue_button", t("lobby.continue"), "continue", shown[0]),
                   ("rejoin_button", self._rejoin_words(), "rejoin", self.ticket is not None),
                   ("help_button", t("lobby.help"), "help", True), ("records_button", t("lobby.records"), "records", True),
                   ("open_button", t("lobby.open"), "open", self.app.kiosk is None), ("setup_button", t("lobby.setup"), "setup", True), ("settings_button", t("lobby.settings"), "settings", True),
                   ("quit_button", t("lobby.quit"), "quit", shown[1])]
        cols = 2 if portrait else 1
        cw = (right_w - (cols - 1) * gap) // cols
        i = 0
        for attr, words, action, visible in actions:
            r, c = divmod(i, cols)
            button = self.button(pygame.Rect(x1 + c * (cw + gap), y + r * (bh + gap) + (gap if not portrait and i > 0 else 0), cw, bh), words, (action,))
            setattr(self, attr, button)
            if attr == "rejoin_button" and visible:
                self._fit_rejoin(button)
            if visible:
                i += 1
            elif attr == "rejoin_button" and not shown[0]:  # Continue's place, or Rejoin's, kept when neither shows:
                i += 1  # the buttons below never move under a click as either comes or goes
            if not visible:
                button.hide()
        if not portrait:  # above the key hint (large text in a low window)
            squeeze_column([play] + [getattr(self, attr) for attr, *_ in actions], h - int(f * 2.6))
        # a notice (in the language shown: it may be an i18n.Message) wraps upwards from the key hint's place
        self.wrapped_label(pygame.Rect(0, h - int(f * 2.2), w, int(f * 1.6)), tr(self.app.notice) if self.app.notice else t("lobby.keys"),
                           object_id="#hint", up=True, fit=True)
        # keyboard: Play first
        self.order.remove(play)
        self.order.insert(0, play)

    def enter(self) -> None:
        """The heading said, where the keys are, a game to continue or a friend's match to rejoin
        (one Tab away: "Also here: Rejoin the match with Ann."), then the line of help (or the
        notice) the screen shows at its foot."""
        super().enter()
        self.app.announcer.tell(self.focus_said())  # where the keys are
        for button, words in ((self.continue_button, t("lobby.continue")), (self.rejoin_button, self._rejoin_words())):
            if button is not None and button.visible:
                self.app.announcer.tell(t("lobby.say_also", what=words))
        self.app.announcer.tell(tr(self.app.notice) if self.app.notice else t("lobby.keys"))

    def focus_said(self) -> str:
        """The control the keys are on; none yet: Play (Tab comes to it first, Enter presses it)."""
        current = self.focus.current(self.focusables())
        if current is None and self.play_button is not None:
            current = (self.play_button, ("play",))
        return focus_words(*current) if current is not None else ""

    def resume(self) -> None:
        """Back from a screen over it (the settings, the rules ...): the heading and where the focus is, said again."""
        super().resume()
        self.app.announcer.say(f"{self.entering_words()} {self.focus_said()}")

    def _rejoin_words(self, name: Optional[str] = None) -> str:
        """'Rejoin the match with Ann' (or host it again, when this game hosted it)."""
        ticket = self.ticket
        if ticket is None:
            return ""
        return t("lobby.rehost" if ticket.hosted else "lobby.rejoin", name=ticket.friend or t("net.friend") if name is None else name)

    def _fit_rejoin(self, button: UIButton) -> None:
        """The friend's name shortened (…) until the words fit the button (a name may be 32 characters)."""
        font, ticket = button.font, self.ticket
        if font is None or ticket is None:
            return
        room = inner_width(button) - 2 * max(3, font.size("Ag")[1] // 4)  # (some air on each side)
        name = ticket.friend or t("net.friend")
        text = self._rejoin_words(name)
        while font.size(text)[0] > room and len(name) > 1:
            name = name[:-2] + "…" if len(name) > 2 else name[:1]
            text = self._rejoin_words(name)
        if font.size(text)[0] > room:  # not even with one letter of the name: the words alone
            text = t("lobby.rehost_short" if ticket.hosted else "lobby.rejoin_short")
        button.set_text(text)

    def _setter(self, field: str) -> Callable[[ChoiceValue], None]:
        def set_value(value: ChoiceValue) -> None:
            setattr(self.app.settings, field, value)
            if field == "lobby_mode":
                self._computer_rows()
            self.app.save_settings()

        return set_value

    def _computer_rows(self) -> None:
        vs_computer = self.app.settings.lobby_mode == "computer"
        for key in ("level", "colour"):
            if key in self.rows:
                self.rows[key].set_enabled(vs_computer)

    # -- actions -------------------------------------------------------------------------------
    def options(self) -> MatchOptions:
        return MatchOptions.from_settings(self.app.settings)

    def act(self, action: Action) -> None:
        kind = action[0]
        if kind == "play":
            self.start(self.options())
        elif kind == "continue":
            self.continue_match()
        elif kind == "help":
            self.app.flow.help()
        elif kind == "records":
            self.app.flow.records()
        elif kind == "friend":
            self.app.flow.friend()
        elif kind == "rejoin" and self.ticket is not None:
            self.app.flow.rejoin(self.ticket)
        elif kind == "setup":
            self.app.flow.setup()
        elif kind == "open" and self.app.kiosk is None:
            self.app.flow.open_match()
        elif kind == "quit" and self.app.kiosk is None:
            self.app.quit()

    def confirm(self) -> None:
        self.start(self.options())

    def primary(self) -> bool:
        self.start(self.options())  # Start plays, wherever the focus is
        return True

    def back(self) -> None:
        self.focus.clear()

    def start(self, options: MatchOptions, seed: Optional[int] = None) -> None:
        """Start a new match.  It replaces the match kept to continue, so
        while "Continue last game" shows, ask first (Continue the default)."""
        if self.continue_button is not None and self.continue_button.visible and self._kept_match():
            self.ask_new_match(options, seed)
            return
        self.app.flow.start_match(options, seed=seed)

    def _kept_match(self) -> bool:
        """Is there a match in play to lose (loading the saved one if needed)?"""
        app = self.app
        if app.session is not None and not app.session.match.over:
            return True
        return app.session is None and app.restore_saved()

    def ask_new_match(self, options: MatchOptions, seed: Optional[int] = None) -> None:
        """Start a new match? What the saved one is, and that it will be lost."""
        assert self.app.session is not None  # kept, or loaded by _kept_match
        self.app.flow.ask(
            t("confirm.new.title"), saved_match_text(self.app.session, self.app.options),
            [(t("lobby.continue"), self.continue_match), (t("confirm.new.start"), lambda: self.app.flow.start_match(options, seed=seed))],
            cancel=(t("button.back"), None))

    def continue_match(self) -> None:
        """Back to the match in progress (kept in the app, or saved by an
        earlier run: :meth:`App.restore_saved`)."""
        if self.app.session is None and not self.app.restore_saved():
            self._rebuild(self.app.size)  # the hint line says why (App.notice)
            if self.continue_button is not None and self.continue_button.visible:  # a damaged file that could not be moved aside
                self.continue_button.hide()
            self.dirty = True
            return
        assert self.app.session is not None  # kept, or just restored
        self.app.flow.show_match(self.app.session)


def start_match(app: AppHost, options: MatchOptions, dice: Optional[DiceSource] = None, seed: Optional[int] = None) -> None:
    """Make a new match with ``options``, keep it in the app, and show it
    (the app's flow does it)."""
    app.flow.start_match(options, dice=dice, seed=seed)
