"""Rolling out in the client, driven by real events with the real engine
(small settings: 36 trials, 2 rolls, one worker): from the hint (Shift+R,
and the ask list's "Roll out"), from the cube advice before the roll (the
position itself, cubeful), and from the review at a checker play; the rows'
figures are the engine's, everything shown is said, Stop keeps what is done,
Escape closes and ends the worker; the screen laid out whole at a tiny
window and with large text, in English and Chinese."""

from __future__ import annotations

import multiprocessing
import threading
import time
from typing import Callable

import pygame
import pytest
from fitting import report, scene_misfits, window_misfits
from pygame_gui.elements import UIButton, UILabel

from engine import FixedDice, Match
from engine.analysis import Kind
from engine.rollout import RolloutSettings
from game.match import rollsay
from game.input.match_intents import EndTurn
from game.play.numbering import heard_play
from game.play.options import MatchOptions
from game.play.rollout_job import RolloutKind, Stage
from game.ui import theme
from game.scenes.dialog import DialogScene
from game.scenes.match import MatchScene
from game.scenes.review import ReviewScene
from game.scenes.rollout import RolloutScene
from game.store.settings import Settings
from game.testing import AppDriver
from game.words import catalogs, i18n
from game.words.i18n import t

#: the tests' rollouts: small, in this process's thread pool of one
SMALL = RolloutSettings(trials=36, truncate=2, workers=1)
#: one that runs long enough to be stopped (chunks of 36 trials, a second or two each)
LONG = RolloutSettings(trials=5184, truncate=2, workers=1)  # 144 chunks: long enough to be stopped on a fast machine
SHIFT_R = dict(key=pygame.K_r, mod=pygame.KMOD_LSHIFT)


def said(d: AppDriver) -> list:
    """The announcement log."""
    return list(d.app.announcer.history)


def until(d: AppDriver, done: Callable[[], bool], timeout: float = 120.0) -> None:
    """Run frames (the rollout is on its own thread) until ``done()``."""
    end = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < end, "timed out"
        d.frames(1)
        time.sleep(0.01)
    d.frames(2)


def hinted(size=(1024, 768), lang="en", settings: RolloutSettings = SMALL, large=False) -> AppDriver:
    """A hot-seat 5-point match with the cube, White to play the opening 3-1, the hint shown."""
    i18n.set_language(lang)
    theme.set_large_text(large)
    d = AppDriver(size=size, seed=3, settings=Settings(pace="instant", sound=False, language=lang, large_text=large))
    d.app.flow.rollout_settings = settings
    d.app.flow.start_match(MatchOptions(mode="hotseat", length=5, cube=True), dice=FixedDice([3, 1, 6, 4, 5, 2]))
    d.settle()
    d.key(pygame.K_SPACE)
    d.settle()
    d.key(pygame.K_h)
    assert d.session.wait_for_hint() is not None
    d.frames(3)
    assert d.session.hint is not None and len(d.session.hint.plays) == 3
    return d


def rollout_scene(d: AppDriver) -> RolloutScene:
    scene = d.scene
    assert isinstance(scene, RolloutScene), type(scene).__name__
    return scene


def finished(d: AppDriver, scene: RolloutScene) -> None:
    until(d, lambda: scene.stage is not Stage.RUNNING)
    assert scene.stage is not Stage.FAILED, scene.error


def check_figures(scene: RolloutScene, trials: int, cubeful: bool) -> None:
    """The rows show the engine's figures: one result a row, every figure an estimate with a margin."""
    assert len(scene.results) == len(scene.request.candidates) == len(scene.row_buttons)
    for i, r in enumerate(scene.results):
        assert r.trials == trials and not r.stopped
        eq = rollsay.equity_of(r, cubeful)
        assert -3.0 <= eq.mean <= 3.0 and eq.half_width > 0
        assert (r.cubeful_equity is not None) == cubeful
        assert all(0.0 <= p.mean <= 1.0 for p in r.probabilities)
        texts = scene.row_texts(i)
        assert texts[1] == t("rollout.equity", mean=f"{eq.mean:+.3f}", half=f"{eq.half_width:.3f}")
        assert texts[2] == t("rollout.percent", value=f"{100 * r.probabilities[0].mean:.1f}")
        assert texts[4] == str(trials)
        assert [c.text for c in scene.cells[i]] == list(texts[1:])


