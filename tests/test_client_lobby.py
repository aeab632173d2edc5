"""The lobby, the settings, the result screen, rules & help, the top bar's
questions, the cube and resignation in the client, and sound: all driven by
real pygame events, headless, with settings kept in a temporary
BACKGAMMON_HOME (see conftest.py)."""

import os
import subprocess
import sys

import pygame
import pytest
from support import ROOT

from engine import FixedDice, SeededDice, get_bot
from game.words import catalogs, i18n
from game.app import App
from game.system.audio import SOUND_NAMES
from game.match.cues import sound_for
from game.input.match_intents import PlayStep
from game.scenes.help import HelpScene
from game.scenes.lobby import LobbyScene
from game.scenes.match import MatchScene
from game.scenes.result import ResultScene
from game.scenes.settings import SettingsScene
from game.scenes.dialog import DialogScene
from game.play.session import Happening, Snapshot
from game.store.settings import Settings
from game.store.storage import Storage
from game.testing import AppDriver, Driver


class Recorder:
    """A sound player that writes down what it was asked to play."""

    available = True

    def __init__(self):
        self.enabled = True
        self.played = []

    def play(self, name):
        assert name in SOUND_NAMES
        if self.enabled:
            self.played.append(name)

    def stop(self):
        pass


class Doubler:
    """A computer seat that offers the cube whenever it may and plays the first legal play."""

    def __init__(self, take=True):
        self.bot = get_bot("random", seed=1)
        self.take = take

    def choose_play(self, position, dice):
        return self.bot.choose_play(position, dice)

    def should_double(self, *args, **kwargs):
        return True

    def should_take(self, *args, **kwargs):
        return self.take

    def accepts_resignation(self, *args, **kwargs):
        return True


def _quick(**kw) -> Settings:
    return Settings(animation_speed=0.0, bot_pace=0.0, pass_pause=0.0, **kw)


def _stored() -> Settings:
    stored, message = Storage().load_settings()
    assert message is None
    return stored


def _answer(d, text):
    """Click the dialog's answer labelled ``text``."""
    scene = d.app.scene
    assert isinstance(scene, DialogScene), type(scene).__name__
    for b in scene.answer_buttons:
        if b.text == text:
            d.click_button(b)
            return
    raise AssertionError(f"no answer {text!r} in {[b.text for b in scene.answer_buttons]}")


# -- lobby -> match -> result -> lobby ----------------------------------------------------------
def test_lobby_match_result_lobby_by_clicks():
    d = AppDriver(size=(1024, 768), settings=_quick())
    lobby = d.scene
    assert not lobby.continue_button.visible  # nothing to continue yet
    d.click_button(lobby.rows["mode"].button_for("hotseat"))
    d.click_button(lobby.rows["length"].button_for(1))
    d.click_button(lobby.play_button)
    match = d.scene
    assert isinstance(match, MatchScene) and match.session.hot_seat and match.session is d.app.session
    d.click(d.dice_pos())  # the opening roll
    d.settle()
    top = match.topbar
    assert top.score.text == i18n.t("top.single")
    roller = d.game.turn
    assert top.turn.text == i18n.t("top.turn", name=i18n.t(f"player.{roller}"))
    # resign a gammon; the other player accepts in the dialog
    d.click_button(top.resign)
    _answer(d, i18n.t("resign.gammon", points=2))
    d.settle()
    _answer(d, i18n.t("button.accept"))
    d.settle()
    result = d.scene
    assert isinstance(result, ResultScene)
    assert result.lines[0] == i18n.t("result.wins", name=i18n.t(f"player.{1 - roller}"))
    assert result.lines[1] == i18n.t("result.how_resigned", level=i18n.t("result.gammon"), points=2)
    assert "next_game" not in result.result_buttons  # a single game: no next game
    d.click_button(result.result_buttons["lobby"])
    assert isinstance(d.scene, LobbyScene) and d.app.session is None
    assert not d.scene.continue_button.visible  # the game is over: nothing to continue


