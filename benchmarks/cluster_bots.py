"""The players of ``benchmarks/server_load.py --cluster N`` (benchmarks/cluster_load.py).

Each bot is one player on its own WebSocket connection through HAProxy,
routed by its match's code (``?m=CODE``, game/net/routing.py): the host
proposes a fresh code in its ``create``, the guest joins with it, and both
play (a racing play after a think time), rematch after rematch.  When a
connection is lost, the bot connects again at once, then after 0.2 s
doubling up to 2 s, routed by its token's first ten characters, and sends
``resume``.  The load bots speak WebSocket through benchmarks/lean_ws.py
(half the CPU of the ``websockets`` library a connection: thousands of them
share this machine's cores with the servers); the probe's players through
the ``websockets`` library, as the game does.  What it measures:

- back in play: from the loss to the ``sync`` that answers its resume, and
  its two parts: until the connection that resumed was open, and from its
  resume to the ``sync``;
- actions lost: a resume's ``sync`` whose ``seq`` is lower than the highest
  the player had already seen;
- actions doubled: an update of one of its own actions that answers no
  intent in flight.  An intent in flight when the connection dropped is
  sent again only if the ``sync`` after the resume shows that it was not
  applied (the same ``seq``), so that a copy can never apply twice;
- matches lost: a resume answered ``ended`` or ``unknown_token``.

Every intent sent is noted (its number, the ``seq`` it was sent at, the
player's colour), so that the actions committed in the database can be
matched with the intents they came from (cluster_load.py).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import resource
import signal
import time
from array import array
from dataclasses import dataclass, field
from typing import Any, Awaitable, Dict, List, Optional, Tuple, TypeVar
from urllib.parse import urlsplit

from websockets.asyncio.client import connect

from game.net.protocol import new_code
from lean_ws import lean_connect
from game.net.routing import CLOSE_RESTART, moved_to, routed_url
from server_load import bot_message

#: seconds a connection may take to open, and a resume to be answered, before the bot tries again
CONNECT_WAIT = 5.0
RESUME_WAIT = 10.0
#: seconds an intent may go unanswered on a live connection before the bot asks for the match (``sync``)
UNANSWERED = 5.0
#: the waits before each new try after a loss: at once, then 0.2 s doubling up to 2 s
BACKOFF = (0.0, 0.2, 0.4, 0.8, 1.6, 2.0)
#: a way back longer than this many seconds is reported with its tries
SLOW = 4.0
#: how many times one intent is sent again after syncs that show it was not applied
MAX_RESENDS = 3

T = TypeVar("T")
#: a player's connection: websockets' ClientConnection (the probe's) or lean_ws's LeanConnection (the load bots')
Socket = Any


async def _timed(awaitable: Awaitable[T], seconds: float) -> T:
    """``awaitable`` within ``seconds`` (asyncio.TimeoutError), without a task of its own."""
    async with asyncio.timeout(seconds):  # type: ignore[attr-defined]
        return await awaitable


#: a wait with a time limit: asyncio.timeout (Python 3.11) where there is one: wait_for makes a task a call
_within = _timed if hasattr(asyncio, "timeout") else asyncio.wait_for


class MatchLost(Exception):
    """The server no longer has the player's match (``ended`` or ``unknown_token``)."""


def home_address(process: int, player: int, base: str) -> Optional[str]:
    """The loopback address a bot connects from, its own as a player's home
    is (127.P.H.L, P from the bot process, H.L from the player): not all
    from 127.0.0.1, where a burst of reconnections met the proxy's
    connections closed a moment before on the same ports.  None (the
    system's choice) where the server is not on an IPv4 loopback address.

    >>> home_address(0, 0, "ws://127.0.0.1:8765"), home_address(1, 700, "ws://127.0.0.1:8765")
    ('127.10.0.1', '127.11.2.201')
    >>> home_address(0, 0, "ws://[::1]:8765") is None
    True
    """
    if urlsplit(base).hostname != "127.0.0.1":
        return None
    return f"127.{10 + process % 240}.{player // 250 % 256}.{1 + player % 250}"


