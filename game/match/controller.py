"""The board controller: the pointer and the focus on the match screen ->
typed intents (:mod:`game.input.match_intents`).

It holds what the player is pointing at, not the game: the checker the mouse
(or a finger) selected and drags (:class:`~game.input.pointer.BoardPointer`),
the focus of the keys, a TV remote or a game controller on the board
(:class:`~game.input.boardfocus.BoardFocus`) and on the buttons
(:class:`~game.input.focus.FocusRing`).  It is given what it needs as values:
what is under the pointer (the layout's hit), what the turn allows (the
session, as :class:`~game.input.pointer.BoardRules`), where things are on the
screen (:class:`Places`) and the buttons with the intents they stand for.  It
never changes the game; the match scene carries out what it returns.

A click on a checker selects it; a click on one of its targets moves it:

>>> from game.input.match_intents import MoveChecker
>>> class Turn:
...     def can_roll(self): return False
...     def can_double(self): return False
...     def movable(self): return [8, 6]
...     def destinations(self, frm): return {5: ()} if frm == 8 else {}
...     def larger_step(self, frm): return None
>>> c = BoardController()
>>> c.press((10, 10), 8, Turn()), c.release((10, 10), 8, Turn())
(Reselect(), Reselect())
>>> c.press((40, 10), 5, Turn())
MoveChecker(src=8, dst=5)
"""

from __future__ import annotations

from typing import Dict, List, Mapping, Optional, Protocol, Sequence, Tuple

import pygame

from ..board.layout import Hit
from ..board.render import BoardView
from ..input.boardfocus import BoardFocus
from ..input.focus import FocusRing, RectLike, nearest
from ..input.intents import DIRECTIONS
from ..input.pointer import BoardPointer, BoardRules, Step
from ..input.match_intents import COMMANDS, Intent, MoveChecker, PlayStep, Primary, Reselect

class HasRect(Protocol):
    """Anything with a screen rectangle (a pygame_gui button)."""

    @property
    def rect(self) -> pygame.Rect: ...


#: a button of the panel or the top bar (anything with a screen ``rect``) and the intent it stands for
Button = Tuple[HasRect, Intent]
#: what the arrows can reach: ("checker", point), ("target", point) or ("button", index)
NavKey = Tuple[str, int]


class Places(Protocol):
    """Where the board shows things, in window pixels."""

    def checker(self, point: int) -> RectLike:
        """The top checker on ``point`` (the one a move would take)."""
        ...

    def target(self, point: int) -> RectLike:
        """Where a checker moved to ``point`` would land."""
        ...

    def landing(self, point: int) -> Tuple[float, float]:
        """The same, on the board's plane (where the board draws)."""
        ...

    def column(self, point: int) -> RectLike:
        """Where ``point``'s stack stands, from its first checker to its fifth, however many it holds."""
        ...

    def plane(self, pos: Tuple[int, int]) -> Optional[Tuple[float, float]]:
        """A window position on the board's plane; None when it is off it."""
        ...


class MoveQuery:
    """The session's answers about the turn, asked once until the board changes
    (:meth:`clear`): the controller and the board's picture ask often."""

    def __init__(self, rules: BoardRules):
        self.rules = rules
        self._movable: Optional[List[int]] = None
        self._destinations: Dict[int, Mapping[int, Sequence[Step]]] = {}

    def clear(self) -> None:
        self._movable = None
        self._destinations = {}

    def can_roll(self) -> bool:
        return self.rules.can_roll()

    def can_double(self) -> bool:
        return self.rules.can_double()

    def movable(self) -> List[int]:
        if self._movable is None:
            self._movable = self.rules.movable()
        return self._movable

    def destinations(self, frm: int) -> Mapping[int, Sequence[Step]]:
        if frm not in self._destinations:
            self._destinations[frm] = self.rules.destinations(frm)
        return self._destinations[frm]

    def larger_step(self, frm: int) -> Optional[Step]:
        return self.rules.larger_step(frm)


