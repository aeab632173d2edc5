"""The storage layer: settings, records and the saved game survive crashes,
damage and read-only folders, and never touch the real user folders."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import fields
from pathlib import Path

import platformdirs
import pytest
from hypothesis import HealthCheck, assume, given, settings as hsettings, strategies as st

from engine import Match, SerializationError
from engine.dice import SeededDice
from engine import Result
from engine.moves import legal_plays
from game.store import jsonstore, storage
from game.store.jsonstore import JsonStore
from game.store.records import Records, Tally, mode_key
from game.store.storage import ENV_HOME, GAME_FILE, RECORDS_FILE, SETTINGS_FILE, Storage
from game.store.stored_settings import StoredSettings
from support import deny, raw_files

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    """Every test stores under its own temporary folder, never the user's."""
    folder = tmp_path / "home"
    monkeypatch.setenv(ENV_HOME, str(folder))
    return folder


def files(folder: Path) -> dict:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())} if folder.exists() else {}


def aside(folder: Path, name: str) -> list:
    return sorted(p for p in folder.iterdir() if p.name.startswith(name + ".corrupt-"))


# -- a realistic saved game -----------------------------------------------------------
def played_match(turns: int = 6, seed: int = 3) -> Match:
    """A 5-point match with the cube, a few turns in, stopped with dice rolled."""
    m = Match(length=5, cube=True, dice=SeededDice(seed))
    g = m.game
    for _ in range(turns):
        g.roll()
        if g.phase == "move":
            g.play(legal_plays(g.position, g.dice)[0])
    if g.phase == "roll":
        g.roll()
    return m


def game_doc(m: Match) -> dict:
    return {"match": m.to_json(), "seats": ["human", "computer"], "level": "expert", "options": {"colour": "white"}}


def validate(doc: dict) -> None:
    if not isinstance(doc.get("seats"), list):
        raise ValueError("no seats")
    Match.from_json(doc["match"])


# -- folders ----------------------------------------------------------------------------
def test_env_var_puts_everything_in_one_folder(home):
    s = Storage()
    assert s.config_dir == s.data_dir == home
    assert s.settings_store.path == home / SETTINGS_FILE
    assert s.records_store.path == home / RECORDS_FILE


def test_constructor_argument_beats_env_var(tmp_path, home):
    s = Storage(tmp_path / "kiosk")
    assert s.config_dir == s.data_dir == tmp_path / "kiosk"


def test_default_folders_come_from_platformdirs_not_the_program(monkeypatch):
    monkeypatch.delenv(ENV_HOME, raising=False)
    config, data = storage.folders()
    assert config == Path(platformdirs.user_config_dir("backgammon", appauthor=False))
    assert data == Path(platformdirs.user_data_dir("backgammon", appauthor=False))
    assert ROOT not in config.parents and ROOT not in data.parents
    monkeypatch.setenv(ENV_HOME, "")  # empty means unset
    assert storage.folders() == (config, data)


def test_missing_folder_loads_defaults_and_is_created_on_save(tmp_path):
    folder = tmp_path / "not" / "yet"
    s = Storage(folder)
    assert s.load_settings() == (StoredSettings(), None)
    assert s.load_records() == (Records(), None)
    assert s.load_game() == (None, None)
    assert not s.has_game()
    assert not folder.exists()  # loading creates nothing
    assert s.save_settings(StoredSettings()) is None
    assert (folder / SETTINGS_FILE).exists()


# -- settings ---------------------------------------------------------------------------
valid_settings = st.builds(
    StoredSettings,
    sound=st.booleans(), pace=st.sampled_from(["realistic", "fast", "instant"]), fullscreen=st.booleans(),
    language=st.sampled_from(["", "en", "fr", "pt_BR", "zh-Hans"]), show_point_numbers=st.booleans(),
    show_pips=st.booleans(), auto_end_turn=st.booleans(), lobby_mode=st.sampled_from(["computer", "hotseat"]),
    lobby_level=st.sampled_from(["beginner", "intermediate", "expert"]),
    lobby_colour=st.sampled_from(["white", "black", "random"]), lobby_length=st.sampled_from([1, 5, 7]),
    lobby_cube=st.booleans(), board_view=st.sampled_from(["top", "oblique"]),
)


