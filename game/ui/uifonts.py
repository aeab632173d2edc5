"""How the menus' fonts (pygame_gui's) are opened, shared and measured.

- A font file is opened once and its faces are shared by every size
  (:class:`PooledFont`, :mod:`game.ui.fontfaces`): a menu at a new
  window size gives the faces it has new sizes instead of opening the file
  again.  A font (a file at a size and style) is kept for later screens
  (:data:`LOADED_FONTS`, bounded), and pygame_gui's own fonts are opened
  from their files rather than read whole into memory.
- A theme's font is opened when a widget first asks for it
  (:class:`LazyFont`), not when the theme is parsed.
- A font keeps the sizes of the texts it measured (:func:`measured_rect`).

:func:`install` puts these in place (once); :mod:`game.ui.theme` does
it for every manager it makes.
"""

from __future__ import annotations

import importlib.resources
import os
import warnings
from functools import lru_cache
from typing import Any, Dict, Optional, Tuple, Union

import pygame
from pygame_gui.core.gui_font_pygame import GUIFontPygame
from pygame_gui.core.interfaces import IGUIFontInterface
from pygame_gui.core.package_resource import PackageResource
from pygame_gui.core.utility import FontResource

from ..system.lru import Bounded
from . import fontfaces
from .fontfaces import SizedFont

#: fonts kept for later screens, bounded: a screen uses a few sizes in one
#: or two languages, and keeping every size a resize or a language switch
#: ever made grew without end (the faces they draw with are bounded apart,
#: :data:`game.ui.fontfaces.FACES_PER_FILE` a file, about 1 MB each)
FONTS_KEPT = 12
#: where a font comes from (a file, or a package and its resource), its size, style and renderer
FontKey = Tuple[Union[str, Tuple[str, str]], int, Tuple[Tuple[str, str], ...], bool, str]
LOADED_FONTS: Bounded[FontKey, IGUIFontInterface] = Bounded(FONTS_KEPT)


@lru_cache(maxsize=16)
def _package_file(package: str, resource: str) -> Optional[str]:
    """The file of a package resource when it is one on disk (else None).
    pygame_gui reads a font of its own whole into memory for every size it
    loads (Noto Sans SC: 8 MB a size); from its file, pygame reads what it
    draws, some 1 MB a size."""
    try:
        path = importlib.resources.files(package) / resource
    except (ImportError, TypeError):
        return None
    return str(path) if isinstance(path, os.PathLike) and os.path.isfile(path) else None


def _share_loaded_fonts() -> None:
    """Every screen makes a new UIManager, and each loads its theme's fonts
    anew: Noto Sans SC takes some 15 ms a size (its file is 8 MB), which made
    a Chinese screen slow to appear.  A font once loaded (a file or package
    resource at a size and style) is kept and handed to later managers."""
    if getattr(FontResource.load, "shared", False):
        return
    load = FontResource.load

    def shared_load(self: FontResource) -> Optional[Exception]:
        _from_file(self)  # one of pygame_gui's own fonts (a language's default)
        loc = self.location
        where: Union[str, Tuple[str, str], None]
        if isinstance(loc, str):
            where = loc
        elif isinstance(loc, PackageResource):  # pygame_gui's default fonts
            where = (loc.package, loc.resource)
        else:  # bytes: not worth a key
            where = None
        key: Optional[FontKey] = None if where is None else (
            where, self.size, tuple(sorted((k, str(v)) for k, v in self.style.items())), self.force_style, self.font_type_to_use)
        font = LOADED_FONTS.get(key) if key is not None else None
        if font is not None:
            try:
                font.size("A")  # still alive? (pygame.quit() ends every font made before it)
            except pygame.error:
                assert key is not None
                LOADED_FONTS.pop(key)
                font = None
        if font is not None:
            self.loaded_font = font
            return None
        error = _load_pooled(self) if isinstance(self.location, str) and self.font_type_to_use == "pygame" else load(self)
        if error is None and key is not None and self.loaded_font is not None:
            LOADED_FONTS.put(key, self.loaded_font)
        return error

    shared_load.shared = True  # type: ignore[attr-defined]
    FontResource.load = shared_load  # type: ignore[method-assign]


