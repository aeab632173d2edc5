"""The state of one game of backgammon (:class:`GameState`): the board, the
dice, the cube, the log, the turns take-back returns to, the result; what
can be asked of it (queries never change it) and how it is saved and
loaded.  :class:`~engine.game.Game` adds the actions that change it.

Players are numbered 0 and 1.  :attr:`GameState.position` is always seen
from the player whose turn it is (:attr:`GameState.turn`).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Dict, List, Optional, Tuple, Type, TypeVar

from . import checks
from .dice import DiceSource, SystemDice
from .errors import ArgumentTypeError, SerializationError, brief
from .kinds import LogKind, Phase, ResignLevel, ResultKind
from .position import Position, check_position
from .reader import MAX_CUBE, Reader
from .tape import DiceTape
from .turn import Turn

SCHEMA_VERSION = 1

# the phases by their short names, for this module
OPENING, ROLL, MOVE, DOUBLED, RESIGNING, OVER = Phase.OPENING, Phase.ROLL, Phase.MOVE, Phase.DOUBLED, Phase.RESIGNING, Phase.OVER

S = TypeVar("S", bound="GameState")


@dataclass(frozen=True)
class Result:
    """How a game ended.  ``kind`` is single, gammon, backgammon, resigned or
    dropped; ``multiple`` is 1, 2 or 3 (what a resignation gave up);
    ``points`` = multiple x cube value."""

    winner: int
    kind: ResultKind
    multiple: int
    cube: int

    @property
    def points(self) -> int:
        return self.multiple * self.cube


@dataclass(frozen=True)
class LogEntry:
    """One line of the move log.

    ``kind``: opening, play, pass, double, take, drop, resign, accept,
    reject, win.  ``text`` holds the play in notation (for play), the
    resignation level (for resign) or is empty.
    """

    player: int
    kind: LogKind
    dice: Optional[Tuple[int, int]] = None
    text: str = ""
    value: int = 0


@dataclass
class TurnRecord:
    """What take-back needs to restore a turn: the state right after its roll."""

    player: int
    position: Position
    dice: Tuple[int, int]
    cube: int
    owner: Optional[int]
    log_len: int
    passed: bool = False
    #: the place on the dice tape just after this turn's roll (None: a save from before the tape)
    tape_pos: Optional[int] = None


@dataclass
class Resignation:
    """A resignation offered and not yet answered: by whom, what, and the
    phase it was offered in (a rejection goes back to it)."""

    player: int
    level: ResignLevel
    phase: Phase


class GameState:
    """The state of one game of backgammon (see :class:`~engine.game.Game`).

    ``cube``: whether the doubling cube is in play; ``crawford``: the cube is
    in play in the match but not in this game; ``dice``: where the dice come
    from (secure system randomness by default); ``start``: (board, player on
    roll) to begin there, that player to roll, instead of with the opening.
    """

    def __init__(self, cube: bool = False, crawford: bool = False, dice: DiceSource | None = None,
                 start: Optional[Tuple[Position, int]] = None):
        self.cube_enabled = checks.flag(cube, "cube")
        self.crawford = checks.flag(crawford, "crawford")
        checks.dice_source(dice)
        self.dice_source: DiceSource = dice if dice is not None else SystemDice()
        self.phase: Phase = OPENING
        self.turn = 0
        self.cube_value = 1
        self.cube_owner: Optional[int] = None
        self.dice: Optional[Tuple[int, int]] = None
        self.log: List[LogEntry] = []
        self.result: Optional[Result] = None
        self._position = Position.initial()
        self._turn: Optional[Turn] = None
        self._history: List[TurnRecord] = []
        self._resignation: Optional[Resignation] = None
        #: every throw drawn in this game; a take-back rewinds it (see :mod:`engine.tape`)
        self.tape = DiceTape()
        #: (Position ID, player on roll) of a game begun at ``start``; None from the opening
        self.setup: Optional[Tuple[str, int]] = None
        if start is not None:
            if not (isinstance(start, (tuple, list)) and len(start) == 2):
                raise ArgumentTypeError(f"start must be (Position, player), not {type(start).__name__}")
            check_position(start[0], "start position")
            checks.player(start[1], "start player")
            self._position, self.turn, self.phase = start[0], start[1], ROLL
            self.setup = (start[0].to_id(), start[1])

    # -- reading the state ------------------------------------------------
    @property
    def position(self) -> Position:
        """The board seen from :attr:`turn`, with any steps made this turn."""
        return self._turn.position if self._turn is not None else self._position

    @property
    def turn_start(self) -> Position:
        """The board at the start of the current turn (before any step)."""
        return self._position

    def position_for(self, player: int) -> Position:
        """The current board seen from ``player``."""
        checks.player(player)
        return self.position if player == self.turn else self.position.swapped()

    @property
    def current_turn(self) -> Optional[Turn]:
        """The turn being played (phase 'move'), or None."""
        return self._turn

    @property
    def to_act(self) -> int:
        """The player who must act now (answering a double or a resignation
        is the opponent's job)."""
        if self.phase in (DOUBLED, RESIGNING):
            return 1 - self.turn
        return self.turn

    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def resignation(self) -> Optional[ResignLevel]:
        """The level offered while a resignation waits for an answer."""
        return self._resignation.level if self._resignation else None

    def pips(self) -> Tuple[int, int]:
        """Pip counts of players 0 and 1."""
        mine, theirs = self.position.pips()
        return (mine, theirs) if self.turn == 0 else (theirs, mine)

    def can_double(self) -> bool:
        """May the player on turn offer a double now?"""
        return (
            self.phase == ROLL
            and self.cube_enabled
            and not self.crawford
            and self.cube_owner in (None, self.turn)
            and self.cube_value < MAX_CUBE
        )

    def can_take_back(self, player: Optional[int] = None) -> bool:
        """May a turn be taken back now: a confirmed turn (of ``player``, or
        of anyone) to return to, and no roll waiting for its play (between a
        roll and the end of that turn only its steps can be undone)."""
        checks.player(player, none_ok=True)
        return self._take_back_target(player) is not None


    # -- take back ----------------------------------------------------------
    def _take_back_target(self, player: Optional[int] = None) -> Optional[int]:
        """Index in the history of the turn a take-back returns to (only
        before a roll: once rolled, the turn must be played)."""
        if self.phase != ROLL:
            return None
        current = len(self._history)
        if player is None:
            # the last player who actually moved before the current turn
            for i in range(current - 1, -1, -1):
                if not self._history[i].passed:
                    return i
            return None
        for i in range(current - 1, -1, -1):
            if self._history[i].player == player and not self._history[i].passed:
                return i
        return None


    # -- saving ---------------------------------------------------------------------
    def to_json(self) -> Dict[str, Any]:
        """A JSON-ready document.  A turn in progress is saved as its start
        (the board before any step, with the dice already rolled)."""
        return {
            "schema": SCHEMA_VERSION,
            "type": "game",
            "phase": self.phase.value,
            "turn": self.turn,
            "position": self._position.to_id(),
            "dice": list(self.dice) if self.dice else None,
            "cube_enabled": self.cube_enabled,
            "crawford": self.crawford,
            "cube_value": self.cube_value,
            "cube_owner": self.cube_owner,
            "log": [dict(asdict(e), kind=e.kind.value) for e in self.log],
            "history": [
                {"player": r.player, "position": r.position.to_id(), "dice": list(r.dice), "cube": r.cube,
                 "owner": r.owner, "log_len": r.log_len, "passed": r.passed, "tape": r.tape_pos}
                for r in self._history
            ],
            "tape": self.tape.to_json(),
            "result": dict(asdict(self.result), kind=self.result.kind.value) if self.result else None,
            "resignation": (dict(player=self._resignation.player, level=self._resignation.level.value, phase=self._resignation.phase.value)
                            if self._resignation else None),
            "setup": list(self.setup) if self.setup else None,
        }

    @classmethod
    def from_json(cls: Type[S], doc: Any, dice: DiceSource | None = None) -> S:
        """Rebuild a game from :meth:`to_json`'s document; anything malformed
        raises :class:`SerializationError`."""
        try:
            return cls._from_json(doc, dice)
        except SerializationError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError) as exc:
            raise SerializationError(f"not a valid saved game: {exc!r}"[:300]) from exc

    @classmethod
    def _from_json(cls: Type[S], doc: Any, dice: DiceSource | None) -> S:
        """Every field of every record is checked for its type and its range,
        so that what loads can be shown, played on, saved and taken back."""
        if not isinstance(doc, dict) or doc.get("type") != "game":
            raise SerializationError("not a saved game document")
        if doc.get("schema") != SCHEMA_VERSION:
            raise SerializationError(f"saved game schema {brief(doc.get('schema'))} is not {SCHEMA_VERSION}")
        r = Reader()
        g = cls(cube=r.flag(doc["cube_enabled"], "cube_enabled"), crawford=r.flag(doc["crawford"], "crawford"), dice=dice)
        phase = Phase.read(r.text(doc["phase"], "phase"))
        g.turn = r.player(doc["turn"])  # type: ignore[assignment]
        g._position = Position.from_id(r.text(doc["position"], "position"))
        g.dice = r.dice(doc["dice"], none_ok=True)
        g.cube_value = r.cube(doc["cube_value"])
        g.cube_owner = r.player(doc["cube_owner"], none_ok=True)
        for e in r.items(doc["log"], "log"):
            e = r.record(e, "log entry")
            g.log.append(LogEntry(r.player(e["player"]), LogKind.read(r.text(e["kind"], "log kind")), r.dice(e.get("dice"), none_ok=True),  # type: ignore[arg-type]
                                  r.text(e.get("text", ""), "log text"), r.whole(e.get("value", 0), "log value", 0, 3 * MAX_CUBE)))
        if doc.get("tape") is not None:  # saves from before the tape have none: fresh dice from here
            g.tape = DiceTape.from_json(doc["tape"])
        for h in r.items(doc["history"], "history"):
            h = r.record(h, "history record")
            tape_pos = h.get("tape")
            if tape_pos is not None and (type(tape_pos) is not int or not 0 <= tape_pos <= len(g.tape.throws)):
                raise SerializationError(f"{brief(tape_pos)} is not a place on the dice tape")
            g._history.append(TurnRecord(
                r.player(h["player"]), Position.from_id(r.text(h["position"], "history position")),  # type: ignore[arg-type]
                r.dice(h["dice"]), r.cube(h["cube"]), r.player(h["owner"], none_ok=True),  # type: ignore[arg-type]
                r.whole(h["log_len"], "history log_len", 0, len(g.log)), r.flag(h.get("passed", False), "passed"), tape_pos))
        if doc.get("result") is not None:
            res = r.record(doc["result"], "result")
            g.result = Result(r.player(res["winner"]), ResultKind.read(r.text(res["kind"], "result kind")),  # type: ignore[arg-type]
                              r.whole(res["multiple"], "result multiple", 1, 3), r.cube(res["cube"]))
        if doc.get("resignation") is not None:
            res = r.record(doc["resignation"], "resignation")
            level, was = ResignLevel.read(r.text(res["level"], "level")), Phase.read(r.text(res["phase"], "phase"))
            if was not in (ROLL, MOVE):
                raise SerializationError("bad resignation in saved game")
            g._resignation = Resignation(r.player(res["player"]), level, was)  # type: ignore[arg-type]
        if doc.get("setup") is not None:
            setup = r.items(doc["setup"], "setup")
            if len(setup) != 2:
                raise SerializationError("the setup is not [Position ID, player]")
            setup_id = r.text(setup[0], "setup position")
            Position.from_id(setup_id)
            g.setup = (setup_id, r.player(setup[1]))  # type: ignore[assignment]
        g.phase = phase
        if phase == MOVE or (phase == RESIGNING and g._resignation and g._resignation.phase == MOVE):
            if g.dice is None:
                raise SerializationError("a turn in progress needs its dice")
            turn = Turn(g._position, g.dice)
            if not turn.has_play:
                raise SerializationError("saved turn has no legal play")
            g._turn = turn
        if phase == OVER and g.result is None:
            raise SerializationError("a finished game needs its result")
        if phase == RESIGNING and g._resignation is None:
            raise SerializationError("a resignation phase needs the offer")
        return g
