"""The judge of a review (:mod:`engine.analysis`): the expert computer
player's answers, through its public methods only: its ranking of the plays
(one roll deep, or at ply 2 the closest plays two rolls deep), the
network's value of a position before the roll, and the cube model."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, List, Mapping, Optional, Tuple

import numpy as np

from .position import Play, Position

if TYPE_CHECKING:
    from .ai.bots import NetBot

#: the deeper judge (ply 2): how many of the best plays by 1-ply, within how
#: much equity of the best, are searched two rolls deep, and how many of each
#: roll's plays the real network values there; wider and less pruned than
#: the expert's own search (engine.ai.bots: 3 within 0.08, 6 a roll, within a
#: budget), so that the review looks further than the computer plays
DEEP_CANDIDATES = 5
DEEP_MARGIN = 0.12
DEEP_KEEP = 10


def deep_judge(net: Any = None, pruned: bool = True) -> "NetBot":
    """The review's judge at ply 2: a :class:`~engine.ai.bots.NetBot` with
    ``net`` (the shipped network by default; anything with the network's
    ``evaluate_boards``) searching its :data:`DEEP_CANDIDATES` closest plays
    two rolls deep, each roll's :data:`DEEP_KEEP` best by the pruning network
    valued in full (``pruned=False``, or without the pruning network: every
    play of each roll), its cube one roll deep.

    >>> deep_judge().lookahead, deep_judge(pruned=False).prune is None
    (2, True)
    """
    from .ai.bots import NetBot
    from .ai.prune import default_pruner
    from .ai.search import Pruning

    pruner = default_pruner() if pruned else None
    return NetBot("expert", net, lookahead=2, deep_candidates=DEEP_CANDIDATES, deep_margin=DEEP_MARGIN,
                  prune=Pruning(pruner, DEEP_KEEP) if pruner is not None else None, cube_lookahead=1)


class Judge:
    """The expert's ranking, the network's value and the cube model."""

    def __init__(self, bot: Any = None, static: Any = None, ply: int = 1):
        from .ai.bots import NetBot, get_bot

        def network_bot(level: str) -> NetBot:
            made = get_bot(level)
            assert isinstance(made, NetBot)  # every level but 'random'
            return made

        if bot is None:
            bot = network_bot("expert")
            if ply == 2:  # the expert's network and cube, its closest plays two rolls deep
                bot = deep_judge(bot.net)
            elif ply == 1:  # one roll deep: the expert's first look
                bot = NetBot("expert", bot.net, lookahead=1, cube_lookahead=1)
        self.bot = bot
        self.static = static if static is not None else network_bot("intermediate")

    def rank(self, position: Position, dice: Tuple[int, int], played: Play) -> List[Tuple[Play, float]]:
        """The bot's ranking of the plays with ``dice``, the play made
        valued as deep as the best where the bot can (the expert's
        ``include``), as GNU Backgammon's analysis does, so that its loss
        compares two values of one depth."""
        from .ai.bots import NetBot

        if isinstance(self.bot, NetBot) and played:
            return self.bot.rank_plays(position, dice, include=(played,))
        ranked: List[Tuple[Play, float]] = self.bot.rank_plays(position, dice)
        return ranked

    def probs(self, position: Position) -> np.ndarray:
        """The five outcome probabilities for the side on roll, before rolling:
        one roll deep where the bot offers it (the expert's
        ``evaluate_before_roll``, so a roll's luck averages to zero over the
        21 rolls), else its ``evaluate``."""
        before_roll = getattr(self.bot, "evaluate_before_roll", None)
        probs = before_roll(position) if before_roll is not None else self.bot.evaluate(position)
        return np.asarray(probs, dtype=float)

    def equity(self, position: Position) -> float:
        from .ai.network import equity

        return float(equity(self.probs(position)))

    def static_best(self, position: Position, dice: Tuple[int, int]) -> float:
        """The mover's 0-ply equity after its best play with ``dice``; when
        it has none, the other side's on roll on the same boards, negated.
        Its average over the 36 rolls is :meth:`equity` (for the expert)."""
        ranked = self.static.rank_plays(position, dice)
        if ranked:
            return float(ranked[0][1])
        from .ai.network import equity

        return -float(equity(self.static.evaluate(position.swapped())))

    def cube_values(self, position: Position, owner: str, match: Optional[Mapping[str, Any]] = None,
                    cube_value: int = 1) -> Tuple[float, float]:
        """(no double, double) for the side on roll; the double is valued by
        the opponent's better answer (take or pass).  In a match (``match``
        from the side on roll, ``cube_value`` the cube before the double) in
        match-winning chances, as equity (:func:`engine.ai.matchcube.to_equity`)."""
        from .ai import cube, matchcube

        probs = self.probs(position)
        if cube.match_context(match) is not None:
            no_double_mwc, take, pass_ = matchcube.double_values(probs, match, cube_value, owner, position.is_contact())
            return (matchcube.to_equity(no_double_mwc, match, cube_value),
                    matchcube.to_equity(min(take, pass_), match, cube_value))
        x = cube.efficiency(position.is_contact())
        no_double = cube.cubeful_equity(probs, owner, x)
        double_take = 2.0 * cube.cubeful_equity(probs, "opponent", x)
        return no_double, min(double_take, 1.0)

    def take_values(self, doubler_view: Position, match: Optional[Mapping[str, Any]] = None,
                    cube_value: int = 1) -> Tuple[float, float]:
        """(take, drop) for the side that was doubled; in a match (``match``
        from the side doubled) in match-winning chances, as equity."""
        from .ai import cube, matchcube

        probs = self.probs(doubler_view)
        if cube.match_context(match) is not None:
            take, drop = matchcube.take_values(probs, match, cube_value, doubler_view.is_contact())
            return matchcube.to_equity(take, match, cube_value), matchcube.to_equity(drop, match, cube_value)
        x = cube.efficiency(doubler_view.is_contact())
        return -2.0 * cube.cubeful_equity(probs, "opponent", x), -1.0
