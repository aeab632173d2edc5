"""What one connection may cost the server: messages, CPU time and bytes
sent, each a token bucket.  A connection over any of them has its messages
refused (``rate_limited``) until the bucket refills, so that one player
cannot slow the server down for the others, whatever they ask for.

>>> t = [0.0]; b = TokenBucket(1.0, 2.0, lambda: t[0])
>>> [b.take(), b.take(), b.take()]
[True, True, False]
>>> t[0] = 1.0; b.take()
True
>>> b.spend(5.0); b.empty()
True
>>> t[0] = 5.0; b.empty()
True
>>> t[0] = 6.5; b.empty()
False
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Optional

Clock = Callable[[], float]

#: seconds of the server's CPU one connection may use per second, sustained ...
CPU_RATE = 0.05
#: ... and in a burst
CPU_BURST = 0.25
#: bytes the server sends one connection per second, sustained ...
BYTES_RATE = 256 * 1024
#: ... and in a burst (a few whole matches)
BYTES_BURST = 1024 * 1024


class TokenBucket:
    """``rate`` tokens a second up to ``burst``; :meth:`take` one, or
    :meth:`spend` any amount (it may go below zero: a debt paid by waiting)."""

    def __init__(self, rate: float, burst: float, clock: Clock = time.monotonic):
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens, self.stamp = burst, clock()

    def _refill(self) -> None:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now

    def take(self) -> bool:
        """Take one token if there is one."""
        self._refill()
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def spend(self, amount: float) -> None:
        """Take ``amount`` (what was used, measured afterwards)."""
        self._refill()
        self.tokens -= amount

    def empty(self) -> bool:
        """Is nothing left (or a debt)?"""
        self._refill()
        return self.tokens <= 0.0


@dataclass
class ConnectionBudget:
    """A connection's three buckets: messages, CPU seconds, bytes sent."""

    messages: TokenBucket
    cpu: TokenBucket
    sent: TokenBucket
    strikes: int = field(default=0)

    @classmethod
    def make(cls, rate: float, burst: float, cpu_rate: float = CPU_RATE, cpu_burst: float = CPU_BURST,
             bytes_rate: float = BYTES_RATE, bytes_burst: float = BYTES_BURST,
             clock: Clock = time.monotonic) -> "ConnectionBudget":
        return cls(TokenBucket(rate, burst, clock), TokenBucket(cpu_rate, cpu_burst, clock),
                   TokenBucket(bytes_rate, bytes_burst, clock))

    def refusal(self) -> Optional[str]:
        """Why the next message must be refused (None: it may be handled);
        a message refused here counts as a strike."""
        why = None
        if not self.messages.take():
            why = "too many messages; slow down"
        elif self.cpu.empty():
            why = "this connection used its share of the server's time; slow down"
        elif self.sent.empty():
            why = "this connection was sent its share of bytes; slow down"
        if why is not None:
            self.strikes += 1
        return why
