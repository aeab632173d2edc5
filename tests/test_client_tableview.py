"""The table view, driven with real events: the top and the oblique view,
turned and zoomed; clicks land where the layout and the projection say a
point is, in both views, at several angles and zooms."""

import random

import pygame
import pytest

from game.board.oblique import ObliqueRenderer
from game.board.projection import OBLIQUE, TOP, YAW_LIMIT, ZOOM_RANGE, ViewAngles
from game.board.render import board_area
from game.store.settings import Settings
from game.testing import Driver
from support import OUTPUT


def _driver(view="oblique", size=(1280, 720), seed=3, **kw):
    settings = Settings(animation_speed=0.0, bot_pace=0.0, pass_pause=0.0, board_view=view)
    return Driver(size=size, seed=seed, settings=settings, **kw)


def _empty_spot(d):
    """A spot on the board where nothing is: the middle of the left half."""
    lay = d.layout
    return d.scene.renderer.to_screen(lay.other_dice_area.center)


def _turn(d, dx, dy):
    """Drag on an empty part of the board by (dx, dy) pixels."""
    a = _empty_spot(d)
    d.drag(a, (a[0] + dx, a[1] + dy), steps=3)


def _play_by_clicks(d, turns, rng, drag=False):
    g = d.game
    moves = 0
    for _ in range(turns):
        if g.phase in ("opening", "roll"):
            if d.scene.showing_pass:
                d.click(d.dice_pos())  # the first click reads the "No legal moves" banner
            d.click(d.dice_pos())
            assert g.phase in ("move", "roll", "opening") or g.phase == "over"
        while g.phase == "move":
            s = rng.choice(g.current_turn.legal_steps())
            if drag:
                d.drag(d.checker_pos(s.frm), d.target_pos(s.to))
            else:
                d.click(d.checker_pos(s.frm))
                assert d.scene.controller.pointer.selected == s.frm or d.scene.board_view().selected == s.frm
                d.click(d.target_pos(s.to))
            moves += 1
    return moves


def test_the_view_buttons_switch_views_and_the_choice_is_a_setting():
    d = _driver("top")
    assert type(d.scene.renderer).__name__ == "BoardRenderer"
    d.click(d.scene.renderer.view_button_rects()[OBLIQUE].center)
    assert d.settings.board_view == OBLIQUE and isinstance(d.scene.renderer, ObliqueRenderer)
    assert d.settings.to_stored().board_view == OBLIQUE
    d.click(d.scene.renderer.view_button_rects()[TOP].center)  # where the oblique view has them
    assert d.settings.board_view == TOP and not isinstance(d.scene.renderer, ObliqueRenderer)
    d.key(pygame.K_v)  # the key too
    assert d.settings.board_view == OBLIQUE


def test_drag_on_an_empty_part_turns_the_oblique_view_within_limits_and_home_resets():
    d = _driver()
    cam = d.scene.table.camera
    assert cam.angles.is_default
    _turn(d, 120, 0)
    assert cam.angles.yaw > 5
    assert d.scene.renderer.projection.angles == cam.angles  # drawn as turned
    _turn(d, 5000, 3000)
    assert cam.angles.yaw == YAW_LIMIT
    d.key(pygame.K_HOME)
    assert cam.angles.is_default and d.scene.renderer.projection.angles.is_default
    # the top view does not turn
    d.key(pygame.K_v)
    _turn(d, 120, 40)
    assert cam.mode == TOP and cam.angles.yaw == 0


def test_wheel_and_pinch_zoom_towards_the_pointer():
    d = _driver()
    r = d.scene.renderer
    pointer = r.to_screen(d.layout.point_rect(20).center)
    under = r.to_plane(pointer)
    d.mouse_move(pointer)
    d.post(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_x=0.0, precise_y=2.0, touch=False, window=None)
    d.frames(1)
    assert d.scene.table.camera.angles.zoom > 1.2
    after = d.scene.renderer.to_plane(pointer)
    assert abs(after[0] - under[0]) < 1.0 and abs(after[1] - under[1]) < 1.0
    # a pinch (two fingers spreading) zooms in further, closing zooms out
    z = d.scene.table.camera.angles.zoom
    w, h = d.app.size
    d.post(pygame.MULTIGESTURE, touch_id=1, x=pointer[0] / w, y=pointer[1] / h, rotated=0.0, pinched=0.05, num_fingers=2)
    d.frames(1)
    assert d.scene.table.camera.angles.zoom > z
    for _ in range(30):
        d.post(pygame.MULTIGESTURE, touch_id=1, x=0.4, y=0.5, rotated=0.0, pinched=-0.2, num_fingers=2)
    d.frames(1)
    assert d.scene.table.camera.angles.zoom == ZOOM_RANGE[0]


