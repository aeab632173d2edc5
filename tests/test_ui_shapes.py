"""The rounded rectangles of the menus (game/scenes/shapes.py): drawn at
the element's own size, they look as pygame_gui's four-times-larger ones
(the same colours inside, the same transparent corners, edges that differ
only in how a corner pixel is smoothed) and keep no large surfaces.
Rebuild times: benchmarks/rebuild.py."""

import pygame
import pytest
from pygame_gui.elements import UIButton, UIPanel

from game.scenes import shapes, theme


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
