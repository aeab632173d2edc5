"""Crash paths that a long-running kiosk or an unusual installation found:
records with absurd counts, a data folder that cannot be used, saves left
half-written by kills, a window resized to nothing.  Each is driven through
the real app (or the real storage layer) and must leave the game running
with one clear line for the player."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Iterator

import pygame
import pytest

from game.store.datadir import TEMP_SUFFIX, process_gone, temp_prefix
from game.scenes.records import RecordsScene
from game.store.settings import Settings
from game.store.records import MAX_COUNT, Records, Tally
from game.store.storage import RECORDS_FILE, SETTINGS_FILE, Storage
from game.testing import AppDriver
from support import deny, raw_files


def _visible_texts(scene) -> list:
    return [getattr(e, "text", "") for e in scene.manager.get_root_container().elements]


# -- 1. records with counts no real record reaches -------------------------------------------------
def _write_records(home: Path, data: dict) -> None:
    home.mkdir(parents=True, exist_ok=True)
    (home / RECORDS_FILE).write_text(json.dumps({"schema": 1, "kind": "records", "data": data}))


def _open_records(d: AppDriver) -> RecordsScene:
    d.click_button(d.scene.records_button)
    d.frames(2)
    assert isinstance(d.scene, RecordsScene)
    return d.scene


def test_records_with_a_huge_count_open_and_the_count_is_refused(backgammon_home):
    huge = 10 ** 300
    _write_records(backgammon_home, {"rolls": 1, "doubles": huge, "faces": [huge, 1, 1, 1, 1, 1],
                                     "by_mode": {"hotseat": {"games_played": huge, "games_won": 2}}})
    d = AppDriver(size=(800, 600))
    screen = _open_records(d)  # drawn, no OverflowError
    assert screen.records.doubles == 0 and screen.records.faces == [0] * 6
    assert screen.records.by_mode["hotseat"].games_played == 0 and screen.records.by_mode["hotseat"].games_won == 2
    assert any("not valid" in line for line in screen.lines)  # one line says what was reset


def test_records_at_the_largest_accepted_count_are_drawn(backgammon_home):
    top = MAX_COUNT
    tally = {name: top for name in Tally.__dataclass_fields__}
    _write_records(backgammon_home, {"rolls": top, "doubles": top, "faces": [top] * 6,
                                     "by_mode": {"hotseat": tally, "computer:expert": tally}})
    assert Storage(backgammon_home).load_records()[1] is None  # all accepted
    d = AppDriver(size=(800, 600))
    screen = _open_records(d)
    assert screen.records.doubles == top and len(screen.bars) == 6
    assert str(2 * top) in [cell for row in screen.rows for cell in row]  # the total row
    d.app.set_language("zh")  # and in Chinese, at the smallest window
    d.app.resize((320, 240))
    d.frames(2)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_records_the_player_may_not_read_are_said_so_and_left_as_they_are(backgammon_home, monkeypatch, lang):
    """records.json of mode 000 (simulated: root reads anything): the records
    screen says the file cannot be read, in the language shown; a game
    finished meanwhile is not saved over it, and the file stays where it is."""
    from engine import FixedDice, Match
    from game.words import i18n
    from game.play.options import MatchOptions
    from game.play.session import Session

    Storage(backgammon_home).save_records(Records(rolls=9, faces=[3, 3, 3, 3, 3, 3]))
    before = raw_files(backgammon_home)
    deny(monkeypatch, backgammon_home / RECORDS_FILE)
    d = AppDriver(size=(800, 600), settings=Settings(pace="instant", language=lang))
    session = Session(Match(length=1, dice=FixedDice([3, 1])), (None, None), d.app.settings)
    d.app.keep_match(session, MatchOptions(mode="hotseat", length=1))
    assert session.roll() and session.resign("single") and session.answer_resignation(True)
    d.frames(2)
    d.app.saves.flush()
    assert raw_files(backgammon_home)[RECORDS_FILE] == before[RECORDS_FILE]
    assert not [name for name in raw_files(backgammon_home) if ".corrupt-" in name]
    screen = _open_records(d)
    said = [line for line in screen.lines if "records.json" in line]
    words = "cannot be read" if lang == "en" else "无法读取"
    assert said and words in said[0] and i18n.language() == lang
    monkeypatch.undo()
    assert Storage(backgammon_home).load_records() == (Records(rolls=9, faces=[3, 3, 3, 3, 3, 3]), None)


# -- 2. a data folder that cannot be used ------------------------------------------------------------
@contextlib.contextmanager
def refused(folder: Path, monkeypatch, write_only: bool = False) -> Iterator[None]:
    """``folder`` refuses everything (or, with ``write_only``, every change).
    As a normal user on POSIX this is chmod; root reads everything whatever
    the mode says, so there the system's refusal is played by the os calls."""
    folder.mkdir(parents=True, exist_ok=True)
    if os.name == "posix" and os.geteuid() != 0:
        folder.chmod(0o555 if write_only else 0)
        try:
            yield
        finally:
            folder.chmod(0o755)
        return
    inside = str(folder.resolve())

    def under(path) -> bool:
        try:
            p = os.path.abspath(os.fsdecode(path if not isinstance(path, int) else ""))
        except TypeError:
            return False
        return p == inside or p.startswith(inside + os.sep)

    def deny(name: str, reading: bool):
        real = getattr(os, name)

        def call(*args, **kw):
            if args and under(args[0]) and (not write_only or not reading):
                if not (name in ("stat", "lstat", "listdir", "scandir") and write_only):
                    raise PermissionError(13, "Permission denied", str(args[0]))
            if name in ("rename", "replace") and len(args) > 1 and under(args[1]):
                raise PermissionError(13, "Permission denied", str(args[1]))
            return real(*args, **kw)

        monkeypatch.setattr(os, name, call)

    for name in ("stat", "lstat", "listdir", "scandir"):
        deny(name, True)
    for name in ("open", "rename", "replace", "unlink", "mkdir", "rmdir"):
        deny(name, name == "open")
    real_open = io.open

    def guarded_open(file, mode="r", *args, **kw):
        if not isinstance(file, int) and under(file) and (not write_only or any(c in mode for c in "wax+")):
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, mode, *args, **kw)

    monkeypatch.setattr(io, "open", guarded_open)
    if write_only:  # os.open for writing only
        real_os_open = os.open

        def os_open(path, flags, *args, **kw):
            if under(path) and flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
                raise PermissionError(13, "Permission denied", str(path))
            return real_os_open(path, flags, *args, **kw)

        monkeypatch.setattr(os, "open", os_open)
    try:
        yield
    finally:
        monkeypatch.undo()


