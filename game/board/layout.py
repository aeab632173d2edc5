"""Where everything is for one window size: used to draw AND to hit-test.

The board is measured in units of ``d``, the width of a point (and the
diameter of a checker), and letterboxed into the part of the window left of
the side panel, so its proportions never change.  Across, in units of d::

    cube 1.5 | frame 0.3 | 6 points | bar 1.2 | 6 points | frame 0.3 | tray 1.5   = 16.8

and down: frame 0.5 (point numbers), points 5.0, middle 1.6, points 5.0,
frame 0.5 = 12.6.

Points are numbered from the viewer, the player nearest the screen (side 0):
1..6 bottom right (1 at the right), 7..12 bottom left, 13..18 top left,
19..24 top right.  The other player (side 1) counts the same points as
``25 - p``.  Location 25 is a side's bar and 0 its bear-off tray.

>>> lay = Layout((1280, 720))
>>> lay.hit(lay.point_rect(6).center)
6
>>> lay.hit(lay.bar_rect.center), lay.hit(lay.tray_rect.center)
(25, 0)
"""

from __future__ import annotations

from typing import Optional, Tuple, Union

import pygame

from .text import text_scale

BOARD_W = 16.8
BOARD_H = 12.6
CUBE_COL = (0.0, 1.5)
LEFT_HALF = (1.8, 7.8)
BAR = (7.8, 9.0)
RIGHT_HALF = (9.0, 15.0)
TRAY = (15.3, 16.8)
FRAME_Y = 0.5
POINTS_H = 5.0
TOP_POINTS = (0.5, 5.5)
MIDDLE = (5.5, 7.1)
BOTTOM_POINTS = (7.1, 12.1)
MAX_STACK = 5  # checkers drawn on a point; a taller stack shows its count
MAX_BAR = 4
SLAB_H = 0.3  # a borne-off checker seen from the side
#: the far tray's checkers start this far below its top, leaving the board's
#: top-right corner (frame and tray) free for the view buttons
FAR_TRAY_FREE = 0.5

BAR_POINT = 25
OFF = 0
DICE = "dice"
CUBE = "cube"

Hit = Union[int, str, None]


def panel_width(width: int) -> int:
    """Width of the side panel for a window ``width`` pixels wide (wider with large text)."""
    return int(max(220, width * 0.24) * text_scale())


def is_portrait(size: Tuple[int, int]) -> bool:
    """A narrow window (a kiosk's screen standing upright): the panel goes
    below the board instead of beside it.

    >>> is_portrait((1080, 1920)), is_portrait((720, 1280)), is_portrait((1280, 720)), is_portrait((800, 600))
    (True, True, False, False)
    """
    return size[0] < size[1] * 0.9


#: in a portrait window, the share of the height (below the top bar) the board may take
PORTRAIT_BOARD_SHARE = 0.58


