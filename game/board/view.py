"""What the board shows in one frame (:class:`BoardView`, filled in by the
scene) and where the board goes in the window."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, Optional, Set, Tuple

import pygame

from engine import ordered_dice

from ..play.happenings import Snapshot
from .layout import Layout


def dice_row(snap: Snapshot) -> Tuple[List[int], List[bool]]:
    """The dice to draw (four for doubles) and which of them are used; used
    doubles go last so the row reads left to right (none without dice).  The
    larger die first, as the panel, the words and the move log write a roll."""
    if not snap.dice:
        return [], []
    d1, d2 = ordered_dice(snap.dice)
    dice = [d1, d1, d1, d1] if d1 == d2 else [d1, d2]
    left = list(snap.remaining)
    used = []
    for v in dice:
        if v in left:
            left.remove(v)
            used.append(False)
        else:
            used.append(True)
    if d1 == d2:
        used.sort()
    return dice, used


@dataclass
class BoardView:
    """What to draw this frame (filled in by the scene)."""

    snap: Snapshot
    viewer: int = 0
    #: one checker taken away per entry: (player, location in that player's numbering)
    hidden: List[Tuple[int, int]] = field(default_factory=list)
    #: checkers in flight: (player, centre, scale)
    flying: List[Tuple[int, Tuple[float, float], float]] = field(default_factory=list)
    #: the points' numbers written from the other side (the player hears always White's numbering, the board is Black's)
    flip_numbers: bool = False
    #: dice tumbling: (player, ((face, angle, hop), ...)); else the snapshot's dice are drawn
    tumbling: Optional[Tuple[int, Tuple[Tuple[int, float, float], ...]]] = None
    movable: Set[int] = field(default_factory=set)
    selected: Optional[int] = None
    targets: Set[int] = field(default_factory=set)
    ghosts: List[Tuple[float, float]] = field(default_factory=list)
    #: the step the keyboard focus is on: (from, to) in the viewer's numbering
    focus_step: Optional[Tuple[int, int]] = None
    #: the focus of the arrow keys and pads: ("checker", point) or ("target", point), viewer's numbering
    focus: Optional[Tuple[str, int]] = None
    banner: Optional[str] = None
    prompt: Optional[str] = None
    #: the hinted play, steps in the viewer's numbering, and the ranked list to show
    hint: Tuple[Tuple[int, int], ...] = ()
    hint_lines: Tuple[str, ...] = ()
    #: the view shown ("top" or "oblique"): its buttons are drawn at the board's corner; None: no buttons
    view_mode: Optional[str] = None
    #: the view button with the keyboard focus, if one has it
    view_focus: Optional[str] = None
    #: the view button whose name is shown beside it (under the pointer or with the focus), and its name
    view_tip: Optional[Tuple[str, str]] = None


def board_box(layout: Layout) -> Tuple[float, float, float, float]:
    """The board on its plane: x, y, width, height (the layout's pixels)."""
    r = layout.board_rect
    return (float(r.x), float(r.y), float(r.w), float(r.h))


def board_area(layout: Layout) -> pygame.Rect:
    """The part of the window the board is shown in (beside or above the panel, below the top bar)."""
    return pygame.Rect(layout.board_area)


def area_box(layout: Layout) -> Tuple[float, float, float, float]:
    """:func:`board_area` as x, y, width, height."""
    r = board_area(layout)
    return (float(r.x), float(r.y), float(r.w), float(r.h))
