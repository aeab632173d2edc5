"""What kind of position a board is, for the corpus's report and the errors.

Each board (the side on roll and the other, (N, 26) arrays in each side's
own numbering) gets one kind, the first that fits in this order:

* ``race``: no contact left;
* ``crashed``: in contact, a side has 8 or more checkers on its 1-, 2- and
  3-points and at most one of its 4-, 5- and 6-points made (its board has
  collapsed while the other still holds it back);
* ``back_game``: a side holds two or more points in the other's home board
  and trails the race by 40 pips or more;
* ``bearoff_contact``: a side has borne off while the other still holds a
  checker back in its way;
* ``prime_vs_prime``: both sides have a prime of four or more points;
* ``containment``: a side has one to three checkers back (in the other's
  home board or on the bar), the other has a prime of four or more points
  or five points made between its 2- and 11-points, and the last checker
  back escapes with at most 8 rolls of 36;
* ``contact``: every other position with contact.

>>> from engine import Position
>>> from engine.ai.teach.teacher import as_boards
>>> [KINDS[k] for k in classify(*as_boards([Position.initial()]))]
['contact']
"""

from __future__ import annotations

from typing import Tuple

import numpy as np

from ..encode import contact, escape_chance, longest_prime

KINDS: Tuple[str, ...] = ("contact", "race", "crashed", "back_game", "bearoff_contact", "prime_vs_prime", "containment")
CONTACT, RACE, CRASHED, BACK_GAME, BEAROFF_CONTACT, PRIME_VS_PRIME, CONTAINMENT = range(len(KINDS))


def _pips(side: np.ndarray) -> np.ndarray:
    pips: np.ndarray = side @ np.arange(26, dtype=np.float32)
    return pips


def _either(f_me: np.ndarray, f_them: np.ndarray) -> np.ndarray:
    both: np.ndarray = f_me | f_them
    return both


def classify(me: np.ndarray, them: np.ndarray) -> np.ndarray:
    """(N,) kind numbers, indices into :data:`KINDS`."""
    me = np.asarray(me, dtype=np.float32)
    them = np.asarray(them, dtype=np.float32)
    n = me.shape[0]
    kind = np.full(n, CONTACT, dtype=np.int8)
    if n == 0:
        return kind
    in_contact = contact(me, them) > 0
    pm, pt = _pips(me), _pips(them)

    def crashed(s: np.ndarray) -> np.ndarray:
        out: np.ndarray = (s[:, 1:4].sum(axis=1) >= 8) & ((s[:, 4:7] >= 2).sum(axis=1) <= 1)
        return out

    def back_game(s: np.ndarray, lead: np.ndarray) -> np.ndarray:
        out: np.ndarray = ((s[:, 19:25] >= 2).sum(axis=1) >= 2) & (lead <= -40)
        return out

    def bearing_off(s: np.ndarray, other: np.ndarray) -> np.ndarray:
        out: np.ndarray = (s[:, 0] > 0) & (other[:, 19:26].sum(axis=1) > 0)
        return out

    def contained(s: np.ndarray, other: np.ndarray) -> np.ndarray:
        back = s[:, 19:26].sum(axis=1)
        wall = (longest_prime(other) >= 4) | ((other[:, 2:12] >= 2).sum(axis=1) >= 5)
        out: np.ndarray = (back >= 1) & (back <= 3) & wall & (escape_chance(s, other) <= 8.0 / 36.0)
        return out

    primes = (longest_prime(me) >= 4) & (longest_prime(them) >= 4)
    tests = [
        (CONTAINMENT, _either(contained(me, them), contained(them, me))),
        (PRIME_VS_PRIME, primes),
        (BEAROFF_CONTACT, _either(bearing_off(me, them), bearing_off(them, me))),
        (BACK_GAME, _either(back_game(me, pt - pm), back_game(them, pm - pt))),
        (CRASHED, _either(crashed(me), crashed(them))),
    ]
    for code, hit in tests:  # the last that fits wins, so the list runs from least to most telling
        kind[hit & in_contact] = code
    kind[~in_contact] = RACE
    return kind
