"""The headless match server's policy for the cycle collector (game.net.heap):
what lives on is frozen, a frozen cycle waits for a compaction, the command
runs the policy and the game's own process does not."""

from __future__ import annotations

import gc
import subprocess
import sys
import weakref

import pytest

from game.net.heap import PauseLog, ServerHeap
from game.net.server import ServerThread
from game.server import make_server, parse


class Node:
    """An object in a cycle with itself (only the collector can free it)."""

    def __init__(self) -> None:
        self.me = self


class Leaf:
    """An object in no cycle (reference counting frees it)."""


@pytest.fixture
def heap():
    thresholds = gc.get_threshold()
    heap = ServerHeap(young=12345)
    yield heap
    heap.stop()
    gc.unfreeze()
    gc.set_threshold(*thresholds)


def _tracked(obj: object) -> bool:
    """Is ``obj`` in one of the collector's generations (not frozen)?"""
    return any(o is obj for o in gc.get_objects())


def test_what_lives_on_is_frozen_and_a_frozen_cycle_waits_for_a_compaction(heap):
    thresholds = gc.get_threshold()
    heap.start()
    assert gc.get_threshold() == (12345,) + thresholds[1:]
    assert heap.frozen > 1000  # what the start-up made
    node, leaf = Node(), Leaf()
    node_ref, leaf_ref = weakref.ref(node), weakref.ref(leaf)
    assert _tracked(node)
    heap.tick()
    assert not _tracked(node) and not _tracked(leaf)  # frozen: no collection walks them
    del node, leaf
    gc.collect()
    assert leaf_ref() is None       # nothing refers to it: freed at once, frozen or not
    assert node_ref() is not None   # a frozen cycle is not collected...
    assert heap.compact() >= 1
    assert node_ref() is None       # ... until a compaction
    heap.stop()
    assert gc.get_threshold() == thresholds and gc.get_freeze_count() == 0


def test_a_tick_compacts_once_the_heap_has_grown_by_the_factor(heap):
    heap.factor, heap.floor = 1.05, 0
    heap.start()
    heap.tick()
    assert heap.compactions == 0
    grown = [[i] for i in range(sys.getallocatedblocks() // 10)]
    heap.tick()
    assert heap.compactions == 1
    heap.tick()
    assert heap.compactions == 1  # the heap is the new measure
    del grown


def test_pause_log_times_each_collection():
    pauses = PauseLog().install()
    try:
        gc.collect(0)
        gc.collect()
    finally:
        pauses.remove()
    generations = [p[0] for p in pauses.pauses]
    assert 0 in generations and generations[-1] == 2
    assert all(wall >= 0 and cpu >= 0 for _, wall, cpu in pauses.pauses)
    assert pauses.summary().startswith(f"collections: {len(pauses.pauses)}, ")
    assert pauses not in gc.callbacks


def test_the_server_command_runs_the_policy_and_the_game_does_not():
    assert isinstance(make_server(parse(["--port", "0"])).heap, ServerHeap)
    assert ServerThread("127.0.0.1", 0).server.heap is None  # how the game hosts a match


def test_the_server_command_reports_the_collector_with_gc_stats():
    proc = subprocess.Popen([sys.executable, "-m", "game.server", "--host", "127.0.0.1", "--port", "0",
                             "--gc-stats", "0.2"], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().startswith("backgammon match server on ws://127.0.0.1:")
        line = proc.stdout.readline()
        assert line.startswith("gc: collections: ") and "0 matches" in line
        frozen = int(line.split(", ")[-1].split()[0])
        assert frozen > 1000  # the start-up's objects, frozen by the policy
    finally:
        proc.terminate()
        proc.wait(10)


def test_a_compaction_due_while_players_pour_in_waits_for_a_calm_tick_or_the_most_delay(heap):
    now = [100.0]
    heap.factor, heap.floor, heap.most_delay, heap.clock = 1.05, 0, 30.0, lambda: now[0]
    heap.start()
    grown = [[i] for i in range(sys.getallocatedblocks() // 10)]
    heap.tick(calm=False)
    assert heap.compactions == 0 and heap.delayed == 1  # due, but players are pouring in
    now[0] += 29.0
    heap.tick(calm=False)
    assert heap.compactions == 0 and heap.delayed == 1  # still put off (counted once)
    heap.tick(calm=True)
    assert heap.compactions == 1 and heap.due_since is None  # the first calm tick
    more = [[i] for i in range(sys.getallocatedblocks() // 10)]
    heap.tick(calm=False)
    now[0] += 30.0
    heap.tick(calm=False)
    assert heap.compactions == 2 and heap.delayed == 2  # put off no longer than the most delay
    del grown, more


def test_the_server_tells_the_collector_a_burst_of_connections_from_a_calm_second():
    import asyncio

    from websockets.asyncio.client import connect

    from game.net.heap import CALM_OPENINGS
    from game.net.server import Limits, MatchServer

    class Heap(ServerHeap):
        def __init__(self) -> None:
            super().__init__()
            self.calm: list = []

        def tick(self, calm: bool = True) -> None:
            self.calm.append(calm)

    async def run() -> list:
        heap = Heap()  # (the sweeps' own loop waits an hour: the seconds are told here)
        srv = MatchServer("127.0.0.1", 0, heap=heap, limits=Limits(sweep_interval=3600, connections_per_address=0))
        host, port = await srv.start()
        try:
            srv.tend_heap()   # nobody came
            few = [await connect(f"ws://{host}:{port}/") for _ in range(CALM_OPENINGS)]
            while srv.opened < CALM_OPENINGS:
                await asyncio.sleep(0.01)
            srv.tend_heap()   # as many as a calm second allows
            crowd = await asyncio.gather(*(connect(f"ws://{host}:{port}/") for _ in range(CALM_OPENINGS + 1)))
            while srv.opened < CALM_OPENINGS + 1:
                await asyncio.sleep(0.01)
            srv.tend_heap()   # one more: a crowd
            srv.tend_heap()   # and then nobody new
            for ws in few + list(crowd):
                await ws.close()
        finally:
            await srv.close()
        return heap.calm

    assert asyncio.run(run()) == [True, True, False, True]
