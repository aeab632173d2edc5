"""The engine's public API answers every bad argument, of any type, with one
of its own errors (engine.errors.BackgammonError; ArgumentTypeError, a
TypeError too, for a wrong type) and never lets it reach the internals
(AttributeError, KeyError, a bare TypeError or ValueError).  A saved game
that Game.from_json accepts can be saved again, shown and taken back."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, example, given, settings, strategies as st

from engine import (
    BackgammonError, FixedDice, Game, Match, Position, SeededDice, SerializationError, Turn, format_dice, format_play,
    get_bot, legal_plays, parse_play, successors,
)
from engine.errors import ArgumentTypeError, InvalidArgumentError, InvalidDiceError

# any JSON-like value, and the near misses that matter (numbers around the ranges, pairs, steps)
leaves = (st.none() | st.booleans() | st.integers(-30, 30) | st.integers() | st.floats(allow_nan=True)
          | st.text(max_size=16) | st.binary(max_size=8) | st.sampled_from(["single", "expert", "4HPwATDgc/ABMA", "13/8 8/5"]))
anything = st.recursive(leaves, lambda inner: st.lists(inner, max_size=5) | st.tuples(inner, inner)
                        | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=12)
anything = anything | st.builds(object) | st.just(Position.initial())


def only_engine_errors(call, *args, **kw):
    """Run ``call``; anything it raises must be the engine's own."""
    try:
        return call(*args, **kw)
    except BackgammonError:
        return None


def _game_in_move() -> Game:
    g = Game(dice=FixedDice([3, 1, 6, 4, 5, 2, 2, 2] * 4))
    g.roll()
    return g


SLOW = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SLOW
@given(a=anything, b=anything, c=anything)
@example(a=[], b=(3, 1), c=None)
@example(a=Position.initial(), b=(3, 7), c=None)
@example(a=Position.initial(), b=(True, 1), c=None)
@example(a=Position.initial(), b="31", c=None)
@example(a=[[0, 26]], b=None, c=None)  # a step off the board (found by the search)
@example(a=[[30, 3]], b=None, c=None)
def test_move_generation_and_notation_refuse_bad_arguments_with_engine_errors(a, b, c):
    pos = Position.initial()
    only_engine_errors(legal_plays, a, b)
    only_engine_errors(successors, a, b)
    only_engine_errors(legal_plays, pos, a)
    only_engine_errors(format_play, a, b)
    only_engine_errors(format_play, pos, a)
    only_engine_errors(parse_play, a, b, c)
    only_engine_errors(parse_play, pos, a, (3, 1))
    only_engine_errors(parse_play, pos, "13/10 6/5", a)
    only_engine_errors(Turn, a, b)
    only_engine_errors(Turn, pos, a)


@SLOW
@given(a=anything, b=anything)
@example(a=[{}, []], b=None)
@example(a=[(8, 5, "x")], b=None)
@example(a=None, b=[0] * 25)
def test_positions_refuse_bad_arguments_with_engine_errors(a, b):
    pos = Position.initial()
    only_engine_errors(Position, a, b)
    only_engine_errors(Position, [0] * 25, a)
    only_engine_errors(Position.from_id, a)
    only_engine_errors(pos.apply, a)
    only_engine_errors(pos.checkers, a)


@SLOW
@given(a=anything, b=anything, c=anything)
@example(a=None, b=None, c=None)
@example(a="8", b="5", c=3)
@example(a=8, b=5, c=[3])
def test_games_and_matches_refuse_bad_arguments_with_engine_errors(a, b, c):
    g = _game_in_move()
    only_engine_errors(g.step, a, b, c)
    only_engine_errors(g.step, 8, 5, a)
    only_engine_errors(g.play, a)
    only_engine_errors(g.play_text, a)
    only_engine_errors(g.resign, a)
    only_engine_errors(g.position_for, a)
    only_engine_errors(g.can_take_back, a)
    only_engine_errors(g.take_back, a)
    only_engine_errors(g.current_turn.step, a, b, c) if g.current_turn else None
    only_engine_errors(g.current_turn.make_play, a) if g.current_turn else None
    only_engine_errors(Game, cube=a, crawford=b, dice=c)
    only_engine_errors(Match, length=a, cube=b, dice=c)
    only_engine_errors(SeededDice, a)
    dice = only_engine_errors(FixedDice, a)
    if dice is not None:
        try:
            only_engine_errors(dice.die)
        except RuntimeError:  # a list that has run out of dice: the test's own mistake, said so
            pass


@pytest.fixture(scope="module")
def bots():
    return [get_bot("random", seed=1), get_bot("intermediate", seed=1)]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(a=anything, b=anything, c=anything)
@example(a="grandmaster", b=None, c=None)
@example(a=5, b=None, c=None)
@example(a="expert", b="seed", c=None)
def test_computer_players_refuse_bad_arguments_with_engine_errors(bots, a, b, c):
    pos = Position.initial()
    only_engine_errors(get_bot, a, seed=b)
    for bot in bots:
        only_engine_errors(bot.choose_play, a, b)
        only_engine_errors(bot.choose_play, pos, a)
        only_engine_errors(bot.rank_plays, pos, a)
        only_engine_errors(bot.should_double, a)
        only_engine_errors(bot.should_double, pos, owner=a)
        only_engine_errors(bot.should_double, pos, match=a)
        only_engine_errors(bot.should_take, a)
        only_engine_errors(bot.accepts_resignation, pos, a)
        only_engine_errors(bot.accepts_resignation, a, "single")


