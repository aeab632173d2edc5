"""Time analyse_match on a 60-turn game at each depth (the targets: at most
5 s at 1-ply and 10 s at 2-ply on one core), and the expert computer
player's own error rate as the 2-ply judge sees it.

    python benchmarks/analysis.py [--turns 60] [--seed 1] [--ply 1 2] [--repeat 3] [--expert-games 4]

The timed game is played by the intermediate computer player for both sides
with seeded dice, cut after ``--turns`` turns (a longer game is looked for
when one ends sooner).  The expert's error rate: ``--expert-games`` whole
games of the expert against itself (seeded dice), analysed at 2-ply (0: not
measured).  The process is pinned to one core and numpy to one thread.
"""

from __future__ import annotations

import os

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("MKL_NUM_THREADS", "1")

import argparse  # noqa: E402
import time  # noqa: E402

from engine import Match, SeededDice, analyse_match, get_bot  # noqa: E402

TARGETS = {1: 5.0, 2: 10.0}


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


def expert_game(seed: int) -> Match:
    """A whole game of the expert against itself (no cube), seeded dice."""
    bot = get_bot("expert", seed=seed)
    m = Match(dice=SeededDice(seed))
    g = m.game
    while not g.over:
        if g.phase == "move":
            g.play(bot.choose_play(g.turn_start, g.dice))
        else:
            g.roll()
    return m


def time_ply(m: Match, ply: int, repeat: int) -> None:
    analyse_match(m, ply=ply)  # load the network, warm the caches
    walls, cpus = [], []
    for _ in range(repeat):
        w, c = time.perf_counter(), time.process_time()
        a = analyse_match(m, ply=ply)
        walls.append(time.perf_counter() - w)
        cpus.append(time.process_time() - c)
    s0, s1 = a.players
    print(f"{ply}-ply: best {min(walls):.2f} s wall, {min(cpus):.2f} s CPU on one core "
          f"(of {repeat}: {', '.join(f'{w:.2f}' for w in walls)} s); target <= {TARGETS[ply]:.0f} s")
    print(f"  {len(a.decisions)} decisions ({s0.decisions + s1.decisions} unforced); "
          f"error rates {s0.error_rate:.1f} / {s1.error_rate:.1f} mEMG; luck {s0.luck:+.2f} / {s1.luck:+.2f}")


def expert_rate(games: int, seed: int) -> None:
    """The expert's own error rate at 2-ply over ``games`` games."""
    loss, count, mistakes, w = 0.0, 0, 0, time.perf_counter()
    for k in range(games):
        a = analyse_match(expert_game(seed + k), ply=2)
        for s in a.players:
            loss += s.total_loss
            count += s.decisions
        mistakes += len(a.mistakes())
    rate = 1000.0 * loss / count if count else 0.0
    print(f"the expert's own plays at 2-ply over {games} games: {rate:.2f} mEMG per decision "
          f"({count} unforced decisions, {mistakes} doubtful or worse; {time.perf_counter() - w:.0f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--turns", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--ply", type=int, nargs="+", choices=(1, 2), default=[1, 2])
    parser.add_argument("--expert-games", type=int, default=4)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[-1]})
    m = game_of(args.turns, args.seed)
    print(f"a {args.turns}-turn game:")
    for ply in args.ply:
        time_ply(m, ply, args.repeat)
    if args.expert_games > 0:
        expert_rate(args.expert_games, args.seed)


if __name__ == "__main__":
    main()
