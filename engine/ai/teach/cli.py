"""``python -m engine.ai.teach corpus | after-plays | label | report | fit | combine``."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import List


def main(argv: List[str] | None = None) -> None:
    from . import __doc__ as doc

    ap = argparse.ArgumentParser(prog="python -m engine.ai.teach", description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("corpus", help="play games and build set-ups; then merge them, distinct")
    c.add_argument("--positions", type=int, default=1_000_000)
    c.add_argument("--teacher", default="gnubg0", help="who plays the teacher's games (net0 for a run without gnubg)")
    c.add_argument("--phase", default="all", choices=("all", "race"), help="race: keep only the positions without contact, set-ups of races")
    after = sub.add_parser("after-plays", help="add the positions after every play of one random roll of the first N positions (before labelling)")
    after.add_argument("--count", type=int, required=True)
    lab = sub.add_parser("label", help="label the positions with a teacher")
    lab.add_argument("--teacher", default="gnubg0")
    lab.add_argument("--limit", type=int, default=0, help="only the first N positions (0: all)")
    lab.add_argument("--block", type=int, default=2000)
    lab.add_argument("--phase", default="all", choices=("all", "contact"), help="contact: only the positions with contact (give the same when resuming)")
    r = sub.add_parser("report", help="positions and labels per kind; with --weights, a network's held-out error")
    r.add_argument("--weights", default="")
    r.add_argument("--teacher", default="gnubg2", help="whose held-out labels --weights is measured against")
    f = sub.add_parser("fit", help="train a network on the labels")
    f.add_argument("--weights", default="", help="start from these weights (else a new network)")
    f.add_argument("--hidden", type=int, default=128)
    f.add_argument("--more", default="", help="widths of more hidden layers, e.g. 128 or 128,64 (a deeper network: it goes on from --weights of that shape, else starts afresh)")
    f.add_argument("--inputs", type=int, default=223, help="the encoding: 200, 213 or 223 inputs")
    f.add_argument("--epochs", type=int, default=30)
    f.add_argument("--lr", type=float, default=1e-3)
    f.add_argument("--batch", type=int, default=256)
    f.add_argument("--save", default="", help="write the best network here (default <out>/net.npz)")
    f.add_argument("--phase", default="all", choices=("all", "contact", "race"), help="train on the positions of one phase only")
    f.add_argument("--teachers", default="", help="only these teachers' labels, e.g. gnubg2 (default: every one there, the deepest label of each position)")
    m = sub.add_parser("combine", help="one weights file: a contact network carrying a race network")
    m.add_argument("--contact", required=True)
    m.add_argument("--race", required=True)
    m.add_argument("--save", required=True)
    for p in (c, lab, f):
        p.add_argument("--workers", type=int, default=1)
    for p in (c, after, lab, f, sub.choices["report"]):
        p.add_argument("--out", required=True, type=Path)
        p.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    if a.cmd == "combine":
        from .fit import combine

        combine(a.contact, a.race, a.save)
        print(f"saved {a.save}")
    elif a.cmd == "corpus":
        from . import corpus

        corpus.generate(a.out, a.teacher, int(a.positions * 1.12), a.workers, seed=a.seed, phase=a.phase)
        print(f"{corpus.merge(a.out, a.seed)} distinct positions in {a.out / 'positions.npz'}")
    elif a.cmd == "after-plays":
        from . import corpus

        print(f"{corpus.add_after_plays(a.out, a.count, a.seed)} distinct positions in {a.out / 'positions.npz'}")
    elif a.cmd == "label":
        from . import label

        label.label(a.out, a.teacher, a.limit, a.workers, a.block, a.phase)
    elif a.cmd == "report":
        from . import corpus, label

        boards, sources = corpus.load(a.out)
        print(corpus.report(boards, sources))
        print(label.report(a.out))
        if a.weights:
            from .fit import held_out_report

            print(held_out_report(a.out, a.teacher, a.weights))
    elif a.cmd == "fit":
        from . import fit

        fit.main(a)
