"""The game in progress survives: saved at the start of every turn, when the
window closes and on the way to the lobby; continued at the start of the
saved turn with the same dice, even after the process is killed; damaged
save files never stop the game; records of finished games and of the dice,
and the Records screen.  Headless, with real events, each test in its own
BACKGAMMON_HOME (see conftest.py)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest
from hypothesis import HealthCheck, assume, example, given, settings as hsettings, strategies as st

from engine import FixedDice, Match, SeededDice
from game.words import i18n
from game.app import App
from game.input.match_intents import PlayStep, ToLobby
from game.play.options import MatchOptions
from game.play.saves import Keeper, read_document, save_document, validate_document
from game.scenes.lobby import LobbyScene
from game.scenes.match import MatchScene
from game.scenes.records import RecordsScene
from game.scenes.result import ResultScene
from game.scenes.dialog import DialogScene
from game.play.session import Session
from game.store.settings import Settings
from game.store.records import Records, Tally
from game.store.storage import GAME_FILE, RECORDS_FILE, SETTINGS_FILE, Storage
from game.testing import AppDriver
from support import ROOT

HARNESS = ROOT / "tests" / "kill_harness.py"


def _quick(**kw) -> Settings:
    return Settings(animation_speed=0.0, bot_pace=0.0, pass_pause=0.0, **kw)


def _answer(d, text):
    scene = d.app.scene
    assert isinstance(scene, DialogScene), type(scene).__name__
    for b in scene.answer_buttons:
        if b.text == text:
            d.click_button(b)
            return
    raise AssertionError(f"no answer {text!r} in {[b.text for b in scene.answer_buttons]}")


def _json(value):
    return json.loads(json.dumps(value))


def _saved(d):
    """The saved game document as the app would read it, or None (once the
    app's writer has written what is pending)."""
    d.app.saves.flush()
    doc, message = Storage().load_game(validate=validate_document)
    assert message is None, message
    return doc


def _start(d, mode="hotseat", length=1, cube=False, level="beginner", colour="white"):
    lobby = d.scene
    d.click_button(lobby.rows["mode"].button_for(mode))
    if mode == "computer":
        d.click_button(lobby.rows["level"].button_for(level))
        d.click_button(lobby.rows["colour"].button_for(colour))
    d.click_button(lobby.rows["length"].button_for(length))
    d.click_button(lobby.rows["cube"].button_for(cube))
    d.click_button(lobby.play_button)
    assert isinstance(d.scene, MatchScene)
    return d.session


def _roll_to_move(d, tries=60):
    """Roll (by a click on the dice) until the human on turn has a play to make."""
    s = d.session
    for _ in range(tries):
        d.settle()
        if s.game.phase == "move" and s.human_to_act:
            return
        if s.can_roll():
            d.click(d.dice_pos())
    raise AssertionError(f"no human turn to play: {s.game.phase}")


def _resign(d, level):
    """The human on turn resigns ``level``; in hot-seat the other side accepts."""
    s = d.session
    for _ in range(60):
        d.settle()
        if s.can_resign():
            break
        if s.can_roll():
            d.click(d.dice_pos())
    d.click_button(d.scene.topbar.resign)
    _answer(d, i18n.t(f"resign.{level}", points={"single": 1, "gammon": 2, "backgammon": 3}[level] * s.game.cube_value))
    d.settle()
    if isinstance(d.scene, DialogScene):  # hot-seat: the other player answers
        _answer(d, i18n.t("button.accept"))
        d.settle()


# -- killed in the middle of a turn ------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
@pytest.mark.parametrize("mode,seed", [("hotseat", 1), ("computer", 3)])
def test_sigkill_in_the_middle_of_a_turn_resumes_at_its_start(backgammon_home, mode, seed):
    env = dict(os.environ, BACKGAMMON_HOME=str(backgammon_home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.Popen([sys.executable, str(HARNESS), mode, str(seed)], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = ""
        deadline = time.monotonic() + 120
        while not line.startswith("READY") and time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line and proc.poll() is not None:
                break
        assert line.startswith("READY"), proc.stderr.read() if proc.poll() is not None else line
        time.sleep(0.2)  # a few frames of the running game
        assert proc.poll() is None  # still running: killed in the middle of the turn
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:  # pragma: no cover
            proc.kill()
            proc.wait()
        proc.stdout.close()
        proc.stderr.close()
    assert proc.returncode == -signal.SIGKILL
    state = json.loads(line.split(" ", 1)[1])
    assert state["now"] != state["start"]  # a step had been made

    d = AppDriver(size=(800, 600), settings=_quick())
    lobby = d.scene
    assert lobby.continue_button.visible
    d.click_button(lobby.continue_button)
    assert isinstance(d.scene, MatchScene) and d.app.notice is None
    s = d.session
    g = s.game
    # the start of the saved turn, with the same dice, no step made
    assert g.phase == "move" and g.turn == state["turn"]
    assert g.turn_start.to_id() == state["start"] and g.position.to_id() == state["start"]
    assert list(g.dice) == state["dice"] and not g.current_turn.steps
    assert len(g.log) == state["log"] and s.match.game_number == state["game_number"]
    assert d.scene.board_view().snap.dice == tuple(state["dice"])
    assert s.is_human(g.turn)
    if mode == "computer":
        assert not s.is_human(1 - g.turn) and d.app.options.mode == "computer" and d.app.options.level == "beginner"
    # and play goes on from there
    st_ = g.current_turn.legal_steps()[0]
    assert d.scene.do(PlayStep(st_.frm, st_.to, st_.die))


# -- when the game is saved ----------------------------------------------------------------------
@pytest.mark.slow
def test_saved_at_the_start_of_each_turn_and_not_for_steps(backgammon_home):
    d = AppDriver(size=(800, 600), settings=_quick(auto_end_turn=False))
    s = _start(d, "hotseat")
    doc = _saved(d)
    assert doc["match"]["game"]["phase"] == "opening" and doc["options"]["mode"] == "hotseat"
    _roll_to_move(d)
    g = s.game
    doc = _saved(d)
    assert doc["match"]["game"]["phase"] == "move" and doc["match"]["game"]["dice"] == list(g.dice)
    path = backgammon_home / GAME_FILE
    d.app.saves.flush()
    stamp = path.stat().st_mtime_ns, path.read_bytes()
    steps = 0
    while not g.current_turn.complete:
        st_ = g.current_turn.legal_steps()[0]
        d.scene.do(PlayStep(st_.frm, st_.to, st_.die))
        steps += 1
    d.app.saves.flush()
    assert (path.stat().st_mtime_ns, path.read_bytes()) == stamp  # steps are not saved
    player = g.turn
    d.key(pygame.K_RETURN)  # Done: the next turn begins, and is saved
    d.settle()
    doc = _saved(d)
    assert doc["match"]["game"]["turn"] == 1 - player and doc["match"]["game"]["phase"] == "roll"
    assert doc["match"]["game"]["log"][-1]["kind"] == "play"


def test_window_close_and_back_to_lobby_save(backgammon_home):
    d = AppDriver(size=(800, 600), settings=_quick())
    s = _start(d, "computer", length=5, cube=True)
    _roll_to_move(d)
    path = backgammon_home / GAME_FILE
    # the window is closed: saved (the file was taken away to see it written)
    path.unlink()
    (backgammon_home / (GAME_FILE + ".bak")).unlink(missing_ok=True)
    d.post(pygame.QUIT)
    d.frames(1)
    assert not d.app.running
    doc = _saved(d)
    assert doc["match"] == _json(s.match.to_json()) and doc["options"] == d.app.options.to_dict()
    assert doc["options"]["length"] == 5 and doc["options"]["cube"] is True
    # back to the lobby: saved too
    d.app.running = True
    path.unlink()
    d.click_button(d.scene.topbar.lobby)
    _answer(d, i18n.t("button.yes"))
    assert isinstance(d.scene, LobbyScene) and d.scene.continue_button.visible
    assert _saved(d)["match"] == _json(s.match.to_json())


@pytest.mark.slow
def test_restart_discards_the_save_and_a_finished_match_leaves_none(backgammon_home):
    d = AppDriver(size=(800, 600), settings=_quick())
    s = _start(d, "hotseat")
    _roll_to_move(d)
    d.settle()
    old = _saved(d)
    assert old["match"]["game"]["log"]
    d.click_button(d.scene.topbar.restart)
    _answer(d, i18n.t("button.yes"))
    assert d.session is not s
    doc = _saved(d)
    assert doc["match"]["game"]["log"] == [] and doc["match"]["game"]["phase"] == "opening"
    assert not (backgammon_home / (GAME_FILE + ".bak")).exists()  # the old game is gone, backup and all
    # the new game is played to its end: nothing is left to continue
    _resign(d, "single")
    assert isinstance(d.scene, ResultScene)
    d.app.saves.flush()
    assert not (backgammon_home / GAME_FILE).exists()  # the match is over: discarded at once
    d.click_button(d.scene.result_buttons["lobby"])
    assert isinstance(d.scene, LobbyScene) and not d.scene.continue_button.visible
    assert not AppDriver(size=(800, 600), settings=_quick()).scene.continue_button.visible


@pytest.mark.slow
def test_a_match_continues_with_its_score_cube_options_and_earlier_log(backgammon_home):
    d = AppDriver(size=(800, 600), settings=_quick())
    s = _start(d, "hotseat", length=5, cube=True)
    d.click(d.dice_pos())
    d.settle()
    # the player on roll doubles next turn and the other takes; then a resignation ends game 1
    for _ in range(10):
        d.settle()
        if s.can_double():
            break
        if s.game.phase == "move":
            st_ = s.game.current_turn.legal_steps()[0]
            d.scene.do(PlayStep(st_.frm, st_.to, st_.die))
        elif s.can_roll():
            d.click(d.dice_pos())
    d.click_button(d.scene.panel.double)
    d.settle()
    d.click_button(d.scene.panel.take)
    d.settle()
    _resign(d, "single")
    assert isinstance(d.scene, ResultScene) and s.match.score in ((2, 0), (0, 2))
    d.click_button(d.scene.result_buttons["next_game"])
    _roll_to_move(d)
    lines, score = s.log_lines(), s.match.score
    start, dice = s.game.turn_start, s.game.dice
    st_ = s.game.current_turn.legal_steps()[0]
    d.scene.do(PlayStep(st_.frm, st_.to, st_.die))
    d.app.saves.flush()  # the turn's save is written off the frame loop: on disk before the next run reads it
    # a new run of the program
    d2 = AppDriver(size=(800, 600), settings=_quick())
    d2.click_button(d2.scene.continue_button)
    s2 = d2.session
    assert s2.match.score == score and s2.match.game_number == 2 and s2.match.length == 5 and s2.match.cube
    assert s2.game.turn_start == start and s2.game.position == start and s2.game.dice == dice
    assert s2.log_lines() == lines and any(line == i18n.t("log.game", number=1) for line in lines)
    assert d2.scene.panel.log is not None and d2.app.options.length == 5 and d2.app.options.cube


@pytest.mark.slow
def test_continue_from_a_live_match_uses_it_not_the_file(backgammon_home):
    d = AppDriver(size=(800, 600), settings=_quick())
    s = _start(d, "hotseat")
    _roll_to_move(d)
    d.click_button(d.scene.topbar.lobby)
    _answer(d, i18n.t("button.yes"))
    (backgammon_home / GAME_FILE).write_bytes(b"garbage")
    d.click_button(d.scene.continue_button)
    assert isinstance(d.scene, MatchScene) and d.session is s and d.app.notice is None


@pytest.mark.slow
def test_a_demo_match_is_neither_saved_nor_recorded_nor_costs_the_saved_game(backgammon_home):
    d = AppDriver(size=(800, 600), settings=_quick())
    _start(d, "hotseat")
    _roll_to_move(d)
    d.app.saves.flush()
    saved = (backgammon_home / GAME_FILE).read_bytes()
    from game.scenes.lobby import start_match

    start_match(d.app, MatchOptions(mode="demo", level="random"), seed=1)
    d.settle(max_frames=20000)
    assert d.session.game.phase == "over"
    d.app.saves.flush()
    assert (backgammon_home / GAME_FILE).read_bytes() == saved
    assert Storage(backgammon_home).load_records()[0].total().games_played == 0


# -- damaged save files, through the app's own loader ----------------------------------------------
def _good_doc(turns: int, seed: int = 5) -> dict:
    m = Match(length=5, cube=True, dice=SeededDice(seed))
    s = Session(m, (None, None))
    g = m.game
    from engine import legal_plays

    for _ in range(turns):
        g.roll()
        if g.phase == "move":
            g.play(legal_plays(g.position, g.dice)[0])
    if g.phase == "roll":
        g.roll()
    s.earlier_log = ["an earlier line"]
    return save_document(s, MatchOptions(mode="hotseat", length=5, cube=True))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 70) | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)


def _paths(doc):
    """Every (path, value) in a JSON document."""
    out = [((), doc)]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += [((k,) + p, x) for p, x in _paths(v)]
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += [((i,) + p, x) for p, x in _paths(v)]
    return out


def _set(doc, path, value):
    if not path:
        return value
    doc = json.loads(json.dumps(doc))
    node = doc
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value
    return doc


@st.composite
def damaged(draw, good_file: bytes):
    """A damaged saved-game file: bytes, cut short, wrong envelope, or the
    right envelope around a document with one field replaced by junk."""
    how = draw(st.sampled_from(["bytes", "truncated", "envelope", "field", "field", "field", "drop"]))
    if how == "bytes":
        return draw(st.binary(max_size=300))
    if how == "truncated":
        return good_file[: draw(st.integers(0, len(good_file.rstrip()) - 1))]
    outer = json.loads(good_file)
    if how == "envelope":
        key = draw(st.sampled_from(["schema", "kind", "data"]))
        outer[key] = draw(json_values)
        return json.dumps(outer).encode()
    paths = _paths(outer["data"])
    path, _ = draw(st.sampled_from(paths))
    if how == "drop" and path:
        parent = outer["data"]
        for k in path[:-1]:
            parent = parent[k]
        if isinstance(parent, dict):
            del parent[path[-1]]
        else:
            del parent[path[-1]]
        return json.dumps(outer).encode()
    outer["data"] = _set(outer["data"], path, draw(json_values))
    return json.dumps(outer).encode()


@pytest.fixture(scope="module")
def one_app(tmp_path_factory):
    """One window for all the examples (each example has fresh files)."""
    home = tmp_path_factory.mktemp("corrupt-home")
    old = os.environ.get("BACKGAMMON_HOME")
    os.environ["BACKGAMMON_HOME"] = str(home)
    try:
        app = App(size=(640, 480), settings=_quick())
    finally:
        if old is None:
            del os.environ["BACKGAMMON_HOME"]
        else:
            os.environ["BACKGAMMON_HOME"] = old
    return app, home


GOOD_OLD, GOOD_NEW = _good_doc(4), _good_doc(9)


@hsettings(max_examples=200, deadline=None,
           suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture, HealthCheck.filter_too_much])
@pytest.mark.slow
@given(data=st.data(), with_backup=st.booleans())
def test_corrupt_saves_never_escape_restore_saved(one_app, data, with_backup):
    app, home = one_app
    for p in home.iterdir():
        p.unlink()
    store = Storage(home)
    store.save_settings(Settings(pace="fast").to_stored())
    store.save_records(Records(rolls=7, faces=[1, 2, 3, 4, 5, 6], by_mode={"hotseat": Tally(games_played=3)}))
    if with_backup:
        store.save_game(GOOD_OLD)
    store.save_game(GOOD_NEW)
    good = (home / GAME_FILE).read_bytes()
    bad = data.draw(damaged(good))
    (home / GAME_FILE).write_bytes(bad)
    # a "damage" that leaves a game that can be continued is no test
    assume(Storage(home, game_validator=validate_document).game_store._read(home / GAME_FILE).state == "bad")
    others = {name: (home / name).read_bytes() for name in (SETTINGS_FILE, RECORDS_FILE, SETTINGS_FILE + ".bak", RECORDS_FILE + ".bak")
              if (home / name).exists()}
    backup = (home / (GAME_FILE + ".bak")).read_bytes() if with_backup else None
    app.session = app.options = None
    app.notice = None

    ok = app.restore_saved()  # no exception escapes

    message = app.notice
    assert isinstance(message, str) and message and "\n" not in message
    if with_backup:
        assert ok and _json(save_document(app.session, app.options)["match"]) == _json(GOOD_OLD["match"])
        assert "previous copy" in message
        assert (home / (GAME_FILE + ".bak")).read_bytes() == backup  # the good copy is untouched
    else:
        assert not ok and app.session is None and "could not be read" in message
        assert not (home / GAME_FILE).exists()
    moved = [p for p in home.iterdir() if p.name.startswith(GAME_FILE + ".corrupt-")]
    assert len(moved) == 1 and moved[0].read_bytes() == bad  # kept, never deleted
    for name, content in others.items():  # settings and records are not touched
        assert (home / name).read_bytes() == content


def test_a_corrupt_save_gives_one_line_in_the_lobby_and_play_goes_on(backgammon_home):
    store = Storage(backgammon_home)
    store.save_game(_good_doc(3))
    (backgammon_home / GAME_FILE).write_bytes(b'{"schema": 1, "kind": "saved-game", "data": {"version": 1, "options": 7')
    d = AppDriver(size=(800, 600), settings=_quick())
    lobby = d.scene
    assert lobby.continue_button.visible
    d.click_button(lobby.continue_button)
    lobby = d.scene
    assert isinstance(lobby, LobbyScene) and not lobby.continue_button.visible
    hint = [e for e in lobby.manager.get_root_container().elements if getattr(e, "text", None) == d.app.notice]
    assert d.app.notice and "could not be read" in d.app.notice and hint
    # play goes on: a new match is saved, and the damaged file stays set aside
    _start(d, "hotseat")
    assert _saved(d)["match"]["game"]["phase"] == "opening"
    assert [p for p in backgammon_home.iterdir() if ".corrupt-" in p.name]


def test_a_saved_match_that_is_over_or_a_demo_cannot_be_continued(backgammon_home):
    doc = _good_doc(3)
    over = json.loads(json.dumps(doc))
    over["match"]["results"] = [[0, "backgammon", 3, 2]]
    demo = json.loads(json.dumps(doc))
    demo["options"]["mode"] = "demo"
    for bad in (over, demo):
        with pytest.raises(ValueError):
            read_document(bad)
    Storage(backgammon_home).save_game(over)
    app = App(size=(640, 480), settings=_quick())
    assert not app.restore_saved() and app.notice


# -- records -----------------------------------------------------------------------------------------
def test_dice_recorded_hot_seat_both_and_against_the_computer_the_humans():
    def run(options):
        with_storage = Storage()
        keeper = Keeper(with_storage)
        # the opening: a tie (3, 3), then White 5, Black 2; then Black... White moves first, then Black throws 6-6
        s = Session(Match(dice=FixedDice([3, 3, 5, 2, 6, 6, 4, 1])), (None, None))
        keeper.keep(s, options)
        assert s.roll()
        g = s.game
        assert g.turn == 0 and g.dice == (5, 2)
        from engine import legal_plays

        s.game.play(legal_plays(g.position, g.dice)[0])
        assert s.roll() and g.turn == 1 and g.dice == (6, 6)
        keeper.flush()
        return with_storage.load_records()[0]

    hot = run(MatchOptions(mode="hotseat"))
    assert hot.faces == [0, 1, 2, 0, 1, 2] and hot.rolls == 1 and hot.doubles == 1
    Storage().discard_game()
    Storage().save_records(Records())
    white = run(MatchOptions(mode="computer", colour="white"))
    assert white.faces == [0, 0, 1, 0, 1, 0] and white.rolls == 0  # White's opening dice only
    Storage().save_records(Records())
    black = run(MatchOptions(mode="computer", colour="black"))
    assert black.faces == [0, 1, 1, 0, 0, 2] and black.rolls == 1 and black.doubles == 1


@pytest.mark.slow
def test_take_back_and_restore_do_not_count_dice_again(backgammon_home):
    d = AppDriver(size=(800, 600), settings=_quick())
    s = _start(d, "hotseat")
    _roll_to_move(d)
    d.app.saves.flush()
    counted = sum(Storage().load_records()[0].faces)
    assert counted >= 2
    st_ = s.game.current_turn.legal_steps()[0]
    d.scene.do(PlayStep(st_.frm, st_.to, st_.die))
    d.app.saves.flush()  # the first run's writes are on disk before the second run starts
    d2 = AppDriver(size=(800, 600), settings=_quick())
    d2.click_button(d2.scene.continue_button)
    d2.app.saves.flush()
    assert sum(Storage().load_records()[0].faces) == counted


@pytest.mark.slow
def test_records_of_a_match_against_the_computer_and_the_records_screen(backgammon_home):
    d = AppDriver(size=(1024, 768), settings=_quick())
    s = _start(d, "computer", length=5, level="beginner", colour="white")
    rolls = []  # (player, opening, opening throws so far in the log) of each roll

    def watch(h):
        if h.kind == "roll":
            rolls.append((h.player, h.opening, sum(1 for e in s.game.log if e.kind == "opening")))

    s.watchers.append(watch)
    while not s.match.over:
        for _ in range(3):  # a few turns each, so both sides roll
            _roll_to_move(d)
            turn = s.game.turn
            while s.game.phase == "move" and s.game.turn == turn:
                st_ = s.game.current_turn.legal_steps()[0]
                d.scene.do(PlayStep(st_.frm, st_.to, st_.die))
        _resign(d, "backgammon")  # always accepted: it gives all there is
        assert isinstance(d.scene, ResultScene)
        if not s.match.over:
            d.click_button(d.scene.result_buttons["next_game"])
    d.app.saves.flush()
    rec, message = Storage().load_records()
    assert message is None
    t = rec.by_mode["computer:beginner"]
    assert (t.games_played, t.games_won, t.backgammons_lost, t.backgammons_won) == (s.match.game_number, 0, s.match.game_number, 0)
    assert (t.matches_played, t.matches_won) == (1, 0)
    human_rolls = [r for r in rolls if r[0] == 0 and not r[1]]
    assert len(human_rolls) < len([r for r in rolls if not r[1]])  # the computer rolled too: not counted
    assert rec.rolls == len(human_rolls)
    # both dice of each of the human's rolls, and the human's die of each opening throw (ties too)
    assert sum(rec.faces) == 2 * len(human_rolls) + sum(r[2] for r in rolls if r[1])
    # the records screen, by clicks from the lobby
    d.click_button(d.scene.result_buttons["lobby"])
    d.click_button(d.scene.records_button)
    screen = d.scene
    assert isinstance(screen, RecordsScene)
    header, row = screen.rows[0], screen.rows[1]
    assert header[0] == i18n.t("records.col.mode") and len(screen.rows) == 2
    assert row[0] == i18n.t("records.mode.computer", level=i18n.t("lobby.level.beginner"))
    assert row[1:5] == [str(t.games_played), "0", "1", "0"]
    assert row[6] == i18n.t("records.won_lost", won=0, lost=t.backgammons_lost)
    # the dice chart: a bar per face, as tall as its count
    assert sorted(screen.bars) == [1, 2, 3, 4, 5, 6]
    heights = [screen.bars[f].height for f in range(1, 7)]
    top = max(rec.faces)
    for n, hgt in zip(rec.faces, heights):
        assert abs(hgt - screen.plot_rect.height * n / max(top, sum(rec.faces) / 6)) <= 1
    d.frames(2)
    bar = screen.bars[rec.faces.index(top) + 1]
    column = [tuple(d.app.screen.get_at((bar.centerx, y)))[:3] for y in range(bar.top + 2, bar.bottom - 2)]
    assert column.count((196, 160, 64)) > len(column) * 0.8  # drawn, in the bar colour
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.scene, LobbyScene)


