"""The deployment files (deploy/, docs/server.md) checked without running a
cluster: the script parses and renders HAProxy's configuration, HAProxy
accepts it (where HAProxy is installed), the compose file is YAML with the
services the docs name (where PyYAML is installed), the systemd units have
the keys they need, and the template unit keeps the single unit's hardening.
The cluster itself runs in the cluster tests."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Dict, List, Tuple

import pytest

from cluster_support import haproxy_binary
from support import ROOT

DEPLOY = ROOT / "deploy"
SCRIPT = DEPLOY / "local-cluster.sh"
HAPROXY_CFG = DEPLOY / "haproxy.cfg"
COMPOSE = DEPLOY / "compose.yaml"
CONTAINERFILE = DEPLOY / "Containerfile"
UNIT = DEPLOY / "backgammon-server.service"
TEMPLATE_UNIT = DEPLOY / "backgammon-server@.service"

needs_bash = pytest.mark.skipif(sys.platform == "win32" or shutil.which("bash") is None,
                                reason="the cluster script needs bash on a POSIX system")


def _haproxy() -> str:
    found = haproxy_binary()
    if not found:
        pytest.skip("HAProxy is not installed (Debian's package haproxy): its check of the configuration is skipped")
    return found


def _script(*args: str, tmp: Path, **env: str) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("BACKGAMMON_CLUSTER_")}
    environment.update({"BACKGAMMON_CLUSTER_DIR": str(tmp / "cluster"), **env})
    return subprocess.run(["bash", str(SCRIPT), *args], capture_output=True, text=True, timeout=60,
                          env=environment)


def _rendered(tmp: Path, servers: int = 3, **env: str) -> str:
    done = _script("haproxy-config", str(servers), tmp=tmp, **env)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _directives(text: str) -> List[str]:
    """The configuration's lines without comments, each with single spaces."""
    out = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            out.append(" ".join(line.split()))
    return out


def _unit(path: Path) -> Dict[str, List[Tuple[str, str]]]:
    """A systemd unit's sections, each its (key, value) pairs in order (a key may repeat)."""
    sections: Dict[str, List[Tuple[str, str]]] = {}
    current = ""
    pending = ""
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = pending + raw.strip()
        if line.endswith("\\"):
            pending = line[:-1] + " "
            continue
        pending = ""
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            current = line.strip("[]")
            sections[current] = []
            continue
        key, _, value = line.partition("=")
        sections[current].append((key.strip(), " ".join(value.split())))
    return sections


# -- the script -----------------------------------------------------------------------------------

