"""Checks of the arguments that reach the engine's public API: a wrong type
raises :class:`~engine.errors.ArgumentTypeError`, a wrong value one of the
engine's own :class:`~engine.errors.BackgammonError` subclasses, before
anything reaches the internals.

>>> dice((3, 1)), dice([6, 6])
((3, 1), (6, 6))
>>> dice((3, 7))
Traceback (most recent call last):
...
engine.errors.InvalidDiceError: dice must be two numbers 1..6, got (3, 7)
>>> play([(8, 5), [6, 5, 1]])
((8, 5), (6, 5))
>>> play([{}, []])
Traceback (most recent call last):
...
engine.errors.ArgumentTypeError: a step must be (from, to) or (from, to, die) whole numbers, not {}
"""

from __future__ import annotations

from typing import Any, Collection, Optional, Tuple

from .errors import ArgumentTypeError, InvalidArgumentError, InvalidDiceError, brief

Step = Tuple[int, ...]


def _type_name(value: Any) -> str:
    return type(value).__name__


def is_int(value: Any) -> bool:
    """A whole number (``bool`` is not one here).

    >>> is_int(3), is_int(True), is_int(3.0)
    (True, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


def integer(value: Any, name: str, low: Optional[int] = None, high: Optional[int] = None) -> int:
    """``value`` as a whole number from ``low`` to ``high``."""
    if not is_int(value):
        raise ArgumentTypeError(f"{name} must be a whole number, not {_type_name(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise InvalidArgumentError(f"{name} must be {low}..{high}, got {brief(value)}")
    return int(value)


def flag(value: Any, name: str) -> bool:
    """True or False (0 and 1 too)."""
    if isinstance(value, bool) or (is_int(value) and value in (0, 1)):
        return bool(value)
    raise ArgumentTypeError(f"{name} must be True or False, not {brief(value)}"[:200])


def choice(value: Any, name: str, choices: Collection[str]) -> str:
    """One of ``choices`` (text)."""
    if not isinstance(value, str):
        raise ArgumentTypeError(f"{name} must be text, one of {', '.join(choices)}; not {_type_name(value)}")
    if value not in choices:
        raise InvalidArgumentError(f"{name} must be one of {', '.join(choices)}; not {brief(value)}"[:200])
    return value


def player(value: Any, name: str = "player", none_ok: bool = False) -> Optional[int]:
    """0 or 1 (or None with ``none_ok``)."""
    if value is None and none_ok:
        return None
    return integer(value, name, 0, 1)


def die(value: Any, none_ok: bool = False) -> Optional[int]:
    """One die, 1..6 (or None with ``none_ok``)."""
    if value is None and none_ok:
        return None
    if not is_int(value):
        raise ArgumentTypeError(f"a die must be a whole number 1..6, not {_type_name(value)}")
    if not 1 <= value <= 6:
        raise InvalidDiceError(f"a die shows 1..6, not {brief(value)}")
    return int(value)


def dice(value: Any) -> Tuple[int, int]:
    """Two dice, each 1..6, as a tuple."""
    if not isinstance(value, (tuple, list)):
        raise ArgumentTypeError(f"dice must be a pair of numbers 1..6, not {_type_name(value)}")
    if len(value) != 2 or not all(is_int(d) and 1 <= d <= 6 for d in value):
        if len(value) == 2 and not all(is_int(d) for d in value):
            raise ArgumentTypeError(f"dice must be whole numbers 1..6, got {brief(value)}"[:200])
        raise InvalidDiceError(f"dice must be two numbers 1..6, got {brief(value)}"[:200])
    return int(value[0]), int(value[1])


def step(value: Any) -> Step:
    """One step ``(from, to)`` or ``(from, to, die)`` of whole numbers."""
    if not (isinstance(value, (tuple, list)) and len(value) in (2, 3) and all(is_int(v) for v in value)):
        raise ArgumentTypeError(f"a step must be (from, to) or (from, to, die) whole numbers, not {brief(value)}"[:200])
    return tuple(int(v) for v in value)


def steps(value: Any) -> Tuple[Step, ...]:
    """A sequence of at most four steps, each ``(from, to)`` or ``(from, to, die)``."""
    if not isinstance(value, (tuple, list)):
        raise ArgumentTypeError(f"a play must be a sequence of steps, not {_type_name(value)}")
    if len(value) > 4:
        raise InvalidArgumentError(f"a play has at most four steps, not {len(value)}")
    return tuple(step(s) for s in value)


def play(value: Any) -> Tuple[Tuple[int, int], ...]:
    """A play as :func:`engine.legal_plays` lists it: ``(from, to)`` steps
    (a die given with a step is left to the rules to find again)."""
    return tuple((s[0], s[1]) for s in steps(value))


def dice_source(value: Any) -> Any:
    """None, or an object with ``die()`` and ``roll()`` (see :mod:`engine.dice`)."""
    if value is not None and not (callable(getattr(value, "die", None)) and callable(getattr(value, "roll", None))):
        raise ArgumentTypeError(f"dice must be a dice source (die() and roll()), not {_type_name(value)}")
    return value
