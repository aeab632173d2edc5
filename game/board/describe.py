"""The board as text, for screen readers and keyboard players: where each
side's checkers stand, in one side's numbering (the callers pass the
listener's, :mod:`game.play.numbering`).  One format everywhere (the panel, the copied position):
"White: 6 ×5, 8 ×3, bar ×1, off ×2".

>>> from engine import Match
>>> from game.play.session import Snapshot
>>> snap = Snapshot.of(Match().game)
>>> distribution(snap, viewer=0)
('White: 6 ×5, 8 ×3, 13 ×5, 24 ×2', 'Black: 1 ×2, 12 ×5, 17 ×3, 19 ×5')
>>> distribution(snap, viewer=1)[1]
'Black: 6 ×5, 8 ×3, 13 ×5, 24 ×2'
"""

from __future__ import annotations

from typing import List, Tuple

from ..words.i18n import t
from ..play.session import Snapshot, player_name

BAR, OFF = 25, 0


def side_text(snap: Snapshot, viewer: int, player: int) -> str:
    """``player``'s checkers: "White: 6 ×5, 8 ×3, bar ×1, off ×2", the points
    numbered as ``viewer`` sees them.  The parts are joined by the
    language's ``panel.dist.sep``, where a line may break (see
    :func:`game.ui.textfit.wrap_parts`)."""
    counts = snap.counts[player]
    on_points = sorted(((p if player == viewer else 25 - p), counts[p]) for p in range(1, 25) if counts[p])
    parts: List[str] = [t("panel.dist.point", point=p, n=n) for p, n in on_points]
    if counts[BAR]:
        parts.append(t("panel.dist.bar", n=counts[BAR]))
    if counts[OFF]:
        parts.append(t("panel.dist.off", n=counts[OFF]))
    return t("panel.dist", name=player_name(player), points=t("panel.dist.sep").join(parts))


def distribution(snap: Snapshot, viewer: int) -> Tuple[str, str]:
    """The lines for White and Black (see :func:`side_text`)."""
    return side_text(snap, viewer, 0), side_text(snap, viewer, 1)
