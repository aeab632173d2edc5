"""One layout for drawing and hit-testing: every window from 800x600 to
3840x2160 hit-tests every point, the bar, the trays and the dice correctly."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.layout import BAR_POINT, BOARD_H, BOARD_W, CUBE, DICE, MAX_STACK, OFF, Layout

WIDTHS = range(800, 3841, 160)
HEIGHTS = range(600, 2161, 120)
SIZES = list(itertools.product(WIDTHS, HEIGHTS)) + [(1280, 720), (1920, 1080), (3840, 2160), (800, 600), (1366, 768), (1024, 768),
                                                     (1080, 1920), (720, 1280), (600, 800), (2160, 3840)]


def _check(lay: Layout) -> None:
    w, h = lay.size
    board = lay.board_rect
    # letterboxed inside its area, beside the panel (above it in a portrait window), with fixed proportions
    area, panel = lay.board_area, lay.panel_rect
    assert board.left >= 0 and board.top >= 0 and board.right <= area.right + 1 and board.bottom <= area.bottom + 1
    assert not board.colliderect(panel) and panel.right <= w and panel.bottom <= h
    if lay.portrait:
        assert panel.top >= board.bottom and panel.left == 0 and panel.width == w and panel.height >= h * 0.3
    else:
        assert board.right <= panel.left + 1 and panel.right == w
    assert abs(board.width / board.height - BOARD_W / BOARD_H) < 0.02
    assert abs(board.width - area.width) <= 1 or abs(board.height - area.height) <= 2
    for p in range(1, 25):
        r = lay.point_rect(p)
        assert lay.hit(r.center) == p
        # near the corners of the column, and the tip of the triangle
        assert lay.hit((r.left + 2, r.top + 2)) == p
        assert lay.hit((r.right - 2, r.bottom - 2)) == p
        tip = lay.triangle(p)[2]
        assert lay.hit(tip) == p
        # every checker slot of both sides lands on its point
        for i in range(MAX_STACK + 2):
            assert lay.hit(lay.slot(0, p, i)) == p
            assert lay.hit(lay.slot(1, 25 - p, i)) == p
        # numbers sit over their own column
        assert abs(lay.number_pos(p)[0] - r.centerx) <= 1
    for side in (0, 1):
        for i in range(4):
            assert lay.hit(lay.slot(side, BAR_POINT, i)) == BAR_POINT
        for i in range(15):
            assert lay.hit(lay.slot(side, OFF, i)) == OFF
            assert lay.slab_rect(side, i).colliderect(lay.tray_halves[side])
        assert lay.hit(lay.tray_halves[side].center) == OFF
    assert lay.hit(lay.bar_rect.center) == BAR_POINT
    assert lay.hit(lay.dice_area.center) == DICE
    for rect in lay.dice_rects(0, 2) + lay.dice_rects(0, 4):
        assert lay.hit(rect.center) == DICE
    assert lay.hit(lay.cube_rect(None).center) == CUBE
    assert lay.hit(lay.panel_rect.center) is None
    assert lay.hit((board.left - 3, board.top - 3)) is None
    # distinct points never share a pixel
    centres = {lay.point_rect(p).center for p in range(1, 25)}
    assert len(centres) == 24


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_layout_hit_tests_what_it_draws(size):
    _check(Layout(size))


@settings(max_examples=60, deadline=None)
@given(st.integers(800, 3840), st.integers(600, 2160))
def test_any_size_in_range(w, h):
    _check(Layout((w, h)))


def test_board_and_text_scale_with_the_window():
    small, big = Layout((800, 600)), Layout((3840, 2160))
    assert big.d > 4 * small.d
    assert big.font_px("number") > 4 * small.font_px("number") - 4
    assert small.font_px("number") >= 10


def test_point_order_follows_the_viewer():
    lay = Layout((1920, 1080))
    # 1..6 bottom right, right to left; 13..18 top left, left to right
    xs = [lay.point_rect(p).centerx for p in range(1, 7)]
    assert xs == sorted(xs, reverse=True)
    assert lay.point_rect(1).centerx > lay.bar_rect.centerx > lay.point_rect(7).centerx
    assert not lay.is_top(1) and lay.is_top(13) and lay.is_top(24)
    assert lay.point_rect(24).centerx == lay.point_rect(1).centerx
    assert lay.tray_rect.left > lay.point_rect(1).right
