"""The listener's numbering: the one place that knows in whose numbering
the points are said and shown.

The engine numbers each side's points 1..24 from its own home board (25
the bar, 0 borne off).  What a player hears or reads (the narration, the
keys that ask, the panel's lists of checkers and steps, the move log, the
hint) is in one numbering, the listener's: with :attr:`Numbering.OWN` (the
default) that of the side at the screen (against the computer the human's
side; in hot-seat the side on roll; in a friend game this player's side),
with :attr:`Numbering.WHITE` always White's, as GNU Backgammon offers.
Saved files and exported .mat files keep the standard notation (each
side's own numbering).

>>> heard_point(24, side=1, listener=0), heard_point(24, side=1, listener=1), heard_point(25, side=1, listener=0)
(1, 24, 25)
>>> heard_play("bar/22 13/8* 6/off(2)", side=1, listener=0)
'bar/3 12/17* 19/off(2)'
>>> listener_of(Numbering.WHITE, viewer=1), listener_of(Numbering.OWN, viewer=1)
(0, 1)
"""

from __future__ import annotations

from typing import Protocol

from engine.kinds import TextEnum

from ..store.settings import Settings
from ..words import i18n
from .happenings import Snapshot

BAR, OFF = 25, 0


class Numbering(TextEnum):
    """Whose numbering the points are said and shown in."""

    OWN = "own"      # the side at the screen
    WHITE = "white"  # always White's


NUMBERINGS = tuple(n.value for n in Numbering)


class Seating(Protocol):
    """What :func:`listener` reads of a match in play (a session)."""

    settings: Settings

    def viewer_for(self, snap: Snapshot) -> int: ...


def listener_of(numbering: str, viewer: int) -> int:
    """The side whose numbering is used, for the board shown for ``viewer``."""
    return 0 if numbering == Numbering.WHITE else viewer


def listener(session: Seating, snap: Snapshot) -> int:
    """The side whose numbering the points of ``snap`` are said and shown in."""
    return listener_of(session.settings.numbering, session.viewer_for(snap))


def heard_point(point: int, side: int, listener: int) -> int:
    """Point ``point`` of ``side``'s own numbering in ``listener``'s (the bar and off stay as they are)."""
    if point in (BAR, OFF) or side == listener:
        return point
    return 25 - point


def heard_play(text: str, side: int, listener: int) -> str:
    """A play in notation ("13/8* 6/5(2)"), made by ``side``, with its
    points in ``listener``'s numbering (the bar, off, hits and counts kept)."""
    if side == listener:
        return text
    moves = []
    for move in text.split():
        times = ""
        if move.endswith(")") and "(" in move:
            move, _, count = move.partition("(")
            times = "(" + count
        stops = []
        for stop in move.split("/"):
            bare = stop.rstrip("*")
            if bare.isdigit():
                stop = str(heard_point(int(bare), side, listener)) + stop[len(bare):]
            stops.append(stop)
        moves.append("/".join(stops) + times)
    return " ".join(moves)


def heard_line(line: str, listener: int) -> str:
    """A move-log line (an :class:`i18n.Message` made by
    :func:`game.play.match_log.log_message`) with a play's points in
    ``listener``'s numbering; any other line as it is."""
    if not isinstance(line, i18n.Message) or line.key != "log.play":
        return line
    name = line.kwargs.get("name")
    side = 1 if isinstance(name, i18n.Message) and name.key == "player.1" else 0
    kwargs = dict(line.kwargs)
    kwargs["text"] = heard_play(str(kwargs.get("text", "")), side, listener)
    return i18n.Message(line.key, **kwargs)
