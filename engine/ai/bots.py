"""Computer players.

``get_bot(level)`` gives an object with

* ``choose_play(position, dice) -> Play``: one of ``legal_plays(position, dice)``,
  or ``()`` when there is none;
* ``rank_plays(position, dice) -> [(play, equity), ...]``, best first (hints);
* ``should_double(position, ...)`` / ``should_take(position, ...)``: cube
  decisions (see :mod:`engine.ai.cube`);
* ``accepts_resignation(position, level, ...)``, and
  ``offers_resignation(position, ...)``: the resignation the bot offers
  when it can no longer win, or None.

Levels: ``expert`` is the network with a one-roll lookahead over its best few
candidates (its cube decisions and answers to resignations look one roll
ahead too); ``intermediate`` the network alone with a little noise;
``beginner`` the network with much more noise, but only ever choosing among
plays close to the best, so it never plays absurdly; ``network`` the network
alone (no noise, no lookahead: what benchmarks measure); ``random`` for tests.
"""

from __future__ import annotations

import random
from typing import Dict, List, Optional, Sequence, Tuple

import numpy as np

from .. import checks
from ..errors import ArgumentTypeError
from ..kinds import MULTIPLES, ResignLevel
from ..moves import legal_leaves
from ..position import BoardKey, Play, Position, check_position
from . import cube, matchcube, race, search
from .network import Network, equity
from .protocol import MatchContext

_NETWORKS: Dict[str, Network] = {}
#: how many plays a hint shows: the expert always searches at least these as deep as its best
SHOWN = 3


def default_network() -> Network:
    """The shipped network, loaded once."""
    if "default" not in _NETWORKS:
        _NETWORKS["default"] = Network.load()
    return _NETWORKS["default"]


def _result_key(position: Position, play: Play) -> Optional[BoardKey]:
    """The board ``play`` leaves, or None where it cannot be played."""
    try:
        return position.apply(play).key
    except ValueError:
        return None


def _wins_now(position: Position, play: Play) -> bool:
    """Does this play bear off the last checker?"""
    return position.borne_off[0] + sum(1 for _, to in play if to == 0) == 15


