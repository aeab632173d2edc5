"""benchmarks/server_load.py --cluster: a tiny run of the cluster benchmark
(PostgreSQL, two server processes, HAProxy; one server process killed during
play) loses no match and no action, and applies none twice."""

import os
import re
import subprocess
import sys

import pytest

from support import ROOT

from cluster_load import missing_tools


@pytest.mark.slow
def test_a_tiny_cluster_run_loses_nothing(tmp_path):
    missing = missing_tools()
    if missing:
        pytest.skip(f"the cluster benchmark needs {', '.join(missing)}")
    env = {**os.environ, "BACKGAMMON_HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "server_load.py"), "--cluster", "2", "--matches", "4",
         "--duration", "5", "--kills", "1", "--kill-every", "2", "--think", "0.5", "--ramp", "1",
         "--probe-matches", "1", "--client-procs", "1"],
        capture_output=True, text=True, timeout=400, env=env, cwd=ROOT)
    out = done.stdout
    assert done.returncode == 0, out + done.stderr
    assert "kills: 1 of 1" in out, out
    assert re.search(r"^lost matches: 0;", out, re.M), out
    assert re.search(r"^lost actions: 0;", out, re.M), out
    assert re.search(r"doubled actions: 0 seen in play, 0 in the database", out), out
    found = re.search(r"^database: (\d+) matches; bg_actions seqs 1\.\.max without a gap: (\d+); "
                      r"max = the seq the bots last saw: (\d+); actions answering no intent: 0$", out, re.M)
    assert found and found.group(1) == found.group(2) == found.group(3) == "4", out
    assert "not back: 0" in out or "connections lost" not in out, out


def test_the_database_check_finds_gaps_doubles_and_strays():
    from cluster_load import compare

    roll, play = '{"kind":"roll","player":%d}', '{"kind":"play","player":%d}'
    good = [("GOODGOODGO", 1, roll % 0), ("GOODGOODGO", 2, play % 0), ("GOODGOODGO", 3, '{"kind":"rematch"}')]
    sent = [(0, 1, 0, 0), (0, 2, 1, 0)]
    # one intent (guest's number 4) sent at seq 0 and again at seq 1, both applied
    twice = [("TWICETWICE", 1, roll % 1), ("TWICETWICE", 2, roll % 1)]
    gap = [("GAPGAPGAPG", 1, roll % 0), ("GAPGAPGAPG", 3, roll % 0)]
    found = compare(good + twice + gap, [("GOODGOODGO", 3, None, sent), ("TWICETWICE", 2, None, [(1, 4, 0, 1), (1, 4, 1, 1)]),
                                         ("GAPGAPGAPG", 4, None, [(0, 1, 0, 0), (0, 2, 2, 0)]), ("NEVERPLAYD", 0, None, [])])
    assert found["checked"] == 3
    assert found["gaps"] == ["GAPGAPGAPG"] and found["behind"] == ["GAPGAPGAPG: 3 in the database, 4 seen"]
    assert found["doubled"] == ["TWICETWICE: seqs 1 and 2"] and not found["ahead"] and not found["unaccounted"]


def test_each_way_back_counts_for_the_kill_before_its_loss():
    from cluster_load import by_kill

    kills = [10.0, 16.0, 22.0]
    parts = [(1.0, 0.5, 1, 10.2, False), (2.0, 1.0, 1, 15.9, False), (0.5, 0.5, 1, 16.1, False),
             (4.0, 4.0, 2, 9.0, False)]  # the last: before any
    assert by_kill(parts, kills) == [(2, 3.0), (1, 1.0), (0, 0.0)]
    assert by_kill([], kills) == [(0, 0.0)] * 3
    # a match sent back to its revived process is no loss of the kill before it
    assert by_kill(parts + [(6.0, 0.1, 1, 12.0, True)], kills) == [(2, 3.0), (1, 1.0), (0, 0.0)]


def test_an_intent_unanswered_on_its_live_connection_asks_for_the_match_once(monkeypatch):
    # a bot's intent has a timer of its own (no read of thousands of idle players wakes for it): an
    # intent left unanswered on its live connection asks for the match (sync) once; one answered, one
    # sent again since, or one whose connection was lost meanwhile asks for nothing
    import asyncio
    import json
    import random

    import cluster_bots
    from cluster_bots import MatchRecord, Pending, Player, Tally

    monkeypatch.setattr(cluster_bots, "UNANSWERED", 0.05)

    class Socket:
        def __init__(self):
            self.sent = []

        async def send(self, text):
            self.sent.append(json.loads(text)["type"])

    async def scene():
        loop = asyncio.get_running_loop()
        tally = Tally()
        players = [Player("ws://127.0.0.1:9", 0, MatchRecord("ABCDEFGHJK"), loop.create_future(), tally, 1.0,
                          asyncio.Event(), random.Random(1)) for _ in range(4)]
        sockets = [Socket() for _ in players]
        for player, ws in zip(players, sockets):
            player.ws = ws
            player.pending = Pending(1, 5, {"type": "roll", "seq": 5}, loop.time(), ws)
            player._arm(player.pending)
        players[1].pending = None                                   # answered
        players[2].pending.at += 0.01                               # sent again since (armed anew then)
        players[3].ws = None                                        # the connection lost
        await asyncio.sleep(0.2)
        return tally, sockets, players

    tally, sockets, players = asyncio.run(scene())
    assert tally.unanswered == 1
    assert [s.sent for s in sockets] == [["sync"], [], [], []]
    assert players[0].pending.asked


def test_each_load_bot_has_a_home_address_and_its_failed_tries_are_named():
    import asyncio

    from cluster_bots import failed_why, home_address

    homes = {home_address(process, player, "ws://127.0.0.1:8765") for process in (0, 1) for player in range(3000)}
    assert len(homes) == 6000 and all(h is not None and h.startswith("127.") for h in homes)
    assert home_address(0, 0, "ws://[::1]:8765") is None and home_address(0, 0, "ws://example.org") is None
    assert failed_why(asyncio.TimeoutError()) == "timed out"
    assert failed_why(ConnectionRefusedError(111, "refused")) == "ConnectionRefusedError"
    assert failed_why(Exception("refused: HTTP/1.1 502 Bad Gateway")) == "refused: HTTP/1.1 502"
    assert failed_why(Exception("connection lost: [Errno 104] reset")) == "connection lost"
