"""The view of the table as the player moves it: which view (top or
oblique), how far it is turned and tilted, how near it is.

The match scene hands the camera what the player does (a drag on an empty
part of the board, the wheel, a pinch, the right stick and the triggers of
a game controller, the view buttons and keys) and the camera keeps the
resulting :class:`~game.board.projection.ViewAngles`, within their limits.
Only the top view / oblique view choice is saved (``Settings.board_view``);
turns and zoom last while the program runs.

>>> cam = TableCamera("oblique")
>>> cam.begin_drag((100, 100)), cam.drag((160, 100)), cam.end_drag()
(True, True, True)
>>> cam.angles.yaw > 0
True
>>> cam.reset(), cam.angles.is_default
(True, True)
"""

from __future__ import annotations

from typing import Callable, Optional, Tuple

from .projection import OBLIQUE, TOP, VIEWS, ViewAngles

#: degrees of turn (yaw) and tilt per pixel dragged
DRAG_YAW = 0.12
DRAG_TILT = 0.1
#: zoom per wheel notch
WHEEL_ZOOM = 1.12
#: degrees per second at full stick, zoom factor per second at a full trigger
STICK_SPEED = 60.0
TRIGGER_ZOOM = 2.0
#: stick and trigger values below this are rest
DEAD_ZONE = 0.2

Zoomer = Callable[[Tuple[float, float], float], ViewAngles]


class TableCamera:
    """The view's state and the player's hands on it."""

    def __init__(self, mode: str = TOP):
        self.angles = ViewAngles(mode if mode in VIEWS else TOP)
        #: bumped at every change (what is drawn depends on it)
        self.version = 0
        self._drag_from: Optional[Tuple[float, float]] = None
        self.stick = [0.0, 0.0]
        self.triggers = [0.0, 0.0]

    @property
    def mode(self) -> str:
        return self.angles.mode

    @property
    def turnable(self) -> bool:
        """Can the player turn and zoom this view (the oblique one)?"""
        return self.mode == OBLIQUE

    def _set(self, angles: ViewAngles) -> bool:
        angles = angles.clamped()
        if angles == self.angles:
            return False
        self.angles = angles
        self.version += 1
        return True

    def set_mode(self, mode: str) -> bool:
        """Switch to the top or the oblique view (at its default angles)."""
        if mode not in VIEWS or mode == self.mode:
            return False
        return self._set(ViewAngles(mode))

    def toggle(self) -> str:
        self.set_mode(TOP if self.mode == OBLIQUE else OBLIQUE)
        return self.mode

    def reset(self) -> bool:
        """Back to the view's default angles and zoom."""
        return self._set(self.angles.reset())

    # -- turning by drag -------------------------------------------------------------------
    @property
    def dragging(self) -> bool:
        return self._drag_from is not None

    def begin_drag(self, pos: Tuple[float, float]) -> bool:
        """A press on an empty part of the board: turning starts (oblique only)."""
        if not self.turnable:
            return False
        self._drag_from = (float(pos[0]), float(pos[1]))
        return True

    def drag(self, pos: Tuple[float, float]) -> bool:
        """The pointer moved while turning; returns whether the view changed."""
        if self._drag_from is None:
            return False
        dx, dy = pos[0] - self._drag_from[0], pos[1] - self._drag_from[1]
        self._drag_from = (float(pos[0]), float(pos[1]))
        return self._set(self.angles.turned(dx * DRAG_YAW, -dy * DRAG_TILT))

    def end_drag(self) -> bool:
        was = self._drag_from is not None
        self._drag_from = None
        return was

    # -- zoom -------------------------------------------------------------------------------
    def zoom(self, zoomer: Zoomer, pointer: Tuple[float, float], factor: float) -> bool:
        """Zoom by ``factor`` towards ``pointer`` (``zoomer`` is the projection's
        ``zoomed_at``, which keeps the point under the pointer in place)."""
        if not self.turnable or factor <= 0:
            return False
        return self._set(zoomer(pointer, factor))

    def wheel(self, zoomer: Zoomer, pointer: Tuple[float, float], notches: float) -> bool:
        return self.zoom(zoomer, pointer, WHEEL_ZOOM ** notches)

    # -- a game controller ------------------------------------------------------------------------
    def axis(self, which: str, value: float) -> None:
        """A stick or trigger moved: ``which`` is "x", "y" (the right stick),
        "zoom_in" or "zoom_out" (the triggers); ``value`` -1..1 (0..1 for triggers)."""
        v = 0.0 if abs(value) < DEAD_ZONE else max(-1.0, min(1.0, value))
        if which == "x":
            self.stick[0] = v
        elif which == "y":
            self.stick[1] = v
        elif which == "zoom_in":
            self.triggers[1] = max(0.0, v)
        elif which == "zoom_out":
            self.triggers[0] = max(0.0, v)

    @property
    def moving(self) -> bool:
        """Is a stick or trigger held (the view changes every frame)?"""
        return self.turnable and bool(any(self.stick) or any(self.triggers))

    def update(self, dt: float, zoomer: Optional[Zoomer], centre: Tuple[float, float]) -> bool:
        """Apply held sticks and triggers for ``dt`` seconds; returns whether the view changed."""
        if not self.moving:
            return False
        changed = self._set(self.angles.turned(self.stick[0] * STICK_SPEED * dt, -self.stick[1] * STICK_SPEED * dt))
        z = self.triggers[1] - self.triggers[0]
        if z and zoomer is not None:
            changed = self.zoom(zoomer, centre, TRIGGER_ZOOM ** (z * dt)) or changed
        return changed
