"""Who sits in each chair: the :class:`Seat` protocol and the seats there are.

A seat is asked for nothing while its player need not act.  When its player
must act (roll or double, move, answer a double or a resignation), the
session calls :meth:`Seat.update` once per fixed step:

- :class:`LocalSeat`: this screen's player; it does nothing itself, the
  board and the panel send the player's intents (``local`` is True);
- :class:`ComputerSeat`: a :class:`engine.Bot` thinking on its own worker
  thread, off the frame loop, its plays coming out step by step at the
  settings' pace; :meth:`Seat.cancel` forgets an answer still being thought;
- a network seat (the remote player's messages) is one more class with the
  same three members: nothing else changes (the session and the scenes only
  ever see a :class:`Seat`).

A seat acts through a :class:`Table`, the session's commands for a given
player, each checked by the engine.

>>> from engine import get_bot
>>> seat_for(None).local, seat_for(get_bot("random", seed=1)).local
(True, False)
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterable
from typing import Callable, List, Optional, Protocol, Sequence, Set, Tuple, Union, runtime_checkable

from engine import Bot, Game, Match, Play, Position
from engine.ai.protocol import MatchContext
from engine.errors import GameStateError
from engine.kinds import Phase, ResignLevel

from ..store.settings import Settings


class Table(Protocol):
    """What a seat may read and do: the session's state and its commands on
    behalf of ``player`` (each refused unless that player is to act)."""

    settings: Settings

    @property
    def game(self) -> Game: ...

    @property
    def match(self) -> Match: ...

    def roll(self, player: Optional[int] = None) -> bool: ...

    def double(self, player: Optional[int] = None) -> bool: ...

    def step(self, frm: int, to: int, die: Optional[int] = None, player: Optional[int] = None) -> bool: ...

    def end_turn(self, player: Optional[int] = None) -> bool: ...

    def play(self, play: Play, player: int) -> bool: ...

    def answer_double(self, take: bool, player: Optional[int] = None) -> bool: ...

    def answer_resignation(self, accept: bool, player: Optional[int] = None) -> bool: ...

    def resign(self, level: str, player: Optional[int] = None) -> bool: ...


@runtime_checkable
class Seat(Protocol):
    """Whoever sits in a chair."""

    @property
    def local(self) -> bool:
        """True for this screen's player: the board's and the panel's intents act for it."""
        ...

    @property
    def thinking(self) -> bool:
        """Work is under way off the frame loop (the scene keeps its frames coming)."""
        ...

    def update(self, table: Table, player: int, dt: float, display_busy: bool) -> None:
        """One fixed step of ``dt`` seconds while ``player`` (this seat) must
        act; ``display_busy``: the board is still animating (wait for it)."""
        ...

    def cancel(self) -> None:
        """Forget whatever is in progress (a take-back, a new game, leaving)."""
        ...


class LocalSeat:
    """This screen's player: acts through the board and the panel."""

    local = True
    thinking = False

    def update(self, table: Table, player: int, dt: float, display_busy: bool) -> None:
        """Nothing: the player's own intents act."""

    def cancel(self) -> None:
        """Nothing is in progress."""

    def __repr__(self) -> str:
        return "LocalSeat()"


