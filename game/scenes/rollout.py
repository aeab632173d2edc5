"""A rollout over the screen it was asked from (an overlay): the hint's
plays, the position before the roll, or a checker play of the review,
played out many times by the engine (:func:`engine.rollout.rollout`) on a
worker thread (:class:`~game.play.rollout_job.RolloutJob`), the frame loop
woken as figures come.

It shows a heading and the line under it, the candidates as rows (the play
in the player's numbering; the equity with its 95 % half-width; winning
and gammon chances; the trials done), a progress bar and its line, the
settings (trials, how far each game is played, cubeless or cubeful) and
Start, Stop (the rows keep what is done, marked stopped) and Close
(Escape, which stops a rollout under way).  Everything shown is said: the
heading as it opens, the start, each quarter, each row's figures at the
end; moving the focus onto a row says its figures.  Shift+R (or a pad's
Start) starts, and stops a rollout under way.
"""

from __future__ import annotations

from typing import List, Optional, Sequence, Tuple

import pygame
from pygame_gui.elements import UIButton, UILabel

from engine.rollout import RolloutResult, RolloutSettings

from ..board.reviewdraw import draw_progress
from ..input.intents import intent_of
from ..system.wake import wake_loop
from ..match import rollsay
from ..play.rollout_job import TRIALS, TRUNCATIONS, RolloutJob, RolloutRequest, Stage
from ..words.i18n import t
from ..ui.host import AppHost
from ..ui.spoken import focus_words
from ..ui.menu import Action, ChoiceRow, MenuScene, Row

#: how long closing waits for the rollout's thread to end (it stops within a trial)
CLOSE_WAIT_S = 2.0


def with_own(choices: Sequence[Optional[int]], own: Optional[int]) -> Tuple[Optional[int], ...]:
    """The choices offered, and ``own`` (the value the screen was given, a small one in a test) if it is not among them.

    >>> with_own((324, 1296), 36), with_own((11, None), 11)
    ((36, 324, 1296), (11, None))
    """
    return tuple(choices) if own in choices else (own,) + tuple(choices)


