"""benchmarks/review_agreement.py's own sums, without GNU Backgammon: a
stand-in teacher (the project's network, 0-ply) values the plays."""

from __future__ import annotations

import sys

from engine import Position, get_bot
from engine.ai.teach.teacher import NetworkTeacher
from support import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))

from review_agreement import gnubg_losses, wilson  # noqa: E402


def test_the_best_play_loses_nothing_and_another_loses_what_the_teacher_says():
    teacher = NetworkTeacher(plies=0)
    start, dice = Position.initial(), (3, 1)
    ranked = get_bot("network").rank_plays(start, dice)
    assert gnubg_losses(teacher, start, dice, ranked[0][0]) == 0.0
    worst = ranked[-1]
    assert abs(gnubg_losses(teacher, start, dice, worst[0]) - (ranked[0][1] - worst[1])) < 1e-4


def test_wilson_intervals():
    low, high = wilson(83, 91)
    assert low < 83 / 91 < high and 0.8 < low and high < 0.97
    assert wilson(0, 0) == (0.0, 1.0)


def test_agreement_counts_and_the_kept_losses_read_back(tmp_path):
    from review_agreement import GnuLosses, agreement

    text = agreement([(0.05, 0.05), (0.05, 0.01), (0.01, 0.05), (0.0, 0.0), (0.09, 0.2)])
    assert "GNU 3, this judge 3, both 2" in text
    assert "recall    66.7%" in text and "precision 66.7%" in text
    path = str(tmp_path / "losses.json")
    kept = GnuLosses(path)
    start, dice = Position.initial(), (3, 1)
    play = get_bot("network").rank_plays(start, dice)[-1][0]
    kept.cache[f"2:{start.key}:{dice}:{play}"] = 0.25
    kept.save()
    again = GnuLosses(path)
    assert again.loss(2, start, dice, play) == 0.25 and not again.teachers  # read, not asked of GNU Backgammon


def test_the_deeper_look_keeps_the_reference_away_from_the_line_and_filters_the_plays():
    from review_agreement import CANDIDATES, NEAR, GnuLosses, filtered_loss

    teacher = NetworkTeacher(plies=0)
    start, dice = Position.initial(), (3, 1)
    ranked = get_bot("network").rank_plays(start, dice)
    kept = GnuLosses(None)
    assert kept.deeper(3, start, dice, ranked[-1][0], NEAR[1] + 0.1) == NEAR[1] + 0.1  # far from the line: as it was
    assert not kept.teachers  # (nothing asked)
    # the best play among the filtered ones loses nothing; another loses what the teacher says
    assert filtered_loss(teacher, teacher, start, dice, ranked[0][0]) == 0.0
    assert len(ranked) > CANDIDATES + 1
    worst = ranked[-1]
    assert abs(filtered_loss(teacher, teacher, start, dice, worst[0]) - (ranked[0][1] - worst[1])) < 1e-4


def test_the_review_can_search_with_another_network_file(tmp_path):
    import numpy as np
    from review_agreement import review_bot

    from engine.ai.bots import default_network
    from engine.judge import DEEP_CANDIDATES

    assert review_bot("") is None  # the game's own review
    path = tmp_path / "other.npz"
    shipped = default_network()
    shipped.save(path)
    bot = review_bot(str(path))
    assert bot.net is not shipped and np.array_equal(bot.net.w1, shipped.w1)
    assert bot.prune is None and bot.lookahead == 2 and bot.deep_candidates == DEEP_CANDIDATES
