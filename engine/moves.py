"""Legal plays: the move generator, and (from :mod:`engine.position`) the
rules that make a single step legal.

>>> from engine import Position
>>> len(legal_plays(Position.initial(), (3, 1)))
16
>>> legal_plays(Position.initial(), (6, 6))[0]
((24, 18), (24, 18), (13, 7), (13, 7))

The computer players and benchmarks work on the generator's own results:
:func:`legal_leaves` maps each resulting board (a :data:`BoardKey`) to its
:data:`Leaf`, the play and the dice it used; :func:`all_leaves` is the same
search before the rules that pick among the plays.

>>> leaves = legal_leaves(Position.initial(), (3, 1))
>>> key, (play, used) = next(iter(leaves.items()))
>>> play, used, Position.from_key(key) == Position.initial().apply(play)
(((24, 21), (24, 23)), (3, 1), True)
"""

from __future__ import annotations

from typing import Dict, List, Optional, Sequence, Tuple

from . import checks
from .position import BoardKey, Play, Position, apply_steps, check_position, step_error

__all__ = ["Leaf", "BoardKey", "legal_plays", "successors", "legal_leaves", "key_leaves", "board_rows", "all_leaves", "step_error", "apply_steps"]

#: A search result: the steps made and the die each one used.
Leaf = Tuple[Play, Tuple[int, ...]]


def _check_dice(dice: Sequence[int]) -> Tuple[int, int]:
    return checks.dice(dice)


def _search(b: List[int], o: List[int], dice_orders: Sequence[Sequence[int]], doubles: bool,
            rows: Optional[bytearray] = None) -> "_Search":
    """Every position where the mover can play no further, by depth-first search.

    ``b`` is the mover's board (index 0 off, 1..24 points, 25 bar) and ``o``
    the opponent's in the mover's numbering (index 0 its bar, 25 its
    borne-off).  Both are mutated during the search and restored.  For
    doubles, sources are kept non-increasing: every multiset of equal steps
    that can be made in some order can be made in that one, so nothing is
    lost and permutations are not re-explored.

    With ``rows``, the boards found are written there (52 bytes each: ``o``
    then ``b``) instead of being kept as keys and plays (:func:`board_rows`).
    """
    search = _Search(b, o, doubles, rows)
    for order in dice_orders:
        dice = [int(d) for d in order]
        search.used = [tuple(dice[:n]) for n in range(len(dice) + 1)]
        search.rec(dice, 0, 25)
    return search


