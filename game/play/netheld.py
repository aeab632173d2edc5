"""The local player's side of a friend game: what they do is sent to the
match server and done on this board only once the server has done it (its
echo comes back), so that the board never shows what the server did not
accept.  :class:`HeldSession` is the part of
:class:`~game.play.netplay.NetSession` that knows this; the connection, the
friend's events and the checks against the server's copy are there.

While an action waits for its echo it is *pending*
(:attr:`HeldSession.awaiting_server`): a play's steps stay on the board as
they were made, the turn ends only with the echo, and nothing else can be
done meanwhile (the steps cannot be taken back: the play is the server's to
decide).  While the connection is down an action waits in the outbox and
goes out once the server has sent its whole state again (``_synced``).  One
the server refuses is cancelled: a play's steps go back, the server's copy
of the match is put in place of this one, and the player is told
(:attr:`HeldSession.told`).
"""

from __future__ import annotations

import logging
from typing import Callable, Optional, Sequence

from engine import Match
from engine.kinds import Phase

from ..words import i18n
from ..net.inbound import Event
from ..net.mirror import FeedDice
from ..net.outbox import Outbox
from ..net.protocol import (
    Accept,
    ClientMessage,
    Double,
    Drop,
    NextGame,
    Play,
    Reject,
    Resign,
    Roll,
    Take,
)
from .seats import SeatLike
from .session import Session
from ..store.settings import Settings

LOG = logging.getLogger(__name__)


class HeldSession(Session):
    """A session whose local player (``me``) acts through the server: see the module."""

    def __init__(self, match: Match, seats: Sequence[SeatLike], settings: Optional[Settings], me: int,
                 feed: FeedDice, send: Callable[[ClientMessage], None], seq: int):
        super().__init__(match, seats, settings)
        self.me = me
        self.feed = feed
        self.fallback = False          # the computer took the friend's seat: nothing goes to the server
        self._waiting_roll = False
        self.outbox = Outbox(send)     # the player's intents, one at a time, until the server answers
        self._synced = True            # the server's whole state came since the connection was (re)made
        self._to_verify = False        # the local copy is to be checked against the server's
        self._seq = seq
        #: words for the player about the server's word on their action (cancelled, the board replaced), once
        self.told: Optional[i18n.Message] = None

    @property
    def online(self) -> bool:
        """Is the match still played through the server?"""
        return not self.fallback

    @property
    def awaiting_server(self) -> bool:
        """Is an action of this player's waiting for the server (sent, or held
        while the connection is down), not yet done on this board?"""
        return not self.fallback and (self.outbox.busy or self._waiting_roll)

    @property
    def behind(self) -> bool:
        """Has this board still to show something the server did (see :class:`~game.play.netplay.NetSession`)?
        Nothing of this player's may be done meanwhile: it would come after it on the server."""
        return False

    @property
    def _held(self) -> bool:
        return self.awaiting_server or self.behind

    def can_roll(self) -> bool:
        opening = self.online and self.game.phase == Phase.OPENING  # the opening roll: either player may throw it
        return (super().can_roll() or opening) and not self._held and (self.online or self.fallback)

    def can_undo(self) -> bool:
        return super().can_undo() and not self._held  # a play sent is the server's to decide

    def can_end_turn(self) -> bool:
        return super().can_end_turn() and not self._held

    def can_double(self) -> bool:
        return super().can_double() and not self._held

    def can_resign(self) -> bool:
        return super().can_resign() and not self._held

    def can_next_game(self) -> bool:
        return super().can_next_game() and not self._held

    def must_answer_resignation(self) -> bool:
        return super().must_answer_resignation() and not self._held  # (answered: asked no more)

    # -- the local player's intents -----------------------------------------------------------
    def _send(self, msg: ClientMessage) -> None:
        """Send an intent (numbered when it goes out: see :class:`~game.net.outbox.Outbox`);
        while the connection is down it waits for the server's state after reconnecting."""
        if self._synced:
            self.outbox.put(msg, self._seq)
        else:
            self.outbox.waiting.append(msg)

    # ``player`` None: this screen's player (sent to the server, done when it comes back);
    # a number: a seat acting (the friend's events, the computer after a takeover)
    def _ask(self, allowed: bool, msg: ClientMessage) -> bool:
        if not allowed or self._held:
            return False
        self._send(msg)
        return True

    def roll(self, player: Optional[int] = None) -> bool:
        if player is not None or self.fallback:
            return super().roll(player)
        if not self.can_roll():
            return False
        self._send(Roll(self._seq))
        self._waiting_roll = True  # shown when the server's dice come
        return True

    def end_turn(self, player: Optional[int] = None) -> bool:
        if player is not None or self.fallback:
            return super().end_turn(player)
        turn = self.game.current_turn
        return turn is not None and self._ask(self.can_end_turn(), Play(self._seq, tuple(turn.play)))

    def double(self, player: Optional[int] = None) -> bool:
        if player is not None or self.fallback:
            return super().double(player)
        return self._ask(self.can_double(), Double(self._seq))

    def answer_double(self, take: bool, player: Optional[int] = None) -> bool:
        if player is not None or self.fallback:
            return super().answer_double(take, player)
        return self._ask(self.must_answer_double(), (Take if take else Drop)(self._seq))

    def resign(self, level: str, player: Optional[int] = None) -> bool:
        if player is not None or self.fallback:
            return super().resign(level, player)
        return self._ask(self.can_resign(), Resign(self._seq, level))

    def answer_resignation(self, accept: bool, player: Optional[int] = None) -> bool:
        if player is not None or self.fallback:
            return super().answer_resignation(accept, player)
        return self._ask(self.must_answer_resignation(), (Accept if accept else Reject)(self._seq))

    def next_game(self) -> bool:
        if self.fallback:
            return super().next_game()
        return self._ask(self.can_next_game(), NextGame(self._seq))

    def _confirmed(self, event: Event) -> None:
        """The server did this player's intent: now it is done on this board
        (if this board cannot do it, the server's copy replaces it)."""
        me, kind = self.me, event.kind
        done = True
        if kind == "roll":
            self._waiting_roll = False
            self.feed.feed(event.drawn)
            done = super().roll(self.game.to_act if self.game.phase == Phase.OPENING else me)  # (the opening: either's)
        elif kind == "play":
            turn = self.game.current_turn
            if turn is None or tuple(turn.play) != event.steps:
                done = Session.play(self, event.steps, me)  # (not the steps on the board: the server's)
            else:
                done = super().end_turn(me)
        elif kind == "double":
            done = super().double(me)
        elif kind in ("take", "drop"):
            done = super().answer_double(kind == "take", me)
        elif kind == "resign":
            done = super().resign(event.level, me)
        elif kind in ("accept", "reject"):
            done = super().answer_resignation(kind == "accept", me)
        elif kind == "next":
            done = Session.next_game(self)
        if not done:
            LOG.warning("the server's %s could not be done on this board: its copy is shown", kind)
            self._to_verify = True

    def _nothing_held(self) -> None:
        """The match has ended on the server: what waited for it will never be done."""
        self.outbox.give_up()
        self._waiting_roll = False

    def _cancelled(self) -> None:
        """The server did not take this player's intent: it is not done (a
        play's steps go back) and the server's state replaces this copy."""
        self._waiting_roll = False
        self.told = i18n.Message("net.told.cancelled")
        if self.game.current_turn is not None and self.is_human(self.game.turn):
            self.undo_all()
        self._to_verify = True
