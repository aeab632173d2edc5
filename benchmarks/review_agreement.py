"""How well the review finds the plays GNU Backgammon calls errors.

    python benchmarks/review_agreement.py [--games 4] [--seed 1] [--ply 2] [--gnubg-plies 2] [--cache FILE]

Needs the train extra (``pip install -e '.[train]'``: the ``gnubg`` package).
Whole games are played by the beginner (White) against the intermediate
(Black), seeded dice, so that both make mistakes; the review
(``analyse_match(match, ply=...)``) labels every checker play, and GNU
Backgammon values every legal play of the same decisions, cubeless,
``--gnubg-plies`` deep.  A play is an error for either when it gives up at
least 0.04 (the review's "doubtful").  Prints recall (of GNU Backgammon's
errors, the share the review finds) and precision (of the review's errors,
the share GNU Backgammon agrees with), with 95% (Wilson) intervals, and the
mean absolute difference of the two losses, and each side's error rate
(millipoints per checker play with a choice) by either judge.
``--players expert,expert`` has the expert play itself instead: how the
review grades the computer's own plays.  ``--cache FILE`` keeps GNU
Backgammon's losses (JSON, by position, dice and play) so that a second run
with the same games only pays for the review.  ``--yardstick-plies 0 1``
holds GNU Backgammon's own shallower looks against its reference on the
same plays, as a measure of how far one depth agrees with the next;
``--deeper`` holds both the review and the reference against GNU Backgammon
one ply deeper, on the plays near the error line (the best six plays by
1-ply and the play made, as its own analysis filters the plays it looks at
deeper): how far the reference itself agrees with a deeper look.
``--network gnubg0`` runs the review's own two-roll search with GNU
Backgammon's 0-ply in place of the network (``--network FILE``: another
weights file), every play of the second roll valued in full: how much of the
difference is the network's and how much the search's.
"""

from __future__ import annotations

import os

os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse  # noqa: E402
import json  # noqa: E402
import math  # noqa: E402
import time  # noqa: E402
from typing import Dict, List, Optional, Tuple  # noqa: E402

import numpy as np  # noqa: E402

from engine import Match, SeededDice, analyse_match, get_bot  # noqa: E402
from engine.ai.network import equity  # noqa: E402
from engine.analysis import Kind  # noqa: E402
from engine.moves import legal_leaves  # noqa: E402

ERROR = 0.04


def wilson(k: int, n: int) -> Tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p, z = k / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def a_game(seed: int, players: Tuple[str, str] = ("beginner", "intermediate")) -> Match:
    bots = (get_bot(players[0], seed=seed), get_bot(players[1], seed=seed + 1))
    m = Match(dice=SeededDice(seed))
    g = m.game
    while not g.over:
        if g.phase == "move":
            g.play(bots[g.turn].choose_play(g.turn_start, g.dice))
        else:
            g.roll()
    return m


class GnubgNetwork:
    """GNU Backgammon's 0-ply where the review's search asks the network."""

    def __init__(self):
        from engine.ai.teach.teacher import GnubgTeacher

        self.teacher = GnubgTeacher(0)

    def evaluate_boards(self, me, them) -> np.ndarray:
        return self.teacher.probabilities(np.asarray(me, dtype=np.float32), np.asarray(them, dtype=np.float32))


def review_bot(network: str):
    """The review's two-roll judge with another network (None: the shipped one, as the game reviews)."""
    if not network:
        return None
    from engine.ai.network import Network
    from engine.judge import deep_judge

    return deep_judge(GnubgNetwork() if network == "gnubg0" else Network.load(network), pruned=False)


def _leaves(position, dice, played):
    """Every legal play's board after it (as a teacher's rows), their keys, and the index of ``played``'s."""
    keys = list(legal_leaves(position, dice))
    rows = np.array([o[::-1] + b for b, o in keys], dtype=np.float32)
    return rows, keys, keys.index(position.apply(played).key)


def _mover_values(teacher, rows, keys, chosen) -> np.ndarray:
    """The mover's cubeless equity after each ``chosen`` play, by ``teacher``."""
    value = -equity(teacher.probabilities(rows[chosen, :26], rows[chosen, 26:]))
    for j, i in enumerate(chosen):
        if keys[i][0][0] == 15:
            value[j] = 3.0  # wins at once: nothing is better
    return value


