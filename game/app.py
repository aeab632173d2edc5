"""The window, the fixed-timestep loop and the scene stack.

Simulation and animation advance in fixed steps of :data:`DT`; the frame time
is clamped (:data:`MAX_FRAME`) so a stall never makes the loop spiral, and
rendering gets the fraction of a step left in the accumulator to interpolate.
When the scene has nothing moving and no input arrives the loop does not spin:
it blocks waiting for events (or, on a display without event waiting, polls
at a low rate), and it redraws only when something changed.
"""

from __future__ import annotations

import logging
import os
import time
from typing import TYPE_CHECKING, Any, Callable, Optional, Tuple

import pygame

from . import i18n
from .scenes.navigation import Navigator
from .scenes.stack import Scene, SceneStack
from .settings import Settings

if TYPE_CHECKING:
    from .net.hosting import Hosting

__all__ = ["App", "Scene", "SceneStack", "run_app", "clamp_size", "initial_window_size"]

LOG = logging.getLogger(__name__)

DT = 1.0 / 120.0  # the fixed step, seconds
MAX_FRAME = 0.25  # the longest frame time fed to the accumulator
MAX_STEPS = 30  # fixed steps per frame at most
ACTIVE_FPS = 60  # frame rate while something moves
IDLE_WAIT_MS = 1000  # longest wait for an event when idle
IDLE_POLL_S = 1.0 / 30  # idle polling period where the display cannot wait for events
DEFAULT_SIZE = (1280, 720)
RELEASE_EVERY = 2.0  # seconds between two releases of memory (App.release_memory)
MIN_SIZE = (320, 240)  # the smallest window the scenes are laid out for


def clamp_size(size: Tuple[int, int]) -> Tuple[int, int]:
    """A window size no smaller than :data:`MIN_SIZE`.

    >>> clamp_size((1, 1)), clamp_size((1024, 768))
    ((320, 240), (1024, 768))
    """
    return max(MIN_SIZE[0], int(size[0])), max(MIN_SIZE[1], int(size[1]))


#: the window's class (X11 WM_CLASS, Wayland app id) that taskbars group and name it by
WINDOW_CLASS = "backgammon"


def name_the_window() -> None:
    """Give the window the class :data:`WINDOW_CLASS` before the display
    opens, as the built program has; from source SDL would take the script's
    name (``__main__.py``).  A value the user set in the environment wins."""
    for var in ("SDL_APP_ID", "SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS"):
        os.environ.setdefault(var, WINDOW_CLASS)


def desktop_size(index: int = 0) -> Optional[Tuple[int, int]]:
    """The size of display ``index`` at its native resolution, or None."""
    try:
        desktops = pygame.display.get_desktop_sizes()
    except pygame.error:  # pragma: no cover
        return None
    if not desktops:
        return None
    w, h = desktops[min(max(index, 0), len(desktops) - 1)]
    return (int(w), int(h)) if w > 0 and h > 0 else None


def initial_window_size(desktop: Optional[Tuple[int, int]] = None) -> Tuple[int, int]:
    """The size of a first window: the largest 16:9 within 80 % of the
    desktop (a portrait desktop: the largest 9:16); 1280x720 when the
    desktop is unknown.

    >>> initial_window_size((3840, 2160)), initial_window_size((1920, 1080)), initial_window_size((1080, 1920))
    ((3072, 1728), (1536, 864), (864, 1536))
    """
    desktop = desktop or desktop_size()
    if desktop is None:
        return DEFAULT_SIZE
    dw, dh = desktop[0] * 0.8, desktop[1] * 0.8
    aw, ah = (16, 9) if desktop[0] >= desktop[1] else (9, 16)
    unit = min(dw / aw, dh / ah)
    return max(320, int(unit * aw)), max(240, int(unit * ah))


def _window() -> Any:
    """The SDL window of the display module (pygame-ce), or None."""
    import warnings

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            return pygame.Window.from_display_module()
    except (AttributeError, pygame.error):  # pragma: no cover - an older pygame, no window
        return None


_AUDIO: Any = None  # one set of synthesised sounds per process (the mixer outlives an App)


