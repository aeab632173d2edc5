"""How often the expert's cube decisions agree with GNU Backgammon's.

    python benchmarks/cube_agreement.py [--positions 2500] [--seed 1] [--gnubg-plies 1]

Needs the train extra (``pip install -e '.[train]'``): GNU Backgammon's
cubeful cube decision ``--gnubg-plies`` deep (1 by default) is the
reference.  As a yardstick, GNU Backgammon's own decision at
``--yardstick-plies`` (0: its network alone) is held against the same
reference.

Positions come from games the network alone plays against itself (a random
legal play 10% of the time), sampled before the roll where the reference's
cubeless win chance for the side on roll is between 0.55 and 0.95.  A third
are money play (no Jacoby rule, no beavers); the rest are at a random score
of a 5- or 7-point match (each side 1- to N-away; where a side is 1-away,
the Crawford game or after it at random).  The cube is centred, or now and
then 2 and owned by the side on roll.  Only match scores where that side
may usefully double are kept (the others are drawn again): not the Crawford
game, and a cube that does not already win it the match (so the
post-Crawford leader and double match point never appear).

For each position the side on roll's decision (double or not; "too good"
counts as no double) and its opponent's answer to a double (take or pass)
are asked of the expert (``should_double`` / ``should_take``) and of GNU
Backgammon (its hint's "Proper cube action").  Where the reference calls a
double optional (doubling and not doubling are worth the same), either
answer agrees.

Prints the agreement for doubles and for takes with 95% (Wilson) intervals,
by money and match and by score class, and the commonest disagreements.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import re
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, Iterator, List, Optional, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Position, get_bot  # noqa: E402
from engine.ids import GameState, MatchState, encode_match_id  # noqa: E402
from engine.moves import apply_steps, legal_leaves  # noqa: E402

LOW, HIGH = 0.55, 0.95  # the reference's cubeless win chance for the side on roll


# -- GNU Backgammon's cube decision ----------------------------------------------


@dataclass(frozen=True)
class CubeAction:
    """A cube decision: does the side on roll double (``too good`` is no
    double), would the other side take, and is the double optional."""

    double: bool
    take: bool
    optional: bool = False
    too_good: bool = False


_ACTION = re.compile(r"Proper cube action:\s*(.+?)\s*$", re.MULTILINE)
_FIRST = {  # the first half of the proper action -> (double, optional, too good)
    "double": (True, False, False),
    "redouble": (True, False, False),
    "no double": (False, False, False),
    "no redouble": (False, False, False),
    "never double": (False, False, False),
    "never redouble": (False, False, False),
    "too good to double": (False, False, True),
    "too good to redouble": (False, False, True),
    "optional double": (True, True, False),
    "optional redouble": (True, True, False),
}
_SECOND = {"take": True, "beaver": True, "pass": False, "drop": False}


def parse_cube_action(text: str) -> CubeAction:
    """The decision in GNU Backgammon's "Proper cube action: ..." line (or
    in a whole printout holding one).

    >>> parse_cube_action("Proper cube action: No double, take (23.0%)")
    CubeAction(double=False, take=True, optional=False, too_good=False)
    >>> parse_cube_action("Too good to redouble, pass")
    CubeAction(double=False, take=False, optional=False, too_good=True)
    >>> parse_cube_action("Never double, take (dead cube)").double
    False
    """
    found = _ACTION.search(text)
    line = found.group(1) if found else text.strip()
    line = re.sub(r"\s*\(.*\)\s*$", "", line).strip().lower()  # "(23.0%)", "(dead cube)"
    first, sep, second = line.rpartition(",")
    if not sep or first.strip() not in _FIRST or second.strip() not in _SECOND:
        raise ValueError(f"not a cube action: {text.strip()[:200]!r}")
    double, optional, too_good = _FIRST[first.strip()]
    return CubeAction(double, _SECOND[second.strip()], optional, too_good)


def action_name(text: str) -> str:
    """The proper action as printed, without its percentage."""
    found = _ACTION.search(text)
    line = found.group(1) if found else text.strip()
    return re.sub(r"\s*\(\d.*\)\s*$", "", line).strip()


_HEADER = re.compile(r"^(\d+)-ply cubeless equity", re.MULTILINE)
_PROBS = re.compile(r"^\s*([01]\.\d+) ([01]\.\d+) ([01]\.\d+) - ([01]\.\d+) ([01]\.\d+) ([01]\.\d+)\s*$", re.MULTILINE)


@dataclass
class Sample:
    """A position before the roll (from the side on roll) and its setting."""

    position: Position
    length: int = 0  # 0: money
    my_away: int = 0  # the side on roll's
    their_away: int = 0
    crawford: bool = False
    cube_value: int = 1
    owner: str = "centre"  # 'centre' or 'me' (the side on roll)

    def match(self, taker: bool = False) -> Optional[Dict[str, object]]:
        """The engine's match context, from the side on roll or from the taker."""
        if not self.length:
            return None
        mine, theirs = (self.their_away, self.my_away) if taker else (self.my_away, self.their_away)
        return {"crawford": self.crawford, "my_away": mine, "their_away": theirs}

    def ids(self) -> str:
        """GNU Backgammon's "Position ID:Match ID": player 0 on roll to decide,
        the dice not rolled."""
        state = MatchState(
            cube_value=self.cube_value,
            cube_owner=None if self.owner == "centre" else 0,
            dice_owner=0,
            crawford=self.crawford,
            game_state=GameState.PLAYING,
            turn=0,
            dice=(0, 0),
            length=self.length,
            score=(self.length - self.my_away, self.length - self.their_away) if self.length else (0, 0),
        )
        return f"{self.position.to_id()}:{encode_match_id(state)}"

    def score_class(self) -> str:
        if not self.length:
            return "money"
        if min(self.my_away, self.their_away) == 1:
            return "post-Crawford"
        if self.crawford:  # not sampled: no cube in the Crawford game
            return "Crawford"
        if min(self.my_away, self.their_away) == 2:
            return "2-away"
        return "other"


