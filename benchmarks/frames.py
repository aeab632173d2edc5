"""Frame times of the pygame client, headless.

Renders a game with animations (two computer players, dice tumbling, checkers
sliding) for 600 frames at 1920x1080 and prints the median and 99th
percentile frame time (events + fixed steps + drawing + flip), then the CPU
time an idle board (waiting for a roll) uses over 10 seconds.  Both views of
the table are measured (``--view top``, ``--view oblique``, or both), and for
the oblique view also frames while the player turns the board by dragging
(the background is drawn anew each of those frames).

    .venv/bin/python benchmarks/frames.py [--frames 600] [--idle 10] [--size 1920x1080] [--view both]

Targets: 99th percentile at most 8 ms while checkers and dice animate; idle
under 1% of one core.  Wall time suffers on a machine shared with other work;
the loop thread's CPU time is printed beside it.

The computers choose their plays on worker threads (``game/play/seats.py``), not
on the loop's: the CPU column never holds their thinking.  A frame drawn
while one thinks may wait for Python's interpreter lock (the loop takes it
back within ``game.loop.SWITCH_INTERVAL_S``): those frames are counted and
their wall times printed apart.  Applying a computer's chosen steps (the
engine checks each) is the loop's work and is in both columns.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import pygame  # noqa: E402

from engine import get_bot  # noqa: E402
from game.store.settings import Settings  # noqa: E402
from game.testing import Driver  # noqa: E402


def percentile(values, q):
    values = sorted(values)
    k = (len(values) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)


def animated_frames(size, frames, seed=7, view="top"):
    """Frame times (seconds) of a computer-vs-computer game with animations."""
    settings = Settings(animation_speed=1.0, bot_pace=0.1, pass_pause=0.6, board_view=view)
    d = Driver(size=size, seed=seed, seats=(get_bot("random", seed=1), get_bot("random", seed=2)), settings=settings)
    d.frames(30)  # warm caches (fonts, sprites)
    times = []
    cpu = []
    #: the indices of frames drawn while a computer was thinking on its thread
    thinking = []
    games = 0
    step = 1.0 / 60
    while len(times) < frames:
        if d.game.phase == "over":
            if d.session.can_next_game():
                d.session.next_game()
            else:  # start another game
                d = Driver(size=size, seed=seed + games + 1, seats=d.session.seats, settings=settings)
            games += 1
        d.scene.dirty = True  # draw every frame, as a moving board does
        was_thinking = d.session.thinking
        t0, c0 = time.perf_counter(), time.thread_time()
        d.app.frame(step)
        times.append(time.perf_counter() - t0)
        cpu.append(time.thread_time() - c0)
        if was_thinking or d.session.thinking:
            thinking.append(len(times) - 1)
    return times, cpu, d, thinking


def turning_frames(size, frames, seed=7):
    """Frame times (wall, CPU) while the oblique view is dragged round, with real events."""
    d = Driver(size=size, seed=seed, settings=Settings(board_view="oblique"))
    d.settle()
    start = d.scene.renderer.to_screen(d.layout.other_dice_area.center)
    d.mouse_down(start)
    times, cpu = [], []
    for i in range(frames):
        dx = 200 * math.sin(i / 15.0)
        d.post(pygame.MOUSEMOTION, pos=(int(start[0] + dx), int(start[1])), rel=(0, 0), buttons=(1, 0, 0), touch=False, window=None)
        t0, c0 = time.perf_counter(), time.thread_time()
        d.app.frame(1.0 / 60)
        times.append(time.perf_counter() - t0)
        cpu.append(time.thread_time() - c0)
    d.mouse_up(start)
    return times, cpu


def idle_cpu(size, seconds, seed=7, view="top"):
    """CPU seconds used by the real loop over ``seconds`` of an idle board."""
    d = Driver(size=size, seed=seed, settings=Settings(board_view=view))
    d.settle()
    assert not d.scene.busy
    renders = d.app.renders
    cpu0, wall0 = time.process_time(), time.perf_counter()
    d.app.run(max_seconds=seconds)
    return time.process_time() - cpu0, time.perf_counter() - wall0, d.app.renders - renders


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--idle", type=float, default=10.0)
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--view", choices=("top", "oblique", "both"), default="both")
    args = parser.parse_args(argv)
    size = tuple(int(v) for v in args.size.lower().split("x"))
    views = ("top", "oblique") if args.view == "both" else (args.view,)

    for view in views:
        times, cpu_times, d, thinking = animated_frames(size, args.frames, view=view)
        ms = [t * 1000 for t in times]
        cpu_ms = [t * 1000 for t in cpu_times]
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        print(f"[{view} view] frames: {len(ms)} at {size[0]}x{size[1]} (animated game, computer vs computer, {len(d.game.log)} log entries)")
        print(f"[{view} view] frame time (wall): median {statistics.median(ms):.2f} ms, p99 {percentile(ms, 0.99):.2f} ms, max {max(ms):.2f} ms")
        print(f"[{view} view] frame time (CPU of the loop's thread): median {statistics.median(cpu_ms):.2f} ms, p99 {percentile(cpu_ms, 0.99):.2f} ms")
        print(f"[{view} view] machine load average while measuring: {load:.2f} on {os.cpu_count()} cores")
        if thinking:
            tw = sorted(ms[i] for i in thinking)
            rest = [m for i, m in enumerate(ms) if i not in set(thinking)]
            print(f"[{view} view] {len(thinking)} frames drawn while a computer thought on its thread: wall max {tw[-1]:.2f} ms;"
                  f" the other {len(rest)}: wall p99 {percentile(rest, 0.99):.2f} ms")
        if view == "oblique":
            tt, tc = turning_frames(size, min(args.frames, 200))
            tms, tcms = [t * 1000 for t in tt], [t * 1000 for t in tc]
            print(f"[{view} view] turning by drag, {len(tms)} frames: wall median {statistics.median(tms):.2f} ms, p99 {percentile(tms, 0.99):.2f} ms;"
                  f" CPU median {statistics.median(tcms):.2f} ms, p99 {percentile(tcms, 0.99):.2f} ms")
        cpu, wall, renders = idle_cpu(size, args.idle, view=view)
        print(f"[{view} view] idle board: {cpu * 1000:.0f} ms CPU in {wall:.1f} s = {100 * cpu / wall:.2f}% of one core ({renders} redraws)")
        ok = percentile(ms, 0.99) <= 8.0 and cpu / wall < 0.01
        cpu_ok = percentile(cpu_ms, 0.99) <= 8.0 and cpu / wall < 0.01
        print(f"[{view} view] targets (p99 <= 8 ms, idle < 1%):", "met" if ok else "NOT met", "(wall);", "met" if cpu_ok else "NOT met", "(CPU)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
