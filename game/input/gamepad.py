"""Game controllers and TV remotes -> the same intents as the keys.

SDL's game controller API gives every supported pad the same layout (an
Xbox pad's names), so one table serves them all:

======================  ===================================  ==============
button                  does                                 like the key
======================  ===================================  ==============
d-pad, left stick       move the focus                       arrows
A                       select, press the focused button     Enter
B                       back out                             Escape
X                       hint                                 H
Y                       undo                                 U
Start                   roll, or end the turn                Space
Back (Select, View)     the lobby (asks first in a match)    -
Guide (Home)            the questions to hear the board      Q
LB / RB                 previous / next button in order      Shift+Tab / Tab
======================  ===================================  ==============

:class:`Gamepads` opens controllers as they are plugged in and closes them
as they are pulled out (``CONTROLLERDEVICEADDED`` / ``REMOVED``), and turns
what is not a button into buttons: the left stick pushed past a threshold
becomes a d-pad press, and so does the hat of a joystick that SDL does not
know as a game controller (many TV remotes and arcade sticks), whose first
two buttons act as A and B.  Scenes then read one kind of event,
``CONTROLLERBUTTONDOWN``, through :func:`button_intent`.

>>> import pygame
>>> button_intent(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=pygame.CONTROLLER_BUTTON_Y))
'undo'
"""

from __future__ import annotations

import logging
from types import ModuleType
from typing import TYPE_CHECKING, Dict, List, Optional, Tuple

import pygame

if TYPE_CHECKING:
    from pygame._sdl2.controller import Controller

LOG = logging.getLogger(__name__)

BUTTONS: Dict[int, str] = {
    pygame.CONTROLLER_BUTTON_A: "confirm",
    pygame.CONTROLLER_BUTTON_B: "cancel",
    pygame.CONTROLLER_BUTTON_X: "hint",
    pygame.CONTROLLER_BUTTON_Y: "undo",
    pygame.CONTROLLER_BUTTON_START: "primary",
    pygame.CONTROLLER_BUTTON_BACK: "menu",
    pygame.CONTROLLER_BUTTON_DPAD_UP: "up",
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: "down",
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: "left",
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "right",
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "focus_prev",
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "focus_next",
    pygame.CONTROLLER_BUTTON_LEFTSTICK: "toggle_view",
    pygame.CONTROLLER_BUTTON_RIGHTSTICK: "reset_view",
    pygame.CONTROLLER_BUTTON_GUIDE: "ask_menu",  # the questions a blind player asks (game/match/ask.py)
}

#: axes passed on as they are: the right stick turns the oblique view, the triggers zoom it
VIEW_AXES = (
    pygame.CONTROLLER_AXIS_RIGHTX,
    pygame.CONTROLLER_AXIS_RIGHTY,
    pygame.CONTROLLER_AXIS_TRIGGERLEFT,
    pygame.CONTROLLER_AXIS_TRIGGERRIGHT,
)

#: the stick must go this far (of 32767) to count as a press, and come back
#: inside RELEASE before it presses again
PRESS = 0.6 * 32767
RELEASE = 0.3 * 32767

#: a plain joystick's buttons that stand for A and B
JOY_BUTTONS = {0: pygame.CONTROLLER_BUTTON_A, 1: pygame.CONTROLLER_BUTTON_B}

_DPAD = {
    (pygame.CONTROLLER_AXIS_LEFTX, -1): pygame.CONTROLLER_BUTTON_DPAD_LEFT,
    (pygame.CONTROLLER_AXIS_LEFTX, 1): pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
    (pygame.CONTROLLER_AXIS_LEFTY, -1): pygame.CONTROLLER_BUTTON_DPAD_UP,
    (pygame.CONTROLLER_AXIS_LEFTY, 1): pygame.CONTROLLER_BUTTON_DPAD_DOWN,
}

#: events that mean a person touched a controller (they wake a kiosk)
PRESSES = (pygame.CONTROLLERBUTTONDOWN, pygame.JOYBUTTONDOWN)


def button_intent(event: pygame.event.Event) -> Optional[str]:
    """The intent of a CONTROLLERBUTTONDOWN event, or None."""
    if event.type != pygame.CONTROLLERBUTTONDOWN:
        return None
    return BUTTONS.get(getattr(event, "button", -1))


def _press(instance_id: int, button: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=instance_id, button=button, synthetic=True)