@pytest.mark.slow
def test_records_and_settings_round_trip_through_the_app(backgammon_home):
    d = AppDriver(size=(800, 600))  # settings from the (empty) home
    d.click_button(d.scene.gear_button)
    d.click_button(d.scene.rows["pace"].button_for("instant"))
    d.key(pygame.K_ESCAPE)
    s = _start(d, "hotseat")
    _resign(d, "gammon")
    winner = s.game.result.winner
    d.click_button(d.scene.result_buttons["lobby"])
    d.post(pygame.QUIT)  # the window is closed: everything is on disk
    d.frames(1)
    # a new start of the program reads both back
    d2 = AppDriver(size=(800, 600))
    assert d2.settings.pace == "instant" and d2.settings.lobby_mode == "hotseat"
    rec = d2.app.storage.load_records()[0]
    t = rec.by_mode["hotseat"]
    assert (t.games_played, t.games_won, t.gammons_won, t.gammons_lost) == (1, int(winner == 0), int(winner == 0), int(winner == 1))
    assert t.matches_played == 0  # a single game is not a match
    assert sum(rec.faces) >= 2  # the opening throw, both dice in hot-seat
    d2.click_button(d2.scene.records_button)
    screen = d2.scene
    assert screen.rows[1][:3] == [i18n.t("records.mode.hotseat"), "1", str(int(winner == 0))]
    assert screen.lines[-1] == i18n.t("records.dice", dice=i18n.counted("records.dice.count", sum(rec.faces)),
                                      rolls=i18n.counted("records.dice.rolls", rec.rolls),
                                      opening=i18n.counted("records.dice.opening", sum(rec.faces) - 2 * rec.rolls),
                                      doubles=f"{100.0 * rec.doubles / rec.rolls:.1f}" if rec.rolls else "–")


