"""Helpers for the network tests: a server on 127.0.0.1 with a hand-moved
clock, and a bot that plays a seat through the real client library."""

from __future__ import annotations

import random
import time
from typing import Iterator, List, Optional, Sequence, Tuple

from engine import Match, Position
from engine import Play as PlayT
from game.net.client import NetClient
from game.net.inbound import ServerError, State
from game.net.protocol import (
    Accept,
    ClientMessage,
    Create,
    Join,
    NextGame,
    Play,
    Roll,
    Take,
)
from game.net.server import Limits, ServerThread


class FakeClock:
    """Seconds that pass only when a test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def start_server(clock: Optional[FakeClock] = None, limits: Optional[Limits] = None) -> Tuple[ServerThread, str]:
    # bots act faster than people: the rate limit has its own tests
    thread = ServerThread("127.0.0.1", 0, clock=clock or FakeClock(), limits=limits or Limits(rate=1000, burst=1000))
    host, port = thread.start()
    return thread, f"ws://{host}:{port}"


def pair(url: str, length: int = 1, cube: bool = False) -> Tuple[NetClient, NetClient]:
    """A host and a guest seated in one match; both have had their first state."""
    host = NetClient(url, Create(length, cube, "Host"), backoff=(0.05, 0.1, 0.2)).start()
    host.wait_for(State)
    guest = NetClient(url, Join(host.code, "Guest"), backoff=(0.05, 0.1, 0.2)).start()
    guest.wait_for(State)
    host.wait_for(State, where=lambda s: s.names[1] == "Guest")
    return host, guest


def racing_play(start: Position, plays: Sequence[PlayT], rng: random.Random) -> PlayT:
    """A play that brings the back checkers forward (games stay short)."""
    def spread(p: PlayT) -> int:
        counts = start.apply(p).on_roll_counts()
        return sum(n * (i + 1) ** 2 for i, n in enumerate(counts))
    best = min(spread(p) for p in plays)
    return rng.choice([p for p in plays if spread(p) == best])


def intent(match: Match, me: int, seq: int, rng: random.Random) -> Optional[ClientMessage]:
    """What a simple bot sends for this state (None: nothing to do)."""
    game = match.game
    if match.over:
        return None
    if game.over:
        return NextGame(seq) if me == 0 else None
    if game.phase == "opening":
        return Roll(seq) if me == 0 else None
    if game.to_act != me:
        return None
    if game.phase == "roll":
        return Roll(seq)
    if game.phase == "move":
        assert game.current_turn is not None
        plays = game.current_turn.legal_plays
        start = game.turn_start
        return Play(seq, tuple(racing_play(start, plays, rng)))
    if game.phase == "doubled":
        return Take(seq)
    if game.phase == "resigning":
        return Accept(seq)
    return None


def play_out(clients: List[NetClient], seed: int = 1, timeout: float = 60.0) -> Iterator[State]:
    """Drive both clients' bots until the match is over; yields every state the first sees."""
    rng = random.Random(seed)
    seen = {id(c): c.last_state for c in clients}
    asked = {id(c): -1 for c in clients}
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for c in clients:
            for msg in c.poll():
                if isinstance(msg, ServerError):
                    raise AssertionError(f"the server refused a bot's intent: {msg}")
                if isinstance(msg, State):
                    seen[id(c)] = msg
                    if c is clients[0]:
                        yield msg
        states = [seen[id(c)] for c in clients]
        if any(s is None for s in states):
            continue
        first = states[0]
        assert first is not None
        if first.match.over and all(s is not None and s.seq == first.seq for s in states):
            return
        for c, s in zip(clients, states):
            assert s is not None and c.seat is not None
            msg = intent(s.match, c.seat, s.seq, rng)
            if msg is not None and asked[id(c)] != s.seq:
                asked[id(c)] = s.seq
                c.send(msg)
        time.sleep(0.002)
    raise AssertionError("the match did not finish")
