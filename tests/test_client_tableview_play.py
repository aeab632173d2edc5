"""Everything still works in every view of the table, driven with real
events at the places the projection says: bearing off (click-click and
drag-and-drop into the tray), entering from the bar (and hitting), the hint's
arrows and the animations, in the top view and in the oblique view at
several turns, tilts and zooms (reached by dragging and the wheel, as a
player does)."""

import math

import pygame
import pytest

from engine import FixedDice, Match
from engine.match import set_up_game
from game.board.layout import BAR_POINT, MAX_BAR, MAX_STACK, OFF
from game.board.oblique import CHECKER_H, LIFT_PER_SCALE, SLAB_Z
from game.board.projection import TOP
from game.board.render import CHECKER, HINT, NUMBER, board_area
from game.store.settings import Settings
from game.testing import Driver
from support import board

#: views to play in: None is the top view; else (drag dx, drag dy, wheel notches) in the oblique view
VIEWS = {
    "top": None,
    "oblique": (0, 0, 0),
    "turned-right-steep": (250, -150, 0),
    "turned-left-flat": (-290, 180, 0),
    "turned-zoomed": (160, -80, 3),
    "zoomed-far": (0, 0, 6),
}

#: White bears off with 6-5 (Black far away, in its own home)
BEAR_OFF = ({6: 2, 5: 3, 4: 3, 3: 3, 2: 2, 1: 2}, {6: 5, 5: 5, 4: 5})
#: White has two checkers on the bar and enters with 3-4, hitting Black's blot on its 22
ON_THE_BAR = ({"bar": 2, 6: 5, 8: 3, 13: 5}, {24: 2, 13: 5, 8: 3, 6: 4, 3: 1})


def _match(position, dice, later=(2, 1, 5, 4, 6, 3, 2, 2)):
    m = Match(dice=FixedDice(list(later)))
    m.game = set_up_game(board(*position), 0, dice, dice_source=m.dice_source)
    return m


def _driver(view, match, animate=False):
    speed = 1.0 if animate else 0.0
    settings = Settings(animation_speed=speed, bot_pace=0.0, pass_pause=0.2 if animate else 0.0, board_view=TOP if view is None else "oblique")
    return Driver(size=(1280, 720), settings=settings, match=match)


def _set_view(d, view, towards):
    """Turn the oblique view by dragging an empty part of the board and zoom
    with the wheel towards the plane point ``towards``, with real events."""
    if view is None:
        return
    dx, dy, notches = view
    if dx or dy:
        a = d.scene.renderer.to_screen(d.layout.other_dice_area.center)
        d.drag(a, (a[0] + dx, a[1] + dy), steps=4)
    if notches:
        _wheel(d, d.scene.renderer.to_screen(towards), notches)
    cam = d.scene.table.camera.angles
    assert not cam.is_default or view == (0, 0, 0)
    assert d.scene.renderer.projection.angles == cam


def _wheel(d, pointer, notches):
    d.mouse_move(pointer)
    d.post(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False, precise_x=0.0, precise_y=float(notches), touch=False, window=None)
    d.frames(1)


def _seen(d, plane, z=0.0):
    """Where the player sees the plane point ``plane`` (``z`` above the board)."""
    return d.scene.renderer.projection.to_screen(plane[0], plane[1], z)


def _checker_top(d, point):
    """The middle of the top face of the mover's top checker on ``point``,
    as drawn: where a player clicks it."""
    r = d.scene.renderer
    return _seen(d, r.top_slot(d.scene.board_view().snap, d.viewer(), point), CHECKER_H * d.layout.d)


def _on_screen(d, *spots):
    area = board_area(d.layout)
    for x, y in spots:
        assert area.collidepoint(x, y), f"{(x, y)} is outside the board's area {area}"


def _whole_board_matches(d):
    """The board on the screen is the board drawn whole, pixel for pixel
    (what was drawn in parts and restored under moving things left nothing behind)."""
    scene = d.scene
    whole = d.app.screen.copy()
    area = board_area(d.layout)
    scene.renderer.draw_static(whole, scene.board_view(), area)  # (clipped as the scene draws it)
    assert pygame.image.tobytes(d.app.screen.subsurface(area), "RGB") == pygame.image.tobytes(whole.subsurface(area), "RGB")


