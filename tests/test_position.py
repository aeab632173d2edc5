"""Position: the Position ID format, validation, pips, views and drawing."""

import base64

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import InvalidPositionError, InvalidPositionIdError, Position

B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
INITIAL_ID = "4HPwATDgc/ABMA"


def counts(points=None, bar=0):
    """25 counts (points 1..24, then the bar) from {point: checkers}."""
    c = [0] * 25
    for p, n in (points or {}).items():
        c[p - 1] = n
    c[24] = bar
    return c


def encode_bits(bits):
    """The Position ID of an 80-bit string, packed as POSITION_ID.md says
    (written here independently of the engine)."""
    bits = list(bits) + [0] * (80 - len(bits))
    assert len(bits) == 80
    data = bytearray(10)
    for i, bit in enumerate(bits):
        if bit:
            data[i // 8] |= 1 << (i % 8)
    return base64.b64encode(bytes(data)).decode("ascii")[:14]


def side_bits(c):
    """One side's 25 slots: a 1-bit per checker, then a 0-bit."""
    out = []
    for n in c:
        out += [1] * n + [0]
    return out


INITIAL_SIDE = counts({6: 5, 8: 3, 13: 5, 24: 2})


# -- the encoder used by these tests agrees with the format's example -------
def test_test_encoder_matches_the_documented_initial_id():
    assert encode_bits(side_bits(INITIAL_SIDE) + side_bits(INITIAL_SIDE)) == INITIAL_ID


# -- round trips --------------------------------------------------------------
def test_initial_position_id():
    pos = Position.initial()
    assert pos.to_id() == INITIAL_ID
    assert Position.from_id(INITIAL_ID) == pos
    assert Position(INITIAL_SIDE, INITIAL_SIDE) == pos


def test_id_puts_the_opponent_first():
    # player on roll: one checker on its 1-point, 14 off; opponent: 15 on its 23-point
    pos = Position(counts({1: 1}), counts({23: 15}))
    opp = [0] * 22 + [1] * 15 + [0, 0, 0]  # 22 empty slots, 15 on the 23-point, its end, the 24-point, the bar
    assert pos.to_id() == encode_bits(opp + [1, 0] + [0] * 24)
    assert Position.from_id(pos.to_id()) == pos


def test_hand_built_positions_round_trip():
    cases = [
        Position(counts({1: 2, 2: 3}, bar=2), counts({19: 4, 12: 1}, bar=1)),
        Position(counts(), counts()),  # everything borne off
        Position(counts({24: 15}), counts({24: 15})),
        Position(counts(bar=15), counts({1: 15})),
    ]
    for pos in cases:
        text = pos.to_id()
        assert len(text) == 14 and set(text) <= set(B64)
        assert Position.from_id(text) == pos
        assert Position.from_id(text).to_id() == text


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.integers(0, 25), min_size=0, max_size=15),
    st.lists(st.integers(0, 25), min_size=0, max_size=15),
)
def test_random_boards_round_trip(mine, theirs):
    """Checkers dropped on slots 1..25 (25 = bar, 0 = borne off); points the
    other side already holds are skipped."""
    me, opp = [0] * 25, [0] * 25
    for s in mine:
        if s:
            me[s - 1] += 1
    for s in theirs:
        if s and not (s <= 24 and me[24 - s]):  # my point 25 - s is index 24 - s
            opp[s - 1] += 1
    pos = Position(me, opp)
    assert list(pos.on_roll_counts()) == me
    assert list(pos.opponent_counts()) == opp
    assert pos.borne_off == (15 - sum(me), 15 - sum(opp))
    assert Position.from_id(pos.to_id()) == pos
    assert eval(repr(pos), {"Position": Position}) == pos
    assert hash(Position.from_id(pos.to_id())) == hash(pos)


@settings(max_examples=300, deadline=None)
@given(st.binary(min_size=10, max_size=10))
def test_any_canonical_id_is_refused_or_round_trips(raw):
    text = base64.b64encode(raw).decode("ascii")[:14]
    try:
        pos = Position.from_id(text)
    except InvalidPositionIdError:
        return
    assert pos.to_id() == text
    assert sum(pos.on_roll_counts()) <= 15 and sum(pos.opponent_counts()) <= 15


