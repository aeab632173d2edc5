"""The search's inner loops: from boards to the rows the network values.

:mod:`engine.ai.search` looks ahead by generating every reply to every roll
and valuing the boards they leave in one batch.  The loops that generate
them and lay the boards out as rows are here, in plain typed Python with no
numpy, so that the compiled build (:mod:`engine.compiled`) turns them into C;
the numpy work stays in :mod:`engine.ai.search`.

A *row* is 52 bytes: the board of the side on roll (26 counts in its own
numbering: 0 off, 1..24 points, 25 bar), then the other side's in its own
numbering.  Rows are appended to one :class:`bytearray`, which numpy reads
without copying element by element (``np.frombuffer``).

>>> from engine import Position
>>> rows = bytearray()
>>> groups, exact = roll_rows([Position.initial().boards], rows)
>>> len(groups), sum(groups) == len(rows) // 52
(21, True)
"""

from __future__ import annotations

from typing import List, Optional, Tuple

from ..moves import board_rows, key_leaves

Board = Tuple[int, ...]
Key = Tuple[Board, Board]

#: the 21 distinct rolls, in the order of :data:`engine.ai.search.ROLLS`
ROLLS: List[Tuple[int, int]] = [(a, b) for a in range(1, 7) for b in range(a, 7)]

ROW = 52


def terminal_equity(b: Board, o_own: Board) -> float:
    """Points won by a side that has just borne off its last checker
    (``o_own``: the loser's board in its own numbering).

    >>> terminal_equity((15,) + (0,) * 25, (0,) * 19 + (1,) + (0,) * 6)
    3.0
    """
    if o_own[0] > 0:
        return 1.0
    if o_own[25]:
        return 3.0
    for p in range(19, 25):
        if o_own[p]:
            return 3.0
    return 2.0


def add_row(rows: bytearray, first: Board, second: Board) -> None:
    """Append one row: ``first`` (the side on roll), then ``second``."""
    rows.extend(first)
    rows.extend(second)


def static_rows(keys: List[Key], rows: bytearray) -> List[Tuple[int, float]]:
    """Rows for the boards plays leave (the opponent on roll), and the
    mover's exact value where it has borne off its last checker (row, points)."""
    exact: List[Tuple[int, float]] = []
    for i, (b, o_my) in enumerate(keys):
        o_own = o_my[::-1]
        add_row(rows, o_own, b)
        if b[0] == 15:
            exact.append((i, terminal_equity(b, o_own)))
    return exact


def reply_rows(keys: List[Key], rows: bytearray) -> Tuple[List[int], List[Tuple[int, float]], List[List[Key]]]:
    """For each key (a board a play leaves) and each of the opponent's 21
    rolls, a group of rows: the boards its legal replies leave, with the
    mover on roll (one row, the same boards, where it cannot move).

    Returns the groups' sizes, the rows valued exactly (row, the mover's
    points: a side has borne off its last checker), and per group the
    replies as keys seen from the mover now on roll (empty where the mover
    had already won)."""
    groups: List[int] = []
    fixed: List[Tuple[int, float]] = []
    reply_keys: List[List[Key]] = []
    n = 0
    for b, o_my in keys:
        o_own = o_my[::-1]
        if b[0] == 15:
            value = terminal_equity(b, o_own)
            for _ in range(21):
                fixed.append((n, value))
                add_row(rows, b, o_own)
                n += 1
                groups.append(1)
                reply_keys.append([])
            continue
        b_rev = b[::-1]
        for d1, d2 in ROLLS:
            legal = key_leaves(o_own, b_rev, d1, d2)
            if not legal:  # the opponent passes: the mover is on roll on the same boards
                add_row(rows, b, o_own)
                n += 1
                groups.append(1)
                reply_keys.append([(b, o_my)])
                continue
            cands: List[Key] = []
            for ob, m_theirs in legal:
                m_own = m_theirs[::-1]
                if ob[0] == 15:
                    fixed.append((n, -terminal_equity(ob, m_own)))
                add_row(rows, m_own, ob)
                n += 1
                # the mover on roll: its board, the opponent in the mover's numbering
                cands.append((m_own, ob[::-1]))
            groups.append(len(cands))
            reply_keys.append(cands)
    return groups, fixed, reply_keys


def chosen_replies(keys: List[Key], reply_keys: List[List[Key]], picked: List[int]) -> List[List[Optional[Key]]]:
    """Per key and roll, the reply ``picked`` (its index within its group),
    as a key with the mover on roll; ``None`` where the game is over."""
    chosen: List[List[Optional[Key]]] = []
    i = 0
    for b, _ in keys:
        per_roll: List[Optional[Key]] = []
        for _r in range(21):
            cands = reply_keys[i]
            reply: Optional[Key] = None
            if cands and b[0] != 15:
                reply = cands[picked[i]]
                if reply[1][25] == 15:  # the opponent has borne off all
                    reply = None
            per_roll.append(reply)
            i += 1
        chosen.append(per_roll)
    return chosen


def roll_rows(boards: List[Tuple[Board, Board]], rows: bytearray) -> Tuple[List[int], List[Tuple[int, float]]]:
    """For each position (the boards of the side on roll and of the other,
    each in its own numbering) and each of its 21 rolls, a group of rows: the
    boards its legal plays leave, the other side on roll (one row, the same
    boards, where it cannot move).  Returns the groups' sizes and the rows
    where the side that played has borne off its last checker (row, its points).

    These rows hold the other side's board *in the mover's numbering* (the
    move generator's own layout, :func:`engine.moves.board_rows`): turn its
    26 counts around to read it in its own.
    """
    groups: List[int] = []
    exact: List[Tuple[int, float]] = []
    n = 0
    for mine, theirs in boards:
        theirs_key = theirs[::-1]
        for d1, d2 in ROLLS:
            start = len(rows)
            made = board_rows(mine, theirs_key, d1, d2, rows)
            if not made:  # a pass: the other side is on roll on the same boards
                add_row(rows, theirs_key, mine)
                n += 1
                groups.append(1)
                continue
            if mine[0] >= (11 if d1 == d2 else 13):  # a play may bear the last checker off
                for k in range(made):
                    at = start + 52 * k
                    if rows[at + 26] == 15:
                        exact.append((n + k, _row_points(rows, at)))
            n += made
            groups.append(made)
    return groups, exact


def _row_points(rows: bytearray, at: int) -> float:
    """:func:`terminal_equity` of the row at byte ``at`` (the loser's board
    first, in the winner's numbering: its 25 is the loser's bar... its 0 the
    loser's borne-off)."""
    if rows[at + 25] > 0:  # the loser has borne a checker off
        return 1.0
    for q in range(0, 7):  # the loser's bar, or a checker in the winner's home board
        if rows[at + q]:
            return 3.0
    return 2.0
