"""Lookahead: the equity of the positions a play leads to, 0, 1 or 2 rolls deep.

A play is given by its *key*: ``(b, o_my)``, the mover's board after the play
and the opponent's board in the mover's numbering (as the move generator
gives them).  Every function of keys returns the **mover's** cubeless
equity for each key, so the best play has the largest value.

* :func:`static` (0-ply): the evaluator's estimate of the position after the play.
* :func:`one_ply`: the average, over the opponent's 21 rolls, of the position
  after the opponent's best reply (chosen by the 0-ply estimate).
* :func:`two_ply`: the same, but each position after the opponent's reply is
  itself valued one roll deep (the mover's 21 rolls, each with its best
  play).  Costly: about 21 x 21 move generations per candidate.

:func:`before_roll` takes positions instead: the five probabilities of the
side on roll before it rolls, one roll deep (each of its 21 rolls with its
best play by 0-ply); the expert's cube decisions and answers to resignations
use it.

An *evaluator* is any callable taking (me, them) boards, shape (N, 26),
seen from the side on roll, and returning (N, 5) probabilities for it;
:meth:`Network.evaluate_boards` is one.  Finished games are valued exactly
(1, 2 or 3 points).

>>> from engine import Position
>>> from engine.ai.bots import default_network
>>> keys = leaf_keys(Position.initial(), (3, 1))
>>> eq = static(default_network().evaluate_boards, keys)
>>> len(eq) == len(keys)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, List, Optional, Sequence, Tuple

import numpy as np

from ..moves import legal_leaves
from ..position import Position
from .expand import chosen_replies, reply_rows, roll_rows, static_rows, terminal_equity
from .network import equity, flip
from .prune import Pruner

__all__ = ["ROLLS", "ROLL_WEIGHTS", "Evaluator", "Key", "Pruning", "leaf_keys", "terminal_equity", "static", "one_ply", "two_ply", "before_roll"]

Board = Tuple[int, ...]
Key = Tuple[Board, Board]
Evaluator = Callable[[np.ndarray, np.ndarray], np.ndarray]


@dataclass(frozen=True)
class Pruning:
    """Two rolls deep, value only the ``keep`` plays of each roll that the
    small ``network`` (:mod:`engine.ai.prune`) ranks best."""

    network: Pruner
    keep: int = 3

#: the 21 distinct rolls and their probabilities
ROLLS: List[Tuple[int, int]] = [(a, b) for a in range(1, 7) for b in range(a, 7)]
ROLL_WEIGHTS = np.array([1.0 if a == b else 2.0 for a, b in ROLLS]) / 36.0


def leaf_keys(position: Position, dice: Sequence[int]) -> List[Key]:
    """The distinct results of the legal plays of ``position`` with ``dice``."""
    return list(legal_leaves(position, dice).keys())


def _boards(rows: bytearray, turned: bool = False) -> Tuple[np.ndarray, np.ndarray]:
    """Rows of 52 counts (:mod:`engine.ai.expand`) -> (me, them), float32
    (N, 26); ``turned``: the first board is in the other side's numbering
    (:func:`expand.roll_rows`' rows), turned around here."""
    arr = np.frombuffer(rows, dtype=np.uint8).reshape(-1, 52)
    if turned:
        return arr[:, 25::-1].astype(np.float32), arr[:, 26:].astype(np.float32)
    out = arr.astype(np.float32)
    return out[:, :26], out[:, 26:]


def _on_roll_equity(evaluate: Evaluator, rows: bytearray) -> np.ndarray:
    """Equity of the side on roll for each row."""
    me, them = _boards(rows)
    return equity(evaluate(me, them))


def _starts(groups: List[int]) -> np.ndarray:
    return np.concatenate(([0], np.cumsum(groups)[:-1])).astype(np.intp)


def _pick(values: np.ndarray, groups: List[int], best: bool) -> Tuple[np.ndarray, List[int]]:
    """Per group of consecutive ``values`` (sizes ``groups``, each at least
    one): the largest (``best``) or smallest value, and the index within
    its group of the first row that has it."""
    starts = _starts(groups)
    picked = (np.maximum if best else np.minimum).reduceat(values, starts)
    at = np.flatnonzero(values == np.repeat(picked, groups))
    first = at[np.searchsorted(at, starts)]
    return picked, (first - starts).tolist()


def static(evaluate: Evaluator, keys: Sequence[Key]) -> np.ndarray:
    """Mover's equity for each resulting board, 0-ply."""
    rows = bytearray()
    exact = static_rows(list(keys), rows)
    eq = -_on_roll_equity(evaluate, rows)
    for i, value in exact:
        eq[i] = value
    return eq


def _replies(evaluate: Evaluator, keys: Sequence[Key]) -> Tuple[np.ndarray, List[List[Optional[Key]]]]:
    """For each key and each of the opponent's 21 rolls: the mover's equity
    after the opponent's best reply (0-ply), and the positions those replies
    leave, as keys seen from the mover, now on roll (``(board, opponent in
    the mover's numbering)``), or ``None`` where the game is over."""
    keys = list(keys)
    rows = bytearray()
    groups, fixed, reply_keys = reply_rows(keys, rows)
    eq = _on_roll_equity(evaluate, rows)
    for idx, value in fixed:
        eq[idx] = value
    worst, picked = _pick(eq, groups, best=False)
    return worst.reshape(len(keys), len(ROLLS)), chosen_replies(keys, reply_keys, picked)


def one_ply(evaluate: Evaluator, keys: Sequence[Key]) -> np.ndarray:
    """Mover's equity for each resulting board after the opponent's roll and
    best reply, averaged over the 21 rolls."""
    worst, _ = _replies(evaluate, keys)
    return worst @ ROLL_WEIGHTS


def _mover_wins(points: float) -> np.ndarray:
    """The five probabilities of a side that has just borne off its last
    checker and wins ``points`` (1, 2 or 3)."""
    return np.array([1.0, float(points >= 2), float(points >= 3), 0.0, 0.0], dtype=np.float32)


def before_roll(evaluate: Evaluator, positions: Sequence[Position]) -> np.ndarray:
    """(N, 5) probabilities of the side on roll in each position, before it
    rolls, one roll deep: for each of its 21 rolls the play it likes best at
    0-ply, the five probabilities of the position that play leaves (finished
    games exactly), averaged over the rolls.

    >>> from engine.ai.bots import default_network
    >>> p = before_roll(default_network().evaluate_boards, [Position.initial()])
    >>> p.shape, 0.45 < float(p[0, 0]) < 0.6
    ((1, 5), True)
    """
    return _before_roll_boards(evaluate, [pos.boards for pos in positions])


def _before_roll_boards(evaluate: Evaluator, boards: List[Tuple[Board, Board]], prune: Optional[Pruning] = None) -> np.ndarray:
    """:func:`before_roll` of positions given as (the side on roll's board,
    the other's), each in its own numbering; with ``prune``, only the plays
    its network ranks best for each roll are valued (:func:`_deep_rows`)."""
    if not boards:
        return np.zeros((0, 5), dtype=np.float32)
    rows = bytearray()
    groups, exact = roll_rows(boards, rows)
    return _best_of_rolls(evaluate, rows, groups, exact, len(boards), prune)


def _best_of_rolls(evaluate: Evaluator, rows: bytearray, groups: List[int], exact: List[Tuple[int, float]],
                   count: int, prune: Optional[Pruning] = None) -> np.ndarray:
    """(count, 5): for ``count`` positions of 21 groups of rows each (the
    results of each roll's plays, the other side on roll), the five
    probabilities after each roll's best play, averaged over the rolls."""
    me, them = _boards(rows, turned=True)
    exact_at = np.array([i for i, _ in exact], dtype=np.intp)
    if prune is not None:
        me, them, groups, exact_at, kept = _pruned(prune, me, them, groups, exact_at)
        exact = [exact[j] for j in kept]
    mine = flip(evaluate(me, them))  # back to the side that played
    for idx, (_, points) in zip(exact_at, exact):
        mine[idx] = _mover_wins(points)
    _, picked = _pick(equity(mine), groups, best=True)
    best_at = _starts(groups) + np.asarray(picked, dtype=np.intp)
    chosen = mine[best_at].reshape(count, len(ROLLS), 5)
    averaged: np.ndarray = np.einsum("nrk,r->nk", chosen, ROLL_WEIGHTS).astype(np.float32)
    return averaged


def _pruned(prune: Pruning, me: np.ndarray, them: np.ndarray, groups: List[int],
            exact_at: np.ndarray) -> Tuple[np.ndarray, np.ndarray, List[int], np.ndarray, List[int]]:
    """Only the ``prune.keep`` rows of each group that the pruning network
    likes best for the side that played (and every finished game): the rows,
    the new groups' sizes, where the finished games now are, and which of
    them were kept (all)."""
    guess = -prune.network.scores(me, them)  # for the side that played
    if len(exact_at):
        guess[exact_at] = np.inf
    sizes = np.asarray(groups, dtype=np.intp)
    gid = np.repeat(np.arange(len(groups)), sizes)
    order = np.lexsort((-guess, gid))
    rank = np.arange(len(order)) - _starts(groups)[gid[order]]
    keep = np.sort(order[rank < prune.keep])
    where = np.full(len(guess), -1, dtype=np.intp)
    where[keep] = np.arange(len(keep))
    return me[keep], them[keep], np.minimum(sizes, prune.keep).tolist(), where[exact_at], list(range(len(exact_at)))


def two_ply(evaluate: Evaluator, keys: Sequence[Key], prune: Optional[Pruning] = None,
            budget: Optional[int] = None) -> np.ndarray:
    """Mover's equity for each resulting board two rolls deep: the opponent's
    best reply to each of its rolls (by 0-ply), then that position valued
    one roll deep (with ``prune``, each roll's best play among those its
    small network ranks first).

    ``budget``: the most boards the second roll may generate (a bound on
    the time, the same on every machine); the keys are searched in order
    while it lasts, never fewer than one, and the result has a value for
    each key searched (perhaps fewer than the keys)."""
    keys = list(keys)
    worst, chosen = _replies(evaluate, keys)
    rows = bytearray()
    groups: List[int] = []
    exact: List[Tuple[int, float]] = []
    where: List[Tuple[int, int]] = []
    searched = 0
    for k, per_roll in enumerate(chosen):
        todo = [(r, pos) for r, pos in enumerate(per_roll) if pos is not None]
        mark = len(rows)
        more, finished = roll_rows([(me, opp_my[::-1]) for _, (me, opp_my) in todo], rows)
        if budget is not None and k > 0 and len(rows) // 52 > budget:  # the boards generated
            del rows[mark:]
            break
        first = mark // 52
        exact.extend((first + i, points) for i, points in finished)
        groups.extend(more)
        where.extend((k, r) for r, _ in todo)
        searched = k + 1
    values = worst[:searched].copy()
    if where:
        deep = equity(_best_of_rolls(evaluate, rows, groups, exact, len(where), prune))
        for (k, r), v in zip(where, deep):
            values[k, r] = v
    averaged: np.ndarray = values @ ROLL_WEIGHTS
    return averaged