@pytest.mark.slow
def test_records_screen_when_empty_and_with_damaged_records(backgammon_home):
    d = AppDriver(size=(800, 600), settings=_quick())
    d.click_button(d.scene.records_button)
    screen = d.scene
    assert len(screen.rows) == 1 and screen.bars == {} and screen.lines[-1] == i18n.t("records.no_dice")
    d.key(pygame.K_ESCAPE)
    backgammon_home.mkdir(parents=True, exist_ok=True)
    (backgammon_home / RECORDS_FILE).write_bytes(b"\x00garbage")
    d.click_button(d.scene.records_button)
    screen = d.scene
    assert any("could not be read" in line for line in screen.lines)
    d.frames(2)


# -- damaged records and settings, through the app -------------------------------------------------
counts = st.one_of(st.integers(0, 10 ** 12), st.integers(-5, -1), st.integers(10 ** 12, 10 ** 400), json_values)
records_data = st.fixed_dictionaries({}, optional={
    "by_mode": st.dictionaries(st.sampled_from(["computer:beginner", "computer:expert", "hotseat", "computer:zzz", "", "x" * 80]),
                               st.dictionaries(st.sampled_from([f.name for f in Tally.__dataclass_fields__.values()] + ["junk"]), counts, max_size=9)
                               | json_values, max_size=5) | json_values,
    "faces": st.lists(counts, min_size=5, max_size=7) | json_values,
    "rolls": counts,
    "doubles": counts,
})


