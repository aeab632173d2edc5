"""The pygame_gui theme: ``game/theme.json``, scaled for a window size.

The theme file is written for text 20 pixels high; :func:`theme` scales every
font size and corner radius in it to the size :func:`ui_font_px` picks for
the window, so text stays readable from a sofa at any size.  Object ids
(``#choice``, ``#play`` ...) take what they do not set from their element's
block (``button``, ``text_box``, ``panel``, ``label``).

Every font is given per language (pygame_gui's per-locale fonts, ``"locale"``
in a font block): the theme file's font for English, the same size and
weight in Noto Sans SC for Chinese (see :mod:`game.fonts`).  A theme for a
language holds English and that language (:func:`locales`); a manager made
by :func:`manager` starts in the language shown and draws with its fonts.
"""

from __future__ import annotations

import io
import importlib.resources
import json
import os
import warnings
from functools import lru_cache
from typing import Any, Dict, List, Optional, Tuple, Union

import pygame
import pygame_gui
from pygame_gui.core import UIAppearanceTheme
from pygame_gui.core.resource_loaders import IResourceLoader
from pygame_gui.core.interfaces import IGUIFontInterface
from pygame_gui.core.package_resource import PackageResource
from pygame_gui.core.utility import FontResource, ImageResource, SurfaceResource, set_default_manager

from ..jsontypes import JSONObject
from ..lru import Bounded
from .. import fonts, i18n
from . import shapes

#: the monospace font pygame_gui ships; unlike its Noto Sans it has the arrow "→"
SYMBOL_FONT = os.path.join(os.path.dirname(pygame_gui.__file__), "data", "FiraCode-Regular.ttf")
THEME_FILE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "theme.json")
BASE_PX = 20  # the text height theme.json is written for

#: which element block an object id's style completes itself from
INHERITS = {
    "#step": "button",
    "#choice": "button",
    "#play": "button",
    "#gear": "button",
    "#topbar": "button",
    "#small": "label",
    "#hint": "label",
    "#title": "label",
    "#heading": "label",
    "#centred": "label",
    "#status": "label",
    "#row_label": "label",
    "#help_text": "text_box",
    "#topbar_bg": "panel",
    "#dialog": "panel",
    "#language": "#choice",
    "#notice": "text_box",
}
#: object ids whose text is drawn in every language with the font that has them all
ALL_LANGUAGE_IDS = ("#language",)


def ui_font_px(size: Tuple[int, int]) -> int:
    """Panel text height for a window: readable from a sofa at any size."""
    w, h = size
    return max(12, min(64, int(min(h / 40, w / 60))))


#: a block of the theme file: "colours", "misc" and "font", each of words by name
ThemeBlock = Dict[str, Dict[str, str]]


@lru_cache(maxsize=1)
def _base() -> Dict[str, ThemeBlock]:
    """The theme file (the object ids' blocks of colours, misc and font
    settings, all words), each block merged with the one it inherits."""
    with open(THEME_FILE, encoding="utf-8") as f:
        data: Dict[str, ThemeBlock] = json.load(f)
    for oid, parent in INHERITS.items():
        own, base = data.get(oid, {}), data.get(parent, {})
        merged: ThemeBlock = {}
        for block in ("colours", "misc"):
            if block in own or block in base:
                merged[block] = dict(base.get(block, {}), **own.get(block, {}))
        font = own.get("font", base.get("font"))
        if font is not None:
            merged["font"] = dict(font)
        data[oid] = merged
    return data


def _scaled(value: str, factor: float, least: int) -> str:
    return str(max(least, int(round(int(value) * factor))))


def locales(lang: str) -> Tuple[str, ...]:
    """The locales a theme for ``lang`` gives fonts for: English (pygame_gui
    falls back to it) and ``lang``.  Not every language: loading Noto Sans
    SC's sizes costs an English screen three times its build time; a
    language change rebuilds the screens anyway."""
    return ("en",) if lang == "en" or lang not in fonts.FILES else ("en", lang)


