"""The Match ID, GNU Backgammon's 12-character name for the state of a match
(the Position ID, its 14-character name for a board, is
:meth:`engine.Position.to_id`).

The Match ID packs 66 bits into 9 bytes, each field written from its least
significant bit, the bits filling each byte from its least significant bit
upward, and encodes them in Base64 without the padding:

=====  ==========  ==========================================================
bits   field       meaning
=====  ==========  ==========================================================
1-4    cube        log2 of the cube value
5-6    cube owner  0 or 1 for that player, 3 for a centred cube
7      dice owner  the player on roll (or who has rolled)
8      Crawford    1 in the Crawford game
9-11   game state  0 no game, 1 playing, 2 over, 3 resigned, 4 dropped cube
12     turn        the player who must decide now
13     double      1 while a double is offered
14-15  resign      0 none, 1 single, 2 gammon, 3 backgammon offered
16-18  die 1       0 when not rolled
19-21  die 2
22-36  length      match length, 0 for a money game
37-51  score 0     player 0's score
52-66  score 1     player 1's score
=====  ==========  ==========================================================

The manual's own example: a 9-point match at 2-4, player 0 owning a 2-cube,
player 1 having rolled 5-2:

>>> state = decode_match_id('QYkqASAAIAAA')
>>> state.cube_value, state.cube_owner, state.dice_owner, state.dice, state.length, state.score
(2, 0, 1, (5, 2), 9, (2, 4))
>>> encode_match_id(state)
'QYkqASAAIAAA'
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass
from enum import IntEnum
from typing import Dict, List, Optional, Tuple

from .errors import InvalidMatchIdError, brief
from .kinds import ResignLevel

_B64 = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
CENTRED = 3
#: the resignation levels in the order the Match ID numbers them (1, 2, 3)
RESIGN_LEVELS = tuple(ResignLevel)  # in the order of their multiples, 1 2 3


class GameState(IntEnum):
    """The Match ID's game state field."""

    NONE = 0
    PLAYING = 1
    OVER = 2
    RESIGNED = 3
    DROPPED = 4


@dataclass(frozen=True)
class MatchState:
    """What a Match ID says.  ``cube_owner`` is 0, 1 or None (centred);
    ``dice`` is ``(0, 0)`` before the roll; ``resign`` is None or the level
    offered (by the player who is not :attr:`turn`); ``length`` 0 is a money
    game; ``score`` is (player 0, player 1)."""

    cube_value: int = 1
    cube_owner: Optional[int] = None
    dice_owner: int = 0
    crawford: bool = False
    game_state: GameState = GameState.PLAYING
    turn: int = 0
    doubled: bool = False
    resign: Optional[str] = None
    dice: Tuple[int, int] = (0, 0)
    length: int = 0
    score: Tuple[int, int] = (0, 0)


_FIELDS = (  # (name, width) in the order of the bits
    ("cube", 4), ("owner", 2), ("dice_owner", 1), ("crawford", 1), ("state", 3), ("turn", 1),
    ("double", 1), ("resign", 2), ("die1", 3), ("die2", 3), ("length", 15), ("score0", 15), ("score1", 15),
)


def encode_match_id(state: MatchState) -> str:
    """The 12-character Match ID of ``state``.

    >>> encode_match_id(MatchState(game_state=GameState.NONE))
    'MAAAAAAAAAAA'
    """
    cube_log = state.cube_value.bit_length() - 1
    if state.cube_value < 1 or 1 << cube_log != state.cube_value or cube_log > 15:
        raise InvalidMatchIdError(f"{state.cube_value} is not a cube value")
    values = {
        "cube": cube_log,
        "owner": CENTRED if state.cube_owner is None else state.cube_owner,
        "dice_owner": state.dice_owner,
        "crawford": int(state.crawford),
        "state": int(state.game_state),
        "turn": state.turn,
        "double": int(state.doubled),
        "resign": 0 if state.resign is None else RESIGN_LEVELS.index(state.resign) + 1,
        "die1": state.dice[0],
        "die2": state.dice[1],
        "length": state.length,
        "score0": state.score[0],
        "score1": state.score[1],
    }
    bits: List[int] = []
    for name, width in _FIELDS:
        value = values[name]
        if not 0 <= value < 1 << width:
            raise InvalidMatchIdError(f"{name} {value} does not fit the Match ID")
        bits.extend((value >> k) & 1 for k in range(width))
    data = bytearray(9)
    for i, bit in enumerate(bits):
        data[i // 8] |= bit << (i % 8)
    return base64.b64encode(bytes(data)).decode("ascii")


def decode_match_id(text: str) -> MatchState:
    """Read a Match ID; anything malformed or impossible raises
    :class:`InvalidMatchIdError` with the reason.

    >>> decode_match_id('cAkAAAAAAAAA').turn
    1
    >>> decode_match_id('hello')
    Traceback (most recent call last):
    ...
    engine.errors.InvalidMatchIdError: Match ID must be 12 characters, got 5: 'hello'
    """
    if not isinstance(text, str):
        raise InvalidMatchIdError(f"Match ID must be text, got {type(text).__name__}")
    text = text.strip()
    if len(text) != 12:
        raise InvalidMatchIdError(f"Match ID must be 12 characters, got {len(text)}: {brief(text)}")
    if not set(text) <= _B64:
        raise InvalidMatchIdError(f"Match ID has characters outside Base64: {brief(text)}")
    try:
        data = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError) as exc:  # pragma: no cover - guarded above
        raise InvalidMatchIdError(f"Match ID is not valid Base64: {brief(text)}") from exc
    bits = [(data[i // 8] >> (i % 8)) & 1 for i in range(72)]
    v = {}
    at = 0
    for name, width in _FIELDS:
        v[name] = sum(bits[at + k] << k for k in range(width))
        at += width
    return _checked(v, text)


def _checked(v: Dict[str, int], text: str) -> MatchState:
    def bad(why: str) -> InvalidMatchIdError:
        return InvalidMatchIdError(f"Match ID {brief(text)}: {why}")

    if v["owner"] == 2:
        raise bad("the cube owner field is 2 (only 0, 1 or 3 for centred)")
    if v["state"] > 4:
        raise bad(f"unknown game state {v['state']}")
    dice = (v["die1"], v["die2"])
    if any(d > 6 for d in dice) or (0 in dice and dice != (0, 0)):
        raise bad(f"the dice {dice[0]}-{dice[1]} are not a roll")
    length, score = v["length"], (v["score0"], v["score1"])
    if length and max(score) >= length and v["state"] == GameState.PLAYING:
        raise bad(f"a score of {score[0]}-{score[1]} has already won a {length}-point match")
    if v["double"] and v["resign"]:
        raise bad("a double and a resignation cannot both be waiting")
    if v["double"] and v["turn"] == v["dice_owner"]:
        raise bad("a double is offered, but the doubler is to answer it")
    if v["double"] and dice != (0, 0):
        raise bad("a double is offered after the dice were rolled")
    if v["crawford"] and not length:
        raise bad("a money game has no Crawford game")
    return MatchState(
        cube_value=1 << v["cube"],
        cube_owner=None if v["owner"] == CENTRED else v["owner"],
        dice_owner=v["dice_owner"],
        crawford=bool(v["crawford"]),
        game_state=GameState(v["state"]),
        turn=v["turn"],
        doubled=bool(v["double"]),
        resign=RESIGN_LEVELS[v["resign"] - 1] if v["resign"] else None,
        dice=dice,
        length=length,
        score=score,
    )
