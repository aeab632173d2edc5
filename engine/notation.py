"""Play notation as players and other backgammon programs write it.

>>> from engine import Position
>>> pos = Position.initial()
>>> format_play(pos, ((8, 3), (6, 3)))
'8/3 6/3'
>>> format_play(pos, ((24, 18), (18, 13)))
'24/13'
>>> format_play(pos, ((13, 7), (13, 7), (8, 2), (8, 2)))
'13/7(2) 8/2(2)'
>>> parse_play(pos, '8/3 6/3', (5, 3))
((8, 3), (6, 3))
>>> format_dice((2, 6)), format_dice((6, 2), "")
('6-2', '62')
"""

from __future__ import annotations

import re
from typing import Iterator, List, Sequence, Set, Tuple

from . import checks
from .errors import AmbiguousPlayError, ArgumentTypeError, IllegalPlayError, PlayNotationError
from .moves import successors
from .position import Play, Position, check_position, step_error

# A chain is one checker's path: its stops and which of them hit.
_Chain = Tuple[Tuple[int, ...], Tuple[bool, ...]]


def ordered_dice(dice: Sequence[int]) -> Tuple[int, int]:
    """The two dice of a roll in the order they are written everywhere: the
    larger first, as GNU Backgammon and eXtreme Gammon write them (``63``,
    never ``36``), whatever order they were thrown in.

    >>> ordered_dice((2, 6)), ordered_dice([5, 5])
    ((6, 2), (5, 5))
    """
    d1, d2 = checks.dice(dice)
    return (d1, d2) if d1 >= d2 else (d2, d1)


def format_dice(dice: Sequence[int], sep: str = "-") -> str:
    """A roll as text, the larger die first: ``'6-2'`` in words, ``'62'``
    with ``sep=''`` as move records and .mat files write it.  The one place
    where the order is decided (:func:`ordered_dice`).

    >>> format_dice((1, 6)), format_dice((3, 3), "")
    ('6-1', '33')
    """
    if not isinstance(sep, str):
        raise ArgumentTypeError(f"the separator must be text, not {type(sep).__name__}")
    return sep.join(str(d) for d in ordered_dice(dice))


def _name(point: int) -> str:
    return "bar" if point == 25 else "off" if point == 0 else str(point)


def _chains(position: Position, play: Play) -> List[_Chain]:
    """Group a play's steps into one path per checker, noting hits."""
    mine, theirs = position.boards
    b, o = list(mine), list(theirs)
    chains: List[Tuple[List[int], List[bool]]] = []
    for frm, to in play:
        hit = bool(to) and o[25 - to] == 1
        if hit:
            o[25 - to] = 0
            o[25] += 1
        b[frm] -= 1
        b[to] += 1
        for stops, hits in reversed(chains):
            if stops[-1] == frm and frm != 0:
                stops.append(to)
                hits.append(hit)
                break
        else:
            chains.append(([frm, to], [False, hit]))
    return [(tuple(s), tuple(h)) for s, h in chains]


def _chain_text(stops: Sequence[int], hits: Sequence[bool]) -> str:
    """'24/18*/13': the start, every stop that hit, and the end."""
    parts = [_name(stops[0])]
    last = len(stops) - 1
    for i in range(1, len(stops)):
        if i == last or hits[i]:
            parts.append(_name(stops[i]) + ("*" if hits[i] else ""))
    return "/".join(parts)


def format_play(position: Position, play: Play) -> str:
    """Write ``play`` (made from ``position``) in standard notation, in the
    order and grouping GNU Backgammon uses.

    One checker's consecutive steps are joined (``24/18*/13``); the moves are
    listed from the highest starting point down, and of two moves from the
    same point the longer comes first; hits are marked with ``*`` and
    identical moves counted, the count after the hit mark (``13/9*(2)``: two
    checkers 13/9, the first of them hitting).  The empty play is ``''``.

    >>> from engine import Position
    >>> format_play(Position.initial(), ((24, 20), (24, 18)))
    '24/18 24/20'
    """
    check_position(position)
    steps = checks.play(play)
    for frm, to in steps:  # points of the board (25 the bar, 0 off): anything else cannot be written
        checks.integer(frm, "a step's start", 0, 25)
        checks.integer(to, "a step's end", 0, 25)
    chains = _chains(position, steps)
    chains.sort(key=lambda c: (-c[0][0], c[0][-1]))
    out: List[str] = []
    plain: List[str] = []
    counts: List[int] = []
    for stops, hits in chains:
        text = _chain_text(stops, hits)
        bare = text.replace("*", "")
        if plain and plain[-1] == bare:
            counts[-1] += 1
            if text.count("*") > out[-1].count("*"):
                out[-1] = text
        else:
            out.append(text)
            plain.append(bare)
            counts.append(1)
    return " ".join(t if n == 1 else f"{t}({n})" for t, n in zip(out, counts))


_TOKEN = re.compile(r"^((?:bar|off|\d{1,2})\*?(?:/(?:bar|off|\d{1,2})\*?)+)(?:\((\d)\))?$")