@lru_cache(maxsize=8)
def _theme(font_px: int, lang: str = "en") -> str:
    factor = font_px / BASE_PX
    data: Dict[str, Dict[str, object]] = {}
    for oid, block in _base().items():
        out: Dict[str, object] = {name: dict(words) for name, words in block.items()}
        font = block.get("font")
        if font is not None and "size" in font:
            font = dict(font, size=_scaled(font["size"], factor, 10))
            if font.get("name") == "fira_code":
                font["regular_path"] = SYMBOL_FONT
            out["font"] = [_localised(font, code, oid) for code in locales(lang)]
        misc = block.get("misc")
        if misc is not None and "shape_corner_radius" in misc:
            out["misc"] = dict(misc, shape_corner_radius=_scaled(misc["shape_corner_radius"], factor, 3))
        data[oid] = out
    return json.dumps(data)


def _localised(font: Dict[str, str], lang: str, oid: str) -> Dict[str, str]:
    """The theme font block ``font`` for ``lang`` (pygame_gui's ``locale`` key)."""
    if oid in ALL_LANGUAGE_IDS:
        lang_font = fonts.ALL_LANGUAGES
    elif lang == "en":
        if font.get("name") == fonts.THEME_NAMES["en"]:  # paths too: a Chinese manager does not know it
            return dict(font, locale=lang, regular_path=fonts.font_file("regular", "en") or "",
                        bold_path=fonts.font_file("bold", "en") or "")
        return dict(font, locale=lang)
    else:
        lang_font = lang
    return {
        "locale": lang,
        "name": fonts.THEME_NAMES[lang_font],
        "size": font["size"],
        "bold": font.get("bold", "0"),
        "italic": "0",
        "regular_path": fonts.font_file("regular", lang_font) or "",
        "bold_path": fonts.font_file("bold", lang_font) or "",
    }


#: fonts kept for later screens, bounded: a screen uses a few sizes in one
#: or two languages, and each Noto Sans SC size costs some 4 MB, so keeping
#: every size a resize or a language switch ever made grew without end
FONTS_KEPT = 12
#: where a font comes from (a file, or a package and its resource), its size, style and renderer
FontKey = Tuple[Union[str, Tuple[str, str]], int, Tuple[Tuple[str, str], ...], bool, str]
_LOADED_FONTS: Bounded[FontKey, IGUIFontInterface] = Bounded(FONTS_KEPT)


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

    def shared_load(self: FontResource) -> Optional[pygame.error]:
        loc = self.location
        if isinstance(loc, PackageResource):  # one of pygame_gui's own fonts (a language's default)
            path = _package_file(loc.package, loc.resource)
            if path is not None:
                self.location = loc = path
        where: Union[str, Tuple[str, str], None]
        if isinstance(loc, str):
            where = loc
        elif isinstance(loc, PackageResource):  # pygame_gui's default fonts
            where = (loc.package, loc.resource)
        else:  # bytes: not worth a key
            where = None
        key: Optional[FontKey] = None if where is None else (
            where, self.size, tuple(sorted((k, str(v)) for k, v in self.style.items())), self.force_style, self.font_type_to_use)
        font = _LOADED_FONTS.get(key) if key is not None else None
        if font is not None:
            try:
                font.size("A")  # still alive? (pygame.quit() ends every font made before it)
            except pygame.error:
                assert key is not None
                _LOADED_FONTS.pop(key)
                font = None
        if font is not None:
            self.loaded_font = font
            return None
        error = load(self)
        if error is None and key is not None and self.loaded_font is not None:
            _LOADED_FONTS.put(key, self.loaded_font)
        return error

    shared_load.shared = True  # type: ignore[attr-defined]
    FontResource.load = shared_load  # type: ignore[method-assign]


