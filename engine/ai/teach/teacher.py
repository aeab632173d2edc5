"""Teachers: boards in, the five outcome probabilities of the side on roll out.

A :class:`Teacher` values positions *before the side on roll rolls*, like
:meth:`Network.evaluate_boards <engine.ai.network.Network.evaluate_boards>`:
``me`` and ``them`` are (N, 26) boards in each side's own numbering (0 off,
1..24 points, 25 bar), and the result is (N, 5) probabilities (win, win a
gammon, win a backgammon, lose a gammon, lose a backgammon) for the side on roll.

* :class:`NetworkTeacher`: the project's own network, 0 or 1 roll deep (the
  pipeline's tests use it; no other program is needed).
* :class:`GnubgTeacher`: GNU Backgammon's evaluation at 0, 1, 2 or more
  plies, through its Python binding (``pip install -e '.[train]'``).  Its
  output is numbers for our positions; nothing of its code or weights is
  kept or shipped.

>>> from engine import Position
>>> from engine.ai.teach.teacher import NetworkTeacher, as_boards
>>> me, them = as_boards([Position.initial()])
>>> NetworkTeacher().probabilities(me, them).shape
(1, 5)
"""

from __future__ import annotations

from typing import Any, Iterable, Protocol, Tuple

import numpy as np

from ...errors import InvalidArgumentError
from ...position import Position
from .. import race
from ..network import Network
from ..search import before_roll


class Teacher(Protocol):
    """What labels positions."""

    #: a short name written beside the labels ("gnubg2", "net0" ...)
    name: str

    def probabilities(self, me: np.ndarray, them: np.ndarray) -> np.ndarray:
        """(N, 26) boards of the side on roll and of the other side -> (N, 5)."""
        ...


def as_boards(positions: Iterable[Position]) -> Tuple[np.ndarray, np.ndarray]:
    """Positions -> the (me, them) arrays a teacher takes (float32, (N, 26))."""
    rows = np.array([p.boards[0] + p.boards[1] for p in positions], dtype=np.float32).reshape(-1, 52)
    return rows[:, :26], rows[:, 26:]


class NetworkTeacher:
    """The project's network (the shipped one unless given), ``plies`` 0 or 1
    rolls deep; a bear-off with both sides at home comes from the database."""

    def __init__(self, net: Network | None = None, plies: int = 0):
        if plies not in (0, 1):
            raise InvalidArgumentError(f"the network teaches 0 or 1 roll deep, not {plies!r}")
        if net is None:
            from ..bots import default_network

            net = default_network()
        self.net = net
        self.plies = plies
        self.name = f"net{plies}"

    def _evaluate(self, me: np.ndarray, them: np.ndarray) -> np.ndarray:
        return race.evaluate_boards(self.net.evaluate_boards, me, them)

    def probabilities(self, me: np.ndarray, them: np.ndarray) -> np.ndarray:
        if self.plies == 0:
            out: np.ndarray = self._evaluate(me, them)
            return out
        positions = [Position.from_boards(tuple(int(v) for v in a), tuple(int(v) for v in b)) for a, b in zip(me, them)]
        deep: np.ndarray = before_roll(self._evaluate, positions)
        return deep


class GnubgTeacher:
    """GNU Backgammon's cubeless evaluation at ``plies`` (0 is its network
    alone).  Needs the ``gnubg`` package (the ``train`` extra); importing
    this module does not."""

    def __init__(self, plies: int = 0):
        if not isinstance(plies, int) or not 0 <= plies <= 4:
            raise InvalidArgumentError(f"plies must be 0..4, not {plies!r}")
        try:
            import gnubg  # the train extra only
        except ImportError as exc:  # pragma: no cover - depends on the extra
            raise InvalidArgumentError("the gnubg teacher needs the train extra: pip install -e '.[train]'") from exc
        self._gnubg: Any = gnubg
        self._cube = gnubg.cube_info()
        self._context = gnubg.eval_context(0, plies, 1, 1, 0.0)
        self.plies = plies
        self.name = f"gnubg{plies}"

    @staticmethod
    def board(me: np.ndarray, them: np.ndarray) -> Tuple[Tuple[int, ...], Tuple[int, ...]]:
        """One of our boards as gnubg's: (side not on roll, side on roll),
        each 25 counts from its own 1-point, the bar last."""
        return tuple(int(v) for v in them[1:26]), tuple(int(v) for v in me[1:26])

    def probabilities(self, me: np.ndarray, them: np.ndarray) -> np.ndarray:
        out = np.empty((len(me), 5), dtype=np.float32)
        evaluate, cube, context = self._gnubg.evaluate, self._cube, self._context
        for i in range(len(me)):
            out[i] = evaluate(self.board(me[i], them[i]), cube, context)[:5]
        return out


def get_teacher(name: str) -> Teacher:
    """'net0', 'net1', or 'gnubg0' .. 'gnubg4'."""
    if name in ("net0", "net1"):
        return NetworkTeacher(plies=int(name[-1]))
    if len(name) == 6 and name.startswith("gnubg") and name[-1].isdigit():
        return GnubgTeacher(int(name[-1]))
    raise InvalidArgumentError(f"unknown teacher {name!r}: net0, net1, gnubg0 .. gnubg4")
