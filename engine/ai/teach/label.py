"""Labels: each position of ``<out>/positions.npz`` valued by a teacher.

The positions are cut into blocks (in the corpus's shuffled order, so the
first blocks are a random sample of all); each block's labels go into
``<out>/labels/<teacher>/b<block>.npz`` with the block's boards beside them,
so a label file is whole on its own.  A stopped run finds the blocks already
written and goes on with the rest; ``workers`` processes take every
``workers``-th block.  With ``phase="contact"`` only the positions with
contact are labelled (races have a network and a corpus of their own); a run
resumed must be given the same phase, as the blocks are cut from what is kept.
"""

from __future__ import annotations

import time
from multiprocessing import Process
from pathlib import Path
from typing import Dict, List, Tuple

import numpy as np

from ..encode import contact
from .kinds import KINDS, classify
from .teacher import get_teacher


def _block_path(out: Path, teacher: str, block: int) -> Path:
    return out / "labels" / teacher / f"b{block:05d}.npz"


def _work(out: Path, teacher_name: str, boards: np.ndarray, block: int, worker: int, workers: int) -> None:
    teacher = get_teacher(teacher_name)
    blocks = -(-len(boards) // block)
    t0, done = time.time(), 0
    for i in range(worker, blocks, workers):
        path = _block_path(out, teacher_name, i)
        if path.exists():
            continue
        rows = boards[i * block : (i + 1) * block]
        probs = teacher.probabilities(rows[:, :26].astype(np.float32), rows[:, 26:].astype(np.float32))
        tmp = path.with_name(path.stem + f".tmp{worker}.npz")
        np.savez_compressed(tmp, boards=rows, probs=probs.astype(np.float32))
        tmp.replace(path)
        done += len(rows)
        print(f"label {teacher_name} worker {worker}: block {i}, {done} this run, {done / (time.time() - t0):.0f}/s", flush=True)


def label(out: Path, teacher_name: str, limit: int = 0, workers: int = 1, block: int = 2000, phase: str = "all") -> None:
    """Label the first ``limit`` positions (all when 0) with the teacher;
    with ``phase="contact"`` only those with contact."""
    with np.load(out / "positions.npz") as d:
        boards = d["boards"]
    if phase == "contact":
        b = boards.astype(np.float32)
        boards = boards[contact(b[:, :26], b[:, 26:]) > 0]
    elif phase != "all":
        raise ValueError(f"phase must be 'all' or 'contact', not {phase!r}")
    if limit:
        boards = boards[:limit]
    (out / "labels" / teacher_name).mkdir(parents=True, exist_ok=True)
    if workers == 1:
        _work(out, teacher_name, boards, block, 0, 1)
        return
    procs = [Process(target=_work, args=(out, teacher_name, boards, block, w, workers)) for w in range(workers)]
    for p in procs:
        p.start()
    for p in procs:
        p.join()
        if p.exitcode:
            raise RuntimeError(f"a labelling worker failed (exit {p.exitcode})")


def load_labels(out: Path, teacher_name: str) -> Tuple[np.ndarray, np.ndarray]:
    """Every labelled board of one teacher and its probabilities."""
    files = sorted((out / "labels" / teacher_name).glob("b*.npz"))
    files = [f for f in files if ".tmp" not in f.name]
    if not files:
        return np.zeros((0, 52), dtype=np.uint8), np.zeros((0, 5), dtype=np.float32)
    boards, probs = [], []
    for f in files:
        with np.load(f) as d:
            boards.append(d["boards"])
            probs.append(d["probs"])
    return np.concatenate(boards), np.concatenate(probs)


def best_labels(out: Path, teachers: List[str]) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Boards, probabilities and which teacher (index into ``teachers``):
    each board once, from the first teacher in ``teachers`` that labelled it."""
    boards_all, probs_all, who_all = [], [], []
    for t, name in enumerate(teachers):
        b, p = load_labels(out, name)
        boards_all.append(b)
        probs_all.append(p)
        who_all.append(np.full(len(b), t, dtype=np.int8))
    boards = np.concatenate(boards_all)
    probs = np.concatenate(probs_all)
    who = np.concatenate(who_all)
    _, first = np.unique(boards, axis=0, return_index=True)  # the first occurrence: the preferred teacher
    first.sort()
    return boards[first], probs[first], who[first]


def report(out: Path) -> str:
    """Labelled positions per teacher and kind."""
    lines = []
    root = out / "labels"
    for folder in sorted(root.glob("*")) if root.exists() else []:
        b, _ = load_labels(out, folder.name)
        kinds = classify(b[:, :26].astype(np.float32), b[:, 26:].astype(np.float32))
        counts: Dict[str, int] = {name: int((kinds == k).sum()) for k, name in enumerate(KINDS)}
        lines.append(f"labels {folder.name}: {len(b)} positions; " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    return "\n".join(lines) or "no labels yet"
