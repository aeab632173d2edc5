"""Time analyse_match on a 60-turn game (the target: at most 5 s on one core).

    python benchmarks/analysis.py [--turns 60] [--seed 1]

The game is played by the intermediate computer player for both sides with
seeded dice, cut after ``--turns`` turns (a longer game is looked for when
one ends sooner).  The process is pinned to one core and numpy to one thread.
"""

from __future__ import annotations

import os

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("MKL_NUM_THREADS", "1")

import argparse  # noqa: E402
import time  # noqa: E402

from engine import Match, SeededDice, analyse_match, get_bot  # noqa: E402


def game_of(turns: int, seed: int) -> Match:
    """A game of at least ``turns`` turns (plays and passes), cut there."""
    bot = get_bot("intermediate", seed=seed)
    while True:
        m = Match(dice=SeededDice(seed))
        g = m.game
        g.roll()
        while not g.over and sum(1 for e in g.log if e.kind in ("play", "pass")) < turns:
            if g.phase == "move":
                g.play(bot.choose_play(g.turn_start, g.dice))
            else:
                g.roll()
        if sum(1 for e in g.log if e.kind in ("play", "pass")) >= turns:
            return m
        seed += 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--turns", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[-1]})
    m = game_of(args.turns, args.seed)
    analyse_match(m)  # load the network, warm the caches
    walls, cpus = [], []
    for _ in range(args.repeat):
        w, c = time.perf_counter(), time.process_time()
        a = analyse_match(m)
        walls.append(time.perf_counter() - w)
        cpus.append(time.process_time() - c)
    s0, s1 = a.players
    print(f"decisions: {len(a.decisions)} ({s0.decisions + s1.decisions} unforced) in a {args.turns}-turn game")
    print(f"analysis: best {min(walls):.2f} s wall, {min(cpus):.2f} s CPU on one core "
          f"(of {args.repeat}: {', '.join(f'{w:.2f}' for w in walls)} s); target <= 5 s")
    print(f"error rates x1000: {s0.error_rate:.1f} / {s1.error_rate:.1f}; luck {s0.luck:+.2f} / {s1.luck:+.2f}")


if __name__ == "__main__":
    main()