class NetBot:
    """A player driven by the network.

    ``lookahead``: 0 (static evaluation) or 1 (the opponent's 21 rolls, each
    answered by its best play, over the ``candidates`` best plays within
    ``margin`` equity of the best) or 2 (as 1, then the ``deep_candidates``
    best of those within ``deep_margin`` of the best are searched two rolls
    deep, see :func:`search.two_ply`).  ``noise``: standard deviation of the
    Gaussian noise added to each play's equity when choosing; ``max_loss``:
    never choose a play estimated worse than the best by more than this.
    ``cube_lookahead``: 0 or 1, how deep the cube decisions and the answers
    to resignations look (:meth:`evaluate_before_roll`); by default 1 when
    the bot looks ahead at all, else 0.  ``prune``: two rolls deep, value
    only each roll's plays a small network ranks best (:class:`search.Pruning`);
    ``deep_budget``: the most boards the second roll may value per move (the
    closest plays are searched in order while it lasts; see :func:`search.two_ply`).
    """

    def __init__(
        self,
        level: str,
        net: Network | None = None,
        lookahead: int = 0,
        noise: float = 0.0,
        max_loss: float = 1e9,
        candidates: int = 8,
        margin: float = 0.16,
        seed: int | None = None,
        deep_candidates: int = 2,
        deep_margin: float = 0.03,
        cube_lookahead: int | None = None,
        prune: "search.Pruning | None" = None,
        deep_budget: int | None = None,
    ):
        self.level = level
        self.net = net if net is not None else default_network()
        self.lookahead = lookahead
        self.noise = noise
        self.max_loss = max_loss
        self.candidates = candidates
        self.margin = margin
        self.deep_candidates = deep_candidates
        self.deep_margin = deep_margin
        self.cube_lookahead = min(lookahead, 1) if cube_lookahead is None else cube_lookahead
        self.prune = prune
        self.deep_budget = deep_budget
        self._rng = random.Random(seed)

    # -- evaluation ---------------------------------------------------------
    def evaluate(self, position: Position) -> np.ndarray:
        """The five probabilities for the side on roll (before it rolls);
        from the bear-off database when both sides are all at home."""
        check_position(position)
        if race.is_bearoff(position):
            return race.bearoff_probabilities(position)
        me = np.array([position.boards[0]], dtype=np.float32)
        them = np.array([position.boards[1]], dtype=np.float32)
        probs: np.ndarray = self.net.evaluate_boards(me, them)[0]
        return probs

    def evaluate_before_roll(self, position: Position) -> np.ndarray:
        """The five probabilities for the side on roll before it rolls, as
        this bot's cube and resignation answers see them: from the database
        in a bear-off; with ``cube_lookahead`` 1 (the expert's), one roll
        deep (:func:`search.before_roll`: each of the 21 rolls answered by
        its best play); else :meth:`evaluate`."""
        check_position(position)
        if self.cube_lookahead < 1 or race.is_bearoff(position):
            return self.evaluate(position)
        probs: np.ndarray = search.before_roll(self._evaluator, [position])[0]
        return probs

    def _evaluator(self, me: np.ndarray, them: np.ndarray) -> np.ndarray:
        """The network, except where both sides are all at home: the database."""
        return race.evaluate_boards(self.net.evaluate_boards, me, them)

    def _static(self, keys: List[BoardKey]) -> np.ndarray:
        return search.static(self._evaluator, keys)

    def _deep(self, keys: List[BoardKey], always: Sequence[int] = ()) -> np.ndarray:
        """1-ply values of ``keys`` (best first by 0-ply); at lookahead 2 the
        closest contenders, and the keys at the indices ``always``, are
        searched one roll deeper still."""
        values = search.one_ply(self._evaluator, keys)
        if self.lookahead >= 2 and len(keys) > 1:
            order = np.argsort(-values)
            top = [int(i) for i in order[: self.deep_candidates] if values[i] >= values[order[0]] - self.deep_margin]
            top += [i for i in always if i not in top]
            if len(top) > 1:
                deeper = search.two_ply(self._evaluator, [keys[i] for i in top], self.prune, self.deep_budget)
                top = top[: len(deeper)]  # those the budget allowed
            if len(top) > 1:
                # the searched ones keep their order among themselves, ahead of the rest
                lift = float(values[order[0]]) - float(deeper.max()) + 1e-6
                for i, v in zip(top, deeper):
                    values[i] = v + lift
        return values

    def rank_plays(self, position: Position, dice: Sequence[int], include: Sequence[Play] = ()) -> List[Tuple[Play, float]]:
        """Every legal play with its estimated equity for the mover, best
        first; in a bear-off (both sides all at home) from the database.

        The values are on one scale and never rise down the list: with a
        lookahead, the best few plays by 0-ply (at least :data:`SHOWN`, more
        within ``margin``, at most ``candidates``) are valued by the search
        and ranked by it; the rest follow in their 0-ply order, their values
        lowered where needed to stay below the last searched one.

        ``include``: plays (legal ones; others are ignored) searched as deep
        as the deepest, wherever their first look ranks them, as a review
        values the play made (so its loss against the best compares two
        values of one depth)."""
        check_position(position)
        checks.dice(dice)
        if race.is_bearoff(position):
            return race.rank_bearoff(position, dice)
        legal = legal_leaves(position, dice)
        if not legal:
            return []
        keys = list(legal.keys())
        plays = [legal[k][0] for k in keys]
        eq = self._static(keys)
        if self.lookahead and len(keys) > 1:
            by_static = [int(i) for i in np.argsort(-eq, kind="stable")]
            best = eq[by_static[0]]
            # the best few within the margin, and never fewer than the hints show
            chosen = [i for k, i in enumerate(by_static[: self.candidates]) if k < SHOWN or eq[i] >= best - self.margin]
            wanted = {key for key in map(lambda p: _result_key(position, p), include) if key in legal}
            chosen += [i for i, key in enumerate(keys) if key in wanted and i not in chosen]
            always = [n for n, i in enumerate(chosen) if keys[i] in wanted]
            deep = self._deep([keys[i] for i in chosen], always)
            ranked = sorted(zip(chosen, (float(v) for v in deep)), key=lambda t: -t[1])
            taken = set(chosen)
            rest = [(i, float(eq[i])) for i in by_static if i not in taken]
            if rest:
                # one scale: the plays the search left out rank after the searched
                # ones, their 0-ply values lowered where needed to stay below them
                shift = max(0.0, rest[0][1] - ranked[-1][1] + 1e-4)
                rest = [(i, e - shift) for i, e in rest]
            return [(plays[i], e) for i, e in ranked] + [(plays[i], e) for i, e in rest]
        order = np.argsort(-eq, kind="stable")
        return [(plays[int(i)], float(eq[i])) for i in order]

    def choose_play(self, position: Position, dice: Sequence[int]) -> Play:
        ranked = self.rank_plays(position, dice)
        if not ranked:
            return ()
        if self.noise <= 0 or len(ranked) == 1 or race.is_bearoff(position):
            return ranked[0][0]  # every level bears off as well as it can
        winning = [p for p, _ in ranked if _wins_now(position, p)]
        if winning:  # never miss bearing off the last checker
            return winning[0]
        best = ranked[0][1]
        pool = [(p, e + self._rng.gauss(0.0, self.noise)) for p, e in ranked if e >= best - self.max_loss]
        return max(pool, key=lambda t: t[1])[0]

    # -- the cube and resignations ------------------------------------------------
    def should_double(self, position: Position, cube_value: int = 1, owner: str = "centre", match: Optional[MatchContext] = None) -> bool:
        """Should the side on roll (before rolling) double?  ``owner``:
        'centre', 'me' or 'opponent'; ``match``: the score, see
        :func:`cube.match_double_rule` (a double that no estimate is needed
        for), else the decision in match-winning chances
        (:func:`matchcube.should_double`); for money play (no ``match``)
        the money decision (:func:`cube.should_double`)."""
        check_position(position)
        checks.choice(owner, "owner", ("centre", "me", "opponent"))
        rule = cube.match_double_rule(match, cube_value)
        if owner == "opponent" or rule is False:
            return False
        probs = self.evaluate_before_roll(position)
        if cube.match_context(match) is not None:
            return matchcube.should_double(probs, match, cube_value, owner, position.is_contact())
        return cube.should_double(probs, contact=position.is_contact(), owner=owner)

    def should_take(self, position: Position, cube_value: int = 1, match: Optional[MatchContext] = None) -> bool:
        """``position`` is seen from the side being doubled, its opponent on
        roll; ``match`` from that side too: where a pass loses the match it
        takes (:func:`cube.match_take_rule`), else the decision in
        match-winning chances (:func:`matchcube.should_take`); for money
        play the money decision."""
        check_position(position)
        if cube.match_take_rule(match, cube_value):
            return True
        probs_doubler = self.evaluate_before_roll(position.swapped())
        if cube.match_context(match) is not None:
            return matchcube.should_take(probs_doubler, match, cube_value, position.is_contact())
        return cube.should_take(probs_doubler, contact=position.is_contact())

    def offers_resignation(self, position: Position, cube_value: int = 1) -> Optional[ResignLevel]:
        """``position`` is seen from this bot, on roll before rolling: the
        resignation it offers ('single', 'gammon', 'backgammon') when it is
        sure it can no longer win and sure of how much it loses, else None.
        See :func:`race.resignation_level`."""
        if position.is_contact():
            return None
        probs = race.without_impossible(position, self.evaluate(position))
        return race.resignation_level(probs, exact=race.is_bearoff(position))

    def accepts_resignation(self, position: Position, level: str, cube_value: int = 1, match: Optional[MatchContext] = None) -> bool:
        """``position`` is seen from this bot, the side that was offered the
        resignation (the side offering it is on turn); accept when it takes
        the match (``match``, from this bot's view; see
        :func:`cube.match_resignation_rule`), else when it gives at least
        what the bot expects to win (cubeless, in cube units)."""
        check_position(position)
        multiple = MULTIPLES[checks.choice(level, "level", tuple(MULTIPLES))]
        if cube.match_resignation_rule(match, multiple * checks.integer(cube_value, "cube value", 1)):
            return True
        resigner = self.evaluate_before_roll(position.swapped())
        return multiple >= -float(equity(resigner))