@pytest.mark.parametrize("name", list(VIEWS))
def test_bearing_off_by_click_and_by_drag(name):
    d = _driver(VIEWS[name], _match(BEAR_OFF, (6, 5)))
    lay = d.layout
    _set_view(d, VIEWS[name], lay.tray_halves[0].center)
    tray = _seen(d, lay.tray_halves[0].center)
    six, five = _checker_top(d, 6), _checker_top(d, 5)
    _on_screen(d, tray, six, five)
    # click-click: the checker on the 6, then the tray
    d.click(six)
    view = d.scene.board_view()
    assert view.selected == 6 and OFF in view.targets
    d.click(tray)
    snap = d.scene.board_view().snap
    assert snap.counts[0][OFF] == 1 and snap.counts[0][6] == 1
    # drag-and-drop: the checker on the 5 into the tray
    d.drag(five, tray)
    d.settle()
    snap = d.scene.board_view().snap
    assert snap.counts[0][OFF] == 2 and snap.counts[0][5] == 2
    assert d.game.turn == 1  # the turn ended with both dice played
    # White's two checkers lie in its tray where the layout puts them (the board now turns to Black)
    view = d.scene.board_view()
    side = 0 if view.viewer == 0 else 1
    r = lay.slab_rect(side, 0)
    z = SLAB_Z * lay.d if VIEWS[name] is not None else 0.0
    x, y = _seen(d, r.center, z)
    if board_area(lay).collidepoint(x, y):  # (a zoomed view may show another part of the board)
        assert d.app.screen.get_at((round(x), round(y)))[:3] == CHECKER[0]
    _whole_board_matches(d)


@pytest.mark.parametrize("name", list(VIEWS))
def test_entering_from_the_bar_and_hitting(name):
    d = _driver(VIEWS[name], _match(ON_THE_BAR, (3, 4)))
    lay = d.layout
    _set_view(d, VIEWS[name], lay.bar_rect.center)
    bar = _checker_top(d, BAR_POINT)
    to22, to21 = d.target_pos(22), d.target_pos(21)
    _on_screen(d, bar, to22, to21)
    d.click(bar)
    view = d.scene.board_view()
    assert view.selected == BAR_POINT and {21, 22} <= view.targets
    d.click(to22)  # enters with the 3, hitting
    snap = d.scene.board_view().snap
    assert snap.counts[0][BAR_POINT] == 1 and snap.counts[0][22] == 1 and snap.counts[1][BAR_POINT] == 1
    d.drag(_checker_top(d, BAR_POINT), to21)
    d.settle()
    assert d.game.turn == 1 and d.scene.board_view().snap.counts[0][BAR_POINT] == 0
    # Black rolls (2-1) and enters its hit checker, seen from its side now
    d.click(d.dice_pos())
    d.settle()
    assert d.viewer() == 1 and d.game.phase == "move"
    if VIEWS[name] is not None and VIEWS[name][2]:  # zoomed in on White's side of the bar: Black zooms out
        _wheel(d, board_area(lay).center, -VIEWS[name][2])
        assert d.scene.table.camera.angles.zoom == 1.0
    bar, to24 = _checker_top(d, BAR_POINT), d.target_pos(24)
    _on_screen(d, bar, to24)
    d.click(bar)
    assert d.scene.board_view().selected == BAR_POINT
    d.click(to24)  # the 1 (White's 1-point in White's numbering)
    d.settle()
    assert d.scene.board_view().snap.counts[1][BAR_POINT] == 0
    _whole_board_matches(d)


def _hint_pixels(d):
    """For each arrow of the hint: (first dot, middle of the head) on the screen."""
    r, lay = d.scene.renderer, d.layout
    view = d.scene.board_view()
    z = CHECKER_H * lay.d if d.scene.table.mode != TOP else 0.0
    out = []
    for (ax, ay), (bx, by) in r.hint_segments(view):
        length = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
        ux, uy = (bx - ax) / length, (by - ay) / length
        head = min(length * 0.5, lay.d * 0.45)
        mid = (bx - ux * head * 2 / 3, by - uy * head * 2 / 3)
        out.append((_seen(d, (ax, ay), z), _seen(d, mid, z)))
    return out


