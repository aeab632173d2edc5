"""A client's copy of the match, kept in step with the server's by replaying
each update's event (with the very dice the server drew) and checking the
result against the server's fingerprint.

>>> from engine import Match
>>> from game.net.inbound import Event, Synced, Update
>>> m = Mirror()
>>> s = m.take(Synced(0, Match(), None, ("A", "B"), (True, True)))
>>> ev = Event("roll", 0, (3, 1), drawn=(3, 1))
>>> check = {}  # an unknown fingerprint: the copy is kept but marked out of step
>>> m.take(Update(1, ev, check, ("A", "B"), (True, True))) is None
True
>>> m.match.game.phase, m.in_step
('move', False)
"""

from __future__ import annotations

import collections
from typing import Deque, Optional, Tuple

from engine import BackgammonError, Match

from .inbound import Event, State, Synced, Update
from .protocol import check_of


class FeedDice:
    """Dice that show what the server drew: values are fed, then thrown."""

    def __init__(self) -> None:
        self.values: Deque[int] = collections.deque()

    def feed(self, values: Tuple[int, ...]) -> None:
        self.values.clear()
        self.values.extend(values)

    def die(self) -> int:
        if not self.values:
            raise BackgammonError("no die from the server to throw")
        return self.values.popleft()

    def roll(self) -> Tuple[int, int]:
        return self.die(), self.die()


def replay(match: Match, event: Event, dice: FeedDice) -> Match:
    """Do ``event`` to ``match`` through the engine; returns the match (a new
    one after a rematch).  Raises :class:`engine.BackgammonError` if the engine refuses."""
    game = match.game
    kind = event.kind
    if kind == "roll":
        dice.feed(event.drawn)
        game.roll()
    elif kind == "play":
        game.play(event.steps)
    elif kind == "double":
        game.double()
    elif kind == "take":
        game.take()
    elif kind == "drop":
        game.drop()
    elif kind == "resign":
        game.resign(event.level)
    elif kind == "accept":
        game.accept_resignation()
    elif kind == "reject":
        game.reject_resignation()
    elif kind == "next":
        match.next_game()
    else:
        raise BackgammonError(f"unknown event {kind!r}")
    return match


class Mirror:
    """Turns :class:`Synced` and :class:`Update` messages into :class:`State` values.
    ``in_step`` is False when the copy differs from the server's (ask for a sync)."""

    def __init__(self) -> None:
        self.dice = FeedDice()
        self.match: Optional[Match] = None
        self.seq = -1
        self.in_step = True

    def take(self, msg: "Synced | Update") -> Optional[State]:
        if isinstance(msg, Synced):
            self.match = msg.match
            self.match.dice_source = self.match.game.dice_source = self.dice
            self.seq, self.in_step = msg.seq, True
            return State(msg.seq, self.match, msg.event, msg.names, msg.connected)
        if self.match is None or not self.in_step or msg.seq != self.seq + 1:
            self.in_step = False
            return None
        try:
            replay(self.match, msg.event, self.dice)
        except BackgammonError:
            self.in_step = False
            return None
        self.seq = msg.seq
        self.in_step = check_of(self.match) == msg.check
        return State(msg.seq, self.match, msg.event, msg.names, msg.connected) if self.in_step else None
