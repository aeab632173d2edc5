"""Errors raised by the engine.

Every error is a :class:`ValueError` subclass, so callers that only care
about "bad input" can catch ``ValueError``; callers that care can be precise.
:func:`brief` describes a bad value in a message without looking at all of it.
"""

from itertools import islice
from typing import Any, Dict, FrozenSet, List, Set, Tuple, Union


class BackgammonError(ValueError):
    """Base class of every error the engine raises on bad input."""


class InvalidPositionIdError(BackgammonError):
    """A Position ID that is malformed or names an impossible board."""


class InvalidPositionError(BackgammonError):
    """A board that breaks the rules (checker counts, shared points...)."""


class IllegalPlayError(BackgammonError):
    """A play or a step that the rules do not allow."""


class PlayNotationError(BackgammonError):
    """Text that cannot be read as a play."""


class AmbiguousPlayError(PlayNotationError):
    """Text that matches more than one legal play."""


class GameStateError(BackgammonError):
    """An action that the game's current phase does not allow."""


class SerializationError(BackgammonError):
    """A saved game or match document that cannot be read."""


class InvalidMatchIdError(BackgammonError):
    """A Match ID that is malformed or names an impossible match state."""


class MatFileError(SerializationError):
    """A .mat (JellyFish) match file that cannot be read, or a match that
    cannot be written in that format."""


class RolloutError(BackgammonError):
    """A rollout that could not go on: a worker process failed (its error is
    the cause, ``__cause__``)."""


class ArgumentTypeError(BackgammonError, TypeError):
    """An argument of the wrong type given to the engine's public API (it is a
    :class:`TypeError` too).

    >>> from engine import legal_plays
    >>> legal_plays([], (3, 1))
    Traceback (most recent call last):
    ...
    engine.errors.ArgumentTypeError: position must be a Position, not list
    """


class InvalidDiceError(BackgammonError):
    """Dice that are not two numbers 1..6 (or a die that is not 1..6)."""


class InvalidArgumentError(BackgammonError):
    """An argument of the right type outside what a call accepts (a match
    length, a bot level, a point number...)."""


#: at most this many characters of a bad value are quoted in an error message
BRIEF_CHARS = 80
_BRIEF_DEPTH = 3  # containers inside containers shown this deep
_BRIEF_ITEMS = 6  # and this many items of each


def brief(value: object, limit: int = BRIEF_CHARS) -> str:
    """A bad value as an error message quotes it: ``repr`` for a plain
    value, containers a few levels and items deep, everything cut to
    ``limit`` characters.  It never looks at more of the value than it
    shows, so a 100,000-deep list or a number of 100,000 digits (whose
    ``repr`` would recurse too deep or refuse) is described in no time.

    >>> brief((3, 7)), brief(None), brief("x" * 200, 12)
    ('(3, 7)', 'None', "'xxxxxxxx...")
    >>> brief([1, [2, [3, [4, [5]]]]])
    '[1, [2, [3, [...]]]]'
    >>> deep = []
    >>> for _ in range(100_000):
    ...     deep = [deep]
    >>> brief(deep), brief(10 ** 100_000), brief(object())
    ('[[[[...]]]]', '<a whole number of 332193 bits>', '<object>')
    """
    text = _brief(value, _BRIEF_DEPTH)
    return text if len(text) <= limit else text[: max(0, limit - 3)] + "..."


def _brief(value: object, depth: int) -> str:
    if value is None or isinstance(value, (bool, float)):
        return repr(value)
    if isinstance(value, int):
        bits = value.bit_length()
        return repr(int(value)) if bits <= 256 else f"<a whole number of {bits} bits>"
    if isinstance(value, (str, bytes)):
        return repr(value[: BRIEF_CHARS + 1])
    if isinstance(value, (list, tuple, set, frozenset, dict)):
        return _brief_container(value, depth)
    return f"<{type(value).__name__}>"


def _brief_container(value: Union[List[Any], Tuple[Any, ...], Set[Any], FrozenSet[Any], Dict[Any, Any]], depth: int) -> str:
    opening, closing = ("[", "]") if isinstance(value, list) else ("(", ")") if isinstance(value, tuple) else ("{", "}")
    if depth == 0:
        return f"{opening}...{closing}"
    parts: List[str] = []
    for item in islice(value.items() if isinstance(value, dict) else value, _BRIEF_ITEMS):
        if isinstance(value, dict):
            parts.append(f"{_brief(item[0], depth - 1)}: {_brief(item[1], depth - 1)}")
        else:
            parts.append(_brief(item, depth - 1))
    if len(value) > _BRIEF_ITEMS:
        parts.append("...")
    if isinstance(value, tuple) and len(value) == 1:
        return f"({parts[0]},)"
    return opening + ", ".join(parts) + closing
