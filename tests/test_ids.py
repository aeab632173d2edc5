"""GNU Backgammon's Match ID and Position ID: golden IDs from its manual,
round trips through Match.ids() / Match.from_ids(), and bad IDs refused."""

import pytest

from engine import FixedDice, InvalidMatchIdError, InvalidPositionIdError, Match, Position
from engine.ids import GameState, MatchState, decode_match_id, encode_match_id


def test_the_manuals_match_id_example():
    # GNU Backgammon manual, "A technical description of the Match ID": 9-point
    # match, score 2-4, player 0 owns a 2-cube, player 1 has rolled 5-2
    state = MatchState(cube_value=2, cube_owner=0, dice_owner=1, turn=1, dice=(5, 2), length=9, score=(2, 4))
    assert encode_match_id(state) == "QYkqASAAIAAA"
    assert decode_match_id("QYkqASAAIAAA") == state


def test_the_manuals_initial_position_id():
    assert Position.initial().to_id() == "4HPwATDgc/ABMA"


@pytest.mark.parametrize(
    "mid, fields",
    [
        ("cAkAAAAAAAAA", dict(dice_owner=1, turn=1, length=0)),  # money game, player 1 to roll
        ("MAAAAAAAAAAA", dict(game_state=GameState.NONE)),  # nothing started
    ],
)
def test_known_ids_decode(mid, fields):
    state = decode_match_id(mid)
    for name, value in fields.items():
        assert getattr(state, name) == value
    assert encode_match_id(state) == mid


def test_match_from_the_manuals_ids_and_back():
    m = Match.from_ids("4HPwATDgc/ABMA", "QYkqASAAIAAA")
    assert (m.length, m.score, m.game.turn, m.game.phase, m.game.dice) == (9, (2, 4), 1, "move", (5, 2))
    assert (m.game.cube_value, m.game.cube_owner) == (2, 0)
    assert m.ids() == ("4HPwATDgc/ABMA", "QYkqASAAIAAA")
    m.game.play_text("13/8 13/11")  # the game goes on from there
    assert m.game.turn == 0


def _states():
    """Match states reached in real play: rolls, doubles, takes, resignations, Crawford."""
    m = Match(length=5, cube=True, dice=FixedDice([6, 1, 5, 5, 3, 2, 4, 1]))
    yield m  # opening not rolled
    m.game.roll()
    yield m  # player 0 to play 6-1
    m.game.play_text("13/7 8/7")
    yield m  # player 1 to roll
    m.game.double()
    yield m  # player 0 to answer
    m.game.take()
    m.game.roll()
    yield m  # player 1 rolled 5-5 with a 2-cube it owns
    m.game.play_text("13/3(2)")
    m.game.roll()
    m.game.resign("gammon")
    yield m  # player 0 offers a gammon
    m.game.reject_resignation()
    yield m


def test_round_trips_through_real_states():
    for m in _states():
        pid, mid = m.ids()
        again = Match.from_ids(pid, mid)
        assert again.ids() == (pid, mid)
        g, h = m.game, again.game
        assert (h.turn, h.to_act, h.phase, h.cube_value, h.cube_owner, h.resignation) == (
            g.turn, g.to_act, g.phase, g.cube_value, g.cube_owner, g.resignation)
        assert h.turn_start == g.turn_start


def test_score_and_crawford_travel():
    m = Match.from_ids("4HPwATDgc/ABMA", encode_match_id(MatchState(crawford=True, length=7, score=(6, 3))))
    assert m.score == (6, 3) and m.game.crawford and not m.game.can_double()
    pid, mid = m.ids()
    assert decode_match_id(mid).crawford and decode_match_id(mid).score == (6, 3)


def test_a_single_game_with_the_cube_is_a_money_game():
    m = Match(length=1, cube=True, dice=FixedDice([3, 1]))
    m.game.roll()
    assert decode_match_id(m.ids()[1]).length == 0
    assert Match.from_ids(*m.ids()).ids() == m.ids()


@pytest.mark.parametrize(
    "mid",
    ["", "short", "QYkqASAAIAAA!", "QYkqASAAIA@A", "Q" * 13, None,
     encode_match_id(MatchState(game_state=GameState.OVER)),  # nothing left to play
     "QYkqASAAIA/A",  # a score beyond the length
     ],
)
def test_bad_match_ids_are_refused_clearly(mid):
    with pytest.raises(InvalidMatchIdError):
        Match.from_ids("4HPwATDgc/ABMA", mid)


def test_bad_position_ids_are_refused_clearly():
    with pytest.raises(InvalidPositionIdError):
        Match.from_ids("4HPwATDgc/ABM", "QYkqASAAIAAA")


def test_malformed_fields_are_refused():
    import base64

    def mid(bits):
        data = bytearray(9)
        for i, b in enumerate(bits):
            data[i // 8] |= b << (i % 8)
        return base64.b64encode(bytes(data)).decode()

    centred_playing = [0, 0, 0, 0, 1, 1, 0, 0, 1, 0, 0]
    owner_two = [0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0]
    bad_die = centred_playing + [0, 0, 0, 0, 1, 1, 1, 0, 0, 0]  # die 1 = 7
    for bits in (owner_two, bad_die):
        with pytest.raises(InvalidMatchIdError):
            decode_match_id(mid(bits))
    assert decode_match_id(mid(centred_playing)).cube_owner is None
