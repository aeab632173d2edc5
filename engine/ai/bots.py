"""Computer players.  ``get_bot(level)`` gives an object with
``choose_play(position, dice) -> Play`` (one of ``legal_plays``, or ``()``)."""

from __future__ import annotations

import random
from typing import List, Sequence, Tuple

from ..moves import legal_plays
from ..position import Play, Position


class RandomBot:
    """Plays a uniformly random legal play (for tests)."""

    level = "random"

    def __init__(self, seed: int | None = None):
        self._rng = random.Random(seed)

    def choose_play(self, position: Position, dice: Sequence[int]) -> Play:
        plays = legal_plays(position, dice)
        return self._rng.choice(plays) if plays else ()

    def rank_plays(self, position: Position, dice: Sequence[int]) -> List[Tuple[Play, float]]:
        return [(p, 0.0) for p in legal_plays(position, dice)]

    def should_double(self, position: Position, **_: object) -> bool:
        return False

    def should_take(self, position: Position, **_: object) -> bool:
        return True

    def accepts_resignation(self, position: Position, level: str, **_: object) -> bool:
        return level != "single"


def get_bot(level: str, seed: int | None = None, **kwargs):
    """A computer player: 'beginner', 'intermediate', 'expert' or 'random'."""
    if level == "random":
        return RandomBot(seed)
    raise ValueError(f"unknown bot level {level!r}; choose beginner, intermediate, expert or random")
