"""Add up the RESULT lines of ``strength.py`` shards into one figure.

    python benchmarks/combine.py shard0.txt shard1.txt      # or: cat shard*.txt | python benchmarks/combine.py

Each shard prints ``RESULT level=L opponent=O pairs=N sum=S sumsq=Q wins=W``
(sums over its duplicate pairs); the combined mean and its 95% interval are
exact, as if one run had played every pair.

>>> lines = ["RESULT level=expert opponent=pubeval pairs=2 sum=1.0 sumsq=1.00 wins=3",
...          "RESULT level=expert opponent=pubeval pairs=2 sum=0.0 sumsq=0.50 wins=2"]
>>> print(summary(parse(lines)))
expert vs pubeval: 8 games (4 duplicate pairs) from 2 shards
points per game: +0.250 +/- 0.633 (95%)   wins 62.5%
"""

from __future__ import annotations

import argparse
import fileinput
import math
from dataclasses import dataclass
from typing import Iterable, List


@dataclass(frozen=True)
class Shard:
    level: str
    opponent: str
    pairs: int
    total: float
    sumsq: float
    wins: int


def parse(lines: Iterable[str]) -> List[Shard]:
    """The RESULT lines among ``lines`` (other lines are skipped)."""
    shards = []
    for line in lines:
        if not line.startswith("RESULT "):
            continue
        fields = dict(item.split("=", 1) for item in line.split()[1:] if "=" in item)
        shards.append(
            Shard(
                fields.get("level", "?"),
                fields.get("opponent", "pubeval"),
                int(fields["pairs"]),
                float(fields["sum"]),
                float(fields["sumsq"]),
                int(fields["wins"]),
            )
        )
    return shards


def summary(shards: List[Shard]) -> str:
    if not shards:
        raise SystemExit("no RESULT lines found")
    matchups = {(s.level, s.opponent) for s in shards}
    if len(matchups) > 1:
        raise SystemExit(f"RESULT lines from different match-ups: {sorted(matchups)}")
    level, opponent = matchups.pop()
    n = sum(s.pairs for s in shards)
    total = sum(s.total for s in shards)
    sumsq = sum(s.sumsq for s in shards)
    wins = sum(s.wins for s in shards)
    mean = total / n
    var = (sumsq - n * mean * mean) / (n - 1) if n > 1 else float("nan")
    half = 1.96 * math.sqrt(max(var, 0.0) / n) if n > 1 else float("nan")
    return (
        f"{level} vs {opponent}: {2 * n} games ({n} duplicate pairs) from {len(shards)} shards\n"
        f"points per game: {mean:+.3f} +/- {half:.3f} (95%)   wins {wins / (2 * n):.1%}"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="*", help="files holding strength.py output (default: standard input)")
    args = ap.parse_args()
    print(summary(parse(fileinput.input(args.files))))


if __name__ == "__main__":
    main()