def shared_audio(enabled: bool) -> Any:
    """The game's :mod:`~game.audio` player (a silent one without a device).
    Made anew when the mixer it was made for has been shut (pygame.quit() by
    another user of pygame in the process): its sounds would crash SDL."""
    global _AUDIO
    if _AUDIO is None or (getattr(_AUDIO, "available", False) and not pygame.mixer.get_init()):
        from .audio import create_audio

        _AUDIO = create_audio(enabled)
    _AUDIO.enabled = enabled
    return _AUDIO


class App:
    """The window and the loop.  ``App(size)``, then ``run()``; tests drive
    frames themselves with :meth:`frame`.

    The app holds what outlives a scene: the settings (loaded from and saved
    to ``storage``), the sounds, and the match in progress (``session`` with
    the ``options`` it started with), which the lobby offers to continue."""

    def __init__(
        self,
        size: Optional[Tuple[int, int]] = None,
        fullscreen: bool = False,
        settings: Optional[Settings] = None,
        storage: Any = None,
        audio: Any = None,
    ):
        from .storage import Storage

        self.storage = storage if storage is not None else Storage()
        from .saves import Keeper, validate_document

        if getattr(self.storage, "game_validator", False) is None:
            self.storage.game_validator = validate_document
        #: saves the kept match and records results (game/saves.py)
        self.saves = Keeper(self.storage, tell=self._tell)
        #: a line to show the player once (a damaged settings file ...), or None
        self.notice: Optional[str] = None
        #: the match server this game runs for a friend game it hosts (game.net.hosting)
        self.hosted: Optional["Hosting"] = None
        # a folder that cannot be made, read or written: one line, and the game goes on
        check = getattr(self.storage, "check", None)
        folder_notice = check() if check is not None else None
        if settings is None:
            stored, self.notice = self.storage.load_settings()
            settings = Settings.from_stored(stored)
            if self.notice:
                LOG.warning("%s", self.notice)
        if folder_notice:  # it says more than any one file's line
            self.notice = folder_notice
        self.settings = settings
        i18n.set_language(settings.language)
        name_the_window()
        from .memory import tune_allocator

        tune_allocator()
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(i18n.t("app.title"))
        from .icon import window_icon

        pygame.display.set_icon(window_icon())
        fullscreen = fullscreen or settings.fullscreen
        self.windowed_size: Tuple[int, int] = tuple(size or self._remembered_size() or initial_window_size())  # type: ignore[assignment]
        self.flags = pygame.RESIZABLE | (pygame.FULLSCREEN if fullscreen else 0)
        self.screen = pygame.display.set_mode(self._full_size() if fullscreen else self.windowed_size, self.flags)
        if fullscreen:
            self._to_origin()
        elif size is None:
            self._place(settings.window_pos)
        self.audio = audio if audio is not None else shared_audio(settings.sound)
        #: the match in progress (kept while the player is in the lobby) and its options
        self.session: Any = None
        self.options: Any = None
        #: the dice source new matches use (None: system randomness; --seed sets one)
        self.dice: Any = None
        #: the screens on show (game/scenes/stack.py); the top one is :attr:`scene`
        self.scenes = SceneStack()
        #: where the scenes go next (game/scenes/flow.py attaches itself: ``Flow(app)``)
        self.flow: Navigator = _NoFlow()
        from .input.gamepad import Gamepads
        from .input.touch import TouchMouse

        #: game controllers, opened as they are plugged in (game/input/gamepad.py)
        self.gamepads = Gamepads()
        self.gamepads.start()
        #: the finger that acts as the mouse (game/input/touch.py)
        self.touch = TouchMouse()
        #: the kiosk's idle timer and attract mode (game/kiosk.py) with --kiosk, else None
        self.kiosk: Any = None
        self.running = True
        self.accumulator = 0.0
        self.frames = 0
        self.renders = 0
        self._can_wait = pygame.display.get_driver() != "dummy"
        self._woken: Optional[pygame.event.Event] = None
        self._clock = pygame.time.Clock()
        self._released = float("-inf")
        #: seconds between two releases of memory (tests set 0)
        self.release_every = RELEASE_EVERY
        #: called after each render with the seconds it took (the benchmark listens)
        self.on_render: Optional[Callable[[float], None]] = None

    @property
    def size(self) -> Tuple[int, int]:
        return self.screen.get_size()

    @property
    def scene(self) -> Scene:
        """The scene on top of the stack (it gets the events)."""
        return self.scenes.top

    def switch(self, scene: Scene) -> None:
        """Start afresh with ``scene`` alone on the stack (the flow's
        business; tools and tests that set a screen up use it too)."""
        self.scenes.reset(scene)
        self.release_memory()

    def release_memory(self, now: Optional[float] = None) -> None:
        """After a screen closed or the window changed size: free what the old
        one held and give it back to the system (game/memory.py); at most once
        every :data:`RELEASE_EVERY` seconds, so quick switches stay quick."""
        now = time.monotonic() if now is None else now
        if now - self._released < self.release_every:
            return
        self._released = now
        from .memory import release

        release()

    # -- the window ------------------------------------------------------------------------
    def _remembered_size(self) -> Optional[Tuple[int, int]]:
        """The window size saved when the window last closed, if it still fits the desktop."""
        saved = self.settings.window_size
        desktop = desktop_size()
        if not saved:
            return None
        w, h = int(saved[0]), int(saved[1])
        if desktop is not None and (w > desktop[0] or h > desktop[1]):
            return None
        return w, h

    def _full_size(self) -> Tuple[int, int]:
        """Full screen: the display's native resolution."""
        return desktop_size() or (0, 0)

    def _to_origin(self) -> None:
        """A full-screen window starts at the display's top-left corner."""
        window = _window()
        if window is not None and tuple(window.position) != (0, 0):
            try:
                window.position = (0, 0)
            except pygame.error:  # pragma: no cover
                pass

    def _place(self, pos: Any) -> None:
        """Put the window where it was (when SDL allows and it is on the desktop)."""
        window, desktop = _window(), desktop_size()
        if window is None or not pos or desktop is None:
            return
        x, y = int(pos[0]), int(pos[1])
        w, h = self.size
        if -w // 2 < x < desktop[0] - 40 and 0 <= y < desktop[1] - 40:
            try:
                window.position = (x, y)
            except pygame.error:  # pragma: no cover
                pass

    def window_state(self) -> Tuple[Tuple[int, int], Optional[Tuple[int, int]]]:
        """The windowed size and the window's position (None: unknown)."""
        size = self.windowed_size if self.fullscreen else self.size
        window = _window()
        pos = tuple(window.position) if window is not None and not self.fullscreen else None
        return size, pos

    def remember_window(self) -> None:
        """Keep the window's size and place in the settings (saved with them)."""
        size, pos = self.window_state()
        self.settings.window_size = [int(size[0]), int(size[1])]
        if pos is not None:
            self.settings.window_pos = [int(pos[0]), int(pos[1])]

    def quit(self) -> None:
        """Stop the loop (the window was closed, or Quit): the match in play
        is saved first, and everything pending is on disk before it returns.
        The window's size and place are remembered for the next start."""
        self.remember_window()
        self.save_settings()
        self.save_match()
        self.saves.flush()
        if self.hosted is not None:  # the friend is told the host has left
            self.hosted.stop()
            self.hosted = None
        self.running = False

    # -- settings that act on the app -----------------------------------------------------
    def save_settings(self) -> None:
        """Store the settings now (they survive a restart)."""
        try:
            message = self.storage.save_settings(self.settings.to_stored())
        except (OSError, ValueError) as exc:  # a read-only folder: play on
            message = str(exc)
        if message:
            LOG.warning("%s", message)

    def set_sound(self, on: bool) -> None:
        self.settings.sound = bool(on)
        self.audio.enabled = bool(on)
        self.save_settings()

    def play(self, name: str) -> None:
        """Play a sound effect (nothing when sound is off or there is no device)."""
        self.audio.play(name)

    def set_fullscreen(self, on: bool) -> None:
        """Fill the screen, or go back to the window size used before."""
        on = bool(on)
        self.settings.fullscreen = on
        self.save_settings()
        if on == bool(self.flags & pygame.FULLSCREEN):
            return
        if on:
            self.windowed_size = self.size
            self.flags |= pygame.FULLSCREEN
            self.screen = pygame.display.set_mode(self._full_size(), self.flags)  # native resolution
            self._to_origin()
        else:
            self.flags &= ~pygame.FULLSCREEN
            self.screen = pygame.display.set_mode(self.windowed_size, self.flags)
        self.scenes.resize(self.size)

    @property
    def fullscreen(self) -> bool:
        return bool(self.flags & pygame.FULLSCREEN)

    def set_language(self, code: str) -> None:
        self.settings.language = code
        i18n.set_language(code)
        pygame.display.set_caption(i18n.t("app.title"))
        self.save_settings()

    # -- the match in progress ------------------------------------------------------------------
    def keep_match(self, session: Any, options: Any) -> None:
        """Remember the match being played, to continue it from the lobby;
        it is saved now and at every turn (a new match replaces the saved one)."""
        self.session, self.options = session, options
        self.saves.keep(session, options)

    def drop_match(self) -> None:
        """Forget the match (it is over, or left): its save is discarded."""
        self.session = self.options = None
        self.saves.drop()

    def save_match(self) -> None:
        """Save the match in play now (closing the window, back to the lobby)."""
        self.saves.save(force=True)

    def _tell(self, message: str) -> None:
        """A line for the player from far away (the disk refused a save ...):
        the lobby shows it."""
        self.notice = message

    def restore_saved(self) -> bool:
        """Load the match saved by an earlier run into ``session`` and
        ``options``, at the start of the saved turn with the same dice; False
        when there is none that can be continued.  A damaged file gives one
        line in :attr:`notice` and never stops the game."""
        got, message = self.saves.restore(self.settings, dice=self.dice)
        if message:
            LOG.warning("%s", message)
            self.notice = message
        if got is None:
            return False
        self.session, self.options = got
        return True

    def has_match(self) -> bool:
        """Is there a match to continue (here, or saved)?"""
        if self.session is not None and not self.session.match.over:
            return True
        return self.saves.has_game()

    def resize(self, size: Tuple[int, int]) -> None:
        """Change the window size (also what a user's resize ends in)."""
        size = clamp_size(size)
        if size != self.screen.get_size():
            self.screen = pygame.display.set_mode(size, self.flags)
        self.scenes.resize(self.size)
        self.release_memory()

    # -- events -------------------------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            surface = pygame.display.get_surface()
            self.screen = surface if surface is not None else self.screen
            wanted = clamp_size((event.w, event.h))  # a window manager may shrink it to 1x1
            if self.screen.get_size() != wanted:
                self.screen = pygame.display.set_mode(wanted, self.flags)
            self.scenes.resize(self.size)
            self.release_memory()
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED):
            for scene in self.scenes.visible():
                scene.dirty = True
        # controllers and fingers become the events scenes read (pad buttons, the mouse)
        for pad_event in self.gamepads.translate(event):
            for e in self.touch.translate(pad_event, self.size):
                if self.kiosk is not None and self.kiosk.input(e):
                    continue  # it woke the kiosk's attract mode: that is all it does
                if self.app_key(e):
                    continue
                self.scene.handle_event(e)
                if not self.running:
                    return

    def app_key(self, event: pygame.event.Event) -> bool:
        """Keys that work on every screen: F11 (or Alt+Enter) toggles full
        screen, Ctrl+Shift+Q quits (the way out of a kiosk).  True when
        ``event`` was one of them."""
        if event.type != pygame.KEYDOWN:
            return False
        mod = getattr(event, "mod", 0)
        if event.key == pygame.K_q and mod & pygame.KMOD_CTRL and mod & pygame.KMOD_SHIFT:
            self.quit()
            return True
        if event.key == pygame.K_F11 or (event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and mod & pygame.KMOD_ALT):
            if self.kiosk is None:  # a kiosk stays full screen
                self.set_fullscreen(not self.fullscreen)
            return True
        return False

    # -- the loop -----------------------------------------------------------------------
    def frame(self, frame_time: float) -> bool:
        """One frame: events, fixed steps for ``frame_time`` seconds, and a
        render if anything changed.  Returns whether it rendered."""
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
        if self.kiosk is not None:
            self.kiosk.tick()  # idle too long: back to the lobby, then the attract mode
        self.accumulator += min(max(frame_time, 0.0), MAX_FRAME)
        steps = 0
        while self.accumulator >= DT and steps < MAX_STEPS:
            self.scene.update(DT)
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


class _NoFlow:
    """The navigator of an app no flow was attached to: every request says so."""

    def __getattr__(self, name: str) -> Any:
        raise RuntimeError(f"no flow is attached to the app (game.scenes.flow.Flow(app)); asked for {name!r}")


def run_app(app: App, first_scene: Any) -> None:
    app.switch(first_scene)
    app.run()
