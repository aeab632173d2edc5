"""The pygame_gui theme: ``game/theme.json``, scaled for a window size.

The theme file is written for text 20 pixels high; :func:`theme` scales every
font size and corner radius in it to the size :func:`ui_font_px` picks for
the window, so text stays readable from a sofa at any size.  Object ids
(``#choice``, ``#play`` ...) take what they do not set from their element's
block (``button``, ``text_box``, ``panel``, ``label``).

Every font is given per language (pygame_gui's per-locale fonts, ``"locale"``
in a font block): the theme file's font for English, the same size and
weight in Noto Sans SC for Chinese (see :mod:`game.words.fonts`).  A theme for a
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
from pygame_gui.core.colour_gradient import ColourGradient
from pygame_gui.core import ui_appearance_theme as appearance
from pygame_gui.core.surface_cache import SurfaceCache
from pygame_gui.core.ui_shadow import ShadowGenerator
from pygame_gui.core.resource_loaders import IResourceLoader
from pygame_gui.core.package_resource import PackageResource
from pygame_gui.core.utility import FontResource, ImageResource, SurfaceResource, set_default_manager

from ..board.text import set_text_scale, text_scale
from ..store.jsontypes import JSONObject
from ..system.lru import Bounded
from ..words import fonts, i18n
from . import shapes, uifonts

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
#: blocks whose padding grows with the text (a text input's text keeps its room at every size)
SCALED_PADDING = ("text_entry_line",)
#: object ids whose text is drawn in every language with the font that has them all
ALL_LANGUAGE_IDS = ("#language",)


#: how much larger the text is with the large-text option
LARGE_TEXT = 1.3


def set_large_text(on: bool) -> None:
    """Menus, the panel and the board's numbers in larger text (``on``) or the usual size."""
    set_text_scale(LARGE_TEXT if on else 1.0)


def ui_font_px(size: Tuple[int, int]) -> int:
    """Panel text height for a window: readable from a sofa at any size
    (larger with the large-text option)."""
    w, h = size
    return max(12, min(84, int(min(h / 40, w / 60) * text_scale())))


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
        if misc is not None:
            scaled = dict(misc)
            if "shape_corner_radius" in misc:
                scaled["shape_corner_radius"] = _scaled(misc["shape_corner_radius"], factor, 3)
            if oid in SCALED_PADDING and "padding" in misc:
                scaled["padding"] = ",".join(_scaled(v, factor, 1) for v in misc["padding"].split(","))
            out["misc"] = scaled
        data[oid] = out
    return json.dumps(data)


def _localised(font: Dict[str, str], lang: str, oid: str) -> Dict[str, str]:
    """The theme font block ``font`` for ``lang`` (pygame_gui's ``locale`` key)."""
    if oid in ALL_LANGUAGE_IDS:
        lang_font = fonts.ALL_LANGUAGES
    elif fonts.font_language(lang) == "en":  # (Latin letters: Spanish too)
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
    """Loads a theme's images at once, on this thread, and its fonts when
    first used (:class:`game.ui.uifonts.LazyFont`).  pygame_gui's default
    loader starts five threads for every manager, and waits for them: a
    tenth of a new size's rebuild, for fonts that mostly come from
    :data:`game.ui.uifonts.LOADED_FONTS` anyway."""

    def __init__(self) -> None:
        self._started = False

    def add_resource(self, resource: Union[FontResource, ImageResource, SurfaceResource]) -> None:
        if isinstance(resource, FontResource) and not self._started:  # a theme's font: opened when used
            uifonts.make_lazy(resource)
            return
        error = resource.load()
        if error is not None:
            warnings.warn(str(error), stacklevel=2)

    def start(self) -> None:
        """The manager is made: what it asks for from now on loads at once."""
        self._started = True

    def update(self) -> Tuple[bool, float]:
        return True, 1.0

    def started(self) -> bool:
        return self._started  # until then, pygame_gui hands its theme's resources to add_resource


