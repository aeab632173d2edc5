"""The protocol exactly as docs/protocol.md writes it, through a real server
on 127.0.0.1 and a raw WebSocket client: one test per row of the table of
error codes (each code provoked and checked), and the exact JSON types (a
float is not an integer, a token is 8..64 of ``A-Z a-z 0-9 _ -``)."""

from __future__ import annotations

import json
import sys
import time
from typing import Any, Dict, Iterator, List, Optional, Tuple, Union

import pytest
from websockets.sync.client import ClientConnection, connect

from game.net.protocol import MAX_CLIENT_MESSAGE, ErrorCode
from game.net.server import Limits, ServerThread
from tests.net_support import start_server
from tests.test_protocol_doc import section, table_keys

pytestmark = pytest.mark.filterwarnings("ignore:connect\\(\\) must be used:DeprecationWarning")
Doc = Dict[str, Any]


class Raw:
    """A client that writes the wire by hand and reads every reply."""

    def __init__(self, url: str):
        self.ws: ClientConnection = connect(url, open_timeout=5, close_timeout=1)

    def say(self, message: Union[Doc, str, bytes]) -> None:
        self.ws.send(json.dumps(message) if isinstance(message, dict) else message)

    def next(self, timeout: float = 5.0) -> Doc:
        doc: Doc = json.loads(self.ws.recv(timeout=timeout))
        return doc

    def until(self, kind: str, timeout: float = 5.0) -> Doc:
        """The next message of type ``kind`` (others skipped)."""
        end = time.monotonic() + timeout
        while True:
            doc = self.next(max(0.01, end - time.monotonic()))
            if doc["type"] == kind:
                return doc

    def refused(self, message: Union[Doc, str, bytes]) -> Doc:
        """Send ``message``; its answer, which must be an error (nothing else comes before it)."""
        self.say(message)
        doc = self.next()
        assert doc["type"] == "error", doc
        assert doc["v"] == 1 and isinstance(doc["detail"], str) and len(doc["detail"]) <= 200
        return doc

    def quiet(self) -> None:
        """Nothing else was sent to this client: a ping is answered next."""
        self.say({"v": 1, "type": "ping", "nonce": 99})
        assert self.next() == {"v": 1, "type": "pong", "nonce": 99}

    def close(self) -> None:
        self.ws.close()


@pytest.fixture
def server() -> Iterator[Tuple[ServerThread, str]]:
    thread, url = start_server()
    yield thread, url
    thread.stop()


@pytest.fixture
def url(server: Tuple[ServerThread, str]) -> str:
    return server[1]


@pytest.fixture
def clients() -> Iterator[List[Raw]]:
    made: List[Raw] = []
    yield made
    for c in made:
        c.close()


def hosted(url: str, clients: List[Raw]) -> Tuple[Raw, Doc]:
    host = Raw(url)
    clients.append(host)
    host.say({"v": 1, "type": "create", "length": 1, "cube": True, "name": "Ann"})
    seat = host.until("seat")
    host.until("sync")
    return host, seat


def seated(url: str, clients: List[Raw]) -> Tuple[Raw, Raw, Doc]:
    host, seat = hosted(url, clients)
    guest = Raw(url)
    clients.append(guest)
    guest.say({"v": 1, "type": "join", "code": seat["code"], "name": "Bob"})
    guest.until("sync")
    host.until("sync")
    return host, guest, seat


def opened(url: str, clients: List[Raw]) -> Tuple[Raw, Raw, int]:
    """A seated pair after the opening roll: (the mover, the other, seq)."""
    host, guest, _ = seated(url, clients)
    host.say({"v": 1, "type": "roll", "seq": 0})
    update = host.until("update")
    guest.until("update")
    mover = host if update["check"]["turn"] == 0 else guest
    return mover, (guest if mover is host else host), update["seq"]


def check(doc: Doc, code: ErrorCode, ref: Optional[str], seq: Optional[int] = None) -> None:
    assert doc["code"] == code.value, doc
    assert doc["ref"] == ref, doc
    if seq is None:
        assert "seq" not in doc, doc
    else:
        assert doc["seq"] == seq, doc


# -- one test per row of the table of error codes -------------------------------------------------
def test_error_malformed(url, clients):
    c = Raw(url)
    clients.append(c)
    for raw in ("not JSON", "[1, 2]", '{"v": 1, "type": "bogus"}', '{"v": 1, "type": "roll"}',
                '{"v": 1, "type": "sync", "extra": 1}', '{"v": 1, "type": "create", "length": 26, "cube": true, "name": ""}'):
        check(c.refused(raw), ErrorCode.MALFORMED, None)
    c.quiet()


def test_error_too_large(url, clients):
    c = Raw(url)
    clients.append(c)
    raw = json.dumps({"v": 1, "type": "ping", "nonce": 1, "pad": "x" * MAX_CLIENT_MESSAGE})
    check(c.refused(raw), ErrorCode.TOO_LARGE, None)
    c.quiet()