def gnubg_losses(teacher, position, dice, played) -> float:
    """GNU Backgammon's loss of ``played`` against its best play (cubeless, for the mover)."""
    rows, keys, made = _leaves(position, dice, played)
    value = _mover_values(teacher, rows, keys, list(range(len(keys))))
    return float(value.max() - value[made])


#: the reference losses near the error line, looked at deeper by ``--deeper``; the best plays by 1-ply kept
NEAR = (0.01, 0.12)
CANDIDATES = 6


def filtered_loss(first, deep, position, dice, played) -> float:
    """``played``'s loss by ``deep`` among the best :data:`CANDIDATES` plays by ``first`` and itself."""
    rows, keys, made = _leaves(position, dice, played)
    rough = _mover_values(first, rows, keys, list(range(len(keys))))
    chosen = sorted(set(np.argsort(-rough)[:CANDIDATES].tolist()) | {made})
    value = _mover_values(deep, rows, keys, chosen)
    return float(value.max() - value[chosen.index(made)])


class GnuLosses:
    """GNU Backgammon's losses at some depths, kept in an optional JSON file."""

    def __init__(self, path: Optional[str]):
        self.path = path
        self.cache: Dict[str, float] = {}
        if path and os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                self.cache = json.load(f)
        self.teachers: Dict[int, object] = {}

    def loss(self, plies: int, position, dice, played) -> float:
        key = f"{plies}:{position.key}:{dice}:{played}"
        if key not in self.cache:
            if plies not in self.teachers:
                from engine.ai.teach.teacher import GnubgTeacher

                self.teachers[plies] = GnubgTeacher(plies)
            self.cache[key] = gnubg_losses(self.teachers[plies], position, dice, played)
        return self.cache[key]

    def deeper(self, plies: int, position, dice, played, reference: float) -> float:
        """GNU Backgammon's loss of ``played`` at ``plies`` where its ``reference`` loss is near
        the error line (:data:`NEAR`); elsewhere the reference stands.  Its ``plies`` look
        values only its best :data:`CANDIDATES` plays by 1-ply and the play made, as its
        own analysis filters the plays it looks at deeper."""
        if not NEAR[0] <= reference <= NEAR[1]:
            return reference
        key = f"{plies}c:{position.key}:{dice}:{played}"
        if key not in self.cache:
            for p in (1, plies):
                if p not in self.teachers:
                    from engine.ai.teach.teacher import GnubgTeacher

                    self.teachers[p] = GnubgTeacher(p)
            self.cache[key] = filtered_loss(self.teachers[1], self.teachers[plies], position, dice, played)
        return self.cache[key]

    def save(self) -> None:
        if self.path:
            with open(self.path + ".tmp", "w", encoding="utf-8") as f:
                json.dump(self.cache, f)
            os.replace(self.path + ".tmp", self.path)