@hsettings(max_examples=50, deadline=None)
@given(valid_settings)
def test_settings_round_trip(s):
    with tempfile.TemporaryDirectory() as d:
        store = Storage(d)
        assert store.save_settings(s) is None
        assert store.load_settings() == (s, None)


def test_settings_file_carries_schema_and_kind(home):
    Storage().save_settings(StoredSettings(pace="instant"))
    doc = json.loads((home / SETTINGS_FILE).read_text("utf-8"))
    assert doc["schema"] == jsonstore.SCHEMA and doc["kind"] == "settings"
    assert doc["data"]["pace"] == "instant"


def test_bad_setting_values_fall_back_field_by_field(home):
    s = Storage()
    s.save_settings(StoredSettings())
    path = home / SETTINGS_FILE
    doc = json.loads(path.read_text("utf-8"))
    doc["data"].update(pace="ludicrous", sound="yes", lobby_length=True, fullscreen=True, language="../etc",
                       lobby_level="expert", unknown_key=42)
    del doc["data"]["show_pips"]
    path.write_text(json.dumps(doc), "utf-8")
    loaded, message = s.load_settings()
    assert loaded == StoredSettings(fullscreen=True, lobby_level="expert")
    assert message and "pace" in message and "sound" in message and "lobby_length" in message
    assert "language" in message and "unknown_key" not in message and "show_pips" not in message
    assert path.exists() and not aside(home, SETTINGS_FILE)  # mostly good: not set aside


def test_invalid_settings_are_refused_on_save(home):
    with pytest.raises(ValueError, match="pace"):
        Storage().save_settings(StoredSettings(pace="warp"))
    assert not home.exists()


# -- records ---------------------------------------------------------------------------
def test_records_round_trip_and_counting(home):
    r = Records()
    key = mode_key("computer", "expert")
    assert key == "computer:expert" and mode_key("hotseat", "expert") == "hotseat"
    r.record_game(key, won=True)
    r.record_game(key, won=True, multiple=2)
    r.record_game(key, won=False, multiple=3)
    r.record_match(key, won=True)
    r.record_result("hotseat", Result(winner=1, kind="gammon", multiple=2, cube=2), player=0)
    r.record_result("hotseat", Result(winner=0, kind="resigned", multiple=3, cube=1), player=0)
    r.record_match("hotseat", won=False)
    for dice in [(3, 1), (6, 6), (2, 5), (4, 4)]:
        r.record_dice(*dice)
    r.record_dice(5)  # one die of an opening roll
    with pytest.raises(ValueError):
        r.record_dice(7, 1)
    assert r.by_mode[key] == Tally(3, 2, 1, 1, 1, 0, 0, 1)
    assert r.by_mode["hotseat"] == Tally(2, 1, 1, 0, 0, 1, 1, 0)
    assert r.total() == Tally(5, 3, 2, 1, 1, 1, 1, 1)
    assert r.faces == [1, 1, 1, 2, 2, 2] and r.rolls == 4 and r.doubles == 2

    s = Storage()
    assert s.save_records(r) is None
    assert s.load_records() == (r, None)
    doc = json.loads((home / RECORDS_FILE).read_text("utf-8"))
    assert doc["kind"] == "records" and doc["schema"] == jsonstore.SCHEMA


def test_bad_record_counts_fall_back_to_zero(home):
    path = home / RECORDS_FILE
    home.mkdir()
    data = {"by_mode": {"hotseat": {"games_played": 4, "games_won": -1, "gammons_won": "3"}, "odd": [1]},
            "faces": [1, 2, 3], "rolls": 5, "doubles": 1.5}
    path.write_text(json.dumps({"schema": 1, "kind": "records", "data": data}), "utf-8")
    r, message = Storage().load_records()
    assert r.by_mode == {"hotseat": Tally(games_played=4)}
    assert r.faces == [0] * 6 and r.rolls == 5 and r.doubles == 0
    for name in ("hotseat.games_won", "hotseat.gammons_won", "odd", "faces", "doubles"):
        assert name in message


