"""What a screen may use of the app: :class:`AppHost`.

The app (:class:`game.app.App`) holds the scene stack, and every scene holds
the app; the scenes, the match screen's parts and the kiosk know it only as
this protocol, so that nothing under the app imports it (the app imports
them).  The flow (:mod:`game.scenes.flow`), which the app is handed to,
knows it as this and the stack (``FlowHost``); only the entry points know
the app itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional, Protocol, Tuple

if TYPE_CHECKING:
    from engine.dice import DiceSource

    from ..net.hosting import Hosting
    from ..play.options import MatchOptions
    from ..play.saves import Keeper
    from ..play.session import Session
    from ..store.friendseat import SeatKeeper
    from ..system.announcer import Announcer
    from ..store.settings import Settings
    from ..store.storage import Storage
    from .navigation import KioskMode, Navigator


class Screens(Protocol):
    """The scenes on show, as a scene may look at them."""

    @property
    def current(self) -> Optional[object]:
        """The scene on top (None: none)."""


class AppHost(Protocol):
    """The app as the screens see it: what outlives a scene (the settings,
    the match in progress, the files, the friend game's server), the way
    to the next screen (:attr:`flow`) and the window's size."""

    #: the player's settings (saved by :meth:`save_settings`)
    settings: "Settings"
    #: the match in progress and the options it started with (None: none)
    session: Optional["Session"]
    options: Optional["MatchOptions"]
    #: the dice new matches use (None: the system's randomness)
    dice: Optional["DiceSource"]
    #: a line to show the player once, or None
    notice: Optional[str]
    #: the match server this game runs for a friend game it hosts
    hosted: Optional["Hosting"]
    #: where the scenes go next
    flow: "Navigator"

    @property
    def storage(self) -> "Storage": ...

    @property
    def announcer(self) -> "Announcer": ...

    @property
    def saves(self) -> "Keeper": ...

    @property
    def friend_seat(self) -> "SeatKeeper": ...

    @property
    def kiosk(self) -> Optional["KioskMode"]: ...

    @property
    def scenes(self) -> Screens: ...

    @property
    def scene(self) -> object: ...

    @property
    def size(self) -> Tuple[int, int]: ...

    @property
    def fullscreen(self) -> bool: ...

    def save_settings(self) -> None: ...

    def set_sound(self, on: bool) -> None: ...

    def set_fullscreen(self, on: bool) -> None: ...

    def set_language(self, code: str) -> None: ...

    def play(self, name: str) -> None: ...

    def keep_match(self, session: "Session", options: Optional["MatchOptions"]) -> None: ...

    def drop_match(self) -> None: ...

    def save_match(self) -> None: ...

    def restore_saved(self) -> bool: ...

    def has_match(self) -> bool: ...

    def release_memory(self, now: Optional[float] = None, later: bool = False) -> None: ...

    def quit(self) -> None: ...
