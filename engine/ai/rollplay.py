"""The rollouts' player: the network at 0-ply, many positions and rolls at once.

A rollout (:mod:`engine.rollout`) plays hundreds of games in lockstep
(:mod:`engine.ai.rollgames`); at each roll every game asks this player for
its best play.  :meth:`Player.choices` answers all of them together: each
position's legal plays for each roll asked (:func:`engine.moves.key_leaves`),
ranked by the small pruning network (:mod:`engine.ai.prune`), the best
:data:`PRUNE_KEEP` of each roll valued in one numpy batch (the network, or the
exact bear-off database where both sides are all at home, as
:meth:`engine.ai.bots.NetBot` values them; a game won by the play scores
1, 2 or 3 points exactly), and per (position, roll) the play whose result is
worth most to the mover.  With variance reduction a game needs all 21 rolls
of its position (the luck of the roll actually thrown is its value against
the average), so positions met again are remembered (:data:`CACHE_PLIES`).

A position is a :data:`Boards` pair: the side on roll's board and the other
side's, each a 26-tuple in its own numbering (0 borne off, 1..24, 25 bar).

>>> from engine import Position
>>> player = Player()
>>> start = Position.initial().boards
>>> choice = player.choices({start: [ROLL_INDEX[(3, 1)]]})[start][ROLL_INDEX[(3, 1)]]
>>> Position.from_boards(*choice.after).swapped() == Position.initial().apply(((8, 5), (6, 5)))
True
>>> choice.points, choice.contact, 0.3 < float(choice.probs[0]) < 0.5   # the other side's chances, now on roll
(0, True, True)
"""

from __future__ import annotations

from typing import Callable, Dict, Iterable, List, Mapping, NamedTuple, Optional, Sequence, Tuple

import numpy as np

from ..moves import key_leaves
from ..position import Board
from . import race
from .encode import contact
from .network import Network, equity
from .prune import Pruner
from .search import ROLL_WEIGHTS, ROLLS, terminal_equity

#: a position: (the side on roll's board, the other side's), each in its own numbering
Boards = Tuple[Board, Board]
#: (me, them) boards (N, 26) -> (N, 5) probabilities of the side on roll
Evaluator = Callable[[np.ndarray, np.ndarray], np.ndarray]

#: the 21 distinct rolls (as :data:`engine.ai.search.ROLLS`), each ordered roll's index among them
ROLL_INDEX: Dict[Tuple[int, int], int] = {}
for _r, (_a, _b) in enumerate(ROLLS):
    ROLL_INDEX[(_a, _b)] = ROLL_INDEX[(_b, _a)] = _r
#: each distinct roll's chance (1/36, or 2/36 for two different dice), float64
WEIGHTS = np.asarray(ROLL_WEIGHTS, dtype=np.float64)
ALL_ROLLS = tuple(range(len(ROLLS)))
#: positions reached within this many rolls of the start are remembered between batches
#: (the first two rolls take every pair of rolls: they meet the same positions again and again)
CACHE_PLIES = 3
#: at most this many remembered positions; past it the memory starts afresh
CACHE_LIMIT = 20_000
#: with the pruning network (engine/ai/prune.py), how many plays of each roll the real network values
PRUNE_KEEP = 5


class Choice(NamedTuple):
    """A roll's best play from a position, as the player values it.

    ``after``: the position it leaves, the other side now on roll (``None``
    when the play bore off the last checker); ``probs``: the five
    probabilities of that side, now on roll (float64; exact when the game is
    over); ``points``: 1, 2 or 3 when the play won the game, else 0;
    ``contact``: whether the sides can still hit each other after it."""

    after: Optional[Boards]
    probs: np.ndarray
    points: int
    contact: bool


def won_probabilities(points: int) -> np.ndarray:
    """The five probabilities of a side that has just won ``points`` (1..3).

    >>> won_probabilities(2).tolist()
    [1.0, 1.0, 0.0, 0.0, 0.0]
    """
    return np.array([1.0, float(points >= 2), float(points >= 3), 0.0, 0.0])


