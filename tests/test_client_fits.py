"""Every text fits its box, on every screen a player meets: the lobby, the
settings, set up a position, play a friend, the dialogs (a resignation
with the cube at 4, a result with an exported file's path) and a match in
play (its panel's buttons and the legal steps, the hint's rollout screen), at six window sizes from
800x600 to 3840x2160 and upright, in English and Chinese.  Each text is
measured with the font its element draws it with, against the element's
inner rect (tests/fitting.py); the real client, driven by real events.
With large text, in each of the board's three colour themes, at 1280x720
and 800x600: every control and text inside the window too, and the
panel's lists of checkers begun on the first page and whole over its
pages (Page Down)."""

from __future__ import annotations

import pygame
import pytest

from engine import FixedDice, Match, Position
from engine.match import set_up_game
from support import board
from fitting import Misfit, air, element_misfits, entry_fonts, list_misfits, report, scene_misfits, window_misfits
from pygame_gui.elements import UIButton, UILabel
from game.words import catalogs, i18n
from game.ui import theme
from game.scenes.dialog import DialogScene
from game.board import palette
from game.scenes.lobby import start_match
from game.match.panel import DistributionView
from game.scenes.match import MatchScene
from game.scenes.result import ResultScene
from game.store.exports import documents_dir
from game.play.options import MatchOptions
from game.play.session import Session
from game.store.settings import Settings
from game.store.friendseat import SeatTicket
from game.testing import AppDriver, Driver

SIZES = [(800, 600), (1280, 720), (1600, 900), (1920, 1080), (1080, 1920), (3840, 2160)]
LANGS = catalogs.shipped()  # every shipped language (game/locale/LINGUAS)
#: what a player pastes and types into the text inputs
IDS = "4HPwATDgc/ABMA:cAkAAAAAAAAA"
SERVER = "wss://games.example.org:8765"
INVITE = "192.168.1.5:50123  ABCDE-FGHJK"
#: White's checkers on nine points: a 2-1 has 15 legal first steps (the panel's most buttons)
SPREAD = board({24: 1, 22: 1, 20: 1, 18: 2, 16: 2, 13: 3, 11: 1, 9: 2, 7: 2}, {24: 2, 13: 5, 8: 3, 6: 5})


#: the board's colour themes a player may choose
THEMES = palette.THEMES
#: the window sizes large text must fit (the issue's two)
LARGE_SIZES = [(1280, 720), (800, 600)]


def _quick(lang: str, large: bool = False, colours: str = "standard") -> Settings:
    return Settings(animation_speed=0.0, bot_pace=0.0, pass_pause=0.0, language=lang, large_text=large, theme=colours)


class Walk:
    """A walk through the client that notes every misfit and every input
    drawn smaller than the words around it."""

    def __init__(self, lang, size):
        self.tag = f"{lang} {size[0]}x{size[1]}"
        self.size = size
        self.misfits: list = []
        self.seen: set = set()
        self.checked = 0

    def look(self, d, where):
        d.frames(1)
        scene = d.app.scene
        found = scene_misfits(scene, f"{self.tag} {where}") + window_misfits(scene, f"{self.tag} {where}", self.size)
        self.misfits += found
        self.checked += len(scene.manager.get_sprite_group().sprites()) if getattr(scene, "manager", None) else 0
        for text, entry_h, label_h in entry_fonts(scene):
            if entry_h < label_h:
                self.misfits.append(Misfit(f"{self.tag} {where}", "UITextEntryLine", text,
                                           f"drawn {entry_h} px high, the words around it {label_h} px"))
        self.seen.add(type(scene).__name__)

    def pages(self, d, where):
        """The panel's lists of checkers, page by page (Page Down, as a
        player presses it), then back to the first page (Page Up)."""
        dist = d.scene.panel.dist
        pages = [[lab.text for lab in dist.labels]]
        for _ in range(len(dist.lines)):
            d.key(pygame.K_PAGEDOWN)
            page = [lab.text for lab in dist.labels]
            if page == pages[-1]:
                break
            pages.append(page)
        for _ in pages:
            d.key(pygame.K_PAGEUP)
        assert [lab.text for lab in dist.labels] == pages[0]
        rows_of = [DistributionView.rows_for([line], dist.labels[0]) for line in dist.texts]
        self.misfits += list_misfits(f"{self.tag} {where}", dist.texts, rows_of, pages)
        self.checked += 1


def _type_into(d, entry, text):
    d.click(entry.rect.center)
    entry.set_text("")
    d.type_text(text)


