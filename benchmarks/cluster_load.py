"""Load on a cluster of match servers: ``benchmarks/server_load.py --cluster N``.

Starts the cluster of deploy/local-cluster.sh (PostgreSQL, N server
processes, HAProxy; its own state folder in a temporary folder and its own
free ports on 127.0.0.1), and plays ``--matches`` concurrent one-point matches
through HAProxy, rematch after rematch, with bots in other processes
(benchmarks/cluster_bots.py: one WebSocket per player, routed by the match's
code, a think time before each action, reconnecting and resuming on every
loss).  As in server_load.py, the round trips (an intent sent -> the update of
its state back) are measured by a probe process at normal priority that plays
``--probe-matches`` of the matches, while the load bots run niced (and on
uvloop where it is installed: ``--bot-loop``), over one window once every
process has ramped up.

    .venv/bin/python benchmarks/server_load.py --cluster 3 [--matches 3000] [--think 3] [--duration 60]
    .venv/bin/python benchmarks/server_load.py --cluster 3 --kill-every 6 --kills 10
    .venv/bin/python benchmarks/server_load.py --cluster 3 --pg-restart

``--kill-every T --kills K``: every T seconds of the window one server process
chosen at random is killed (SIGKILL), and started again 1 s later
(``local-cluster.sh revive``).  ``--pg-restart``: PostgreSQL is restarted
once, in the middle of the window.  The window lasts ``--duration`` seconds,
or longer, until the last kill or restart is some seconds past.  Measured:
every player's time from a lost connection to being back in play (the sync
after its resume), matches lost, actions lost or applied twice, how long
play paused while PostgreSQL restarted; and, from the database at the end,
that every match's actions (``bg_actions``) are numbered 1..max without a gap,
that max is the last state its bots saw, and that each action answers one
intent.  Prints one block of figures (with the kills, each kill's players and
the longest of their ways back).  ``BACKGAMMON_SERVER_ARGS`` adds arguments
to every server process (e.g. ``--gc-stats 1``: the collector's pauses, in
each server's log in the state folder while the run lasts; ``--event-loop asyncio``).  Everything is stopped at the end
(``down``, then ``clean``), also on Ctrl+C or an error.  Loopback only.

Targets (issue 38): 3,000 matches on 3 processes at a round-trip p99 <= 100 ms;
10 kills: every player back in play <= 5 s, 0 matches lost, 0 actions lost or
doubled; a PostgreSQL restart: play pauses, resumes, nothing lost.
"""

from __future__ import annotations

import argparse
import bisect
import importlib.util
import json
import multiprocessing as mp
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from array import array
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

from cluster_bots import SLOW, client_process

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "deploy" / "local-cluster.sh"
#: seconds the benchmark waits for a step of the cluster script
SCRIPT_WAIT = 180.0
#: seconds the bots are given, after the window, to finish what is in flight and come back
FINISH = 30.0


def add_cluster_options(ap: argparse.ArgumentParser) -> None:
    """The options of ``--cluster`` (server_load.py's own options apply as well)."""
    ap.add_argument("--cluster", type=int, default=0, metavar="N",
                    help="start a cluster of N server processes on PostgreSQL behind HAProxy "
                         "(deploy/local-cluster.sh) and load it instead (default matches: 3000)")
    ap.add_argument("--kill-every", type=float, default=6.0, metavar="T",
                    help="with --kills: seconds between two kills (SIGKILL) of a server process")
    ap.add_argument("--kills", type=int, default=0, metavar="K", help="server processes killed, one every T seconds")
    ap.add_argument("--pg-restart", action="store_true", help="restart PostgreSQL once, in the middle of the window")


def _pg_bins() -> List[Path]:
    """Where PostgreSQL's programs may be (as deploy/local-cluster.sh looks)."""
    dirs: List[Path] = []
    if shutil.which("pg_config"):
        try:
            dirs.append(Path(subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True,
                                            timeout=10).stdout.strip()))
        except (OSError, subprocess.SubprocessError):
            pass
    dirs += sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)
    return dirs