def flipped(probs: np.ndarray) -> np.ndarray:
    """Five probabilities (or rows of them) seen from the other side (float64).

    >>> flipped(np.array([0.75, 0.25, 0.0, 0.125, 0.0])).tolist()
    [0.25, 0.125, 0.0, 0.25, 0.0]
    """
    p = np.asarray(probs, dtype=np.float64)
    out = np.empty_like(p)
    out[..., 0] = 1.0 - p[..., 0]
    out[..., 1], out[..., 2] = p[..., 3], p[..., 4]
    out[..., 3], out[..., 4] = p[..., 1], p[..., 2]
    return out


def flipped_difference(d: np.ndarray) -> np.ndarray:
    """A difference of five probabilities (or rows of them) seen from the
    other side: :func:`flipped` without its constant.

    >>> flipped_difference(np.array([0.5, 0.25, 0.0, 0.125, 0.0])).tolist()
    [-0.5, 0.125, 0.0, 0.25, 0.0]
    """
    out = np.empty_like(d)
    out[..., 0] = -d[..., 0]
    out[..., 1], out[..., 2] = d[..., 3], d[..., 4]
    out[..., 3], out[..., 4] = d[..., 1], d[..., 2]
    return out


def in_contact(position: Boards) -> bool:
    """Can the sides still hit each other?

    >>> from engine import Position
    >>> in_contact(Position.initial().boards)
    True
    """
    me, them = position
    my_back = max((p for p in range(25, 0, -1) if me[p]), default=0)
    their_back = max((p for p in range(25, 0, -1) if them[p]), default=0)
    return my_back + their_back > 25


def _first_few(guess: np.ndarray, groups: Sequence[int], starts: np.ndarray, keep: int) -> np.ndarray:
    """Per group of consecutive ``guess`` values, the ``keep`` smallest (their indices)."""
    gid = np.repeat(np.arange(len(groups)), np.asarray(groups, dtype=np.intp))
    order = np.lexsort((guess, gid))
    rank = np.arange(len(order)) - starts[gid[order]]
    picked: np.ndarray = order[rank < keep]
    return picked


