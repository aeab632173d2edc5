"""The match scene's side panel (pygame_gui): status, pips, score, the action
buttons, the legal next steps as buttons (keyboard play) and the move log.

The panel only shows a :class:`PanelState` and reports which action a
button stands for; the scene decides what to do.
"""

from __future__ import annotations

from typing import Dict, List, Optional, Sequence, Tuple

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.elements import UIButton, UILabel, UIPanel

from ..words.i18n import t
from ..input.match_intents import ContinueAlone, Double, Drop, Hint, Intent, PlayStep, Primary, Take, TakeBack, ToggleAutoEnd, ToggleLog, ToLobby, Undo
from .presenter import PanelState, StepChoice
from ..play.session import player_name
from ..ui.textfit import button_width_for, fit_text, inner_width, width_by, wrap_parts

__all__ = ["SidePanel", "LogView", "DistributionView", "PanelState", "StepChoice"]

#: what a button stands for
Action = Intent
LOG_LINES = 400
LOG_BG = (17, 21, 26)
LOG_BORDER = (58, 63, 70)
LOG_TEXT = (230, 223, 207)
#: the lines the connection's state may take in a friend game
CONNECTION_LINES = 2


class LogView:
    """The move log, drawn with plain pygame text (each row rendered once):
    the newest lines at the bottom, the mouse wheel scrolls back.  A line
    wider than the box goes on in indented rows, broken at spaces or between
    Chinese characters (see :func:`game.words.help_text.wrap_html`)."""

    def __init__(self, rect: pygame.Rect, font_px: int):
        from ..board.text import font_path

        self.rect = pygame.Rect(rect)
        #: the move log's font: the board's regular face, in the language shown (the tests check its glyphs)
        self.font_file = font_path(bold=False)
        self.font = pygame.font.Font(self.font_file, font_px)
        self.line_h = self.font.get_linesize()
        self.pad = max(3, font_px // 3)
        self.lines: Tuple[str, ...] = ()
        #: the rows drawn: the lines, each wrapped to the box
        self.shown: Tuple[str, ...] = ()
        self._surfaces: Dict[str, pygame.Surface] = {}
        self.scroll = 0  # rows scrolled back from the newest
        self.visible = True

    @property
    def rows(self) -> int:
        return max(1, (self.rect.height - 2 * self.pad) // self.line_h)

    def set_lines(self, lines: Tuple[str, ...]) -> None:
        lines = tuple(lines[-LOG_LINES:])
        if lines != self.lines:
            self.lines = lines
            self.shown = tuple(row for line in lines for row in self._wrap(line))
            self.scroll = 0
            if len(self._surfaces) > 2 * LOG_LINES:
                self._surfaces.clear()

    def _wrap(self, line: str) -> List[str]:
        """``line`` as the rows that fit the box (continuation rows indented)."""
        from ..words.help_text import wrap_html

        width = self.rect.width - 2 * self.pad
        if self.font.size(line)[0] <= width or "<" in line:
            return [line]
        indent = "    "
        rows = wrap_html(line, lambda s: self.font.size(s)[0], width - self.font.size(indent)[0]).split("<br>")
        return rows[:1] + [indent + row for row in rows[1:]]

    def wheel(self, dy: int) -> None:
        self.scroll = max(0, min(self.scroll + dy, max(0, len(self.shown) - self.rows)))

    def visible_lines(self) -> Tuple[str, ...]:
        """The rows in the box now."""
        end = len(self.shown) - self.scroll
        return self.shown[max(0, end - self.rows) : end]

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        pygame.draw.rect(surface, LOG_BG, self.rect)
        pygame.draw.rect(surface, LOG_BORDER, self.rect, 1)
        clip = surface.get_clip()
        surface.set_clip(self.rect.inflate(-2, -2))
        y = self.rect.top + self.pad
        for line in self.visible_lines():
            img = self._surfaces.get(line)
            if img is None:
                img = self._surfaces[line] = self.font.render(line, True, LOG_TEXT)
            surface.blit(img, (self.rect.left + self.pad, y))
            y += self.line_h
        surface.set_clip(clip)


#: the fewest rows the distribution takes in the panel, and the most (more lines scroll)
DIST_ROWS = (2, 8)
#: the longest the distribution gets (every point taken, checkers on the bar and off), as counts:
#: point -> checkers in White's numbering for White, and Black's for Black
WORST = ({**{p: 1 for p in range(12, 25)}, 25: 1, 0: 1}, {**{p: 1 for p in range(14, 25)}, 25: 2, 0: 2})


def worst_distribution() -> Tuple[str, str]:
    """The two lines of :data:`WORST` in the language shown (what the panel makes room for)."""
    lines = []
    for player, counts in enumerate(WORST):
        parts = [t("panel.dist.point", point=p if player == 0 else 25 - p, n=n) for p, n in sorted(counts.items()) if 0 < p < 25]
        parts += [t("panel.dist.bar", n=counts[25]), t("panel.dist.off", n=counts[0])]
        lines.append(t("panel.dist", name=player_name(player), points=t("panel.dist.sep").join(parts)))
    return lines[0], lines[1]


def shares(needs: Sequence[int], rows: int) -> List[int]:
    """How many of ``rows`` rows each line gets that ``needs`` as many: one
    each in turn (the first line first) until each has what it needs or
    the rows run out, so that every line is begun.

    >>> shares([3, 1], 2), shares([3, 2], 4), shares([1, 1], 4), shares([5, 1], 4)
    ([1, 1], [2, 2], [1, 1], [3, 1])
    """
    out = [0] * len(needs)
    left = rows
    while left > 0 and any(got < need for got, need in zip(out, needs)):
        for i, need in enumerate(needs):
            if left > 0 and out[i] < need:
                out[i] += 1
                left -= 1
    return out


class DistributionView:
    """Where the checkers stand, as text: each side's line wrapped onto as
    many rows as it needs (broken after a comma), on ``rows`` labels; when
    the lines need more rows than there are, each side keeps a share of
    the labels (:func:`shares`: both sides' lists begin on the first page),
    the mouse wheel over them (or Page Down) scrolls each side's rows on,
    and a side's last row shown ends in "…" while it has more below."""

    def __init__(self, manager: pygame_gui.UIManager, container: UIPanel, rect: pygame.Rect, row_h: int, rows: int):
        self.rect = pygame.Rect(rect)  # in the container
        self.row_h = row_h
        self.labels: Tuple[UILabel, ...] = tuple(
            UILabel(pygame.Rect(rect.left, rect.top + i * row_h, rect.width, row_h), "", manager, container=container, object_id="#small")
            for i in range(rows))
        self.texts: Tuple[str, ...] = ()
        #: every row of the two lines, wrapped to the labels' width
        self.lines: Tuple[str, ...] = ()
        #: each line's rows
        self.sides: Tuple[Tuple[str, ...], ...] = ()
        self.scroll = 0

    @staticmethod
    def rows_needed(manager: pygame_gui.UIManager, container: UIPanel, row: pygame.Rect) -> int:
        """The rows the longest distribution (:func:`worst_distribution`) takes in a row like ``row``."""
        probe = UILabel(row, "", manager, container=container, object_id="#small")
        need = len(DistributionView.rows_for(worst_distribution(), probe))
        probe.kill()
        return need

    @staticmethod
    def rows(need: int, row_h: int, room: int, log_least: int, log_most: int) -> Tuple[int, int]:
        """(rows, the log's height) in ``room`` pixels left by the steps' least
        room, shared with the log: the log's least height first, then up
        to ``need`` rows (between :data:`DIST_ROWS`), then the log's up to
        ``log_most``; with less room than the log's least, the log has what
        there is (a line at least).

        >>> DistributionView.rows(6, 20, 300, 80, 200), DistributionView.rows(6, 20, 110, 80, 200), DistributionView.rows(6, 20, 40, 80, 200)
        ((6, 200), (3, 90), (2, 40))
        """
        extra = max(0, min(need, DIST_ROWS[1]) - DIST_ROWS[0])
        extra = min(extra, max(0, room - log_least) // row_h)
        left = room - extra * row_h
        return DIST_ROWS[0] + extra, max(min(log_most, log_least // 4), min(log_most, left))

    @staticmethod
    def rows_for(lines: Sequence[str], label: UILabel) -> List[str]:
        font = label.font
        if font is None:
            return list(lines)
        sep = t("panel.dist.sep")
        width = inner_width(label) - font.size(" …")[0]  # (room for the "…" of a row with more below)
        return [row for line in lines for row in wrap_parts(line, sep, width, width_by(font))]

    def set_lines(self, lines: Sequence[str]) -> None:
        #: the lines shown (White's and Black's), whole
        self.texts = tuple(lines)
        self.sides = tuple(tuple(self.rows_for([line], self.labels[0])) for line in lines)
        self.lines = tuple(row for rows in self.sides for row in rows)
        self.scroll = 0
        self._show()

    def _shares(self) -> List[int]:
        return shares([len(rows) for rows in self.sides], len(self.labels))

    @property
    def pages(self) -> int:
        """How many scroll positions the rows have (1: all shown)."""
        return 1 + max((len(rows) - n for rows, n in zip(self.sides, self._shares())), default=0)

    def wheel(self, dy: int) -> None:
        """The wheel up (``dy`` > 0) shows the rows above."""
        scroll = max(0, min(self.scroll - dy, self.pages - 1))
        if scroll != self.scroll:
            self.scroll = scroll
            self._show()

    def _show(self) -> None:
        shown: List[str] = []
        for rows, n in zip(self.sides, self._shares()):
            first = min(self.scroll, len(rows) - n)
            part = list(rows[first: first + n])
            if part and first + n < len(rows):
                part[-1] += " …"  # more below
            shown += part
        for i, lab in enumerate(self.labels):
            lab.set_text((shown[i] if i < len(shown) else "") or " ")


class SidePanel:
    """The widgets of the side panel inside ``rect``."""

    def __init__(self, manager: pygame_gui.UIManager, rect: pygame.Rect, font_px: int, cube: bool, friend: bool = False):
        self.manager = manager
        self.rect = pygame.Rect(rect)
        self.font_px = f = font_px
        self.cube = cube
        #: a friend game over the network: the connection's lines, and its buttons laid out for it
        self.friend = friend
        self.margin = m = max(6, int(f * 0.6))
        self.row = row = int(f * 2.2)
        self.gap = gap = max(4, int(f * 0.35))
        w = self.rect.width - 2 * m
        self.bg = UIPanel(self.rect, starting_height=1, manager=manager)
        c = self.bg

        def label(y: int, h: int, oid: Optional[str] = None) -> UILabel:
            return UILabel(pygame.Rect(m, y, w, h), "", manager, container=c, object_id=oid)

        y = m
        self.status = label(y, int(f * 1.7))
        y += int(f * 1.7)
        #: the connection's state in a friend game, on as many of these lines as it needs
        self.connection: List[UILabel] = []
        if friend:
            self.connection = [label(y + i * int(f * 1.3), int(f * 1.3), "#small") for i in range(CONNECTION_LINES)]
            y += CONNECTION_LINES * int(f * 1.3) + max(2, int(f * 0.4))  # (a space before the score, whether the state takes one line or two)
        self.score = label(y, int(f * 1.4), "#small")
        y += int(f * 1.4)
        self.pips = label(y, int(f * 1.4), "#small")
        y += int(f * 1.4)
        dist_top = y
        y += DIST_ROWS[0] * int(f * 1.3) + gap
        bw = (w - 2 * gap) // 3

        def button(col: int, y: int, key: str) -> UIButton:
            return UIButton(pygame.Rect(m + col * (bw + gap), y, bw, row), t(key), manager, container=c)

        top, bottom = y, y + (row + gap) * (2 if cube else 1)  # the first row of buttons and the last
        self.primary = button(0, top, "button.roll")
        self.undo = button(1, top, "button.undo")
        self.double = self.take = self.drop = None
        if cube:
            self.double = button(0, top + row + gap, "button.double")
            self.take = button(1, top + row + gap, "button.take")
            self.drop = button(2, top + row + gap, "button.drop")
        # with a friend, Auto takes Take back's place (there is none while online), and in the last row
        # "play on against the computer" stands where Take back and Hint are (online there are none)
        self.take_back = button(0, bottom, "button.take_back") if friend else button(2, top, "button.take_back")
        self.auto = button(2, top, "button.auto_on") if friend else button(0, bottom, "button.auto_on")
        self.hint = button(1, bottom, "button.hint")
        self.menu = button(2, bottom, "button.menu")
        self.continue_alone = UIButton(pygame.Rect(m, bottom, 2 * bw + gap, row), t("net.continue_button"), manager, container=c)
        self.continue_alone.hide()
        y = bottom + row + gap
        self.steps_label = label(y, int(f * 1.4), "#small")
        y += int(f * 1.4)
        self.steps_top = y
        # the key help, where the steps would be (the presenter says which, as the phase has it)
        self.hints = [label(y + i * int(f * 1.4), int(f * 1.4), "#small") for i in range(3)]
        log_h = int(self.rect.height * (0.22 if friend else 0.28))  # (the connection's lines take the rest)
        self.toggle_h = int(f * 1.8)
        self.log = LogView(pygame.Rect(0, 0, w, log_h), max(10, int(f * 0.85)))
        # the distribution: as many rows as the longest needs, after four rows of steps and two lines of log
        # (the rows below it move down); more scroll.  The log takes the rest, up to its share
        dist_row = int(f * 1.3)
        room = self.rect.height - m - 2 * gap - self.toggle_h - self.steps_top
        log_line = self.log.line_h
        rows, log_h = DistributionView.rows(DistributionView.rows_needed(manager, c, pygame.Rect(m, dist_top, w, dist_row)), dist_row,
                                            room - 4 * (int(f * 1.2) + gap), 2 * log_line + 2 * self.log.pad, log_h)
        self.dist = DistributionView(manager, c, pygame.Rect(m, dist_top, w, rows * dist_row), dist_row, rows)
        #: the distribution's rows (labels)
        self.distribution = self.dist.labels
        down = (rows - DIST_ROWS[0]) * dist_row
        for element in (self.primary, self.undo, self.take_back, self.double, self.take, self.drop, self.auto, self.hint,
                        self.menu, self.continue_alone, self.steps_label, *self.hints):
            if element is not None and down:
                element.set_relative_position((element.relative_rect.left, element.relative_rect.top + down))
        self.steps_top += down
        self.log_rect = pygame.Rect(m, self.rect.height - m - log_h, w, log_h)
        self.log.rect = self.log_rect.move(self.rect.topleft)
        self.log_toggle = UIButton(pygame.Rect(m, self.log_rect.top - gap - self.toggle_h, w, self.toggle_h), t("button.log_hide"), manager, container=c)
        self.step_buttons: List[Tuple[UIButton, StepChoice]] = []
        self._pool: List[UIButton] = []
        self.actions: Dict[UIButton, Action] = {
            self.primary: Primary(),
            self.undo: Undo(),
            self.take_back: TakeBack(),
            self.auto: ToggleAutoEnd(),
            self.hint: Hint(),
            self.log_toggle: ToggleLog(),
            self.menu: ToLobby(),
            self.continue_alone: ContinueAlone(),
        }
        if self.double is not None and self.take is not None and self.drop is not None:  # with the cube
            self.actions.update({self.double: Double(), self.take: Take(), self.drop: Drop()})
        self.state: Optional[PanelState] = None

    # -- showing a state -------------------------------------------------------------------
    @staticmethod
    def _set_enabled(button: Optional[UIButton], on: bool) -> None:
        if button is None:
            return
        if on and not button.is_enabled:
            button.enable()
        elif not on and button.is_enabled:
            button.disable()

    @staticmethod
    def _set_visible(element: Optional[UIElement], on: bool) -> None:
        if element is None:
            return
        if on and not element.visible:
            element.show()
        elif not on and element.visible:
            element.hide()

    def show(self, state: PanelState) -> bool:
        """Show ``state``; returns True if anything changed."""
        old = self.state
        if old == state:
            return False
        self.state = state
        for attr in ("status", "score", "pips"):
            if old is None or getattr(old, attr) != getattr(state, attr):
                text = getattr(state, attr)
                if attr == "score" and state.score_short and not self._fits(self.score, text):
                    text = state.score_short
                getattr(self, attr).set_text(text or " ")
        if old is None or old.distribution != state.distribution:
            self.dist.set_lines(state.distribution)
        if old is None or old.primary != state.primary:
            if state.primary:
                self.primary.set_text(state.primary)
        self._set_visible(self.primary, bool(state.primary))
        self._set_enabled(self.primary, state.primary_enabled)
        self._set_enabled(self.undo, state.can_undo)
        self._set_enabled(self.take_back, state.can_take_back)
        self._set_enabled(self.hint, state.can_hint)
        self._set_visible(self.take_back, state.take_back_shown)
        self._set_visible(self.hint, state.hint_shown)
        self._set_visible(self.continue_alone, state.continue_alone)
        if old is None or old.connection != state.connection:
            self._show_connection(state.connection)
        if self.cube:
            self._set_visible(self.double, not state.answer_double)
            self._set_enabled(self.double, state.can_double)
            self._set_enabled(self.take, state.answer_double)
            self._set_enabled(self.drop, state.answer_double)
        if old is None or old.auto_end != state.auto_end:
            key = "button.auto_on" if state.auto_end else "button.auto_off"  # the short words where the long do not fit
            font = self.manager.get_theme().get_font(["button"])
            self.auto.set_text(t(key) if button_width_for([t(key)], font) <= self.auto.rect.width else t(key + "_short"))
        if old is None or old.log_visible != state.log_visible:
            self.log_toggle.set_text(t("button.log_hide" if state.log_visible else "button.log_show"))
            bottom = self.log_rect.top if state.log_visible else self.rect.height - self.margin
            self.log_toggle.set_relative_position((self.margin, bottom - self.gap - self.toggle_h))
        if old is None or old.steps != state.steps or old.log_visible != state.log_visible:
            self._build_steps(state.steps, state.log_visible)
        if old is None or old.steps_title != state.steps_title or old.help != state.help:
            self.steps_label.set_text(state.steps_title or " ")
            self._set_visible(self.steps_label, bool(state.steps_title))
            for i, hint in enumerate(self.hints):
                words = state.help[i] if i < len(state.help) else ""
                hint.set_text(words or " ")
                self._set_visible(hint, bool(words))
        if old is None or old.log != state.log or old.log_visible != state.log_visible:
            self._build_log(state.log, state.log_visible)
        return True

    def _show_connection(self, text: str) -> None:
        """The connection's state on its lines, broken where it must be (the last line cut short if it is still too long)."""
        from ..words.help_text import wrap_html

        if not self.connection:
            return
        font = self.connection[0].font
        width = inner_width(self.connection[0])
        rows = wrap_html(text, lambda s: font.size(s)[0], width).split("<br>") if text and font is not None else [text]
        n = len(self.connection)
        if len(rows) > n:
            rows = rows[: n - 1] + [" ".join(rows[n - 1:])]
        if font is not None and font.size(rows[-1])[0] > width:
            rows[-1] = fit_text(rows[-1], width, lambda s: font.size(s)[0])
        for i, lab in enumerate(self.connection):
            lab.set_text((rows[i] if i < len(rows) else "") or " ")

    @staticmethod
    def _fits(label: UILabel, text: str) -> bool:
        font = label.font
        return font is None or font.size(text)[0] <= inner_width(label)

    def _build_steps(self, steps: Tuple[StepChoice, ...], log_visible: bool) -> None:
        """Show the steps on a pool of buttons (made once, relabelled after)."""
        for b, _ in self.step_buttons:
            self.actions.pop(b, None)
        self.step_buttons = []
        m, gap = self.margin, self.gap
        bottom = (self.log_rect.top if log_visible else self.rect.height - m) - 2 * gap - self.toggle_h
        cols, h, short = self._steps_grid(steps, bottom - self.steps_top)
        bw = (self.rect.width - 2 * m - (cols - 1) * gap) // cols
        for i, s in enumerate(steps):
            r, col = divmod(i, cols)
            rect = pygame.Rect(m + col * (bw + gap), self.steps_top + r * (h + gap), bw, h)
            text = s.short_label if short else s.label
            if i < len(self._pool):
                b = self._pool[i]
                resized = b.relative_rect.size != rect.size
                if resized:
                    b.set_dimensions(rect.size)
                if b.relative_rect.topleft != rect.topleft:
                    b.set_relative_position(rect.topleft)
                if b.text != text:
                    b.set_text(text)
                if resized:  # pygame_gui draws a resized button borderless until a later update: whole at once
                    b.rebuild()
                if not b.visible:
                    b.show()
            else:
                b = UIButton(rect, text, self.manager, container=self.bg, object_id="#step")
                self._pool.append(b)
            self.step_buttons.append((b, s))
            self.actions[b] = PlayStep(s.frm, s.to, s.die)
        for b in self._pool[len(steps):]:
            if b.visible:
                b.hide()

    def _steps_grid(self, steps: Tuple[StepChoice, ...], space: int) -> Tuple[int, int, bool]:
        """(columns, button height, short labels?) for ``steps`` in ``space``
        pixels of height: the fewest columns (2 to 4) whose rows are tall
        enough to press, each label whole in its button with room on both
        sides (the short labels where the long ones do not fit); never more
        columns than the short labels fit."""
        f, gap = self.font_px, self.gap
        font = self.manager.get_theme().get_font(["#step", "button"])
        w = self.rect.width - 2 * self.margin
        grid = (2, self.row, False)
        for cols in (2, 3, 4):
            bw = (w - (cols - 1) * gap) // cols
            short = button_width_for([s.label for s in steps], font) > bw
            if short and button_width_for([s.short_label for s in steps], font) > bw and cols > 2:
                break  # more columns are narrower still
            rows = -(-max(1, len(steps)) // cols)
            h = min(self.row, (space - (rows - 1) * gap) // rows)
            grid = (cols, max(int(f * 1.2), h), short)
            if h >= f * 1.5:
                break
        return grid

    def _build_log(self, lines: Tuple[str, ...], visible: bool) -> None:
        self.log.set_lines(lines)
        self.log.visible = visible

    # -- keyboard focus -----------------------------------------------------------------------
    def focusables(self) -> List[Tuple[UIButton, Action]]:
        """The buttons the keyboard can reach, steps first."""
        out: List[Tuple[UIButton, Action]] = [(b, self.actions[b]) for b, _ in self.step_buttons]
        for b in (self.primary, self.undo, self.take_back, self.double, self.take, self.drop, self.auto, self.hint, self.continue_alone,
                  self.log_toggle, self.menu):
            if b is not None and b.visible and b.is_enabled:
                out.append((b, self.actions[b]))
        return out

    def action_for(self, element: object) -> Optional[Action]:
        """What ``element`` (a pygame_gui event's) stands for; None: not one of these."""
        return self.actions.get(element) if isinstance(element, UIButton) else None

    def kill(self) -> None:
        self.bg.kill()
