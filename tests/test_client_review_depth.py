"""The review screen's deeper look (issue 36), driven by real events: the
analysis on its worker with a progress bar while the decisions rated so far
can be stepped through, the depth chosen in the review (1-ply fast, 2-ply),
an analysis made before shown at once, and the summary's split figures."""

import threading
import time

import pygame
import pytest
from support import ROOT

from engine import FixedDice, Match, analyse_match, from_mat, get_bot
from game.board.reviewdraw import BAR_FILL
from game.play.review_model import CACHE, AnalysisJob, match_key
from game.play.review_words import luck_line, rate_line, split_line
from game.scenes.review import LINES, ReviewScene
from game.store.settings import Settings
from game.testing import AppDriver
from game.words import i18n
from game.words.i18n import t

GOLDEN = (ROOT / "tests" / "data" / "golden_3pt.mat").read_text()


@pytest.fixture(autouse=True)
def no_analyses_kept():
    CACHE.clear()
    yield
    CACHE.clear()


def short_match(length=3):
    """Eight plays of a 3-point match, or a single game (a short one: the analysis is quick)."""
    m = Match(length=length, cube=True, dice=FixedDice([3, 1, 6, 4, 5, 2, 4, 4, 6, 5, 2, 1, 3, 3, 5, 4]))
    bot = get_bot("intermediate", seed=1)
    g = m.game
    for _ in range(8):
        g.roll()
        g.play(bot.choose_play(g.turn_start, g.dice))
    return m


def gated(decisions, release, before):
    """Decisions one by one as an analysis gives them, holding before number ``before`` until ``release``."""
    def source(match, ply, progress):
        for i, d in enumerate(decisions):
            if i == before:
                assert release.wait(60)
            progress(i + 1, len(decisions))
            yield d
    return source


def until(d, condition, seconds=60.0):
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "waited too long"
        d.frames(1)
        time.sleep(0.005)


def open_review(d, match, **kw):
    d.app.scenes.push(ReviewScene(d.app, match, **kw))
    d.frames(2)
    review = d.scene
    assert isinstance(review, ReviewScene)
    return review


@pytest.mark.parametrize("lang", ["en", pytest.param("zh", marks=pytest.mark.slow)])
def test_the_board_is_usable_while_the_analysis_runs_then_the_summary_splits_the_errors(lang):
    d = AppDriver(size=(1024, 768), settings=Settings(language=lang))
    assert i18n.language() == lang
    match = short_match()
    made = analyse_match(match, ply=1)
    release = threading.Event()
    job = AnalysisJob(match, ply=2, cache=None, source=gated(made.decisions, release, 4))
    review = open_review(d, match, job=job)
    until(d, lambda: review.model is not None and len(review.model.decisions) == 4)
    # the analysis is still running: the bar and the line say how far
    total = len(made.decisions)
    assert review.busy and not review.model.whole
    assert 0 < review.progress_bar_fraction < 1
    d.frames(2)
    assert review.line_labels[LINES - 1].text == t("review.analysing", percent=int(100 * 4 / total))
    bar = review.bar_rect
    assert d.app.screen.get_at((bar.left + 2, bar.centery))[:3] == BAR_FILL
    # ... and the decisions rated so far answer the keys, the graph and the buttons
    d.key(pygame.K_RIGHT)
    assert review.model.index == 1
    assert review.line_labels[0].text == t("review.where", game=1, number=2, total=4)
    d.click(review.graph.point(3))
    assert review.model.index == 3
    d.click_button(review.buttons["prev"])
    assert review.model.index == 2
    assert not review.buttons["summary"].is_enabled  # the summary waits for the whole match
    release.set()
    assert job.wait(60)
    until(d, lambda: review.model.whole)
    assert review.model.index == 2 and len(review.model.decisions) == total  # the place kept
    assert review.line_labels[LINES - 1].text == t("review.analysed", ply=2)
    assert review.buttons["summary"].is_enabled
    d.key(pygame.K_s)
    d.frames(2)
    rows = "".join(review.box_rows).replace(" ", "")
    for s in review.model.analysis.players:
        for line in (rate_line(s), split_line(s), luck_line(s)):
            assert line.replace(" ", "") in rows, line
    assert f"{s.checker_rate:.1f}" in split_line(s) and f"{s.cube_rate:.1f}" in split_line(s)
    px = review.layout.font_px("prompt")
    assert all(review.renderer.text.render(row, px, (0, 0, 0)).get_width() <= review.layout.board_rect.width - px
               for row in review.box_rows)


