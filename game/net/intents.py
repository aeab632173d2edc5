"""What one intent does to a match: the rules the server applies to a
player's intent (through the engine), written once for the server and for a
client that asks whether an intent it sent still applies.

>>> from engine import Match, FixedDice
>>> from .protocol import Play, Roll
>>> dice = RecordingDice(FixedDice([3, 1]))
>>> m = Match(dice=dice)
>>> apply_intent(m, 1, Roll(0), dice)["dice"]  # the opening roll: either player
[3, 1]
>>> applies(Play(1, ((8, 5), (6, 5))), m, 0), applies(Play(1, ((8, 5), (6, 5))), m, 1)
(True, False)
"""

from __future__ import annotations

from typing import List, Tuple

from engine import BackgammonError, Match, SeededDice
from engine.dice import DiceSource

from ..store.jsontypes import JSONObject

from .protocol import (
    Accept,
    ClientMessage,
    ContinueAlone,
    Double,
    Drop,
    ErrorCode,
    EventKind,
    NextGame,
    Play,
    ProtocolError,
    Reject,
    Rematch,
    Resign,
    Roll,
    Take,
)


class RecordingDice:
    """A dice source that remembers every die it threw since :meth:`clear`
    (the opening roll may throw several pairs), so clients can replay them."""

    def __init__(self, source: DiceSource):
        self.source = source
        self.drawn: List[int] = []

    def die(self) -> int:
        value = self.source.die()
        self.drawn.append(value)
        return value

    def roll(self) -> Tuple[int, int]:
        return self.die(), self.die()

    def clear(self) -> None:
        self.drawn = []


def apply_intent(match: Match, me: int, msg: ClientMessage, dice: RecordingDice) -> JSONObject:
    """Do the intent of player ``me`` (0 White, 1 Black) to ``match`` and
    return its event; :class:`ProtocolError` (nothing changed) if the rules
    do not let that player do it now.  A roll throws ``dice`` (the match's source)."""
    game = match.game
    opening = game.phase == "opening"
    if isinstance(msg, NextGame):
        if game.result is None or match.over:
            raise ProtocolError(ErrorCode.NOT_NOW, "there is no next game now")
        match.next_game()
        return {"kind": EventKind.NEXT.value, "player": me}
    if game.to_act != me and not opening:
        raise ProtocolError(ErrorCode.NOT_YOUR_TURN, "it is not your turn")
    try:
        if isinstance(msg, Roll):
            dice.clear()
            rolled = game.roll()
            return {"kind": EventKind.ROLL.value, "player": me, "dice": list(rolled), "drawn": list(dice.drawn)}
        if opening:
            raise ProtocolError(ErrorCode.NOT_NOW, "the opening roll comes first")
        if isinstance(msg, Play):
            game.play(msg.steps)
            return {"kind": EventKind.PLAY.value, "player": me, "steps": [list(s) for s in msg.steps]}
        simple = {Double: game.double, Take: game.take, Drop: game.drop,
                  Accept: game.accept_resignation, Reject: game.reject_resignation}
        for cls, action in simple.items():
            if isinstance(msg, cls):
                action()
                return {"kind": EventKind(type(msg).__name__.lower()).value, "player": me}
        if isinstance(msg, Resign):
            game.resign(msg.level)
            return {"kind": EventKind.RESIGN.value, "player": me, "level": msg.level}
    except BackgammonError as exc:
        raise ProtocolError(ErrorCode.ILLEGAL, str(exc)) from None
    raise ProtocolError(ErrorCode.MALFORMED, "not an intent")


def applies(msg: ClientMessage, match: Match, me: int) -> bool:
    """Would the server take this intent of player ``me`` on ``match`` (its
    ``seq`` aside)?  Tried on a copy: ``match`` is not changed."""
    if isinstance(msg, Rematch):
        return match.over
    if isinstance(msg, ContinueAlone):
        return not match.over
    dice = RecordingDice(SeededDice(0))
    trial = Match.from_json(match.to_json(), dice=dice)
    try:
        apply_intent(trial, me, msg, dice)
    except ProtocolError:
        return False
    return True
