"""The hint in words: H never changes the game.

With no step played the expert's best plays are said, best first (the
board draws them).  With steps played they stay played: what is left of the
best play that still fits them is said ("Hint for the dice left: 6 to 3"),
or that the steps so far have left the best plays.  Where no checker hint
applies (before the roll, at a cube question, on the other side's turn)
H says so, and what the player may do now.

>>> from engine import FixedDice, Match
>>> from game.play.session import Session
>>> s = Session(Match(length=5, cube=True, dice=FixedDice([3, 1, 6, 4])))
>>> no_hint_words(s)
'No checker hint now. Opening roll: each side throws one die. Space rolls.'
"""

from __future__ import annotations

from typing import Optional

from engine import format_play
from engine.kinds import Phase

from ..play.hints import rest_of, turn_key
from ..play.session import Session
from ..words.i18n import t
from .ask import spoken_hint
from .whatnow import next_words


def no_hint_words(session: Session) -> str:
    """H where no checker hint applies: that, and what the player may do now."""
    snap = session.snapshot()
    if snap.phase == Phase.OVER:
        return t("ask.dice.over")
    return " ".join([t("say.hint.none")] + next_words(session, snap))


def hint_words(session: Session) -> Optional[str]:
    """The hint that has come, in words, for the turn as it stands (None: none for this turn)."""
    hint = session.hint
    if hint is not None:
        if not hint.plays:
            return None
        plays = [t("say.hint_play", rank=i + 1, play=spoken_hint(session, text)) for i, (_, _, text) in enumerate(hint.plays)]
        return t("say.hint", plays=" ".join(plays))
    g = session.game
    turn = g.current_turn
    latest = session.hints.latest
    if turn is None or latest is None or not latest.plays or not session.can_hint():
        return None
    if latest.key != turn_key(g, session.match.game_number):
        return None
    start = g.turn_start
    for play, _, _ in latest.plays:
        rest = rest_of(start, play, turn.play)
        if rest is None:
            continue
        if not rest:
            return t("say.hint.played")
        return t("say.hint.rest", plays=spoken_hint(session, format_play(turn.position, rest)))
    return t("say.hint.left", play=spoken_hint(session, latest.plays[0][2]))
