"""A friend game in the client: a :class:`Session` whose other seat is a
person at the other end of a :class:`~game.net.client.NetClient`.

The server is the authority, and the board shows only what it accepted.
The local player's intents go to it and are done on this board when their
echo comes back: a roll waits for the server's dice; a play's steps stay on
the board as they were made, the turn ends only once the server has the
play (until then it is *pending*: :attr:`NetSession.awaiting_server`, and the
steps cannot be taken back); a double, an answer ... the same.  While the
connection is down an intent waits, pending, and goes out once the server
has sent its whole state again; one the server then refuses is cancelled,
the server's copy of the match replaces this one and the player is told
(:attr:`NetSession.told`).  The friend's intents come back as events and
are shown like the computer's moves, step by step at the computer's pace.
The local copy of the match is checked against the server's after every
event and replaced by it (the player told) if they differ.
No take-back in friend games (undoing steps within one's own turn is fine),
and no hints.  If the friend has been gone for 2 minutes, the player may
continue against the computer (:meth:`NetSession.continue_alone`).
"""

from __future__ import annotations

import collections
import logging
import time
from typing import Callable, Deque, List, Optional, Tuple

from engine import Match, SystemDice
from engine.kinds import Phase

from ..words import i18n
from .happenings import HappeningKind
from ..net.client import NetClient
from .netheld import HeldSession
from ..net.inbound import (
    Ended,
    Event,
    Link,
    LinkChanged,
    Presence,
    RematchAsked,
    SeatInfo,
    ServerError,
    State,
    Takeover,
)
from ..net.mirror import FeedDice, missed_events
from ..net.protocol import (
    AwayReason,
    ContinueAlone,
    EndReason,
    ErrorCode,
    Leave,
    Rematch,
    Sync,
    check_of,
)
from .seats import SeatLike, Table, seat_for
from .session import OVER, Session
from ..store.settings import Settings

LOG = logging.getLogger(__name__)
#: the level of the computer that takes the empty seat
FALLBACK_LEVEL = "intermediate"
#: seconds an intent may go without its answer from the server before the state is asked for
ECHO_TIMEOUT = 5.0
#: seconds after the host's game closed (the server was in it) before the guest may play on here
HOST_GONE_OFFER = 120.0


class RemoteSeat:
    """The friend's chair (a :class:`~game.play.seats.Seat`): it acts out what the
    friend did, as the server reported it, one action (and one step) at a
    time at the computer's pace, once the board has finished animating."""

    local = False
    thinking = False

    def __init__(self, name: str, dice: FeedDice):
        self.name = name
        self.dice = dice
        self.events: Deque[Event] = collections.deque()
        self._plan: List[Tuple[int, int]] = []
        self._whole: Tuple[Tuple[int, int], ...] = ()
        self._timer = 0.0

    @property
    def busy(self) -> bool:
        """Is something of the friend's still to be shown?"""
        return bool(self.events or self._plan)

    def went_on(self, over: bool) -> bool:
        """The game ``over``, is the friend's "next" (the next game begun) what waits first?"""
        return over and bool(self.events) and self.events[0].kind == "next"

    def cancel(self) -> None:
        """A new game or a fresh copy of the match: a play half shown is dropped
        (the events still to come are kept)."""
        self._plan = []
        self._timer = 0.0

    def clear(self) -> None:
        self.events.clear()
        self.cancel()

    def update(self, table: Table, player: int, dt: float, display_busy: bool) -> None:
        g = table.game
        # the opening roll is either player's to throw (the engine's player to act is White)
        opening = g.phase == Phase.OPENING and bool(self.events) and self.events[0].kind == "roll"
        if g.phase == Phase.OVER or (g.to_act != player and not opening) or display_busy or not self.busy:
            return
        self._timer += dt
        if self._timer < table.settings.computer_pause():
            return
        self._timer = 0.0
        if self._plan:
            frm, to = self._plan.pop(0)
            if not table.step(frm, to, None, player):  # pragma: no cover - the engine orders steps differently
                table.play(self._whole, player)
                self._plan = []
            elif not self._plan:
                table.end_turn(player)
            return
        self._act(table, player, self.events.popleft(), paced=True)

    def _act(self, table: Table, player: int, event: Event, paced: bool) -> None:
        """Do one of the friend's events on the board (a play step by step when ``paced``)."""
        g = table.game
        kind = event.kind
        if kind == "roll":
            self.dice.feed(event.drawn)
            table.roll(g.to_act if g.phase == Phase.OPENING else player)
        elif kind == "play" and paced:
            self._whole = event.steps
            self._plan = list(event.steps)
        elif kind == "play":
            table.play(event.steps, player)
        elif kind == "double":
            table.double(player)
        elif kind in ("take", "drop"):
            table.answer_double(kind == "take", player)
        elif kind == "resign":
            table.resign(event.level, player)
        elif kind in ("accept", "reject"):
            table.answer_resignation(kind == "accept", player)

    def catch_up(self, table: Table, player: int, next_game: Callable[[], object]) -> None:
        """Do at once everything of the friend's still to be shown (a play half
        shown is finished), in the server's order: this player's own action,
        whose echo came, is done after it."""
        if self._plan:
            table.play(self._whole, player)
            self.cancel()
        while self.events:
            event = self.events.popleft()
            if event.kind == "next":
                next_game()
            else:
                self._act(table, player, event, paced=False)


