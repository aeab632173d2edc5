"""The client's settings: one object for everything the player chooses.

:class:`Settings` holds what is saved between runs (the fields of
:class:`game.store.stored_settings.StoredSettings`: the settings screen and the lobby's last
choices) plus the timings the board and the computer players read
(``animation_speed``, ``bot_pace``, ``pass_pause``).  The timings follow
the computer pace the player picks; setting ``pace`` changes them at once:

- realistic: a computer move takes about 2-5 s (0.6 s between its actions,
  animations at normal speed);
- fast: about 1-2 s (0.2 s between actions, animations twice as fast);
- instant: no pauses, no animations.

Tests and tools may set the timings directly (``Settings(bot_pace=0.0)``);
only the persisted fields go to storage (:meth:`to_stored`).

>>> s = Settings()
>>> s.pace, s.bot_pace
('realistic', 0.6)
>>> s.pace = "instant"
>>> s.bot_pace, s.animation_speed
(0.0, 0.0)
>>> Settings(bot_pace=0.0, pace="fast").bot_pace    # an explicit timing wins
0.0
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Dict, List, Optional, Tuple

from . import stored_settings

PACES: Tuple[str, ...] = ("realistic", "fast", "instant")

#: pace -> (animation_speed, bot_pace, pass_pause)
PACE_TIMINGS: Dict[str, Tuple[float, float, float]] = {
    "realistic": (1.0, 0.6, 1.5),
    "fast": (2.0, 0.2, 0.8),
    "instant": (0.0, 0.0, 0.0),
}

#: a timing left to the pace (timings are never negative)
FROM_PACE = -1.0

#: speech_pause -> the seconds, at least, between the computer's actions while speech is on (each step is heard)
SPEECH_PAUSES: Dict[str, float] = {"short": 1.0, "normal": 2.0, "long": 3.5}

TIMINGS = ("animation_speed", "bot_pace", "pass_pause")
#: the fields saved between runs (those of stored_settings.StoredSettings)
STORED = tuple(f.name for f in fields(stored_settings.StoredSettings))


@dataclass
class Settings:
    # -- saved between runs (see game.store.stored_settings.StoredSettings) --
    sound: bool = True
    pace: str = "realistic"
    fullscreen: bool = False
    language: str = ""
    show_point_numbers: bool = True
    show_pips: bool = True
    #: end the turn as soon as the dice are used up
    auto_end_turn: bool = True
    lobby_mode: str = "computer"
    lobby_level: str = "intermediate"
    lobby_colour: str = "white"
    lobby_length: int = 1
    lobby_cube: bool = False
    #: how the board is seen: "top" (from above) or "oblique" (in perspective from the player's chair)
    board_view: str = "top"
    #: the tutor: warn before a bad play or cube action
    tutor: bool = False
    #: friend games: the match server to use ('' hosts the match on this computer)
    server_address: str = ""
    #: friend games: the name the friend sees ('' the system user's first name, else "Player")
    player_name: str = ""
    #: friend games: the port a match hosted on this computer listens on (0: one the system picks); after
    #: hosting, the one used, so that the next match has it again (and a forward made by hand on the router stays right)
    host_port: int = 0
    #: the folder a match file was last opened from ('' the documents folder)
    open_folder: str = ""
    #: the window's size and place when it was last closed (None: fit the desktop)
    window_size: Optional[List[int]] = None
    window_pos: Optional[List[int]] = None
    #: announcements spoken aloud (through the screen reader, or a speech engine); None: not chosen yet,
    #: spoken when the platform reports a screen reader running
    speak: Optional[bool] = None
    #: how fast they are spoken: 'slow', 'normal' or 'fast'
    speech_rate: str = "normal"
    #: while speech is on, the computer's actions wait at least this long for the listener: 'short', 'normal' or 'long'
    speech_pause: str = "normal"
    #: the board's colours: 'standard', 'colour_blind' (sides and targets told apart by more than hue) or 'high_contrast'
    theme: str = "standard"
    #: menus, the panel and the board's numbers in larger text
    large_text: bool = False
    #: whose numbering the points are said and shown in: 'own' (the side at the screen) or 'white' (always White's)
    numbering: str = "own"
    # -- timings, from the pace unless given (FROM_PACE) --
    #: animation speed multiplier; 0 makes every animation instant
    animation_speed: float = FROM_PACE
    #: seconds a computer player waits between its actions (roll, each step, done)
    bot_pace: float = FROM_PACE
    #: seconds the "No legal moves" message stays before the pass
    pass_pause: float = FROM_PACE
    #: announcements are spoken now (not saved: the app keeps it in step with its announcer)
    speaking: bool = False

    def computer_pause(self) -> float:
        """Seconds a computer player waits between its actions: the pace's,
        and while speech is on at least the listener's pause (``speech_pause``);
        none at the instant pace (no pauses at all, as chosen).

        >>> s = Settings(pace="fast")
        >>> s.computer_pause(), Settings(pace="fast", speaking=True, speech_pause="long").computer_pause()
        (0.2, 3.5)
        >>> Settings(pace="instant", speaking=True).computer_pause()
        0.0
        """
        if not self.speaking or self.bot_pace <= 0:
            return self.bot_pace
        return max(self.bot_pace, SPEECH_PAUSES.get(self.speech_pause, SPEECH_PAUSES["normal"]))

    def __post_init__(self) -> None:
        timings = PACE_TIMINGS.get(self.pace, PACE_TIMINGS["realistic"])
        for name, value in zip(TIMINGS, timings):
            given = getattr(self, name)
            if given is None or given < 0:
                object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        object.__setattr__(self, name, value)
        if name == "pace" and value in PACE_TIMINGS and "pass_pause" in self.__dict__:
            self.apply_pace()

    def apply_pace(self) -> None:
        """Set the timings from the pace."""
        for name, v in zip(TIMINGS, PACE_TIMINGS[self.pace]):
            object.__setattr__(self, name, v)

    # -- storage ------------------------------------------------------------------------
    def to_stored(self) -> stored_settings.StoredSettings:
        """The part saved between runs."""
        return stored_settings.StoredSettings(**{name: getattr(self, name) for name in STORED})

    @classmethod
    def from_stored(cls, stored: stored_settings.StoredSettings) -> "Settings":
        return cls(**{name: getattr(stored, name) for name in STORED})

    def update_from(self, other: "Settings") -> None:
        """Copy every field of ``other`` (keeping this object, which others hold)."""
        for f in fields(self):
            object.__setattr__(self, f.name, getattr(other, f.name))