class RolloutScene(MenuScene):
    """Roll out ``request`` (see :mod:`game.play.rollout_job`); ``base``: the
    settings the player's choices start from and are laid over (its trials
    and truncation are the first choices; its seed and workers are kept)."""

    transparent = True

    def __init__(self, app: AppHost, request: RolloutRequest, base: RolloutSettings):
        super().__init__(app)
        self.request = request
        self.base = base
        self.trials = base.trials
        self.truncate = base.truncate
        self.cubeful = request.cubeful
        self.stage = Stage.READY
        self.job: Optional[RolloutJob] = None
        self.results: Tuple[RolloutResult, ...] = ()
        self.done = 0
        self.total = 0
        self.error = ""
        self._quarter = 0
        self.row_buttons: List[UIButton] = []
        #: each row's figures (equity, win, gammon, trials), a label each
        self.cells: List[List[UILabel]] = []
        self.header_labels: List[UILabel] = []
        self.status_label: Optional[UILabel] = None
        self.bar_rect = pygame.Rect(0, 0, 0, 0)
        self.choice_rows: List[Row] = []
        self.start_button: Optional[UIButton] = None
        self.stop_button: Optional[UIButton] = None
        self.close_button: Optional[UIButton] = None
        self.box_rect = pygame.Rect(0, 0, 0, 0)

    # -- building ------------------------------------------------------------------------------
    def entering_words(self) -> str:
        said = rollsay.opening_said(self.request)
        current = self.focus.current(self.focusables())
        return f"{said} {focus_words(*current)}" if current is not None else said

    def _needs(self) -> Tuple[int, List[int]]:
        """The widths the columns need: the play's (its longest text, marked
        best) and each figure's (its widest text, or its name)."""
        assert self.manager is not None
        theme = self.manager.get_theme()
        label, small = theme.get_font(["label"]), theme.get_font(["#small", "label"])
        pad = max(8, self.font_px)
        heads, widest = rollsay.headers(), rollsay.widest_figures().cells()
        figures = [max(small.size(heads[k])[0], label.size(widest[k])[0]) + pad for k in range(1, len(heads))]
        plays = [t("rollout.best", play=rollsay.shown_play(self.request, i)) for i in range(len(self.request.candidates))]
        return max(self.button_width(plays), small.size(heads[0])[0] + pad), figures

    def build(self, size: Tuple[int, int]) -> None:
        w, h = size
        f = self.font_px
        m, gap = max(8, int(f * 0.95)), max(4, f // 3)  # (a text keeps half its line off the box's border)
        n = len(self.request.candidates)
        row_h, choice_h, button_h = int(f * 1.9), int(f * 2.0), int(f * 2.4)
        play_w, figure_ws = self._needs()
        need = play_w + sum(figure_ws) + gap * len(figure_ws)
        pw = min(w - 16, max(f * 34, need + 2 * m))
        ph = (2 * m + int(f * 2.2) + int(f * 1.5) + int(f * 1.4) + n * (row_h + gap) + max(6, f // 2) + 2 * gap
              + int(f * 1.5) + 3 * (choice_h + gap) + gap + button_h)
        if ph > h - 16:  # a small window: the rows closer together, down to what their words need
            squeeze = max(0.8, (h - 16) / ph)
            row_h, choice_h, button_h = int(row_h * squeeze), int(choice_h * squeeze), int(button_h * squeeze)
            ph = min(h - 16, ph)
        rect = pygame.Rect((w - pw) // 2, max(0, (h - ph) // 2), pw, ph)
        self.box_rect = rect
        self.panel(rect, object_id="#dialog")
        x, inner = rect.x + m, pw - 2 * m
        y = rect.y + m
        self.label(pygame.Rect(x, y, inner, int(f * 2.2)), t("rollout.title"), object_id="#heading")
        y += int(f * 2.2)
        self.label(pygame.Rect(x, y, inner, int(f * 1.5)), rollsay.subtitle(self.request), object_id="#status")
        y += int(f * 1.5)
        widths = [max(min(inner // 4, play_w), inner - sum(figure_ws) - gap * len(figure_ws))] + figure_ws
        xs = [x]
        for cw in widths[:-1]:
            xs.append(xs[-1] + cw + gap)
        self.header_labels = [self.label(pygame.Rect(cx, y, cw, int(f * 1.4)), head, object_id="#small")
                              for cx, cw, head in zip(xs, widths, rollsay.headers())]
        y += int(f * 1.4)
        self.row_buttons, self.cells = [], []
        for i in range(n):
            self.row_buttons.append(self.button(pygame.Rect(xs[0], y, widths[0], row_h), " ", ("row", i), object_id="#choice"))
            self.cells.append([self.label(pygame.Rect(cx, y, cw, row_h), " ") for cx, cw in zip(xs[1:], widths[1:])])
            y += row_h + gap
        self.bar_rect = pygame.Rect(x, y + gap, inner, max(6, f // 2))
        y = self.bar_rect.bottom + gap
        self.status_label = self.label(pygame.Rect(x, y, inner, int(f * 1.5)), " ", object_id="#status")
        y += int(f * 1.5) + gap
        self._build_choices(pygame.Rect(x, y, inner, choice_h), gap)
        y += 3 * (choice_h + gap)
        labels = [t("rollout.start"), t("rollout.stop"), t("rollout.close")]
        bw = min((inner - 2 * gap) // 3, max(self.button_width(labels), f * 7))
        bx = x + (inner - 3 * bw - 2 * gap) // 2
        by = rect.bottom - m - button_h
        self.start_button = self.button(pygame.Rect(bx, by, bw, button_h), labels[0], ("start",))
        self.stop_button = self.button(pygame.Rect(bx + bw + gap, by, bw, button_h), labels[1], ("stop",))
        self.close_button = self.button(pygame.Rect(bx + 2 * (bw + gap), by, bw, button_h), labels[2], ("close",))
        if self.focus.index is None:
            self._focus_on(self.start_button)
        self._show()

    def _build_choices(self, rect: pygame.Rect, gap: int) -> None:
        """The settings, a row each: trials, how far each game is played, the cube."""
        label_w = int(rect.width * 0.3)
        trials = [(n, str(n)) for n in with_own(TRIALS, self.base.trials)]
        ends = [(n, t("rollout.truncate.rolls", n=n) if n is not None else t("rollout.truncate.end"))
                for n in with_own(TRUNCATIONS, self.base.truncate)]
        cubes = [(False, t("rollout.cubeless")), (True, t("rollout.cubeful"))]
        rows = [pygame.Rect(rect.x, rect.y + i * (rect.height + gap), rect.width, rect.height) for i in range(3)]
        self.choice_rows = [
            ChoiceRow(self, rows[0], t("rollout.choice.trials"), trials, self.trials, self._set_trials, label_w=label_w),
            ChoiceRow(self, rows[1], t("rollout.choice.truncate"), ends, self.truncate, self._set_truncate, label_w=label_w),
            ChoiceRow(self, rows[2], t("rollout.choice.cube"), cubes, self.cubeful, self._set_cubeful, label_w=label_w),
        ]

    def _set_trials(self, value: Optional[int]) -> None:
        self.trials = value if value is not None else self.base.trials

    def _set_truncate(self, value: Optional[int]) -> None:
        self.truncate = value

    def _set_cubeful(self, value: bool) -> None:
        self.cubeful = value

    # -- what is shown --------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self.stage is Stage.RUNNING

    @property
    def shown_cubeful(self) -> bool:
        """The figures' cube: the rollout's (the choice may have changed since)."""
        return self.job.settings.cubeful if self.job is not None else self.cubeful

    def result(self, i: int) -> Optional[RolloutResult]:
        return self.results[i] if i < len(self.results) else None

    def row_texts(self, i: int) -> Tuple[str, ...]:
        """Row ``i`` as shown: the play, then its figures."""
        best = rollsay.best_row(self.results, self.shown_cubeful) if self.stage in (Stage.DONE, Stage.STOPPED) else None
        return rollsay.row_figures(self.request, i, self.result(i), self.shown_cubeful, best == i).cells()

    def status_text(self) -> str:
        if self.stage is Stage.READY:
            return t("rollout.status.ready")
        if self.stage is Stage.RUNNING:
            return t("rollout.status.running", done=self.done, total=self.total)
        if self.stage is Stage.DONE:
            return t("rollout.status.done", n=self.total)
        if self.stage is Stage.STOPPED:
            return t("rollout.status.stopped", done=self.done, total=self.total)
        return t("rollout.status.failed", error=self.error)

    @property
    def fraction(self) -> float:
        """How full the progress bar is."""
        return self.done / self.total if self.total else 0.0

    def _show(self) -> None:
        """The rows, the status and the buttons as things stand."""
        focused = self.focus.current(self.focusables())
        for i, button in enumerate(self.row_buttons):
            texts = self.row_texts(i)
            if button.text != texts[0]:
                button.set_text(texts[0])
            for label, text in zip(self.cells[i], texts[1:]):
                if label.text != text:
                    label.set_text(text)
        if self.status_label is not None:
            self.status_label.set_text(self.status_text())
        for row in self.choice_rows:
            row.set_enabled(not self.running)
        for switch, on in ((self.start_button, not self.running), (self.stop_button, self.running)):
            if switch is not None and on != switch.is_enabled:
                switch.enable() if on else switch.disable()
        if focused is not None:
            self._focus_on(focused[0], fallback=self.stop_button if self.running else self.start_button)
        self.dirty = True

    def _focus_on(self, button: Optional[UIButton], fallback: Optional[UIButton] = None) -> None:
        """The keyboard focus on ``button`` (or ``fallback`` where it cannot be), unsaid."""
        items = [b for b, _ in self.focusables()]
        for wanted in (button, fallback):
            if wanted is not None and wanted in items:
                self.focus.index = items.index(wanted)
                return

    # -- the rollout ------------------------------------------------------------------------------
    def start(self) -> None:
        """Roll out with the settings chosen (again, where one was made)."""
        if self.running:
            return
        settings = self.request.settings(self.base, self.trials, self.truncate, self.cubeful)
        self.job = RolloutJob(self.request, settings, wake=wake_loop)
        self.stage, self.results, self.error, self._quarter = Stage.RUNNING, (), "", 0
        self.done, self.total = 0, self.job.total
        self.app.announcer.say(rollsay.start_said(self.request))
        self._show()
        self._focus_on(self.stop_button)

    def stop(self) -> None:
        """Stop the rollout under way: its rows keep what is done (said as it ends)."""
        if self.job is not None and self.running:
            self.job.stop()

    def update(self, dt: float) -> None:
        super().update(dt)
        job = self.job
        if job is None or not self.running:
            return
        done, total, results = job.figures()
        changed = (done, total, results) != (self.done, self.total, self.results)
        self.done, self.total, self.results = done, total, results
        if job.finished:
            self._finish(job)
            return
        quarter = rollsay.QUARTERS * done // total if total else 0
        if self._quarter < quarter < rollsay.QUARTERS:
            self._quarter = quarter
            self.app.announcer.tell(rollsay.quarter_said(quarter))
        if changed:
            self._show()

    def _finish(self, job: RolloutJob) -> None:
        """The rollout ended: done, stopped or failed; its figures said."""
        if job.error is not None:
            self.stage, self.error = Stage.FAILED, job.error
            self.app.announcer.tell(self.status_text())
        else:
            self.stage = Stage.STOPPED if job.stopped else Stage.DONE
            if self.stage is Stage.DONE:
                self.done = self.total
            self.app.announcer.tell(rollsay.end_said(self.request, self.results, job.settings.cubeful, self.stage is Stage.STOPPED))
        self._show()
        if self.row_buttons:
            self._focus_on(self.row_buttons[0])

    # -- input --------------------------------------------------------------------------------
    def act(self, action: Action) -> None:
        kind = action[0]
        if kind == "start":
            self.start()
        elif kind == "stop":
            self.stop()
        elif kind == "close":
            self.back()
        elif kind == "row" and isinstance(action[1], int):
            self.app.announcer.say(rollsay.row_said(self.request, action[1], self.result(action[1]), self.shown_cubeful))

    def say_focus(self) -> None:
        """A row in focus says its figures; anything else its name."""
        current = self.focus.current(self.focusables())
        if current is not None and current[1][0] == "row" and isinstance(current[1][1], int):
            i = current[1][1]
            self.app.announcer.say(rollsay.row_said(self.request, i, self.result(i), self.shown_cubeful))
        else:
            super().say_focus()

    def primary(self) -> bool:
        """A pad's Start (and Shift+R): start, or stop the rollout under way."""
        self.stop() if self.running else self.start()
        return True

    def key(self, event: pygame.event.Event) -> None:
        if intent_of(event) == "rollout":
            self.primary()

    def back(self) -> None:
        """Escape, Close: the rollout under way stops, the screen closes."""
        self.app.flow.back()

    def exit(self) -> None:
        job = self.job
        if job is not None:
            job.stop()
            job.join(CLOSE_WAIT_S)
        super().exit()

    # -- drawing --------------------------------------------------------------------------------
    def draw_extra(self, surface: pygame.Surface) -> None:
        draw_progress(surface, self.bar_rect, self.fraction)
