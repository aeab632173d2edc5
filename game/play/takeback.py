"""What a take-back undid, in words, and where it stands in the move log.

The engine's take-back returns to the start of a turn with the same dice
and rewinds the dice tape (the throws after it come again); what it undoes
is the log's tail from there: the play of the turn taken back, the
opponent's rolls and plays, a double and its take.  A :class:`TakenBack`
keeps that tail and the log's length after it, so that the move log shows
a line there, the words say what was undone, and the records count the game
apart (the player has seen the reply's dice: an assisted game).

>>> from engine import LogEntry
>>> from engine.kinds import LogKind
>>> mark = TakenBack(4, (LogEntry(0, LogKind.PLAY, (6, 1), "13/7 8/7"), LogEntry(1, LogKind.PLAY, (5, 2), "13/8 13/11")))
>>> print(undone_message(mark, you=0))
your play 13/7 8/7, Black's roll 5-2 and play 13/8 13/11
>>> print(undone_message(mark))
White's play 13/7 8/7, Black's roll 5-2 and play 13/8 13/11
>>> TakenBack.from_json(mark.to_json()) == mark
True
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Sequence, Tuple

from engine import Game, LogEntry, Match, ordered_dice
from engine.kinds import LogKind

from ..words.i18n import Message
from .numbering import heard_play

#: the most entries a mark keeps (a take-back returns one turn and what followed it)
MAX_UNDONE = 64


@dataclass(frozen=True)
class TakenBack:
    """One take-back: ``at`` is the length of the game's log after it (its
    line stands before the entry of that index); ``undone``, the entries it
    removed, oldest first; ``cube``, the cube's value before it and after."""

    at: int
    undone: Tuple[LogEntry, ...]
    cube: Tuple[int, int] = (1, 1)

    def to_json(self) -> Dict[str, Any]:
        return {
            "at": self.at,
            "undone": [{"player": e.player, "kind": e.kind.value, "dice": list(e.dice) if e.dice else None, "text": e.text, "value": e.value}
                       for e in self.undone],
            "cube": list(self.cube),
        }

    @classmethod
    def from_json(cls, doc: Any) -> "TakenBack":
        """A mark from :meth:`to_json`; ValueError for anything else."""
        if not isinstance(doc, dict) or type(doc.get("at")) is not int or doc["at"] < 0:
            raise ValueError("not a take-back mark")
        raw = doc.get("undone", [])
        if not isinstance(raw, list) or len(raw) > MAX_UNDONE:
            raise ValueError("not a take-back mark")
        undone = tuple(_entry(e) for e in raw)
        cube = doc.get("cube", [1, 1])
        if not (isinstance(cube, list) and len(cube) == 2 and all(type(v) is int and 1 <= v <= 1 << 16 for v in cube)):
            raise ValueError("not a take-back mark's cube")
        return cls(doc["at"], undone, (cube[0], cube[1]))


def _entry(d: Any) -> LogEntry:
    if not isinstance(d, dict) or d.get("player") not in (0, 1) or not isinstance(d.get("text", ""), str):
        raise ValueError("not a log entry")
    dice = d.get("dice")
    if dice is not None and not (isinstance(dice, list) and len(dice) == 2 and all(type(v) is int and 1 <= v <= 6 for v in dice)):
        raise ValueError("not a log entry's dice")
    value = d.get("value", 0)
    if type(value) is not int:
        raise ValueError("not a log entry's value")
    return LogEntry(d["player"], LogKind(d.get("kind")), tuple(dice) if dice else None, d.get("text", "")[:200], value)


def marks_from_json(doc: Any) -> List[TakenBack]:
    """The marks of a saved game (none in a file from before them); ValueError when damaged."""
    if doc is None:
        return []
    if not isinstance(doc, list) or len(doc) > 10_000:
        raise ValueError("the take-backs are not a list")
    return [TakenBack.from_json(m) for m in doc]


