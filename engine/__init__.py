"""Backgammon rules and computer players, in pure Python (no pygame).

>>> from engine import Position, legal_plays, format_play
>>> pos = Position.initial()
>>> [format_play(pos, p) for p in legal_plays(pos, (3, 1))][:3]
['24/21 24/23', '24/20', '24/21 8/7']
"""

from typing import TYPE_CHECKING, Any

from . import compiled  # first: it chooses between the compiled and the pure hot paths
from .ai.met import match_equity
from .ai.protocol import Bot
from .cubeadvice import CubeAction, CubeAdvice, CubeFigure, CubeQuestion, advise, cube_advice, cube_question
from .dice import FixedDice, SeededDice, SystemDice
from .errors import (
    AmbiguousPlayError,
    BackgammonError,
    GameStateError,
    IllegalPlayError,
    InvalidPositionError,
    InvalidMatchIdError,
    InvalidPositionIdError,
    MatFileError,
    PlayNotationError,
    SerializationError,
)
from .game import Game
from .gamestate import LogEntry, Result
from .match import Match
from .matfile import from_mat, to_mat
from .moves import legal_plays, successors
from .notation import format_dice, format_play, ordered_dice, parse_play
from .position import Play, Position, Step
from .rollout import Estimate, RolloutResult, RolloutSettings, rollout
from .turn import StepMade, Turn

if TYPE_CHECKING:
    from .analysis import MatchAnalysis

__all__ = [
    "Position", "Play", "Step", "legal_plays", "successors", "format_play", "parse_play", "format_dice", "ordered_dice",
    "Game", "Match", "Result", "LogEntry", "Turn", "StepMade",
    "SystemDice", "SeededDice", "FixedDice",
    "BackgammonError", "InvalidPositionIdError", "InvalidPositionError", "IllegalPlayError",
    "PlayNotationError", "AmbiguousPlayError", "GameStateError", "SerializationError",
    "InvalidMatchIdError", "MatFileError",
    "to_mat", "from_mat", "get_bot", "Bot", "analyse_match", "match_equity",
    "cube_advice", "cube_question", "advise", "CubeQuestion", "CubeAdvice", "CubeFigure", "CubeAction",
    "rollout", "RolloutSettings", "RolloutResult", "Estimate",
    "compiled",
]


def get_bot(level: str, **kwargs: Any) -> "Bot":
    """A computer player (a :class:`~engine.ai.protocol.Bot`): 'beginner',
    'intermediate', 'expert' or 'random'.  Keywords: ``seed``, ``net``."""
    from .ai.bots import get_bot as make_bot

    bot: Bot = make_bot(level, **kwargs)
    return bot


def analyse_match(match: "Match", ply: int = 2, progress: Any = None, bot: Any = None) -> "MatchAnalysis":
    """Rate every decision of a match: see :func:`engine.analysis.analyse_match`."""
    from .analysis import analyse_match as run_analysis

    return run_analysis(match, ply=ply, progress=progress, bot=bot)