# -- the saved game ------------------------------------------------------------------
def test_saved_match_restores_with_match_from_json(home):
    m = played_match()
    assert m.game.phase == "move" and m.game.dice
    s = Storage(game_validator=validate)
    assert s.save_game(game_doc(m)) is None
    assert s.has_game()
    doc, message = s.load_game()
    assert message is None and doc == json.loads(json.dumps(game_doc(m)))
    restored = Match.from_json(doc["match"])
    assert restored.to_json() == m.to_json()
    assert restored.game.dice == m.game.dice and restored.game.turn == m.game.turn
    assert restored.game.turn_start == m.game.turn_start
    stored = json.loads((home / GAME_FILE).read_text("utf-8"))
    assert stored["kind"] == "saved-game" and stored["schema"] == jsonstore.SCHEMA


def test_discard_game_removes_file_and_backup(home):
    s = Storage(game_validator=validate)
    s.save_game(game_doc(played_match(2)))
    s.save_game(game_doc(played_match(4)))
    assert (home / (GAME_FILE + ".bak")).exists()
    assert s.discard_game() is None
    assert s.load_game() == (None, None) and not s.has_game()
    assert s.discard_game() is None  # nothing to discard is fine


def test_failing_validator_falls_back_to_backup(home):
    s = Storage(game_validator=validate)
    first, second = game_doc(played_match(2)), game_doc(played_match(4))
    s.save_game(first)
    s.save_game(second)
    path = home / GAME_FILE
    doc = json.loads(path.read_text("utf-8"))
    doc["data"]["match"]["game"]["position"] = "not a position id"
    path.write_text(json.dumps(doc), "utf-8")
    with pytest.raises(SerializationError):
        Match.from_json(doc["data"]["match"])
    loaded, message = s.load_game()
    assert loaded == json.loads(json.dumps(first))
    assert "damaged" in message and "previous copy" in message
    assert path.read_bytes() == (home / (GAME_FILE + ".bak")).read_bytes() and len(aside(home, GAME_FILE)) == 1
    # without a validator the same load would have accepted the bad file: the validator matters
    assert Storage().load_game()[0] == loaded


def test_save_game_refuses_non_json(home):
    with pytest.raises(TypeError):
        Storage().save_game({"match": object()})
    with pytest.raises(TypeError):
        Storage().save_game(["not", "a", "dict"])
    with pytest.raises(ValueError):
        Storage().save_game({"x": float("nan")})


# -- atomic writes and backups ---------------------------------------------------------
def test_each_save_keeps_the_previous_good_file_as_backup(home):
    s = Storage()
    path, bak = home / SETTINGS_FILE, home / (SETTINGS_FILE + ".bak")
    s.save_settings(StoredSettings(pace="fast"))
    assert not bak.exists()
    first = path.read_bytes()
    s.save_settings(StoredSettings(pace="instant"))
    assert bak.read_bytes() == first
    second = path.read_bytes()
    s.save_settings(StoredSettings(pace="realistic"))
    assert bak.read_bytes() == second
    assert sorted(p.name for p in home.iterdir()) == [SETTINGS_FILE, SETTINGS_FILE + ".bak"]  # no temp files left


def test_saving_over_a_bad_file_keeps_the_good_backup(home):
    s = Storage()
    s.save_settings(StoredSettings(pace="fast"))
    s.save_settings(StoredSettings(pace="instant"))
    bak = home / (SETTINGS_FILE + ".bak")
    good_backup = bak.read_bytes()
    (home / SETTINGS_FILE).write_bytes(b"\x00garbage")
    assert s.save_settings(StoredSettings(sound=False)) is None
    assert bak.read_bytes() == good_backup  # not replaced by the garbage
    [moved] = aside(home, SETTINGS_FILE)
    assert moved.read_bytes() == b"\x00garbage"
    assert s.load_settings() == (StoredSettings(sound=False), None)


def test_missing_main_file_uses_the_backup(home):
    s = Storage()
    s.save_records(Records(rolls=1))
    s.save_records(Records(rolls=2))
    (home / RECORDS_FILE).unlink()
    r, message = s.load_records()
    assert r.rolls == 1 and "missing" in message
    assert (home / RECORDS_FILE).read_bytes() == (home / (RECORDS_FILE + ".bak")).read_bytes()
    assert s.load_records() == (r, None)  # said once


