"""One match being played: the engine's Match, who sits in each chair, and pacing.

Each chair holds a :class:`~game.seats.Seat`: this screen's player
(:class:`~game.seats.LocalSeat`), a computer player thinking on its worker
thread (:class:`~game.seats.ComputerSeat`), or a remote player.  Seats that
are not local act through the same commands as the player, for their own
chair; the session asks them once per fixed step (:meth:`Session.update`).

The scene turns player intents into calls here (:meth:`Session.roll`,
:meth:`Session.move`, :meth:`Session.undo` ...); each checks with the engine,
applies, and records what happened as :class:`Happening` values, which the
scene drains with :meth:`Session.drain` to animate.  Nothing here decides a
rule: the engine does.  Queries (``can_*``, ``movable``, ``destinations``,
``hint``) never change anything.

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
import time
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from engine import Bot, Game, IllegalPlayError, Match, Play, Position, StepMade, format_play, get_bot
from engine.errors import GameStateError
from engine.kinds import LogKind, Phase, ResignLevel

from . import i18n
from .happenings import Happening, HappeningKind, Hint, HintKey, Snapshot
from .match_log import format_log_entry, log_message, player_name
from .seats import ComputerSeat, LocalSeat, Seat, SeatLike, Worker, seat_for
from .settings import Settings

__all__ = [
    "Session", "Snapshot", "Happening", "HappeningKind", "Hint", "Seat", "LocalSeat", "ComputerSeat",
    "player_name", "log_message", "format_log_entry",
    "OPENING", "ROLL", "MOVE", "DOUBLED", "RESIGNING", "OVER",
]

# the engine's phases by their short names (engine/kinds.py defines them)
OPENING, ROLL, MOVE, DOUBLED, RESIGNING, OVER = Phase.OPENING, Phase.ROLL, Phase.MOVE, Phase.DOUBLED, Phase.RESIGNING, Phase.OVER
K = HappeningKind


def _chances(bot: Bot, start: Position, play: Play) -> Optional[Tuple[float, float]]:
    """The mover's chances after ``play`` from ``start`` (the expert's
    network): winning, and winning a gammon or more; None when it cannot say."""
    evaluate = getattr(bot, "evaluate", None)  # the network's bots have it; the Bot protocol does not ask for it
    if evaluate is None:
        return None
    probs = evaluate(start.apply(play).swapped())  # the opponent on roll: win, win g, win bg, lose g, lose bg
    return 1.0 - float(probs[0]), float(probs[3])


class Session:
    """A match in play, seats and pacing; the only way the client changes the engine.

    ``seats``: for each chair a :class:`Seat`, a computer player (an
    :class:`engine.Bot`), or None for this screen's player."""

    def __init__(self, match: Match, seats: Sequence[SeatLike] = (None, None), settings: Optional[Settings] = None):
        self.match = match
        self.seats: List[Seat] = [seat_for(who) for who in seats]
        for seat in self.seats:
            seat.cancel()  # a seat taken over from an earlier match starts afresh
        self.settings = settings if settings is not None else Settings()
        self._out: List[Happening] = []
        #: called with each happening as it is recorded (the app saves the game and records results)
        self.watchers: List[Callable[[Happening], None]] = []
        #: the log lines of the earlier games of the match (translatable: i18n.Message)
        self.earlier_log: List[str] = []
        self._log_cache: Optional[Tuple[Any, List[str]]] = None
        # hints (the expert's ranking, computed off the frame loop)
        self._hint_bot: Optional[Bot] = None
        self._hint: Optional[Hint] = None
        self._hint_worker = Worker("hint")
        self._hint_asked: Optional[HintKey] = None
        self.hint_version = 0

    # -- reading -------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.match.game

    def snapshot(self) -> Snapshot:
        return Snapshot.of(self.game)

    def is_human(self, player: int) -> bool:
        """Does this screen's player sit in ``player``'s chair?"""
        return self.seats[player].local

    @property
    def hot_seat(self) -> bool:
        return self.seats[0].local and self.seats[1].local

    def viewer_for(self, snap: Snapshot) -> int:
        """Who sits nearest the screen for this board: in hot-seat the player
        who must act; with one human, that human; with none, player 0."""
        if self.hot_seat:
            return snap.to_act
        for p in (0, 1):
            if self.is_human(p):
                return p
        return 0

    @property
    def human_to_act(self) -> bool:
        g = self.game
        return g.phase != OVER and self.is_human(g.to_act)

    @property
    def thinking(self) -> bool:
        """A seat is at work off the frame loop (a computer thinking)."""
        return any(seat.thinking for seat in self.seats)

    @property
    def computer_to_act(self) -> bool:
        """A seat that is not this screen's player must act (a computer, a remote player)."""
        g = self.game
        return g.phase != OVER and not self.is_human(g.to_act)

    def can_roll(self) -> bool:
        return self.human_to_act and self.game.phase in (OPENING, ROLL)

    def legal_steps(self) -> List[StepMade]:
        turn = self.game.current_turn
        return turn.legal_steps() if turn is not None and self.human_to_act else []

    def movable(self) -> List[int]:
        turn = self.game.current_turn
        return turn.movable() if turn is not None and self.human_to_act else []

    def destinations(self, frm: int) -> Dict[int, Tuple[StepMade, ...]]:
        turn = self.game.current_turn
        if turn is None or not self.human_to_act:
            return {}
        return turn.destinations(frm)

    def larger_step(self, frm: int) -> Optional[StepMade]:
        """The step from ``frm`` with the larger usable die."""
        steps = [s for s in self.legal_steps() if s.frm == frm]
        return max(steps, key=lambda s: s.die) if steps else None

    def can_undo(self) -> bool:
        turn = self.game.current_turn
        return self.human_to_act and turn is not None and bool(turn.steps)

    def can_end_turn(self) -> bool:
        turn = self.game.current_turn
        return self.human_to_act and turn is not None and turn.complete

    def _take_back_player(self) -> Optional[int]:
        if self.hot_seat:
            return None
        humans = [p for p in (0, 1) if self.is_human(p)]
        return humans[0] if humans else None

    def can_take_back(self) -> bool:
        """A human may take back once a turn is confirmed and before the
        next roll is played: only when a human is to act (never while the
        computer thinks or plays), and only as the engine allows."""
        if not self.human_to_act or self.thinking:
            return False
        return self.game.can_take_back(self._take_back_player())

    def can_double(self) -> bool:
        return self.human_to_act and self.game.can_double()

    def must_answer_double(self) -> bool:
        return self.human_to_act and self.game.phase == DOUBLED

    def can_next_game(self) -> bool:
        return self.game.phase == OVER and not self.match.over

    def pips(self) -> Tuple[int, int]:
        return self.game.pips()

    def log_lines(self) -> List[str]:
        """The move log of the match so far, one line per entry, in the
        language shown now (the lines of earlier games too: they are kept as
        :class:`i18n.Message` lines, see :meth:`next_game`)."""
        g = self.game
        key = (id(g), self.match.game_number, len(g.log), tuple(g.log[-1:]), i18n.language())
        if self._log_cache is not None and self._log_cache[0] == key:
            return list(self._log_cache[1])
        lines = [i18n.tr(line) for line in self._log_messages()]
        self._log_cache = (key, lines)
        return list(lines)

    def _log_messages(self) -> List[str]:
        lines = list(self.earlier_log)
        if self.match.length > 1:
            lines.append(i18n.Message("log.game", number=self.match.game_number))
        lines.extend(log_message(e) for e in self.game.log)
        return lines

    # -- what happened --------------------------------------------------------------
    def pending(self) -> bool:
        """Has anything happened since the last :meth:`drain`?"""
        return bool(self._out)

    def drain(self) -> List[Happening]:
        """What happened since the last call, oldest first."""
        out, self._out = self._out, []
        return out

    def _emit(self, kind: HappeningKind, player: int, before: Snapshot, after: Optional[Snapshot] = None, **kw: Any) -> None:
        happening = Happening(kind, player, before, after if after is not None else self.snapshot(), **kw)
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
        if not self.can_take_back():
            return False
        before = self.snapshot()
        self.game.take_back(self._take_back_player())
        self._cancel_seats()
        self._emit(K.TAKEBACK, self.game.turn, before)
        return True

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
        self.match.next_game()
        self._cancel_seats()
        self._emit(K.NEWGAME, 0, before)
        return True

    # -- resignation ----------------------------------------------------------------------
    def can_resign(self) -> bool:
        return self.human_to_act and self.game.phase in (ROLL, MOVE)

    def must_answer_resignation(self) -> bool:
        return self.human_to_act and self.game.phase == RESIGNING

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
    def _hint_key(self) -> HintKey:
        g = self.game
        return (id(g), self.match.game_number, len(g.log), g.turn, g.dice)

    def can_hint(self) -> bool:
        return self.human_to_act and self.game.phase == MOVE

    def request_hint(self) -> bool:
        """Ask the expert for the best plays of this turn from its start
        (answered off the frame loop; :attr:`hint` has it once ready and while
        no step of the turn is made).  The game is not touched."""
        if not self.can_hint():
            return False
        key = self._hint_key()
        if self._hint_asked == key:
            return True
        self._hint_asked = key
        g = self.game
        start, dice = g.turn_start, g.dice
        assert dice is not None

        def rank() -> Hint:
            if self._hint_bot is None:  # loaded off the frame loop, once
                self._hint_bot = get_bot("expert")
            ranked = self._hint_bot.rank_plays(start, dice)[:3]
            plays = tuple((play, eq, format_play(start, play)) for play, eq in ranked)
            chances = [_chances(self._hint_bot, start, play) for play, _ in ranked]
            return Hint(key, plays, tuple(c for c in chances if c is not None) if None not in chances else ())

        self._hint_worker.submit("hint", rank)
        return True

    @property
    def hint(self) -> Optional[Hint]:
        """The hint for the turn being played, if one was asked for and is ready."""
        turn = self.game.current_turn
        if self._hint is not None and self._hint.key == self._hint_key() and self.can_hint() and turn is not None and not turn.steps:
            return self._hint
        return None

    def wait_for_hint(self, timeout: float = 30.0) -> Optional[Hint]:
        """Block until the hint asked for is ready (for tests and tools)."""
        deadline = time.monotonic() + timeout
        while self._hint_worker.busy and time.monotonic() < deadline:
            self._hint_worker.wait(max(0.0, deadline - time.monotonic()))
            if self._collect_hint():
                break
        return self.hint

    def _collect_hint(self) -> bool:
        done = self._hint_worker.poll()
        if done is None:
            return False
        _, result = done
        if isinstance(result, Exception):
            raise GameStateError(f"the hint failed: {result!r}") from result
        self._hint = result
        self._hint_asked = None
        self.hint_version += 1
        return True

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
        self._collect_hint()
        for player, seat in enumerate(self.seats):
            if not seat.local:
                seat.update(self, player, dt, display_busy)