def _copy(match: Match, dice: object) -> Match:
    return Match.from_json(match.to_json(), dice=dice)  # type: ignore[arg-type]


class NetSession(HeldSession):
    """A match in play with a friend through a match server."""

    friend = True

    def __init__(self, client: NetClient, state: State, settings: Optional[Settings] = None):
        self.client = client
        me = client.seat if client.seat is not None else 0
        feed = FeedDice()
        self.remote = RemoteSeat(state.names[1 - me], feed)
        seats: List[SeatLike] = [None, None]
        seats[1 - me] = self.remote
        super().__init__(_copy(state.match, feed), seats, settings, me, feed, client.send, state.seq)
        self.names: Tuple[str, str] = state.names
        self.link = client.link
        self.friend_here = state.connected[1 - self.me]
        self.may_continue = False
        self.friend_left = False       # the friend left on purpose (may_continue at once), not gone 2 minutes
        self.ended: Optional[str] = None
        self.rematch_asked_by: Optional[int] = None
        self.rematch_state: Optional[State] = None   # a rematch has started: the scene shows it
        self.rematch_agreed = False    # this player agreed to the rematch the friend asked for (asked once is enough)
        self.asked_continue = False    # the scene asked whether to continue against the computer
        self.told_ended = False        # the scene said the match has ended
        self.status_said: Optional[str] = None  # the connection line as last announced
        self.status_seen: Tuple[str, float] = ("", 0.0)  # the connection line now, since when (said once it stands)
        self._recheck = False          # a whole state came while an intent waited for a decision
        #: when the host's game (which held the server) went: the connection dropped, or it closed (None: it is there)
        self.host_gone_since: Optional[float] = None
        self.clock: Callable[[], float] = time.monotonic
        self._showing_next = False     # the friend's "next game" is being done on this board

    # -- what the scene reads ----------------------------------------------------------------
    @property
    def online(self) -> bool:
        return not self.fallback and self.ended is None

    def status(self) -> i18n.Message:
        """The connection line: what the link and the friend are doing."""
        M = i18n.Message
        named = self.names[1 - self.me]
        friend = named or M("net.friend")  # within a sentence
        first = named or M("net.friend.start")  # at its start
        if self.fallback:
            return M("net.status.vs_computer")
        if self.ended == EndReason.HOST_LEFT.value and self.client.role == "guest":
            return M("net.status.friend_left", name=first)
        if self.ended is not None:
            return M(f"net.status.ended.{self.ended}" if self.ended in ENDINGS else "net.status.ended.other")
        if self.host_gone:
            if self.may_continue:
                return M("net.status.host_gone_long")
            return M("net.status.host_closed" if self.link == Link.FAILED else "net.status.host_closed_waiting")
        if self.link == Link.FAILED:
            return M("net.status.failed")
        if self.link != Link.CONNECTED or not self._synced:
            return M("net.status.held" if self.awaiting_server else "net.status.reconnecting")
        if self.may_continue:
            return M("net.status.friend_left" if self.friend_left else "net.status.may_continue", name=first)
        if not self.friend_here:
            return M("net.status.friend_away", name=first)
        if self.rematch_asked_by == self.me and self.match.over:
            return M("net.status.rematch_waiting", name=friend)
        if self.rematch_asked_by is not None and self.match.over:
            return M("net.status.rematch_asked", name=first)
        return M("net.status.online", name=friend)

    @property
    def behind(self) -> bool:
        """Is something the friend did, which the server reported, still to be shown on this board?
        (Not the friend's "next" after the game: this player's Next game follows it.)"""
        return (not self.fallback and self.remote.busy and not self._showing_next
                and not self.remote.went_on(self.game.phase == OVER))

    @property
    def computer_to_act(self) -> bool:
        """The other seat acts: its turn, or (the opening roll is either's) its events wait to be shown."""
        return super().computer_to_act or self.behind

    @property
    def host_gone(self) -> bool:
        """This player is the guest and the host's game, where the server ran, has closed (or dropped off the network)."""
        return self.host_gone_since is not None and self.online

    @property
    def may_play_here(self) -> bool:
        """The server's match ended with the host gone (left on purpose) or the server stopped,
        before the match's end: it may be played on here, against the computer."""
        return self.ended in PLAY_ON_HERE and not self.fallback and not self.match.over

    def can_take_back(self) -> bool:
        return self.fallback and super().can_take_back()

    def can_hint(self) -> bool:
        return self.fallback and super().can_hint()

    def may_hint(self) -> bool:
        return self.fallback

    def next_game(self, _remote: bool = False) -> bool:
        if _remote:  # the friend's "next", shown now: what waits behind it is for the new game
            self._showing_next = True
            try:
                return Session.next_game(self)
            finally:
                self._showing_next = False
        if self.remote.went_on(self.game.phase == OVER) and not self.fallback:
            self.remote.events.popleft()  # the friend went on first (seen from the result, under which
            return self.next_game(_remote=True)  # nothing is shown): this board follows into that game
        if self.remote.events and not self.fallback:
            return False  # the friend's events are shown first
        return super().next_game()

    def ask_rematch(self) -> bool:
        """Ask for (or agree to) a rematch with colours swapped, once the match is over."""
        if not self.online or not self.match.over:
            return False
        if self.rematch_asked_by is None:
            self._send(Rematch(self._seq))
            self.rematch_asked_by = self.me
        elif self.rematch_asked_by != self.me and not self.rematch_agreed:  # the friend asked: agreed, nobody waits
            self._send(Rematch(self._seq))
            self.rematch_agreed = True
        return True

    def continue_alone(self) -> bool:
        """Continue against the computer (the friend gone 2 minutes, or left).
        The host's game gone or the host gone for good, or the server stopped
        (the server's match with them), it is played on here, from the last
        position the server sent."""
        if self.may_play_here or (self.may_continue and self.host_gone):
            state = self.client.last_state
            if self.game.current_turn is not None and self.is_human(self.game.turn):
                self.undo_all()  # steps of a play the server never took
            self._nothing_held()
            self._take_over(state.match if state is not None else self.match)
            return True
        if not self.may_continue or not self.online:
            return False
        self._send(ContinueAlone(self._seq))
        return True

    def leave(self) -> None:
        """Leave the match for good (the host leaving ends it for the friend)."""
        if self.online:
            self.client.send(Leave())
        self.client.close()

    # -- the server's side ------------------------------------------------------------------------
    def update(self, dt: float, display_busy: bool = False) -> None:
        # once a rematch has begun, what comes next is for the new match's session
        listening = not self.fallback and self.rematch_state is None
        if listening:
            self._poll()
            self._host_gone_long()
            if self.remote.went_on(self.game.phase == OVER) and not display_busy:
                self.remote.events.popleft()
                self.next_game(_remote=True)
        super().update(dt, display_busy)
        if listening and not self.fallback:
            self._verify()

    def _poll(self) -> None:
        for msg in self.client.poll():
            if isinstance(msg, State):
                self._state(msg)
            elif isinstance(msg, Presence):
                self.friend_left = msg.away == AwayReason.LEFT  # the server says: left on purpose, not gone 2 minutes
                self.friend_here = msg.connected[1 - self.me]
                self.may_continue = msg.can_continue
            elif isinstance(msg, LinkChanged):
                self.link = msg.link
                if msg.link != Link.CONNECTED:
                    self._synced = False  # what the player does now waits for the server's state
                    self.outbox.maybe_lost()  # decided on the state the server sends on reconnecting
                    self._host_may_be_gone()
                else:
                    self.host_gone_since = None  # (back: the host's game is there again)
            elif isinstance(msg, Ended):  # (a server that keeps its matches closes with 1012 instead: it comes back)
                self.ended = msg.reason
                self._nothing_held()
            elif isinstance(msg, RematchAsked):
                self.rematch_asked_by = msg.asked_by
                if msg.asked_by == self.me and isinstance(self.outbox.in_flight, Rematch):
                    self.outbox.answered()
            elif isinstance(msg, Takeover):
                self.outbox.answered()
                self._take_over(msg.match)
            elif isinstance(msg, SeatInfo):
                pass  # a new seat comes with a rematch: see _state
            elif isinstance(msg, ServerError) and msg.ref == "resume":
                self.ended = self.ended or GONE  # the server (perhaps restarted) no longer has the match
                self._nothing_held()
            elif isinstance(msg, ServerError):
                self._refused(msg)
        state = self.client.last_state
        if self._recheck and state is not None and self.client.mirror.in_step:
            # the server's whole state came after a refusal (or a lost connection): the intent
            # goes again if it still applies there; if not, the server's copy replaces this one
            self._recheck = False
            if not self.outbox.retry(state.match, self.me, state.seq):
                self._cancelled()
                self._resynced()
        if not self.fallback and self._synced:
            self.outbox.flush(self._seq)

    def _host_may_be_gone(self) -> None:
        """The connection to a server that ran in the host's game is gone: so is the host's game."""
        if self.client.in_game and self.client.role == "guest" and self.host_gone_since is None:
            self.host_gone_since = self.clock()

    def _host_gone_long(self) -> None:
        """The host's game gone 2 minutes: the guest may play on here against the computer."""
        since = self.host_gone_since
        if since is not None and not self.may_continue and self.clock() - since >= HOST_GONE_OFFER:
            self.may_continue = True

    def _refused(self, err: ServerError) -> None:
        LOG.warning("the server refused: %s %s", err.code, err.detail)
        if not self.outbox.refused(err.code, err.ref, err.seq):
            return  # not the intent in flight (a second copy of one already done)
        if self.outbox.recheck:  # to retry on the state the server sends with a stale refusal
            if err.code != ErrorCode.STALE.value:
                self.client.send(Sync())
            return
        self._cancelled()
        self.client.send(Sync())

    def _resynced(self) -> None:
        """Nothing of this player's is on its way: the local copy is to become the server's."""
        self._waiting_roll = False
        self.remote.clear()
        self._to_verify = True

    def _state(self, state: State) -> None:
        self.names = state.names
        self.friend_here = state.connected[1 - self.me]
        event = state.event
        self._seq = state.seq
        if event is not None and event.kind == "rematch":
            self.rematch_state = state
            self.outbox.answered()
            return
        self._to_verify = True
        if event is None:  # a whole copy: after a (re)connection, a refusal, or a sync asked for
            self._synced = True
            if self.outbox.recheck:
                self._recheck = True  # decided once everything that came is read (see _poll)
            elif not self.outbox.busy:  # (else what was sent is on its way)
                self._resynced()
            return
        if event.player == self.me:
            self.outbox.answered()
            if self.remote.busy:  # (the friend acted first: the server did theirs before this one)
                self.remote.catch_up(self, 1 - self.me, lambda: self.next_game(_remote=True))
            self._confirmed(event)
        else:
            self.remote.events.append(event)

    def _verify(self) -> None:
        """Once nothing is on its way either way, the local copy must be the server's."""
        if self.outbox.overdue(ECHO_TIMEOUT):
            self.outbox.maybe_lost()  # perhaps lost with a connection: ask for the state
            self.client.send(Sync())
        state = self.client.last_state
        if not self._to_verify or self.outbox.busy or self._waiting_roll or self.remote.busy or state is None:
            return
        self._to_verify = False
        if check_of(self.match) != check_of(state.match):
            missed = missed_events(self.match, state.match, 1 - self.me)
            if missed is not None:  # only behind (the friend acted while this connection was down): shown as it came
                self.remote.events.extend(missed)
                self._to_verify = True  # (and checked again once shown)
                return
            LOG.warning("the local copy of the match differs from the server's: replaced")
            self._replace(state.match)
            self.told = self.told or i18n.Message("net.told.replaced")

    def _replace(self, match: Match) -> None:
        before = self.snapshot()
        self.remote.clear()
        self.match = _copy(match, self.feed)
        self._emit(HappeningKind.NEWGAME, self.game.turn, before)

    def _take_over(self, match: Match) -> None:
        """The computer takes the friend's seat, from ``match`` (the server's copy), on this machine's dice."""
        from engine import get_bot

        self._replace(match)
        dice = SystemDice()
        self.match.dice_source = self.game.dice_source = dice
        self.seats[1 - self.me] = seat_for(get_bot(FALLBACK_LEVEL))
        self.fallback = True
        self.may_continue = False
        self.client.close()


#: the match is not on the server (any more): a restarted server that did not keep it, or a seat given up
GONE = "match_gone"
#: endings that leave the player a match to play on here, against the computer (the server's copy is gone)
PLAY_ON_HERE = (EndReason.HOST_LEFT.value, EndReason.SERVER_CLOSING.value)
ENDINGS = ("host_left", "guest_left", "expired", "taken_over", "server_closing", "replaced", GONE)