def test_both_files_bad_gives_defaults_and_keeps_both(home):
    s = Storage()
    s.save_settings(StoredSettings(pace="fast"))
    s.save_settings(StoredSettings(pace="instant"))
    (home / SETTINGS_FILE).write_bytes(b"{")
    (home / (SETTINGS_FILE + ".bak")).write_bytes(b"")
    value, message = s.load_settings()
    assert value == StoredSettings() and "could not be read" in message and "default" in message
    assert sorted(p.read_bytes() for p in home.iterdir()) == [b"", b"{"]  # both moved aside, nothing deleted
    assert len(aside(home, SETTINGS_FILE)) == 1 and len(aside(home, SETTINGS_FILE + ".bak")) == 1


def test_set_aside_files_never_overwrite_each_other(home):
    s = Storage()
    home.mkdir()
    for i in range(5):  # all within the same second
        (home / SETTINGS_FILE).write_bytes(b"bad %d" % i)
        assert s.load_settings()[1]
    assert sorted(p.read_bytes() for p in aside(home, SETTINGS_FILE)) == [b"bad %d" % i for i in range(5)]


def test_newer_schema_is_set_aside_not_misread(home):
    home.mkdir()
    data = StoredSettings(pace="fast").to_dict()
    (home / SETTINGS_FILE).write_text(json.dumps({"schema": 2, "kind": "settings", "data": data}), "utf-8")
    value, message = Storage().load_settings()
    assert value == StoredSettings() and message
    assert len(aside(home, SETTINGS_FILE)) == 1


# -- read-only and unwritable folders --------------------------------------------------
def test_unwritable_home_reports_instead_of_raising(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    s = Storage(blocker / "home")  # a folder cannot be made under a file
    assert s.load_settings() == (StoredSettings(), None)
    message = s.save_settings(StoredSettings())
    assert message and message.startswith("Could not save the settings")
    assert s.save_records(Records()) and s.save_game({"a": 1})


def test_failed_replace_leaves_old_file_and_no_temp(home, monkeypatch):
    s = Storage()
    s.save_settings(StoredSettings(pace="fast"))
    before = files(home)

    def refuse(src, dst):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(jsonstore.os, "replace", refuse)
    assert "Permission denied" in s.save_settings(StoredSettings(pace="instant"))
    assert files(home) == before
    monkeypatch.undo()
    assert s.load_settings() == (StoredSettings(pace="fast"), None)


def test_read_only_folder_still_loads_bad_file_without_raising(home, monkeypatch):
    s = Storage()
    home.mkdir()
    (home / SETTINGS_FILE).write_bytes(b"garbage")

    def refuse(src, dst):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(jsonstore.os, "rename", refuse)
    value, message = s.load_settings()
    assert value == StoredSettings() and message and "kept as" not in message
    assert (home / SETTINGS_FILE).read_bytes() == b"garbage"


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs POSIX permissions as a normal user")
def test_chmod_read_only_folder(home):
    s = Storage()
    s.save_settings(StoredSettings(pace="fast"))
    home.chmod(0o555)
    try:
        assert s.load_settings() == (StoredSettings(pace="fast"), None)
        assert s.save_settings(StoredSettings(pace="instant"))
        assert s.load_settings() == (StoredSettings(pace="fast"), None)
    finally:
        home.chmod(0o755)


# -- killed in the middle of a save -------------------------------------------------------
WRITER = """
import sys
from game.store.storage import Storage
s = Storage(sys.argv[1])
i = 0
while True:
    i += 1
    s.save_game({"n": i, "pad": "x" * 20000})
"""


@pytest.mark.slow
@pytest.mark.skipif(os.name != "posix", reason="SIGKILL")
def test_sigkill_during_saves_never_loses_the_game(home):
    for delay in (0.15, 0.23, 0.31):
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(home)], cwd=ROOT)
        time.sleep(delay)
        deadline = time.monotonic() + 5
        while not (home / GAME_FILE).exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        doc, message = Storage().load_game()
        assert message is None and doc["n"] >= 1 and len(doc["pad"]) == 20000


