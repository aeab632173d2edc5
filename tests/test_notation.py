"""Play notation: format_play and parse_play."""

import pytest

from engine import (
    AmbiguousPlayError,
    IllegalPlayError,
    PlayNotationError,
    Position,
    format_play,
    legal_plays,
    parse_play,
)
from support import board

INITIAL = Position.initial()


START = {6: 5, 8: 3, 13: 5, 24: 2}
# the starting position, but the opponent has a blot on its 7-point (my 18)
BLOT18 = board(START, {6: 5, 7: 1, 8: 2, 13: 5, 24: 2})
# the starting position, but the opponent's 24-point moved to its 23 (my 1 is open)
OPEN1 = board(START, {6: 5, 8: 3, 13: 5, 23: 2})
# ... and blots on both my 18 and my 19
BLOTS = board(START, {6: 1, 7: 1, 8: 6, 13: 5, 24: 2})


def test_errors_are_value_errors():
    assert issubclass(PlayNotationError, ValueError)
    assert issubclass(IllegalPlayError, ValueError)
    assert issubclass(AmbiguousPlayError, PlayNotationError)


# -- format_play --------------------------------------------------------------------
def test_one_checkers_steps_are_joined():
    assert format_play(INITIAL, ((24, 18), (18, 13))) == "24/13"
    assert format_play(INITIAL, ((13, 8), (8, 5))) == "13/5"


def test_a_hit_on_the_way_is_shown():
    assert format_play(BLOT18, ((24, 18), (18, 13))) == "24/18*/13"
    assert format_play(BLOT18, ((24, 20), (20, 14))) == "24/14"
    assert format_play(BLOT18, ((24, 18), (18, 14))) == "24/18*/14"


def test_a_hit_is_marked_with_a_star():
    pos = board({13: 5, 6: 10}, {17: 1, 1: 14})  # a blot on my 8
    assert format_play(pos, ((13, 8), (6, 4))) == "13/8* 6/4"
    # only the first checker landing there hits
    assert format_play(pos, ((13, 8), (13, 8))) == "13/8*(2)"


def test_identical_moves_are_counted():
    assert format_play(INITIAL, ((24, 18), (24, 18), (13, 7), (13, 7))) == "24/18(2) 13/7(2)"
    assert format_play(OPEN1, ((8, 3), (8, 3), (8, 3), (6, 1))) == "8/3(3) 6/1"
    assert format_play(INITIAL, ((6, 4), (6, 4), (6, 4), (6, 4))) == "6/4(4)"


def test_steps_are_listed_from_the_highest_start_down():
    assert format_play(INITIAL, ((6, 5), (8, 5))) == "8/5 6/5"
    assert format_play(INITIAL, ((6, 1), (13, 8))) == "13/8 6/1"


def test_ties_from_one_point_list_the_longer_move_first():
    # GNU Backgammon's order: from the same point, the longer move first
    assert format_play(INITIAL, ((24, 20), (24, 18))) == "24/18 24/20"
    assert format_play(INITIAL, ((13, 10), (13, 8))) == "13/8 13/10"
    assert format_play(INITIAL, ((13, 8), (6, 3), (13, 10))) == "13/8 13/10 6/3"


def test_identical_moves_that_hit_are_counted_with_the_hit_mark():
    pos = board({13: 5, 6: 10}, {16: 1, 1: 14})  # a blot on my 9
    play = ((13, 9), (13, 9), (6, 2), (6, 2))
    assert format_play(pos, play) == "13/9*(2) 6/2(2)"
    assert pos.apply(parse_play(pos, "13/9*(2) 6/2(2)", (4, 4))) == pos.apply(play)
    assert pos.apply(play).bar == (0, 1)


def test_bar_and_off():
    pos = board({"bar": 1, 6: 14}, {1: 15})
    assert format_play(pos, ((25, 22), (6, 5))) == "bar/22 6/5"
    home = board({6: 2, 3: 13}, {1: 15})
    assert format_play(home, ((6, 0), (3, 1))) == "6/off 3/1"
    assert format_play(home, ((6, 0), (6, 0))) == "6/off(2)"
    assert format_play(home, ((6, 2), (2, 0))) == "6/off"


def test_the_empty_play():
    assert format_play(INITIAL, ()) == ""


# -- parse_play ---------------------------------------------------------------------
def test_parse_reads_the_formatted_examples():
    assert parse_play(INITIAL, "24/13", (6, 5)) in (((24, 18), (18, 13)), ((24, 19), (19, 13)))
    assert INITIAL.apply(parse_play(INITIAL, "24/13", (6, 5))) == INITIAL.apply(((24, 18), (18, 13)))
    assert parse_play(INITIAL, "24/18(2) 13/7(2)", (6, 6)) == ((24, 18), (24, 18), (13, 7), (13, 7))
    got = parse_play(OPEN1, "8/3(3) 6/1", (5, 5))
    assert OPEN1.apply(got) == OPEN1.apply(((8, 3), (8, 3), (8, 3), (6, 1)))
    pos = board({"bar": 1, 6: 14}, {1: 15})
    assert parse_play(pos, "bar/22 6/5", (3, 1)) == ((25, 22), (6, 5))
    home = board({6: 2, 3: 13}, {1: 15})
    assert home.apply(parse_play(home, "6/off 3/1", (6, 2))) == home.apply(((6, 0), (3, 1)))


