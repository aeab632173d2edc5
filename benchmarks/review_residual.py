"""What the network's differences from GNU Backgammon's 0-ply follow, within a roll.

    python benchmarks/review_residual.py [--games 30] [--seed 1] [--teacher gnubg0]

Needs the train extra for ``--teacher gnubg0`` (the ``gnubg`` package).
The review's losses are differences between the plays of one roll, so what
matters is how the network's value of each play's result differs from the
teacher's *after the roll's mean difference is taken away* (the centred
residual).  The same games as ``benchmarks/review_agreement.py`` (the
beginner against the intermediate, seeded); every unforced checker play in
contact; every legal play of its roll valued at 0-ply by both.

Then: how much of that residual a ridge fit explains on held-out rolls (every
other roll is held out), from

* the network's own 223 inputs;
* the exact hitting figures GNU Backgammon's inputs carry, counted by the
  move generator over the 36 rolls for each side against the other: the
  rolls that hit at least one blot, at least two, and the mean of the most
  pips a roll's play can cost the other side by hitting;
* a dozen hand-made figures after GNU Backgammon's published input list
  (anchors, moment, mobility, back game, backbone, blots), for each side.

A negative held-out R^2 means the fit does worse than none on rolls it did
not see: those figures do not carry the difference.
"""

from __future__ import annotations

import os

os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse  # noqa: E402
from typing import List, Sequence, Tuple  # noqa: E402

import numpy as np  # noqa: E402

from engine import Match, Position, SeededDice, get_bot  # noqa: E402
from engine.ai.encode import encode_v3  # noqa: E402
from engine.ai.network import equity  # noqa: E402
from engine.ai.teach.corpus import after_plays  # noqa: E402
from engine.ai.teach.teacher import NetworkTeacher, get_teacher  # noqa: E402
from engine.moves import legal_leaves  # noqa: E402

ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]


def decisions(games: int, seed: int = 1, players: Tuple[str, str] = ("beginner", "intermediate")) -> List[Tuple[Position, Tuple[int, int]]]:
    """The unforced checker plays in contact of the review benchmark's games
    (the same seeds and players as ``review_agreement.a_game``)."""
    out = []
    for k in range(games):
        s = seed + 97 * k
        bots = (get_bot(players[0], seed=s), get_bot(players[1], seed=s + 1))
        g = Match(dice=SeededDice(s)).game
        while not g.over:
            if g.phase != "move":
                g.roll()
                continue
            start, dice = g.turn_start, g.dice
            if start.is_contact() and len(legal_leaves(start, dice)) > 1:
                out.append((start, (dice[0], dice[1])))
            g.play(bots[g.turn].choose_play(start, dice))
    return out


def hit_features(row: Sequence[int]) -> Tuple[float, float, float]:
    """For the side on roll (the first 26 of a corpus row) against the other,
    over the 36 rolls and every legal play: the chance to hit at least one
    blot, at least two, and the mean of the most pips a play costs the other
    side by hitting (over 12).

    A lone checker six pips behind a blot, nothing between, hits with 17 rolls:

    >>> me, them = [0] * 26, [0] * 26
    >>> me[13], me[6], them[18], them[1] = 1, 14, 1, 14
    >>> p1, p2, pips = hit_features(me + them)
    >>> round(p1 * 36), p2, round(pips * 36 * 12 / 7)
    (17, 0.0, 17)
    """
    pos = Position.from_boards(tuple(int(v) for v in row[:26]), tuple(int(v) for v in row[26:]))
    before = pos.key[1]  # the other side in the mover's numbering: index 0 its bar
    p1 = p2 = lost = 0.0
    for a, b in ROLLS:
        weight = 1 if a == b else 2
        most_hit = most_pips = 0
        for key in legal_leaves(pos, (a, b)):
            after = key[1]
            hit = after[0] - before[0]
            if hit > 0:
                most_hit = max(most_hit, hit)
                most_pips = max(most_pips, sum(j * max(0, before[j] - after[j]) for j in range(1, 25)))
        p1 += weight * (most_hit >= 1)
        p2 += weight * (most_hit >= 2)
        lost += weight * most_pips
    return p1 / 36, p2 / 36, lost / 36 / 12