def decode_bits(text):
    """The two sides' 25 counts of a Position ID, read bit by bit as
    POSITION_ID.md says (written here independently of the engine), or None
    where the bits do not describe two sides of at most 15 checkers each."""
    raw = base64.b64decode(text + "==")
    bits = [(raw[i // 8] >> (i % 8)) & 1 for i in range(80)]
    sides, count, i = [[], []], 0, 0
    for _ in range(50):
        while i < 80 and bits[i]:
            count, i = count + 1, i + 1
        if i >= 80:
            return None
        sides[0 if len(sides[0]) < 25 else 1].append(count)
        count, i = 0, i + 1
    if any(bits[i:]) or any(sum(side) > 15 for side in sides):
        return None
    return sides[1], sides[0]  # (the player on roll's, the opponent's)


@settings(max_examples=1500, deadline=None)
@given(st.binary(min_size=10, max_size=10), st.lists(st.binary(min_size=10, max_size=10), max_size=2))
def test_an_id_reads_as_a_reader_bit_by_bit_reads_it(raw, masks):
    for mask in masks:  # fewer 1s: more IDs that describe two sides
        raw = bytes(a & b for a, b in zip(raw, mask))
    text = base64.b64encode(raw).decode("ascii")[:14]
    expected = decode_bits(text)
    if expected is not None:
        on_roll, opponent = expected
        if any(on_roll[p - 1] and opponent[24 - p] for p in range(1, 25)):
            expected = None  # both sides on one point
    try:
        pos = Position.from_id(text)
    except InvalidPositionIdError:
        assert expected is None, text
        return
    assert expected is not None, text
    assert (list(pos.on_roll_counts()), list(pos.opponent_counts())) == expected
    assert pos.to_id() == text


# -- invalid IDs --------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    ["", "4HPwATDgc/ABM", "4HPwATDgc/ABMAA", "nonsense", "4HPwATDgc/ABMA==", "4HPw ATDgc/ABMA"],
)
def test_wrong_length_is_refused(text):
    with pytest.raises(InvalidPositionIdError, match="14 characters"):
        Position.from_id(text)


@pytest.mark.parametrize("text", ["4HPwATDgc/AB!A", "4HPwATDgc-ABMA", "4HPwATDgc_ABMA", "4HPwATDgc/ABM\u00e9"])
def test_non_base64_is_refused(text):
    with pytest.raises(InvalidPositionIdError, match="Base64"):
        Position.from_id(text)


def test_non_text_is_refused():
    for value in (None, 12345678901234, b"4HPwATDgc/ABMA", ["4HPwATDgc/ABMA"]):
        with pytest.raises(InvalidPositionIdError):
            Position.from_id(value)


def test_too_many_checkers_is_refused():
    # the opponent has 16 checkers on its 1-point
    text = encode_bits([1] * 16 + [0] * 25 + [0] * 25)
    with pytest.raises(InvalidPositionIdError, match="16 checkers"):
        Position.from_id(text)
    # the player on roll has 9 + 7 checkers
    text = encode_bits([0] * 25 + [1] * 9 + [0] + [1] * 7 + [0] * 24)
    with pytest.raises(InvalidPositionIdError, match="16 checkers"):
        Position.from_id(text)


def test_all_ones_is_refused():
    with pytest.raises(InvalidPositionIdError):
        Position.from_id("/" * 14)


def test_both_sides_on_one_point_is_refused():
    # the opponent's 1-point is the player on roll's 24-point
    opp = side_bits(counts({1: 1}))
    me = side_bits(counts({24: 1}))
    with pytest.raises(InvalidPositionIdError, match="not a legal board"):
        Position.from_id(encode_bits(opp + me))
    # and the same two checkers on different points are fine
    assert Position.from_id(encode_bits(opp + side_bits(counts({23: 1})))).to_id() == encode_bits(
        opp + side_bits(counts({23: 1}))
    )


def test_trailing_bits_are_refused():
    bits = side_bits(counts({6: 2})) + side_bits(counts({8: 3}))
    assert len(bits) == 80 - 25
    assert Position.from_id(encode_bits(bits)) == Position(counts({8: 3}), counts({6: 2}))
    for extra in (0, 5, 24):
        tail = [0] * 25
        tail[extra] = 1
        with pytest.raises(InvalidPositionIdError, match="beyond"):
            Position.from_id(encode_bits(bits + tail))


@pytest.mark.slow
@settings(max_examples=500, deadline=None)
@given(st.one_of(st.text(), st.text(alphabet=B64, min_size=14, max_size=14), st.text(alphabet=B64 + "=- ", max_size=16)))
def test_arbitrary_text_gives_a_position_or_the_id_error(text):
    try:
        pos = Position.from_id(text)
    except InvalidPositionIdError as exc:
        assert isinstance(exc, ValueError)
        assert str(exc)
        return
    assert isinstance(pos, Position)
    assert Position.from_id(pos.to_id()) == pos


def test_id_error_is_a_value_error():
    assert issubclass(InvalidPositionIdError, ValueError)
    assert issubclass(InvalidPositionError, ValueError)


# -- Position(...) validation -----------------------------------------------------
@pytest.mark.parametrize(
    "mine",
    [
        [0] * 24,  # too short
        [0] * 27,  # too long
        counts({6: 16}),  # 16 checkers
        counts({6: 8}, bar=8),  # 16 with the bar
        counts({6: -1}),
        counts({6: 1.0}),
        counts({6: True}),
        counts({6: "2"}),
    ],
)
def test_bad_counts_are_refused(mine):
    with pytest.raises(InvalidPositionError):
        Position(mine, counts())
    with pytest.raises(InvalidPositionError):
        Position(counts(), mine)


def test_shared_point_is_refused():
    # my 6-point is the opponent's 19-point
    with pytest.raises(InvalidPositionError, match="both sides"):
        Position(counts({6: 2}), counts({19: 1}))
    Position(counts({6: 2}), counts({18: 1}))
    # both bars may hold checkers at once
    Position(counts(bar=2), counts(bar=3))


# -- pips, swapped, views ----------------------------------------------------------
def test_initial_pips():
    # 2x24 + 5x13 + 3x8 + 5x6 = 48 + 65 + 24 + 30 = 167
    assert Position.initial().pips() == (167, 167)


def test_bar_counts_25_pips():
    pos = Position(counts({1: 14}, bar=1), counts({2: 3}, bar=2))
    assert pos.pips() == (14 + 25, 6 + 50)
    assert pos.bar == (1, 2)
    assert pos.borne_off == (0, 10)


def test_swapped():
    pos = Position(counts({1: 2, 13: 3}, bar=1), counts({23: 2, 7: 1}))
    flip = pos.swapped()
    assert flip.on_roll_counts() == pos.opponent_counts()
    assert flip.opponent_counts() == pos.on_roll_counts()
    assert flip.pips() == tuple(reversed(pos.pips()))
    assert flip.bar == (0, 1)
    assert flip.borne_off == (12, 9)
    assert flip.swapped() == pos
    # my 13-point is the opponent's 12-point
    assert pos.checkers(13) == 3 and flip.checkers(12) == -3
    assert pos.checkers(18) == -1 and flip.checkers(7) == 1
    assert Position.initial().swapped() == Position.initial()


def test_checkers_view():
    pos = Position.initial()
    assert [pos.checkers(p) for p in (24, 19, 13, 12, 8, 6, 1)] == [2, -5, 5, -5, 3, 5, -2]
    assert pos.checkers(0) == 0 and pos.checkers(25) == 0
    with pytest.raises(ValueError):
        pos.checkers(26)


def test_positions_are_values():
    a = Position(counts({3: 1}), counts({5: 2}))
    b = Position.from_id(a.to_id())
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != a.swapped()
    assert a != "not a position"


def test_winner():
    assert Position.initial().winner() is None
    assert Position(counts(), counts({3: 1})).winner() == 0
    assert Position(counts({3: 1}), counts()).winner() == 1


# -- drawing ------------------------------------------------------------------------
def test_str_draws_the_initial_board():
    text = str(Position.initial())
    lines = text.splitlines()
    board = "\n".join(lines[:-1])
    assert board.count("X") == 15 and board.count("O") == 15
    # the top row, points 13..18 | 19..24: X on 13 and 24, O (its 8 and 6 points) on 17 and 19
    assert lines[0].split() == [str(p) for p in range(13, 19)] + ["|"] + [str(p) for p in range(19, 25)]
    assert lines[1] == " " + " X  .  .  .  O  . " + " |" + " O  .  .  .  .  X "
    # the bottom row, points 12..7 | 6..1: O on 12 and 1, X on 8 and 6
    assert lines[-2].split() == [str(p) for p in range(12, 6, -1)] + ["|"] + [str(p) for p in range(6, 0, -1)]
    assert lines[-3] == " " + " O  .  .  .  X  . " + " |" + " X  .  .  .  .  O "
    assert "pips 167" in lines[-1]


def test_str_shows_tall_stacks_bar_and_off():
    pos = Position(counts({6: 9}, bar=1), counts({1: 2}))
    text = str(pos)
    assert " 9 " in text  # more than five on a point: the count is written
    assert "bar 1" in text and "off 5" in text and "off 13" in text
    assert str(pos) != str(pos.swapped())


def test_repr_round_trips_through_the_id():
    pos = Position(counts({2: 2, 20: 1}, bar=1), counts({6: 4}, bar=1))
    assert repr(pos) == f"Position.from_id({pos.to_id()!r})"
    assert eval(repr(pos), {"Position": Position}) == pos
