"""Many callers' questions to the shared store asked in one round trip
(:mod:`game.net.cluster`: after a process is killed, its players reach the
others all at once; each resume needs its token looked up and its match
taken over).

A caller asks for one key and waits; the keys asked while a round trip is
under way go together in the next one (at most ``most`` at a time).

>>> import asyncio
>>> rounds = []
>>> async def double(keys):
...     rounds.append(sorted(keys))
...     await asyncio.sleep(0)
...     return {k: 2 * k for k in keys}
>>> async def main():
...     batch = Batch(double)
...     return await asyncio.gather(*(batch.get(k) for k in (1, 2, 3, 2)))
>>> asyncio.run(main()), rounds
([2, 4, 6, 4], [[1, 2, 3]])
"""

from __future__ import annotations

import asyncio
from typing import Awaitable, Callable, Dict, Generic, Hashable, Mapping, Optional, Sequence, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Batch(Generic[K, V]):
    """``get(key)`` -> ``ask(keys)[key]``, many keys per call of ``ask``."""

    def __init__(self, ask: Callable[[Sequence[K]], Awaitable[Mapping[K, V]]], most: int = 200):
        self.ask = ask
        self.most = most
        self._waiting: Dict[K, "asyncio.Future[V]"] = {}
        self._worker: Optional["asyncio.Task[None]"] = None

    async def get(self, key: K) -> V:
        """The answer for ``key`` (what ``ask`` raised, if it raised)."""
        future = self._waiting.get(key)
        if future is None:
            future = self._waiting[key] = asyncio.get_running_loop().create_future()
        if self._worker is None or self._worker.done():
            self._worker = asyncio.get_running_loop().create_task(self._work())
        return await asyncio.shield(future)

    async def _work(self) -> None:
        await asyncio.sleep(0)  # (the callers woken together ask together)
        while self._waiting:
            keys = list(self._waiting)[: self.most]
            futures = {k: self._waiting.pop(k) for k in keys}
            try:
                answers = await self.ask(keys)
            except Exception as exc:
                for future in futures.values():
                    if not future.done():
                        future.set_exception(exc)
                        future.exception()  # (retrieved: each waiter re-raises it)
                continue
            for k, future in futures.items():
                if not future.done():
                    if k in answers:
                        future.set_result(answers[k])
                    else:
                        future.set_exception(KeyError(k))
                        future.exception()
