"""The board: :class:`Position`, an immutable value seen from the player on roll.

Each side counts its own points 1..24, its 1-point nearest its bear-off, so the
mover's point ``p`` is the opponent's point ``25 - p``.  In a :data:`Play`,
``25`` stands for the bar and ``0`` for borne off.

>>> pos = Position.initial()
>>> pos.to_id()
'4HPwATDgc/ABMA'
>>> pos.pips()
(167, 167)
>>> Position.from_id('4HPwATDgc/ABMA') == pos
True
"""

from __future__ import annotations

import base64
import binascii
from typing import Any, Iterable, Optional, Sequence, Tuple

from . import checks
from .errors import ArgumentTypeError, IllegalPlayError, InvalidPositionError, InvalidPositionIdError, brief

#: One step of a play: ``(from, to)`` in the mover's numbering, 25 = bar, 0 = off.
Step = Tuple[int, int]
#: A play: the steps made in one turn, in the order they are made.
Play = Tuple[Step, ...]

#: One side's checkers as the engine stores them, in that side's own
#: numbering: index 0 borne off, 1..24 the points, 25 the bar (26 counts).
Board = Tuple[int, ...]
#: A board as the move generator keys it: the mover's :data:`Board` and the
#: opponent's in the mover's numbering (index 0 its bar, 25 its borne off).
BoardKey = Tuple[Board, Board]

BAR = 25
OFF = 0
CHECKERS = 15

_INITIAL = tuple({6: 5, 8: 3, 13: 5, 24: 2}.get(i, 0) for i in range(26))
_B64 = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")


def _side_from_counts(counts: Sequence[int], who: str) -> Tuple[int, ...]:
    """25 counts (points 1..24, bar) -> internal 26-tuple (off, 1..24, bar)."""
    if not isinstance(counts, (list, tuple)):
        raise ArgumentTypeError(f"{who}: the counts must be a list or tuple of 25 numbers, not {type(counts).__name__}")
    if len(counts) == 26:
        counts = list(counts[1:])
    if len(counts) != 25:
        raise InvalidPositionError(f"{who}: expected 25 counts (points 1..24 and the bar), got {len(counts)}")
    values = []
    for i, n in enumerate(counts):
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise InvalidPositionError(f"{who}: count {i + 1} is {brief(n)}, not a non-negative integer")
        values.append(n)
    total = sum(values)
    if total > CHECKERS:
        raise InvalidPositionError(f"{who} has {total} checkers on the board; at most {CHECKERS} are allowed")
    return (CHECKERS - total, *values)


