"""Positions worth learning from: games and set-ups, distinct, by source.

Four sources, chosen game by game:

* ``teacher``: games the teacher plays against itself (a little noise);
* ``selfplay``: games the shipped network plays against itself (more noise);
* ``wild``: games whose first 2 to 16 plays are random, then the teacher's:
  hits, crashed boards and back games that good play rarely reaches;
* ``setup``: positions built for the kinds self-play under-samples (back
  games, prime against prime, containment, bear-offs against contact,
  crashed boards, lopsided races where gammons and backgammons are won and
  saved), each played on a few turns by the teacher.

A corpus for one phase (``phase="race"``) keeps only the positions without
contact, and its set-ups are races.

Each position is recorded with the side on roll about to roll; finished
games and bear-offs with both sides at home (the database knows those) are
left out.  Workers write chunks ``<out>/corpus/w<worker>-<n>.npz`` (boards as
uint8 rows of 52: the side on roll's 26 slots, then the other's; the source
of each), so a stopped run keeps what it made; :func:`merge` makes
``<out>/positions.npz``, distinct and shuffled.
"""

from __future__ import annotations

import random
import time
from multiprocessing import Process
from pathlib import Path
from typing import Callable, Dict, Iterator, List, Sequence, Set, Tuple

import numpy as np

from ...errors import InvalidArgumentError
from ...moves import legal_leaves
from ...position import Position
from ..network import equity
from .kinds import KINDS, classify
from .teacher import NetworkTeacher, Teacher, get_teacher

SOURCES: Tuple[str, ...] = ("teacher", "selfplay", "wild", "setup")
SHARES = (0.40, 0.25, 0.20, 0.15)
#: a race corpus asks more of its set-ups (a game gives a few races, a set-up up to 12)
RACE_SHARES = (0.30, 0.15, 0.15, 0.40)
Key = Tuple[Tuple[int, ...], Tuple[int, ...]]
Chooser = Callable[[List[Key]], int]
SETUP_KINDS = ("back_game", "prime_vs_prime", "containment", "bearoff_contact", "crashed")
#: the set-ups of a corpus for one phase
PHASE_SETUPS: Dict[str, Tuple[str, ...]] = {"all": SETUP_KINDS, "race": ("race",)}
PHASES = tuple(PHASE_SETUPS)


def chooser(teacher: Teacher, noise: float, rng: random.Random) -> Chooser:
    """Picks among a roll's results (move generator keys) the one the
    teacher values best for the mover, give or take Gaussian ``noise``."""

    def choose(keys: List[Key]) -> int:
        for i, (b, _) in enumerate(keys):
            if b[0] == 15:
                return i
        if len(keys) == 1:
            return 0
        rows = np.array([o[::-1] + b for b, o in keys], dtype=np.float32)
        eq = -equity(teacher.probabilities(rows[:, :26], rows[:, 26:]))
        if noise > 0:
            eq = eq + np.array([rng.gauss(0.0, noise) for _ in keys])
        return int(np.argmax(eq))

    return choose


def random_chooser(rng: random.Random) -> Chooser:
    return lambda keys: rng.randrange(len(keys))


def both_home(b: Sequence[int], o: Sequence[int]) -> bool:
    return not any(b[7:26]) and not any(o[7:26])


def play(start: Position, choose: Callable[[int], Chooser], rng: random.Random, max_plies: int = 400) -> Iterator[Position]:
    """The positions of a game from ``start``; ``choose(ply)`` gives the
    chooser of each ply."""
    pos = start
    for ply in range(max_plies):
        b, o = pos.boards
        if b[0] == 15 or o[0] == 15:
            return
        if not both_home(b, o):
            yield pos
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        legal = legal_leaves(pos, dice)
        if not legal:
            pos = pos.swapped()
            continue
        keys = list(legal)
        nb, o_my = keys[choose(ply)(keys)]
        if nb[0] == 15:
            return
        pos = Position.from_boards(o_my[::-1], nb)


