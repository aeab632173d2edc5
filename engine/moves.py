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

from typing import Dict, List, Sequence, Tuple

from . import checks
from .position import BoardKey, Play, Position, apply_steps, check_position, step_error

__all__ = ["Leaf", "BoardKey", "legal_plays", "successors", "legal_leaves", "all_leaves", "step_error", "apply_steps"]

#: A search result: the steps made and the die each one used.
Leaf = Tuple[Play, Tuple[int, ...]]


def _check_dice(dice: Sequence[int]) -> Tuple[int, int]:
    return checks.dice(dice)


def _search(b: List[int], o: List[int], dice_orders: Sequence[Sequence[int]], doubles: bool) -> Dict[BoardKey, Leaf]:
    """Every position where the mover can play no further, by depth-first search.

    ``b`` is the mover's board (index 0 off, 1..24 points, 25 bar) and ``o``
    the opponent's in the mover's numbering (index 0 its bar, 25 its
    borne-off).  Both are mutated during the search and restored.  For
    doubles, sources are kept non-increasing: every multiset of equal steps
    that can be made in some order can be made in that one, so nothing is
    lost and permutations are not re-explored.
    """
    leaves: Dict[BoardKey, Leaf] = {}
    steps: List[Tuple[int, int]] = []
    used: List[int] = []
    outside = [sum(b[7:26])]

    def record() -> None:
        key = (tuple(b), tuple(o))
        # the same board can end a shorter path (a die bears a checker off,
        # the other die is then blocked) and a longer one (both dice carry
        # it off): keep the steps that use the most dice, as the rules demand
        if key not in leaves or len(steps) > len(leaves[key][0]):
            leaves[key] = (tuple(steps), tuple(used))

    def rec(dice: Sequence[int], i: int, top: int) -> None:
        if i == len(dice):
            record()
            return
        d = dice[i]
        moved = False
        if b[25]:
            t = 25 - d
            if o[t] < 2:
                hit = o[t]
                b[25] -= 1
                b[t] += 1
                if hit:
                    o[t] = 0
                    o[0] += 1
                steps.append((25, t))
                used.append(d)
                rec(dice, i + 1, 25)
                steps.pop()
                used.pop()
                if hit:
                    o[t] = 1
                    o[0] -= 1
                b[t] -= 1
                b[25] += 1
                moved = True
        else:
            for p in range(top if top < 25 else 24, 0, -1):
                if not b[p]:
                    continue
                t = p - d
                if t > 0:
                    if o[t] > 1:
                        continue
                    hit = o[t]
                    b[p] -= 1
                    b[t] += 1
                    if hit:
                        o[t] = 0
                        o[0] += 1
                    homed = p > 6 >= t
                    if homed:
                        outside[0] -= 1
                    steps.append((p, t))
                    used.append(d)
                    rec(dice, i + 1, p if doubles else 25)
                    steps.pop()
                    used.pop()
                    if homed:
                        outside[0] += 1
                    if hit:
                        o[t] = 1
                        o[0] -= 1
                    b[t] -= 1
                    b[p] += 1
                    moved = True
                else:
                    if outside[0]:
                        break  # no bearing off while a checker is outside; lower points can't move either
                    if t < 0 and any(b[q] for q in range(p + 1, 7)):
                        continue
                    b[p] -= 1
                    b[0] += 1
                    steps.append((p, 0))
                    used.append(d)
                    rec(dice, i + 1, p if doubles else 25)
                    steps.pop()
                    used.pop()
                    b[0] -= 1
                    b[p] += 1
                    moved = True
        if not moved:
            record()

    try:
        for order in dice_orders:
            rec(order, 0, 25)
    finally:
        # rec refers to itself through its closure: unbound here, the search
        # and all it made are freed at once instead of waiting, a cycle, for
        # the garbage collector
        rec = None  # type: ignore[assignment]
    return leaves


def all_leaves(position: Position, dice: Sequence[int]) -> Dict[BoardKey, Leaf]:
    """The final board of every maximal sequence of steps with ``dice``, before
    the use-most-dice and larger-die rules: two different dice are tried in
    both orders, anything else (one die, doubles given as often as they may
    be used, dice left over in a turn) in the order given."""
    mine, theirs = position.key
    b, o = list(mine), list(theirs)
    if len(dice) == 2 and dice[0] != dice[1]:
        return _search(b, o, (tuple(dice), (dice[1], dice[0])), False)
    return _search(b, o, (tuple(dice),), len(set(dice)) <= 1)


def legal_leaves(position: Position, dice: Sequence[int]) -> Dict[BoardKey, Leaf]:
    """The legal plays as the generator finds them: each resulting board's
    :data:`BoardKey` -> its :data:`Leaf` (the play, the dice it used), in a
    deterministic order; the leaves that keep the use-most-dice and
    larger-die rules.  ``{}`` when nothing can be played."""
    if not isinstance(position, Position):
        check_position(position)
    d1, d2 = _check_dice(dice)
    leaves = all_leaves(position, (d1, d2, d1, d2) if d1 == d2 else (d1, d2))
    if not leaves:
        return {}
    most = max(len(s) for s, _ in leaves.values())
    if most == 0:
        return {}
    legal = {k: v for k, v in leaves.items() if len(v[0]) == most}
    if most == 1 and d1 != d2:
        high = max(d1, d2)
        larger = {k: v for k, v in legal.items() if v[1][0] == high}
        if larger:
            legal = larger
    return legal


def legal_plays(position: Position, dice: Sequence[int]) -> List[Play]:
    """Every legal play for the player on roll, one per distinct resulting
    position, in a deterministic order; ``[]`` when nothing can be played."""
    return [leaf[0] for leaf in legal_leaves(position, dice).values()]


def successors(position: Position, dice: Sequence[int]) -> List[Tuple[Play, Position]]:
    """Like :func:`legal_plays`, paired with each play's resulting position
    (still seen from the mover)."""
    return [(leaf[0], Position.from_key(key)) for key, leaf in legal_leaves(position, dice).items()]
