"""What a scene may ask of the flow: :class:`Navigator`.

Scenes never create each other.  They ask ``app.flow`` (a :class:`Navigator`,
made by :mod:`game.scenes.flow`, the one module that knows which scene
follows which) to go somewhere, and it builds the scene and puts it on the
stack.  This module names the requests and imports no scene.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Optional, Protocol, Sequence, Tuple

from engine import Match
from engine.dice import DiceSource

if TYPE_CHECKING:
    from ..store.friendseat import SeatTicket
    from ..play.rollout_job import RolloutRequest
    from ..play.options import MatchOptions
    from ..play.session import Session

class KioskMode(Protocol):
    """The kiosk's timer, as the attract mode sees it (game/kiosk.py)."""

    #: the computer's level and the pace of the attract games
    level: str
    pace: str
    #: attract games started so far
    games: int

    def stop_attract(self) -> None:
        """Someone touched the screen: the lobby, and the idle time afresh."""


#: a dialog's answer: its label and what it does (None: it only closes the dialog)
Choice = Tuple[str, Optional[Callable[[], object]]]


class Navigator(Protocol):
    """Where a scene may go.  Every request puts scenes on the stack or takes
    them off; none returns a scene."""

    # -- the lobby and matches ------------------------------------------------------------
    def lobby(self) -> None:
        """Start afresh at the lobby (the stack holds only it)."""

    def start_match(self, options: "MatchOptions", dice: Optional[DiceSource] = None, seed: Optional[int] = None) -> None:
        """A new match with ``options``, kept by the app, on the board."""

    def show_match(self, session: "Session") -> None:
        """The board of ``session`` (afresh: the lobby and everything else leave)."""

    def restart_match(self, session: "Session") -> None:
        """A new match like ``session``'s (same options, or the same seats and length)."""

    def game_over(self, session: "Session") -> None:
        """The result of the game just finished, over its board."""

    # -- screens over the current one ----------------------------------------------------------
    def settings(self) -> None:
        """The settings, over the current screen."""

    def access(self) -> None:
        """Seeing and hearing (speech, colours, large text), over the settings."""

    def restyle(self) -> None:
        """The settings' look (colours, text size) changed: every screen on show is built anew in it."""

    def help(self) -> None:
        """Rules & help."""

    def records(self) -> None:
        """The records."""

    def friend(self) -> None:
        """Play a friend: host or join a match over the network."""

    def open_invite(self, text: str) -> None:
        """An invite link given to the game: the friend screen with it filled in, Join focused."""

    def rejoin(self, ticket: "SeatTicket") -> None:
        """Take back the seat of a friend match a run of the game left (it crashed or was closed)."""

    def setup(self) -> None:
        """Set up a position to practise from (Position ID and Match ID)."""

    def recent(self) -> None:
        """The recent matches (from the records)."""

    def review(self, match: Match, viewer: int = 0) -> None:
        """Review ``match`` (its analysis), seen from ``viewer``."""

    def open_match(self) -> None:
        """Open a match file (a path field and the match files of a folder) to review it."""

    def open_given(self, text: str) -> None:
        """Something given to the game (its argument, a second launch's, a drop): an invite
        link opens the friend screen, a match file the review."""

    def rollout(self, request: "RolloutRequest") -> None:
        """Roll out ``request`` (the hint's plays, the position, a review's play), over the current screen."""

    def ask(self, title: str, text: str, choices: Sequence[Choice], cancel: Optional[Choice] = None) -> None:
        """A question over the current screen; each answer closes it and then
        does its part.  ``cancel``: what Escape does (None: it must be answered)."""

    def back(self) -> None:
        """Close the screen on top: the one under it is there again as it was."""

    # -- the kiosk ----------------------------------------------------------------------------------
    @property
    def in_lobby(self) -> bool:
        """Is the lobby the screen on top?"""

    def attract(self, kiosk: Optional[KioskMode] = None, level: Optional[str] = None, pace: Optional[str] = None) -> None:
        """The kiosk's attract mode: a fresh computer game (afresh, alone on the stack)."""
