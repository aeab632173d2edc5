"""Doubling-cube decisions from the network's probabilities.

Money play uses Janowski's live-cube model: the cubeful equity is a blend
``E = (1 - x) * E_dead + x * E_live`` of the cubeless (dead cube) equity and
the equity with a fully live cube, where ``x`` is the cube efficiency (about
0.68 in contact positions, lower in races).  ``W`` and ``L`` are the average
values of a win and a loss; with a live cube the take point is
``TP = (L - 1/2) / (W + L + x/2)`` and the cash point ``CP = (L + 1) / (W + L + x/2)``.

>>> import numpy as np
>>> should_double(np.array([0.80, 0.10, 0.0, 0.02, 0.0]))   # a strong double ...
True
>>> should_take(np.array([0.80, 0.10, 0.0, 0.02, 0.0]))     # ... and a pass
False
>>> should_double(np.array([0.55, 0.10, 0.0, 0.08, 0.0]))
False
"""

from __future__ import annotations

from typing import Any, Mapping, Optional, Tuple

import numpy as np

CONTACT_EFFICIENCY = 0.68
RACE_EFFICIENCY = 0.60


def _w_l(probs: np.ndarray) -> Tuple[float, float, float]:
    p = float(probs[0])
    wins = max(p, 1e-6)
    losses = max(1.0 - p, 1e-6)
    w = 1.0 + (float(probs[1]) + float(probs[2])) / wins
    l = 1.0 + (float(probs[3]) + float(probs[4])) / losses
    return p, w, l


def cubeful_equity(probs: np.ndarray, owner: str = "centre", x: float = CONTACT_EFFICIENCY) -> float:
    """Money equity (in units of the current cube) for the side on roll,
    which owns the cube (``'me'``), or doesn't (``'opponent'``), or neither."""
    p, w, l = _w_l(probs)
    dead = p * (w + l) - l
    tp = (l - 0.5) / (w + l + 0.5 * x)
    cp = (l + 1.0) / (w + l + 0.5 * x)
    if owner == "me":
        live = -l + (l + 1.0) * p / cp if p < cp else 1.0 + (w - 1.0) * (p - cp) / (1.0 - cp)
    elif owner == "opponent":
        live = -l + (l - 1.0) * p / tp if p < tp else -1.0 + (w + 1.0) * (p - tp) / (1.0 - tp)
    else:
        if p < tp:
            live = -l + (l - 1.0) * p / tp
        elif p < cp:
            live = -1.0 + 2.0 * (p - tp) / (cp - tp)
        else:
            live = 1.0 + (w - 1.0) * (p - cp) / (1.0 - cp)
    return float((1.0 - x) * dead + x * live)


def efficiency(contact: bool) -> float:
    return CONTACT_EFFICIENCY if contact else RACE_EFFICIENCY


def should_double(probs: np.ndarray, contact: bool = True, owner: str = "centre") -> bool:
    """Double when doubling (the opponent then taking or passing, whichever
    is better for them) beats not doubling."""
    x = efficiency(contact)
    no_double = cubeful_equity(probs, owner, x)
    double_take = 2.0 * cubeful_equity(probs, "opponent", x)
    return min(double_take, 1.0) > no_double


def should_take(probs_doubler: np.ndarray, contact: bool = True) -> bool:
    """Take when the doubler's equity after a take is at most what a pass gives him."""
    x = efficiency(contact)
    return 2.0 * cubeful_equity(probs_doubler, "opponent", x) <= 1.0


def match_double_rule(match: Optional[Mapping[str, Any]]) -> Optional[bool]:
    """Match-play overrides for the side on roll, or None for money decisions.

    ``match``: ``{'crawford': bool, 'my_away': int, 'their_away': int}``.
    No double in the Crawford game; after it, the trailer doubles at once
    and the leader never doubles.
    """
    if not match:
        return None
    if match.get("crawford"):
        return False
    mine, theirs = match.get("my_away", 0), match.get("their_away", 0)
    if mine and theirs and min(mine, theirs) == 1 and mine != theirs:
        # post-Crawford (someone is 1-away and the Crawford game is past)
        return bool(mine > theirs)
    return None
