"""How the game looks, from the settings: the board's colour theme and the
size of the text.  Applied at start-up and whenever the player changes them
(the screens are then rebuilt: :meth:`~game.ui.stack.SceneStack.resize`)."""

from __future__ import annotations

from ..board import palette
from . import theme
from ..store.settings import Settings


def apply_look(settings: Settings) -> None:
    """Use the theme and text size ``settings`` choose."""
    palette.use(settings.theme if settings.theme in palette.THEMES else "standard")
    theme.set_large_text(settings.large_text)