@pytest.mark.slow
def test_the_depth_is_chosen_in_the_review_and_an_analysis_made_before_opens_at_once():
    d = AppDriver(size=(1024, 768), settings=Settings(language="en"))
    match = from_mat(GOLDEN)
    review = open_review(d, match, ply=1)
    assert review.buttons["depth"].text == t("review.depth.1")
    assert review.job.wait(120)
    until(d, lambda: review.model is not None and review.model.whole)
    assert review.model.analysis.ply == 1
    d.key(pygame.K_RIGHT)
    d.key(pygame.K_RIGHT)
    # D (the Depth button's key): analyse again, two rolls deep
    d.key(pygame.K_d)
    deeper = review.job
    assert deeper.ply == 2 and review.busy and review.buttons["depth"].text == t("review.depth.2")
    # back to 1-ply before it ends: the analysis made before is there at once, at the same decision
    d.click_button(review.buttons["depth"])
    assert review.job.ply == 1 and review.job.cached and review.model.whole and review.model.index == 2
    assert not review.busy and review.line_labels[LINES - 1].text == t("review.analysed", ply=1)
    assert deeper.wait(60) and deeper.result is None  # the deeper one was stopped
    # the same match read again opens analysed, before a single frame
    d.key(pygame.K_ESCAPE)
    again = ReviewScene(d.app, from_mat(GOLDEN), ply=1)
    assert match_key(again.match) == match_key(match)
    assert again.job.cached and again.model is not None and again.model.whole and not again.busy


@pytest.mark.slow
def test_an_analysis_is_kept_beside_the_recent_matches_and_read_after_a_restart(backgammon_home):
    d = AppDriver(size=(1024, 768), settings=Settings(language="en"))
    match = short_match()
    review = open_review(d, match, ply=1)
    assert review.job.wait(120)
    until(d, lambda: review.model is not None and review.model.whole)
    made = review.model.analysis
    kept = list((d.app.storage.data_dir / "analyses").glob("*-1.json"))
    assert [p.name for p in kept] == [f"{match_key(match)}-1.json"]
    d.key(pygame.K_ESCAPE)
    CACHE.clear()  # as after a restart: nothing in memory
    again = open_review(d, short_match(), ply=1)
    assert again.job.wait(10)
    until(d, lambda: again.model is not None and again.model.whole)
    assert again.model.analysis == made
    # a damaged file is passed over: the match is analysed again
    kept[0].write_text("{not json")
    CACHE.clear()
    d.key(pygame.K_ESCAPE)
    third = open_review(d, short_match(), ply=1)
    assert third.job.wait(120) and third.job.result == made


def test_an_analysis_written_as_json_reads_back_the_same():
    from engine.analysis_json import ANALYSIS_VERSION, analysis_from_json, analysis_to_json
    from engine.errors import SerializationError

    a = analyse_match(from_mat(GOLDEN), ply=1)
    doc = analysis_to_json(a)
    back = analysis_from_json(doc)
    assert back == a and back.players == a.players
    v = ANALYSIS_VERSION
    older = dict(doc, version=v - 1)  # kept by a judge since changed: made again, not shown
    for bad in ({}, {"version": v}, {"version": v, "ply": 3, "games": 1, "decisions": []}, [],
                {"version": v, "ply": 1, "games": 1, "decisions": [[1, 2]]}, older):
        with pytest.raises(SerializationError):
            analysis_from_json(bad)



@pytest.mark.slow
def test_a_matchs_graph_shows_match_winning_chances_and_a_single_games_the_games():
    from engine.ai import met

    d = AppDriver(size=(1024, 768), settings=Settings(language="en"))
    match = from_mat(GOLDEN)
    review = open_review(d, match, analysis=analyse_match(match, ply=1))
    graph = review.graph
    decisions = review.model.decisions
    assert graph.match and graph.legend[0].words == t("review.graph.y_match", name=t("player.0"))
    assert [graph.value(i) for i in range(len(decisions))] == [x.match_win for x in decisions]
    assert abs(graph.value(0) - met.match_equity(3, 3)) < 0.08  # 0-0: the table's even chances
    first_of_3 = next(i for i, x in enumerate(decisions) if x.game == 3)  # 2-1: White 1-away
    assert graph.value(first_of_3) > decisions[first_of_3].win + 0.1
    assert graph.point(first_of_3)[1] == round(graph.inner.bottom - graph.inner.height * decisions[first_of_3].match_win)
    d.key(pygame.K_ESCAPE)
    single = short_match(length=1)
    review = open_review(d, single, analysis=analyse_match(single, ply=1))
    graph = review.graph
    assert not graph.match and graph.legend[0].words == t("review.graph.y_game", name=t("player.0"))
    assert all(x.match_win is None for x in review.model.decisions)
    assert [graph.value(i) for i in range(len(review.model.decisions))] == [x.win for x in review.model.decisions]
