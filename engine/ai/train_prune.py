"""The recipe of the pruning network (:mod:`engine.ai.prune`).

    python -m engine.ai.train_prune --games 1500 --out assets/prune.npz [--seed 1]

1. Self-play of the shipped network at 0-ply (a random play one time in
   ten, for variety): in each position met, a random roll, and the results
   of *every* legal play with it (the boards the pruner must rank).
2. Each board labelled with the shipped network's equity for the side on
   roll (as the search values it: the bear-off database where both sides
   are home).
3. A 198-64-1 network fitted to those equities *within each position*
   (squared error of the equity less its position's mean: the pruner ranks
   the plays of one position), Adam, the weights with the lowest loss on a
   held-out tenth of the positions kept.

It prints how often the pruner's top 3 (and top 5) of a roll's plays hold
the real network's best, on held-out positions.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import List, Tuple

import numpy as np

from ..moves import legal_leaves
from ..position import Position
from . import race
from .bots import default_network
from .network import Network, equity
from .prune import Pruner, prune_inputs


def _label(net: Network, me: np.ndarray, them: np.ndarray) -> np.ndarray:
    return equity(race.evaluate_boards(net.evaluate_boards, me, them)).astype(np.float32)


def generate(net: Network, games: int, seed: int) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Boards (me, them: (N, 26)) of every play's result in self-play
    positions, and the group (position) each belongs to."""
    rng = np.random.default_rng(seed)
    rows: List[Tuple[int, ...]] = []
    group: List[int] = []
    g = 0
    for _ in range(games):
        pos = Position.initial()
        for _ply in range(400):
            dice = (int(rng.integers(1, 7)), int(rng.integers(1, 7)))
            legal = legal_leaves(pos, dice)
            if not legal:
                pos = pos.swapped()
                continue
            keys = list(legal)
            after = [o_my[::-1] + b for b, o_my in keys]  # the opponent on roll
            if len(keys) > 1:
                rows.extend(after)
                group.extend([g] * len(keys))
                g += 1
            arr = np.array(after, dtype=np.float32)
            eq = -equity(race.evaluate_boards(net.evaluate_boards, arr[:, :26], arr[:, 26:]))
            pick = int(rng.integers(len(keys))) if rng.random() < 0.1 else int(np.argmax(eq))
            b, o_my = keys[pick]
            if b[0] == 15:
                break
            pos = Position.from_key((b, o_my)).swapped()
    data = np.array(rows, dtype=np.float32)
    return data[:, :26], data[:, 26:], np.array(group)


def top_hold(pruner: Pruner, me: np.ndarray, them: np.ndarray, labels: np.ndarray, group: np.ndarray, top: int) -> float:
    """How often the real network's best play of a position (the lowest
    equity for the side then on roll) is among the pruner's ``top``."""
    scores = pruner.scores(me, them)
    hits = total = 0
    for gid in np.unique(group):
        at = np.flatnonzero(group == gid)
        best = at[np.argmin(labels[at])]
        chosen = at[np.argsort(scores[at], kind="stable")[:top]]
        hits += int(best in chosen)
        total += 1
    return hits / max(total, 1)


def fit(x: np.ndarray, y: np.ndarray, group: np.ndarray, hidden: int, epochs: int, seed: int, held: float = 0.1) -> Pruner:
    """Adam on the squared error of the equity *within each position*: both
    the label and the output less their position's mean (the pruner only
    ranks plays of one position; the position's own value it need not know)."""
    rng = np.random.default_rng(seed)
    ids = np.unique(group)
    rng.shuffle(ids)
    cut = int(len(ids) * (1 - held))
    train_ids, held_ids = ids[:cut], ids[cut:]
    starts = np.searchsorted(group, np.arange(group.max() + 2))  # rows of group g: starts[g]:starts[g+1]
    p = Pruner.random(hidden, seed)
    params = [p.w1, p.b1, p.w2, np.array([p.b2], dtype=np.float32)]
    m = [np.zeros_like(a) for a in params]
    v = [np.zeros_like(a) for a in params]
    lr, b1, b2, eps, t = 2e-3, 0.9, 0.999, 1e-8, 0

    def batch(gids: np.ndarray) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
        rows = np.concatenate([np.arange(starts[g], starts[g + 1]) for g in gids])
        local = np.repeat(np.arange(len(gids)), [starts[g + 1] - starts[g] for g in gids])
        return rows, local, np.bincount(local)

    def centred(values: np.ndarray, local: np.ndarray, sizes: np.ndarray) -> np.ndarray:
        out: np.ndarray = values - (np.bincount(local, values) / sizes)[local]
        return out

    def held_loss() -> float:
        rows, local, sizes = batch(held_ids)
        out = p.hidden_of(x[rows]) @ p.w2
        return float(np.mean((centred(out, local, sizes) - centred(y[rows], local, sizes)) ** 2))

    best, best_loss = None, float("inf")
    for epoch in range(epochs):
        rng.shuffle(train_ids)
        for s in range(0, len(train_ids), 24):
            rows, local, sizes = batch(train_ids[s : s + 24])
            xb = x[rows]
            h = p.hidden_of(xb)
            out = h @ p.w2
            err = (centred(out, local, sizes) - centred(y[rows], local, sizes)) * (2.0 / len(rows))
            g_w2 = h.T @ err
            dh = np.outer(err, p.w2) * h * (1 - h)
            g_w1 = xb.T @ dh
            g_b1 = dh.sum(axis=0)
            t += 1
            for a, g, mm, vv in zip(params[:3], (g_w1, g_b1, g_w2), m, v):
                mm *= b1
                mm += (1 - b1) * g
                vv *= b2
                vv += (1 - b2) * g * g
                a -= lr * (mm / (1 - b1**t)) / (np.sqrt(vv / (1 - b2**t)) + eps)
        loss = held_loss()
        print(f"epoch {epoch + 1}: held-out squared error within positions {loss:.5f}", flush=True)
        if loss < best_loss:
            best_loss = loss
            best = Pruner(p.w1.copy(), p.b1.copy(), p.w2.copy(), np.zeros(1))
        lr *= 0.8
    assert best is not None
    return best


def main(argv: List[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=1500)
    ap.add_argument("--hidden", type=int, default=64)
    ap.add_argument("--epochs", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", required=True)
    ap.add_argument("--data", default=None, help="keep the labelled boards in this .npz (made once, read again)")
    args = ap.parse_args(argv)
    net = default_network()
    start = time.time()
    if args.data and Path(args.data).is_file():
        with np.load(args.data) as saved:
            me, them, group, labels = saved["me"], saved["them"], saved["group"], saved["labels"]
    else:
        me, them, group = generate(net, args.games, args.seed)
        labels = _label(net, me, them)
        if args.data:
            np.savez(args.data, me=me, them=them, group=group, labels=labels)
    print(f"{len(me)} boards from {group.max() + 1} positions, {time.time() - start:.0f} s", flush=True)
    # positions held out whole, to measure the ranking
    test = group >= int(group.max() * 0.9)
    x = prune_inputs(me[~test], them[~test])
    pruner = fit(x, labels[~test], group[~test], args.hidden, args.epochs, args.seed)
    pruner.save(args.out)
    for top in (1, 3, 5):
        held = top_hold(pruner, me[test], them[test], labels[test], group[test], top)
        print(f"held-out positions: the real network's best play among the pruner's top {top}: {held:.1%}")


if __name__ == "__main__":
    main()