def _until_the_human_may_resign(d) -> None:
    """Roll and play (the first legal steps) until the human on roll may resign."""
    s = d.session
    for _ in range(40):
        d.settle()
        if s.can_resign():
            return
        if s.can_roll():
            d.key(pygame.K_SPACE)
        elif s.game.phase == "move":
            for st in s.game.current_turn.legal_steps()[:1]:
                s.step(st.frm, st.to, st.die)
            s.end_turn()


def test_match_result_next_game_and_play_again_swapped():
    d = AppDriver(size=(1024, 768), settings=_quick())
    lobby = d.scene
    for row, value in (("mode", "computer"), ("level", "beginner"), ("colour", "white"), ("length", 5), ("cube", True)):
        d.click_button(lobby.rows[row].button_for(value))
    d.click_button(lobby.play_button)
    s = d.session
    assert s.is_human(0) and not s.is_human(1) and s.match.length == 5 and s.match.cube
    assert _stored().lobby_length == 5 and _stored().lobby_cube and _stored().lobby_level == "beginner"
    # the human on roll resigns a backgammon (always accepted: it gives all there is)
    _until_the_human_may_resign(d)
    d.click_button(d.scene.topbar.resign)
    _answer(d, i18n.t("resign.backgammon", points=3))
    d.settle()
    result = d.scene
    assert isinstance(result, ResultScene)
    assert result.lines[2] == i18n.t("result.score", length=5, name0="White", name1="Black", score0=0, score1=3)
    d.click_button(result.result_buttons["next_game"])
    assert isinstance(d.scene, MatchScene) and s.match.game_number == 2 and d.scene.topbar.score.text.startswith("Match to 5")
    # end the match: the human resigns backgammons until Black has 5 points
    while not s.match.over:
        _until_the_human_may_resign(d)
        d.click_button(d.scene.topbar.resign)
        _answer(d, i18n.t("resign.backgammon", points=3 * s.game.cube_value))
        d.settle()
        if not s.match.over:
            d.click_button(d.scene.result_buttons["next_game"])
    result = d.scene
    assert isinstance(result, ResultScene)
    assert result.lines[0] == i18n.t("result.match", name="Black", score0=s.match.score[1], score1=0)  # the winner's score first
    assert result.lines[0].endswith(f"{s.match.score[1]}–0")
    d.click_button(result.result_buttons["again"])
    s2 = d.session
    assert s2 is not s and isinstance(d.scene, MatchScene)
    assert not s2.is_human(0) and s2.is_human(1)  # colours swapped: the human is Black now


def _places(lobby: LobbyScene) -> dict:
    return {name: getattr(lobby, name).rect.copy() for name in ("friend_button", "help_button", "records_button", "open_button",
                                                                "setup_button", "settings_button", "quit_button")}


def test_a_rejoin_offer_takes_the_kept_place_and_no_button_moves(tmp_path, monkeypatch):
    """A friend match a run of the game left is offered in the place Continue keeps: the
    buttons below (and Play a friend above) stay where a click finds them."""
    from game.store.friendseat import SeatTicket
    from game.store.storage import Storage

    monkeypatch.setenv("BACKGAMMON_HOME", str(tmp_path / "plain"))
    plain = AppDriver(size=(1024, 768), settings=_quick())
    before = _places(plain.scene)
    free = plain.scene.continue_button.rect.copy()
    home = tmp_path / "seat"
    Storage(home).save_ticket(SeatTicket("ws://127.0.0.1:9", "x" * 32, "ABCDEFGHJK", "guest", 1, "Ann"))
    monkeypatch.setenv("BACKGAMMON_HOME", str(home))
    said = tmp_path / "said.txt"
    monkeypatch.setenv("BACKGAMMON_SPEECH_LOG", str(said))
    d = AppDriver(size=(1024, 768), settings=_quick())
    lobby = d.scene
    assert lobby.rejoin_button.visible and not lobby.continue_button.visible
    assert _places(lobby) == before and lobby.rejoin_button.rect == free
    # and said as the lobby opens, for a player who does not see it
    rejoin = i18n.t("lobby.rejoin", name="Ann")
    assert i18n.t("lobby.say_also", what=rejoin) in said.read_text(encoding="utf-8").splitlines()


