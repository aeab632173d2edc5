"""Hints: the expert's best plays for the turn being played, and the cube
advice where a cube decision is due (before the roll, or answering a double),
both worked out off the frame loop (:class:`HintDesk`).  Asking changes
nothing in the game: the ranking starts from the turn's start with its dice;
the cube advice is the engine's (:func:`engine.advise`, the computer's own
cube)."""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass
from typing import Callable, Optional, Tuple

from engine import Bot, CubeAdvice, CubeQuestion, Game, Play, Position, advise, format_play, get_bot
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


def in_written_order(play: Play) -> Play:
    """``play``'s steps as they are written, from the highest starting point
    down, so that a hit is marked on the first checker that arrives on the
    blot ("8/3* 6/3", as the move log writes it; the ranking may list 6/3
    first).  The same steps, the same end position: a checker's path keeps
    its order, since each of its steps starts lower than the one before.

    >>> in_written_order(((6, 3), (8, 3)))
    ((8, 3), (6, 3))
    """
    return tuple(sorted(play, key=lambda step: -step[0]))


def turn_key(game: Game, number: int) -> HintKey:
    """The key of the turn ``game`` (game ``number`` of its match) is in (what a :class:`Hint` is for)."""
    return (id(game), number, len(game.log), game.turn, game.dice)


def rest_of(start: Position, play: Play, made: Play) -> Optional[Play]:
    """What is left of ``play`` (from the turn's ``start``) once the steps
    ``made`` are played; None when ``made`` has left that play (its steps
    are not all in it, or what is left does not reach its end position).

    >>> rest_of(Position.initial(), ((8, 3), (6, 3)), ((8, 3),))
    ((6, 3),)
    >>> rest_of(Position.initial(), ((8, 3), (6, 3)), ((24, 21),)) is None
    True
    """
    left = Counter(play)
    left.subtract(Counter(made))
    if any(n < 0 for n in left.values()):
        return None
    rest = []
    for step in in_written_order(play):
        if left[step] > 0:
            left[step] -= 1
            rest.append(step)
    now = start.apply(made)
    return tuple(rest) if now.apply(rest) == start.apply(play) else None


@dataclass(frozen=True)
class CubeHint:
    """The cube advice for the decision ``key`` stands for (see :func:`turn_key`)."""

    key: HintKey
    advice: CubeAdvice


class HintDesk:
    """Asks the expert (loaded off the frame loop, once) for the three best
    plays of a turn, or for the cube advice of a cube decision, one at a
    time; each answer is kept with the key of the turn it is for."""

    def __init__(self) -> None:
        self._bot: Optional[Bot] = None
        self._hint: Optional[Hint] = None
        self._cube: Optional[CubeHint] = None
        self._worker = Worker("hint")
        self._asked: Optional[HintKey] = None
        #: counts the answers that came (the scene redraws when it changes)
        self.version = 0

    def ask(self, key: HintKey, start: Position, dice: Tuple[int, int]) -> None:
        """Rank the plays of ``dice`` from ``start`` for the turn ``key``
        (nothing new when that turn's ranking is under way)."""
        def rank() -> Hint:
            bot = self._expert()
            ranked = bot.rank_plays(start, dice)[:3]
            ordered = [(in_written_order(play), eq) for play, eq in ranked]
            plays = tuple((play, eq, format_play(start, play)) for play, eq in ordered)
            found = [chances(bot, start, play) for play, _ in ranked]
            return Hint(key, plays, tuple(c for c in found if c is not None) if None not in found else ())

        self._submit(key, "hint", rank)

    def ask_cube(self, key: HintKey, question: CubeQuestion) -> None:
        """Work out the cube advice of ``question`` for the decision ``key``
        (nothing new when that decision's advice is under way)."""
        self._submit(key, "cube", lambda: CubeHint(key, advise(question, self._expert())))

    def _submit(self, key: HintKey, tag: str, job: Callable[[], object]) -> None:
        """Start ``job`` for ``key`` unless it is under way; an answer still
        awaited for another key is dropped (the player has moved on)."""
        if self._asked == key:
            return
        if self._worker.busy:
            self._worker.cancel()
        self._asked = key
        self._worker.submit(tag, job)

    def _expert(self) -> Bot:
        """The expert, loaded off the frame loop, once."""
        if self._bot is None:
            self._bot = get_bot("expert")
        return self._bot

    @property
    def latest(self) -> Optional[Hint]:
        """The last answer that came, whatever turn it is for (see :attr:`Hint.key`)."""
        return self._hint

    def answer(self, key: HintKey) -> Optional[Hint]:
        """The hint for the turn ``key``, if it has come."""
        return self._hint if self._hint is not None and self._hint.key == key else None

    def cube_answer(self, key: HintKey) -> Optional[CubeAdvice]:
        """The cube advice for the decision ``key``, if it has come."""
        return self._cube.advice if self._cube is not None and self._cube.key == key else None

    def collect(self) -> bool:
        """Take the answer in once it is ready (on the frame loop); whether one came."""
        done = self._worker.poll()
        if done is None:
            return False
        _, result = done
        if isinstance(result, Exception):
            raise GameStateError(f"the hint failed: {result!r}") from result
        if isinstance(result, CubeHint):
            self._cube = result
        else:
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
