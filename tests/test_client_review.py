"""The review screen, export and recent matches, driven by real events in
both languages: from the result screen (Review, Export .mat) and from the
records (Recent matches: Review, Export)."""

import pygame
import pytest
from support import ROOT
from test_i18n import Audit

from engine import FixedDice, Match, from_mat
from engine.analysis import Kind
from game.system import clipboard
from game.words import i18n
from game.app import App
from game.play.options import MatchOptions
from game.store.recent import RecentStore
from game.play.review_model import CACHE, decision_ids
from game.scenes.flow import Flow
from game.scenes.match import MatchScene
from game.scenes.recent import RecentScene
from game.scenes.records import RecordsScene
from game.scenes.result import ResultScene
from game.scenes.review import ReviewScene
from game.play.session import Session
from game.store.settings import Settings

GOLDEN = (ROOT / "tests" / "data" / "golden_3pt.mat").read_text()
FRAME = 1 / 60


@pytest.fixture(autouse=True)
def no_analyses_kept():
    """Each test analyses afresh (an analysis made before is shown at once)."""
    CACHE.clear()
    yield
    CACHE.clear()


def frames(app, n=1):
    for _ in range(n):
        app.frame(FRAME)


def post(app, type_, **attrs):
    pygame.event.post(pygame.event.Event(type_, attrs))
    frames(app, 2)


def key(app, k, mod=0):
    post(app, pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0, window=None)


def pad(app, button):
    post(app, pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=button)


def click(app, pos):
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False, window=None))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False, window=None))
    frames(app, 3)


def finished(app, scene):
    """Wait for the analysis (it runs on its own thread) and show its result."""
    assert scene.job is not None and scene.job.wait(120)
    frames(app, 2)
    assert scene.model is not None, scene.error


def result_screen(size, lang):
    app = App(size=size, settings=Settings(animation_speed=1.0, bot_pace=0.0))
    i18n.set_language(lang)
    pygame.event.clear()
    session = Session(from_mat(GOLDEN), (None, None), app.settings)
    Flow(app)
    app.flow.show_match(session)
    assert isinstance(app.scene, MatchScene)
    frames(app)
    app.scenes.push(ResultScene(app, session, MatchOptions(mode="hotseat", length=3, cube=True)))
    frames(app)
    return app


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_review_from_the_result_screen_by_keys_pad_and_mouse(lang):
    app = result_screen((1024, 768), lang)
    audit = Audit(lang, (1024, 768))
    audit.scene(app, "result")
    click(app, app.scene.result_buttons["review"].rect.center)
    review = app.scene
    assert isinstance(review, ReviewScene)
    # the analysis runs off the frame loop, a progress bar and a line show it
    assert review.busy and (review.model is None or not review.model.whole)
    shown = [label.text for label in review.line_labels]
    assert any(text.startswith(i18n.t("review.analysing", percent=0)[:-2]) for text in shown), shown
    finished(app, review)
    audit.scene(app, "review")
    model = review.model
    total = len(model.decisions)
    assert total == 9 and review.line_labels[0].text == i18n.t("review.where", game=1, number=1, total=total)
    # keys: right and left step, Tab and Shift+Tab jump between mistakes
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert model.index == 2
    key(app, pygame.K_LEFT)
    assert model.index == 1
    key(app, pygame.K_TAB)
    first = next(i for i, d in enumerate(model.decisions) if d.mistake and i > 1)
    assert model.index == first and model.current.mistake
    shown = model.current
    label = i18n.t(f"review.label.{shown.label.value}")
    assert review.line_labels[4].text == i18n.t("review.loss", label=label, loss=f"{shown.loss:.3f}")
    key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    # a game controller: the d-pad steps, RB jumps to the next mistake
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    pad(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    assert model.current.mistake
    # the mouse: the Previous button, then a point on the graph
    at = model.index
    click(app, review.buttons["prev"].rect.center)
    assert model.index == at - 1
    click(app, review.graph.point(total - 1))
    assert model.index == total - 1
    assert review.graph.marks() and all(review.graph.decisions[i].mistake for i, k in review.graph.marks() if k == "mistake")
    # the best play and the play made are drawn as arrows
    move = next(i for i, d in enumerate(model.decisions) if d.kind is Kind.MOVE and d.played != d.best)
    review.go(move)
    frames(app)
    # the IDs of the position, shown and copied; they set up the same position
    click(app, review.buttons["ids"].rect.center)
    pid, mid = decision_ids(review.match, model.current)
    assert clipboard.paste() == f"{pid}:{mid}" and pid in review.message
    again = Match.from_ids(pid, mid)
    assert again.game.turn_start == model.current.position and again.game.dice == model.current.dice
    # the summary in the language of the screen
    click(app, review.buttons["summary"].rect.center)
    assert review.show_summary
    audit.scene(app, "review summary")
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, ResultScene)
    assert not audit.problems, "\n".join(audit.problems)