def test_back_to_lobby_keeps_the_game_and_continue_returns():
    d = AppDriver(size=(1024, 768), settings=_quick())
    assert not d.scene.continue_button.visible
    before = _places(d.scene)  # the buttons' places with no game to continue
    d.click_button(d.scene.rows["mode"].button_for("hotseat"))
    d.click_button(d.scene.play_button)
    s = d.session
    d.click(d.dice_pos())
    d.settle()
    log = list(s.game.log)
    d.click_button(d.scene.topbar.lobby)
    _answer(d, i18n.t("button.no"))  # stay
    assert isinstance(d.scene, MatchScene)
    d.click_button(d.scene.topbar.lobby)
    _answer(d, i18n.t("button.yes"))
    lobby = d.scene
    assert isinstance(lobby, LobbyScene) and lobby.continue_button.visible
    assert _places(lobby) == before  # Continue came into its own place: a click lands where it did
    d.click_button(lobby.continue_button)
    assert isinstance(d.scene, MatchScene) and d.scene.session is s and s.game.log == log
    # restart asks, then discards the game
    d.click_button(d.scene.topbar.restart)
    _answer(d, i18n.t("button.no"))
    assert d.session is s
    d.click_button(d.scene.topbar.restart)
    d.key(pygame.K_RETURN)  # the dialog's first answer: yes
    assert d.session is not s and isinstance(d.scene, MatchScene) and d.session.game.log == []


def test_lobby_by_keyboard_and_idle_costs_nothing():
    d = AppDriver(size=(800, 600), settings=_quick(lobby_mode="hotseat"))
    renders = d.app.renders
    d.app.run(max_seconds=0.4)
    assert d.app.renders - renders <= 1
    d.key(pygame.K_TAB)  # Play has the focus first
    assert d.scene.focus.current(d.scene.focusables())[0] is d.scene.play_button
    d.key(pygame.K_RETURN)
    assert isinstance(d.scene, MatchScene) and d.session.hot_seat


# -- settings -------------------------------------------------------------------------------------
@pytest.mark.slow
def test_each_setting_takes_effect_at_once_and_persists(monkeypatch):
    rec = Recorder()
    d = AppDriver(size=(800, 600), audio=rec)  # settings loaded from the (empty) home: defaults
    assert d.settings.pace == "realistic" and d.settings.bot_pace == 0.6
    d.click_button(d.scene.gear_button)
    st = d.scene
    assert isinstance(st, SettingsScene)
    # sound
    d.click_button(st.rows["sound"].button_for(False))
    assert not rec.enabled and not d.settings.sound and not _stored().sound
    n = len(rec.played)
    d.click_button(st.rows["pace"].button_for("fast"))  # a click, silenced
    assert len(rec.played) == n
    # computer pace
    assert d.settings.pace == "fast" and d.settings.bot_pace == 0.2 and d.settings.animation_speed == 2.0
    assert _stored().pace == "fast"
    d.click_button(st.rows["pace"].button_for("instant"))
    assert d.settings.bot_pace == 0.0 and d.settings.animation_speed == 0.0
    # full screen
    d.click_button(st.rows["fullscreen"].button_for(True))
    assert d.app.fullscreen and d.app.size == pygame.display.get_desktop_sizes()[0] and _stored().fullscreen
    st = d.scene
    d.click_button(st.rows["fullscreen"].button_for(False))
    assert not d.app.fullscreen and d.app.size == (800, 600) and not _stored().fullscreen
    # language: the list comes from i18n; choosing one relabels everything at once
    monkeypatch.setattr(i18n, "LANGUAGES", i18n.LANGUAGES + (("xx", "Test"),))
    po = b'msgid ""\nmsgstr ""\n\nmsgid "settings.title"\nmsgstr "XX settings"\n\nmsgid "button.back"\nmsgstr "XX back"\n'
    monkeypatch.setitem(i18n.CATALOGS, "xx", catalogs.load_mo(catalogs.compile_po(po)))
    d.scene._rebuild(d.app.size)
    d.click_button(d.scene.rows["language"].button_for("xx"))
    assert d.settings.language == "xx" and _stored().language == "xx"
    assert d.scene.back_button.text == "XX back"
    d.click_button(d.scene.rows["language"].button_for("en"))
    assert i18n.language() == "en" and d.scene.back_button.text == "Back"
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.scene, LobbyScene)
    # a new start reads them back
    app = App(size=(640, 480), audio=Recorder())
    assert (app.settings.sound, app.settings.pace, app.settings.bot_pace, app.settings.language) == (False, "instant", 0.0, "en")


