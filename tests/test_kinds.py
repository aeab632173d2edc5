"""Typed messages: the engine's str enums, the one multiples table, and saves
written before the enums existed still load (and are written back the same)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import Game, Match
from engine.errors import SerializationError
from engine.kinds import MULTIPLES, LogKind, Phase, ResignLevel, ResultKind
from game.play.saves import read_document, restore_document, save_document
from game.store.settings import Settings

DATA = Path(__file__).parent / "data"


def _saved_before() -> dict:
    """Saved-game documents written by the client before phases, log kinds,
    results and resignation levels became enums (tests/data/saves_v1.json)."""
    return json.loads((DATA / "saves_v1.json").read_text(encoding="utf-8"))


def _assert_kept(old, new, where):
    if isinstance(old, dict):
        assert isinstance(new, dict), where
        for key, value in old.items():
            assert key in new, f"{where}.{key} is gone"
            _assert_kept(value, new[key], f"{where}.{key}")
    elif isinstance(old, list):
        assert isinstance(new, list) and len(new) == len(old), where
        for i, (a, b) in enumerate(zip(old, new)):
            _assert_kept(a, b, f"{where}[{i}]")
    else:
        assert type(new) is type(old) and new == old, f"{where}: {old!r} became {new!r}"


@pytest.mark.parametrize("name", sorted(_saved_before()))
def test_saves_written_before_the_enums_load_and_save_back_the_same(name):
    doc = _saved_before()[name]
    session, options = restore_document(doc, Settings(animation_speed=0.0, bot_pace=0.0, pass_pause=0.0))
    g = session.game
    assert isinstance(g.phase, Phase) and g.phase == doc["match"]["game"]["phase"]
    assert all(isinstance(e.kind, LogKind) for e in g.log)
    assert [e.kind for e in g.log] == [e["kind"] for e in doc["match"]["game"]["log"]]
    assert all(isinstance(r.kind, ResultKind) for r in session.match.results)
    # written back, everything the document said is said again, word for word
    # (today's saves may add fields: the dice tape, the finished games ...)
    again = json.loads(json.dumps(save_document(session, options)))
    _assert_kept(doc, again, "doc")
    # and the game goes on
    session.log_lines()
    if g.phase == Phase.RESIGNING:
        assert isinstance(g.resignation, ResignLevel) and g.resignation == doc["match"]["game"]["resignation"]["level"]
        assert session.answer_resignation(False)
    elif g.phase == Phase.MOVE:
        assert session.legal_steps()
    else:
        assert session.roll()


def test_an_unknown_word_in_a_save_is_refused_as_damaged():
    doc = _saved_before()["match3_dropped_then_resigning"]
    for path, bad in ((("game", "phase"), "thinking"), (("game", "resignation", "level"), "triple")):
        broken = json.loads(json.dumps(doc))
        node = broken["match"]
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = bad
        with pytest.raises(ValueError):
            read_document(broken)
    broken = json.loads(json.dumps(doc))
    broken["match"]["game"]["log"][0]["kind"] = "shout"
    with pytest.raises(SerializationError):
        Game.from_json(broken["match"]["game"])
    broken = json.loads(json.dumps(doc))
    broken["match"]["results"][0][1] = "forfeit"
    with pytest.raises(SerializationError):
        Match.from_json(broken["match"])


def test_enums_are_their_text():
    assert Phase.MOVE == "move" and f"result.{ResultKind.GAMMON}" == "result.gammon" and str(LogKind.PASS) == "pass"
    assert {"move": 1}[Phase.MOVE] == 1 and json.dumps([ResignLevel.GAMMON]) == '["gammon"]'
    assert Phase.read("over") is Phase.OVER
    with pytest.raises(SerializationError):
        Phase.read("nonsense")


def test_one_multiples_table_for_resignations_and_results():
    assert [lv.multiple for lv in ResignLevel] == [1, 2, 3]
    assert {k: MULTIPLES[k] for k in ("single", "gammon", "backgammon")} == {"single": 1, "gammon": 2, "backgammon": 3}
    g = Game()
    g.roll()
    g.resign("gammon")
    g.accept_resignation()
    assert g.result is not None and g.result.kind is ResultKind.RESIGNED and g.result.multiple == 2
    g = Game()
    g.roll()
    with pytest.raises(ValueError, match="everything"):
        g.resign("everything")
