"""The match screen drawn with a frame cache.

What does not move on the board is drawn into the cached frame, only when
it changed; the widgets (the side panel and the top bar) are drawn straight
onto the window, only when they changed.  While only checkers fly or dice
tumble, a frame restores the cache under their last rectangles and draws
them anew.  :meth:`MatchFrame.draw` returns the
rectangles changed (a partial display update), or None when the whole
window was drawn.
"""

from __future__ import annotations

from typing import Callable, Hashable, List, Optional, Tuple

import pygame

from ..board.render import BoardRenderer, BoardView
from ..system.window import opaque_surface

#: the ring round the button with the keyboard's focus
FOCUS = (120, 200, 255)


def board_key(view: BoardView, camera_version: int) -> Tuple[Hashable, ...]:
    """Everything of ``view`` the board's still picture is drawn from."""
    return (
        view.snap,
        view.viewer,
        tuple(view.hidden),
        tuple(sorted(view.movable)),
        view.selected,
        tuple(sorted(view.targets)),
        tuple(view.ghosts),
        view.focus_step,
        view.focus,
        view.banner,
        view.prompt,
        view.hint,
        view.hint_lines,
        view.tumbling is not None,
        view.view_mode,
        view.view_focus,
        view.view_tip,
        camera_version,
    )


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, font_px: int) -> None:
    """The ring round the focused button ``rect``."""
    pygame.draw.rect(surface, FOCUS, rect.inflate(6, 6), max(2, font_px // 6), border_radius=6)


class MatchFrame:
    """The cached frame of one match screen and what it was drawn from."""

    def __init__(self) -> None:
        self.frame: Optional[pygame.Surface] = None
        #: where the moving things (flying checkers, tumbling dice) were drawn last
        self.moving_rects: List[pygame.Rect] = []
        self._board_key: Optional[Tuple[Hashable, ...]] = None
        self._board_view: Optional[BoardView] = None
        self._camera: Optional[int] = None
        self._ui_key: Hashable = None
        #: the widgets changed but were left for the next frame (the board was drawn in this one)
        self.ui_waiting = False

    def invalidate(self) -> None:
        """The next draw draws the whole window."""
        self.frame = None

    def forget(self) -> None:
        """The board is laid out anew: nothing drawn before is of use."""
        self.frame = None
        self._board_view = None

    def draw(self, surface: pygame.Surface, view: BoardView, renderer: BoardRenderer, areas: Tuple[pygame.Rect, pygame.Rect, pygame.Rect],
             camera_version: int, ui_key: Hashable, draw_ui: Callable[[pygame.Surface], None],
             ui_may_wait: bool = False, update_ui: Callable[[], None] = lambda: None) -> Optional[List[pygame.Rect]]:
        """Draw ``view`` with ``renderer`` and the widgets (``draw_ui``, when
        ``ui_key`` changed; ``update_ui`` brings them up to date first) on
        ``surface``; ``areas``: the board's, the panel's and the top bar's
        rectangles.  ``ui_may_wait``: when the board and the widgets changed
        at once (a move, a roll), the widgets may be brought up to date and
        drawn in the next frame (:attr:`ui_waiting` says so; the caller draws
        that frame), so that no frame pays for both."""
        key = board_key(view, camera_version)
        size = surface.get_size()
        whole = self.frame is None or self.frame.get_size() != size
        board_drawn = whole or key != self._board_key
        ui_due = whole or ui_key != self._ui_key
        # (one frame at most: a board drawn frame after frame, turning, leaves them no longer)
        self.ui_waiting = ui_due and board_drawn and ui_may_wait and not whole and not self.ui_waiting
        if not self.ui_waiting:
            update_ui()
        if whole:
            self.frame = opaque_surface(size, surface)
        frame = self.frame
        assert frame is not None
        rects: List[pygame.Rect] = []
        board_area, panel_area, top_area = areas
        if board_drawn:
            # the view turned or zoomed: the whole board is seen from a new place
            moved = camera_version != self._camera
            regions = None if whole or moved or self._board_view is None else renderer.dirty_regions(self._board_view, view)
            for area in regions if regions is not None else [board_area]:
                area = area.clip(board_area)
                renderer.draw_static(frame, view, area)
                surface.blit(frame, area, area)
                rects.append(area)
            self._board_key = key
            self._board_view = view
            self._camera = camera_version
        # the moving things of the last frame are gone from where they were
        for r in self.moving_rects:
            surface.blit(frame, r, r)
        rects.extend(self.moving_rects)
        if ui_due and not self.ui_waiting:
            # the widgets go straight onto the window: the frame keeps the board only
            # (it is what restores the board under moving things and redrawn parts)
            if whole:
                surface.fill((0, 0, 0), panel_area)
                surface.fill((0, 0, 0), top_area)
            draw_ui(surface)
            rects.append(panel_area)
            if top_area.height:
                rects.append(top_area)
            self._ui_key = ui_key
        # what moves stays on the board (a zoomed board reaches under the panel)
        clip = surface.get_clip()
        surface.set_clip(board_area)
        drawn = [r.clip(board_area) for r in renderer.draw_moving(surface, view)]
        surface.set_clip(clip)
        self.moving_rects = [r for r in drawn if r.w and r.h]
        rects.extend(self.moving_rects)
        return None if whole else rects
