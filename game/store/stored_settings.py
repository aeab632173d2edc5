"""The settings as they are saved (:class:`StoredSettings`): everything on
the settings screen plus the last lobby choices, each field checked when
loaded.  The live settings the game reads are :class:`game.store.settings.Settings`
(these fields plus the timings of the pace).  Pure Python (no pygame)."""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, fields
from typing import Any, Callable, ClassVar, Dict, List, Optional, Tuple, Union

from .jsontypes import JSONObject

_LANGUAGE = re.compile(r"^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8}){0,3}$")


# the checks take what was read from the file, before it is known to be anything: Any
def _is_bool(v: Any) -> bool:
    return isinstance(v, bool)


def _one_of(*choices: Union[str, int]) -> Callable[[Any], bool]:
    return lambda v: type(v) in (str, int) and v in choices


@dataclass
class StoredSettings:
    """Everything on the settings screen plus the last lobby choices."""

    sound: bool = True
    pace: str = "realistic"              # 'realistic' | 'fast' | 'instant'
    fullscreen: bool = False
    language: str = ""                   # '' follows the system locale; else e.g. 'fr', 'pt_BR'
    show_point_numbers: bool = True
    show_pips: bool = True
    auto_end_turn: bool = True
    lobby_mode: str = "computer"         # 'computer' | 'hotseat'
    lobby_level: str = "intermediate"    # 'beginner' | 'intermediate' | 'expert'
    lobby_colour: str = "white"          # 'white' | 'black' | 'random'
    lobby_length: int = 1                # 1 | 5 | 7
    lobby_cube: bool = False
    board_view: str = "top"              # 'top' | 'oblique'
    tutor: bool = False
    server_address: str = ""             # friend games: a match server to use ('' hosts on this computer)
    player_name: str = ""                # friend games: the name the friend sees ('' the system user's first name, else "Player")
    host_port: int = 0                   # friend games: the port a match hosted here listens on (0: one the system picks); the last one used
    open_folder: str = ""                # the folder a match file was last opened from ('' the documents folder)
    window_size: Optional[List[int]] = None   # [width, height] of the window when last closed; None: fit the desktop
    window_pos: Optional[List[int]] = None    # [x, y] of the window when last closed (where SDL tells it)
    speak: Optional[bool] = None         # announcements spoken (None: when the platform reports a screen reader)
    speech_rate: str = "normal"          # 'slow' | 'normal' | 'fast'
    speech_pause: str = "normal"         # 'short' | 'normal' | 'long': the computer's steps apart while speech is on
    theme: str = "standard"              # 'standard' | 'colour_blind' | 'high_contrast'
    large_text: bool = False             # menus, panel and the board's numbers larger
    numbering: str = "own"               # 'own' (the side at the screen) | 'white' (always White's)

    CHECKS: ClassVar[Dict[str, Callable[[Any], bool]]] = {
        "sound": _is_bool,
        "pace": _one_of("realistic", "fast", "instant"),
        "fullscreen": _is_bool,
        "language": lambda v: isinstance(v, str) and (v == "" or bool(_LANGUAGE.match(v))),
        "show_point_numbers": _is_bool,
        "show_pips": _is_bool,
        "auto_end_turn": _is_bool,
        "lobby_mode": _one_of("computer", "hotseat"),
        "lobby_level": _one_of("beginner", "intermediate", "expert"),
        "lobby_colour": _one_of("white", "black", "random"),
        "lobby_length": lambda v: type(v) is int and v in (1, 5, 7),
        "lobby_cube": _is_bool,
        "board_view": _one_of("top", "oblique"),
        "tutor": _is_bool,
        "server_address": lambda v: isinstance(v, str) and len(v) <= 200 and v.isprintable(),
        "player_name": lambda v: isinstance(v, str) and len(v) <= 32 and v.isprintable(),
        "host_port": lambda v: type(v) is int and 0 <= v <= 65535,
        "open_folder": lambda v: isinstance(v, str) and len(v) <= 4096 and v.isprintable(),
        "window_size": lambda v: v is None or (isinstance(v, list) and len(v) == 2 and all(type(n) is int for n in v)
                                               and 320 <= v[0] <= 16384 and 240 <= v[1] <= 16384),
        "window_pos": lambda v: v is None or (isinstance(v, list) and len(v) == 2 and all(type(n) is int and -32768 <= n <= 32768 for n in v)),
        "speak": lambda v: v is None or isinstance(v, bool),
        "speech_rate": _one_of("slow", "normal", "fast"),
        "speech_pause": _one_of("short", "normal", "long"),
        "theme": _one_of("standard", "colour_blind", "high_contrast"),
        "large_text": _is_bool,
        "numbering": _one_of("own", "white"),
    }

    def invalid_fields(self) -> List[str]:
        """Names of fields holding values the game does not accept."""
        return [f.name for f in fields(self) if not self.CHECKS[f.name](getattr(self, f.name))]

    def to_dict(self) -> JSONObject:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Tuple["StoredSettings", List[str]]:
        """Settings from stored data, field by field: a bad value falls back
        to the default and is named in the list; unknown keys are ignored,
        missing ones take the default.  Raises ValueError if ``data`` is not
        an object at all."""
        if not isinstance(data, dict):
            raise ValueError(f"settings are a {type(data).__name__}, not an object")
        kept, bad = {}, []
        for f in fields(cls):
            if f.name in data:
                if cls.CHECKS[f.name](data[f.name]):
                    kept[f.name] = data[f.name]
                else:
                    bad.append(f.name)
        return cls(**kept), bad