# -- hundreds of corrupt files, for every loader ---------------------------------------------
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def good_values(kind: str, n: int):
    if kind == "settings":
        return StoredSettings(pace=["fast", "instant", "realistic"][n % 3], lobby_length=[1, 5, 7][n % 3])
    if kind == "records":
        return Records(rolls=n + 1, by_mode={"hotseat": Tally(games_played=n)})
    return game_doc(played_match(2 + n))


def save(s: Storage, kind: str, value) -> None:
    {"settings": s.save_settings, "records": s.save_records, "saved-game": s.save_game}[kind](value)


def load(s: Storage, kind: str):
    return {"settings": s.load_settings, "records": s.load_records, "saved-game": s.load_game}[kind]()


def normal(kind: str, value):
    return json.loads(json.dumps(value)) if kind == "saved-game" else value


@st.composite
def corruption(draw, good: bytes, kind: str) -> bytes:
    how = draw(st.sampled_from(["bytes", "truncated", "json", "schema", "kind", "data"]))
    if how == "bytes":
        return draw(st.binary(max_size=200))
    if how == "truncated":
        return good[: draw(st.integers(0, len(good.rstrip()) - 1))]
    doc = json.loads(good)
    if how == "json":
        return json.dumps(draw(json_values)).encode()
    if how == "schema":
        doc["schema"] = draw(st.none() | st.booleans() | st.text(max_size=3) | st.integers().filter(lambda n: n != 1)
                             | st.just(1.0) | st.just("1"))
    elif how == "kind":
        doc["kind"] = draw(st.sampled_from(["settings", "records", "saved-game", "", None, 7]).filter(lambda k: k != kind))
    else:  # the right envelope around data of the wrong shape
        doc["data"] = draw(json_values.filter(lambda v: not isinstance(v, dict)) if kind != "saved-game" else json_values)
    return json.dumps(doc).encode()


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["settings", "records", "saved-game"])
@hsettings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), with_backup=st.booleans())
def test_corrupt_files_never_escape(kind, data, with_backup):
    with tempfile.TemporaryDirectory() as d:
        folder = Path(d)
        s = Storage(folder, game_validator=validate)
        store = {"settings": s.settings_store, "records": s.records_store, "saved-game": s.game_store}[kind]
        older, newer = good_values(kind, 0), good_values(kind, 1)
        if with_backup:
            save(s, kind, older)
        save(s, kind, newer)
        good = store.path.read_bytes()
        bad = data.draw(corruption(good, kind))
        store.path.write_bytes(bad)
        assume(store._read(store.path).state == "bad")  # a random "corruption" that happens to be valid is no test
        backup_before = store.backup.read_bytes() if with_backup else None

        value, message = load(s, kind)

        assert isinstance(message, str) and message and "\n" not in message
        if with_backup:
            assert normal(kind, value) == normal(kind, older) and "previous copy" in message
            assert store.backup.read_bytes() == backup_before  # the good backup is untouched
        else:
            assert value == {"settings": StoredSettings(), "records": Records(), "saved-game": None}[kind]
            assert "could not be read" in message
        [moved] = aside(folder, store.path.name)
        assert moved.read_bytes() == bad  # moved aside intact, never deleted
        if with_backup:  # the backup was copied back in place
            assert store.path.read_bytes() == backup_before
        else:
            assert not store.path.exists()
        # loading again gives the same value, quietly, losing nothing more
        again, message = load(s, kind)
        assert normal(kind, again) == normal(kind, value)
        assert message is None  # told once; the bad file is out of the way
        assert len(list(folder.iterdir())) == (3 if with_backup else 1)


@pytest.mark.slow
@hsettings(max_examples=100, deadline=None)
@given(st.binary(max_size=100), st.binary(max_size=100))
def test_any_bytes_in_both_files(main, backup):
    with tempfile.TemporaryDirectory() as d:
        folder = Path(d)
        for name in (SETTINGS_FILE, RECORDS_FILE, GAME_FILE):
            (folder / name).write_bytes(main)
            (folder / (name + ".bak")).write_bytes(backup)
        s = Storage(folder, game_validator=validate)
        assert s.load_settings()[0] == StoredSettings()
        assert s.load_records()[0] == Records()
        assert s.load_game()[0] is None
        # every byte is still somewhere on disk
        contents = sorted(p.read_bytes() for p in folder.iterdir())
        assert contents == sorted([main, backup] * 3)


