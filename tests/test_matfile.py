"""The JellyFish .mat format: hand-checked golden files, round trips of whole
matches played by the engine, and bad files refused with the line named."""

import random
from dataclasses import replace

import pytest

from engine import FixedDice, MatFileError, Match, SeededDice, from_mat, get_bot, ordered_dice, to_mat
from support import ROOT

DATA = ROOT / "tests" / "data"


def test_the_golden_match_reads_as_hand_checked():
    m = from_mat((DATA / "golden_3pt.mat").read_text())
    assert (m.length, m.score, m.over, m.winner) == (3, (3, 1), True, 0)
    g1, g2 = m.games
    # game 1: Bob opens 3-1, Ann plays 6-4, Bob doubles, Ann drops
    assert [(e.player, e.kind) for e in g1.log if e.kind != "opening"] == [
        (1, "play"), (0, "play"), (1, "double"), (0, "drop"), (1, "win")]
    assert g1.log[1].dice == (3, 1) and g1.log[1].text == "8/5 6/5"
    assert (g1.result.winner, g1.result.kind, g1.result.points) == (1, "dropped", 1)
    # game 2: Bob resigns a gammon after 2 turns each... Ann's second turn
    assert (g2.result.winner, g2.result.kind, g2.result.points) == (0, "resigned", 2)
    assert [e.text for e in g2.log if e.kind == "play"] == ["13/8 13/11", "24/18(2) 13/7(2)", "24/20 13/10"]
    # game 3 is the Crawford game (Ann at 2 of 3), won by a resignation
    assert m.game.crawford and not g2.crawford
    assert (m.game.result.winner, m.game.result.points) == (0, 1)


def test_the_golden_match_is_written_back_byte_for_byte():
    text = (DATA / "golden_3pt.mat").read_text()
    assert to_mat(from_mat(text), ("Ann", "Bob")) == text


def test_other_spacing_is_read_the_same():
    tight = from_mat((DATA / "golden_3pt.mat").read_text())
    loose = from_mat((DATA / "golden_3pt_loose.mat").read_text())
    assert _logs(loose) == _logs(tight)


def _bot_match(seed, length=5, cube=True):
    """A whole match between two computer players, with doubles, takes,
    drops and the odd resignation."""
    rng = random.Random(seed)
    bot = get_bot("random", seed=seed)
    m = Match(length=length, cube=cube, dice=SeededDice(seed))
    while True:
        g = m.game
        while not g.over:
            if g.phase in ("opening", "roll"):
                if g.phase == "roll" and g.can_double() and rng.random() < 0.08:
                    g.double()
                    g.take() if rng.random() < 0.6 else g.drop()
                    continue
                if g.phase == "roll" and rng.random() < 0.01:
                    g.resign(rng.choice(["single", "gammon", "backgammon"]))
                    g.accept_resignation()
                    continue
                g.roll()
            elif g.phase == "move":
                g.play(bot.choose_play(g.turn_start, g.dice))
        if m.over:
            return m
        m.next_game()


def _logs(m):
    """Every game's log, less the tied opening throws (a .mat file leaves them
    out), a turn's dice in the order they are written (the larger first: a
    .mat file does not keep the order they were thrown in; the opening's
    throws, one die each, keep theirs)."""
    def written(e):
        return replace(e, dice=ordered_dice(e.dice)) if e.kind in ("play", "pass") and e.dice else e

    return [[written(e) for e in g.log if e.text != "tie"] for g in m.games + [m.game]]


@pytest.mark.parametrize("seed", range(6))
def test_round_trip_of_whole_matches(seed):
    m = _bot_match(seed)
    text = to_mat(m, ("White", "Black"))
    again = from_mat(text)
    assert again.score == m.score and again.length == m.length
    assert _logs(again) == _logs(m)
    assert to_mat(again, ("White", "Black")) == text


def test_round_trips_cover_every_kind_of_line():
    texts = "".join(to_mat(_bot_match(seed)) for seed in range(6))
    for needle in (" Doubles => 2", " Takes", " Drops", "Wins ", "and the match"):
        assert needle in texts
    kinds = {e.kind for seed in range(6) for g in (lambda m: m.games + [m.game])(_bot_match(seed)) for e in g.log}
    assert {"pass", "resign", "double", "take", "drop"} <= kinds


