"""What the session tells the rest of the client: :class:`Snapshot` (the
board in absolute terms, for drawing), :class:`Happening` (something that
happened, for animation, sound, saves and records) and :class:`Hint`.

>>> from engine import Match, FixedDice
>>> snap = Snapshot.of(Match(dice=FixedDice([3, 1])).game)
>>> snap.phase, snap.pips
('opening', (167, 167))
>>> HappeningKind.ROLL == "roll"
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Tuple

from engine import Game, Play, StepMade
from engine.kinds import Phase, TextEnum


class HappeningKind(TextEnum):
    """What a :class:`Happening` reports."""

    ROLL = "roll"
    PASS = "pass"
    STEP = "step"
    UNDO = "undo"
    TURN = "turn"          # a turn ended, the other player is on roll
    TAKEBACK = "takeback"
    DOUBLE = "double"
    TAKE = "take"
    DROP = "drop"
    RESIGN = "resign"
    ACCEPT = "accept"
    REJECT = "reject"
    OVER = "over"          # the game ended
    NEWGAME = "newgame"


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
        dice = game.dice if game.phase == Phase.MOVE and game.dice else None
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
    and after, who did it, and details (``step`` is in the mover's numbering)."""

    kind: HappeningKind
    player: int
    before: Snapshot
    after: Snapshot
    dice: Optional[Tuple[int, int]] = None
    step: Optional[StepMade] = None
    opening: bool = False
    #: a roll that came again from the dice tape after a take-back (not a new throw)
    replayed: bool = False


#: what identifies the turn a hint is for (the game, its number, the log's length, who, the dice)
HintKey = Tuple[int, int, int, int, Optional[Tuple[int, int]]]


@dataclass(frozen=True)
class Hint:
    """The best plays for the turn being played, best first: each
    ``(play, equity, text)`` with the play in the mover's numbering from the
    start of the turn."""

    key: HintKey
    plays: Tuple[Tuple[Play, float, str], ...]
    #: for each play (when known): the mover's chances (winning, winning a gammon or more), 0..1
    chances: Tuple[Tuple[float, float], ...] = ()

    @property
    def best(self) -> Play:
        return self.plays[0][0] if self.plays else ()
