"""The evaluator: a small neural network in numpy, batched.

Its five outputs, for the side on roll, are the probabilities of winning,
winning a gammon, winning a backgammon, losing a gammon and losing a
backgammon.  ``equity = 2p - 1 + gw - gl + bw - bl`` (cubeless points per game).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Dict, List, Mapping, Sequence, Tuple, cast

import numpy as np

from ..resources import assets_dir
from .encode import ENCODERS, contact, encoder_for

WIN, WIN_G, WIN_BG, LOSE_G, LOSE_BG = range(5)
#: the default weights, shipped with the program
DEFAULT_WEIGHTS = assets_dir() / "weights.npz"


def equity(probs: np.ndarray) -> np.ndarray:
    """Cubeless equity of (N, 5) probabilities."""
    p = np.asarray(probs)
    eq: np.ndarray = 2.0 * p[..., WIN] - 1.0 + p[..., WIN_G] - p[..., LOSE_G] + p[..., WIN_BG] - p[..., LOSE_BG]
    return eq


def flip(probs: np.ndarray) -> np.ndarray:
    """The same outcome distribution seen from the other side."""
    p = np.asarray(probs)
    out = np.empty_like(p)
    out[..., WIN] = 1.0 - p[..., WIN]
    out[..., WIN_G] = p[..., LOSE_G]
    out[..., WIN_BG] = p[..., LOSE_BG]
    out[..., LOSE_G] = p[..., WIN_G]
    out[..., LOSE_BG] = p[..., WIN_BG]
    return out


def sigmoid(z: np.ndarray) -> np.ndarray:
    """The logistic function, worked out in place in a new array (no
    temporaries: the search's batches are large); exp's overflow for very
    negative inputs gives the right limit, 0."""
    out: np.ndarray = np.negative(z)
    np.clip(out, -40.0, 40.0, out=out)
    np.exp(out, out=out)
    out += 1.0
    np.reciprocal(out, out=out)
    return out


class Network:
    """inputs -> sigmoid hidden layer (or layers, :attr:`mid`) -> five sigmoid outputs.

    The number of inputs picks the encoding (:data:`encode.ENCODERS`), so a
    network evaluates boards with :meth:`evaluate_boards` whatever its inputs.
    A network may carry a second one for races (:attr:`race`): then
    :meth:`evaluate_boards` asks that one for the boards without contact.
    """

    #: the network for positions without contact, if this one has its own for them
    race: "Network | None" = None

    def __init__(
        self,
        w1: np.ndarray,
        b1: np.ndarray,
        w2: np.ndarray,
        b2: np.ndarray,
        meta: Mapping[str, object] | None = None,
        mid: Sequence[Tuple[np.ndarray, np.ndarray]] = (),
    ):
        widths = [b1.shape[0]] + [b.shape[0] for _, b in mid]
        if (
            w1.ndim != 2
            or w1.shape[0] not in ENCODERS
            or w1.shape[1] != b1.shape[0]
            or any(w.shape != (n, b.shape[0]) for (w, b), n in zip(mid, widths))
            or w2.shape != (widths[-1], 5)
            or b2.shape != (5,)
        ):
            raise ValueError(f"weight shapes do not fit: {w1.shape} {b1.shape} {[w.shape for w, _ in mid]} {w2.shape} {b2.shape}")
        self.w1, self.b1, self.w2, self.b2 = (np.asarray(a, dtype=np.float32) for a in (w1, b1, w2, b2))
        #: hidden layers after the first (none in a one-layer network): (weights, biases)
        self.mid: List[Tuple[np.ndarray, np.ndarray]] = [(np.asarray(w, dtype=np.float32), np.asarray(b, dtype=np.float32)) for w, b in mid]
        self.meta: Dict[str, object] = dict(meta or {})
        self.encode = encoder_for(self.w1.shape[0])

    @classmethod
    def random(cls, hidden: int = 80, seed: int = 0, inputs: int = 200, more: Sequence[int] = ()) -> "Network":
        """Small random weights; ``more``: the widths of further hidden layers."""
        rng = np.random.default_rng(seed)
        w1 = rng.normal(0, 1.0 / np.sqrt(inputs), (inputs, hidden))
        mid: List[Tuple[np.ndarray, np.ndarray]] = []
        width = hidden
        for n in more:
            mid.append((rng.normal(0, 1.0 / np.sqrt(width), (width, n)), np.zeros(n)))
            width = n
        w2 = rng.normal(0, 1.0 / np.sqrt(width), (width, 5))
        return cls(w1, np.zeros(hidden), w2, np.zeros(5), mid=mid)

    def widened(self, inputs: int, hidden: int, seed: int = 0) -> "Network":
        """A bigger network that computes exactly what this one does: the new
        inputs start with zero weights, the new hidden units with small input
        weights and zero output weights (a warm start for training)."""
        if inputs < self.inputs or hidden < self.hidden:
            raise ValueError("a widened network cannot be smaller")
        if self.mid:
            raise ValueError("only a one-layer network can be widened")
        rng = np.random.default_rng(seed)
        w1 = np.zeros((inputs, hidden), dtype=np.float32)
        w1[: self.inputs, : self.hidden] = self.w1
        w1[:, self.hidden :] = rng.normal(0, 0.1 / np.sqrt(inputs), (inputs, hidden - self.hidden))
        b1 = np.zeros(hidden, dtype=np.float32)
        b1[: self.hidden] = self.b1
        w2 = np.zeros((hidden, 5), dtype=np.float32)
        w2[: self.hidden] = self.w2
        return Network(w1, b1, w2, self.b2.copy(), self.meta)

    @property
    def hidden(self) -> int:
        return int(self.b1.shape[0])

    @property
    def inputs(self) -> int:
        return int(self.w1.shape[0])

    def evaluate_boards(self, me: np.ndarray, them: np.ndarray) -> np.ndarray:
        """(N, 26) boards of the side on roll and of the other side, each in
        its own numbering -> (N, 5) probabilities for the side on roll.  A
        side that has borne off a checker can no longer lose a gammon: its
        gammon and backgammon losses are 0 whatever the network says."""
        if self.race is None:
            out = self.forward(self.encode(me, them))
        else:
            racing = contact(me, them) == 0
            if not racing.any():
                out = self.forward(self.encode(me, them))
            elif racing.all():
                out = self.race.forward(self.race.encode(me, them))
            else:
                out = np.empty((len(me), 5), dtype=np.float32)
                out[racing] = self.race.forward(self.race.encode(me[racing], them[racing]))
                out[~racing] = self.forward(self.encode(me[~racing], them[~racing]))
        out[np.asarray(me)[:, 0] > 0, LOSE_G:] = 0.0
        out[np.asarray(them)[:, 0] > 0, WIN_G : WIN_BG + 1] = 0.0
        return out

    def with_race(self, race: "Network | None") -> "Network":
        """This network with ``race`` for the positions without contact."""
        net = Network(self.w1, self.b1, self.w2, self.b2, self.meta, self.mid)
        net.race = race
        return net

    def forward(self, x: np.ndarray) -> np.ndarray:
        """(N, inputs) -> (N, 5) probabilities, made consistent
        (a backgammon is a gammon is a win)."""
        h = sigmoid(x @ self.w1 + self.b1)
        for w, b in self.mid:
            h = sigmoid(h @ w + b)
        p = sigmoid(h @ self.w2 + self.b2)
        p[:, WIN_G] = np.minimum(p[:, WIN_G], p[:, WIN])
        p[:, WIN_BG] = np.minimum(p[:, WIN_BG], p[:, WIN_G])
        p[:, LOSE_G] = np.minimum(p[:, LOSE_G], 1.0 - p[:, WIN])
        p[:, LOSE_BG] = np.minimum(p[:, LOSE_BG], p[:, LOSE_G])
        return p

    def save(self, path: str | Path) -> None:
        path = Path(path)
        tmp = path.with_name(path.name + ".tmp.npz")
        arrays = self._arrays("")
        if self.race is not None:
            arrays.update(self.race._arrays("race_"))
        np.savez_compressed(tmp, **cast(Dict[str, Any], arrays))
        tmp.replace(path)

    def _arrays(self, prefix: str) -> Dict[str, np.ndarray]:
        arrays = {"w1": self.w1, "b1": self.b1, "w2": self.w2, "b2": self.b2, "meta": np.array(repr(self.meta))}
        for i, (w, b) in enumerate(self.mid):
            arrays[f"mid_w{i}"] = w
            arrays[f"mid_b{i}"] = b
        return {prefix + k: v for k, v in arrays.items()}

    @classmethod
    def _from(cls, data: Mapping[str, np.ndarray], prefix: str) -> "Network":
        mid: List[Tuple[np.ndarray, np.ndarray]] = []
        while f"{prefix}mid_w{len(mid)}" in data:
            mid.append((data[f"{prefix}mid_w{len(mid)}"], data[f"{prefix}mid_b{len(mid)}"]))
        p = prefix
        return cls(data[p + "w1"], data[p + "b1"], data[p + "w2"], data[p + "b2"], _meta(data, p + "meta"), mid)

    @classmethod
    def load(cls, path: str | Path = DEFAULT_WEIGHTS) -> "Network":
        with np.load(Path(path), allow_pickle=False) as data:
            net = cls._from(data, "")
            if "race_w1" in data:
                net.race = cls._from(data, "race_")
            return net


def _meta(data: Mapping[str, np.ndarray], key: str) -> Dict[str, object]:
    """A network's notes as saved (a dict written with repr), or {}."""
    if key not in data:
        return {}
    import ast

    try:
        meta = ast.literal_eval(str(data[key]))
    except (ValueError, SyntaxError):
        return {}
    return dict(meta) if isinstance(meta, dict) else {}