def test_lobby_options_show_in_the_match_and_persist():
    d = AppDriver(size=(1024, 768), settings=_quick())
    lobby = d.scene
    d.click_button(lobby.rows["mode"].button_for("hotseat"))
    d.click_button(lobby.rows["numbers"].button_for(False))
    d.click_button(lobby.rows["pips"].button_for(False))
    d.click_button(lobby.rows["auto"].button_for(False))
    stored = _stored()
    assert (stored.show_point_numbers, stored.show_pips, stored.auto_end_turn, stored.lobby_mode) == (False, False, False, "hotseat")
    d.click_button(lobby.play_button)
    m = d.scene
    assert not m.renderer.show_numbers and not m.renderer.show_pips
    assert m.panel.pips.text.strip() == ""
    # the point numbers are not drawn: the frame where "13" stands differs from a board with them
    lay = m.layout
    area = pygame.Rect(0, 0, int(lay.d * 0.8), int(lay.d * 0.45))
    area.center = tuple(int(v) for v in lay.number_pos(13))
    plain = pygame.image.tobytes(d.app.screen.subsurface(area), "RGB")
    numbered = Driver(size=(1024, 768), settings=_quick())
    numbered.frames(2)
    assert numbered.layout.number_pos(13) == lay.number_pos(13)
    assert pygame.image.tobytes(numbered.app.screen.subsurface(area), "RGB") != plain
    assert len(set(plain[i:i + 3] for i in range(0, len(plain), 3))) <= 2  # wood, perhaps its edge
    # auto end off: the turn waits for Done
    d.click(d.dice_pos())
    d.settle()
    g = d.game
    player = g.turn
    while g.phase == "move" and not g.current_turn.complete:
        st = g.current_turn.legal_steps()[0]
        d.scene.do(PlayStep(st.frm, st.to, st.die))
    assert g.phase == "move" and g.turn == player  # still waiting for Done
    # a new lobby opens as it was left
    d2 = AppDriver(size=(1024, 768))
    rows = d2.scene.rows
    assert rows["mode"].value == "hotseat" and rows["numbers"].value is False and rows["auto"].value is False


def test_settings_from_a_match_apply_to_the_computer_at_once():
    settings = Settings(bot_pace=0.6, animation_speed=1.0, pass_pause=0.5)
    d = Driver(size=(1024, 768), seats=(None, get_bot("random", seed=1)), settings=settings)
    d.click_button(d.scene.topbar.gear)
    st = d.app.scene
    assert isinstance(st, SettingsScene)
    d.click_button(st.rows["pace"].button_for("instant"))
    assert d.session.settings.bot_pace == 0.0 and d.session.settings.animation_speed == 0.0
    d.click_button(st.back_button)
    assert d.app.scene is d.scene  # back on the same match