# -- set-ups --------------------------------------------------------------------
def _scatter(mine: List[int], theirs: List[int], n: int, lo: int, hi: int, rng: random.Random) -> None:
    """Put ``n`` of my checkers on random points lo..hi (my numbering) the
    other side does not hold, at most 5 a point; widen the range if full."""
    for _ in range(n):
        for attempt in range(200):
            a, z = (lo, hi) if attempt < 100 else (1, 24)
            p = rng.randint(a, z)
            if theirs[25 - p] == 0 and mine[p] < 5:
                mine[p] += 1
                break
        else:
            mine[0] += 1  # nowhere left: count it borne off


def _finish(mine: List[int], theirs: List[int], rng: random.Random) -> Position:
    for side in (mine, theirs):
        side[0] = 15 - sum(side[1:26])
        if side[0] < 0:
            raise AssertionError("a set-up has more than 15 checkers")
    pos = Position.from_boards(tuple(mine), tuple(theirs))
    return pos.swapped() if rng.random() < 0.5 else pos


def setup(kind: str, rng: random.Random) -> Position:
    """A random position built to be of ``kind`` (one of :data:`SETUP_KINDS`);
    :func:`kinds.classify` has the last word on what it is."""
    me = [0] * 26
    them = [0] * 26
    if kind == "back_game":
        for p in rng.choice([(20, 22), (20, 21), (21, 23), (19, 21), (22, 24), (20, 23), (21, 24), (19, 22)]):
            me[p] = rng.randint(2, 3)
        them_off = rng.randint(0, 3)
        _scatter(them, me, 15 - them_off - rng.randint(0, 2), 1, 11, rng)
        _scatter(them, me, 15 - them_off - sum(them[1:26]), 12, 18, rng)
        me[25] = rng.choice([0, 0, 0, 1])
        _scatter(me, them, 15 - sum(me[1:26]), 1, 14, rng)
    elif kind == "prime_vs_prime":
        for side, other in ((me, them), (them, me)):
            length, start = rng.randint(4, 6), rng.randint(2, 7)
            for p in range(start, start + length):
                if other[25 - p] == 0:
                    side[p] = 2
        for side, other in ((me, them), (them, me)):
            _scatter(side, other, rng.randint(1, 3), 18, 24, rng)
            _scatter(side, other, 15 - sum(side[1:26]), 1, 12, rng)
    elif kind == "containment":
        length, start = rng.randint(4, 6), rng.randint(2, 7)
        for p in range(start, start + length):
            them[p] = 2
        back = rng.randint(1, 2)
        for _ in range(back):
            p = rng.choice([19, 20, 21, 22, 23, 24, 25])
            if p == 25 or them[25 - p] == 0:
                me[p] += 1
        _scatter(me, them, 15 - sum(me[1:26]) - rng.randint(0, 4), 1, 13, rng)
        _scatter(them, me, 15 - sum(them[1:26]), 1, 13, rng)
    elif kind == "bearoff_contact":
        off = rng.randint(1, 9)
        anchor = rng.randint(19, 24)
        them[anchor] = rng.randint(2, 3)
        if rng.random() < 0.3:
            _scatter(them, me, 1, 19, 24, rng)
        _scatter(me, them, 15 - off, 1, 6, rng)
        _scatter(them, me, 15 - sum(them[1:26]) - rng.randint(0, 3), 1, 12, rng)
    elif kind == "crashed":
        me[rng.randint(20, 24)] = 2
        _scatter(me, them, rng.randint(8, 11), 1, 3, rng)
        _scatter(them, me, 2, 19, 24, rng)
        for p in rng.sample(range(2, 8), rng.randint(3, 5)):
            if me[25 - p] == 0 and them[p] == 0:
                them[p] = 2
        _scatter(me, them, 15 - sum(me[1:26]) - rng.randint(0, 2), 4, 12, rng)
        _scatter(them, me, 15 - sum(them[1:26]), 1, 14, rng)
    elif kind == "race":
        _race(me, them, rng)
    else:
        raise ValueError(f"no set-up for {kind!r}")
    return _finish(me, them, rng)


