"""Keys -> intents.  The scene decides what an intent means in its state.

>>> import pygame
>>> key_intent(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, mod=0))
'undo'
"""

from __future__ import annotations

from typing import Optional

import pygame

KEYMAP = {
    pygame.K_SPACE: "confirm",
    pygame.K_RETURN: "confirm",
    pygame.K_KP_ENTER: "confirm",
    pygame.K_u: "undo",
    pygame.K_BACKSPACE: "undo",
    pygame.K_ESCAPE: "cancel",
    pygame.K_TAB: "focus_next",
    pygame.K_RIGHT: "focus_next",
    pygame.K_DOWN: "focus_next",
    pygame.K_LEFT: "focus_prev",
    pygame.K_UP: "focus_prev",
    pygame.K_t: "take_back",
    pygame.K_l: "toggle_log",
    pygame.K_a: "toggle_auto",
    pygame.K_d: "double",
    pygame.K_h: "hint",
}


def key_intent(event: pygame.event.Event) -> Optional[str]:
    """The intent of a KEYDOWN event, or None."""
    if event.type != pygame.KEYDOWN:
        return None
    intent = KEYMAP.get(event.key)
    if intent == "focus_next" and event.key == pygame.K_TAB and getattr(event, "mod", 0) & pygame.KMOD_SHIFT:
        return "focus_prev"
    return intent
