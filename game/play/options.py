"""What a match is started with: who plays (the computer at a level, with a
colour for the human, or two humans on one screen), the length and the cube.

The lobby fills a :class:`MatchOptions` from its choices (and remembers
them in the settings); :meth:`MatchOptions.new_session` makes the match.

>>> o = MatchOptions(mode="computer", level="expert", colour="black", length=5, cube=True)
>>> o.human_colour(), o.swapped().colour
(1, 'white')
>>> MatchOptions.from_dict(o.to_dict()) == o
True
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, replace
from typing import Any, Optional

from engine import Match, get_bot
from engine.dice import DiceSource

from ..store.jsontypes import JSONObject
from .session import Session
from ..store.settings import Settings

MODES = ("computer", "hotseat", "demo", "friend")  # friend: over the network (recorded, not saved)  # demo: computer against computer (smoke test, attract mode)
LEVELS = ("beginner", "intermediate", "expert")
COLOURS = ("white", "black", "random")
LENGTHS = (1, 5, 7)


@dataclass(frozen=True)
class MatchOptions:
    mode: str = "computer"
    level: str = "intermediate"
    colour: str = "white"  # the human's colour against the computer
    length: int = 1
    cube: bool = False
    #: the colour the human got when ``colour`` was random (0 white, 1 black)
    drawn: Optional[int] = None

    @classmethod
    def from_settings(cls, s: Settings) -> "MatchOptions":
        return cls(mode=s.lobby_mode, level=s.lobby_level, colour=s.lobby_colour, length=s.lobby_length, cube=s.lobby_cube)

    def remember(self, s: Settings) -> None:
        """Store these choices as the lobby's next defaults."""
        if self.mode in ("computer", "hotseat"):
            s.lobby_mode = self.mode
        s.lobby_level, s.lobby_colour, s.lobby_length, s.lobby_cube = self.level, self.colour, self.length, self.cube

    def human_colour(self) -> int:
        """The human's player number against the computer (0 white, 1 black)."""
        if self.drawn is not None:
            return self.drawn
        return 1 if self.colour == "black" else 0

    def with_colour_drawn(self, rng: Optional[random.Random] = None) -> "MatchOptions":
        """Random colour resolved to one (kept for "play again, colours swapped")."""
        if self.colour != "random" or self.drawn is not None:
            return self
        return replace(self, drawn=(rng or random).randrange(2))

    def swapped(self) -> "MatchOptions":
        """The same match with the human on the other colour."""
        if self.mode != "computer":
            return self
        other = 1 - self.human_colour()
        return replace(self, colour="black" if other else "white", drawn=None)

    def seats(self, seed: Optional[int] = None) -> tuple:
        if self.mode == "hotseat":
            return (None, None)
        if self.mode == "demo":
            level = self.level if self.level in LEVELS or self.level == "random" else "random"
            return (get_bot(level, **({"seed": seed} if seed is not None else {})), get_bot(level, **({"seed": seed + 1} if seed is not None else {})))
        human = self.human_colour()
        bot = get_bot(self.level)
        return (None, bot) if human == 0 else (bot, None)

    def new_session(self, settings: Settings, dice: Optional[DiceSource] = None, seed: Optional[int] = None) -> Session:
        """A fresh match with these options (``dice``: a dice source, for tests and replays)."""
        match = Match(length=self.length, cube=self.cube, dice=dice)
        return Session(match, self.seats(seed), settings)

    # -- saving (the saves issue stores these with the game) ----------------------------------
    def to_dict(self) -> JSONObject:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> "MatchOptions":
        """Options from stored data; raises ValueError when they make no sense."""
        if not isinstance(data, dict):
            raise ValueError("match options must be an object")
        o = cls(**{k: data[k] for k in ("mode", "level", "colour", "length", "cube", "drawn") if k in data})
        if (
            o.mode not in MODES
            or (o.level not in LEVELS and o.level != "random")
            or o.colour not in COLOURS
            or type(o.length) is not int
            or not 1 <= o.length <= 99
            or type(o.cube) is not bool
            or o.drawn not in (None, 0, 1)
        ):
            raise ValueError(f"bad match options: {data!r}")
        return o