@pytest.mark.parametrize("name", ["top", "oblique", "turned-right-steep", "turned-left-flat", "turned-zoomed"])
@pytest.mark.parametrize("position,dice,towards", [(BEAR_OFF, (6, 5), "tray"), (ON_THE_BAR, (3, 4), "bar")])
def test_hint_arrows_from_the_bar_and_into_the_tray_are_drawn_where_the_view_puts_them(name, position, dice, towards):
    d = _driver(VIEWS[name], _match(position, dice))
    lay = d.layout
    _set_view(d, VIEWS[name], lay.tray_halves[0].center if towards == "tray" else lay.bar_rect.center)
    d.key(pygame.K_h)
    assert d.session.wait_for_hint() is not None
    d.frames(2)
    view = d.scene.board_view()
    assert view.hint and view.hint_lines
    assert any(OFF == to for _, to in view.hint) if towards == "tray" else all(frm == BAR_POINT for frm, _ in view.hint)
    screen = d.app.screen
    for start, head in _hint_pixels(d):
        _on_screen(d, start, head)
        assert screen.get_at((round(start[0]), round(start[1])))[:3] == HINT
        assert screen.get_at((round(head[0]), round(head[1])))[:3] == HINT
    # the ranked list covers neither the arrows nor the dice
    box = d.scene.renderer.hint_box(view)  # where the list is drawn, on the screen
    for start, head in _hint_pixels(d):
        assert not box.collidepoint(start) and not box.collidepoint(head)


def _spy_moving(d):
    """Record what each frame drew as moving: (the view, the rectangles drawn)."""
    seen = []
    renderer = d.scene.renderer
    real = renderer.draw_moving

    def spy(surface, view):
        rects = real(surface, view)
        seen.append((view, rects))
        return rects

    renderer.draw_moving = spy
    return seen


@pytest.mark.parametrize("name", ["top", "oblique", "turned-zoomed", "turned-left-flat"])
def test_animations_fly_where_the_view_puts_them_and_leave_nothing_behind(name):
    d = _driver(VIEWS[name], _match(ON_THE_BAR, (3, 4)), animate=True)
    lay, scene = d.layout, d.scene
    d.settle()
    _set_view(d, VIEWS[name], lay.bar_rect.center)
    oblique = scene.table.mode != TOP
    seen = _spy_moving(d)
    d.click(_checker_top(d, BAR_POINT))
    d.click(d.target_pos(22))  # a hit: White's checker flies in, Black's flies to the bar
    d.settle()
    flights = 0
    for view, rects in seen:
        for _player, centre, scale in view.flying:
            lift = max(0.0, (scale - 1.0) * LIFT_PER_SCALE * lay.d) + CHECKER_H * lay.d / 2 if oblique else 0.0
            x, y = _seen(d, centre, lift)
            if board_area(lay).collidepoint(x, y):
                assert any(r.collidepoint(x, y) for r in rects), (centre, rects)
                flights += 1
    assert flights >= 6
    # the rest of the turn and Black's roll: the dice tumble where the dice lie
    d.drag(_checker_top(d, BAR_POINT), d.target_pos(21))
    d.settle()
    del seen[:]
    d.click(d.dice_pos())
    d.settle()
    tumbles = 0
    for view, rects in seen:
        if view.tumbling is not None:
            side = 0 if view.tumbling[0] == view.viewer else 1
            for r in lay.dice_rects(side, 2):
                x, y = _seen(d, r.center, r.w / 2 if oblique else 0.0)
                if board_area(lay).collidepoint(x, y):
                    assert any(m.inflate(lay.d, lay.d).collidepoint(x, y) for m in rects), (r, rects)
            tumbles += 1
    assert tumbles >= 6
    _whole_board_matches(d)


def _drawn_box(d, plane, height):
    """The screen rectangle around a box standing ``height`` high on the plane rectangle ``plane``."""
    pts = [_seen(d, (x, y), z) for x in (plane.left, plane.right) for y in (plane.top, plane.bottom) for z in (0.0, height)]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 1, int(max(ys) - min(ys)) + 1)


