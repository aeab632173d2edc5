"""The hint in words: H never changes the game.

With no step played the expert's best plays are said, best first (the
board draws them).  With steps played they stay played: what is left of the
best play that still fits them is said ("Hint for the dice left: 6 to 3"),
or that the steps so far have left the best plays.  Where a cube decision is
the player's (before the roll with the cube theirs to turn, or answering a
double) the cube advice is said (:func:`cube_said`) and shown in the hint's
box (:func:`cube_lines`): the engine's figures, the proper action marked.  Where
no hint applies (the opening, the other side's turn, a cube that is not the
player's to turn) H says so, and what the player may do now.

>>> from engine import FixedDice, Match
>>> from game.play.session import Session
>>> s = Session(Match(length=5, cube=True, dice=FixedDice([3, 1, 6, 4])))
>>> no_hint_words(s)
'No checker hint now. Opening roll: each side throws one die. Space rolls.'
"""

from __future__ import annotations

from typing import Optional, Tuple

from engine import CubeAction, CubeAdvice, CubeFigure, format_play
from engine.kinds import Phase

from ..play.hints import rest_of, turn_key
from ..play.session import Session
from ..words.i18n import t
from .ask import spoken_hint
from .whatnow import next_words


def no_hint_words(session: Session) -> str:
    """H where no checker hint applies: that, and what the player may do now."""
    snap = session.snapshot()
    if snap.phase == Phase.OVER:
        return t("ask.dice.over")
    return " ".join([t("say.hint.none")] + next_words(session, snap))


def hint_words(session: Session) -> Optional[str]:
    """The hint that has come, in words, for the turn as it stands (None: none for this turn)."""
    hint = session.hint
    if hint is not None:
        if not hint.plays:
            return None
        plays = [t("say.hint_play", rank=i + 1, play=spoken_hint(session, text)) for i, (_, _, text) in enumerate(hint.plays)]
        return t("say.hint", plays=" ".join(plays))
    g = session.game
    turn = g.current_turn
    latest = session.hints.latest
    if turn is None or latest is None or not latest.plays or not session.can_hint():
        return None
    if latest.key != turn_key(g, session.match.game_number):
        return None
    start = g.turn_start
    for play, _, _ in latest.plays:
        rest = rest_of(start, play, turn.play)
        if rest is None:
            continue
        if not rest:
            return t("say.hint.played")
        return t("say.hint.rest", plays=spoken_hint(session, format_play(turn.position, rest)))
    return t("say.hint.left", play=spoken_hint(session, latest.plays[0][2]))


# -- the cube advice -------------------------------------------------------------------
def _action(action: CubeAction, spoken: bool) -> str:
    return t(("say.cube." if spoken else "cube.") + action.name.lower())


def _figure(figure: CubeFigure, spoken: bool) -> str:
    """Money: the cubeful equity (+0.412); a match: the match-winning chance and its equity."""
    equity = f"{figure.equity:+.3f}"
    if figure.mwc is None:
        return equity
    return t("say.cube.figure_match" if spoken else "cube.figure_match", mwc=f"{100 * figure.mwc:.1f}", equity=equity)


def cube_lines(advice: CubeAdvice) -> Tuple[str, ...]:
    """The advice as shown: what the figures are, one line a figure (the
    proper action's marked), the proper action, and whether the score decides."""
    best = advice.best.action
    lines = [t("board.cube_title.match" if advice.in_match else "board.cube_title.money")]
    for f in advice.figures:
        lines.append(t("board.cube_line_proper" if f.action is best else "board.cube_line", action=_action(f.action, False),
                       figure=_figure(f, False)))
    lines.append(t("board.cube_proper", action=_action(advice.proper, True)))
    if advice.score_decides:
        lines.append(t("board.cube_score"))
    return tuple(lines)


def cube_figures_said(advice: CubeAdvice) -> str:
    """The figures in words: "no double +0.412; double, take +0.380; double, pass +1.000"."""
    return t("say.cube.sep").join(t("say.cube.figure", action=_action(f.action, True), figure=_figure(f, True))
                                   for f in advice.figures)


def cube_said(advice: CubeAdvice) -> str:
    """The advice as said: the figures, then the proper action (and that the score decides)."""
    words = t("say.cube.advice", figures=cube_figures_said(advice), proper=_action(advice.proper, True))
    return words + (" " + t("say.cube.score") if advice.score_decides else "")
