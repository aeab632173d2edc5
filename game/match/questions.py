"""The questions the match screen asks over the board, as dialogs of the
flow (``app.flow.ask``): back to the lobby, restart, which resignation, the
answer to the other side's resignation, the tutor's word before a bad play
or cube action (:class:`TutorGate`); and when a game is over, its result
screen once the final board has been seen.

Each answer is an intent carried out like any other (``do``), or the
session's command itself where the tutor has already been heard.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, List, Optional

from engine.kinds import MULTIPLES, ResignLevel

from ..words.i18n import t
from ..play.match_log import player_name
from ..play.netplay import NetSession
from ..play.numbering import heard_play, listener
from .friendplay import ask_leave
from ..ui.navigation import Choice
from ..play.session import OVER, RESIGNING, Session
from . import hintsay
from ..input.match_intents import AnswerResignation, Intent, Resign

if TYPE_CHECKING:
    from ..ui.host import AppHost
    from ..play.tutor import Advice, Tutor

RESULT_DELAY = 1.2  # seconds the final board shows before the result screen (at animation speed 1)


class MatchQuestions:
    """The dialogs over one match's board."""

    def __init__(self, app: "AppHost", session: Session, do: Callable[[Intent], bool]):
        self.app = app
        self.session = session
        self.do = do
        #: the game whose result screen has been shown (by id), and the wait before it
        self.result_shown: Optional[int] = None
        self._result_wait = 0.0

    @property
    def result_pending(self) -> bool:
        """A game is over and its result screen has not been shown yet."""
        g = self.session.game
        return g.phase == OVER and self.result_shown != id(g)

    def due(self) -> bool:
        """Is a result screen or a question for a human waiting to be shown?"""
        s = self.session
        if s.game.phase == OVER:
            return self.result_pending
        return s.game.phase == RESIGNING and s.must_answer_resignation()

    def ask_due(self, dt: float) -> bool:
        """The board shows how things stand (for ``dt`` seconds more): the
        result screen after a game, once the final board has been seen a
        moment, or the hot-seat player's answer to a resignation.  True when
        the result screen went over the board."""
        s = self.session
        g = s.game
        if self.result_pending:
            speed = s.settings.animation_speed
            self._result_wait += dt
            if speed > 0 and self._result_wait < RESULT_DELAY / speed:
                return False
            self._result_wait = 0.0
            self.result_shown = id(g)  # the result goes over the final board, without the banner saying the same
            self.app.flow.game_over(s)
            return True
        if g.phase == RESIGNING and s.must_answer_resignation():
            self.ask_resignation_answer()
        return False

    def ask_lobby(self) -> None:
        """Back to the lobby, after asking; the match is kept to continue."""
        app, session = self.app, self.session
        if isinstance(session, NetSession) and not session.fallback:
            ask_leave(app, session)  # (played on against the computer, it is kept like any match)
            return

        def go() -> None:
            if not session.match.over:
                if app.session is not session:
                    app.keep_match(session, None)
                else:
                    app.save_match()
            else:
                app.drop_match()
            app.flow.lobby()

        if session.match.over:
            go()
            return
        no = (t("button.no"), None)
        app.flow.ask(t("confirm.lobby.title"), t("confirm.lobby.text"), [(t("button.yes"), go), no], cancel=no)

    def ask_restart(self) -> None:
        """Discard this match and start a new one like it, after asking (not a friend game)."""
        app = self.app
        if isinstance(self.session, NetSession):
            return
        computer = app.session is self.session and app.options is not None and app.options.mode == "computer"
        text = t("confirm.restart.abandoned") if computer else t("confirm.restart.text")
        no = (t("button.no"), None)
        app.flow.ask(t("confirm.restart.title"), text, [(t("button.yes"), self.restart), no], cancel=no)

    def restart(self) -> None:
        self.app.flow.restart_match(self.session)

    def ask_resign(self) -> bool:
        """The resign menu: a single game, a gammon or a backgammon."""
        s = self.session
        if not s.can_resign():
            return False
        cube = s.game.cube_value

        def offer(level: ResignLevel) -> Callable[[], object]:
            return lambda: self.do(Resign(level))

        choices: List[Choice] = [(t(f"resign.{level}", points=level.multiple * cube), offer(level)) for level in ResignLevel]
        cancel = (t("button.cancel"), None)
        choices.append(cancel)
        self.app.flow.ask(t("resign.title"), t("resign.text"), choices, cancel=cancel)
        return True

    def ask_resignation_answer(self) -> None:
        """A human answers the other side's resignation (hot-seat, or the computer's offer)."""
        g = self.session.game
        level = g.resignation or "single"
        points = MULTIPLES[level] * g.cube_value

        def answer(accept: bool) -> Callable[[], object]:
            return lambda: self.do(AnswerResignation(accept))

        self.app.flow.ask(
            t("resign.offer_title", name=player_name(g.turn)),
            t("resign.offer_text", name=player_name(g.to_act), kind=t(f"result.{level}"), points=points),
            [(t("button.accept"), answer(True)), (t("button.refuse"), answer(False))],
        )

    def ask_tutor(self, advice: "Advice", anyway: Callable[[], None], again: Optional[Callable[[], None]]) -> None:
        """The tutor's word: what the computer prefers; make the play anyway, or think again."""

        snap = self.session.snapshot()

        def word(text: str) -> str:  # a cube action, or a play in the listener's numbering
            if text in ("double", "no double", "take", "drop"):
                return t(f"review.action.{text}")
            return heard_play(text, snap.turn, listener(self.session, snap))

        text = t("tutor.text", best=word(advice.best), chosen=word(advice.chosen), loss=f"{advice.loss:.3f}",
                 label=t(f"review.label.{advice.label.value}"))
        if advice.cube is not None:  # the cube advice's figures, as H gives them
            text += " " + t("tutor.cube", figures=hintsay.cube_figures_said(advice.cube))
        retry = (t("tutor.again"), again)
        self.app.flow.ask(t("tutor.title"), text, [(t("tutor.anyway"), anyway), retry], cancel=retry)


