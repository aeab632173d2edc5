"""Rollouts: how long the 1,296-game truncated rollout takes, and how much
variance reduction narrows its interval (engine/rollout).

    BACKGAMMON_HOME=$(mktemp -d) nice python benchmarks/rollout.py [--trials 1296] [--truncate 11] [--workers 2]
        [--runs reduced,plain,cubeful] [--before-roll] [--seed 1]

The opening position after the opening 3-1 played 8/5 6/5 (``--before-roll``:
the opening position before its roll) is rolled out ``--trials`` times,
truncated after ``--truncate`` rolls, on ``--workers`` processes, once for
each run named (its wall time and the CPU time of it and its workers): ``reduced`` (cubeless, variance reduction), ``plain``
(cubeless, no variance reduction), ``cubeful`` (money play, the cube
centred, variance reduction).  Each prints its wall time, trials a second,
the equity with its 95 % interval and the five probabilities; then the
intervals' ratio (what the reduction buys: the plain rollout would need
the ratio squared times the trials for the same width).  The target:
the reduced 1,296-game truncated rollout within 60 s on a 2-core machine.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

try:
    import resource
except ImportError:  # Windows: no CPU times of the workers
    resource = None  # type: ignore[assignment]
from pathlib import Path
from typing import Dict

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Position  # noqa: E402
from engine.rollout import RolloutResult, RolloutSettings, rollout  # noqa: E402

RUNS = {
    "reduced": dict(cubeful=False, variance_reduction=True),
    "plain": dict(cubeful=False, variance_reduction=False),
    "cubeful": dict(cubeful=True, variance_reduction=True),
}
PLAY = ((8, 5), (6, 5))
DICE = (3, 1)


def _cpu() -> float:
    """CPU seconds of this process and of its finished workers (on a
    loaded machine the wall time says little: this says what it cost)."""
    if resource is None:
        return time.process_time()
    me, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=1296)
    parser.add_argument("--truncate", type=int, default=11, help="rolls before the network values the game; -1: to the end")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--runs", default="reduced,plain,cubeful", help="which runs, comma-separated: " + ", ".join(RUNS))
    parser.add_argument("--before-roll", action="store_true", help="the opening position before its roll, not after 3-1 8/5 6/5")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    names = [n.strip() for n in args.runs.split(",") if n.strip()]
    unknown = [n for n in names if n not in RUNS]
    if unknown:
        parser.error(f"unknown runs {unknown}: choose among {', '.join(RUNS)}")
    what = "the opening position before its roll" if args.before_roll else "the opening 3-1 played 8/5 6/5"
    truncate = None if args.truncate < 0 else args.truncate
    cut = "to the end" if truncate is None else f"truncated after {truncate} rolls"
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"rollout of {what}: {args.trials} trials, {cut}, {args.workers} workers, {os.cpu_count()} cores, load {load:.2f}")
    done: Dict[str, RolloutResult] = {}
    for name in names:
        settings = RolloutSettings(trials=args.trials, truncate=truncate, seed=args.seed, workers=args.workers, **RUNS[name])  # type: ignore[arg-type]
        start, cpu = time.perf_counter(), _cpu()
        if args.before_roll:
            (result,) = rollout(Position.initial(), settings)
        else:
            (result,) = rollout(Position.initial(), settings, plays=[PLAY], dice=DICE)
        wall, cpu = time.perf_counter() - start, _cpu() - cpu
        done[name] = result
        e = result.equity
        line = f"{name:8s} {wall:6.1f} s ({cpu:6.1f} s of CPU)  {result.trials / wall:6.1f} trials/s  equity {e.mean:+.4f} ± {e.half_width:.4f}"
        if result.cubeful_equity is not None:
            c = result.cubeful_equity
            line += f"  cubeful {c.mean:+.4f} ± {c.half_width:.4f}"
        line += "  (" + " ".join(f"{100 * p.mean:.1f}%" for p in result.probabilities) + ")"
        print(line, flush=True)
    if "reduced" in done and "plain" in done and done["reduced"].equity.half_width > 0:
        ratio = done["plain"].equity.half_width / done["reduced"].equity.half_width
        print(f"variance reduction: the interval {ratio:.1f} times narrower (as {ratio * ratio:.0f} times the trials)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