def box_block(object_id: str) -> ThemeBlock:
    """The theme file's block for ``object_id`` (with what it inherits)."""
    return _base().get(object_id, {})


#: parsed themes by (text size, language), each with a font that says whether pygame's fonts are still alive
#: parsed themes kept, least recently used first out: each holds the fonts
#: of its sizes (a Noto Sans SC size costs some 4 MB), so sixteen of them
#: held hundreds of MB after resizes and language switches; the screen on
#: show and the one before are what a rebuild reuses
THEMES_KEPT = 2
_THEMES: Bounded[Tuple[int, str], Tuple[UIAppearanceTheme, pygame.font.Font]] = Bounded(THEMES_KEPT)


def _parsed_theme(key: Tuple[int, str]) -> Optional[UIAppearanceTheme]:
    """The theme parsed for ``key`` before, if its fonts are still alive
    (pygame.quit() elsewhere in the process ends every font made before it)."""
    got = _THEMES.get(key)
    if got is None:
        return None
    try:
        got[1].size("A")
    except pygame.error:
        _THEMES.clear()
        return None
    return got[0]


class Loader(IResourceLoader):
    """Loads a theme's fonts at once, on this thread.  pygame_gui's default
    loader starts five threads for every manager, and waits for them: a
    tenth of a new size's rebuild, for fonts that mostly come from
    :data:`_LOADED_FONTS` anyway."""

    def add_resource(self, resource: Union[FontResource, ImageResource, SurfaceResource]) -> None:
        error = resource.load()
        if error is not None:
            warnings.warn(str(error), stacklevel=2)

    def start(self) -> None:
        """Nothing waits: every resource loaded as it came."""

    def update(self) -> Tuple[bool, float]:
        return True, 1.0

    def started(self) -> bool:
        return True  # pygame_gui then loads what it asks for at once


class Theme(UIAppearanceTheme):
    """pygame_gui's theme without its check of every colour and value on
    each parse (a tenth of a rebuild at a new size): the themes made here
    come from :func:`theme`, and tests/test_ui_theme.py checks those with
    pygame_gui's own validation."""

    def validate_theme_data(self, theme_data: Dict[str, Any]) -> List[str]:  # pygame_gui's signature
        return []


@lru_cache(maxsize=32)
def _manager_class(key: Tuple[int, str]) -> type:
    """A UI manager class that takes its theme, once parsed, from
    :data:`_THEMES`: every screen (and every resize) makes a manager, and
    parsing the theme was a third of a rebuild.  Managers only read it."""

    class Manager(pygame_gui.UIManager):
        def create_new_theme(self, theme_path: Union[str, os.PathLike, io.StringIO, PackageResource, dict, None] = None) -> UIAppearanceTheme:
            cached = _parsed_theme(key)
            if cached is not None:
                return cached
            made = Theme(self.resource_loader, key[1])
            if theme_path is not None:
                made.load_theme(theme_path)
            _THEMES.put(key, (made, pygame.font.Font(None, 10)))
            return made

    return Manager


def manager(size: Tuple[int, int], font_px: int) -> pygame_gui.UIManager:
    """A UI manager for a window of ``size``, themed for text ``font_px``
    high, in the language shown now (the theme is parsed once per text size
    and language)."""
    _share_loaded_fonts()
    shapes.install()
    lang = i18n.language()
    key = (font_px, lang)
    cls = _manager_class(key)
    made = cls(size, None if _parsed_theme(key) is not None else theme(font_px, lang), starting_language=lang,
               resource_loader=Loader())
    # pygame_gui keeps the first manager ever made as its default, and with
    # it the first screen's widgets for as long as the game runs: the newest
    # one is the default instead (every widget here names its manager anyway)
    set_default_manager(made)
    return made


def theme(font_px: int, lang: str = "en") -> JSONObject:
    """The theme for text ``font_px`` high in ``lang``, as a dict pygame_gui takes."""
    return json.loads(_theme(font_px, lang))
