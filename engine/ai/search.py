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

from typing import Callable, List, Optional, Sequence, Tuple

import numpy as np

from ..moves import legal_leaves
from ..position import Position
from .network import equity, flip

Board = Tuple[int, ...]
Key = Tuple[Board, Board]
Evaluator = Callable[[np.ndarray, np.ndarray], np.ndarray]

#: the 21 distinct rolls and their probabilities
ROLLS: List[Tuple[int, int]] = [(a, b) for a in range(1, 7) for b in range(a, 7)]
ROLL_WEIGHTS = np.array([1.0 if a == b else 2.0 for a, b in ROLLS]) / 36.0


def leaf_keys(position: Position, dice: Sequence[int]) -> List[Key]:
    """The distinct results of the legal plays of ``position`` with ``dice``."""
    return list(legal_leaves(position, dice).keys())


def terminal_equity(b: Board, o_own: Board) -> float:
    """Points won by a side that has just borne off its last checker
    (``o_own``: the loser's board in its own numbering)."""
    if o_own[0] > 0:
        return 1.0
    if o_own[25] or any(o_own[19:25]):
        return 3.0
    return 2.0


def _on_roll_equity(evaluate: Evaluator, rows: List[Board]) -> np.ndarray:
    """Equity of the side on roll for rows of 52 slots (its board, then the other's)."""
    arr = np.array(rows, dtype=np.float32)
    return equity(evaluate(arr[:, :26], arr[:, 26:]))


def static(evaluate: Evaluator, keys: Sequence[Key]) -> np.ndarray:
    """Mover's equity for each resulting board, 0-ply."""
    eq = -_on_roll_equity(evaluate, [o_my[::-1] + b for b, o_my in keys])
    for i, (b, o_my) in enumerate(keys):
        if b[0] == 15:
            eq[i] = terminal_equity(b, o_my[::-1])
    return eq


def _replies(evaluate: Evaluator, keys: Sequence[Key]) -> Tuple[np.ndarray, List[List[Optional[Key]]]]:
    """For each key and each of the opponent's 21 rolls: the mover's equity
    after the opponent's best reply (0-ply), and the positions those replies
    leave, as keys seen from the mover, now on roll (``(board, opponent in
    the mover's numbering)``), or ``None`` where the game is over."""
    rows: List[Board] = []
    groups: List[int] = []
    fixed: List[Tuple[int, float]] = []  # (row, mover's equity) for finished games
    reply_keys: List[List[Key]] = []  # per key and roll: the candidate replies
    for b, o_my in keys:
        if b[0] == 15:
            value = terminal_equity(b, o_my[::-1])
            for _ in ROLLS:
                fixed.append((len(rows), value))
                rows.append(b + o_my[::-1])
                groups.append(1)
                reply_keys.append([])
            continue
        opp_view = Position.from_boards(o_my[::-1], b)
        for roll in ROLLS:
            legal = legal_leaves(opp_view, roll)
            if not legal:  # the opponent passes: the mover is on roll on the same boards
                rows.append(b + o_my[::-1])
                groups.append(1)
                reply_keys.append([(b, o_my)])
                continue
            cands: List[Key] = []
            for ob, m_theirs in legal:
                if ob[0] == 15:
                    fixed.append((len(rows), -terminal_equity(ob, m_theirs[::-1])))
                rows.append(m_theirs[::-1] + ob)
                # the mover on roll: its board, the opponent in the mover's numbering
                cands.append((m_theirs[::-1], ob[::-1]))
            groups.append(len(legal))
            reply_keys.append(cands)
    eq = _on_roll_equity(evaluate, rows)
    for idx, value in fixed:
        eq[idx] = value
    starts = np.concatenate(([0], np.cumsum(groups)[:-1]))
    worst_at = [int(s + np.argmin(eq[s : s + g])) for s, g in zip(starts, groups)]
    worst = eq[worst_at].reshape(len(keys), len(ROLLS))
    chosen: List[List[Optional[Key]]] = []
    for k, (b, _) in enumerate(keys):
        per_roll: List[Optional[Key]] = []
        for r in range(len(ROLLS)):
            i = k * len(ROLLS) + r
            cands = reply_keys[i]
            reply = cands[worst_at[i] - starts[i]] if cands and b[0] != 15 else None
            # None where the game is over: the mover or the opponent has borne off all
            per_roll.append(None if reply is None or reply[1][25] == 15 else reply)
        chosen.append(per_roll)
    return worst, chosen


def one_ply(evaluate: Evaluator, keys: Sequence[Key]) -> np.ndarray:
    """Mover's equity for each resulting board after the opponent's roll and
    best reply, averaged over the 21 rolls."""
    worst, _ = _replies(evaluate, keys)
    return worst @ ROLL_WEIGHTS


def _mover_wins(b: Board, o_my: Board) -> np.ndarray:
    """The five probabilities of a side that has just borne off its last checker
    (``o_my``: the loser's board in the winner's numbering)."""
    points = terminal_equity(b, o_my[::-1])
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
    if not positions:
        return np.zeros((0, 5), dtype=np.float32)
    rows: List[Board] = []
    groups: List[int] = []
    exact: List[Tuple[int, np.ndarray]] = []
    for pos in positions:
        for roll in ROLLS:
            legal = legal_leaves(pos, roll)
            if not legal:  # a pass: the opponent is on roll on the same boards
                rows.append(pos.boards[1] + pos.boards[0])
                groups.append(1)
                continue
            for b, o_my in legal:
                if b[0] == 15:
                    exact.append((len(rows), _mover_wins(b, o_my)))
                rows.append(o_my[::-1] + b)  # the opponent on roll after the play
            groups.append(len(legal))
    arr = np.array(rows, dtype=np.float32)
    mine = flip(evaluate(arr[:, :26], arr[:, 26:]))  # back to the mover's side
    for idx, probs in exact:
        mine[idx] = probs
    eq = equity(mine)
    starts = np.concatenate(([0], np.cumsum(groups)[:-1])).astype(np.intp)
    best_at = [int(s + np.argmax(eq[s : s + g])) for s, g in zip(starts, groups)]
    chosen = mine[best_at].reshape(len(positions), len(ROLLS), 5)
    averaged: np.ndarray = np.einsum("nrk,r->nk", chosen, ROLL_WEIGHTS).astype(np.float32)
    return averaged


def _value_on_roll_one_ply(evaluate: Evaluator, positions: List[Key]) -> np.ndarray:
    """Equity of the side on roll in each (board, opponent in its numbering)
    position, averaged over its 21 rolls, each answered by its best play (0-ply)."""
    probs = before_roll(evaluate, [Position.from_boards(me, opp_my[::-1]) for me, opp_my in positions])
    return equity(probs)


def two_ply(evaluate: Evaluator, keys: Sequence[Key]) -> np.ndarray:
    """Mover's equity for each resulting board two rolls deep: the opponent's
    best reply to each of its rolls (by 0-ply), then that position valued
    one roll deep."""
    worst, chosen = _replies(evaluate, keys)
    todo: List[Key] = []
    where: List[Tuple[int, int]] = []
    for k, per_roll in enumerate(chosen):
        for r, pos in enumerate(per_roll):
            if pos is not None:
                todo.append(pos)
                where.append((k, r))
    values = worst.copy()
    if todo:
        deep = _value_on_roll_one_ply(evaluate, todo)
        for (k, r), v in zip(where, deep):
            values[k, r] = v
    averaged: np.ndarray = values @ ROLL_WEIGHTS
    return averaged
