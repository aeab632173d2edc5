"""The two view buttons at the board's top-right corner, in both views and
at several window sizes (portrait and a small window too): where they are,
what they never cover, and that the mouse, a finger, the keyboard (Tab and
the arrows, as a TV remote has them) and a game controller (shoulders, the
d-pad, A) reach them as they reach the other buttons."""

import math
from collections import deque
from dataclasses import replace

import pygame
import pytest

from game.board import viewbuttons
from game.board.layout import BAR_POINT, MAX_BAR, MAX_STACK
from game.board.oblique import CHECKER_H, SLAB_Z
from game.board.palette import BG
from game.board.projection import OBLIQUE, TOP
from game.board.render import board_area
from game.input.focus import nearest
from game.input.intents import DIRECTIONS
from game.store.settings import Settings
from game.testing import Driver

SIZES = [(1920, 1080), (1280, 720), (1080, 1920), (720, 1280), (800, 600), (640, 480), (480, 360)]
PAD = {
    "up": pygame.CONTROLLER_BUTTON_DPAD_UP,
    "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN,
    "left": pygame.CONTROLLER_BUTTON_DPAD_LEFT,
    "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
}


def _driver(view, size=(1280, 720)):
    settings = Settings(animation_speed=0.0, bot_pace=0.0, pass_pause=0.0, board_view=view, auto_end_turn=False)
    return Driver(size=size, seed=3, settings=settings)


def _drawn_box(proj, plane, height):
    """The screen rectangle around a box ``height`` high standing on the plane rectangle ``plane``."""
    pts = [proj.to_screen(x, y, z) for x in (plane.left, plane.right) for y in (plane.top, plane.bottom) for z in (0.0, height)]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 1, int(max(ys) - min(ys)) + 1)


def _everything_on_the_board(lay):
    """(what, plane rectangle, height) of every place a checker, a die, the
    cube, a point's number or a pip count can be drawn, whatever the position."""
    r = lay.checker_radius
    out = []
    for side in (0, 1):
        for loc in range(1, 26):
            for i in range(MAX_BAR if loc == BAR_POINT else MAX_STACK):
                x, y = lay.slot(side, loc, i)
                out.append((f"checker {side}/{loc}/{i}", pygame.Rect(int(x - r), int(y - r), int(2 * r) + 1, int(2 * r) + 1), CHECKER_H * lay.d))
        out += [(f"borne off {side}/{i}", lay.slab_rect(side, i), SLAB_Z * lay.d) for i in range(15)]
        out += [(f"die {side}/{n}", rect, rect.w) for n in (2, 4) for rect in lay.dice_rects(side, n)]
        x, y = lay.pips_pos(side)
        f = lay.font_px("pips")
        out.append((f"pips {side}", pygame.Rect(int(x - f), int(y - f), 2 * f, 2 * f), 0.0))
    cube = lay.cube_rect(None)
    middle = cube.copy()
    middle.center = lay.board_rect.center  # offered
    out += [(f"cube {owner}", lay.cube_rect(owner), cube.w) for owner in (None, 0, 1)] + [("cube offered", middle, cube.w)]
    for p in range(1, 25):
        x, y = lay.number_pos(p)
        f = lay.font_px("number")
        out.append((f"number {p}", pygame.Rect(int(x - f * 0.7), int(y - f * 0.6), int(f * 1.4), int(f * 1.2)), 0.0))
    return out


