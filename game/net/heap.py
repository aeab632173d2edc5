"""How the headless match server treats Python's cycle collector.

A server with a thousand matches holds a few hundred thousand objects that
live as long as their match or their connection: each connection's
websockets and asyncio state (some hundred objects), each game's log, turn
records and positions.  CPython's full collection walks every one of them,
and under load it came some five times a minute (each time the objects that
had lived through the younger collections had grown by a quarter): about
300 ms of CPU at 1,000 matches, stretched to a second on a loaded machine,
with every message waiting meanwhile.  That was the round trip's long tail.

:class:`ServerHeap` takes the collector out of the way of the messages:

- once a second (the server's sweep) it freezes every object there is
  (:func:`gc.freeze`): no collection walks them again, and the young
  generation starts empty;
- the young generation's threshold is raised (:data:`YOUNG_THRESHOLD`), so
  that between two freezes the collector runs only in a burst of
  allocations, never at the pace of the messages;
- a frozen object is still freed at once when nothing refers to it any more
  (reference counting); only garbage in a cycle waits, e.g. a closed
  connection's transport and socket (some seven objects), until Python's
  heap has doubled since the last compaction (:data:`COMPACT_FACTOR`, at
  least :data:`COMPACT_FLOOR` blocks): then everything is thawed, collected
  once and frozen again (:meth:`ServerHeap.compact`).  That full walk is the
  one pause left: while the number of matches grows, as often as it doubles;
  at a steady number, as fast as closed connections pile up.
- a compaction that falls due while players are pouring in (the server says
  so: after another process died, a thousand players come at once, and a
  full walk then is half a second with all of them waiting) is put off until
  a calm second, for at most :data:`MOST_DELAY` seconds.

The game's own process never uses this (its hosted server runs without):
it is for a process that does nothing but serve.
"""

from __future__ import annotations

import gc
import sys
import time
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Tuple

#: the young generation's threshold while serving (CPython's default: 700 objects)
YOUNG_THRESHOLD = 50_000
#: a compaction when Python's heap (its allocated blocks) has grown this many times since the last one...
COMPACT_FACTOR = 2.0
#: ... and holds at least this many blocks (a server at rest holds about 100,000)
COMPACT_FLOOR = 500_000
#: at most this many seconds a compaction that is due waits for a calm second
MOST_DELAY = 30.0
#: a second in which more connections opened than this (and than a twentieth of those open) is not calm
CALM_OPENINGS = 20


def calm_second(opened: int, live: int) -> bool:
    """Was a second with ``opened`` new connections, of ``live`` open, calm
    (no crowd pouring in, as after another process of a cluster died)?

    >>> calm_second(5, 3000), calm_second(120, 3000), calm_second(151, 3000), calm_second(21, 30)
    (True, True, False, False)
    """
    return opened <= max(CALM_OPENINGS, live // 20)


class ServerHeap:
    """The collector's policy for a process that only serves matches:
    :meth:`start` once the server is set up, :meth:`tick` about once a second,
    :meth:`stop` when it ends (the collector as it was before)."""

    def __init__(self, young: int = YOUNG_THRESHOLD, factor: float = COMPACT_FACTOR, floor: int = COMPACT_FLOOR,
                 most_delay: float = MOST_DELAY, clock: Callable[[], float] = time.monotonic):
        self.young, self.factor, self.floor = young, factor, floor
        self.most_delay, self.clock = most_delay, clock
        self.baseline = 0        # allocated blocks after the last compaction
        self.due_since: Optional[float] = None  # when a compaction put off fell due
        self.compactions = 0
        self.delayed = 0         # compactions put off (counted once each)
        self.found = 0           # garbage found by the compactions
        self.running = False
        self._thresholds: Optional[Tuple[int, int, int]] = None

    def start(self) -> None:
        """Raise the young threshold, collect once and freeze what the start-up made."""
        if not self.running:
            self._thresholds = gc.get_threshold()
            gc.set_threshold(self.young, *self._thresholds[1:])
        self.running = True
        self.compact()
        self.compactions = self.found = 0

    def tick(self, calm: bool = True) -> None:
        """Freeze what there is; compact when the heap has doubled, unless
        the server is not ``calm`` (players pouring in): then at the first
        calm tick, or :data:`MOST_DELAY` seconds later all the same."""
        if not self.running:
            return
        gc.freeze()
        if sys.getallocatedblocks() < max(self.floor, self.factor * self.baseline):
            return
        now = self.clock()
        if not calm and (self.due_since is None or now - self.due_since < self.most_delay):
            if self.due_since is None:
                self.due_since = now
                self.delayed += 1
            return
        self.compact()

    def compact(self) -> int:
        """Thaw, collect everything once (frozen cycles included), freeze again;
        returns the unreachable objects found."""
        gc.unfreeze()
        found = gc.collect()
        gc.freeze()
        self.baseline = sys.getallocatedblocks()
        self.due_since = None
        self.compactions += 1
        self.found += found
        return found

    def stop(self) -> None:
        """Thaw everything and put the thresholds back."""
        if self._thresholds is not None:
            gc.set_threshold(*self._thresholds)
            self._thresholds = None
        self.running = False
        gc.unfreeze()

    @property
    def frozen(self) -> int:
        """Objects frozen now (counted one by one: for reports, not for every tick)."""
        return gc.get_freeze_count()


@dataclass(eq=False)
class PauseLog:
    """The collector's pauses as they happen (:data:`gc.callbacks`), for
    measuring: ``pauses`` holds (generation, seconds of waiting, seconds of
    CPU) of each collection; on a loaded machine the waiting may be longer
    than the CPU it took."""

    pauses: List[Tuple[int, float, float]] = field(default_factory=list)
    began: Tuple[float, float] = (0.0, 0.0)

    def __call__(self, phase: str, info: Dict[str, int]) -> None:
        if phase == "start":
            self.began = (time.perf_counter(), time.thread_time())
        else:
            wall, cpu = self.began
            self.pauses.append((info["generation"], time.perf_counter() - wall, time.thread_time() - cpu))

    def install(self) -> "PauseLog":
        gc.callbacks.append(self)
        return self

    def remove(self) -> None:
        gc.callbacks[:] = [cb for cb in gc.callbacks if cb is not self]

    def clear(self) -> None:
        self.pauses = []

    def summary(self) -> str:
        """One line: how many collections, how many full, the longest (waiting and CPU)."""
        if not self.pauses:
            return "collections: none"
        gen, longest, cpu = max(self.pauses, key=lambda p: p[1])
        full = sum(1 for p in self.pauses if p[0] == 2)
        most_cpu = max(p[2] for p in self.pauses)
        total = sum(p[2] for p in self.pauses)
        return (f"collections: {len(self.pauses)}, {full} full; longest {longest * 1000:.1f} ms "
                f"(generation {gen}, {cpu * 1000:.1f} ms of CPU); most CPU in one {most_cpu * 1000:.1f} ms, "
                f"{total * 1000:.0f} ms of CPU in all")
