"""Everything the game keeps between runs: settings, records and the game in
progress, stored as small JSON files that survive crashes and damage.

Pure Python (no pygame).  Files live in the user's folders from platformdirs,
never beside the program; ``BACKGAMMON_HOME`` (or the ``home`` argument)
puts everything in one folder instead, for tests and the kiosk.

Every write is atomic (temporary file in the same folder, flush, fsync,
``os.replace``) and first copies the previous good file to ``<name>.bak``.
Every load tries the file, then the backup; a bad file is moved aside to
``<name>.corrupt-<timestamp>`` (never deleted) and the caller gets the value
or the defaults plus one line to show the player (or None).  A good backup
is copied back in place of the missing file.  Loads never raise and never
write over anything good.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as home:
...     store = Storage(home)
...     store.load_settings() == (Settings(), None)
...     store.save_settings(Settings(pace="fast"))
...     store.load_settings()
True
(Settings(sound=True, pace='fast', fullscreen=False, language='', show_point_numbers=True, show_pips=True, auto_end_turn=True, lobby_mode='computer', lobby_level='intermediate', lobby_colour='white', lobby_length=1, lobby_cube=False, board_view='top', tutor=False, server_address='', window_size=None, window_pos=None), None)
"""

from __future__ import annotations

import json
import logging
import os
import re
import tempfile
from dataclasses import asdict, dataclass, field, fields
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, ClassVar, Dict, Generic, List, Optional, Tuple, TypeVar, Union

import platformdirs

from .datadir import clean_temporaries, probe
from .i18n import EN, Message

log = logging.getLogger(__name__)

APP_NAME = "backgammon"
ENV_HOME = "BACKGAMMON_HOME"
SCHEMA = 1

SETTINGS_FILE = "settings.json"
RECORDS_FILE = "records.json"
GAME_FILE = "saved-game.json"

T = TypeVar("T")
#: What a load hands back: the value (or None) and a line for the player (or None).
Loaded = Tuple[Optional[T], Optional[str]]


# -- folders ------------------------------------------------------------------------
def folders(home: Union[str, os.PathLike, None] = None) -> Tuple[Path, Path]:
    """The (config, data) folders: ``home``, else ``$BACKGAMMON_HOME`` (both
    the same folder), else the platform's user folders.  Nothing is created."""
    if home is None:
        home = os.environ.get(ENV_HOME) or None
    if home is not None:
        one = Path(home).expanduser()
        return one, one
    return (
        Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)),
        Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)),
    )


