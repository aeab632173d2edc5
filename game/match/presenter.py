"""Session state -> what the match screen shows, as plain values (no pygame).

The match scene asks these functions what its side panel, top bar and
primary button show and draws the answers; they read the session (which
asks the engine) and the settings, and change nothing.

>>> from engine import FixedDice, Match
>>> from game.play.session import Session
>>> from game.store.settings import Settings
>>> s = Session(Match(dice=FixedDice([3, 1])))
>>> primary_action(s), top_state(s).turn
('roll', 'Opening roll')
>>> s.roll() and primary_action(s) is None, panel_state(s, Settings(), True).status
(True, 'White to move 3-1')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Sequence, Tuple

from engine import format_dice
from engine.kinds import Phase

from ..board.describe import distribution
from ..play.happenings import Happening, Hint
from ..words.i18n import t, tr
from ..play.match_log import player_name
from ..play.netplay import NetSession
from ..play.numbering import heard_play, heard_point, listener
from ..play.session import Session
from ..store.settings import Settings
from . import hintsay

OPENING, ROLL, MOVE, DOUBLED, RESIGNING, OVER = Phase.OPENING, Phase.ROLL, Phase.MOVE, Phase.DOUBLED, Phase.RESIGNING, Phase.OVER


@dataclass(frozen=True)
class StepChoice:
    """One legal next step as a button: ``frm``/``to`` in the mover's
    numbering; ``renumbered``: its label in the other side's, the
    listener's (:mod:`game.play.numbering`).

    >>> StepChoice(24, 23, 1, renumbered=True).label
    '1 → 2 (1)'
    """

    frm: int
    to: int
    die: int
    renumbered: bool = False

    def point_name(self, p: int) -> str:
        """A point of this step as its label writes it."""
        if p in (25, 0):
            return t("point.bar") if p == 25 else t("point.off")
        return str(heard_point(p, 1, 0 if self.renumbered else 1))

    @property
    def label(self) -> str:
        name = self.point_name
        return t("step.button", frm=name(self.frm), to=name(self.to), die=self.die)

    @property
    def short_label(self) -> str:
        """The label in fewer characters, for buttons too narrow for it: no
        spaces, and the die only where the distance does not say it (a
        checker borne off with a larger die).

        >>> StepChoice(24, 23, 1).short_label, StepChoice(25, 20, 5).short_label, StepChoice(3, 0, 5).short_label
        ('24→23', 'bar→20', '3→off(5)')
        """
        name = self.point_name
        key = "step.short" if self.frm - self.to == self.die else "step.short_die"
        return t(key, frm=name(self.frm), to=name(self.to), die=self.die)


@dataclass(frozen=True)
class PanelState:
    """Everything the panel shows; compared with the last one to redraw only changes."""

    status: str = ""
    score: str = ""
    score_short: str = ""  # the score line when ``score`` is too wide for the panel ("" none)
    pips: str = ""
    #: where the checkers stand, as text: White's line and Black's (the panel wraps them)
    distribution: Tuple[str, str] = ("", "")
    primary: str = ""  # the label of the primary button (Roll / Done / Next game / Menu); "" hides it
    primary_enabled: bool = False
    can_undo: bool = False
    can_take_back: bool = False
    cube: bool = False
    can_double: bool = False
    answer_double: bool = False
    can_hint: bool = False
    #: Take back and Hint are offered (not in a friend game over the network)
    take_back_shown: bool = True
    hint_shown: bool = True
    #: a friend game: the connection's state ("" none), and whether "play on against the computer" is offered
    connection: str = ""
    continue_alone: bool = False
    auto_end: bool = True
    log_visible: bool = True
    steps: Tuple[StepChoice, ...] = ()
    #: the heading over the legal steps ("" none) and the key help where the steps would be, as the phase has them
    steps_title: str = ""
    help: Tuple[str, ...] = ()
    log: Tuple[str, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class TopState:
    """What the top bar shows: the match's score line, whose turn, and whether Resign is there."""

    score: str = ""
    turn: str = ""
    can_resign: bool = False
    #: the words of the way out (Lobby; Leave the match in a friend game), and whether Restart is offered
    lobby: str = ""
    restart: bool = True


