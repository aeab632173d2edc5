"""Play a bot against pubeval or another level, cubeless, with duplicate dice.

    python benchmarks/strength.py --level expert --games 5000 [--weights FILE]
    python benchmarks/strength.py --level expert --opponent intermediate --games 2000 --shard 0/2
    python benchmarks/combine.py shard0.txt shard1.txt     # one figure from the shards' RESULT lines
    python benchmarks/strength.py --level gnubg1 --games 5000 --seed 105   # GNU Backgammon itself, the yardstick

Each dice sequence is played twice with the sides swapped, so luck largely
cancels.  Prints the bot's points per game with a 95% interval (over the
pairs), its win rate, and its milliseconds per move (median and 95th
percentile), then a RESULT line that ``benchmarks/combine.py`` adds up.
``--opponent`` is ``pubeval`` (the default), a level (``network`` is the
network alone), or ``gnubg0`` / ``gnubg1``: GNU Backgammon's evaluation 0 or
1 ply deep choosing among the legal plays (needs the train extra:
``pip install -e '.[train]'``); ``--opponent-weights`` gives a level other
weights (a new network against the shipped one).  ``--level gnubg0`` /
``gnubg1`` puts GNU Backgammon itself in the measured seat, so it meets an
opponent on the same dice as a level does.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Position  # noqa: E402
from engine.ai.bots import get_bot  # noqa: E402
from engine.ai.network import Network  # noqa: E402
from engine.moves import apply_steps, legal_leaves  # noqa: E402
from engine.ai.network import equity  # noqa: E402
from pubeval import PubEval  # noqa: E402


class GnubgPlayer:
    """GNU Backgammon as an opponent: each legal play's result valued by its
    cubeless evaluation ``plies`` deep (0: its network alone), the best taken."""

    def __init__(self, plies: int):
        import numpy as np

        from engine.ai.teach.teacher import GnubgTeacher

        self.teacher = GnubgTeacher(plies)
        self.level = self.teacher.name
        self._np = np

    def choose_play(self, pos, dice):
        legal = legal_leaves(pos, dice)
        if not legal:
            return ()
        keys = list(legal)
        for b, o in keys:
            if b[0] == 15:
                return legal[(b, o)][0]
        if len(keys) == 1:
            return legal[keys[0]][0]
        rows = self._np.array([o[::-1] + b for b, o in keys], dtype=self._np.float32)
        mover = -equity(self.teacher.probabilities(rows[:, :26], rows[:, 26:]))
        return legal[keys[int(self._np.argmax(mover))]][0]


def play_game(players, seed: int, times: list | None = None, timed: int = -1) -> int:
    """One game; returns points won by seat 0 (negative: seat 1 won)."""
    rng = random.Random(seed)
    while True:
        a, b = rng.randint(1, 6), rng.randint(1, 6)
        if a != b:
            break
    seat = 0 if a > b else 1
    dice = (a, b)
    pos = Position.initial()
    for _ in range(10000):
        bot = players[seat]
        t0 = time.perf_counter()
        play = bot.choose_play(pos, dice)
        if seat == timed and times is not None:
            times.append(time.perf_counter() - t0)
        pos = apply_steps(pos, play)
        if pos.borne_off[0] == 15:
            them = pos.opponent_counts()
            points = 1 if pos.borne_off[1] else (3 if them[24] or any(them[18:24]) else 2)
            return points if seat == 0 else -points
        pos = pos.swapped()
        seat = 1 - seat
        dice = (rng.randint(1, 6), rng.randint(1, 6))
    raise RuntimeError("game did not end")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--level", default="intermediate", help="a level, or gnubg0 / gnubg1 (GNU Backgammon itself, as a yardstick)")
    ap.add_argument("--games", type=int, default=1000, help="games in all (pairs x 2)")
    ap.add_argument("--weights", default=None)
    ap.add_argument("--opponent", default="pubeval", help="pubeval, a level (beginner, intermediate, expert, network), or gnubg0 / gnubg1")
    ap.add_argument("--opponent-weights", default=None, help="weights for an opponent level (default: the shipped ones)")
    ap.add_argument("--seed", type=int, default=12345)
    ap.add_argument("--shard", default="0/1", help="i/n: play only pairs with index %% n == i")
    ap.add_argument("--progress", type=int, default=0, help="print the running figure every N pairs")
    ap.add_argument("--noise", type=float, default=None, help="override the level's noise (calibration)")
    ap.add_argument("--max-loss", type=float, default=None, help="override the level's max_loss (calibration)")
    ap.add_argument("--opponent-noise", type=float, default=None, help="override an opponent level's noise (0: its best play always)")
    ap.add_argument("--candidates", type=int, default=None, help="override the level's lookahead candidates (search width)")
    ap.add_argument("--margin", type=float, default=None, help="override the level's lookahead margin (search width)")
    ap.add_argument("--lookahead", type=int, default=None, help="override the level's lookahead: 0, 1 or 2 (the two-roll search)")
    ap.add_argument("--deep-candidates", type=int, default=None, help="with --lookahead 2: how many 1-ply contenders go two rolls deep")
    ap.add_argument("--deep-margin", type=float, default=None, help="with --lookahead 2: within how much of the best 1-ply value")
    args = ap.parse_args()
    net = Network.load(args.weights) if args.weights else None
    if args.level in ("gnubg0", "gnubg1"):  # the yardstick: GNU Backgammon itself against the opponent
        bot = GnubgPlayer(int(args.level[-1]))
    else:
        bot = get_bot(args.level, seed=args.seed, net=net) if net else get_bot(args.level, seed=args.seed)
    for setting in ("noise", "max_loss", "candidates", "margin", "lookahead", "deep_candidates", "deep_margin"):
        if getattr(args, setting) is not None:  # the level's own, overridden
            setattr(bot, setting, getattr(args, setting))
    if args.opponent == "pubeval":
        pub = PubEval()
    elif args.opponent in ("gnubg0", "gnubg1"):
        pub = GnubgPlayer(int(args.opponent[-1]))
    else:
        opp_net = Network.load(args.opponent_weights) if args.opponent_weights else None
        pub = get_bot(args.opponent, seed=args.seed + 1, net=opp_net)
        if args.opponent_noise is not None:
            pub.noise = args.opponent_noise
    shard_i, shard_n = (int(v) for v in args.shard.split("/"))
    pair_results = []
    wins = 0
    times: list = []
    start = time.time()
    pairs = args.games // 2
    try:
        for k in range(pairs):
            if k % shard_n != shard_i:
                continue
            seed = args.seed * 1_000_003 + k
            first = play_game((bot, pub), seed, times, timed=0)
            second = -play_game((pub, bot), seed, times, timed=1)
            wins += (first > 0) + (second > 0)
            pair_results.append((first + second) / 2.0)
            if args.progress and len(pair_results) % args.progress == 0:
                n = len(pair_results)
                mean = statistics.fmean(pair_results)
                half = 1.96 * statistics.stdev(pair_results) / math.sqrt(n)
                print(f"  after {2 * n} games: {mean:+.3f} +/- {half:.3f} ppg, {time.time() - start:.0f} s", flush=True)
    except KeyboardInterrupt:
        print("interrupted: the figures below are for the games finished so far", flush=True)
    n = len(pair_results)
    mean = statistics.fmean(pair_results)
    sd = statistics.stdev(pair_results) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n) if n > 1 else float("nan")
    times.sort()
    med = times[len(times) // 2] * 1000
    p95 = times[int(len(times) * 0.95)] * 1000
    print(f"{args.level} vs {args.opponent}: {2 * n} games ({n} duplicate pairs), {time.time() - start:.0f} s")
    print(f"points per game: {mean:+.3f} +/- {half:.3f} (95%)   wins {wins / (2 * n):.1%}")
    print(f"ms per move: median {med:.2f}, 95th percentile {p95:.2f} ({len(times)} moves)")
    print(f"RESULT level={args.level} opponent={args.opponent} pairs={n} sum={sum(pair_results):.1f} sumsq={sum(r * r for r in pair_results):.2f} wins={wins}")


if __name__ == "__main__":
    main()
