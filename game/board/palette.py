"""The board's colours (both views and the window icon draw with them), in
three themes a player may choose (``settings.theme``):

* ``standard``: wood, green felt, tan and red points, cream and dark checkers;
* ``colour_blind``: colours from the Okabe-Ito set (blue and orange points,
  yellow highlights, no red against green), and more than hue between the
  sides and the highlights: the dark checkers carry a light cross, the
  targets are striped, the movable checkers' rings are dashed, and every
  highlight has a dark line along it;
* ``high_contrast``: a black frame with white numbers, points edged in white,
  pure white and pure black checkers with thick outlines in the other
  colour, yellow, cyan and lime highlights edged in black.

In both of the last two each side's checkers, and each highlight, stand
3:1 or more (WCAG 2.x contrast) against the felt and both points, and the
two sides against each other (tests/test_themes.py works it out).

The drawing modules ask :func:`theme` for the colours when they draw (or
build their sprites), so after :func:`use` a renderer draws in the new
theme (a renderer built in another theme builds its sprites anew).  The
module's capitals are the standard theme's colours (the icon draws with them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Optional, Tuple

Colour = Tuple[int, int, int]
#: one colour per player (0: the light checkers, 1: the dark)
Pair = Tuple[Colour, Colour]

BG = (24, 28, 33)
WOOD = (92, 58, 33)
WOOD_DARK = (66, 41, 24)
FELT = (30, 86, 60)
POINT_A = (201, 162, 107)
POINT_B = (139, 46, 46)
TRAY = (52, 33, 19)
NUMBER = (236, 222, 196)
GOLD = (245, 197, 66)
HINT = (110, 205, 255)
CHECKER = ((242, 238, 228), (38, 34, 33))
CHECKER_EDGE = ((165, 156, 136), (95, 88, 84))
#: behind a checker on the (dark) bar, so it stands out: none for the light checkers, a light glow for the dark
BAR_HALO = (None, (222, 196, 146))
CHECKER_TEXT = ((40, 36, 34), (240, 236, 226))
DIE = ((250, 248, 240), (36, 33, 32))
PIP = ((30, 28, 26), (245, 242, 235))
CUBE_FACE = (250, 246, 230)
CUBE_TEXT = (30, 30, 30)
#: the keyboard focus ring
FOCUS_BLUE = (120, 200, 255)


@dataclass(frozen=True)
class Theme:
    """Everything the board is drawn with: its colours, and the shapes
    that tell the sides and the highlights apart beyond their colour."""

    name: str
    bg: Colour
    wood: Colour
    wood_dark: Colour
    felt: Colour
    point_a: Colour
    point_b: Colour
    tray: Colour
    number: Colour
    #: the targets, the rings on the movable checkers and the selection (and the offered cube's edge, the banner's)
    target: Colour
    #: the hinted play's arrows and the edge of its list
    hint: Colour
    #: the keyboard focus ring
    focus: Colour
    checker: Pair
    checker_edge: Pair
    bar_halo: Tuple[Optional[Colour], Optional[Colour]]
    checker_text: Pair
    die: Pair
    pip: Pair
    cube_face: Colour
    cube_text: Colour
    #: a cross on each checker of a side, in this colour (None: plain checkers)
    mark: Tuple[Optional[Colour], Optional[Colour]] = (None, None)
    #: the checkers' outline, as a share of their radius
    edge: float = 0.1
    #: a line along each side of the highlights' rings and the targets' edges (None: none)
    keyline: Optional[Colour] = None
    #: the targets striped across (not only tinted)
    hatch: bool = False
    #: the movable checkers' rings dashed (the selection's stays solid and thicker)
    dashed: bool = False
    #: a line along the points' edges (None: none)
    point_edge: Optional[Colour] = None


STANDARD = Theme(
    name="standard", bg=BG, wood=WOOD, wood_dark=WOOD_DARK, felt=FELT, point_a=POINT_A, point_b=POINT_B, tray=TRAY,
    number=NUMBER, target=GOLD, hint=HINT, focus=FOCUS_BLUE, checker=CHECKER, checker_edge=CHECKER_EDGE,
    bar_halo=BAR_HALO, checker_text=CHECKER_TEXT, die=DIE, pip=PIP, cube_face=CUBE_FACE, cube_text=CUBE_TEXT,
)

#: Okabe-Ito blue and orange (a little darker) for the points, their yellow for the highlights
COLOUR_BLIND = Theme(
    name="colour_blind", bg=(22, 24, 28), wood=(78, 72, 66), wood_dark=(52, 48, 44), felt=(100, 108, 116),
    point_a=(0, 114, 178), point_b=(170, 85, 30), tray=(40, 37, 34), number=(240, 240, 240),
    target=(240, 228, 66), hint=(255, 200, 120), focus=(150, 215, 250),
    checker=((250, 250, 250), (10, 10, 12)), checker_edge=((70, 70, 70), (205, 205, 205)),
    bar_halo=(None, (235, 235, 235)), checker_text=((10, 10, 12), (250, 250, 250)),
    die=((250, 250, 250), (10, 10, 12)), pip=((10, 10, 12), (250, 250, 250)), cube_face=(250, 250, 250), cube_text=(10, 10, 12),
    mark=(None, (235, 235, 235)), edge=0.14, keyline=(0, 0, 0), hatch=True, dashed=True, point_edge=(20, 20, 20),
)

HIGH_CONTRAST = Theme(
    name="high_contrast", bg=(0, 0, 0), wood=(28, 28, 28), wood_dark=(0, 0, 0), felt=(95, 95, 95),
    point_a=(40, 90, 200), point_b=(160, 80, 0), tray=(0, 0, 0), number=(255, 255, 255),
    target=(255, 230, 0), hint=(150, 255, 0), focus=(0, 255, 255),
    checker=((255, 255, 255), (0, 0, 0)), checker_edge=((0, 0, 0), (255, 255, 255)),
    bar_halo=(None, (255, 255, 255)), checker_text=((0, 0, 0), (255, 255, 255)),
    die=((255, 255, 255), (0, 0, 0)), pip=((0, 0, 0), (255, 255, 255)), cube_face=(255, 255, 255), cube_text=(0, 0, 0),
    edge=0.2, keyline=(0, 0, 0), hatch=True, point_edge=(255, 255, 255),
)

_BY_NAME: Dict[str, Theme] = {t.name: t for t in (STANDARD, COLOUR_BLIND, HIGH_CONTRAST)}
#: the colour themes a player may choose (settings.theme)
THEMES = tuple(_BY_NAME)
_current = STANDARD


def use(theme: str) -> None:
    """Draw with ``theme`` (one of :data:`THEMES`) from now on."""
    global _current
    if theme not in _BY_NAME:
        raise ValueError(f"unknown theme {theme!r}")
    _current = _BY_NAME[theme]


def current() -> str:
    """The name of the theme drawn with now."""
    return _current.name


def theme(name: Optional[str] = None) -> Theme:
    """The theme drawn with now (or the one called ``name``)."""
    return _current if name is None else _BY_NAME[name]
