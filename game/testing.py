"""Drive the real client with real pygame events, headless: for the tests and
the frame benchmark.

A :class:`Driver` opens the window (use SDL's dummy video driver), puts a
match scene on it, and posts mouse and key events into pygame's queue; each
one is followed by frames of the real loop, so the events go through the
scene's ``handle_event`` exactly as a player's would.
"""

from __future__ import annotations

from typing import Iterator, Optional, Sequence, Tuple

import pygame
from pygame_gui.core import UIElement

from engine import Match, SeededDice
from engine.dice import DiceSource

from .app import App, SoundPlayer
from .scenes.flow import Flow
from .scenes.match import MatchScene
from .ui.stack import Scene
from .play.seats import SeatLike
from .play.session import Session, Snapshot
from .store.settings import Settings

FRAME = 1.0 / 60


class Driver:
    """A window with a match scene, and hands to play it."""

    def __init__(
        self,
        size: Tuple[int, int] = (1024, 768),
        seed: int = 1,
        length: int = 1,
        cube: bool = False,
        seats: Sequence[SeatLike] = (None, None),
        settings: Optional[Settings] = None,
        dice: Optional[DiceSource] = None,
        audio: Optional[SoundPlayer] = None,
        match: Optional[Match] = None,
    ):
        """``match``: play this match (one set up at a position, say) instead of a new one."""
        self.settings = settings or Settings(animation_speed=1.0, bot_pace=0.0, pass_pause=0.3)
        self.app = App(size=size, settings=self.settings, audio=audio)
        pygame.event.clear()
        if match is None:
            match = Match(length=length, cube=cube, dice=dice if dice is not None else SeededDice(seed))
        self.session = Session(match, seats, self.settings)
        Flow(self.app)
        self.app.flow.show_match(self.session)
        scene = self.app.scene
        assert isinstance(scene, MatchScene)
        self.scene = scene
        self.frames(1)

    # -- time ------------------------------------------------------------------------------
    @property
    def layout(self):
        return self.scene.layout

    @property
    def game(self):
        return self.session.game

    def frames(self, n: int = 1, dt: float = FRAME) -> None:
        for _ in range(n):
            self.app.frame(dt)

    def play_out(self, max_frames: int, dt: float = FRAME) -> Iterator[int]:
        """Run frames until the game is over (at most ``max_frames``), each
        after any computer on roll has chosen; yields after every frame."""
        for n in range(max_frames):
            if self.game.phase == "over":
                return
            if self.session.thinking:
                self.session.wait_for_computer()
            self.app.frame(dt)
            yield n

    def settle(self, max_frames: int = 5000, dt: float = FRAME) -> int:
        """Run frames until nothing moves (animations done, computers idle)."""
        n = 0
        while self.scene.busy and n < max_frames:
            if self.session.thinking:
                self.session.wait_for_computer()
            self.app.frame(dt)
            n += 1
        self.app.frame(dt)
        return n

    # -- events ----------------------------------------------------------------------------
    def post(self, type_: int, **attrs: object) -> None:
        pygame.event.post(pygame.event.Event(type_, attrs))

    def mouse_down(self, pos: Tuple[float, float], button: int = 1) -> None:
        self.post(pygame.MOUSEBUTTONDOWN, pos=(int(pos[0]), int(pos[1])), button=button, touch=False, window=None)
        self.frames(1)

    def mouse_up(self, pos: Tuple[float, float], button: int = 1) -> None:
        self.post(pygame.MOUSEBUTTONUP, pos=(int(pos[0]), int(pos[1])), button=button, touch=False, window=None)
        self.frames(1)

    def mouse_move(self, pos: Tuple[float, float], held: bool = False, rel: Tuple[int, int] = (0, 0)) -> None:
        buttons = (1, 0, 0) if held else (0, 0, 0)
        self.post(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=rel, buttons=buttons, touch=False, window=None)
        self.frames(1)

    def click(self, pos: Tuple[float, float]) -> None:
        pos = (int(pos[0]), int(pos[1]))
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False, window=None)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False, window=None)
        self.frames(2)

    def drag(self, a: Tuple[float, float], b: Tuple[float, float], steps: int = 4) -> None:
        self.mouse_down(a)
        for i in range(1, steps + 1):
            f = i / steps
            self.mouse_move((a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f), held=True)
        self.mouse_up(b)

    def key(self, key: int, mod: int = 0) -> None:
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0, window=None)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0, window=None)
        self.frames(1)

    def type_text(self, text: str) -> None:
        """Type ``text`` as a keyboard does: for each character a key press,
        the character it gives (TEXTINPUT) and the key's release."""
        for ch in text:
            key = ord(ch.lower()) if ch.isascii() else 0
            self.post(pygame.KEYDOWN, key=key, mod=0, unicode=ch, scancode=0, window=None)
            self.post(pygame.TEXTINPUT, text=ch, window=None)
            self.post(pygame.KEYUP, key=key, mod=0, unicode=ch, scancode=0, window=None)
            self.frames(1)

    def click_button(self, button: UIElement) -> None:
        """Click a pygame_gui button where it is drawn."""
        self.click(button.rect.center)
        self.frames(1)  # the UI_BUTTON_PRESSED event pygame_gui posted

    # -- a game controller and a finger --------------------------------------------------------
    def pad(self, button: int, instance_id: int = 0) -> None:
        """Press and release a game controller button (pygame.CONTROLLER_BUTTON_A ...)."""
        self.post(pygame.CONTROLLERBUTTONDOWN, instance_id=instance_id, button=button)
        self.post(pygame.CONTROLLERBUTTONUP, instance_id=instance_id, button=button)
        self.frames(1)

    def finger(self, type_: int, pos: Tuple[float, float], finger_id: int = 0, mouse_too: bool = True) -> None:
        """One finger event (FINGERDOWN, FINGERMOTION or FINGERUP) at ``pos``
        in window pixels; with ``mouse_too`` also the mouse event SDL
        synthesises from it (``touch=True``), posted first as SDL does."""
        w, h = self.app.size
        x, y = pos[0] / w, pos[1] / h
        p = (int(pos[0]), int(pos[1]))
        if mouse_too:
            if type_ == pygame.FINGERMOTION:
                self.post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0), touch=True, window=None)
            else:
                kind = pygame.MOUSEBUTTONDOWN if type_ == pygame.FINGERDOWN else pygame.MOUSEBUTTONUP
                self.post(kind, pos=p, button=1, touch=True, window=None)
        self.post(type_, touch_id=1, finger_id=finger_id, x=x, y=y, dx=0.0, dy=0.0, pressure=1.0, window=None)
        self.frames(1)

    def tap(self, pos: Tuple[float, float], mouse_too: bool = True) -> None:
        """A finger touches ``pos`` and lifts."""
        self.finger(pygame.FINGERDOWN, pos, mouse_too=mouse_too)
        self.finger(pygame.FINGERUP, pos, mouse_too=mouse_too)
        self.frames(1)  # a button pygame_gui pressed

    def swipe(self, a: Tuple[float, float], b: Tuple[float, float], steps: int = 4) -> None:
        """A finger drags from ``a`` to ``b``."""
        self.finger(pygame.FINGERDOWN, a)
        for i in range(1, steps + 1):
            f = i / steps
            self.finger(pygame.FINGERMOTION, (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f))
        self.finger(pygame.FINGERUP, b)

    # -- where things are (from the layout the scene draws with) ---------------------------------
    def viewer(self) -> int:
        """Who the board is drawn for now."""
        return self.scene.viewer()

    def checker_pos(self, point: int) -> Tuple[float, float]:
        """Centre of the mover's top checker on ``point`` (25 = bar), as the
        board shows it once any animation running now has finished."""
        snap = Snapshot.of(self.game)
        assert self.scene.renderer is not None
        return self.scene.renderer.to_screen(self.scene.renderer.top_slot(snap, self.session.viewer_for(snap), point))

    def target_pos(self, point: int) -> Tuple[float, float]:
        """A spot on the screen that hit-tests as ``point``: a point's column,
        the bar, or the tray (0), where the view draws the layout's centre of it."""
        lay = self.layout
        if point == 0:
            spot = lay.tray_halves[0].center
        elif point == 25:
            spot = lay.bar_rect.center
        else:
            spot = lay.point_rect(point).center
        assert self.scene.renderer is not None
        return self.scene.renderer.to_screen(spot)

    def dice_pos(self) -> Tuple[float, float]:
        assert self.scene.renderer is not None
        return self.scene.renderer.to_screen(self.layout.dice_area.center)


