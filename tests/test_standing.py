"""Checkers at rest in the oblique view, drawn once each: while the view
moves they go through a scratch surface and nothing is kept, drawn again for
the same view they keep a sprite, with the same pixels; a view that stays
still keeps sprites at once."""

import pygame

from game.board.palette import FELT
from game.board.projection import OBLIQUE, Projection, ViewAngles
from game.board.standing import StandingCheckers

BOARD = (0.0, 0.0, 800.0, 600.0)
ITEMS = [(0, (100.0, 120.0), 0.0), (1, (160.0, 120.0), 0.0), (0, (130.0, 400.0), 0.0), (1, (600.0, 300.5), 0.0)]


def _draw(kept, proj, surface):
    for _, _box, draw in sorted(kept.solids(proj, ITEMS, 23.0, 9.0, 2), key=lambda s: -s[0]):
        draw(surface)
    return pygame.image.tobytes(surface, "RGB")


def _board():
    s = pygame.Surface((800, 600))
    s.fill(FELT)
    return s


def test_drawn_once_through_the_scratch_then_kept_with_the_same_pixels():
    proj = Projection(BOARD, BOARD, ViewAngles(OBLIQUE, yaw=10, tilt=40))
    kept = StandingCheckers()
    first = _draw(kept, proj, _board())
    assert len(kept) == 4 and kept.sprites == 0  # nothing kept yet
    second = _draw(kept, proj, _board())
    assert kept.sprites == 4 and kept.projected == 4  # kept now, and not projected again
    third = _draw(kept, proj, _board())
    assert first == second == third
    assert first != pygame.image.tobytes(_board(), "RGB")  # something was drawn


def test_a_new_view_starts_afresh_and_keeps_no_sprite_while_it_keeps_moving():
    kept = StandingCheckers()
    for yaw in range(0, 30, 3):  # turning: a new projection each frame
        proj = Projection(BOARD, BOARD, ViewAngles(OBLIQUE, yaw=yaw))
        _draw(kept, proj, _board())
        assert kept.sprites == 0
    assert kept.projected == 4 * 10


def test_a_still_view_keeps_sprites_at_once():
    proj = Projection(BOARD, BOARD, ViewAngles(OBLIQUE, yaw=-8))
    kept = StandingCheckers()
    first = _draw(kept, proj, _board())  # a new renderer: as after a turn, nothing kept
    assert kept.sprites == 0
    second = _draw(kept, proj, _board())
    assert kept.sprites == 4 and first == second
    # the view moves once after standing still: sprites at once (it may stay)
    other = Projection(BOARD, BOARD, ViewAngles(OBLIQUE, yaw=5))
    _draw(kept, other, _board())
    assert kept.sprites == 4
    # a position that changes while the view stays still: a new place is drawn into a sprite at once
    moved = ITEMS[:3] + [(1, (620.0, 310.0), 0.0)]
    kept.solids(other, moved, 23.0, 9.0, 2)[3][2](_board())
    assert kept.sprites == 5
