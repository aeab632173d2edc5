"""The small things of a club player's evening, through the real client:
the hint box says what kind its equity is and goes with Escape (H brings it
back); the panel's step buttons are drawn as their siblings are; the Ask
and auto-end buttons say what they do; the roll is named once the dice
have landed."""

from __future__ import annotations

import pygame
import pytest

from game.store.settings import Settings
from game.testing import Driver
from game.words import i18n


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def _to_move(d) -> None:
    for _ in range(20):
        d.settle()
        if d.game.phase == "move":
            return
        d.key(pygame.K_SPACE)
    raise AssertionError("never got a roll to play")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_hint_box_names_its_equity_and_goes_with_escape(lang):
    settings = Settings()
    settings.language = lang
    d = Driver(size=(1280, 720), seed=3, settings=settings)
    _to_move(d)
    d.key(pygame.K_h)
    hint = d.session.wait_for_hint()
    d.frames(2)
    assert hint is not None
    view = d.scene.board_view()
    assert view.hint == hint.best
    numbers = view.hint_lines[1]
    kind = "cubeless" if lang == "en" else "不计倍期望"
    assert kind in numbers and f"{hint.plays[0][1]:+.3f}" in numbers
    assert all(line in d.scene.text.drawn for line in view.hint_lines)  # drawn as they read
    d.key(pygame.K_ESCAPE)
    d.frames(2)
    view = d.scene.board_view()
    assert not view.hint and not view.hint_lines
    assert d.game.phase == "move" and not d.game.current_turn.steps  # nothing else changed
    d.key(pygame.K_h)  # H brings it back
    d.frames(2)
    assert d.scene.board_view().hint == hint.best


def _edges(surface: pygame.Surface, button) -> tuple:
    """The screen's pixels on a button's left and top edges and just inside: its border and its fill."""
    r = button.rect
    return tuple(tuple(surface.get_at(p))[:3] for p in ((r.left, r.centery), (r.centerx, r.top), (r.left + 3, r.centery)))


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
def test_every_step_button_is_drawn_with_its_border_like_its_siblings(size, backgammon_home):
    """A game played by the panel's step buttons: each time the steps change,
    every step button on the screen has the border and the fill its siblings
    have (pygame_gui drew a resized pooled button borderless, its words off
    centre, until some later update)."""
    from game.input.match_intents import Take
    from game.play.options import MatchOptions
    from game.testing import AppDriver

    d = AppDriver(size=size, seed=5, settings=Settings(animation_speed=0.0, bot_pace=0.0, pass_pause=0.0, auto_end_turn=False))
    d.app.flow.start_match(MatchOptions(mode="computer", level="beginner", colour="white", length=1))
    d.settle()
    g = d.game
    checked = games = 0
    for n in range(1200):
        d.settle()
        if g.phase == "over":
            # the computer's noise is not seeded, so a game may be short: another, until enough steps were seen
            games += 1
            if checked > 20 or games == 3:
                break
            d.app.flow.start_match(MatchOptions(mode="computer", level="beginner", colour="white", length=1))
            d.settle()
            g = d.game
            continue
        if g.phase in ("opening", "roll") and (g.phase == "opening" or g.turn == 0):
            d.key(pygame.K_SPACE)
        elif g.phase == "doubled":
            d.scene.do(Take())
        elif g.phase == "move" and g.turn == 0:
            if g.current_turn.complete:
                d.key(pygame.K_RETURN)
                continue
            d.frames(2)
            buttons = [b for b, _ in d.scene.panel.step_buttons]
            screen = pygame.display.get_surface()
            edges = [_edges(screen, b) for b in buttons]
            if len(buttons) > 1:
                checked += 1
                common = max(set(edges), key=edges.count)
                assert common[0] != common[2]  # a border unlike the fill
                assert all(e == common for e in edges), [(b.text, b.rect, e) for b, e in zip(buttons, edges) if e != common]
                assert len({b.rect.size for b in buttons}) == 1
            d.click_button(buttons[-1 if n % 2 else 0])
    assert checked > 20


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_ask_and_auto_end_say_what_they_do_on_focus(lang):
    """The two buttons a newcomer cannot read: the auto-end toggle names what it
    switches, and the Tab focus on each says what it does."""
    from game.input.match_intents import AskMenu, ToggleAutoEnd
    from game.play.options import MatchOptions
    from game.system.speech import RecordingSpeech
    from game.testing import AppDriver

    settings = Settings(animation_speed=0.0, bot_pace=0.0, pass_pause=0.0)
    settings.language = lang
    d = AppDriver(size=(1280, 720), seed=3, settings=settings)
    rec = RecordingSpeech()
    d.app.announcer.speech = rec
    d.app.announcer.unavailable = False
    d.app.announcer.set_speaking(True)
    d.app.flow.start_match(MatchOptions(mode="hotseat", length=1))
    d.settle()
    scene = d.scene
    assert scene.panel.auto.text == i18n.t("button.auto_on") == ("End: auto" if lang == "en" else "自动结束")
    for intent, tip in ((ToggleAutoEnd(), "tip.auto"), (AskMenu(), "tip.ask")):
        rec.said.clear()
        for _ in range(60):
            focused = scene.controller.focused()
            if focused is not None and focused[1] == intent:
                break
            d.key(pygame.K_TAB)
        d.frames(1)
        assert rec.said and i18n.t(tip) in rec.said[-1] and focused[0].text in rec.said[-1], rec.said
    # a button without a riddle is said as before
    rec.said.clear()
    d.key(pygame.K_TAB)
    d.frames(1)
    assert rec.said and not any(i18n.t(k) in rec.said[-1] for k in ("tip.auto", "tip.ask"))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_panel_names_the_roll_once_the_dice_have_landed(lang):
    """While the dice tumble (showing other faces) the panel says a roll is
    under way and lists no steps; once they land it names the roll, as the
    words said then do."""
    from engine import FixedDice, Match
    from game.play.session import Session
    from game.scenes.match import MatchScene
    from game.system.speech import RecordingSpeech
    from game.testing import AppDriver

    settings = Settings(animation_speed=1.0)
    settings.language = lang
    d = AppDriver(size=(1280, 720), settings=settings)
    rec = RecordingSpeech()
    d.app.announcer.speech = rec
    d.app.announcer.unavailable = False
    d.app.announcer.set_speaking(True)
    session = Session(Match(dice=FixedDice([6, 1, 5, 2])), settings=d.app.settings)
    d.app.switch(MatchScene(d.app, session))
    d.settle()
    d.key(pygame.K_SPACE)  # the opening throw: 6 for White, 1 for Black
    d.frames(2)
    scene = d.scene
    assert scene.animator.busy and session.game.phase == "move"  # the engine has the roll; the board still throws it
    rolling = scene.panel.status.text
    assert rolling == i18n.t("panel.rolling", name=i18n.t("player.0"))
    assert not scene.panel.step_buttons and "6" not in rolling
    assert not any("6" in line for line in rec.said[-1:])
    d.settle()
    landed = scene.panel.status.text
    assert landed != rolling and "6" in landed and "1" in landed
    assert scene.panel.step_buttons