def test_error_version(url, clients):
    c = Raw(url)
    clients.append(c)
    for v in (0, 2, -1, 2**40):
        check(c.refused({"v": v, "type": "ping", "nonce": 1}), ErrorCode.VERSION, None)
    c.quiet()


def test_error_rate_limited():
    thread, url = start_server(limits=Limits(rate=0.01, burst=3))
    c = Raw(url)
    try:
        for _ in range(5):
            c.say({"v": 1, "type": "ping", "nonce": 1})
        answers = [c.next() for _ in range(5)]
        assert [a["type"] for a in answers] == ["pong"] * 3 + ["error"] * 2
        for a in answers[3:]:
            check(a, ErrorCode.RATE_LIMITED, None)
    finally:
        c.close()
        thread.stop()


def test_error_not_seated(url, clients):
    c = Raw(url)
    clients.append(c)
    check(c.refused({"v": 1, "type": "roll", "seq": 0}), ErrorCode.NOT_SEATED, "roll", 0)
    check(c.refused({"v": 1, "type": "sync"}), ErrorCode.NOT_SEATED, "sync")
    check(c.refused({"v": 1, "type": "leave"}), ErrorCode.NOT_SEATED, "leave")
    c.quiet()


def test_error_already_seated(url, clients):
    host, seat = hosted(url, clients)
    check(host.refused({"v": 1, "type": "create", "length": 3, "cube": False, "name": "A"}),
          ErrorCode.ALREADY_SEATED, "create")
    check(host.refused({"v": 1, "type": "join", "code": seat["code"], "name": "A"}), ErrorCode.ALREADY_SEATED, "join")
    check(host.refused({"v": 1, "type": "resume", "token": seat["token"]}), ErrorCode.ALREADY_SEATED, "resume")
    host.quiet()


def test_error_unknown_code(url, clients):
    hosted(url, clients)
    c = Raw(url)
    clients.append(c)
    check(c.refused({"v": 1, "type": "join", "code": "00000-00000", "name": "Bob"}), ErrorCode.UNKNOWN_CODE, "join")
    c.quiet()


def test_error_match_full(url, clients):
    _, _, seat = seated(url, clients)
    third = Raw(url)
    clients.append(third)
    check(third.refused({"v": 1, "type": "join", "code": seat["code"], "name": "Cy"}), ErrorCode.MATCH_FULL, "join")
    third.quiet()


def test_error_unknown_token(url, clients):
    c = Raw(url)
    clients.append(c)
    c.say({"v": 1, "type": "resume", "token": "q2V9b7Zc1m4Jx0y8T5rLw3Nf6Hs2Dk9a"})
    assert c.next() == {"v": 1, "type": "ended", "reason": "match_gone"}
    check(c.next(), ErrorCode.UNKNOWN_TOKEN, "resume")
    c.quiet()


def test_error_too_many_matches():
    thread, url = start_server(limits=Limits(rate=1000, burst=1000, matches_per_address=1))
    made: List[Raw] = []
    try:
        hosted(url, made)
        c = Raw(url)
        made.append(c)
        check(c.refused({"v": 1, "type": "create", "length": 1, "cube": False, "name": "A"}),
              ErrorCode.TOO_MANY_MATCHES, "create")
        c.quiet()
    finally:
        for m in made:
            m.close()
        thread.stop()


def test_error_stale(url, clients):
    host, _, _ = seated(url, clients)
    check(host.refused({"v": 1, "type": "roll", "seq": 7}), ErrorCode.STALE, "roll", 7)
    sync = host.next()
    assert sync["type"] == "sync" and sync["seq"] == 0  # the state now follows the refusal
    host.quiet()


def test_error_not_your_turn(url, clients):
    mover, other, seq = opened(url, clients)
    check(other.refused({"v": 1, "type": "play", "seq": seq, "steps": [[13, 8]]}), ErrorCode.NOT_YOUR_TURN, "play", seq)
    other.quiet()


def test_error_illegal(url, clients):
    mover, other, seq = opened(url, clients)
    check(mover.refused({"v": 1, "type": "play", "seq": seq, "steps": []}), ErrorCode.ILLEGAL, "play", seq)
    check(mover.refused({"v": 1, "type": "double", "seq": seq}), ErrorCode.ILLEGAL, "double", seq)
    mover.quiet()


def test_error_not_now(url, clients):
    host, seat = hosted(url, clients)
    check(host.refused({"v": 1, "type": "roll", "seq": 0}), ErrorCode.NOT_NOW, "roll", 0)  # nobody joined yet
    host.quiet()
    guest = Raw(url)
    clients.append(guest)
    guest.say({"v": 1, "type": "join", "code": seat["code"], "name": "Bob"})
    guest.until("sync")
    check(guest.refused({"v": 1, "type": "rematch", "seq": 0}), ErrorCode.NOT_NOW, "rematch", 0)
    check(guest.refused({"v": 1, "type": "next", "seq": 0}), ErrorCode.NOT_NOW, "next", 0)
    check(guest.refused({"v": 1, "type": "continue", "seq": 0}), ErrorCode.NOT_NOW, "continue", 0)
    guest.quiet()


