"""The answers to the keys that ask, for players who do not look at the
board: the position (whole, by quadrant, or one point), the pip counts,
the dice left, the steps that may be played, the last move, the score and
the cube.  Queries only: nothing here changes the match.

Points are numbered in ``viewer``'s own numbering: the callers pass the
listener (:func:`game.play.numbering.listener`), so that the answers, the
narration and the panel name the same points.

>>> from engine import Match
>>> from game.play.session import Session
>>> s = Session(Match())
>>> answer(AskTopic.PIPS, s, viewer=0)
'Pips: White 167, Black 167.'
>>> point_sentence(s.snapshot(), viewer=0, point=6)
"White's 6-point: 5 White."
>>> answer(AskTopic.Q1, s, viewer=0)
"White's home board, points 1 to 6: 1 Black 2, 6 White 5."
"""

from __future__ import annotations

from typing import Dict, List, Sequence, Tuple

from engine import LogEntry, ordered_dice
from engine.kinds import LogKind, Phase

from ..input.match_intents import AskTopic
from ..play.match_log import player_name
from ..play.numbering import heard_play, heard_point, listener
from ..play.session import Session, Snapshot
from ..words.i18n import t
from .narrate import point_word, score_sentence

BAR, OFF = 25, 0


def on_point(snap: Snapshot, viewer: int, point: int) -> Tuple[int, int]:
    """(whose checkers, how many) on ``point`` of ``viewer``'s numbering (1..24); (-1, 0) when empty."""
    mine = snap.counts[viewer][point]
    if mine:
        return viewer, mine
    theirs = snap.counts[1 - viewer][25 - point]
    return (1 - viewer, theirs) if theirs else (-1, 0)


def point_sentence(snap: Snapshot, viewer: int, point: int) -> str:
    """One point, the bar (25) or the trays (0), in words."""
    if point == BAR:
        parts = [t("ask.bar", name=player_name(p), n=snap.counts[p][BAR]) for p in (0, 1) if snap.counts[p][BAR]]
        return " ".join(parts) or t("ask.bar.empty")
    if point == OFF:
        return t("ask.off", name0=player_name(0), n0=snap.counts[0][OFF], name1=player_name(1), n1=snap.counts[1][OFF])
    who, n = on_point(snap, viewer, point)
    if who < 0:
        return t("ask.point.empty", viewer=player_name(viewer), point=point)
    return t("ask.point", viewer=player_name(viewer), point=point, name=player_name(who), n=n)


def quadrant_sentence(snap: Snapshot, viewer: int, quadrant: int) -> str:
    """The six points of quadrant 1..4 (1: ``viewer``'s home board) that hold checkers."""
    first = 6 * (quadrant - 1) + 1
    parts: List[str] = []
    for point in range(first, first + 6):
        who, n = on_point(snap, viewer, point)
        if who >= 0:
            parts.append(t("ask.quadrant.point", point=point, name=player_name(who), n=n))
    where = t(f"ask.quadrant.{quadrant}", name=player_name(viewer), other=player_name(1 - viewer))
    return t("ask.quadrant", where=where, points=t("panel.dist.sep").join(parts) or t("ask.quadrant.empty"))


def focus_sentence(session: Session, point: int) -> str:
    """The point the focus is on (``point`` in the numbering the board is
    drawn for), in words and in the listener's numbering."""
    snap = session.snapshot()
    heard = listener(session, snap)
    return point_sentence(snap, heard, heard_point(point, session.viewer_for(snap), heard))


def spoken_hint(session: Session, text: str) -> str:
    """A play of the hint (in notation, the mover's numbering) as it is said, in the listener's numbering."""
    snap = session.snapshot()
    return spoken_play(heard_play(text, snap.turn, listener(session, snap)))


def spoken_play(text: str) -> str:
    """A play in notation as it is said: "13/8 6/5*" -> "13 to 8, 6 to 5 hits" (bar and off as words).

    >>> spoken_play("bar/22 6/off(2) 13/8*")
    'bar to 22, 6 to off 2 times, 13 to 8 hits'
    """
    parts = []
    for move in text.split():
        times = ""
        if move.endswith(")") and "(" in move:
            move, n = move[:-1].split("(")
            times = " " + t("say.times", n=n)
        hits = move.count("*")
        stops = [point_word(25) if p == "bar" else point_word(0) if p == "off" else p for p in move.replace("*", "").split("/")]
        said = t("ask.step", frm=stops[0], to=stops[-1]) if len(stops) > 1 else stops[0]
        parts.append(said + times + (" " + t("say.hits") if hits else ""))
    return t("panel.dist.sep").join(parts)


