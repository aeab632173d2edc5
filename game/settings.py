"""Client settings held in memory (saving them comes with the storage issue)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Settings:
    #: end the turn as soon as the dice are used up
    auto_end_turn: bool = True
    #: animation speed multiplier; 0 makes every animation instant
    animation_speed: float = 1.0
    #: seconds a computer player waits between its actions (roll, each step, done)
    bot_pace: float = 0.6
    #: seconds the "No legal moves" message stays before the pass
    pass_pause: float = 1.2
