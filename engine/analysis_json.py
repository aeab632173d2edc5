"""An analysis (:class:`engine.analysis.MatchAnalysis`) as plain JSON data
and back, to be kept beside a match."""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from . import checks
from .analysis import PLIES, Decision, Kind, MatchAnalysis, summarise
from .errors import SerializationError
from .position import Play, Position
from .ratings import Label

#: 2: the play made is judged as deep as the best (an analysis kept by an
#: earlier version is not read, so the review makes it again)
ANALYSIS_VERSION = 2


def _play_json(play: Optional[Play]) -> Optional[List[List[int]]]:
    return None if play is None else [[a, b] for a, b in play]


def _play_of(value: Any) -> Optional[Play]:
    return None if value is None else tuple((int(a), int(b)) for a, b in value)


def analysis_to_json(analysis: MatchAnalysis) -> Dict[str, Any]:
    """``analysis`` as plain JSON data (:func:`analysis_from_json` reads it back)."""
    games = max((s.games for s in analysis.players), default=0)
    rows = [[d.game, d.entry, d.player, d.kind.value, d.position.to_id(), list(d.dice) if d.dice else None, d.played,
             d.best, d.loss, d.label.value, d.luck, d.forced, d.win, d.cube_value, _play_json(d.played_play),
             _play_json(d.best_play), d.cube_owner, d.match_win] for d in analysis.decisions]
    return {"version": ANALYSIS_VERSION, "ply": analysis.ply, "games": games, "decisions": rows}


def analysis_from_json(doc: Any) -> MatchAnalysis:
    """The analysis written by :func:`analysis_to_json`; anything else raises
    :class:`~engine.errors.SerializationError`."""
    try:
        if doc.get("version") != ANALYSIS_VERSION:
            raise SerializationError(f"analysis version {doc.get('version')!r} is not {ANALYSIS_VERSION}")
        ply = checks.integer(doc["ply"], "ply", PLIES[0], PLIES[-1])
        decisions = []
        for row in doc["decisions"]:
            (game, entry, player, kind, pid, dice, played, best, loss, label, luck, forced, win, cube_value,
             played_play, best_play, cube_owner, match_win) = row
            decisions.append(Decision(
                int(game), int(entry), int(player), Kind(kind), Position.from_id(pid),
                (int(dice[0]), int(dice[1])) if dice else None, str(played), str(best), float(loss), Label(label),
                float(luck), bool(forced), float(win), int(cube_value), _play_of(played_play), _play_of(best_play),
                None if cube_owner is None else int(cube_owner), None if match_win is None else float(match_win)))
        games = checks.integer(doc["games"], "games", 0)
    except SerializationError:
        raise
    except (AttributeError, KeyError, TypeError, ValueError) as exc:
        raise SerializationError(f"not an analysis: {exc}") from exc
    players = (summarise(decisions, 0, games), summarise(decisions, 1, games))
    return MatchAnalysis(tuple(decisions), players, ply)
