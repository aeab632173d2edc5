"""A match server cluster on loopback for the tests (deploy/local-cluster.sh:
PostgreSQL, N server processes, HAProxy), and what the tests ask of it."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Dict, List, Optional, Tuple

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "deploy" / "local-cluster.sh"


def haproxy_binary() -> Optional[str]:
    """HAProxy's program (Debian puts it in /usr/sbin, often outside PATH), or None."""
    found = shutil.which("haproxy")
    if found is None and os.access("/usr/sbin/haproxy", os.X_OK):
        found = "/usr/sbin/haproxy"
    return found if sys.platform != "win32" else None


def missing() -> Optional[str]:
    """Why a cluster cannot run here (None: it can)."""
    if haproxy_binary() is None:
        return "HAProxy is not installed (Debian: apt-get install haproxy)"
    if shutil.which("pg_ctl") is None and not glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"):
        return "PostgreSQL is not installed (Debian: apt-get install postgresql)"
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "psycopg is not installed (pip install -e '.[cluster]')"
    return None


class LocalCluster:
    """deploy/local-cluster.sh with its own state folder and ports."""

    def __init__(self, servers: int, offset: int = 0):
        self.servers = servers
        self.state = tempfile.mkdtemp(prefix="bgc-", dir="/tmp")
        os.chmod(self.state, 0o755)  # (PostgreSQL may run as another user when the tests run as root)
        worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
        n = offset + 10 * int("".join(c for c in worker if c.isdigit()) or 0)
        self.env = {**os.environ, "BACKGAMMON_CLUSTER_DIR": self.state,
                    # (below the ephemeral range, 32768 up: a busy machine's outgoing connections may hold any port there)
                    "BACKGAMMON_CLUSTER_PORT": str(30680 + n), "BACKGAMMON_CLUSTER_STATS_PORT": str(30681 + n),
                    "BACKGAMMON_CLUSTER_BASE": str(30700 + 10 * n), "BACKGAMMON_CLUSTER_PGPORT": str(31432 + n),
                    "BACKGAMMON_CLUSTER_PER_ADDRESS": "0",
                    "BACKGAMMON_SERVER": f"{sys.executable} -m game.server",
                    "BACKGAMMON_SERVER_ARGS": "--matches-per-address 1000"}
        self.env.pop("PYTHONPATH", None)
        self.url = ""
        self.dsn = ""

    def run(self, *args: str, timeout: float = 120) -> str:
        done = subprocess.run(["bash", str(SCRIPT), *args], env=self.env, cwd=ROOT, capture_output=True,
                              text=True, timeout=timeout)
        if done.returncode != 0:
            raise RuntimeError(f"local-cluster.sh {' '.join(args)}: {done.stdout[-2000:]}{done.stderr[-2000:]}")
        return done.stdout

    def up(self) -> "LocalCluster":
        self.url = self.run("up", str(self.servers)).strip().splitlines()[-1]
        self.dsn = self.run("dsn").strip()
        return self

    def down(self) -> None:
        if os.environ.get("BACKGAMMON_CLUSTER_KEEP"):  # (to read its logs after a failure)
            self.run("down")
            return
        try:
            self.run("down")
        finally:
            subprocess.run(["bash", str(SCRIPT), "clean"], env=self.env, cwd=ROOT, capture_output=True, timeout=60)
            shutil.rmtree(self.state, ignore_errors=True)

    def wait_ready(self, timeout: float = 30.0) -> None:
        """Until HAProxy counts every server up (its stats page, as CSV)."""
        stats = f"http://127.0.0.1:{self.env['BACKGAMMON_CLUSTER_STATS_PORT']}/;csv"
        end = time.monotonic() + timeout
        while True:
            status, text, _ = http_get(stats)
            rows = [line.split(",") for line in text.splitlines() if line.startswith("servers,s")]
            if status == 200 and len(rows) == self.servers and all(r[17] == "UP" for r in rows):
                return
            if time.monotonic() > end:
                raise TimeoutError(f"HAProxy does not count every server up: {rows}")
            time.sleep(0.2)

    def pids(self) -> List[int]:
        return [int(line) for line in self.run("pids").split()]

    def ports(self) -> List[int]:
        base = int(self.env["BACKGAMMON_CLUSTER_BASE"])
        return [base + i for i in range(1, self.servers + 1)]

    def pid_of(self, server_id: str) -> int:
        """The pid of the server process named ``server_id`` (``s1`` ...)."""
        for pid in self.pids():
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                args = f.read().split(b"\0")
            if server_id.encode() in args:
                return pid
        raise LookupError(server_id)

    def sql(self, query: str, *params: object) -> List[Tuple[object, ...]]:
        import psycopg

        with psycopg.connect(self.dsn, autocommit=True) as conn:
            return list(conn.execute(query, params).fetchall())

    def owner(self, code: str) -> str:
        """The server id holding match ``code`` (``s1`` ...), '' if none."""
        rows = self.sql("SELECT owner FROM bg_rooms WHERE code = %s", code)
        return str(rows[0][0]).split("/")[0] if rows and rows[0][0] else ""


def http_get(url: str, timeout: float = 5.0) -> Tuple[int, str, Dict[str, str]]:
    """(status, body, headers) of a plain GET."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as reply:
            return reply.status, reply.read().decode("utf-8"), dict(reply.headers)
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode("utf-8"), dict(exc.headers)
