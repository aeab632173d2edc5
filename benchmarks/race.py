"""Long races: the network against the race evaluation (engine/ai/longrace.py).

    python benchmarks/race.py --positions 300 [--lookahead 0] [--seed 1] [--synthetic]

Race positions (no contact, not every checker home) are taken from games the
intermediate level plays against itself; each is played out twice with the
same dice, the race evaluation on one side and the network on the other,
then the sides swapped.  Both bear off from the database once everyone is
home, so only the long-race plays differ.  Prints the race evaluation's
points per game against the network with a 95% interval over the pairs, and
a RESULT line like strength.py's.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path
from typing import List

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Position, get_bot  # noqa: E402
from engine.ai import longrace  # noqa: E402
from engine.ai.bots import NetBot  # noqa: E402


def race_positions(n: int, seed: int) -> List[Position]:
    """The first long-race position of each of ``n`` self-play games that reach one."""
    bot = get_bot("intermediate", seed=seed)
    rng = random.Random(seed)
    out: List[Position] = []
    while len(out) < n:
        pos = Position.initial()
        for _ in range(400):
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            pos = pos.apply(bot.choose_play(pos, dice))
            if pos.winner() is not None:
                break
            pos = pos.swapped()
            if not pos.is_contact():
                me, them = pos.on_roll_counts(), pos.opponent_counts()
                if any(me[6:]) or any(them[6:]):
                    out.append(pos)
                break
    return out


def synthetic_positions(n: int, seed: int) -> List[Position]:
    """Long races made up: each side's 15 checkers spread at random over its
    points 1..12 (so the sides have passed each other), about 95 pips each."""
    rng = random.Random(seed)
    out: List[Position] = []
    for _ in range(n):
        sides = []
        for _ in range(2):
            counts = [0] * 25
            for _ in range(15):
                counts[rng.randint(0, 11)] += 1
            sides.append(counts)
        out.append(Position(sides[0], sides[1]))
    return out


def play_out(pos: Position, players: tuple, seed: int) -> int:
    """Points won by players[0], who is on roll at ``pos``."""
    rng = random.Random(seed)
    seat = 0
    for _ in range(1000):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        pos = pos.apply(players[seat].choose_play(pos, dice))
        if pos.winner() is not None:
            them = pos.opponent_counts()
            points = 1 if pos.borne_off[1] else (3 if them[24] or any(them[18:24]) else 2)
            return points if seat == 0 else -points
        pos = pos.swapped()
        seat = 1 - seat
    raise RuntimeError("race did not end")


def race_bot(lookahead: int) -> NetBot:
    """A network bot whose evaluator answers races with the race evaluation."""
    bot = NetBot("race", lookahead=lookahead)
    plain = bot._evaluator

    def evaluator(me: np.ndarray, them: np.ndarray) -> np.ndarray:
        return longrace.evaluate_boards(plain, me, them)

    bot._evaluator = evaluator  # type: ignore[method-assign]
    return bot


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--lookahead", type=int, default=0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--synthetic", action="store_true", help="made-up long races (checkers spread over points 1..12) instead of self-play ones")
    args = ap.parse_args()
    start = time.time()
    positions = synthetic_positions(args.positions, args.seed) if args.synthetic else race_positions(args.positions, args.seed)
    print(f"{len(positions)} race positions, mean pips {statistics.fmean(sum(p.pips()) / 2 for p in positions):.0f}, {time.time() - start:.0f} s", flush=True)
    net = NetBot("network", lookahead=args.lookahead)
    race = race_bot(args.lookahead)
    pairs = []
    differ = 0
    wins = 0
    for i, pos in enumerate(positions):
        seed = args.seed * 1_000_003 + i
        a = play_out(pos, (race, net), seed)
        b = -play_out(pos, (net, race), seed)
        pairs.append((a + b) / 2.0)
        differ += a != -b
        wins += (a > 0) + (b > 0)
    n = len(pairs)
    mean = statistics.fmean(pairs)
    half = 1.96 * statistics.stdev(pairs) / math.sqrt(n) if n > 1 else float("nan")
    print(f"race evaluation vs network, lookahead {args.lookahead}: {2 * n} games ({n} duplicate pairs, {differ} with different results), {time.time() - start:.0f} s")
    print(f"points per game: {mean:+.3f} +/- {half:.3f} (95%)")
    print(f"RESULT level=race-eval opponent=network pairs={n} sum={sum(pairs):.1f} sumsq={sum(r * r for r in pairs):.2f} wins={wins}")


if __name__ == "__main__":
    main()
