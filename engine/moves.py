"""Legal plays: the move generator and the rules that make a step legal.

>>> from engine import Position
>>> len(legal_plays(Position.initial(), (3, 1)))
16
>>> legal_plays(Position.initial(), (6, 6))[0]
((24, 18), (24, 18), (13, 7), (13, 7))
"""

from __future__ import annotations

from typing import Dict, Iterable, List, Sequence, Tuple

from .errors import IllegalPlayError
from .position import BAR, Play, Position

#: A search result: the steps made and the die each one used.
_Leaf = Tuple[Tuple[Tuple[int, int], ...], Tuple[int, ...]]
_Key = Tuple[Tuple[int, ...], Tuple[int, ...]]


def _check_dice(dice: Sequence[int]) -> Tuple[int, int]:
    try:
        d1, d2 = dice
    except (TypeError, ValueError):
        raise ValueError(f"dice must be two numbers 1..6, got {dice!r}") from None
    if not (isinstance(d1, int) and isinstance(d2, int) and 1 <= d1 <= 6 and 1 <= d2 <= 6):
        raise ValueError(f"dice must be two numbers 1..6, got {dice!r}")
    return d1, d2


def _search(b: List[int], o: List[int], dice_orders: Sequence[Sequence[int]], doubles: bool) -> Dict[_Key, _Leaf]:
    """Every position where the mover can play no further, by depth-first search.

    ``b`` is the mover's board (index 0 off, 1..24 points, 25 bar) and ``o``
    the opponent's in the mover's numbering (index 0 its bar, 25 its
    borne-off).  Both are mutated during the search and restored.  For
    doubles, sources are kept non-increasing: every multiset of equal steps
    that can be made in some order can be made in that one, so nothing is
    lost and permutations are not re-explored.
    """
    leaves: Dict[_Key, _Leaf] = {}
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

    for order in dice_orders:
        rec(order, 0, 25)
    return leaves


def _boards(position: Position) -> Tuple[List[int], List[int]]:
    return list(position._b), list(position._o[::-1])


def _leaves(position: Position, dice: Sequence[int]) -> Dict[_Key, _Leaf]:
    """All final positions of every maximal sequence of steps (no rule filter)."""
    b, o = _boards(position)
    if len(dice) == 2 and dice[0] != dice[1]:
        return _search(b, o, (tuple(dice), (dice[1], dice[0])), False)
    return _search(b, o, (tuple(dice),), len(set(dice)) <= 1)


def _legal(position: Position, dice: Sequence[int]) -> Dict[_Key, _Leaf]:
    """The leaves that satisfy the use-most-dice and larger-die rules."""
    d1, d2 = _check_dice(dice)
    leaves = _leaves(position, (d1, d2, d1, d2) if d1 == d2 else (d1, d2))
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


def _position(key: _Key) -> Position:
    return Position._raw(key[0], key[1][::-1])


def legal_plays(position: Position, dice: Sequence[int]) -> List[Play]:
    """Every legal play for the player on roll, one per distinct resulting
    position, in a deterministic order; ``[]`` when nothing can be played."""
    return [leaf[0] for leaf in _legal(position, dice).values()]


def successors(position: Position, dice: Sequence[int]) -> List[Tuple[Play, Position]]:
    """Like :func:`legal_plays`, paired with each play's resulting position
    (still seen from the mover)."""
    return [(leaf[0], _position(key)) for key, leaf in _legal(position, dice).items()]


def step_error(position: Position, frm: int, to: int, die: int | None = None) -> str | None:
    """Why the single step ``frm -> to`` is illegal on this board (``None`` if
    it is legal).  With ``die`` given, the step must use exactly that die."""
    b, o = position._b, position._o
    if not (isinstance(frm, int) and isinstance(to, int) and 1 <= frm <= 25 and 0 <= to <= 24):
        return f"{frm}/{to} is not a step between points (25 = bar, 0 = off)"
    if frm <= to:
        return f"{frm}/{to} moves backwards"
    if not b[frm]:
        return f"no checker of yours on {'the bar' if frm == BAR else frm}"
    if b[BAR] and frm != BAR:
        return "checkers on the bar must enter first"
    if to > 0:
        if frm - to > 6:
            return f"{frm}/{to} is longer than one die"
        if die is not None and frm - to != die:
            return f"{frm}/{to} does not use a {die}"
        if o[25 - to] > 1:
            return f"point {to} is held by the opponent"
        return None
    if any(b[7:26]):
        return "bearing off needs all checkers in the home board"
    if die is None:
        return None if frm <= 6 else f"{frm}/off is longer than one die"
    if die == frm:
        return None
    if die > frm and not any(b[frm + 1 : 7]):
        return None
    return f"a {die} cannot bear off from {frm}"


def apply_steps(position: Position, steps: Iterable[Tuple[int, ...]]) -> Position:
    """Apply steps ``(from, to)`` or ``(from, to, die)`` one by one, each
    checked as a legal single step; hits send checkers to the bar."""
    b, o = list(position._b), list(position._o)
    for step in steps:
        frm, to = step[0], step[1]
        die = step[2] if len(step) > 2 else None
        why = step_error(Position._raw(tuple(b), tuple(o)), frm, to, die)
        if why:
            raise IllegalPlayError(f"illegal step {frm}/{to}: {why}")
        b[frm] -= 1
        b[to] += 1
        if to and o[25 - to] == 1:
            o[25 - to] = 0
            o[25] += 1
    return Position._raw(tuple(b), tuple(o))
