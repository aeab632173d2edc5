"""The match screen's presenter: session state -> plain values, without pygame."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pygame

from engine import FixedDice, Match
from game.match import presenter
from game.play.session import Session
from game.store.settings import Settings
from game.testing import Driver

ROOT = Path(__file__).resolve().parent.parent


def test_the_presenter_needs_no_pygame():
    code = ("import sys; sys.modules['pygame'] = None; sys.modules['pygame_gui'] = None\n"
            "from engine import FixedDice, Match\n"
            "from game.match import presenter\n"
            "from game.play.session import Session\n"
            "from game.store.settings import Settings\n"
            "s = Session(Match(dice=FixedDice([3, 1])))\n"
            "print(presenter.primary_action(s), presenter.top_state(s).turn, presenter.panel_state(s, Settings(), True).primary)\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split()[0] == "roll"


def test_what_the_panel_and_top_bar_show_is_the_presenters_answer():
    d = Driver(size=(1024, 768), seed=3, settings=Settings(animation_speed=0.0, bot_pace=0.0, pass_pause=0.0, auto_end_turn=False))
    d.key(pygame.K_SPACE)
    d.settle()
    s = d.session
    state = presenter.panel_state(s, d.settings, d.scene.actions.log_visible)
    assert d.scene.panel.status.text == state.status and state.can_undo is False
    assert d.scene.topbar.state == presenter.top_state(s)
    st = s.game.current_turn.legal_steps()[0]
    assert s.step(st.frm, st.to, st.die)
    assert presenter.panel_state(s, d.settings, True).can_undo and presenter.primary_action(s) in (None, "done")


def test_primary_action_follows_the_game():
    s = Session(Match(dice=FixedDice([3, 1])), settings=Settings(auto_end_turn=False))
    assert presenter.primary_action(s) == "roll"
    s.roll()
    assert presenter.primary_action(s) is None  # the play is not made yet
    assert s.move(8, 5) and s.move(6, 5)
    assert presenter.primary_action(s) == "done"
