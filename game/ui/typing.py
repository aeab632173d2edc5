"""Keys for a text field: while it has the keyboard, the keys are typing."""

from __future__ import annotations

from typing import Callable, Optional, Sequence

import pygame
import pygame_gui
from pygame_gui.elements import UITextEntryLine


def keys_to_entry(manager: Optional[pygame_gui.UIManager], event: pygame.event.Event,
                  entries: Sequence[Optional[UITextEntryLine]], enter: Callable[[UITextEntryLine], object]) -> bool:
    """While one of ``entries`` has the keyboard, its keys are typing (a
    space, the arrows, Backspace ... are not shortcuts; Tab and Escape still
    leave it), and Enter calls ``enter`` with it; True when ``event`` was the
    entry's (the screen then draws anew)."""
    typing = next((e for e in entries if e is not None and e.alive() and e.is_focused), None)
    if event.type != pygame.KEYDOWN or typing is None or event.key in (pygame.K_ESCAPE, pygame.K_TAB):
        return False
    if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
        enter(typing)
    elif manager is not None:
        manager.process_events(event)
    return True
