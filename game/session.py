"""One match being played: the engine's Match, who sits in each seat, and pacing.

A seat is either a human (``None``) or a computer object with
``choose_play(position, dice) -> Play`` (steps ``(from, to)`` in the mover's
numbering).  Computers think on a worker thread, off the frame loop, and
their plays come out step by step at ``Settings.bot_pace``.

The scene turns player intents into calls here (:meth:`Session.roll`,
:meth:`Session.move`, :meth:`Session.undo` ...); each checks with the engine,
applies, and records what happened as :class:`Happening` values, which the
scene drains with :meth:`Session.drain` to animate.  Nothing here decides a
rule: the engine does.

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
import queue
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Sequence, Set, Tuple

from engine import Game, IllegalPlayError, Match, StepMade
from engine.errors import GameStateError
from engine.kinds import Phase, ResignLevel

from . import i18n
from .settings import Settings

# the engine's phases by their short names (engine/kinds.py defines them)
OPENING, ROLL, MOVE, DOUBLED, RESIGNING, OVER = Phase.OPENING, Phase.ROLL, Phase.MOVE, Phase.DOUBLED, Phase.RESIGNING, Phase.OVER


@dataclass(frozen=True)
class Snapshot:
    """Everything the board shows, in absolute terms (for drawing, not rules).

    ``counts[player]`` has 26 entries in that player's own numbering:
    index 0 borne off, 1..24 the points, 25 the bar."""

    counts: Tuple[Tuple[int, ...], Tuple[int, ...]]
    turn: int
    to_act: int
    phase: Phase
    dice: Optional[Tuple[int, int]]
    remaining: Tuple[int, ...]
    cube_enabled: bool
    cube_value: int
    cube_owner: Optional[int]
    pips: Tuple[int, int]
    winner: Optional[int] = None

    @classmethod
    def of(cls, game: Game) -> "Snapshot":
        pos = game.position
        mine = (pos.borne_off[0],) + tuple(pos.on_roll_counts())
        theirs = (pos.borne_off[1],) + tuple(pos.opponent_counts())
        counts = (mine, theirs) if game.turn == 0 else (theirs, mine)
        turn = game.current_turn
        dice = game.dice if game.phase == MOVE and game.dice else None
        return cls(
            counts=counts,
            turn=game.turn,
            to_act=game.to_act,
            phase=game.phase,
            dice=dice,
            remaining=tuple(turn.remaining) if turn is not None else (),
            cube_enabled=game.cube_enabled and not game.crawford,
            cube_value=game.cube_value,
            cube_owner=game.cube_owner,
            pips=game.pips(),
            winner=game.result.winner if game.result else None,
        )


@dataclass(frozen=True)
class Happening:
    """Something that happened, for animation and sound: the board before
    and after, who did it, and details (``step`` is in the mover's numbering).

    kinds: roll, pass, step, undo, turn, takeback, double, take, drop, over, newgame."""

    kind: str
    player: int
    before: Snapshot
    after: Snapshot
    dice: Optional[Tuple[int, int]] = None
    step: Optional[StepMade] = None
    opening: bool = False
    #: a roll that came again from the dice tape after a take-back (not a new throw)
    replayed: bool = False


@dataclass(frozen=True)
class Hint:
    """The best plays for the turn being played, best first: each
    ``(play, equity, text)`` with the play in the mover's numbering from the
    start of the turn."""

    key: Tuple[Any, ...]
    plays: Tuple[Tuple[Tuple[Tuple[int, int], ...], float, str], ...]
    #: for each play (when known): the mover's chances (winning, winning a gammon or more), 0..1
    chances: Tuple[Tuple[float, float], ...] = ()

    @property
    def best(self) -> Tuple[Tuple[int, int], ...]:
        return self.plays[0][0] if self.plays else ()


Seat = Optional[Any]  # None = a human; else an object with choose_play(position, dice)


def player_name(player: int) -> str:
    return i18n.t(f"player.{player}")


def _dice_text(dice: Optional[Sequence[int]]) -> Tuple[str, str]:
    return (str(dice[0]), str(dice[1])) if dice else ("", "")


def log_message(entry: Any) -> "i18n.Message":
    """One move-log line for an engine ``LogEntry``, as an :class:`i18n.Message`
    (its English text; :func:`i18n.tr` shows it in the language of the moment)."""
    M = i18n.Message
    name = M(f"player.{entry.player}")
    d1, d2 = _dice_text(entry.dice)
    kind = entry.kind
    if kind == "opening":
        a, b = entry.dice
        if entry.text == "tie":
            return M("log.opening_tie", a=a)
        return M("log.opening", name0=M("player.0"), name1=M("player.1"), a=a, b=b)
    if kind == "play":
        return M("log.play", name=name, d1=d1, d2=d2, text=entry.text)
    if kind == "pass":
        return M("log.pass", name=name, d1=d1, d2=d2)
    if kind == "win":
        return M("log.win", name=name, kind=M(f"result.{entry.text}"), value=entry.value)
    if kind in ("resign", "accept", "reject"):  # text: the level resigned
        return M(f"log.{kind}", name=name, value=entry.value, text=M(f"result.{entry.text or 'single'}"))
    return M(f"log.{kind}", name=name, value=entry.value, text=entry.text)  # double, take, drop


def format_log_entry(entry: Any) -> str:
    """One move-log line for an engine ``LogEntry``, in the language shown now."""
    return i18n.tr(log_message(entry))


def _chances(bot: Any, start: Any, play: Any) -> Optional[Tuple[float, float]]:
    """The mover's chances after ``play`` from ``start`` (the expert's
    network): winning, and winning a gammon or more; None when it cannot say."""
    evaluate = getattr(bot, "evaluate", None)
    if evaluate is None:
        return None
    probs = evaluate(start.apply(play).swapped())  # the opponent on roll: win, win g, win bg, lose g, lose bg
    return 1.0 - float(probs[0]), float(probs[3])


class Session:
    """A match in play, seats and pacing; the only way the client changes the engine."""

    def __init__(self, match: Match, seats: Sequence[Seat] = (None, None), settings: Optional[Settings] = None):
        self.match = match
        self.seats: List[Seat] = list(seats)
        self.settings = settings if settings is not None else Settings()
        self._out: List[Happening] = []
        #: called with each happening as it is recorded (the app saves the game and records results)
        self.watchers: List[Callable[[Happening], None]] = []
        self._old_log: List[str] = []
        self._log_cache: Optional[Tuple[Any, List[str]]] = None
        # computer players
        self._results: "queue.Queue[Tuple[int, str, Any]]" = queue.Queue()
        self._token = 0
        self._thinking: Optional[str] = None
        self._plan: List[Tuple[int, int]] = []
        self._whole_play: Tuple[Tuple[int, int], ...] = ()
        self._timer = 0.0
        #: resignations a computer offered, (game number, level): each is offered once a game
        self._offered: Set[Tuple[int, ResignLevel]] = set()
        # hints (the expert's ranking, computed off the frame loop)
        self._hint_bot: Any = None
        self._hint: Optional[Hint] = None
        self._hint_asked: Optional[Tuple[Any, ...]] = None
        self._hint_result: Optional[Tuple[Tuple[Any, ...], Any]] = None
        self.hint_version = 0

    # -- reading -------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.match.game

    def snapshot(self) -> Snapshot:
        return Snapshot.of(self.game)

    def is_human(self, player: int) -> bool:
        return self.seats[player] is None

    @property
    def hot_seat(self) -> bool:
        return self.seats[0] is None and self.seats[1] is None

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
        """A computer player's thread is at work."""
        return self._thinking is not None

    @property
    def computer_to_act(self) -> bool:
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
        if not self.human_to_act or self._thinking is not None:
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
        lines = list(self._old_log)
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

    def _emit(self, kind: str, player: int, before: Snapshot, after: Optional[Snapshot] = None, **kw: Any) -> None:
        happening = Happening(kind, player, before, after if after is not None else self.snapshot(), **kw)
        self._out.append(happening)
        for watch in list(self.watchers):
            watch(happening)

    # -- intents (checked by the engine) ------------------------------------------------
    def roll(self, _by_computer: bool = False) -> bool:
        g = self.game
        if g.phase not in (OPENING, ROLL) or (not _by_computer and not self.is_human(g.to_act)):
            return False
        before = self.snapshot()
        opening = g.phase == OPENING
        replayed = not opening and not g.tape.at_end
        n = len(g.log)
        dice = g.roll()
        passed = any(e.kind == "pass" for e in g.log[n:])
        roller = 1 - g.turn if passed else g.turn
        if passed:
            shown = dataclasses.replace(before, turn=roller, to_act=roller, phase=MOVE, dice=dice, remaining=tuple(dice))
            self._emit("roll", roller, before, shown, dice=dice, opening=opening, replayed=replayed)
            self._emit("pass", roller, shown, dice=dice)
        else:
            self._emit("roll", roller, before, dice=dice, opening=opening, replayed=replayed)
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
        self._emit("step", g.turn, before, step=made)
        return True

    def _after_human_step(self) -> None:
        if self.settings.auto_end_turn and self.can_end_turn():
            self.end_turn()

    def step(self, frm: int, to: int, die: Optional[int] = None) -> bool:
        """One step by one die (``die`` None: the engine picks the usual one)."""
        if not self.human_to_act or not self._step(frm, to, die):
            return False
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

    def undo(self) -> bool:
        if not self.can_undo():
            return False
        before = self.snapshot()
        made = self.game.undo()
        self._emit("undo", self.game.turn, before, step=made)
        return True

    def end_turn(self) -> bool:
        if not self.can_end_turn():
            return False
        self._end_turn()
        return True

    def _end_turn(self) -> None:
        g = self.game
        before = self.snapshot()
        player = g.turn
        g.end_turn()
        if g.phase == OVER:
            self._emit("over", player, before)
        else:
            self._emit("turn", player, before)

    def take_back(self) -> bool:
        if not self.can_take_back():
            return False
        before = self.snapshot()
        self.game.take_back(self._take_back_player())
        self._cancel_thinking()
        self._emit("takeback", self.game.turn, before)
        return True

    def double(self, _by_computer: bool = False) -> bool:
        g = self.game
        if not g.can_double() or (not _by_computer and not self.is_human(g.turn)):
            return False
        before = self.snapshot()
        g.double()
        self._emit("double", g.turn, before)
        return True

    def answer_double(self, take: bool, _by_computer: bool = False) -> bool:
        g = self.game
        if g.phase != DOUBLED or (not _by_computer and not self.is_human(g.to_act)):
            return False
        before = self.snapshot()
        player = g.to_act
        if take:
            g.take()
            self._emit("take", player, before)
        else:
            g.drop()
            self._emit("drop", player, before)
            self._emit("over", g.turn, before)
        return True

    def next_game(self) -> bool:
        if not self.can_next_game():
            return False
        before = self.snapshot()
        self._old_log = self._log_messages()
        self.match.next_game()
        self._cancel_thinking()
        self._emit("newgame", 0, before)
        return True

    # -- resignation ----------------------------------------------------------------------
    def can_resign(self) -> bool:
        return self.human_to_act and self.game.phase in (ROLL, MOVE)

    def must_answer_resignation(self) -> bool:
        return self.human_to_act and self.game.phase == RESIGNING

    def resign(self, level: str) -> bool:
        """The human on turn offers to resign ``level`` (single, gammon, backgammon)."""
        if not self.can_resign():
            return False
        before = self.snapshot()
        self.game.resign(level)
        self._emit("resign", self.game.turn, before)
        return True

    def answer_resignation(self, accept: bool, _by_computer: bool = False) -> bool:
        g = self.game
        if g.phase != RESIGNING or (not _by_computer and not self.is_human(g.to_act)):
            return False
        before = self.snapshot()
        player = g.to_act
        if accept:
            g.accept_resignation()
            self._emit("accept", player, before)
            self._emit("over", player, before)
        else:
            g.reject_resignation()
            self._emit("reject", player, before)
        return True

    # -- hints --------------------------------------------------------------------------------
    def _hint_key(self) -> Tuple[Any, ...]:
        g = self.game
        return (id(g), self.match.game_number, len(g.log), g.turn, g.dice)

    def can_hint(self) -> bool:
        return self.human_to_act and self.game.phase == MOVE

    def request_hint(self) -> bool:
        """Ask the expert for the best plays of this turn (answered off the
        frame loop; :attr:`hint` has it once ready)."""
        if not self.can_hint():
            return False
        while self.can_undo():  # the hint is for the whole turn, from its start
            self.undo()
        key = self._hint_key()
        if self._hint_asked == key:
            return True
        self._hint_asked = key
        g = self.game
        start, dice = g.turn_start, g.dice

        def work() -> None:
            from engine import format_play, get_bot

            try:
                if self._hint_bot is None:
                    self._hint_bot = get_bot("expert")
                ranked = self._hint_bot.rank_plays(start, dice)[:3]
                plays = tuple((play, eq, format_play(start, play)) for play, eq in ranked)
                chances = [_chances(self._hint_bot, start, play) for play, _ in ranked]
                result: Any = (plays, tuple(c for c in chances if c is not None) if None not in chances else ())
            except Exception as exc:  # reported on the frame loop
                result = exc
            self._hint_result = (key, result)

        threading.Thread(target=work, name="hint", daemon=True).start()
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
        while self._hint_asked is not None and self._hint_result is None and time.monotonic() < deadline:
            time.sleep(0.01)
        self._collect_hint()
        return self.hint

    def _collect_hint(self) -> None:
        done, self._hint_result = self._hint_result, None
        if done is None:
            return
        key, result = done
        if isinstance(result, Exception):
            raise GameStateError(f"the hint failed: {result!r}") from result
        self._hint = Hint(key, *result)
        self._hint_asked = None
        self.hint_version += 1

    # -- the computer's view of the cube ---------------------------------------------------
    def _cube_context(self, player: int) -> Dict[str, Any]:
        """What a computer needs for cube decisions: who owns the cube and
        the match situation (None for money play)."""
        g, m = self.game, self.match
        owner = "centre" if g.cube_owner is None else ("me" if g.cube_owner == player else "opponent")
        match = None
        if m.length > 1:
            match = {"crawford": g.crawford, "my_away": m.away(player), "their_away": m.away(1 - player)}
        return {"owner": owner, "match": match}

    # -- computer players ----------------------------------------------------------------
    def _cancel_thinking(self) -> None:
        self._token += 1
        self._thinking = None
        self._plan = []
        self._timer = 0.0

    def _think(self, tag: str, fn: Callable[..., Any], *args: Any) -> None:
        token = self._token
        self._thinking = tag

        def work() -> None:
            try:
                result = fn(*args)
            except Exception as exc:  # the bot failed: reported on the frame loop
                result = exc
            self._results.put((token, tag, result))

        threading.Thread(target=work, name=f"computer-{tag}", daemon=True).start()

    def wait_for_computer(self, timeout: float = 10.0) -> None:
        """Block until a computer's thread has answered (for tests and tools)."""
        if self._thinking is None:
            return
        token, tag, result = self._results.get(timeout=timeout)
        self._results.put((token, tag, result))

    def update(self, dt: float, display_busy: bool = False) -> None:
        """Advance computer players by ``dt`` seconds.  While the display is
        still animating they wait, so their actions come out at a readable pace."""
        while True:
            try:
                token, tag, result = self._results.get_nowait()
            except queue.Empty:
                break
            if token != self._token:
                continue
            self._thinking = None
            self._apply_thought(tag, result)
        self._collect_hint()
        if not self.computer_to_act or self._thinking is not None or display_busy:
            return
        self._timer += dt
        if self._timer < self.settings.bot_pace:
            return
        self._timer = 0.0
        self._computer_act()

    def _computer_offers_resignation(self, bot: Any) -> bool:
        """A computer on roll that can no longer win offers to resign (once a
        game for each level); the human answers in a dialog."""
        g = self.game
        if g.phase != ROLL or not hasattr(bot, "offers_resignation"):
            return False
        level = bot.offers_resignation(g.position, g.cube_value)
        key = (self.match.game_number, level)
        if level is None or key in self._offered:
            return False
        self._offered.add(key)
        before = self.snapshot()
        g.resign(level)
        self._emit("resign", g.turn, before)
        return True

    def _computer_act(self) -> None:
        g = self.game
        bot = self.seats[g.to_act]
        assert bot is not None
        if g.phase in (OPENING, ROLL):
            if self._computer_offers_resignation(bot):
                return
            if g.can_double() and hasattr(bot, "should_double"):
                pos, cube, ctx = g.position, g.cube_value, self._cube_context(g.turn)
                self._think("double", lambda: bot.should_double(pos, cube, ctx["owner"], ctx["match"]))
            else:
                self.roll(_by_computer=True)
        elif g.phase == MOVE:
            turn = g.current_turn
            assert turn is not None
            if self._plan:
                frm, to = self._plan.pop(0)
                if not self._step(frm, to, None):  # pragma: no cover - the engine orders steps differently
                    before = self.snapshot()
                    turn.undo_all()
                    g.play(self._whole_play)
                    self._plan = []
                    self._emit("over" if g.result is not None else "turn", g.result.winner if g.result is not None else 1 - g.turn, before)
            elif turn.complete:
                self._end_turn()
            else:
                turn.undo_all()
                self._think("play", bot.choose_play, g.turn_start, g.dice)
        elif g.phase == DOUBLED:
            if hasattr(bot, "should_take"):
                pos, cube, ctx = g.position_for(g.to_act), g.cube_value, self._cube_context(g.to_act)
                self._think("take", lambda: bot.should_take(pos, cube, ctx["match"]))
            else:
                self.answer_double(True, _by_computer=True)
        elif g.phase == RESIGNING:
            level = g.resignation
            if hasattr(bot, "accepts_resignation"):
                pos, cube = g.position_for(g.to_act), g.cube_value
                self._think("resign", lambda: bot.accepts_resignation(pos, level, cube))
            else:
                self.answer_resignation(True, _by_computer=True)

    def _apply_thought(self, tag: str, result: Any) -> None:
        if isinstance(result, Exception):
            raise GameStateError(f"the computer player failed: {result!r}") from result
        if tag == "play":
            self._whole_play = tuple((int(s[0]), int(s[1])) for s in result)
            self._plan = list(self._whole_play)
            if not self._plan:
                raise GameStateError("the computer player returned no play")
        elif tag == "double":
            if result:
                self.double(_by_computer=True)
            else:
                self.roll(_by_computer=True)
        elif tag == "take":
            self.answer_double(bool(result), _by_computer=True)
        elif tag == "resign":
            self.answer_resignation(bool(result), _by_computer=True)