class Worker:
    """One job at a time off the frame loop, each on a worker thread;
    :meth:`cancel` makes the answer of the job under way be dropped.

    >>> w = Worker("demo")
    >>> w.submit("sum", sum, [1, 2, 3])
    >>> w.wait(5.0), w.poll()
    (True, ('sum', 6))
    """

    def __init__(self, name: str) -> None:
        self.name = name
        self._results: "queue.Queue[Tuple[int, str, object]]" = queue.Queue()
        self._token = 0
        self._job: Optional[str] = None

    @property
    def busy(self) -> bool:
        return self._job is not None

    def submit(self, tag: str, fn: Callable[..., object], *args: object) -> None:
        """Run ``fn(*args)`` on a new thread; its result (or the exception it
        raised) comes out of :meth:`poll` as ``(tag, result)``."""
        token = self._token
        self._job = tag

        def work() -> None:
            try:
                result = fn(*args)
            except Exception as exc:  # reported on the frame loop
                result = exc
            self._results.put((token, tag, result))

        threading.Thread(target=work, name=f"{self.name}-{tag}", daemon=True).start()

    def cancel(self) -> None:
        self._token += 1
        self._job = None

    def poll(self) -> Optional[Tuple[str, object]]:
        """The answer of the job under way once it is ready (stale ones are dropped)."""
        while True:
            try:
                token, tag, result = self._results.get_nowait()
            except queue.Empty:
                return None
            if token == self._token and self._job is not None:
                self._job = None
                return tag, result

    def wait(self, timeout: float) -> bool:
        """Block until the job under way has answered, or ``timeout`` seconds
        pass (for tests and tools); whether an answer is there."""
        if self._job is None:
            return False
        try:
            item = self._results.get(timeout=timeout)
        except queue.Empty:
            return False
        self._results.put(item)
        return True


def cube_context(match: Match, player: int) -> Tuple[str, Optional[MatchContext]]:
    """Who owns the cube seen from ``player`` (centre, me, opponent) and the
    match situation (None for money play): what a bot's cube answers take."""
    g = match.game
    owner = "centre" if g.cube_owner is None else ("me" if g.cube_owner == player else "opponent")
    if match.length <= 1:
        return owner, None
    return owner, MatchContext(crawford=g.crawford, my_away=match.away(player), their_away=match.away(1 - player))


class ComputerSeat:
    """A computer player: a :class:`engine.Bot` thinking on its worker thread.

    Its play comes out one step at a time, ``settings.computer_pause()`` seconds
    apart (the pace's, longer while speech is on), and it waits while the board still animates."""

    local = False

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.worker = Worker(f"computer-{getattr(bot, 'level', 'bot')}")
        self._plan: List[Tuple[int, int]] = []
        self._whole_play: Play = ()
        self._timer = 0.0
        #: resignations offered, (game number, level): each is offered once a game
        self._offered: Set[Tuple[int, ResignLevel]] = set()

    def __repr__(self) -> str:
        return f"ComputerSeat({self.bot!r})"

    @property
    def thinking(self) -> bool:
        return self.worker.busy

    def cancel(self) -> None:
        self.worker.cancel()
        self._plan = []
        self._timer = 0.0

    def wait(self, timeout: float = 10.0) -> None:
        """Block until the thinking under way has an answer (tests and tools)."""
        self.worker.wait(timeout)

    def update(self, table: Table, player: int, dt: float, display_busy: bool) -> None:
        done = self.worker.poll()
        if done is not None:
            self._apply(table, player, *done)
        g = table.game
        if g.phase == Phase.OVER or g.to_act != player or self.worker.busy or display_busy:
            return
        self._timer += dt
        if self._timer < table.settings.computer_pause():  # longer while speech is on: each step is heard
            return
        self._timer = 0.0
        self._act(table, player)

    def _act(self, table: Table, player: int) -> None:
        g = table.game
        bot = self.bot
        if g.phase in (Phase.OPENING, Phase.ROLL):
            if self._offers_resignation(table, player):
                return
            if g.can_double():
                owner, match = cube_context(table.match, g.turn)
                self.worker.submit("double", bot.should_double, g.position, g.cube_value, owner, match)
            else:
                table.roll(player)
        elif g.phase == Phase.MOVE:
            turn = g.current_turn
            assert turn is not None
            if self._plan:
                frm, to = self._plan.pop(0)
                if not table.step(frm, to, None, player):  # pragma: no cover - the engine orders steps differently
                    table.play(self._whole_play, player)
                    self._plan = []
            elif turn.complete:
                table.end_turn(player)
            else:
                self.worker.submit("play", bot.choose_play, g.turn_start, g.dice)
        elif g.phase == Phase.DOUBLED:
            _, match = cube_context(table.match, g.to_act)
            self.worker.submit("take", bot.should_take, g.position_for(g.to_act), g.cube_value, match)
        elif g.phase == Phase.RESIGNING:
            level = g.resignation
            assert level is not None
            _, match = cube_context(table.match, g.to_act)
            self.worker.submit("resign", bot.accepts_resignation, g.position_for(g.to_act), level, g.cube_value, match)

    def _offers_resignation(self, table: Table, player: int) -> bool:
        """On roll and unable to win any more, the computer offers to resign
        (once a game for each level); the other side answers."""
        g = table.game
        if g.phase != Phase.ROLL:
            return False
        level = self.bot.offers_resignation(g.position, g.cube_value)
        key = (table.match.game_number, level)
        if level is None or key in self._offered:
            return False
        self._offered.add((table.match.game_number, level))
        return table.resign(level, player)

    def _apply(self, table: Table, player: int, tag: str, result: object) -> None:
        if isinstance(result, Exception):
            raise GameStateError(f"the computer player failed: {result!r}") from result
        if tag == "play":
            if not isinstance(result, Iterable):
                raise GameStateError(f"the computer player returned {result!r}, not a play")
            self._whole_play = tuple((int(s[0]), int(s[1])) for s in result)
            self._plan = list(self._whole_play)
            if not self._plan:
                raise GameStateError("the computer player returned no play")
        elif tag == "double":
            if result:
                table.double(player)
            else:
                table.roll(player)
        elif tag == "take":
            table.answer_double(bool(result), player)
        elif tag == "resign":
            table.answer_resignation(bool(result), player)


