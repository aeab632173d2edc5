"""Touch -> the mouse: a finger taps and drags exactly as the left button does.

SDL reports a finger twice: as ``FINGERDOWN``/``FINGERMOTION``/``FINGERUP``
(positions 0..1 across the window) and, unless told not to, as mouse events
it synthesises, which pygame-ce marks with ``event.touch == True``.  Acting
on both would act twice, and the synthesised ones stop working in some
setups (several windows, a second finger), so :class:`TouchMouse` drops
the synthesised mouse events and turns the finger events themselves into
left-button mouse events in window pixels (marked ``finger=True``).

The other way round, SDL reports some mouse input as fingers, with the
touch id ``SDL_MOUSE_TOUCHID`` (-1): clicks when SDL_HINT_MOUSE_TOUCH_EVENTS
is on, and a Mac trackpad's touches.  Those are dropped too (the mouse
events themselves count), or merely resting a hand on a trackpad would click.

Only the first finger down counts until it is lifted: a palm or a second
finger does not start another drag.

>>> import pygame
>>> tm = TouchMouse()
>>> [e.type == pygame.MOUSEBUTTONDOWN for e in tm.translate(pygame.event.Event(pygame.FINGERDOWN, touch_id=1, finger_id=0, x=0.5, y=0.25), (800, 600))]
[True]
>>> tm.translate(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(400, 150), button=1, touch=True), (800, 600))
[]
>>> tm.translate(pygame.event.Event(pygame.FINGERUP, touch_id=-1, finger_id=0, x=0.5, y=0.25), (800, 600))
[]
"""

from __future__ import annotations

from typing import List, Optional, Tuple

import pygame

MOUSE_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL)
MOUSE_TOUCH_ID = -1  # SDL_MOUSE_TOUCHID: "fingers" that are the mouse (or a Mac trackpad)
FINGER_EVENTS = (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP)


def finger_pos(event: pygame.event.Event, size: Tuple[int, int]) -> Tuple[int, int]:
    """A finger event's place in window pixels."""
    w, h = size
    x = min(max(float(getattr(event, "x", 0.0)), 0.0), 1.0)
    y = min(max(float(getattr(event, "y", 0.0)), 0.0), 1.0)
    return min(w - 1, int(x * w)), min(h - 1, int(y * h))


class TouchMouse:
    """Which finger acts as the mouse, and where it last was."""

    def __init__(self) -> None:
        self.finger: Optional[Tuple[int, int]] = None
        self.pos: Tuple[int, int] = (0, 0)

    def translate(self, event: pygame.event.Event, size: Tuple[int, int]) -> List[pygame.event.Event]:
        """The events the scene should see instead of ``event``."""
        t = event.type
        if t in MOUSE_EVENTS:
            return [] if getattr(event, "touch", False) else [event]
        if t not in FINGER_EVENTS:
            return [event]
        key = (getattr(event, "touch_id", 0), getattr(event, "finger_id", 0))
        if key[0] == MOUSE_TOUCH_ID:
            return []
        if t == pygame.FINGERDOWN:
            if self.finger is not None:
                return []  # another finger while one is down
            self.finger = key
            self.pos = finger_pos(event, size)
            return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=self.pos, button=1, touch=False, finger=True)]
        if key != self.finger:
            return []
        pos = finger_pos(event, size)
        rel = (pos[0] - self.pos[0], pos[1] - self.pos[1])
        self.pos = pos
        if t == pygame.FINGERMOTION:
            return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=(1, 0, 0), touch=False, finger=True)]
        self.finger = None
        return [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False, finger=True)]
