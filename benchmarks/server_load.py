"""Load on one match server: N concurrent friend matches played by bots.

Runs one match server on 127.0.0.1 (in this process, which does nothing else) and plays N
one-point matches, rematch after rematch, with 2N lightweight bot clients on
asyncio in other processes (``--client-procs``), each acting after a think
time like a person (``--think`` seconds on average per action).  The bots'
own work (move generation, JSON) is more than the server's, and a busy
client measures its own delays, so the round trips are measured by one more
process that plays only ``--probe-matches`` of the N matches; the load bots run
at a lower priority (``--bot-nice``), as if on other machines, so that on a machine
with few cores their move generation does not stand between the server and the
probe.  All processes measure the same window, once every one has ramped up.  Prints the
matches, the messages per second through the server (both directions), the
round trip of an intent (sent -> the server's update back) at p50 / p99, and
the server's memory per match (growth of its resident set over N matches).
The server process runs the cycle collector's policy of ``python -m game.server``
(``--gc server``: game.net.heap.ServerHeap) or CPython's default (``--gc default``),
and prints its collections, timed with gc.callbacks.

    .venv/bin/python benchmarks/server_load.py [--matches 1000] [--think 3] [--duration 60]

Targets: 1,000 concurrent matches, p99 round trip <= 50 ms, <= 100 KB per match.

    .venv/bin/python benchmarks/server_load.py --abuse sync [--abuse-seconds 8] [--abuse-rate 19]

One player's sync flood (both seats of a finished 7-point match, 19 syncs a
second each, within the message rate limit) against the default limits,
while 8 other connections ping every 50 ms and a new connection opens every
half second: prints their round trips (target: p99 <= 50 ms).

    .venv/bin/python benchmarks/server_load.py --cluster 3 [--kill-every 6 --kills 10] [--pg-restart]

The same load through HAProxy on N server processes and PostgreSQL
(deploy/local-cluster.sh), with server processes killed or PostgreSQL
restarted during play: benchmarks/cluster_load.py.
Loopback only; everything stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing as mp
import os
import random
import statistics
import sys
import time
from typing import Any, Dict, List, Optional, Tuple

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from websockets.asyncio.client import connect  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402

from engine import Match, Position, SeededDice, legal_plays  # noqa: E402
from game.net.intents import RecordingDice, apply_intent  # noqa: E402
from game.net.protocol import NextGame, Roll  # noqa: E402
from game.net.protocol import Play as PlayMsg  # noqa: E402
from game.net.heap import PauseLog, ServerHeap  # noqa: E402
from game.net.server import Limits, ServerThread  # noqa: E402


def rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def bot_message(state: Dict[str, Any], me: int, rng: random.Random) -> Optional[Dict[str, Any]]:
    """What a bot sends in this state (a rematch, a roll, a racing play), None: nothing now."""
    seq, phase, turn = state["seq"], state["phase"], state["turn"]
    if state["over"]:
        return {"type": "rematch", "seq": seq}
    if (phase == "opening" and me == 0) or (turn == me and phase == "roll"):
        return {"type": "roll", "seq": seq}
    if turn == me and phase == "move":
        return {"type": "play", "seq": seq, "steps": pick(state["position"], state["dice"], rng)}
    return None


def pick(position_id: str, dice: List[int], rng: random.Random) -> List[List[int]]:
    """A racing play: back checkers forward (games stay short)."""
    start = Position.from_id(position_id)
    plays = legal_plays(start, tuple(dice))

    def gain(p: Any) -> int:  # how much the play lowers sum(n * point**2) of the mover's checkers (the bar 25, off 0)
        return sum(frm * frm - to * to for frm, to in p)
    best = max(plays, key=gain) if len(plays) < 200 else rng.choice(plays)
    return [list(s) for s in best]


class Stats:
    def __init__(self) -> None:
        self.rtts: List[float] = []
        self.sent = 0
        self.received = 0
        self.games = 0
        self.errors = 0
        self.measuring = False


async def bot(url: str, role: str, code_box: "asyncio.Future[str]", stats: Stats, think: float,
              stop: asyncio.Event, rng: random.Random) -> None:
    async with connect(url, compression=None, max_size=None, ping_interval=None) as ws:
        if role == "host":
            await ws.send(json.dumps({"v": 1, "type": "create", "length": 1, "cube": False, "name": "bot"}))
        else:
            await ws.send(json.dumps({"v": 1, "type": "join", "code": await code_box, "name": "bot"}))
        stats.sent += 1
        me = 0 if role == "host" else 1
        pending: Optional[Tuple[int, float]] = None  # seq sent at, time
        state: Dict[str, Any] = {}
        acted_at = -1

        async def act() -> None:
            nonlocal pending, acted_at
            seq = state["seq"]
            if acted_at == seq or stop.is_set():
                return
            msg = bot_message(state, me, rng)
            if msg is None:
                return
            acted_at = seq
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            if stop.is_set():
                return
            msg["v"] = 1
            pending = (seq, time.perf_counter())
            await ws.send(json.dumps(msg))
            stats.sent += 1

        task: Optional[asyncio.Task[None]] = None
        async for raw in ws:
            stats.received += 1
            doc = json.loads(raw)
            kind = doc["type"]
            if kind == "seat" and role == "host" and not code_box.done():
                code_box.set_result(doc["code"])
                continue
            if kind == "seat":
                me = doc["seat"]
                continue
            if kind == "error":
                stats.errors += 1
                continue
            if kind == "sync":
                g = doc["match"]["game"]
                state = {"seq": doc["seq"], "phase": g["phase"], "turn": g["turn"], "position": g["position"],
                         "dice": g["dice"], "over": g["result"] is not None}
            elif kind == "update":
                c = doc["check"]
                state = {"seq": doc["seq"], "phase": c["phase"], "turn": c["turn"], "position": c["position"],
                         "dice": c["dice"], "over": c["phase"] == "over"}
            else:
                continue
            if pending is not None and doc["seq"] == pending[0] + 1:
                if stats.measuring:
                    stats.rtts.append(time.perf_counter() - pending[1])
                pending = None
            if state["over"] and me == 0 and kind == "update":
                stats.games += 1
            if task is None or task.done():
                task = asyncio.ensure_future(act())
            if stop.is_set():
                break


async def client_main(url: str, matches: int, think: float, ramp: float, duration: float, seed: int,
                      out: "mp.Queue[Dict[str, Any]]", probe: bool, go: Any) -> None:
    stats = Stats()
    stop = asyncio.Event()
    rng = random.Random(seed)
    tasks = []
    for _ in range(matches):
        box: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        tasks.append(asyncio.ensure_future(bot(url, "host", box, stats, think, stop, random.Random(rng.random()))))
        tasks.append(asyncio.ensure_future(bot(url, "guest", box, stats, think, stop, random.Random(rng.random()))))
        await asyncio.sleep(ramp / matches)
    await asyncio.sleep(min(5.0, think * 2))  # settle
    out.put({"kind": "ready"})
    # every process measures the same window: from when all have ramped up (the bots play on meanwhile)
    await asyncio.get_running_loop().run_in_executor(None, go.wait)
    stats.measuring = probe
    s0, r0, g0, t0 = stats.sent, stats.received, stats.games, time.perf_counter()
    await asyncio.sleep(duration)
    elapsed = time.perf_counter() - t0
    out.put({"kind": "result", "rtts": stats.rtts, "messages": stats.sent - s0 + stats.received - r0,
             "games": stats.games - g0, "elapsed": elapsed, "errors": stats.errors,
             "alive": sum(1 for t in tasks if not t.done())})
    stop.set()
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


def client_process(url: str, matches: int, think: float, ramp: float, duration: float, seed: int,
                   out: "mp.Queue[Dict[str, Any]]", probe: bool, go: Any, nice: int = 0) -> None:
    if nice and not probe:
        os.nice(nice)  # the load bots yield the CPU to the server and the probe, as on other machines
    asyncio.run(client_main(url, matches, think, ramp, duration, seed, out, probe, go))


# -- --abuse sync: one seated player floods the server with syncs -------------------------------
def long_match(length: int, seed: int) -> Match:
    """A finished ``length``-point match (a big match document), played by first legal plays."""
    dice = RecordingDice(SeededDice(seed))
    match = Match(length=length, cube=False, dice=dice)
    while not match.over:
        game = match.game
        if game.over:
            apply_intent(match, 0, NextGame(0), dice)
        elif game.phase in ("opening", "roll"):
            apply_intent(match, game.turn, Roll(0), dice)
        else:
            assert game.current_turn is not None
            apply_intent(match, game.turn, PlayMsg(0, tuple(game.current_turn.legal_plays[0])), dice)
    return match


async def abuser(url: str, code: str, token: str, rate: float, seconds: float,
                 out: "mp.Queue[Dict[str, Any]]") -> None:
    """Resume the seat of ``token`` and ask for the whole match ``rate`` times a second."""
    counts = {"sent": 0, "sync": 0, "refused": 0, "bytes": 0, "closed": 0}
    try:
        async with connect(url, compression=None, max_size=None, ping_interval=None) as ws:
            await ws.send(json.dumps({"v": 1, "type": "resume", "token": token}))

            async def read() -> None:
                try:
                    async for raw in ws:
                        counts["bytes"] += len(raw)
                        doc = json.loads(raw)
                        if doc["type"] == "sync":
                            counts["sync"] += 1
                        elif doc["type"] == "error":
                            counts["refused"] += 1
                except ConnectionClosed:
                    counts["closed"] = 1
            reader = asyncio.ensure_future(read())
            end = time.perf_counter() + seconds
            while time.perf_counter() < end:
                await ws.send('{"v":1,"type":"sync"}')
                counts["sent"] += 1
                await asyncio.sleep(1.0 / rate)
            await asyncio.sleep(0.5)
            reader.cancel()
    except Exception:  # closed by the server for flooding
        counts["closed"] = 1
    out.put({"kind": "abuser", **counts})


def abuser_process(url: str, code: str, token: str, rate: float, seconds: float,
                   out: "mp.Queue[Dict[str, Any]]") -> None:
    asyncio.run(abuser(url, code, token, rate, seconds, out))


async def probes(url: str, count: int, every: float, seconds: float, out: "mp.Queue[Dict[str, Any]]") -> None:
    """``count`` other players' pings, and new connections (connect, create, seat), measured."""
    rtts: List[float] = []
    opens: List[float] = []
    failed = 0
    end = time.perf_counter() + seconds

    async def pinger(i: int) -> None:
        async with connect(url, compression=None, ping_interval=None) as ws:
            n = 0
            while time.perf_counter() < end:
                t0 = time.perf_counter()
                await ws.send(json.dumps({"v": 1, "type": "ping", "nonce": n}))
                while json.loads(await ws.recv())["type"] != "pong":
                    pass
                rtts.append(time.perf_counter() - t0)
                n += 1
                await asyncio.sleep(every)

    async def opener() -> None:
        nonlocal failed
        while time.perf_counter() < end:
            t0 = time.perf_counter()
            try:
                async with connect(url, compression=None, ping_interval=None, open_timeout=30) as ws:
                    await ws.send(json.dumps({"v": 1, "type": "create", "length": 1, "cube": False, "name": "n"}))
                    while json.loads(await ws.recv())["type"] != "seat":
                        pass
                    opens.append(time.perf_counter() - t0)
                    await ws.send(json.dumps({"v": 1, "type": "leave"}))
            except Exception:
                failed += 1
            await asyncio.sleep(0.5)
    await asyncio.gather(*(pinger(i) for i in range(count)), opener())
    out.put({"kind": "probe", "rtts": rtts, "opens": opens, "failed": failed})


