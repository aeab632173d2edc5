"""How long a menu screen takes to rebuild when the window changes size
(the settings screen by default): CPU seconds per rebuild at each size,
the first time (nothing cached for that size) and again (fonts and theme
reused).  With --over-lobby the screen is opened over the lobby, as the
program opens the settings: the lobby below is laid out in the next frame,
timed apart.  Headless; a few seconds.  The memory the old widgets held is given
back in the next frame without input (game/app.py), not in these.  Before
the first rebuild at each size the window is left showing for --pause
seconds (wall time, no CPU), as between a player's resizes; the repeats
follow each other at once (with a rebuild at another size between them).

    python benchmarks/rebuild.py [--screen settings|lobby|records] [--repeat 5] [--language en|zh] [--pause 1] [--over-lobby]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("BACKGAMMON_HOME", tempfile.mkdtemp(prefix="bg-bench-"))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

SIZES = ((1280, 720), (1920, 1080), (2560, 1440), (3840, 2160), (1080, 1920), (1280, 720))


def make_screen(app, name):
    from game.scenes.lobby import LobbyScene

    if name == "lobby":
        return LobbyScene(app)
    if name == "records":
        from game.scenes.records import RecordsScene

        return RecordsScene(app)
    from game.scenes.settings import SettingsScene

    return SettingsScene(app)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--screen", default="settings", choices=("settings", "lobby", "records"))
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--language", default="en", choices=("en", "zh"))
    parser.add_argument("--pause", type=float, default=1.0, help="seconds the window shows before each first rebuild")
    parser.add_argument("--over-lobby", action="store_true",
                        help="open the screen over the lobby, as the program opens the settings (both rebuild)")
    args = parser.parse_args()
    import pygame

    from game.app import App
    from game.store.settings import Settings

    app = App(size=SIZES[0], settings=Settings(pace="instant", language=args.language))
    if args.over_lobby:
        app.switch(make_screen(app, "lobby"))
        app.frame(1 / 60)
        app.scenes.push(make_screen(app, args.screen))
    else:
        app.switch(make_screen(app, args.screen))
    app.frame(1 / 60)
    over = " over the lobby" if args.over_lobby else ""
    print(f"{args.screen} screen{over} ({args.language}): CPU seconds per rebuild after a resize")
    for size in SIZES:
        times, below = [], []
        time.sleep(args.pause)
        for _ in range(args.repeat):
            t0 = time.process_time()
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
            app.frame(1 / 60)
            times.append(time.process_time() - t0)
            t0 = time.process_time()
            while app.scenes.busy:  # the scene below the overlay, laid out in the next frame
                app.frame(1 / 60)
            below.append(time.process_time() - t0)
            # away and back, so the next one is a real resize too
            other = SIZES[0] if size != SIZES[0] else SIZES[1]
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=other[0], h=other[1], size=other))
            app.frame(1 / 60)
            while app.scenes.busy:
                app.frame(1 / 60)
        line = f"  {size[0]}x{size[1]}: first {times[0]:.3f} s, then median {sorted(times[1:])[len(times[1:]) // 2]:.3f} s"
        if args.over_lobby:
            line += f"; the lobby below in the next frame: first {below[0]:.3f} s, then median {sorted(below[1:])[len(below[1:]) // 2]:.3f} s"
        print(line)

if __name__ == "__main__":
    main()
