"""The match scene: the board, the side panel and the top bar, wired to the session.

A thin scene: events go to the board controller (``match/controller.py``),
which answers with typed intents (``input/match_intents.py``); the actions
(``match/actions.py``) carry them out through the session, which asks the
engine; the session's happenings become animations (``board/animation``);
the presenter (``match/presenter.py``) says what the panel, the top bar and
the board show, and the frame (``match/frame.py``) draws it.  Input that
arrives during an animation first finishes the animation, then applies.
"""

from __future__ import annotations

from typing import List, Optional, Tuple

import pygame
import pygame_gui

from engine.kinds import Phase

from ..ui.host import AppHost
from ..ui.stack import Scene
from ..board.animation import Animator
from ..board.layout import DICE, Layout
from ..board.render import BoardRenderer, BoardView, TextCache
from ..board import viewbuttons
from ..board.viewbuttons import ViewButton
from ..words import i18n
from ..match.cues import CueList
from ..match.narrate import Narrator, both, start_words
from ..input.intents import INTENT_EVENTS, intent_of
from ..match import presenter
from ..match.actions import MatchActions
from ..match.boardview import RendererPlaces, animated, at_rest, hurry, numbered, pending_passes, showing_pass, tumbling, viewer_of, waiting
from ..match.controller import BoardController, MoveQuery
from ..match.frame import MatchFrame
from ..match.copytext import copy_position
from ..input.match_intents import Intent, ShowIds
from ..match.presenter import PanelState, TopState
from ..match.questions import MatchQuestions, TutorGate
from ..match.widgets import MatchWidgets
from ..play.netplay import NetSession
from ..play.session import Session
from ..match.friendplay import friend_update
from ..match.panel import SidePanel
from ..match.tableview import TableView
from ..ui.theme import ui_font_px
from ..match.topbar import TopBar, top_bar_height

#: what the widgets and the renderer are made for: the language, the view, point numbers, pip counts
BuildKey = Tuple[str, str, bool, bool]


def connection_shown(panel: Optional[SidePanel]) -> Optional[str]:
    """A friend game's connection line as ``panel`` shows it (None: no panel yet)."""
    return panel.state.connection if panel is not None and panel.state is not None else None


def copy_key(event: pygame.event.Event) -> bool:
    """Is ``event`` Ctrl+C (Cmd+C): copy the position as text?"""
    return event.type == pygame.KEYDOWN and event.key == pygame.K_c and bool(getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_META))