@needs_bash
def test_the_cluster_script_parses_and_is_executable():
    done = subprocess.run(["bash", "-n", str(SCRIPT)], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    assert SCRIPT.read_text(encoding="utf-8").startswith("#!/usr/bin/env bash\n")
    assert "set -euo pipefail" in SCRIPT.read_text(encoding="utf-8")
    assert os.access(SCRIPT, os.X_OK), "deploy/local-cluster.sh should be executable (git update-index --chmod=+x)"


@needs_bash
def test_the_script_says_how_it_is_used_and_refuses_what_it_does_not_know(tmp_path):
    usage = _script("--help", tmp=tmp_path)
    assert usage.returncode == 0
    for command in ("up N", "down", "status", "pids", "revive", "pg-restart", "haproxy-config N", "clean"):
        assert command in usage.stdout, command
    assert _script("sideways", tmp=tmp_path).returncode == 2
    no_count = _script("up", tmp=tmp_path)
    assert no_count.returncode == 1 and "usage: local-cluster.sh up N" in no_count.stderr
    assert _script("up", "3", tmp=tmp_path, BACKGAMMON_CLUSTER_PORT="http").returncode == 1
    assert not (tmp_path / "cluster").exists()  # nothing was started or written
    assert _script("url", tmp=tmp_path).stdout.strip() == "ws://127.0.0.1:18680"
    assert _script("url", tmp=tmp_path, BACKGAMMON_CLUSTER_PORT="19000").stdout.strip() == "ws://127.0.0.1:19000"
    dsn = _script("dsn", tmp=tmp_path).stdout.strip()
    assert re.fullmatch(r"postgresql://backgammon@/backgammon\?host=.+&port=15432", dsn), dsn


def test_the_script_starts_each_server_with_the_cluster_arguments():
    text = SCRIPT.read_text(encoding="utf-8")
    start = text[text.index("server_start() {"):text.index("servers_wait() {")]
    words = " ".join(start.split())
    for expected in ('--host 127.0.0.1 --port "$port" --store "$(dsn)" --server-id "s$i"',
                     "--behind-proxy --connections-per-address 0 --log-format json"):
        assert expected in words, expected
    for setting in ("BACKGAMMON_CLUSTER_DIR", "BACKGAMMON_CLUSTER_PGPORT:-15432", "BACKGAMMON_CLUSTER_BASE:-18700",
                    "BACKGAMMON_CLUSTER_PORT:-18680", "BACKGAMMON_SERVER:-backgammon-server"):
        assert setting in text, setting
    for package in ("install Debian's package postgresql", "install Debian's package haproxy"):
        assert package in text, package
    assert "pg_ctl)\" restart -D \"$PGDATA_\" -m fast" in text and "stop -D \"$PGDATA_\" -m fast" in text


# -- HAProxy --------------------------------------------------------------------------------------

def test_the_haproxy_configuration_routes_by_code_and_checks_health():
    lines = _directives(HAPROXY_CFG.read_text(encoding="utf-8"))
    for expected in ("mode http", "timeout tunnel 1h", "timeout client 30s", "timeout server 30s",
                     "timeout connect 2s", "balance url_param m", "hash-type consistent", "option forwardfor",
                     "option redispatch 1", "retries 2", "option httpchk GET /healthz HTTP/1.1",
                     "http-check expect status 200",
                     "default-server inter 500ms fall 2 rise 2 weight 100",
                     "tcp-request connection track-sc0 src",
                     "tcp-request connection reject if { sc0_conn_cur gt 16 }", "maxconn 20000",
                     "stats enable", "http-request deny if { path_beg /metrics }"):
        assert expected in lines, expected
    # the compose file's services, on the servers' port
    for name in ("server1", "server2", "server3"):
        assert any(line.startswith(f"server {name} {name}:8765 check") for line in lines), name
    text = HAPROXY_CFG.read_text(encoding="utf-8")
    assert re.search(r"^\s*# bind :443 ssl crt \S+", text, re.M), "the commented TLS line"


@needs_bash
def test_the_local_rendering_has_n_servers_on_the_loopback(tmp_path):
    lines = _directives(_rendered(tmp_path, 4))
    servers = [line for line in lines if line.startswith("server ")]
    # (HAProxy picks its ports to the servers, the one freed longest ago first: deploy/haproxy.cfg says why)
    assert servers == [f"server s{i} 127.0.0.1:{18700 + i} check source 127.0.0.1:1024-65535" for i in range(1, 5)]
    # a match sent back to a revived process (at=ID, its --server-id) reaches it
    assert [line for line in lines if line.startswith("use-server ")] == [
        f"use-server s{i} if {{ url_param(at) -m str s{i} }}" for i in range(1, 5)]
    assert "bind 127.0.0.1:18680" in lines and "bind 127.0.0.1:18681" in lines
    assert not any(line.startswith(("resolvers", "nameserver", "log stdout", "bind :")) for line in lines)
    assert "tcp-request connection reject if { sc0_conn_cur gt 16 }" in lines
    maxconn = {int(line.split()[1]) for line in lines if line.startswith("maxconn ")}
    assert len(maxconn) == 1 and 3000 <= maxconn.pop() <= 20000  # 6,000 WebSockets where the files allow
    unlimited = _directives(_rendered(tmp_path, 2, BACKGAMMON_CLUSTER_PER_ADDRESS="0", BACKGAMMON_CLUSTER_PORT="19080",
                                      BACKGAMMON_CLUSTER_BASE="19100"))
    assert not any("sc0_conn_cur" in line for line in unlimited)
    assert "bind 127.0.0.1:19080" in unlimited and "server s2 127.0.0.1:19102 check source 127.0.0.1:1024-65535" in unlimited


@needs_bash
def test_haproxy_accepts_the_rendered_configuration(tmp_path):
    haproxy = _haproxy()
    rendered = tmp_path / "haproxy.cfg"
    rendered.write_text(_rendered(tmp_path, 3), encoding="utf-8")
    done = subprocess.run([haproxy, "-c", "-f", str(rendered)], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stdout + done.stderr


def test_haproxy_accepts_the_compose_configuration():
    haproxy = _haproxy()
    done = subprocess.run([haproxy, "-c", "-f", str(HAPROXY_CFG)], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stdout + done.stderr  # (server1..3 unresolved here: init-addr none)


# -- containers -----------------------------------------------------------------------------------

def test_the_compose_file_runs_postgresql_three_servers_and_haproxy():
    yaml = pytest.importorskip("yaml", reason="PyYAML is not installed: the compose file's YAML check is skipped")
    doc = yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))
    services = doc["services"]
    assert set(services) == {"postgres", "server1", "server2", "server3", "haproxy"}
    postgres = services["postgres"]
    assert postgres["image"].startswith("postgres:") and "pg_isready" in " ".join(postgres["healthcheck"]["test"])
    assert any(str(v).endswith(":/var/lib/postgresql/data") for v in postgres["volumes"])
    for name in ("server1", "server2", "server3"):
        server = services[name]
        assert server["build"] == {"context": "..", "dockerfile": "deploy/Containerfile"}
        command = [str(word) for word in server["command"]]
        assert command[command.index("--server-id") + 1] == name
        assert command[command.index("--store") + 1].startswith("postgresql://")
        assert "--behind-proxy" in command and server["depends_on"]["postgres"]["condition"] == "service_healthy"
    haproxy = services["haproxy"]
    assert haproxy["image"] == "haproxy:2.6"
    assert "8765:8765" in haproxy["ports"]
    assert "./haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro" in haproxy["volumes"]


def test_the_compose_file_names_what_haproxy_routes_to():
    text = COMPOSE.read_text(encoding="utf-8")
    for name in ("server1", "server2", "server3"):
        assert re.search(rf"^  {name}:$", text, re.M), name
        assert f"server {name} {name}:8765" in HAPROXY_CFG.read_text(encoding="utf-8")
        assert f"use-server {name} if {{ url_param(at) -m str {name} }}" in HAPROXY_CFG.read_text(encoding="utf-8")
    assert "image: haproxy:2.6" in text and "dockerfile: deploy/Containerfile" in text


def test_the_container_image_runs_the_server_as_a_plain_user():
    lines = _directives(CONTAINERFILE.read_text(encoding="utf-8"))
    assert re.fullmatch(r"FROM python:3\.\d+-slim", lines[0]), lines[0]
    assert any("pip install '.[cluster]'" in line for line in lines)
    users = [line.split()[1] for line in lines if line.startswith("USER ")]
    assert users and users[-1] not in ("root", "0")
    assert 'ENTRYPOINT ["backgammon-server"]' in lines
    for line in lines:  # what it copies is there
        if line.startswith("COPY "):
            for source in line.split()[1:-1]:
                assert (ROOT / source).exists(), source


# -- systemd --------------------------------------------------------------------------------------

def test_the_template_unit_runs_one_cluster_process_per_port():
    unit = _unit(TEMPLATE_UNIT)
    assert set(unit) == {"Unit", "Service", "Install"}
    service = dict(unit["Service"])
    assert "%i" in dict(unit["Unit"])["Description"]
    start = service["ExecStart"]
    for expected in ("backgammon-server --host 127.0.0.1 --port %i", "--store ${BACKGAMMON_STORE}",
                     "--server-id ", "--behind-proxy", "--connections-per-address 0", "--log-format json"):
        assert expected in start, expected
    assert service["User"] == "backgammon" and service["KillSignal"] == "SIGTERM"
    assert service["EnvironmentFile"].endswith("cluster.env")
    assert dict(unit["Install"])["WantedBy"] == "multi-user.target"


def test_the_template_unit_keeps_the_single_units_hardening():
    single, template = _unit(UNIT)["Service"], _unit(TEMPLATE_UNIT)["Service"]
    own = {"ExecStart", "KillSignal", "TimeoutStopSec", "StateDirectory", "StateDirectoryMode", "LoadCredential",
           "EnvironmentFile", "Environment"}
    assert [kv for kv in single if kv[0] not in own] == [kv for kv in template if kv[0] not in own]
    assert dict(single)["ExecStart"].count("--store") == 1  # (the single unit: its SQLite store)


def test_the_docs_list_the_metrics_and_leave_the_figures_to_be_measured():
    text = (ROOT / "docs" / "server.md").read_text(encoding="utf-8")
    for metric in ("backgammon_connections", "backgammon_matches", "backgammon_messages_total",
                   "backgammon_errors_total{code}", "backgammon_message_seconds", "backgammon_store_seconds",
                   "backgammon_leases_taken_over_total"):
        assert f"`{metric}" in text, metric
    assert "## Figures" in text
    for section in ("## One server", "## Several servers", "## Routing by code and token", "## Upgrading"):
        assert section in text, section
    assert (DEPLOY / "README.md").is_file()