def _race(me: List[int], them: List[int], rng: random.Random) -> None:
    """A race (no contact left), often lopsided: my checkers below point
    ``split`` (my numbering), the other side's at or above it, so one side
    may still have checkers in the other's home board (a backgammon to win
    or save) while the other bears off."""
    split = rng.randint(2, 24)
    for side, points in ((me, range(1, split)), (them, range(1, 26 - split))):
        room = 5 * len(points)
        if rng.random() < 0.3:  # a side that has borne off some already
            n = min(room, rng.randint(1, 14))
        else:
            n = min(room, 15)
        low = points[0] if rng.random() < 0.5 else rng.choice(points)
        for _ in range(n):
            for _attempt in range(50):
                p = rng.randint(low, points[-1])
                if side[p] < 5:
                    side[p] += 1
                    break
            else:
                break  # the rest count as borne off


# -- workers --------------------------------------------------------------------
def game_positions(source: str, teacher: Teacher, rng: random.Random, setups: Sequence[str] = SETUP_KINDS) -> Iterator[Position]:
    """The positions of one game (or set-up, one of ``setups``) of ``source``."""
    if source == "selfplay":
        net_choose = chooser(NetworkTeacher(), rng.uniform(0.0, 0.12), rng)
        yield from play(Position.initial(), lambda ply: net_choose, rng)
    elif source == "teacher":
        choose = chooser(teacher, rng.uniform(0.0, 0.06), rng)
        yield from play(Position.initial(), lambda ply: choose, rng)
    elif source == "wild":
        choose = chooser(teacher, rng.uniform(0.0, 0.05), rng)
        wild, random_for = random_chooser(rng), rng.randint(2, 16)
        yield from play(Position.initial(), lambda ply: wild if ply < random_for else choose, rng)
    elif source == "setup":
        choose = chooser(teacher, rng.uniform(0.0, 0.05), rng)
        yield from play(setup(rng.choice(list(setups)), rng), lambda ply: choose, rng, max_plies=rng.randint(1, 12))
    else:
        raise ValueError(f"unknown source {source!r}")


def _chunks(out: Path, worker: int) -> List[Path]:
    return sorted((out / "corpus").glob(f"w{worker}-*.npz"))


def _work(out: Path, teacher_name: str, count: int, worker: int, chunk: int, seed: int, phase: str = "all") -> None:
    teacher = get_teacher(teacher_name)
    files = _chunks(out, worker)
    done = sum(int(np.load(f)["boards"].shape[0]) for f in files)
    n_chunk = len(files)
    rng = random.Random(seed * 1000 + worker * 100003 + n_chunk)
    rows: List[Tuple[int, ...]] = []
    srcs: List[int] = []
    seen: Set[Tuple[int, ...]] = set()
    t0 = time.time()
    while done < count:
        s = rng.choices(range(len(SOURCES)), weights=SHARES if phase == "all" else RACE_SHARES)[0]
        for pos in game_positions(SOURCES[s], teacher, rng, PHASE_SETUPS[phase]):
            row = pos.boards[0] + pos.boards[1]
            if row in seen or (phase == "race" and not is_race(row)):
                continue
            seen.add(row)
            rows.append(row)
            srcs.append(s)
        if len(rows) >= chunk:
            np.savez_compressed(out / "corpus" / f"w{worker}-{n_chunk:05d}.npz", boards=np.array(rows, dtype=np.uint8), source=np.array(srcs, dtype=np.uint8))
            done += len(rows)
            n_chunk += 1
            rows, srcs = [], []
            if len(seen) > 2_000_000:
                seen.clear()
            print(f"corpus worker {worker}: {done} positions, {(done) / (time.time() - t0):.0f}/s", flush=True)


def is_race(row: Sequence[int]) -> bool:
    """Whether a 52-slot row (the side on roll's 26, then the other's) has no contact left."""
    mine = [p for p in range(1, 26) if row[p]]
    theirs = [25 - p for p in range(1, 26) if row[26 + p]]
    return not mine or not theirs or max(mine) < min(theirs)