class RandomBot:
    """Plays a uniformly random legal play (for tests)."""

    level = "random"

    def __init__(self, seed: int | None = None):
        self._rng = random.Random(seed)

    def choose_play(self, position: Position, dice: Sequence[int]) -> Play:
        legal = legal_leaves(position, dice)
        return self._rng.choice([leaf[0] for leaf in legal.values()]) if legal else ()

    def rank_plays(self, position: Position, dice: Sequence[int]) -> List[Tuple[Play, float]]:
        return [(leaf[0], 0.0) for leaf in legal_leaves(position, dice).values()]

    def should_double(self, position: Position, cube_value: int = 1, owner: str = "centre", match: Optional[MatchContext] = None) -> bool:
        check_position(position)
        cube.match_double_rule(match, cube_value)  # the same errors as the other levels
        return False

    def should_take(self, position: Position, cube_value: int = 1, match: Optional[MatchContext] = None) -> bool:
        check_position(position)
        cube.match_take_rule(match, cube_value)
        return True

    def offers_resignation(self, position: Position, cube_value: int = 1) -> Optional[ResignLevel]:
        return None

    def accepts_resignation(self, position: Position, level: str, cube_value: int = 1, match: Optional[MatchContext] = None) -> bool:
        check_position(position)
        checks.integer(cube_value, "cube value", 1)
        cube.match_context(match)
        return checks.choice(level, "level", ("single", "gammon", "backgammon")) != "single"