class Position:
    """A backgammon board seen from the player on roll.

    ``Position(on_roll, opponent)`` takes each side's 25 counts in that side's
    own numbering: index 0 is its 1-point ... index 23 its 24-point, index 24
    its bar.  Checkers not listed are borne off.
    """

    __slots__ = ("_b", "_o", "_hash")

    def __init__(self, on_roll: Sequence[int], opponent: Sequence[int]):
        b = _side_from_counts(on_roll, "player on roll")
        o = _side_from_counts(opponent, "opponent")
        for p in range(1, 25):
            if b[p] and o[25 - p]:
                raise InvalidPositionError(f"both sides have checkers on point {p} (of the player on roll)")
        self._b = b
        self._o = o
        self._hash: Optional[int] = None

    @classmethod
    def _raw(cls, b: Tuple[int, ...], o: Tuple[int, ...]) -> "Position":
        """Build from trusted internal 26-tuples without validation."""
        pos = object.__new__(cls)
        pos._b = b
        pos._o = o
        pos._hash = None
        return pos

    @classmethod
    def from_boards(cls, mine: Board, theirs: Board) -> "Position":
        """The position of two :data:`Board` tuples, as :attr:`boards` gives
        them (the mover's, then the opponent's in its own numbering).  They
        are trusted, not checked: for the computer players, which build boards
        from the engine's own; outside input goes through ``Position(...)``.

        >>> pos = Position.initial()
        >>> Position.from_boards(*pos.boards) == pos
        True
        """
        return cls._raw(tuple(mine), tuple(theirs))

    @classmethod
    def from_key(cls, key: BoardKey) -> "Position":
        """The position of a move generator's :data:`BoardKey` (trusted, as
        :meth:`from_boards`).

        >>> Position.from_key(Position.initial().key) == Position.initial()
        True
        """
        return cls._raw(tuple(key[0]), tuple(key[1][::-1]))

    # -- construction -----------------------------------------------------
    @classmethod
    def initial(cls) -> "Position":
        """The starting position."""
        return cls._raw(_INITIAL, _INITIAL)

    @classmethod
    def from_id(cls, text: str) -> "Position":
        """Decode a GNU Backgammon Position ID.

        >>> Position.from_id('4HPwATDgc/ABMA') == Position.initial()
        True
        >>> Position.from_id('nonsense')
        Traceback (most recent call last):
        ...
        engine.errors.InvalidPositionIdError: Position ID must be 14 characters, got 8: 'nonsense'
        """
        if not isinstance(text, str):
            raise InvalidPositionIdError(f"Position ID must be text, got {type(text).__name__}")
        text = text.strip()
        if len(text) != 14:
            raise InvalidPositionIdError(f"Position ID must be 14 characters, got {len(text)}: {brief(text)}")
        if not set(text) <= _B64:
            raise InvalidPositionIdError(f"Position ID has characters outside Base64: {brief(text)}")
        try:
            raw = base64.b64decode(text + "==", validate=True)
        except (binascii.Error, ValueError) as exc:  # pragma: no cover - guarded above
            raise InvalidPositionIdError(f"Position ID is not valid Base64: {brief(text)}") from exc
        # bit i of the ID is bit i % 8 of byte i // 8: the bits in order as text, then the
        # 50 slots (the opponent's 25, then the mover's) are the runs of 1s before each of 50 0s
        bits = format(int.from_bytes(raw, "little"), "080b")[::-1]
        runs = bits.split("0", 50)
        if len(runs) <= 50:
            raise InvalidPositionIdError(f"Position ID {brief(text)} ends before both sides are described")
        if "1" in runs[50]:
            raise InvalidPositionIdError(f"Position ID {brief(text)} has checkers beyond the 50 slots")
        opponent, on_roll = [len(r) for r in runs[:25]], [len(r) for r in runs[25:50]]
        sides = []
        for who, counts in (("opponent", opponent), ("player on roll", on_roll)):
            total = sum(counts)
            if total > CHECKERS:
                raise InvalidPositionIdError(f"Position ID {brief(text)} gives the {who} {total} checkers")
            sides.append((CHECKERS - total, *counts))
        o, b = sides
        for p in range(1, 25):
            if b[p] and o[25 - p]:
                raise InvalidPositionIdError(f"Position ID {brief(text)} is not a legal board: both sides have "
                                             f"checkers on point {p} (of the player on roll)")
        return cls._raw(b, o)

    def to_id(self) -> str:
        """Encode as a GNU Backgammon Position ID (14 characters)."""
        # each slot (the opponent's 25, then the mover's) its checkers as 1s and a 0; bit i of
        # the ID is bit i % 8 of byte i // 8
        o, b = self._o, self._b
        bits = "0".join("1" * o[slot] for slot in range(1, 26)) + "0" + "0".join("1" * b[slot] for slot in range(1, 26)) + "0"
        data = int(bits[::-1], 2).to_bytes(10, "little")
        return base64.b64encode(data).decode("ascii")[:14]

    # -- views ------------------------------------------------------------
    @property
    def boards(self) -> Tuple[Board, Board]:
        """Both sides' :data:`Board` arrays (26 counts each, in each side's own
        numbering): the player on roll's, then the opponent's.  What the
        computer players encode.

        >>> mine, theirs = Position.initial().boards
        >>> mine[6], mine[24], theirs[13], len(mine)
        (5, 2, 5, 26)
        """
        return self._b, self._o

    @property
    def key(self) -> BoardKey:
        """The move generator's key for this board (see :data:`BoardKey`);
        equal boards have equal keys."""
        return self._b, self._o[::-1]

    def on_roll_counts(self) -> Tuple[int, ...]:
        """The player on roll's 25 counts: points 1..24 then the bar."""
        return self._b[1:]

    def opponent_counts(self) -> Tuple[int, ...]:
        """The opponent's 25 counts in its own numbering: points 1..24 then the bar."""
        return self._o[1:]

    def checkers(self, point: int) -> int:
        """Checkers on ``point`` in the mover's numbering: positive for the
        player on roll, negative for the opponent.  25 is the mover's bar and 0
        the mover's borne-off checkers."""
        checks.integer(point, "point", 0, 25)
        if point in (0, 25):
            return self._b[point]
        return self._b[point] or -self._o[25 - point]

    @property
    def bar(self) -> Tuple[int, int]:
        """Checkers on the bar: (player on roll, opponent)."""
        return self._b[25], self._o[25]

    @property
    def borne_off(self) -> Tuple[int, int]:
        """Checkers borne off: (player on roll, opponent)."""
        return self._b[0], self._o[0]

    def pips(self) -> Tuple[int, int]:
        """Pip counts (player on roll, opponent); a checker on the bar counts 25."""
        return (sum(i * n for i, n in enumerate(self._b)), sum(i * n for i, n in enumerate(self._o)))

    def swapped(self) -> "Position":
        """The same board seen from the other side."""
        return Position._raw(self._o, self._b)

    def is_contact(self) -> bool:
        """True while the two sides can still hit or block each other."""
        my_back = max((p for p in range(25, 0, -1) if self._b[p]), default=0)
        opp_back = max((p for p in range(25, 0, -1) if self._o[p]), default=0)
        return my_back + opp_back > 25

    def winner(self) -> int | None:
        """0 if the player on roll has borne off all 15, 1 if the opponent has, else None."""
        if self._b[0] == CHECKERS:
            return 0
        if self._o[0] == CHECKERS:
            return 1
        return None

    def apply(self, play: Iterable[Step]) -> "Position":
        """The position after ``play``, still seen from the player who moved.

        The steps are applied one by one and each must be a legal single step
        (right direction, open landing point, bar first, bearing off only when
        allowed); whether the play as a whole is legal for some roll is
        :func:`engine.legal_plays`' business.
        """
        return apply_steps(self, checks.steps(play))

    # -- dunder -----------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and self._b == other._b and self._o == other._o

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash((self._b, self._o))
        return self._hash

    def __repr__(self) -> str:
        return f"Position.from_id({self.to_id()!r})"

    def __str__(self) -> str:
        """A small ASCII board: ``X`` is the player on roll (moving 24 -> 1),
        ``O`` the opponent.  Numbers are the player on roll's."""

        def cell(p: int, row: int) -> str:
            n = self.checkers(p)
            if n == 0:
                return " . " if row == 0 else "   "
            ch = "X" if n > 0 else "O"
            n = abs(n)
            if row < 4:
                return f" {ch} " if n > row else "   "
            return (f"{n:>2} " if n > 5 else f" {ch} ") if n > 4 else "   "

        lines = [" " + "".join(f"{p:>3}" for p in range(13, 19)) + " |" + "".join(f"{p:>3}" for p in range(19, 25))]
        for row in range(5):
            lines.append(" " + "".join(cell(p, row) for p in range(13, 19)) + " |" + "".join(cell(p, row) for p in range(19, 25)))
        lines.append(" " + "-" * 18 + " + " + "-" * 18)
        for row in reversed(range(5)):
            lines.append(" " + "".join(cell(p, row) for p in range(12, 6, -1)) + " |" + "".join(cell(p, row) for p in range(6, 0, -1)))
        lines.append(" " + "".join(f"{p:>3}" for p in range(12, 6, -1)) + " |" + "".join(f"{p:>3}" for p in range(6, 0, -1)))
        pm, po = self.pips()
        lines.append(
            f" X on roll: pips {pm}, bar {self._b[25]}, off {self._b[0]}   O: pips {po}, bar {self._o[25]}, off {self._o[0]}"
        )
        return "\n".join(lines)