def probe_process(url: str, count: int, every: float, seconds: float, out: "mp.Queue[Dict[str, Any]]") -> None:
    asyncio.run(probes(url, count, every, seconds, out))


def abuse_sync(args: argparse.Namespace) -> int:
    """One seated player (both seats of a finished long match, two connections)
    sends ``--abuse-rate`` syncs a second each, within the message rate limit,
    while other connections ping and new ones open; prints their round trips."""
    thread = ServerThread("127.0.0.1", 0, limits=Limits(), heap=ServerHeap())
    _, port = thread.start()
    url = f"ws://127.0.0.1:{port}"
    try:
        big = long_match(args.abuse_length, seed=7)
        seats: List[Dict[str, Any]] = []

        async def seat_two() -> None:
            async with connect(url) as host:
                await host.send(json.dumps({"v": 1, "type": "create", "length": args.abuse_length,
                                            "cube": False, "name": "abuser"}))
                seats.append(json.loads(await host.recv()))
                async with connect(url) as guest:
                    await guest.send(json.dumps({"v": 1, "type": "join", "code": seats[0]["code"], "name": "b"}))
                    seats.append(json.loads(await guest.recv()))
        asyncio.run(seat_two())
        room = thread.server.lobby.rooms[seats[0]["code"]]

        def put_big() -> None:
            room.match, room.seq = big, room.seq + 1
        thread.call(put_big)
        size = len(room.match_text())
        out: "mp.Queue[Dict[str, Any]]" = mp.Queue()
        procs = [mp.Process(target=probe_process, args=(url, args.abuse_probes, 0.05, args.abuse_seconds + 1, out))]
        procs += [mp.Process(target=abuser_process, args=(url, s["code"], s["token"], args.abuse_rate,
                                                          args.abuse_seconds, out)) for s in seats]
        pid = os.getpid()
        stat0 = open(f"/proc/{pid}/stat").read().split()
        t0 = time.perf_counter()
        for p in procs:
            p.start()
        results = [out.get(timeout=args.abuse_seconds + 120) for _ in procs]
        elapsed = time.perf_counter() - t0
        stat1 = open(f"/proc/{pid}/stat").read().split()
        for p in procs:
            p.join(30)
        ticks = os.sysconf("SC_CLK_TCK")
        cpu = (int(stat1[13]) + int(stat1[14]) - int(stat0[13]) - int(stat0[14])) / ticks
        probe = next(r for r in results if r["kind"] == "probe")
        abusers = [r for r in results if r["kind"] == "abuser"]
        rtts = sorted(probe["rtts"])
        opens = sorted(probe["opens"])
        print(f"abuse sync: a finished {args.abuse_length}-point match ({size / 1024:.0f} KiB document); "
              f"2 connections sending {args.abuse_rate:.0f} syncs a second each for {args.abuse_seconds:.0f} s "
              f"(default limits)")
        for i, a in enumerate(abusers):
            print(f"  abuser {i}: {a['sent']} syncs sent, {a['sync']} answered with the match, "
                  f"{a['refused']} refused (rate_limited), {a['bytes'] / 1024:.0f} KiB received"
                  + (", closed by the server" if a["closed"] else ""))
        if rtts:
            p99 = rtts[min(len(rtts) - 1, int(len(rtts) * 0.99))] * 1000
            print(f"other connections' ping round trip: p50 {statistics.median(rtts) * 1000:.1f} ms, "
                  f"p99 {p99:.1f} ms, max {rtts[-1] * 1000:.1f} ms ({len(rtts)} pings, {args.abuse_probes} connections)")
        if opens:
            print(f"new connections (connect, create, seat): p50 {statistics.median(opens) * 1000:.1f} ms, "
                  f"max {opens[-1] * 1000:.1f} ms ({len(opens)} opened, {probe['failed']} failed)")
        print(f"server CPU while measured: {cpu:.2f} s in {elapsed:.1f} s; "
              f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    finally:
        thread.stop()
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--matches", type=int, default=None, help="concurrent matches (default 1000; 3000 with --cluster)")
    ap.add_argument("--think", type=float, default=3.0, help="mean seconds a bot waits before each action")
    ap.add_argument("--duration", type=float, default=60.0, help="seconds measured, after the ramp-up")
    ap.add_argument("--ramp", type=float, default=20.0, help="seconds over which the matches are opened")
    ap.add_argument("--client-procs", type=int, default=2, help="processes for the load bots")
    ap.add_argument("--bot-nice", type=int, default=10,
                    help="niceness of the load bots' processes (0: as the server), so that on a machine with few "
                         "cores the bots' own work (move generation) does not stand in the server's queue")
    ap.add_argument("--bot-loop", choices=("auto", "asyncio", "uvloop"), default="auto",
                    help="the load bots' event loop with --cluster (auto: uvloop where it is installed; it spends "
                         "fewer of the shared cores on the bots, which stand for other people's computers); "
                         "the probe stays on asyncio, as the game")
    ap.add_argument("--probe-matches", type=int, default=10,
                    help="of the matches, how many a separate, lightly loaded process plays, measuring the round trips")
    ap.add_argument("--gc", choices=("server", "default"), default="server",
                    help="the server process's garbage collection: as python -m game.server runs it (server: "
                         "what lives on frozen once a second) or CPython's default")
    ap.add_argument("--abuse", choices=("sync",), default=None,
                    help="instead of the load: one player floods the server (sync: whole-match requests within "
                         "the message rate limit) while others ping; prints their round trips")
    ap.add_argument("--abuse-seconds", type=float, default=8.0, help="how long the flood lasts")
    ap.add_argument("--abuse-rate", type=float, default=19.0, help="syncs a second per abusing connection")
    ap.add_argument("--abuse-length", type=int, default=7, help="the length of the abused (finished) match")
    ap.add_argument("--abuse-probes", type=int, default=8, help="other connections pinging every 50 ms")
    from cluster_load import add_cluster_options, run_cluster  # --cluster N: benchmarks/cluster_load.py
    add_cluster_options(ap)
    args = ap.parse_args()
    if args.cluster:
        return run_cluster(args)
    args.matches = args.matches or 1000
    if args.abuse == "sync":
        return abuse_sync(args)

    # the server runs in this process (on its own thread and loop); the clients in others
    limits = Limits(connections_per_address=2 * args.matches + 10, matches_per_address=args.matches + 10)
    heap = ServerHeap() if args.gc == "server" else None
    thread = ServerThread("127.0.0.1", 0, limits=limits, heap=heap)
    handle = thread.server.handle_text
    handled: List[float] = []

    def timed(*a: Any) -> Any:
        t0 = time.perf_counter()
        try:
            return handle(*a)
        finally:
            handled.append(time.perf_counter() - t0)
    thread.server.handle_text = timed  # type: ignore[method-assign]
    pauses = PauseLog().install()  # the server process's garbage collections
    _, port = thread.start()
    url = f"ws://127.0.0.1:{port}"
    pid = os.getpid()
    try:
        base = rss_kib(pid)
        out: "mp.Queue[Dict[str, Any]]" = mp.Queue()
        go = mp.Event()
        procs = []
        load = args.matches - args.probe_matches
        per = [load // args.client_procs + (1 if i < load % args.client_procs else 0) for i in range(args.client_procs)]
        for i, n in enumerate(per + [args.probe_matches]):
            probe = i == len(per)
            p = mp.Process(target=client_process, args=(url, n, args.think, args.ramp, args.duration, i, out, probe,
                                                        go, args.bot_nice))
            p.start()
            procs.append(p)
        for _ in procs:
            assert out.get(timeout=args.ramp + 300)["kind"] == "ready"
        go.set()
        print(f"ramped up: {args.matches} matches open; measuring {args.duration:.0f} s", file=sys.stderr, flush=True)
        loaded = rss_kib(pid)
        handled.clear()
        pauses.clear()
        compactions = heap.compactions if heap else 0
        cpu0 = os.times()
        stat0 = open(f"/proc/{pid}/stat").read().split()
        results = [out.get(timeout=args.duration + 300) for _ in procs]
        stat1 = open(f"/proc/{pid}/stat").read().split()
        in_server = sorted(handled)
        gc_line = pauses.summary()
        frozen = heap.frozen if heap else 0
        compactions = (heap.compactions if heap else 0) - compactions
        for p in procs:
            p.join(30)
        del cpu0
        ticks = os.sysconf("SC_CLK_TCK")
        server_cpu = (int(stat1[13]) + int(stat1[14]) - int(stat0[13]) - int(stat0[14])) / ticks
        rtts = sorted(r for res in results for r in res["rtts"])
        elapsed = max(res["elapsed"] for res in results)
        messages = sum(res["messages"] for res in results)
        alive = sum(res["alive"] for res in results)
        print(f"matches: {args.matches} concurrent ({alive} of {2 * args.matches} bot connections alive), "
              f"think {args.think} s, measured {elapsed:.0f} s; bots in {args.client_procs} other processes "
              f"(nice {args.bot_nice}), "
              f"round trips measured by a separate process playing {args.probe_matches} of the matches")
        print(f"messages per second (both directions): {messages / elapsed:.0f}; "
              f"games finished: {sum(r['games'] for r in results)}; error replies: {sum(r['errors'] for r in results)}")
        if rtts:
            p50 = statistics.median(rtts) * 1000
            p99 = rtts[min(len(rtts) - 1, int(len(rtts) * 0.99))] * 1000
            print(f"round trip of an intent: p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {rtts[-1] * 1000:.1f} ms "
                  f"({len(rtts)} samples)")
        if in_server:
            print(f"server time per message (receipt to replies written): p50 {statistics.median(in_server) * 1000:.2f} ms, "
                  f"p99 {in_server[int(len(in_server) * 0.99)] * 1000:.2f} ms ({len(in_server)} messages)")
        print(f"server garbage {gc_line} ({args.gc} policy"
              + (f": {compactions} compactions, {frozen} objects frozen)" if heap else ")"))
        print(f"load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        print(f"server memory: {base / 1024:.1f} MiB idle, {loaded / 1024:.1f} MiB loaded, "
              f"{(loaded - base) / args.matches:.1f} KiB per match")
        print(f"server CPU: {server_cpu / elapsed * 100:.0f}% of one core")
    finally:
        thread.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
