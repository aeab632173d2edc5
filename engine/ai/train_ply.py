"""Supervised training on the network's own one-roll lookahead.

    python -m engine.ai.train_ply generate --weights W --out runs/ply --positions 200000 [--workers 2]
    python -m engine.ai.train_ply fit --weights W --data runs/ply --out W2 [--epochs 4]

TD self-play (``train.py``) learns from the network's next estimate; a
network trained on targets from its own lookahead learns from a better one
(the known road of the strong programs).  Two steps, each resumable:

* ``generate``: positions met in self-play by the network (greedy, with a
  few random plays for variety), each with its *1-ply target*: for each of the
  21 rolls the play the network likes best, the five outcome probabilities of
  the position it leads to, averaged over the rolls (finished games exactly).
  Chunks of positions are written to ``<out>/chunk-<worker>-<n>.npz`` as they
  are made, so a stopped run keeps what it made and continues.
* ``fit``: Adam on the cross-entropy between the network's outputs and those
  targets, a few passes over the data, keeping the weights with the lowest
  loss on a held-out part.
"""

from __future__ import annotations

import argparse
import time
from multiprocessing import Process
from pathlib import Path
from typing import Iterator, List, Tuple

import numpy as np

from ..moves import legal_leaves
from ..position import Position
from . import race
from .network import Network, equity
from .search import before_roll
from .train import Adam, train_step


def one_ply_target(net: Network, position: Position) -> np.ndarray:
    """The side on roll's five probabilities, one roll deep (0-ply choices):
    :func:`search.before_roll` with the network, and the bear-off database
    where both sides are home (as the players value them)."""
    target: np.ndarray = before_roll(lambda me, them: race.evaluate_boards(net.evaluate_boards, me, them), [position])[0]
    return target


def _self_play_positions(net: Network, rng: np.random.Generator, explore: float = 0.05) -> Iterator[Position]:
    """Positions met in one self-play game (side on roll, before rolling)."""
    pos = Position.initial()
    for _ in range(2000):
        yield pos
        dice = (int(rng.integers(1, 7)), int(rng.integers(1, 7)))
        legal = legal_leaves(pos, dice)
        if not legal:
            pos = pos.swapped()
            continue
        keys = list(legal)
        if rng.random() < explore:
            b, o_my = keys[int(rng.integers(len(keys)))]
        else:
            arr = np.array([o[::-1] + b for b, o in keys], dtype=np.float32)
            eq = equity(net.evaluate_boards(arr[:, :26], arr[:, 26:]))
            b, o_my = keys[int(np.argmin(eq))]
        if b[0] == 15:
            return
        pos = Position.from_boards(o_my[::-1], b)


def _generate(weights: str, out: Path, count: int, worker: int, chunk: int) -> None:
    net = Network.load(weights)
    done = sum(int(np.load(f)["y"].shape[0]) for f in out.glob(f"chunk-{worker}-*.npz"))
    n_chunk = len(list(out.glob(f"chunk-{worker}-*.npz")))
    rng = np.random.default_rng(1000 * worker + n_chunk)
    xs: List[np.ndarray] = []
    ys: List[np.ndarray] = []
    t0 = time.time()
    while done < count:
        for pos in _self_play_positions(net, rng):
            if rng.random() < 0.5:  # every other position: less correlated data
                continue
            me = np.array([pos.boards[0]], dtype=np.float32)
            them = np.array([pos.boards[1]], dtype=np.float32)
            xs.append(net.encode(me, them)[0])
            ys.append(one_ply_target(net, pos))
            if len(xs) >= chunk:
                np.savez_compressed(out / f"chunk-{worker}-{n_chunk:04d}.npz", x=np.array(xs), y=np.array(ys))
                done += len(xs)
                n_chunk += 1
                xs, ys = [], []
                print(f"worker {worker}: {done} positions, {done / (time.time() - t0):.0f}/s", flush=True)
                if done >= count:
                    return


def load_data(folder: Path) -> Tuple[np.ndarray, np.ndarray]:
    files = sorted(folder.glob("chunk-*.npz"))
    xs, ys = [], []
    for f in files:
        with np.load(f) as d:
            xs.append(d["x"])
            ys.append(d["y"])
    return np.concatenate(xs), np.concatenate(ys)


def fit(net: Network, x: np.ndarray, y: np.ndarray, epochs: int, lr: float, batch: int, seed: int = 0) -> Network:
    """Train on (x, y), keep the weights with the lowest held-out loss."""
    rng = np.random.default_rng(seed)
    order = rng.permutation(len(x))
    hold = order[: max(1, len(x) // 20)]
    train = order[len(hold) :]

    def held_out() -> float:
        p = net.forward(x[hold])
        e = 1e-7
        return float(-(y[hold] * np.log(p + e) + (1 - y[hold]) * np.log(1 - p + e)).mean())

    opt = Adam([net.w1.shape, net.b1.shape, net.w2.shape, net.b2.shape], lr=lr)
    best = (held_out(), [a.copy() for a in (net.w1, net.b1, net.w2, net.b2)])
    print(f"held-out loss before: {best[0]:.5f}", flush=True)
    for epoch in range(epochs):
        opt.lr = lr * (0.5**epoch)
        rng.shuffle(train)
        for s in range(0, len(train) - batch + 1, batch):
            idx = train[s : s + batch]
            train_step(net, opt, x[idx], y[idx])
        loss = held_out()
        print(f"epoch {epoch + 1}: held-out loss {loss:.5f}", flush=True)
        if loss < best[0]:
            best = (loss, [a.copy() for a in (net.w1, net.b1, net.w2, net.b2)])
    w1, b1, w2, b2 = best[1]
    return Network(w1, b1, w2, b2, meta=dict(net.meta))


def main(argv: List[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("generate")
    g.add_argument("--weights", required=True)
    g.add_argument("--out", required=True)
    g.add_argument("--positions", type=int, default=200000)
    g.add_argument("--workers", type=int, default=1)
    g.add_argument("--chunk", type=int, default=2000)
    f = sub.add_parser("fit")
    f.add_argument("--weights", required=True)
    f.add_argument("--data", required=True)
    f.add_argument("--out", required=True)
    f.add_argument("--epochs", type=int, default=4)
    f.add_argument("--lr", type=float, default=1e-4)
    f.add_argument("--batch", type=int, default=128)
    args = ap.parse_args(argv)
    if args.cmd == "generate":
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        per = -(-args.positions // args.workers)
        procs = [Process(target=_generate, args=(args.weights, out, per, w, args.chunk)) for w in range(args.workers)]
        for p in procs:
            p.start()
        for p in procs:
            p.join()
    else:
        net = Network.load(args.weights)
        x, y = load_data(Path(args.data))
        print(f"{len(x)} positions", flush=True)
        trained = fit(net, x, y, args.epochs, args.lr, args.batch)
        trained.meta.update({"ply_targets": len(x), "ply_epochs": args.epochs})
        trained.save(args.out)
        print(f"saved {args.out}", flush=True)


if __name__ == "__main__":
    main()
