"""The review screen: a finished (or any) match, every decision rated.

The analysis runs on a worker thread (:class:`~game.play.review_model.AnalysisJob`)
while a progress bar fills; then the board shows each decision in turn: the
position, the dice, the play made (orange arrows) and the expert's best play
(blue arrows), the loss and its label, the luck of the roll; the cube only in
a game played with it.  Below, the winning-chances graph
(:mod:`game.board.graph`) marks the mistakes and the big luck, with its words
and a legend of its marks and of the arrows; a click on it goes to that
decision.  "Summary" shows each player's error rate per decision in
millipoints (mEMG) with GNU Backgammon's rating word, mistakes by label and
luck; "Show IDs" shows the position's GNU Backgammon IDs and copies them to
the clipboard.

Keys and pads: left/right (arrows, d-pad) a decision back or on; Tab and
Shift+Tab (RB and LB) the next or previous mistake; up/down and Enter (A)
the buttons; Escape (B) back.
"""

from __future__ import annotations

import math
from typing import List, Optional, Tuple

import pygame

from engine import Match, format_dice
from engine.analysis import Decision, Kind, Label, MatchAnalysis
from engine.kinds import Phase

from ..system import clipboard
from .host import AppHost
from ..board.graph import BEST, PLAYED, GraphWords, WinGraph
from ..board.layout import Layout
from ..board.render import BoardRenderer, BoardView
from ..words.i18n import t
from ..input.intents import intent_of
from ..play.review_model import AnalysisJob, ReviewModel, decision_ids, played_with_cube
from ..play.session import Snapshot, player_name
from .ui import Action, MenuScene

TEXT = (236, 222, 196)
BAR_BACK = (60, 66, 74)
BAR_FILL = (110, 205, 120)


def snapshot_of(d: Decision, cube: bool = True) -> Snapshot:
    """What the board shows for decision ``d`` (absolute, for drawing);
    ``cube``: the game was played with the cube (else none is drawn)."""
    pos = d.position
    mine = (pos.borne_off[0],) + tuple(pos.on_roll_counts())
    theirs = (pos.borne_off[1],) + tuple(pos.opponent_counts())
    counts = (mine, theirs) if d.player == 0 else (theirs, mine)
    pm, po = pos.pips()
    pips = (pm, po) if d.player == 0 else (po, pm)
    dice = d.dice
    remaining: Tuple[int, ...] = ()
    if dice:
        remaining = (dice[0],) * 4 if dice[0] == dice[1] else tuple(dice)
    answering = d.kind in (Kind.TAKE, Kind.DROP)
    turn = 1 - d.player if answering else d.player
    return Snapshot(counts=counts, turn=turn, to_act=d.player, phase=Phase.MOVE if dice else Phase.ROLL, dice=dice,
                    remaining=remaining, cube_enabled=cube, cube_value=d.cube_value, cube_owner=d.cube_owner, pips=pips)


def draw_arrows(surface: pygame.Surface, layout: Layout, snap: Snapshot, viewer: int, player: int,
                steps: Tuple[Tuple[int, int], ...], colour: Tuple[int, int, int], offset: float = 0.0) -> List[Tuple[Tuple[float, float], Tuple[float, float]]]:
    """Arrows for ``player``'s ``steps`` (that player's numbering) from the
    board of ``snap``; returns their (start, end) points."""
    side = 0 if player == viewer else 1
    counts = list(snap.counts[player])
    segments = []
    for frm, to in steps:
        a = layout.slot(side, frm, max(0, counts[frm] - 1))
        counts[frm] -= 1
        b = layout.slot(side, to, counts[to])
        counts[to] += 1
        segments.append((a, b))
    width = max(2, int(layout.d * 0.09))
    shift = layout.d * offset
    for (ax, ay), (bx, by) in segments:
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy)
        if length < 1:
            continue
        ux, uy = dx / length, dy / length
        ax, ay, bx, by = ax - uy * shift, ay + ux * shift, bx - uy * shift, by + ux * shift
        head = min(length * 0.5, layout.d * 0.45)
        base = (bx - ux * head, by - uy * head)
        pygame.draw.line(surface, colour, (ax, ay), base, width)
        wing = head * 0.55
        pygame.draw.polygon(surface, colour, [(bx, by), (base[0] - uy * wing, base[1] + ux * wing), (base[0] + uy * wing, base[1] - ux * wing)])
    return segments


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


def summary_lines(analysis: MatchAnalysis) -> List[str]:
    """Each player's error rate per decision in millipoints with its rating
    word, mistakes by label and luck; then what the error rate is."""
    out = []
    for s in analysis.players:
        rating = t(f"review.rating.{s.rating.value}") if s.rating is not None else t("review.rating.none")
        out.append(t("review.summary_rate", name=player_name(s.player), rate=f"{s.error_rate:.1f}", rating=rating))
        counts = {k.value: v for k, v in s.labels.items()}
        out.append(t("review.summary_labels", very_bad=counts["very bad"], bad=counts["bad"], doubtful=counts["doubtful"]))
        out.append(t("review.summary_luck", luck=f"{s.luck:+.2f}", decisions=s.decisions))
    out.append(t("review.summary_note"))
    return out


