"""The fixed-timestep loop (:class:`Loop`, the base of the app).

Simulation and animation advance in fixed steps of :data:`DT`; the frame time
is clamped (:data:`MAX_FRAME`) so a stall never makes the loop spiral, and
rendering gets the fraction of a step left in the accumulator to interpolate.
When the scene has nothing moving and no input arrives the loop does not spin:
it blocks waiting for events (or, on a display without event waiting, polls
at a low rate), and it redraws only when something changed.  Another
thread ends that wait with :func:`game.system.wake.wake_loop`.
"""

from __future__ import annotations

import sys
import time
from typing import Callable, Optional

import pygame

from .ui.stack import SceneStack

DT = 1.0 / 120.0  # the fixed step, seconds
MAX_FRAME = 0.25  # the longest frame time fed to the accumulator
MAX_STEPS = 30  # fixed steps per frame at most
ACTIVE_FPS = 60  # frame rate while something moves
IDLE_WAIT_MS = 1000  # longest wait for an event when idle
IDLE_POLL_S = 1.0 / 30  # idle polling period where the display cannot wait for events
#: how long a thread keeps Python's interpreter lock while another waits for it: a
#: computer thinking on its worker thread hands it back to the frame loop within
#: this (Python's default is 5 ms, most of a frame's budget)
SWITCH_INTERVAL_S = 0.001


class Loop:
    """Frames: events to :meth:`dispatch`, fixed steps of the scenes, a
    render when anything changed; :meth:`run` until :attr:`running` is
    False.  The app fills in :attr:`scenes`, :attr:`screen`,
    :meth:`dispatch` and :meth:`tick`."""

    scenes: SceneStack

    def __init__(self) -> None:
        self.running = True
        sys.setswitchinterval(SWITCH_INTERVAL_S)
        self.accumulator = 0.0
        self.frames = 0
        self.renders = 0
        self._can_wait = pygame.display.get_driver() != "dummy"
        self._woken: Optional[pygame.event.Event] = None
        self._clock = pygame.time.Clock()
        #: called after each render with the seconds it took (the benchmark listens)
        self.on_render: Optional[Callable[[float], None]] = None

    @property
    def screen(self) -> pygame.Surface:
        """The surface frames are drawn on (the app's window)."""
        raise NotImplementedError

    def dispatch(self, event: pygame.event.Event) -> None:
        """Handle one event (the app's)."""

    def tick(self) -> None:
        """Once a frame, after the events and before the fixed steps."""

    def frame(self, frame_time: float) -> bool:
        """One frame: events, fixed steps for ``frame_time`` seconds, and a
        render if anything changed.  Returns whether it rendered."""
        self.scenes.catch_up()
        events = pygame.event.get()
        if self._woken is not None:
            events.insert(0, self._woken)
            self._woken = None
        resizes = [i for i, e in enumerate(events) if e.type == pygame.VIDEORESIZE]
        for i, event in enumerate(events):
            if event.type == pygame.VIDEORESIZE and i != resizes[-1]:
                continue  # a window being dragged bigger: only its last size matters
            self.dispatch(event)
            if not self.running:
                return False
        self.tick()
        self.accumulator += min(max(frame_time, 0.0), MAX_FRAME)
        steps = 0
        while self.accumulator >= DT and steps < MAX_STEPS:
            self.scenes.top.update(DT)
            self.accumulator -= DT
            steps += 1
        if steps == MAX_STEPS:
            self.accumulator = 0.0
        self.frames += 1
        stack = self.scenes
        if stack.dirty or stack.busy:
            t0 = time.perf_counter()
            shown = stack.visible()
            rects = stack.render(self.screen, self.accumulator / DT)
            if rects is None:
                pygame.display.flip()
            elif rects:
                pygame.display.update(rects)
            for scene in shown:
                scene.dirty = False
            self.renders += 1
            if self.on_render is not None:
                self.on_render(time.perf_counter() - t0)
            return True
        return False

    def wait_idle(self, timeout: float) -> None:
        """Sleep until an event arrives (or ``timeout`` seconds pass)."""
        if self._can_wait:
            event = pygame.event.wait(int(timeout * 1000))
            if event.type != pygame.NOEVENT:
                self._woken = event  # handled first in the next frame, keeping the order
        else:
            end = time.perf_counter() + timeout
            while time.perf_counter() < end:
                if pygame.event.peek():
                    return
                time.sleep(IDLE_POLL_S)

    def run(self, max_seconds: Optional[float] = None, max_frames: Optional[int] = None) -> None:
        """Run until quit (or a time or frame limit)."""
        start = last = time.perf_counter()
        frames = 0
        while self.running:
            now = time.perf_counter()
            if max_seconds is not None and now - start >= max_seconds:
                break
            if max_frames is not None and frames >= max_frames:
                break
            stack = self.scenes
            if not stack.busy and not stack.dirty and self._woken is None and not pygame.event.peek():
                left = IDLE_WAIT_MS / 1000 if max_seconds is None else min(IDLE_WAIT_MS / 1000, max(0.0, max_seconds - (now - start)))
                self.wait_idle(left)
                # time spent idle is not simulated (nothing was moving), but
                # one fixed step runs so the scene and its widgets see the input
                last = time.perf_counter()
                self.accumulator = DT
            now = time.perf_counter()
            self.frame(now - last)
            last = now
            frames += 1
            if self.scenes.busy:
                self._clock.tick(ACTIVE_FPS)