class Gamepads:
    """The controllers plugged in now; turns sticks and hats into d-pad presses.

    :meth:`translate` takes every event the app receives and returns the
    events the scene should see instead (usually the event itself)."""

    def __init__(self) -> None:
        #: instance id -> an open pygame._sdl2.controller.Controller
        self.controllers: Dict[int, "Controller"] = {}
        #: instance id -> an open pygame.joystick.Joystick that is not a game controller
        self.joysticks: Dict[int, pygame.joystick.JoystickType] = {}
        #: instance id -> name, of everything open
        self.names: Dict[int, str] = {}
        self._stick: Dict[Tuple[int, int], int] = {}
        #: pygame._sdl2.controller, once started
        self._module: Optional[ModuleType] = None
        self.started = False

    # -- the devices ----------------------------------------------------------------------
    def start(self) -> bool:
        """Start SDL's game controller support; False where there is none.
        Controllers already plugged in arrive as CONTROLLERDEVICEADDED events."""
        try:
            from pygame._sdl2 import controller

            controller.init()
            if not pygame.joystick.get_init():
                pygame.joystick.init()
        except (ImportError, pygame.error) as exc:  # pragma: no cover - no SDL game controller support
            LOG.info("no game controller support: %s", exc)
            return False
        self._module = controller
        self.started = True
        return True

    @property
    def count(self) -> int:
        return len(self.controllers) + len(self.joysticks)

    def _added_controller(self, device_index: int) -> None:
        if self._module is None:
            return
        try:
            pad = self._module.Controller(device_index)
            iid = pad.as_joystick().get_instance_id()
            name = pad.name
        except (pygame.error, ValueError, IndexError) as exc:
            LOG.info("controller %s could not be opened: %s", device_index, exc)
            return
        self.controllers[iid] = pad
        self.names[iid] = name
        LOG.info("controller connected: %s", name)

    def _added_joystick(self, device_index: int) -> None:
        if self._module is None:
            return
        try:
            if self._module.is_controller(device_index):
                return  # it comes as a game controller too
            stick = pygame.joystick.Joystick(device_index)
            iid = stick.get_instance_id()
            name = stick.get_name()
        except (pygame.error, ValueError, IndexError) as exc:
            LOG.info("joystick %s could not be opened: %s", device_index, exc)
            return
        self.joysticks[iid] = stick
        self.names[iid] = name

    def _removed(self, instance_id: int) -> None:
        for table in (self.controllers, self.joysticks):
            dev = table.pop(instance_id, None)
            if dev is not None:
                try:
                    dev.quit()
                except pygame.error:  # pragma: no cover - already gone
                    pass
        name = self.names.pop(instance_id, None)
        if name is not None:
            LOG.info("controller disconnected: %s", name)
        for key in [k for k in self._stick if k[0] == instance_id]:
            del self._stick[key]

    def close(self) -> None:
        for iid in list(self.controllers) + list(self.joysticks):
            self._removed(iid)

    # -- events -------------------------------------------------------------------------------
    def translate(self, event: pygame.event.Event) -> List[pygame.event.Event]:
        """What the scene sees of ``event``: device arrivals and departures are
        handled here (and passed on, so a scene may mention them), a stick
        or hat pushed becomes a d-pad press, a plain joystick's first buttons
        become A and B; anything else passes unchanged."""
        t = event.type
        if t == pygame.CONTROLLERDEVICEADDED:
            self._added_controller(getattr(event, "device_index", -1))
            return [event]
        if t == pygame.JOYDEVICEADDED:
            self._added_joystick(getattr(event, "device_index", -1))
            return []
        if t in (pygame.CONTROLLERDEVICEREMOVED, pygame.JOYDEVICEREMOVED):
            self._removed(getattr(event, "instance_id", -1))
            return [event] if t == pygame.CONTROLLERDEVICEREMOVED else []
        if t == pygame.CONTROLLERAXISMOTION:
            return self._axis(event)
        if t == pygame.JOYHATMOTION:
            return self._hat(event)
        if t in (pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP, pygame.JOYAXISMOTION, pygame.JOYBALLMOTION):
            iid = getattr(event, "instance_id", -1)
            if t == pygame.JOYBUTTONDOWN and iid in self.joysticks and event.button in JOY_BUTTONS:
                return [_press(iid, JOY_BUTTONS[event.button])]
            return []  # a game controller's raw joystick events: its CONTROLLER* events count
        return [event]

    def _axis(self, event: pygame.event.Event) -> List[pygame.event.Event]:
        axis = getattr(event, "axis", -1)
        if axis in VIEW_AXES:
            return [event]  # the right stick and the triggers move the view of the table
        if axis not in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
            return []
        iid = getattr(event, "instance_id", -1)
        value = getattr(event, "value", 0)
        key = (iid, axis)
        held = self._stick.get(key, 0)
        if held and (abs(value) < RELEASE or (value > 0) != (held > 0)):
            held = self._stick[key] = 0
        if not held and abs(value) >= PRESS:
            held = self._stick[key] = 1 if value > 0 else -1
            return [_press(iid, _DPAD[(axis, held)])]
        return []

    def _hat(self, event: pygame.event.Event) -> List[pygame.event.Event]:
        iid = getattr(event, "instance_id", -1)
        if iid not in self.joysticks:
            return []
        x, y = getattr(event, "value", (0, 0))
        out = []
        if x:
            out.append(_press(iid, pygame.CONTROLLER_BUTTON_DPAD_RIGHT if x > 0 else pygame.CONTROLLER_BUTTON_DPAD_LEFT))
        if y:  # a hat's y points up
            out.append(_press(iid, pygame.CONTROLLER_BUTTON_DPAD_UP if y > 0 else pygame.CONTROLLER_BUTTON_DPAD_DOWN))
        return out