class Gnubg:
    """GNU Backgammon's command interpreter, its printout read back."""

    def __init__(self) -> None:
        try:
            import gnubg  # the train extra only
        except ImportError:
            sys.exit("this benchmark needs GNU Backgammon's Python binding: pip install -e '.[train]'")
        self._gnubg = gnubg
        self.plies: Optional[int] = None
        for cmd in ("set threads 1", "set sound enable off", "set jacoby off", "set beavers 0", "new session",
                    "set evaluation cubedecision eval cubeful on", "set evaluation cubedecision eval noise 0",
                    "set evaluation cubedecision eval prune on"):
            self.run(cmd)

    def run(self, cmd: str) -> str:
        """Run one command; what it prints (on the C stdout and stderr)."""
        sys.stdout.flush()
        sys.stderr.flush()
        saved = os.dup(1), os.dup(2)
        with tempfile.TemporaryFile(mode="w+b") as f:
            os.dup2(f.fileno(), 1)
            os.dup2(f.fileno(), 2)
            try:
                self._gnubg.command(cmd)
            finally:
                os.dup2(saved[0], 1)
                os.dup2(saved[1], 2)
                os.close(saved[0])
                os.close(saved[1])
            f.seek(0)
            return f.read().decode("utf-8", "replace")

    def cube(self, sample: Sample, plies: int) -> Tuple[CubeAction, str, Tuple[float, ...]]:
        """(decision, proper action as printed, the printout's cubeless
        probabilities of the side on roll) at ``plies``."""
        if plies != self.plies:
            out = self.run(f"set evaluation cubedecision eval plies {plies}")
            if f"{plies} ply" not in out:
                raise RuntimeError(f"could not set the cube decisions' plies: {out!r}")
            self.plies = plies
        # setting the IDs also drops the analysis kept for the last position
        out = self.run(f"set gnubgid {sample.ids()}")
        if "Setting GNUbg ID" not in out:
            raise RuntimeError(f"GNU Backgammon refused the IDs {sample.ids()}: {out.strip()[:300]!r}")
        if not sample.length:
            self.run("set jacoby off")  # the IDs set up a money session with the rule
        out = self.run("hint")
        header, probs = _HEADER.search(out), _PROBS.search(out)
        if header is None or probs is None or int(header.group(1)) != plies:
            raise RuntimeError(f"unexpected analysis at {sample.ids()} (asked for {plies} plies):\n{out}")
        return parse_cube_action(out), action_name(out), tuple(float(v) for v in probs.groups())

    def jacoby_off(self) -> bool:
        return "played without the Jacoby rule" in self.run("show jacoby").split("\n")[0]


# -- positions ------------------------------------------------------------------------


def self_play_positions(rng: random.Random, explore: float = 0.1, rate: float = 0.2) -> Iterator[Position]:
    """Positions before the roll from the network's games against itself
    (a random legal play with chance ``explore``), each turn's with chance ``rate``."""
    bot = get_bot("network", seed=rng.randrange(1 << 30))
    while True:
        while True:
            a, b = rng.randint(1, 6), rng.randint(1, 6)
            if a != b:
                break
        dice = (a, b)
        pos = Position.initial()
        for turn in range(1000):
            if turn and rng.random() < rate:
                yield pos
            legal = legal_leaves(pos, dice)
            if legal:
                play = rng.choice(list(legal.values()))[0] if rng.random() < explore else bot.choose_play(pos, dice)
                pos = apply_steps(pos, play)
            if pos.borne_off[0] == 15:
                break
            pos = pos.swapped()
            dice = (rng.randint(1, 6), rng.randint(1, 6))