def _load_pooled(resource: FontResource) -> Optional[Exception]:
    """pygame_gui's ``FontResource.load`` for a font file, with a face of
    the file's pool (:mod:`game.ui.fontfaces`) instead of the file
    opened anew for every size."""
    assert isinstance(resource.location, str)
    try:
        resource.loaded_font = PooledFont(resource.location, resource.size, resource.force_style, resource.style)
    except (pygame.error, OSError):
        return FileNotFoundError(f"Unable to load resource with path: {resource.location}")
    return None


class PooledFont(GUIFontPygame):
    """pygame_gui's font, drawn with a shared face of its file at its size
    (:class:`~game.ui.fontfaces.SizedFont`): made in microseconds, where
    pygame_gui's own opens the file (12 ms for Noto Sans SC)."""

    def __init__(self, file: str, size: Union[int, float], force_style: bool = False,
                 style: Optional[Dict[str, Any]] = None) -> None:
        # GUIFontPygame.__init__, but for the font it opens
        self.point_size = int(size)
        font = SizedFont(fontfaces.pool_for(file), self.point_size)
        self._GUIFontPygame__internal_font = font
        self.pad = True
        self.origin = True
        self._GUIFontPygame__underline = False
        self._GUIFontPygame__underline_adjustment = 0.0
        self.antialiased = True
        self.direction = pygame.DIRECTION_LTR
        if style is not None:
            self.antialiased = style["antialiased"]
            self.italic = style["italic"]
            self.bold = style["bold"]
            if "script" in style:
                font.set_script(style["script"])
            if "direction" in style:
                font.set_direction(style["direction"])
                self.direction = style["direction"]
            if force_style:
                font.bold = style["bold"]
                font.italic = style["italic"]
        font.get_ascent()  # a face of the file is open (or the file is not a font)


class LazyFont(FontResource):
    """A theme's font, opened when a widget first asks for it: a theme names
    every font any screen uses (the language names' Noto Sans SC, the step
    buttons' Fira Code, the title's size ...), and opening them all was a
    fifth of a screen's first build at a new size, though most screens show
    a few of them."""

    pending = False

    @property
    def loaded_font(self) -> Optional[IGUIFontInterface]:
        if self.pending:
            self.pending = False
            error = self.load()
            if error is not None:
                warnings.warn(str(error), stacklevel=2)
        font: Optional[IGUIFontInterface] = self.__dict__.get("loaded_font")
        return font

    @loaded_font.setter
    def loaded_font(self, font: Optional[IGUIFontInterface]) -> None:
        self.__dict__["loaded_font"] = font


def _from_file(resource: FontResource) -> None:
    """One of pygame_gui's own fonts (a package resource) is opened from its file."""
    loc = resource.location
    if isinstance(loc, PackageResource):
        path = _package_file(loc.package, loc.resource)
        if path is not None:
            resource.location = path


def make_lazy(resource: FontResource) -> None:
    """``resource`` (not loaded yet) opens its font when first asked for it."""
    _from_file(resource)
    resource.__class__ = LazyFont
    assert isinstance(resource, LazyFont)
    resource.pending = True


#: texts whose size a font keeps (then it forgets them all and starts again)
SIZES_KEPT = 512


def measured_rect(self: GUIFontPygame, text: str) -> pygame.Rect:
    """pygame_gui's ``GUIFontPygame.get_rect``: it draws the text to
    measure it, and a widget measures its text two or three times before it
    draws it once, at every rebuild.  Each font draws a text once to measure
    it (that also loads its glyphs, as drawing needs them) and keeps the
    size (:data:`SIZES_KEPT` of them)."""
    if text == "":
        return pygame.Rect(0, 0, 0, 0)
    sizes: Optional[Dict[Tuple[str, bool], Tuple[int, int]]] = self.__dict__.get("sizes")
    if sizes is None or len(sizes) >= SIZES_KEPT:
        sizes = self.__dict__["sizes"] = {}
    font: pygame.font.Font = self._GUIFontPygame__internal_font  # type: ignore[attr-defined]
    key = (text, font.underline)  # pygame_gui underlines a font for a while (a link)
    size = sizes.get(key)
    if size is None:
        size = sizes[key] = font.render(text, self.antialiased, WHITE).get_size()
    return pygame.Rect((0, font.get_ascent()), size)


WHITE = pygame.Color("white")


def install() -> None:
    """Share opened fonts, and keep the sizes of measured texts (once)."""
    _share_loaded_fonts()
    GUIFontPygame.get_rect = measured_rect  # type: ignore[method-assign]