# -- one JSON file ----------------------------------------------------------------
class JsonStore(Generic[T]):
    """One JSON document ``{"schema": int, "kind": str, "saved_at": str,
    "data": ...}`` in ``path``, with a backup beside it.

    ``parse(data)`` turns the stored data into a value, or raises (any
    exception) when the data is unusable; it returns ``(value, problems)``
    where ``problems`` lists fields that were bad and replaced by defaults.
    ``label`` names the file for the player ("settings"); ``lost`` says what
    happens when nothing can be read ("default settings are used").
    """

    def __init__(self, path: Path, kind: str, parse: Callable[[Any], Tuple[T, List[str]]],
                 label: str, lost: str, schema: int = SCHEMA):
        self.path = Path(path)
        self.kind = kind
        self.parse = parse
        self.label = label
        self.lost = lost
        self.schema = schema

    @property
    def backup(self) -> Path:
        return self.path.with_name(self.path.name + ".bak")

    # -- reading --
    def _read(self, path: Path) -> Tuple[str, Any]:
        """('missing' | 'bad' | 'ok', value or problems-with-value or reason)."""
        try:
            raw = path.read_bytes()
        except (FileNotFoundError, NotADirectoryError):
            return "missing", None
        except Exception as exc:  # unreadable (permissions, a folder...): treat as bad
            return "bad", f"{type(exc).__name__}: {exc}"
        try:
            doc = json.loads(raw.decode("utf-8"))
            if not isinstance(doc, dict):
                raise ValueError(f"a {type(doc).__name__}, not an object")
            if doc.get("kind") != self.kind:
                raise ValueError(f"kind {doc.get('kind')!r} is not {self.kind!r}")
            schema = doc.get("schema")
            if not isinstance(schema, int) or isinstance(schema, bool) or schema != self.schema:
                raise ValueError(f"schema {schema!r} is not {self.schema}")
            if "data" not in doc:
                raise ValueError("no data")
            return "ok", self.parse(doc["data"])
        except Exception as exc:  # anything at all: the file is bad, the game goes on
            return "bad", f"{type(exc).__name__}: {exc}"[:300]

    def _set_aside(self, path: Path) -> Optional[Path]:
        """Rename a bad file to ``<name>.corrupt-<timestamp>[-n]``, never over
        an existing file.  None when it cannot be moved (read-only or
        unreadable folder)."""
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        base = path.with_name(f"{path.name}.corrupt-{stamp}")
        target, n = base, 1
        try:
            while os.path.lexists(target):
                n += 1
                target = base.with_name(f"{base.name}-{n}")
            os.rename(path, target)
        except OSError as exc:
            log.warning("could not move aside %s: %s", path, exc)
            return None
        log.warning("moved bad file %s aside to %s", path, target.name)
        return target

    def load(self) -> Loaded[T]:
        """The stored value and a line for the player; (None, None) when there
        is no file at all.  Never raises."""
        try:
            return self._load()
        except OSError as exc:  # a folder that refuses even to be looked at
            log.warning("could not load %s: %s", self.path, exc)
            return None, Message("storage.unreadable", what=self._label, lost=self._lost, kept="")

    def _load(self) -> Loaded[T]:
        aside: List[Path] = []
        state, got = self._read(self.path)
        if state == "ok":
            value, problems = got
            return value, self._problems_line(problems)
        if state == "bad":
            log.warning("%s is unreadable: %s", self.path, got)
            moved = self._set_aside(self.path)
            if moved:
                aside.append(moved)
        main_state = state
        state, got = self._read(self.backup)
        if state == "ok":
            value, problems = got
            if not self._restore_backup():  # nothing could be written: it is only used
                return value, Message("storage.backup_used", what=self._label, kept=self._kept(aside))
            key = "storage.restored_missing" if main_state == "missing" else "storage.restored_damaged"
            return value, Message(key, what=self._label, kept=self._kept(aside))
        if state == "bad":
            log.warning("%s is unreadable: %s", self.backup, got)
            moved = self._set_aside(self.backup)
            if moved:
                aside.append(moved)
        if main_state == "missing" and state == "missing":
            return None, None
        return None, Message("storage.unreadable", what=self._label, lost=self._lost, kept=self._kept(aside))

    def _restore_backup(self) -> bool:
        """Copy the good backup back in place of a missing main file, so the
        player hears about it once; False if the folder refuses."""
        if os.path.lexists(self.path):  # a bad file that could not be moved aside: leave it
            return False
        try:
            _atomic_write(self.path, self.backup.read_bytes())
        except OSError as exc:
            log.warning("could not restore %s from its backup: %s", self.path, exc)
            return False
        return True

    def _problems_line(self, problems: List[str]) -> Optional[str]:
        if not problems:
            return None
        names: Any = ", ".join(problems[:5])
        if len(problems) > 5:
            names = Message("storage.reset_more", names=names, n=len(problems) - 5)
        return Message("storage.reset", what=self._label, names=names)

    @staticmethod
    def _kept(aside: List[Path]) -> Any:
        return Message("storage.kept", name=aside[0].name) if aside else ""

    # the player's lines are game.i18n Messages: English text that the screen translates
    def _words(self, kind: str, english: str) -> Any:
        key = f"storage.{kind}.{self.label.replace(' ', '_')}"
        return Message(key) if key in EN else english

    @property
    def _label(self) -> Any:
        return self._words("label", self.label)

    @property
    def _lost(self) -> Any:
        return self._words("lost", self.lost)

    # -- writing --
    def save(self, data: Any) -> Optional[str]:
        """Write ``data`` atomically, keeping the previous good file as the
        backup.  Returns None, or a line for the player when the disk refused
        (read-only folder, disk full).  Data that is not JSON raises
        TypeError/ValueError: that is a bug, not bad luck."""
        doc = {
            "schema": self.schema,
            "kind": self.kind,
            "saved_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            "data": data,
        }
        text = json.dumps(doc, ensure_ascii=False, allow_nan=False, indent=1) + "\n"
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            state, _ = self._read(self.path)
            if state == "ok":
                _atomic_write(self.backup, self.path.read_bytes())
            elif state == "bad":
                self._set_aside(self.path)  # keep the old backup: it may be the good one
            _atomic_write(self.path, text.encode("utf-8"))
        except OSError as exc:
            log.warning("could not save %s: %s", self.path, exc)
            return Message("storage.cannot_save", what=self._label, reason=exc.strerror or exc)
        return None

    def discard(self) -> Optional[str]:
        """Remove the file and its backup (backup first, so a crash half-way
        cannot bring an older copy back).  Set-aside damaged files stay."""
        try:
            for p in (self.backup, self.path):
                try:
                    p.unlink()
                except FileNotFoundError:
                    pass
        except OSError as exc:
            log.warning("could not remove %s: %s", self.path, exc)
            return Message("storage.cannot_remove", what=self._label, reason=exc.strerror or exc)
        return None


