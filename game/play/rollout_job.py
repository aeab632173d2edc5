"""A rollout in the client, without pygame: what is rolled out
(:class:`RolloutRequest`: a position before its roll, or the candidate plays
of a roll) and the rollout itself, run off the frame loop
(:class:`RolloutJob`: a worker thread calling :func:`engine.rollout.rollout`
with a progress callback and a :class:`threading.Event` as its stop; the
frame loop reads the progress and the figures so far).

The requests are made where the player asks: the hint's plays of the turn
being played (:func:`hint_request`), the position before the roll with the
cube advice shown (:func:`cube_request`), a checker play of the review, the
play made and the best alternatives (:func:`review_request`).  The client
decides no rule: the plays are those the expert ranked, the figures the
engine's.

>>> from engine import FixedDice, Match
>>> from game.play.session import Session
>>> s = Session(Match(dice=FixedDice([3, 1])))
>>> hint_request(s) is None, cube_request(s) is None
(True, True)
"""

from __future__ import annotations

import dataclasses
import threading
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, List, Optional, Sequence, Tuple

from engine import Match, Play, Position, cube_question, format_play, get_bot
from engine.errors import GameStateError
from engine.kinds import TextEnum
from engine.rollout import RolloutProgress, RolloutResult, RolloutSettings, StopFlag, rollout

from .hints import in_written_order
from .numbering import listener

if TYPE_CHECKING:
    from engine.analysis import Decision

    from .session import Session

#: the player's choices: trials per candidate, rolls played before the network values the position (None: to the end)
TRIALS = (324, 1296)
TRUNCATIONS = (11, None)
#: the review's rows: the best plays the expert ranks, besides the play made
REVIEW_BEST = 3
#: the frame loop is woken at most this often by the rollout's progress
WAKE_EVERY_S = 0.1

#: what runs the rollout (the engine's; a stand-in for tools)
Runner = Callable[..., Tuple[RolloutResult, ...]]


class RolloutKind(TextEnum):
    """What a rollout is of."""

    POSITION = "position"  # the position before its side's roll (one row)
    PLAYS = "plays"        # the candidate plays of a roll (a row each)


class Stage(TextEnum):
    """Where a rollout screen stands."""

    READY = "ready"      # the settings may be changed; Start starts
    RUNNING = "running"
    DONE = "done"
    STOPPED = "stopped"  # stopped early: the figures keep the trials done
    FAILED = "failed"


@dataclass(frozen=True)
class Candidate:
    """One row: a play (``()`` for the position itself), written in the
    mover's own numbering (``text``); ``made``: the play made (the review)."""

    play: Play
    text: str
    made: bool = False


@dataclass(frozen=True)
class RolloutRequest:
    """What is rolled out, and for whom.  ``position`` is from ``side``'s
    point of view (the side on roll: the mover, for plays); ``listener``
    whose numbering the plays are shown in; ``cube_value`` and
    ``cube_owner`` ("centre", "me", "opponent", seen from ``side``) for a
    cubeful rollout, ``cubeful`` the choice it starts with; ``in_match``:
    the game is a match's (a cubeful rollout plays the cube as for money)."""

    kind: RolloutKind
    position: Position
    side: int
    listener: int
    candidates: Tuple[Candidate, ...]
    dice: Optional[Tuple[int, int]] = None
    cube_value: int = 1
    cube_owner: str = "centre"
    cubeful: bool = False
    in_match: bool = False

    @property
    def plays(self) -> Optional[Tuple[Play, ...]]:
        """The plays to roll out (None: the position itself)."""
        return tuple(c.play for c in self.candidates) if self.kind is RolloutKind.PLAYS else None

    def settings(self, base: RolloutSettings, trials: int, truncate: Optional[int], cubeful: bool) -> RolloutSettings:
        """``base`` (the seed, the workers ...) with the player's choices and this request's cube."""
        return dataclasses.replace(base, trials=trials, truncate=truncate, cubeful=cubeful,
                                   cube_value=self.cube_value, cube_owner=self.cube_owner)


def _owner(cube_owner: Optional[int], side: int) -> str:
    """The cube's owner seen from ``side``."""
    return "centre" if cube_owner is None else "me" if cube_owner == side else "opponent"


def hint_request(session: "Session") -> Optional[RolloutRequest]:
    """The hint's plays of the turn being played, with its dice (None: no hint shown)."""
    hint = session.hint
    g = session.game
    if hint is None or not hint.plays or g.dice is None:
        return None
    return RolloutRequest(
        RolloutKind.PLAYS, g.turn_start, g.turn, listener(session, session.snapshot()),
        tuple(Candidate(play, text) for play, _, text in hint.plays), g.dice,
        g.cube_value, _owner(g.cube_owner, g.turn), cubeful=session.snapshot().cube_enabled, in_match=session.match.length > 1,
    )


def cube_request(session: "Session") -> Optional[RolloutRequest]:
    """The position before the roll, from the side on roll, cubeful, where the
    cube advice is shown (None: none is)."""
    if session.cube_advice is None:
        return None
    try:
        question = cube_question(session.match)
    except GameStateError:
        return None
    g = session.game
    return RolloutRequest(
        RolloutKind.POSITION, question.position, g.turn, listener(session, session.snapshot()), (Candidate((), ""),),
        None, question.cube_value, question.owner, cubeful=True, in_match=question.score is not None,
    )