def test_generic_store_parse_errors_of_any_type_are_contained(tmp_path):
    def explode(data):
        raise RecursionError("deep")

    store = JsonStore(tmp_path / "x.json", "x", explode, "x file", "nothing is lost")
    assert store.save({"a": 1}) is None
    value, message = store.load()
    assert value is None and "could not be read" in message


def test_settings_fields_all_have_checks():
    assert set(StoredSettings.CHECKS) == {f.name for f in fields(StoredSettings)}
    assert StoredSettings().invalid_fields() == []


# -- a file the player's account may not read -------------------------------------------------
STORES = {
    "settings": (SETTINGS_FILE, lambda s: s.save_settings(StoredSettings(pace="fast")), lambda s: s.load_settings(),
                 lambda s: s.save_settings(StoredSettings(pace="instant")), StoredSettings()),
    "records": (RECORDS_FILE, lambda s: s.save_records(Records(rolls=7)), lambda s: s.load_records(),
                lambda s: s.save_records(Records(rolls=1)), Records()),
    "saved game": (GAME_FILE, lambda s: s.save_game(game_doc(played_match())), lambda s: s.load_game(validate),
                   lambda s: s.save_game(game_doc(played_match(2))), None),
}


@pytest.mark.parametrize("which", sorted(STORES))
def test_a_file_that_may_not_be_read_is_left_as_it_is_and_said_so(home, monkeypatch, which):
    name, save, load, save_other, default = STORES[which]
    s = Storage()
    save(s)
    save(s)  # and a backup beside it
    before = raw_files(home)
    good = load(s)
    deny(monkeypatch, home / name)
    value, message = load(s)
    assert value == default and message is not None
    assert message.key == "storage.denied" and name in message and "cannot be read" in message
    assert "damaged" not in message and "corrupt" not in message
    assert raw_files(home) == before  # not renamed, not replaced by the backup
    refused = save_other(s)
    assert refused is not None and "cannot be read, and is left as it is" in refused
    if which == "saved game":
        removed = s.discard_game()
        assert removed is not None and "left as it is" in removed
    assert raw_files(home) == before  # nothing saved over it, nothing removed
    monkeypatch.undo()
    assert load(s) == good  # readable again: all there


def test_the_unreadable_line_reads_in_chinese(home, monkeypatch):
    from game.words import i18n

    s = Storage()
    s.save_records(Records(rolls=3))
    deny(monkeypatch, home / RECORDS_FILE)
    _, message = s.load_records()
    i18n.set_language("zh")
    try:
        shown = i18n.tr(message)
    finally:
        i18n.set_language("en")
    assert "无法读取战绩文件 records.json" in shown and "保持原样" in shown


def test_a_backup_that_may_not_be_read_is_left_too(home, monkeypatch):
    s = Storage()
    s.save_records(Records(rolls=1))
    s.save_records(Records(rolls=2))
    backup = home / (RECORDS_FILE + ".bak")
    kept = backup.read_bytes()
    deny(monkeypatch, backup)
    assert s.save_records(Records(rolls=3)) is None  # the records are saved ...
    assert raw_files(home)[backup.name] == kept  # ... and the backup no one may read is not replaced
    assert s.load_records() == (Records(rolls=3), None)


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs POSIX permissions as a normal user")
def test_a_real_mode_000_file_is_left_as_it_is(home):
    s = Storage()
    s.save_records(Records(rolls=5))
    path = home / RECORDS_FILE
    path.chmod(0)
    try:
        value, message = s.load_records()
        assert value == Records() and message is not None and "cannot be read" in message
        assert s.save_records(Records(rolls=1)) is not None
        assert not aside(home, RECORDS_FILE)
    finally:
        path.chmod(0o644)
    assert s.load_records() == (Records(rolls=5), None)