def _parse_text(text: str) -> List[Tuple[Tuple[int, ...], Tuple[bool, ...]]]:
    """Text -> chains as written (stops and star marks), joined like _chains."""
    if not isinstance(text, str):
        raise PlayNotationError(f"a play must be text, got {type(text).__name__}")
    cleaned = text.strip().lower().replace("-", "/").replace(",", " ")
    if cleaned in ("", "pass", "no move", "no moves", "cannot move"):
        return []
    written: List[Tuple[List[int], List[bool]]] = []
    for token in cleaned.split():
        m = _TOKEN.match(token)
        if not m:
            raise PlayNotationError(f"cannot read {token!r} in {text!r}; write moves like 13/8, 24/18*/13, bar/22, 6/off or 13/7(2)")
        stops: List[int] = []
        stars: List[bool] = []
        for part in m.group(1).split("/"):
            star = part.endswith("*")
            part = part.rstrip("*")
            point = 25 if part == "bar" else 0 if part == "off" else int(part)
            if not 0 <= point <= 25:
                raise PlayNotationError(f"{part} is not a point in {text!r}")
            stops.append(point)
            stars.append(star)
        for a, b in zip(stops, stops[1:]):
            if a <= b:
                raise PlayNotationError(f"{token!r} moves backwards in {text!r}")
        count = int(m.group(2) or 1)
        if count < 1:
            raise PlayNotationError(f"{token!r} repeats a move zero times")
        for _ in range(count):
            written.append((list(stops), list(stars)))
    # join chains the way a player writes steps one by one: "13/8 8/5" = "13/8/5"
    chains: List[Tuple[List[int], List[bool]]] = []
    for stops, stars in written:
        for cs, ch in reversed(chains):
            if cs[-1] == stops[0] and stops[0] != 0:
                cs.extend(stops[1:])
                ch[-1] = ch[-1] or stars[0]
                ch.extend(stars[1:])
                break
        else:
            chains.append((stops, stars))
    return [(tuple(s), tuple(h)) for s, h in chains]


def _segment_dice(dist: int, to: int, dice: List[int]) -> Iterator[Tuple[int, ...]]:
    """Orders of dice from ``dice`` that carry a checker ``dist`` pips
    (for ``to == 0``: at least ``dist`` pips, the last die bearing off)."""
    seen: Set[Tuple[int, ...]] = set()

    def rec(left: List[int], done: List[int], total: int) -> Iterator[Tuple[int, ...]]:
        for i, d in enumerate(left):
            new = total + d
            if new == dist or (to == 0 and new > dist):
                key = tuple(done + [d])
                if key not in seen:
                    seen.add(key)
                    yield key
            elif new < dist:
                yield from rec(left[:i] + left[i + 1 :], done + [d], new)

    yield from rec(list(dice), [], 0)


def _readings(position: Position, written: List[_Chain], dice: List[int]) -> List[Tuple[Position, bool]]:
    """Every way to make the written chains with the dice: yields
    ``(result, strict)``, strict meaning the hits fall exactly where the
    text marks them with ``*``."""
    starred = {s for stops, stars in written for s, star in zip(stops, stars) if star}
    blots = {p for p in range(1, 25) if position.checkers(p) == -1}
    segments = [(stops[k], stops[k + 1]) for stops, _ in written for k in range(len(stops) - 1)]
    out: List[Tuple[Position, bool]] = []

    def order(board: Position, pending: List[Tuple[int, int, int]]) -> Iterator[Position]:
        """Apply the pending die steps in some legal order; yield results."""
        if not pending:
            yield board
            return
        tried: Set[Tuple[int, int, int]] = set()
        for k, (a, b, d) in enumerate(pending):
            if (a, b, d) in tried or step_error(board, a, b, d):
                continue
            tried.add((a, b, d))
            yield from order(board.apply(((a, b),)), pending[:k] + pending[k + 1 :])

    def split(si: int, left: List[int], steps: List[Tuple[int, int, int]]) -> None:
        if si == len(segments):
            landed = {b for _, b, _ in steps if b}
            strict = (landed & blots) == starred
            for result in order(position, steps):
                out.append((result, strict))
                break
            return
        a, b = segments[si]
        for seq in _segment_dice(a - b, b, left):
            point, made = a, []
            for k, d in enumerate(seq):
                nxt = 0 if k == len(seq) - 1 and b == 0 else point - d
                if nxt < 0 or (nxt == 0 and k < len(seq) - 1):
                    break
                made.append((point, nxt, d))
                point = nxt
            else:
                rest = list(left)
                for d in seq:
                    rest.remove(d)
                split(si + 1, rest, steps + made)

    split(0, list(dice), [])
    return out


def parse_play(position: Position, text: str, dice: Sequence[int]) -> Play:
    """Read ``text`` as a play from ``position`` with ``dice`` and return the
    legal play it means (the same value :func:`legal_plays` lists).

    Accepts the notation :func:`format_play` writes as well as the plain
    step-by-step form (``13/8 8/5``).  Raises :class:`PlayNotationError` for
    text that cannot be read, :class:`IllegalPlayError` for a play the rules
    forbid, and :class:`AmbiguousPlayError` when it could mean two plays.
    """
    check_position(position)
    checks.dice(dice)
    written = _parse_text(text)
    legal = {result: play for play, result in successors(position, dice)}
    if not written:
        if legal:
            raise IllegalPlayError(f"cannot pass with {format_dice(dice)}: a legal play exists")
        return ()
    d1, d2 = dice
    readings = _readings(position, written, [d1, d2] * (2 if d1 == d2 else 1))
    for strict in (True, False):
        found = {r for r, s in readings if (s or not strict) and r in legal}
        if len(found) == 1:
            return legal[found.pop()]
        if len(found) > 1:
            options = ", ".join(sorted(format_play(position, legal[r]) for r in found))
            raise AmbiguousPlayError(f"{text!r} could mean any of: {options}")
    raise IllegalPlayError(f"{text!r} is not a legal play with {format_dice(dice)}")
