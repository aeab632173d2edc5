"""What happens must be readable, through the real client with real events:
the "No legal moves" pass, the cube while a double is offered and the
computer's answer, the result, the hint, the bar, the records caption."""

from __future__ import annotations

import pygame
import pytest

from engine import FixedDice, Match, Position
from engine.kinds import Phase
from engine.match import set_up_game
from game.words import i18n
from game.store.settings import Settings
from game.testing import FRAME, Driver
from support import board

#: the opponent's home board closed: a checker on the bar cannot enter
CLOSED = {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 12: 3}


def _passing_match(dice):
    """Hot-seat, White to roll with a checker on the bar against a closed board."""
    m = Match(dice=FixedDice(dice))
    m.game = set_up_game(board({"bar": 1, 6: 14}, CLOSED), 0, dice_source=m.dice_source)
    return m


@pytest.mark.parametrize("pace,least", [("realistic", 1.4), ("fast", 0.75)])
def test_no_legal_moves_dice_land_then_the_banner_stays_readable_then_the_board_turns(pace, least):
    settings = Settings(pace=pace)
    d = Driver(size=(1280, 720), settings=settings, match=_passing_match([6, 5, 3, 1]))
    scene, g = d.scene, d.game
    no_moves = i18n.t("board.no_moves")
    d.key(pygame.K_SPACE)
    assert g.log[-1].kind == "pass" and g.turn == 1  # the engine has passed at once ...
    tumbling = banner = 0.0
    turned_at = None
    for _ in range(600):
        view = scene.board_view()
        log = scene.panel_state().log
        if view.tumbling is not None:
            tumbling += FRAME
            assert view.banner != no_moves  # ... but the dice land first
        if view.banner == no_moves:
            banner += FRAME
            box = scene.renderer.banner_rect(view)
            assert box.collidelist(scene.renderer.shown_dice_rects(view)) < 0  # not over the dice
        if view.tumbling is not None or view.banner == no_moves:
            # the board still shows White's throw: so do the log, the header and the panel
            assert d.viewer() == 0
            assert not any("no legal moves" in line for line in log)
            assert i18n.t("top.turn", name="White") == scene.top_state().turn
        elif turned_at is None and banner:
            turned_at = banner
        if not scene.busy:
            break
        d.frames(1)
    assert tumbling > 0.1 and banner >= least
    assert d.viewer() == 1  # only then does the board turn to Black
    assert any("no legal moves" in line for line in scene.panel_state().log)


def test_a_key_dismisses_the_no_legal_moves_banner():
    d = Driver(size=(1024, 768), settings=Settings(pace="realistic"), match=_passing_match([6, 5, 3, 1]))
    scene = d.scene
    d.key(pygame.K_SPACE)
    for _ in range(60):  # the dice land, the banner shows
        d.frames(1)
        if scene.board_view().banner == i18n.t("board.no_moves"):
            break
    assert scene.board_view().banner == i18n.t("board.no_moves")
    d.key(pygame.K_SPACE)  # read: dismissed, and nothing else (Black has not rolled)
    assert scene.board_view().banner is None and d.viewer() == 1
    assert d.game.phase == "roll" and d.game.turn == 1


# -- the cube -------------------------------------------------------------------------------------
class _Answers:
    """A computer that takes or drops every double, and plays like the random bot."""

    def __init__(self, take: bool):
        from engine import get_bot

        self.inner = get_bot("random", seed=1)
        self.take = take

    def choose_play(self, position, dice):
        return self.inner.choose_play(position, dice)

    def should_take(self, position, cube, match):
        return self.take


def _cube_match():
    """White (the human) to roll, the cube in the middle at 1."""
    m = Match(cube=True, dice=FixedDice([3, 1, 5, 2] * 4))
    m.game = set_up_game(Position.initial(), 0, dice_source=m.dice_source)
    return m