def with_score(position: Position, rng: random.Random) -> Sample:
    """``position`` at money (a third) or a random score of a 5- or 7-point
    match where the side on roll may usefully double."""
    if rng.random() < 1 / 3:
        s = Sample(position)
        if rng.random() < 0.2:
            s.cube_value, s.owner = 2, "me"
        return s
    while True:
        s = Sample(position)
        s.length = rng.choice((5, 7))
        s.my_away, s.their_away = rng.randint(1, s.length), rng.randint(1, s.length)
        ones = (s.my_away == 1) + (s.their_away == 1)
        s.crawford = ones == 1 and rng.random() < 0.5
        if not ones and s.my_away > 2 and rng.random() < 0.2:
            s.cube_value, s.owner = 2, "me"
        if not s.crawford and s.cube_value < s.my_away:
            return s


def remember_last(bot: object) -> None:
    """The bot's estimate before the roll kept for the last position: its
    double, its take (the same position seen from the taker) and the side
    check all ask for it; the decisions themselves are the bot's own."""
    evaluate = bot.evaluate_before_roll  # type: ignore[attr-defined]
    kept: Dict[Position, object] = {}

    def cached(position: Position):  # type: ignore[no-untyped-def]
        if position not in kept:
            kept.clear()
            kept[position] = evaluate(position)
        return kept[position].copy()  # type: ignore[attr-defined]

    bot.evaluate_before_roll = cached  # type: ignore[attr-defined]


# -- figures -------------------------------------------------------------------------


def wilson(k: int, n: int) -> Tuple[float, float]:
    """95% interval of a proportion k/n (Wilson's).

    >>> [round(v, 3) for v in wilson(90, 100)]
    [0.826, 0.945]
    """
    if n == 0:
        return float("nan"), float("nan")
    z = 1.959964
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def figure(k: int, n: int) -> str:
    if n == 0:
        return f"{'-':>21}"
    lo, hi = wilson(k, n)
    return f"{k / n:6.1%} [{lo:5.1%}, {hi:5.1%}]"


@dataclass
class Record:
    sample: Sample
    reference: CubeAction
    reference_name: str
    yardstick: CubeAction
    ours_double: bool
    ours_take: bool
    p_reference: float
    p_ours: float
    tags: List[str] = field(default_factory=list)

    def agrees(self, who: str, what: str) -> bool:
        ref = self.reference
        if who == "expert":
            double, take = self.ours_double, self.ours_take
        else:
            double, take = self.yardstick.double, self.yardstick.take
        if what == "double":
            return ref.optional or double == ref.double
        return take == ref.take