def answer(topic: AskTopic, session: Session, viewer: int) -> str:
    """The answer to ``topic`` now."""
    snap = session.snapshot()
    g = session.game
    if topic == AskTopic.POSITION:
        return t("ask.position", white=spoken_side(snap, viewer, 0), black=spoken_side(snap, viewer, 1))
    if topic in (AskTopic.Q1, AskTopic.Q2, AskTopic.Q3, AskTopic.Q4):
        return quadrant_sentence(snap, viewer, int(topic.value[1]))
    if topic == AskTopic.PIPS:
        return t("ask.pips", name0=player_name(0), pips0=snap.pips[0], name1=player_name(1), pips1=snap.pips[1])
    if topic == AskTopic.DICE:
        if g.phase in (Phase.OVER, Phase.OPENING, Phase.DOUBLED, Phase.RESIGNING):
            return _no_dice(session)
        if snap.dice is None or not snap.remaining:
            return t("ask.dice.none", name=player_name(snap.to_act))
        return t("ask.dice", name=player_name(snap.turn), dice=", ".join(str(d) for d in sorted(snap.remaining, reverse=True)))
    if topic == AskTopic.MOVES:
        steps = sorted({(heard_point(s.frm, snap.turn, viewer), heard_point(s.to, snap.turn, viewer))
                        for s in session.legal_steps()}, reverse=True)
        if not steps or not session.human_to_move:
            return t("ask.moves.none")
        return t("ask.moves", steps=grouped_steps(steps))
    if topic == AskTopic.LAST:
        lines = session.log_lines(viewer)
        if not lines:
            return t("ask.last.none")
        if g.log and g.log[-1].kind in (LogKind.PLAY, LogKind.PASS):
            return t("ask.last", text=last_play(g.log[-1], viewer))
        head, sep, play = lines[-1].rpartition(": ")
        return t("ask.last", text=f"{head}{sep}{spoken_play(play)}" if sep and "/" in play else lines[-1])
    return _score_and_cube(session)


def _score_and_cube(session: Session) -> str:
    g = session.game
    if not g.cube_enabled or g.crawford:
        cube = t("ask.cube.off")
    elif g.cube_owner is None:
        cube = t("ask.cube", value=g.cube_value)
    else:
        cube = t("ask.cube.owned", value=g.cube_value, name=player_name(g.cube_owner))
    if g.phase == Phase.DOUBLED:  # the cube offered, not yet answered
        cube += " " + t("ask.cube.offered", name=player_name(g.turn), value=2 * g.cube_value, other=player_name(g.to_act))
    return f"{score_sentence(session)} {cube}"


def _no_dice(session: Session) -> str:
    """G when no dice are there to play: the game over, the opening roll to come, a cube or a resignation to answer."""
    g = session.game
    if g.phase == Phase.OPENING:
        return t("ask.dice.opening")
    if g.phase == Phase.DOUBLED:
        return t("ask.dice.doubled", name=player_name(g.turn), value=2 * g.cube_value, other=player_name(g.to_act))
    if g.phase == Phase.RESIGNING:
        return t("say.to_answer", name=player_name(g.to_act))
    return t("ask.dice.over")


def spoken_side(snap: Snapshot, viewer: int, player: int) -> str:
    """``player``'s checkers as they are said, short, in ``viewer``'s numbering: "White: 5 on 6, 3 on 8, 1 on the bar"."""
    counts = snap.counts[player]
    on_points = sorted((heard_point(p, player, viewer), counts[p]) for p in range(1, 25) if counts[p])
    parts = [t("ask.dist.point", point=p, n=n) for p, n in on_points]
    if counts[BAR]:
        parts.append(t("ask.dist.bar", n=counts[BAR]))
    if counts[OFF]:
        parts.append(t("ask.dist.off", n=counts[OFF]))
    return t("ask.dist", name=player_name(player), points=t("panel.dist.sep").join(parts))


def grouped_steps(steps: Sequence[Tuple[int, int]]) -> str:
    """The steps that may be played, grouped by the checker's point, the highest first:
    "24 to 21; 13 to 10 or 8" (``steps``: (from, to) pairs).

    >>> grouped_steps([(24, 21), (13, 10), (13, 8), (6, 5)])
    '24 to 21; 13 to 10 or 8; 6 to 5'
    """
    targets: Dict[int, List[int]] = {}
    for frm, to in sorted(set(steps), reverse=True):
        targets.setdefault(frm, []).append(to)
    return t("ask.moves.sep").join(t("ask.step", frm=point_word(frm), to=t("ask.or").join(point_word(to) for to in tos))
                                   for frm, tos in targets.items())


def last_play(entry: LogEntry, viewer: int) -> str:
    """The last turn of the move log as it is said: who, the dice (no number glued to the name), the steps.

    >>> from engine.kinds import LogKind
    >>> last_play(LogEntry(1, LogKind.PLAY, (1, 2), "24/22 24/23"), viewer=1)
    'Black rolled 2 and 1: 24 to 22, 24 to 23'
    """
    high, low = ordered_dice(entry.dice) if entry.dice is not None else (0, 0)
    name = player_name(entry.player)
    if entry.kind == LogKind.PASS:
        return t("ask.last.pass", name=name, d1=high, d2=low)
    return t("ask.last.play", name=name, d1=high, d2=low, play=spoken_play(heard_play(entry.text, entry.player, viewer)))

