"""Tweens for what happened (dice tumbling, checkers sliding, hits flying to
the bar, the "No legal moves" pause), advanced by the fixed time step.

The :class:`Animator` holds the board as shown (``display``, a Snapshot) and
a queue of animations; each one, when finished, makes its happening's
``after`` board the one shown.  Rendering asks for the head animation's
progress interpolated between the last two fixed steps.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass
from typing import Callable, Deque, List, Optional, Tuple

from ..play.session import Happening, Snapshot

BAR, OFF = 25, 0

# base durations in seconds, at animation speed 1
ROLL_TIME = 0.5
STEP_TIME = 0.26
STEP_PER_PIP = 0.01
HIT_TIME = 0.24
CUBE_TIME = 0.3


def ease(f: float) -> float:
    """Smooth start and stop."""
    f = min(max(f, 0.0), 1.0)
    return f * f * (3 - 2 * f)


@dataclass(frozen=True)
class Mover:
    """One checker in flight: ``player``'s checker from ``src`` (slot
    ``src_index``) to ``dst`` (slot ``dst_index``), in that player's numbering,
    during the fraction ``start..end`` of its animation."""

    player: int
    src: int
    dst: int
    src_index: int
    dst_index: int
    start: float
    end: float

    def fraction(self, progress: float) -> float:
        return ease((progress - self.start) / max(1e-9, self.end - self.start))


class Anim:
    """One happening being shown."""

    def __init__(self, happening: Happening, duration: float, movers: Tuple[Mover, ...] = ()):
        self.happening = happening
        self.kind = happening.kind
        self.duration = duration
        self.movers = movers
        self.t = 0.0
        self.prev_t = 0.0
        self.started = False

    def progress(self, alpha: float = 1.0) -> float:
        """Progress 0..1, interpolated between the last two fixed steps."""
        return self.prev_t + (self.t - self.prev_t) * alpha

    def advance(self, seconds: float) -> float:
        """Move on by ``seconds``; returns the time left over past the end."""
        if self.duration <= 0:
            self.t = 1.0
            return seconds
        self.t += seconds / self.duration
        if self.t >= 1.0:
            left = (self.t - 1.0) * self.duration
            self.t = 1.0
            return left
        return 0.0


def _index(snap: Snapshot, player: int, loc: int) -> int:
    return max(0, snap.counts[player][loc] - 1)


def movers_for(h: Happening) -> Tuple[Mover, ...]:
    """The checkers a step or an undo moves, with their timing."""
    s = h.step
    if s is None:
        return ()
    k, other = h.player, 1 - h.player
    b, a = h.before, h.after
    if h.kind == "step":
        main_end = 0.62 if s.hit else 1.0
        out = [Mover(k, s.frm, s.to, _index(b, k, s.frm), _index(a, k, s.to), 0.0, main_end)]
        if s.hit:
            hp = 25 - s.to
            out.append(Mover(other, hp, BAR, _index(b, other, hp), _index(a, other, BAR), 0.55, 1.0))
        return tuple(out)
    # undo: the checker goes back, a hit checker returns from the bar
    out = [Mover(k, s.to, s.frm, _index(b, k, s.to), _index(a, k, s.frm), 0.0, 0.62 if s.hit else 1.0)]
    if s.hit:
        hp = 25 - s.to
        out.append(Mover(other, BAR, hp, _index(b, other, BAR), _index(a, other, hp), 0.4, 1.0))
    return tuple(out)


class Animator:
    """The queue of animations and the board as currently shown."""

    def __init__(self, display: Snapshot, speed: Callable[[], float] = lambda: 1.0, pass_pause: Callable[[], float] = lambda: 1.2):
        self.display = display
        self.queue: Deque[Anim] = deque()
        self._speed = speed
        self._pass_pause = pass_pause
        #: told ``("start", happening)`` when a happening begins to show and
        #: ``("end", happening)`` when the board shows its outcome (for sound)
        self.listener: Optional[Callable[[str, Happening], None]] = None

    def _tell(self, event: str, anim: Anim) -> None:
        if self.listener is not None:
            self.listener(event, anim.happening)

    def _start_head(self) -> None:
        if self.queue and not self.queue[0].started:
            self.queue[0].started = True
            self._tell("start", self.queue[0])

    def _finish_head(self) -> None:
        anim = self.queue.popleft()
        if not anim.started:
            anim.started = True
            self._tell("start", anim)
        self.display = anim.happening.after
        self._tell("end", anim)

    @property
    def busy(self) -> bool:
        return bool(self.queue)

    @property
    def head(self) -> Optional[Anim]:
        return self.queue[0] if self.queue else None

    def _duration(self, h: Happening) -> float:
        if h.kind in ("pass", "take", "drop"):  # the pace sets this pause itself: it is for reading, not sped up
            return max(0.0, self._pass_pause())
        speed = self._speed()
        if speed <= 0:
            return 0.0
        if h.kind == "roll":
            base = ROLL_TIME
        elif h.kind in ("step", "undo") and h.step is not None:
            base = STEP_TIME + STEP_PER_PIP * abs(h.step.frm - h.step.to) + (HIT_TIME if h.step.hit else 0.0)
        elif h.kind == "double":
            base = CUBE_TIME
        else:
            base = 0.0
        return base / speed

    def push(self, happenings: List[Happening]) -> None:
        for h in happenings:
            self.queue.append(Anim(h, self._duration(h), movers_for(h)))
        self._drop_finished()

    def _drop_finished(self) -> None:
        while self.queue and self.queue[0].duration <= 0:
            self._finish_head()
        self._start_head()

    def update(self, dt: float) -> None:
        """Advance by one fixed step.  A long queue plays faster, so the
        board never lags far behind the game; the "No legal moves" pause
        never does (it is there to be read)."""
        for anim in self.queue:
            anim.prev_t = anim.t
        if not self.queue:
            return
        rate = 1.0 + 0.75 * (len(self.queue) - 1)
        left = dt
        while self.queue and left > 0:
            anim = self.queue[0]
            r = 1.0 if anim.kind in ("pass", "take", "drop") else rate
            left = anim.advance(left * r) / r
            if anim.t >= 1.0:
                self._finish_head()
                if self.queue:
                    self.queue[0].prev_t = 0.0
        self._drop_finished()

    def flush(self) -> None:
        """Finish every animation at once (input arrived: hurry, then act)."""
        while self.queue:
            self._finish_head()

    def reset(self, display: Snapshot) -> None:
        self.queue.clear()
        self.display = display


def tumble_faces(progress: float, final: Tuple[int, ...], seed: int = 0) -> Tuple[Tuple[int, float, float], ...]:
    """For dice tumbling at ``progress``: (face, angle in degrees, hop in
    die sizes) per die.  Faces flicker, then settle on ``final``."""
    out = []
    settle = progress >= 0.8
    bucket = int(progress * 14)
    for k, value in enumerate(final):
        if settle:
            face = value
        else:
            face = (value + bucket * (3 + k) + seed) % 6 + 1
        spin = (1 - ease(progress)) * (400 + 130 * k)
        hop = abs(math.sin(progress * math.pi * 3)) * (1 - progress) * 0.35
        out.append((face, spin, hop))
    return tuple(out)