@pytest.mark.slow
@hsettings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=records_data, raw=st.none() | st.binary(max_size=60))
@example(data={"by_mode": {"\x00": None}}, raw=None)  # a NUL in a line: fonts cannot draw it
@example(data={"rolls": 1, "doubles": 10 ** 300}, raw=None)  # 100.0 * doubles / rolls overflowed a float
@example(data={"rolls": 10 ** 400, "faces": [10 ** 400] * 6, "by_mode": {"hotseat": {"games_won": 10 ** 400}}}, raw=None)
@example(data={"by_mode": {"computer:\x00" + "x" * 200: {"games_played": 1}}}, raw=None)
def test_any_records_file_opens_the_records_screen(one_app, data, raw):
    app, home = one_app
    for p in home.iterdir():
        p.unlink()
    payload = raw if raw is not None else json.dumps({"schema": 1, "kind": "records", "data": data}).encode()
    (home / RECORDS_FILE).write_bytes(payload)
    lobby = LobbyScene(app)
    app.switch(lobby)
    app.switch(RecordsScene(app))
    app.frame(1 / 60)  # drawn, without an exception
    screen = app.scene
    assert len(screen.rows) >= 1 and screen.lines
    assert all(isinstance(cell, str) for row in screen.rows for cell in row)
    # what was there is still on disk, whole (moved aside when it could not be read)
    kept = [p.read_bytes() for p in home.iterdir()]
    assert payload in kept


