"""docs/protocol.md documents everything the server can send and take: the
lists come from the code (the enums and tables of game/net/protocol.py and
the engine's phases), not from this test."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Dict, List

import pytest

from engine.kinds import LogKind, Phase, ResignLevel
from game.net.protocol import CLIENT_TYPES, EndReason, ErrorCode, EventKind, ServerType, parse_client, type_name

DOC = (Path(__file__).resolve().parent.parent / "docs" / "protocol.md").read_text(encoding="utf-8")


def section(title: str) -> str:
    """The text under the heading ``title`` (up to the next heading of its level or higher)."""
    match = re.search(rf"^(#+) {re.escape(title)}\s*$", DOC, re.M)
    assert match, f"no section {title!r}"
    level = len(match.group(1))
    rest = DOC[match.end():]
    end = re.search(rf"^#{{1,{level}}} ", rest, re.M)
    return rest[: end.start()] if end else rest


def table_keys(text: str) -> List[str]:
    """The backticked words of the first cell of each table row."""
    keys: List[str] = []
    for line in text.splitlines():
        if line.startswith("| ") and not line.startswith("|---"):
            keys += re.findall(r"`([^`]+)`", line.split("|")[1])
    return keys


def code_blocks(text: str) -> List[str]:
    return re.findall(r"```(?:json|text)?\n(.*?)```", text, re.S)


@pytest.mark.parametrize("code", list(ErrorCode))
def test_every_error_code_has_its_row(code):
    assert code.value in table_keys(section("Errors")), code


@pytest.mark.parametrize("reason", list(EndReason))
def test_every_ended_reason_has_its_row(reason):
    assert reason.value in table_keys(section("`ended`")), reason


@pytest.mark.parametrize("kind", list(ServerType))
def test_every_server_message_type_has_its_row_and_an_example(kind):
    text = section("Server to client")
    assert kind.value in table_keys(text)
    examples = [json.loads(line) for block in code_blocks(text) for line in block.splitlines() if line.strip()]
    assert any(e["type"] == kind.value and e["v"] == 1 for e in examples), kind


@pytest.mark.parametrize("kind", list(EventKind))
def test_every_event_kind_has_its_row(kind):
    assert kind.value in table_keys(section("`event`")), kind


@pytest.mark.parametrize("phase", list(Phase))
def test_every_phase_says_who_acts(phase):
    assert phase.value in table_keys(section("Phases, and who acts in each")), phase


def test_every_client_message_has_its_row_and_a_valid_example():
    text = section("Client to server")
    rows = table_keys(text)
    examples = [parse_client(line) for block in code_blocks(text) for line in block.splitlines() if line.strip()]
    shown = {type_name(msg) for msg in examples}
    for name in CLIENT_TYPES:
        assert name in rows and name in shown, name


def test_the_log_kinds_and_resign_levels_are_named():
    for value in [k.value for k in LogKind] + [level.value for level in ResignLevel]:
        assert f"`{value}`" in DOC, value


def test_the_example_session_is_there():
    session = section("An example session")
    steps: Dict[str, int] = {}
    for word in ("create", "join", "roll", "play", "resume", "rematch", "leave"):
        steps[word] = session.find(f'"type":"{word}"')
    assert all(i >= 0 for i in steps.values()), steps
