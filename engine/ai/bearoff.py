"""The one-sided bear-off database: how many rolls one side needs to bear off.

Every way of having up to 15 checkers on the six home points (54,264
positions, the empty board included) has the distribution of the number of
rolls it needs to bear off all its checkers, with play that minimises the
expected number of rolls (the standard choice of one-sided databases).  Each
15-checker position also has the distribution of the rolls it needs to bear
off its *first* checker (play minimising that expectation): this is what
tells gammon chances.

The generator walks the positions from the fewest pips up, asking the
engine's move generator for every roll's plays, and writes
``assets/bearoff.npz``::

    python -m engine.ai.bearoff --out assets/bearoff.npz

Positions are numbered as GNU Backgammon numbers its one-sided bear-off
databases (the combinatorial number system):

>>> index((0, 0, 0, 0, 0, 0)), index((1, 0, 0, 0, 0, 0)), index((0, 1, 0, 0, 0, 0))
(0, 1, 2)
>>> counts(index((2, 0, 3, 0, 0, 1)))
(2, 0, 3, 0, 0, 1)
>>> db = BearoffDatabase.load()
>>> db.expected_rolls((1, 0, 0, 0, 0, 0)), db.expected_rolls((0, 0, 0, 0, 0, 1))
(1.0, 1.25)

From two one-sided distributions, the chances of the side on roll in a pure
race where both sides are all in their home boards:

>>> p = db.probabilities((0, 0, 0, 0, 0, 1), (1, 0, 0, 0, 0, 0))
>>> round(float(p[0]), 4)   # a 6 to bear off, else the 1-point checker wins
0.75
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from math import comb
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

import numpy as np

from ..errors import BackgammonError
from ..moves import successors
from ..position import Position
from ..resources import assets_dir

POINTS = 6
CHECKERS = 15
#: positions with 0..15 checkers on the six home points
N_POSITIONS = comb(POINTS + CHECKERS, POINTS)  # 54,264
#: 15-checker positions (the gammon distributions)
N_FULL = comb(POINTS + CHECKERS - 1, POINTS - 1)  # 15,504
#: the longest distribution kept (no position needs more rolls)
MAX_ROLLS = 32
#: probabilities are stored as multiples of 1 / SCALE in uint16
SCALE = 65535
DEFAULT_PATH = assets_dir() / "bearoff.npz"
#: the exact two-sided table for small positions (see :mod:`engine.ai.bearoff2`)
SMALL_PATH = assets_dir() / "bearoff2.npz"

ROLLS: Tuple[Tuple[int, int], ...] = tuple((a, b) for a in range(1, 7) for b in range(a, 7))
ROLL_WEIGHTS = np.array([1.0 if a == b else 2.0 for a, b in ROLLS]) / 36.0

Counts = Tuple[int, ...]


class BearoffDatabaseError(BackgammonError):
    """A bear-off position or database file that cannot be used."""


# -- numbering -------------------------------------------------------------
def _check(c: Sequence[int]) -> Counts:
    t = tuple(c)
    if len(t) != POINTS or any((not isinstance(n, (int, np.integer))) or n < 0 for n in t) or sum(t) > CHECKERS:
        raise BearoffDatabaseError(f"a bear-off position is 6 counts (points 1..6) of 0..15 checkers in all, got {c!r}")
    return tuple(int(n) for n in t)


def index(c: Sequence[int]) -> int:
    """The position's number, 0 .. N_POSITIONS - 1 (``c``: checkers on points 1..6).

    The checkers and the gaps between points form a row of 21 slots of
    which 6 are gaps; the index ranks that choice (GNU Backgammon's order).
    """
    c = _check(c)
    j = POINTS - 1 + sum(c)
    bits = 1 << j
    for n in c[:-1]:
        j -= n + 1
        bits |= 1 << j
    # rank the set bits among 21 slots
    result, r = 0, POINTS
    for n in range(POINTS + CHECKERS, 0, -1):
        if n == r:
            break
        if bits & (1 << (n - 1)):
            result += comb(n - 1, r)
            r -= 1
    return result


_COMB = np.array([[comb(n, r) for r in range(POINTS + 1)] for n in range(POINTS + CHECKERS + 1)], dtype=np.int64)


def index_many(c: np.ndarray) -> np.ndarray:
    """:func:`index` of each row of an (N, 6) array of valid counts, vectorised.

    >>> index_many(np.array([[0, 0, 0, 0, 0, 0], [2, 0, 3, 0, 0, 1]])).tolist() == [0, index((2, 0, 3, 0, 0, 1))]
    True
    """
    c = np.asarray(c, dtype=np.int64)
    j = POINTS - 1 + c.sum(axis=1)
    bits = np.left_shift(1, j)
    for k in range(POINTS - 1):
        j = j - c[:, k] - 1
        bits |= np.left_shift(1, j)
    result = np.zeros(len(c), dtype=np.int64)
    r = np.full(len(c), POINTS, dtype=np.int64)
    for n in range(POINTS + CHECKERS, 0, -1):
        take = (n > r) & ((bits >> (n - 1)) & 1 == 1)
        result += np.where(take, _COMB[n - 1, np.minimum(r, POINTS)], 0)
        r -= take
    return result


def counts(i: int) -> Counts:
    """The inverse of :func:`index`."""
    if not 0 <= i < N_POSITIONS:
        raise BearoffDatabaseError(f"bear-off index must be 0..{N_POSITIONS - 1}, got {i}")
    bits, r = 0, POINTS
    for n in range(POINTS + CHECKERS, 0, -1):
        if n == r:
            bits |= (1 << n) - 1  # the remaining slots are all gaps
            break
        if i >= comb(n - 1, r):
            i -= comb(n - 1, r)
            bits |= 1 << (n - 1)
            r -= 1
    # read back: the gaps between the six set bits are the counts of points
    # 1..5 (plus one); the lowest set bit's place is the count of point 6
    ones = [b for b in range(POINTS + CHECKERS - 1, -1, -1) if bits & (1 << b)]
    return tuple(ones[k] - ones[k + 1] - 1 for k in range(POINTS - 1)) + (ones[-1],)


def all_positions() -> List[Counts]:
    """Every position, by index."""
    return [counts(i) for i in range(N_POSITIONS)]


# -- the generator ----------------------------------------------------------
def plays_by_roll(c: Counts) -> List[List[Counts]]:
    """For each of the 21 rolls, the distinct home boards the legal plays reach
    (asked of the engine's move generator; the other side is borne off)."""
    pos = Position(list(c) + [0] * 19, [0] * 25)
    out = []
    for roll in ROLLS:
        out.append(list({p.on_roll_counts()[:POINTS] for _, p in successors(pos, roll)}))
    return out


def _expected(dist: np.ndarray) -> float:
    return float(dist @ np.arange(dist.shape[-1]))


def generate(progress: bool = False) -> Dict[str, np.ndarray]:
    """Compute both tables: float64 (N_POSITIONS, MAX_ROLLS) distributions of
    the rolls to bear off all, and (N_FULL, MAX_ROLLS) of the rolls to bear
    off the first checker (15-checker positions, by index among them)."""
    positions = all_positions()
    order = sorted(range(N_POSITIONS), key=lambda i: sum((p + 1) * n for p, n in enumerate(positions[i])))
    dist = np.zeros((N_POSITIONS, MAX_ROLLS))
    mean = np.zeros(N_POSITIONS)
    full_ids = [i for i in range(N_POSITIONS) if sum(positions[i]) == CHECKERS]
    full_of = {i: k for k, i in enumerate(full_ids)}
    gdist = np.zeros((N_FULL, MAX_ROLLS))
    gmean = np.zeros(N_FULL)
    dist[0, 0] = 1.0
    start = time.time()
    for done, i in enumerate(order):
        if i == 0:
            continue
        c = positions[i]
        acc = np.zeros(MAX_ROLLS)
        gacc = np.zeros(MAX_ROLLS)
        full = i in full_of
        for w, boards in zip(ROLL_WEIGHTS, plays_by_roll(c)):
            idx = [index(b) for b in boards]
            best = min(idx, key=lambda k: mean[k])
            acc[1:] += w * dist[best, :-1]
            if full:
                if any(sum(b) < CHECKERS for b in boards):
                    gacc[1] += w  # a checker comes off this roll
                else:
                    gbest = min(idx, key=lambda k: gmean[full_of[k]])
                    gacc[1:] += w * gdist[full_of[gbest], :-1]
        dist[i] = acc
        mean[i] = _expected(acc)
        if full:
            gdist[full_of[i]] = gacc
            gmean[full_of[i]] = _expected(gacc)
        if progress and done % 5000 == 0:
            print(f"  {done} / {N_POSITIONS} positions, {time.time() - start:.0f} s", flush=True)
    return {"dist": dist, "gammon": gdist}


def _pack(table: np.ndarray) -> Dict[str, np.ndarray]:
    """Keep each row's non-zero stretch only, quantised to uint16 (rows
    re-scaled on loading so each sums to 1)."""
    q = np.rint(table * SCALE).astype(np.int64)
    starts = np.zeros(len(q), dtype=np.uint8)
    lengths = np.zeros(len(q), dtype=np.uint8)
    chunks = []
    for i, row in enumerate(q):
        nz = np.flatnonzero(row)
        lo, hi = int(nz[0]), int(nz[-1]) + 1
        starts[i], lengths[i] = lo, hi - lo
        chunks.append(row[lo:hi])
    return {"start": starts, "length": lengths, "data": np.concatenate(chunks).astype(np.uint16)}


def _unpack(start: np.ndarray, length: np.ndarray, data: np.ndarray) -> np.ndarray:
    n = len(start)
    out = np.zeros((n, MAX_ROLLS))
    offsets = np.concatenate(([0], np.cumsum(length.astype(np.int64))[:-1]))
    rows = np.repeat(np.arange(n), length.astype(np.int64))
    within = np.arange(len(data)) - np.repeat(offsets, length.astype(np.int64))
    out[rows, start.astype(np.int64)[rows] + within] = data
    result: np.ndarray = out / out.sum(axis=1, keepdims=True)
    return result


def save(tables: Dict[str, np.ndarray], path: str | Path) -> None:
    path = Path(path)
    packed = {f"dist_{k}": v for k, v in _pack(tables["dist"]).items()}
    packed.update({f"gammon_{k}": v for k, v in _pack(tables["gammon"]).items()})
    tmp = path.with_name(path.name + ".tmp.npz")
    np.savez_compressed(tmp, **packed)  # type: ignore[arg-type]
    tmp.replace(path)


# -- the lookup ------------------------------------------------------------
class BearoffDatabase:
    """The loaded database.  Positions are 6 counts (points 1..6) or an index."""

    def __init__(self, dist: np.ndarray, gammon: np.ndarray, small: Optional[np.ndarray] = None):
        if dist.shape != (N_POSITIONS, MAX_ROLLS) or gammon.shape != (N_FULL, MAX_ROLLS):
            raise BearoffDatabaseError(f"bear-off tables have shapes {dist.shape} and {gammon.shape}")
        if small is not None and (small.ndim != 2 or small.shape[0] != small.shape[1] or small.shape[0] > N_POSITIONS):
            raise BearoffDatabaseError(f"the two-sided bear-off table has shape {small.shape}")
        #: exact P(win) of the side on roll for pairs of small positions (indices below its size), or None
        self.small = small
        self.dist = dist
        self.gammon = gammon
        steps = np.arange(MAX_ROLLS)
        self.means = dist @ steps
        # P(needs at least k rolls), for k = 0..MAX_ROLLS
        self.at_least = np.concatenate((np.ones((N_POSITIONS, 1)), 1.0 - np.cumsum(dist, axis=1)), axis=1)
        # with one row of zeros more for every side with a checker off (never
        # gammoned); g_at_least is a view of it, not a second 4 MB copy
        self._g_at_least_all = np.concatenate((np.ones((N_FULL, 1)), 1.0 - np.cumsum(gammon, axis=1)), axis=1)
        self._g_at_least_all = np.concatenate((self._g_at_least_all, np.zeros((1, MAX_ROLLS + 1))), axis=0)
        self.g_at_least = self._g_at_least_all[:N_FULL]
        # every 15-checker position, by stars and bars: 5 bars among 20 places
        bars = np.array(list(itertools.combinations(range(CHECKERS + POINTS - 1), POINTS - 1)))
        edges = np.column_stack((np.full(len(bars), -1), bars, np.full(len(bars), CHECKERS + POINTS - 1)))
        full = np.sort(index_many(np.diff(edges, axis=1) - 1))
        #: each position's rank among the 15-checker positions, -1 for the others
        self.full_rank = np.full(N_POSITIONS, -1, dtype=np.int64)
        self.full_rank[full] = np.arange(N_FULL)

    @classmethod
    def load(cls, path: str | Path = DEFAULT_PATH, small_path: str | Path | None = SMALL_PATH) -> "BearoffDatabase":
        """The one-sided tables from ``path`` and, when ``small_path`` names a
        file that exists, the two-sided table for small positions."""
        try:
            with np.load(Path(path), allow_pickle=False) as data:
                d = _unpack(data["dist_start"], data["dist_length"], data["dist_data"])
                g = _unpack(data["gammon_start"], data["gammon_length"], data["gammon_data"])
            small = None
            if small_path is not None and Path(small_path).exists():
                path = small_path
                with np.load(Path(small_path), allow_pickle=False) as data:
                    small = np.asarray(data["win"], dtype=np.float64)
        except (OSError, KeyError, ValueError, IndexError) as exc:
            raise BearoffDatabaseError(f"cannot read the bear-off database {path}: {exc}") from exc
        return cls(d, g, small)

    @staticmethod
    def _id(position: Sequence[int] | int) -> int:
        return position if isinstance(position, int) else index(position)

    def distribution(self, position: Sequence[int] | int) -> np.ndarray:
        """P(exactly k rolls bear off every checker), k = 0 .. MAX_ROLLS - 1."""
        row: np.ndarray = self.dist[self._id(position)]
        return row

    def expected_rolls(self, position: Sequence[int] | int) -> float:
        """The mean of :meth:`distribution`, to 4 decimals (the stored
        probabilities are good to about 1e-5)."""
        return round(float(self.means[self._id(position)]), 4)

    def gammon_distribution(self, position: Sequence[int] | int) -> np.ndarray:
        """P(exactly k rolls bear off the first checker); k = 0 for sure when
        fewer than 15 checkers are left."""
        k = int(self.full_rank[self._id(position)])
        if k < 0:
            row: np.ndarray = np.eye(1, MAX_ROLLS)[0]
        else:
            row = self.gammon[k]
        return row

    def probabilities(self, on_roll: Sequence[int] | int, opponent: Sequence[int] | int) -> np.ndarray:
        """The five outcome probabilities (win, gammon win, backgammon win,
        gammon loss, backgammon loss) of the side on roll, before it rolls,
        when both sides have all their checkers on their home points.
        Neither side can be backgammoned (the loser is all at home)."""
        row: np.ndarray = self.probabilities_many(np.array([self._id(on_roll)]), np.array([self._id(opponent)]))[0]
        return row

    def probabilities_many(self, on_roll: np.ndarray, opponent: np.ndarray) -> np.ndarray:
        """:meth:`probabilities` for arrays of indices: (N, 5)."""
        a, b = np.asarray(on_roll, dtype=np.int64), np.asarray(opponent, dtype=np.int64)
        da, db = self.dist[a], self.dist[b]
        ga = self._g_at_least_all[np.where(self.full_rank[a] >= 0, self.full_rank[a], N_FULL)]
        gb = self._g_at_least_all[np.where(self.full_rank[b] >= 0, self.full_rank[b], N_FULL)]
        out = np.zeros((len(a), 5))
        # the side on roll finishes on its k-th roll, before the opponent's k-th:
        # it wins if the opponent needs at least k rolls, a gammon if the
        # opponent needs at least k to bear off its first checker
        out[:, 0] = np.einsum("ij,ij->i", da, self.at_least[b, :MAX_ROLLS])
        out[:, 1] = np.einsum("ij,ij->i", da, gb[:, :MAX_ROLLS])
        # the opponent finishes on its k-th roll when the side on roll has not
        # borne off a checker in k rolls
        out[:, 3] = np.einsum("ij,ij->i", db, ga[:, 1:])
        if self.small is not None:
            # both sides small: the exact two-sided chance (no gammons there)
            n = self.small.shape[0]
            both = (a < n) & (b < n)
            out[both, 0] = self.small[a[both], b[both]]
        return out


_DEFAULT: List[BearoffDatabase] = []


def default_database() -> BearoffDatabase:
    """The shipped database, loaded once."""
    if not _DEFAULT:
        _DEFAULT.append(BearoffDatabase.load())
    return _DEFAULT[0]


def home_counts(side: Iterable[int]) -> Counts | None:
    """A side's 25 counts (points 1..24, bar) -> its six home counts, or None
    when a checker is outside the home board or on the bar."""
    c = tuple(side)
    if any(c[POINTS:]):
        return None
    return c[:POINTS]


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="Generate the one-sided bear-off database.")
    ap.add_argument("--out", default=str(DEFAULT_PATH))
    args = ap.parse_args(argv)
    start = time.time()
    tables = generate(progress=True)
    save(tables, args.out)
    size = Path(args.out).stat().st_size
    print(f"wrote {args.out}: {N_POSITIONS} positions, {size / 1024:.0f} KiB, {time.time() - start:.0f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