class Player:
    """The network at 0-ply (the database in bear-offs), for rollouts.

    ``net``: the network (the shipped one by default).  It remembers the
    choices made in positions reached early in a game (see
    :data:`CACHE_PLIES`), for the next batches of the same rollout process.
    """

    def __init__(self, net: Optional[Network] = None, prune: Optional[Pruner] = None, keep: int = PRUNE_KEEP):
        if net is None:
            from .bots import default_network
            from .prune import default_pruner

            net = default_network()
            prune = default_pruner() if prune is None else prune
        self.net = net
        #: the small network that picks which plays of a roll the real one values (None: all)
        self.prune = prune
        self.keep = keep
        self._known: Dict[Boards, List[Optional[Choice]]] = {}

    def evaluate(self, positions: Sequence[Boards]) -> np.ndarray:
        """(N, 5) float64 probabilities of the side on roll in each position,
        before it rolls: the network, the database where both sides are all at home."""
        if not positions:
            return np.zeros((0, 5))
        arr = np.array([me + them for me, them in positions], dtype=np.float32)
        return np.asarray(self._evaluate(arr[:, :26], arr[:, 26:]), dtype=np.float64)

    def _evaluate(self, me: np.ndarray, them: np.ndarray) -> np.ndarray:
        return race.evaluate_boards(self.net.evaluate_boards, me, them)

    def _worth_valuing(self, on_roll: np.ndarray, mover: np.ndarray, where: np.ndarray, groups: Sequence[int],
                       starts: np.ndarray, done: np.ndarray) -> np.ndarray:
        """The rows the real network values: with the pruning network, each
        (position, roll)'s :attr:`keep` plays it ranks best for the mover
        (the rest cannot be chosen), and every finished game; else all."""
        if self.prune is None:
            return np.arange(len(on_roll))
        guess = self.prune.scores(on_roll, mover)  # the other side's equity, on roll: the mover wants it low
        guess[done] = -np.inf
        picked = _first_few(guess[where], groups, starts, self.keep)
        needed: np.ndarray = np.unique(where[picked])
        return needed

    def choices(self, wanted: Mapping[Boards, Iterable[int]], remember: bool = False) -> Dict[Boards, List[Optional[Choice]]]:
        """For each position and each roll asked (indices into
        :data:`engine.ai.search.ROLLS`): its :class:`Choice`, in a list of 21
        per position (the rolls not asked for may be ``None``).  All the
        plays of all of them are valued in one batch.  ``remember``: keep
        these positions' choices for later calls."""
        table: Dict[Boards, List[Optional[Choice]]] = {}
        todo: List[Tuple[Boards, int]] = []
        for position, rolls in wanted.items():
            known = self._known.get(position)
            row = table[position] = list(known) if known is not None else [None] * len(ROLLS)
            todo.extend((position, r) for r in rolls if row[r] is None)
        for (position, r), choice in zip(todo, self._decide(todo)):
            table[position][r] = choice
        if remember:
            if len(self._known) > CACHE_LIMIT:
                self._known.clear()
            for position in wanted:
                self._known[position] = table[position]
        return table

    def _decide(self, todo: Sequence[Tuple[Boards, int]]) -> List[Choice]:
        """The best play of each (position, roll), by 0-ply, in one batch.

        Each resulting position is a row of 52 bytes, the mover's opponent's
        board in the mover's numbering (as the move generator keys it) then
        the mover's; equal rows (two rolls that reach the same position) are
        valued once."""
        if not todo:
            return []
        unique: Dict[bytes, int] = {}
        rows: List[bytes] = []
        index: List[int] = []  # per leaf: its row among the unique ones
        groups: List[int] = []
        nexts: List[Tuple[Board, Board]] = []  # per leaf: the move generator's key (mover's board, the other's in its numbering)
        for (me, them), r in todo:
            d1, d2 = ROLLS[r]
            leaves = key_leaves(me, them[::-1], d1, d2)
            keys = list(leaves) if leaves else [(me, them[::-1])]  # no play: the same boards, the other side on roll
            for b, o_my in keys:
                row = bytes(o_my) + bytes(b)
                at = unique.get(row)
                if at is None:
                    at = unique[row] = len(rows)
                    rows.append(row)
                index.append(at)
                nexts.append((b, o_my))
            groups.append(len(keys))
        arr = np.frombuffer(b"".join(rows), dtype=np.uint8).reshape(len(rows), 52)
        on_roll = np.ascontiguousarray(arr[:, 25::-1], dtype=np.float32)  # the mover's opponent, in its own numbering
        mover = np.ascontiguousarray(arr[:, 26:], dtype=np.float32)
        done = np.flatnonzero(arr[:, 26] == 15)  # the mover has borne off its last checker
        starts = np.concatenate(([0], np.cumsum(groups)[:-1])).astype(np.intp)
        where = np.asarray(index, dtype=np.intp)
        probs = np.full((len(rows), 5), np.nan)
        needed = self._worth_valuing(on_roll, mover, where, groups, starts, done)
        probs[needed] = np.asarray(self._evaluate(on_roll[needed], mover[needed]), dtype=np.float64)
        points = np.zeros(len(rows), dtype=np.int64)
        for i in done.tolist():
            points[i] = int(terminal_equity(tuple(rows[i][26:]), tuple(rows[i][25::-1])))
            probs[i] = flipped(won_probabilities(int(points[i])))  # the other side has lost
        value = equity(probs)[where]  # the other side's, on roll: the mover's best leaves it least
        value[np.isnan(value)] = np.inf  # a play the pruning left out is never the best
        best = [s + int(np.argmin(value[s : s + g])) for s, g in zip(starts.tolist(), groups)]
        rows_best = where[best]
        touching = contact(on_roll[rows_best], mover[rows_best]) > 0
        out: List[Choice] = []
        for leaf, i, near in zip(best, rows_best.tolist(), touching.tolist()):
            b, o_my = nexts[leaf]
            won = int(points[i])
            out.append(Choice(None if won else (o_my[::-1], b), probs[i], won, bool(near)))
        return out