LEVELS = ("beginner", "intermediate", "expert")

#: the expert's two-roll search: the best plays by 1-ply within this margin of the best, at most
#: this many, are valued two rolls deep, each roll's few best plays (by the pruning network)
#: valued by the real network, while the boards generated stay within the budget (the same bound
#: on every machine: about 0.2 s of one core here; docs/strength.md)
EXPERT_DEEP_CANDIDATES = 3
EXPERT_DEEP_MARGIN = 0.08
EXPERT_DEEP_BUDGET = 30_000
EXPERT_PRUNE_KEEP = 6


def expert_pruning() -> "search.Pruning | None":
    """The expert's pruning at the second roll; None where the pruning
    network is not installed (every play is then valued in full)."""
    from .prune import default_pruner

    pruner = default_pruner()
    return search.Pruning(pruner, EXPERT_PRUNE_KEEP) if pruner is not None else None


def get_bot(level: str, seed: int | None = None, net: Network | None = None) -> "NetBot | RandomBot":
    """A computer player: 'beginner', 'intermediate', 'expert', 'network'
    (the network alone, no noise and no lookahead: for measurements) or 'random'.
    A bad level raises :class:`~engine.errors.InvalidArgumentError`, a
    wrong type :class:`~engine.errors.ArgumentTypeError`."""
    checks.choice(level, "bot level", LEVELS + ("network", "random"))
    if seed is not None:
        checks.integer(seed, "seed")
    if net is not None and not isinstance(net, Network):
        raise ArgumentTypeError(f"net must be a Network, not {type(net).__name__}")
    if level == "random":
        return RandomBot(seed)
    if level == "expert":  # one roll deep, and the closest plays two rolls deep while the budget lasts
        return NetBot(level, net, lookahead=2, seed=seed, deep_candidates=EXPERT_DEEP_CANDIDATES,
                      deep_margin=EXPERT_DEEP_MARGIN, prune=expert_pruning(), deep_budget=EXPERT_DEEP_BUDGET,
                      cube_lookahead=1)
    if level == "network":  # the network alone: no noise, no lookahead (for measuring it)
        return NetBot(level, net, seed=seed)
    if level == "intermediate":
        return NetBot(level, net, noise=0.04, max_loss=0.08, seed=seed)
    if level == "beginner":
        return NetBot(level, net, noise=0.12, max_loss=0.2, seed=seed)
    raise ValueError(f"unknown bot level {level!r}; choose beginner, intermediate, expert or random")
