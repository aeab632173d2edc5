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
from typing import Deque, List, Optional, Tuple

from engine import BackgammonError, Match
from engine.kinds import LogKind, Phase
from engine.notation import parse_play

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


def missed_events(local: Match, server: Match, friend: int) -> Optional[List[Event]]:
    """The friend's actions that take ``local`` to ``server`` (the whole copy a
    reconnection brings), as events to show one by one; None when the server's
    copy is not ``local`` and then only the friend's actions in the same game
    (a copy that differs is replaced, and the player told).

    The friend rolled while this player's connection was down:

    >>> from engine import FixedDice
    >>> local = Match(dice=FixedDice([5, 2, 6, 6]))
    >>> local.game.roll(); local.game.play_text("13/8 24/22")  # White's opening, 5-2
    (5, 2)
    >>> server = Match.from_json(local.to_json(), dice=FixedDice([6, 6]))
    >>> _ = server.game.roll()  # Black's 6-6, unseen here
    >>> missed_events(local, server, friend=1)
    [Event(kind='roll', player=1, dice=None, drawn=(6, 6), steps=(), level='')]
    >>> missed_events(server, local, friend=1) is None  # (behind is one way only)
    True

    The opening thrown meanwhile (a tie, then 3-1: White plays first), and White's play:

    >>> local = Match(dice=FixedDice([]))
    >>> server = Match(dice=FixedDice([4, 4, 3, 1]))
    >>> server.game.roll(); server.game.play_text("8/5 6/5")
    (3, 1)
    >>> [(e.kind, e.drawn, e.steps) for e in missed_events(local, server, friend=0)]
    [('roll', (4, 4, 3, 1), ()), ('play', (), ((8, 5), (6, 5)))]
    """
    lg, sg = local.game, server.game
    known = len(lg.log)
    if local.game_number != server.game_number or local.score != server.score or sg.log[:known] != lg.log:
        return None
    dice = FeedDice()
    copy = Match.from_json(local.to_json(), dice=dice)
    events: List[Event] = []

    def do(event: Event) -> None:
        replay(copy, event, dice)
        events.append(event)

    try:
        while len(copy.game.log) < len(sg.log):  # (a drop or an accept brings the game's end with it)
            g, before = copy.game, len(copy.game.log)
            entry = sg.log[before]
            if g.phase == Phase.OPENING:  # thrown by either player: every pair drawn, ties included, in order
                pairs = [e.dice for e in sg.log[before:] if e.kind == LogKind.OPENING and e.dice is not None]
                do(Event("roll", friend, drawn=tuple(d for pair in pairs for d in pair)))
            elif entry.player != friend:
                return None
            elif entry.kind in (LogKind.PLAY, LogKind.PASS) and entry.dice is not None:
                if g.phase == Phase.ROLL:
                    do(Event("roll", friend, drawn=tuple(entry.dice)))  # (a roll that cannot be played passes)
                if entry.kind == LogKind.PLAY and g.dice is not None:
                    do(Event("play", friend, steps=parse_play(g.turn_start, entry.text, g.dice)))
            elif entry.kind in SIMPLE:
                do(Event(SIMPLE[entry.kind], friend, level=entry.text if entry.kind == LogKind.RESIGN else ""))
            if len(copy.game.log) <= before:  # (an opening, a game's end: the whole copy is shown)
                return None
        if sg.phase == Phase.MOVE and copy.game.phase == Phase.ROLL and sg.turn == friend and sg.dice:
            do(Event("roll", friend, drawn=tuple(sg.dice)))
    except BackgammonError:
        return None
    return events if events and check_of(copy) == check_of(server) else None


#: the log's cube and resignation entries as the events that make them
SIMPLE = {LogKind.DOUBLE: "double", LogKind.TAKE: "take", LogKind.DROP: "drop", LogKind.RESIGN: "resign",
          LogKind.ACCEPT: "accept", LogKind.REJECT: "reject"}


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