def report(records: List[Record], args: argparse.Namespace, seconds: float) -> None:
    n = len(records)
    money = sum(1 for r in records if not r.sample.length)
    ref, yard = f"gnubg {args.gnubg_plies}-ply", f"gnubg {args.yardstick_plies}-ply"
    print()
    print(f"{n} positions ({money} money, {n - money} match), reference {ref} cubeful, {seconds:.0f} s")
    print(f"{'agreement with ' + ref:<34}{'doubles':>24}{'takes':>24}")
    for who, label in (("expert", "expert"), ("yardstick", yard)):
        d = sum(r.agrees(who, "double") for r in records)
        t = sum(r.agrees(who, "take") for r in records)
        print(f"  {label:<32}{figure(d, n):>24}{figure(t, n):>24}")
    print()
    print(f"by kind of score (expert | {yard}):")
    print(f"  {'':<20}{'n':>6}{'doubles, expert':>24}{'doubles, ' + yard:>26}{'takes, expert':>24}{'takes, ' + yard:>26}")
    groups: List[Tuple[str, List[Record]]] = [
        ("money", [r for r in records if not r.sample.length]),
        ("match", [r for r in records if r.sample.length]),
    ]
    for cls in ("post-Crawford", "2-away", "other"):
        groups.append(("  " + cls, [r for r in records if r.sample.score_class() == cls]))
    for length in (5, 7):
        groups.append((f"  {length}-point", [r for r in records if r.sample.length == length]))
    groups.append(("cube centred", [r for r in records if r.sample.owner == "centre"]))
    groups.append(("cube 2, doubler's", [r for r in records if r.sample.owner == "me"]))
    for name, test in (("no double", lambda a: not a.double and not a.too_good), ("double, take", lambda a: a.double and a.take),
                       ("double, pass", lambda a: a.double and not a.take), ("too good", lambda a: a.too_good)):
        groups.append((f"{ref[6:]}: {name}", [r for r in records if test(r.reference)]))
    groups.append(("contact", [r for r in records if r.sample.position.is_contact()]))
    groups.append(("race", [r for r in records if not r.sample.position.is_contact()]))
    for name, group in groups:
        m = len(group)
        cells = [figure(sum(r.agrees(who, what) for r in group), m) for what in ("double", "take") for who in ("expert", "yardstick")]
        print(f"  {name:<20}{m:>6}{cells[0]:>24}{cells[1]:>26}{cells[2]:>24}{cells[3]:>26}")
    ref_doubles = sum(r.reference.double and not r.reference.optional for r in records)
    optional = sum(r.reference.optional for r in records)
    too_good = sum(r.reference.too_good for r in records)
    ref_takes = sum(r.reference.take for r in records)
    ours_doubles = sum(r.ours_double for r in records)
    ours_takes = sum(r.ours_take for r in records)
    print()
    print(f"{ref} doubles {ref_doubles} ({optional} more optional, {too_good} too good), takes {ref_takes}; "
          f"the expert doubles {ours_doubles}, takes {ours_takes}")
    actions = Counter(r.reference_name for r in records)
    print(f"{ref}'s proper actions: " + ", ".join(f"{name} {count}" for name, count in actions.most_common()))
    for what, verb in (("double", ("double", "no double")), ("take", ("take", "pass"))):
        wrong: Counter = Counter()
        for r in records:
            if not r.agrees("expert", what):
                ours = r.ours_double if what == "double" else r.ours_take
                kind = "money" if not r.sample.length else r.sample.score_class()
                wrong[(verb[0] if ours else verb[1], r.reference_name, kind)] += 1
        total = sum(wrong.values())
        print(f"commonest disagreements on {what}s ({total}): the expert's answer / {ref}'s proper action / score")
        for (ours, theirs, kind), count in wrong.most_common(10):
            print(f"  {count:5d}  expert {ours:<10} {ref}: {theirs:<28} {kind}")
    diffs = [r.p_ours - r.p_reference for r in records]
    mad = sum(abs(d) for d in diffs) / n
    print()
    print(f"side check: the expert's win chance for the side on roll minus {ref}'s cubeless one: "
          f"mean {sum(diffs) / n:+.3f}, mean absolute {mad:.3f}")
    if mad > 0.15:
        print("WARNING: the two disagree about who is winning: are the sides swapped?")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=2500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--gnubg-plies", type=int, default=1, help="the reference's depth (GNU Backgammon's numbering: 0 is its network alone)")
    ap.add_argument("--yardstick-plies", type=int, default=0, help="GNU Backgammon's depth held against the reference as a yardstick")
    ap.add_argument("--progress", type=int, default=250, help="print the running figures every N positions (0: never)")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    gnubg = Gnubg()
    expert = get_bot("expert", seed=args.seed)
    remember_last(expert)
    records: List[Record] = []
    seen = set()
    tried = 0
    checked = False  # that money play goes without the Jacoby rule
    start = time.time()
    try:
        for position in self_play_positions(rng):
            if len(records) >= args.positions:
                break
            if position in seen:
                continue
            seen.add(position)
            sample = with_score(position, rng)
            tried += 1
            reference, name, probs = gnubg.cube(sample, args.gnubg_plies)
            if not LOW <= probs[0] <= HIGH:
                continue
            if not sample.length and not checked:
                if not gnubg.jacoby_off():
                    raise RuntimeError("GNU Backgammon plays this money session with the Jacoby rule")
                checked = True
            yardstick, _, _ = gnubg.cube(sample, args.yardstick_plies)
            ours_double = expert.should_double(position, sample.cube_value, sample.owner, sample.match())
            ours_take = expert.should_take(position.swapped(), sample.cube_value, sample.match(taker=True))
            p_ours = float(expert.evaluate_before_roll(position)[0])
            records.append(Record(sample, reference, name, yardstick, ours_double, ours_take, probs[0], p_ours))
            if args.progress and len(records) % args.progress == 0:
                n = len(records)
                d = sum(r.agrees("expert", "double") for r in records) / n
                t = sum(r.agrees("expert", "take") for r in records) / n
                print(f"  {n} positions ({tried} tried), {time.time() - start:.0f} s: expert doubles {d:.1%}, takes {t:.1%}", flush=True)
    except KeyboardInterrupt:
        print("interrupted: the figures below are for the positions done so far", flush=True)
    if records:
        report(records, args, time.time() - start)


if __name__ == "__main__":
    main()
