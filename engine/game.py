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

from typing import Optional, Tuple

from . import checks
from .errors import ArgumentTypeError, GameStateError, IllegalPlayError
from .gamestate import DOUBLED, MOVE, OPENING, OVER, RESIGNING, ROLL, SCHEMA_VERSION, GameState, LogEntry, Resignation, Result, TurnRecord
from .kinds import MULTIPLES, LogKind, Phase, ResignLevel, ResultKind
from .notation import format_play, parse_play
from .position import Play, Position
from .turn import StepMade, Turn

__all__ = ["Game", "GameState", "LogEntry", "Result", "SCHEMA_VERSION"]


class Game(GameState):
    """One game of backgammon: its state (:class:`GameState`: what it is,
    what may be done, saving and loading) and the actions that change it.

    ``cube``: whether the doubling cube is in play; ``crawford``: the cube is
    in play in the match but not in this game; ``dice``: where the dice come
    from (secure system randomness by default); ``start``: (board, player on
    roll) to begin there, that player to roll, instead of with the opening.
    """

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
        record = TurnRecord(self.turn, self._position, dice, self.cube_value, self.cube_owner, len(self.log), tape_pos=self.tape.position)
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
        self._resignation = Resignation(self.turn, offered, self.phase)
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
