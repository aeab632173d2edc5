"""One projection between the board's plane and the screen, both ways.

The :class:`~game.board.layout.Layout` stays the single source of geometry:
it places everything on the *board plane*, in the pixels of the top view
(``layout.slot``, ``layout.point_rect`` ...).  A :class:`Projection` maps
that plane (with a height ``z`` above it, in the same pixels) to the screen
for drawing, and a screen pixel back to the plane for hit-testing, so what is
drawn and what is clicked never disagree.

Two views (:data:`VIEWS`):

- ``top``: today's board seen from straight above: the identity;
- ``oblique``: the board in perspective from the near side (the chair of the
  player on roll), turned by ``yaw`` degrees about the table's vertical axis
  and tilted ``tilt`` degrees away from straight above, zoomed ``zoom``
  times towards a point and shifted by ``pan`` screen pixels.  At zoom 1 the
  whole board, as turned, fits the area (turning it draws it a little
  smaller rather than pushing a tray off the screen).

:class:`ViewAngles` is the view as the player left it (a value: turning or
zooming gives a new one, kept within :data:`YAW_LIMIT`, :data:`TILT_RANGE`
and :data:`ZOOM_RANGE`).

>>> p = Projection((100, 50, 800, 600), (0, 0, 1000, 700), ViewAngles(OBLIQUE, yaw=20, tilt=45))
>>> sx, sy = p.to_screen(300.0, 400.0)
>>> [round(c, 6) for c in p.to_plane(sx, sy)]
[300.0, 400.0]
>>> Projection((100, 50, 800, 600), (0, 0, 1000, 700)).to_screen(300.0, 400.0)   # top view
(300.0, 400.0)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Optional, Sequence, Tuple

import numpy as np

TOP = "top"
OBLIQUE = "oblique"
VIEWS: Tuple[str, ...] = (TOP, OBLIQUE)

#: how far the board may turn either way (degrees about the vertical axis)
YAW_LIMIT = 35.0
#: tilt from straight above (degrees): the least and the most
TILT_RANGE = (20.0, 60.0)
DEFAULT_TILT = 38.0
ZOOM_RANGE = (1.0, 3.0)
#: the camera's distance from the board's centre, in board widths
CAMERA_DISTANCE = 1.7
#: the part of the board area the board fills at zoom 1
FIT = 0.96

Rect4 = Tuple[float, float, float, float]


def _clamp(v: float, lo: float, hi: float) -> float:
    return lo if v < lo else hi if v > hi else v


@dataclass(frozen=True)
class ViewAngles:
    """How the board is seen: the view, its turn, tilt, zoom and shift.

    >>> ViewAngles(OBLIQUE, yaw=90, tilt=5, zoom=9).clamped()
    ViewAngles(mode='oblique', yaw=35.0, tilt=20.0, zoom=3.0, pan=(0.0, 0.0))
    """

    mode: str = TOP
    yaw: float = 0.0
    tilt: float = DEFAULT_TILT
    zoom: float = 1.0
    pan: Tuple[float, float] = (0.0, 0.0)

    def clamped(self) -> "ViewAngles":
        """The same view within the limits."""
        return ViewAngles(
            self.mode if self.mode in VIEWS else TOP,
            _clamp(float(self.yaw), -YAW_LIMIT, YAW_LIMIT),
            _clamp(float(self.tilt), *TILT_RANGE),
            _clamp(float(self.zoom), *ZOOM_RANGE),
            (float(self.pan[0]), float(self.pan[1])),
        )

    def turned(self, dyaw: float, dtilt: float) -> "ViewAngles":
        """Turned by ``dyaw`` and tilted by ``dtilt`` degrees, within the limits."""
        return replace(self, yaw=self.yaw + dyaw, tilt=self.tilt + dtilt).clamped()

    def reset(self) -> "ViewAngles":
        """The default of this view (no turn, the default tilt, no zoom)."""
        return ViewAngles(self.mode)

    def with_mode(self, mode: str) -> "ViewAngles":
        return ViewAngles(mode).clamped()

    @property
    def is_default(self) -> bool:
        return self == self.reset()


class Projection:
    """Board plane <-> screen for a board (``board``: x, y, width, height of
    the board in plane pixels) shown in ``area`` (screen pixels) as
    ``angles`` say.  The top view is the identity."""

    def __init__(self, board: Sequence[float], area: Sequence[float], angles: Optional[ViewAngles] = None):
        self.board: Rect4 = (float(board[0]), float(board[1]), float(board[2]), float(board[3]))
        self.area: Rect4 = (float(area[0]), float(area[1]), float(area[2]), float(area[3]))
        a = (angles or ViewAngles()).clamped()
        bx, by, bw, bh = self.board
        self.cx, self.cy = bx + bw / 2, by + bh / 2
        self.oblique = a.mode == OBLIQUE
        self.dist = CAMERA_DISTANCE * max(1.0, bw)
        psi, theta = math.radians(a.yaw), math.radians(a.tilt)
        self._cos_y, self._sin_y = math.cos(psi), math.sin(psi)
        self._cos_t, self._sin_t = math.cos(theta), math.sin(theta)
        self.f = 1.0
        self.ox, self.oy = self.cx, self.cy
        if self.oblique:
            # the scale that fits the board, turned, in the area, then the zoom
            fit = Projection.__new__(Projection)
            fit.__dict__.update(self.__dict__)
            fit.f, fit.ox, fit.oy = 1.0, 0.0, 0.0
            xs, ys = zip(*(fit.to_screen(x, y) for x, y in ((bx, by), (bx + bw, by), (bx, by + bh), (bx + bw, by + bh))))
            w, h = max(xs) - min(xs), max(ys) - min(ys)
            ax, ay, aw, ah = self.area
            base = min(aw * FIT / max(w, 1e-9), ah * FIT / max(h, 1e-9))
            self.f = base * a.zoom
            mid_x, mid_y = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
            self.ox = ax + aw / 2 - self.f * mid_x + a.pan[0]
            self.oy = ay + ah / 2 - self.f * mid_y + a.pan[1]
            # keep the board's centre inside the area
            sx, sy = self.to_screen(self.cx, self.cy)
            dx = _clamp(sx, ax, ax + aw) - sx
            dy = _clamp(sy, ay, ay + ah) - sy
            self.ox += dx
            self.oy += dy
            a = replace(a, pan=(a.pan[0] + dx, a.pan[1] + dy))
        #: the view as drawn (the pan kept within bounds)
        self.angles = a

    # -- plane -> screen -----------------------------------------------------------------
    def _camera(self, x: float, y: float, z: float) -> Tuple[float, float, float]:
        X, Y = x - self.cx, y - self.cy
        Xr = X * self._cos_y - Y * self._sin_y
        Yr = X * self._sin_y + Y * self._cos_y
        return Xr, Yr * self._cos_t - z * self._sin_t, self.dist - Yr * self._sin_t - z * self._cos_t

    def to_screen(self, x: float, y: float, z: float = 0.0) -> Tuple[float, float]:
        """Where the plane point (x, y), ``z`` pixels above it, is drawn."""
        if not self.oblique:
            return (x, y)
        xc, yc, zc = self._camera(x, y, z)
        zc = max(zc, 1e-6)
        return self.ox + self.f * xc / zc, self.oy + self.f * yc / zc

    def depth(self, x: float, y: float, z: float = 0.0) -> float:
        """Distance from the eye along the view (larger is farther; draw far first)."""
        if not self.oblique:
            return -z
        return self._camera(x, y, z)[2]

    def eye(self) -> Tuple[float, float, float]:
        """Where the eye is, in plane coordinates (far above the centre in the top view)."""
        if not self.oblique:
            return (self.cx, self.cy, 1e9)
        r = self.dist * self._sin_t
        return (self.cx + r * self._sin_y, self.cy + r * self._cos_y, self.dist * self._cos_t)

    def scale_at(self, x: float, y: float, z: float = 0.0) -> float:
        """Screen pixels per plane pixel near (x, y, z) (1 in the top view)."""
        if not self.oblique:
            return 1.0
        return self.f / max(self._camera(x, y, z)[2], 1e-6)

    def many(self, pts: np.ndarray) -> np.ndarray:
        """``to_screen`` for an (n, 3) array of plane points with heights; (n, 2)."""
        if not self.oblique:
            return pts[:, :2].astype(float)
        X, Y, Z = pts[:, 0] - self.cx, pts[:, 1] - self.cy, pts[:, 2]
        Xr = X * self._cos_y - Y * self._sin_y
        Yr = X * self._sin_y + Y * self._cos_y
        yc = Yr * self._cos_t - Z * self._sin_t
        zc = np.maximum(self.dist - Yr * self._sin_t - Z * self._cos_t, 1e-6)
        out = np.empty((len(pts), 2))
        out[:, 0] = self.ox + self.f * Xr / zc
        out[:, 1] = self.oy + self.f * yc / zc
        return out

    # -- screen -> plane -----------------------------------------------------------------
    def to_plane(self, sx: float, sy: float) -> Optional[Tuple[float, float]]:
        """The plane point drawn at screen pixel (sx, sy), or None above the horizon."""
        if not self.oblique:
            return (float(sx), float(sy))
        a = (sx - self.ox) / self.f
        b = (sy - self.oy) / self.f
        den = self._cos_t + b * self._sin_t
        if den <= 1e-6:
            return None
        Yr = b * self.dist / den
        zc = self.dist - Yr * self._sin_t
        if zc <= 0:
            return None
        Xr = a * zc
        X = Xr * self._cos_y + Yr * self._sin_y
        Y = -Xr * self._sin_y + Yr * self._cos_y
        return X + self.cx, Y + self.cy

    # -- moving the view -------------------------------------------------------------------
    def zoomed_at(self, pointer: Tuple[float, float], factor: float) -> ViewAngles:
        """The view zoomed by ``factor`` so that the plane point under
        ``pointer`` stays under it (as far as the limits allow)."""
        a = self.angles
        if not self.oblique:
            return a
        target = self.to_plane(*pointer)
        plain = Projection(self.board, self.area, replace(a, zoom=a.zoom * factor))
        if target is None:
            return plain.angles
        sx, sy = plain.to_screen(*target)
        moved = replace(plain.angles, pan=(plain.angles.pan[0] + pointer[0] - sx, plain.angles.pan[1] + pointer[1] - sy))
        return Projection(self.board, self.area, moved).angles