class Chooser(Protocol):
    """The least a computer player must do: choose a play."""

    def choose_play(self, position: Position, dice: Sequence[int]) -> Play: ...


class ChooserBot:
    """A whole :class:`engine.Bot` from a player that only chooses plays
    (the opponents of tests and benchmarks): the answers it lacks are the
    plain ones (never double, take, accept a resignation)."""

    def __init__(self, chooser: Chooser) -> None:
        self.chooser = chooser
        self.level = str(getattr(chooser, "level", "custom"))
        self._answers = {name: getattr(chooser, name, None) for name in ("should_double", "should_take", "accepts_resignation")}

    def __repr__(self) -> str:
        return f"ChooserBot({self.chooser!r})"

    def choose_play(self, position: Position, dice: Sequence[int]) -> Play:
        return self.chooser.choose_play(position, dice)

    def rank_plays(self, position: Position, dice: Sequence[int]) -> List[Tuple[Play, float]]:
        return [(self.choose_play(position, dice), 0.0)]

    def should_double(self, position: Position, cube_value: int = 1, owner: str = "centre", match: Optional[MatchContext] = None) -> bool:
        answer = self._answers["should_double"]
        return bool(answer(position, cube_value, owner, match)) if answer is not None else False

    def should_take(self, position: Position, cube_value: int = 1, match: Optional[MatchContext] = None) -> bool:
        answer = self._answers["should_take"]
        return bool(answer(position, cube_value, match)) if answer is not None else True

    def accepts_resignation(self, position: Position, level: str, cube_value: int = 1, match: Optional[MatchContext] = None) -> bool:
        answer = self._answers["accepts_resignation"]
        return bool(answer(position, level, cube_value, match)) if answer is not None else True

    def offers_resignation(self, position: Position, cube_value: int = 1) -> Optional[ResignLevel]:
        return None


#: what a session's chair may be given: a seat, a computer player, or None for this screen's player
SeatLike = Union[Seat, Bot, Chooser, None]


def seat_for(who: SeatLike) -> Seat:
    """The seat for ``who``: None is this screen's player; a :class:`engine.Bot`
    (or anything that chooses plays) a computer player; a seat stays itself."""
    if who is None:
        return LocalSeat()
    if isinstance(who, Seat):
        return who
    if isinstance(who, Bot):
        return ComputerSeat(who)
    if callable(getattr(who, "choose_play", None)):
        return ComputerSeat(ChooserBot(who))
    raise TypeError(f"{who!r} is neither a seat nor a computer player")
