"""A small least-recently-used cache: a dict with a bound, for what the game
keeps to draw faster (fonts, rendered text), so that a kiosk running for
days never grows.  The entry used longest ago goes first.

>>> c = Bounded(2)
>>> c.put("a", 1); c.put("b", 2); c.get("a"); c.put("c", 3)
1
>>> sorted(c.keys()), len(c)
(['a', 'c'], 2)
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Generic, Hashable, KeysView, Optional, TypeVar, ValuesView

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Bounded(Generic[K, V]):
    """At most ``limit`` entries; :meth:`get` counts as a use."""

    def __init__(self, limit: int):
        if limit < 1:
            raise ValueError("a cache holds at least one entry")
        self.limit = limit
        self._items: "OrderedDict[K, V]" = OrderedDict()

    def get(self, key: K) -> Optional[V]:
        value = self._items.get(key)
        if value is not None:
            self._items.move_to_end(key)
        return value

    def put(self, key: K, value: V) -> None:
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self.limit:
            self._items.popitem(last=False)

    def pop(self, key: K) -> Optional[V]:
        return self._items.pop(key, None)

    def clear(self) -> None:
        self._items.clear()

    def keys(self) -> KeysView[K]:
        return self._items.keys()

    def values(self) -> ValuesView[V]:
        """The entries, least recently used first (looking is not a use)."""
        return self._items.values()

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: object) -> bool:
        return key in self._items