def generate(out: Path, teacher_name: str, count: int, workers: int = 1, chunk: int = 5000, seed: int = 0, phase: str = "all") -> None:
    """Write at least ``count`` positions (before merging) into ``out/corpus``;
    with ``phase="race"`` only races."""
    if phase not in PHASE_SETUPS:
        raise ValueError(f"no corpus for the phase {phase!r}")
    (out / "corpus").mkdir(parents=True, exist_ok=True)
    share = -(-count // workers)
    if workers == 1:
        _work(out, teacher_name, share, 0, chunk, seed, phase)
        return
    procs = [Process(target=_work, args=(out, teacher_name, share, w, chunk, seed, phase)) for w in range(workers)]
    for p in procs:
        p.start()
    for p in procs:
        p.join()
        if p.exitcode:
            raise RuntimeError(f"a corpus worker failed (exit {p.exitcode})")


def merge(out: Path, seed: int = 0) -> int:
    """``out/positions.npz``: every distinct position of the chunks, shuffled."""
    boards, sources = [], []
    for f in sorted((out / "corpus").glob("w*.npz")):
        with np.load(f) as d:
            boards.append(d["boards"])
            sources.append(d["source"])
    return _save_distinct(out, np.concatenate(boards), np.concatenate(sources), seed)


def _save_distinct(out: Path, b: np.ndarray, s: np.ndarray, seed: int) -> int:
    """``out/positions.npz``: the distinct rows of ``b`` (each with its first source), shuffled."""
    _, first = np.unique(b, axis=0, return_index=True)
    order = np.random.default_rng(seed).permutation(first)
    np.savez_compressed(out / "positions.npz", boards=b[order], source=s[order])
    return len(order)


def after_plays(position: Position, dice: Tuple[int, int]) -> List[Tuple[int, ...]]:
    """The positions a search values after ``position``'s plays with
    ``dice``: each legal play's result with the other side on roll, as a
    corpus row; a play that bears off the last checker (the game over) is
    left out.

    >>> rows = after_plays(Position.initial(), (3, 1))
    >>> len(rows), len(rows[0])
    (16, 52)
    """
    rows = []
    for key in legal_leaves(position, dice):
        if key[0][0] == 15:
            continue
        mine, theirs = Position.from_key(key).swapped().boards
        rows.append(tuple(mine) + tuple(theirs))
    return rows


def add_after_plays(out: Path, count: int, seed: int = 0) -> int:
    """Adds to ``out/positions.npz`` the positions after every legal play of
    one random roll of each of its first ``count`` positions (the boards a
    search values: what the review's losses are differences of), each with
    the source of the position it came from; distinct and shuffled again.
    Only before labelling (the label blocks are cut from the file's order):
    refused where labels exist.  Returns the positions now in the file."""
    if (out / "labels").exists():
        raise InvalidArgumentError(f"{out / 'labels'} exists: add the positions after plays before labelling")
    boards, sources = load(out)
    rng = random.Random(seed)
    rows: List[Tuple[int, ...]] = []
    kept: List[int] = []
    for row, source in zip(boards[:count], sources[:count]):
        position = Position.from_boards(tuple(int(v) for v in row[:26]), tuple(int(v) for v in row[26:]))
        more = after_plays(position, (rng.randint(1, 6), rng.randint(1, 6)))
        rows += more
        kept += [int(source)] * len(more)
    return _save_distinct(out, np.concatenate([boards, np.array(rows, dtype=np.uint8).reshape(-1, 52)]),
                          np.concatenate([sources, np.array(kept, dtype=sources.dtype)]), seed)


def load(out: Path) -> Tuple[np.ndarray, np.ndarray]:
    with np.load(out / "positions.npz") as d:
        return d["boards"], d["source"]


def report(boards: np.ndarray, sources: np.ndarray) -> str:
    """A table: positions per kind and source."""
    kinds = classify(boards[:, :26].astype(np.float32), boards[:, 26:].astype(np.float32))
    counts: Dict[Tuple[int, int], int] = {}
    for k, s in zip(kinds.tolist(), sources.tolist()):
        counts[(k, s)] = counts.get((k, s), 0) + 1
    head = f"{'kind':<16}" + "".join(f"{name:>10}" for name in SOURCES) + f"{'all':>10}"
    lines = [head]
    for k, name in enumerate(KINDS):
        row = [counts.get((k, s), 0) for s in range(len(SOURCES))]
        lines.append(f"{name:<16}" + "".join(f"{v:>10}" for v in row) + f"{sum(row):>10}")
    totals = [int((sources == s).sum()) for s in range(len(SOURCES))]
    lines.append(f"{'all':<16}" + "".join(f"{v:>10}" for v in totals) + f"{len(sources):>10}")
    return "\n".join(lines)