class MatchScene(Scene):
    """A match on the board; the players are whoever sits in the session's seats."""

    def __init__(self, app: AppHost, session: Session):
        super().__init__(app)
        self.session = session
        self.settings = session.settings
        from ..play.tutor import Tutor

        #: the tutor's judgement of the play about to be made (see game/play/tutor.py)
        self.tutor = Tutor()
        #: the pointer and the focus: events in, intents out
        self.controller = BoardController()
        #: what the turn allows, asked once per change
        self.query = MoveQuery(session)
        self.text = TextCache()
        self.animator = Animator(session.snapshot(), lambda: self.settings.animation_speed, lambda: self.settings.pass_pause)
        #: the sounds and the words (to the announcer) of what the board has shown
        self.cues = CueList(lambda: [p for p in (0, 1) if session.is_human(p)])
        self.animator.listener = both(self.cues.heard, Narrator(lambda: self.session, app.announcer.tell).heard)
        self.layout: Optional[Layout] = None
        self.renderer: Optional[BoardRenderer] = None
        #: the side panel and the top bar
        self.widgets: Optional[MatchWidgets] = None
        self.frame = MatchFrame()
        self._built_for: Optional[BuildKey] = None
        self._turn_key: Optional[Tuple[int, Phase, int]] = None
        self._hint_seen = 0
        #: the board as the engine has it has been drawn (dialogs and the result go over it)
        self._settled = False
        #: passes still to be shown when the panel was last filled (see _pending_passes)
        self._passes_shown = waiting(self.animator)
        #: the view of the table: top or oblique, turned and zoomed (tableview.py)
        self.table = TableView(self.settings, self.app.save_settings)
        self.table.on_change = self._view_changed
        self.questions = MatchQuestions(app, session, self.do)
        self.tutoring = TutorGate(session, self.tutor, self.questions, self._changed)
        self.actions = MatchActions(app, session, self.controller, self.table, self.questions, self.tutoring, self._changed)

    # -- scene protocol ---------------------------------------------------------------------
    def enter(self) -> None:
        self._build(self.app.size)
        self._changed()
        self.app.announcer.say(" ".join(start_words(self.session)))  # the match, whose turn, what to do: nothing waits unsaid

    def exit(self) -> None:
        if self.widgets is not None:
            self.widgets.kill()

    def resume(self) -> None:
        """A dialog or the result over the board went away: what its answer
        did shows now.  Nothing is rebuilt unless the settings changed what
        the board and the panel are made of (the view, the language ...)."""
        if self._built_for != self._build_key():
            self._build(self.app.size)
        self._changed()

    def _build_key(self) -> BuildKey:
        """What the widgets and the renderer are made for."""
        s = self.settings
        return (i18n.language(), s.board_view, s.show_point_numbers, s.show_pips)

    def invalidate(self) -> None:
        self.frame.invalidate()  # the next render draws the whole window
        self.dirty = True

    def resize(self, size: Tuple[int, int]) -> None:
        self._build(size)
        self._changed()

    def _build(self, size: Tuple[int, int]) -> None:
        self._built_for = self._build_key()
        self.frame.forget()
        f = ui_font_px(size)
        self.layout = Layout(size, top=top_bar_height(f))
        self.renderer = self.table.make_renderer(self.layout, self.text)
        self.widgets = MatchWidgets(size, self.layout, f, *presenter.widget_kinds(self.session))
        self.dirty = True

    @property
    def manager(self) -> Optional[pygame_gui.UIManager]:
        return self.widgets.manager if self.widgets is not None else None

    @property
    def panel(self) -> Optional[SidePanel]:
        return self.widgets.panel if self.widgets is not None else None

    @property
    def topbar(self) -> Optional[TopBar]:
        return self.widgets.topbar if self.widgets is not None else None

    @property
    def busy(self) -> bool:
        s = self.session
        return (
            self.animator.busy or self.controller.busy or self.table.moving or s.thinking or s.computer_to_act or self.questions.due()
            or self.tutor.busy or self.frame.ui_waiting
        )

    def _view_changed(self) -> None:
        """The view of the table moved: draw the board from there."""
        if self.renderer is None or self.layout is None:
            return
        renderer = self.table.follow(self.renderer, self.layout, self.text)
        if renderer is not self.renderer:
            self.renderer = renderer
            self.frame.invalidate()
        self.dirty = True

    # -- events -> the controller -> intents ------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        widgets = self.widgets
        assert widgets is not None and self.layout is not None and self.renderer is not None
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.table.pointer_at = (int(event.pos[0]), int(event.pos[1]))
        turned = False
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN, pygame.CONTROLLERBUTTONDOWN) and self.animator.busy:
            passing, turned = hurry(self.animator, self.session)  # finish what is showing, then act
            self.dirty = True
            if passing:  # a key or click read the "No legal moves" banner: that is all it does
                self._pass_seen()
                return
        consumed = widgets.process(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            intent = widgets.intent_for(event.ui_element)
            if intent is not None:
                self.app.play("click")
                self.do(intent)
                self._play_sounds()
            return
        if event.type in INTENT_EVENTS:
            self._key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.controller.pointer_used()
            if not consumed and not widgets.over(event.pos) and not self.table.press(event.pos, self.renderer):  # a view button
                hit = self.renderer.hit(event.pos)
                if not turned or hit == DICE:  # the board turned as the click hurried it: the click meant the old view
                    self.do(self.controller.press(event.pos, hit, self.session))
                    self.dirty = True
        elif event.type == pygame.MOUSEWHEEL and widgets.wheel(event, self.table.pointer_at):
            self.dirty = True
        elif event.type in (pygame.MOUSEWHEEL, pygame.MULTIGESTURE, pygame.CONTROLLERAXISMOTION):
            self.table.handle(event, self.renderer, self.layout, self.app.size)
            self.dirty = True
        elif event.type == pygame.MOUSEMOTION:
            if self.table.motion(event.pos):
                pass  # turning the view
            elif self.controller.drag(event.pos, self.layout.d):
                self.dirty = True
            elif getattr(event, "buttons", (0,))[0] == 0:
                self.dirty = True  # hover effects in the panel
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.table.release():
                self.dirty = True
            else:
                released = self.controller.release(event.pos, self.renderer.hit(event.pos), self.session)
                if released is not None:
                    self.do(released)
                    self.dirty = True
        else:
            self.dirty = True

    def _key(self, event: pygame.event.Event) -> None:
        """A key or a controller button (the same words, the same intents)."""
        word = intent_of(event)
        if copy_key(event) or (word is None and event.type == pygame.KEYDOWN and event.key == pygame.K_i):  # Ctrl+C: the position as text; I: its IDs
            self.actions.say(copy_position(self.session)) if copy_key(event) else self.do(ShowIds())
            self.dirty = True
            return
        self.actions.heard_key(word)
        if word is None:
            return
        self.dirty = True
        intent = self.controller.command(word, self.places(), self.query)
        self.do(intent) if intent is not None else self.actions.focus_moved()

    def view_button_rects(self) -> viewbuttons.Rects:
        """Where the view buttons are now (they move as the oblique view turns)."""
        assert self.renderer is not None
        return self.renderer.view_button_rects()

    def places(self) -> RendererPlaces:
        """Where the board shows things now (for the controller)."""
        assert self.renderer is not None and self.layout is not None
        return RendererPlaces(self.renderer, self.animator.display, self.viewer(), self.layout.d)

    # -- intents -> the session -----------------------------------------------------------------
    def do(self, intent: Intent) -> bool:
        """Carry out one intent (see ``match/actions.py``); returns whether it was taken."""
        return self.actions.do(intent)

    # -- keeping everything in step -------------------------------------------------------------
    def _changed(self) -> None:
        """After anything happened: animate it, refresh selection and panel."""
        self.query.clear()
        s = self.session
        happenings = s.drain()
        if happenings:
            self.animator.push(happenings)
        g = s.game
        self._passes_shown = waiting(self.animator)
        key = (g.turn, g.phase, s.match.game_number)
        new_turn = key != self._turn_key
        self._turn_key = key
        self.controller.refresh(self.query, new_turn)
        self._settled = False
        if self.widgets is not None:
            on_step = self.controller.focused_step() is not None
            buttons = self.widgets.show(self.panel_state(), self.top_state())
            buttons += self.table.focusables(self.view_button_rects) if self.layout is not None else []
            self.controller.set_buttons(buttons, self.widgets.steps, on_step)
        self.dirty = True

    @property
    def showing_pass(self) -> bool:
        """The board still shows a throw that cannot be played: a key or click only dismisses it."""
        return showing_pass(self.animator)

    def _pass_seen(self) -> None:
        """The board has shown a pass: the panel and the top bar catch up."""
        self._passes_shown = waiting(self.animator)
        self._changed()

    def panel_state(self) -> PanelState:
        return presenter.panel_state(self.session, self.settings, self.actions.log_visible, pending_passes(self.animator), tumbling(self.animator))

    def top_state(self) -> TopState:
        return presenter.top_state(self.session, pending_passes(self.animator))

    def update(self, dt: float) -> None:
        if self.widgets is not None:
            self.widgets.tick(dt)
        s = self.session
        was_busy = self.animator.busy
        s.update(dt, display_busy=self.animator.busy)
        if self.tutor.ready:
            self.tutoring.ready()
        if s.pending():
            self._changed()
        if s.hint_version != self._hint_seen:  # a hint came: drawn, and said
            self._hint_seen, self.dirty = s.hint_version, self.actions.hint_arrived()
        self.animator.update(dt)
        if waiting(self.animator) != self._passes_shown:
            self._pass_seen()
        self.table.update(dt, self.renderer, self.layout)
        if was_busy and not self.animator.busy:
            self.dirty = True
        self._play_sounds()
        self._ask_questions(dt)
        if isinstance(s, NetSession) and friend_update(self.app, s, self.animator.busy, self.actions.say, connection_shown(self.panel)):
            self._changed()  # the connection's state changed: the panel shows it at once

    # -- drawing --------------------------------------------------------------------------------
    def viewer(self) -> int:
        """Who the board is drawn for now (already the roller while the dice tumble)."""
        return viewer_of(self.animator, self.session)

    def board_view(self, alpha: float = 1.0) -> BoardView:
        """What the board shows now (also what tests look at)."""
        assert self.layout is not None and self.renderer is not None
        s = self.session
        focused = self.controller.focused()  # a view button with the focus is ringed on the board
        view_focus = focused[0].mode if focused is not None and isinstance(focused[0], ViewButton) else None
        view = numbered(BoardView(snap=self.animator.display, viewer=self.viewer(), view_mode=self.table.mode, view_focus=view_focus,
                                  view_tip=self.table.tip(view_focus, self.renderer.view_button_rects())), s)
        head = self.animator.head
        if head is not None:
            return animated(view, head, alpha, self.layout, seed=len(s.game.log))
        words = presenter.board_words(s, result_pending=self.questions.result_pending)
        return at_rest(view, words, self.actions.notice, self.actions.shown_hint() if words.moving else None, self.controller, self.query, self.places())

    def render(self, surface: pygame.Surface, alpha: float) -> Optional[List[pygame.Rect]]:
        """Draw the board and the widgets, each only when it changed (see ``match/frame.py``)."""
        widgets = self.widgets
        assert self.renderer is not None and widgets is not None and self.layout is not None
        view = self.board_view(alpha)
        focused = self.controller.focused()
        areas = (pygame.Rect(self.layout.board_area), self.layout.panel_rect, self.layout.top_bar_rect)
        ui_key = (None if focused is None else id(focused[0]), widgets.version)
        # the widgets may wait a frame while this scene is on top (the loop draws the next frame then)
        on_top = self.app.scenes.current is self
        rects = self.frame.draw(surface, view, self.renderer, areas, self.table.camera.version, ui_key,
                                lambda target: widgets.draw(target, focused), ui_may_wait=on_top, update_ui=widgets.update)
        if not self.animator.busy and not self.session.pending():
            self._settled = True
        return rects

    # -- sounds, questions, the result screen ------------------------------------------------------
    def _play_sounds(self) -> None:
        for name in self.cues.take():
            self.app.play(name)

    def _ask_questions(self, dt: float) -> None:
        """Once the board shows how things stand: the result screen after a
        game, or the hot-seat player's answer to a resignation."""
        if self.animator.busy or not self._settled or self.app.scenes.current is not self:
            return
        if self.questions.ask_due(dt):
            self.dirty = True