class BoardController:
    """The pointer and the focus on the match screen; events in, intents out."""

    def __init__(self) -> None:
        self.pointer = BoardPointer()
        self.focus = FocusRing()
        #: arrows and the d-pad on the board: a movable checker, then its targets
        self.board_focus = BoardFocus()
        #: the last input came from keys or a controller (their focus shows when a move begins)
        self.keyboard = False
        #: the panel's and the top bar's buttons in Tab order, each with its intent
        self.buttons: List[Button] = []
        #: a checker moved by the keys lands here: the focus follows it once the board is refreshed
        self._follow: Optional[int] = None
        #: what the last key or controller word did to the focus, to be said (game/match/focuswords.py):
        #: "moved", "selected" (a checker: its targets), "edge" (nothing lay that way: :attr:`edge`), None: nothing
        self.change: Optional[str] = None
        #: the direction in which nothing lay, at the last "edge"
        self.edge: Optional[str] = None
        #: the point cursor: 1..24 in the listener's numbering, 25 the bar, 0 off (None: not used yet)
        self.cursor: Optional[int] = None

    # -- what it shows ---------------------------------------------------------------------
    def focused(self) -> Optional[Button]:
        """The button with the focus, if one has it."""
        return self.focus.current(self.buttons)

    def focused_step(self) -> Optional[PlayStep]:
        """The step button with the focus (the board shows that step), if one has it."""
        focused = self.focused()
        return focused[1] if focused is not None and isinstance(focused[1], PlayStep) else None

    def keys_selected(self) -> Optional[int]:
        """The checker selected by the keys or the mouse (not one the game picked by itself)."""
        return self.pointer.selected if not self.pointer.auto else None

    def show(self, view: BoardView, rules: MoveQuery, places: Places) -> None:
        """What the pointer and the focus show on ``view`` while a human moves:
        the checkers that can move, the focus, the selected checker with its
        targets (and where it would land), the dragged checker under the
        pointer, or the step of the step button with the focus."""
        view.movable = set(rules.movable())
        view.focus = self.board_focus.at
        sel = self.pointer.selected
        if sel is not None:
            view.selected = sel
            targets = rules.destinations(sel)
            view.targets = set(targets)
            view.ghosts = [places.landing(to) for to in targets]
            if self.pointer.dragging:
                view.hidden.append((view.viewer, sel))
                plane = places.plane(self.pointer.drag_pos)
                view.flying.append((view.viewer, plane if plane is not None else self.pointer.drag_pos, 1.12))
            return
        step = self.focused_step()
        if step is not None:
            view.focus_step = (step.frm, step.to)
            view.targets = {step.to}
            view.ghosts = [places.landing(step.to)]

    @property
    def busy(self) -> bool:
        """A checker is being dragged."""
        return self.pointer.dragging

    # -- the pointer (mouse, pen, a finger) ---------------------------------------------------
    def press(self, pos: Tuple[int, int], hit: Hit, rules: BoardRules) -> Intent:
        """The button went down on the board over ``hit`` (the layout's answer)."""
        self.keyboard = False
        self.focus.clear()
        self.board_focus.clear()
        intent = self.pointer.down(pos, hit, rules)
        return intent if intent is not None else Reselect()

    def drag(self, pos: Tuple[int, int], unit: float) -> bool:
        """The pointer moved; True when a dragged checker moved with it."""
        return self.pointer.motion(pos, unit)

    def release(self, pos: Tuple[int, int], hit: Hit, rules: BoardRules) -> Optional[Intent]:
        """The button came up over ``hit``; None when no press on the board was held."""
        if self.pointer.press is None:
            return None
        intent = self.pointer.up(pos, hit, rules)
        return intent if intent is not None else Reselect()

    def pointer_used(self) -> None:
        """The mouse was pressed somewhere (the keys' focus hides until they are used again)."""
        self.keyboard = False

    # -- keys, remotes and game controllers ------------------------------------------------------
    def command(self, word: str, places: Places, rules: MoveQuery) -> Optional[Intent]:
        """A key or controller word (:mod:`game.input.intents`); None when
        only the focus moved (draw it again, nothing else changed)."""
        self.keyboard = True
        self.change = "moved"
        if word in DIRECTIONS:
            self._move_focus(word, places, rules)
            return None
        if word in ("focus_next", "focus_prev"):
            self.board_focus.clear()
            self.focus.move(self.buttons, 1 if word == "focus_next" else -1)
            return None
        self.change = None
        if word == "confirm":
            if self.board_focus.at is not None:
                return self._board_confirm(rules)
            focused = self.focused()
            return focused[1] if focused is not None else Primary()
        if word == "cancel":
            if self.board_focus.kind == "target" and self.pointer.selected is not None:
                back = self.pointer.selected  # back out of the targets to the checker
                self.pointer.reset()
                self.board_focus.set("checker", back)
                self.change = "moved"
            else:
                self.pointer.reset()
                self.focus.clear()
                self.board_focus.clear()
            return Reselect()
        return COMMANDS.get(word)

    def nav_items(self, places: Places, rules: MoveQuery) -> List[Tuple[NavKey, RectLike]]:
        """What the arrows can reach now, each with where it is: the targets of
        the selected checker; else the movable checkers and the buttons.  A
        point stands as its whole column (with the checker focused, or the
        place a checker would land), so that the points of a row are level
        however high their stacks are."""
        sel = self.keys_selected()
        if self.board_focus.kind == "target" and sel is not None:
            return [(("target", q), _column(places.target(q), places.column(q))) for q in rules.destinations(sel)]
        items: List[Tuple[NavKey, RectLike]] = [(("checker", q), _column(places.checker(q), places.column(q))) for q in rules.movable()]
        items += [(("button", i), b.rect) for i, (b, _) in enumerate(self.buttons)]
        return items

    def _focus_to(self, key: NavKey) -> None:
        if key[0] == "button":
            self.board_focus.clear()
            self.focus.index = key[1]
        else:
            self.focus.clear()
            self.board_focus.set(key[0], key[1])

    def _move_focus(self, direction: str, places: Places, rules: MoveQuery) -> None:
        items = self.nav_items(places, rules)
        if self.board_focus.at is not None:
            current: Optional[NavKey] = self.board_focus.at
        elif self.focused() is not None and self.focus.index is not None:
            current = ("button", self.focus.index)
        else:
            current = None
        rects = dict(items)
        if current is None or current not in rects:
            self._focus_first(rules)
            return
        others = [(k, r) for k, r in items if k != current]
        along_row = current[0] != "button" and DIRECTIONS[direction][1] == 0
        if along_row:
            # Left and Right stay on the board, along the row, from checker to checker (or target); Tab goes to the buttons
            others = [(k, r) for k, r in others if k[0] != "button"]
        i = nearest(rects[current], [r for _, r in others], DIRECTIONS[direction], in_line=along_row)
        if i is not None:
            self._focus_to(others[i][0])
        else:  # nothing that way: the focus stays, and that is said (not the same place again)
            self.change, self.edge = "edge", direction

    def _focus_first(self, rules: MoveQuery) -> None:
        """Where the focus appears at the first arrow: the selected checker's
        first target, a movable checker, or the primary button."""
        sel = self.keys_selected()
        if sel is not None and rules.destinations(sel):
            self.focus.clear()
            self.board_focus.set("target", self._first_target(sel, rules))
        elif rules.movable():
            self.focus.clear()
            self.board_focus.start(rules.movable())
        else:
            self.board_focus.clear()
            primary = [i for i, (_, intent) in enumerate(self.buttons) if isinstance(intent, Primary)]
            if primary:
                self.focus.index = primary[0]
            else:
                self.focus.move(self.buttons, 1)

    @staticmethod
    def _first_target(frm: int, rules: MoveQuery) -> int:
        dests = rules.destinations(frm)
        step = rules.larger_step(frm)
        if step is not None and step.to in dests:
            return int(step.to)
        return sorted(dests)[0]

    def _board_confirm(self, rules: MoveQuery) -> Intent:
        """Enter (A) on the board: select the focused checker, or move the
        selected one to the focused target."""
        assert self.board_focus.at is not None
        kind, p = self.board_focus.at
        if kind == "checker":
            if p not in rules.movable() or not rules.destinations(p):
                return Reselect()
            self.pointer.reset()
            self.pointer.selected, self.pointer.auto = p, False
            self.board_focus.set("target", self._first_target(p, rules))
            self.change = "selected"
            return Reselect()
        sel = self.keys_selected()
        if sel is None or p not in rules.destinations(sel):
            return Reselect()
        self._follow = p  # on to the checker just moved, once the board shows the move
        return MoveChecker(sel, p)

    # -- after the board changed -------------------------------------------------------------
    def refresh(self, rules: MoveQuery, new_turn: bool) -> None:
        """The game changed (``new_turn``: another turn or phase began): keep
        the selection and the focus on what exists now."""
        if new_turn:
            self.focus.clear()
            self.pointer.reset()
            self.board_focus.clear()
        movable = rules.movable()
        if self.pointer.selected is not None and self.pointer.selected not in movable:
            self.pointer.reset()
        if self.pointer.selected is None and len(movable) == 1:
            self.pointer.selected, self.pointer.auto = movable[0], True
        if new_turn and self.keyboard:
            self.board_focus.start(movable)  # keys and pads find their focus on a checker as a move begins
        else:
            self.board_focus.fix(movable, self.keys_selected(), rules.destinations)
        follow, self._follow = self._follow, None
        if follow is not None:
            # on to the checker just moved, or the nearest one that can still move
            if movable:
                self.board_focus.set("checker", follow if follow in movable else min(movable, key=lambda q: (abs(q - follow), q)))
            else:
                self.board_focus.clear()

    def set_buttons(self, buttons: Sequence[Button], steps: int, on_step: bool) -> None:
        """The panel and the top bar were shown anew with these ``buttons``
        (``steps``: how many step buttons lead the list; ``on_step``: a step
        button had the focus before, see :meth:`focused_step`)."""
        self.buttons = list(buttons)
        if on_step:
            # the focus stays in the step list, on its first step (Enter
            # again plays it, Tab goes on through the steps); once no step
            # is left it goes, so Enter means Done
            if steps == 0:
                self.focus.clear()
            else:
                self.focus.index = 0
        self.focus.current(self.buttons)

    def walk(self, step: int, to: Optional[int] = None) -> int:
        """Move the point cursor ``step`` places along 1..24, the bar (25),
        off (0), round again (empty points too); or straight ``to`` a place.
        The place it is on now."""
        if to is not None:
            self.cursor = to
            return to
        if self.cursor in WALK:
            self.cursor = WALK[(WALK.index(self.cursor) + step) % len(WALK)]
        else:  # the first press: the first point, or the last
            self.cursor = 1 if step > 0 else 24
        return self.cursor


#: the point cursor's round: the points 1..24 (the listener's numbering), the bar, off
WALK: Tuple[int, ...] = (*range(1, 25), 25, 0)


def _column(top: RectLike, column: RectLike) -> pygame.Rect:
    """A point's column with ``top`` (its top checker, or where one would land) in it."""
    return pygame.Rect(top).union(pygame.Rect(column))