def test_a_match_in_progress_and_without_the_cube():
    m = Match(length=7, cube=False, dice=FixedDice([5, 2, 6, 6]))
    m.game.roll()
    m.game.play_text("13/8 13/11")
    m.game.roll()
    text = to_mat(m)  # the turn in progress is not written
    assert "Crawford \"Off\"" in text and " 7 point match" in text and "66" not in text
    again = from_mat(text)
    assert not again.cube and again.game.log == m.game.log[:2] and again.game.turn == 1


def test_a_set_up_game_cannot_be_written():
    m = Match.from_ids("4HPwATDgc/ABMA", "QYkqASAAIAAA")
    with pytest.raises(MatFileError, match="set-up position"):
        to_mat(m)


@pytest.mark.parametrize(
    "text, where",
    [
        ("", "point match"),
        (" 5 point match\n Game 1\n A : 0   B : 0\n  1) 31: 8/5 6/5   64: 24/14 13/9\n", "line 4"),
        (" 5 point match\n Game 1\n A : 0   B : 0\n  1) 33: 8/5 6/5\n", "double"),
        (" 5 point match\n Game 1\n A : 0   B : 0\n  1) 31: hello\n", "line 4"),
        (" 5 point match\n Game 1\n A : 0   B : 0\n  1) 31: 8/5 6/5\n Game 2\n A : 0   B : 0\n", "does not end"),
        (" 5 point match\n Game 1\n A : 0   B : 0\n  1) 31: 8/5 6/5     Doubles => 4\n", "cube"),
        (" 5 point match\n Game 1\n nobody\n", "scores"),
        (" 200 point match\n", "99"),
        (" 5 point match\n Game 1\n A : 0   B : 0\n  1) 31: 8/5 6/5\n     Wins 7 points\n", "cannot end"),
    ],
)
def test_bad_files_are_refused_with_the_reason(text, where):
    with pytest.raises(MatFileError, match=where):
        from_mat(text)


# -- files written by other programs --------------------------------------------------
def _read(name, **kw):
    return (DATA / name).read_text(encoding="utf-8", **kw)


def _round_trip_holds(m):
    text = to_mat(m, ("A", "B"))
    again = from_mat(text)
    assert _logs(again) == _logs(m) and again.score == m.score
    assert to_mat(again, ("A", "B")) == text


def test_a_gnubg_export_is_read():
    """GNU Backgammon's export: one move per die (``13/7 7/3``), the bar as 25
    and off as 0, a trailing space after each cell, a roll that cannot be
    played as ``65:`` alone, and a roll its player then resigned on as
    ``63:`` alone before the winner's ``Wins`` line."""
    m = from_mat(_read("gnubg_export_7pt.mat"))
    assert (m.length, m.score, m.over, m.winner) == (7, (18, 2), True, 0)
    g1, g2 = m.games
    assert (g1.result.winner, g1.result.kind, g1.result.points) == (1, "resigned", 2)
    assert [e.kind for e in g1.log[-3:]] == ["resign", "accept", "win"] and g1.log[-3].player == 0
    assert any(e.kind == "pass" for e in g1.log)
    assert (g2.result.kind, m.game.result.kind, m.game.result.points) == ("gammon", "gammon", 16)
    assert "25/22*" in _read("gnubg_export_7pt.mat") and any(e.text.startswith("bar/22*") for e in g1.log)
    _round_trip_holds(m)


def test_an_xg_export_is_read():
    """eXtreme Gammon's export: a byte-order mark, Windows line ends, its
    header lines, players' names with spaces, ``Bar``/``Off``, ``64: Cannot
    Move`` for a roll with no legal play and ``61: ???`` for a roll its
    player resigned on; a 13-point match still in progress."""
    raw = (DATA / "xg_export_13pt.mat").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf") and b"\r\n" in raw and b"Cannot Move" in raw
    m = from_mat(raw.decode("utf-8"))
    assert (m.length, m.score, m.over, len(m.games)) == (13, (0, 5), False, 2)
    assert (m.game.result.winner, m.game.result.kind, m.game.result.points) == (1, "resigned", 2)
    passes = [e for g in m.games + [m.game] for e in g.log if e.kind == "pass"]
    assert len(passes) == raw.count(b"Cannot Move") and passes[0].dice == (6, 4) and passes[0].player == 0
    _round_trip_holds(m)


