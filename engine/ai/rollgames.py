"""A chunk of a rollout: its trials' games, for every candidate, in lockstep.

Every live game advances one roll at a time together, so the network is
asked once a roll for all of them (:meth:`engine.ai.rollplay.Player.choices`).
Each game is one trial of one candidate; its outcome is kept from the
*result's side* (the side the rollout reports for) as six figures: the five
probabilities (0 or 1 for a finished game, the network's estimate for a
truncated one) and, in a cubeful rollout, the points won with the cube.

Dice (:func:`trial_roll`): trial ``i``'s first roll is the ``i % 36``-th of
the 36 ordered rolls, its second the ``(i // 36) % 36``-th, the rest come
from a generator seeded with ``seed * 1_000_003 + i``; every candidate's
trial ``i`` meets the same rolls.

Variance reduction: at each roll the luck of the side to play, the value
(0-ply) after its best play with the roll thrown less the average over the
rolls of the value after the best play with each, is added up (from the
result's side) and taken off the outcome, figure by figure.

The cube (cubeful rollouts, money play): before each roll the side on roll
doubles when :func:`engine.ai.cube.should_double` says so on its 0-ply
probabilities, and the other side takes when :func:`engine.ai.cube.should_take`
does, else passes (the doubler wins the cube); the cube goes no higher than
:data:`MAX_CUBE`.

>>> trial_roll(1, 40, 0), trial_roll(1, 40, 1)
((1, 5), (1, 2))
"""

from __future__ import annotations

import random
from typing import Dict, Iterable, List, Mapping, NamedTuple, Optional, Sequence, Set, Tuple

import numpy as np

from . import cube
from .rollplay import ALL_ROLLS, CACHE_PLIES, ROLL_INDEX, WEIGHTS, Boards, Choice, Player, flipped, flipped_difference, in_contact, won_probabilities
from .search import terminal_equity

#: the highest the cube goes in a cubeful rollout
MAX_CUBE = 64
#: the 36 ordered rolls, in the order the first two rolls of the trials take them
ORDERED = [(a, b) for a in range(1, 7) for b in range(1, 7)]
#: what a trial's outcome holds: the five probabilities, then the cubeful points
FIGURES = 6
_OWNERS = {"centre": 0, "me": 1, "opponent": -1}


class Plan(NamedTuple):
    """How the games of a rollout are played (see :class:`engine.rollout.RolloutSettings`);
    ``cube_owner`` as for the result's side."""

    truncate: Optional[int]
    variance_reduction: bool
    cubeful: bool
    seed: int
    cube_value: int
    cube_owner: str


def trial_random(seed: int, trial: int) -> random.Random:
    """The generator of trial ``trial``'s rolls after its first two (the same
    in every process and every run)."""
    return random.Random(seed * 1_000_003 + trial)


