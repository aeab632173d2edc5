"""The app: the window (:mod:`game.system.window`), the fixed-timestep loop
(:mod:`game.loop`), the scene stack, and what outlives a scene: the
settings, the sounds and the match in progress.  Events go to keys that
work on every screen, then to the scene on top.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any, Optional, Protocol, Tuple

import pygame

from .words import i18n
from .loop import DT, MAX_FRAME, Loop
from .net.invite import is_link
from .ui.navigation import Navigator
from .ui.stack import Scene, SceneStack
from .store.settings import Settings
from .system.links import Links
from .system.wake import WAKE, wake_loop
from .store.matfiles import match_path
from .system.window import MIN_SIZE, WINDOW_CLASS, Window, clamp_size, initial_window_size, name_the_window, remembered_size

if TYPE_CHECKING:
    from engine.dice import DiceSource

    from .system.audio import NullAudio
    from .kiosk import Kiosk
    from .net.hosting import Hosting
    from .play.options import MatchOptions
    from .play.session import Session
    from .store.storage import Storage

__all__ = ["App", "Scene", "SceneStack", "run_app", "clamp_size", "initial_window_size", "DT", "MAX_FRAME", "MIN_SIZE", "WINDOW_CLASS"]

LOG = logging.getLogger(__name__)

RELEASE_EVERY = 0.0  # least seconds between two releases of memory (App.release_memory): one takes some 3 ms
_AUDIO: Optional["NullAudio"] = None  # one set of synthesised sounds per process (the mixer outlives an App)


class SoundPlayer(Protocol):
    """What the app needs of its sounds (game/system/audio.py; tests record them)."""

    enabled: bool

    def play(self, name: str) -> object: ...


def shared_audio(enabled: bool) -> "NullAudio":
    """The game's :mod:`~game.system.audio` player (a silent one without a device).
    Made anew when the mixer it was made for has been shut (pygame.quit() by
    another user of pygame in the process): its sounds would crash SDL."""
    global _AUDIO
    if _AUDIO is None or (_AUDIO.available and not pygame.mixer.get_init()):
        from .system.audio import create_audio

        _AUDIO = create_audio(enabled)
    _AUDIO.enabled = enabled
    return _AUDIO


class App(Loop):
    """The window and the loop.  ``App(size)``, then ``run()``; tests drive
    frames themselves with :meth:`frame`.

    The app holds what outlives a scene: the settings (loaded from and saved
    to ``storage``), the sounds, and the match in progress (``session`` with
    the ``options`` it started with), which the lobby offers to continue."""

    def __init__(
        self,
        size: Optional[Tuple[int, int]] = None,
        fullscreen: bool = False,
        settings: Optional[Settings] = None,
        storage: Optional["Storage"] = None,
        audio: Optional[SoundPlayer] = None,
    ):
        from .store.storage import Storage

        self.storage = storage if storage is not None else Storage()
        from .play.saves import Keeper, validate_document

        if self.storage.game_validator is None:
            self.storage.game_validator = validate_document
        #: saves the kept match and records results (game/play/saves.py)
        self.saves = Keeper(self.storage, tell=self._tell)
        from .store.friendseat import SeatKeeper

        #: the seat of the friend match in play, kept to rejoin it after a crash (game/store/friendseat.py)
        self.friend_seat = SeatKeeper(self.storage, self.saves.writer.submit, self.saves.flush, self._tell)
        #: a line to show the player once (a damaged settings file ...), or None
        self.notice: Optional[str] = None
        #: the match server this game runs for a friend game it hosts (game.net.hosting)
        self.hosted: Optional["Hosting"] = None
        # a folder that cannot be made, read or written: one line, and the game goes on
        folder_notice = self.storage.check()
        if settings is None:
            stored, self.notice = self.storage.load_settings()
            settings = Settings.from_stored(stored)
            if self.notice:
                LOG.warning("%s", self.notice)
        if folder_notice:  # it says more than any one file's line
            self.notice = folder_notice
        self.settings = settings
        i18n.set_language(settings.language)
        from .ui.look import apply_look

        apply_look(settings)
        name_the_window()
        from .system.memory import freeze_start_up, tune_allocator

        tune_allocator()
        freeze_start_up()  # before any screen: what start-up made stays, and collections stay quick
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(i18n.t("app.title"))
        from .board.icon import window_icon

        pygame.display.set_icon(window_icon())
        #: the display surface, windowed or full screen (game/system/window.py)
        self.window = Window(size or remembered_size(settings.window_size) or initial_window_size(),
                             fullscreen or settings.fullscreen, None if size is not None else settings.window_pos)
        self.audio: SoundPlayer = audio if audio is not None else shared_audio(settings.sound)
        from .system.announcer import Announcer
        from .system.speech import screen_reader_running

        #: everything said in words: spoken when speech is on, and in the speech log (game/system/announcer.py)
        self.announcer = Announcer(aloud=lambda on: setattr(settings, "speaking", on))  # (the computer's pace follows)
        self.announcer.set_rate(settings.speech_rate)
        self.announcer.set_speaking(settings.speak if settings.speak is not None else screen_reader_running())
        self.notice = self.notice or self.announcer.trouble  # no speech here, or no voice of the language: said once, in the lobby
        #: the match in progress (kept while the player is in the lobby) and its options
        self.session: Optional["Session"] = None
        self.options: Optional["MatchOptions"] = None
        #: the dice source new matches use (None: system randomness; --seed sets one)
        self.dice: Optional["DiceSource"] = None
        #: the screens on show (game/ui/stack.py); the top one is :attr:`scene`
        self.scenes = SceneStack()
        #: where the scenes go next (game/scenes/flow.py attaches itself: ``Flow(app)``)
        self.flow: Navigator = _NoFlow()
        from .input.gamepad import Gamepads
        from .input.touch import TouchMouse

        #: game controllers, opened as they are plugged in (game/input/gamepad.py)
        self.gamepads = Gamepads()
        self.gamepads.start()
        #: the finger that acts as the mouse (game/input/touch.py)
        self.touch = TouchMouse()
        #: the kiosk's idle timer and attract mode (game/kiosk.py) with --kiosk, else None
        self.kiosk: Optional["Kiosk"] = None
        #: invite links and match files a second launch handed over or dropped on the window (game/system/links.py)
        self.links = Links(lambda text: self.flow.open_given(text), lambda text: is_link(text) or match_path(text) is not None, wake_loop)
        Loop.__init__(self)
        self._released = float("-inf")
        self._release_wanted = False
        self._had_input = False  # an event came in this frame (tick() reads it)
        #: seconds between two releases of memory (tests set 0)
        self.release_every = RELEASE_EVERY

    @property
    def screen(self) -> pygame.Surface:
        """The display surface."""
        return self.window.screen

    @property
    def size(self) -> Tuple[int, int]:
        return self.screen.get_size()

    @property
    def scene(self) -> Scene:
        """The scene on top of the stack (it gets the events)."""
        return self.scenes.top

    def switch(self, scene: Scene) -> None:
        """Start afresh with ``scene`` alone on the stack (the flow's
        business; tools and tests that set a screen up use it too)."""
        self.scenes.reset(scene)
        self.release_memory()

    def release_memory(self, now: Optional[float] = None, later: bool = False) -> None:
        """After a screen closed or the window changed size: free what the old
        one held and give it back to the system (game/system/memory.py): some 3 ms,
        at once (a closed 1440p board is 60 MB; at most once every
        :attr:`release_every` seconds where a tool sets one).  One asked for
        sooner, or ``later`` (a resize: its frame is long enough), waits for a
        frame without input."""
        now = time.monotonic() if now is None else now
        if later or now - self._released < self.release_every:
            self._release_wanted = True
            return
        self._release_wanted = False
        self._released = now
        from .system.memory import release

        release()

    # -- the window ------------------------------------------------------------------------
    def window_state(self) -> Tuple[Tuple[int, int], Optional[Tuple[int, int]]]:
        """The windowed size and the window's position (None: unknown)."""
        return self.window.state()

    def remember_window(self) -> None:
        """Keep the window's size and place in the settings (saved with them)."""
        size, pos = self.window_state()
        self.settings.window_size = [int(size[0]), int(size[1])]
        if pos is not None:
            self.settings.window_pos = [int(pos[0]), int(pos[1])]

    def quit(self) -> None:
        """Stop the loop (the window was closed, or Quit): the match in play
        is saved first, and everything pending is on disk before it returns.
        The window's size and place are remembered for the next start."""
        self.remember_window()
        self.save_settings()
        self.announcer.close()
        self.save_match()
        self.saves.flush()
        if self.hosted is not None:  # the friend is told the host has left
            self.hosted.stop()
            self.hosted = None
        self.running = False

    # -- settings that act on the app -----------------------------------------------------
    def save_settings(self) -> None:
        """Store the settings now (they survive a restart)."""
        try:
            message = self.storage.save_settings(self.settings.to_stored())
        except (OSError, ValueError) as exc:  # a read-only folder: play on
            message = str(exc)
        if message:
            LOG.warning("%s", message)

    def set_sound(self, on: bool) -> None:
        self.settings.sound = bool(on)
        self.audio.enabled = bool(on)
        self.save_settings()

    def play(self, name: str) -> None:
        """Play a sound effect (nothing when sound is off or there is no device)."""
        self.audio.play(name)

    def set_fullscreen(self, on: bool) -> None:
        """Fill the screen, or go back to the window size used before."""
        on = bool(on)
        self.settings.fullscreen = on
        self.save_settings()
        if self.window.set_fullscreen(on):
            self.scenes.resize(self.size)

    @property
    def fullscreen(self) -> bool:
        return self.window.fullscreen

    def set_language(self, code: str) -> None:
        self.settings.language = code
        i18n.set_language(code)
        pygame.display.set_caption(i18n.t("app.title"))
        self.save_settings()
        self.announcer.follow_language()  # speech in the new language at once (no voice of it here: said once)
        self.notice = self.notice or self.announcer.trouble  # (and shown in the lobby)

    # -- the match in progress ------------------------------------------------------------------
    def keep_match(self, session: "Session", options: Optional["MatchOptions"]) -> None:
        """Remember the match being played, to continue it from the lobby;
        it is saved now and at every turn (a new match replaces the saved one)."""
        self.session, self.options = session, options
        self.saves.keep(session, options)

    def drop_match(self) -> None:
        """Forget the match (it is over, or left): its save is discarded."""
        self.session = self.options = None
        self.saves.drop()

    def save_match(self) -> None:
        """Save the match in play now (closing the window, back to the lobby)."""
        self.saves.save(force=True)

    def _tell(self, message: str) -> None:
        """A line for the player from far away (the disk refused a save ...):
        the lobby shows it."""
        self.notice = message

    def restore_saved(self) -> bool:
        """Load the match saved by an earlier run into ``session`` and
        ``options``, at the start of the saved turn with the same dice; False
        when there is none that can be continued.  A damaged file gives one
        line in :attr:`notice` and never stops the game."""
        got, message = self.saves.restore(self.settings, dice=self.dice)
        if message:
            LOG.warning("%s", message)
            self.notice = message
        if got is None:
            return False
        self.session, self.options = got
        return True

    def has_match(self) -> bool:
        """Is there a match to continue (here, or saved)?"""
        if self.session is not None and not self.session.match.over:
            return True
        return self.saves.has_game()

    def resize(self, size: Tuple[int, int]) -> None:
        """Change the window size (also what a user's resize ends in)."""
        self.window.resize(size)
        self.scenes.resize(self.size)
        self.release_memory(later=True)

    # -- events -------------------------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> None:
        if self.links.took(event):
            return  # a link dropped on the window: tick() opens it
        if event.type == WAKE:
            return  # only woke the loop (news from another thread): the frame reads it
        self._had_input = True
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self.window.resized((event.w, event.h))
            self.scenes.resize(self.size)
            self.release_memory(later=True)
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED):
            for scene in self.scenes.visible():
                scene.dirty = True
        # controllers and fingers become the events scenes read (pad buttons, the mouse)
        for pad_event in self.gamepads.translate(event):
            for e in self.touch.translate(pad_event, self.size):
                if self.kiosk is not None and self.kiosk.input(e):
                    continue  # it woke the kiosk's attract mode: that is all it does
                if self.app_key(e):
                    continue
                self.scene.handle_event(e)
                if not self.running:
                    return

    def app_key(self, event: pygame.event.Event) -> bool:
        """Keys that work on every screen: F11 (or Alt+Enter) toggles full
        screen, Ctrl+Shift+Q quits (the way out of a kiosk).  True when
        ``event`` was one of them."""
        if event.type != pygame.KEYDOWN:
            return False
        mod = getattr(event, "mod", 0)
        if event.key == pygame.K_q and mod & pygame.KMOD_CTRL and mod & pygame.KMOD_SHIFT:
            self.quit()
            return True
        if event.key == pygame.K_F11 or (event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and mod & pygame.KMOD_ALT):
            if self.kiosk is None:  # a kiosk stays full screen
                self.set_fullscreen(not self.fullscreen)
            return True
        return False

    # -- the loop (game/loop.py) ----------------------------------------------------------------
    def tick(self) -> None:
        if self.kiosk is not None:
            self.kiosk.tick()  # idle too long: back to the lobby, then the attract mode
        self.links.deliver()  # a link handed over or dropped: the friend screen, filled in
        if self._release_wanted and not self._had_input:
            self.release_memory()  # no input this frame: what a resize or a quick switch left
        self._had_input = False


class _NoFlow:
    """The navigator of an app no flow was attached to: every request says so."""

    def __getattr__(self, name: str) -> Any:
        raise RuntimeError(f"no flow is attached to the app (game.scenes.flow.Flow(app)); asked for {name!r}")


def run_app(app: App, first_scene: Scene) -> None:
    app.switch(first_scene)
    app.run()