@pytest.mark.slow
@hsettings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(raw=st.binary(max_size=60) | json_values.map(lambda v: json.dumps({"schema": 1, "kind": "settings", "data": v}).encode()))
def test_any_settings_file_starts_the_app(raw):
    home = Path(os.environ["BACKGAMMON_HOME"])
    home.mkdir(parents=True, exist_ok=True)
    for p in home.iterdir():
        p.unlink()
    (home / SETTINGS_FILE).write_bytes(raw)
    language = i18n.language()
    try:
        app = App(size=(640, 480))
        assert app.settings.to_stored().invalid_fields() == []
        app.switch(LobbyScene(app))
        app.frame(1 / 60)
    finally:
        i18n.set_language(language)  # a file that happens to choose a language must not change the next tests
    assert raw in [p.read_bytes() for p in home.iterdir()]  # never overwritten, at worst moved aside


@st.composite
def altered(draw):
    """A saved document with one field of its match or log replaced: what a
    damaged disk or a hand edit may leave that still looks like a game."""
    doc = _json(GOOD_NEW)
    paths = [p for p, _ in _paths(doc) if p and p[0] in ("match", "old_log")]
    path = draw(st.sampled_from(paths))
    return _set(doc, path, draw(json_values | st.sampled_from(["\x00", "a\x00b", "x" * 500, 10 ** 20, -1, 2, 65])))


@pytest.mark.slow
@hsettings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(doc=altered())
@example(doc=_set(_json(GOOD_NEW), ("old_log", 0), "a\x00b"))
@example(doc=_set(_json(GOOD_NEW), ("match", "game", "log", 1, "text"), "\x00"))
def test_an_altered_save_that_is_accepted_can_be_shown_and_played(one_app, doc):
    app, home = one_app
    for p in home.iterdir():
        p.unlink()
    Storage(home).save_game(doc)
    app.session = app.options = None
    app.notice = None
    if not app.restore_saved():
        assert app.notice  # refused, with a line for the player
        return
    scene = MatchScene(app, app.session)
    app.switch(scene)
    for _ in range(3):
        app.frame(1 / 60)
    s = app.session
    for _ in range(6):  # play on a little: roll, steps, done
        action = scene.actions.primary()
        if s.game.phase == "move" and s.human_to_act and not s.can_end_turn():
            st_ = s.game.current_turn.legal_steps()[0]
            action = PlayStep(st_.frm, st_.to, st_.die)
        if action is None or isinstance(action, ToLobby):
            break
        scene.do(action)
        app.frame(1 / 60)
    app.saves.flush()
