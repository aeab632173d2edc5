"""The local player's intents on their way to the match server: one at a
time, each numbered with the state it acts on, none lost and none done twice.

An intent is *in flight* from when it is sent until the server answers it:
with its echo (the update of the player's own event; for a rematch the
``rematch`` notice or the new match), or with a refusal.  Intents the player
makes meanwhile wait, and go out numbered afresh once it is answered (so a
rematch asked while the last play is still on its way carries the number of
the state after that play).

An intent refused as ``stale`` (the server had moved on: the friend acted at
the same moment) or perhaps lost (the connection dropped, or no answer came)
is not forgotten: on the next whole state from the server it is sent again,
with that state's number, if the rules still let it apply there
(:func:`~game.net.intents.applies`), and given up if not, with what waited
behind it (the caller then puts the server's copy of the match in place of
its own).  The number keeps a copy sent twice from being done twice: the
server refuses the second as stale, and that refusal, naming the number of
an intent already answered, is ignored here.

>>> from engine import FixedDice, Match
>>> from .protocol import Rematch, NextGame
>>> sent = []
>>> box = Outbox(sent.append, clock=lambda: 0.0)
>>> box.put(NextGame(0), seq=7); box.put(Rematch(0), seq=7); sent
[NextGame(seq=7)]
>>> box.answered(); box.flush(seq=8); sent[-1]
Rematch(seq=8)
>>> box.refused("stale", "rematch", 8), box.recheck
(True, True)
>>> m = Match(length=1, dice=FixedDice([3, 1])); _ = m.game.roll(); m.game.resign("single")
>>> m.game.accept_resignation(); m.over
True
>>> box.retry(m, 0, seq=9), sent[-1]
(True, Rematch(seq=9))
"""

from __future__ import annotations

import collections
import dataclasses
import time
from typing import Callable, Deque, Optional

from engine import Match

from .intents import applies
from .protocol import ClientMessage, ErrorCode, type_name

#: refusals after which the intent may be sent again (the others give it up)
RETRY_CODES = (ErrorCode.STALE.value, ErrorCode.RATE_LIMITED.value)


class Outbox:
    """Sends intents through ``send`` one at a time (see the module's text)."""

    def __init__(self, send: Callable[[ClientMessage], None], clock: Callable[[], float] = time.monotonic):
        self._send = send
        self._clock = clock
        self.in_flight: Optional[ClientMessage] = None
        self.waiting: Deque[ClientMessage] = collections.deque()
        #: the one in flight was refused or may be lost: :meth:`retry` decides on the next whole state
        self.recheck = False
        self.sent_at = 0.0

    @property
    def busy(self) -> bool:
        """Is an intent of the player's on its way or waiting?"""
        return self.in_flight is not None or bool(self.waiting)

    def put(self, msg: ClientMessage, seq: int) -> None:
        """Send ``msg`` now (numbered ``seq``: the last state seen) or once those before it are answered."""
        self.waiting.append(msg)
        self.flush(seq)

    def flush(self, seq: int) -> None:
        """Nothing in flight: send the next waiting intent, numbered ``seq``."""
        if self.in_flight is None and self.waiting:
            self._go(self.waiting.popleft(), seq)

    def _go(self, msg: ClientMessage, seq: int) -> None:
        msg = dataclasses.replace(msg, seq=seq)  # type: ignore[arg-type]
        self.in_flight, self.recheck, self.sent_at = msg, False, self._clock()
        self._send(msg)

    def answered(self) -> None:
        """The server did the intent in flight."""
        self.in_flight, self.recheck = None, False

    def refused(self, code: str, ref: Optional[str], seq: Optional[int]) -> bool:
        """The server refused a message; True if it was the intent in flight.
        A refusal to retry marks it for :meth:`retry`; any other gives it up,
        with everything waiting (the caller resyncs)."""
        msg = self.in_flight
        if msg is None:
            return False
        ours = (ref == type_name(msg) and seq == getattr(msg, "seq", None)) or (ref is None and seq is None)
        if not ours:
            return False  # e.g. a second copy of one already done
        if code in RETRY_CODES:
            self.recheck = True
        else:
            self.give_up()
        return True

    def maybe_lost(self) -> None:
        """The connection dropped, or the answer is late: decide on the next whole state."""
        if self.in_flight is not None:
            self.recheck = True
            self.sent_at = self._clock()

    def overdue(self, after: float) -> bool:
        """Has the intent in flight gone ``after`` seconds without an answer?"""
        return self.in_flight is not None and self._clock() - self.sent_at > after

    def retry(self, match: Match, me: int, seq: int) -> bool:
        """On the server's whole state (``match`` numbered ``seq``): send the
        intent marked for it again if it still applies there (True), or give
        it up with everything waiting (False)."""
        msg = self.in_flight
        if msg is None or not self.recheck:
            return self.busy
        if applies(msg, match, me):
            self._go(msg, seq)
            return True
        self.give_up()
        return False

    def give_up(self) -> None:
        self.in_flight, self.recheck = None, False
        self.waiting.clear()