def missing_tools() -> List[str]:
    """What a cluster needs and this machine lacks, in words (empty: nothing)."""
    missing = []
    if not shutil.which("bash"):
        missing.append("bash")
    if not (shutil.which("haproxy") or os.access("/usr/sbin/haproxy", os.X_OK)):
        missing.append("HAProxy (Debian's package haproxy)")
    for tool in ("initdb", "pg_ctl"):
        if not (shutil.which(tool) or any(os.access(d / tool, os.X_OK) for d in _pg_bins())):
            missing.append(f"PostgreSQL's {tool} (Debian's package postgresql)")
    try:
        import psycopg  # noqa: F401
    except ImportError:
        missing.append("psycopg (pip install '.[cluster]')")
    return missing


def _free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def free_ports(servers: int) -> Tuple[int, int, int, int]:
    """(HAProxy's port, its stats page's, the servers' base, PostgreSQL's): free on 127.0.0.1,
    away from the script's defaults (18680, 18700+, 15432) that another cluster may use, and
    below the ephemeral range, so that a server started again finds its port free."""
    rng = random.Random()
    try:  # below the ports the system hands out to outgoing connections (the bots' thousands)
        with open("/proc/sys/net/ipv4/ip_local_port_range") as f:
            top = int(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        top = 32768
    top = top if top > 21000 + servers else 50000
    for _ in range(500):
        port = rng.randrange(20000, top - 21 - servers)
        wanted = [port, port + 1, port + 10] + [port + 20 + i for i in range(1, servers + 1)]
        if all(_free(p) for p in wanted):
            return port, port + 1, port + 20, port + 10
    raise RuntimeError("no free ports for the cluster on 127.0.0.1")


class LocalCluster:
    """deploy/local-cluster.sh, run with its own state folder and ports."""

    def __init__(self, servers: int):
        self.servers = servers
        self.state = tempfile.mkdtemp(prefix="bg-cluster-load-")
        port, stats, base, pg = free_ports(servers)
        self.env = {**os.environ, "BACKGAMMON_CLUSTER_DIR": self.state, "BACKGAMMON_CLUSTER_PORT": str(port),
                    "BACKGAMMON_CLUSTER_STATS_PORT": str(stats), "BACKGAMMON_CLUSTER_BASE": str(base),
                    "BACKGAMMON_CLUSTER_PGPORT": str(pg), "BACKGAMMON_CLUSTER_PER_ADDRESS": "0",
                    "BACKGAMMON_SERVER": f"{sys.executable} -m game.server",
                    "BACKGAMMON_SERVER_ARGS": " ".join(("--matches-per-address 100000",
                                                         os.environ.get("BACKGAMMON_SERVER_ARGS", "")))}
        self.env.setdefault("BACKGAMMON_HOME", self.state)

    def run(self, *args: str, timeout: float = SCRIPT_WAIT) -> str:
        done = subprocess.run(["bash", str(SCRIPT), *args], env=self.env, cwd=ROOT, capture_output=True, text=True,
                              timeout=timeout, stdin=subprocess.DEVNULL)
        if done.returncode != 0:
            tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-15:])
            raise RuntimeError(f"local-cluster.sh {' '.join(args)} failed:\n{tail}")
        return done.stdout

    def up(self) -> str:
        return self.run("up", str(self.servers)).strip().splitlines()[-1]

    def pids(self) -> List[int]:
        return [int(line) for line in self.run("pids").split() if line.isdigit()]

    def dsn(self) -> str:
        return self.run("dsn").strip()

    def close(self) -> None:
        """``down``, then ``clean``; the state folder goes whatever happens."""
        for step in ("down", "clean"):
            try:
                self.run(step)
            except (RuntimeError, OSError, subprocess.SubprocessError) as exc:
                print(f"cluster: {exc}", file=sys.stderr)
        shutil.rmtree(self.state, ignore_errors=True)