def failed_why(exc: BaseException) -> str:
    """A try's failure in a few words (the benchmark counts them by these).

    >>> failed_why(asyncio.TimeoutError()), failed_why(ConnectionRefusedError(111, "x"))
    ('timed out', 'ConnectionRefusedError')
    >>> failed_why(Exception("refused: HTTP/1.1 503 Service Unavailable"))
    'refused: HTTP/1.1 503'
    >>> from websockets.datastructures import Headers
    >>> from websockets.exceptions import InvalidStatus
    >>> from websockets.http11 import Response
    >>> failed_why(InvalidStatus(Response(502, "Bad Gateway", Headers())))
    'refused: HTTP/1.1 502'
    """
    if isinstance(exc, asyncio.TimeoutError):
        return "timed out"
    if isinstance(exc, OSError):
        return type(exc).__name__
    status = getattr(getattr(exc, "response", None), "status_code", None)
    if isinstance(status, int):  # websockets' InvalidStatus (the probe's players): as lean_ws says it
        return f"refused: HTTP/1.1 {status}"
    text = str(exc)
    if text.startswith("refused: "):
        return " ".join(text.split()[:3])
    if text.startswith("connection lost"):
        return "connection lost"
    return (text or type(exc).__name__)[:40]


class TryAgain(Exception):
    """This connection will not do (a code taken, a resume unanswered): connect again."""


@dataclass
class Tally:
    """What the bots of one process measured."""

    rtts: List[float] = field(default_factory=list)
    sent: int = 0
    received: int = 0
    games: int = 0
    errors: Dict[str, int] = field(default_factory=dict)
    measuring: bool = False
    losses: int = 0
    back: List[float] = field(default_factory=list)   # seconds from a loss to the sync after the resume
    #: the same way back in two parts: (loss -> the connection that resumed is open, its resume -> the sync), and tries
    #: and whether the loss was a close that sent the match to a named process (game/net/homing.py)
    back_parts: List[Tuple[float, float, int, float, bool]] = field(default_factory=list)
    actions_lost: int = 0
    doubled: int = 0
    unanswered: int = 0     # intents without an answer for UNANSWERED seconds on a live connection
    resent: int = 0
    setup_failed: int = 0   # a guest that could not join (its seat unknown)
    record_updates: bool = False
    updates: "array[float]" = field(default_factory=lambda: array("d"))  # arrival times (time.monotonic)
    lag: List[float] = field(default_factory=list)  # how late the process's own event loop woke a 0.1 s sleep
    failed: Dict[str, int] = field(default_factory=dict)  # tries on the way back that did not get back, by why
    #: the ways back longer than SLOW seconds: (seconds, each try that failed (why, its seconds), then the
    #: last try's time to open and its resume's time to the sync)
    slow: List[Tuple[float, List[Tuple[str, float]]]] = field(default_factory=list)


@dataclass
class MatchRecord:
    """One match as its two bots saw it."""

    code: str
    last_seen: int = 0
    progress: float = field(default_factory=time.monotonic)   # when its seq last moved on
    lost: Optional[str] = None
    sends: List[Tuple[int, int, int, int]] = field(default_factory=list)  # (role, intent number, seq, colour)


@dataclass
class Pending:
    """An intent sent and not yet answered."""

    number: int
    seq: int
    msg: Dict[str, Any]
    at: float
    ws: Any
    resends: int = 0
    asked: bool = False   # a sync was asked for it