def _atomic_write(path: Path, payload: bytes) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(payload)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:  # make the rename itself durable (POSIX; not possible on Windows)
        dfd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass


# -- settings -----------------------------------------------------------------------
_LANGUAGE = re.compile(r"^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8}){0,3}$")


def _is_bool(v: Any) -> bool:
    return isinstance(v, bool)


def _one_of(*choices: Any) -> Callable[[Any], bool]:
    return lambda v: type(v) in (str, int) and v in choices


@dataclass
class Settings:
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
    window_size: Optional[List[int]] = None   # [width, height] of the window when last closed; None: fit the desktop
    window_pos: Optional[List[int]] = None    # [x, y] of the window when last closed (where SDL tells it)

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
        "window_size": lambda v: v is None or (isinstance(v, list) and len(v) == 2 and all(type(n) is int for n in v)
                                               and 320 <= v[0] <= 16384 and 240 <= v[1] <= 16384),
        "window_pos": lambda v: v is None or (isinstance(v, list) and len(v) == 2 and all(type(n) is int and -32768 <= n <= 32768 for n in v)),
    }

    def invalid_fields(self) -> List[str]:
        """Names of fields holding values the game does not accept."""
        return [f.name for f in fields(self) if not self.CHECKS[f.name](getattr(self, f.name))]

    def to_dict(self) -> Dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Tuple["Settings", List[str]]:
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


# -- records -----------------------------------------------------------------------------
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
    """Results per mode key (see :func:`mode_key`) and the dice thrown in the
    player's games: ``faces[k]`` counts the die face k+1, ``rolls`` the
    two-dice throws and ``doubles`` those that were doubles."""

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

    def record_game(self, key: str, won: bool, multiple: int = 1) -> None:
        """A finished game; ``multiple`` 2 is a gammon, 3 a backgammon
        (resigned gammons count too, as the engine's Result.multiple says)."""
        t = self.tally(key)
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

    def record_result(self, key: str, result: Any, player: int = 0) -> None:
        """A finished game from an engine ``Result`` (winner, multiple) seen by ``player``."""
        self.record_game(key, result.winner == player, result.multiple)

    def record_match(self, key: str, won: bool) -> None:
        t = self.tally(key)
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

    def to_dict(self) -> Dict[str, Any]:
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


# -- the whole store -------------------------------------------------------------------
def _parse_game(validate: Optional[Callable[[dict], Any]]) -> Callable[[Any], Tuple[dict, List[str]]]:
    def parse(data: Any) -> Tuple[dict, List[str]]:
        if not isinstance(data, dict):
            raise ValueError(f"a saved game is a {type(data).__name__}, not an object")
        if validate is not None:
            validate(data)
        return data, []

    return parse