def graph_words() -> GraphWords:
    """The graph's words in the language shown."""
    return GraphWords(
        title=t("review.graph.title", name=player_name(0)),
        played=t("review.graph.played"),
        best=t("review.graph.best"),
        labels=tuple((label, t(f"review.label.{label.value}")) for label in (Label.DOUBTFUL, Label.BAD, Label.VERY_BAD)),
        lucky=(t("review.graph.lucky", name=player_name(0)), t("review.graph.lucky", name=player_name(1))),
    )


class ReviewScene(MenuScene):
    """Review ``match``; ``back()`` leaves (to the screen it was opened from).
    ``analysis``: an analysis already made (else one starts now)."""

    def __init__(self, app: AppHost, match: Match, viewer: int = 0,
                 analysis: Optional[MatchAnalysis] = None, job: Optional[AnalysisJob] = None):
        super().__init__(app)
        self.match = match
        self.viewer = viewer
        self.job: Optional[AnalysisJob] = None if analysis is not None else (job or AnalysisJob(match))
        self.model: Optional[ReviewModel] = ReviewModel(analysis) if analysis is not None else None
        self.layout: Optional[Layout] = None
        self.renderer: Optional[BoardRenderer] = None
        self.graph: Optional[WinGraph] = None
        self.graph_rect = pygame.Rect(0, 0, 0, 0)
        self.message = ""
        self.show_summary = False
        self.error: Optional[str] = None
        self._progress_shown = -1.0
        self.line_labels: List = []
        self.buttons: dict = {}
        #: the rows of the box over the board (the summary or a message), as last drawn
        self.box_rows: List[str] = []

    # -- building ----------------------------------------------------------------------------
    def build(self, size: Tuple[int, int]) -> None:
        w, h = size
        f = self.font_px
        gh = max(int(h * 0.2), 4 * f)
        self.layout = Layout((w, h - gh))
        s = self.app.settings
        self.renderer = BoardRenderer(self.layout, show_numbers=s.show_point_numbers, show_pips=s.show_pips)
        m = max(6, f // 2)
        self.graph_rect = pygame.Rect(m, h - gh + m // 2, w - 2 * m, gh - m)
        self.graph = WinGraph(self.graph_rect, self.model.decisions, graph_words(), self.renderer.text) if self.model else None
        panel = self.layout.panel_rect
        x, pw = panel.x + m, panel.width - 2 * m
        lh = int(f * 1.5)
        y = panel.y + m
        self.line_labels = []
        for _ in range(6):
            self.line_labels.append(self.label(pygame.Rect(x, y, pw, lh), " ", object_id="#status"))
            y += lh
        bh = int(f * 2.1)
        gap = max(4, f // 3)
        y += gap
        self.buttons = {}
        ready = self.model is not None and bool(self.model.decisions)
        for action, key in (("prev_mistake", "review.prev_mistake"), ("prev", "review.prev"), ("next", "review.next"),
                            ("next_mistake", "review.next_mistake"), ("summary", "review.summary"),
                            ("ids", "review.ids"), ("back", "review.back")):
            b = self.button(pygame.Rect(x, y, pw, bh), t(key), (action,))
            if not ready and action != "back":
                b.disable()
            self.buttons[action] = b
            y += bh + gap
        self._show_lines()

    def _show_lines(self) -> None:
        lines: List[str] = []
        if self.error is not None:
            lines = [t("review.failed", reason=self.error)]
        elif self.model is None:
            lines = [t("review.title"), t("review.analysing", percent=int(100 * (self.job.fraction if self.job else 0)))]
        elif not self.model.decisions:
            lines = [t("review.nothing")]
        else:
            d = self.model.current
            assert d is not None
            lines = decision_lines(d, self.model.index, len(self.model.decisions))
        for label, text in zip(self.line_labels, lines + [""] * len(self.line_labels)):
            label.set_text(text or " ")
        self.dirty = True

    # -- time ------------------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        return self.job is not None and self.model is None and self.error is None

    def update(self, dt: float) -> None:
        super().update(dt)
        job = self.job
        if job is None or self.model is not None or self.error is not None:
            return
        if job.finished:
            if job.result is not None:
                self.model = ReviewModel(job.result)
            else:
                self.error = job.error or "?"
            self._rebuild(self.app.size)
        elif abs(job.fraction - self._progress_shown) >= 0.01:
            self._progress_shown = job.fraction
            self._show_lines()

    # -- input ---------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        intent = intent_of(event)
        if self.model is not None and intent in ("left", "right", "focus_next", "focus_prev"):
            {"left": self.prev, "right": self.next, "focus_next": self.next_mistake, "focus_prev": self.prev_mistake}[intent]()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1 and self.graph is not None:
            i = self.graph.index_at(event.pos)
            if i is not None and self.model is not None:
                self.go(i)
                return
        super().handle_event(event)

    def key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_i:
            self.act(("ids",))
        elif event.key == pygame.K_s:
            self.act(("summary",))

    def act(self, action: Action) -> None:
        kind = action[0]
        if kind == "back":
            self.back()
        elif kind == "prev":
            self.prev()
        elif kind == "next":
            self.next()
        elif kind == "prev_mistake":
            self.prev_mistake()
        elif kind == "next_mistake":
            self.next_mistake()
        elif kind == "summary" and self.model is not None:
            self.show_summary = not self.show_summary
            self.dirty = True
        elif kind == "ids" and self.model is not None and self.model.current is not None:
            pid, mid = decision_ids(self.match, self.model.current)
            clipboard.copy(f"{pid}:{mid}")
            self.message = t("review.ids_line", pid=pid, mid=mid) + " · " + t("review.copied")
            self.dirty = True

    def _moved(self, changed: bool) -> None:
        if changed:
            self.message = ""
            self.show_summary = False
            self._show_lines()

    def go(self, index: int) -> None:
        if self.model is not None:
            self._moved(self.model.go(index))

    def prev(self) -> None:
        if self.model is not None:
            self._moved(self.model.step(-1))

    def next(self) -> None:
        if self.model is not None:
            self._moved(self.model.step(1))

    def next_mistake(self) -> None:
        if self.model is not None:
            self._moved(self.model.next_mistake())

    def prev_mistake(self) -> None:
        if self.model is not None:
            self._moved(self.model.prev_mistake())

    def back(self) -> None:
        if self.job is not None:
            self.job.cancel()
        self.app.flow.back()  # to the screen the review was opened from

    # -- drawing ---------------------------------------------------------------------------------
    def render(self, surface: pygame.Surface, alpha: float) -> Optional[List[pygame.Rect]]:  # type: ignore[override]
        if self.busy and not self.dirty:
            return []  # the progress bar has not moved: nothing to draw
        return super().render(surface, alpha)

    def draw_extra(self, surface: pygame.Surface) -> None:
        assert self.layout is not None and self.renderer is not None
        d = self.model.current if self.model is not None else None
        if d is None:
            self._draw_progress(surface)
            return
        snap = snapshot_of(d, played_with_cube(self.match, d))
        self.renderer.draw(surface, BoardView(snap=snap, viewer=self.viewer))
        if d.kind is Kind.MOVE:
            if d.best_play and d.best_play != d.played_play:
                draw_arrows(surface, self.layout, snap, self.viewer, d.player, d.best_play, BEST, offset=0.12)
            if d.played_play:
                draw_arrows(surface, self.layout, snap, self.viewer, d.player, d.played_play, PLAYED, offset=-0.12)
        assert self.graph is not None and self.model is not None
        self.graph.draw(surface, self.model.index)
        if self.show_summary:
            self._draw_box(surface, [t("review.summary_title")] + summary_lines(self.model.analysis))
        elif self.message:
            self._draw_box(surface, [self.message], bottom=True)

    def _draw_box(self, surface: pygame.Surface, lines: List[str], bottom: bool = False) -> None:
        assert self.renderer is not None and self.layout is not None
        from ..words.help_text import wrap_html

        px = self.layout.font_px("prompt")
        pad = px // 2
        font = self.renderer.text.font(px)
        room = self.layout.board_rect.width - 2 * pad
        rows = [row for line in lines for row in (wrap_html(line, lambda s: font.size(s)[0], room).split("<br>") if line else [""])]
        labels = [self.renderer.text.render(row, px, TEXT) for row in rows]
        self.box_rows = rows
        w = min(self.layout.board_rect.width, max(lab.get_width() for lab in labels) + 2 * pad)
        h = sum(lab.get_height() for lab in labels) + 2 * pad
        box = pygame.Rect(0, 0, w, h)
        box.center = self.layout.board_rect.center
        if bottom:
            box.bottom = self.layout.board_rect.bottom - pad
        pygame.draw.rect(surface, (20, 24, 29), box, border_radius=8)
        pygame.draw.rect(surface, BEST, box, 2, border_radius=8)
        y = box.top + pad
        for lab in labels:
            surface.blit(lab, (box.left + pad, y), area=pygame.Rect(0, 0, w - 2 * pad, lab.get_height()))
            y += lab.get_height()

    def _draw_progress(self, surface: pygame.Surface) -> None:
        r = self.graph_rect
        bar = pygame.Rect(r.x, r.centery - r.height // 6, r.width, max(6, r.height // 3))
        pygame.draw.rect(surface, BAR_BACK, bar, border_radius=6)
        fraction = self.job.fraction if self.job is not None else 0.0
        if fraction > 0:
            pygame.draw.rect(surface, BAR_FILL, pygame.Rect(bar.x, bar.y, int(bar.width * fraction), bar.height), border_radius=6)

    @property
    def progress_bar_fraction(self) -> float:
        """How full the progress bar is drawn (for tests)."""
        return self.job.fraction if self.job is not None else 1.0
