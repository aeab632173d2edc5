"""The board drawn mid-game at 1920x1080 (saved for review), animations
shown step by step, resizing live."""

import random

import pygame
import pytest
from support import OUTPUT

from game.settings import Settings
from game.testing import Driver


def _play_turns(d: Driver, turns: int, rng: random.Random) -> None:
    g = d.game
    for _ in range(turns):
        if g.phase in ("opening", "roll"):
            d.key(pygame.K_SPACE)
        while g.phase == "move":
            s = rng.choice(g.current_turn.legal_steps())
            d.click(d.checker_pos(s.frm))
            d.click(d.target_pos(s.to))


@pytest.mark.slow
def test_board_png_at_1920x1080_mid_game():
    d = Driver(size=(1920, 1080), seed=3, length=5, cube=True)
    _play_turns(d, 12, random.Random(4))
    d.key(pygame.K_SPACE)  # roll, and pick a checker so targets and the ghost show
    d.settle()
    g = d.game
    if g.phase == "move":
        frm = g.current_turn.movable()[0]
        d.click(d.checker_pos(frm))
        view = d.scene.board_view()
        assert view.selected == frm and view.targets and view.ghosts
    d.app.frame(0.0)
    d.scene.dirty = True
    d.app.frame(0.0)
    OUTPUT.mkdir(parents=True, exist_ok=True)
    path = OUTPUT / "board_1920x1080.png"
    pygame.image.save(d.app.screen, str(path))
    assert path.stat().st_size > 20000
    # the board really is drawn: the felt and the frame are there, in their places
    lay = d.layout
    felt = d.app.screen.get_at(lay.px(5.0, 6.3))
    assert felt[:3] != (0, 0, 0)


def test_a_step_animates_the_checker_along_its_path():
    d = Driver(size=(1280, 720), seed=3, settings=Settings(animation_speed=1.0, pass_pause=0.5))
    d.key(pygame.K_SPACE)
    assert d.scene.animator.busy and d.scene.board_view().tumbling is not None
    d.settle()
    assert d.scene.board_view().tumbling is None
    g = d.game
    s = g.current_turn.legal_steps()[0]
    d.click(d.checker_pos(s.frm))
    d.click(d.target_pos(s.to))
    # now the checker slides: it flies between its source and its target
    positions = []
    while d.scene.animator.busy:
        view = d.scene.board_view()
        if view.flying:
            positions.append(view.flying[0][1])
        d.frames(1)
    assert len(positions) >= 5
    xs = {round(p[0]) for p in positions}
    ys = {round(p[1]) for p in positions}
    assert len(xs) + len(ys) > 5  # it moved


@pytest.mark.slow
def test_hit_checker_flies_to_the_bar():
    d = Driver(size=(1024, 768), seed=7, settings=Settings(animation_speed=0.0, pass_pause=0.0))
    g = d.game
    rng = random.Random(1)
    for _ in range(300):
        if g.phase in ("opening", "roll"):
            d.key(pygame.K_SPACE)
            continue
        hits = [s for s in g.current_turn.legal_steps() if s.hit]
        if hits:
            d.settings.animation_speed = 1.0
            s = hits[0]
            d.click(d.checker_pos(s.frm))
            d.click(d.target_pos(s.to))
            head = d.scene.animator.head
            assert head is not None and head.kind == "step" and len(head.movers) == 2
            assert head.movers[1].dst == 25  # the hit checker goes to its bar
            d.settle()
            return
        s = rng.choice(g.current_turn.legal_steps())
        d.click(d.checker_pos(s.frm))
        d.click(d.target_pos(s.to))
    raise AssertionError("no hit came up")


@pytest.mark.slow
def test_no_legal_moves_shows_a_message_then_passes():
    # play seeded random turns until a roll cannot be played
    d = Driver(size=(800, 600), seed=21, settings=Settings(animation_speed=1.0, pass_pause=0.6))
    g = d.game
    rng = random.Random(3)
    for _ in range(3000):
        if g.phase == "over":
            break
        if g.phase in ("opening", "roll"):
            n = len(g.log)
            d.key(pygame.K_SPACE)
            if any(e.kind == "pass" for e in g.log[n:]):
                # the board says so, waits, then turns to the next player
                seen = False
                for _ in range(200):
                    view = d.scene.board_view()
                    seen |= view.banner == "No legal moves"
                    if not d.scene.animator.busy:
                        break
                    d.frames(1)
                assert seen
                assert any("no legal moves" in line for line in d.session.log_lines())
                return
            continue
        s = rng.choice(g.current_turn.legal_steps())
        d.key(pygame.K_ESCAPE)
        d.click(d.checker_pos(s.frm))
        d.click(d.target_pos(s.to))
    raise AssertionError("no pass came up")


@pytest.mark.slow
def test_resize_live_keeps_playing():
    d = Driver(size=(1280, 720), seed=2)
    d.key(pygame.K_SPACE)
    for size in ((800, 600), (3840, 2160), (1024, 768)):
        d.post(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
        d.frames(1)
        assert d.app.size == size and d.layout.size == size
        g = d.game
        s = g.current_turn.legal_steps()[0]
        n = len(g.current_turn.steps)
        d.click(d.checker_pos(s.frm))
        d.click(d.target_pos(s.to))
        d.key(pygame.K_u)
        assert len(g.current_turn.steps) == n


@pytest.mark.slow
def test_partial_redraws_match_a_full_redraw():
    """Only changed parts of the board are redrawn; the screen must always be
    what a full redraw gives."""
    d = Driver(size=(1024, 768), seed=14, settings=Settings(animation_speed=1.0, pass_pause=0.3))
    g = d.game
    rng = random.Random(6)
    scene = d.scene
    board = pygame.Rect(0, 0, d.layout.panel_rect.left, d.app.size[1])
    checked = 0
    for n in range(400):
        if g.phase == "over":
            break
        if g.phase in ("opening", "roll"):
            d.key(pygame.K_SPACE)
        elif n % 3 == 0:
            d.key(pygame.K_u)
        else:
            s = rng.choice(g.current_turn.legal_steps())
            d.click(d.checker_pos(s.frm))
            d.frames(3)
            d.click(d.target_pos(s.to))
        d.frames(rng.randrange(1, 8))
        if n % 5 == 0:
            # what the partial updates left on the screen ...
            seen = pygame.image.tobytes(d.app.screen.subsurface(board), "RGB")
            # ... against a full redraw of the same moment
            scene.frame.invalidate()
            scene.render(d.app.screen, d.app.accumulator / (1 / 120))
            full = pygame.image.tobytes(d.app.screen.subsurface(board), "RGB")
            assert seen == full, f"partial redraw differs at action {n}"
            checked += 1
    assert checked >= 20
