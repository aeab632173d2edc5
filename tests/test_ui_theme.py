"""The menus' theme and how it is drawn.  The rounded rectangles
(game/ui/shapes.py): drawn at the element's own size, they look as
pygame_gui's four-times-larger ones (the same colours inside, the same
transparent corners, edges that differ only in how a corner pixel is
smoothed) and keep no large surfaces.  The themes game/ui/theme.py
makes pass pygame_gui's own validation (a manager skips it), and their fonts
load at once, without threads.  Rebuild times: benchmarks/rebuild.py."""

import os
import threading
import warnings

import pygame
import pytest
from pygame_gui.core.ui_appearance_theme import UIThemeValidator
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextEntryLine

from pygame_gui.core.gui_font_pygame import GUIFontPygame

from game.words import catalogs, fonts, i18n
from game.ui import shapes, theme, uifonts
from game.store.settings import Settings
from game.testing import AppDriver


@pytest.fixture()
def manager():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1400, 900))
    return theme.manager((1400, 900), 30)  # installs the drawing


def _pixels(surface: pygame.Surface):
    w, h = surface.get_size()
    return {(x, y): tuple(surface.get_at((x, y))) for x in range(w) for y in range(h)}


@pytest.mark.parametrize("object_id,size,state", [
    ("#play", (420, 90), "normal"),
    ("#choice", (260, 56), "selected"),
    ("#choice", (33, 21), "hovered"),
    ("#gear", (72, 72), "normal"),
])
def test_a_button_looks_as_pygame_gui_draws_it(manager, object_id, size, state):
    button = UIButton(pygame.Rect((10, 10), size), "", manager, object_id=object_id)
    shape = button.drawable_shape
    assert shape.shape_corner_radius[0] > 3  # a rounded one
    shapes.redraw_state(shape, state)
    ours = _pixels(shape.states[state].surface)
    assert shapes._ORIGINAL is not None
    shapes._ORIGINAL(shape, state)
    theirs = _pixels(shape.states[state].surface)
    w, h = size
    r = max(shape.shape_corner_radius) + 2
    for (x, y), got in ours.items():
        want = theirs[(x, y)]
        in_corner = (x < r or x >= w - r) and (y < r or y >= h - r)
        worst = max(abs(a - b) for a, b in zip(got, want))
        assert worst <= (64 if in_corner else 2), ((x, y), got, want)
    corners = [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)]
    assert all(ours[c][3] <= 40 for c in corners)  # transparent corners
    assert ours[(w // 2, h // 2)] == theirs[(w // 2, h // 2)]


def test_a_panel_without_a_border_and_a_dialogs_edge(manager):
    for object_id in ("#dialog", "#topbar_bg"):
        panel = UIPanel(pygame.Rect(0, 0, 500, 300), manager=manager, object_id=object_id)
        shape = panel.drawable_shape
        surface = shape.states["normal"].surface
        assert surface.get_size() == (500, 300)
        assert surface.get_at((250, 150))[:3] == tuple(shape.theming["normal_bg"])[:3]


def test_no_supersampled_surfaces_are_kept(manager):
    """pygame_gui's own drawing keeps shapes four times wider and higher
    until every state is drawn (60 MB for a 1440p lobby); ours none."""
    button = UIButton(pygame.Rect(0, 0, 600, 120), "Play", manager, object_id="#play")
    for state in ("normal", "hovered", "selected", "active"):
        button.drawable_shape.redraw_state(state)
    shape = button.drawable_shape
    assert shape.temp_additive_shape is None and shape.temp_subtractive_shape is None
    assert all(s.surface.get_size() == (600, 120) for s in shape.states.values() if s.generated)
    assert len(shapes._CORNERS) <= shapes._CORNERS.limit


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("font_px", [12, 20, 36, 64])
def test_the_themes_made_pass_pygame_guis_validation(lang, font_px):
    assert UIThemeValidator.validate_theme_file(theme.theme(font_px, lang)) == []


def test_a_manager_loads_its_fonts_at_once_without_threads(manager, monkeypatch):
    started = []
    start = threading.Thread.start

    def recorded(thread):
        started.append(thread)
        start(thread)

    monkeypatch.setattr(threading.Thread, "start", recorded)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a font that failed to load warns (when first used)
        made = theme.manager((1000, 700), 23)
        assert started == []
        assert isinstance(made.get_theme(), theme.Theme)
        fonts = made.get_theme().get_font_dictionary().loaded_fonts
        assert fonts and all(res.loaded_font is not None for res in fonts.values())
    button = UIButton(pygame.Rect(0, 0, 200, 50), "Play", made)
    assert button.font.get_point_size() == round(18 * 23 / theme.BASE_PX)  # theme.json's 18 at this size


def test_a_buttons_other_states_are_drawn_when_first_shown(manager):
    """pygame_gui drew every state of a button (normal, hovered, pressed,
    chosen) in the frames after it was made, each with two more surfaces
    of the text apart; only the one on show and the normal one are drawn
    now, the others when first shown."""
    button = UIButton(pygame.Rect(20, 20, 300, 60), "Play", manager, object_id="#choice")
    shape = button.drawable_shape
    for _ in range(6):
        manager.update(1 / 60)
    assert [s for s, state in shape.states.items() if state.generated] == ["normal"]
    assert all(state.pre_text_surface is None and state.text_surface is None for state in shape.states.values())
    centre = (150, 5)  # above the text
    assert button.image.get_at(centre)[:3] == tuple(shape.theming["normal_bg"])[:3]
    button.select()
    manager.update(1 / 60)
    assert shape.states["selected"].generated
    assert button.image.get_at(centre)[:3] == tuple(shape.theming["selected_bg"])[:3]
    button.set_text("Go")  # drawn again: the state on show and the normal one
    for _ in range(6):
        manager.update(1 / 60)
    assert sorted(s for s, state in shape.states.items() if state.generated) == ["normal", "selected"]
    assert button.image.get_at(centre)[:3] == tuple(shape.theming["selected_bg"])[:3]
    button.unselect()
    button.disable()
    manager.update(1 / 60)
    assert button.image.get_at(centre)[:3] == tuple(shape.theming["disabled_bg"])[:3]


def test_a_label_keeps_no_copies_of_its_text_a_text_entry_does(manager):
    """pygame_gui kept, for every state of every shape with text, the state
    without its text and the text apart (only a text entry edits them)."""
    label = UILabel(pygame.Rect(0, 0, 700, 120), "Backgammon", manager, object_id="#title")
    entry = UITextEntryLine(pygame.Rect(0, 130, 400, 60), manager)
    entry.set_text("127.0.0.1")
    for _ in range(3):
        manager.update(1 / 60)
    normal = label.drawable_shape.states["normal"]
    assert normal.generated and normal.pre_text_surface is None and normal.text_surface is None
    assert label.image.get_bounding_rect().width > 100  # the text is drawn
    assert entry.drawable_shape.states["normal"].text_surface is not None


def _opened(manager):
    """The files of the fonts a manager's theme has opened so far (its own,
    not pygame_gui's two small default ones, opened with every theme)."""
    fonts = manager.get_theme().get_font_dictionary().loaded_fonts.values()
    return {os.path.basename(str(res.location)) for res in fonts
            if isinstance(res, uifonts.LazyFont) and res.__dict__.get("loaded_font") is not None}


def test_a_themes_fonts_are_opened_when_a_widget_first_uses_them():
    """The theme names every font a screen may use (the language names in
    Noto Sans SC, the step buttons in Fira Code, the title's size); opening
    them all was a fifth of a screen's first build at a new size.  The
    English lobby opens none of those two; the settings open the language
    names' font, and the language names are drawn with it."""
    d = AppDriver(size=(1500, 900), settings=Settings(sound=False, language="en"))
    lobby = d.scene.manager
    assert not {"NotoSansSC-Regular.otf", "FiraCode-Regular.ttf"} & _opened(lobby)
    assert "NotoSans-Bold.ttf" in _opened(lobby)  # the title
    d.click_button(d.scene.settings_button)
    chinese = d.scene.rows["language"].button_for("zh")
    assert "NotoSansSC-Regular.otf" in _opened(d.scene.manager)
    assert chinese.font._GUIFontPygame__internal_font.name == "Noto Sans SC"


class _CountedFont:
    """A pygame font that counts what it draws."""

    def __init__(self, font):
        self.font, self.drawn = font, 0

    def render(self, *args):
        self.drawn += 1
        return self.font.render(*args)

    def __getattr__(self, name):
        return getattr(self.font, name)

    def __setattr__(self, name, value):
        if name in ("font", "drawn"):
            object.__setattr__(self, name, value)
        else:
            setattr(self.font, name, value)


@pytest.mark.parametrize("lang", catalogs.shipped())
def test_a_font_draws_a_text_once_to_measure_it_however_often_it_is_measured(lang):
    """pygame_gui measures a text by drawing it, two or three times a
    widget at every rebuild; a font now draws it once, and its measure is
    the size it is drawn (also underlined)."""
    pygame.font.init()
    uifonts.install()
    texts = sorted({text for text in i18n.texts(lang) if text} | {" ", "13 → 8 (5)", "…"})[: uifonts.SIZES_KEPT - 1]
    for role in ("regular", "bold", "symbols"):
        for size in (12, 36):
            font = GUIFontPygame(fonts.font_file(role, lang), size)
            counted = font._GUIFontPygame__internal_font = _CountedFont(font._GUIFontPygame__internal_font)
            for text in texts:
                drawn = counted.font.render(text, True, pygame.Color("white")).get_size()
                assert font.get_rect(text).size == drawn and font.size(text) == drawn, (role, size, text)
            assert counted.drawn == len(texts)
            for text in texts:
                font.get_rect(text)
            assert counted.drawn == len(texts)  # all kept
    font.underline = True
    assert font.get_rect("Help").size == counted.font.render("Help", True, pygame.Color("white")).get_size()
    assert font.get_rect("") == pygame.Rect(0, 0, 0, 0)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", [(1280, 720), (2560, 1440), (1080, 1920)])
def test_a_fitted_label_draws_what_a_full_width_one_draws(lang, size):
    """A label whose text stays is made only as wide as its text
    (MenuScene.label(..., fit=True)): on the screen it looks the same as
    the full-width label it replaces, centred, left or right aligned."""
    from game.scenes.lobby import LobbyScene

    d = AppDriver(size=size, settings=Settings(sound=False, language=lang))
    scene = d.scene
    assert isinstance(scene, LobbyScene)
    w, h = size
    for object_id, key in (("#title", "lobby.title"), ("#hint", "lobby.keys"), ("#small", "lobby.options"),
                           ("#heading", "records.title"), ("#centred", "records.dice_title")):
        text = i18n.t(key)
        for rect in (pygame.Rect(0, 40, w, 90), pygame.Rect(31, 40, w - 77, 90)):
            shots = []
            for fit in (False, True):
                label = scene.label(pygame.Rect(rect), text, object_id=object_id, fit=fit)
                scene.manager.update(0.0)
                surface = pygame.Surface(size)
                surface.fill((24, 28, 33))
                surface.blit(label.image, label.rect)
                shots.append(pygame.image.tobytes(surface, "RGB"))
                if fit:
                    assert label.rect.width < rect.width // 2 or object_id == "#hint"  # narrower
                label.kill()
            assert shots[0] == shots[1], (object_id, rect)


@pytest.mark.parametrize("object_id,text", [("#choice", "Computer"), ("#play", "Play"), ("#step", "13 → 8 (5)")])
def test_a_buttons_text_is_drawn_as_pygame_gui_draws_it_and_stays_when_another_state_is_drawn(manager, object_id, text):
    """The text goes straight onto the state (pygame_gui drew it on a layer
    of the button's size and kept that): the same pixels, and drawing
    another state (hovered, chosen) leaves the ones drawn before as they were."""
    button = UIButton(pygame.Rect(10, 10, 300, 70), text, manager, object_id=object_id)
    shape = button.drawable_shape
    shapes.redraw_state(shape, "normal")
    ours = pygame.image.tobytes(shape.states["normal"].surface, "RGBA")
    assert shapes._ORIGINAL_TEXT is not None
    shape.finalise_text = lambda *args, **kwargs: shapes._ORIGINAL_TEXT(shape, *args, **kwargs)
    shapes.redraw_state(shape, "normal")
    assert pygame.image.tobytes(shape.states["normal"].surface, "RGBA") == ours  # pygame_gui's own layering
    del shape.finalise_text
    shapes.redraw_state(shape, "normal")
    for state in ("hovered", "selected", "active"):
        shapes.redraw_state(shape, state)
        assert pygame.image.tobytes(shape.states["normal"].surface, "RGBA") == ours
    assert shape.states["normal"].surface.get_bounding_rect(min_alpha=1).width > 0


def test_no_theme_keeps_copies_of_drawn_shapes():
    """pygame_gui kept copies of drawn shapes in a cache per theme (a 4 MB
    surface cleared for each new text size, growing to 12 MB); the themes
    keep none: the screens (labels, panels, a text entry) are drawn all the same."""
    d = AppDriver(size=(1500, 900), settings=Settings(sound=False))
    d.click_button(d.scene.settings_button)  # labels, rows, the server's text entry
    d.frames(3)
    cache = d.scene.manager.get_theme().shape_cache
    assert isinstance(cache, theme.NoShapeCache)
    assert cache.cache_surfaces == [] and not cache.cache_long_term_lookup and not cache.cache_short_term_lookup
    assert d.scene.back_button.image.get_bounding_rect().width > 0
