"""The tutor (an option, off by default): before a play, a double, a take or
a drop that the expert rates bad or very bad is made, the player is told
what the computer prefers and by how much, and chooses to make it anyway or
think again.

:class:`Tutor` judges a play on a worker thread (the expert's ranking takes a
moment) and a cube action at once (one evaluation); :func:`advice_for_play`
and :func:`advice_for_cube` are the judgements themselves.

>>> from engine import Position
>>> a = advice_for_play(Position.initial(), (3, 1), ((24, 21), (24, 23)))
>>> a.best, a.label.value
('8/5 6/5', 'very bad')
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Optional, Tuple

from engine import CubeAction, CubeAdvice, CubeQuestion, Position, advise, format_play, get_bot
from engine.ai import cube
from engine.ai.protocol import MatchContext
from engine.analysis import Judge, Kind, Label, label_for
from engine.position import Play

#: from this loss on (bad and very bad) the tutor speaks
SPEAKS_FROM = 0.08
_JUDGE: dict = {}


def _judge() -> Judge:
    if "judge" not in _JUDGE:
        _JUDGE["judge"] = Judge(get_bot("expert"))
    return _JUDGE["judge"]


@dataclass(frozen=True)
class Advice:
    """What the computer prefers (``best``, notation or a cube action's
    name) to what the player chose (``chosen``), and by how much; for a
    cube action, the cube advice whose figures these are (``cube``)."""

    chosen: str
    best: str
    loss: float
    label: Label
    cube: Optional[CubeAdvice] = None


def advice_for_play(position: Position, dice: Tuple[int, int], play: Play) -> Optional[Advice]:
    """Advice when ``play`` loses at least :data:`SPEAKS_FROM` against the best."""
    ranked = _judge().bot.rank_plays(position, dice)
    if len(ranked) < 2:
        return None
    values = {position.apply(p): eq for p, eq in ranked}
    best, best_eq = ranked[0]
    loss = float(best_eq) - float(values.get(position.apply(play), best_eq))
    if loss < SPEAKS_FROM:
        return None
    return Advice(format_play(position, play), format_play(position, best), loss, label_for(loss))


def advice_for_cube(
    kind: Kind, position: Position, owner: str, match: Optional[MatchContext] = None, cube_value: int = 1
) -> Optional[Advice]:
    """Advice for a cube action: ``kind`` DOUBLE (``position`` from the doubler,
    ``owner`` 'centre' / 'me' / 'opponent'), TAKE or DROP (``position`` from
    the doubler, the side on roll).  ``match``: the score from the side that
    acts (None for money play), ``cube_value`` the cube before the double.
    The values are the cube advice's (:func:`engine.advise`, what H says at
    a cube decision): in a match match-winning chances at the score, as
    equity (:mod:`engine.ai.matchcube`), as the computer and the review
    take them; the double is worth the other side's better answer.  Where
    the score alone decides (the Crawford game, a cube that already wins or
    loses the match, a double after the Crawford game:
    :func:`engine.ai.cube.match_double_rule`) the tutor says nothing, as the
    review rates nothing there."""
    rule = cube.match_double_rule if kind is Kind.DOUBLE else cube.match_take_rule
    if rule(match, cube_value) is not None:
        return None
    answering = kind is not Kind.DOUBLE
    score = None if not match else (bool(match["crawford"]), match["my_away"], match["their_away"])
    advice = advise(CubeQuestion(position, answering, cube_value, "centre" if answering else owner, score), _judge().bot)
    if answering:
        values = {Kind.TAKE: advice.figure(CubeAction.TAKE).equity, Kind.DROP: advice.figure(CubeAction.PASS).equity}
    else:
        values = {Kind.DOUBLE: advice.double, Kind.NO_DOUBLE: advice.figure(CubeAction.NO_DOUBLE).equity}
    best = max(values, key=lambda k: values[k])
    loss = values[best] - values[kind]
    if loss < SPEAKS_FROM:
        return None
    return Advice(kind.value, best.value, loss, label_for(loss), advice)


#: what a judged play is for: the log's length when it was made, and the play
TutorKey = Tuple[int, Play]


class Tutor:
    """A play judged on a worker thread: :meth:`start`, then poll :attr:`ready`."""

    def __init__(self) -> None:
        self._thread: Optional[threading.Thread] = None
        self._done = threading.Event()
        self.advice: Optional[Advice] = None
        self.key: Optional[TutorKey] = None

    @property
    def busy(self) -> bool:
        return self._thread is not None and not self._done.is_set()

    @property
    def ready(self) -> bool:
        return self._thread is not None and self._done.is_set()

    def start(self, key: TutorKey, position: Position, dice: Tuple[int, int], play: Play) -> None:
        self.key, self.advice = key, None
        self._done = done = threading.Event()

        def work() -> None:
            try:
                self.advice = advice_for_play(position, dice, play)
            except Exception:  # the tutor must never stop a game
                self.advice = None
            finally:
                done.set()

        self._thread = threading.Thread(target=work, name="tutor", daemon=True)
        self._thread.start()

    def take(self) -> Optional[Advice]:
        """The advice once ready (and forget the job)."""
        advice = self.advice
        self._thread, self.advice = None, None
        return advice

    def wait(self, timeout: float = 30.0) -> bool:
        return self._done.wait(timeout)
