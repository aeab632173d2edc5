"""The flow of one game: opening roll, turns, undo, take-back, passes, the
doubling cube, resignations and the result.

Players are numbered 0 and 1.  :attr:`Game.position` is always seen from the
player whose turn it is (:attr:`Game.turn`).

>>> from engine.dice import FixedDice
>>> g = Game(dice=FixedDice([3, 1]))
>>> g.roll()                  # the opening roll: player 0 throws 3, player 1 throws 1
(3, 1)
>>> g.turn, g.phase
(0, 'move')
>>> g.play_text('8/5 6/5')
>>> g.turn, g.phase, g.log[-1].text
(1, 'roll', '8/5 6/5')
"""

from __future__ import annotations

import unicodedata
from dataclasses import asdict, dataclass
from typing import Any, Dict, List, Optional, Tuple

from . import checks
from .dice import DiceSource, SystemDice
from .errors import ArgumentTypeError, GameStateError, IllegalPlayError, SerializationError
from .kinds import MULTIPLES, LogKind, Phase, ResignLevel, ResultKind
from .notation import format_play, parse_play
from .position import Play, Position, check_position
from .tape import DiceTape
from .turn import StepMade, Turn

SCHEMA_VERSION = 1
MAX_CUBE = 64

# the phases by their short names, for this module
OPENING, ROLL, MOVE, DOUBLED, RESIGNING, OVER = Phase.OPENING, Phase.ROLL, Phase.MOVE, Phase.DOUBLED, Phase.RESIGNING, Phase.OVER


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
class _TurnRecord:
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
class _Resignation:
    player: int
    level: ResignLevel
    phase: Phase


CUBE_VALUES = tuple(2 ** i for i in range(7))  # 1 .. MAX_CUBE


class _Reader:
    """Strict readers of a saved game's fields: the exact JSON type and a
    value in range, else :class:`SerializationError`.

    >>> _Reader().dice(None)
    Traceback (most recent call last):
    ...
    engine.errors.SerializationError: None is not a pair of dice
    """

    @staticmethod
    def player(v: Any, none_ok: bool = False) -> Optional[int]:
        if v is None and none_ok:
            return None
        if type(v) is not int or v not in (0, 1):
            raise SerializationError(f"{v!r} is not a player (0 or 1)")
        return v

    @staticmethod
    def dice(v: Any, none_ok: bool = False) -> Optional[Tuple[int, int]]:
        if v is None and none_ok:
            return None
        if not (isinstance(v, (list, tuple)) and len(v) == 2 and all(type(d) is int and 1 <= d <= 6 for d in v)):
            raise SerializationError(f"{v!r} is not a pair of dice"[:200])
        return int(v[0]), int(v[1])

    @staticmethod
    def flag(v: Any, name: str) -> bool:
        if not isinstance(v, bool):
            raise SerializationError(f"{name} is {v!r}, not true or false"[:200])
        return v

    @staticmethod
    def whole(v: Any, name: str, low: int, high: int) -> int:
        if type(v) is not int or not low <= v <= high:
            raise SerializationError(f"{name} is {v!r}, not a whole number {low}..{high}"[:200])
        return v

    @staticmethod
    def cube(v: Any) -> int:
        if type(v) is not int or v not in CUBE_VALUES:
            raise SerializationError(f"{v!r} is not a cube value"[:200])
        return v

    @staticmethod
    def text(v: Any, name: str, choices: Tuple[str, ...] = ()) -> str:
        if not isinstance(v, str) or len(v) > 200 or any(unicodedata.category(c) == "Cc" for c in v):
            raise SerializationError(f"{name} {v!r} is not a short line of text"[:200])
        if choices and v not in choices:
            raise SerializationError(f"{name} {v!r} is not one of {', '.join(choices)}"[:200])
        return v

    @staticmethod
    def record(v: Any, name: str) -> Dict[str, Any]:
        if not isinstance(v, dict):
            raise SerializationError(f"a {name} is {type(v).__name__}, not an object")
        return v

    @staticmethod
    def items(v: Any, name: str) -> List[Any]:
        if not isinstance(v, list):
            raise SerializationError(f"the {name} is {type(v).__name__}, not a list")
        return v