class _Search:
    """One search's state (a plain class with typed fields, so that the
    compiled build keeps them as C fields: see docs/performance.md)."""

    def __init__(self, b: List[int], o: List[int], doubles: bool, rows: Optional[bytearray] = None) -> None:
        self.b = b
        self.o = o
        self.doubles = doubles
        self.leaves: Dict[BoardKey, Leaf] = {}
        # each board found so far by a small exact key (:meth:`record`), and its
        # place: in ``leaves`` (its key), or in ``rows`` (its number)
        self.seen: Dict[Tuple[int, int, int], BoardKey] = {}
        self.row_of: Dict[Tuple[int, int, int], int] = {}
        self.writes = rows is not None
        self.rows = rows if rows is not None else bytearray()
        #: per row written: the steps of its play and the first die it used
        self.row_steps: List[int] = []
        self.row_first: List[int] = []
        self.steps: List[Tuple[int, int]] = []
        #: the dice the steps made so far used, by their number: the first
        #: ones of the order being searched (set for each order)
        self.used: List[Tuple[int, ...]] = []
        self.o_start = tuple(o)
        #: the most steps of a board found, and whether some board was found
        #: with fewer (a shorter play, which the rules may forbid)
        self.most = 0
        self.shorter = False
        outside = 0
        for p in range(7, 26):
            outside += b[p]
        self.outside = outside
        # the mover's board as two integers of 13 four-bit counts each, kept
        # up to date step by step, and the points where a blot was hit: with
        # the board the search started from they name the board exactly
        low = 0
        high = 0
        for p in range(26):
            if p < 13:
                low += b[p] << (4 * p)
            else:
                high += b[p] << (4 * (p - 13))
        self.low = low
        self.high = high
        self.hits = 0

    def move(self, frm: int, to: int) -> None:
        """One checker of the mover's from ``frm`` to ``to`` (0: off); the
        same again with ``frm`` and ``to`` swapped undoes it."""
        b = self.b
        b[frm] -= 1
        b[to] += 1
        if frm < 13:
            self.low -= 1 << (4 * frm)
        else:
            self.high -= 1 << (4 * (frm - 13))
        if to < 13:
            self.low += 1 << (4 * to)
        else:
            self.high += 1 << (4 * (to - 13))

    def hit(self, t: int) -> None:
        """The opponent's blot on ``t`` (the mover's numbering) sent to its bar."""
        self.o[t] = 0
        self.o[0] += 1
        self.hits ^= 1 << t

    def unhit(self, t: int) -> None:
        self.o[t] = 1
        self.o[0] -= 1
        self.hits ^= 1 << t

    def record(self, n: int) -> None:
        """The board now ends a play of ``n`` steps."""
        if n != self.most:
            if n > self.most:
                self.shorter = self.shorter or self.most > 0 or bool(self.leaves) or bool(self.row_steps)
                self.most = n
            else:
                self.shorter = True
        small = (self.low, self.high, self.hits)
        if self.writes:
            at = self.row_of.get(small)
            if at is None:
                self.row_of[small] = len(self.row_steps)
                self.row_steps.append(n)
                self.row_first.append(self.used[n][0] if n else 0)
                self.rows.extend(self.o)
                self.rows.extend(self.b)
            elif n > self.row_steps[at]:  # the same board by a longer play: the one the rules keep
                self.row_steps[at] = n
                self.row_first[at] = self.used[n][0]
            return
        key = self.seen.get(small)
        if key is None:
            # no blot hit: the opponent's board is the one the search began with
            key = (tuple(self.b), tuple(self.o) if self.hits else self.o_start)
            self.seen[small] = key
            self.leaves[key] = (tuple(self.steps), self.used[n])
        elif n > len(self.leaves[key][0]):
            # the same board can end a shorter path (a die bears a checker off,
            # the other die is then blocked) and a longer one (both dice carry
            # it off): keep the steps that use the most dice, as the rules demand
            self.leaves[key] = (tuple(self.steps), self.used[n])

    def step(self, frm: int, to: int, dice: List[int], i: int, top: int) -> None:
        """Make the step ``frm`` -> ``to`` with die ``i``, search on, undo it."""
        hit = to > 0 and self.o[to] == 1
        self.move(frm, to)
        if hit:
            self.hit(to)
        homed = frm > 6 and to <= 6
        if homed:
            self.outside -= 1
        if not self.writes:
            self.steps.append((frm, to))
        self.rec(dice, i + 1, top)
        if not self.writes:
            self.steps.pop()
        if homed:
            self.outside += 1
        if hit:
            self.unhit(to)
        self.move(to, frm)

    def rec(self, dice: List[int], i: int, top: int) -> None:
        if i == len(dice):
            self.record(i)
            return
        b = self.b
        o = self.o
        d = dice[i]
        moved = False
        if b[25]:
            t = 25 - d
            if o[t] < 2:
                self.step(25, t, dice, i, 25)
                moved = True
        else:
            p = top if top < 25 else 24
            while p > 0:
                if not b[p]:
                    p -= 1
                    continue
                t = p - d
                if t > 0:
                    if o[t] < 2:
                        self.step(p, t, dice, i, p if self.doubles else 25)
                        moved = True
                else:
                    if self.outside:
                        break  # no bearing off while a checker is outside; lower points can't move either
                    if t == 0 or not _above(b, p):
                        self.step(p, 0, dice, i, p if self.doubles else 25)
                        moved = True
                p -= 1
        if not moved:
            self.record(i)


def _above(b: List[int], p: int) -> bool:
    """Whether the mover has a checker on a point above ``p`` in its home board."""
    q = p + 1
    while q < 7:
        if b[q]:
            return True
        q += 1
    return False