def test_an_offered_cube_shows_the_offered_value_in_the_middle_of_the_board():
    d = Driver(size=(1280, 720), settings=Settings(pace="realistic"), match=_cube_match())
    d.key(pygame.K_d)  # White doubles; in hot-seat Black must answer
    assert d.game.phase == "doubled"
    d.settle()
    view = d.scene.board_view()
    r = d.scene.renderer
    assert r.cube_shown(view) == 2 and r.cube_rect(view).center == d.layout.board_rect.center
    assert tuple(d.app.screen.get_at(r.cube_rect(view).center))[:3] != tuple(d.app.screen.get_at(d.layout.bar_rect.move(0, d.layout.d * 3).center))[:3]
    d.click_button(d.scene.panel.take)
    d.settle()
    view = d.scene.board_view()
    assert r.cube_shown(view) == 2 and r.cube_rect(view).center != d.layout.board_rect.center  # now Black's


@pytest.mark.parametrize("take", [True, False])
def test_the_computers_take_or_drop_is_shown_as_a_banner(take):
    d = Driver(size=(1024, 768), settings=Settings(pace="realistic"), match=_cube_match(), seats=(None, _Answers(take)))
    d.key(pygame.K_d)
    want = i18n.t("board.takes", name="Black", value=2) if take else i18n.t("board.drops", name="Black")
    shown = 0.0
    for _ in range(900):
        if d.session.thinking:
            d.session.wait_for_computer()
        if d.scene.board_view().banner == want:
            shown += FRAME
        elif shown:
            break
        d.frames(1)
    assert shown >= 1.4


BANNER_SIZES = [(800, 600), (1024, 768), (1280, 720), (1920, 1080), (1080, 1920)]


def _banners():
    """The cube's banners, and the longest of the others, in both languages."""
    out = []
    for lang in ("en", "zh"):
        i18n.set_language(lang)
        out += [i18n.t("board.takes", name=i18n.t("player.1"), value=4), i18n.t("board.drops", name=i18n.t("player.1")),
                i18n.t("board.no_moves"), i18n.t("result.banner", name=i18n.t("player.0"), kind=i18n.t("result.backgammon"), points=192)]
    i18n.set_language("en")
    return out


