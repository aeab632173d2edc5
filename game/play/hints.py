"""Hints: the expert's best plays for the turn being played, ranked off
the frame loop (:class:`HintDesk`).  Asking changes nothing in the game:
the ranking starts from the turn's start with its dice."""

from __future__ import annotations

import time
from typing import Optional, Tuple

from engine import Bot, Play, Position, format_play, get_bot
from engine.errors import GameStateError

from .happenings import Hint, HintKey
from .seats import Worker


def chances(bot: Bot, start: Position, play: Play) -> Optional[Tuple[float, float]]:
    """The mover's chances after ``play`` from ``start`` (the expert's
    network): winning, and winning a gammon or more; None when it cannot say."""
    evaluate = getattr(bot, "evaluate", None)  # the network's bots have it; the Bot protocol does not ask for it
    if evaluate is None:
        return None
    probs = evaluate(start.apply(play).swapped())  # the opponent on roll: win, win g, win bg, lose g, lose bg
    return 1.0 - float(probs[0]), float(probs[3])


class HintDesk:
    """Asks the expert (loaded off the frame loop, once) for the three best
    plays of a turn, one turn at a time; the answer is kept with the key of
    the turn it is for."""

    def __init__(self) -> None:
        self._bot: Optional[Bot] = None
        self._hint: Optional[Hint] = None
        self._worker = Worker("hint")
        self._asked: Optional[HintKey] = None
        #: counts the answers that came (the scene redraws when it changes)
        self.version = 0

    def ask(self, key: HintKey, start: Position, dice: Tuple[int, int]) -> None:
        """Rank the plays of ``dice`` from ``start`` for the turn ``key``
        (nothing new when that turn's ranking is under way)."""
        if self._asked == key:
            return
        self._asked = key

        def rank() -> Hint:
            if self._bot is None:  # loaded off the frame loop, once
                self._bot = get_bot("expert")
            ranked = self._bot.rank_plays(start, dice)[:3]
            plays = tuple((play, eq, format_play(start, play)) for play, eq in ranked)
            found = [chances(self._bot, start, play) for play, _ in ranked]
            return Hint(key, plays, tuple(c for c in found if c is not None) if None not in found else ())

        self._worker.submit("hint", rank)

    def answer(self, key: HintKey) -> Optional[Hint]:
        """The hint for the turn ``key``, if it has come."""
        return self._hint if self._hint is not None and self._hint.key == key else None

    def collect(self) -> bool:
        """Take the answer in once it is ready (on the frame loop); whether one came."""
        done = self._worker.poll()
        if done is None:
            return False
        _, result = done
        if isinstance(result, Exception):
            raise GameStateError(f"the hint failed: {result!r}") from result
        assert isinstance(result, Hint)
        self._hint = result
        self._asked = None
        self.version += 1
        return True

    def wait(self, timeout: float = 30.0) -> None:
        """Block until the ranking under way has answered (for tests and tools)."""
        deadline = time.monotonic() + timeout
        while self._worker.busy and time.monotonic() < deadline:
            self._worker.wait(max(0.0, deadline - time.monotonic()))
            if self.collect():
                break