def all_leaves(position: Position, dice: Sequence[int]) -> Dict[BoardKey, Leaf]:
    """The final board of every maximal sequence of steps with ``dice``, before
    the use-most-dice and larger-die rules: two different dice are tried in
    both orders, anything else (one die, doubles given as often as they may
    be used, dice left over in a turn) in the order given."""
    mine, theirs = position.key
    b, o = list(mine), list(theirs)
    if len(dice) == 2 and dice[0] != dice[1]:
        return _search(b, o, (tuple(dice), (dice[1], dice[0])), False).leaves
    return _search(b, o, (tuple(dice),), len(set(dice)) <= 1).leaves


def legal_leaves(position: Position, dice: Sequence[int]) -> Dict[BoardKey, Leaf]:
    """The legal plays as the generator finds them: each resulting board's
    :data:`BoardKey` -> its :data:`Leaf` (the play, the dice it used), in a
    deterministic order; the leaves that keep the use-most-dice and
    larger-die rules.  ``{}`` when nothing can be played."""
    if not isinstance(position, Position):
        check_position(position)
    d1, d2 = _check_dice(dice)
    mine, theirs = position.key
    return key_leaves(mine, theirs, d1, d2)


def key_leaves(mine: Tuple[int, ...], theirs: Tuple[int, ...], d1: int, d2: int) -> Dict[BoardKey, Leaf]:
    """:func:`legal_leaves` of the position whose :data:`BoardKey` is
    ``(mine, theirs)``, for the computer players' searches: the board and the
    dice are trusted, not checked.

    >>> key_leaves(*Position.initial().key, 3, 1) == legal_leaves(Position.initial(), (3, 1))
    True
    """
    b, o = list(mine), list(theirs)
    if d1 == d2:
        search = _search(b, o, ((d1, d1, d1, d1),), True)
    else:
        search = _search(b, o, ((d1, d2), (d2, d1)), False)
    leaves = search.leaves
    most = search.most
    if most == 0:
        return {}
    if search.shorter:
        leaves = {k: v for k, v in leaves.items() if len(v[0]) == most}
    if most == 1 and d1 != d2:
        high = d1 if d1 > d2 else d2
        larger = {k: v for k, v in leaves.items() if v[1][0] == high}
        if larger:
            return larger
    return leaves


def board_rows(mine: Tuple[int, ...], theirs: Tuple[int, ...], d1: int, d2: int, rows: bytearray) -> int:
    """The boards the legal plays of the position keyed ``(mine, theirs)``
    (see :func:`key_leaves`) leave, written to ``rows`` as 52 bytes each:
    the opponent's board in the mover's numbering (as the key's second
    half), then the mover's, in :func:`key_leaves`' order.  Returns how many
    were written (0: nothing can be played).  For the searches, which need
    the boards and not the plays.

    >>> rows = bytearray()
    >>> board_rows(*Position.initial().key, 3, 1, rows), len(rows)
    (16, 832)
    """
    b, o = list(mine), list(theirs)
    local = bytearray()
    if d1 == d2:
        search = _search(b, o, ((d1, d1, d1, d1),), True, local)
    else:
        search = _search(b, o, ((d1, d2), (d2, d1)), False, local)
    most = search.most
    if most == 0:
        return 0
    steps = search.row_steps
    keep = [k for k in range(len(steps)) if steps[k] == most] if search.shorter else list(range(len(steps)))
    if most == 1 and d1 != d2:
        high = d1 if d1 > d2 else d2
        larger = [k for k in keep if search.row_first[k] == high]
        if larger:
            keep = larger
    if len(keep) == len(steps):
        rows.extend(local)
    else:
        for k in keep:
            rows.extend(local[52 * k : 52 * k + 52])
    return len(keep)


def legal_plays(position: Position, dice: Sequence[int]) -> List[Play]:
    """Every legal play for the player on roll, one per distinct resulting
    position, in a deterministic order; ``[]`` when nothing can be played."""
    return [leaf[0] for leaf in legal_leaves(position, dice).values()]


def successors(position: Position, dice: Sequence[int]) -> List[Tuple[Play, Position]]:
    """Like :func:`legal_plays`, paired with each play's resulting position
    (still seen from the mover)."""
    return [(leaf[0], Position.from_key(key)) for key, leaf in legal_leaves(position, dice).items()]
