"""Which scene follows which: the one module that knows.

:class:`Flow` is the app's :class:`~game.ui.navigation.Navigator`
(``app.flow``): scenes ask it to go somewhere and it builds the scene and
puts it on the app's :class:`~game.ui.stack.SceneStack`:

- the lobby, the board of a match and the attract mode start afresh
  (:meth:`SceneStack.reset`);
- the settings, a question, a game's result, a rollout are overlays on what is shown
  (:meth:`SceneStack.push`), and closing them returns to it as it was;
- Rules & help, the records, the recent matches and a review go over the
  lobby or the result, and Back returns there.

No scene imports another; the stack and the navigator import none.  The
flow knows the app as :class:`FlowHost` (what a screen may use of it, its
stack, starting afresh), never :mod:`game.app` itself, which imports it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional, Protocol, Sequence

from engine import Match
from engine.dice import DiceSource
from engine.rollout import RolloutSettings

from ..play.options import MatchOptions
from ..play.session import Session
from ..store.matfiles import match_path
from ..ui.host import AppHost
from ..ui.navigation import Choice, KioskMode
from ..ui.stack import Scene, SceneStack
from .attract import AttractScene
from .dialog import DialogScene
from .friend import FriendScene
from .help import HelpScene
from .lobby import LobbyScene
from .match import MatchScene
from .openmatch import OpenMatchScene, open_match_file
from .recent import RecentScene
from .records import RecordsScene
from .result import ResultScene
from .review import ReviewScene
from .rollout import RolloutScene
from .settings import SettingsScene
from .setup import SetupScene

if TYPE_CHECKING:
    from ..store.friendseat import SeatTicket
    from ..play.rollout_job import RolloutRequest


class FlowHost(AppHost, Protocol):
    """The app as the flow sees it: what a screen may use of it, and the
    scene stack itself, which only the flow changes (the app,
    :class:`game.app.App`, is one)."""

    @property
    def scenes(self) -> SceneStack: ...

    def switch(self, scene: Scene) -> None:
        """``scene`` alone on the stack; what the old screens held is freed."""


class Flow:
    """The app's navigator; ``Flow(app)`` attaches itself as ``app.flow``."""

    def __init__(self, app: FlowHost) -> None:
        self.app = app
        app.flow = self
        #: what a rollout's settings start from: 324 trials, every core (tests and tools make it small)
        self.rollout_settings = RolloutSettings(trials=324, workers=0)

    # -- the lobby and matches ------------------------------------------------------------
    def lobby(self) -> None:
        self._afresh(LobbyScene(self.app))

    def _afresh(self, scene: Scene) -> None:
        """``scene`` alone on the stack; what the old screens held is freed."""
        self.app.switch(scene)

    def start_match(self, options: MatchOptions, dice: Optional[DiceSource] = None, seed: Optional[int] = None) -> None:
        app = self.app
        options = options.with_colour_drawn()
        session = options.new_session(app.settings, dice=dice if dice is not None else app.dice, seed=seed)
        app.keep_match(session, options)
        self.show_match(session)

    def show_match(self, session: Session) -> None:
        self._afresh(MatchScene(self.app, session))

    def restart_match(self, session: Session) -> None:
        app = self.app
        if app.session is session and app.options is not None:
            self.start_match(app.options)
            return
        m = session.match
        fresh = Session(Match(length=m.length, cube=m.cube, dice=m.dice_source), session.seats, session.settings)
        app.keep_match(fresh, None)
        self.show_match(fresh)

    def game_over(self, session: Session) -> None:
        app = self.app
        app.scenes.push(ResultScene(app, session, options=app.options if app.session is session else None))

    # -- screens over the current one ----------------------------------------------------------
    def settings(self) -> None:
        self.app.scenes.push(SettingsScene(self.app))

    def access(self) -> None:
        from .access import AccessScene

        self.app.scenes.push(AccessScene(self.app))

    def restyle(self) -> None:
        from ..ui.look import apply_look

        apply_look(self.app.settings)
        self.app.scenes.resize(self.app.size)

    def help(self) -> None:
        self.app.scenes.push(HelpScene(self.app))

    def records(self) -> None:
        self.app.scenes.push(RecordsScene(self.app))

    def friend(self) -> None:
        self.app.scenes.push(FriendScene(self.app))

    def open_invite(self, text: str) -> None:
        """An invite link given to the game (its argument, or handed over by a
        second launch): the friend screen with the invite filled in and Join
        focused, so that Enter or a click on Join joins.  Over whatever is on
        screen (a match in progress stays below it, kept)."""
        current = self.app.scenes.current
        scene = current if isinstance(current, FriendScene) else FriendScene(self.app)
        if scene is not current:
            self.app.scenes.push(scene)
        scene.prefill(text)

    def open_given(self, text: str) -> None:
        """What was given to the game (its argument, handed over by a second
        launch, dropped on the window): an invite link opens the friend
        screen, a match file opens in the review over what is on screen
        (one that cannot be read: the Open screen, saying why)."""
        path = match_path(text)
        if path is None:
            self.open_invite(text)
            return
        error = open_match_file(self.app, path)
        if error is not None:
            scene = OpenMatchScene(self.app, folder=path.parent)
            scene.error = error
            self.app.scenes.push(scene)
            self.app.announcer.say(error)

    def open_match(self) -> None:
        self.app.scenes.push(OpenMatchScene(self.app))

    def rejoin(self, ticket: "SeatTicket") -> None:
        """Take back the seat of a friend match a run of the game left (on the friend screen, which says how it goes)."""
        scene = FriendScene(self.app)
        self.app.scenes.push(scene)
        scene.rejoin(ticket)

    def setup(self) -> None:
        self.app.scenes.push(SetupScene(self.app))

    def recent(self) -> None:
        self.app.scenes.push(RecentScene(self.app))

    def review(self, match: Match, viewer: int = 0) -> None:
        self.app.scenes.push(ReviewScene(self.app, match, viewer=viewer))

    def rollout(self, request: "RolloutRequest") -> None:
        self.app.scenes.push(RolloutScene(self.app, request, self.rollout_settings))

    def ask(self, title: str, text: str, choices: Sequence[Choice], cancel: Optional[Choice] = None) -> None:
        self.app.scenes.push(DialogScene(self.app, title, text, choices, cancel=cancel))

    def back(self) -> None:
        stack = self.app.scenes
        if len(stack) > 1:
            stack.pop()
            self.app.release_memory()
        else:  # nothing under it (a screen a tool opened alone): the lobby
            self.lobby()

    # -- the kiosk ----------------------------------------------------------------------------------
    @property
    def in_lobby(self) -> bool:
        return isinstance(self.app.scenes.current, LobbyScene)

    def attract(self, kiosk: Optional["KioskMode"] = None, level: Optional[str] = None, pace: Optional[str] = None) -> None:
        self._afresh(AttractScene(self.app, kiosk, level, pace))
