"""Which sound goes with what happened on the board.

The match scene's animator says when a happening starts to show and when
the board shows its outcome; :func:`sound_for` picks the effect (a name of
:data:`game.system.audio.SOUND_NAMES`) or None.  Sounds follow the animation, not
the engine, so a checker clacks when it lands.

"""

from __future__ import annotations

from typing import Callable, List, Optional, Sequence

from ..play.session import Happening


def sound_for(event: str, h: Happening, humans: Sequence[int] = (0, 1)) -> Optional[str]:
    """The effect for ``event`` ("start" or "end") of happening ``h``;
    ``humans``: the players who sit at this screen (for win or lose)."""
    kind = h.kind
    if event == "start":
        if kind == "roll":
            return "roll"
        if kind == "double":
            return "double"
        return None
    if kind == "step" and h.step is not None:
        if h.step.hit:
            return "hit"
        return "bear_off" if h.step.to == 0 else "place"
    if kind in ("undo", "take"):
        return "place"
    if kind == "over":
        winner = h.after.winner
        if winner is None:
            return None
        # against the computer the human hears whether they won; two humans
        # (or none) hear the win
        if len(humans) == 1 and winner != humans[0]:
            return "lose"
        return "win"
    return None


class CueList:
    """The sounds of what the animator started or finished since they were
    last taken, each once; ``humans`` says who sits at this screen now.

    >>> from engine import Game
    >>> from game.play.happenings import Happening, HappeningKind, Snapshot
    >>> cues, board = CueList(lambda: (0,)), Snapshot.of(Game())
    >>> cues.heard("start", Happening(HappeningKind.ROLL, 0, board, board))
    >>> cues.take(), cues.take()
    (['roll'], [])
    """

    def __init__(self, humans: Callable[[], Sequence[int]]):
        self.humans = humans
        self._names: List[str] = []

    def heard(self, event: str, happening: Happening) -> None:
        """The animator's listener: ``event`` ("start" or "end") of ``happening``."""
        name = sound_for(event, happening, self.humans())
        if name is not None and name not in self._names:
            self._names.append(name)

    def take(self) -> List[str]:
        """The sounds to play now (and forget them)."""
        names, self._names = self._names, []
        return names
