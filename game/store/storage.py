"""Everything the game keeps between runs: settings, records and the game in
progress, stored as small JSON files that survive crashes and damage.

Pure Python (no pygame).  Files live in the user's folders from platformdirs,
never beside the program; ``BACKGAMMON_HOME`` (or the ``home`` argument)
puts everything in one folder instead, for tests and the kiosk.

Each file is a :class:`~game.store.jsonstore.JsonStore` (atomic writes, a backup,
damaged files set aside, loads that never raise); a file that cannot be read
gives the defaults plus one line to show the player.  What is in the files:
:mod:`game.store.stored_settings`, :mod:`game.store.records`, the seat of a friend match
in play (:mod:`game.store.friendseat`), and the saved game (an
engine document, checked by ``game_validator``).

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as home:
...     store = Storage(home)
...     store.load_settings() == (StoredSettings(), None)
...     store.save_settings(StoredSettings(pace="fast"))
...     store.load_settings() == (StoredSettings(pace="fast"), None)
True
True
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any, Callable, List, Optional, Tuple, Union

import platformdirs

from .datadir import clean_temporaries, probe
from ..words.i18n import Message
from .jsonstore import JsonStore
from .friendseat import SeatTicket, parse_ticket
from .jsontypes import JSONObject
from .records import Records
from .stored_settings import StoredSettings

log = logging.getLogger(__name__)

APP_NAME = "backgammon"
ENV_HOME = "BACKGAMMON_HOME"

SETTINGS_FILE = "settings.json"
RECORDS_FILE = "records.json"
GAME_FILE = "saved-game.json"
#: the seat of the friend match in play (game/store/friendseat.py)
TICKET_FILE = "friend-match.json"
#: the matches the game's own server keeps while it hosts (an SQLite file of game/net/store.py)
HOSTED_FILE = "hosted-matches.sqlite"

#: checks a saved game's document, raising (ValueError ...) when it cannot be restored
Validator = Callable[[JSONObject], object]


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


# -- the whole store -------------------------------------------------------------------
def _parse_game(validate: Optional[Validator]) -> Callable[[Any], Tuple[JSONObject, List[str]]]:
    def parse(data: Any) -> Tuple[JSONObject, List[str]]:
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
                 game_validator: Optional[Validator] = None):
        self.config_dir, self.data_dir = folders(home)
        self.game_validator = game_validator
        #: True when the folders cannot be used at all (see :meth:`check`):
        #: loads give the defaults and saves keep nothing, without a word each time
        self.memory_only = False
        self.settings_store: JsonStore[StoredSettings] = JsonStore(
            self.config_dir / SETTINGS_FILE, "settings", StoredSettings.from_dict,
            "settings", "default settings are used")
        self.records_store: JsonStore[Records] = JsonStore(
            self.data_dir / RECORDS_FILE, "records", Records.from_dict,
            "records", "the records start afresh")
        self.ticket_store: JsonStore[SeatTicket] = JsonStore(
            self.data_dir / TICKET_FILE, "friend-match", parse_ticket,
            "friend match", "it cannot be rejoined")

    def _game_store(self, validate: Optional[Validator]) -> JsonStore[JSONObject]:
        return JsonStore(self.data_dir / GAME_FILE, "saved-game", _parse_game(validate),
                         "saved game", "it cannot be continued")

    @property
    def game_store(self) -> JsonStore[JSONObject]:
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
            clean_temporaries(folder)  # every store's, the recent matches' too
            if not access.writable:
                log.warning("the folder %s cannot be written (%s): nothing will be kept", folder, access.reason)
                return Message("storage.read_only", folder=str(folder), reason=access.reason)
        return None

    # settings
    def load_settings(self) -> Tuple[StoredSettings, Optional[str]]:
        if self.memory_only:
            return StoredSettings(), None
        value, message = self.settings_store.load()
        return (value if value is not None else StoredSettings()), message

    def save_settings(self, settings: StoredSettings) -> Optional[str]:
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
    def save_game(self, doc: JSONObject) -> Optional[str]:
        """Store the game in progress (an opaque JSON-ready dict)."""
        if not isinstance(doc, dict):
            raise TypeError("a saved game must be a dict")
        if self.memory_only:
            return None
        return self.game_store.save(doc)

    def load_game(self, validate: Optional[Validator] = None) -> Tuple[Optional[JSONObject], Optional[str]]:
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

    # the friend match in play (its seat, to rejoin after a crash)
    def load_ticket(self) -> Tuple[Optional[SeatTicket], Optional[str]]:
        if self.memory_only:
            return None, None
        return self.ticket_store.load()

    def save_ticket(self, ticket: SeatTicket) -> Optional[str]:
        if self.memory_only:
            return None
        return self.ticket_store.save(ticket.to_dict())

    def discard_ticket(self) -> Optional[str]:
        if self.memory_only:
            return None
        return self.ticket_store.discard()

    @property
    def hosted_store(self) -> Optional[str]:
        """Where the game's own match server keeps its matches (None: nowhere, memory only)."""
        return None if self.memory_only else str(self.data_dir / HOSTED_FILE)