def review_candidates(position: Position, dice: Tuple[int, int], best: Play, made: Play,
                      ranked: Sequence[Tuple[Play, float]]) -> Tuple[Candidate, ...]:
    """The review's rows: the best play, the expert's next best up to
    :data:`REVIEW_BEST` in all, and the play made (marked) if it is not among
    them; each play once (by the position it leaves).

    >>> p = Position.initial()
    >>> rows = review_candidates(p, (3, 1), ((8, 5), (6, 5)), ((24, 21), (24, 23)),
    ...                          [(((8, 5), (6, 5)), 0.17), (((13, 10), (24, 23)), -0.01), (((24, 21), (24, 23)), -0.1)])
    >>> [(c.text, c.made) for c in rows]
    [('8/5 6/5', False), ('24/23 13/10', False), ('24/21 24/23', True)]
    """
    rows: List[Candidate] = []
    left_by: List[Position] = []
    made_left = position.apply(made)
    for play in [best] + [play for play, _ in ranked]:
        if len(rows) == REVIEW_BEST:
            break
        left = position.apply(play)
        if left not in left_by:
            left_by.append(left)
            rows.append(Candidate(in_written_order(play), format_play(position, in_written_order(play)), left == made_left))
    if made_left not in left_by:
        rows.append(Candidate(in_written_order(made), format_play(position, in_written_order(made)), True))
    return tuple(rows)


def review_request(match: Match, decision: "Decision", heard: int, with_cube: bool) -> Optional[RolloutRequest]:
    """A checker play of the review: the play made and the best alternatives
    with the decision's dice, from the mover's side (None: not a checker
    play with a choice).  ``heard``: whose numbering; ``with_cube``: the game
    was played with the cube (the rollout starts cubeful)."""
    dice = decision.dice
    if decision.cube or dice is None or decision.forced or not decision.played_play or not decision.best_play:
        return None
    ranked = get_bot("expert").rank_plays(decision.position, dice)
    rows = review_candidates(decision.position, dice, decision.best_play, decision.played_play, ranked)
    return RolloutRequest(
        RolloutKind.PLAYS, decision.position, decision.player, heard, rows, dice, decision.cube_value,
        _owner(decision.cube_owner, decision.player), cubeful=with_cube, in_match=match.length > 1,
    )


class RolloutJob:
    """``request`` rolled out with ``settings`` on a daemon thread.  The
    frame loop reads :attr:`done` of :attr:`total` trials (over every
    candidate) and :attr:`results` (the figures so far, one per candidate);
    :attr:`finished` once it ended (done, stopped or failed: :attr:`error`).
    :meth:`stop` ends it early, keeping what is done.  ``wake`` is called
    from the worker when there is news (at most every :data:`WAKE_EVERY_S`),
    to wake an idle frame loop."""

    def __init__(self, request: RolloutRequest, settings: RolloutSettings, wake: Optional[Callable[[], None]] = None,
                 runner: Optional[Runner] = None):
        self.request = request
        self.settings = settings
        self._wake = wake
        self._runner = runner if runner is not None else rollout
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._finished = threading.Event()
        self.done = 0
        self.total = settings.trials * len(request.candidates)
        self.results: Tuple[RolloutResult, ...] = ()
        self.error: Optional[str] = None
        self._woken = 0.0
        self._thread = threading.Thread(target=self._run, name="rollout", daemon=True)
        self._thread.start()

    @property
    def stop_flag(self) -> StopFlag:
        return self._stop

    def _progress(self, progress: RolloutProgress) -> None:
        with self._lock:
            self.done, self.total = progress.done, max(1, progress.total)
            self.results = tuple(progress.results)
        now = time.monotonic()
        if now - self._woken >= WAKE_EVERY_S:
            self._woken = now
            self._poke()

    def _poke(self) -> None:
        if self._wake is not None:
            self._wake()

    def _run(self) -> None:
        request = self.request
        try:
            results = self._runner(request.position, self.settings, plays=request.plays, dice=request.dice,
                                   progress=self._progress, stop=self._stop)
            with self._lock:
                self.results = tuple(results)
                if not self._stop.is_set() and not any(r.stopped for r in self.results):
                    self.done = self.total
        except Exception as exc:  # shown to the player, never a crash
            self.error = str(exc) or type(exc).__name__
        finally:
            self._finished.set()
            self._poke()

    def figures(self) -> Tuple[int, int, Tuple[RolloutResult, ...]]:
        """(done, total, results) as one reading."""
        with self._lock:
            return self.done, self.total, self.results

    @property
    def finished(self) -> bool:
        return self._finished.is_set()

    @property
    def stopped(self) -> bool:
        """Was it stopped before the trials asked for were done?"""
        return self.finished and (self._stop.is_set() or any(r.stopped for r in self.results))

    @property
    def fraction(self) -> float:
        """How far it is, 0..1."""
        done, total, _ = self.figures()
        return 1.0 if self.finished and not self.stopped else min(1.0, done / total) if total else 0.0

    def stop(self) -> None:
        """End early (the figures keep the trials done)."""
        self._stop.set()

    @property
    def alive(self) -> bool:
        """Is its thread still running?"""
        return self._thread.is_alive()

    def join(self, timeout: Optional[float] = None) -> bool:
        """Wait for the thread to end (for tests and tools); whether it has."""
        self._thread.join(timeout)
        return not self._thread.is_alive()
