"""One turn in progress: the dice, the steps made so far, undo, and which
next steps the rules still allow.

A step is allowed only if the play can still be completed legally (using as
many dice as possible, the larger die when only one can be played), so a
player moving checker by checker can never walk into a dead end.

>>> from engine import Position
>>> turn = Turn(Position.initial(), (3, 1))
>>> sorted(turn.destinations(8))
[4, 5, 7]
>>> turn.step(8, 5).die, turn.step(6, 5).die
(3, 1)
>>> turn.complete, turn.play
(True, ((8, 5), (6, 5)))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple

from . import checks
from .errors import IllegalPlayError
from .moves import all_leaves, legal_leaves
from .position import Play, Position, check_position, step_error


@dataclass(frozen=True)
class StepMade:
    """A step as made: from, to, the die it used, and whether it hit."""

    frm: int
    to: int
    die: int
    hit: bool


class Turn:
    """The steps of one turn, checked against the legal plays."""

    def __init__(self, position: Position, dice: Tuple[int, int]):
        self.start = check_position(position)
        self.dice = checks.dice(dice)
        d1, d2 = self.dice
        self._all_dice: Tuple[int, ...] = (d1,) * 4 if d1 == d2 else (d1, d2)
        legal = legal_leaves(position, self.dice)
        self._legal_keys = set(legal)
        self.legal_plays: List[Play] = [leaf[0] for leaf in legal.values()]
        self._dice_of: Dict[Play, Tuple[int, ...]] = {leaf[0]: leaf[1] for leaf in legal.values()}
        self._made: List[StepMade] = []
        self._positions: List[Position] = [position]
        self._steps_cache: Optional[List[StepMade]] = None

    # -- state ------------------------------------------------------------
    @property
    def position(self) -> Position:
        """The board after the steps made so far (seen from the mover)."""
        return self._positions[-1]

    @property
    def steps(self) -> Tuple[StepMade, ...]:
        return tuple(self._made)

    @property
    def play(self) -> Play:
        """The steps made so far as a play."""
        return tuple((s.frm, s.to) for s in self._made)

    @property
    def remaining(self) -> Tuple[int, ...]:
        """Dice not used yet, largest first."""
        left = list(self._all_dice)
        for s in self._made:
            left.remove(s.die)
        return tuple(sorted(left, reverse=True))

    @property
    def has_play(self) -> bool:
        """False when the roll cannot be played at all."""
        return bool(self.legal_plays)

    @property
    def complete(self) -> bool:
        """True once the steps made form a whole legal play."""
        if not self.legal_plays:
            return True
        return self.position.key in self._legal_keys

    # -- queries ----------------------------------------------------------
    def _completable(self, after: Position, left: List[int]) -> bool:
        if after.key in self._legal_keys:
            return True
        if not left:
            return False
        return any(k in self._legal_keys for k in all_leaves(after, tuple(left)))

    def legal_steps(self) -> List[StepMade]:
        """Every single step allowed now, one per (from, to), the die it
        would use (exact before higher, smaller before larger)."""
        if self._steps_cache is None:
            self._steps_cache = self._steps_at(self.position, self.remaining)
        return list(self._steps_cache)

    def _steps_at(self, pos: Position, remaining: Sequence[int]) -> List[StepMade]:
        """The single steps allowed on ``pos`` with the dice ``remaining`` left
        (a pure function of its arguments and the turn's legal plays)."""
        found: Dict[Tuple[int, int], StepMade] = {}
        # not "if not self.complete": a bear-off with the larger die can end on
        # the board of a legal play (6/off = 6/5/off with 6-1) while the other
        # die can still be played (6/off 3/2), and that play must stay possible
        if self.legal_plays:
            for die in sorted(set(remaining)):
                left = list(remaining)
                left.remove(die)
                for frm in range(25, 0, -1):
                    if pos.checkers(frm) <= 0 if frm < 25 else not pos.bar[0]:
                        continue
                    to = max(frm - die, 0)
                    if (frm, to) in found and not (to == 0 and frm == die):
                        continue
                    if step_error(pos, frm, to, die):
                        continue
                    after = pos.apply(((frm, to),))
                    if self._completable(after, left):
                        hit = to > 0 and pos.checkers(to) == -1
                        found[(frm, to)] = StepMade(frm, to, die, hit)
        return sorted(found.values(), key=lambda s: (-s.frm, -s.to))

    def movable(self) -> List[int]:
        """Points (25 = bar) with a checker that can move now."""
        return sorted({s.frm for s in self.legal_steps()}, reverse=True)

    def destinations(self, frm: int) -> Dict[int, Tuple[StepMade, ...]]:
        """Where the checker on ``frm`` can go this turn, alone, by one or more
        consecutive steps: target point -> the steps that take it there
        (the fewest steps, then the first found).  A query: the turn is not
        touched."""
        out: Dict[int, Tuple[StepMade, ...]] = {}

        def walk(point: int, pos: Position, remaining: Tuple[int, ...], path: Tuple[StepMade, ...]) -> None:
            steps = self.legal_steps() if not path else self._steps_at(pos, remaining)
            for s in steps:
                if s.frm != point:
                    continue
                route = path + (s,)
                if s.to not in out or len(route) < len(out[s.to]):
                    out[s.to] = route
                if s.to:
                    left = list(remaining)
                    left.remove(s.die)
                    walk(s.to, pos.apply(((s.frm, s.to),)), tuple(left), route)

        walk(frm, self.position, self.remaining, ())
        return out

    # -- actions ----------------------------------------------------------
    def _push(self, s: StepMade) -> None:
        self._made.append(s)
        self._positions.append(self.position.apply(((s.frm, s.to),)))
        self._steps_cache = None

    def step(self, frm: int, to: int, die: int | None = None) -> StepMade:
        """Make one step; raises :class:`IllegalPlayError` if the rules (or a
        legal completion of the play) forbid it; a point or die of the
        wrong type raises :class:`~engine.errors.ArgumentTypeError`."""
        checks.integer(frm, "from")
        checks.integer(to, "to")
        checks.die(die, none_ok=True)
        for s in self.legal_steps():
            if s.frm == frm and s.to == to and (die is None or die == s.die):
                self._push(s)
                return s
        if die is not None and to == 0:
            # a bear-off that may use another die than the default one
            for s in self.legal_steps():
                if s.frm == frm and s.to == 0:
                    alt = StepMade(frm, 0, die, False)
                    left = list(self.remaining)
                    if die in left and not step_error(self.position, frm, 0, die):
                        left.remove(die)
                        if self._completable(self.position.apply(((frm, 0),)), left):
                            self._push(alt)
                            return alt
        why = step_error(self.position, frm, to, die) if 0 <= to < frm <= 25 else None
        reason = why or ("the dice are used up" if not self.remaining else "it leaves no legal way to finish the play")
        raise IllegalPlayError(f"cannot move {frm}/{to} now: {reason}")

    def make_play(self, play: Play) -> None:
        """Make a whole play from the start of the turn.  A play as
        :func:`legal_plays` lists it is made at once; any other order of
        steps is checked step by step.  Raises :class:`IllegalPlayError`."""
        play = checks.play(play)  # (from, to) steps: the die a step names is the rules' business
        self.undo_all()
        dice = self._dice_of.get(play)
        if dice is not None:
            for (frm, to), die in zip(play, dice):
                hit = to > 0 and self.position.checkers(to) == -1
                self._push(StepMade(frm, to, die, hit))
            return
        try:
            for one in play:
                self.step(*one)
        except IllegalPlayError:
            self.undo_all()
            raise IllegalPlayError(f"{play!r} is not a legal play with {self.dice}") from None
        if not self.complete:
            self.undo_all()
            raise IllegalPlayError(f"{play!r} does not use as many dice as the rules require")

    def undo(self) -> StepMade | None:
        """Take back the last step; returns it, or None when there was none."""
        if not self._made:
            return None
        self._positions.pop()
        self._steps_cache = None
        return self._made.pop()

    def undo_all(self) -> None:
        while self._made:
            self.undo()