class Game:
    """One game of backgammon.

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
        self._history: List[_TurnRecord] = []
        self._resignation: Optional[_Resignation] = None
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

    # -- internals --------------------------------------------------------
    def _require(self, *phases: Phase) -> None:
        if self.phase not in phases:
            raise GameStateError(f"not possible now: the game is in phase {self.phase!r}, this needs {' or '.join(phases)}")

    def _end(self, winner: int, kind: ResultKind, multiple: int) -> None:
        self.result = Result(winner, kind, multiple, self.cube_value)
        self.phase = OVER
        self._turn = None
        self.log.append(LogEntry(winner, LogKind.WIN, text=kind.value, value=self.result.points))

    def _start_turn(self, dice: Tuple[int, int]) -> None:
        """The player on turn has the dice: play, or pass when nothing is legal."""
        self.dice = dice
        turn = Turn(self._position, dice)
        record = _TurnRecord(self.turn, self._position, dice, self.cube_value, self.cube_owner, len(self.log), tape_pos=self.tape.position)
        self._history.append(record)
        if not turn.has_play:
            record.passed = True
            self.log.append(LogEntry(self.turn, LogKind.PASS, dice))
            self._next_player()
            return
        self._turn = turn
        self.phase = MOVE

    def _next_player(self) -> None:
        self._turn = None
        self._position = self._position.swapped()
        self.turn = 1 - self.turn
        self.phase = ROLL

    # -- actions ----------------------------------------------------------
    def roll(self) -> Tuple[int, int]:
        """The opening roll (one die each, ties rolled again, the higher
        moves first with both numbers) or the player on turn's roll.  If the
        roll cannot be played the turn passes at once (see the log).  The
        dice come from :attr:`tape`: after a take-back, the throws drawn
        before it come again in the same order."""
        self._require(OPENING, ROLL)
        if self.phase == OPENING:
            while True:
                a, b = self.tape.draw(self.dice_source, opening=True)
                if a != b:
                    break
                self.log.append(LogEntry(0, LogKind.OPENING, (a, b), "tie"))
            self.turn = 0 if a > b else 1
            if self.turn == 1:
                self._position = self._position.swapped()
            dice = (a, b) if self.turn == 0 else (b, a)
            self.log.append(LogEntry(self.turn, LogKind.OPENING, (a, b)))
        else:
            dice = self.tape.draw(self.dice_source)
        self._start_turn(dice)
        return dice

    def step(self, frm: int, to: int, die: int | None = None) -> StepMade:
        """Move one checker one die; see :meth:`Turn.step`."""
        checks.integer(frm, "from")
        checks.integer(to, "to")
        checks.die(die, none_ok=True)
        self._require(MOVE)
        assert self._turn is not None
        return self._turn.step(frm, to, die)

    def undo(self) -> StepMade | None:
        """Take back the last step of this turn."""
        self._require(MOVE)
        assert self._turn is not None
        return self._turn.undo()

    def end_turn(self) -> None:
        """Finish the turn once a whole legal play has been made."""
        self._require(MOVE)
        assert self._turn is not None
        if not self._turn.complete:
            raise IllegalPlayError("the play is not finished: more dice must be played")
        play = self._turn.play
        self.log.append(LogEntry(self.turn, LogKind.PLAY, self.dice, format_play(self._position, play)))
        after = self._turn.position
        self._position = after
        self._turn = None
        if after.borne_off[0] == 15:
            self._end(self.turn, *self._win_kind(after))
            return
        self._next_player()

    @staticmethod
    def _win_kind(after: Position) -> Tuple[ResultKind, int]:
        """Single, gammon or backgammon, from the winner's view of the board."""
        if after.borne_off[1] > 0:
            kind = ResultKind.SINGLE
        elif (loser := after.opponent_counts())[24] or any(loser[18:24]):
            # the loser's checkers in the winner's home board are on the loser's points 19..24
            kind = ResultKind.BACKGAMMON
        else:
            kind = ResultKind.GAMMON
        return kind, MULTIPLES[kind]

    def play(self, play: Play) -> None:
        """Make a whole play (as :func:`legal_plays` lists it) and end the turn."""
        play = checks.play(play)  # (from, to) steps; a die given with a step is dropped
        self._require(MOVE)
        assert self._turn is not None
        self._turn.make_play(play)
        self.end_turn()

    def play_text(self, text: str) -> None:
        """Make a play written in notation and end the turn."""
        if not isinstance(text, str):
            raise ArgumentTypeError(f"a play must be text, not {type(text).__name__}")
        self._require(MOVE)
        assert self.dice is not None
        self.play(parse_play(self._position, text, self.dice))

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

    def take_back(self, player: Optional[int] = None) -> None:
        """Return to the start of ``player``'s previous turn (by default the
        last turn that was played) with the same dice, as if just rolled;
        everything after it is undone, and the dice tape is rewound so that
        every later throw comes again in the same order.  Only after a turn
        is confirmed: between a roll and the end of its turn this raises
        :class:`GameStateError` (undo the steps instead).

        >>> from engine.dice import FixedDice
        >>> g = Game(dice=FixedDice([3, 1, 6, 4, 5, 2]))
        >>> g.roll(); g.play_text('8/5 6/5'); g.roll(); g.play_text('24/14')
        (3, 1)
        (6, 4)
        >>> g.take_back(); g.dice
        (6, 4)
        >>> g.play_text('24/18 13/9'); g.roll()  # the same next throw, not a new one
        (5, 2)
        >>> g.can_take_back()
        False
        """
        checks.player(player, none_ok=True)
        i = self._take_back_target(player)
        if i is None:
            if self.phase == MOVE:
                raise GameStateError("a turn cannot be taken back once the dice are rolled: undo its steps, or play it")
            raise GameStateError("there is no earlier turn to take back")
        rec = self._history[i]
        self.tape.rewind(min(rec.tape_pos or 0, len(self.tape.throws)))
        del self._history[i:]
        del self.log[rec.log_len :]
        self.turn = rec.player
        self._position = rec.position
        self.cube_value, self.cube_owner = rec.cube, rec.owner
        self._resignation = None
        self._start_turn(rec.dice)

    # -- the cube ---------------------------------------------------------------
    def double(self) -> None:
        """The player on turn offers a double (before rolling)."""
        self._require(ROLL)
        if not self.can_double():
            raise GameStateError("you may not double now")
        self.phase = DOUBLED
        self.log.append(LogEntry(self.turn, LogKind.DOUBLE, value=self.cube_value * 2))

    def take(self) -> None:
        """The opponent takes: the cube doubles and the taker owns it."""
        self._require(DOUBLED)
        self.cube_value *= 2
        self.cube_owner = 1 - self.turn
        self.log.append(LogEntry(1 - self.turn, LogKind.TAKE, value=self.cube_value))
        self.phase = ROLL

    def drop(self) -> None:
        """The opponent drops: the doubler wins the current cube value."""
        self._require(DOUBLED)
        self.log.append(LogEntry(1 - self.turn, LogKind.DROP, value=self.cube_value))
        self._end(self.turn, ResultKind.DROPPED, 1)

    # -- resignation --------------------------------------------------------------
    def resign(self, level: str = ResignLevel.SINGLE) -> None:
        """The player on turn offers to resign a single game, a gammon or a
        backgammon (a :class:`ResignLevel` or its text)."""
        if not isinstance(level, str):
            raise ArgumentTypeError(f"resign 'single', 'gammon' or 'backgammon', not {type(level).__name__}")
        self._require(ROLL, MOVE)
        try:
            offered = ResignLevel(level)
        except ValueError:
            raise GameStateError(f"resign 'single', 'gammon' or 'backgammon', not {level!r}") from None
        if self._turn is not None:
            self._turn.undo_all()
        self._resignation = _Resignation(self.turn, offered, self.phase)
        self.phase = RESIGNING
        self.log.append(LogEntry(self.turn, LogKind.RESIGN, text=offered.value, value=offered.multiple * self.cube_value))

    def accept_resignation(self) -> None:
        self._require(RESIGNING)
        assert self._resignation is not None
        res, self._resignation = self._resignation, None
        self.log.append(LogEntry(1 - res.player, LogKind.ACCEPT, text=res.level.value))
        self._end(1 - res.player, ResultKind.RESIGNED, res.level.multiple)

    def reject_resignation(self) -> None:
        self._require(RESIGNING)
        assert self._resignation is not None
        res, self._resignation = self._resignation, None
        self.log.append(LogEntry(1 - res.player, LogKind.REJECT, text=res.level.value))
        self.phase = res.phase

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
    def from_json(cls, doc: Any, dice: DiceSource | None = None) -> "Game":
        """Rebuild a game from :meth:`to_json`'s document; anything malformed
        raises :class:`SerializationError`."""
        try:
            return cls._from_json(doc, dice)
        except SerializationError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError) as exc:
            raise SerializationError(f"not a valid saved game: {exc!r}") from exc

    @classmethod
    def _from_json(cls, doc: Any, dice: DiceSource | None) -> "Game":
        """Every field of every record is checked for its type and its range,
        so that what loads can be shown, played on, saved and taken back."""
        if not isinstance(doc, dict) or doc.get("type") != "game":
            raise SerializationError("not a saved game document")
        if doc.get("schema") != SCHEMA_VERSION:
            raise SerializationError(f"saved game schema {doc.get('schema')!r} is not {SCHEMA_VERSION}")
        r = _Reader()
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
                raise SerializationError(f"{tape_pos!r} is not a place on the dice tape")
            g._history.append(_TurnRecord(
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
            g._resignation = _Resignation(r.player(res["player"]), level, was)  # type: ignore[arg-type]
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