class Player:
    """One bot player (``role`` 0 host, 1 guest) of the match ``record``."""

    def __init__(self, base: str, role: int, record: MatchRecord, box: "asyncio.Future[str]", tally: Tally,
                 think: float, stop: asyncio.Event, rng: random.Random, lean: bool = False,
                 source: Optional[str] = None):
        self.base, self.role, self.record, self.box, self.tally = base, role, record, box, tally
        self.source = source  # the address it connects from (its home's), or the system's choice
        self.lean = lean  # lean_ws's client (a load bot) or the websockets library's (the probe)
        self.think, self.stop, self.rng = think, stop, rng
        self.token: Optional[str] = None
        self.me = role      # the colour: 0 White, 1 Black (they swap on each rematch)
        self.seen = 0       # the highest seq seen
        self.state: Dict[str, Any] = {}
        self.acted_at = -1
        self.pending: Optional[Pending] = None
        self.lost_at: Optional[float] = None
        self.resume_sent: Optional[float] = None
        self.connected_at = 0.0   # when the connection now open was opened
        self.tries = 0            # connections tried since the loss
        self.way: List[Tuple[str, float]] = []  # those tries that failed: why, and how long each took
        self.try_began = 0.0
        self.intents = 0
        self.ws: Optional[Socket] = None
        self.at: Optional[str] = None   # the server process the last close named (game/net/homing.py)
        self.moved = False              # the loss under way is such a close
        self.task: Optional["asyncio.Task[None]"] = None

    @property
    def quiet(self) -> bool:
        """In play with nothing in flight (or out of the match for good)."""
        return self.record.lost is not None or (self.token is not None and self.lost_at is None
                                                and self.ws is not None and self.pending is None)

    def url(self) -> str:
        at, self.at = self.at, None  # (once: where the last close sent this player)
        return routed_url(self.base, self.token[:10] if self.token else self.record.code, at)

    async def run(self) -> None:
        """Play until stopped; connect again on every loss."""
        tries = 0
        while self.record.lost is None:
            noticed: Optional[float] = None
            away = self.lost_at is not None  # (this try is on the way back from a loss)
            self.try_began = time.monotonic()
            ws_seen: Optional[Socket] = None
            if self.role == 1 and self.token is None:
                await asyncio.shield(self.box)  # the guest comes once the host has its code
            try:
                opening = (lean_connect(self.url(), open_timeout=CONNECT_WAIT, source=self.source) if self.lean else
                           connect(self.url(), compression=None, max_size=None, ping_interval=None,
                                   open_timeout=CONNECT_WAIT, close_timeout=1,
                                   **({"local_addr": (self.source, 0)} if self.source else {})))
                async with opening as ws:
                    ws_seen = ws
                    self.ws, self.connected_at = ws, time.monotonic()
                    try:
                        await self._greet(ws)
                        await self._read(ws)
                    except Exception:
                        noticed = time.monotonic()  # (before the closing handshake)
                        raise
                    await asyncio.Event().wait()  # stopped, nothing in flight: stay connected until the end
            except MatchLost as exc:
                self.record.lost = self.record.lost or str(exc)
                return
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # closed, refused, 503 from HAProxy, unanswered: try again
                if away and self.lost_at is not None:
                    why = failed_why(exc)
                    self.tally.failed[why] = self.tally.failed.get(why, 0) + 1
                    self.way.append((why, time.monotonic() - self.try_began))
            finally:
                self.ws = None
                self.tries += 1
                if ws_seen is not None and getattr(ws_seen, "close_code", None) == CLOSE_RESTART:
                    self.at = moved_to(getattr(ws_seen, "close_reason", None) or "")
            if self.token is not None and self.lost_at is None:  # a new loss
                self.lost_at = noticed or time.monotonic()
                self.moved = self.at is not None
                self.resume_sent = None
                self.tally.losses += 1
                tries = self.tries = 0
                self.way = []
            if self.at is None:  # (sent to another process: at once)
                await asyncio.sleep(BACKOFF[min(tries, len(BACKOFF) - 1)])
                tries += 1

    async def _send(self, ws: Socket, doc: Dict[str, Any]) -> None:
        doc["v"] = 1
        await ws.send(json.dumps(doc))
        self.tally.sent += 1

    def _send_soon(self, ws: Socket, doc: Dict[str, Any]) -> None:
        """Send from a message handler (a closed connection is found by the reader)."""
        async def send() -> None:
            try:
                await self._send(ws, doc)
            except Exception:
                pass
        asyncio.ensure_future(send())

    async def _greet(self, ws: Socket) -> None:
        if self.token is not None:
            self.resume_sent = time.monotonic()
            await self._send(ws, {"type": "resume", "token": self.token})
        elif self.role == 0:
            await self._send(ws, {"type": "create", "length": 1, "cube": False, "name": "bot", "code": self.record.code})
        else:
            await self._send(ws, {"type": "join", "code": self.record.code, "name": "bot"})

    async def _read(self, ws: Socket) -> None:
        """Read and handle messages until the connection ends.  Only a resume
        waits with a time limit; an intent's own limit is a timer
        (:meth:`_arm`), so that thousands of idle players wake nobody."""
        while True:
            if self.resume_sent is not None:
                wait = self.resume_sent + RESUME_WAIT - time.monotonic()
                if wait <= 0:
                    raise TryAgain("resume unanswered")
                try:
                    raw = await _within(ws.recv(), wait)
                except asyncio.TimeoutError:
                    continue
            else:
                raw = await ws.recv()
            self.tally.received += 1
            self._handle(ws, json.loads(raw))

    def _arm(self, pending: Pending) -> None:
        """Ask for the match (``sync``) if ``pending``, sent now, is not
        answered within :data:`UNANSWERED` seconds on its live connection."""
        asyncio.get_running_loop().call_later(UNANSWERED, self._unanswered, pending, pending.at)

    def _unanswered(self, pending: Pending, at: float) -> None:
        ws = self.ws
        if (self.pending is not pending or pending.asked or pending.at != at or ws is None or ws is not pending.ws
                or self.resume_sent is not None):
            return  # answered, asked already, sent again since, or the connection was lost meanwhile
        self.tally.unanswered += 1
        pending.asked = True
        self._send_soon(ws, {"type": "sync"})

    def _handle(self, ws: Socket, doc: Dict[str, Any]) -> None:
        kind = doc["type"]
        if kind == "seat":
            self.token, self.me = doc["token"], doc["seat"]
            if self.role == 0 and not self.box.done():
                self.box.set_result(self.record.code)
        elif kind == "error":
            self._error(ws, doc)
        elif kind == "ended":
            raise MatchLost(f"ended: {doc.get('reason')}")
        elif kind == "rematch":
            if self.pending is not None and doc.get("asked_by") == self.me and self.pending.msg["type"] == "rematch":
                self.pending = None  # asked: the other player's ask starts the new match
        elif kind == "sync":
            self._sync(ws, doc)
        elif kind == "update":
            self._update(ws, doc)

    def _error(self, ws: Socket, doc: Dict[str, Any]) -> None:
        code = str(doc.get("code"))
        if code == "unknown_token":
            raise MatchLost("unknown_token")
        if code == "code_taken":  # another match has this code: propose another
            self.record.code = new_code()
            raise TryAgain(code)
        self.tally.errors[code] = self.tally.errors.get(code, 0) + 1
        if code in ("unknown_code", "match_full") and self.token is None:
            self.tally.setup_failed += 1
            raise MatchLost(f"join refused: {code}")
        pending = self.pending
        if pending is not None and doc.get("seq") == pending.seq and code != "stale" and not pending.asked:
            pending.asked = True  # decided on the next sync (stale: the server sends one itself)
            self._send_soon(ws, {"type": "sync"})

    def _sync(self, ws: Socket, doc: Dict[str, Any]) -> None:
        seq = int(doc["seq"])
        now = time.monotonic()
        if self.resume_sent is not None:  # back in play
            self.resume_sent = None
            if self.lost_at is not None:
                self.tally.back.append(now - self.lost_at)
                self.tally.back_parts.append((self.connected_at - self.lost_at, now - self.connected_at, self.tries + 1,
                                             self.lost_at, self.moved))
                if now - self.lost_at > SLOW:
                    self.tally.slow.append((now - self.lost_at, self.way + self._opening() + [
                        ("answered", now - self.connected_at)]))
                self.lost_at = None
            if seq < self.seen:
                self.tally.actions_lost += self.seen - seq
            self.acted_at = -1  # act again on what the server has (a rematch asked may have been forgotten)
        self._advance(seq, now)
        g = doc["match"]["game"]
        self.state = {"seq": seq, "phase": g["phase"], "turn": g["turn"], "position": g["position"],
                      "dice": g["dice"], "over": g["result"] is not None}
        pending = self.pending
        if pending is not None:
            if seq == pending.seq and pending.resends < MAX_RESENDS:  # not applied: send it again
                pending.resends += 1
                pending.asked = False
                pending.at, pending.ws = now, ws
                self.tally.resent += 1
                self.record.sends.append((self.role, pending.number, seq, self.me))
                self._send_soon(ws, dict(pending.msg))
                self._arm(pending)
                return
            self.pending = None  # applied (the seq moved on), or given up
        self._next(ws)

    def _opening(self) -> List[Tuple[str, float]]:
        """The last try's opening: until TCP connected and then until the handshake's answer where the
        connection says when it connected (lean_ws's), else as one."""
        made = getattr(self.ws, "made_at", None)
        if made is None:
            return [("opened", self.connected_at - self.try_began)]
        return [("connected", made - self.try_began), ("upgraded", self.connected_at - made)]

    def _update(self, ws: Socket, doc: Dict[str, Any]) -> None:
        seq = int(doc["seq"])
        now = time.monotonic()
        if self.tally.record_updates:
            self.tally.updates.append(now)
        if seq <= self.seen and self.state:
            return  # already known (from a sync)
        event, c = doc.get("event") or {}, doc["check"]
        mine = event.get("player") == self.me and event.get("kind") != "rematch"
        pending = self.pending
        if pending is not None and seq == pending.seq + 1:
            if pending.ws is ws and self.tally.measuring and not pending.resends:
                self.tally.rtts.append(now - pending.at)
            self.pending = None
        elif mine:
            self.tally.doubled += 1  # one of this player's actions, answering no intent in flight
        self._advance(seq, now)
        self.state = {"seq": seq, "phase": c["phase"], "turn": c["turn"], "position": c["position"],
                      "dice": c["dice"], "over": c["phase"] == "over"}
        if self.state["over"] and self.role == 0:
            self.tally.games += 1
        self._next(ws)

    def _advance(self, seq: int, now: float) -> None:
        self.seen = max(self.seen, seq)
        if seq > self.record.last_seen:
            self.record.last_seen = seq
            self.record.progress = now

    def _next(self, ws: Socket) -> None:
        if self.pending is None and (self.task is None or self.task.done()):
            self.task = asyncio.ensure_future(self._act())

    async def _act(self) -> None:
        """Act on the state after a think time (again if it moved on meanwhile)."""
        while True:
            state, ws = self.state, self.ws
            seq: int = state.get("seq", -1)
            me = self.me
            if not state or ws is None or self.acted_at == seq or self.stop.is_set() or self.pending is not None:
                return
            msg = bot_message(state, me, self.rng)
            if msg is None:
                return
            self.acted_at = seq
            await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
            ws = self.ws
            if self.stop.is_set() or ws is None or self.pending is not None or self.resume_sent is not None:
                return  # (a resume's sync acts again)
            if self.state.get("seq") != seq or self.me != me:
                continue  # the state moved on while thinking: decide again
            self.intents += 1
            msg["v"] = 1
            self.pending = Pending(self.intents, seq, msg, time.monotonic(), ws)
            if msg["type"] != "rematch":
                self.record.sends.append((self.role, self.intents, seq, me))
            self._arm(self.pending)
            try:
                await self._send(ws, dict(msg))
            except Exception:
                pass  # the connection dropped: the resume's sync decides
            return