def check_position(value: Any, name: str = "position") -> Position:
    """``value`` if it is a :class:`Position`, else :class:`ArgumentTypeError`
    (the engine's argument check for positions, beside the class it checks)."""
    if not isinstance(value, Position):
        raise ArgumentTypeError(f"{name} must be a Position, not {type(value).__name__}")
    return value


# -- the rules of one step (here, beside the board, so the move generator
# -- and Position.apply share them without importing each other) ----------------
def step_error(position: Position, frm: int, to: int, die: int | None = None) -> str | None:
    """Why the single step ``frm -> to`` is illegal on this board (``None`` if
    it is legal).  With ``die`` given, the step must use exactly that die.

    >>> step_error(Position.initial(), 24, 18) is None, step_error(Position.initial(), 6, 1)
    (True, 'point 1 is held by the opponent')
    """
    b, o = position.boards
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
    mine, theirs = position.boards
    b, o = list(mine), list(theirs)
    for step in steps:
        frm, to = step[0], step[1]
        die = step[2] if len(step) > 2 else None
        why = step_error(Position.from_boards(tuple(b), tuple(o)), frm, to, die)
        if why:
            raise IllegalPlayError(f"illegal step {frm}/{to}: {why}")
        b[frm] -= 1
        b[to] += 1
        if to and o[25 - to] == 1:
            o[25 - to] = 0
            o[25] += 1
    return Position.from_boards(tuple(b), tuple(o))
