"""One match being played: the engine's Match, who sits in each chair, and pacing.

Each chair holds a :class:`~game.play.seats.Seat`: this screen's player
(:class:`~game.play.seats.LocalSeat`), a computer player thinking on its worker
thread (:class:`~game.play.seats.ComputerSeat`), or a remote player.  Seats that
are not local act through the same commands as the player, for their own
chair; the session asks them once per fixed step (:meth:`Session.update`).

The scene turns player intents into calls here (:meth:`Session.roll`,
:meth:`Session.move`, :meth:`Session.undo` ...); each checks with the engine,
applies, and records what happened as :class:`Happening` values, which the
scene drains with :meth:`Session.drain` to animate.  Nothing here decides a
rule: the engine does.  Queries (``can_*``, ``movable``, ``destinations``:
:class:`~game.play.session_view.SessionView`; ``hint``) never change anything.

>>> from engine import Match, FixedDice
>>> s = Session(Match(dice=FixedDice([3, 1])))
>>> s.roll()
True
>>> [h.kind for h in s.drain()]
['roll']
>>> s.move(8, 5) and s.move(6, 5)
True
>>> [h.kind for h in s.drain()]
['step', 'step', 'turn']
"""

from __future__ import annotations

import dataclasses
from typing import Callable, List, Optional, Sequence, Tuple

from engine import CubeAdvice, IllegalPlayError, Match, Play, StepMade, cube_question
from engine.kinds import LogKind, ResignLevel

from .happenings import Happening, HappeningKind, Hint, Snapshot
from .hints import HintDesk
from .match_log import format_log_entry, log_message, player_name
from .seats import ComputerSeat, LocalSeat, Seat, SeatLike
from .takeback import TakenBack, keep_marks, undone_message
from .session_view import DOUBLED, MOVE, OPENING, OVER, RESIGNING, ROLL, SessionView
from ..store.settings import Settings

__all__ = [
    "Session", "SessionView", "Snapshot", "Happening", "HappeningKind", "Hint", "Seat", "LocalSeat", "ComputerSeat",
    "player_name", "log_message", "format_log_entry",
    "OPENING", "ROLL", "MOVE", "DOUBLED", "RESIGNING", "OVER",
]

K = HappeningKind