async def _loop_lag(tally: Tally, stop: asyncio.Event) -> None:
    """How far behind this process's bots are: a 0.1 s sleep's lateness, every 0.1 s of the window.
    A player's time back in play counts this wait too (the bots' own queue, not the server's)."""
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        began = loop.time()
        await asyncio.sleep(0.1)
        tally.lag.append(max(0.0, loop.time() - began - 0.1))


def _stop_signals() -> None:
    """A bot process leaves Ctrl+C and SIGTERM to the benchmark's own process, which stops it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


async def client_main(base: str, matches: int, think: float, ramp: float, seed: int, probe: bool,
                      record_updates: bool, out: Any, go: Any, end: Any, finish: float, stuck_after: float) -> None:
    """Play ``matches`` matches (two bots each) against ``base``; report once ``end`` is set."""
    tally = Tally()
    stop = asyncio.Event()
    rng = random.Random(seed)
    loop = asyncio.get_running_loop()
    records: List[MatchRecord] = []
    players: List[Player] = []
    tasks = []
    for _ in range(matches):
        record = MatchRecord(new_code())
        box: "asyncio.Future[str]" = loop.create_future()
        for role in (0, 1):
            player = Player(base, role, record, box, tally, think, stop, random.Random(rng.random()), lean=not probe,
                            source=home_address(seed, len(players), base))
            players.append(player)
            tasks.append(asyncio.ensure_future(player.run()))
        records.append(record)
        await asyncio.sleep(ramp / max(1, matches))
    await asyncio.sleep(min(5.0, think * 2))  # settle
    out.put({"kind": "ready", "seated": sum(1 for p in players if p.token is not None)})
    # every process measures the same window: from when all have ramped up (the bots play on meanwhile)
    await loop.run_in_executor(None, go.wait, 3600)
    tally.measuring, tally.record_updates = probe, record_updates
    lagging = asyncio.ensure_future(_loop_lag(tally, stop))
    s0, r0, g0, t0 = tally.sent, tally.received, tally.games, time.monotonic()
    await loop.run_in_executor(None, end.wait, 3600)
    elapsed = time.monotonic() - t0
    in_play = sum(1 for p in players if p.token is not None and p.lost_at is None and p.ws is not None)
    window = {"messages": tally.sent - s0 + tally.received - r0, "games": tally.games - g0, "elapsed": elapsed}
    stop.set()
    stopped = time.monotonic()
    stuck = [r.code for r in records if r.lost is None and stopped - r.progress > stuck_after]
    deadline = stopped + finish   # what is in flight is answered, the players still away come back
    while time.monotonic() < deadline and not all(p.quiet for p in players):
        await asyncio.sleep(0.2)
    away = sum(1 for p in players if p.record.lost is None and p.lost_at is not None)
    unsettled = sum(1 for p in players if not p.quiet)
    lagging.cancel()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    out.put({"kind": "result", **window, "probe": probe, "rtts": tally.rtts, "errors": tally.errors, "losses": tally.losses,
             "back": tally.back, "back_parts": tally.back_parts, "away": away, "unsettled": unsettled, "actions_lost": tally.actions_lost,
             "doubled": tally.doubled, "unanswered": tally.unanswered, "resent": tally.resent,
             "setup_failed": tally.setup_failed, "in_play": in_play, "players": len(players), "stuck": stuck,
             "updates": tally.updates.tobytes(), "lag": tally.lag, "failed": tally.failed, "slow": tally.slow,
             "matches": [(r.code, r.last_seen, r.lost, r.sends) for r in records]})


def client_process(base: str, matches: int, think: float, ramp: float, seed: int, probe: bool, record_updates: bool,
                   out: Any, go: Any, end: Any, finish: float, stuck_after: float, nice: int = 0,
                   loop: str = "asyncio") -> None:
    """A process of bots (niced unless it is the probe, as if on other machines;
    on uvloop for ``loop`` "uvloop", or "auto" where it is installed, unless it is the probe)."""
    _stop_signals()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # thousands of connections
    if nice and not probe:
        os.nice(nice)
    if loop != "asyncio" and not probe:
        try:
            import uvloop
        except ImportError:
            if loop == "uvloop":
                raise
        else:
            uvloop.install()
    asyncio.run(client_main(base, matches, think, ramp, seed, probe, record_updates, out, go, end, finish,
                            stuck_after))
