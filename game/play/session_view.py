"""What the client may ask of a match in play (:class:`SessionView`, the
base of :class:`~game.play.session.Session`): who sits where, who must act, what
the player may do now, the move log.  Queries never change anything; the
commands are the session's.
"""

from __future__ import annotations

from typing import Dict, List, Optional, Sequence, Tuple

from engine import Game, LogEntry, Match, StepMade
from engine.kinds import Phase

from ..words import i18n
from .happenings import HintKey, Snapshot
from .match_log import log_message
from .numbering import heard_line
from .seats import Seat, SeatLike, seat_for
from .takeback import TakenBack, log_lines
from ..store.settings import Settings

# the engine's phases by their short names (engine/kinds.py defines them)
OPENING, ROLL, MOVE, DOUBLED, RESIGNING, OVER = Phase.OPENING, Phase.ROLL, Phase.MOVE, Phase.DOUBLED, Phase.RESIGNING, Phase.OVER
#: what the move log's cache is kept for: the game, its number, the log's length and last entry, the language
LogKey = Tuple[int, int, int, Tuple[LogEntry, ...], str, Optional[int], Tuple[int, ...]]


class SessionView:
    """A match in play and its seats, as the client reads them.

    ``seats``: for each chair a :class:`Seat`, a computer player (an
    :class:`engine.Bot`), or None for this screen's player."""

    def __init__(self, match: Match, seats: Sequence[SeatLike] = (None, None), settings: Optional[Settings] = None):
        self.match = match
        self.seats: List[Seat] = [seat_for(who) for who in seats]
        self.settings = settings if settings is not None else Settings()
        #: the log lines of the earlier games of the match (translatable: i18n.Message)
        self.earlier_log: List[str] = []
        #: the take-backs of the game in play, in order (:mod:`game.play.takeback`)
        self.taken_back: List[TakenBack] = []
        #: the earlier games of the match that had a take-back
        self.assisted_games = 0
        self._log_cache: Optional[Tuple[LogKey, List[str]]] = None

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

    @property
    def human_to_move(self) -> bool:
        """Does this screen's player move checkers now?  (Not while they
        answer the other side's resignation: the turn is the other side's.)"""
        return self.game.phase == MOVE and self.human_to_act

    def legal_steps(self) -> List[StepMade]:
        turn = self.game.current_turn
        return turn.legal_steps() if turn is not None and self.human_to_move else []

    def movable(self) -> List[int]:
        turn = self.game.current_turn
        return turn.movable() if turn is not None and self.human_to_move else []

    def destinations(self, frm: int) -> Dict[int, Tuple[StepMade, ...]]:
        turn = self.game.current_turn
        if turn is None or not self.human_to_move:
            return {}
        return turn.destinations(frm)

    def larger_step(self, frm: int) -> Optional[StepMade]:
        """The step from ``frm`` with the larger usable die."""
        steps = [s for s in self.legal_steps() if s.frm == frm]
        return max(steps, key=lambda s: s.die) if steps else None

    def can_undo(self) -> bool:
        turn = self.game.current_turn
        return self.human_to_move and turn is not None and bool(turn.steps)

    def can_end_turn(self) -> bool:
        turn = self.game.current_turn
        return self.human_to_move and turn is not None and turn.complete

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

    def log_lines(self, listener: Optional[int] = None) -> List[str]:
        """The move log of the match so far, one line per entry, in the
        language shown now (the lines of earlier games too: they are kept as
        :class:`i18n.Message` lines, see :meth:`Session.next_game`); the
        plays in ``listener``'s numbering (None: each in its mover's, as
        written in files)."""
        g = self.game
        key = (id(g), self.match.game_number, len(g.log), tuple(g.log[-1:]), i18n.language(), listener, tuple(m.at for m in self.taken_back))
        if self._log_cache is not None and self._log_cache[0] == key:
            return list(self._log_cache[1])
        messages = self._log_messages(listener)
        if listener is not None:
            messages = [heard_line(line, listener) for line in messages]
        lines = [i18n.tr(line) for line in messages]
        self._log_cache = (key, lines)
        return list(lines)

    def _log_messages(self, listener: Optional[int] = None) -> List[str]:
        lines = list(self.earlier_log)
        if self.match.length > 1:
            lines.append(i18n.Message("log.game", number=self.match.game_number))
        lines.extend(log_lines([log_message(e) for e in self.game.log], self.taken_back, listener))
        return lines

    @property
    def assisted(self) -> bool:
        """Has a turn of the game in play been taken back (an assisted game)?"""
        return bool(self.taken_back)

    # -- resignation and hints ----------------------------------------------------------------
    def can_resign(self) -> bool:
        return self.human_to_act and self.game.phase in (ROLL, MOVE)

    def must_answer_resignation(self) -> bool:
        return self.human_to_act and self.game.phase == RESIGNING

    def can_hint(self) -> bool:
        return self.human_to_act and self.game.phase == MOVE

    def can_advise_cube(self) -> bool:
        """May this screen's player ask about the cube now: a double is theirs
        to offer before the roll, or to answer (where hints are given)?"""
        return self.may_hint() and (self.can_double() or self.must_answer_double())

    def may_hint(self) -> bool:
        """Are hints given in this match (not to a friend game's players)?"""
        return True

    def _hint_key(self) -> HintKey:
        """The turn a hint is for (see :class:`~game.play.happenings.Hint`)."""
        g = self.game
        return (id(g), self.match.game_number, len(g.log), g.turn, g.dice)