def test_error_replaced(url, clients):
    host, seat = hosted(url, clients)
    second = Raw(url)
    clients.append(second)
    second.say({"v": 1, "type": "resume", "token": seat["token"]})
    assert second.until("seat")["token"] == seat["token"]
    assert host.next() == {"v": 1, "type": "ended", "reason": "replaced"}
    check(host.refused({"v": 1, "type": "ping", "nonce": 1}), ErrorCode.REPLACED, "ping")
    check(host.refused({"v": 1, "type": "sync"}), ErrorCode.REPLACED, "sync")


def test_error_code_taken(url, clients):
    host, seat = hosted(url, clients)
    other = Raw(url)
    clients.append(other)
    refused = other.refused({"v": 1, "type": "create", "length": 1, "cube": False, "name": "Eve", "code": seat["code"]})
    check(refused, ErrorCode.CODE_TAKEN, "create")
    fresh = Raw(url)
    clients.append(fresh)
    fresh.say({"v": 1, "type": "create", "length": 1, "cube": False, "name": "Ann", "code": "abcde-fghjk"})
    mine = fresh.until("seat")
    assert mine["code"] == "ABCDEFGHJK" and mine["token"].startswith("ABCDEFGHJK") and len(mine["token"]) == 42


def test_every_row_of_the_error_table_has_its_test():
    rows = table_keys(section("Errors"))
    assert sorted(rows) == sorted(code.value for code in ErrorCode)
    tests = {name for name in dir(sys.modules[__name__]) if name.startswith("test_error_")}
    assert tests == {f"test_error_{code}" for code in rows}


# -- exact JSON types -----------------------------------------------------------------------------
NOT_INTEGERS = [
    {"v": 1.0, "type": "ping", "nonce": 1},
    {"v": True, "type": "ping", "nonce": 1},
    {"v": "1", "type": "ping", "nonce": 1},
    {"type": "ping", "nonce": 1},
    {"v": 1, "type": "roll", "seq": 3.0},
    {"v": 1, "type": "roll", "seq": True},
    {"v": 1, "type": "ping", "nonce": 7.0},
    {"v": 1, "type": "ping", "nonce": 1e2},
    {"v": 1, "type": "create", "length": 5.0, "cube": True, "name": "Ann"},
    {"v": 1, "type": "create", "length": 5, "cube": 1, "name": "Ann"},
    {"v": 1, "type": "play", "seq": 1, "steps": [[8.0, 5]]},
    {"v": 1, "type": "play", "seq": 1, "steps": [[8, 5.0]]},
    {"v": 1, "type": "play", "seq": 1, "steps": [[8, True]]},
    {"v": 1, "type": "play", "seq": 1, "steps": [(8, 5, 1)]},
]


@pytest.mark.parametrize("message", NOT_INTEGERS, ids=lambda m: json.dumps(m))
def test_a_float_or_boolean_where_an_integer_is_asked_is_malformed(url, clients, message):
    c = Raw(url)
    clients.append(c)
    check(c.refused(message), ErrorCode.MALFORMED, None)
    c.quiet()


NOT_TOKENS: List[Any] = ["", "a" * 7, "a" * 65, "a" * 2000, 12345678, None, True, ["abcdefgh"],
                         "abcd efgh", "abcdefgh\n", "abcdefgh=", "abc/defgh", "abcdefgé", "١٢٣٤٥٦٧٨",
                         "ＡＢＣＤＥＦＧＨ", "abcdefgh\u0000", "abc.defgh"]


@pytest.mark.parametrize("token", NOT_TOKENS, ids=lambda t: repr(t)[:24])
def test_a_token_that_is_not_one_is_malformed_and_nothing_else_is_said(url, clients, token):
    c = Raw(url)
    clients.append(c)
    check(c.refused({"v": 1, "type": "resume", "token": token}), ErrorCode.MALFORMED, None)
    c.quiet()  # no "ended: match_gone" before or after it


@pytest.mark.parametrize("token", ["abcdefgh", "A" * 64, "Az09_-Az09_-"])
def test_a_token_of_the_right_form_is_looked_up(url, clients, token):
    c = Raw(url)
    clients.append(c)
    c.say({"v": 1, "type": "resume", "token": token})
    assert c.next()["reason"] == "match_gone"
    check(c.next(), ErrorCode.UNKNOWN_TOKEN, "resume")


@pytest.mark.parametrize("raw", [
    '{"v": 1, "type": "ping", "nonce": NaN}',
    '{"v": 1, "type": "ping", "nonce": Infinity}',
    '{"v": 1, "type": "ping", "nonce": 1, "nonce": 2}',
    '{"v": 1, "v": 1, "type": "ping", "nonce": 1}',
    b'{"v": 1, "type": "ping", "nonce": 1}',
], ids=["NaN", "Infinity", "a field twice", "v twice", "a binary frame"])
def test_what_is_not_strict_json_in_a_text_frame_is_malformed(url, clients, raw):
    c = Raw(url)
    clients.append(c)
    check(c.refused(raw), ErrorCode.MALFORMED, None)
    c.quiet()