def walk(lang, size, monkeypatch, large=False, colours="standard"):
    monkeypatch.setattr(i18n, "system_locales", lambda: [{"zh": "zh_CN.UTF-8", "en": "en_US.UTF-8"}.get(lang, f"{lang}.UTF-8")])
    i18n.set_language(lang)
    seen = Walk(lang + (" large" if large else "") + ("" if colours == "standard" else f" {colours}"), size)
    d = AppDriver(size=size, settings=_quick(lang, large, colours))
    lobby = d.scene
    seen.look(d, "lobby")
    # a friend match to rejoin (or to host again), with a long name
    for port in (None, 50123):
        d.app.friend_seat.keep(SeatTicket("ws://127.0.0.1:50123", "T" * 32, "ABCDEFGHJK", "guest" if port is None else "host",
                                          1, "Bartholomew Fitzgerald-Smythe", port))
        d.app.flow.lobby()
        seen.look(d, "lobby, a match to rejoin" if port is None else "lobby, a match to host again")
    d.app.friend_seat.clear()
    d.app.flow.lobby()
    lobby = d.scene
    # the settings: as they open (the address's placeholder), a server address typed; seeing and hearing
    d.click_button(lobby.gear_button)
    settings = d.scene
    seen.look(d, "settings")
    _type_into(d, settings.server_entry, SERVER)
    seen.look(d, "settings, an address typed")
    d.click_button(settings.access_button)  # (no screen opens where the button is off the window)
    if d.scene is not settings:
        seen.look(d, "seeing and hearing")
        d.key(pygame.K_ESCAPE)
    d.key(pygame.K_ESCAPE)
    # set up a position: the IDs pasted, then a bad one and its line
    d.click_button(d.scene.setup_button)
    setup = d.scene
    _type_into(d, setup.entry, IDS)
    seen.look(d, "set-up")
    _type_into(d, setup.entry, "nonsense")
    d.click_button(setup.start_button)
    seen.look(d, "set-up, bad IDs")
    d.key(pygame.K_ESCAPE)
    # play a friend: a server, an invite, a refused join
    d.click_button(d.scene.friend_button)
    friend = d.scene
    _type_into(d, friend.server_entry, SERVER)
    _type_into(d, friend.entry, INVITE)
    seen.look(d, "friend")
    _type_into(d, friend.entry, "nonsense")
    d.click_button(friend.join_button)
    seen.look(d, "friend, an error")
    d.key(pygame.K_ESCAPE)
    # against the computer, a 7-point match, the cube White's at 4: White has rolled 2-1, many steps on the panel
    match = Match(length=7, cube=True, dice=FixedDice([6, 5, 4, 2] * 20))
    match.game = set_up_game(SPREAD, 0, (2, 1), cube_value=4, cube_owner=0, dice_source=match.dice_source)
    options = MatchOptions(mode="computer", level="beginner", colour="white", length=7, cube=True)
    session = Session(match, options.seats(), d.app.settings)
    d.app.keep_match(session, options)
    d.app.flow.show_match(session)
    d.settle()
    scene = d.scene
    assert isinstance(scene, MatchScene) and len(scene.panel.step_buttons) >= 12
    seen.look(d, "match, the steps")
    seen.pages(d, "match, the lists of checkers")
    # the hint's plays to roll out (Shift+R): the rollout screen, not started
    d.key(pygame.K_h)
    assert session.wait_for_hint() is not None
    d.frames(2)
    d.key(pygame.K_r, mod=pygame.KMOD_LSHIFT)
    assert type(d.scene).__name__ == "RolloutScene"
    seen.look(d, "rollout")
    d.key(pygame.K_ESCAPE)
    assert d.scene is scene
    d.click_button(scene.panel.step_buttons[0][0])
    d.settle()
    seen.look(d, "match, a step played")
    d.click_button(scene.topbar.lobby)
    assert isinstance(d.scene, DialogScene)
    seen.look(d, "to the lobby?")
    d.key(pygame.K_ESCAPE)
    d.click_button(scene.topbar.resign)
    seen.look(d, "resign: how much")
    resign = d.scene
    assert isinstance(resign, DialogScene)
    assert i18n.t("resign.backgammon", points=12) in [b.text for b in resign.answer_buttons]
    d.click_button(next(b for b in resign.answer_buttons if b.text == i18n.t("resign.backgammon", points=12)))
    for _ in range(600):
        if isinstance(d.scene, ResultScene):
            break
        d.settle(50)
    result = d.scene
    assert isinstance(result, ResultScene) and "again" in result.buttons_shown
    seen.look(d, "result")
    # two players here, a match from the start: resigned, and exported (the result says where the file went)
    d.click_button(result.result_buttons["lobby"])
    start_match(d.app, MatchOptions(mode="hotseat", length=1), seed=3)
    d.click(d.dice_pos())  # the opening roll
    d.settle()
    d.click_button(d.scene.topbar.resign)
    d.click_button(d.scene.answer_buttons[0])  # a single game
    seen.look(d, "a resignation to answer")
    d.click_button(d.scene.answer_buttons[0])  # accepted
    d.settle()
    result = d.scene
    assert isinstance(result, ResultScene)
    d.click_button(result.result_buttons["export"])
    assert str(documents_dir()) in result.export_line  # where the file went: a long path
    seen.look(d, "result, exported")
    return d, seen


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_text_fits_its_box_on_every_screen(size, lang, monkeypatch):
    _, seen = walk(lang, size, monkeypatch)
    assert {"LobbyScene", "SettingsScene", "SetupScene", "FriendScene", "MatchScene", "DialogScene", "ResultScene", "RolloutScene"} <= seen.seen
    assert seen.checked > 150
    assert not seen.misfits, report(seen.misfits)


