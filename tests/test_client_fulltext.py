"""The position as text, whole: the panel's lines of where the checkers
stand wrap (or scroll) and never clip, at five window sizes in English and
Chinese, with the longest positions (every point taken, checkers on the bar
and off), also with large text; Ctrl+C copies the whole position as text
with its IDs; large text makes the menus, the panel and the board's
numbers larger and survives a restart.  The real client, driven by real
events."""

from __future__ import annotations

import pygame
import pytest

from engine import FixedDice, Match
from engine.match import set_up_game
from fitting import element_misfits
from support import board
from game.app import App
from game.board.layout import Layout
from game.match.copytext import position_text
from game.play.options import MatchOptions
from game.play.session import Session
from game.ui import theme
from game.match.panel import DIST_ROWS
from game.store.settings import Settings
from game.store.storage import Storage
from game.system import clipboard
from game.testing import AppDriver, Driver
from game.words import catalogs, i18n

SIZES = [(800, 600), (1280, 720), (1920, 1080), (1080, 1920), (3840, 2160)]
#: every point taken: White on 13 points, on the bar and off; Black on the other 11, on the bar and off (each in its own numbering)
WHITE_WIDE = board({**{p: 1 for p in range(12, 25)}, "bar": 1}, {**{p: 1 for p in range(14, 25)}, "bar": 2})
#: the other way round: Black on 13 points
BLACK_WIDE = board({**{p: 1 for p in range(14, 25)}, "bar": 2}, {**{p: 1 for p in range(12, 25)}, "bar": 1})
POSITIONS = {"white-wide": (WHITE_WIDE, 0), "black-wide": (BLACK_WIDE, 1)}


@pytest.fixture(autouse=True)
def usual_text():
    yield
    theme.set_large_text(False)
    i18n.set_language("en")


def _match(position, turn: int) -> Match:
    m = Match(length=5, cube=True, dice=FixedDice([6, 5, 4, 2] * 10))
    m.game = set_up_game(position, turn, (6, 5), cube_value=2, cube_owner=1 - turn, dice_source=m.dice_source)
    return m


def _check_distribution(d, tag: str) -> None:
    panel = d.scene.panel
    dist = panel.dist
    white, black = dist.texts
    assert "×" in white and "×" in black
    # the rows are the two lines whole, cut only after a separator
    assert "".join(dist.lines).replace(" ", "") == (white + black).replace(" ", ""), tag
    width = dist.labels[0].rect.width
    font = dist.labels[0].font
    assert all(font.size(row)[0] <= width for row in dist.lines), (tag, dist.lines)
    # the labels lie above the buttons, inside the panel
    assert dist.labels[-1].rect.bottom <= panel.primary.rect.top, tag
    assert panel.rect.contains(pygame.Rect(dist.labels[0].rect.topleft, (width, len(dist.labels) * dist.row_h))), tag
    # every row is shown whole, the wheel (or Page Down) scrolling to the ones below
    seen = []
    for _ in range(len(dist.lines)):
        d.frames(1)
        for lab in dist.labels:
            assert not element_misfits(lab, tag), (tag, lab.text)
        seen += [lab.text.removesuffix(" …") for lab in dist.labels]
        if dist.scroll + len(dist.labels) >= len(dist.lines):
            break
        if tag.startswith("zh"):  # Page Down scrolls as the wheel does (keyboard players)
            d.key(pygame.K_PAGEDOWN)
        else:
            d.post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0, touch=False, window=None)
        d.frames(1)
    assert set(dist.lines) <= set(seen), (tag, dist.lines, seen)
    assert len(dist.labels) >= DIST_ROWS[0], tag