def hand_features(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """(N, 8) figures for side ``x`` against ``y`` (boards (N, 26), own numbering)."""
    n = len(x)
    made = x >= 2
    anchors = made[:, 19:25]
    has = anchors.any(axis=1)
    back_anchor = np.where(has, (24 - np.argmax(anchors[:, ::-1], axis=1)) / 24, 0.0)
    forward_anchor = np.where(has, (19 + np.argmax(anchors, axis=1)) / 24, 0.0)
    points = np.arange(1, 26)
    total = x[:, 1:26].sum(axis=1).clip(1)
    centre = (x[:, 1:26] * points).sum(axis=1) / total
    moment = (x[:, 1:26] * (points[None, :] - centre[:, None]).clip(0) ** 2).sum(axis=1) / total / 400
    blocked = np.zeros((n, 26), dtype=bool)
    blocked[:, 1:25] = y[:, 24:0:-1] >= 2  # the other side's made points, in x's numbering
    mobility = np.zeros(n)
    for p in range(7, 26):
        free = sum((~blocked[:, p - d]).astype(float) for d in range(1, 7) if p - d >= 1)
        mobility += x[:, p] * (p - 6) * free
    n_anchors = anchors.sum(axis=1)
    back = x[:, 19:26].sum(axis=1)
    back_game = np.where(n_anchors > 1, (back - 3) / 4, 0.0)
    one_anchor = np.where(n_anchors == 1, back / 8, 0.0)
    backbone = sum((made[:, p] & made[:, p - 1]).astype(float) for p in range(8, 25)) / 6
    blots = (x[:, 1:25] == 1).sum(axis=1) / 5
    return np.stack([back_anchor, forward_anchor, moment, mobility / 600, back_game, one_anchor, backbone, blots], axis=1)


def centred(values: np.ndarray, groups: Sequence[Tuple[int, int]]) -> np.ndarray:
    """Each roll's rows less that roll's mean."""
    out = np.array(values, dtype=np.float64)
    for s, e in groups:
        out[s:e] -= out[s:e].mean(axis=0)
    return out


def held_out_r2(x: np.ndarray, target: np.ndarray, train: np.ndarray, ridge: float) -> Tuple[float, float]:
    """A ridge fit on ``train`` rows; (R^2, mean absolute residual) on the others."""
    a = x[train]
    w = np.linalg.solve(a.T @ a + ridge * np.eye(a.shape[1]), a.T @ target[train])
    rest = target[~train] - x[~train] @ w
    return 1 - float((rest ** 2).sum() / (target[~train] ** 2).sum()), float(np.abs(rest).mean())


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--teacher", default="gnubg0", help="gnubg0 (needs the train extra), or net1 as a stand-in")
    args = ap.parse_args(argv)
    groups: List[Tuple[int, int]] = []
    rows: List[Tuple[int, ...]] = []
    for position, dice in decisions(args.games, args.seed):
        after = after_plays(position, dice)
        if len(after) > 1:
            groups.append((len(rows), len(rows) + len(after)))
            rows += after
    boards = np.array(rows, dtype=np.float32)
    me, them = boards[:, :26], boards[:, 26:]
    ours = equity(NetworkTeacher(plies=0).probabilities(me, them))
    theirs = equity(get_teacher(args.teacher).probabilities(me, them))
    residual = centred(ours - theirs, groups)
    print(f"{args.games} games: {len(groups)} rolls in contact, {len(rows)} plays; "
          f"the network at 0-ply against {args.teacher}")
    print(f"centred residual: mean absolute {np.abs(residual).mean():.5f} "
          f"(uncentred {np.abs(ours - theirs).mean():.5f})")
    hits = np.array([hit_features(r[:26] + r[26:]) + hit_features(r[26:] + r[:26]) for r in rows])
    hand = np.c_[hand_features(me, them), hand_features(them, me)]
    train = np.zeros(len(rows), dtype=bool)
    for k, (s, e) in enumerate(groups):
        train[s:e] = k % 2 == 0
    own = encode_v3(me, them)
    sets = [("the network's 223 inputs", own), ("+ exact hits (6)", np.c_[own, hits]),
            ("+ hand-made (16)", np.c_[own, hits, hand]), ("exact hits and hand-made alone (22)", np.c_[hits, hand])]
    print(f"held out: {int((~train).sum())} plays of every other roll, "
          f"their centred residual {np.abs(residual[~train]).mean():.5f} before any fit")
    for name, x in sets:
        xc = centred(x, groups)
        for ridge in (0.1, 10.0):
            r2, mad = held_out_r2(xc, residual, train, ridge)
            print(f"  {name:38s} ridge {ridge:>4g}: R^2 {r2:+.3f}, mean absolute residual left {mad:.5f}")
    inside = [float(np.corrcoef(centred(hits[:, j], groups), residual)[0, 1]) for j in range(3)]
    print("correlation with the side on roll's hits (1+, 2+, pips): " + ", ".join(f"{c:+.3f}" for c in inside))


if __name__ == "__main__":
    main()
