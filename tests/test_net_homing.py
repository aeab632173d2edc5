"""A revived server process gets back the matches taken from it
(game/net/homing.py): what a process sends back and when, and the client
that follows a close naming a process (``at=ID``) at once, with ``&at=ID`` in
its URL.  The whole way through HAProxy and PostgreSQL is in
tests/test_cluster.py and tests/test_haproxy_ring.py."""

from __future__ import annotations

import asyncio
import threading
import time
from types import SimpleNamespace
from typing import Any, List, Optional, Set, Tuple

from websockets.sync.server import ServerConnection, serve

from game.net import homing
from game.net.client import NetClient
from game.net.homing import Homing

from game.net.protocol import Create
from game.net.routing import CLOSE_RESTART, moved_reason, moved_to, routed_url


class FakeStore:
    def __init__(self, live: Set[str]):
        self.live = live
        self.asked: List[Tuple[List[str], float]] = []

    async def live_servers(self, ids: List[str], settled: float) -> Set[str]:
        self.asked.append((list(ids), settled))
        return self.live & set(ids)


class FakeCluster:
    """What Homing uses of a Cluster: the held rooms, letting one go, a commit round."""

    def __init__(self, live: Set[str]):
        self.store = FakeStore(live)
        self.lobby = SimpleNamespace(rooms={})
        self.owned: Set[str] = set()
        self.draining = False
        self.let_go_calls: List[Tuple[str, bool]] = []
        self.settled = 0

    def hold(self, code: str, connected: bool = True) -> Any:
        seat = SimpleNamespace(send=object() if connected else None)
        room = SimpleNamespace(code=code, seats=[seat, SimpleNamespace(send=None)])
        self.lobby.rooms[code] = room
        self.owned.add(code)
        return room

    def let_go(self, room: Any, write: bool = True, drop: bool = True) -> None:
        assert write and not drop  # written first; the players are sent on by Homing, after the commit
        self.let_go_calls.append((room.code, drop))
        del self.lobby.rooms[room.code]
        self.owned.discard(room.code)

    async def settle(self) -> Set[str]:
        await asyncio.sleep(0)
        self.settled += 1
        return set()


def _homing(live: Set[str]) -> Tuple[Homing, FakeCluster, List[Tuple[str, Optional[str]]], List[int]]:
    dropped: List[Tuple[str, Optional[str]]] = []
    sent: List[int] = []
    counted: List[int] = []
    h = Homing("s1", lambda: counted.append(1), sent.append, lambda room, at: dropped.append((room.code, at)))
    cluster = FakeCluster(live)
    h.cluster = cluster  # type: ignore[assignment]  (the parts of a Cluster it uses)
    return h, cluster, dropped, sent


async def _tick(h: Homing, calm: bool = True) -> int:
    n = await h.tick(calm)
    if h._task is not None:  # (the test waits for the batch it started)
        await h._task
    return n


def test_a_match_taken_from_a_dead_process_goes_back_once_that_one_runs_again():
    async def go() -> None:
        h, cluster, dropped, sent = _homing(live=set())
        for code in ("AAAAAAAAAA", "BBBBBBBBBB"):
            cluster.hold(code)
            h.taken(code, "s2/3fa9")
        cluster.hold("CCCCCCCCCC")
        h.taken("CCCCCCCCCC", "s1/77")     # its own server id (a process of it before): stays
        cluster.hold("DDDDDDDDDD")
        h.taken("DDDDDDDDDD", None)        # nobody held it: stays
        assert h.away == {"AAAAAAAAAA": "s2", "BBBBBBBBBB": "s2"}
        assert await _tick(h) == 0 and dropped == []           # s2 does not run (yet)
        assert cluster.store.asked == [(["s2"], homing.SETTLED)]
        cluster.store.live = {"s2"}
        assert await _tick(h, calm=False) == 0 and dropped == []  # players pouring in here: not now
        assert await _tick(h) == 2
        assert sorted(dropped) == [("AAAAAAAAAA", "s2"), ("BBBBBBBBBB", "s2")]
        assert cluster.settled == 1 and sent == [2]             # written and let go before the players went
        assert sorted(c for c, _ in cluster.let_go_calls) == ["AAAAAAAAAA", "BBBBBBBBBB"]
        assert h.away == {} and await _tick(h) == 0             # each once
        assert set(cluster.lobby.rooms) == {"CCCCCCCCCC", "DDDDDDDDDD"}
    asyncio.run(go())