@pytest.mark.parametrize("large", [False, True], ids=["usual", "large"])
@pytest.mark.parametrize("lang", catalogs.shipped())  # every shipped language (game/locale/LINGUAS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_distribution_fits_its_box_at_every_size_in_both_languages(size, lang, large, monkeypatch):
    monkeypatch.setattr(i18n, "system_locales", lambda: ["zh_CN.UTF-8" if lang == "zh" else "en_US.UTF-8"])
    i18n.set_language(lang)
    settings = Settings(animation_speed=0.0, bot_pace=0.0, pass_pause=0.0, language=lang, large_text=large)
    for name, (position, turn) in POSITIONS.items():
        d = AppDriver(size=size, settings=settings)
        options = MatchOptions(mode="hotseat", length=5, cube=True)
        session = Session(_match(position, turn), options.seats(), d.app.settings)
        d.app.keep_match(session, options)
        d.app.flow.show_match(session)
        d.settle()
        d.mouse_move(d.scene.panel.dist.rect.move(d.scene.panel.rect.topleft).center)
        _check_distribution(d, f"{lang} {size} {name} large={large}")


def test_the_distribution_is_one_format_and_the_worst_case_wraps_after_commas():
    d = Driver(size=(800, 600), settings=Settings(pace="instant"), match=_match(WHITE_WIDE, 0))
    white, black = d.scene.panel.dist.texts
    assert white == "White: " + ", ".join(f"{p} ×1" for p in range(12, 25)) + ", bar ×1, off ×1"
    assert black.startswith("Black: 1 ×1, 2 ×1,") and black.endswith(", bar ×2, off ×2")
    rows = d.scene.panel.dist.lines
    assert len(rows) > 2
    for row, after in zip(rows, rows[1:]):
        assert row.endswith(",") == after.startswith("  "), (row, after)  # a side's line goes on after a comma
    assert rows[0].startswith("White: ") and rows[1].startswith("  ")


@pytest.mark.parametrize("lang", catalogs.shipped())  # every shipped language (game/locale/LINGUAS)
def test_ctrl_c_copies_the_whole_position_as_text_with_its_ids(lang):
    i18n.set_language(lang)
    d = Driver(size=(1280, 720), settings=Settings(pace="instant", language=lang), match=_match(WHITE_WIDE, 0))
    clipboard.copy("")
    d.key(pygame.K_c, mod=pygame.KMOD_LCTRL)
    text = clipboard.paste()
    assert text == position_text(d.session)
    pid, mid = d.session.match.ids()
    lines = text.splitlines()
    assert lines[-1] == i18n.t("review.ids_line", pid=pid, mid=mid)
    assert set(d.scene.panel.dist.texts) <= set(lines)
    assert i18n.t("panel.to_move", name=i18n.t("player.0"), dice="6-5") in lines
    assert i18n.t("copy.cube_owned", value=2, name=i18n.t("player.1")) in lines
    assert any(line.startswith(i18n.t("panel.pips", name0="", name1="", pips0="", pips1="")[:3]) for line in lines)
    assert d.scene.board_view().banner == i18n.t("match.copied")
    # C alone is not a copy (it plays on against the computer where a friend is gone)
    clipboard.copy("")
    d.key(pygame.K_c)
    assert clipboard.paste() == ""


def test_large_text_makes_the_menus_the_panel_and_the_boards_numbers_larger():
    size = (1280, 720)
    usual_ui, usual_board = theme.ui_font_px(size), Layout(size).font_px("number")
    usual_d = Layout(size).d
    theme.set_large_text(True)
    assert theme.ui_font_px(size) >= int(usual_ui * 1.25)
    # the board's numbers: larger, though the board is a little smaller beside the wider panel
    large = Layout(size)
    assert large.font_px("number") > usual_board and large.font_px("number") / large.d >= 1.25 * usual_board / usual_d
    assert large.panel_rect.width > int(0.24 * size[0])  # the panel wider for its larger text
    theme.set_large_text(False)
    assert (theme.ui_font_px(size), Layout(size).font_px("number")) == (usual_ui, usual_board)


def test_large_text_survives_a_restart(tmp_path, monkeypatch):
    monkeypatch.setenv("BACKGAMMON_HOME", str(tmp_path))
    storage = Storage()
    settings = Settings(large_text=True)
    assert storage.save_settings(settings.to_stored()) is None
    theme.set_large_text(False)
    App(size=(800, 600))  # a new start: the settings read from the disk
    assert theme.text_scale() == theme.LARGE_TEXT
    d = AppDriver(size=(800, 600), settings=Settings.from_stored(Storage().load_settings()[0]))
    assert d.app.settings.large_text and theme.ui_font_px((800, 600)) > 13