def test_leaving_during_the_analysis_stops_it():
    app = result_screen((800, 600), "en")
    click(app, app.scene.result_buttons["review"].rect.center)
    review = app.scene
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, ResultScene)
    assert review.job.wait(60) and review.job.result is None


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_export_from_the_result_screen_says_where(lang, backgammon_home):
    app = result_screen((800, 600), lang)
    click(app, app.scene.result_buttons["export"].rect.center)
    files = list((backgammon_home / "documents").glob("*.mat"))
    assert len(files) == 1
    scene = app.scene
    assert scene.export_line == i18n.t("export.saved", path=str(files[0]))
    assert [g.log for g in from_mat(files[0].read_text()).games] == [g.log for g in from_mat(GOLDEN).games]
    audit = Audit(lang, (800, 600))
    audit.scene(app, "result after export")
    assert not [p for p in audit.problems if "missing" in p]


def test_an_export_that_cannot_be_written_says_why(backgammon_home):
    (backgammon_home / "documents").parent.mkdir(parents=True, exist_ok=True)
    (backgammon_home / "documents").write_text("a file where the folder should be")
    app = result_screen((800, 600), "en")
    click(app, app.scene.result_buttons["export"].rect.center)
    assert app.scene.export_line.startswith(i18n.t("export.failed", reason="")[:10])


def _finish_a_hotseat_game(app):
    """A hot-seat single game, resigned after the opening: kept for review."""
    options = MatchOptions(mode="hotseat", length=1)
    session = Session(Match(length=1, dice=FixedDice([3, 1, 6, 4])), (None, None), app.settings)
    app.keep_match(session, options)
    assert session.roll()
    assert session.move(8, 5) and session.move(6, 5)
    if session.can_end_turn():  # unless the turn ended by itself
        session.end_turn()
    assert session.resign("gammon") and session.answer_resignation(True)
    frames(app)
    app.saves.flush()


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_recent_matches_are_kept_reviewed_and_exported(lang, backgammon_home):
    app = App(size=(1280, 720), settings=Settings())
    i18n.set_language(lang)
    pygame.event.clear()
    from game.scenes.lobby import LobbyScene

    Flow(app)
    app.flow.lobby()
    assert isinstance(app.scene, LobbyScene)
    frames(app)
    _finish_a_hotseat_game(app)
    [kept] = RecentStore(app.storage).load()[0]
    assert kept.mode == "hotseat" and kept.score == (2, 0)  # Black resigned a gammon
    app.flow.records()
    assert isinstance(app.scene, RecordsScene)
    frames(app)
    click(app, app.scene.recent_button.rect.center)
    recent = app.scene
    assert isinstance(recent, RecentScene) and len(recent.rows) == 1
    audit = Audit(lang, (1280, 720))
    audit.scene(app, "recent")
    review_button = next(b for b, a in recent.actions.items() if a == ("review", 0))
    click(app, review_button.rect.center)
    review = app.scene
    assert isinstance(review, ReviewScene)
    finished(app, review)
    assert [d.played for d in review.model.decisions if d.kind is Kind.MOVE] == ["8/5 6/5"]
    key(app, pygame.K_ESCAPE)
    assert app.scene is recent
    export_button = next(b for b, a in recent.actions.items() if a == ("export", 0))
    click(app, export_button.rect.center)
    [exported] = list((backgammon_home / "documents").glob("*.mat"))
    assert exported.read_text() == kept.mat
    assert i18n.t("export.saved", path=str(exported))[:4] in recent.message
    assert not [p for p in audit.problems if "missing" in p]


