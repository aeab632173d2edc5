"""What the review screen shows, without pygame: the analysis running on a
worker thread (:class:`AnalysisJob`), and the place in the list of decisions
(:class:`ReviewModel`: step, jump to a mistake, go to a graph point).

>>> from engine import FixedDice, Match
>>> m = Match(dice=FixedDice([3, 1, 6, 4]))
>>> _ = m.game.roll(); m.game.play_text('24/21 24/23'); _ = m.game.roll(); m.game.play_text('24/18 13/9')
>>> job = AnalysisJob(m)
>>> job.wait(60)
True
>>> model = ReviewModel(job.result)
>>> model.current.played, model.current.label.value
('24/21 24/23', 'very bad')
>>> model.step(1), model.index, model.step(1), model.index
(True, 1, False, 1)
"""

from __future__ import annotations

import threading
from typing import Callable, List, Optional, Tuple

from engine import Game, Match, analyse_match
from engine.analysis import Decision, MatchAnalysis

#: luck (equity) from which a roll counts as big luck on the graph
BIG_LUCK = 0.3


class _Stopped(Exception):
    """Raised in the progress callback to stop the analysis."""


class AnalysisJob:
    """``analyse_match(match)`` on a daemon thread, with its progress
    (:attr:`done` of :attr:`total` decisions) for a progress bar.  The
    frame loop reads :attr:`result` (or :attr:`error`) once :attr:`finished`."""

    def __init__(self, match: Match, analyse: Callable[..., MatchAnalysis] = analyse_match, start: bool = True):
        self.match = match
        self._analyse = analyse
        self.done = 0
        self.total = 0
        self.result: Optional[MatchAnalysis] = None
        self.error: Optional[str] = None
        self._stop = threading.Event()
        self._finished = threading.Event()
        self._thread = threading.Thread(target=self._run, name="analysis", daemon=True)
        if start:
            self._thread.start()

    def _progress(self, done: int, total: int) -> None:
        self.done, self.total = done, total
        if self._stop.is_set():
            raise _Stopped

    def _run(self) -> None:
        try:
            self.result = self._analyse(self.match, progress=self._progress)
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
    """A place in an analysis' decisions."""

    def __init__(self, analysis: MatchAnalysis):
        self.analysis = analysis
        self.decisions: List[Decision] = list(analysis.decisions)
        self.index = 0

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
