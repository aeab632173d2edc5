"""The review's words, in the language shown (no pygame): a decision's lines
for the panel, each player's summary (the error rate overall, checker play
and cube decisions apart, as GNU Backgammon shows them; the mistakes; luck
with its rating word), the graph's words and the depth of the analysis."""

from __future__ import annotations

from typing import List, Optional, Tuple

from engine import format_dice
from engine.analysis import Decision, Kind, Label, MatchAnalysis, PlayerSummary

from ..words.i18n import t
from .match_log import player_name


def decision_lines(d: Decision, index: int, total: int) -> List[str]:
    """The panel's lines for decision ``d`` (number ``index`` of ``total``)."""
    name = player_name(d.player)
    lines = [t("review.where", game=d.game, number=index + 1, total=total)]
    if d.kind is Kind.MOVE:
        dice = format_dice(d.dice) if d.dice else ""
        lines.append(t("review.roll", name=name, dice=dice))
        lines.append(t("review.played", play=d.played or t("review.no_play")))
        lines.append(t("review.best", play=d.best or t("review.no_play")))
    else:
        lines.append(t("review.cube", name=name))
        lines.append(t("review.played", play=t(f"review.action.{d.played}")))
        lines.append(t("review.best", play=t(f"review.action.{d.best}")))
    if d.forced:
        lines.append(t("review.forced"))
    elif d.mistake:
        lines.append(t("review.loss", label=t(f"review.label.{d.label.value}"), loss=f"{d.loss:.3f}"))
    else:
        lines.append(t("review.good"))
    lines.append(t("review.luck", luck=f"{d.luck:+.2f}") if d.kind is Kind.MOVE else "")
    return lines


def rate_line(s: PlayerSummary) -> str:
    """The player's error rate overall with its rating word."""
    rating = t(f"review.rating.{s.rating.value}") if s.rating is not None else t("review.rating.none")
    return t("review.summary_rate", name=player_name(s.player), rate=f"{s.error_rate:.1f}", rating=rating)


def split_line(s: PlayerSummary) -> str:
    """Checker play and cube decisions apart: each one's error rate and count."""
    return t("review.summary_split", checker=f"{s.checker_rate:.1f}", moves=s.checker_decisions,
             cube=f"{s.cube_rate:.1f}", cubes=s.cube_decisions)


def luck_line(s: PlayerSummary) -> str:
    """The player's luck in total and a game, with GNU Backgammon's luck rating."""
    rating = t(f"review.luck.{s.luck_rating.value}") if s.luck_rating is not None else t("review.rating.none")
    return t("review.summary_luck_rated", luck=f"{s.luck:+.2f}", per_game=f"{s.luck_per_game:+.2f}", rating=rating)


def summary_lines(analysis: MatchAnalysis) -> List[str]:
    """Each player's error rate per decision in millipoints with its rating
    word, checker play and cube apart, mistakes by label and luck; then
    what the error rate is and how deep the judge looked."""
    out = []
    for s in analysis.players:
        out.append(rate_line(s))
        out.append(split_line(s))
        counts = {k.value: v for k, v in s.labels.items()}
        out.append(t("review.summary_labels", very_bad=counts["very bad"], bad=counts["bad"], doubtful=counts["doubtful"]))
        out.append(luck_line(s))
    out.append(t("review.summary_note"))
    out.append(t("review.analysed", ply=analysis.ply))
    return out


def depth_words(ply: int) -> str:
    """The depth button's words: the depth the review analyses at."""
    return t(f"review.depth.{ply}")


def status_line(busy: bool, percent: int, ply: int, failed: Optional[str] = None) -> str:
    """The line under the decision's: the analysis under way, failed, or done at its depth."""
    if failed is not None:
        return t("review.failed", reason=failed)
    return t("review.analysing", percent=percent) if busy else t("review.analysed", ply=ply)


def graph_titles(match: bool) -> Tuple[str, str]:
    """The graph's upright axis (White's chances, of the match in a match) and its across axis."""
    key = "review.graph.y_match" if match else "review.graph.y_game"
    return t(key, name=player_name(0)), t("review.graph.x")


def graph_labels() -> Tuple[Tuple[Label, str], ...]:
    return tuple((label, t(f"review.label.{label.value}")) for label in (Label.DOUBTFUL, Label.BAD, Label.VERY_BAD))