def test_parse_tells_the_hit_apart():
    # 6-5: my 19 is held, so 24/13 can only go through the blot on 18 (and hits it)
    assert BLOT18.apply(parse_play(BLOT18, "24/13", (6, 5))).bar == (0, 1)
    # 6-4: 24/18*/14 hits on the way, 24/20/14 does not
    hit = parse_play(BLOT18, "24/18*/14", (6, 4))
    quiet = parse_play(BLOT18, "24/14", (6, 4))
    assert hit == ((24, 18), (18, 14))
    assert quiet == ((24, 20), (20, 14))
    assert BLOT18.apply(hit).bar == (0, 1)
    assert BLOT18.apply(quiet).bar == (0, 0)


def test_parse_ambiguous_text():
    # 24/13 with blots on both 18 and 19 hits one of them, but which?
    with pytest.raises(AmbiguousPlayError, match="could mean"):
        parse_play(BLOTS, "24/13", (6, 5))
    assert parse_play(BLOTS, "24/18*/13", (6, 5)) == ((24, 18), (18, 13))
    assert parse_play(BLOTS, "24/19*/13", (6, 5)) == ((24, 19), (19, 13))


def test_parse_step_by_step_form():
    a = parse_play(INITIAL, "13/8 8/5", (5, 3))
    assert a == parse_play(INITIAL, "13/5", (5, 3))
    assert INITIAL.apply(a) == INITIAL.apply(((13, 8), (8, 5)))
    assert parse_play(INITIAL, "8/5 6/5", (3, 1)) == parse_play(INITIAL, "6/5 8/5", (3, 1))
    assert parse_play(INITIAL, "24/18 24/18 13/7 13/7", (6, 6)) == ((24, 18), (24, 18), (13, 7), (13, 7))


def test_parse_is_lenient_about_spacing_case_and_dashes():
    assert parse_play(INITIAL, "  8-5, 6-5 ", (3, 1)) == parse_play(INITIAL, "8/5 6/5", (3, 1))
    pos = board({"bar": 1, 6: 14}, {1: 15})
    assert parse_play(pos, "BAR/22 6/5", (3, 1)) == ((25, 22), (6, 5))


def test_parse_pass():
    closed = board({"bar": 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 12: 3})
    assert legal_plays(closed, (6, 5)) == []
    assert parse_play(closed, "", (6, 5)) == ()
    assert parse_play(closed, "pass", (6, 5)) == ()
    with pytest.raises(IllegalPlayError):
        parse_play(INITIAL, "pass", (3, 1))


@pytest.mark.parametrize(
    "text",
    ["abc", "13/", "/8", "13/8/", "13", "13//8", "8/13", "13/13", "26/20", "13/8(0)", "13/8(x)", "13/8 bar", "off/3", "13/8 *"],
)
def test_malformed_text_raises_notation_error(text):
    with pytest.raises(PlayNotationError):
        parse_play(INITIAL, text, (5, 3))


def test_non_text_raises_notation_error():
    with pytest.raises(PlayNotationError):
        parse_play(INITIAL, None, (5, 3))
    with pytest.raises(PlayNotationError):
        parse_play(INITIAL, ((13, 8), (8, 5)), (5, 3))


@pytest.mark.parametrize(
    "text, dice",
    [
        ("13/7", (3, 1)),  # no such die
        ("13/10", (3, 1)),  # uses one die when both can be played
        ("13/10 13/12 6/5", (3, 1)),  # too many moves
        ("6/off 6/5", (6, 1)),  # bearing off with checkers outside
        ("24/18 24/18", (6, 6)),  # two of four sixes
        ("12/7 8/5", (5, 3)),  # no checker of mine on 12
        ("13/8 13/8", (5, 3)),  # a 5 twice with 5-3
    ],
)
def test_illegal_text_raises_illegal_play_error(text, dice):
    with pytest.raises(IllegalPlayError):
        parse_play(INITIAL, text, dice)


def test_blocked_point_text_is_illegal():
    # the opponent holds my 18 and 19: 24/13 with 6-5 is not possible
    pos = board({24: 2, 13: 13}, {6: 2, 7: 2, 2: 11})
    with pytest.raises(IllegalPlayError):
        parse_play(pos, "24/13", (6, 5))
    assert parse_play(pos, "13/7 13/8", (6, 5)) in legal_plays(pos, (6, 5))


def test_parse_returns_the_value_legal_plays_lists():
    for dice in [(3, 1), (6, 5), (4, 4), (2, 1), (6, 6)]:
        for play in legal_plays(INITIAL, dice):
            assert parse_play(INITIAL, format_play(INITIAL, play), dice) == play