@pytest.mark.parametrize("view", [TOP, OBLIQUE])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_buttons_sit_at_the_boards_top_right_corner_covering_nothing(size, view):
    d = _driver(view, size)
    lay = d.layout
    rects = d.scene.renderer.view_button_rects()
    both = rects[TOP].union(rects[OBLIQUE])
    br = lay.board_rect
    # side by side (or one above the other beside a board too small for them), at the board's top-right corner
    assert rects[TOP].w >= viewbuttons.MIN_PX and rects[TOP].size == rects[OBLIQUE].size
    assert not rects[TOP].colliderect(rects[OBLIQUE])
    near = max(2.0, lay.d * 0.1)
    proj = d.scene.renderer.projection
    if view == TOP:
        assert abs(both.right - br.right) <= rects[TOP].w + near and abs(both.top - br.top) <= both.h + near
    else:  # the corner as it is seen, in perspective
        cx, cy = max((proj.to_screen(x, y) for x in (br.left, br.right) for y in (br.top, br.bottom)), key=lambda p: p[0] - p[1])
        off = (max(both.left - cx, 0, cx - both.right), max(both.top - cy, 0, cy - both.bottom))
        assert math.hypot(*off) <= 2 * both.h + near
    # inside the board's part of the window: not over the top bar or the panel
    assert board_area(lay).contains(both)
    assert not both.colliderect(lay.top_bar_rect) and not both.colliderect(lay.panel_rect)
    # never over a checker (on a point, the bar or in a tray), a die, the cube, a number or a pip count
    for what, plane, height in _everything_on_the_board(lay):
        assert not both.colliderect(_drawn_box(proj, plane, height)), what
    if view == OBLIQUE:  # the far row's numbers are written beyond the far edge
        for p, (rect, _size) in d.scene.renderer.geo.number_places().items():
            assert not both.colliderect(rect), p
    # drawn, the shown view's in gold, on every redraw
    d.scene.dirty = True
    d.frames(1)
    for mode, r in rects.items():
        colour = viewbuttons.ACTIVE if mode == view else viewbuttons.ICON
        assert d.app.screen.get_at((r.left, r.centery))[:3] == colour  # its edge