class Layout:
    """Geometry of the board and the side panel for a window ``size``, below
    a bar ``top`` pixels high across the window (the match's top bar).  The
    panel stands right of the board; in a portrait window (:func:`is_portrait`)
    it lies below the board, across the window.

    >>> lay = Layout((1080, 1920), top=60)
    >>> lay.portrait, lay.panel_rect.top >= lay.board_rect.bottom, lay.panel_rect.width
    (True, True, 1080)
    """

    def __init__(self, size: Tuple[int, int], top: int = 0):
        w, h = max(1, int(size[0])), max(1, int(size[1]))
        self.size = (w, h)
        self.top = top = max(0, min(int(top), h // 3))
        self.top_bar_rect = pygame.Rect(0, 0, w, top)
        self.portrait = is_portrait((w, h))
        if self.portrait:
            area_w = w
            self.d = d = min(area_w / BOARD_W, (h - top) * PORTRAIT_BOARD_SHARE / BOARD_H)
            area_h = int(round(BOARD_H * d)) + 1
            self.panel_rect = pygame.Rect(0, top + area_h, w, h - top - area_h)
        else:
            pw = min(panel_width(w), max(0, w - 200))
            self.panel_rect = pygame.Rect(w - pw, top, pw, h - top)
            area_w, area_h = w - pw, h - top
            self.d = d = min(area_w / BOARD_W, area_h / BOARD_H)
        #: the part of the window the board is shown in (beside or above the panel, below the top bar)
        self.board_area = pygame.Rect(0, top, area_w, area_h)
        bw, bh = BOARD_W * d, BOARD_H * d
        self.ox = (area_w - bw) / 2
        self.oy = top + (area_h - bh) / 2
        self.board_rect = self._rect(0, 0, BOARD_W, BOARD_H)
        self.bar_rect = self._rect(BAR[0], 0, BAR[1] - BAR[0], BOARD_H)
        self.tray_rect = self._rect(TRAY[0], 0, TRAY[1] - TRAY[0], BOARD_H)
        self.cube_col_rect = self._rect(CUBE_COL[0], 0, CUBE_COL[1] - CUBE_COL[0], BOARD_H)
        self.left_felt = self._rect(LEFT_HALF[0], TOP_POINTS[0], 6, BOTTOM_POINTS[1] - TOP_POINTS[0])
        self.right_felt = self._rect(RIGHT_HALF[0], TOP_POINTS[0], 6, BOTTOM_POINTS[1] - TOP_POINTS[0])
        self.tray_halves = (
            self._rect(TRAY[0] + 0.15, MIDDLE[1], 1.2, BOTTOM_POINTS[1] - MIDDLE[1]),  # side 0 (bottom)
            self._rect(TRAY[0] + 0.15, TOP_POINTS[0], 1.2, MIDDLE[0] - TOP_POINTS[0]),  # side 1 (top)
        )
        #: where the viewer's dice lie and a click rolls (middle of the right half)
        self.dice_area = self._rect(RIGHT_HALF[0], MIDDLE[0], 6, MIDDLE[1] - MIDDLE[0])
        self.other_dice_area = self._rect(LEFT_HALF[0], MIDDLE[0], 6, MIDDLE[1] - MIDDLE[0])

    # -- units -------------------------------------------------------------
    def px(self, u: float, v: float) -> Tuple[float, float]:
        """Board units -> window pixels."""
        return self.ox + u * self.d, self.oy + v * self.d

    def _rect(self, u: float, v: float, du: float, dv: float) -> pygame.Rect:
        x0, y0 = self.px(u, v)
        x1, y1 = self.px(u + du, v + dv)
        return pygame.Rect(round(x0), round(y0), round(x1) - round(x0), round(y1) - round(y0))

    def font_px(self, role: str) -> int:
        """Text height in pixels for a role, scaled with the board (and larger
        with the large-text option: :func:`game.board.text.text_scale`)."""
        scale = {"number": 0.36, "count": 0.5, "pips": 0.42, "small": 0.32, "banner": 0.75, "cube": 0.55, "prompt": 0.4, "hint": 0.3}
        return max(8, int(self.d * scale[role] * text_scale()))

    @property
    def checker_radius(self) -> float:
        return self.d * 0.47

    # -- points ----------------------------------------------------------------
    @staticmethod
    def _column(p: int) -> Tuple[float, bool]:
        """Left edge (units) and whether the point is on the top row."""
        if 1 <= p <= 6:
            return RIGHT_HALF[0] + (6 - p), False
        if 7 <= p <= 12:
            return LEFT_HALF[0] + (12 - p), False
        if 13 <= p <= 18:
            return LEFT_HALF[0] + (p - 13), True
        if 19 <= p <= 24:
            return RIGHT_HALF[0] + (p - 19), True
        raise ValueError(f"no point {p}")

    def is_top(self, p: int) -> bool:
        return self._column(p)[1]

    def point_rect(self, p: int) -> pygame.Rect:
        """The column a point's triangle stands in (viewer's numbering)."""
        u, top = self._column(p)
        v = TOP_POINTS[0] if top else BOTTOM_POINTS[0]
        return self._rect(u, v, 1, POINTS_H)

    def triangle(self, p: int) -> Tuple[Tuple[float, float], ...]:
        """The three corners of point ``p``'s triangle, in pixels."""
        u, top = self._column(p)
        tip = 4.6
        if top:
            return (self.px(u, TOP_POINTS[0]), self.px(u + 1, TOP_POINTS[0]), self.px(u + 0.5, TOP_POINTS[0] + tip))
        return (self.px(u, BOTTOM_POINTS[1]), self.px(u + 1, BOTTOM_POINTS[1]), self.px(u + 0.5, BOTTOM_POINTS[1] - tip))

    def number_pos(self, p: int) -> Tuple[float, float]:
        """Centre of a point's number in the frame."""
        u, top = self._column(p)
        return self.px(u + 0.5, FRAME_Y / 2 if top else BOARD_H - FRAME_Y / 2)

    # -- checkers ----------------------------------------------------------------
    def slot(self, side: int, loc: int, i: int) -> Tuple[float, float]:
        """Centre of the ``i``-th checker (0 = first laid) of ``side`` at
        ``loc`` in that side's own numbering (25 bar, 0 off, 1..24 points).
        Slots past the drawn maximum share the top slot."""
        if loc == BAR_POINT:
            i = min(i, MAX_BAR - 1)
            cu = (BAR[0] + BAR[1]) / 2
            if side == 0:
                return self.px(cu, MIDDLE[1] + 0.5 + i)
            return self.px(cu, MIDDLE[0] - 0.5 - i)
        if loc == OFF:
            r = self.slab_rect(side, i)
            return float(r.centerx), float(r.centery)
        p = loc if side == 0 else 25 - loc
        u, top = self._column(p)
        i = min(i, MAX_STACK - 1)
        if top:
            return self.px(u + 0.5, TOP_POINTS[0] + 0.5 + i)
        return self.px(u + 0.5, BOTTOM_POINTS[1] - 0.5 - i)

    def slab_rect(self, side: int, i: int) -> pygame.Rect:
        """The ``i``-th borne-off checker of ``side`` in its tray."""
        i = min(i, 14)
        if side == 0:
            return self._rect(TRAY[0] + 0.2, BOTTOM_POINTS[1] - (i + 1) * SLAB_H, 1.1, SLAB_H)
        return self._rect(TRAY[0] + 0.2, TOP_POINTS[0] + FAR_TRAY_FREE + i * SLAB_H, 1.1, SLAB_H)

    def dice_rects(self, side: int, n: int) -> list:
        """Rectangles of ``n`` dice for the player on ``side``."""
        size = 1.0 if n <= 2 else 0.85
        gap = 0.3 if n <= 2 else 0.2
        half = RIGHT_HALF if side == 0 else LEFT_HALF
        total = n * size + (n - 1) * gap
        u0 = (half[0] + half[1]) / 2 - total / 2
        v0 = (MIDDLE[0] + MIDDLE[1]) / 2 - size / 2
        return [self._rect(u0 + k * (size + gap), v0, size, size) for k in range(n)]

    def cube_rect(self, owner_side: Optional[int]) -> pygame.Rect:
        """The cube: centred when nobody owns it, else on its owner's side."""
        size = 1.1
        u = (CUBE_COL[0] + CUBE_COL[1]) / 2 - size / 2
        if owner_side is None:
            v = (MIDDLE[0] + MIDDLE[1]) / 2 - size / 2
        elif owner_side == 0:
            v = BOTTOM_POINTS[0] + 2.2
        else:
            v = TOP_POINTS[1] - 2.2 - size
        return self._rect(u, v, size, size)

    def pips_pos(self, side: int) -> Tuple[float, float]:
        """Centre of a side's pip count, in the cube column."""
        cu = (CUBE_COL[0] + CUBE_COL[1]) / 2
        return self.px(cu, BOARD_H - 1.0 if side == 0 else 1.0)

    # -- hit-testing ----------------------------------------------------------------
    def hit(self, pos: Tuple[float, float]) -> Hit:
        """What is under a pixel: a point 1..24 (viewer's numbering), 25 for
        the bar, 0 for the bear-off tray, ``"dice"`` for the viewer's dice
        area, ``"cube"``, or None."""
        u = (pos[0] - self.ox) / self.d
        v = (pos[1] - self.oy) / self.d
        if not (0 <= u < BOARD_W and 0 <= v < BOARD_H):
            return None
        if u >= RIGHT_HALF[1]:
            return OFF
        if BAR[0] <= u < BAR[1]:
            return BAR_POINT
        if u < LEFT_HALF[0]:
            return CUBE if u < CUBE_COL[1] else None
        left = u < BAR[0]
        col = int(u - (LEFT_HALF[0] if left else RIGHT_HALF[0]))
        col = min(max(col, 0), 5)
        if v < MIDDLE[0]:
            return 13 + col if left else 19 + col
        if v >= MIDDLE[1]:
            return 12 - col if left else 6 - col
        return None if left else DICE