class Storage:
    """Settings, records and the saved game of one player.

    ``home``: one folder for everything (else ``$BACKGAMMON_HOME``, else the
    platform's user folders).  ``game_validator(doc)`` raises (ValueError,
    e.g. ``engine.SerializationError``) when a saved game document cannot be
    restored; the backup is then tried.
    """

    def __init__(self, home: Union[str, os.PathLike, None] = None,
                 game_validator: Optional[Callable[[dict], Any]] = None):
        self.config_dir, self.data_dir = folders(home)
        self.game_validator = game_validator
        #: True when the folders cannot be used at all (see :meth:`check`):
        #: loads give the defaults and saves keep nothing, without a word each time
        self.memory_only = False
        self.settings_store: JsonStore[Settings] = JsonStore(
            self.config_dir / SETTINGS_FILE, "settings", Settings.from_dict,
            "settings", "default settings are used")
        self.records_store: JsonStore[Records] = JsonStore(
            self.data_dir / RECORDS_FILE, "records", Records.from_dict,
            "records", "the records start afresh")

    def _game_store(self, validate: Optional[Callable[[dict], Any]]) -> JsonStore[dict]:
        return JsonStore(self.data_dir / GAME_FILE, "saved-game", _parse_game(validate),
                         "saved game", "it cannot be continued")

    @property
    def game_store(self) -> JsonStore[dict]:
        return self._game_store(self.game_validator)

    def check(self) -> Optional[Message]:
        """Look at the folders once, at start: make them, remove temporary
        files that interrupted saves left, and say in one line why nothing
        will be kept when a folder cannot be made, read or written (None when
        all is well).  A folder that cannot be made or read switches this
        storage to :attr:`memory_only`.  Never raises."""
        for folder in dict.fromkeys((self.config_dir, self.data_dir)):
            access = probe(folder)
            if not access.readable:
                self.memory_only = True
                log.warning("the folder %s cannot be used (%s): nothing will be kept", folder, access.reason)
                return Message("storage.unusable", folder=str(folder), reason=access.reason)
            clean_temporaries(folder, (SETTINGS_FILE, RECORDS_FILE, GAME_FILE))
            if not access.writable:
                log.warning("the folder %s cannot be written (%s): nothing will be kept", folder, access.reason)
                return Message("storage.read_only", folder=str(folder), reason=access.reason)
        return None

    # settings
    def load_settings(self) -> Tuple[Settings, Optional[str]]:
        if self.memory_only:
            return Settings(), None
        value, message = self.settings_store.load()
        return (value if value is not None else Settings()), message

    def save_settings(self, settings: Settings) -> Optional[str]:
        bad = settings.invalid_fields()
        if bad:
            raise ValueError(f"invalid settings: {', '.join(bad)}")
        if self.memory_only:
            return None
        return self.settings_store.save(settings.to_dict())

    # records
    def load_records(self) -> Tuple[Records, Optional[str]]:
        if self.memory_only:
            return Records(), None
        value, message = self.records_store.load()
        return (value if value is not None else Records()), message

    def save_records(self, records: Records) -> Optional[str]:
        if self.memory_only:
            return None
        return self.records_store.save(records.to_dict())

    # the game in progress
    def save_game(self, doc: dict) -> Optional[str]:
        """Store the game in progress (an opaque JSON-ready dict)."""
        if not isinstance(doc, dict):
            raise TypeError("a saved game must be a dict")
        if self.memory_only:
            return None
        return self.game_store.save(doc)

    def load_game(self, validate: Optional[Callable[[dict], Any]] = None) -> Tuple[Optional[dict], Optional[str]]:
        """The saved game document, or None; plus a line for the player.
        ``validate`` overrides the validator given to the constructor."""
        if self.memory_only:
            return None, None
        return self._game_store(validate or self.game_validator).load()

    def has_game(self) -> bool:
        """Is there something to offer as "Continue" (cheap: files exist)?"""
        if self.memory_only:
            return False
        store = self._game_store(None)
        try:
            return os.path.lexists(store.path) or os.path.lexists(store.backup)
        except OSError:
            return False

    def discard_game(self) -> Optional[str]:
        if self.memory_only:
            return None
        return self._game_store(None).discard()