def _damage_settings(home: Path, with_backup: bool) -> None:
    store = Storage(home)
    store.save_settings(Settings(pace="fast").to_stored())
    if with_backup:
        store.save_settings(Settings(pace="instant").to_stored())  # the first one is now the backup
    (home / SETTINGS_FILE).write_bytes(b"{damaged")


def _lobby_line(d: AppDriver) -> str:
    lines = [t for t in _visible_texts(d.scene) if d.app.notice and t and t in str(d.app.notice)]
    assert lines, _visible_texts(d.scene)
    return " ".join(lines)


def test_an_unreadable_data_folder_starts_with_one_line_and_play_goes_on(backgammon_home, monkeypatch):
    _damage_settings(backgammon_home, with_backup=True)
    before = {p.name: p.read_bytes() for p in backgammon_home.iterdir()}
    with refused(backgammon_home, monkeypatch):
        d = AppDriver(size=(800, 600))  # no PermissionError at start
        line = _lobby_line(d)
        assert "Nothing will be kept" in line and "Permission denied" in line and str(backgammon_home) in line
        assert d.app.settings.pace == Settings().pace  # the defaults, in memory
        lobby = d.scene
        d.click_button(lobby.rows["mode"].button_for("hotseat"))  # a setting changes, in memory
        assert d.app.settings.lobby_mode == "hotseat" and "Nothing will be kept" in str(d.app.notice)
        d.click_button(d.scene.play_button)
        d.click(d.dice_pos())
        d.settle()
        d.app.quit()  # saves on the way out: nothing raises
    assert {p.name: p.read_bytes() for p in backgammon_home.iterdir()} == before  # nothing lost


@pytest.mark.parametrize("where", ["a file", "under a file"])
def test_a_home_that_is_a_file_or_cannot_be_made_gives_the_same_line(tmp_path, monkeypatch, where):
    blocker = tmp_path / "blocker"
    blocker.write_text("mine")
    home = blocker if where == "a file" else blocker / "home"
    monkeypatch.setenv("BACKGAMMON_HOME", str(home))
    d = AppDriver(size=(800, 600))
    line = _lobby_line(d)
    assert "Nothing will be kept" in line and "Not a directory" in line
    d.app.set_language("zh")
    d.app.resize((800, 600))
    d.frames(2)
    assert "本次不会保存" in " ".join(_visible_texts(d.scene))
    d.app.set_language("en")
    d.click_button(d.scene.play_button)
    d.app.quit()
    assert blocker.read_text() == "mine"


