"""Intents -> what they do on the match screen, one handler per intent type.

The session's commands (each checked by the engine), the tutor's word
before a bad play or cube action, the questions over the board, the view of
the table and the screen's own switches.  After a command the board's
selection and the panel are refreshed (``changed``); a question or another
screen refreshes them when it returns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional, Tuple

from ..system import clipboard
from ..words.i18n import t
from ..play.netplay import NetSession
from ..play.numbering import listener
from ..play.happenings import HintKey
from ..play.rollout_job import cube_request, hint_request
from ..play.session import Hint as Ranked, Session, Snapshot
from . import ask, focuswords, hintsay, narrate, presenter
from .copytext import copy_position
from .controller import BoardController
from ..input.match_intents import (
    PRIMARY, AnswerResignation, Ask, AskCube, AskMenu, ContinueAlone, CopyPosition, Deselect, Double, Drop, EndTurn, Hint, Intent, MoveChecker, NextGame,
    OpenSettings, PlayStep, PointCursor, Primary, Reselect, ResetView, Resign, Restart, Roll, RollOut, SetView, ShowIds, Take, TakeBack, ToggleAutoEnd,
    ToggleLog, ToggleView, ToLobby, Undo,
)
from .questions import MatchQuestions, TutorGate
from ..ui.navigation import Choice

if TYPE_CHECKING:
    from ..ui.host import AppHost
    from .tableview import TableView


#: the questions of the ask menu, in its order: (the menu's word, the intent)
ASK_MENU: Tuple[Tuple[str, Intent], ...] = (
    ("position", Ask(ask.AskTopic.POSITION)), ("pips", Ask(ask.AskTopic.PIPS)), ("dice", Ask(ask.AskTopic.DICE)),
    ("moves", Ask(ask.AskTopic.MOVES)), ("last", Ask(ask.AskTopic.LAST)), ("score", Ask(ask.AskTopic.SCORE)),
    ("q1", Ask(ask.AskTopic.Q1)), ("q2", Ask(ask.AskTopic.Q2)), ("q3", Ask(ask.AskTopic.Q3)), ("q4", Ask(ask.AskTopic.Q4)),
    ("bar", PointCursor(to=25)), ("off", PointCursor(to=0)), ("cube", AskCube()),
    ("repeat", Ask()), ("copy", CopyPosition()),
)


class MatchActions:
    """Carries out the match screen's intents (:meth:`do`)."""

    def __init__(self, app: "AppHost", session: Session, controller: BoardController, table: "TableView",
                 questions: MatchQuestions, tutor: TutorGate, changed: Callable[[], None]):
        self.app = app
        self.session = session
        self.controller = controller
        self.table = table
        self.questions = questions
        self.tutor = tutor
        self.changed = changed
        #: the player's choice to show the move log
        self.log_visible = True
        #: words on the board the player's last key asked for, and the board they were said of
        self._notice: Optional[Tuple[str, Snapshot]] = None
        #: the turn whose hint box the player put away with Escape (H shows it again)
        self._hint_hidden: Optional[HintKey] = None
        # each handler takes the intents of its own type (a dict cannot say which: Any)
        self._handlers: Dict[type, Callable[[Any], bool]] = {
            Primary: self._primary,
            Roll: lambda _: self._after(self.session.roll(), clear=True),
            MoveChecker: lambda i: self._play(lambda: self.session.move(i.src, i.dst)),
            PlayStep: lambda i: self._play(lambda: self.session.step(i.frm, i.to, i.die)),
            EndTurn: self._end_turn,
            Undo: lambda _: self._after(self.session.undo(), clear=True),
            TakeBack: self._take_back,
            Double: lambda _: self._cube("double") or self._after(self.session.double()),
            Take: lambda _: self._cube("take") or self._after(self.session.answer_double(True)),
            Drop: lambda _: self._cube("drop") or self._after(self.session.answer_double(False)),
            NextGame: lambda _: self._after(self.session.next_game(), clear=True),
            Hint: self._hint,
            RollOut: self._roll_out,
            Resign: self._resign,
            AnswerResignation: lambda i: self.session.answer_resignation(i.accept),
            ToggleAutoEnd: self._toggle_auto,
            ToggleLog: self._toggle_log,
            ToggleView: lambda _: self.table.toggle(),
            SetView: lambda i: self.table.set_view(i.mode),
            ResetView: lambda _: self.table.reset(),
            ToLobby: lambda _: self._asked(self.questions.ask_lobby),
            Restart: lambda _: self._asked(self.questions.ask_restart),
            ContinueAlone: self._continue_alone,
            OpenSettings: lambda _: self._asked(self.app.flow.settings),
            ShowIds: self._show_ids,
            Ask: self._ask,
            AskMenu: self._ask_menu,
            CopyPosition: self._copy_position,
            PointCursor: self._point_cursor,
            AskCube: lambda _: self._said(focuswords.cube_words(self.session)),
            Reselect: self._reselect,
            Deselect: self._deselect,
        }

    def do(self, intent: Intent) -> bool:
        """Carry out one intent; returns whether the game (or the screen) took it."""
        self._notice = None
        return self._handlers[type(intent)](intent)

    @property
    def notice(self) -> Optional[str]:
        """The words on the board the player asked for with the last key (the
        position's IDs; why take-back is not possible now), while the board
        stands as it did then; None: none."""
        if self._notice is None or self._notice[1] != self.session.snapshot():
            return None
        return self._notice[0]

    def say(self, words: Optional[str]) -> None:
        """Show ``words`` on the board until the next key or intent, or until the board changes (None: no words)."""
        self._notice = None if words is None else (words, self.session.snapshot())

    def handles(self, kind: type) -> bool:
        """Is there a handler for intents of type ``kind``?"""
        return kind in self._handlers

    def primary(self) -> Optional[Intent]:
        """What Enter, Space and the primary button do now."""
        action = presenter.primary_action(self.session)
        return PRIMARY[action] if action is not None else None

    # -- the handlers ----------------------------------------------------------------------
    def _after(self, ok: bool, clear: bool = False) -> bool:
        """Something was done: everything shown in step (``clear``: the board's selection starts afresh)."""
        if clear:
            self.controller.pointer.reset()
        self.changed()
        return ok

    def _primary(self, _: Primary) -> bool:
        inner = self.primary()
        return self.do(inner) if inner is not None else False

    def _play(self, command: Callable[[], bool]) -> bool:
        """A move or a step; with the tutor on the turn waits for its word."""
        s = self.session
        tutoring = self.tutor.on
        s.hold_turn = tutoring
        try:
            ok = command()
        finally:
            s.hold_turn = False
        if ok and self.tutor.on and s.settings.auto_end_turn and s.can_end_turn():
            self.tutor.judge_play()
        return self._after(ok, clear=True)

    def _end_turn(self, _: EndTurn) -> bool:
        s = self.session
        if self.tutor.on and s.can_end_turn():
            self.tutor.judge_play()
            return self._after(True, clear=True)
        return self._after(s.end_turn(), clear=True)

    def _cube(self, kind: str) -> bool:
        """The tutor's question before a cube action, if it has one (True: asked)."""
        return self.tutor.on and self.tutor.cube(kind)

    def _take_back(self, _: TakeBack) -> bool:
        """Take back the last turn; if it cannot be taken back now, the board says why."""
        taken = self.session.take_back()
        done = self._after(taken, clear=True)
        if taken:  # shown on the board until the next key or step (said by the narration)
            self.say(narrate.takeback_words(self.session, self.session.snapshot()))
        else:
            self.say(presenter.take_back_refusal(self.session))
        return done

    def shown_hint(self) -> Optional[Ranked]:
        """The hint the board shows: the session's, unless Escape put it away."""
        hint = self.session.hint
        return None if hint is None or hint.key == self._hint_hidden else hint

    def heard_key(self, word: Optional[str]) -> None:
        """A key came: the words the last one asked for go; Escape puts the hint's box away too."""
        self.say(None)
        if word == "cancel":
            self.hide_hint()

    def hide_hint(self) -> bool:
        """Escape: the hint's box goes (True: there was one)."""
        hint = self.shown_hint()
        if hint is not None:
            self._hint_hidden = hint.key
        return hint is not None

    def _hint(self, _: Hint) -> bool:
        """H: the expert's plays for the turn as it stands (steps played stay played); at a cube
        decision of the player's, the cube advice; where none applies, what to do now."""
        s = self.session
        self._hint_hidden = None
        if s.can_advise_cube():
            return self.hint_arrived() if s.cube_advice is not None else self._after(s.request_cube_advice())
        if not s.can_hint():
            self._tell(hintsay.no_hint_words(s))
            return True
        if hintsay.hint_words(s) is not None:  # already here for this turn: said again
            return self.hint_arrived()
        return self._after(s.request_hint())

    def _roll_out(self, _: RollOut) -> bool:
        """Shift+R (or the ask list): the hint's plays rolled out, or with the cube advice shown the
        position before the roll (a screen over the board); with neither shown, what to do first."""
        request = cube_request(self.session) or (hint_request(self.session) if self.shown_hint() is not None else None)
        if request is None:
            self._tell(t("say.rollout.none"))
            return False
        self.app.flow.rollout(request)
        return True

    def _tell(self, words: str) -> None:
        """Say ``words`` at once and show them on the board."""
        self.app.announcer.say(words)
        self.say(words)

    def _resign(self, intent: Resign) -> bool:
        if intent.level is None:
            return self.questions.ask_resign()
        return self.session.resign(intent.level)

    def _toggle_auto(self, _: ToggleAutoEnd) -> bool:
        settings = self.session.settings
        settings.auto_end_turn = not settings.auto_end_turn
        self.app.save_settings()
        return self._after(True)

    def _toggle_log(self, _: ToggleLog) -> bool:
        self.log_visible = not self.log_visible
        return self._after(True)

    def _continue_alone(self, _: ContinueAlone) -> bool:
        """A friend game whose friend is gone: play on against the computer (the server grants it)."""
        s = self.session
        return self._after(isinstance(s, NetSession) and s.continue_alone())

    @staticmethod
    def _asked(ask: Callable[[], object]) -> bool:
        """A question or another screen goes over the board; it refreshes what it changed when it returns."""
        ask()
        return True

    def _show_ids(self, _: ShowIds) -> bool:
        """I: the position's GNU Backgammon IDs on the board, and on the clipboard."""
        pid, mid = self.session.match.ids()
        clipboard.copy(f"{pid}:{mid}")
        self.say(t("match.ids", ids=f"{pid}:{mid}"))
        return True

    def _ask(self, intent: Ask) -> bool:
        """A key that asks: the answer said (and shown on the board); no topic: the last announcement again."""
        announcer = self.app.announcer
        if intent.topic is None:
            announcer.repeat()
            self.say(announcer.last or t("ask.nothing"))
            return True
        words = ask.answer(intent.topic, self.session, listener(self.session, self.session.snapshot()))
        announcer.say(words)
        self.say(words)
        return True

    def focus_moved(self) -> None:
        """The keys moved the focus: what it is on now, in words (a point and
        its checkers, a target, a button by its name, where a checker just
        selected may go, or that nothing lay that way): game/match/focuswords.py."""
        selected = self.controller.keys_selected()
        targets = tuple(self.session.destinations(selected)) if selected is not None else ()
        self.app.announcer.say(focuswords.focus_words(self.controller, self.session, targets))

    def _reselect(self, _: Reselect) -> bool:
        """The selection or the focus on the board changed; by keys, it is said."""
        self._after(True)
        if self.controller.keyboard:
            self.focus_moved()
        return True

    def _point_cursor(self, intent: PointCursor) -> bool:
        """The point cursor: on to the next or previous place, or to the bar or off, said and shown."""
        return self._said(focuswords.place_words(self.session, self.controller.walk(intent.step, intent.to)))

    def _said(self, words: str) -> bool:
        """Say ``words`` and show them on the board (as the keys that ask do)."""
        self.app.announcer.say(words)
        self.say(words)
        return True

    def hint_arrived(self) -> bool:
        """The hint asked for has come: its plays said, best first (the board draws them; with
        steps played, what is left of the best play is said and shown as words); the cube advice said and shown."""
        advice = self.session.cube_advice
        if advice is not None:  # (the board shows it in the hint's box: presenter.board_words)
            self.app.announcer.say(hintsay.cube_said(advice))
            return True
        words = hintsay.hint_words(self.session)
        if words is not None:
            if self.session.hint is None:
                self._tell(words)
            else:
                self.app.announcer.say(words)
        return True

    def _copy_position(self, _: CopyPosition) -> bool:
        words = copy_position(self.session)
        self.app.announcer.say(words)
        self.say(words)
        return True

    def _ask_menu(self, _: AskMenu) -> bool:
        """The questions as a list (a controller reaches them all from one button)."""
        def asking(intent: Intent) -> Callable[[], object]:
            return lambda: self.do(intent)

        choices: List[Choice] = [(t(f"ask.menu.{topic}"), asking(intent)) for topic, intent in ASK_MENU]
        if self.session.cube_advice is not None or self.shown_hint() is not None:  # and the hint's rollout, when shown
            choices.append((t("ask.menu.rollout"), asking(RollOut())))
        self.app.flow.ask(t("ask.menu.title"), t("ask.menu.text"), choices, cancel=(t("button.back"), None))
        return True

    def _deselect(self, intent: Deselect) -> bool:
        self.table.begin_turn(intent.at)  # a press on an empty part turns the oblique view
        return self._after(True)