def ends_its_worker(d: AppDriver, scene: RolloutScene) -> None:
    """Escape closes the screen and leaves no rollout thread nor process behind
    (a worker process finishes the chunk it has, at most a few seconds)."""
    job = scene.job
    d.key(pygame.K_ESCAPE)
    assert scene not in d.app.scenes
    assert job is None or (job.join(10) and not job.alive)
    assert not [th for th in threading.enumerate() if th.name == "rollout"]
    end = time.monotonic() + 60
    while multiprocessing.active_children() and time.monotonic() < end:
        time.sleep(0.1)
    assert not multiprocessing.active_children()


@pytest.fixture(autouse=True)
def usual_text():
    yield
    theme.set_large_text(False)


# -- from the hint ------------------------------------------------------------------------------
def test_the_hints_plays_rolled_out_by_keys_said_and_closed():
    d = hinted()
    match = d.scene
    assert isinstance(match, MatchScene)
    hint = d.session.hint
    shown = match.board_view().hint_lines
    d.key(**SHIFT_R)
    scene = rollout_scene(d)
    assert match in d.app.scenes and d.app.scenes.below(scene) is match  # an overlay: the board waits below
    req = scene.request
    assert req.kind is RolloutKind.PLAYS and req.dice == (3, 1) and [c.play for c in req.candidates] == [p for p, _, _ in hint.plays]
    # the heading and the line under it said as it opens, then the focus (Start)
    assert said(d)[-1] == f"{rollsay.opening_said(req)} {t('say.focus.button', text=t('rollout.start'))}"
    assert t("rollout.title") in said(d)[-1] and "3 and 1" in said(d)[-1]
    # the rows name the plays as the hint does, in the player's numbering; no figures yet
    assert [scene.row_texts(i)[0] for i in range(3)] == [shown[0], shown[2], shown[4]]
    assert scene.row_buttons[0].text == t("board.hint_line", rank=1, play=heard_play(hint.plays[0][2], 0, 0))
    assert scene.row_texts(0)[1:] == (t("rollout.empty"),) * 3 + ("0",)
    # Start (Enter: the focus is on it), the progress, the end
    d.key(pygame.K_RETURN)
    assert scene.stage is Stage.RUNNING and i18n.counted("say.rollout.start", 3) in said(d)
    cubeful = scene.job.settings.cubeful
    assert cubeful  # a match with the cube: cubeful to start with
    finished(d, scene)
    assert scene.stage is Stage.DONE and scene.fraction == 1.0
    check_figures(scene, 36, cubeful)
    assert scene.status_label.text == t("rollout.status.done", n=3 * 36)
    end = said(d)[-1]
    assert end.startswith(t("say.rollout.done"))
    for i in range(3):
        assert rollsay.row_said(req, i, scene.results[i], cubeful) in end
    best = rollsay.best_row(scene.results, cubeful)
    assert t("say.rollout.best", play=rollsay.said_play(req, best)) in end
    assert scene.row_buttons[best].text.startswith("»")
    # the focus goes to the first row; Tab and the arrows say each row's figures
    d.key(pygame.K_DOWN)
    assert said(d)[-1] == rollsay.row_said(req, 1, scene.results[1], cubeful)
    ends_its_worker(d, scene)
    assert d.scene is match


def test_stop_keeps_what_is_done_and_escape_ends_a_rollout_under_way():
    d = hinted(settings=LONG)
    d.key(**SHIFT_R)
    scene = rollout_scene(d)
    d.key(**SHIFT_R)  # on this screen: start
    assert scene.stage is Stage.RUNNING
    until(d, lambda: all(r.trials >= 2 for r in scene.results) and len(scene.results) == 3)
    assert scene.choice_rows[0].buttons[0][0].is_enabled is False  # no changing while it runs
    focused = scene.focus.current(scene.focusables())
    assert focused is not None and focused[0] is scene.stop_button
    d.key(pygame.K_RETURN)  # Stop
    finished(d, scene)
    assert scene.stage is Stage.STOPPED
    for i, r in enumerate(scene.results):
        assert r.stopped and 0 < r.trials < LONG.trials  # stopped before all were played
        eq = rollsay.equity_of(r, False)
        assert -3.0 <= eq.mean <= 3.0 and eq.half_width > 0
        assert scene.row_texts(i)[4] == t("rollout.trials_stopped", n=r.trials) == scene.cells[i][3].text
    assert said(d)[-1].startswith(t("say.rollout.stopped"))
    assert scene.status_label.text == t("rollout.status.stopped", done=scene.done, total=scene.total)
    kept = scene.results
    d.frames(10)
    assert scene.results == kept  # the rows keep their figures
    # again, and Escape while it runs: the screen closes, the worker ends
    scene.start()
    until(d, lambda: scene.done > 0)
    assert scene.job is not None and scene.job.alive
    ends_its_worker(d, scene)
    assert isinstance(d.scene, MatchScene)


