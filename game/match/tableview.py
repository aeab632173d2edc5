"""The player's hands on the table view during a match: which view is
shown (saved in the settings), and the wheel, a pinch, a game controller's
right stick and triggers, the view buttons and a drag on an empty part of
the board, handed to the :class:`~game.board.camera.TableCamera`.  The match
scene wires it in; it knows nothing of the game.
"""

from __future__ import annotations

import math
from typing import Callable, List, Optional, Tuple

import pygame

from ..board import viewbuttons
from ..board.camera import TableCamera, Zoomer
from ..board.layout import Layout
from ..board.oblique import renderer_for
from ..board.projection import OBLIQUE, TOP
from ..board.render import BoardRenderer, TextCache, board_area
from ..words.i18n import t
from ..input.match_intents import Intent, SetView
from ..store.settings import Settings

#: controller axes -> what they do to the view
AXES = {
    pygame.CONTROLLER_AXIS_RIGHTX: "x",
    pygame.CONTROLLER_AXIS_RIGHTY: "y",
    pygame.CONTROLLER_AXIS_TRIGGERRIGHT: "zoom_in",
    pygame.CONTROLLER_AXIS_TRIGGERLEFT: "zoom_out",
}
#: zoom per unit of a pinch (SDL's ``pinched``: the change of the fingers' distance)
PINCH_ZOOM = 4.0


class TableView:
    """The view of the table in one match scene."""

    def __init__(self, settings: Settings, save: Callable[[], None]):
        self.settings = settings
        self._save = save
        self.camera = TableCamera(settings.board_view)
        #: where the mouse was last seen (the wheel zooms towards it)
        self.pointer_at: Tuple[int, int] = pygame.mouse.get_pos()
        #: called when the board must be drawn anew from the camera
        self.on_change: Callable[[], None] = lambda: None

    @property
    def mode(self) -> str:
        return self.camera.mode

    @property
    def moving(self) -> bool:
        """A stick or trigger is held: the view changes every frame."""
        return self.camera.moving

    def make_renderer(self, layout: Layout, text: TextCache) -> BoardRenderer:
        """A renderer for the view shown now (as the settings have it)."""
        self.camera.set_mode(self.settings.board_view)
        return renderer_for(layout, text, self.settings.show_point_numbers, self.settings.show_pips, self.camera.angles)

    def follow(self, renderer: BoardRenderer, layout: Layout, text: TextCache) -> BoardRenderer:
        """The renderer to draw with after the camera moved: the same one
        turned, or a new one when the view changed."""
        if renderer.projection.angles.mode != self.camera.mode:
            return self.make_renderer(layout, text)
        renderer.set_angles(self.camera.angles)
        return renderer

    def set_view(self, mode: str) -> bool:
        """Show the top or the oblique view (saved in the settings)."""
        changed = self.camera.set_mode(mode)
        if changed:
            self.settings.board_view = self.camera.mode
            self._save()
            self.on_change()
        return changed

    def toggle(self) -> bool:
        return self.set_view(TOP if self.mode == OBLIQUE else OBLIQUE)

    def reset(self) -> bool:
        if self.camera.reset():
            self.on_change()
        return True

    def tip(self, focused: Optional[str], rects: viewbuttons.Rects) -> Optional[Tuple[str, str]]:
        """The view button whose name is shown, and its name: the one with
        the focus, else the one under the pointer (None: neither)."""
        mode = focused or viewbuttons.at(rects, self.pointer_at)
        return None if mode is None else (mode, t(f"view.{mode}"))

    def focusables(self, where: Callable[[], viewbuttons.Rects]) -> List[Tuple[viewbuttons.ViewButton, Intent]]:
        """The view buttons in the focus chain, each with its intent (``where``:
        where they are now, as the renderer of the view shown places them)."""
        return [(b, SetView(b.mode)) for b in viewbuttons.buttons(where)]

    # -- events -------------------------------------------------------------------------------
    def press(self, pos: Tuple[int, int], renderer: BoardRenderer) -> bool:
        """A press on the board: a view button switches the view (True: used)."""
        mode = viewbuttons.at(renderer.view_button_rects(), pos)
        if mode is None:
            return False
        self.set_view(mode)
        return True

    def begin_turn(self, pos: Tuple[int, int]) -> None:
        """A press on an empty part of the board: the oblique view turns as the pointer moves."""
        self.camera.begin_drag(pos)

    def motion(self, pos: Tuple[int, int]) -> bool:
        """The pointer moved; True when it was turning the view."""
        if not self.camera.dragging:
            return False
        if self.camera.drag(pos):
            self.on_change()
        return True

    def release(self) -> bool:
        """The button came up; True when it ended a turn of the view."""
        return self.camera.end_drag()

    def handle(self, event: pygame.event.Event, renderer: BoardRenderer, layout: Layout, size: Tuple[int, int]) -> bool:
        """The wheel, a pinch, the right stick and the triggers; True when used."""
        zoomer: Zoomer = renderer.projection.zoomed_at
        if event.type == pygame.MOUSEWHEEL:
            inside = board_area(layout).collidepoint(self.pointer_at)
            if inside and self.camera.wheel(zoomer, self.pointer_at, float(event.y)):
                self.on_change()
            return inside
        if event.type == pygame.MULTIGESTURE:
            pos = (float(event.x) * size[0], float(event.y) * size[1])
            if self.camera.zoom(zoomer, pos, math.exp(float(event.pinched) * PINCH_ZOOM)):
                self.on_change()
            return True
        if event.type == pygame.CONTROLLERAXISMOTION:
            which = AXES.get(getattr(event, "axis", -1))
            if which is not None:
                self.camera.axis(which, float(getattr(event, "value", 0)) / 32767.0)
            return which is not None
        return False

    def update(self, dt: float, renderer: Optional[BoardRenderer], layout: Optional[Layout]) -> None:
        """Held sticks and triggers move the view for ``dt`` seconds."""
        if not self.camera.moving or renderer is None or layout is None:
            return
        area = board_area(layout)
        if self.camera.update(dt, renderer.projection.zoomed_at, (float(area.centerx), float(area.centery))):
            self.on_change()