@pytest.mark.parametrize("size", [(1280, 720), (1080, 1920), (720, 1280), (480, 360)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_click_and_a_tap_switch_the_view(size):
    d = _driver(TOP, size)
    d.click(d.scene.renderer.view_button_rects()[OBLIQUE].center)
    assert d.scene.table.mode == OBLIQUE and d.settings.board_view == OBLIQUE
    d.tap(d.scene.renderer.view_button_rects()[TOP].center)  # where the oblique view has them
    assert d.scene.table.mode == TOP and d.settings.board_view == TOP
    d.tap(d.scene.renderer.view_button_rects()[OBLIQUE].center)
    assert d.scene.table.mode == OBLIQUE
    assert d.game.log == [] or d.game.phase in ("opening", "roll")  # nothing else happened on the board


def _focused(d):
    current = d.scene.controller.focused()
    return None if current is None else current[0]


def _ringed(d, mode):
    """Is the view button ``mode`` drawn with the focus ring?"""
    r = d.scene.renderer.view_button_rects()[mode]
    return d.app.screen.get_at((r.centerx, r.top + 1))[:3] == viewbuttons.FOCUS


@pytest.mark.parametrize("view", [TOP, OBLIQUE])
def test_tab_reaches_both_buttons_the_board_rings_the_focused_one_and_enter_switches(view):
    d = _driver(view)
    other = OBLIQUE if view == TOP else TOP
    seen = []
    for _ in range(len(d.scene.controller.buttons) + 1):
        d.key(pygame.K_TAB)
        b = _focused(d)
        if isinstance(b, viewbuttons.ViewButton):
            seen.append(b.mode)
            assert _ringed(d, b.mode) and not _ringed(d, OBLIQUE if b.mode == TOP else TOP)
            if b.mode == other:
                break
    assert seen == [TOP, OBLIQUE] if view == TOP else seen == [TOP]
    d.key(pygame.K_RETURN)
    assert d.scene.table.mode == other and d.settings.board_view == other
    assert _ringed(d, other)  # the focus stays on the button, drawn in the new view
    d.key(pygame.K_ESCAPE)  # the focus goes, and its ring with it
    assert _focused(d) is None and not _ringed(d, TOP) and not _ringed(d, OBLIQUE)


def _pad_path(d, goal):
    """The d-pad presses that take the focus to the view button ``goal``,
    found on the graph of where each press leads (the scene's own rule)."""
    items = d.scene.controller.nav_items(d.scene.places(), d.scene.query)
    keys = [k for k, _ in items]
    rects = dict(items)
    current = ("button", d.scene.controller.focus.index) if d.scene.controller.focus.index is not None else d.scene.controller.board_focus.at
    target = next(("button", i) for i, (b, _) in enumerate(d.scene.controller.buttons) if isinstance(b, viewbuttons.ViewButton) and b.mode == goal)
    paths = {current: []}
    todo = deque([current])
    while todo:
        at = todo.popleft()
        if at == target:
            return paths[at]
        for name, direction in DIRECTIONS.items():
            others = [k for k in keys if k != at]
            if at[0] != "button" and direction[1] == 0:
                others = [k for k in others if k[0] != "button"]
            i = nearest(rects[at], [rects[k] for k in others], direction)
            if i is not None and others[i] not in paths:
                paths[others[i]] = paths[at] + [name]
                todo.append(others[i])
    return None


@pytest.mark.parametrize("size", [(1280, 720), (1080, 1920)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_game_controller_reaches_the_buttons_by_shoulder_and_by_d_pad(size):
    d = _driver(TOP, size)
    # the shoulders go round the buttons as Tab does
    for _ in range(len(d.scene.controller.buttons) + 1):
        d.pad(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
        if isinstance(_focused(d), viewbuttons.ViewButton) and _focused(d).mode == OBLIQUE:
            break
    assert _focused(d).mode == OBLIQUE
    d.pad(pygame.CONTROLLER_BUTTON_A)
    assert d.scene.table.mode == OBLIQUE
    # the d-pad alone, from the panel's first button
    d.pad(pygame.CONTROLLER_BUTTON_B)
    d.pad(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    assert not isinstance(_focused(d), viewbuttons.ViewButton)
    path = _pad_path(d, TOP)
    assert path is not None
    for press in path:
        d.pad(PAD[press])
    assert isinstance(_focused(d), viewbuttons.ViewButton) and _focused(d).mode == TOP and _ringed(d, TOP)
    d.pad(pygame.CONTROLLER_BUTTON_A)
    assert d.scene.table.mode == TOP and d.settings.board_view == TOP


def _bare_under_the_buttons(d):
    """Drawn without the buttons, is the board's part of the window bare
    (only the table, nothing of the board) where the buttons are?"""
    rects = d.scene.renderer.view_button_rects()
    both = viewbuttons.area(rects).inflate(2, 2)
    bare = d.app.screen.copy()
    d.scene.renderer.draw(bare, replace(d.scene.board_view(), view_mode=None))
    colours = {tuple(bare.get_at((x, y)))[:3] for x in range(both.left, both.right) for y in range(both.top, both.bottom)}
    return colours == {BG}


def _buttons_switch_there_and_back(d):
    """A click on the top view's button, where it is now, shows the top view;
    one on the oblique view's, where the top view has it, comes back."""
    log = len(d.game.log)
    d.click(d.scene.renderer.view_button_rects()[TOP].center)
    assert d.scene.table.mode == TOP and not d.scene.table.camera.dragging
    assert d.scene.controller.pointer.selected is None and len(d.game.log) == log  # the click went to the button only
    d.click(d.scene.renderer.view_button_rects()[OBLIQUE].center)
    assert d.scene.table.mode == OBLIQUE and d.scene.table.camera.angles.is_default


#: drags on an empty part of the board (pixels across and down): turned either way, tilted either way
TURNS = [(0, 0), (320, 0), (-320, 0), (0, 260), (0, -260), (320, -260), (-320, 260), (160, 120)]


@pytest.mark.parametrize("size", [pytest.param((1920, 1080), marks=pytest.mark.slow), (1280, 720),  # the quick lane: wide and 4:3
                                  pytest.param((1080, 1920), marks=pytest.mark.slow), (800, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_turned_or_zoomed_the_oblique_board_never_passes_under_the_buttons(size):
    """The buttons follow the board's top-right corner as it is seen: at
    every turn and tilt the board as drawn leaves their place bare, and they
    switch the view; zoomed in until the board fills its part of the window
    they stay in that part's corner, over the board, and still work."""
    d = _driver(OBLIQUE, size)
    lay, cam = d.layout, d.scene.table.camera
    area = board_area(lay)
    places, angles = set(), set()
    for dx, dy in TURNS:
        start = d.scene.renderer.to_screen(lay.other_dice_area.center)
        d.drag(start, (start[0] + dx, start[1] + dy), steps=4)
        angles.add((round(cam.angles.yaw), round(cam.angles.tilt)))
        both = viewbuttons.area(d.scene.renderer.view_button_rects())
        places.add(both.topleft)
        assert area.contains(both) and not both.colliderect(lay.top_bar_rect) and not both.colliderect(lay.panel_rect)
        assert _bare_under_the_buttons(d), (cam.angles, both)
        _buttons_switch_there_and_back(d)
    assert len(angles) == len(TURNS) and len(places) >= 4  # turned, the board took the buttons elsewhere
    for notches in (2, 5, 12):
        d.mouse_move(lay.board_rect.center)
        d.post(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False, precise_x=0.0, precise_y=float(notches), touch=False, window=None)
        d.frames(1)
        assert cam.angles.zoom > 1.2
        both = viewbuttons.area(d.scene.renderer.view_button_rects())
        assert area.contains(both)
        if cam.angles.zoom > 2.5:  # nothing of the area is left bare: the buttons stand over the board, in its corner
            assert both.right >= area.right - both.h and both.top <= area.top + both.h
        _buttons_switch_there_and_back(d)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("view", [TOP, OBLIQUE])
def test_each_button_says_its_name_under_the_pointer_and_with_the_focus_the_settings_say_the_same(view, lang):
    from game.words import i18n
    from game.input.match_intents import OpenSettings

    settings = Settings(animation_speed=0.0, bot_pace=0.0, pass_pause=0.0, board_view=view, language=lang)
    d = Driver(size=(1280, 720), seed=3, settings=settings)
    assert i18n.language() == lang
    rects = d.scene.renderer.view_button_rects()
    assert d.scene.board_view().view_tip is None
    names = {mode: i18n.t(f"view.{mode}") for mode in (TOP, OBLIQUE)}
    assert names[TOP] != names[OBLIQUE] and all(names.values())
    for mode in (TOP, OBLIQUE):
        d.mouse_move(rects[mode].center)
        view_now = d.scene.board_view()
        assert view_now.view_tip == (mode, names[mode])
        box = d.scene.renderer.view_tip_rect(view_now)
        assert box is not None and board_area(d.layout).contains(box) and not box.colliderect(viewbuttons.area(rects))
        assert names[mode] in d.scene.text.drawn
        shown = [d.app.screen.get_at((x, y))[:3] for x in range(box.left + 2, box.right - 2, 3) for y in range(box.top + 2, box.bottom - 2, 3)]
        assert viewbuttons.TIP_BACK in shown and viewbuttons.ICON in shown  # the box and its words, on the screen
    d.mouse_move((2, d.app.size[1] - 2))  # the pointer leaves: the name goes, the board is drawn again there
    assert d.scene.board_view().view_tip is None
    assert d.app.screen.get_at((box.left + 2, box.centery))[:3] != viewbuttons.TIP_BACK
    for _ in range(len(d.scene.controller.buttons) + 1):  # the focus, from the keys, shows the name too
        d.key(pygame.K_TAB)
        b = _focused(d)
        if isinstance(b, viewbuttons.ViewButton):
            assert d.scene.board_view().view_tip == (b.mode, names[b.mode])
            break
    else:
        raise AssertionError("Tab never reached a view button")
    # the settings name the two views with the same words
    d.key(pygame.K_ESCAPE)
    d.scene.do(OpenSettings())
    d.frames(1)
    row = d.app.scene.rows["board_view"]
    assert {mode: row.button_for(mode).text for mode in (TOP, OBLIQUE)} == names
    assert names[TOP] in i18n.t("settings.board_view_hint") and names[OBLIQUE] in i18n.t("settings.board_view_hint")