@pytest.mark.slow
def test_in_worker_processes_as_the_program_rolls_out_closing_ends_them():
    # long enough to be running still when its processes are looked for, also on a slow machine (5,184
    # trials took 3 s here, and on CI's busy machine were over before the test looked): Escape ends it
    d = hinted(settings=RolloutSettings(trials=200_000, truncate=2, workers=2))
    d.key(**SHIFT_R)
    scene = rollout_scene(d)
    d.key(pygame.K_RETURN)
    until(d, lambda: len(scene.results) == 3)
    # the chunks go out to processes (the rollout's thread starts them; on a busy machine, not at once)
    until(d, lambda: bool(multiprocessing.active_children()), timeout=60.0)
    assert scene.stage is Stage.RUNNING and 0 < scene.fraction < 1
    ends_its_worker(d, scene)  # Escape: the thread ends at once, the processes after the chunk they have


def test_the_ask_list_offers_roll_out_while_the_hint_is_shown_and_without_it_says_what_to_do():
    d = hinted()
    d.key(pygame.K_q)
    dialog = d.scene
    assert isinstance(dialog, DialogScene)
    assert dialog.answer_buttons[-1].text == t("ask.menu.rollout")
    d.click_button(dialog.answer_buttons[-1])  # a click, as a finger's tap is
    scene = rollout_scene(d)
    d.click_button(scene.close_button)
    assert isinstance(d.scene, MatchScene)
    # a controller: Guide, then A on the last answer
    d.pad(pygame.CONTROLLER_BUTTON_GUIDE)
    dialog = d.scene
    assert isinstance(dialog, DialogScene)
    d.pad(pygame.CONTROLLER_BUTTON_LEFTSHOULDER)  # from the first answer back round to the last
    d.pad(pygame.CONTROLLER_BUTTON_A)
    rollout_scene(d)
    d.pad(pygame.CONTROLLER_BUTTON_B)
    assert isinstance(d.scene, MatchScene)
    # Escape puts the hint away: then Shift+R says what to do, and the list has no Roll out
    d.key(pygame.K_ESCAPE)
    d.key(**SHIFT_R)
    assert isinstance(d.scene, MatchScene) and said(d)[-1] == t("say.rollout.none")
    d.key(pygame.K_q)
    assert t("ask.menu.rollout") not in [b.text for b in d.scene.answer_buttons]


# -- the position, before the roll ----------------------------------------------------------------
def test_with_the_cube_advice_shown_the_position_is_rolled_out_cubeful():
    d = hinted(settings=RolloutSettings(trials=144, truncate=2, workers=1))  # four chunks of 36: each quarter said
    s = d.session
    s.play(s.hint.plays[0][0], 0)
    d.scene.do(EndTurn())
    d.settle()
    assert s.can_advise_cube()  # Black before the roll, the cube in the middle
    d.key(pygame.K_h)
    until(d, lambda: s.cube_advice is not None, 60)
    d.key(**SHIFT_R)
    scene = rollout_scene(d)
    req = scene.request
    assert req.kind is RolloutKind.POSITION and req.side == 1 and len(req.candidates) == 1 and req.plays is None
    assert scene.cubeful and scene.choice_rows[2].button_for(True).is_selected
    assert scene.row_buttons[0].text == t("rollout.position_row")
    assert t("rollout.line.position", name=t("player.1")) in said(d)[-1]
    d.click_button(scene.start_button)
    assert said(d)[-1] == t("say.rollout.start_position")
    finished(d, scene)
    check_figures(scene, 144, True)
    # each quarter as the frames find it (two chunks done between two frames: only the later is said)
    quarters = [line for line in said(d) if line.endswith(" percent done.")]
    heard = [q for q in (1, 2, 3) if rollsay.quarter_said(q) in quarters]
    assert quarters == [rollsay.quarter_said(q) for q in heard] and heard
    assert rollsay.row_said(req, 0, scene.results[0], True) in said(d)[-1]
    assert t("say.rollout.cubeful") in said(d)[-1]
    ends_its_worker(d, scene)


# -- from the review ---------------------------------------------------------------------------------
def reviewed(d: AppDriver) -> ReviewScene:
    """A short match in the review: White's 3-1 played 24/21 24/23 (not 8/5 6/5), Black's 6-4."""
    m = Match(dice=FixedDice([3, 1, 6, 4, 5, 2]))
    m.game.roll()
    m.game.play_text("24/21 24/23")
    m.game.roll()
    m.game.play_text("24/18 13/9")
    d.app.flow.review(m)  # (analysed afresh at 2-ply: the first decisions come first)
    review = d.scene
    assert isinstance(review, ReviewScene)
    until(d, lambda: review.model is not None and review.model.decisions)
    return review


