"""The result of a game, over the final board: who won, how (single,
gammon, backgammon, by resignation, the double dropped) and the points,
the match score; then the next game (in a match), play again with the
colours swapped (once the match is over), or back to the lobby.  At the end
of a match it names the match winner."""

from __future__ import annotations

from typing import List, Optional, Tuple

import pygame
from pygame_gui.elements import UILabel

from engine.kinds import LEVEL_OF_MULTIPLE, ResignLevel

from ..ui.host import AppHost
from ..words.i18n import t, tr
from ..play.options import MatchOptions
from ..play.session import Session, player_name
from ..play.netplay import NetSession
from ..play.numbering import listener
from ..input.intents import intent_of
from ..input.match_intents import AskTopic
from ..match.ask import answer
from ..match.friendplay import leave
from ..ui.spoken import choices_words, focus_words
from ..ui.textfit import fit_text
from ..ui.menu import Action, MenuScene




def side_names(session: Session) -> Tuple[str, str]:
    """The two sides as the result names them: in a friend game the players'
    names (with their colour), else White and Black."""
    colours = (player_name(0), player_name(1))
    if not isinstance(session, NetSession):
        return colours
    names = session.names
    return (t("result.named", name=names[0], colour=colours[0]) if names[0] else colours[0],
            t("result.named", name=names[1], colour=colours[1]) if names[1] else colours[1])


def result_lines(session: Session) -> Tuple[str, str, str]:
    """(heading, how the game was won, the match score) for a finished game."""
    m, g = session.match, session.game
    r = g.result
    assert r is not None
    sides = side_names(session)
    winner = sides[r.winner]
    if r.kind == "resigned":
        how = t("result.how_resigned", level=t(f"result.{LEVEL_OF_MULTIPLE.get(r.multiple, ResignLevel.SINGLE)}"), points=r.points)
    else:
        how = t("result.how", kind=t(f"result.{r.kind}"), points=r.points)
    s0, s1 = m.score
    if m.length > 1:
        score = t("result.score", length=m.length, name0=sides[0], name1=sides[1], score0=s0, score1=s1)
    elif isinstance(session, NetSession):  # the players named: the loser too
        score = t("result.single_game_named", name0=sides[0], name1=sides[1])
    else:
        score = t("result.single_game")
    if m.over and m.length > 1:
        champion = r.winner if m.winner is None else m.winner
        won, lost = (s0, s1) if champion == 0 else (s1, s0)  # the winner's score first: "wins the match 7–3"
        heading = t("result.match", name=sides[champion], score0=won, score1=lost)
    else:
        heading = t("result.wins", name=winner)
    return heading, how, score