class Chaos(threading.Thread):
    """The kills (SIGKILL, then ``revive`` 1 s later) and the PostgreSQL restart, on a schedule."""

    def __init__(self, cluster: LocalCluster, start: float, kills: int, every: float, pg_at: Optional[float]):
        super().__init__(daemon=True)
        self.cluster = cluster
        plan = [(start + (k + 1) * every, "kill") for k in range(kills)]
        if pg_at is not None:
            plan.append((start + pg_at, "pg"))
        self.plan = sorted(plan)
        self.halt = threading.Event()
        self.kills: List[Tuple[float, int]] = []        # (when, pid)
        self.revives: List[float] = []                  # seconds from a kill to its server healthy again
        self.pg: Optional[Tuple[float, float]] = None   # the restart's start and end
        self.error: Optional[str] = None
        self.rng = random.Random()

    def run(self) -> None:
        try:
            for at, what in self.plan:
                if self.halt.wait(max(0.0, at - time.monotonic())):
                    return
                if what == "kill":
                    self._kill()
                else:
                    began = time.monotonic()
                    self.cluster.run("pg-restart")
                    self.pg = (began, time.monotonic())
        except Exception as exc:  # reported with the figures
            self.error = str(exc)

    def _kill(self) -> None:
        pids = self.cluster.pids()
        if not pids:
            raise RuntimeError("no server process to kill")
        pid = self.rng.choice(pids)
        began = time.monotonic()
        os.kill(pid, signal.SIGKILL)
        self.kills.append((began, pid))
        self.halt.wait(1.0)
        self.cluster.run("revive")
        self.revives.append(time.monotonic() - began)


def check_database(dsn: str, matches: List[Tuple[str, int, Optional[str], List[Any]]]) -> Dict[str, Any]:
    """Every match's committed actions (``bg_actions``) against what its bots saw and sent."""
    import psycopg

    with psycopg.connect(dsn, autocommit=True, connect_timeout=10) as conn:
        rows = conn.execute("SELECT code, seq, event FROM bg_actions WHERE code = ANY(%s) ORDER BY code, seq",
                            ([m[0] for m in matches],)).fetchall()
    return compare([(str(code), int(seq), str(event)) for code, seq, event in rows], matches)


def compare(rows: List[Tuple[str, int, str]], matches: List[Tuple[str, int, Optional[str], List[Any]]]) -> Dict[str, Any]:
    """The actions committed, ``(code, seq, event JSON)`` in order, against each match's bots:
    ``(code, the last seq they saw, why it was lost or None, their intents (role, number, seq, colour))``.
    Lists the matches with a gap, those behind or ahead of what the bots saw, the
    intents applied twice, and the actions that answer no intent.

    >>> sent = [(1, 1, 0, 0), (1, 2, 1, 0), (0, 1, 2, 1)]
    >>> rows = [("A", 1, '{"kind":"roll","player":0}'), ("A", 2, '{"kind":"play","player":0}'),
    ...         ("A", 3, '{"kind":"roll","player":1}'), ("B", 2, '{"kind":"roll","player":0}')]
    >>> found = compare(rows, [("A", 3, None, sent), ("B", 1, None, [(1, 1, 0, 0)])])
    >>> found["checked"], found["gaps"], found["ahead"], found["unaccounted"]
    (2, ['B'], ['B: 2 in the database, 1 seen'], ['B seq 2'])
    """
    actions: Dict[str, List[Tuple[int, Dict[str, Any]]]] = {}
    for code, seq, text in rows:
        actions.setdefault(code, []).append((seq, json.loads(text)))
    result: Dict[str, Any] = {"checked": 0, "gaps": [], "behind": [], "ahead": [], "doubled": [], "unaccounted": []}
    for code, last_seen, _lost, sends in matches:
        done = actions.get(code, [])
        if not done and last_seen == 0:
            continue  # (never played)
        result["checked"] += 1
        seqs = [s for s, _ in done]
        top = seqs[-1] if seqs else 0
        if seqs != list(range(1, top + 1)):
            result["gaps"].append(code)
        if top < last_seen:
            result["behind"].append(f"{code}: {top} in the database, {last_seen} seen")
        elif top > last_seen:
            result["ahead"].append(f"{code}: {top} in the database, {last_seen} seen")
        intents: Dict[Tuple[int, int], Tuple[int, int]] = {}   # (seq sent at, colour) -> (role, intent number)
        for role, number, seq, colour in sends:
            intents.setdefault((seq, colour), (role, number))
        applied: Dict[Tuple[int, int], int] = {}
        for seq, done_event in done:
            if done_event.get("kind") == "rematch":
                continue
            intent = intents.get((seq - 1, done_event.get("player", -1)))
            if intent is None:
                result["unaccounted"].append(f"{code} seq {seq}")
            elif intent in applied:
                result["doubled"].append(f"{code}: seqs {applied[intent]} and {seq}")
            else:
                applied[intent] = seq
    return result