def test_the_right_stick_turns_and_the_triggers_zoom():
    d = _driver()
    cam = d.scene.table.camera
    d.post(pygame.CONTROLLERAXISMOTION, instance_id=0, axis=pygame.CONTROLLER_AXIS_RIGHTX, value=32767)
    d.frames(10)
    assert cam.angles.yaw > 3 and d.scene.busy  # the loop keeps running while the stick is held
    d.post(pygame.CONTROLLERAXISMOTION, instance_id=0, axis=pygame.CONTROLLER_AXIS_RIGHTX, value=0)
    d.frames(1)
    yaw = cam.angles.yaw
    d.frames(5)
    assert cam.angles.yaw == yaw
    d.post(pygame.CONTROLLERAXISMOTION, instance_id=0, axis=pygame.CONTROLLER_AXIS_TRIGGERRIGHT, value=32767)
    d.frames(20)
    d.post(pygame.CONTROLLERAXISMOTION, instance_id=0, axis=pygame.CONTROLLER_AXIS_TRIGGERRIGHT, value=0)
    d.frames(1)
    assert cam.angles.zoom > 1.1
    d.pad(pygame.CONTROLLER_BUTTON_RIGHTSTICK)
    assert cam.angles.is_default


@pytest.mark.parametrize("view,turn", [("top", None), ("oblique", None), ("oblique", (150, -60)), ("oblique", (-260, 90))])
def test_play_by_click_click_in_both_views_at_several_angles(view, turn):
    """Hot-seat: the board turns to whoever is on roll, in every view."""
    d = _driver(view)
    if turn is not None:
        _turn(d, *turn)
        assert not d.scene.table.camera.angles.is_default
    if view == "oblique" and turn == (150, -60):
        d.mouse_move(_empty_spot(d))
        d.post(pygame.MOUSEWHEEL, x=0, y=3, flipped=False, precise_x=0.0, precise_y=3.0, touch=False, window=None)
        d.frames(1)
        assert d.scene.table.camera.angles.zoom > 1.3
    viewers = set()
    rng = random.Random(5)
    for _ in range(4):
        viewers.add(d.viewer())
        _play_by_clicks(d, 1, rng)
    assert len(d.session.game.log) >= 4
    assert viewers == {0, 1}


def test_drag_and_drop_and_the_bar_in_the_oblique_view():
    d = _driver("oblique", seed=7)
    _turn(d, -100, 50)
    g = d.game
    rng = random.Random(2)
    hit_seen = False
    for _ in range(60):
        if g.phase in ("opening", "roll"):
            d.key(pygame.K_SPACE)
            continue
        if g.phase != "move":
            break
        steps = g.current_turn.legal_steps()
        hits = [s for s in steps if s.hit]
        s = hits[0] if hits else rng.choice(steps)
        d.drag(d.checker_pos(s.frm), d.target_pos(s.to))
        hit_seen = hit_seen or s.hit
        if hit_seen and any(25 == st.frm for st in (g.current_turn.legal_steps() if g.phase == "move" else [])):
            break
    assert hit_seen
    assert len(g.log) > 2


