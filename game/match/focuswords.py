"""The match screen's focus in words, for players who do not look: the
button the keys are on (every one by its name: the gear is "Settings", a
view button its view, a step "8 to 3"), the point or target on the board,
the places a checker selected by Enter may go ("24: may go to 22, 18, 16"),
an arrow that found nothing that way, the point cursor and the cube.

Queries only.  Points are said in the listener's numbering
(:mod:`game.play.numbering`), as the narration and the keys that ask say them.

>>> from engine import FixedDice, Match
>>> from game.play.session import Session
>>> s = Session(Match(dice=FixedDice([3, 1])))
>>> s.roll()
True
>>> step_words(PlayStep(8, 5, 3), s), step_words(PlayStep(3, 0, 5), s)
('8 to 5', '3 to off, with the 5')
>>> may_go_words(s, 8, [5, 7], at=5)
'8: may go to 7, 5. Now on 5.'
>>> place_words(s, 25), cube_words(s)
('The bar is empty.', 'No cube in this game.')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Optional, Tuple

from engine.kinds import Phase

from ..board.viewbuttons import ViewButton
from ..play.match_log import player_name
from ..play.numbering import heard_point, listener
from ..play.session import Session
from ..words.i18n import t
from . import ask
from ..input.match_intents import AskMenu, Intent, OpenSettings, PlayStep, SetView, ToggleAutoEnd
from .narrate import point_word

if TYPE_CHECKING:
    from .controller import BoardController


def step_words(step: PlayStep, session: Session) -> str:
    """A step button's step as it is said: "8 to 3" (the die too where the
    distance does not tell it: "3 to off, with the 5"); one form for every
    step, whatever the button shows."""
    snap = session.snapshot()
    heard = listener(session, snap)
    frm, to = (point_word(heard_point(p, snap.turn, heard)) for p in (step.frm, step.to))
    said = t("ask.step", frm=frm, to=to)
    return said if step.frm - step.to == step.die else t("say.focus.step_die", step=said, die=step.die)


def button_name(button: object, intent: Intent, session: Session) -> str:
    """What a focusable thing of the match screen is called: its words, or
    for those that show a picture (the gear, the view buttons) their name."""
    if isinstance(intent, PlayStep):
        return step_words(intent, session)
    if isinstance(intent, OpenSettings):
        return t("settings.title")
    if isinstance(intent, SetView) or isinstance(button, ViewButton):
        return t(f"view.{getattr(intent, 'mode', getattr(button, 'mode', ''))}")
    return str(getattr(button, "text", "") or "")


def _heard(session: Session, point: int) -> str:
    """A point of the board as drawn (the viewer's numbering) in the listener's, as a word."""
    snap = session.snapshot()
    return point_word(heard_point(point, session.viewer_for(snap), listener(session, snap)))


def may_go_words(session: Session, frm: int, destinations: Iterable[int], at: Optional[int]) -> str:
    """A checker selected by the keys: where it may go, the nearest first,
    and the target the focus is on ("24: may go to 22, 18, 16. Now on 22.")."""
    dests = sorted(destinations, key=lambda q: (frm - q if q else frm + 25))  # off: the farthest
    said = t("say.focus.may_go", frm=_heard(session, frm), to=t("say.focus.list_sep").join(_heard(session, q) for q in dests))
    return said if at is None else f"{said} {t('say.focus.now_on', at=_heard(session, at))}"


def place_words(session: Session, place: int) -> str:
    """The point cursor's place (1..24 in the listener's numbering, 25 the bar, 0 off), in words, empty ones too."""
    snap = session.snapshot()
    return ask.point_sentence(snap, listener(session, snap), place)


def cube_words(session: Session) -> str:
    """The cube: its value, who owns it, and a double waiting for its answer."""
    g = session.game
    if not g.cube_enabled or g.crawford:
        return t("ask.cube.off")
    said = t("ask.cube", value=g.cube_value) if g.cube_owner is None else t("ask.cube.owned", value=g.cube_value, name=player_name(g.cube_owner))
    if g.phase == Phase.DOUBLED:
        said += " " + t("say.double", name=player_name(g.turn), value=g.cube_value * 2)
    return said


def focus_words(controller: "BoardController", session: Session, destinations: Tuple[int, ...] = ()) -> str:
    """What the last key did to the focus, in words ("" when nothing is to be
    said): nothing lay that way; a checker selected (``destinations``: its
    targets); the point, target or button the focus is on now."""
    change = controller.change
    if change is None:
        return ""
    if change == "edge":
        return t(f"say.focus.edge.{controller.edge}")
    at = controller.board_focus.at
    if at is not None:
        selected = controller.keys_selected()
        if change == "selected" and selected is not None:
            return may_go_words(session, selected, destinations, at[1] if at[0] == "target" else None)
        words = ask.focus_sentence(session, at[1])
        return t("ask.target", words=words) if at[0] == "target" else words
    focused = controller.focused()
    if focused is None:
        return ""
    name = button_name(focused[0], focused[1], session)
    tip = TIPS.get(type(focused[1]))
    if name and tip is not None:  # words a newcomer needs explained: what the button does
        return t("say.focus.explained", text=name, tip=t(tip))
    return t("say.focus.button", text=name) if name else ""


#: the buttons whose words a newcomer needs explained, and the explanation
TIPS = {ToggleAutoEnd: "tip.auto", AskMenu: "tip.ask"}
