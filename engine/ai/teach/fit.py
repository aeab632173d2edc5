"""The network trained on the teacher's labels.

Each labelled position counts once, with its most trusted label
(:data:`PREFERENCE`: ``gnubg2`` before ``gnubg0``; the project's own ``net1``
and ``net0`` last).
With ``--phase contact`` or ``--phase race`` only the positions of that
phase are used (a network for each; :meth:`Network.with_race
<engine.ai.network.Network.with_race>` puts them together).  One in fifty
positions, chosen by the board itself, is held out; the error
against the teacher there is printed per kind of position after every pass.
Adam on the cross-entropy of the five outputs; the learning rate falls
from ``lr`` to a tenth over the passes; the weights with the lowest held-out
loss are written.  A checkpoint after every pass (``<out>/fit/ckpt.npz``,
``ckpt-<phase>.npz``, ``ckpt-<phase>-<teacher>.npz`` with ``--teachers``, or
``ckpt-<name>.npz`` for ``--save <name>.npz``)
lets a stopped run go on where it was.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any, Dict, List, Tuple, cast

import numpy as np

from ..encode import N_INPUTS_V3, contact
from ..network import Network, equity, sigmoid
from ..train import Adam
from .kinds import KINDS, classify
from .label import best_labels

#: the teachers whose labels are used, the most trusted first.  GNU
#: Backgammon's odd plies are left out: in some positions (seen with the side
#: on roll on the bar) its 1- and 3-ply values are the other side's, flipped
#: (0.82 where 0-, 2- and 4-ply say 0.17), and over 54,000 positions its 1-ply
#: labels were further from its 2-ply ones than its 0-ply labels (RMS equity
#: 0.068 against 0.032)
PREFERENCE = ("gnubg4", "gnubg2", "gnubg0", "net1", "net0")
_HASH = np.random.default_rng(12345).integers(1, 2**31, size=52, dtype=np.int64)


def held_out_mask(boards: np.ndarray, one_in: int = 50) -> np.ndarray:
    """The positions kept out of training: chosen by the board alone, so
    the same position is held out in every run."""
    held: np.ndarray = (boards.astype(np.int64) @ _HASH) % one_in == 0
    return held


def encode_all(net: Network, boards: np.ndarray, chunk: int = 50_000) -> np.ndarray:
    x = np.empty((len(boards), net.inputs), dtype=np.float32)
    for s in range(0, len(boards), chunk):
        b = boards[s : s + chunk].astype(np.float32)
        x[s : s + chunk] = net.encode(b[:, :26], b[:, 26:])
    return x


def errors(net: Network, x: np.ndarray, y: np.ndarray, kinds: np.ndarray) -> Tuple[float, Dict[str, Tuple[int, float]]]:
    """Cross-entropy, and per kind (count, RMS cubeless equity error)."""
    p = net.forward(x)
    e = 1e-7
    loss = float(-(y * np.log(p + e) + (1 - y) * np.log(1 - p + e)).mean())
    diff = equity(p) - equity(y)
    per: Dict[str, Tuple[int, float]] = {}
    for k, name in enumerate(KINDS):
        sel = kinds == k
        if sel.any():
            per[name] = (int(sel.sum()), float(np.sqrt(np.mean(diff[sel] ** 2))))
    per["all"] = (len(diff), float(np.sqrt(np.mean(diff**2))))
    return loss, per


def format_errors(per: Dict[str, Tuple[int, float]]) -> str:
    return ", ".join(f"{k} {rms:.4f} ({n})" for k, (n, rms) in per.items())


def _start_network(args: argparse.Namespace) -> Network:
    inputs = getattr(args, "inputs", N_INPUTS_V3)
    more = [int(n) for n in str(getattr(args, "more", "") or "").split(",") if n]
    if args.weights:
        net = Network.load(args.weights).with_race(None)  # the phase's own network only
        if more:  # a deeper network goes on from weights of its own shape, else starts afresh
            same = net.inputs == inputs and net.hidden == args.hidden and [w.shape[1] for w, _ in net.mid] == more
            return net if same else Network.random(hidden=args.hidden, seed=args.seed, inputs=inputs, more=more)
        if net.inputs != inputs or net.hidden != args.hidden:
            net = net.widened(inputs, max(args.hidden, net.hidden), seed=args.seed)
        return net
    return Network.random(hidden=args.hidden, seed=args.seed, inputs=inputs, more=more)


def _params(net: Network) -> List[np.ndarray]:
    """Every weight array, in the order :func:`step` gives their gradients."""
    params = [net.w1, net.b1]
    for w, b in net.mid:
        params += [w, b]
    return params + [net.w2, net.b2]


def step(net: Network, opt: Adam, x: np.ndarray, y: np.ndarray) -> None:
    """One Adam step on the cross-entropy of the five sigmoid outputs,
    through every hidden layer."""
    layers = [(net.w1, net.b1)] + list(net.mid)
    acts = [x]
    for w, b in layers:
        acts.append(sigmoid(acts[-1] @ w + b))
    p = sigmoid(acts[-1] @ net.w2 + net.b2)
    d = (p - y) / len(x)
    grads = [acts[-1].T @ d, d.sum(axis=0)]
    back = d @ net.w2.T
    for i in range(len(layers) - 1, -1, -1):
        h = acts[i + 1]
        dz = back * h * (1.0 - h)
        grads = [acts[i].T @ dz, dz.sum(axis=0)] + grads
        if i:
            back = dz @ layers[i][0].T
    opt.step(_params(net), grads)


def main(args: argparse.Namespace) -> Network:
    out: Path = args.out
    only = [t for t in str(getattr(args, "teachers", "") or "").split(",") if t]
    unknown = [t for t in only if t not in PREFERENCE]
    if unknown:
        raise SystemExit(f"unknown teacher {unknown[0]!r}: " + ", ".join(PREFERENCE))
    teachers = [t for t in PREFERENCE if (out / "labels" / t).exists() and (not only or t in only)]
    if not teachers:
        raise SystemExit("no labels" + (f" of {', '.join(only)}" if only else "") + ": run the label step first")
    boards, y, who = best_labels(out, teachers)
    phase = getattr(args, "phase", "all")
    if phase != "all":  # a network for one phase: contact, or races
        b = boards.astype(np.float32)
        racing = contact(b[:, :26], b[:, 26:]) == 0
        keep = racing if phase == "race" else ~racing
        boards, y, who = boards[keep], y[keep], who[keep]
    if not len(boards):
        raise SystemExit("no labels: run the label step first")
    print(f"{len(boards)} labelled positions: " + ", ".join(f"{t} {int((who == i).sum())}" for i, t in enumerate(teachers)), flush=True)
    held = held_out_mask(boards)
    net = _start_network(args)
    t0 = time.time()
    x = encode_all(net, boards)
    print(f"encoded {len(x)} x {x.shape[1]} in {time.time() - t0:.0f} s", flush=True)
    kinds = classify(boards[held, :26].astype(np.float32), boards[held, 26:].astype(np.float32))
    xh, yh = x[held], y[held]
    train = np.flatnonzero(~held)
    opt = Adam([a.shape for a in _params(net)], lr=args.lr)
    tag = "".join(f"-{part}" for part in [phase] * (phase != "all") + only)
    save = Path(args.save) if args.save else out / f"net{tag}.npz"
    # one checkpoint for each network made: named after the file it writes
    ckpt = out / "fit" / (f"ckpt-{save.stem}.npz" if args.save else f"ckpt{tag}.npz")
    ckpt.parent.mkdir(parents=True, exist_ok=True)
    epoch = 0
    best_loss = float("inf")
    if ckpt.exists():
        with np.load(ckpt) as d:
            n = len(_params(net))
            if all(f"p{i}" in d and d[f"p{i}"].shape == a.shape for i, a in enumerate(_params(net))) and f"p{n}" not in d:
                for i, a in enumerate(_params(net)):
                    a[...] = d[f"p{i}"]
                opt.m = [d[f"m{i}"] for i in range(n)]
                opt.v = [d[f"v{i}"] for i in range(n)]
                opt.t = int(d["t"])
                epoch = int(d["epoch"])
                # the best loss stands only for the same labels (more may have come since)
                same = "labels" in d and int(d["labels"]) == len(boards)
                best_loss = float(d["best"]) if same else float("inf")
                print(f"resumed after pass {epoch}" + ("" if same else " with new labels"), flush=True)
    loss, per = errors(net, xh, yh, kinds)
    print(f"held out: {len(xh)}; before: loss {loss:.5f}; RMS equity error {format_errors(per)}", flush=True)
    rng = np.random.default_rng(args.seed + epoch)
    while epoch < args.epochs:
        opt.lr = args.lr * 0.1 ** (epoch / max(1, args.epochs - 1))
        rng.shuffle(train)
        t1 = time.time()
        for s in range(0, len(train) - args.batch + 1, args.batch):
            idx = np.sort(train[s : s + args.batch])
            step(net, opt, x[idx], y[idx])
        epoch += 1
        loss, per = errors(net, xh, yh, kinds)
        print(f"pass {epoch}/{args.epochs} ({time.time() - t1:.0f} s, lr {opt.lr:.2e}): loss {loss:.5f}; RMS {format_errors(per)}", flush=True)
        if loss < best_loss:
            best_loss = loss
            net.meta.update({"teachers": ",".join(teachers), "phase": phase, "positions": int(len(train)), "passes": epoch, "held_out_loss": round(loss, 6),
                             "held_out_rms": round(per["all"][1], 5)})
            net.save(save)
        arrays: Dict[str, np.ndarray] = {f"m{i}": m for i, m in enumerate(opt.m)} | {f"v{i}": v for i, v in enumerate(opt.v)}
        arrays.update({f"p{i}": a for i, a in enumerate(_params(net))})
        arrays.update(t=np.array(opt.t), epoch=np.array(epoch), best=np.array(best_loss), labels=np.array(len(boards)))
        tmp = ckpt.with_name(ckpt.stem + ".tmp.npz")
        np.savez(tmp, **cast(Dict[str, Any], arrays))
        tmp.replace(ckpt)
    print(f"best held-out loss {best_loss:.5f}; the network is in {save}", flush=True)
    return Network.load(save)


def combine(contact_weights: str, race_weights: str, save: str) -> Network:
    """One weights file: the contact network, carrying the race network."""
    net = Network.load(contact_weights).with_race(Network.load(race_weights))
    net.save(save)
    return net


def held_out_report(out: Path, teacher: str, weights: str) -> str:
    """The error of the network in ``weights`` (race network included)
    against one teacher's labels, on the held-out positions only, per kind."""
    from .label import load_labels

    boards, y = load_labels(out, teacher)
    held = held_out_mask(boards)
    b = boards[held].astype(np.float32)
    net = Network.load(weights)
    p = net.evaluate_boards(b[:, :26], b[:, 26:])
    kinds = classify(b[:, :26], b[:, 26:])
    diff = equity(p) - equity(y[held])
    lines = [f"{weights} against {teacher} on {len(b)} held-out positions: RMS cubeless equity error"]
    for k, name in enumerate(KINDS):
        sel = kinds == k
        if sel.any():
            lines.append(f"  {name:<16} {int(sel.sum()):>7}  {float(np.sqrt(np.mean(diff[sel] ** 2))):.4f}")
    lines.append(f"  {'all':<16} {len(b):>7}  {float(np.sqrt(np.mean(diff ** 2))):.4f}")
    return "\n".join(lines)