def test_a_read_only_folder_with_damaged_settings_does_not_claim_a_restore(backgammon_home, monkeypatch):
    _damage_settings(backgammon_home, with_backup=True)
    with refused(backgammon_home, monkeypatch, write_only=True):
        value, message = Storage(backgammon_home).load_settings()
        assert value.pace == "fast"  # the backup is used ...
        assert "restored" not in str(message) and "could not be put back" in str(message)  # ... and not said restored
        d = AppDriver(size=(800, 600))
        line = _lobby_line(d)
        assert "restored" not in line and "cannot be written" in line
        assert d.app.settings.pace == "fast"
    assert (backgammon_home / SETTINGS_FILE).read_bytes() == b"{damaged"


# -- 5. temporary files of interrupted saves, and a 1x1 window ---------------------------------------------
def test_temporary_files_of_interrupted_saves_are_cleaned_at_start(backgammon_home):
    Storage(backgammon_home).save_settings(Settings(pace="fast").to_stored())
    old = time.time() - 3600
    left = [backgammon_home / f".{name}.{i}abc.tmp" for i, name in
            enumerate(["settings.json", "records.json", "saved-game.json", "settings.json.bak"] * 9)]
    for p in left:
        p.write_text("half a save")
        os.utime(p, (old, old))
    fresh = backgammon_home / ".records.json.fresh1.tmp"  # another copy of the game is saving right now
    fresh.write_text("in progress")
    mine = backgammon_home / "notes.tmp"
    mine.write_text("not the game's")
    d = AppDriver(size=(800, 600))
    assert d.app.settings.pace == "fast" and d.app.notice is None
    assert not any(p.exists() for p in left)
    assert fresh.exists() and mine.exists()


def _a_finished_process() -> int:
    """The id of a process that has ended (a copy of the game killed a moment ago)."""
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


@pytest.mark.skipif(os.name != "posix", reason="whether a process is running is asked the POSIX way")
def test_temporary_files_of_every_store_are_cleaned_at_a_quick_restart(backgammon_home):
    """A copy of the game killed in the middle of a save, restarted at once:
    the temporary files its process left go, whatever their age and whichever
    store they were for (the recent matches too); those of a copy that is
    still running are left until they are old; others' files are never touched."""
    gone, running = _a_finished_process(), os.getppid()
    assert process_gone(gone) is True and process_gone(running) is False
    backgammon_home.mkdir(parents=True, exist_ok=True)
    left = [backgammon_home / f".{name}.{gone}.k{i}x.tmp" for i, name in
            enumerate(["settings.json", "records.json", "saved-game.json", "recent-matches.json", "records.json.bak",
                       "recent-matches.json.bak", "probe"])]
    saving = backgammon_home / f".records.json.{running}.a1b2c3.tmp"  # another copy, saving right now
    stuck = backgammon_home / f".settings.json.{running}.d4e5f6.tmp"  # ... or stuck long ago
    others = [backgammon_home / name for name in ("notes.tmp", f".notes.txt.{gone}.abc.tmp", f".records.json.{gone}.tmp")]
    for p in left + [saving, stuck] + others:
        p.write_text("half a save")
    old = time.time() - 3600
    os.utime(stuck, (old, old))
    AppDriver(size=(800, 600))
    assert not any(p.exists() for p in left + [stuck])
    assert saving.exists() and all(p.exists() for p in others)


def test_a_save_names_its_temporary_file_after_its_process(backgammon_home, monkeypatch):
    from game.store import jsonstore

    written = []
    replace = os.replace

    def spy(src, dst):
        written.append((Path(src).name, Path(dst).name))
        return replace(src, dst)

    monkeypatch.setattr(jsonstore.os, "replace", spy)
    storage = Storage(backgammon_home)
    storage.save_records(storage.load_records()[0])
    storage.save_records(storage.load_records()[0])  # the second save keeps a backup first
    monkeypatch.undo()
    assert {dst for _, dst in written} == {RECORDS_FILE, RECORDS_FILE + ".bak"}
    for tmp, dst in written:
        assert tmp.startswith(temp_prefix(dst)) and tmp.endswith(TEMP_SUFFIX)


@pytest.mark.parametrize("size", [(1, 1), (0, 0), (5, 100000)])
def test_a_window_manager_resize_to_almost_nothing_is_clamped(size):
    d = AppDriver(size=(800, 600))
    d.post(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
    d.frames(2)
    w, h = d.app.size
    assert w >= 320 and h >= 240
    d.click_button(d.scene.play_button)  # and the game plays on at that size
    d.frames(2)
