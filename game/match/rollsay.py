"""A rollout in words: its rows as shown (the play in the listener's
numbering, the equity with its 95 % half-width, the chances of winning and
of winning a gammon, the trials done) and as said; the line under the
heading, the status, what is said as the screen opens, as the rollout
starts, at each quarter and as it ends.

>>> from engine import Position
>>> from engine.rollout import Estimate, RolloutResult
>>> from game.play.rollout_job import Candidate, RolloutKind, RolloutRequest
>>> req = RolloutRequest(RolloutKind.PLAYS, Position.initial(), 1, 0, (Candidate(((8, 5), (6, 5)), "8/5 6/5"),), (3, 1))
>>> e = Estimate(0.1, 0.01)
>>> r = RolloutResult(324, (Estimate(0.53, 0.01), Estimate(0.14, 0.01), e, e, e), Estimate(0.166, 0.012), None, False)
>>> row_figures(req, 0, r, cubeful=False, best=False).cells()
('1. 17/20 19/20', '+0.166 ±0.012', '53.0%', '14.0%', '324')
>>> row_said(req, 0, r, cubeful=False)
'1. 17 to 20, 19 to 20: cubeless equity +0.166, plus or minus 0.012; win 53.0 percent, gammon 14.0 percent; 324 trials.'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence, Tuple

from engine import format_dice, ordered_dice
from engine.rollout import Estimate, RolloutResult

from ..play.match_log import player_name
from ..play.numbering import heard_play
from ..play.rollout_job import RolloutKind, RolloutRequest
from ..words.i18n import counted, t
from .ask import spoken_play

#: the columns of a row, in order
COLUMNS = ("play", "equity", "win", "gammon", "trials")
#: quarters said as the rollout goes (the fourth is the end, said with the figures)
QUARTERS = 4


@dataclass(frozen=True)
class RowFigures:
    """What one row shows, a text per column."""

    play: str
    equity: str
    win: str
    gammon: str
    trials: str

    def cells(self) -> Tuple[str, str, str, str, str]:
        return (self.play, self.equity, self.win, self.gammon, self.trials)


def headers() -> Tuple[str, ...]:
    """The columns' names."""
    return tuple(t(f"rollout.col.{c}") for c in COLUMNS)


def equity_of(result: RolloutResult, cubeful: bool) -> Estimate:
    """The equity a row shows: the cubeful one of a cubeful rollout, else the cubeless."""
    return result.cubeful_equity if cubeful and result.cubeful_equity is not None else result.equity


def has_figures(result: Optional[RolloutResult]) -> bool:
    return result is not None and result.trials > 0


def _heard(request: RolloutRequest, i: int) -> str:
    """Row ``i``'s play in notation, in the listener's numbering."""
    return heard_play(request.candidates[i].text, request.side, request.listener)


def shown_play(request: RolloutRequest, i: int) -> str:
    """Row ``i``'s name as shown: "1. 8/5 6/5" (the hint's rank, the play in
    the listener's numbering), the play made marked; the position's row."""
    if request.kind is RolloutKind.POSITION:
        return t("rollout.position_row")
    words = t("board.hint_line", rank=i + 1, play=_heard(request, i))
    return t("rollout.made", play=words) if request.candidates[i].made else words


def said_play(request: RolloutRequest, i: int) -> str:
    """Row ``i``'s name as said: "1. 8 to 5, 6 to 5"."""
    if request.kind is RolloutKind.POSITION:
        return t("rollout.position_row")
    words = t("board.hint_line", rank=i + 1, play=spoken_play(_heard(request, i)))
    return t("rollout.made", play=words) if request.candidates[i].made else words


def _percent(p: Estimate) -> str:
    return f"{100 * p.mean:.1f}"