class AppDriver(Driver):
    """The whole client from the lobby (scenes switch as a player's clicks
    make them), with the same hands as :class:`Driver`.

    ``settings`` None loads them from storage (``$BACKGAMMON_HOME``), as the
    game does; ``audio`` replaces the sound player (a recorder, in tests)."""

    def __init__(
        self,
        size: Tuple[int, int] = (1024, 768),
        seed: int = 1,
        settings: Optional[Settings] = None,
        audio: Optional[SoundPlayer] = None,
    ):
        self.app = App(size=size, settings=settings, audio=audio)
        self.settings = self.app.settings
        self.app.dice = SeededDice(seed)
        Flow(self.app)
        pygame.event.clear()
        self.app.flow.lobby()
        self.frames(1)

    @property
    def scene(self) -> Scene:  # type: ignore[override]
        """The scene on screen now."""
        return self.app.scene

    @property
    def session(self) -> Session:  # type: ignore[override]
        """The match in progress (asked once one has started)."""
        session = self.app.session
        assert session is not None, "no match in progress"
        return session

    def settle(self, max_frames: int = 5000, dt: float = FRAME) -> int:
        """Run frames until the scene on screen is still (it may switch on the way)."""
        n = 0
        while self.app.scene.busy and n < max_frames:
            s = getattr(self.app.scene, "session", None)
            if s is not None and s.thinking:
                s.wait_for_computer()
            self.app.frame(dt)
            n += 1
        self.app.frame(dt)
        return n
