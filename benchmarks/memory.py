"""Resident memory of the real client over a long session, headless.

Drives the whole app (game/testing.py's AppDriver: real pygame events into
the real scenes) round after round through what a kiosk or a long evening
sees: the lobby, Records, Rules & help, the settings with a language switch,
a game against the computer asking for hints at every turn, a hot-seat game
resigned, the result screen, window resizes (a window manager's events),
and the kiosk's attract mode stopped by a key.  Every ``--every`` seconds
(and at the end) it samples the resident set size (RSS: what the system
gives the process, SDL surfaces and fonts included, which Python's object
counts do not see) after ``gc.collect()``, each time in the lobby at
1280x720 in English (after the round's resizes and languages), so that
samples compare.  The engine's bear-off database, which the first bear-off
the computer meets loads for good (some 55 MB), is loaded before the first
sample.

    python benchmarks/memory.py --minutes 30 [--warmup 120] [--every 30]

It prints each sample, then the RSS after warm-up, at the end, the growth
between them and the peak.  Target (issue: runs for days): growth after
warm-up at most 30 MB over 30 minutes, peak under 400 MB.

RSS comes from /proc/self/statm (Linux), else psutil if installed.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, List, Optional, Tuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

SIZES = [(1280, 720), (800, 600), (1920, 1080), (1024, 768), (640, 480), (1600, 900), (2560, 1440)]


def rss_mb() -> float:
    """The resident set size of this process, in MB."""
    try:
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 1e6
    except (OSError, ValueError, AttributeError):
        import psutil  # type: ignore[import-not-found]

        return psutil.Process().memory_info().rss / 1e6


class Tour:
    """One driver and the rounds it plays."""

    def __init__(self, seed: int = 1):
        import pygame

        from game.kiosk import Kiosk
        from game.store.settings import Settings
        from game.testing import AppDriver

        self.pygame = pygame
        self.d = AppDriver(size=SIZES[0], seed=seed, settings=Settings(animation_speed=0.0, bot_pace=0.0, pass_pause=0.0, sound=False))
        self.clock_now = 1000.0
        self.d.app.kiosk = Kiosk(self.d.app, idle_timeout=1e9, attract_after=1e9, level="intermediate", pace="instant",
                                 clock=lambda: self.clock_now)
        self.round = 0
        self.size_i = 0
        self.counts = {"games": 0, "hints": 0, "resizes": 0, "languages": 0, "attract": 0, "screens": 0}

    # -- little hands ---------------------------------------------------------------------------
    @property
    def scene(self):
        return self.d.app.scene

    def lobby(self):
        from game.scenes.lobby import LobbyScene

        for _ in range(6):
            if isinstance(self.scene, LobbyScene):
                return self.scene
            self.d.key(self.pygame.K_ESCAPE)
            self.d.settle()
            self._answer_yes()
        assert isinstance(self.scene, LobbyScene), type(self.scene).__name__
        return self.scene

    def _answer_yes(self) -> None:
        from game.scenes.dialog import DialogScene

        if isinstance(self.scene, DialogScene):
            self.d.click_button(self.scene.answer_buttons[0])
            self.d.settle()

    def resize(self) -> None:
        self.size_i = (self.size_i + 1) % len(SIZES)
        w, h = SIZES[self.size_i]
        self.d.post(self.pygame.VIDEORESIZE, w=w, h=h, size=(w, h))
        self.d.frames(2)
        self.counts["resizes"] += 1

    def screens(self) -> None:
        """Records, Rules & help (a page on), the settings with a language switch."""
        lobby = self.lobby()
        self.d.click_button(lobby.records_button)
        self.d.frames(2)
        self.d.click_button(self.scene.back_button)
        lobby = self.lobby()
        self.d.click_button(lobby.help_button)
        self.d.key(self.pygame.K_TAB)
        self.d.frames(2)
        self.d.click_button(self.scene.back_button)
        lobby = self.lobby()
        self.d.click_button(lobby.settings_button)
        settings = self.scene
        lang = "zh" if self.round % 2 == 0 else "en"
        self.d.click_button(settings.rows["language"].button_for(lang))
        self.counts["languages"] += 1
        self.d.frames(2)
        self.d.click_button(self.scene.back_button)
        self.counts["screens"] += 3

    def play(self, mode: str, max_turns: int = 400, resign_after: Optional[int] = None) -> None:
        """A game from the lobby to the result screen and back: against the
        computer with a hint each turn, or hot-seat (resigned after some turns)."""
        from game.input.match_intents import PlayStep
        from game.scenes.match import MatchScene
        from game.scenes.result import ResultScene

        lobby = self.lobby()
        self.d.click_button(lobby.rows["mode"].button_for(mode))
        if mode == "computer":
            self.d.click_button(lobby.rows["level"].button_for("intermediate"))
        self.d.click_button(lobby.rows["length"].button_for(1))
        self.d.click_button(lobby.play_button)
        self._answer_yes()  # "a match in play will be lost"
        turns = 0
        while isinstance(self.scene, MatchScene) and turns < max_turns:
            s = self.scene.session
            self.d.settle()
            if not isinstance(self.scene, MatchScene):
                break
            if resign_after is not None and turns >= resign_after and s.can_resign():
                self.d.click_button(self.scene.topbar.resign)
                self._answer_yes()
                self._answer_yes()  # hot-seat: the other side accepts
                continue
            if s.game.phase == "move" and s.human_to_act:
                if mode == "computer":
                    self.d.key(self.pygame.K_h)  # the expert's hint
                    self.counts["hints"] += 1
                for _ in range(4):
                    steps = s.legal_steps()
                    if not steps or s.game.phase != "move":
                        break
                    st = steps[0]
                    self.scene.do(PlayStep(st.frm, st.to, st.die))
                    self.d.frames(1)
                turns += 1
            elif s.can_roll():
                self.d.click(self.d.dice_pos())
            else:
                self._answer_yes()  # a double or a resignation offered: take / accept
                self.d.frames(1)
        self.d.settle()
        if isinstance(self.scene, ResultScene):
            self.counts["games"] += 1
            self.d.frames(2)
            self.d.click_button(self.scene.result_buttons["lobby"])
            self.d.settle()

    def attract(self, seconds: float = 4.0) -> None:
        """The kiosk's attract mode for a while, stopped by a key."""
        from game.scenes.attract import AttractScene

        self.lobby()
        kiosk = self.d.app.kiosk
        kiosk.attract_after = 1.0
        self.clock_now += 2.0
        self.d.frames(2)
        end = time.perf_counter() + seconds
        while isinstance(self.scene, AttractScene) and time.perf_counter() < end:
            s = self.scene.session
            if s.thinking:
                s.wait_for_computer()
            self.d.frames(1)
        kiosk.attract_after = 1e9
        self.d.key(self.pygame.K_SPACE)  # wakes it: back to the lobby
        self.d.settle()
        self.counts["attract"] += 1

    def at_rest(self) -> None:
        """The lobby at the first size, in English: every sample is taken in
        the same state, so that samples compare (a 1440p board holds more
        than a 600-line one while it is shown, a Chinese screen its fonts)."""
        from game.words import i18n

        lobby = self.lobby()
        if i18n.language() != "en":
            self.d.click_button(lobby.settings_button)
            self.d.click_button(self.scene.rows["language"].button_for("en"))
            self.d.frames(2)
            self.d.click_button(self.scene.back_button)
            self.lobby()
        if self.d.app.size != SIZES[0]:
            w, h = SIZES[0]
            self.size_i = 0
            self.d.post(self.pygame.VIDEORESIZE, w=w, h=h, size=(w, h))
            self.d.frames(2)
        self.d.frames(2)
        gc.collect()
        every, self.d.app.release_every = self.d.app.release_every, 0.0
        self.d.app.release_memory()
        self.d.app.release_every = every

    def one_round(self) -> None:
        steps: List[Callable[[], None]] = [
            self.screens, self.resize,
            lambda: self.play("computer"), self.resize,
            lambda: self.play("hotseat", resign_after=6), self.resize,
            self.attract,
        ]
        for step in steps:
            step()
        self.round += 1


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--minutes", type=float, default=10.0, help="how long to drive the app (default 10)")
    ap.add_argument("--warmup", type=float, default=120.0, help="seconds before the baseline sample (default 120)")
    ap.add_argument("--every", type=float, default=30.0, help="seconds between samples (default 30)")
    args = ap.parse_args(argv)

    home = tempfile.mkdtemp(prefix="backgammon-memory-")
    os.environ["BACKGAMMON_HOME"] = home  # the tour's saves and records go to a throwaway folder
    from game.words import i18n

    i18n.set_language("en")
    start = time.perf_counter()
    print(f"start: rss {rss_mb():.1f} MB (python {sys.version.split()[0]}, pid {os.getpid()})", flush=True)
    tour = Tour()
    # the engine's tables, loaded once for good by the first bear-off the
    # computer meets: loaded before the first sample, so that the growth
    # after warm-up is what grows (the tour's games reach one at random)
    from engine.ai.bearoff import default_database

    before = rss_mb()
    default_database()
    print(f"bear-off database loaded: rss {before:.1f} -> {rss_mb():.1f} MB", flush=True)
    samples: List[Tuple[float, float]] = []
    baseline: Optional[Tuple[float, float]] = None
    next_sample = start + args.every
    end = start + args.minutes * 60.0
    peak = 0.0
    peak_seen = 0.0  # the largest RSS at any round's end, whatever screen and size
    while time.perf_counter() < end:
        tour.one_round()
        peak_seen = max(peak_seen, rss_mb())
        now = time.perf_counter()
        if baseline is None and now - start >= args.warmup:
            tour.at_rest()
            baseline = (now - start, rss_mb())
            print(f"after warm-up ({baseline[0]:.0f} s, {tour.round} rounds): rss {baseline[1]:.1f} MB", flush=True)
        if now >= next_sample:
            tour.at_rest()
            mb = rss_mb()
            peak = max(peak, mb)
            samples.append((now - start, mb))
            print(f"  t={now - start:6.0f} s  round {tour.round:4d}  rss {mb:7.1f} MB  {tour.counts}", flush=True)
            next_sample = now + args.every
    tour.at_rest()
    final = (time.perf_counter() - start, rss_mb())
    peak = max([peak, peak_seen, final[1]] + [mb for _, mb in samples])
    if baseline is None:
        baseline = samples[0] if samples else final
    growth = final[1] - baseline[1]
    span_min = (final[0] - baseline[0]) / 60.0
    print(f"after warm-up: rss {baseline[1]:.1f} MB at {baseline[0]:.0f} s")
    print(f"at the end:    rss {final[1]:.1f} MB at {final[0]:.0f} s ({tour.round} rounds: {tour.counts})")
    print(f"growth after warm-up: {growth:+.1f} MB over {span_min:.1f} min"
          f" ({growth / span_min * 30 if span_min > 0 else 0:+.1f} MB per 30 min); peak rss {peak:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