def test_the_first_cannot_move_line_no_longer_stops_the_reading():
    text = _read("xg_export_13pt.mat").lstrip("\ufeff")
    first = next(line for line in text.splitlines() if "Cannot Move" in line)
    m = from_mat(text[: text.index(first) + len(first)])
    dance, answer = m.game.log[-2:]
    assert (dance.kind, dance.player, dance.dice, answer.kind, answer.player) == ("pass", 0, (6, 4), "play", 1)


def test_a_forced_play_left_out_is_played():
    text = _read("gnubg_export_7pt.mat")
    line = " 20) 32: 25/22*                  52: "
    assert line in text
    shorter = from_mat(text.replace(line, " 20) 32:                         52: "))
    assert _logs(shorter) == _logs(from_mat(text))


HEAD = " 5 point match\n\n Game 1\n Joe Smith : 0                  Jane Doe : 0\n"


@pytest.mark.parametrize(
    "body, check",
    [
        # comment lines anywhere, '#' too, and moves written with hyphens
        ("; a comment\n  1) 31: 8/5 6/5                 64: 24-18 13-9\n# another\n",
         lambda m: [e.text for e in m.game.log if e.kind == "play"] == ["8/5 6/5", "24/18 13/9"]),
        # a roll and nothing after it at the end: the turn is in progress
        ("  1) 31: 8/5 6/5                 64:\n",
         lambda m: m.game.phase == "move" and m.game.turn == 1 and sorted(m.game.dice) == [4, 6]),
        # the cube without its value, in other words; 'Resigns' before the winner's line
        ("  1) 31: 8/5 6/5                 64: 24/18 13/9\n  2)  Double                      Take\n"
         "  3) 52: 13/8 13/11               Resigns\n      Wins 2 points\n",
         lambda m: m.game.cube_value == 2 and m.game.result.winner == 0 and m.game.result.points == 2),
        ("  1) 31: 8/5 6/5                 64: 24/18 13/9\n  2)  Doubles                     Passes\n      Wins 1 point\n",
         lambda m: m.game.result.kind == "dropped" and m.game.result.winner == 0),
        ("  1) 31: 8/5 6/5                 64: 24/18 13/9\n  2)  Doubles => 2                Rejects\n      Wins 1 point and the match\n",
         lambda m: m.game.result.kind == "dropped"),
        # a roll of two different dice written smaller first
        ("  1) 13: 8/5 6/5                 46: 24/18 13/9\n",
         lambda m: [ordered_dice(e.dice) for e in m.game.log if e.kind == "play"] == [(3, 1), (6, 4)]
         and "31: 8/5 6/5" in to_mat(m) and "64: 24/18 13/9" in to_mat(m)),
    ],
)
def test_variants_other_programs_write_are_read(body, check):
    m = from_mat(HEAD + body)
    assert check(m)
    if m.game.phase != "move":
        _round_trip_holds(m)


@pytest.mark.parametrize(
    "body, number, shown",
    [
        ("  1) 31: 8/5 6/5                 64: 24/18 13/9\n  2) 52: Illegal play (oops)\n", 6, "2) 52: Illegal play (oops)"),
        ("  1) 31: 8/5 6/5                 64: 24/18 13/9\n  2)  Doubles => 2                Beavers => 4\n", 6, "Beavers => 4"),
        ("  1) 31: 8/5 6/5                 64: 24/18 13/9\n  2) 52: 13/8 13/11               Doubles\n  3) 55: 6/1(4)\n", 7, "55: 6/1(4)"),
        ("  1) 31: 8/5 6/5                 64: Cannot Move\n", 5, "64: Cannot Move"),
        ("  1) 31: 8/5 6/5                 64: 24/18 13/9\n  2) 52: 13/8 13/11               64:\n  3) 11: 6/5(2) 8/7(2)\n", 6, "64:"),
    ],
)
def test_a_line_that_cannot_be_read_is_named_by_number_and_text(body, number, shown):
    with pytest.raises(MatFileError) as caught:
        from_mat(HEAD + body)
    message = str(caught.value)
    assert f"line {number} (" in message and shown in message, message
    assert isinstance(caught.value, ValueError)


def test_a_long_line_is_shortened_in_the_message():
    with pytest.raises(MatFileError) as caught:
        from_mat(HEAD + "  1) 31: " + "x" * 500 + "\n")
    assert "line 5 (" in str(caught.value) and len(str(caught.value)) < 250
