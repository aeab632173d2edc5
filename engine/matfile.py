"""Matches in the JellyFish .mat format, as GNU Backgammon and eXtreme Gammon
import and export them.

A .mat file is plain text: a few ``; [Key "value"]`` comment lines, the match
length (`` 5 point match``), then each game: `` Game N``, a line with both
players' names and scores, and numbered lines with player 0's action on the
left and player 1's on the right: a roll and its play (``64: 24/18 13/9``, a
roll that cannot be played as ``64:`` alone), `` Doubles => 2``, `` Takes``,
`` Drops`` and, under the winner, ``Wins 2 points``.  A roll is written the
larger die first (:func:`~engine.notation.format_dice`), as GNU Backgammon
writes it; :func:`from_mat` reads either order, and the variants other
programs write (see there).

>>> from engine import FixedDice
>>> m = Match(length=3, dice=FixedDice([3, 1, 6, 4]))
>>> _ = m.game.roll(); m.game.play_text('8/5 6/5'); _ = m.game.roll(); m.game.play_text('24/18 13/9')
>>> text = to_mat(m, ("Ann", "Bob"))
>>> print(text[text.index(' Game'):].rstrip())
 Game 1
 Ann : 0                        Bob : 0
  1) 31: 8/5 6/5                 64: 24/18 13/9
>>> from_mat(text).game.log == m.game.log
True
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass
from typing import Deque, List, Optional, Sequence, Tuple

from .errors import BackgammonError, MatFileError
from .game import Game
from .kinds import LEVEL_OF_MULTIPLE, Phase
from .match import Match
from .moves import legal_plays
from .notation import format_dice, format_play, parse_play

_RESIGN_LEVEL = LEVEL_OF_MULTIPLE
#: a cell that starts at or after this column of its line is player 1's
_RIGHT_COLUMN = 20
_LEFT_WIDTH = 28

_HEADER = re.compile(r'^\s*;\s*\[\s*([^"\]]+?)\s+"([^"]*)"\s*\]')


# -- writing ----------------------------------------------------------------------------
def _points(n: int) -> str:
    return f"Wins {n} point{'s' if n != 1 else ''}"


def _cells(game: Game, last_of_match: bool) -> List[Tuple[int, str]]:
    out: List[Tuple[int, str]] = []
    for e in game.log:
        if e.kind == "play" and e.dice:
            out.append((e.player, f"{format_dice(e.dice, '')}: {e.text}"))
        elif e.kind == "pass" and e.dice:
            out.append((e.player, f"{format_dice(e.dice, '')}:"))
        elif e.kind == "double":
            out.append((e.player, f" Doubles => {e.value}"))
        elif e.kind == "take":
            out.append((e.player, " Takes"))
        elif e.kind == "drop":
            out.append((e.player, " Drops"))
        elif e.kind == "win":
            out.append((e.player, _points(e.value) + (" and the match" if last_of_match else "")))
    return out


def _rows(cells: Sequence[Tuple[int, str]]) -> List[str]:
    rows: List[List[Optional[str]]] = []  # [left, right, numbered ("1") or not ("")]
    for player, text in cells:
        numbered = "" if text.startswith("Wins") else "1"
        if player == 1 and rows and rows[-1][1] is None:
            rows[-1][1] = text
        elif player == 1:
            rows.append([None, text, numbered])
        else:
            rows.append([text, None, numbered])
    lines, n = [], 0
    for left, right, counted in rows:
        if counted:
            n += 1
        head = f"{n:3d}) " if counted else "     "
        left_text = left or ""
        line = head + left_text.ljust(max(_LEFT_WIDTH, len(left_text) + 1)) + (right or "")
        lines.append(line.rstrip())
    return lines


def to_mat(match: Match, names: Tuple[str, str] = ("Player 0", "Player 1")) -> str:
    """Every game of ``match`` so far (the one in play too) as a .mat text.

    Raises :class:`MatFileError` for a game that began from a set-up position,
    which the format cannot describe."""
    games = list(match.games) + ([match.game] if match.game.log or match.game.over or match.game.setup else [])
    clean = [" ".join(str(n).replace('"', "'").split()) or f"Player {i}" for i, n in enumerate(names)]
    out = [
        f'; [Player 1 "{clean[0]}"]',
        f'; [Player 2 "{clean[1]}"]',
        '; [Variation "Backgammon"]',
        f'; [Crawford "{"On" if match.cube else "Off"}"]',
        f'; [Cube "{"On" if match.cube else "Off"}"]',
        "",
        f" {match.length} point match",
        "",
    ]
    score = list(match.start_score)
    for i, game in enumerate(games):
        if game.setup is not None:
            raise MatFileError(f"game {i + 1} began from a set-up position, which a .mat file cannot hold")
        out.append(f" Game {i + 1}")
        out.append(" " + f"{clean[0]} : {score[0]}".ljust(31) + f"{clean[1]} : {score[1]}")
        last = game.result is not None and i == len(games) - 1 and match.over
        out.extend(_rows(_cells(game, last)))
        out.append("")
        if game.result is not None:
            score[game.result.winner] += game.result.points
    return "\n".join(out) + "\n"


# -- reading ----------------------------------------------------------------------------
_MOVE = r"(?:bar|off|\d{1,2})\*?(?:[/-](?:bar|off|\d{1,2})\*?)+(?:\(\d\))?"
#: what other programs write after a roll that is not played: eXtreme Gammon writes
#: "Cannot Move" for a roll with no legal play and "???" for a roll its player then
#: resigned on (GNU Backgammon writes nothing in both cases)
_NO_PLAY = r"Cannot\s+Move|Can't\s+Move|No\s+Moves?|\?{3,4}"
_CELL = re.compile(
    rf"(?P<d1>[1-6])(?P<d2>[1-6]):(?:[ \t]*(?P<none>{_NO_PLAY})|(?P<play>(?:[ \t]+{_MOVE})*))"
    r"|Doubles?(?:\s*=>\s*(?P<double>\d+))?"
    r"|(?P<beaver>Beavers?|Raccoons?)(?:\s*=>\s*\d+)?"
    r"|(?P<take>Takes?|Accepts?)"
    r"|(?P<drop>Drops?|Passes|Rejects?)"
    r"|Wins\s+(?P<wins>\d+)\s+points?(?:\s+and\s+the\s+match)?"
    r"|(?P<resign>Resigns?)",
    re.IGNORECASE,
)
#: a game's first line: both players' names (spaces allowed) and scores
_SCORES = re.compile(r"^\s*(?P<name0>.*?)\s*:\s*(?P<score0>\d+)\s+(?P<name1>.*?)\s*:\s*(?P<score1>\d+)\s*$")
_SHOWN = 60  # characters of a line quoted in an error


def _at(number: int, line: str) -> str:
    """'line 12 ("  5) 64: 24/18 ...")': where an error is, for the player to find it."""
    text = line.strip()
    if len(text) > _SHOWN:
        text = text[: _SHOWN - 3] + "..."
    return f"line {number} ({text!r})"


@dataclass(frozen=True)
class _Cell:
    """One action read from a game's lines.  ``kind``: roll, double, beaver,
    take, drop, wins or resign; for a roll, ``text`` is its play ('' for
    none) and ``unplayed`` what the file wrote instead of a play ('cannot
    move', '???' or '')."""

    right: bool
    kind: str
    line: int
    source: str
    dice: Tuple[int, int] = (0, 0)
    text: str = ""
    unplayed: str = ""
    value: int = 0

    @property
    def where(self) -> str:
        return _at(self.line, self.source)


class _Feed:
    """Dice given one throw at a time, as the file says."""

    def __init__(self) -> None:
        self._values: Deque[int] = deque()

    def push(self, *values: int) -> None:
        self._values.extend(values)

    def die(self) -> int:
        if not self._values:
            raise MatFileError("a throw was needed that the file does not give")
        return self._values.popleft()

    def roll(self) -> Tuple[int, int]:
        return self.die(), self.die()


def _cell_of(m: "re.Match[str]", right: bool, number: int, line: str) -> _Cell:
    """The action one match of :data:`_CELL` names."""
    if m.group("d1"):
        none = m.group("none")
        unplayed = ("???" if none.startswith("?") else "cannot move") if none else ""
        dice = (int(m.group("d1")), int(m.group("d2")))
        return _Cell(right, "roll", number, line, dice, (m.group("play") or "").strip(), unplayed)
    if m.group("wins"):
        return _Cell(right, "wins", number, line, value=int(m.group("wins")))
    for kind in ("beaver", "take", "drop", "resign"):
        if m.group(kind):
            return _Cell(right, kind, number, line)
    return _Cell(right, "double", number, line, value=int(m.group("double") or 0))


def _read_cells(lines: Sequence[Tuple[int, str]]) -> List[_Cell]:
    """Every action of a game's numbered lines, left column (player 0) and right."""
    cells: List[_Cell] = []
    for number, line in lines:
        body = re.sub(r"^\s*\d+\)", lambda m: " " * len(m.group(0)), line)
        at = 0
        for m in _CELL.finditer(body):
            if body[at:m.start()].strip():
                raise MatFileError(f"{_at(number, line)}: cannot read {body[at:m.start()].strip()[:_SHOWN]!r}")
            at = m.end()
            cells.append(_cell_of(m, m.start() >= _RIGHT_COLUMN, number, line))
        if body[at:].strip():
            raise MatFileError(f"{_at(number, line)}: cannot read {body[at:].strip()[:_SHOWN]!r}")
    return cells


def _throw_order(game: Game, a: int, b: int, text: str) -> Tuple[int, int]:
    """The order to throw a turn's dice in so that the game writes its play
    as the file does: where two checkers reach a point whose blot is hit,
    the order of the dice decides which of them hit (``14/9* 13/9`` or
    ``14/9 13/9*``), and files write the larger die first, whatever the
    order the dice fell in."""
    if a == b or not text or game.phase != Phase.ROLL:
        return a, b
    position = game.position
    written = " ".join(text.split())
    for order in ((a, b), (b, a)):
        try:
            if format_play(position, parse_play(position, text, order)) == written:
                return order
        except BackgammonError:
            return a, b  # the play is refused either way: let the replay say why
    return a, b


def _roll_cell(game: Game, feed: _Feed, cell: _Cell, following: Optional[_Cell]) -> None:
    """Throw the dice the file gives, and play what it says."""
    a, b = cell.dice
    roll = format_dice(cell.dice, "")
    if game.phase == Phase.OPENING:
        if a == b:
            raise MatFileError(f"{cell.where}: an opening roll cannot be a double ({roll})")
        hi, lo = max(a, b), min(a, b)
        feed.push(*((hi, lo) if not cell.right else (lo, hi)))
    else:
        feed.push(*_throw_order(game, a, b, cell.text))
    game.roll()
    if game.phase != Phase.MOVE:  # nothing could be played
        if cell.text:
            raise MatFileError(f"{cell.where}: {roll} cannot be played, yet the file plays {cell.text!r}")
        return
    if cell.text:
        game.play_text(cell.text)
        return
    if cell.unplayed == "cannot move":
        raise MatFileError(f"{cell.where}: the file says {roll} cannot be played, but it can")
    if cell.unplayed or following is None or following.kind == "wins":
        return  # the roll, then a resignation (or the file stops in the middle of this turn)
    plays = legal_plays(game.turn_start, cell.dice)
    if len(plays) == 1:  # a forced play the file leaves out
        game.play(plays[0])
        return
    raise MatFileError(f"{cell.where}: {roll} can be played, but no play is given")


def _wins_cell(game: Game, cell: _Cell) -> None:
    if game.result is not None:
        if game.result.points != cell.value:
            raise MatFileError(f"{cell.where}: the game was worth {game.result.points}, the file says {cell.value}")
        return
    winner = 1 if cell.right else 0
    multiple, rest = divmod(cell.value, game.cube_value)
    if rest or multiple not in _RESIGN_LEVEL or game.turn != 1 - winner or game.phase not in (Phase.ROLL, Phase.MOVE):
        raise MatFileError(f"{cell.where}: cannot end the game here with {cell.value} point(s) for player {winner}")
    game.resign(_RESIGN_LEVEL[multiple])
    game.accept_resignation()


def _replay(game: Game, feed: _Feed, cells: Sequence[_Cell]) -> None:
    for k, cell in enumerate(cells):
        following = next((c for c in cells[k + 1:] if c.kind != "resign"), None)
        try:
            _replay_cell(game, feed, cell, following)
        except MatFileError as exc:
            if str(exc).startswith("line "):
                raise
            raise MatFileError(f"{cell.where}: {exc}") from exc
        except BackgammonError as exc:
            raise MatFileError(f"{cell.where}: {exc}") from exc


def _replay_cell(game: Game, feed: _Feed, cell: _Cell, following: Optional[_Cell]) -> None:
    if cell.kind == "resign":
        return  # the 'Wins' line that follows says what was given up
    if game.over and cell.kind != "wins":
        raise MatFileError(f"{cell.where}: the game is already over")
    if cell.kind == "roll":
        _roll_cell(game, feed, cell, following)
    elif cell.kind == "double":
        game.double()
        if cell.value and cell.value != 2 * game.cube_value:
            raise MatFileError(f"{cell.where}: the cube goes to {2 * game.cube_value}, not {cell.value}")
    elif cell.kind == "beaver":
        raise MatFileError(f"{cell.where}: a beaver cannot be replayed: these rules have none")
    elif cell.kind == "take":
        game.take()
    elif cell.kind == "drop":
        game.drop()
    else:
        _wins_cell(game, cell)


def from_mat(text: str) -> Match:
    """Read a .mat text into a :class:`Match` with all its games (the
    finished ones in :attr:`Match.games`, the last in :attr:`Match.game`).

    Reads what GNU Backgammon, eXtreme Gammon and JellyFish write: comment
    lines (``;`` or ``#``), names with spaces, rolls written either way
    round, rolls not played (``64:``, ``64: Cannot Move``, ``64: ???``),
    ``Doubles => 2`` (or ``Doubles``), ``Takes``, ``Drops``, ``Resigns``,
    ``Wins 2 points and the match``, and plays with ``bar``/``25``,
    ``off``/``0``, ``*`` and ``(2)``.  Anything that cannot be read, or an
    action the rules do not allow, raises :class:`MatFileError` naming the
    line by its number and text.

    >>> from_mat('nonsense')
    Traceback (most recent call last):
    ...
    engine.errors.MatFileError: not a .mat file: line 1 ('nonsense') comes before the 'N point match' line
    """
    if not isinstance(text, str):
        raise MatFileError(f"a .mat file is text, not {type(text).__name__}")
    headers = {}
    length: Optional[int] = None
    games: List[List[Tuple[int, str]]] = []
    first_score: Optional[Tuple[int, int]] = None
    expect_score = False
    for number, line in enumerate(text.lstrip("\ufeff").splitlines(), 1):
        if not line.strip():
            continue
        h = _HEADER.match(line)
        if h:
            headers[h.group(1).lower()] = h.group(2)
            continue
        if re.match(r"^\s*;\s*Set\s+Pos\s*=", line, re.IGNORECASE):
            raise MatFileError(f"{_at(number, line)}: a game set up at a position cannot be replayed")
        if line.lstrip().startswith((";", "#")):
            continue
        m = re.match(r"^\s*(\d+)\s+point\s+match\s*$", line, re.IGNORECASE)
        if m and length is None:
            length = int(m.group(1))
            continue
        if re.match(r"^\s*Game\s+\d+\s*$", line, re.IGNORECASE):
            games.append([])
            expect_score = True
            continue
        if expect_score:
            scores = _SCORES.match(line)
            if scores is None:
                raise MatFileError(f"{_at(number, line)}: expected both players' names and scores ('Ann : 0   Bob : 0')")
            if first_score is None:
                first_score = (int(scores.group("score0")), int(scores.group("score1")))
            expect_score = False
            continue
        if length is None:
            raise MatFileError(f"not a .mat file: line {number} ({line.strip()[:40]!r}) comes before the 'N point match' line")
        if not games:
            raise MatFileError(f"{_at(number, line)}: comes before the first game")
        games[-1].append((number, line))
    if length is None:
        raise MatFileError("not a .mat file: no 'N point match' line")
    if not 0 <= length <= 99:
        raise MatFileError(f"a {length}-point match is longer than 99 points")
    if length == 0 and len(games) > 1:
        raise MatFileError("a money session of several games cannot be read; one game at a time")
    cube = headers.get("cube", "on").lower() != "off"
    feed = _Feed()
    match = Match(length=length or 1, cube=cube or length == 0, dice=feed)
    match.start_score = first_score or (0, 0)
    if length and max(match.start_score) >= length:
        raise MatFileError(f"the first game starts at {match.start_score}, past the end of a {length}-point match")
    for i, lines in enumerate(games):
        try:
            if i:
                if match.game.result is None:
                    raise MatFileError(f"game {i} does not end, yet game {i + 1} follows")
                match.next_game()
            _replay(match.game, feed, _read_cells(lines))
        except MatFileError as exc:
            raise MatFileError(f"game {i + 1}, {exc}") from exc
        except BackgammonError as exc:
            raise MatFileError(f"game {i + 1}: {exc}") from exc
    return match
