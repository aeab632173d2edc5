"""Open a match file, in the real client: a .mat another program exported
(eXtreme Gammon's 13-point match, GNU Backgammon's 7-point one) opens in
the review by the lobby's "Open a match file…" (a file picked from the
list, or a path typed), by a drop on the window, as the game's argument
and handed over by a second launch; a file that cannot be read is named
with its line and nothing is lost."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pytest

from engine import from_mat
from game import __main__ as entry
from game.scenes.lobby import LobbyScene
from game.scenes.openmatch import OpenMatchScene
from game.scenes.review import ReviewScene
from game.store.exports import documents_dir
from game.store.matfiles import match_path
from game.store.settings import Settings
from game.system.instance import OpenLink
from game.testing import AppDriver
from game.words.i18n import t
from support import ROOT

DATA = ROOT / "tests" / "data"
XG = DATA / "xg_export_13pt.mat"
GNU = DATA / "gnubg_export_7pt.mat"


def quick() -> Settings:
    return Settings(pace="instant", sound=False)


def same_match(review: ReviewScene, path: Path) -> None:
    """The review shows every game and action as the engine reads the file."""
    expected = from_mat(path.read_text(encoding="utf-8-sig"))
    assert review.match.length == expected.length
    assert [g.to_json() for g in review.match.games] == [g.to_json() for g in expected.games]
    assert review.match.game.to_json() == expected.game.to_json()


def test_the_lobby_opens_a_match_file_from_the_list_and_back_returns_there():
    folder = documents_dir()
    folder.mkdir(parents=True)
    shutil.copy(XG, folder / "club night.mat")
    (folder / "notes.txt").write_text("not a match")
    d = AppDriver(size=(1280, 720), settings=quick())
    d.click_button(d.scene.open_button)
    scene = d.scene
    assert isinstance(scene, OpenMatchScene) and scene.files == [folder / "club night.mat"]
    assert scene.entry.get_text() == str(folder)
    assert t("open.found", count=1, folder=folder.name) in d.app.announcer.history[-1]  # the heading, and what is there
    listed = [b for b, a in scene.actions.items() if a == ("file", 0)][0]
    assert listed.text == "club night.mat"
    d.click_button(listed)
    review = d.scene
    assert isinstance(review, ReviewScene)
    same_match(review, XG)
    assert d.app.settings.open_folder == str(folder)  # the next Open starts here
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.scene, LobbyScene)  # (the Open screen closed under the review)


def test_a_path_typed_opens_a_folder_or_a_file():
    folder = DATA
    d = AppDriver(size=(1280, 720), settings=quick())
    d.click_button(d.scene.open_button)
    scene = d.scene
    assert isinstance(scene, OpenMatchScene)
    d.click(scene.entry.rect.center)
    scene.entry.set_text("")
    d.type_text(str(folder))
    d.key(pygame.K_RETURN)  # a folder: its match files listed
    assert scene.folder == folder and set(scene.files) == {XG, GNU, DATA / "golden_3pt.mat", DATA / "golden_3pt_loose.mat"}
    d.click(scene.entry.rect.center)
    d.type_text("/gnubg_export_7pt.mat")
    d.key(pygame.K_RETURN)
    assert isinstance(d.scene, ReviewScene)
    same_match(d.scene, GNU)


def test_a_file_that_cannot_be_read_is_named_with_its_line_and_left_as_it_was(tmp_path):
    bad = tmp_path / "broken.mat"
    text = XG.read_text(encoding="utf-8-sig").replace("  5) 31: Bar/22 6/5", "  5) 31: Bar/22 6/5 xyzzy")
    bad.write_text(text, encoding="utf-8")
    d = AppDriver(size=(1280, 720), settings=quick())
    d.click_button(d.scene.open_button)
    scene = d.scene
    scene.text = str(bad)
    scene.open_typed()
    assert d.scene is scene and scene.error is not None
    assert "broken.mat" in scene.error and "line" in scene.error and "xyzzy" in scene.error
    assert " ".join(scene.error.split()) in d.app.announcer.history  # said, too
    assert bad.read_text(encoding="utf-8") == text  # nothing written
    for name, words in (("match.sgf", ".sgf"), ("missing.mat", "missing.mat")):
        scene.text = str(tmp_path / name)
        scene.open_typed()
        assert d.scene is scene and words in scene.error
    assert d.app.settings.open_folder == ""  # nothing opened: nothing kept


def test_a_match_file_dropped_on_the_window_opens_in_the_review():
    d = AppDriver(size=(1280, 720), settings=quick())
    d.post(pygame.DROPFILE, file=str(GNU), window=None)
    d.frames(2)
    assert isinstance(d.scene, ReviewScene)
    same_match(d.scene, GNU)
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.scene, LobbyScene)


def test_a_broken_file_dropped_shows_the_open_screen_saying_why(tmp_path):
    bad = tmp_path / "empty.mat"
    bad.write_text("")
    d = AppDriver(size=(1280, 720), settings=quick())
    d.post(pygame.DROPFILE, file=bad.as_uri(), window=None)  # (a desktop may drop a file:// URI)
    d.frames(2)
    assert isinstance(d.scene, OpenMatchScene) and "empty.mat" in d.scene.error and d.scene.folder == tmp_path


def test_the_game_started_with_a_match_file_opens_it_and_a_second_launch_hands_one_over(monkeypatch, tmp_path):
    monkeypatch.chdir(DATA)
    argv = entry.build_parser().parse_args(["--size", "1024x768", "xg_export_13pt.mat"])
    assert entry.given_text(argv.link) == str(XG.resolve())  # made absolute for a game running elsewhere
    app = entry.make_app(entry.build_parser().parse_args(["--size", "1024x768", "xg_export_13pt.mat"]))
    try:
        app.frame(1 / 60)
        assert isinstance(app.scene, ReviewScene)
        same_match(app.scene, XG)
        assert app.links.accept(str(GNU)) and app.links.accept(GNU.as_uri()) and not app.links.accept(str(tmp_path / "x.txt"))
        assert app.links.put(OpenLink(str(GNU)))  # as the listener does for a second launch
        app.frame(1 / 60)
        assert isinstance(app.scene, ReviewScene)
        same_match(app.scene, GNU)
    finally:
        app.links.close()


@pytest.mark.parametrize("text, name", [
    ("/home/ann/club.mat", "club.mat"), ("file:///home/ann/My%20matches/a.MAT", "a.MAT"), ('"/x/match.sgf"', "match.sgf"),
    ("backgammon://join/ABCDE-FGHJK", None), ("https://example.org/a.mat", None), ("notes.txt", None), ("", None),
    ("file://otherhost/a.mat", None), ("a\0.mat", None), ("x" * 5000 + ".mat", None),
])
def test_what_has_the_form_of_a_match_file(text, name):
    got = match_path(text)
    assert (None if got is None else got.name) == name