#: colours parsed from a theme's words, kept: a theme has some 200 of them
#: (most of them pygame_gui's own default theme's), parsed anew at every new
#: text size, which was a tenth of a screen's first build at that size
_COLOURS: Bounded[str, pygame.Color] = Bounded(512)


@lru_cache(maxsize=1)
def _default_theme_text() -> str:
    """pygame_gui's default theme (what our theme leaves unset), read once."""
    return (importlib.resources.files("pygame_gui.data") / "default_theme.json").read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def _shadows() -> ShadowGenerator:
    """The shadow corners every theme preloads (pygame_gui's default theme's
    windows and menus: the same for every size), made once for all themes."""
    return ShadowGenerator()


class NoShapeCache(SurfaceCache):
    """pygame_gui's cache of drawn shapes, keeping none.  It made one per
    theme, a 4 MB surface cleared (some 4 ms at each new text size) that
    grew to 12 MB, to keep copies of labels' and panels' backgrounds (most
    of them transparent: a fill draws one anew); the buttons' shapes are
    drawn without it (game/ui/shapes.py)."""

    def __init__(self) -> None:  # no surface to keep shapes on
        self.cache_surface_size = (0, 0)
        self.cache_surfaces = []
        self.cache_long_term_lookup = {}
        self.cache_short_term_lookup = {}
        self.consider_purging_list = []
        self.low_on_space = False

    def add_surface_to_cache(self, surface: pygame.Surface, string_id: str) -> None:
        return None

    def find_surface_in_cache(self, lookup_id: str) -> Optional[pygame.Surface]:
        return None

    def remove_user_from_cache_item(self, string_id: str) -> None:
        return None

    def update(self) -> None:
        return None


class Theme(UIAppearanceTheme):
    """pygame_gui's theme, quicker to make at each new text size: without
    its check of every colour and value on each parse (the themes made here
    come from :func:`theme`, and tests/test_ui_theme.py checks those with
    pygame_gui's own validation), its default theme read once, colours
    parsed once, the shadow corners shared, and no shape cache (:class:`NoShapeCache`)."""

    def __init__(self, resource_loader: IResourceLoader, locale: str):
        module: Any = appearance  # its __init__ makes the theme's shape cache with the name SurfaceCache there
        own, module.SurfaceCache = module.SurfaceCache, NoShapeCache
        try:
            super().__init__(resource_loader, locale)
        finally:
            module.SurfaceCache = own

    def _load_default_theme_file(self) -> None:
        self.shadow_generator = _shadows()  # before the default theme preloads its shadows
        # a dict, not pygame_gui's file: it never changes while the game runs, so no checks of its date either
        self.load_theme(json.loads(_default_theme_text()))

    def validate_theme_data(self, theme_data: Dict[str, Any]) -> List[str]:  # pygame_gui's signature
        return []

    def _preload_shadow_edges(self) -> None:
        """The shadows are the same at every size (none of this game's
        widgets has one, pygame_gui's windows and menus do): preloaded into
        the shared :func:`_shadows` once; pygame_gui makes any other when
        a widget first needs it."""
        if not self.shadow_generator.preloaded_shadow_corners:
            super()._preload_shadow_edges()

    @staticmethod
    def _load_colour_or_gradient_from_theme(theme_colours_dictionary: Dict[str, str], colour_id: str) -> Union[pygame.Color, ColourGradient]:
        words = theme_colours_dictionary[colour_id]
        known = _COLOURS.get(words)
        if known is not None:
            return pygame.Color(known)  # a copy: an element may change its own
        colour = UIAppearanceTheme._load_colour_or_gradient_from_theme(theme_colours_dictionary, colour_id)
        if isinstance(colour, pygame.Color):
            _COLOURS.put(words, pygame.Color(colour))
        return colour


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
    uifonts.install()
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