def test_keyboard_focus_and_rings_in_the_oblique_view():
    d = _driver("oblique", seed=8)
    _turn(d, 90, -30)
    for _ in range(10):
        if d.game.phase == "move":
            break
        d.key(pygame.K_SPACE)
        d.settle()
    scene = d.scene
    movable = d.game.current_turn.movable()
    assert scene.controller.board_focus.kind == "checker" and scene.controller.board_focus.point in movable
    for key in (pygame.K_LEFT, pygame.K_UP, pygame.K_RIGHT, pygame.K_DOWN):
        d.key(key)  # the arrows go by where things are drawn, in perspective
        if scene.controller.board_focus.at is not None:
            assert scene.controller.board_focus.kind == "checker" and scene.controller.board_focus.point in movable
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_RIGHT)
    frm = scene.controller.board_focus.point
    assert scene.controller.board_focus.kind == "checker" and frm in movable
    d.key(pygame.K_RETURN)  # select it: the focus moves among its targets, drawn as a ring
    assert scene.controller.pointer.selected == frm and scene.controller.board_focus.kind == "target"
    view = scene.board_view()
    assert view.targets and view.ghosts
    scene.dirty = True
    d.app.frame(0.0)
    OUTPUT.mkdir(parents=True, exist_ok=True)
    pygame.image.save(d.app.screen, str(OUTPUT / "board_oblique_1280x720.png"))  # for review
    r = scene.renderer
    x, y = r.focus_spot(view)
    sx, sy = r.projection.to_screen(x + d.layout.checker_radius * 1.22, y, 0.2 * d.layout.d)
    assert d.app.screen.get_at((round(sx), round(sy)))[:3] == (120, 200, 255)
    to = scene.controller.board_focus.point
    d.key(pygame.K_RETURN)  # and move there
    assert d.game.current_turn.steps and (d.game.current_turn.steps[-1].frm, d.game.current_turn.steps[-1].to) == (frm, to)


def test_animations_and_hints_draw_in_perspective():
    settings = Settings(animation_speed=1.0, bot_pace=0.0, pass_pause=0.3, board_view="oblique")
    d = Driver(size=(1280, 720), seed=3, settings=settings)
    d.key(pygame.K_SPACE)
    assert d.scene.board_view().tumbling is not None
    d.frames(3)
    rects = d.scene.frame.moving_rects
    assert rects  # the tumbling dice were drawn, as cubes, where the dice lie
    area = d.scene.renderer.to_screen(d.layout.dice_area.center)
    assert any(r.inflate(40, 40).collidepoint(area) for r in rects)
    d.settle()
    g = d.game
    d.key(pygame.K_h)
    assert d.session.wait_for_hint() is not None
    d.frames(2)
    view = d.scene.board_view()
    assert view.hint and view.hint_lines
    # the arrows are drawn along the projected path (the hint's colour at the first dot)
    (a, _b), *_ = d.scene.renderer.hint_segments(view)
    x, y = d.scene.renderer.projection.to_screen(a[0], a[1], 0.2 * d.layout.d)
    assert d.app.screen.get_at((int(x), int(y)))[:3] == (110, 205, 255)
    s = g.current_turn.legal_steps()[0]
    d.click(d.checker_pos(s.frm))
    d.click(d.target_pos(s.to))
    flown = 0
    while d.scene.animator.busy:
        if d.scene.board_view().flying:
            flown += 1
        d.frames(1)
    assert flown >= 3


def test_the_settings_screen_chooses_the_view_and_the_match_shows_it():
    from game.scenes.settings import SettingsScene

    d = _driver("top")
    match = d.scene
    d.app.flow.settings()
    d.frames(1)
    assert isinstance(d.app.scene, SettingsScene)
    row = d.app.scene.rows["board_view"]
    button = next(b for b, v in row.buttons if v == OBLIQUE)
    d.click_button(button)
    assert d.settings.board_view == OBLIQUE
    d.key(pygame.K_ESCAPE)
    d.frames(1)
    assert d.app.scene is match and isinstance(match.renderer, ObliqueRenderer)
    assert ViewAngles(OBLIQUE).is_default and match.table.mode == OBLIQUE