def primary_action(session: Session) -> Optional[str]:
    """What Enter, Space and the primary button do now: roll, done,
    next_game, menu, or nothing (None)."""
    s = session
    if s.can_roll():
        return "roll"
    if s.can_end_turn():
        return "done"
    if s.can_next_game():
        return "next_game"
    if s.match.over:
        return "menu"
    return None


def panel_state(session: Session, settings: Settings, log_visible: bool, passes: Sequence[Happening] = (),
                rolling: bool = False) -> PanelState:
    """What the side panel shows for ``session`` now.  ``passes``: throws
    that cannot be played which the board has not shown yet (the panel
    waits for them); ``rolling``: the dice still tumble on the board (the
    panel names the roll, and lists its steps, once they have landed);
    ``log_visible``: the player's choice to show the log."""
    s = session
    g = s.game
    m = s.match
    name = player_name(g.to_act)
    passes = list(passes)
    shown = s.snapshot()
    heard = listener(s, shown)  # whose numbering the panel's points are in (the steps, the log, the checkers)
    log = list(s.log_lines(heard))
    if passes and g.phase != OVER:
        # the board still shows the roll that cannot be played: so does the panel
        h = passes[0]
        trailing = 0
        for e in reversed(g.log):
            if e.kind != "pass":
                break
            trailing += 1
        log = log[: len(log) - min(trailing, len(passes))]
        name = player_name(h.player)
    if passes and g.phase != OVER and passes[0].dice:
        status = t("panel.to_move", name=name, dice=format_dice(passes[0].dice))
    elif g.phase == OVER and g.result is not None:
        status = t("panel.match_over" if m.over and m.length > 1 else "panel.over", name=player_name(g.result.winner))
    elif g.phase == OPENING:
        status = t("panel.opening")
    elif g.phase == ROLL:
        status = t("panel.to_roll", name=name)
    elif g.phase == MOVE and rolling:
        status = t("panel.rolling", name=name)
    elif g.phase == MOVE and g.dice is not None:
        status = t("panel.to_move", name=name, dice=format_dice(g.dice))
    elif g.phase == DOUBLED:
        status = t("panel.doubled", name=name)
    elif g.phase == RESIGNING:
        status = t("panel.resigning", name=name)
    else:
        status = name
    score_short = ""  # for a narrow panel
    if m.length > 1:
        names = dict(name0=player_name(0), name1=player_name(1), score0=m.score[0], score1=m.score[1], length=m.length)
        score = t("panel.score", number=m.game_number, **names)
        score_short = t("panel.score_short", **names)
        if g.crawford:
            score = t("common.joined", a=score, b=t("panel.crawford"))
            score_short = t("common.joined", a=score_short, b=t("top.crawford"))
    else:
        score = t("panel.single")
    p0, p1 = s.pips()
    pips = t("panel.pips", name0=player_name(0), name1=player_name(1), pips0=p0, pips1=p1) if settings.show_pips else ""
    primary = primary_action(s)
    if primary == "menu":
        primary = None  # the panel's Menu button is there already: one is enough (Enter still opens it)
    primary_label = {
        "roll": t("button.roll"),
        "done": t("button.done"),
        "next_game": t("button.next_game"),
    }.get(primary or "", "" if s.match.over else t("button.done") if g.phase == MOVE else t("button.roll"))
    steps = tuple(StepChoice(st.frm, st.to, st.die, g.turn != heard) for st in s.legal_steps()) if g.phase == MOVE and not rolling else ()  # none while a question is answered
    steps_title, help_lines = steps_and_help(s, steps)
    friend = online_with_friend(s)
    return PanelState(
        distribution=distribution(shown, heard),
        status=status,
        score=score,
        score_short=score_short,
        pips=pips,
        primary=primary_label,
        primary_enabled=primary is not None,
        can_undo=s.can_undo(),
        can_take_back=s.can_take_back(),
        cube=g.cube_enabled,
        can_double=s.can_double(),
        can_hint=s.can_hint() or s.can_advise_cube(),  # the checker hint, or the cube advice
        take_back_shown=not friend,
        hint_shown=not friend,
        connection=tr(s.status()) if isinstance(s, NetSession) else "",
        continue_alone=friend and isinstance(s, NetSession) and (s.may_continue or s.may_play_here),
        answer_double=s.must_answer_double(),
        auto_end=settings.auto_end_turn,
        log_visible=log_visible,
        steps=steps,
        steps_title=steps_title,
        help=help_lines,
        log=tuple(log),
    )