def test_only_the_last_50_matches_are_kept(backgammon_home):
    from game.store.recent import KEEP, RecentMatch
    from game.store.storage import Storage

    store = RecentStore(Storage(backgammon_home))
    for i in range(KEEP + 3):
        store.add(RecentMatch(f"2026-01-01 00:{i:02d}", "hotseat", "", (1, 0), 1, GOLDEN, 0))
    entries, message = store.load()
    assert message is None and len(entries) == KEEP and entries[0].when.endswith(":03")


def test_a_damaged_recent_file_starts_afresh(backgammon_home):
    from game.store.storage import Storage

    storage = Storage(backgammon_home)
    store = RecentStore(storage)
    store.store.path.parent.mkdir(parents=True, exist_ok=True)
    store.store.path.write_text("{not json")
    entries, message = store.load()
    assert entries == [] and message


def _review(size, lang, match):
    """The review screen of ``match``, its analysis made beforehand."""
    from engine import analyse_match

    app = App(size=size, settings=Settings(language=lang))
    assert i18n.language() == lang
    pygame.event.clear()
    Flow(app)
    analysis = analyse_match(match, ply=1)
    app.scenes.push(ReviewScene(app, match, analysis=analysis))
    frames(app, 2)
    assert isinstance(app.scene, ReviewScene) and app.scene.model is not None
    return app, app.scene, analysis


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_review_says_what_its_graph_arrows_and_error_rate_mean(lang, size):
    from game.board.graph import BEST, PLAYED

    app, review, analysis = _review(size, lang, from_mat(GOLDEN))
    t = i18n.t
    graph = review.graph
    # the graph's words: whose chance (of the match: a 3-point match), its marks and the board's arrows, each with its symbol
    words = {item.kind: item.words for item in graph.legend}
    assert words == {
        "title": t("review.graph.y_match", name=t("player.0")),
        "played": t("review.graph.played"),
        "best": t("review.graph.best"),
        "label:doubtful": t("review.label.doubtful"),
        "label:bad": t("review.label.bad"),
        "label:very bad": t("review.label.very bad"),
        "luck+": t("review.graph.lucky", name=t("player.0")),
        "luck-": t("review.graph.lucky", name=t("player.1")),
    }
    assert [text for text, _ in graph.axis_labels()] == ["100%", "50%", "0%"]
    across = graph.across_label()
    assert across is not None and across[0] == t("review.graph.x") and across[1].left > graph.inner.right
    boxes = [item.rect for item in graph.legend] + [r for _, r in graph.axis_labels()] + [across[1]]
    for i, box in enumerate(boxes):  # all of it in the graph, nothing over anything else
        assert graph.rect.contains(box), (box, graph.rect)
        assert box.collidelist(boxes[i + 1:]) < 0
    assert all(not item.rect.colliderect(graph.inner) for item in graph.legend)
    assert all(item.words in review.renderer.text.drawn for item in graph.legend)
    for kind, colour in (("played", PLAYED), ("best", BEST)):  # the arrows in the legend are the board's
        item = next(i for i in graph.legend if i.kind == kind)
        assert app.screen.get_at((item.rect.left + 2, item.rect.centery))[:3] == colour
    # the summary: the error rate per decision in mEMG with GNU Backgammon's rating word, and what it is
    review.act(("summary",))
    frames(app, 2)
    rows = review.box_rows
    for s in analysis.players:
        rating = t(f"review.rating.{s.rating.value}")
        assert t("review.summary_rate", name=t(f"player.{s.player}"), rate=f"{s.error_rate:.1f}", rating=rating) in rows
    assert t("review.summary_note").replace(" ", "") in "".join(rows).replace(" ", "")
    px = review.layout.font_px("prompt")
    assert all(review.renderer.text.render(row, px, (0, 0, 0)).get_width() <= review.layout.board_rect.width - px for row in rows)


@pytest.mark.parametrize("cube", [False, True])
def test_the_cube_is_drawn_only_in_a_game_played_with_it(cube):
    m = Match(cube=cube, dice=FixedDice([3, 1, 6, 4, 5, 2]))
    m.game.roll()
    m.game.play_text("24/21 24/23")
    m.game.roll()
    m.game.play_text("24/18 13/9")
    app, review, _ = _review((1024, 768), "en", m)
    spot = review.layout.cube_rect(None).center  # a cube at 1, in the middle of its column
    drawn, bare = app.screen.get_at(spot)[:3], review.renderer.background.get_at(spot)[:3]
    assert (drawn != bare) == cube
    assert "64" not in review.renderer.text.drawn or cube
