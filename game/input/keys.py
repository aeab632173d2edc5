"""Keys -> intents.  The scene decides what an intent means in its state.

The same intents come from a game controller (:mod:`game.input.gamepad`);
:func:`game.input.intents.intent_of` reads either.  The arrows give
directions (``left``, ``right``, ``up``, ``down``) that move a focus on the
screen; Tab and Shift+Tab step through the buttons in order.

>>> import pygame
>>> key_intent(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, mod=0))
'undo'
>>> key_intent(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0))
'left'
>>> key_intent(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=pygame.KMOD_LSHIFT))
'rollout'
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
    pygame.K_AC_BACK: "cancel",  # the Back key of Android and many TV remotes
    pygame.K_TAB: "focus_next",
    pygame.K_RIGHT: "right",
    pygame.K_DOWN: "down",
    pygame.K_LEFT: "left",
    pygame.K_UP: "up",
    pygame.K_t: "take_back",
    pygame.K_l: "toggle_log",
    pygame.K_a: "toggle_auto",
    pygame.K_d: "double",
    pygame.K_h: "hint",
    pygame.K_v: "toggle_view",
    pygame.K_HOME: "reset_view",
    pygame.K_c: "continue_alone",  # a friend game whose friend is gone: play on against the computer
    # the keys that ask (game/match/ask.py): said aloud with speech on, and shown on the board
    pygame.K_w: "ask_position",
    pygame.K_1: "ask_q1",
    pygame.K_2: "ask_q2",
    pygame.K_3: "ask_q3",
    pygame.K_4: "ask_q4",
    pygame.K_p: "ask_pips",
    pygame.K_g: "ask_dice",
    pygame.K_m: "ask_moves",
    pygame.K_b: "ask_last",
    pygame.K_s: "ask_score",
    pygame.K_r: "repeat",
    pygame.K_q: "ask_menu",
    # the point cursor: ] and [ walk every point 1-24, the bar and off, empty ones too; X the bar, O off; K the cube
    pygame.K_RIGHTBRACKET: "point_next",
    pygame.K_LEFTBRACKET: "point_prev",
    pygame.K_x: "hear_bar",
    pygame.K_o: "hear_off",
    pygame.K_k: "hear_cube",
}


def key_intent(event: pygame.event.Event) -> Optional[str]:
    """The intent of a KEYDOWN event, or None."""
    if event.type != pygame.KEYDOWN:
        return None
    intent = KEYMAP.get(event.key)
    shifted = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
    if intent == "focus_next" and shifted:
        return "focus_prev"
    if intent == "repeat" and shifted:  # Shift+R: roll out the hint's plays, the position, the review's play
        return "rollout"
    return intent
