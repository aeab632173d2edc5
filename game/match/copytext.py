"""The whole position as text, to copy (Ctrl+C on the match screen) or to
read out: whose turn and the dice, the score, the cube, the pip counts,
where each side's checkers stand (the panel's lines) and GNU Backgammon's
Position ID and Match ID.  Plain values, no pygame.

>>> from engine import FixedDice, Match
>>> from game.play.session import Session
>>> s = Session(Match(length=7, cube=True, dice=FixedDice([3, 1])))
>>> s.roll()
True
>>> print(position_text(s))
White to move 3-1
Game 1 · White 0 – 0 Black · to 7
Cube 1, in the middle
Pips  White 167  ·  Black 167
White: 6 ×5, 8 ×3, 13 ×5, 24 ×2
Black: 1 ×2, 12 ×5, 17 ×3, 19 ×5
Points numbered from White's side
Position ID 4HPwATDgc/ABMA · Match ID MIHlAAAAAAAA
"""

from __future__ import annotations

from typing import List

from ..board.describe import distribution
from ..play.match_log import player_name
from ..play.numbering import listener
from ..play.session import Session
from ..store.settings import Settings
from ..words.i18n import t
from .presenter import panel_state


def position_text(session: Session) -> str:
    """The position of ``session`` now, on lines of text (see the module's example)."""
    s = session
    shown = s.snapshot()
    viewer = listener(s, shown)  # (the numbering of the panel and the words)
    panel = panel_state(s, getattr(s, "settings", None) or Settings(), True)
    lines: List[str] = [panel.status, panel.score]
    if shown.cube_enabled:
        if shown.cube_owner is None:
            lines.append(t("copy.cube_middle", value=shown.cube_value))
        else:
            lines.append(t("copy.cube_owned", value=shown.cube_value, name=player_name(shown.cube_owner)))
    p0, p1 = s.pips()
    lines.append(t("panel.pips", name0=player_name(0), name1=player_name(1), pips0=p0, pips1=p1))
    lines.extend(distribution(shown, viewer))
    lines.append(t("copy.numbering", name=player_name(viewer)))
    pid, mid = s.match.ids()
    lines.append(t("review.ids_line", pid=pid, mid=mid))
    return "\n".join(line for line in lines if line)


def copy_position(session: Session) -> str:
    """Ctrl+C: :func:`position_text` on the clipboard; returns the words that say so."""
    from ..system import clipboard

    clipboard.copy(position_text(session))
    return t("match.copied")
