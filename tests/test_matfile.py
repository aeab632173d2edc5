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
