"""deploy/haproxy.cfg run by a real HAProxy in front of three stand-in
processes on the loopback: when one of them is gone, its matches (by the
code in ``m``) split evenly between the other two, and the codes of the
two that live stay where they were (the consistent hash)."""

from __future__ import annotations

import contextlib
import os
import random
import shutil
import socket
import subprocess
import threading
import time
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Dict, Iterator, List, Optional, Tuple
from urllib.parse import parse_qs, urlparse

import pytest

from cluster_support import haproxy_binary
from support import ROOT

from cluster_load import free_ports  # (benchmarks/, on the path by support)

SCRIPT = ROOT / "deploy" / "local-cluster.sh"


def _haproxy() -> str:
    found = haproxy_binary()
    if not found or shutil.which("bash") is None:
        pytest.skip("HAProxy (Debian's package haproxy) and bash are needed to run the configuration")
    return found


class StandIn(ThreadingHTTPServer):
    """A server process's stand-in: /healthz answers 200; every other request
    is counted by its ``m`` and answered 200."""

    daemon_threads = True

    def __init__(self, port: int):
        self.seen: List[str] = []
        super().__init__(("127.0.0.1", port), _Handler)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        assert isinstance(self.server, StandIn)
        if not self.path.startswith("/healthz"):
            self.server.seen.append(parse_qs(urlparse(self.path).query).get("m", [""])[0])
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.send_header("Connection", "close")
        self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


def _route(port: int, codes: List[str], stand_ins: Dict[str, StandIn]) -> Dict[str, str]:
    """Which stand-in each code reaches through HAProxy."""
    for s in stand_ins.values():
        s.seen.clear()
    for code in codes:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/?m={code}", timeout=5) as reply:
            assert reply.status == 200
    return {code: name for name, s in stand_ins.items() for code in s.seen}


def _wait_down(stats: int, name: str, deadline: float) -> None:
    while time.monotonic() < deadline:
        with urllib.request.urlopen(f"http://127.0.0.1:{stats}/;csv", timeout=5) as reply:
            rows = reply.read().decode().splitlines()
        if any(r.startswith(f"servers,{name},") and ",DOWN," in r for r in rows):
            return
        time.sleep(0.2)
    raise AssertionError(f"{name} never counted down")


@contextlib.contextmanager
def _ring(tmp_path: Path) -> Iterator[Tuple[int, int, Dict[str, StandIn]]]:
    """deploy/haproxy.cfg as local-cluster.sh renders it for three processes,
    run by a real HAProxy in front of three stand-ins: (players' port, stats
    port, the stand-ins by server name)."""
    haproxy = _haproxy()
    players, stats, base, _ = free_ports(3)  # base+1..3: the stand-ins
    env = {k: v for k, v in os.environ.items() if not k.startswith("BACKGAMMON_CLUSTER_")}
    env.update(BACKGAMMON_CLUSTER_DIR=str(tmp_path / "cluster"), BACKGAMMON_CLUSTER_BASE=str(base),
               BACKGAMMON_CLUSTER_PORT=str(players), BACKGAMMON_CLUSTER_STATS_PORT=str(stats))
    done = subprocess.run(["bash", str(SCRIPT), "haproxy-config", "3"], capture_output=True, text=True,
                          timeout=60, env=env)
    assert done.returncode == 0, done.stderr
    cfg = tmp_path / "haproxy.cfg"
    cfg.write_text(done.stdout, encoding="utf-8")
    stand_ins = {f"s{i}": StandIn(base + i) for i in (1, 2, 3)}
    threads = [threading.Thread(target=s.serve_forever, daemon=True) for s in stand_ins.values()]
    for t in threads:
        t.start()
    proc: Optional[subprocess.Popen] = None
    try:
        proc = subprocess.Popen([haproxy, "-db", "-f", str(cfg)], stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 15
        while True:
            try:
                socket.create_connection(("127.0.0.1", players), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline and proc.poll() is None, "HAProxy did not start"
                time.sleep(0.1)
        yield players, stats, stand_ins
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(10)
        for s in stand_ins.values():
            s.server_close()


def _codes(n: int) -> List[str]:
    rng = random.Random(38)
    return ["".join(rng.choice("ABCDEFGHJKMNPQRSTVWXYZ23456789") for _ in range(10)) for _ in range(n)]


def _gone(stand_ins: Dict[str, StandIn], stats: int, name: str) -> Dict[str, StandIn]:
    """Stop the stand-in ``name``, wait until HAProxy counts it down; the others."""
    stand_ins[name].shutdown()
    stand_ins[name].server_close()
    _wait_down(stats, name, time.monotonic() + 15)
    return {k: v for k, v in stand_ins.items() if k != name}


def test_a_gone_process_s_matches_split_evenly_between_the_others(tmp_path: Path):
    with _ring(tmp_path) as (players, stats, stand_ins):
        codes = _codes(600)
        before = _route(players, codes, stand_ins)
        assert len(before) == len(codes)
        gone = "s3"
        after = _route(players, codes, _gone(stand_ins, stats, gone))
    moved = [code for code in codes if before[code] == gone]
    assert 100 < len(moved) < 300  # about a third of the codes were the gone one's
    assert all(after[code] == before[code] for code in codes if before[code] != gone)  # the others stay
    share = sum(1 for code in moved if after[code] == "s1") / len(moved)
    assert 0.4 <= share <= 0.6, f"s1 took {share:.0%} of the gone process's matches"


def test_at_names_the_process_a_match_was_sent_to_and_its_stick_entry_follows(tmp_path: Path):
    """game/net/homing.py: players sent on with ``at=sN`` reach sN, and so
    does every later connection of that match without ``at``; a name HAProxy
    does not know, or a process that is down, is passed over."""
    with _ring(tmp_path) as (players, stats, stand_ins):
        codes = _codes(30)
        first = _route(players, codes, stand_ins)
        target = {code: "s2" if first[code] != "s2" else "s1" for code in codes}
        sent = {code: _route(players, [f"{code}&at={target[code]}"], stand_ins)[code] for code in codes}
        assert sent == target
        assert _route(players, codes, stand_ins) == target  # the stick table now points there
        assert _route(players, [f"{c}&at=s9" for c in codes], stand_ins) == target  # a name not known
        live = _gone(stand_ins, stats, "s3")
        kept = [c for c in codes if target[c] != "s3"]
        assert _route(players, [f"{c}&at=s3" for c in kept], live) == {c: target[c] for c in kept}  # s3 is down
