"""The review screen: a finished (or any) match, every decision rated.

The analysis runs on a worker thread (:class:`~game.play.review_model.AnalysisJob`)
while a progress bar fills (in the panel, under the lines); the decisions
rated so far are shown and stepped through meanwhile.  The board shows each
decision in turn: the position, the dice, the play made (orange arrows) and
the best play (blue arrows), the loss and its label, the luck of the roll;
the cube only in a game played with it.  Below, the winning-chances graph
(:mod:`game.board.graph`; in a match, the match-winning chances), its axes
named, marks the mistakes and the big luck, with a legend of its marks and
of the arrows; a click on it goes to that decision.  "Summary" shows each
player's error rate per decision in millipoints (mEMG) with GNU
Backgammon's rating word, checker play and cube decisions apart, mistakes by
label, luck with its rating word; "Show IDs" shows the position's GNU
Backgammon IDs and copies them to the clipboard.  "Depth" analyses again
at the other depth (2-ply, a deeper look than the computer plays with, by
default; 1-ply, fast); an analysis made before is shown at once.

Keys and pads: left/right (arrows, d-pad) a decision back or on; Tab and
Shift+Tab (RB and LB) the next or previous mistake; up/down and Enter (A)
the buttons; S the summary, I the IDs, D the depth; Shift+R (or "Roll out")
at a checker play rolls out the play made and the best alternatives with its
dice; Escape (B) back.
"""

from __future__ import annotations

from typing import List, Optional, Tuple

import pygame

from engine import Match
from engine.analysis import Kind, MatchAnalysis

from ..system import clipboard
from ..ui.host import AppHost
from ..board.graph import BEST, PLAYED, GraphWords, WinGraph
from ..board.layout import Layout
from ..board.render import BoardRenderer, BoardView
from ..board.reviewdraw import draw_arrows, draw_box, draw_progress, progress_bar, snapshot_of
from ..words.i18n import t
from ..words.help_text import wrap_html
from ..input.intents import intent_of
from ..play.analysis_files import AnalysisFiles
from ..play.numbering import listener_of
from ..play.review_model import DEFAULT_DEPTH, DEPTHS, AnalysisJob, ReviewModel, decision_ids, played_with_cube
from ..play.rollout_job import review_request
from ..play.review_words import decision_lines, depth_words, graph_labels, graph_titles, status_line, summary_lines
from ..play.session import player_name
from ..play.takeback import taken_back_in
from ..ui.menu import Action, MenuScene

__all__ = ["ReviewScene", "decision_lines", "summary_lines", "snapshot_of", "graph_words"]

#: the panel's lines: the decision's six, then the analysis' own
LINES = 7


def graph_words(match: bool = False) -> GraphWords:
    """The graph's words in the language shown (``match``: of the match-winning chances)."""
    upright, across = graph_titles(match)
    return GraphWords(
        title=upright,
        played=t("review.graph.played"),
        best=t("review.graph.best"),
        labels=graph_labels(),
        lucky=(t("review.graph.lucky", name=player_name(0)), t("review.graph.lucky", name=player_name(1))),
        across=across,
    )