def row_figures(request: RolloutRequest, i: int, result: Optional[RolloutResult], cubeful: bool, best: bool) -> RowFigures:
    """Row ``i`` as shown, with the figures so far (``result``; None: none
    yet); ``best``: the best row by the rollout (marked)."""
    play = shown_play(request, i)
    play = t("rollout.best", play=play) if best else play
    if result is None or not has_figures(result):
        empty = t("rollout.empty")
        return RowFigures(play, empty, empty, empty, "0")
    eq = equity_of(result, cubeful)
    win, gammon = result.probabilities[0], result.probabilities[1]
    trials = t("rollout.trials_stopped", n=result.trials) if result.stopped else str(result.trials)
    return RowFigures(play, t("rollout.equity", mean=f"{eq.mean:+.3f}", half=f"{eq.half_width:.3f}"),
                      t("rollout.percent", value=_percent(win)), t("rollout.percent", value=_percent(gammon)), trials)


def widest_figures() -> RowFigures:
    """The widest figures a row may show (to size the columns)."""
    return RowFigures("", t("rollout.equity", mean="-0.000", half="0.000"), t("rollout.percent", value="100.0"),
                      t("rollout.percent", value="100.0"), t("rollout.trials_stopped", n=8888))


def row_said(request: RolloutRequest, i: int, result: Optional[RolloutResult], cubeful: bool) -> str:
    """Row ``i`` as said, with its figures (or that it has none yet)."""
    play = said_play(request, i)
    if result is None or not has_figures(result):
        return t("say.rollout.row_waiting", play=play)
    eq = equity_of(result, cubeful)
    kind = t("say.rollout.cubeful" if cubeful and result.cubeful_equity is not None else "say.rollout.cubeless")
    return t("say.rollout.row", play=play, kind=kind, mean=f"{eq.mean:+.3f}", half=f"{eq.half_width:.3f}",
             win=_percent(result.probabilities[0]), gammon=_percent(result.probabilities[1]), trials=result.trials)


def best_row(results: Sequence[RolloutResult], cubeful: bool) -> Optional[int]:
    """The row the rollout finds best (None: fewer than two rows with figures)."""
    rated = [(equity_of(r, cubeful).mean, i) for i, r in enumerate(results) if has_figures(r)]
    if len(rated) < 2:
        return None
    return max(rated, key=lambda r: (r[0], -r[1]))[1]


def subtitle(request: RolloutRequest, spoken: bool = False) -> str:
    """The line under the heading: whose roll, the dice and how many plays;
    or the position before the roll (``spoken``: as said, the dice in words)."""
    name = player_name(request.side)
    join = "say.rollout.join" if spoken else "common.joined"
    if request.kind is RolloutKind.POSITION or request.dice is None:
        line = t("rollout.line.position", name=name)
    else:
        d1, d2 = ordered_dice(request.dice)
        dice = t("say.dice.and", a=d1, b=d2) if spoken else format_dice(request.dice)
        line = t(join, a=t("rollout.line.plays", name=name, dice=dice), b=counted("rollout.count", len(request.candidates)))
    return t(join, a=line, b=t("rollout.line.money")) if request.in_match else line


def opening_said(request: RolloutRequest) -> str:
    """What is said as the screen opens: the heading, the line under it, what to do."""
    return t("say.rollout.open", title=t("rollout.title"), line=subtitle(request, spoken=True))


def start_said(request: RolloutRequest) -> str:
    """ "Rolling out 3 plays…" """
    if request.kind is RolloutKind.POSITION:
        return t("say.rollout.start_position")
    return counted("say.rollout.start", len(request.candidates))


def quarter_said(quarter: int) -> str:
    """ "25 percent done." """
    return t("say.rollout.progress", percent=100 * quarter // QUARTERS)


def end_said(request: RolloutRequest, results: Sequence[RolloutResult], cubeful: bool, stopped: bool) -> str:
    """The end: done or stopped, each row's figures, the best by the rollout."""
    parts = [t("say.rollout.stopped" if stopped else "say.rollout.done")]
    parts += [row_said(request, i, results[i] if i < len(results) else None, cubeful) for i in range(len(request.candidates))]
    best = best_row(results, cubeful)
    if best is not None:
        parts.append(t("say.rollout.best", play=said_play(request, best)))
    return " ".join(parts)
