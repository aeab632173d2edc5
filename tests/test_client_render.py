"""The board drawn mid-game at 1920x1080 (saved for review), animations
shown step by step, resizing live."""

import random

import pygame
import pytest
from support import OUTPUT, board

from engine import Match, SeededDice, get_bot
from engine.match import set_up_game
from game.store.settings import Settings
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


#: blots on many points, for both sides (each in its own numbering)
BLOTS = ({24: 1, 22: 1, 20: 1, 18: 1, 16: 1, 13: 4, 11: 1, 9: 1, 8: 2, 6: 2},
         {24: 1, 23: 1, 22: 1, 21: 1, 20: 1, 18: 2, 15: 2, 13: 3, 11: 1, 10: 1, 8: 1})


@pytest.mark.parametrize("view", [pytest.param("top", marks=pytest.mark.slow), "oblique"])  # one view in the quick lane
def test_the_widgets_and_the_board_on_the_screen_are_what_a_whole_redraw_draws(view):
    """The panel and the top bar are drawn straight onto the window, only
    when they changed; a frame that draws the board for a move leaves them to
    the next frame (never longer); the board draws again only the parts a
    move changed (a point, a half of the bar, the dice's half, the pip
    counts' words).  Frame after frame, while the computers play (hitting,
    entering), what the window shows is what a whole redraw draws, and
    nothing that flies over a zoomed-in board is drawn on the panel."""
    settings = Settings(animation_speed=1.0, bot_pace=0.0, pass_pause=0.2, board_view=view)
    match = Match(dice=SeededDice(5))  # blots everywhere: the computers hit and enter
    match.game = set_up_game(board(*BLOTS), 0, (3, 1), dice_source=match.dice_source)
    d = Driver(size=(1280, 720), seats=(get_bot("random", seed=1), get_bot("random", seed=2)), settings=settings, match=match)
    scene, lay, screen = d.scene, d.layout, d.app.screen
    if view == "oblique":  # zoomed in at the board's middle: its right half reaches under the panel
        d.post(pygame.MOUSEMOTION, pos=lay.board_rect.center, rel=(0, 0), buttons=(0, 0, 0), touch=False, window=None)
        for _ in range(8):
            d.post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0, touch=False, which=0, window=None)
        d.frames(1)
        assert scene.table.camera.angles.zoom > 2
    crossed = []
    real = scene.renderer.draw_moving

    def spy(surface, view):
        rects = real(surface, view)
        crossed.extend(r for r in rects if r.colliderect(lay.panel_rect))
        return rects

    scene.renderer.draw_moving = spy
    areas = [lay.panel_rect, lay.top_bar_rect, pygame.Rect(lay.board_area)]
    waited = checked = 0
    on_the_bar = False
    for n in d.play_out(360):
        on_the_bar |= any(d.session.snapshot().counts[p][25] for p in (0, 1))
        if scene.frame.ui_waiting:
            waited += 1
            d.frames(1)  # the next frame draws them, whatever it draws of the board
            assert not scene.frame.ui_waiting
        if n % 3 == 0:
            seen = [pygame.image.tobytes(screen.subsurface(a), "RGB") for a in areas]
            scene.frame.invalidate()
            scene.render(screen, d.app.accumulator / (1 / 120))
            assert [pygame.image.tobytes(screen.subsurface(a), "RGB") for a in areas] == seen, f"frame {n}"
            checked += 1
    assert waited >= 5 and checked >= 40
    assert on_the_bar, "no checker was hit: the bar's half was not tested"
    if view == "oblique":
        assert crossed, "nothing flew towards the panel: the test did not test the clip"


@pytest.mark.parametrize("view", ["top", "oblique"])
def test_the_prompt_coming_and_going_redraws_its_words_only(view):
    """"Roll the dice" comes and goes with every turn of the player: only its
    words are drawn again (not the whole board), and the board is what a
    whole redraw draws."""
    settings = Settings(animation_speed=1.0, bot_pace=0.0, pass_pause=0.2, board_view=view)
    d = Driver(size=(1280, 720), seed=6, seats=(None, get_bot("random", seed=3)), settings=settings)
    scene, g = d.scene, d.game
    renderer = scene.renderer
    prompts = []
    real = renderer.dirty_regions

    def spy(old, new):
        regions = real(old, new)
        if old.prompt != new.prompt:
            prompts.append(regions)
        return regions

    renderer.dirty_regions = spy
    rng = random.Random(2)
    for _ in range(6):
        d.settle()
        if g.phase == "over":
            break
        if g.phase in ("opening", "roll"):
            d.key(pygame.K_SPACE)
        d.settle()
        while g.phase == "move" and g.to_act == 0:
            s = rng.choice(g.current_turn.legal_steps())
            d.click(d.checker_pos(s.frm))
            d.click(d.target_pos(s.to))
    d.settle()
    assert len(prompts) >= 4 and all(regions is not None for regions in prompts)
    area = pygame.Rect(d.layout.board_area)
    whole = d.app.screen.copy()
    renderer.draw(whole, scene.board_view())
    assert pygame.image.tobytes(d.app.screen.subsurface(area), "RGB") == pygame.image.tobytes(whole.subsurface(area), "RGB")
