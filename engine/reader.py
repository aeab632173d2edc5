"""Strict readers of a saved game's fields (:class:`Reader`): the exact JSON
type and a value in range, else :class:`~engine.errors.SerializationError`.
What is read here can be shown, played on, saved and taken back."""

from __future__ import annotations

import re
from typing import Any, Dict, List, Optional, Tuple

from .errors import SerializationError, brief

MAX_CUBE = 64
CUBE_VALUES = tuple(2 ** i for i in range(7))  # 1 .. MAX_CUBE
#: Unicode's control characters (category Cc: U+0000..U+001F and U+007F..U+009F)
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")


class Reader:
    """Strict readers of a saved game's fields: the exact JSON type and a
    value in range, else :class:`SerializationError`.

    >>> Reader().dice(None)
    Traceback (most recent call last):
    ...
    engine.errors.SerializationError: None is not a pair of dice
    """

    @staticmethod
    def player(v: Any, none_ok: bool = False) -> Optional[int]:
        if v is None and none_ok:
            return None
        if type(v) is not int or v not in (0, 1):
            raise SerializationError(f"{brief(v)} is not a player (0 or 1)")
        return v

    @staticmethod
    def dice(v: Any, none_ok: bool = False) -> Optional[Tuple[int, int]]:
        if v is None and none_ok:
            return None
        if not (isinstance(v, (list, tuple)) and len(v) == 2 and all(type(d) is int and 1 <= d <= 6 for d in v)):
            raise SerializationError(f"{brief(v)} is not a pair of dice"[:200])
        return int(v[0]), int(v[1])

    @staticmethod
    def flag(v: Any, name: str) -> bool:
        if not isinstance(v, bool):
            raise SerializationError(f"{name} is {brief(v)}, not true or false"[:200])
        return v

    @staticmethod
    def whole(v: Any, name: str, low: int, high: int) -> int:
        if type(v) is not int or not low <= v <= high:
            raise SerializationError(f"{name} is {brief(v)}, not a whole number {low}..{high}"[:200])
        return v

    @staticmethod
    def cube(v: Any) -> int:
        if type(v) is not int or v not in CUBE_VALUES:
            raise SerializationError(f"{brief(v)} is not a cube value"[:200])
        return v

    @staticmethod
    def text(v: Any, name: str, choices: Tuple[str, ...] = ()) -> str:
        if not isinstance(v, str) or len(v) > 200 or _CONTROL.search(v) is not None:
            raise SerializationError(f"{name} {brief(v)} is not a short line of text"[:200])
        if choices and v not in choices:
            raise SerializationError(f"{name} {brief(v)} is not one of {', '.join(choices)}"[:200])
        return v

    @staticmethod
    def record(v: Any, name: str) -> Dict[str, Any]:
        if not isinstance(v, dict):
            raise SerializationError(f"a {name} is {type(v).__name__}, not an object")
        return v

    @staticmethod
    def items(v: Any, name: str) -> List[Any]:
        if not isinstance(v, list):
            raise SerializationError(f"the {name} is {type(v).__name__}, not a list")
        return v
