"""What happened on the board, in words: the announcements of a match.

Like the sounds (:mod:`game.match.cues`), the words follow the animation:
the animator tells :class:`Narrator` when the board shows a happening's
outcome, and the narrator gives the sentence to the announcer.  Every
step of both sides, the dice, hits, passes, the cube, resignations, the
result and the score are said, in the player's language, with points in
the listener's numbering (:mod:`game.play.numbering`).

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

from ..play.happenings import Happening, HappeningKind, Snapshot
from ..play.match_log import player_name
from ..play.numbering import heard_point, listener
from ..play.session import Session
from ..words.i18n import t, tr
from .whatnow import forfeit_words, next_words, pass_words

K = HappeningKind


def point_word(point: int) -> str:
    """A point in words: 25 the bar, 0 off, else its number."""
    if point == 25:
        return t("say.bar")
    if point == 0:
        return t("say.off")
    return str(point)


def step_words(h: Happening, session: Session) -> str:
    """One step in the listener's numbering (:mod:`game.play.numbering`);
    a hit says whose checker went to the bar: "hits your blot: you are on
    the bar" to the player hit, "hits Black's blot" to anyone else."""
    assert h.step is not None
    heard = listener(session, h.before)
    frm, to = (point_word(heard_point(p, h.player, heard)) for p in (h.step.frm, h.step.to))
    name = player_name(h.player)
    if not h.step.hit:
        return t("say.step", name=name, frm=frm, to=to)
    victim = 1 - h.player
    if session.is_human(victim) and not session.hot_seat:
        return t("say.step_hit_you", name=name, frm=frm, to=to)
    return t("say.step_hit_other", name=name, frm=frm, to=to, other=player_name(victim))


def score_sentence(session: Session) -> str:
    """The match score, or that it is a single game."""
    m = session.match
    if m.length <= 1:
        return t("ask.single")
    s0, s1 = m.score
    return t("say.score", name0=player_name(0), score0=s0, name1=player_name(1), score1=s1, length=m.length)


def start_words(session: Session) -> List[str]:
    """What the match screen says as it opens (a new match, or one continued): the match and what comes next."""
    return [score_sentence(session)] + next_words(session, session.snapshot())


def happening_words(h: Happening, session: Session) -> List[str]:
    """The sentences for happening ``h`` (none for those that say nothing new)."""
    name = player_name(h.player)
    kind = h.kind
    if kind == K.ROLL and h.dice is not None:
        d1, d2 = h.dice
        if h.opening and h.after.phase == Phase.OPENING:  # both threw the same: again
            return [t("say.opening_tie", a=d1)] + next_words(session, h.after)
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
        return [step_words(h, session)]
    if kind == K.PASS:  # why, and who is on roll now (the board as shown: the game may be further on)
        return [pass_words(h)] + next_words(session, h.after)
    if kind == K.TURN:
        return forfeit_words(h) + next_words(session, h.after)
    if kind == K.DOUBLE:
        said = [t("say.double", name=name, value=2 * h.before.cube_value)]  # (offered: the cube turns once taken)
        return said + ([t("say.hint.answer")] if session.is_human(1 - h.player) else [])
    if kind == K.TAKE:
        return [t("say.take", name=name, value=h.after.cube_value)] + next_words(session, h.after)
    if kind == K.DROP:
        return [t("say.drop", name=name)]
    if kind == K.RESIGN:
        level = session.game.resignation or "single"
        return [t("say.resign", name=name, level=t(f"result.{level}"))]
    if kind == K.ACCEPT:
        return [t("say.accept", name=name)]
    if kind == K.REJECT:
        return [t("say.reject", name=name)] + next_words(session, h.after)
    if kind == K.OVER:
        return _over_words(session)
    if kind == K.NEWGAME:
        return [t("say.newgame", number=len(session.match.games) + 1), score_sentence(session)] + next_words(session, h.after)
    if kind == K.UNDO:
        return [t("say.undo")]
    if kind == K.TAKEBACK:
        return [takeback_words(session, h.after)] + next_words(session, h.after)
    return []


def takeback_words(session: Session, snap: Snapshot) -> str:
    """What a take-back undid ("Taken back: your play 8/5 6/5, Black's roll 5-2 and play 13/8 13/11.")."""
    return t("say.takeback", parts=tr(session.taken_back_words(listener(session, snap)) or t("takeback.part.turn")))


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
