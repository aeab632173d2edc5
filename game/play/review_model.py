"""What the review screen shows, without pygame: the analysis running on a
worker thread (:class:`AnalysisJob`: its decisions as they come, its
progress), the analyses already made (:class:`AnalysisCache`, keyed by the
match's ``.mat`` text and the depth, so a match opened again is shown at
once), and the place in the list of decisions (:class:`ReviewModel`: step,
jump to a mistake, go to a graph point; it grows while the analysis runs).

>>> from engine import FixedDice, Match
>>> m = Match(dice=FixedDice([3, 1, 6, 4]))
>>> _ = m.game.roll(); m.game.play_text('24/21 24/23'); _ = m.game.roll(); m.game.play_text('24/18 13/9')
>>> job = AnalysisJob(m, ply=1, cache=None)
>>> job.wait(60)
True
>>> model = ReviewModel(job.result)
>>> model.current.played, model.current.label.value
('24/21 24/23', 'very bad')
>>> model.step(1), model.index, model.step(1), model.index
(True, 1, False, 1)
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from typing import Callable, Iterable, List, Optional, Sequence, Tuple

from engine import Game, Match, to_mat
from engine.analysis import Decision, MatchAnalysis, iter_decisions, summarised

from .analysis_files import AnalysisFiles

#: luck (equity) from which a roll counts as big luck on the graph
BIG_LUCK = 0.3


class _Stopped(Exception):
    """Raised in the progress callback to stop the analysis."""


#: the depths the review offers: 1-ply (fast), 2-ply (a deeper look than the play; the default)
DEPTHS = (1, 2)
DEFAULT_DEPTH = 2


def match_key(match: Match) -> Optional[str]:
    """What names ``match`` in the cache: the hash of its ``.mat`` text
    (None where it cannot be written as one)."""
    try:
        text = to_mat(match)
    except Exception:  # a match no .mat can hold is analysed afresh each time
        return None
    extra = f"{match.length}:{tuple(match.start_score)}:{[g.setup for g in list(match.games) + [match.game]]}"
    return hashlib.sha256((text + extra).encode("utf-8")).hexdigest()


class AnalysisCache:
    """The last ``size`` analyses made, by (match key, depth), in memory."""

    def __init__(self, size: int = 16):
        self.size = size
        self._kept: "OrderedDict[Tuple[str, int], MatchAnalysis]" = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Optional[str], ply: int) -> Optional[MatchAnalysis]:
        if key is None:
            return None
        with self._lock:
            return self._kept.get((key, ply))

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()

    def __len__(self) -> int:
        return len(self._kept)

    def put(self, key: Optional[str], ply: int, analysis: MatchAnalysis) -> None:
        if key is None:
            return
        with self._lock:
            self._kept[(key, ply)] = analysis
            self._kept.move_to_end((key, ply))
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)


#: the analyses made in this run of the game
CACHE = AnalysisCache()


class AnalysisJob:
    """``match`` analysed ``ply`` deep on a daemon thread: its decisions as
    they are rated (:meth:`decisions_so_far`) and its progress (:attr:`done`
    of :attr:`total` decisions) for a progress bar.  The frame loop reads
    :attr:`result` (or :attr:`error`) once :attr:`finished`.  An analysis in
    ``cache`` is taken from there (finished at once); one made is kept there.
    ``analyse``: a whole-match analysis to run instead (for tests), called
    as ``analyse(match, ply=..., progress=...)``; ``source``: where the
    decisions come from one by one (:func:`engine.analysis.iter_decisions`
    by default), called as ``source(match, ply, progress)``.  ``files``:
    the analyses kept on disk, looked in first (on the worker) and kept in
    after."""

    def __init__(self, match: Match, ply: int = DEFAULT_DEPTH, analyse: Optional[Callable[..., MatchAnalysis]] = None,
                 start: bool = True, cache: Optional[AnalysisCache] = CACHE,
                 source: Callable[..., Iterable[Decision]] = iter_decisions, files: Optional[AnalysisFiles] = None):
        self.match = match
        self.ply = ply
        self._analyse = analyse
        self._source = source
        self._files = files
        self._cache = cache
        self.done = 0
        self.total = 0
        self.result: Optional[MatchAnalysis] = None
        self.error: Optional[str] = None
        self._partial: List[Decision] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._finished = threading.Event()
        self._key = match_key(match) if cache is not None or files is not None else None
        cached = cache.get(self._key, ply) if cache is not None else None
        self.cached = cached is not None
        self._thread = threading.Thread(target=self._run, name="analysis", daemon=True)
        if cached is not None:
            self.result = cached
            self._finished.set()
        elif start:
            self._thread.start()

    def _progress(self, done: int, total: int) -> None:
        self.done, self.total = done, total
        if self._stop.is_set():
            raise _Stopped

    def decisions_so_far(self) -> List[Decision]:
        """The decisions rated so far, in order (all of them once finished)."""
        if self.result is not None:
            return list(self.result.decisions)
        with self._lock:
            return list(self._partial)

    def _whole(self) -> MatchAnalysis:
        if self._analyse is not None:
            return self._analyse(self.match, ply=self.ply, progress=self._progress)
        for decision in self._source(self.match, self.ply, self._progress):
            with self._lock:
                self._partial.append(decision)
        return summarised(self._partial, self.match, self.ply)

    def _run(self) -> None:
        try:
            kept = self._files.load(self._key, self.ply) if self._files is not None else None
            self.result = kept if kept is not None else self._whole()
            if self._cache is not None:
                self._cache.put(self._key, self.ply, self.result)
            if self._files is not None and kept is None:
                self._files.save(self._key, self.ply, self.result)
        except _Stopped:
            pass
        except Exception as exc:  # shown to the player, never a crash
            self.error = str(exc) or type(exc).__name__
        finally:
            self._finished.set()

    @property
    def finished(self) -> bool:
        return self._finished.is_set()

    @property
    def fraction(self) -> float:
        """How far the analysis is, 0..1."""
        if self.finished:
            return 1.0
        return self.done / self.total if self.total else 0.0

    def cancel(self) -> None:
        """Stop at the next decision (the thread then ends by itself)."""
        self._stop.set()

    def wait(self, timeout: Optional[float] = None) -> bool:
        """Block until finished (for tests and tools); whether it finished."""
        return self._finished.wait(timeout)


class ReviewModel:
    """A place in an analysis' decisions: the whole analysis, or (``analysis``
    None) the decisions rated so far, which :meth:`extend` and
    :meth:`complete` add to while the place stays where it is."""

    def __init__(self, analysis: Optional[MatchAnalysis], decisions: Sequence[Decision] = ()):
        self.analysis = analysis
        self.decisions: List[Decision] = list(analysis.decisions) if analysis is not None else list(decisions)
        self.index = 0

    @property
    def whole(self) -> bool:
        """Is the whole analysis here (the summary with it)?"""
        return self.analysis is not None

    def extend(self, decisions: Sequence[Decision]) -> bool:
        """Take the decisions rated so far (the ones known stay); whether any came."""
        if len(decisions) <= len(self.decisions):
            return False
        self.decisions = list(decisions)
        return True

    def complete(self, analysis: MatchAnalysis) -> None:
        """The whole analysis has come (the place kept, clamped)."""
        self.analysis = analysis
        self.decisions = list(analysis.decisions)
        self.index = max(0, min(self.index, len(self.decisions) - 1))

    @property
    def current(self) -> Optional[Decision]:
        return self.decisions[self.index] if self.decisions else None

    def go(self, index: int) -> bool:
        """Go to decision ``index`` (clamped); whether the place changed."""
        if not self.decisions:
            return False
        index = max(0, min(len(self.decisions) - 1, index))
        changed = index != self.index
        self.index = index
        return changed

    def step(self, delta: int) -> bool:
        return self.go(self.index + delta)

    def next_mistake(self) -> bool:
        """Go to the next decision labelled doubtful or worse; whether there was one."""
        for i in range(self.index + 1, len(self.decisions)):
            if self.decisions[i].mistake:
                return self.go(i)
        return False

    def prev_mistake(self) -> bool:
        for i in range(self.index - 1, -1, -1):
            if self.decisions[i].mistake:
                return self.go(i)
        return False

    def mistake_count(self) -> int:
        return sum(1 for d in self.decisions if d.mistake)


def lucky_for_white(decision: Decision) -> float:
    """The decision's luck from player 0's side (for marks on the graph)."""
    return float(decision.luck) if decision.player == 0 else -float(decision.luck)


def _game_of(match: Match, decision: Decision) -> Game:
    """The game ``decision`` was made in."""
    games = list(match.games) + [match.game]
    return games[decision.game - 1] if decision.game - 1 < len(games) else match.game


def played_with_cube(match: Match, decision: Decision) -> bool:
    """Was the game of ``decision`` played with the cube (or set up with it turned)?"""
    return _game_of(match, decision).cube_enabled or decision.cube_value != 1


def decision_ids(match: Match, decision: Decision) -> Tuple[str, str]:
    """GNU Backgammon's (Position ID, Match ID) of the moment of ``decision``."""
    from engine.analysis import Kind
    from engine.ids import GameState, MatchState, encode_match_id

    score = list(match.start_score)
    for r in match.results[: decision.game - 1]:
        score[r.winner] += r.points
    game = _game_of(match, decision)
    answering = decision.kind in (Kind.TAKE, Kind.DROP)
    on_roll = 1 - decision.player if answering else decision.player
    position = decision.position.swapped() if answering else decision.position
    state = MatchState(
        cube_value=decision.cube_value,
        cube_owner=decision.cube_owner,
        dice_owner=on_roll,
        crawford=game.crawford,
        game_state=GameState.PLAYING,
        turn=decision.player,
        doubled=answering,
        dice=decision.dice if decision.dice else (0, 0),
        length=0 if match.length == 1 and match.cube else match.length,
        score=(score[0], score[1]),
    )
    return position.to_id(), encode_match_id(state)