def _pause(updates: "array[float]", pg: Optional[Tuple[float, float]]) -> Optional[float]:
    """The longest time without any update that overlaps the restart (and the 30 s after it)."""
    if pg is None or len(updates) < 2:
        return None
    times = sorted(updates)
    gaps = [b - a for a, b in zip(times, times[1:]) if b >= pg[0] and a <= pg[1] + 30]
    return max(gaps) if gaps else None


def _p(values: List[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def by_kill(parts: List[Any], kills: List[float]) -> List[Tuple[int, float]]:
    """The ways back (until connected, resume to sync, tries, lost at, sent back) grouped by the kill
    before each loss: (how many, the longest), one pair a kill; the matches sent back to a revived
    process (game/net/homing.py) are not the kill's.

    >>> by_kill([(1.0, 0.5, 1, 10.2, False), (2.0, 1.0, 1, 10.9, False), (0.5, 0.5, 1, 16.1, False),
    ...          (0.1, 0.1, 1, 14.0, True)], [10.0, 16.0, 22.0])
    [(2, 3.0), (1, 1.0), (0, 0.0)]
    """
    groups: List[List[float]] = [[] for _ in kills]
    for p in (p for p in parts if not p[4]):
        k = bisect.bisect_right(kills, p[3]) - 1
        if k >= 0:
            groups[k].append(p[0] + p[1])
    return [(len(g), max(g, default=0.0)) for g in groups]


def report(args: argparse.Namespace, results: List[Dict[str, Any]], chaos: Chaos, db: Optional[Dict[str, Any]],
           db_error: Optional[str]) -> None:
    """One block of figures (docs/server.md)."""
    elapsed = max(r["elapsed"] for r in results)
    rtts = sorted(x for r in results for x in r["rtts"])
    back = [x for r in results for x in r["back"]]
    errors: Dict[str, int] = {}
    for r in results:
        for code, n in r["errors"].items():
            errors[code] = errors.get(code, 0) + n
    lost = sorted({f"{code} ({why})" for r in results for code, _, why, _ in r["matches"] if why})
    stuck = sorted({code for r in results for code in r["stuck"]})
    total = lambda key: sum(r[key] for r in results)  # noqa: E731
    print(f"cluster: {args.cluster} server processes on PostgreSQL behind HAProxy (deploy/local-cluster.sh), "
          f"loopback; {args.matches} concurrent matches ({total('in_play')} of {total('players')} players in play "
          f"at the end), think {args.think} s, measured {elapsed:.0f} s; bots in {args.client_procs} other processes "
          f"(nice {args.bot_nice}, {bot_loop(args.bot_loop)}), round trips measured by a probe process playing {args.probe_matches} of the matches")
    print(f"messages per second through HAProxy (both directions): {total('messages') / elapsed:.0f}; "
          f"games finished: {total('games')}")
    if rtts:
        print(f"round trip of an intent: p50 {statistics.median(rtts) * 1000:.1f} ms, p99 {_p(rtts, 0.99) * 1000:.1f} ms, "
              f"max {rtts[-1] * 1000:.1f} ms ({len(rtts)} samples"
              + (", while the processes were killed" if chaos.kills else "")
              + (", PostgreSQL's restart included" if chaos.pg else "") + ")")
    if args.kills:
        revive = f"; revived and healthy {max(chaos.revives):.1f} s after a kill at most" if chaos.revives else ""
        print(f"kills: {len(chaos.kills)} of {args.kills} (SIGKILL of a random server process every "
              f"{args.kill_every:g} s, revived 1 s later{revive})")
    if back or total("losses"):
        print(f"connections lost: {total('losses')}; back in play (loss -> the sync after the resume): "
              f"max {max(back, default=0):.2f} s, p99 {_p(back, 0.99) if back else 0:.2f} s, "
              f"p50 {statistics.median(back) if back else 0:.2f} s; not back: {total('away')}")
        parts = [x for r in results for x in r.get("back_parts", ())]
        if parts:  # where the way back went: the bots' connecting (tries, handshakes) or the server's answer
            opened, answered, tries = ([p[i] for p in parts] for i in range(3))
            print(f"  of which until connected again: p50 {statistics.median(opened):.2f} s, p99 {_p(opened, 0.99):.2f} s, "
                  f"max {max(opened):.2f} s ({statistics.median(tries):.0f} connection tried at p50, "
                  f"{max(tries)} at most); the resume to its sync: p50 {statistics.median(answered):.2f} s, "
                  f"p99 {_p(answered, 0.99):.2f} s, max {max(answered):.2f} s")
            if chaos.kills:  # each kill's players (lost after it, before the next): how many, how long
                print("  by kill (players lost, back in play max): " + ", ".join(
                    f"{n} {worst:.1f} s" for n, worst in by_kill(parts, [k[0] for k in chaos.kills])))
            failed: Dict[str, int] = {}
            for r in results:
                for why, n in r.get("failed", {}).items():
                    failed[why] = failed.get(why, 0) + n
            if failed:  # (a try that did not get its player back, and why)
                print("  tries that did not get back: " + ", ".join(
                    f"{why} {n}" for why, n in sorted(failed.items(), key=lambda kv: -kv[1])))
            slow = sorted((w for r in results for w in r.get("slow", ())), key=lambda w: -w[0])
            if slow:  # the longest ways back, try by try: (why it failed, or "connected" (TCP), "upgraded" (the handshake answered; "opened" for both where the connection does not say) / "answered", seconds)
                print(f"  ways back over {SLOW:g} s: {len(slow)}; the longest: " + "; ".join(
                    f"{total:.2f} s (" + ", ".join(f"{why} {t:.2f}" for why, t in tries) + ")"
                    for total, tries in slow[:3]))
            moved = sorted(p[0] + p[1] for p in parts if p[4])
            if moved:  # (their matches went back to the process they were taken from, once it ran again)
                print(f"  of which sent back to a revived process: {len(moved)} players, back in play "
                      f"max {moved[-1]:.2f} s, p99 {_p(moved, 0.99):.2f} s, p50 {statistics.median(moved):.2f} s")
        for probe, who in ((False, "the load bots' own event loops"), (True, "the probe's")):
            lag = [x for r in results if bool(r.get("probe")) == probe for x in r.get("lag", ())]
            if lag:  # a player's time back counts its own process's queue too
                print(f"  {who} lateness (a 0.1 s sleep, {len(lag)} samples): p50 {statistics.median(lag):.2f} s, "
                      f"p99 {_p(lag, 0.99):.2f} s, max {max(lag):.2f} s")
        mine = [x for r in results if r.get("probe") for x in r["back"]]
        if mine:  # a player on a computer of their own: not waiting for a core behind thousands of niced bots
            print(f"  the probe's players (normal priority, {len(mine)} losses): max {max(mine):.2f} s, "
                  f"p99 {_p(mine, 0.99):.2f} s, p50 {statistics.median(mine):.2f} s")
    print(f"lost matches: {len(lost) + len(stuck)}" + (f" ({', '.join(lost[:5])})" if lost else "")
          + (f" ({len(stuck)} without progress at the end: {', '.join(stuck[:5])})" if stuck else "")
          + f"; setup failures: {total('setup_failed')}")
    db_doubled = len(db["doubled"]) if db else 0
    print(f"lost actions: {total('actions_lost')}"
          + (f" (+ {len(db['behind'])} matches behind in the database)" if db and db["behind"] else "")
          + f"; doubled actions: {total('doubled')} seen in play, {db_doubled} in the database; "
          f"intents sent again after a resume: {total('resent')}; unanswered 5 s on a live connection: "
          f"{total('unanswered')}")
    if db is not None:
        print(f"database: {db['checked']} matches; bg_actions seqs 1..max without a gap: "
              f"{db['checked'] - len(db['gaps'])}; max = the seq the bots last saw: "
              f"{db['checked'] - len(db['behind']) - len(db['ahead'])}; actions answering no intent: "
              f"{len(db['unaccounted'])}")
        for what in ("gaps", "behind", "ahead", "doubled", "unaccounted"):
            if db[what]:
                print(f"  {what}: {', '.join(db[what][:8])}" + (" ..." if len(db[what]) > 8 else ""))
    else:
        print(f"database: not checked ({db_error})")
    if args.pg_restart:
        if chaos.pg is not None:
            pause = _pause(array("d", (x for r in results for x in array("d", r["updates"]))), chaos.pg)
            print(f"PostgreSQL restart: pg_ctl restart took {chaos.pg[1] - chaos.pg[0]:.1f} s; play paused "
                  + (f"{pause:.1f} s (longest time without an update anywhere)" if pause is not None else "(no updates)"))
        else:
            print("PostgreSQL restart: not done")
    if chaos.error:
        print(f"chaos: stopped early: {chaos.error}")
    print(f"error replies: {', '.join(f'{k} {v}' for k, v in sorted(errors.items())) or 'none'}; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


def bot_loop(choice: str) -> str:
    """The load bots' event loop for ``--bot-loop`` (auto: uvloop where it is installed)."""
    if choice == "auto":
        return "uvloop" if importlib.util.find_spec("uvloop") is not None else "asyncio"
    return choice


def run_cluster(args: argparse.Namespace) -> int:
    """``server_load.py --cluster N``: the whole run; 0 when it ran (the figures say how it went)."""
    missing = missing_tools()
    if missing:
        print(f"--cluster needs {', '.join(missing)}", file=sys.stderr)
        return 2
    args.matches = args.matches or 3000
    args.probe_matches = min(args.probe_matches, args.matches)
    stuck_after = max(8.0, 5 * args.think)
    for stopping in (signal.SIGINT, signal.SIGTERM):  # Ctrl+C or SIGTERM: the cluster goes too
        signal.signal(stopping, signal.default_int_handler)
    cluster = LocalCluster(args.cluster)
    procs: List[Any] = []
    chaos: Optional[Chaos] = None
    try:
        print(f"starting the cluster ({args.cluster} servers) in {cluster.state}", file=sys.stderr, flush=True)
        url = cluster.up()
        out: Any = mp.Queue()
        go, end = mp.Event(), mp.Event()
        load = args.matches - args.probe_matches
        per = [load // args.client_procs + (1 if i < load % args.client_procs else 0) for i in range(args.client_procs)]
        for i, n in enumerate(per + [args.probe_matches]):
            probe = i == len(per)
            p = mp.Process(target=client_process, daemon=True,
                           args=(url, n, args.think, args.ramp, i, probe, args.pg_restart, out, go, end, FINISH,
                                 stuck_after, args.bot_nice, args.bot_loop))
            p.start()
            procs.append(p)
        seated = sum(out.get(timeout=args.ramp + 300)["seated"] for _ in procs)
        go.set()
        start = time.monotonic()
        print(f"ramped up: {seated} of {2 * args.matches} players seated; measuring", file=sys.stderr, flush=True)
        pg_at = max(args.duration, 20.0) / 2 if args.pg_restart else None
        chaos = Chaos(cluster, start, args.kills, args.kill_every, pg_at)
        chaos.start()
        settled = 0.0
        if chaos.plan:  # on until the last kill or restart is well past (a match stuck by it is seen so)
            chaos.join(args.kills * (args.kill_every + SCRIPT_WAIT) + SCRIPT_WAIT)
            settled = time.monotonic() + stuck_after + 2
        time.sleep(max(0.0, max(start + args.duration, settled) - time.monotonic()))
        end.set()
        results = [out.get(timeout=FINISH + 120) for _ in procs]
        results = [r for r in results if r["kind"] == "result"]
        db: Optional[Dict[str, Any]] = None
        db_error: Optional[str] = None
        try:
            db = check_database(cluster.dsn(), [m for r in results for m in r["matches"]])
        except Exception as exc:  # reported with the figures
            db_error = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        report(args, results, chaos, db, db_error)
        return 0
    except KeyboardInterrupt:
        print("interrupted: stopping the cluster", file=sys.stderr)
        return 130
    finally:
        if chaos is not None:
            chaos.halt.set()
            chaos.join(SCRIPT_WAIT)
        for p in procs:
            if p.is_alive():
                p.terminate()
            p.join(10)
        cluster.close()