#: the opponent's home board closed: a checker on the bar cannot enter
CLOSED = {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 12: 3}


@pytest.mark.parametrize("name", ["oblique", "turned-right-steep", "turned-left-flat", "turned-zoomed"])
def test_the_no_moves_banner_stays_off_the_dice_and_on_the_screen(name):
    m = Match(dice=FixedDice([6, 5, 3, 1, 2, 2]))
    m.game = set_up_game(board({"bar": 1, 6: 14}, CLOSED), 0, dice_source=m.dice_source)
    d = _driver(VIEWS[name], m, animate=True)
    lay = d.layout
    _set_view(d, VIEWS[name], lay.dice_area.center)
    d.key(pygame.K_SPACE)
    shown = 0
    for _ in range(400):
        view = d.scene.board_view()
        if view.banner and view.tumbling is None:
            box = d.scene.renderer.banner_rect(view)
            dice = [_drawn_box(d, r, r.w) for r in d.scene.renderer.shown_dice_rects(view)]
            assert box.collidelist(dice) < 0 and board_area(lay).contains(box), (box, dice)
            shown += 1
        if not d.scene.busy:
            break
        d.frames(1)
    assert shown > 10


#: every point of the far row taken: White on 13-18 and 24, Black on White's 19-23 (its own 6-2)
FAR_ROW = ({13: 3, 14: 2, 15: 2, 16: 2, 17: 2, 18: 2, 24: 2}, {6: 3, 5: 3, 4: 3, 3: 3, 2: 3})
START = ({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5})


def _checker_boxes(d):
    """The screen rectangle of every checker drawn (its rims at the board and
    at its height, as the projection puts them)."""
    lay, snap = d.layout, d.scene.board_view().snap
    r, h = lay.checker_radius, CHECKER_H * lay.d
    boxes = []
    for player in (0, 1):
        side = 0 if player == d.viewer() else 1
        for loc in range(1, 26):
            for i in range(min(snap.counts[player][loc], MAX_BAR if loc == BAR_POINT else MAX_STACK)):
                x, y = lay.slot(side, loc, i)
                rim = [_seen(d, (x + r * math.cos(a), y + r * math.sin(a)), z) for a in [k * math.pi / 12 for k in range(24)] for z in (0.0, h)]
                xs, ys = [p[0] for p in rim], [p[1] for p in rim]
                boxes.append(pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 1, int(max(ys) - min(ys)) + 1))
    return boxes


@pytest.mark.parametrize("name", ["oblique", "turned-right-steep", "turned-left-flat"])
@pytest.mark.parametrize("position", ["start", "far row"])
def test_no_checker_hides_a_points_number(name, position):
    """In perspective the checkers on the far points stand in front of the
    frame behind them: the far row's numbers are written beyond the board's
    far edge, where no checker reaches, and can be read there (their colour
    shows), at the default view and turned, with every far point taken."""
    d = _driver(VIEWS[name], _match(START if position == "start" else FAR_ROW, (3, 1)))
    _set_view(d, VIEWS[name], d.layout.board_rect.center)
    lay, screen = d.layout, d.app.screen
    d.scene.frame.invalidate()
    d.frames(1)
    boxes = _checker_boxes(d)
    assert len(boxes) == 30
    places = d.scene.renderer.geo.number_places()
    assert sorted(places) == list(range(1, 25))
    for p, (rect, size) in places.items():
        assert board_area(lay).contains(rect), p
        if p >= 13:  # the far row: clear of every checker (the near row's stand in front of them)
            assert not any(rect.colliderect(box) for box in boxes), p
        # every pixel the number's glyphs cover in full shows on the screen in its colour
        label = d.scene.renderer.text.render(str(p), size, NUMBER)
        inked = [(x, y) for x in range(label.get_width()) for y in range(label.get_height()) if label.get_at((x, y)).a == 255]
        assert inked and all(screen.get_at((rect.left + x, rect.top + y))[:3] == NUMBER for x, y in inked), p