# -- the cube ------------------------------------------------------------------------------------
def test_human_doubles_and_the_computer_takes_then_drops():
    doubler = Doubler(take=True)
    d = Driver(size=(1024, 768), seats=(None, doubler), cube=True, settings=_quick(), dice=FixedDice([3, 1, 6, 5, 4, 2]))
    s = d.session
    d.key(pygame.K_SPACE)  # the opening roll: White 3-1 moves first
    d.settle()
    assert s.move(8, 5) and s.move(6, 5)
    d.settle()  # Black (the Doubler) doubles at once; the human answers
    assert s.game.phase == "doubled" and s.must_answer_double()
    panel = d.scene.panel
    assert panel.take.is_enabled and panel.drop.is_enabled
    d.click_button(panel.take)
    assert s.game.cube_value == 2 and s.game.cube_owner == 0
    d.settle()
    assert d.scene.board_view().snap.cube_owner == 0
    # the human owns the cube: doubling back before a roll; the computer drops
    doubler.take = False
    for _ in range(50):
        if s.can_double():
            break
        if s.can_roll():
            d.key(pygame.K_SPACE)
        elif s.game.phase == "move":
            st = s.game.current_turn.legal_steps()[0]
            s.step(st.frm, st.to, st.die)
        d.settle()
    assert s.can_double() and panel.double.is_enabled
    d.click_button(panel.double)
    d.settle()
    assert s.game.result is not None and s.game.result.kind == "dropped" and s.game.result.winner == 0
    assert isinstance(d.app.scene, ResultScene)
    assert d.app.scene.lines[1] == i18n.t("result.how", kind=i18n.t("result.dropped"), points=2)


# -- resignation ---------------------------------------------------------------------------------
@pytest.mark.slow
def test_resign_to_the_computer_refused_then_accepted():
    d = Driver(size=(1024, 768), seats=(None, get_bot("random", seed=2)), settings=_quick(), dice=SeededDice(4))
    s = d.session
    for _ in range(30):
        d.settle()
        if s.can_resign():
            break
        d.key(pygame.K_SPACE)
    top = d.scene.topbar
    assert top.resign.is_enabled
    # the random player refuses a single game ...
    d.click_button(top.resign)
    _answer(d, i18n.t("resign.single", points=1))
    d.settle()
    assert s.game.phase in ("roll", "move") and s.game.log[-1].kind == "reject"
    # ... and Cancel in the menu offers nothing
    d.click_button(top.resign)
    d.key(pygame.K_ESCAPE)
    assert d.app.scene is d.scene and s.game.log[-1].kind == "reject"
    # ... and accepts a gammon
    d.click_button(top.resign)
    _answer(d, i18n.t("resign.gammon", points=2))
    d.settle()
    r = s.game.result
    assert r is not None and r.kind == "resigned" and r.points == 2 and r.winner == 1


def test_hot_seat_resignation_can_be_refused():
    d = Driver(size=(1024, 768), settings=_quick(), dice=SeededDice(8))
    s = d.session
    d.key(pygame.K_SPACE)
    d.settle()
    d.click_button(d.scene.topbar.resign)
    _answer(d, i18n.t("resign.single", points=1))
    d.settle()
    dialog = d.app.scene
    assert isinstance(dialog, DialogScene) and dialog.cancel is None
    d.key(pygame.K_ESCAPE)  # it must be answered
    assert d.app.scene is dialog
    _answer(d, i18n.t("button.refuse"))
    assert d.app.scene is d.scene and s.game.phase == "move" and s.game.log[-1].kind == "reject"


# -- rules & help ------------------------------------------------------------------------------
def test_rules_and_help_scroll_and_return():
    d = AppDriver(size=(800, 600), settings=_quick())
    d.click_button(d.scene.help_button)
    h = d.scene
    assert isinstance(h, HelpScene)
    text = h.box.html_text
    for term in ("home board", "bar", "blot", "prime", "anchor", "bearing off", "pip count", "gammon", "backgammon"):
        assert term in text.lower()
    assert h.scroll_fraction() == 0.0
    d.key(pygame.K_PAGEDOWN)
    first = h.scroll_fraction()
    assert first > 0
    d.key(pygame.K_DOWN)
    assert h.scroll_fraction() > first
    d.key(pygame.K_END)
    assert h.scroll_fraction() >= 1 - h.scroll_bar.visible_percentage - 1e-6
    d.key(pygame.K_HOME)
    assert h.scroll_fraction() == 0.0
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.scene, LobbyScene)