def test_partial_redraws_of_the_oblique_view_match_drawing_it_whole():
    """While checkers move, only the parts of the board that changed are
    drawn again; the result is the board drawn whole, pixel for pixel."""
    settings = Settings(animation_speed=2.0, bot_pace=0.0, pass_pause=0.2, board_view="oblique")
    d = Driver(size=(1280, 720), seed=4, settings=settings)
    _turn(d, 80, -20)
    partial_frames = []
    real_draw = d.scene.renderer.draw_static

    def spy(surface, view, area=None):
        partial_frames.append(area is not None and area != board_area(d.layout))
        real_draw(surface, view, area)

    d.scene.renderer.draw_static = spy
    _play_by_clicks(d, 3, random.Random(3))
    d.settle()
    assert any(partial_frames), "no partial redraw happened"
    view = d.scene.board_view()
    whole = d.app.screen.copy()
    real_draw(whole, view)
    area = board_area(d.layout)
    shown = pygame.image.tobytes(d.app.screen.subsurface(area), "RGB")
    drawn = pygame.image.tobytes(whole.subsurface(area), "RGB")
    differ = sum(1 for a, b in zip(shown, drawn) if a != b)
    assert differ == 0


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1080, 1920), (720, 1280), (800, 600)])
def test_turned_as_far_as_it_goes_the_whole_board_stays_in_its_area(size):
    """Without zooming in, every corner of the board (the trays and the
    cube's column with it) stays where it can be seen and clicked."""
    d = _driver(size=size)
    lay = d.layout
    r = lay.board_rect
    for dx, dy in ((5000, 3000), (-10000, 0), (0, -6000), (10000, 0)):
        _turn(d, dx, dy)
        angles = d.scene.table.camera.angles
        assert abs(angles.yaw) == YAW_LIMIT and angles.zoom == 1.0
        proj = d.scene.renderer.projection
        for x, y in ((r.left, r.top), (r.right, r.top), (r.left, r.bottom), (r.right, r.bottom)):
            sx, sy = proj.to_screen(x, y)
            assert board_area(lay).collidepoint(sx, sy), (angles, (x, y), (sx, sy))


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", [(1280, 720), (720, 1280), (800, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_settings_screen_describes_the_views_in_both_languages(lang, size):
    from game.words import i18n
    from game.scenes.settings import SettingsScene

    i18n.set_language(lang)
    d = _driver("top", size=size)
    d.app.flow.settings()
    d.frames(1)
    st = d.app.scene
    assert isinstance(st, SettingsScene)
    names = [b.text for b, _ in st.rows["board_view"].buttons]
    assert names == [i18n.t("view.top"), i18n.t("view.oblique")]
    hint = st.view_hint
    assert hint.text == i18n.t("settings.board_view_hint") and all(name in hint.text for name in names)
    assert hint.font.size(hint.text)[0] <= hint.rect.width  # all of it shown
    w, h = size
    assert hint.rect.top >= st.rows["board_view"].buttons[0][0].rect.bottom and hint.rect.bottom <= st.back_button.rect.top
    assert 0 <= hint.rect.left and hint.rect.right <= w and hint.rect.bottom <= h


def _shows_the_board_drawn_whole(d):
    scene = d.scene
    whole = d.app.screen.copy()
    area = board_area(d.layout)
    scene.renderer.draw_static(whole, scene.board_view(), area)
    scene.renderer.draw_moving(whole, scene.board_view())
    return pygame.image.tobytes(d.app.screen.subsurface(area), "RGB") == pygame.image.tobytes(whole.subsurface(area), "RGB")


def test_turning_zooming_and_resetting_redraw_the_board_at_once():
    """Each move of the view shows the board from the new place on the very
    next frame: the drag, the wheel, the stick, Home."""
    d = _driver()
    d.settle()
    shots = [pygame.image.tobytes(d.app.screen, "RGB")]
    a = _empty_spot(d)
    d.mouse_down(a)
    d.mouse_move((a[0] + 60, a[1]), held=True)
    assert _shows_the_board_drawn_whole(d)  # while the button is still held
    shots.append(pygame.image.tobytes(d.app.screen, "RGB"))
    d.mouse_up((a[0] + 60, a[1]))
    d.mouse_move(a)
    d.post(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_x=0.0, precise_y=2.0, touch=False, window=None)
    d.frames(1)
    assert _shows_the_board_drawn_whole(d)
    shots.append(pygame.image.tobytes(d.app.screen, "RGB"))
    d.post(pygame.CONTROLLERAXISMOTION, instance_id=0, axis=pygame.CONTROLLER_AXIS_RIGHTY, value=32767)
    d.frames(3)
    assert _shows_the_board_drawn_whole(d)
    shots.append(pygame.image.tobytes(d.app.screen, "RGB"))
    d.post(pygame.CONTROLLERAXISMOTION, instance_id=0, axis=pygame.CONTROLLER_AXIS_RIGHTY, value=0)
    d.key(pygame.K_HOME)
    assert _shows_the_board_drawn_whole(d)
    shots.append(pygame.image.tobytes(d.app.screen, "RGB"))
    assert len(set(shots)) == len(shots) - 1 and shots[-1] == shots[0]  # each move showed something new; Home, the start
