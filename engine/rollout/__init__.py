"""Rollouts: a position, or each candidate play, played out many times by
the computer, the results averaged with a 95 % interval per figure.

* :class:`RolloutSettings`: how many trials, truncation, cubeless or cubeful,
  variance reduction, the seed, how many worker processes.
* :class:`Estimate`: a mean and its 95 % half-width.
* :class:`RolloutResult`: the five outcome probabilities, the cubeless
  equity and (cubeful rollouts) the cubeful equity, each an :class:`Estimate`,
  with the number of trials done and whether the rollout was stopped.
* :class:`RolloutProgress`: what the ``progress`` callback receives.
* :func:`rollout`: the rollout itself.

How it is played (as GNU Backgammon rolls out): both sides are the network
at 0-ply (each roll's play is the one whose resulting position the network,
or in a bear-off the exact database, values best); a finished game scores
exactly (1, 2 or 3 points), a game cut off after ``truncate`` rolls (both
sides' rolls count) is valued by the network where it stands.  The dice are
quasi-random: trial ``i``'s first roll is the ``i % 36``-th of the 36
ordered rolls and its second the ``(i // 36) % 36``-th, so 1296 trials take
every pair of first two rolls once; the later rolls come from a generator
seeded by ``seed`` and ``i``.  Every candidate's trial ``i`` meets the same
rolls (duplicate dice), and the same settings give the same figures however
many worker processes share the work.  Variance reduction takes each roll's
luck (the value, 0-ply, after the best play with the roll thrown, less the
average over the 36 rolls) off each trial's outcome.

Cubeful rollouts are money play: the cube starts at ``cube_value``, owned
as ``cube_owner`` says, and before each roll the side on roll doubles as the
expert's money rules say on its 0-ply probabilities (:mod:`engine.ai.cube`),
the other side taking or passing (the doubler then wins the cube); the cube
stops at 64.  Gammons count whoever holds the cube (no Jacoby rule), and a
match score is not taken into account: cubeful rollouts are money play.
The cubeful equity is in points (the cube's value included); the cubeless
figures are reported too, a game ended by a pass counting there with the
network's probabilities at the pass (as a truncated one does).

>>> from engine import Position
>>> settings = RolloutSettings(trials=36, truncate=2, workers=1)
>>> (opening,) = rollout(Position.initial(), settings)
>>> opening.trials, opening.stopped, opening.cubeful_equity is None
(36, False, True)
>>> -0.2 < opening.equity.mean < 0.3 and opening.equity.half_width < 0.1
True
>>> good, poor = rollout(Position.initial(), settings, plays=[((8, 5), (6, 5)), ((24, 21), (21, 20))], dice=(3, 1))
>>> good.equity.mean > poor.equity.mean
True
>>> rollout(Position.initial(), settings, plays=[((8, 2),)], dice=(3, 1))
Traceback (most recent call last):
...
engine.errors.IllegalPlayError: ((8, 2),) is not a legal play with 3-1
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Protocol, Sequence, Tuple

from .. import checks
from ..errors import ArgumentTypeError, IllegalPlayError, InvalidArgumentError, brief
from ..moves import legal_leaves
from ..notation import format_dice
from ..position import Play, Position, check_position

__all__ = ["RolloutSettings", "Estimate", "RolloutResult", "RolloutProgress", "StopFlag", "rollout", "estimate", "MAX_TRIALS", "CHUNK"]

#: the most trials a rollout takes per candidate
MAX_TRIALS = 1_000_000
#: trials in a chunk, the unit of work handed out, reported and stopped between
CHUNK = 36
#: the cube's owner, as the side the result is for says it
OWNERS = ("centre", "me", "opponent")
#: the 95 % interval: this many standard errors each side
Z95 = 1.96


class StopFlag(Protocol):
    """What ``stop`` is: a :class:`threading.Event` does."""

    def is_set(self) -> bool: ...


@dataclass(frozen=True)
class RolloutSettings:
    """How a rollout is played.

    ``trials``: games per candidate (1296 = 36 x 36: the first two rolls take
    every pair of rolls equally often).  ``truncate``: the rolls played before
    the position is valued by the network (``None``: every game to its end).
    ``cubeful``: the cube played as the expert plays it (money game, from the
    cube given); else cubeless.  ``variance_reduction``: each roll's luck, as
    the network judges it, taken out of the result (as GNU Backgammon does).
    ``seed``: the dice; the same seed gives the same rollout.  ``workers``:
    processes (0: one per core; 1: in the calling process).

    >>> RolloutSettings(trials=72, truncate=None).trials
    72
    """

    trials: int = 1296
    truncate: Optional[int] = 11
    cubeful: bool = False
    variance_reduction: bool = True
    seed: int = 1
    workers: int = 0
    cube_value: int = 1
    cube_owner: str = "centre"  # "centre", "me" (the side the result is for), "opponent"


@dataclass(frozen=True)
class Estimate:
    """A rolled-out figure: the mean and the half-width of its 95 % interval
    (1.96 standard errors: the trials' sample standard deviation over the
    square root of their number).  With fewer than two trials the width is
    unknown: ``half_width`` is infinite (and with none the mean is NaN).

    >>> e = Estimate(0.25, 0.5)
    >>> e.low, e.high
    (-0.25, 0.75)
    """

    mean: float
    half_width: float

    @property
    def low(self) -> float:
        return self.mean - self.half_width

    @property
    def high(self) -> float:
        return self.mean + self.half_width


@dataclass(frozen=True)
class RolloutResult:
    """One candidate's figures, from the side named (the side on roll for a
    position, the mover for a play).

    ``probabilities``: win, gammon win, backgammon win, gammon loss,
    backgammon loss; ``equity``: cubeless, per cube; ``cubeful_equity``:
    in a cubeful rollout the points won with the cube (the cube's value
    included: a position won by a pass at the cube of 2 is worth 2), else
    None.  ``trials``: the games it rests on; ``stopped``: the rollout was
    stopped before all its trials were played."""

    trials: int
    probabilities: Tuple[Estimate, Estimate, Estimate, Estimate, Estimate]
    equity: Estimate
    cubeful_equity: Optional[Estimate]
    stopped: bool


@dataclass(frozen=True)
class RolloutProgress:
    """Trials done of the total (over every candidate), and the figures so far."""

    done: int
    total: int
    results: Tuple[RolloutResult, ...]


def estimate(values: Any) -> Estimate:
    """The mean of ``values`` (a sequence or 1-d array of per-trial
    outcomes) and its 95 % half-width.

    >>> e = estimate([1.0, 0.0, 1.0, 0.0])
    >>> e.mean, round(e.half_width, 4)
    (0.5, 0.5658)
    >>> estimate([0.5]).half_width, math.isnan(estimate([]).mean)
    (inf, True)
    """
    import numpy as np

    arr = np.asarray(values, dtype=np.float64)
    n = len(arr)
    return _estimate(n, float(arr.mean()) if n else math.nan, float(arr.std(ddof=1)) if n > 1 else math.inf)


def _estimate(n: int, mean: float, sd: float) -> Estimate:
    """An :class:`Estimate` of ``n`` trials of mean ``mean`` and sample standard deviation ``sd``."""
    if n == 0:
        return Estimate(math.nan, math.inf)
    if n < 2:
        return Estimate(mean, math.inf)
    return Estimate(mean, Z95 * sd / math.sqrt(n))


def _check_settings(settings: Any) -> RolloutSettings:
    if not isinstance(settings, RolloutSettings):
        raise ArgumentTypeError(f"settings must be RolloutSettings, not {type(settings).__name__}")
    checks.integer(settings.trials, "trials", 1, MAX_TRIALS)
    if settings.truncate is not None:
        checks.integer(settings.truncate, "truncate", 0)
    checks.flag(settings.cubeful, "cubeful")
    checks.flag(settings.variance_reduction, "variance_reduction")
    checks.integer(settings.seed, "seed", 0, 2**63 - 1)
    checks.integer(settings.workers, "workers", 0, 1024)
    value = checks.integer(settings.cube_value, "cube_value", 1, 64)
    if value & (value - 1):
        raise InvalidArgumentError(f"cube_value must be a power of 2 from 1 to 64, not {value}")
    checks.choice(settings.cube_owner, "cube_owner", OWNERS)
    return settings


def _starts(position: Position, plays: Optional[Sequence[Play]], dice: Any) -> Tuple[List[Tuple[Tuple[int, ...], Tuple[int, ...]]], bool]:
    """The candidates' starting boards (the side on roll's view) and whether
    the side on roll there is the result's side; bad input raises."""
    check_position(position)
    if position.winner() is not None:
        raise InvalidArgumentError("the game is over in this position: there is nothing to roll out")
    if plays is None:
        if dice is not None:
            raise InvalidArgumentError("dice are given without plays: give the plays made with them, or neither")
        return [position.boards], True
    if dice is None:
        raise InvalidArgumentError("plays need the dice they were made with (dice=...)")
    roll = checks.dice(dice)
    if not isinstance(plays, (list, tuple)):
        raise ArgumentTypeError(f"plays must be a list or tuple of plays, not {type(plays).__name__}")
    if not plays:
        raise InvalidArgumentError("no plays to roll out: give at least one")
    legal = legal_leaves(position, roll)
    starts = []
    for play in plays:
        after = position.apply(checks.play(play))
        if after.key not in legal and (legal or after != position):
            raise IllegalPlayError(f"{brief(play)} is not a legal play with {format_dice(roll)}")
        starts.append(after.swapped().boards)
    return starts, False