def _large_walk(lang, size, colours, monkeypatch):
    try:
        _, seen = walk(lang, size, monkeypatch, large=True, colours=colours)
        assert theme.text_scale() == theme.LARGE_TEXT and palette.current() == colours
    finally:
        theme.set_large_text(False)
        palette.use("standard")
    assert seen.checked > 150
    return seen


@pytest.mark.slow
@pytest.mark.parametrize("colours", THEMES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", LARGE_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_large_text_fits_every_screen_in_every_colour_theme(size, lang, colours, monkeypatch):
    """Large text (1.3 times the usual), in each of the board's colour themes, at 1280x720 and 800x600:
    every text whole in its box, every control inside the window, and both lists of checkers begun on the
    panel's first page and whole over its pages."""
    seen = _large_walk(lang, size, colours, monkeypatch)
    assert not seen.misfits, report(seen.misfits)
    assert {"SettingsScene", "AccessScene", "MatchScene", "RolloutScene"} <= seen.seen


@pytest.mark.parametrize("lang", LANGS)
def test_large_text_fits_every_screen_at_1280x720(lang, monkeypatch):
    """The quick lane's one of the above: where the settings ran off the bottom and the panel hid Black's list."""
    seen = _large_walk(lang, (1280, 720), "high_contrast", monkeypatch)
    assert not seen.misfits, report(seen.misfits)
    assert {"SettingsScene", "AccessScene", "MatchScene", "RolloutScene"} <= seen.seen


# -- the check itself, and the findings it was made for, one by one (quick) -------------------------
def test_the_check_finds_a_cut_text_a_text_without_room_and_a_text_against_a_dialogs_edge():
    from game.ui.theme import manager

    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((800, 600))
    ui = manager((800, 600), 20)
    words = "Backgammon (12 pt)"
    font = ui.get_theme().get_font(["button"])
    w = font.size(words)[0]
    cut = UIButton(pygame.Rect(0, 0, w - 10, 40), words, ui)
    tight = UIButton(pygame.Rect(0, 50, w + 4, 40), words, ui)
    roomy = UIButton(pygame.Rect(0, 100, w + 4 + 2 * air(font.size(words)[1]) + 4, 40), words, ui)
    assert "of text in" in element_misfits(cut, "test")[0].problem
    assert "to spare" in element_misfits(tight, "test")[0].problem
    assert element_misfits(roomy, "test") == []
    line = UILabel(pygame.Rect(102, 200, 400, 30), "/a/path/to/a/file.mat", ui, object_id="#small")  # left-aligned
    box = pygame.Rect(100, 150, 500, 200)  # the label's text starts 2 px inside it
    assert "against the edge" in element_misfits(line, "test", [box])[0].problem
    assert element_misfits(line, "test", [box.inflate(40, 0)]) == []


def test_text_inputs_draw_as_large_as_the_words_around_them():
    d = AppDriver(size=(1920, 1080), settings=_quick("en"))
    d.click_button(d.scene.setup_button)
    _type_into(d, d.scene.entry, IDS)
    (text, entry_h, label_h), = entry_fonts(d.scene)
    assert text == IDS and entry_h == label_h
    assert not element_misfits(d.scene.entry, "set-up")


@pytest.mark.parametrize("lang", LANGS)
def test_the_legal_steps_are_whole_at_1600x900_in_short_where_the_long_ones_do_not_fit(lang):
    i18n.set_language(lang)
    match = Match(dice=FixedDice([6, 5]))
    match.game = set_up_game(SPREAD, 0, (2, 1), dice_source=match.dice_source)
    d = Driver(size=(1600, 900), settings=_quick(lang), match=match)
    steps = d.scene.panel.step_buttons
    assert len(steps) == 15
    assert [b.text for b, _ in steps] == [s.short_label for _, s in steps]  # "24→23": the long ones do not fit four to a row
    assert [m for b, _ in steps for m in element_misfits(b, "steps")] == []
    # few steps: two to a row, the long labels
    opening = Match(dice=FixedDice([1, 1]))
    opening.game = set_up_game(Position.initial(), 0, (1, 1), dice_source=opening.dice_source)
    few = Driver(size=(1600, 900), settings=_quick(lang), match=opening)
    steps = few.scene.panel.step_buttons
    assert steps and [b.text for b, _ in steps] == [s.label for _, s in steps]
    assert [m for b, _ in steps for m in element_misfits(b, "steps")] == []


@pytest.mark.parametrize("lang", LANGS)
def test_a_12_point_resignation_fits_its_button_at_800x600(lang):
    i18n.set_language(lang)
    d = AppDriver(size=(800, 600), settings=_quick(lang))
    choices = [(i18n.t(f"resign.{kind}", points=n), None) for kind, n in (("single", 4), ("gammon", 8), ("backgammon", 12))]
    d.app.flow.ask(i18n.t("resign.title"), i18n.t("resign.text"), choices + [(i18n.t("button.cancel"), None)])
    d.frames(1)
    dialog = d.scene
    assert isinstance(dialog, DialogScene) and len(dialog.answer_buttons) == 4
    assert scene_misfits(dialog, "resign") == []


# -- the words over the board: the ask caption and the hint's list --------------------------------
def _stacks(layout, view):
    """The checkers on the board, a rectangle inside each stack's circles (from the layout's slots, as drawn)."""
    r = layout.checker_radius * 0.8
    out = []
    for player in (0, 1):
        side = 0 if player == view.viewer else 1
        for point in range(1, 25):
            n = view.snap.counts[player][point]
            if n:
                (ax, ay), (bx, by) = layout.slot(side, point, 0), layout.slot(side, point, min(n, 5) - 1)
                out.append((point if side == 0 else 25 - point,
                            pygame.Rect(int(min(ax, bx) - r), int(min(ay, by) - r), int(abs(bx - ax) + 2 * r), int(abs(by - ay) + 2 * r))))
    return out


def _covered(d, view, bare, rects):
    """Which of ``rects`` the words of ``view`` draw over: the board drawn with them and without (``bare``), compared."""
    from game.board.render import BoardRenderer

    renderer = d.scene.renderer
    assert isinstance(renderer, BoardRenderer)
    size = d.app.size
    shots = []
    for v in (view, bare):
        surface = pygame.Surface(size)
        renderer.draw(surface, v)
        shots.append(surface)
    return [what for what, rect in rects
            if pygame.image.tobytes(shots[0].subsurface(rect.clip(shots[0].get_rect())), "RGB")
            != pygame.image.tobytes(shots[1].subsurface(rect.clip(shots[1].get_rect())), "RGB")]


@pytest.mark.parametrize("size", LARGE_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_ask_caption_covers_neither_the_roll_prompt_nor_a_checker(size):
    """Before the opening roll, with large text: each key that asks shows its answer on the board, and the box
    leaves the prompt ("Click or press Space to roll") and every checker as they are drawn without it."""
    from dataclasses import replace

    try:
        d = Driver(size=size, settings=_quick("en", large=True), dice=FixedDice([6, 5, 4, 2] * 4))
        asked = 0
        for key in (pygame.K_w, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_p, pygame.K_g, pygame.K_s):
            d.key(key)
            view = d.scene.board_view()
            assert view.banner and view.prompt == i18n.t("board.roll_prompt"), (key, view.banner, view.prompt)
            rects = [("prompt", d.scene.renderer.prompt_rect(view.prompt))] + _stacks(d.layout, view)
            assert _covered(d, view, replace(view, banner=None), rects) == [], (view.banner, d.scene.renderer.banner_rect(view))
            asked += 1
        assert asked == 8
    finally:
        theme.set_large_text(False)


@pytest.mark.parametrize("large", [False, True], ids=["usual", "large"])
def test_the_hints_list_covers_no_checker(large):
    """The first hint of a game (its list three plays long) at 1280x720: the list leaves every checker as it
    is drawn without it.  (At 800x600 with large text the board has no room that size for it: it covers the
    fewest checkers it can.)"""
    from dataclasses import replace

    try:
        d = Driver(size=(1280, 720), seed=5, settings=Settings(pace="instant", large_text=large))
        d.key(pygame.K_SPACE)  # the opening roll
        d.settle()
        assert d.game.phase == "move"
        d.key(pygame.K_h)
        assert d.session.wait_for_hint() is not None
        d.frames(2)
        view = d.scene.board_view()
        assert len(view.hint_lines) >= 4
        assert _covered(d, view, replace(view, hint_lines=()), _stacks(d.layout, view)) == [], d.scene.renderer.hint_box(view)
    finally:
        theme.set_large_text(False)
