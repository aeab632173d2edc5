"""Self-play training of the evaluator with TD(lambda).

    python -m engine.ai.train --games 200000 --out runs/train

How it learns (TD-Gammon's method, in batches):

* Many games are played side by side in lock-step by the current network,
  greedily (every side picks the play whose resulting position the network
  likes best; the dice provide the exploration).  All candidate positions of
  all games are evaluated in one batched forward pass.
* The positions are recorded as "after-states": the board right after a
  play, seen from the player now on roll, with the network's estimate of it.
* When a game ends, each after-state gets its lambda-return as a target:
  ``R_t = flip((1 - lambda) * V(s_t+1) + lambda * R_t+1)`` where the last
  state's return is the real outcome (win / gammon / backgammon) and ``flip``
  turns the five probabilities to the other side's view.
* The network (inputs -> sigmoid hidden -> 5 sigmoid outputs, see
  ``encode.py`` for the 200 or 213 inputs) then takes Adam steps on the
  cross-entropy between its outputs and those targets, each state used once.

With ``--workers N`` the games are played by N worker processes (each its
own lock-step batch of ``--parallel`` games, sent the current weights every
few plies) while the main process learns from the games they finished in the
round before: every core plays, and the weights the games are played with
are at most one round old.

Checkpoints (weights, optimiser state, games played) go to ``<out>/ckpt.npz``
every ``--save-every`` games and training resumes from there, so a run can be
stopped at any time.  Snapshots of the weights are kept as
``<out>/weights-<games>.npz``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import time
from functools import partial
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Callable, List, Mapping, Optional, Tuple

import numpy as np

from ..moves import legal_leaves
from ..position import Board, BoardKey, Position
from .network import Network, sigmoid, equity, flip


class Adam:
    def __init__(self, shapes: List[Tuple[int, ...]], lr: float = 1e-3, b1: float = 0.9, b2: float = 0.999, eps: float = 1e-8):
        self.lr, self.b1, self.b2, self.eps = lr, b1, b2, eps
        self.m = [np.zeros(s, dtype=np.float32) for s in shapes]
        self.v = [np.zeros(s, dtype=np.float32) for s in shapes]
        self.t = 0

    def step(self, params: List[np.ndarray], grads: List[np.ndarray]) -> None:
        self.t += 1
        c1 = 1 - self.b1**self.t
        c2 = 1 - self.b2**self.t
        for p, g, m, v in zip(params, grads, self.m, self.v):
            m *= self.b1
            m += (1 - self.b1) * g
            v *= self.b2
            v += (1 - self.b2) * g * g
            p -= self.lr * (m / c1) / (np.sqrt(v / c2) + self.eps)


def train_step(net: Network, opt: Adam, x: np.ndarray, y: np.ndarray) -> float:
    """One Adam step on the cross-entropy of sigmoid outputs; returns the loss."""
    h = sigmoid(x @ net.w1 + net.b1)
    p = sigmoid(h @ net.w2 + net.b2)
    n = x.shape[0]
    d2 = (p - y) / n
    gw2 = h.T @ d2
    gb2 = d2.sum(axis=0)
    dh = (d2 @ net.w2.T) * h * (1 - h)
    gw1 = x.T @ dh
    gb1 = dh.sum(axis=0)
    opt.step([net.w1, net.b1, net.w2, net.b2], [gw1, gb1, gw2, gb2])
    eps = 1e-7
    return float(-(y * np.log(p + eps) + (1 - y) * np.log(1 - p + eps)).mean())


def outcome_for_loser(winner_board: Board, loser_board: Board) -> np.ndarray:
    """The five probabilities, exactly, for the side that has just lost
    (boards in each side's own numbering, 26 slots)."""
    gammon = loser_board[0] == 0
    backgammon = gammon and (loser_board[25] > 0 or any(loser_board[19:25]))
    return np.array([0.0, 0.0, 0.0, float(gammon), float(backgammon)], dtype=np.float32)


class SelfPlay:
    """``games`` games played in lock-step by one network."""

    def __init__(self, net: Network, games: int, rng: np.random.Generator):
        self.net = net
        self.rng = rng
        self.n = games
        self.pos: List[Position] = [Position.initial() for _ in range(games)]
        self.xs: List[List[np.ndarray]] = [[] for _ in range(games)]
        self.vs: List[List[np.ndarray]] = [[] for _ in range(games)]
        self.plies = [0] * games

    def reset(self, g: int) -> None:
        self.pos[g] = Position.initial()
        self.xs[g] = []
        self.vs[g] = []
        self.plies[g] = 0

    def ply(self, lam: float) -> List[Tuple[np.ndarray, np.ndarray]]:
        """Every game makes one move.  Returns (states, targets) of games that ended."""
        rows: List[Board] = []
        owners: List[int] = []
        keys_per_game: List[List[BoardKey]] = []
        dice = self.rng.integers(1, 7, size=(self.n, 2))
        for g in range(self.n):
            pos = self.pos[g]
            legal = legal_leaves(pos, (int(dice[g, 0]), int(dice[g, 1])))
            if legal:
                keys = list(legal.keys())
            else:
                keys = [pos.key]
            keys_per_game.append(keys)
            for b, o_my in keys:
                rows.append(o_my[::-1] + b)
                owners.append(g)
        arr = np.array(rows, dtype=np.float32)
        x = self.net.encode(arr[:, :26], arr[:, 26:])
        probs = self.net.forward(x)
        eq = equity(probs)  # for the opponent, who is on roll after the play
        owners_arr = np.array(owners)
        finished = []
        start = 0
        for g in range(self.n):
            k = len(keys_per_game[g])
            i = start + int(np.argmin(eq[start : start + k]))
            b, o_my = keys_per_game[g][i - start]
            start += k
            self.plies[g] += 1
            if b[0] == 15:
                # the mover has won: the last recorded state gets the real outcome
                target = outcome_for_loser(b, o_my[::-1])
                finished.append(self._targets(g, target, lam))
                self.reset(g)
                continue
            self.xs[g].append(x[i])
            self.vs[g].append(probs[i])
            self.pos[g] = Position.from_boards(o_my[::-1], b)
            if self.plies[g] > 2000:  # a safety net; a real game never gets here
                self.reset(g)
        del owners_arr
        return finished

    def _targets(self, g: int, final: np.ndarray, lam: float) -> Tuple[np.ndarray, np.ndarray]:
        xs, vs = self.xs[g], self.vs[g]
        n = len(xs)
        targets = np.empty((n, 5), dtype=np.float32)
        nxt_v = final  # value of the state after the last recorded one (its perspective)
        nxt_r = final
        for t in range(n - 1, -1, -1):
            r = flip((1 - lam) * nxt_v + lam * nxt_r)
            targets[t] = r
            nxt_v, nxt_r = vs[t], r
        return np.array(xs, dtype=np.float32).reshape(n, -1), targets


Finished = List[Tuple[np.ndarray, np.ndarray]]


def _worker(conn: Connection, parallel: int, seed: int) -> None:
    """A worker process: plays ``parallel`` games in lock-step with the
    weights it is sent, a number of plies at a time, and sends back the
    (states, targets) of the games that ended."""
    rng = np.random.default_rng(seed)
    play: Optional[SelfPlay] = None
    while True:
        job = conn.recv()
        if job is None:
            conn.close()
            return
        (w1, b1, w2, b2), lam, plies = job
        net = Network(w1, b1, w2, b2)
        if play is None:
            play = SelfPlay(net, parallel, rng)
        else:
            play.net = net
        finished: Finished = []
        for _ in range(plies):
            finished.extend(play.ply(lam))
        conn.send(finished)


class WorkerPool:
    """Self-play in ``workers`` processes, one round ahead of the learner.

    :meth:`next` returns the games finished in the round started by the
    previous call and starts the next round with the weights given now.
    """

    def __init__(self, workers: int, parallel: int, seed: int, plies: int = 8):
        ctx = multiprocessing.get_context("spawn")
        self.plies = plies
        self.conns: List[Connection] = []
        self.procs: List[BaseProcess] = []
        for k in range(workers):
            ours, theirs = ctx.Pipe()
            proc = ctx.Process(target=_worker, args=(theirs, parallel, seed * 1000 + k), daemon=True)
            proc.start()
            theirs.close()
            self.conns.append(ours)
            self.procs.append(proc)
        self.running = False

    def _start(self, net: Network, lam: float) -> None:
        weights = (net.w1.copy(), net.b1.copy(), net.w2.copy(), net.b2.copy())
        for conn in self.conns:
            conn.send((weights, lam, self.plies))
        self.running = True

    def next(self, net: Network, lam: float) -> Finished:
        finished: Finished = []
        if self.running:
            for conn in self.conns:
                finished.extend(conn.recv())
        self._start(net, lam)
        return finished

    def close(self) -> None:
        if self.running:
            for conn in self.conns:
                conn.recv()
        for conn in self.conns:
            conn.send(None)
            conn.close()
        for proc in self.procs:
            proc.join(timeout=10)


def save_checkpoint(path: Path, net: Network, opt: Adam, games: int, meta: Mapping[str, object]) -> None:
    tmp = path.with_name(path.name + ".tmp.npz")
    arrays = {f"m{i}": m for i, m in enumerate(opt.m)}
    arrays.update({f"v{i}": v for i, v in enumerate(opt.v)})
    np.savez(tmp, allow_pickle=True, w1=net.w1, b1=net.b1, w2=net.w2, b2=net.b2, t=opt.t, games=games, meta=json.dumps(meta), **arrays)
    tmp.replace(path)


def load_checkpoint(path: Path, opt: Adam) -> Tuple[Network, int]:
    with np.load(path) as d:
        net = Network(d["w1"], d["b1"], d["w2"], d["b2"])
        for i in range(4):
            opt.m[i][...] = d[f"m{i}"]
            opt.v[i][...] = d[f"v{i}"]
        opt.t = int(d["t"])
        return net, int(d["games"])


def schedule(games: int, total: int, lam0: float = 0.7, lam1: float = 0.2, lr0: float = 1e-3, lr1: float = 1e-4, start: int = 0) -> Tuple[float, float]:
    """(lambda, learning rate) after ``games`` games: both move from their
    first to their last value (lambda linearly, the rate geometrically) between
    ``start`` and ``total`` games."""
    frac = min(1.0, max(0, games - start) / max(1, total - start))
    lam = lam0 + (lam1 - lam0) * frac
    lr = lr0 * (lr1 / lr0) ** frac
    return lam, lr


def main(argv: List[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="TD(lambda) self-play training")
    ap.add_argument("--games", type=int, default=200000, help="total games to train for")
    ap.add_argument("--out", default="runs/train")
    ap.add_argument("--hidden", type=int, default=80)
    ap.add_argument("--parallel", type=int, default=64, help="games played in lock-step (by each worker)")
    ap.add_argument("--workers", type=int, default=1, help="processes playing the games (1: the learner plays them itself)")
    ap.add_argument("--batch", type=int, default=128)
    ap.add_argument("--save-every", type=int, default=2000)
    ap.add_argument("--snapshot-every", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--inputs", type=int, default=200, help="200 (raw board) or 213 (with the extra features)")
    ap.add_argument("--init", default=None, help="warm start: widen these weights to --inputs/--hidden")
    ap.add_argument("--lam", default="0.7,0.2", help="lambda at the start and at the end")
    ap.add_argument("--lr", default="1e-3,1e-4", help="learning rate at the start and at the end")
    args = ap.parse_args(argv)
    lam0, lam1 = (float(v) for v in args.lam.split(","))
    lr0, lr1 = (float(v) for v in args.lr.split(","))

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    ckpt = out / "ckpt.npz"
    if args.init:
        net = Network.load(args.init).widened(args.inputs, args.hidden, seed=args.seed)
    else:
        net = Network.random(args.hidden, seed=args.seed, inputs=args.inputs)
    opt = Adam([net.w1.shape, net.b1.shape, net.w2.shape, net.b2.shape])
    games = 0
    if ckpt.exists():
        net, games = load_checkpoint(ckpt, opt)
        print(f"resumed at {games} games", flush=True)
    rng = np.random.default_rng(args.seed + games)
    pool: Optional[WorkerPool] = None
    next_games: Callable[[float], Finished]
    if args.workers <= 1:
        next_games = SelfPlay(net, args.parallel, rng).ply
    else:
        pool = WorkerPool(args.workers, args.parallel, args.seed + games)
        next_games = partial(pool.next, net)
    buf_x: List[np.ndarray] = []
    buf_y: List[np.ndarray] = []
    buffered = 0
    last_save = games
    last_snap = games - games % args.snapshot_every
    t0 = time.time()
    g0 = games
    losses: List[float] = []
    while games < args.games:
        lam, lr = schedule(games, args.games, lam0, lam1, lr0, lr1)
        opt.lr = lr
        for xs, ys in next_games(lam):
            buf_x.append(xs)
            buf_y.append(ys)
            buffered += len(xs)
            games += 1
        if buffered >= 8 * args.batch:
            x = np.concatenate(buf_x)
            y = np.concatenate(buf_y)
            order = rng.permutation(len(x))
            for s in range(0, len(x) - args.batch + 1, args.batch):
                idx = order[s : s + args.batch]
                losses.append(train_step(net, opt, x[idx], y[idx]))
            buf_x, buf_y, buffered = [], [], 0
        if games - last_save >= args.save_every:
            meta = {"games": games, "hidden": net.hidden, "inputs": net.inputs, "lambda": round(lam, 3), "lr": lr}
            save_checkpoint(ckpt, net, opt, games, meta)
            last_save = games
            rate = (games - g0) / (time.time() - t0)
            print(f"games {games}  lambda {lam:.2f}  lr {lr:.2e}  loss {np.mean(losses[-200:]) if losses else 0:.4f}  {rate:.1f} games/s", flush=True)
            if games - last_snap >= args.snapshot_every:
                last_snap = games - games % args.snapshot_every
                Network(net.w1, net.b1, net.w2, net.b2, meta).save(out / f"weights-{last_snap}.npz")
    if pool is not None:
        pool.close()
    meta = {"games": games, "hidden": net.hidden, "inputs": net.inputs}
    save_checkpoint(ckpt, net, opt, games, meta)
    Network(net.w1, net.b1, net.w2, net.b2, meta).save(out / "weights-final.npz")
    print(f"done: {games} games", flush=True)


if __name__ == "__main__":
    main()