def steps_and_help(session: Session, steps: Sequence[StepChoice]) -> Tuple[str, Tuple[str, ...]]:
    """The heading over the legal steps and the lines of key help, as the
    phase has them: while a double waits for this screen's answer only how
    to answer it; while a resignation is answered, or the game is over,
    neither steps nor the keys of a turn; steps to play: their heading;
    else what the keys do in a turn.

    >>> from engine import FixedDice, Match
    >>> s = Session(Match(cube=True, dice=FixedDice([3, 1])))
    >>> steps_and_help(s, ())[1][0] == t("panel.keys1")
    True
    >>> s.roll() and steps_and_help(s, (StepChoice(8, 5, 3),)) == (t("panel.steps"), ())
    True
    """
    g = session.game
    if g.phase == DOUBLED:
        return "", (t("panel.keys_answer"), t("panel.keys_buttons")) if session.must_answer_double() else ()
    if g.phase in (RESIGNING, OVER):
        return "", ()
    if steps:
        return t("panel.steps"), ()
    undo = t("panel.keys2_undo") if online_with_friend(session) else t("panel.keys2")  # no take-back with a friend
    return "", (t("panel.keys1"), undo, t("panel.keys_board"))


def widget_kinds(session: Session) -> Tuple[bool, bool]:
    """What the panel is made for: (the cube, a friend game over the network)."""
    return session.game.cube_enabled or session.match.cube, isinstance(session, NetSession)


def online_with_friend(session: Session) -> bool:
    """Is this a friend game still played over the network (no take-back,
    no hints, no restart; the way out is leaving the match)?"""
    return isinstance(session, NetSession) and session.online


def take_back_refusal(session: Session) -> str:
    """Why the last turn cannot be taken back now, in the player's words:
    once the dice are rolled only the turn's steps can be undone; before
    any turn is played there is nothing to take back; while the other
    side acts, it waits.

    >>> from engine import FixedDice, Match
    >>> s = Session(Match(dice=FixedDice([3, 1])))
    >>> s.roll() and take_back_refusal(s) == t("takeback.after_roll")
    True
    """
    s = session
    g = s.game
    if online_with_friend(s):
        return t("takeback.friend")
    if not s.human_to_act or s.thinking:
        return t("takeback.wait")
    if g.phase == MOVE:
        return t("takeback.after_roll")
    if g.phase in (OPENING, ROLL):
        return t("takeback.nothing")
    return t("takeback.not_now")


def top_state(session: Session, passes: Sequence[Happening] = ()) -> TopState:
    """What the top bar shows for ``session`` now (``passes`` as for :func:`panel_state`)."""
    s = session
    g, m = s.game, s.match
    if m.length > 1:
        score = t("top.match", length=m.length, name0=player_name(0), name1=player_name(1), score0=m.score[0], score1=m.score[1])
        if g.crawford:
            score = t("common.joined", a=score, b=t("top.crawford"))
    else:
        score = t("top.single")
    if g.phase == OVER and g.result is not None:
        turn = t("top.over", name=player_name(g.result.winner))
    elif g.phase in (DOUBLED, RESIGNING):
        turn = t("top.answer", name=player_name(g.to_act))
    elif g.phase == OPENING:
        turn = t("panel.opening")
    elif passes:
        turn = t("top.turn", name=player_name(passes[0].player))
    else:
        turn = t("top.turn", name=player_name(g.to_act))
    friend = online_with_friend(s)
    return TopState(score=score, turn=turn, can_resign=s.can_resign(), lobby=t("top.leave") if friend else t("top.lobby"),
                    restart=not isinstance(s, NetSession))