class Session(SessionView):
    """A match in play, seats and pacing; the only way the client changes the engine.

    ``seats``: for each chair a :class:`Seat`, a computer player (an
    :class:`engine.Bot`), or None for this screen's player."""

    def __init__(self, match: Match, seats: Sequence[SeatLike] = (None, None), settings: Optional[Settings] = None):
        super().__init__(match, seats, settings)
        for seat in self.seats:
            seat.cancel()  # a seat taken over from an earlier match starts afresh
        self._out: List[Happening] = []
        #: called with each happening as it is recorded (the app saves the game and records results)
        self.watchers: List[Callable[[Happening], None]] = []
        #: the expert's hints, ranked off the frame loop
        self.hints = HintDesk()

    # -- what happened --------------------------------------------------------------
    def pending(self) -> bool:
        """Has anything happened since the last :meth:`drain`?"""
        return bool(self._out)

    def drain(self) -> List[Happening]:
        """What happened since the last call, oldest first."""
        out, self._out = self._out, []
        return out

    def _emit(self, kind: HappeningKind, player: int, before: Snapshot, after: Optional[Snapshot] = None,
              dice: Optional[Tuple[int, int]] = None, step: Optional[StepMade] = None, opening: bool = False, replayed: bool = False) -> None:
        happening = Happening(kind, player, before, after if after is not None else self.snapshot(), dice, step, opening, replayed)
        self._out.append(happening)
        for watch in list(self.watchers):
            watch(happening)

    # -- commands (checked by the engine) ------------------------------------------------
    # Without ``player`` a command comes from this screen's player and is
    # refused unless a local seat must act; a seat acting for its own chair
    # passes its ``player`` and is refused unless that player must act.
    def _acting(self, player: Optional[int], who: Optional[int] = None) -> bool:
        """May the command act for ``who`` (the game's player to act by default)?"""
        who = self.game.to_act if who is None else who
        return self.is_human(who) if player is None else player == who

    def roll(self, player: Optional[int] = None) -> bool:
        g = self.game
        if g.phase not in (OPENING, ROLL) or not self._acting(player):
            return False
        before = self.snapshot()
        opening = g.phase == OPENING
        replayed = not opening and not g.tape.at_end
        n = len(g.log)
        dice = g.roll()
        passed = any(e.kind == LogKind.PASS for e in g.log[n:])
        roller = 1 - g.turn if passed else g.turn
        if passed:
            shown = dataclasses.replace(before, turn=roller, to_act=roller, phase=MOVE, dice=dice, remaining=tuple(dice))
            self._emit(K.ROLL, roller, before, shown, dice=dice, opening=opening, replayed=replayed)
            self._emit(K.PASS, roller, shown, dice=dice)
        else:
            self._emit(K.ROLL, roller, before, dice=dice, opening=opening, replayed=replayed)
        return True

    def _step(self, frm: int, to: int, die: Optional[int]) -> bool:
        g = self.game
        if g.phase != MOVE:
            return False
        before = self.snapshot()
        try:
            made = g.step(frm, to, die)
        except IllegalPlayError:
            return False
        self._emit(K.STEP, g.turn, before, step=made)
        return True

    #: the turn does not end by itself while this is set (the tutor looks at the play first)
    hold_turn = False

    def _after_human_step(self) -> None:
        if self.settings.auto_end_turn and self.can_end_turn() and not self.hold_turn:
            self.end_turn()

    def step(self, frm: int, to: int, die: Optional[int] = None, player: Optional[int] = None) -> bool:
        """One step by one die (``die`` None: the engine picks the usual one)."""
        if not self._acting(player) or not self._step(frm, to, die):
            return False
        if player is None:
            self._after_human_step()
        return True

    def move(self, frm: int, to: int) -> bool:
        """Move the checker on ``frm`` to ``to``, by as many steps as the engine's
        route needs (a target reached with both dice is made as its steps)."""
        route = self.destinations(frm).get(to)
        if not route:
            return False
        for s in route:
            if not self._step(s.frm, s.to, s.die):  # pragma: no cover - the engine listed it
                return False
        self._after_human_step()
        return True

    def play(self, play: Play, player: int) -> bool:
        """A whole play from the start of the turn, and the turn ends (a seat
        whose steps the engine orders differently)."""
        g = self.game
        if g.phase != MOVE or not self._acting(player):
            return False
        before = self.snapshot()
        turn = g.current_turn
        assert turn is not None
        turn.undo_all()
        try:
            g.play(play)
        except IllegalPlayError:
            return False
        result = g.result
        self._emit(K.OVER if result is not None else K.TURN, result.winner if result is not None else 1 - g.turn, before)
        return True

    def undo(self) -> bool:
        if not self.can_undo():
            return False
        before = self.snapshot()
        made = self.game.undo()
        self._emit(K.UNDO, self.game.turn, before, step=made)
        return True

    def undo_all(self) -> bool:
        """Take back every step of the turn being played (one happening each)."""
        undone = False
        while self.undo():
            undone = True
        return undone

    def end_turn(self, player: Optional[int] = None) -> bool:
        turn = self.game.current_turn
        if self.game.phase != MOVE or turn is None or not turn.complete or not self._acting(player):
            return False
        g = self.game
        before = self.snapshot()
        mover = g.turn
        g.end_turn()
        self._emit(K.OVER if g.phase == OVER else K.TURN, mover, before)
        return True

    def take_back(self) -> bool:
        """Return to the start of the player's last turn, with its dice (the
        engine's take-back); what it undid is kept as a :class:`TakenBack`
        (the move log's line, the words, the records' assisted game)."""
        if not self.can_take_back():
            return False
        before = self.snapshot()
        log = list(self.game.log)
        self.game.take_back(self._take_back_player())
        at = len(self.game.log)
        self.taken_back = [m for m in self.taken_back if m.at < at]  # those undone again are in this one's tail
        self.taken_back.append(TakenBack(at, tuple(log[at:]), (before.cube_value, self.game.cube_value)))
        keep_marks(self.game, self.taken_back)  # for the review (see takeback.taken_back_at)
        self._cancel_seats()
        self._emit(K.TAKEBACK, self.game.turn, before)
        return True

    def taken_back_words(self, listener: Optional[int] = None) -> Optional[str]:
        """What the last take-back of this game undid, in words for this
        screen's player ("your play 8/5 6/5, Black's roll 5-2 and play ...";
        the plays in ``listener``'s numbering); None: none."""
        if not self.taken_back:
            return None
        humans = [p for p in (0, 1) if self.is_human(p)]
        return undone_message(self.taken_back[-1], you=humans[0] if len(humans) == 1 else None, listener=listener)

    def double(self, player: Optional[int] = None) -> bool:
        g = self.game
        if not g.can_double() or not self._acting(player, g.turn):
            return False
        before = self.snapshot()
        g.double()
        self._emit(K.DOUBLE, g.turn, before)
        return True

    def answer_double(self, take: bool, player: Optional[int] = None) -> bool:
        g = self.game
        if g.phase != DOUBLED or not self._acting(player):
            return False
        before = self.snapshot()
        answering = g.to_act
        if take:
            g.take()
            self._emit(K.TAKE, answering, before)
        else:
            g.drop()
            self._emit(K.DROP, answering, before)
            self._emit(K.OVER, g.turn, before)
        return True

    def next_game(self) -> bool:
        if not self.can_next_game():
            return False
        before = self.snapshot()
        self.earlier_log = self._log_messages()
        self.assisted_games += self.assisted
        self.taken_back = []
        self.match.next_game()
        self._cancel_seats()
        self._emit(K.NEWGAME, 0, before)
        return True

    # -- resignation ----------------------------------------------------------------------
    def resign(self, level: str, player: Optional[int] = None) -> bool:
        """The player on turn offers to resign ``level`` (a :class:`ResignLevel`)."""
        g = self.game
        if g.phase not in (ROLL, MOVE) or not self._acting(player, g.turn):
            return False
        before = self.snapshot()
        self.game.resign(ResignLevel(level))
        self._emit(K.RESIGN, self.game.turn, before)
        return True

    def answer_resignation(self, accept: bool, player: Optional[int] = None) -> bool:
        g = self.game
        if g.phase != RESIGNING or not self._acting(player):
            return False
        before = self.snapshot()
        answering = g.to_act
        if accept:
            g.accept_resignation()
            self._emit(K.ACCEPT, answering, before)
            self._emit(K.OVER, answering, before)
        else:
            g.reject_resignation()
            self._emit(K.REJECT, answering, before)
        return True

    # -- hints --------------------------------------------------------------------------------
    def request_hint(self) -> bool:
        """Ask the expert for the best plays of this turn from its start
        (answered off the frame loop; :attr:`hint` has it once ready and while
        no step of the turn is made).  The game is not touched."""
        if not self.can_hint():
            return False
        g = self.game
        assert g.dice is not None
        self.hints.ask(self._hint_key(), g.turn_start, g.dice)
        return True

    @property
    def hint(self) -> Optional[Hint]:
        """The hint for the turn being played, if one was asked for and is ready."""
        turn = self.game.current_turn
        hint = self.hints.answer(self._hint_key())
        if hint is not None and self.can_hint() and turn is not None and not turn.steps:
            return hint
        return None

    @property
    def hint_version(self) -> int:
        """Counts the hints that came (the scene redraws when it changes)."""
        return self.hints.version

    def wait_for_hint(self, timeout: float = 30.0) -> Optional[Hint]:
        """Block until the hint asked for is ready (for tests and tools)."""
        self.hints.wait(timeout)
        return self.hint

    def request_cube_advice(self) -> bool:
        """Ask for the engine's cube advice of the decision due (off the frame loop); the game is not touched."""
        if self.can_advise_cube():
            self.hints.ask_cube(self._hint_key(), cube_question(self.match))
        return self.can_advise_cube()

    @property
    def cube_advice(self) -> Optional[CubeAdvice]:
        """The cube advice for the decision due now, if it was asked for and is ready."""
        return self.hints.cube_answer(self._hint_key()) if self.can_advise_cube() else None

    # -- the seats that act by themselves ---------------------------------------------------
    def _cancel_seats(self) -> None:
        for seat in self.seats:
            seat.cancel()

    def wait_for_computer(self, timeout: float = 10.0) -> None:
        """Block until a computer's thread has answered (for tests and tools)."""
        for seat in self.seats:
            if seat.thinking and isinstance(seat, ComputerSeat):
                seat.wait(timeout)

    def update(self, dt: float, display_busy: bool = False) -> None:
        """Advance the seats that act by themselves by ``dt`` seconds.  While
        the display is still animating they wait, so their actions come out
        at a readable pace."""
        self.hints.collect()
        for player, seat in enumerate(self.seats):
            if not seat.local:
                seat.update(self, player, dt, display_busy)