def agreement(pairs: List[Tuple[float, float]]) -> str:
    """Recall and precision of the first losses' errors against the second's, with intervals."""
    both = sum(1 for a, b in pairs if a >= ERROR and b >= ERROR)
    gnu = sum(1 for _, b in pairs if b >= ERROR)
    ours = sum(1 for a, _ in pairs if a >= ERROR)
    r, p = both / gnu if gnu else 1.0, both / ours if ours else 1.0
    rl, rh = wilson(both, gnu)
    pl, ph = wilson(both, ours)
    mad = sum(abs(a - b) for a, b in pairs) / max(1, len(pairs))
    return (f"errors (loss >= {ERROR}): GNU {gnu}, this judge {ours}, both {both}\n"
            f"recall    {100 * r:.1f}% [{100 * rl:.1f}%, {100 * rh:.1f}%]\n"
            f"precision {100 * p:.1f}% [{100 * pl:.1f}%, {100 * ph:.1f}%]\n"
            f"mean absolute difference of the losses: {mad:.4f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ply", type=int, default=2, help="the review's depth (1 or 2)")
    ap.add_argument("--gnubg-plies", type=int, default=2)
    ap.add_argument("--yardstick-plies", type=int, nargs="*", default=[],
                    help="GNU Backgammon's own shallower depths held against the reference on the same plays")
    ap.add_argument("--deeper", action="store_true",
                    help="also hold the review and GNU Backgammon's reference against GNU Backgammon one ply deeper "
                         "(near the error line; the best 6 plays by 1-ply and the play made)")
    ap.add_argument("--players", default="beginner,intermediate",
                    help="White's and Black's levels; 'expert,expert' measures the review's rate for the computer")
    ap.add_argument("--cache", default=None, help="a JSON file of GNU Backgammon's losses, read and extended")
    ap.add_argument("--network", default="",
                    help="the review's two-roll search with another network: gnubg0 (GNU Backgammon's 0-ply) or a "
                         "weights file; every play of the second roll valued in full (default: the game's own review)")
    args = ap.parse_args()
    if args.network and args.ply != 2:
        ap.error("--network is for the two-roll review (--ply 2)")
    bot = review_bot(args.network)
    gnu = GnuLosses(args.cache)
    white, black = args.players.split(",")
    players = (white, black)
    per_side: List[List[Tuple[float, float]]] = [[], []]
    ours_t = gnu_t = 0.0
    pairs: List[Tuple[float, float]] = []
    yardsticks: Dict[int, List[Tuple[float, float]]] = {k: [] for k in args.yardstick_plies}
    deeper: List[Tuple[float, float, float]] = []  # (the review's, the reference's, the deeper look's)
    for k in range(args.games):
        m = a_game(args.seed + 97 * k, players)
        start = time.time()
        analysis = analyse_match(m, ply=args.ply, bot=bot)
        ours_t += time.time() - start
        start = time.time()
        for d in analysis.decisions:
            if d.kind != Kind.MOVE or d.forced or d.played_play is None or d.dice is None:
                continue
            reference = gnu.loss(args.gnubg_plies, d.position, d.dice, d.played_play)
            pairs.append((d.loss, reference))
            per_side[d.player].append(pairs[-1])
            for plies, got in yardsticks.items():
                got.append((gnu.loss(plies, d.position, d.dice, d.played_play), reference))
            if args.deeper:
                deep = gnu.deeper(args.gnubg_plies + 1, d.position, d.dice, d.played_play, reference)
                deeper.append((d.loss, reference, deep))
        gnu_t += time.time() - start
        gnu.save()
    searched = f" with {args.network}'s evaluation" if args.network else ""
    print(f"{args.games} games, {len(pairs)} unforced checker plays; review at {args.ply}-ply{searched} ({ours_t:.0f} s), "
          f"GNU Backgammon at {args.gnubg_plies}-ply cubeless ({gnu_t:.0f} s)")
    print(agreement(pairs))
    for side, name in enumerate(players):
        got = per_side[side]
        n = max(1, len(got))
        print(f"{('White', 'Black')[side]} ({name}), {len(got)} plays: error rate {1000 * sum(a for a, _ in got) / n:.2f} mppm "
              f"by the review, {1000 * sum(b for _, b in got) / n:.2f} by GNU Backgammon")
    for plies, got in yardsticks.items():
        print(f"yardstick: GNU Backgammon's own {plies}-ply against its {args.gnubg_plies}-ply on the same plays")
        print(agreement(got))
    if deeper:
        near = sum(1 for _, ref, _ in deeper if NEAR[0] <= ref <= NEAR[1])
        print(f"one ply deeper: GNU Backgammon at {args.gnubg_plies + 1}-ply on the {near} plays whose "
              f"{args.gnubg_plies}-ply loss is within {NEAR[0]}..{NEAR[1]} (the others keep it)")
        print(f"the review against GNU Backgammon {args.gnubg_plies + 1}-ply:")
        print(agreement([(ours, deep) for ours, _, deep in deeper]))
        print(f"GNU Backgammon's own {args.gnubg_plies}-ply against its {args.gnubg_plies + 1}-ply:")
        print(agreement([(ref, deep) for _, ref, deep in deeper]))


if __name__ == "__main__":
    main()
