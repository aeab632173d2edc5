"""One intent layer: keys and game controller buttons say the same things.

Scenes call :func:`intent_of` on every event and act on the intent, never on
the key or button itself, so a keyboard, a TV remote and a gamepad drive
every screen alike.  The intents:

- ``left``, ``right``, ``up``, ``down``: move the focus that way;
- ``focus_next``, ``focus_prev``: the next or previous button in order;
- ``confirm``: select, press what has the focus (Enter, Space, A);
- ``cancel``: back out one level (Escape, B);
- ``primary``: roll, or end the turn (Start);
- ``menu``: back to the lobby (a pad's Back button);
- ``undo``, ``hint``, ``take_back``, ``double``, ``toggle_log``, ``toggle_auto``;
- ``toggle_view`` (top / oblique view), ``reset_view`` (the view's default turn and zoom);
- ``continue_alone``: play on against the computer (a friend game whose friend is gone);
- ``rollout`` (Shift+R): roll out the hint's plays, the position before the roll, the review's play.

>>> import pygame
>>> intent_of(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
'confirm'
>>> intent_of(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=pygame.CONTROLLER_BUTTON_A))
'confirm'
"""

from __future__ import annotations

from typing import Dict, Optional, Tuple

import pygame

from .gamepad import button_intent
from .keys import key_intent

#: direction intents and their unit vectors on the screen (y down)
DIRECTIONS: Dict[str, Tuple[int, int]] = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}

#: events that carry an intent
INTENT_EVENTS = (pygame.KEYDOWN, pygame.CONTROLLERBUTTONDOWN)


def intent_of(event: pygame.event.Event) -> Optional[str]:
    """The intent of a key or controller button press, or None."""
    if event.type == pygame.KEYDOWN:
        return key_intent(event)
    if event.type == pygame.CONTROLLERBUTTONDOWN:
        return button_intent(event)
    return None