class ReviewScene(MenuScene):
    """Review ``match``; ``back()`` leaves (to the screen it was opened from).
    ``analysis``: an analysis already made (else one starts now, ``ply``
    deep, or ``job`` is the one running)."""

    def __init__(self, app: AppHost, match: Match, viewer: int = 0,
                 analysis: Optional[MatchAnalysis] = None, job: Optional[AnalysisJob] = None, ply: int = DEFAULT_DEPTH):
        super().__init__(app)
        self.match = match
        self.viewer = viewer
        self.ply = analysis.ply if analysis is not None else job.ply if job is not None else ply
        self.job: Optional[AnalysisJob] = None if analysis is not None else (job or self._job(self.ply))
        self.model: Optional[ReviewModel] = ReviewModel(analysis) if analysis is not None else None
        self.layout: Optional[Layout] = None
        self.renderer: Optional[BoardRenderer] = None
        self.graph: Optional[WinGraph] = None
        self.graph_rect = pygame.Rect(0, 0, 0, 0)
        #: the progress bar in the panel, under the lines
        self.bar_rect = pygame.Rect(0, 0, 0, 0)
        self.message = ""
        self.show_summary = False
        self.error: Optional[str] = None
        self._progress_shown = -1.0
        self.line_labels: List = []
        self.buttons: dict = {}
        #: the rows of the box over the board (the summary or a message), as last drawn
        self.box_rows: List[str] = []
        #: the decision to show once the analysis (again, at another depth) has it
        self._place = 0
        self._take_finished()

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
        in_match = self.match.length > 1
        self.graph = WinGraph(self.graph_rect, self.model.decisions, graph_words(in_match), self.renderer.text,
                              match=in_match) if self.model else None
        panel = self.layout.panel_rect
        x, pw = panel.x + m, panel.width - 2 * m
        lh = int(f * 1.4)
        y = panel.y + m
        self.line_labels = []
        for _ in range(LINES):
            self.line_labels.append(self.label(pygame.Rect(x, y, pw, lh), " ", object_id="#status"))
            y += lh
        self.bar_rect = pygame.Rect(x, y + 2, pw, max(4, f // 3))
        y = self.bar_rect.bottom + 2
        gap = max(3, f // 4)
        self.buttons = {}
        buttons = (("prev_mistake", t("review.prev_mistake")), ("prev", t("review.prev")), ("next", t("review.next")),
                   ("next_mistake", t("review.next_mistake")), ("summary", t("review.summary")), ("ids", t("review.ids")),
                   ("depth", depth_words(self.ply)), ("rollout", t("review.rollout")), ("back", t("review.back")))
        # as high as the room above the graph allows (large text in a small window), down to their words' height
        bh = max(int(f * 1.6), min(int(f * 2.0), (self.graph_rect.top - y) // len(buttons) - gap))
        for action, words in buttons:
            b = self.button(pygame.Rect(x, y, pw, bh), words, (action,))
            if not self._may(action):
                b.disable()
            self.buttons[action] = b
            y += bh + gap
        self._show_lines()

    def _may(self, action: str) -> bool:
        """May the button for ``action`` be pressed now?"""
        if action in ("back", "depth"):
            return True
        if self.model is None or not self.model.decisions:
            return False
        if action == "rollout":
            d = self.model.current
            return d is not None and d.kind is Kind.MOVE and not d.forced and bool(d.played_play)
        return action != "summary" or self.model.whole

    def _show_lines(self) -> None:
        lines: List[str] = []
        percent = int(100 * (self.job.fraction if self.job else 0))
        if self.error is not None:
            lines = [status_line(False, 0, self.ply, self.error)]
        elif self.model is None:
            lines = [t("review.title"), t("review.analysing", percent=percent)]
        elif not self.model.decisions:
            lines = [t("review.nothing")]
        else:
            d = self.model.current
            assert d is not None
            lines = decision_lines(d, self.model.index, len(self.model.decisions))
            lines[0] = t("review.taken_back", line=lines[0]) if taken_back_in(self.match, d.game, d.entry) else lines[0]
            lines = (lines + [""] * LINES)[: LINES - 1] + [status_line(self.busy, percent, self.ply)]
        for label, text in zip(self.line_labels, lines + [""] * len(self.line_labels)):
            label.set_text(text or " ")
        self.dirty = True

    # -- time ------------------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """Is the analysis still running?"""
        return self.job is not None and not self.job.finished and self.error is None

    def _take_finished(self) -> bool:
        """Take the finished analysis (or its error); whether it had finished."""
        job = self.job
        if job is None or not job.finished or (self.model is not None and self.model.whole) or self.error is not None:
            return False
        if job.result is None:
            self.error = job.error or "?"
        elif self.model is None:
            self.model = ReviewModel(job.result)
            self.model.go(self._place)
        else:
            self.model.complete(job.result)
        return True

    def update(self, dt: float) -> None:
        super().update(dt)
        job = self.job
        if job is None or self.error is not None or (self.model is not None and self.model.whole):
            return
        if self._take_finished():
            self._rebuild(self.app.size)
            return
        came = job.decisions_so_far()
        if came and self.model is None:
            self.model = ReviewModel(None, came)
            self.model.go(self._place)
            self._rebuild(self.app.size)  # the board, the graph and the buttons to step with
        elif self.model is not None and self.model.extend(came):
            if self.graph is not None:
                self.graph.decisions = list(self.model.decisions)
            self._show_lines()
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
        letters = {pygame.K_i: "ids", pygame.K_s: "summary", pygame.K_d: "depth"}
        if intent_of(event) == "rollout":
            self.act(("rollout",))
        elif event.key in letters:
            self.act((letters[event.key],))

    def act(self, action: Action) -> None:
        kind = action[0]
        steps = {"prev": self.prev, "next": self.next, "prev_mistake": self.prev_mistake, "next_mistake": self.next_mistake}
        if kind == "back":
            self.back()
        elif kind in steps:
            steps[str(kind)]()
        elif kind == "depth":
            self.analyse_at(DEPTHS[(DEPTHS.index(self.ply) + 1) % len(DEPTHS)])
        elif kind == "summary" and self._may("summary"):
            self.show_summary = not self.show_summary
            self.dirty = True
        elif kind == "rollout":
            self.roll_out()
        elif kind == "ids" and self.model is not None and self.model.current is not None:
            pid, mid = decision_ids(self.match, self.model.current)
            clipboard.copy(f"{pid}:{mid}")
            self.message = t("review.ids_line", pid=pid, mid=mid) + " · " + t("review.copied")
            self.dirty = True

    def roll_out(self) -> None:
        """The play made and the best alternatives, rolled out with the decision's dice (a screen over this one)."""
        d = self.model.current if self.model is not None else None
        request = review_request(self.match, d, listener_of(self.app.settings.numbering, self.viewer),
                                 played_with_cube(self.match, d)) if d is not None else None
        if request is None:
            self.app.announcer.say(t("say.rollout.not_here"))
        else:
            self.app.flow.rollout(request)

    def analyse_at(self, ply: int) -> None:
        """Analyse again ``ply`` deep (at once where it was made before), at the same decision."""
        if self.job is not None:
            self.job.cancel()
        if self.model is not None:
            self._place = self.model.index
        self.ply, self.error, self.show_summary, self.message = ply, None, False, ""
        self.job = self._job(ply)
        self.model = None
        self._take_finished()
        self._progress_shown = -1.0
        self._rebuild(self.app.size)

    def _job(self, ply: int) -> AnalysisJob:
        """The analysis of the match ``ply`` deep: made before (in memory, or
        kept beside the recent matches), else made now."""
        storage = self.app.storage
        files = None if storage.memory_only else AnalysisFiles(storage.data_dir)
        return AnalysisJob(self.match, ply, files=files)

    def _moved(self, changed: bool) -> None:
        if changed:
            self.message = ""
            self.show_summary = False
            self._show_lines()
            rollout = self.buttons.get("rollout")
            if rollout is not None and rollout.is_enabled != self._may("rollout"):
                rollout.enable() if self._may("rollout") else rollout.disable()

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
            if self.busy:
                draw_progress(surface, progress_bar(self.graph_rect), self.progress_bar_fraction)
                draw_progress(surface, self.bar_rect, self.progress_bar_fraction)
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
        if self.busy:
            draw_progress(surface, self.bar_rect, self.progress_bar_fraction)
        if self.show_summary and self.model.analysis is not None:
            self.box_rows = draw_box(surface, self.layout, self.renderer.text,
                                     [t("review.summary_title")] + summary_lines(self.model.analysis), wrap_html)
        elif self.message:
            self.box_rows = draw_box(surface, self.layout, self.renderer.text, [self.message], wrap_html, bottom=True)

    @property
    def progress_bar_fraction(self) -> float:
        """How full the progress bar is drawn (for tests)."""
        return self.job.fraction if self.job is not None else 1.0