class ResultScene(MenuScene):
    transparent = True  # over the final board
    #: seconds after it opens in which Space, Enter and a pad's A do nothing: a player still
    #: pressing Space to roll must not start a new game unseen
    GUARD_S = 0.6

    def __init__(self, app: AppHost, session: Session, options: Optional[MatchOptions] = None):
        super().__init__(app)
        self.session = session
        self.options = options
        self.lines: Tuple[str, str, str] = ("", "", "")
        self.buttons_shown: List[str] = []
        #: the last export's line (where the file went, or why not)
        self.export_line = ""
        #: a friend match over: what the friend says about a rematch (asked, waiting, gone), as shown
        self.net_line = self._net_news()
        self.net_label: Optional[UILabel] = None
        self.shown_for = 0.0  # seconds on screen

    @property
    def busy(self) -> bool:
        """Frames run while the guard lasts: the loop does not count the time it idles, so a
        guard counted in idle frames would last until some thirty keys had been pressed."""
        return self.shown_for < self.GUARD_S or super().busy

    @property
    def _has_net_line(self) -> bool:
        return isinstance(self.session, NetSession) and self.session.match.over

    def _net_news(self) -> str:
        """The friend's news on this match once it is over (a rematch asked, the friend gone), or ""."""
        s = self.session
        if not isinstance(s, NetSession) or not s.match.over:
            return ""
        online_line = t("net.status.online", name=s.names[1 - s.me] or t("net.friend"))
        news = tr(s.status())
        return "" if news == online_line else news

    def update(self, dt: float) -> None:
        """A friend match: the connection is read while the result is up, so that a rematch
        the friend asks for (or the friend's going) shows here at once, and is said."""
        super().update(dt)
        self.shown_for += dt
        s = self.session
        if isinstance(s, NetSession) and s.rematch_state is None:
            s.update(dt, display_busy=True)  # (reads the server's news; the board below shows nothing meanwhile)
            news = self._net_news()
            if news != self.net_line:
                self.net_line = news
                if news:
                    self.app.announcer.say(news)
                    s.status_said = tr(s.status())  # (the board, back on top, does not say it again)
                self._show_net_line()  # (in place: a rebuild would lose a click under way)

    def _show_net_line(self) -> None:
        label = self.net_label
        if label is None:
            return
        font, width = label.font, label.rect.width - 8
        text = self.net_line or " "
        if font is not None:
            text = fit_text(text, width, lambda words: font.size(words)[0])
        label.set_text(text)
        self.dirty = True

    def build(self, size: Tuple[int, int]) -> None:
        w, h = size
        f = self.font_px
        s = self.session
        self.lines = result_lines(s)
        bh = int(f * 2.5)
        gap = max(6, f // 2)
        choices = []
        if s.can_next_game():
            choices.append(("next_game", t("result.next_game")))
        else:
            swap = self.options is not None and self.options.mode in ("computer", "friend")
            choices.append(("again", t("result.again_swapped" if swap else "result.again")))
        choices.append(("lobby", t("result.lobby")))
        self.buttons_shown = [a for a, _ in choices]
        extra = [("review", t("result.review")), ("export", t("result.export"))]
        rows = (choices, extra)
        # each row's buttons as wide as its longest words need ("Play again, colours swapped"), the box with them
        need = [self.button_width([text for _, text in items]) for items in rows]
        pw = min(w - 20, max(f * 34, max(len(items) * bw_ + (len(items) - 1) * gap for items, bw_ in zip(rows, need)) + 2 * f))
        ph = int(f * 11.5) + 2 * bh + gap + (int(f * 1.5) if self.export_line else 0) + (int(f * 1.7) if self._has_net_line else 0)
        rect = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        self.panel(rect, object_id="#dialog")
        y = rect.y + f
        self.label(pygame.Rect(rect.x, y, pw, int(f * 3)), self.lines[0], object_id="#heading")
        y += int(f * 3.2)
        self.label(pygame.Rect(rect.x, y, pw, int(f * 1.9)), self.lines[1], object_id="#centred")
        y += int(f * 2.1)
        score = self.label(pygame.Rect(rect.x, y, pw, int(f * 1.6)), " ", object_id="#status")
        face = score.font  # (two long names: shortened to the box, said whole)
        if face is not None:
            score.set_text(fit_text(self.lines[2], pw - 2 * f, lambda s: face.size(s)[0]))
        else:
            score.set_text(self.lines[2])
        self.net_label = None
        if self._has_net_line:  # the friend asks for a rematch, or waits for the answer, or is gone (room kept: no button moves)
            y += int(f * 1.7)
            self.net_label = self.label(pygame.Rect(rect.x + f, y, pw - 2 * f, int(f * 1.5)), " ", object_id="#status")
            self._show_net_line()
        if self.export_line:  # where the file went: a long path, as far from the box's border as the rest
            y += int(f * 1.7)
            line = self.label(pygame.Rect(rect.x + f, y, pw - 2 * f, int(f * 1.4)), " ", object_id="#small")
            font = line.font
            line.set_text(fit_text(self.export_line, pw - 2 * f - 8, lambda s: font.size(s)[0]) if font else self.export_line)
        self.result_buttons = {}
        for row, items in enumerate(rows):
            n = len(items)
            bw = min(max(int(f * 13), need[row]), (pw - 2 * f - (n - 1) * gap) // n)
            x = rect.centerx - (n * bw + (n - 1) * gap) // 2
            y = rect.bottom - f - bh - (1 - row) * (bh + gap)
            for i, (action, text) in enumerate(items):
                self.result_buttons[action] = self.button(pygame.Rect(x + i * (bw + gap), y, bw, bh), text, (action,))
        if self.focus.index is None:
            self.focus.index = 0

    def act(self, action: Action) -> None:
        kind = action[0]
        if kind == "next_game":
            if self.session.next_game():
                self.app.flow.back()  # the board, for the next game
        elif kind == "again" and isinstance(self.session, NetSession):
            self.session.ask_rematch()  # the match scene starts it once both have asked
            self.app.flow.back()
        elif kind == "again":
            if self.options is None:  # a match made by a tool or test: the same again
                self.app.flow.restart_match(self.session)
            else:
                self.app.flow.start_match(self.options.swapped())
        elif kind == "lobby":
            self.to_lobby()
        elif kind == "review":
            o = self.options
            viewer = o.human_colour() if o is not None and o.mode == "computer" else 0
            self.app.flow.review(self.session.match, viewer=viewer)
        elif kind == "export":
            from ..store.exports import export_match
            from ..store.recent import NAMES

            _, self.export_line = export_match(self.session.match, NAMES)
            self._rebuild(self.app.size)

    def entering_words(self) -> str:
        """The result was said as the final board showed it (game/match/narrate.py): here, the
        choices and where the focus is ("Choices: Next game, Back to the lobby, Review, Export. Next game, button.")."""
        current = self.focus.current(self.focusables())
        choices = choices_words([b.text for b, _ in self.focusables()])
        return f"{choices} {focus_words(*current)}" if current is not None else choices

    def key(self, event: pygame.event.Event) -> None:
        """The keys that ask answer here too, of the final board (W, 1-4, P, G, M, B, S)."""
        word = intent_of(event)
        if word is None or not word.startswith("ask_") or word == "ask_menu":
            return
        s = self.session
        self.app.announcer.say(answer(AskTopic(word[len("ask_"):]), s, listener(s, s.snapshot())))

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.shown_for < self.GUARD_S and intent_of(event) in ("confirm", "primary"):
            return  # (see GUARD_S)
        super().handle_event(event)

    def to_lobby(self) -> None:
        if isinstance(self.session, NetSession):
            leave(self.app, self.session)
            return
        if self.session.match.over:
            self.app.drop_match()
        self.app.flow.lobby()

    def back(self) -> None:
        self.to_lobby()