@pytest.mark.slow
def test_the_review_rolls_out_the_play_made_and_the_best_alternatives():
    d = AppDriver(size=(1024, 768), settings=Settings(pace="instant", sound=False))
    d.app.flow.rollout_settings = SMALL
    review = reviewed(d)
    decision = review.model.current
    assert decision.kind is Kind.MOVE and decision.played == "24/21 24/23" and decision.played != decision.best
    button = review.buttons["rollout"]
    assert button.is_enabled and button.text == t("review.rollout")
    d.key(**SHIFT_R)
    scene = rollout_scene(d)
    assert d.app.scenes.below(scene) is review
    req = scene.request
    assert req.kind is RolloutKind.PLAYS and req.dice == (3, 1) and req.side == 0
    texts = [c.text for c in req.candidates]
    assert texts[0] == decision.best and len(texts) == 4 and len(set(texts)) == 4
    made = [c for c in req.candidates if c.made]
    assert len(made) == 1 and req.candidates[-1].made
    assert scene.row_buttons[0].text == t("board.hint_line", rank=1, play=decision.best)
    assert scene.row_buttons[3].text == t("rollout.made", play=t("board.hint_line", rank=4, play=req.candidates[3].text))
    assert not scene.cubeful  # a game without the cube
    d.key(pygame.K_RETURN)  # the focus is on Start
    assert i18n.counted("say.rollout.start", 4) in said(d)
    finished(d, scene)
    check_figures(scene, 36, False)
    ends_its_worker(d, scene)
    assert d.scene is review
    # the mouse: the button, at Black's play too
    d.key(pygame.K_RIGHT)
    assert review.model.index == 1 and review.buttons["rollout"].is_enabled
    d.click_button(review.buttons["rollout"])
    scene = rollout_scene(d)
    assert scene.request.side == 1 and scene.request.dice == (6, 4)
    ends_its_worker(d, scene)
    assert d.scene is review


# -- laid out whole ---------------------------------------------------------------------------------
def overlaps(scene: RolloutScene) -> list:
    """Controls and texts of the screen drawn over one another, or out of its box."""
    elements = [e for e in scene.manager.get_sprite_group().sprites() if isinstance(e, (UIButton, UILabel)) and e.visible]
    out = [f"{e.text!r} at {e.rect} out of the box {scene.box_rect}" for e in elements if not scene.box_rect.contains(e.rect)]
    for i, a in enumerate(elements):
        for b in elements[i + 1:]:
            if a.rect.colliderect(b.rect):
                out.append(f"{a.text!r} at {a.rect} over {b.text!r} at {b.rect}")
    bar = scene.bar_rect
    out += [f"the progress bar over {e.text!r}" for e in elements if bar.colliderect(e.rect)]
    return out


@pytest.mark.slow
@pytest.mark.parametrize("lang", catalogs.shipped())  # every shipped language (game/locale/LINGUAS)
@pytest.mark.parametrize("size,large", [((640, 400), False), ((800, 600), True), ((1080, 1920), False)],
                         ids=["640x400", "800x600-large", "1080x1920"])
def test_the_screen_fits_a_tiny_window_and_large_text(lang, size, large):
    i18n.MISSING.clear()  # (this screen's words are checked below, not those of tests before it)
    d = hinted(size=size, lang=lang, large=large, settings=LONG)
    d.key(**SHIFT_R)
    scene = rollout_scene(d)
    tag = f"{lang} {size} {'large' if large else ''}"
    misfits = scene_misfits(scene, tag) + window_misfits(scene, tag, size)
    assert not misfits, report(misfits)
    assert not overlaps(scene)
    # the figures in, stopped (the rows' widest words), the best marked: still whole
    d.key(pygame.K_RETURN)
    until(d, lambda: len(scene.results) == 3)
    d.key(pygame.K_RETURN)  # Stop
    finished(d, scene)
    assert scene.stage is Stage.STOPPED and scene.cells[0][3].text == t("rollout.trials_stopped", n=scene.results[0].trials)
    assert any(b.text.startswith("»") for b in scene.row_buttons)
    misfits = scene_misfits(scene, tag + " stopped") + window_misfits(scene, tag + " stopped", size)
    assert not misfits, report(misfits)
    assert not overlaps(scene)
    assert not i18n.MISSING, sorted(i18n.MISSING)
    ends_its_worker(d, scene)
