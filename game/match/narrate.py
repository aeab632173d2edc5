"""What happened on the board, in words: the announcements of a match.

Like the sounds (:mod:`game.match.cues`), the words follow the animation:
the animator tells :class:`Narrator` when the board shows a happening's
outcome, and the narrator gives the sentence to the announcer.  Every
step of both sides, the dice, hits, passes, the cube, resignations, the
result and the score are said, in the player's language, with points in
the mover's own numbering (as backgammon players write moves: "13 to 8").

>>> from engine import FixedDice, Match
>>> from game.play.session import Session
>>> s = Session(Match(dice=FixedDice([3, 1])))
>>> said = []
>>> n = Narrator(lambda: s, said.append)
>>> _ = s.roll()
>>> for h in s.drain(): n.heard("end", h)
>>> said   # (and, to a human, what they may do now)
['Opening roll: White 3, Black 1. White plays first.', 'Tab to the steps, or M to hear them.']
"""

from __future__ import annotations

from typing import Callable, List, Optional

from engine import ordered_dice
from engine.kinds import Phase

from ..play.happenings import Happening, HappeningKind
from ..play.match_log import player_name
from ..play.session import Session
from ..words.i18n import t

K = HappeningKind


def point_word(point: int) -> str:
    """A point in words: 25 the bar, 0 off, else its number."""
    if point == 25:
        return t("say.bar")
    if point == 0:
        return t("say.off")
    return str(point)


def score_sentence(session: Session) -> str:
    """The match score, or that it is a single game."""
    m = session.match
    if m.length <= 1:
        return t("ask.single")
    s0, s1 = m.score
    return t("say.score", name0=player_name(0), score0=s0, name1=player_name(1), score1=s1, length=m.length)


def happening_words(h: Happening, session: Session) -> List[str]:
    """The sentences for happening ``h`` (none for those that say nothing new)."""
    name = player_name(h.player)
    kind = h.kind
    if kind == K.ROLL and h.dice is not None:
        d1, d2 = h.dice
        if h.opening:
            white, black = (d1, d2) if h.player == 0 else (d2, d1)
            said = [t("say.opening", name0=player_name(0), a=white, name1=player_name(1), b=black, first=name)]
        else:
            high, low = ordered_dice(h.dice)  # the larger first, as the panel, the log and .mat files write them
            said = [t("say.roll", name=name, d1=high, d2=low)]
        if session.is_human(h.player) and h.after.phase == Phase.MOVE:  # what the player may do now
            said.append(t("say.hint.steps"))
        return said
    if kind == K.STEP and h.step is not None:
        key = "say.step_hit" if h.step.hit else "say.step"
        return [t(key, name=name, frm=point_word(h.step.frm), to=point_word(h.step.to))]
    if kind == K.PASS:
        return [t("say.pass", name=name)]
    if kind == K.TURN:
        if h.after.phase == Phase.OVER:
            return []
        nxt = h.after.turn
        said = [t("say.turn", name=player_name(nxt))]
        if session.is_human(nxt):
            a = h.after  # (the board as shown: the game may be further on)
            may_double = a.cube_enabled and a.cube_owner in (None, nxt) and a.cube_value < 64
            said.append(t("say.hint.roll_double" if may_double else "say.hint.roll"))
        return said
    if kind == K.DOUBLE:
        said = [t("say.double", name=name, value=2 * h.before.cube_value)]  # (offered: the cube turns once taken)
        return said + ([t("say.hint.answer")] if session.is_human(1 - h.player) else [])
    if kind == K.TAKE:
        return [t("say.take", name=name, value=h.after.cube_value)]
    if kind == K.DROP:
        return [t("say.drop", name=name)]
    if kind == K.RESIGN:
        level = session.game.resignation or "single"
        return [t("say.resign", name=name, level=t(f"result.{level}"))]
    if kind in (K.ACCEPT, K.REJECT):
        return [t(f"say.{kind}", name=name)]
    if kind == K.OVER:
        return _over_words(session)
    if kind == K.NEWGAME:
        return [t("say.newgame", number=len(session.match.games) + 1), score_sentence(session)]
    if kind == K.UNDO:
        return [t("say.undo")]
    if kind == K.TAKEBACK:
        return [t("say.takeback")]
    return []


def _over_words(session: Session) -> List[str]:
    result = session.game.result
    if result is None:
        return []
    name = player_name(result.winner)
    points = result.multiple * result.cube
    kind = t(f"result.{result.kind}")
    said = [t("say.over_one" if points == 1 else "say.over", name=name, kind=kind, points=points)]
    m = session.match
    if m.length > 1:
        said.append(score_sentence(session))
        if m.over:
            said.append(t("say.match_won", name=name))
    return said


Listener = Callable[[str, Happening], None]


def both(first: Listener, second: Listener) -> Listener:
    """One animator listener that tells two (the sounds, then the words)."""
    def tell(event: str, happening: Happening) -> None:
        first(event, happening)
        second(event, happening)
    return tell


class Narrator:
    """The animator's listener that announces what the board shows."""

    def __init__(self, session: Callable[[], Session], say: Callable[[str], None]):
        self.session = session
        self.say = say
        self._last: Optional[Happening] = None

    def heard(self, event: str, happening: Happening) -> None:
        if event != "end" or happening is self._last:
            return
        self._last = happening
        for sentence in happening_words(happening, self.session()):
            self.say(sentence)