@pytest.mark.parametrize("view", ["top", "oblique"])
@pytest.mark.parametrize("size", BANNER_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_banner_never_covers_the_cube_wherever_the_cube_is(size, view):
    """Offered (in the middle of the board), centred, on either side; with
    the dice on the board or not: the banner's box and the cube's do not meet."""
    from dataclasses import replace

    from game.board.render import board_area

    d = Driver(size=size, settings=Settings(pace="fast", board_view=view), match=_cube_match())
    d.key(pygame.K_d)  # White doubles: the cube goes to the middle of the board
    d.settle()
    r = d.scene.renderer
    offered = d.scene.board_view()
    assert offered.snap.phase == "doubled"
    cubes = [offered.snap] + [replace(offered.snap, phase=Phase.ROLL, cube_value=v, cube_owner=o) for v, o in ((1, None), (2, 0), (4, 1))]
    rolled = [replace(c, phase=Phase.MOVE, dice=(5, 2), remaining=(5, 2), turn=t) for c in cubes[1:] for t in (0, 1)]
    checked = 0
    for snap in cubes + rolled:
        for words in _banners():
            view_now = replace(offered, snap=snap, banner=words)
            box, cube = r.banner_rect(view_now), r.cube_box(view_now)
            dice = [r.screen_rect(x, x.w) for x in r.shown_dice_rects(view_now)]
            assert cube is not None and not box.colliderect(cube), (words, snap.phase, snap.cube_owner, box, cube)
            assert box.collidelist(dice) < 0 and board_area(d.layout).contains(box), (words, box, dice)
            checked += 1
    assert checked == 10 * 8


@pytest.mark.parametrize("view", ["top", "oblique"])
@pytest.mark.parametrize("take", [True, False])
def test_the_computers_take_or_drop_banner_stands_off_the_cube_on_the_screen(take, view):
    d = Driver(size=(1280, 720), settings=Settings(pace="realistic", board_view=view), match=_cube_match(), seats=(None, _Answers(take)))
    d.key(pygame.K_d)
    want = i18n.t("board.takes", name="Black", value=2) if take else i18n.t("board.drops", name="Black")
    seen = 0
    for _ in range(900):
        if d.session.thinking:
            d.session.wait_for_computer()
        view_now = d.scene.board_view()
        if view_now.banner == want:
            box, cube = d.scene.renderer.banner_rect(view_now), d.scene.renderer.cube_box(view_now)
            assert cube is not None and not box.colliderect(cube), (box, cube)
            seen += 1
        elif seen:
            break
        d.frames(1)
    assert seen > 10


# -- the result ------------------------------------------------------------------------------------
def test_the_result_dialog_is_not_drawn_over_the_result_banner_and_one_menu_button():
    from game.scenes.result import ResultScene

    d = Driver(size=(1024, 768), settings=Settings(pace="fast"), match=_cube_match())
    d.click_button(d.scene.topbar.resign)
    d.click_button(d.app.scene.answer_buttons[0])  # a single game
    d.click_button(d.app.scene.answer_buttons[0])  # Black accepts
    g = d.game
    assert g.phase == "over"
    scene = d.scene
    box = None
    for _ in range(600):
        if d.app.scene is not scene:
            break
        view = scene.board_view()
        if view.banner:
            box = scene.renderer.banner_rect(view)
            # the panel has one Menu button (not also a primary button saying Menu)
            menus = [b for b in (scene.panel.primary, scene.panel.menu) if b.visible and b.text == i18n.t("button.menu")]
            assert len(menus) == 1
        d.frames(1)
    assert isinstance(d.app.scene, ResultScene) and box is not None
    # what the dialog dims behind it is the board without the banner (the
    # match scene, alive under the dialog, draws its own layer)
    d.frames(1)
    clean = d.app.scenes.layer_of(scene)
    assert clean is not None
    board_only = d.app.screen.copy()
    scene.renderer.draw(board_only, scene.board_view())
    expected = board_only
    for spot in ((box.left + 1, box.centery), (box.right - 2, box.centery), (box.centerx, box.top + 1)):
        assert clean.get_at(spot) == expected.get_at(spot)


@pytest.mark.slow
# -- the hint --------------------------------------------------------------------------------------
def test_the_hint_covers_none_of_its_points_and_labels_its_numbers():
    d = Driver(size=(1280, 720), seed=5, settings=Settings(pace="instant"))
    g = d.game
    checked = 0
    for _ in range(40):
        if g.phase in ("opening", "roll"):
            d.key(pygame.K_SPACE)
            continue
        if g.phase != "move":
            break
        d.key(pygame.K_h)
        assert d.session.wait_for_hint() is not None
        d.frames(2)
        view = d.scene.board_view()
        r = d.scene.renderer
        box = r.hint_box(view)
        assert box.collidelist(r.hint_points(view)) < 0, (view.hint, box)
        assert any(i18n.t("board.hint_numbers_chances", equity="", win="", gammon="").split()[0] in line for line in view.hint_lines)
        assert all("%" in line for line in view.hint_lines[1::2])
        checked += 1
        player = g.turn
        while g.phase == "move" and g.turn == player:
            if g.current_turn.complete:
                d.key(pygame.K_RETURN)
                break
            s = g.current_turn.legal_steps()[0]
            d.click(d.checker_pos(s.frm))
            d.click(d.target_pos(s.to))
        if checked >= 6:
            break
    assert checked >= 6


# -- the bar ---------------------------------------------------------------------------------------
def _luminance(c):
    def lin(v):
        v = v / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])


def _contrast(a, b):
    la, lb = sorted((_luminance(a), _luminance(b)))
    return (lb + 0.05) / (la + 0.05)


def test_a_dark_checker_on_the_bar_stands_out():
    m = Match(dice=FixedDice([3, 1] * 4))
    # White to roll; Black has a checker on the bar
    m.game = set_up_game(board({6: 5, 8: 3, 13: 5, 24: 2}, {"bar": 1, 6: 4, 8: 3, 13: 5, 24: 2}), 0, dice_source=m.dice_source)
    d = Driver(size=(1280, 720), settings=Settings(pace="instant"), match=m)
    d.frames(2)
    lay = d.layout
    x, y = lay.slot(1, 25, 0)
    edge = d.app.screen.get_at((int(x + lay.d * 0.40), int(y)))
    around = d.app.screen.get_at((int(x + lay.d * 0.54), int(y)))
    assert _contrast(edge, around) >= 3.0


