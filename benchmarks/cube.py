"""Money games with the doubling cube: two cube evaluations, the same checker play.

    python benchmarks/cube.py --games 2000 [--checker-lookahead 0] [--shard 0/2]
    python benchmarks/combine.py shard0.txt shard1.txt     # one figure from the shards

Both sides are the network with the same checker play (0-ply by default,
``--checker-lookahead 1`` for the expert's); they differ only in how deep
their cube decisions look: side A decides whether to double and to take one
roll deep (``NetBot(cube_lookahead=1)``, the expert's), side B on the 0-ply
estimate.  The games are played by the engine (:class:`engine.Game`, the
cube up to 64, no Jacoby rule), each dice sequence twice with the sides
swapped, so the pairs differ only where a cube decision did.  Prints A's
points per game with a 95% interval over the pairs, the cube actions of each
side, the milliseconds each side's cube decisions took, and a RESULT line for
``benchmarks/combine.py``.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import List, Sequence, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Game  # noqa: E402
from engine.ai.bots import NetBot  # noqa: E402
from engine.ai.network import Network  # noqa: E402
from engine.dice import SeededDice  # noqa: E402
from engine.kinds import Phase  # noqa: E402


def _owner(game: Game) -> str:
    if game.cube_owner is None:
        return "centre"
    return "me" if game.cube_owner == game.turn else "opponent"


def play_money_game(players: Sequence[NetBot], seed: int, actions: List[Counter], times: Sequence[List[float]]) -> int:
    """One game; the points won by seat 0 (negative: seat 1 won).  ``actions[s]``
    counts seat s's doubles, takes and drops; ``times[s]`` gets the seconds
    each of its cube decisions took."""
    game = Game(cube=True, dice=SeededDice(seed))
    for _ in range(10000):
        phase = game.phase
        if phase == Phase.OVER:
            assert game.result is not None
            points = game.result.points
            return points if game.result.winner == 0 else -points
        if phase == Phase.OPENING:
            game.roll()
        elif phase == Phase.ROLL:
            seat = game.turn
            doubles = False
            if game.can_double():
                t0 = time.perf_counter()
                doubles = players[seat].should_double(game.position, game.cube_value, _owner(game))
                times[seat].append(time.perf_counter() - t0)
            if doubles:
                actions[seat]["double"] += 1
                game.double()
            else:
                game.roll()
        elif phase == Phase.DOUBLED:
            seat = 1 - game.turn
            t0 = time.perf_counter()
            takes = players[seat].should_take(game.position_for(seat), game.cube_value)
            times[seat].append(time.perf_counter() - t0)
            actions[seat]["take" if takes else "drop"] += 1
            game.take() if takes else game.drop()
        elif phase == Phase.MOVE:
            assert game.dice is not None
            game.play(players[game.turn].choose_play(game.turn_start, game.dice))
        else:  # pragma: no cover - no resignations here
            raise RuntimeError(f"unexpected phase {phase}")
    raise RuntimeError("game did not end")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=1000, help="games in all (pairs x 2)")
    ap.add_argument("--weights", default=None, help="the network of both sides (default: the shipped one)")
    ap.add_argument("--checker-lookahead", type=int, default=0, choices=(0, 1), help="both sides' checker play")
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--shard", default="0/1", help="i/n: play only pairs with index %% n == i")
    ap.add_argument("--progress", type=int, default=0, help="print the running figure every N pairs")
    args = ap.parse_args()
    net = Network.load(args.weights) if args.weights else None
    deep = NetBot("cube1", net, lookahead=args.checker_lookahead, cube_lookahead=1)
    flat = NetBot("cube0", net, lookahead=args.checker_lookahead, cube_lookahead=0)
    shard_i, shard_n = (int(v) for v in args.shard.split("/"))
    results: List[float] = []
    wins = 0
    actions: Tuple[Counter, Counter] = (Counter(), Counter())  # A's, B's
    times: Tuple[List[float], List[float]] = ([], [])  # A's, B's
    start = time.time()
    for k in range(args.games // 2):
        if k % shard_n != shard_i:
            continue
        seed = args.seed * 1_000_003 + k
        first_actions: List[Counter] = [Counter(), Counter()]
        first = play_money_game((deep, flat), seed, first_actions, times)
        second_actions: List[Counter] = [Counter(), Counter()]
        second = -play_money_game((flat, deep), seed, second_actions, times[::-1])
        actions[0].update(first_actions[0] + second_actions[1])
        actions[1].update(first_actions[1] + second_actions[0])
        wins += (first > 0) + (second > 0)
        results.append((first + second) / 2.0)
        if args.progress and len(results) % args.progress == 0 and len(results) > 1:
            half = 1.96 * statistics.stdev(results) / math.sqrt(len(results))
            print(f"  after {2 * len(results)} games: {statistics.fmean(results):+.3f} +/- {half:.3f} ppg", flush=True)
    n = len(results)
    mean = statistics.fmean(results) if n else float("nan")
    half = 1.96 * statistics.stdev(results) / math.sqrt(n) if n > 1 else float("nan")
    print(f"cube one roll deep vs cube at 0-ply, checker play {args.checker_lookahead}-ply: {2 * n} games ({n} duplicate pairs), {time.time() - start:.0f} s")
    print(f"points per game: {mean:+.3f} +/- {half:.3f} (95%)   wins {wins / max(2 * n, 1):.1%}")
    for name, counts, spent in zip(("A (one roll deep)", "B (0-ply)"), actions, times):
        print(f"{name}: doubles {counts['double']}, takes {counts['take']}, drops {counts['drop']}")
        if spent:
            spent = sorted(spent)
            print(f"  ms per cube decision: median {spent[len(spent) // 2] * 1000:.2f}, 95th percentile {spent[int(len(spent) * 0.95)] * 1000:.2f} ({len(spent)} decisions)")
    print(f"RESULT level=cube1 opponent=cube0 pairs={n} sum={sum(results):.1f} sumsq={sum(r * r for r in results):.2f} wins={wins}")


if __name__ == "__main__":
    main()