def test_the_errors_say_which_kind_of_mistake():
    with pytest.raises(ArgumentTypeError) as info:
        legal_plays([], (3, 1))
    assert isinstance(info.value, TypeError) and isinstance(info.value, ValueError)
    with pytest.raises(ArgumentTypeError):
        Position.initial().apply([{}, []])
    with pytest.raises(ArgumentTypeError):
        _game_in_move().step(None, None)
    with pytest.raises(InvalidDiceError):
        legal_plays(Position.initial(), (0, 7))
    with pytest.raises(InvalidArgumentError):
        Match(length=0)
    with pytest.raises(ArgumentTypeError):
        Match(length="5")
    with pytest.raises(InvalidArgumentError):
        get_bot("grandmaster")
    with pytest.raises(ArgumentTypeError):
        get_bot(None)


# -- saved games: every field of every record --------------------------------------------------
def _played_doc(turns: int = 8) -> dict:
    g = Game(cube=True, dice=SeededDice(5))
    for _ in range(turns):
        if g.phase in ("opening", "roll"):
            g.roll()
        if g.phase == "move":
            plays = legal_plays(g.position, g.dice)
            g.play(plays[0] if plays else ())
    g.roll()
    return json.loads(json.dumps(g.to_json()))


def _paths(doc, prefix=()):
    """Every place in the document a value sits (keys and list items)."""
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield prefix + (k,)
            yield from _paths(v, prefix + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield prefix + (i,)
            yield from _paths(v, prefix + (i,))


DOC = _played_doc()
PATHS = list(_paths(DOC))


def _set(doc, path, value):
    for k in path[:-1]:
        doc = doc[k]
    doc[path[-1]] = value


def _accepted_game_is_usable(g: Game) -> None:
    again = Game.from_json(json.loads(json.dumps(g.to_json())))  # it saves, and the save loads
    assert again.to_json() == g.to_json()
    g.pips(), g.position_for(0), str(g.position)
    for entry in g.log:
        assert isinstance(entry.text, str) and (entry.dice is None or len(entry.dice) == 2)
    if g.phase == "move":
        g.current_turn.legal_steps()
        g.undo()
    if g.can_take_back():
        g.take_back()
        json.dumps(g.to_json())


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=st.sampled_from(PATHS), value=anything)
@example(path=("history", 0, "dice"), value=None)
@example(path=("cube_enabled",), value="false")
@example(path=("history", 0, "log_len"), value=10 ** 9)
@example(path=("log", 0, "kind"), value="\x00")
@example(path=("result",), value={"winner": 0, "kind": "single", "multiple": 7, "cube": 3})
def test_a_saved_game_with_any_one_field_changed_is_refused_or_usable(path, value):
    doc = json.loads(json.dumps(DOC))
    _set(doc, path, value)
    try:
        g = Game.from_json(doc)
    except SerializationError:
        return
    _accepted_game_is_usable(g)


def test_a_history_record_without_dice_is_refused():
    doc = json.loads(json.dumps(DOC))
    assert doc["history"]
    doc["history"][0]["dice"] = None
    with pytest.raises(SerializationError):
        Game.from_json(doc)


def _deep(n: int = 100_000) -> list:
    value: list = []
    for _ in range(n):
        value = [value]
    return value


def test_a_very_deep_value_in_any_field_of_a_saved_game_is_refused_as_one():
    """A 100,000-deep list or a 100,000-digit number anywhere in a saved game
    or match is the engine's error, described briefly (a full ``repr`` would
    recurse past Python's limit, or refuse the number)."""
    deep, huge = _deep(), 10 ** 100_000
    for value in (deep, huge):
        for path in PATHS:
            doc = json.loads(json.dumps(DOC))
            _set(doc, path, value)
            try:
                Game.from_json(doc)
            except SerializationError as exc:
                assert len(str(exc)) <= 300
        match = Match().to_json()
        for key in list(match):
            try:
                Match.from_json(dict(match, **{key: value}))
            except SerializationError as exc:
                assert len(str(exc)) <= 300
        with pytest.raises(SerializationError, match=r"\[\[\[\[\.\.\.\]\]\]\]|whole number of"):
            Match.from_json(dict(match, results=[[value, "single", 1, 1]]))


def test_a_very_deep_value_given_to_the_api_is_the_engines_error():
    deep, pos = _deep(), Position.initial()
    for call, args in ((legal_plays, (pos, deep)), (legal_plays, (deep, (3, 1))), (format_play, (pos, deep)),
                       (parse_play, (pos, "8/5 6/5", deep)), (Turn, (pos, deep)), (Position, (deep, deep)),
                       (Position, ([deep] * 25, [0] * 25)), (Position.from_id, (deep,)), (format_dice, (deep,)),
                       (format_dice, ([deep, deep],)), (Match, (deep,))):
        with pytest.raises(BackgammonError) as caught:
            call(*args)
        assert len(str(caught.value)) <= 300