@dataclass(frozen=True)
class BoardWords:
    """The words over the board while nothing moves on it, and whether it shows a human's move."""

    banner: Optional[str] = None
    prompt: Optional[str] = None
    #: a human moves now: the board shows what can move, the selection and the hint
    moving: bool = False
    #: the hint's lines while a human moves (:func:`hint_lines`), its points in the listener's numbering;
    #: before the roll or answering a double, the cube advice asked for (:func:`~game.match.hintsay.cube_lines`)
    hint_lines: Tuple[str, ...] = ()


def board_words(session: Session, result_pending: bool) -> BoardWords:
    """What the board says for ``session`` now: the result of a game over
    (while ``result_pending``, before the result screen goes over it), who
    thinks, or that the dice are to be rolled."""
    s = session
    g = s.game
    if g.phase == OVER and g.result is not None and result_pending:
        r = g.result
        if s.match.over and s.match.length > 1:
            banner = t("result.match", name=player_name(r.winner), score0=s.match.score[0], score1=s.match.score[1])
        else:
            banner = t("result.banner", name=player_name(r.winner), kind=t(f"result.{r.kind}"), points=r.points)
        return BoardWords(banner=banner)
    advice = s.cube_advice  # asked for (H) at a cube decision of this screen's player: shown until it is made
    cube_lines = hintsay.cube_lines(advice) if advice is not None else ()
    if g.phase in (OPENING, ROLL) and s.can_roll():  # (a friend game's opening roll is either player's)
        return BoardWords(prompt=t("board.roll_prompt"), hint_lines=cube_lines)
    if isinstance(s, NetSession) and s.status().key == "net.status.rematch_waiting":  # asked: the friend's answer is awaited
        return BoardWords(prompt=tr(s.status()))
    if not s.human_to_act:
        return BoardWords(prompt=t("board.thinking", name=player_name(g.to_act)) if s.thinking else None)
    if g.phase in (OPENING, ROLL):
        return BoardWords(prompt=None)  # the dice are being thrown
    hint = s.hint if g.phase == MOVE else None
    lines = hint_lines(hint, g.turn, listener(s, s.snapshot())) if hint is not None else cube_lines
    return BoardWords(moving=g.phase == MOVE, hint_lines=lines)


def animation_banner(kind: str, happening: Happening) -> Optional[str]:
    """The banner over the board while ``happening`` is shown (an animation of ``kind``)."""
    if kind == "pass":
        return t("board.no_moves")
    if kind == "take":
        return t("board.takes", name=player_name(happening.player), value=happening.after.cube_value)
    if kind == "drop":
        return t("board.drops", name=player_name(happening.player))
    return None


def hint_lines(hint: Hint, mover: int, heard: int) -> Tuple[str, ...]:
    """The hint's ranked plays, each on a line (made by ``mover``, in
    ``heard``'s numbering), with its numbers labelled on the next: the
    equity, and the winning and gammon chances in percent when the expert
    gave them."""
    lines = []
    for i, (_, eq, text) in enumerate(hint.plays):
        lines.append(t("board.hint_line", rank=i + 1, play=heard_play(text, mover, heard)))
        if i < len(hint.chances):
            win, gammon = hint.chances[i]
            lines.append(t("board.hint_numbers_chances", equity=f"{eq:+.3f}", win=f"{100 * win:.0f}", gammon=f"{100 * gammon:.0f}"))
        else:
            lines.append(t("board.hint_numbers", equity=f"{eq:+.3f}"))
    return tuple(lines)
