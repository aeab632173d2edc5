"""The player's records (:class:`Records`): results per mode (:class:`Tally`)
and the dice thrown, each count checked when loaded.  Pure Python (no pygame)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any, Dict, List, Optional, Tuple

from engine import Result

from .jsontypes import JSONObject


@dataclass
class Tally:
    """Results in one mode (and level)."""

    games_played: int = 0
    games_won: int = 0
    matches_played: int = 0
    matches_won: int = 0
    gammons_won: int = 0
    gammons_lost: int = 0
    backgammons_won: int = 0
    backgammons_lost: int = 0
    #: matches left unfinished (a new match started over one, Restart): a
    #: losing game cannot be erased silently
    abandoned: int = 0
    #: games with a take-back (the player saw the reply's dice), counted
    #: apart from the games above, as chess programs keep assisted games
    #: unrated; and matches with such a game
    assisted_games: int = 0
    assisted_won: int = 0
    assisted_matches: int = 0
    assisted_matches_won: int = 0

    def add(self, other: "Tally") -> "Tally":
        return Tally(**{f.name: getattr(self, f.name) + getattr(other, f.name) for f in fields(self)})


def mode_key(mode: str, level: Optional[str] = None) -> str:
    """'hotseat', or 'computer:<level>' for games against the computer."""
    return f"{mode}:{level}" if mode == "computer" and level else mode


#: No real record comes near this many games or dice (a game a second for
#: thirty years is under 10**9); a larger count is damage, and every screen
#: can draw every count up to it.
MAX_COUNT = 10**12


def _count(v: Any) -> bool:
    """A stored count: a whole number from 0 to :data:`MAX_COUNT`.

    >>> _count(3), _count(-1), _count(True), _count(10**300)
    (True, False, False, False)
    """
    return type(v) is int and 0 <= v <= MAX_COUNT


@dataclass
class Records:
    """Results per mode key (see :func:`mode_key`) and the dice counted for
    the player (their own against the computer and online, both sides' with
    two players on one screen: :func:`game.play.saves.dice_to_record`):
    ``faces[k]`` counts the die face k+1, ``rolls`` the two-dice throws and
    ``doubles`` those that were doubles."""

    by_mode: Dict[str, Tally] = field(default_factory=dict)
    faces: List[int] = field(default_factory=lambda: [0] * 6)
    rolls: int = 0
    doubles: int = 0

    def tally(self, key: str) -> Tally:
        return self.by_mode.setdefault(key, Tally())

    def total(self) -> Tally:
        out = Tally()
        for t in self.by_mode.values():
            out = out.add(t)
        return out

    def record_game(self, key: str, won: bool, multiple: int = 1, assisted: bool = False) -> None:
        """A finished game; ``multiple`` 2 is a gammon, 3 a backgammon
        (resigned gammons count too, as the engine's Result.multiple says);
        an ``assisted`` game (one with a take-back) counts apart, as played
        and won only.

        >>> r = Records(); r.record_game("hotseat", True, 2, assisted=True)
        >>> t = r.tally("hotseat"); (t.games_played, t.gammons_won, t.assisted_games, t.assisted_won)
        (0, 0, 1, 1)
        """
        t = self.tally(key)
        if assisted:
            t.assisted_games += 1
            t.assisted_won += bool(won)
            return
        t.games_played += 1
        t.games_won += bool(won)
        if multiple == 2:
            if won:
                t.gammons_won += 1
            else:
                t.gammons_lost += 1
        elif multiple == 3:
            if won:
                t.backgammons_won += 1
            else:
                t.backgammons_lost += 1

    def record_result(self, key: str, result: Result, player: int = 0, assisted: bool = False) -> None:
        """A finished game from an engine ``Result`` (winner, multiple) seen by ``player``."""
        self.record_game(key, result.winner == player, result.multiple, assisted)

    def record_match(self, key: str, won: bool, assisted: bool = False) -> None:
        """A finished match; ``assisted``: one of its games had a take-back (counted apart)."""
        t = self.tally(key)
        if assisted:
            t.assisted_matches += 1
            t.assisted_matches_won += bool(won)
            return
        t.matches_played += 1
        t.matches_won += bool(won)

    def record_abandoned(self, key: str) -> None:
        """A match left unfinished (see :attr:`Tally.abandoned`)."""
        self.tally(key).abandoned += 1

    def record_dice(self, *dice: int) -> None:
        """Dice thrown: each die counts for its face; a throw of two dice also
        counts as a roll, and as doubles when they match."""
        for d in dice:
            if type(d) is not int or not 1 <= d <= 6:
                raise ValueError(f"{d!r} is not a die")
        for d in dice:
            self.faces[d - 1] += 1
        if len(dice) == 2:
            self.rolls += 1
            self.doubles += dice[0] == dice[1]

    def to_dict(self) -> JSONObject:
        return {
            "by_mode": {k: asdict(t) for k, t in self.by_mode.items()},
            "faces": list(self.faces),
            "rolls": self.rolls,
            "doubles": self.doubles,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Tuple["Records", List[str]]:
        """Records from stored data; bad counts fall back to zero and are named
        in the list.  Raises ValueError if ``data`` is not an object."""
        if not isinstance(data, dict):
            raise ValueError(f"records are a {type(data).__name__}, not an object")
        rec, bad = cls(), []
        modes = data.get("by_mode", {})
        if not isinstance(modes, dict):
            bad.append("by_mode")
            modes = {}
        for key, counts in modes.items():
            if not isinstance(counts, dict):
                bad.append(key)
                continue
            t = Tally()
            for f in fields(t):
                if f.name in counts:
                    if _count(counts[f.name]):
                        setattr(t, f.name, counts[f.name])
                    else:
                        bad.append(f"{key}.{f.name}")
            rec.by_mode[key] = t
        faces = data.get("faces", rec.faces)
        if isinstance(faces, list) and len(faces) == 6 and all(_count(n) for n in faces):
            rec.faces = list(faces)
        else:
            bad.append("faces")
        for name in ("rolls", "doubles"):
            if name in data:
                if _count(data[name]):
                    setattr(rec, name, data[name])
                else:
                    bad.append(name)
        if rec.doubles > rec.rolls:  # more doubles than throws: one of them is wrong
            rec.doubles = 0
            bad.append("doubles")
        return rec, bad