# -- the records caption ------------------------------------------------------------------------------
def test_the_records_caption_says_what_it_counts(backgammon_home):
    from game.store.records import Records
    from game.store.storage import Storage
    from game.testing import AppDriver

    Storage().save_records(Records(faces=[10, 12, 11, 9, 13, 10], rolls=28, doubles=4))
    d = AppDriver(size=(1024, 768), settings=Settings(pace="instant"))
    d.click_button(d.scene.records_button)
    caption = d.scene.lines[-1]
    assert "65 dice: 28 rolls of two and 9 opening dice" in caption and "14.3%" in caption
    assert i18n.t("records.dice_whose") in d.scene.lines  # whose dice are counted


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(
    "faces, rolls, english",
    [
        ([10, 10, 9, 8, 8, 8], 26, "53 dice: 26 rolls of two and 1 opening die"),
        ([1, 0, 0, 0, 0, 0], 0, "1 die: 0 rolls of two and 1 opening die"),
        ([1, 1, 0, 0, 0, 0], 1, "2 dice: 1 roll of two and 0 opening dice"),
        ([2, 1, 0, 0, 0, 0], 1, "3 dice: 1 roll of two and 1 opening die"),
    ],
)
def test_the_records_caption_counts_in_the_right_number(backgammon_home, lang, faces, rolls, english):
    from game.store.records import Records
    from game.store.storage import Storage
    from game.testing import AppDriver

    Storage().save_records(Records(faces=faces, rolls=rolls, doubles=0))
    i18n.set_language(lang)
    try:
        d = AppDriver(size=(1024, 768), settings=Settings(pace="instant", language=lang))
        d.click_button(d.scene.records_button)
        caption, whose = d.scene.lines[-1], d.scene.lines[-2]
        if lang == "en":
            assert caption.startswith(english + " · doubles in "), caption
            assert "your own dice against the computer" in whose and "both sides' dice" in whose
        else:
            dice, opening = sum(faces), sum(faces) - 2 * rolls
            assert caption.startswith(f"共 {dice} 颗骰子：{rolls} 次掷两颗，{opening} 颗开局骰"), caption
            assert "你自己掷的骰子" in whose and "双方" in whose
    finally:
        i18n.set_language("en")


# -- the checker distribution as text -------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_panel_shows_where_the_checkers_stand_as_text(lang):
    i18n.set_language(lang)
    try:
        d = Driver(size=(1280, 720), settings=Settings(pace="instant", auto_end_turn=False), match=_cube_match())
        white, black = d.scene.panel.dist.texts
        w, b = i18n.t("player.0"), i18n.t("player.1")
        sep = i18n.t("panel.dist.sep")
        assert white == i18n.t("panel.dist", name=w, points=sep.join(["6 ×5", "8 ×3", "13 ×5", "24 ×2"]))
        assert black == i18n.t("panel.dist", name=b, points=sep.join(["1 ×2", "12 ×5", "17 ×3", "19 ×5"]))
        # White plays 3-1 (8/5 6/5) by clicks; then the board turns to Black: Black's numbering
        d.key(pygame.K_SPACE)
        for frm, to in ((8, 5), (6, 5)):
            d.click(d.checker_pos(frm))
            d.click(d.target_pos(to))
        d.key(pygame.K_RETURN)
        d.settle()
        white, black = d.scene.panel.dist.texts
        assert black == i18n.t("panel.dist", name=b, points=sep.join(["6 ×5", "8 ×3", "13 ×5", "24 ×2"]))
        assert white == i18n.t("panel.dist", name=w, points=sep.join(["1 ×2", "12 ×5", "17 ×2", "19 ×4", "20 ×2"]))
    finally:
        i18n.set_language("en")
