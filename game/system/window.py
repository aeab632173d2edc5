"""The game's window: its first size (from the desktop), the size and place
it had when it last closed, full screen at the display's native resolution
from the top-left corner, and sizes no smaller than :data:`MIN_SIZE`."""

from __future__ import annotations

import os
import warnings
from typing import Optional, Sequence, Tuple

import pygame

DEFAULT_SIZE = (1280, 720)
MIN_SIZE = (320, 240)  # the smallest window the scenes are laid out for
#: the window's class (X11 WM_CLASS, Wayland app id) that taskbars group and name it by
WINDOW_CLASS = "backgammon"


def opaque_surface(size: Tuple[int, int], like: Optional[pygame.Surface] = None) -> pygame.Surface:
    """A new opaque surface of ``size`` in the pixel format of ``like``
    (default: the window's, when there is one), made in that format:
    ``Surface(size).convert()`` makes one and then copies it, some 10 to
    30 ms for a 2560x1440 frame or background at every resize.  A format
    with per-pixel alpha or under 24 bits goes the old way."""
    target = like if like is not None else pygame.display.get_surface()
    if target is None or target.get_bitsize() < 24:
        return pygame.Surface(size)
    if target.get_flags() & pygame.SRCALPHA:
        return pygame.Surface(size).convert(target)
    return pygame.Surface(size, 0, target)


def clamp_size(size: Tuple[int, int]) -> Tuple[int, int]:
    """A window size no smaller than :data:`MIN_SIZE`.

    >>> clamp_size((1, 1)), clamp_size((1024, 768))
    ((320, 240), (1024, 768))
    """
    return max(MIN_SIZE[0], int(size[0])), max(MIN_SIZE[1], int(size[1]))


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


def remembered_size(saved: Optional[Sequence[int]]) -> Optional[Tuple[int, int]]:
    """The window size saved when the window last closed, if it still fits the desktop."""
    desktop = desktop_size()
    if not saved:
        return None
    w, h = int(saved[0]), int(saved[1])
    if desktop is not None and (w > desktop[0] or h > desktop[1]):
        return None
    return w, h


def sdl_window() -> Optional[pygame.Window]:
    """The SDL window of the display module (pygame-ce), or None."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            return pygame.Window.from_display_module()
    except (AttributeError, pygame.error):  # pragma: no cover - an older pygame, no window
        return None


def full_size() -> Tuple[int, int]:
    """Full screen: the display's native resolution."""
    return desktop_size() or (0, 0)


#: where full screen puts the window: the top-left corner of the display
#: :func:`full_size` measures (the first one)
DISPLAY_ORIGIN = (0, 0)


class Window:
    """The display surface (:attr:`screen`) and how it is shown: windowed at
    :attr:`windowed_size` and :attr:`windowed_place`, or full screen at the
    display's native resolution from its top-left corner.  ``place``: where
    a window opens (its last place, when SDL allows and it is on the desktop).

    Going full screen, the window is first moved to the display's corner
    while it is still a window: SDL ignores a move of a full-screen window,
    and without a window manager nothing else moves it there (it would stay
    where the window stood, its panel and bottom off the screen).  Leaving
    full screen puts back the size and the place it had."""

    def __init__(self, size: Tuple[int, int], fullscreen: bool, place: Optional[Sequence[int]] = None):
        self.windowed_size: Tuple[int, int] = (int(size[0]), int(size[1]))
        #: where the window stands when windowed (None: where SDL puts it)
        self.windowed_place: Optional[Tuple[int, int]] = self.on_desktop(place, self.windowed_size)
        self.flags = pygame.RESIZABLE | (pygame.FULLSCREEN if fullscreen else 0)
        self.screen = pygame.display.set_mode(full_size() if fullscreen else self.windowed_size, self.flags)
        if not fullscreen and self.windowed_place is not None:
            self.move(self.windowed_place)

    @property
    def size(self) -> Tuple[int, int]:
        return self.screen.get_size()

    @property
    def fullscreen(self) -> bool:
        return bool(self.flags & pygame.FULLSCREEN)

    @staticmethod
    def on_desktop(pos: Optional[Sequence[int]], size: Tuple[int, int]) -> Optional[Tuple[int, int]]:
        """``pos`` when a window of ``size`` there is on the desktop enough
        to be grabbed, else None."""
        desktop = desktop_size()
        if not pos or desktop is None:
            return None
        x, y = int(pos[0]), int(pos[1])
        if -size[0] // 2 < x < desktop[0] - 40 and 0 <= y < desktop[1] - 40:
            return x, y
        return None

    @staticmethod
    def move(pos: Tuple[int, int]) -> None:
        """Move the window to ``pos`` (when SDL allows)."""
        window = sdl_window()
        if window is not None and tuple(window.position) != pos:
            try:
                window.position = pos
            except pygame.error:  # pragma: no cover
                pass

    @staticmethod
    def position() -> Optional[Tuple[int, int]]:
        """Where SDL says the window is (None: no window)."""
        window = sdl_window()
        if window is None:
            return None
        x, y = window.position
        return int(x), int(y)

    def state(self) -> Tuple[Tuple[int, int], Optional[Tuple[int, int]]]:
        """The windowed size and the windowed position (None: unknown); in
        full screen, the window's as it was before."""
        if self.fullscreen:
            return self.windowed_size, self.windowed_place
        return self.size, self.position()

    def set_fullscreen(self, on: bool) -> bool:
        """Fill the screen, or go back to the window size and place used
        before; False when it already was so."""
        if on == self.fullscreen:
            return False
        if on:
            self.windowed_size, self.windowed_place = self.size, self.position()
            self.move(DISPLAY_ORIGIN)  # while still a window (see the class)
            self.flags |= pygame.FULLSCREEN
            self.screen = pygame.display.set_mode(full_size(), self.flags)  # native resolution
        else:
            self.flags &= ~pygame.FULLSCREEN
            self.screen = pygame.display.set_mode(self.windowed_size, self.flags)
            if self.windowed_place is not None:
                self.move(self.windowed_place)
        return True

    def resize(self, size: Tuple[int, int]) -> None:
        """Change the window size (at least :data:`MIN_SIZE`)."""
        size = clamp_size(size)
        if size != self.screen.get_size():
            self.screen = pygame.display.set_mode(size, self.flags)

    def resized(self, wanted: Tuple[int, int]) -> None:
        """The user resized the window to ``wanted``: follow the display's
        surface, at least :data:`MIN_SIZE` (a window manager may shrink it to 1x1)."""
        surface = pygame.display.get_surface()
        self.screen = surface if surface is not None else self.screen
        wanted = clamp_size(wanted)
        if self.screen.get_size() != wanted:
            self.screen = pygame.display.set_mode(wanted, self.flags)
