"""The board's colours (both views and the window icon draw with them)."""

from __future__ import annotations

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

#: the colour themes a player may choose (settings.theme)
THEMES = ("standard", "colour_blind", "high_contrast")
_current = "standard"


def use(theme: str) -> None:
    """Draw with ``theme`` (one of :data:`THEMES`) from now on."""
    global _current
    if theme not in THEMES:
        raise ValueError(f"unknown theme {theme!r}")
    _current = theme


def current() -> str:
    """The theme drawn with now."""
    return _current