# -- sound ---------------------------------------------------------------------------------------
@pytest.mark.slow
def test_sounds_follow_what_happens_and_the_toggle_silences_them():
    rec = Recorder()
    d = Driver(size=(800, 600), seats=(get_bot("random", seed=1), get_bot("random", seed=2)), cube=False,
               settings=_quick(), seed=5, audio=rec)
    d.settle(max_frames=20000)
    assert d.game.phase == "over"
    played = set(rec.played)
    assert {"roll", "place", "bear_off", "win"} <= played
    # a human's click on a panel button clicks
    d2 = Driver(size=(800, 600), settings=_quick(), audio=rec)
    rec.played.clear()
    d2.click_button(d2.scene.panel.primary)  # roll
    assert rec.played[:2] == ["click", "roll"]
    # sound off: silence
    d2.app.set_sound(False)
    rec.played.clear()
    d2.settle()
    for _ in range(5):
        d2.click_button(d2.scene.panel.primary)
        d2.settle()
    assert rec.played == []


def test_sound_for_hits_bear_off_win_and_lose():
    from engine import StepMade

    snap = Snapshot.of(Driver(size=(320, 240)).game)
    over = Snapshot(**{**snap.__dict__, "winner": 1})
    assert sound_for("end", Happening("step", 0, snap, snap, step=StepMade(8, 5, 3, True))) == "hit"
    assert sound_for("end", Happening("step", 0, snap, snap, step=StepMade(3, 0, 3, False))) == "bear_off"
    assert sound_for("end", Happening("over", 1, snap, over), humans=[0]) == "lose"
    assert sound_for("end", Happening("over", 1, snap, over), humans=[1]) == "win"
    assert sound_for("start", Happening("double", 0, snap, snap)) == "double"


@pytest.mark.slow
def test_no_audio_device_runs_silently_and_says_so_once(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="no-such-driver", BACKGAMMON_HOME=str(tmp_path))
    proc = subprocess.run(
        [sys.executable, "-m", "game", "--smoke-test", "--size", "800x600", "--seed", "2"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert "result screen shown" in proc.stdout
    assert proc.stderr.count("no audio device") == 1, proc.stderr
    assert not any(tmp_path.iterdir())  # the smoke test saved nothing


def _resigned_to_the_result():
    """A game against the computer, the human resigned: (the driver, the session, the result screen)."""
    d = AppDriver(size=(1024, 768), settings=_quick())
    d.click_button(d.scene.rows["mode"].button_for("computer"))
    d.click_button(d.scene.play_button)
    s = d.session
    _until_the_human_may_resign(d)
    d.click_button(d.scene.topbar.resign)
    _answer(d, i18n.t("resign.backgammon", points=3))
    for _ in range(600):
        if isinstance(d.scene, ResultScene):
            break
        d.frames(1)
    return d, s, d.scene


def test_enter_acts_on_the_result_screen_after_the_guard_in_the_real_loop():
    """The guard lasts 0.6 s of the clock in the real frame loop, which idles between events
    (idle time is not simulated): it was counted in frames, and a player who waited and pressed
    Enter on "Play again" got nothing until some thirty keys had been pressed."""
    d, s, result = _resigned_to_the_result()
    assert isinstance(result, ResultScene)
    d.app.run(max_seconds=ResultScene.GUARD_S + 0.4)  # the real loop: the player reads the result
    assert d.scene is result and not result.busy  # (then the loop idles again)
    d.key(pygame.K_RETURN)  # the focused button: play again
    assert isinstance(d.scene, MatchScene) and d.session is not s


def test_space_pressed_on_as_the_result_opens_does_not_start_a_new_game():
    """A player still pressing Space to roll must see the result: Space, Enter and a pad's A
    do nothing for a moment after it opens, then act on the focused button as ever."""
    d, s, result = _resigned_to_the_result()
    assert isinstance(result, ResultScene) and result.shown_for < ResultScene.GUARD_S
    for key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_SPACE):
        d.key(key)
        assert d.scene is result and d.session is s  # nothing started
    d.post(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_A, instance_id=0)
    d.frames(1)
    assert d.scene is result and d.session is s
    d.frames(int(ResultScene.GUARD_S * 60) + 2)
    d.key(pygame.K_SPACE)  # now it acts: the focused button (play again)
    assert isinstance(d.scene, MatchScene) and d.session is not s
