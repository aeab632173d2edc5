"""What comes next, in words: whose turn it is and what that player may do,
why a roll could not be played, and the dice a turn had to leave unused.

The narrator (:mod:`game.match.narrate`) says these after every happening
that changes who acts (a pass, a take, a refused resignation, a new game)
and the match screen as it opens, so that nothing happens unsaid.  The
facts come from the session's snapshots, which the engine made: a pass is
the engine's (the roll had no legal play), and dice left at the end of a
turn are those the engine's legal plays could not use.

>>> from engine import FixedDice, Match
>>> from game.play.session import Session
>>> s = Session(Match(dice=FixedDice([3, 1])))
>>> next_words(s, s.snapshot())
['Opening roll: each side throws one die.', 'Space rolls.']
>>> dice_words((5, 3), "say.dice.or"), dice_words((4, 4), "say.dice.or")
('5 or the 3', '4')
"""

from __future__ import annotations

from typing import List, Sequence

from engine.kinds import Phase

from ..play.happenings import Happening, Snapshot
from ..play.match_log import player_name
from ..play.session import Session
from ..words.i18n import t

BAR = 25


def dice_words(dice: Sequence[int], joiner: str) -> str:
    """The distinct dice, the larger first, joined by the words of ``joiner`` ("5 or the 3"; a double: "4")."""
    values = sorted(set(dice), reverse=True)
    if len(values) == 1:
        return str(values[0])
    return t(joiner, a=values[0], b=values[1])


def may_double(snap: Snapshot, player: int) -> bool:
    """Does the cube, as ``snap`` shows it, leave ``player`` free to double (the session decides; this only words it)?"""
    return snap.cube_enabled and snap.cube_owner in (None, player) and snap.cube_value < 64


def next_words(session: Session, snap: Snapshot) -> List[str]:
    """Whose turn it is in ``snap`` and, to a player at this screen, what they may do now."""
    phase = snap.phase
    if phase == Phase.OVER:
        return []
    if phase == Phase.OPENING:
        anyone_here = any(session.is_human(p) for p in (0, 1))
        return [t("say.opening_next")] + ([t("say.hint.roll")] if anyone_here else [])
    who = snap.to_act
    name = player_name(who)
    human = session.is_human(who)
    if phase == Phase.ROLL:
        return [t("say.turn", name=name)] + ([t("say.hint.roll_double" if may_double(snap, who) else "say.hint.roll")] if human else [])
    if phase == Phase.MOVE:
        dice = ", ".join(str(d) for d in snap.remaining)
        return [t("ask.dice", name=name, dice=dice)] + ([t("say.hint.steps")] if human else [])
    if phase == Phase.DOUBLED:
        return [t("say.hint.answer")] if human else [t("say.to_answer", name=name)]
    return [] if human else [t("say.to_answer", name=name)]  # a resignation: the dialog asks a human


def pass_words(h: Happening) -> str:
    """Why ``h`` (a pass) happened, in one sentence: on the bar with the entry points closed, or no legal use of the dice."""
    dice = h.dice or h.before.dice or ()
    name = player_name(h.player)
    if h.before.counts[h.player][BAR]:
        return t("say.pass.bar", name=name, dice=dice_words(dice, "say.dice.and"))
    return t("say.pass.blocked", name=name, dice=dice_words(dice, "say.dice.or"))


def forfeit_words(h: Happening) -> List[str]:
    """The dice a finished turn left unused (the engine's legal plays had no use for them), or nothing.

    A turn played step by step ends with the dice it could not use
    still in ``h.before``; a whole play made at once (all the dice still
    there) says nothing."""
    before = h.before
    if before.phase != Phase.MOVE or before.dice is None or not before.remaining:
        return []
    d1, d2 = before.dice
    if len(before.remaining) >= (4 if d1 == d2 else 2):
        return []
    return [t("say.forfeit", name=player_name(h.player), dice=dice_words(before.remaining, "say.dice.or"))]
