"""Dice sources.  Games roll through one of these, so a test or a replay can
inject a seeded source and get exactly the same game again.

>>> a, b = SeededDice(7), SeededDice(7)
>>> [a.roll() for _ in range(3)] == [b.roll() for _ in range(3)]
True
"""

from __future__ import annotations

import random
import secrets
from typing import Iterable, Iterator, Protocol, Tuple

from . import checks
from .errors import ArgumentTypeError


class DiceSource(Protocol):
    """Anything that can throw one fair die."""

    def die(self) -> int:
        """One die, 1..6."""

    def roll(self) -> Tuple[int, int]:
        """Two dice."""


class _RandomDice:
    def __init__(self, rng: random.Random):
        self._rng = rng

    def die(self) -> int:
        return self._rng.randint(1, 6)

    def roll(self) -> Tuple[int, int]:
        return self.die(), self.die()


class SystemDice(_RandomDice):
    """Unbiased dice from the operating system's randomness (the default)."""

    def __init__(self) -> None:
        super().__init__(secrets.SystemRandom())


class SeededDice(_RandomDice):
    """Reproducible dice: the same seed gives the same sequence."""

    def __init__(self, seed: int | str | None = None):
        if seed is not None and not isinstance(seed, (int, str, bytes)):
            raise ArgumentTypeError(f"a seed must be a whole number or text, not {type(seed).__name__}")
        super().__init__(random.Random(seed))


class FixedDice:
    """Dice that come from a given list, for tests: ``FixedDice([3, 1, 6, 6])``
    throws 3, 1, 6, 6 and then fails."""

    def __init__(self, values: Iterable[int]):
        try:
            self._values: Iterator[int] = iter(values)
        except TypeError:
            raise ArgumentTypeError(f"FixedDice needs a sequence of dice, not {type(values).__name__}") from None

    def die(self) -> int:
        try:
            value = next(self._values)
        except StopIteration:
            raise RuntimeError("FixedDice ran out of values") from None
        return checks.die(value)  # type: ignore[return-value]

    def roll(self) -> Tuple[int, int]:
        return self.die(), self.die()