def trial_roll(seed: int, trial: int, k: int, rng: Optional[random.Random] = None) -> Tuple[int, int]:
    """Roll ``k`` (0 the first) of trial ``trial``: the first two by the
    rotation, the others from ``rng`` (:func:`trial_random`, drawn in order:
    pass the same generator for k = 2, 3, ...).

    >>> [trial_roll(1, i, 0) for i in (0, 1, 6, 35)], trial_roll(1, 36 * 7, 1)
    ([(1, 1), (1, 2), (2, 1), (6, 6)], (2, 2))
    """
    if k < 2:
        return ORDERED[(trial if k == 0 else trial // 36) % 36]
    rng = rng if rng is not None else trial_random(seed, trial)
    return rng.randint(1, 6), rng.randint(1, 6)


class Games:
    """One chunk's games: ``starts`` (one per candidate, the side on roll's
    view), each played once for each trial in ``trials``.  ``result_on_roll``:
    whether the side on roll at the start is the result's side."""

    def __init__(self, player: Player, starts: Sequence[Boards], result_on_roll: bool, trials: Sequence[int], plan: Plan):
        self.player, self.plan = player, plan
        self.trials = list(trials)
        self.shape = (len(starts), len(self.trials))
        n = len(starts) * len(self.trials)
        self.pos: List[Boards] = [start for start in starts for _ in self.trials]
        self.mine: List[bool] = [result_on_roll] * n  # the side on roll is the result's side
        self.value: List[int] = [plan.cube_value] * n
        self.owner: List[int] = [_OWNERS[plan.cube_owner]] * n  # 1: the result's side, -1: the other, 0: centred
        self.out = np.zeros((n, FIGURES))
        self.luck = np.zeros((n, FIGURES))
        self.live: List[int] = []
        self._rngs = [trial_random(plan.seed, t) for t in self.trials]
        for g, (me, them) in enumerate(self.pos):
            if them[0] == 15:  # the play rolled out bore off the last checker
                self._finish_won(g, by_on_roll=False, points=int(terminal_equity(them, me)))
            else:
                self.live.append(g)

    def run(self) -> np.ndarray:
        """Play every game out: (candidates, trials, :data:`FIGURES`) outcomes
        from the result's side, the luck taken off."""
        k = 0
        while self.live:
            if self.plan.truncate is not None and k >= self.plan.truncate:
                self._truncate()
                break
            if self.plan.cubeful:
                self._cube_actions()
            if self.live:
                self._roll(k)
            k += 1
        return (self.out - self.luck).reshape(*self.shape, FIGURES)

    # -- the sides ----------------------------------------------------------------
    def _sign(self, g: int) -> int:
        """+1 when the side on roll is the result's side, else -1."""
        return 1 if self.mine[g] else -1

    def _owner_for(self, g: int, side: int) -> str:
        """The cube's owner as ``side`` (+1 the result's side, -1 the other) calls it."""
        owner = self.owner[g]
        return "centre" if owner == 0 else "me" if owner == side else "opponent"

    def _ours(self, g: int, probs: np.ndarray) -> np.ndarray:
        """The side on roll's probabilities seen from the result's side."""
        return probs if self.mine[g] else flipped(probs)

    def _finish(self, g: int, probs: np.ndarray, points: float) -> None:
        """Game ``g`` ends: ``probs`` and ``points`` from the result's side."""
        self.out[g, :5] = probs
        self.out[g, 5] = points

    def _finish_won(self, g: int, by_on_roll: bool, points: int) -> None:
        """Game ``g`` ends, won by the side on roll (or the other) by ``points`` cubes."""
        ours = by_on_roll == self.mine[g]
        won = won_probabilities(points)
        self._finish(g, won if ours else flipped(won), (1.0 if ours else -1.0) * points * self.value[g] if self.plan.cubeful else 0.0)

    # -- a roll -------------------------------------------------------------------
    def _truncate(self) -> None:
        """Value every live game where it stands (0-ply, the side on roll's view)."""
        probs = self.player.evaluate([self.pos[g] for g in self.live])
        for g, p in zip(self.live, probs):
            points = 0.0
            if self.plan.cubeful:
                x = cube.efficiency(in_contact(self.pos[g]))
                points = self._sign(g) * self.value[g] * cube.cubeful_equity(p, self._owner_for(g, self._sign(g)), x)
            self._finish(g, self._ours(g, p), points)
        self.live = []

    def _cube_actions(self) -> None:
        """Each side on roll that may double decides on its 0-ply
        probabilities; the other side takes or passes (the game ends)."""
        able = [g for g in self.live if self.value[g] < MAX_CUBE and self.owner[g] in (0, self._sign(g))]
        ended = set()
        for g, p in zip(able, self.player.evaluate([self.pos[g] for g in able])):
            near = in_contact(self.pos[g])
            if not cube.should_double(p, contact=near, owner=self._owner_for(g, self._sign(g))):
                continue
            if cube.should_take(p, contact=near):
                self.value[g] *= 2
                self.owner[g] = -self._sign(g)
            else:  # a pass: the doubler wins the cube as it was
                self._finish(g, self._ours(g, p), self._sign(g) * self.value[g])
                ended.add(g)
        if ended:
            self.live = [g for g in self.live if g not in ended]

    def _roll(self, k: int) -> None:
        """Every live game throws its ``k``-th roll and makes its best play."""
        rolls = [ROLL_INDEX[trial_roll(self.plan.seed, t, k, rng)] for t, rng in zip(self.trials, self._rngs)]
        trials = self.shape[1]
        wanted: Mapping[Boards, Iterable[int]]
        if self.plan.variance_reduction:  # every roll: the luck of the one thrown is its value against them all
            wanted = {self.pos[g]: ALL_ROLLS for g in self.live}
        else:
            asked: Dict[Boards, Set[int]] = {}
            for g in self.live:
                asked.setdefault(self.pos[g], set()).add(rolls[g % trials])
            wanted = asked
        table = self.player.choices(wanted, remember=k < CACHE_PLIES)
        spread: Dict[Boards, Tuple[np.ndarray, np.ndarray]] = {}
        still: List[int] = []
        for g in self.live:
            r = rolls[g % trials]
            row = table[self.pos[g]]
            choice = row[r]
            assert choice is not None
            if self.plan.variance_reduction:
                self._add_luck(g, row, r, spread)
            if choice.after is None:
                self._finish_won(g, by_on_roll=True, points=choice.points)
            else:
                self.pos[g] = choice.after
                self.mine[g] = not self.mine[g]
                still.append(g)
        self.live = still

    def _add_luck(self, g: int, row: List[Optional[Choice]], r: int, spread: Dict[Boards, Tuple[np.ndarray, np.ndarray]]) -> None:
        """Add roll ``r``'s luck, from the result's side, to game ``g``'s."""
        position = self.pos[g]
        if position not in spread:
            probs = np.stack([c.probs for c in row if c is not None])  # the mover's opponent's, after each roll
            spread[position] = (probs, WEIGHTS @ probs)
        probs, mean = spread[position]
        d = probs[r] - mean
        self.luck[g, :5] += flipped_difference(d) if self.mine[g] else d
        if self.plan.cubeful:
            after = self._cubeful_after(g, row)
            self.luck[g, 5] += self._sign(g) * float(after[r] - WEIGHTS @ after)

    def _cubeful_after(self, g: int, row: List[Optional[Choice]]) -> np.ndarray:
        """The mover's cubeful points after its best play with each roll."""
        value = self.value[g]
        theirs = self._owner_for(g, -self._sign(g))
        out = np.empty(len(row))
        for r, c in enumerate(row):
            assert c is not None
            out[r] = c.points * value if c.points else -value * cube.cubeful_equity(c.probs, theirs, cube.efficiency(c.contact))
        return out


def play_chunk(player: Player, starts: Sequence[Boards], result_on_roll: bool, trials: Sequence[int], plan: Plan) -> np.ndarray:
    """The outcomes of ``trials`` for each of ``starts``: (candidates, trials,
    :data:`FIGURES`), from the result's side (see :class:`Games`).

    >>> from engine import Position
    >>> plan = Plan(truncate=1, variance_reduction=False, cubeful=False, seed=1, cube_value=1, cube_owner="centre")
    >>> play_chunk(Player(), [Position.initial().boards], True, range(3), plan).shape
    (1, 3, 6)
    """
    return Games(player, starts, result_on_roll, trials, plan).run()