def test_at_most_a_batch_a_second_only_matches_somebody_plays_never_while_draining():
    async def go() -> None:
        h, cluster, dropped, sent = _homing(live={"s3"})
        h.per_second = 0  # (--send-back 0: never)
        cluster.hold("PLAYEDNOW0")
        h.taken("PLAYEDNOW0", "s3/1")
        assert await _tick(h) == 0 and dropped == []
        h.per_second = 3
        for i in range(1, 5):
            cluster.hold(f"PLAYED{i:04d}")
            h.taken(f"PLAYED{i:04d}", "s3/1")
        cluster.hold("NOBODYHERE", connected=False)
        h.taken("NOBODYHERE", "s3/1")
        cluster.hold("GONEGONEGO")
        h.taken("GONEGONEGO", "s3/1")
        del cluster.lobby.rooms["GONEGONEGO"]  # let go meanwhile (asked for elsewhere, lost): forgotten
        cluster.draining = True
        assert await _tick(h) == 0
        cluster.draining = False
        assert await _tick(h) == 3 and len(dropped) == 3
        assert await _tick(h) == 2 and len(dropped) == 5 and sent == [3, 2]
        assert "NOBODYHERE" not in {c for c, _ in dropped} and set(h.away) == {"NOBODYHERE"}
        assert all(at == "s3" for _, at in dropped)
    asyncio.run(go())


def test_a_batch_stopped_meanwhile_sends_its_players_on_without_naming_a_process():
    async def go() -> None:
        h, cluster, dropped, _ = _homing(live={"s2"})
        cluster.hold("AAAAAAAAAA")
        h.taken("AAAAAAAAAA", "s2/1")
        never = asyncio.get_running_loop().create_future()

        async def stuck() -> Set[str]:
            await never  # the store does not answer
            return set()
        cluster.settle = stuck  # type: ignore[method-assign]
        assert await h.tick(True) == 1
        await asyncio.sleep(0)
        h.cancel()  # the process drains
        await asyncio.gather(h._task, return_exceptions=True)  # type: ignore[arg-type]
        assert dropped == [("AAAAAAAAAA", None)]
    asyncio.run(go())


def test_the_close_reason_names_the_process_and_the_url_carries_it():
    assert moved_to(moved_reason("server2")) == "server2"
    assert moved_to(moved_reason()) is None
    assert moved_to("the match moved: connect again (at=s2&m=X)") is None  # nothing but a server id
    assert routed_url("ws://h:1/?at=s1&m=OLD", "ABCDEFGHJK", "s2&x=1") == "ws://h:1/?m=ABCDEFGHJK"


def test_the_client_sent_on_to_a_named_process_follows_at_once():
    paths: List[str] = []

    def handler(ws: ServerConnection) -> None:
        assert ws.request is not None
        paths.append(ws.request.path)
        ws.recv()  # its create
        if len(paths) == 1:
            ws.close(CLOSE_RESTART, moved_reason("s2"))       # sent on, to s2: at once, naming it
        elif len(paths) == 2:
            ws.close(CLOSE_RESTART, moved_reason())           # sent on, nowhere named: after the wait
        else:
            time.sleep(3)

    with serve(handler, "127.0.0.1", 0) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        port = server.socket.getsockname()[1]
        client = NetClient(f"ws://127.0.0.1:{port}", Create(1, False, "Ann", "ABCDEFGHJK"),
                           backoff=(1.5, 1.5)).start()
        began = time.monotonic()
        times: List[float] = []
        try:
            end = began + 15
            while len(paths) < 3 and time.monotonic() < end:
                if len(times) < len(paths):
                    times.append(time.monotonic() - began)
                client.poll()
                time.sleep(0.01)
            times.append(time.monotonic() - began)
        finally:
            client.close()
            server.shutdown()
    assert paths == ["/?m=ABCDEFGHJK", "/?m=ABCDEFGHJK&at=s2", "/?m=ABCDEFGHJK"]
    assert times[1] - times[0] < 1.0   # named: no wait
    assert times[2] - times[1] >= 0.7  # not named: the reconnection wait (1.5 s, shortened by up to a third)


def test_the_command_sets_how_many_matches_go_back_a_second(capsys):
    import pytest

    from game.server import make_server, parse

    assert make_server(parse(["--port", "0"])).limits.send_back == homing.SEND_BACK
    assert make_server(parse(["--port", "0", "--send-back", "0"])).limits.send_back == 0
    with pytest.raises(SystemExit):
        parse(["--send-back", "-1"])
    assert "--send-back must be 0 or more" in capsys.readouterr().err
