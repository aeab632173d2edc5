"""The expert's error rate as GNU Backgammon's 2-ply judges it.

    python benchmarks/expert_error.py [--games 30] [--seed 1] [--gnubg-plies 2] [--lookahead 2] [--shard 0/1]
    (shards: add the RESULT lines' losses and decisions: the rate is 1000 x loss / decisions)

Needs the train extra (``pip install -e '.[train]'``: the ``gnubg`` package).
Whole games of the expert against itself (seeded dice; cubeless); at every
checker play with a choice, GNU Backgammon values every legal play's result,
cubeless, ``--gnubg-plies`` deep, and the expert's play loses what GNU
Backgammon's best gains over it.  Prints the mean loss in millipoints per
decision (mppm), with a 95% interval over the games, how often the expert
played GNU Backgammon's best play, and the expert's time per move.
``--lookahead 1`` measures the expert as it was before the two-roll search.
"""

from __future__ import annotations

import os

os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse  # noqa: E402
import math  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402

from engine import Position, SeededDice, get_bot  # noqa: E402
from engine.ai.network import equity  # noqa: E402
from engine.ai.teach.teacher import GnubgTeacher  # noqa: E402
from engine.moves import legal_leaves  # noqa: E402


def game_losses(bot, judge: GnubgTeacher, seed: int, times: list) -> list:
    """The expert's losses (GNU Backgammon's equity) at each choice of one game against itself."""
    dice = SeededDice(seed)
    pos = Position.initial()
    losses = []
    first = dice.roll()
    while first[0] == first[1]:
        first = dice.roll()
    roll = first
    for _ in range(600):
        legal = legal_leaves(pos, roll)
        if legal:
            start = time.perf_counter()
            play = bot.choose_play(pos, roll)
            times.append(time.perf_counter() - start)
            after = pos.apply(play)
            if len(legal) > 1:
                keys = list(legal)
                rows = np.array([o[::-1] + b for b, o in keys], dtype=np.float32)
                values = -equity(judge.probabilities(rows[:, :26], rows[:, 26:]))
                for i, (b, _) in enumerate(keys):
                    if b[0] == 15:
                        values[i] = 3.0  # wins at once: nothing is better
                chosen = keys.index(after.key)
                losses.append(float(values.max() - values[chosen]))
            if after.winner() is not None:
                break
            pos = after.swapped()
        else:
            pos = pos.swapped()
        roll = dice.roll()
    return losses


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--gnubg-plies", type=int, default=2)
    ap.add_argument("--lookahead", type=int, default=None, help="the expert's lookahead (default: as shipped)")
    ap.add_argument("--shard", default="0/1", help="i/n: play only games with index %% n == i")
    args = ap.parse_args()
    bot = get_bot("expert", seed=args.seed)
    if args.lookahead is not None:
        bot.lookahead = args.lookahead
    judge = GnubgTeacher(args.gnubg_plies)
    shard_i, shard_n = (int(v) for v in args.shard.split("/"))
    per_game, all_losses, times = [], [], []
    start = time.time()
    for k in range(args.games):
        if k % shard_n != shard_i:
            continue
        losses = game_losses(bot, judge, args.seed * 1_000_003 + k, times)
        all_losses.extend(losses)
        per_game.append((sum(losses), len(losses)))
    n = sum(c for _, c in per_game)
    rate = 1000.0 * sum(all_losses) / max(n, 1)
    # the interval: the ratio estimator over games (each game's total loss and count)
    if len(per_game) > 1:
        resid = [1000.0 * s - rate * c for s, c in per_game]
        half = 1.96 * statistics.stdev(resid) * math.sqrt(len(per_game)) / max(n, 1)
    else:
        half = float("nan")
    best = sum(1 for x in all_losses if x <= 1e-9) / max(n, 1)
    times.sort()
    print(f"expert (lookahead {bot.lookahead}) judged by GNU Backgammon {args.gnubg_plies}-ply: {len(per_game)} games, "
          f"{n} decisions with a choice, {time.time() - start:.0f} s")
    print(f"error rate {rate:.2f} +/- {half:.2f} mppm (95%); GNU Backgammon's best play chosen {best:.1%}")
    if times:
        print(f"ms per move: median {times[len(times) // 2] * 1000:.1f}, 95th percentile {times[int(len(times) * 0.95)] * 1000:.1f}")
    print(f"RESULT games={len(per_game)} decisions={n} loss={sum(all_losses):.5f}")


if __name__ == "__main__":
    main()
