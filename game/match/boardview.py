"""What the board shows this frame, as a :class:`~game.board.render.BoardView`:
an animation under way (dice tumbling, checkers flying, a banner to read),
or the board at rest with the presenter's words, the hint and what the
board controller shows (the selection, its targets, the focus); for whom it
is drawn, and the passes it has still to show.

:class:`RendererPlaces` tells the controller where things are on the screen
(the renderer's geometry, the same it draws and hit-tests with).
"""

from __future__ import annotations

import math
from typing import List, Optional, Tuple

import pygame

from engine import ordered_dice

from ..board.animation import Anim, Animator, tumble_faces
from ..board.layout import Layout
from ..board.render import BoardRenderer, BoardView
from ..play.numbering import listener_of
from ..play.happenings import Happening, Hint, Snapshot
from ..play.session import Session
from .controller import BoardController, MoveQuery
from .presenter import BoardWords, animation_banner


class RendererPlaces:
    """Where the board shows things (the controller's :class:`~game.match.controller.Places`),
    for ``display`` drawn for ``viewer`` by ``renderer``; ``unit``: a checker's size."""

    def __init__(self, renderer: BoardRenderer, display: Snapshot, viewer: int, unit: float):
        self.renderer = renderer
        self.display = display
        self.viewer = viewer
        self.unit = unit

    def _spot(self, centre: Tuple[float, float]) -> pygame.Rect:
        d = max(2, int(self.unit))
        r = pygame.Rect(0, 0, d, d)
        x, y = self.renderer.to_screen(centre)
        r.center = (int(x), int(y))
        return r

    def checker(self, point: int) -> pygame.Rect:
        return self._spot(self.renderer.top_slot(self.display, self.viewer, point))

    def target(self, point: int) -> pygame.Rect:
        return self._spot(self.landing(point))

    def landing(self, point: int) -> Tuple[float, float]:
        """Where a checker moved to ``point`` lands, on the board's plane."""
        return self.renderer.landing_slot(self.display, self.viewer, point)

    def column(self, point: int) -> pygame.Rect:
        """Where ``point``'s stack stands, from its first checker to its fifth,
        however many it holds (the board is drawn with the viewer's side as side 0)."""
        slot = self.renderer.layout.slot
        return self._spot(slot(0, point, 0)).union(self._spot(slot(0, point, 4)))

    def plane(self, pos: Tuple[int, int]) -> Optional[Tuple[float, float]]:
        """The window position ``pos`` on the board's plane (None: off it)."""
        return self.renderer.to_plane(pos)


def viewer_of(animator: Animator, session: Session) -> int:
    """Who the board is drawn for now: while dice tumble, already the roller
    (the board turns as the dice are thrown), else the board shown."""
    head = animator.head
    snap = head.happening.after if head is not None and head.kind == "roll" else animator.display
    return session.viewer_for(snap)


def pending_passes(animator: Animator) -> List[Happening]:
    """Passes the board has not shown yet (the dice still tumble, or the
    "No legal moves" banner is up): the panel and the top bar wait for them."""
    return [a.happening for a in animator.queue if a.kind == "pass"]


def tumbling(animator: Animator) -> bool:
    """Are dice still tumbling on the board (a roll not shown landed yet)?  The
    panel names the roll only once they have landed, as the words do."""
    return any(a.kind == "roll" for a in animator.queue)


def waiting(animator: Animator) -> Tuple[int, bool]:
    """What the panel waits for: the passes not shown yet, and dice still tumbling
    (when it changes, the panel catches up)."""
    return len(pending_passes(animator)), tumbling(animator)


def showing_pass(animator: Animator) -> bool:
    """Is the board still showing a throw that cannot be played (its dice
    tumbling, or the "No legal moves" banner up)?  A key or click then
    only dismisses it."""
    head = animator.head
    return head is not None and head.kind in ("roll", "pass") and bool(pending_passes(animator))


def hurry(animator: Animator, session: Session) -> Tuple[bool, bool]:
    """Input came while the board animates: finish what is showing.  Returns
    whether the board was showing a pass (the input only dismisses it) and
    whether it turned to another viewer (a click meant the old view)."""
    viewer = viewer_of(animator, session)
    passing = showing_pass(animator)
    animator.flush()
    return passing, viewer_of(animator, session) != viewer


def animated(view: BoardView, head: Anim, alpha: float, layout: Layout, seed: int) -> BoardView:
    """``view`` while ``head`` plays (``alpha``: how far between the last two
    steps; ``seed``: the tumble of the dice)."""
    p = head.progress(alpha)
    h = head.happening
    if head.kind == "roll" and h.dice:
        final = h.dice if h.opening else ordered_dice(h.dice)  # (an opening: each side's die where it lands)
        view.tumbling = (h.player, tumble_faces(p, final, seed=seed))
    else:
        view.banner = animation_banner(head.kind, h)
    for mv in head.movers:
        view.hidden.append((mv.player, mv.src))
        side = 0 if mv.player == view.viewer else 1
        a = layout.slot(side, mv.src, mv.src_index)
        b = layout.slot(side, mv.dst, mv.dst_index)
        f = mv.fraction(p)
        centre = (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)
        view.flying.append((mv.player, centre, 1.0 + 0.18 * math.sin(math.pi * f)))
    return view


def numbered(view: BoardView, session: Session) -> BoardView:
    """``view`` with the points numbered as the player hears them (always White's: from White's side)."""
    view.flip_numbers = listener_of(session.settings.numbering, view.viewer) != view.viewer
    return view


def at_rest(view: BoardView, words: BoardWords, notice: Optional[str], hint: Optional[Hint],
            controller: BoardController, rules: MoveQuery, places: RendererPlaces) -> BoardView:
    """``view`` while nothing moves: the presenter's ``words`` (a game's
    result before ``notice``, the words the player's last key asked for), and while a
    human moves, the ``hint`` and what the controller shows."""
    view.banner = words.banner if words.banner is not None else notice or None
    view.prompt = words.prompt
    if not words.moving:
        view.hint_lines = words.hint_lines  # the cube advice asked for (no arrows)
        return view
    if hint is not None:
        view.hint = hint.best
        view.hint_lines = words.hint_lines  # (in the listener's numbering)
    controller.show(view, rules, places)
    return view