def _cores() -> int:
    """The processor cores this process may use."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


class _Tally:
    """The outcomes of the chunks done, per candidate: seven figures a trial
    (the five probabilities, the cubeless equity, the cubeful points).  The
    running figures for progress are combined chunk by chunk as they come
    (Chan's pairwise update: no trial is looked at twice); the final ones
    are worked out once from every trial, in chunk order, so they do not
    depend on which chunk finished first."""

    def __init__(self, candidates: int, cubeful: bool):
        import numpy as np

        self.cubeful = cubeful
        self.chunks: Dict[int, Any] = {}
        self.n = 0
        self.mean = np.zeros((candidates, 7))
        self.m2 = np.zeros((candidates, 7))

    def add(self, index: int, outcomes: Any) -> None:
        """Chunk ``index``'s (candidates, trials, 6) outcomes."""
        import numpy as np

        p = outcomes[..., :5]
        equity = 2.0 * p[..., 0] - 1.0 + p[..., 1] - p[..., 3] + p[..., 2] - p[..., 4]
        x = np.concatenate([p, equity[..., None], outcomes[..., 5:6]], axis=-1)
        self.chunks[index] = x
        k = x.shape[1]
        if k:
            mean = x.mean(axis=1)
            n = self.n + k
            delta = mean - self.mean
            self.mean += delta * (k / n)
            self.m2 += ((x - mean[:, None, :]) ** 2).sum(axis=1) + delta**2 * (self.n * k / n)
            self.n = n

    def running(self) -> Tuple[RolloutResult, ...]:
        """The figures so far (not stopped)."""
        import numpy as np

        sd = np.sqrt(np.maximum(self.m2, 0.0) / (self.n - 1)) if self.n > 1 else np.full(self.m2.shape, math.inf)
        return self._results(self.n, self.mean, sd, False)

    def final(self, stopped: bool) -> Tuple[RolloutResult, ...]:
        """The figures of every trial done."""
        import numpy as np

        every = np.concatenate([self.chunks[i] for i in sorted(self.chunks)], axis=1) if self.chunks else np.zeros((len(self.mean), 0, 7))
        n = every.shape[1]
        mean = every.mean(axis=1) if n else np.full(self.mean.shape, math.nan)
        sd = every.std(axis=1, ddof=1) if n > 1 else np.full(self.mean.shape, math.inf)
        return self._results(n, mean, sd, stopped)

    def _results(self, n: int, mean: Any, sd: Any, stopped: bool) -> Tuple[RolloutResult, ...]:
        out = []
        for m, s in zip(mean.tolist(), sd.tolist()):
            e = [_estimate(n, m[k], s[k]) for k in range(7)]
            out.append(RolloutResult(n, (e[0], e[1], e[2], e[3], e[4]), e[5], e[6] if self.cubeful else None, stopped))
        return tuple(out)


def rollout(
    position: Position,
    settings: RolloutSettings = RolloutSettings(),
    *,
    plays: Optional[Sequence[Play]] = None,
    dice: Optional[Tuple[int, int]] = None,
    progress: Optional[Callable[[RolloutProgress], None]] = None,
    stop: Optional[StopFlag] = None,
) -> Tuple[RolloutResult, ...]:
    """Roll ``position`` out before its side on roll rolls (one result), or,
    with ``plays`` and ``dice``, each play's resulting position (one result
    per play, in order, from the mover's side; every candidate meets the same
    dice in the same trial).  ``progress`` is called in the caller's thread
    as trials finish (after each chunk of :data:`CHUNK` trials of every
    candidate); when ``stop`` is set the rollout ends early and the results
    keep the trials done (``stopped`` true): no chunk starts after it, and
    with worker processes a chunk still running there is left to finish
    unheeded (it is not waited for).

    ``settings.workers``: 1 plays in this process; more (0: one per core
    this process may use) share the chunks among as many worker processes
    ("spawn" processes: a script that calls this at its top level needs
    the ``if __name__ == "__main__":`` guard, as :mod:`multiprocessing`
    asks).  The figures are the same either way.

    Bad input raises the engine's errors before anything is played: a wrong
    type :class:`~engine.errors.ArgumentTypeError`, a value out of range
    :class:`~engine.errors.InvalidArgumentError`, a play that is not legal
    with the dice :class:`~engine.errors.IllegalPlayError`.  A worker
    process that fails raises :class:`~engine.errors.RolloutError`.

    >>> from engine import Position
    >>> rollout(Position.initial(), RolloutSettings(trials=0))
    Traceback (most recent call last):
    ...
    engine.errors.InvalidArgumentError: trials must be 1..1000000, got 0
    """
    from ..ai.rollgames import Plan
    from .pool import run_chunks

    settings = _check_settings(settings)
    starts, result_on_roll = _starts(position, plays, dice)
    if progress is not None and not callable(progress):
        raise ArgumentTypeError(f"progress must be a function or None, not {type(progress).__name__}")
    if stop is not None and not callable(getattr(stop, "is_set", None)):
        raise ArgumentTypeError(f"stop must have is_set() (a threading.Event does), not {type(stop).__name__}")
    plan = Plan(settings.truncate, bool(settings.variance_reduction), bool(settings.cubeful), settings.seed, settings.cube_value, settings.cube_owner)
    jobs = [(starts, result_on_roll, range(a, min(a + CHUNK, settings.trials)), plan) for a in range(0, settings.trials, CHUNK)]
    workers = min(settings.workers or _cores(), len(jobs))
    tally = _Tally(len(starts), bool(settings.cubeful))

    def done(index: int, chunk: Any) -> None:
        tally.add(index, chunk)
        if progress is not None:
            progress(RolloutProgress(tally.n * len(starts), settings.trials * len(starts), tally.running()))

    stopped = run_chunks(jobs, workers, done, stop)
    return tally.final(stopped)
