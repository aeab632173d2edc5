"""The projection between the board plane and the screen: round trips in
both views at several angles and zooms, limits, zoom towards the pointer."""

import itertools
import math

import numpy as np
import pytest

from game.board.layout import Layout
from game.board.projection import OBLIQUE, TILT_RANGE, TOP, YAW_LIMIT, ZOOM_RANGE, Projection, ViewAngles

BOARD = (40.0, 60.0, 1344.0, 1008.0)
AREA = (0.0, 40.0, 1460.0, 1040.0)

ANGLES = [
    ViewAngles(OBLIQUE, yaw=yaw, tilt=tilt, zoom=zoom)
    for yaw, tilt, zoom in itertools.product((-35.0, -12.0, 0.0, 20.0, 35.0), (20.0, 38.0, 60.0), (1.0, 1.7, 3.0))
]


def _plane_points():
    bx, by, bw, bh = BOARD
    for fx, fy in itertools.product((0.0, 0.13, 0.5, 0.77, 1.0), (0.0, 0.3, 0.5, 0.91, 1.0)):
        yield bx + fx * bw, by + fy * bh


def test_top_view_is_the_identity_both_ways():
    p = Projection(BOARD, AREA, ViewAngles(TOP, yaw=30, tilt=50, zoom=2))
    for x, y in _plane_points():
        assert p.to_screen(x, y) == (x, y)
        assert p.to_plane(x, y) == (x, y)
    assert p.scale_at(0, 0) == 1.0


@pytest.mark.parametrize("angles", ANGLES, ids=lambda a: f"yaw{a.yaw:+.0f}-tilt{a.tilt:.0f}-zoom{a.zoom}")
def test_oblique_round_trip_at_many_angles_and_zooms(angles):
    p = Projection(BOARD, AREA, angles)
    for x, y in _plane_points():
        sx, sy = p.to_screen(x, y)
        back = p.to_plane(sx, sy)
        assert back is not None
        assert math.isclose(back[0], x, abs_tol=1e-6) and math.isclose(back[1], y, abs_tol=1e-6)
    # and the other way: screen pixels over the board land back on themselves
    for sx, sy in [(300.0, 500.0), (730.0, 560.0), (1100.0, 900.0)]:
        plane = p.to_plane(sx, sy)
        if plane is not None:
            assert np.allclose(p.to_screen(*plane), (sx, sy), atol=1e-6)


def test_many_agrees_with_to_screen():
    p = Projection(BOARD, AREA, ViewAngles(OBLIQUE, yaw=17, tilt=44, zoom=1.4))
    pts = np.array([(x, y, z) for (x, y), z in zip(_plane_points(), itertools.cycle((0.0, 12.0, 40.0)))])
    got = p.many(pts)
    for (x, y, z), (sx, sy) in zip(pts, got):
        assert np.allclose(p.to_screen(x, y, z), (sx, sy))


def test_oblique_is_a_perspective_from_the_near_side():
    p = Projection(BOARD, AREA, ViewAngles(OBLIQUE))
    bx, by, bw, bh = BOARD
    far_l, far_r = p.to_screen(bx, by), p.to_screen(bx + bw, by)
    near_l, near_r = p.to_screen(bx, by + bh), p.to_screen(bx + bw, by + bh)
    assert near_r[0] - near_l[0] > far_r[0] - far_l[0] * 1.0 + 20  # the near edge looks wider
    assert near_l[1] > far_l[1]  # and is lower on the screen
    # things above the board are drawn higher up, and nearer the eye
    assert p.to_screen(700, 500, 30)[1] < p.to_screen(700, 500, 0)[1]
    assert p.depth(700, 500, 30) < p.depth(700, 500, 0)
    assert p.depth(700, by, 0) > p.depth(700, by + bh, 0)
    # the whole board is inside the area at zoom 1, whatever the tilt
    for tilt in TILT_RANGE:
        q = Projection(BOARD, AREA, ViewAngles(OBLIQUE, tilt=tilt))
        for x, y in ((bx, by), (bx + bw, by), (bx, by + bh), (bx + bw, by + bh)):
            sx, sy = q.to_screen(x, y)
            assert AREA[0] - 1 <= sx <= AREA[0] + AREA[2] + 1 and AREA[1] - 1 <= sy <= AREA[1] + AREA[3] + 1


def test_turning_is_kept_within_limits():
    a = ViewAngles(OBLIQUE)
    for _ in range(50):
        a = a.turned(7.0, 5.0)
    assert a.yaw == YAW_LIMIT and a.tilt == TILT_RANGE[1]
    for _ in range(50):
        a = a.turned(-7.0, -5.0)
    assert a.yaw == -YAW_LIMIT and a.tilt == TILT_RANGE[0]
    assert a.reset() == ViewAngles(OBLIQUE) and a.reset().is_default


@pytest.mark.parametrize("yaw,tilt", [(0.0, 38.0), (25.0, 50.0), (-30.0, 22.0)])
def test_zoom_keeps_the_point_under_the_pointer(yaw, tilt):
    p = Projection(BOARD, AREA, ViewAngles(OBLIQUE, yaw=yaw, tilt=tilt))
    pointer = p.to_screen(900.0, 700.0)
    under = p.to_plane(*pointer)
    a = p.zoomed_at(pointer, 1.5)
    assert a.zoom == pytest.approx(1.5)
    q = Projection(BOARD, AREA, a)
    assert np.allclose(q.to_plane(*pointer), under, atol=1e-6)
    # zooming has limits, and zooming out again returns to the fitted board
    for _ in range(20):
        a = Projection(BOARD, AREA, a).zoomed_at(pointer, 1.5)
    assert a.zoom == ZOOM_RANGE[1]
    for _ in range(20):
        a = Projection(BOARD, AREA, a).zoomed_at(pointer, 1 / 1.5)
    assert a.zoom == ZOOM_RANGE[0]


def test_the_board_centre_stays_on_screen_however_it_is_panned():
    p = Projection(BOARD, AREA, ViewAngles(OBLIQUE, zoom=3.0, pan=(99999.0, -99999.0)))
    sx, sy = p.to_screen(p.cx, p.cy)
    assert AREA[0] <= sx <= AREA[0] + AREA[2] and AREA[1] <= sy <= AREA[1] + AREA[3]


def test_above_the_horizon_is_nowhere():
    p = Projection(BOARD, AREA, ViewAngles(OBLIQUE, tilt=60.0, zoom=3.0))
    assert p.to_plane(700.0, -1e7) is None


@pytest.mark.parametrize("angles", [ViewAngles(TOP)] + ANGLES[::5], ids=str)
def test_layout_points_hit_through_the_projection(angles):
    """Every point, the bar and the tray hit-test as themselves where the
    projection draws the layout's centre of them."""
    lay = Layout((1920, 1080), top=40)
    br = lay.board_rect
    area = (0, lay.top, lay.panel_rect.left, 1080 - lay.top)
    p = Projection((br.x, br.y, br.w, br.h), area, angles)
    spots = {q: lay.point_rect(q).center for q in range(1, 25)}
    spots[25] = lay.bar_rect.center
    spots[0] = lay.tray_halves[0].center
    for q, (x, y) in spots.items():
        sx, sy = p.to_screen(x, y)
        plane = p.to_plane(round(sx), round(sy))
        assert plane is not None and lay.hit(plane) == q