def _whose(player: int, you: Optional[int]) -> Message:
    return Message("takeback.your") if player == you else Message("takeback.whose", name=Message(f"player.{player}"))


def _part(entry: LogEntry, first: bool, you: Optional[int], listener: Optional[int]) -> Optional[Message]:
    """One undone entry in words (None: nothing worth saying)."""
    whose = _whose(entry.player, you)
    d1, d2 = ordered_dice(entry.dice) if entry.dice else (0, 0)
    if entry.kind == LogKind.PLAY:
        text = entry.text if listener is None else heard_play(entry.text, entry.player, listener)
        if first:  # the turn taken back: its dice stay
            return Message("takeback.part.play", whose=whose, text=text)
        return Message("takeback.part.roll_play", whose=whose, d1=d1, d2=d2, text=text)
    if entry.kind == LogKind.PASS:
        return Message("takeback.part.pass", whose=whose, d1=d1, d2=d2)
    if entry.kind == LogKind.DOUBLE:
        return Message("takeback.part.double", whose=whose, value=entry.value)
    if entry.kind == LogKind.TAKE:
        return Message("takeback.part.take", whose=whose, value=entry.value)
    if entry.kind == LogKind.RESIGN:
        return Message("takeback.part.resign", whose=whose)
    return None


def undone_message(mark: TakenBack, you: Optional[int] = None, listener: Optional[int] = None) -> Message:
    """What ``mark`` undid, e.g. "your play 8/5 6/5, Black's roll 5-2 and play
    13/8 13/11, Black's take of the double" (``you``: the player said as
    "your"; None names both sides), and the cube when it went back; the
    plays in ``listener``'s numbering (None: each in its mover's, as files write them)."""
    parts = [p for i, e in enumerate(mark.undone) if (p := _part(e, i == 0, you, listener)) is not None]
    before, after = mark.cube
    if before != after:
        parts.append(Message("takeback.part.cube", value=after))
    if not parts:
        return Message("takeback.part.turn")
    out: Message = parts[0]
    for p in parts[1:]:
        out = Message("takeback.part.and", a=out, b=p)
    return out


#: the take-backs of each game played in this run (the review marks the plays made after them)
_MARKS: "weakref.WeakKeyDictionary[Game, Tuple[TakenBack, ...]]" = weakref.WeakKeyDictionary()


def keep_marks(game: Game, marks: Sequence[TakenBack]) -> None:
    """``game``'s take-backs are ``marks`` (the session keeps them here as they change)."""
    _MARKS[game] = tuple(marks)


def taken_back_at(game: Game, entry: int) -> bool:
    """Was a turn of ``game`` taken back just before its log's entry ``entry``
    (the play made again after a take-back: the review marks it "taken back")?

    >>> g = Game(); keep_marks(g, [TakenBack(3, ())])
    >>> taken_back_at(g, 3), taken_back_at(g, 2), taken_back_at(Game(), 3)
    (True, False, False)
    """
    return any(m.at == entry for m in _MARKS.get(game, ()))


def taken_back_in(match: Match, game: int, entry: int) -> bool:
    """:func:`taken_back_at` for game number ``game`` (from 1) of ``match``, as the review numbers them."""
    games = list(match.games) + [match.game]
    return 1 <= game <= len(games) and taken_back_at(games[game - 1], entry)


def log_lines(entries: Sequence[str], marks: Sequence[TakenBack], listener: Optional[int] = None) -> List[str]:
    """The log's lines ``entries`` (one per engine entry) with a line for
    each take-back where it stands (a mark past the end goes last).

    >>> log_lines(["a", "b"], [TakenBack(1, ())])
    ['a', 'Taken back: a turn.', 'b']
    """
    out: List[str] = []
    for i, line in enumerate(entries):
        out.extend(Message("log.takeback", parts=undone_message(m, listener=listener)) for m in marks if m.at == i)
        out.append(line)
    out.extend(Message("log.takeback", parts=undone_message(m, listener=listener)) for m in marks if m.at >= len(entries))
    return out
