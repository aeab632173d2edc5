"""What the player means on the match screen, as typed values.

The board controller (:mod:`game.match.controller`, with
:mod:`game.input.pointer` for the mouse on the board) turns clicks, drags,
keys, game controller buttons and touches into these; the panel's and the
top bar's buttons stand for them; the match scene carries each out by its
type (:class:`game.match.actions.MatchActions`).  They live in game/input/,
under both the pointer and the match screen's parts, which read them.  Keys and pads first say a
device-neutral word (``"confirm"``, ``"undo"``, see :mod:`game.input.intents`);
:data:`COMMANDS` gives the intent of the words that are commands here.

>>> COMMANDS["undo"], MoveChecker(8, 5)
(Undo(), MoveChecker(src=8, dst=5))
>>> PRIMARY["done"] == EndTurn()
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Optional, Tuple, Union

from engine.kinds import ResignLevel, TextEnum


class AskTopic(TextEnum):
    """What a key asks (the answers: :func:`game.match.ask.answer`)."""

    POSITION = "position"
    Q1 = "q1"
    Q2 = "q2"
    Q3 = "q3"
    Q4 = "q4"
    PIPS = "pips"
    DICE = "dice"
    MOVES = "moves"
    LAST = "last"
    SCORE = "score"


# -- the game: each becomes a command of the session -------------------------------------------
@dataclass(frozen=True)
class Roll:
    """Roll the dice."""


@dataclass(frozen=True)
class Double:
    """Offer the cube."""


@dataclass(frozen=True)
class Take:
    """Take the cube offered."""


@dataclass(frozen=True)
class Drop:
    """Drop the cube offered (the game is lost at its value)."""


@dataclass(frozen=True)
class MoveChecker:
    """Move the checker on ``src`` to ``dst`` (points in the mover's numbering, 25 the bar, 0 off)."""

    src: int
    dst: int


@dataclass(frozen=True)
class PlayStep:
    """Play one step: ``frm`` to ``to`` with the die ``die`` (a step button, or a double click)."""

    frm: int
    to: int
    die: int


@dataclass(frozen=True)
class EndTurn:
    """The play is made: end the turn (Done)."""


@dataclass(frozen=True)
class Undo:
    """Take back the last step of this turn."""


@dataclass(frozen=True)
class TakeBack:
    """Take back the last turn against the computer."""


@dataclass(frozen=True)
class Hint:
    """Ask for the best plays (or the cube's advice)."""


@dataclass(frozen=True)
class RollOut:
    """Roll out the hint's plays (or, with the cube advice shown, the position before the roll)."""


@dataclass(frozen=True)
class NextGame:
    """Start the next game of the match."""


@dataclass(frozen=True)
class Resign:
    """Resign ``level`` (a single game, a gammon, a backgammon); no level: ask which."""

    level: Optional[ResignLevel] = None


@dataclass(frozen=True)
class AnswerResignation:
    """Accept or refuse the other side's resignation."""

    accept: bool


# -- the screen ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Primary:
    """Whatever the primary button does now (Roll, Done, Next game, Menu)."""


@dataclass(frozen=True)
class ToggleAutoEnd:
    """End turns by themselves, or wait for Done (saved in the settings)."""


@dataclass(frozen=True)
class ToggleLog:
    """Show or hide the move log."""


@dataclass(frozen=True)
class ToggleView:
    """The top view or the oblique view of the table."""


@dataclass(frozen=True)
class SetView:
    """Show the view ``mode`` ("top" or "oblique"): a view button at the board's corner."""

    mode: str


@dataclass(frozen=True)
class ResetView:
    """The view's default turn and zoom."""


@dataclass(frozen=True)
class ToLobby:
    """Back to the lobby (after asking; the match is kept to continue)."""


@dataclass(frozen=True)
class Restart:
    """A new match like this one (after asking)."""


@dataclass(frozen=True)
class ContinueAlone:
    """A friend game whose friend is gone (2 minutes, or left): play on against the computer."""


@dataclass(frozen=True)
class OpenSettings:
    """The settings, over the board."""


@dataclass(frozen=True)
class ShowIds:
    """The position's GNU Backgammon IDs on the board and on the clipboard."""


@dataclass(frozen=True)
class Ask:
    """Say and show the answer to ``topic`` (the keys that ask); None: say the last announcement again."""

    topic: Optional[AskTopic] = None


@dataclass(frozen=True)
class CopyPosition:
    """The whole position as text, with its IDs, on the clipboard (Ctrl+C, the ask menu)."""


@dataclass(frozen=True)
class AskMenu:
    """The questions as a list to choose from (Q, a controller's Guide button)."""


@dataclass(frozen=True)
class PointCursor:
    """The point cursor: ``step`` +1 or -1 walks 1..24, the bar, off (empty
    points too), saying each; ``to``: straight to a place (25 the bar, 0 off)."""

    step: int = 0
    to: Optional[int] = None


@dataclass(frozen=True)
class AskCube:
    """Say the cube: its value, who owns it, a double waiting for its answer."""


# -- the board's selection and focus ------------------------------------------------------------
@dataclass(frozen=True)
class Reselect:
    """The selection or the focus on the board changed (nothing for the game)."""


@dataclass(frozen=True)
class Deselect:
    """A press on no checker: the selection goes; the oblique view turns from ``at`` as the pointer moves."""

    at: Tuple[int, int]


Intent = Union[
    Roll, Double, Take, Drop, MoveChecker, PlayStep, EndTurn, Undo, TakeBack, Hint, RollOut, NextGame, Resign,
    AnswerResignation, Primary, ToggleAutoEnd, ToggleLog, ToggleView, SetView, ResetView, ToLobby, Restart,
    ContinueAlone, OpenSettings, ShowIds, Ask, AskMenu, CopyPosition, PointCursor, AskCube, Reselect, Deselect,
]

#: the key and controller words (game/input/intents.py) that are commands on the match screen;
#: the others (directions, Tab, confirm, cancel) move the focus and are the controller's
COMMANDS: Dict[str, Intent] = {
    "primary": Primary(),
    "menu": ToLobby(),
    "undo": Undo(),
    "hint": Hint(),
    "rollout": RollOut(),
    "take_back": TakeBack(),
    "double": Double(),
    "toggle_log": ToggleLog(),
    "toggle_auto": ToggleAutoEnd(),
    "toggle_view": ToggleView(),
    "reset_view": ResetView(),
    "continue_alone": ContinueAlone(),
    "ask_menu": AskMenu(),
    "repeat": Ask(),
    "point_next": PointCursor(1),
    "point_prev": PointCursor(-1),
    "hear_bar": PointCursor(to=25),
    "hear_off": PointCursor(to=0),
    "hear_cube": AskCube(),
    **{f"ask_{topic.value}": Ask(topic) for topic in AskTopic},
}

#: what the primary button does (game.match.presenter.primary_action's words)
PRIMARY: Dict[str, Intent] = {"roll": Roll(), "done": EndTurn(), "next_game": NextGame(), "menu": ToLobby()}
