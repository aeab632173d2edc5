"""Errors raised by the engine.

Every error is a :class:`ValueError` subclass, so callers that only care
about "bad input" can catch ``ValueError``; callers that care can be precise.
"""


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