class TutorGate:
    """The tutor (a setting) between the player and the session: a complete
    play is judged on the tutor's worker thread before the turn ends; a
    double, take or drop at once.  A bad one is asked about first."""

    def __init__(self, session: Session, tutor: "Tutor", questions: MatchQuestions, changed: Callable[[], None]):
        self.session = session
        self.tutor = tutor
        self.questions = questions
        self.changed = changed

    @property
    def on(self) -> bool:
        """Is the tutor watching the player now?"""
        s = self.session
        return bool(s.settings.tutor) and s.human_to_act and not s.game.over

    def judge_play(self) -> None:
        """The play is complete: the tutor looks at it before the turn ends."""
        g = self.session.game
        turn = g.current_turn
        if turn is None or g.dice is None or self.tutor.busy:
            return
        self.tutor.start((len(g.log), turn.play), g.turn_start, g.dice, turn.play)

    def ready(self) -> None:
        """The tutor has judged: end the turn, or ask first."""
        s = self.session
        key = self.tutor.key
        advice = self.tutor.take()
        g = s.game
        turn = g.current_turn
        if turn is None or key != (len(g.log), turn.play):
            return  # the play changed meanwhile
        if advice is None:
            s.end_turn()
            self.changed()
            return

        def anyway() -> None:
            s.end_turn()
            self.changed()

        def again() -> None:
            s.undo_all()
            self.changed()

        self.questions.ask_tutor(advice, anyway, again)

    def cube(self, kind: str) -> bool:
        """A double, take or drop the tutor warns about: ask (True), else False."""
        from engine.analysis import Kind

        from ..play.seats import cube_context
        from ..play.tutor import advice_for_cube

        s, g = self.session, self.session.game
        if kind == "double":
            if not s.can_double():
                return False
            owner, match = cube_context(s.match, g.turn)
            advice = advice_for_cube(Kind.DOUBLE, g.position, owner, match, g.cube_value)
        else:
            if not s.must_answer_double():
                return False
            _, match = cube_context(s.match, g.to_act)
            advice = advice_for_cube(Kind.TAKE if kind == "take" else Kind.DROP, g.position, "centre", match, g.cube_value)
        if advice is None:
            return False

        def anyway() -> None:
            if kind == "double":
                s.double()
            else:
                s.answer_double(kind == "take")
            self.changed()

        self.questions.ask_tutor(advice, anyway, None)
        return True
