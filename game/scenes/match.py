"""The match scene: the board, the side panel, and play by mouse or keyboard.

Input becomes intents (``input/``), intents become session calls, the
session's happenings become animations (``board/animation``), and the
renderer draws what the animator shows.  Input that arrives during an
animation first finishes the animation, then applies.
"""

from __future__ import annotations

import math
from typing import Any, Callable, Dict, List, Optional, Tuple

import pygame
import pygame_gui

from engine.kinds import MULTIPLES, ResignLevel

from ..app import App, Scene
from ..board.animation import Animator, tumble_faces
from ..board.layout import DICE, Layout
from ..board.render import BoardRenderer, BoardView, TextCache
from ..board.viewbuttons import ViewButton
from .. import i18n
from ..i18n import t
from ..input.boardfocus import BoardFocus
from ..input.focus import FocusRing, nearest
from ..input.intents import DIRECTIONS, INTENT_EVENTS, intent_of
from ..input.pointer import BoardPointer
from ..cues import sound_for
from ..session import MOVE, OPENING, OVER, RESIGNING, ROLL, Happening, Session, Snapshot, player_name
from .navigation import Choice
from ..match import presenter
from ..match.presenter import PanelState, TopState, hint_lines
from .panel import SidePanel
from .theme import manager, ui_font_px
from ..netplay import NetSession
from .friendplay import ask_leave, friend_update
from .tableview import TableView
from .topbar import TopBar, top_bar_height

FOCUS = (120, 200, 255)
RESULT_DELAY = 1.2  # seconds the final board shows before the result screen (at animation speed 1)


class MatchScene(Scene):
    """A match on the board; the players are whoever sits in the session's seats."""

    def __init__(self, app: App, session: Session):
        super().__init__(app)
        self.session = session
        self.settings = session.settings
        #: the IDs shown on the board (I), until the next key
        self.ids_banner: Optional[str] = None
        from ..tutor import Tutor

        #: the tutor's judgement of the play about to be made (see game/tutor.py)
        self.tutor = Tutor()
        self.pointer = BoardPointer()
        self.focus = FocusRing()
        #: arrows and the d-pad on the board: a movable checker, then its targets
        self.board_focus = BoardFocus()
        #: the last input came from keys or a controller (their focus shows when a move begins)
        self._keyboard = False
        self.log_visible = True
        self.text = TextCache()
        self.animator = Animator(session.snapshot(), lambda: self.settings.animation_speed, lambda: self.settings.pass_pause)
        self.layout: Optional[Layout] = None
        self.renderer: Optional[BoardRenderer] = None
        self.manager: Optional[pygame_gui.UIManager] = None
        self.panel: Optional[SidePanel] = None
        self._built_for: Tuple[Any, ...] = ()
        self._turn_key: Tuple[Any, ...] = ()
        self._focusables: List[Tuple[Any, Tuple[Any, ...]]] = []
        self._ui_time = 0.0
        self._cache: Dict[Any, Any] = {}
        self._frame: Optional[pygame.Surface] = None
        self._board_key: Any = None
        self._board_view: Optional[BoardView] = None
        self._ui_key: Any = None
        self._moving_rects: List[pygame.Rect] = []
        self._ui_version = 0
        self._mouse_in_panel = False
        self._hint_seen = 0
        self.topbar: Optional[TopBar] = None
        #: the game whose result screen has been shown (by id), and the wait before it
        self._result_shown: Optional[int] = None
        self._result_wait = 0.0
        #: the board as the engine has it has been drawn (dialogs and the result go over it)
        self._settled = False
        self._sounds: List[str] = []
        #: passes still to be shown when the panel was last filled (see _pending_passes)
        self._passes_shown = 0
        self.animator.listener = self._on_anim
        #: the view of the table: top or oblique, turned and zoomed (tableview.py)
        self.table = TableView(self.settings, self.app.save_settings)
        self.table.on_change = self._view_changed

    # -- scene protocol ---------------------------------------------------------------------
    def enter(self) -> None:
        self._build(self.app.size)
        self._changed()

    def exit(self) -> None:
        if self.panel is not None:
            self.panel.kill()
        if self.topbar is not None:
            self.topbar.kill()

    def resume(self) -> None:
        """A dialog or the result over the board went away: what its answer
        did shows now.  Nothing is rebuilt unless the settings changed what
        the board and the panel are made of (the view, the language ...)."""
        if self._built_for != self._build_key():
            self._build(self.app.size)
        self._changed()

    def _build_key(self) -> Tuple[Any, ...]:
        """What the widgets and the renderer are made for."""
        s = self.settings
        return (i18n.language(), s.board_view, s.show_point_numbers, s.show_pips)

    def invalidate(self) -> None:
        self._frame = None  # the next render draws the whole window
        self.dirty = True

    def resize(self, size: Tuple[int, int]) -> None:
        self._build(size)
        self._changed()

    def _build(self, size: Tuple[int, int]) -> None:
        self._built_for = self._build_key()
        self._frame = None
        self._board_view = None
        f = ui_font_px(size)
        self.layout = Layout(size, top=top_bar_height(f))
        self.renderer = self._make_renderer()
        self.manager = manager(size, f)
        self.panel = SidePanel(self.manager, self.layout.panel_rect, f, self.session.game.cube_enabled or self.session.match.cube)
        self.topbar = TopBar(self.manager, self.layout.top_bar_rect, f)
        self.dirty = True

    def _make_renderer(self) -> BoardRenderer:
        assert self.layout is not None
        return self.table.make_renderer(self.layout, self.text)

    @property
    def busy(self) -> bool:
        s = self.session
        return (
            self.animator.busy or self.pointer.dragging or self.table.moving or s.thinking or s.computer_to_act or self._question_due()
            or self.tutor.busy
        )

    def _view_changed(self) -> None:
        """The view of the table moved: draw the board from there."""
        if self.renderer is None or self.layout is None:
            return
        renderer = self.table.follow(self.renderer, self.layout, self.text)
        if renderer is not self.renderer:
            self.renderer = renderer
            self._frame = None
        self.dirty = True

    # -- events -------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        assert self.manager is not None and self.layout is not None
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.table.pointer_at = (int(event.pos[0]), int(event.pos[1]))
        if event.type == pygame.MOUSEMOTION:
            # the widgets only care while the mouse is over the panel (hover)
            inside = self.layout.panel_rect.collidepoint(event.pos) or self.layout.top_bar_rect.collidepoint(event.pos)
            if inside or self._mouse_in_panel:
                self._ui_version += 1
            self._mouse_in_panel = inside
        else:
            self._ui_version += 1  # any other event may change what the widgets show
        turned = False
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN, pygame.CONTROLLERBUTTONDOWN) and self.animator.busy:
            viewer = self.viewer()
            passing = self.showing_pass
            self.animator.flush()  # hurry: finish what is showing, then act
            turned = self.viewer() != viewer
            self.dirty = True
            if passing:  # a key or click read the "No legal moves" banner: that is all it does
                self._pass_seen()
                return
        consumed = self.manager.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            action = self.panel.action_for(event.ui_element) if self.panel else None
            if action is None and self.topbar is not None:
                action = self.topbar.action_for(event.ui_element)
            if action is not None:
                self.app.play("click")
                self.do(action)
                self._play_sounds()
            return
        if event.type in INTENT_EVENTS:
            self._key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._keyboard = False
            if not consumed and not self.layout.panel_rect.collidepoint(event.pos) and not self.layout.top_bar_rect.collidepoint(event.pos):
                assert self.renderer is not None
                if self.table.press(event.pos, self.layout):
                    return  # a view button
                hit = self.renderer.hit(event.pos)
                if turned and hit != DICE:
                    return  # the board turned as the click hurried it: the click meant the old view
                self.focus.clear()
                self.board_focus.clear()
                intent = self.pointer.down(event.pos, hit, self.session)
                if intent is not None and intent[0] == "cancel":
                    self.table.begin_turn(event.pos)  # a press on an empty part turns the oblique view
                self._pointer_intent(intent)
                self.dirty = True
        elif event.type == pygame.MOUSEWHEEL and self.panel is not None and self.panel.log.rect.collidepoint(self.table.pointer_at):
            self.panel.log.wheel(int(event.y))
            self.dirty = True
        elif event.type in (pygame.MOUSEWHEEL, pygame.MULTIGESTURE, pygame.CONTROLLERAXISMOTION):
            assert self.renderer is not None
            self.table.handle(event, self.renderer, self.layout, self.app.size)
            self.dirty = True
        elif event.type == pygame.MOUSEMOTION:
            if self.table.motion(event.pos):
                pass  # turning the view
            elif self.pointer.motion(event.pos, self.layout.d):
                self.dirty = True
            elif getattr(event, "buttons", (0,))[0] == 0:
                self.dirty = True  # hover effects in the panel
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.table.release():
                self.dirty = True
            elif self.pointer.press is not None:
                assert self.renderer is not None
                intent = self.pointer.up(event.pos, self.renderer.hit(event.pos), self.session)
                self._pointer_intent(intent)
                self.dirty = True
        else:
            self.dirty = True

    def _pointer_intent(self, intent: Optional[Tuple[Any, ...]]) -> None:
        if intent is None or intent[0] == "cancel":
            self._changed()
            return
        self.do(intent)

    def _key(self, event: pygame.event.Event) -> None:
        """A key or a controller button (the same intents)."""
        intent = intent_of(event)
        if intent is None and event.type == pygame.KEYDOWN and event.key == pygame.K_i:
            self.show_ids()
            return
        self.ids_banner = None
        if intent is None:
            return
        self.dirty = True
        self._keyboard = True
        if intent in DIRECTIONS:
            self._move_focus(intent)
        elif intent in ("focus_next", "focus_prev"):
            self.board_focus.clear()
            self.focus.move(self._focusables, 1 if intent == "focus_next" else -1)
        elif intent == "confirm":
            if self.board_focus.at is not None:
                self._board_confirm()
                return
            focused = self.focus.current(self._focusables)
            self.do(focused[1] if focused is not None else ("primary",))
        elif intent == "cancel":
            if self.board_focus.kind == "target" and self.pointer.selected is not None:
                back = self.pointer.selected  # back out of the targets to the checker
                self.pointer.reset()
                self.board_focus.set("checker", back)
            else:
                self.pointer.reset()
                self.focus.clear()
                self.board_focus.clear()
            self._changed()
        else:
            self.do((intent,))  # primary (Start), menu (Back), undo, hint ...

    # -- the focus on the board (keys, remotes, pads) ------------------------------------------
    def _keys_selected(self) -> Optional[int]:
        """The checker selected by the keys (not one the game picked by itself)."""
        return self.pointer.selected if not self.pointer.auto else None

    def _spot_rect(self, centre: Tuple[float, float]) -> pygame.Rect:
        assert self.layout is not None
        assert self.renderer is not None
        d = max(2, int(self.layout.d))
        r = pygame.Rect(0, 0, d, d)
        x, y = self.renderer.to_screen(centre)
        r.center = (int(x), int(y))
        return r

    def _nav_items(self) -> List[Tuple[Tuple[Any, ...], pygame.Rect]]:
        """What the arrows can reach now, each with where it is: the targets of
        the selected checker; else the movable checkers and the buttons."""
        assert self.renderer is not None
        display, viewer = self.animator.display, self.viewer()
        sel = self._keys_selected()
        if self.board_focus.kind == "target" and sel is not None:
            return [(("target", q), self._spot_rect(self.renderer.landing_slot(display, viewer, q))) for q in self._destinations(sel)]
        items: List[Tuple[Tuple[Any, ...], pygame.Rect]] = [
            (("checker", q), self._spot_rect(self.renderer.top_slot(display, viewer, q))) for q in self._movable()
        ]
        items += [(("button", i), b.rect) for i, (b, _) in enumerate(self._focusables)]
        return items

    def _focus_to(self, key: Tuple[Any, ...]) -> None:
        if key[0] == "button":
            self.board_focus.clear()
            self.focus.index = key[1]
        else:
            self.focus.clear()
            self.board_focus.set(key[0], key[1])

    def _move_focus(self, direction: str) -> None:
        items = self._nav_items()
        if self.board_focus.at is not None:
            current: Optional[Tuple[Any, ...]] = self.board_focus.at
        elif self.focus.current(self._focusables) is not None:
            current = ("button", self.focus.index)
        else:
            current = None
        rects = dict(items)
        if current is None or current not in rects:
            self._focus_first()
            return
        others = [(k, r) for k, r in items if k != current]
        if current[0] != "button" and DIRECTIONS[direction][1] == 0:
            # Left and Right stay on the board, from checker to checker (or target); Tab goes to the buttons
            others = [(k, r) for k, r in others if k[0] != "button"]
        i = nearest(rects[current], [r for _, r in others], DIRECTIONS[direction])
        if i is not None:
            self._focus_to(others[i][0])

    def _focus_first(self) -> None:
        """Where the focus appears at the first arrow: the selected checker's
        first target, a movable checker, or the primary button."""
        sel = self._keys_selected()
        if sel is not None and self._destinations(sel):
            self.focus.clear()
            self.board_focus.set("target", self._first_target(sel))
        elif self._movable():
            self.focus.clear()
            self.board_focus.start(self._movable())
        else:
            self.board_focus.clear()
            buttons = [b for b, _ in self._focusables]
            if self.panel is not None and self.panel.primary in buttons:
                self.focus.index = buttons.index(self.panel.primary)
            else:
                self.focus.move(self._focusables, 1)

    def _first_target(self, frm: int) -> int:
        dests = self._destinations(frm)
        step = self.session.larger_step(frm)
        if step is not None and step.to in dests:
            return step.to
        return sorted(dests)[0]

    def _board_confirm(self) -> None:
        """Enter (A) on the board: select the focused checker, or move the
        selected one to the focused target."""
        kind, p = self.board_focus.at  # type: ignore[misc]
        if kind == "checker":
            if p not in self._movable() or not self._destinations(p):
                self._changed()
                return
            self.pointer.reset()
            self.pointer.selected, self.pointer.auto = p, False
            self.board_focus.set("target", self._first_target(p))
            self._changed()
            return
        sel = self._keys_selected()
        if sel is None or p not in self._destinations(sel):
            self._changed()
            return
        self.do(("move", sel, p))
        # on to the checker just moved, or the nearest one that can still move
        movable = self._movable()
        if movable:
            self.board_focus.set("checker", p if p in movable else min(movable, key=lambda q: (abs(q - p), q)))
        else:
            self.board_focus.clear()

    # -- intents -> session ---------------------------------------------------------------------
    def primary_action(self) -> Optional[Tuple[Any, ...]]:
        """What Enter, Space and the primary button do now."""
        action = presenter.primary_action(self.session)
        return (action,) if action is not None else None

    def do(self, action: Tuple[Any, ...]) -> bool:
        """Carry out one action; returns whether the game accepted it."""
        s = self.session
        kind = action[0]
        ok = False
        if kind == "primary":
            inner = self.primary_action()
            return self.do(inner) if inner is not None else False
        if kind in ("double", "take", "drop") and self._tutor_on() and self._tutor_cube(kind):
            return True
        if kind == "roll":
            ok = s.roll()
        elif kind in ("move", "step"):
            s.hold_turn = self._tutor_on()
            try:
                ok = s.move(action[1], action[2]) if kind == "move" else s.step(action[1], action[2], action[3])
            finally:
                s.hold_turn = False
            if ok and self._tutor_on() and self.settings.auto_end_turn and s.can_end_turn():
                self._tutor_play()
        elif kind == "done":
            if self._tutor_on() and s.can_end_turn():
                self._tutor_play()
                ok = True
            else:
                ok = s.end_turn()
        elif kind == "undo":
            ok = s.undo()
        elif kind == "take_back":
            ok = s.take_back()
        elif kind == "double":
            ok = s.double()
        elif kind == "take":
            ok = s.answer_double(True)
        elif kind == "drop":
            ok = s.answer_double(False)
        elif kind == "next_game":
            ok = s.next_game()
        elif kind == "hint":
            if s.can_hint():
                s.undo_all()  # the hint is for the whole turn, shown from its start
            ok = s.request_hint()
        elif kind == "toggle_auto":
            self.settings.auto_end_turn = not self.settings.auto_end_turn
            self.app.save_settings()
            ok = True
        elif kind == "toggle_log":
            self.log_visible = not self.log_visible
            ok = True
        elif kind == "toggle_view":
            return self.table.toggle()
        elif kind == "view":
            return self.table.set_view(action[1])
        elif kind == "reset_view":
            return self.table.reset()
        elif kind in ("menu", "lobby"):
            self.ask_lobby()
            return True
        elif kind == "restart":
            self.ask_restart()
            return True
        elif kind == "resign":
            return self.ask_resign()
        elif kind == "settings":
            self.app.flow.settings()
            return True
        if kind in ("move", "step", "undo", "take_back", "roll", "done", "next_game"):
            self.pointer.reset()
        self._changed()
        return ok

    # -- keeping everything in step -------------------------------------------------------------
    def _movable(self) -> List[int]:
        if self._cache.get("movable") is None:
            self._cache["movable"] = self.session.movable()
        return self._cache["movable"]

    def _destinations(self, frm: int) -> Dict[int, Any]:
        key = ("dest", frm)
        if key not in self._cache:
            self._cache[key] = self.session.destinations(frm)
        return self._cache[key]

    def _changed(self) -> None:
        """After anything happened: animate it, refresh selection and panel."""
        self._cache = {}
        s = self.session
        happenings = s.drain()
        if happenings:
            self.animator.push(happenings)
        g = s.game
        self._passes_shown = len(self._pending_passes())
        key = (g.turn, g.phase, s.match.game_number)
        new_turn = key != self._turn_key
        if new_turn:
            self._turn_key = key
            self.focus.clear()
            self.pointer.reset()
            self.board_focus.clear()
        movable = self._movable()
        if self.pointer.selected is not None and self.pointer.selected not in movable:
            self.pointer.reset()
        if self.pointer.selected is None and len(movable) == 1:
            self.pointer.selected, self.pointer.auto = movable[0], True
        if new_turn and self._keyboard:
            self.board_focus.start(movable)  # keys and pads find their focus on a checker as a move begins
        else:
            self.board_focus.fix(movable, self._keys_selected(), self._destinations)
        self._ui_version += 1
        self._settled = False
        if self.topbar is not None:
            self.topbar.show(self._top_state())
        if self.panel is not None:
            focused = self.focus.current(self._focusables)
            on_step = focused is not None and focused[1][0] == "step"
            self.panel.show(self._panel_state())
            focusables: List[Tuple[Any, Tuple[Any, ...]]] = [*self.panel.focusables(), *(self.topbar.focusables() if self.topbar is not None else [])]
            self._focusables = focusables + (self.table.focusables(self.layout) if self.layout is not None else [])
            if on_step:
                # the focus stays in the step list (Enter again plays the next
                # one); once no step is left it goes, so Enter means Done
                n = len(self.panel.step_buttons)
                if n == 0:
                    self.focus.clear()
                else:
                    self.focus.index = min(self.focus.index or 0, n - 1)
            self.focus.current(self._focusables)
        self.dirty = True

    def _pending_passes(self) -> List[Happening]:
        """Passes the board has not shown yet (the dice still tumble, or the
        "No legal moves" banner is up): the panel and the top bar wait for them."""
        return [a.happening for a in self.animator.queue if a.kind == "pass"]

    @property
    def showing_pass(self) -> bool:
        """Is the board still showing a throw that cannot be played (its dice
        tumbling, or the "No legal moves" banner up)?  A key or click then
        only dismisses it."""
        head = self.animator.head
        return head is not None and head.kind in ("roll", "pass") and bool(self._pending_passes())

    def _pass_seen(self) -> None:
        """The board has shown a pass: the panel and the top bar catch up."""
        self._passes_shown = len(self._pending_passes())
        self._changed()

    def _panel_state(self) -> PanelState:
        return presenter.panel_state(self.session, self.settings, self.log_visible, self._pending_passes())

    def update(self, dt: float) -> None:
        self._ui_time += dt  # the widgets are updated once per frame, in render
        s = self.session
        was_busy = self.animator.busy
        s.update(dt, display_busy=self.animator.busy)
        if self.tutor.ready:
            self._tutor_ready()
        if s.pending():
            self._changed()
        if s.hint_version != self._hint_seen:
            self._hint_seen = s.hint_version
            self.dirty = True
        self.animator.update(dt)
        if len(self._pending_passes()) != self._passes_shown:
            self._pass_seen()
        self.table.update(dt, self.renderer, self.layout)
        if was_busy and not self.animator.busy:
            self.dirty = True
        self._play_sounds()
        self._ask_questions(dt)
        if isinstance(s, NetSession):
            friend_update(self, s)

    # -- drawing --------------------------------------------------------------------------------
    def viewer(self) -> int:
        """Who the board is drawn for now: while dice tumble, already the roller
        (the board turns as the dice are thrown), else the board shown."""
        head = self.animator.head
        snap = head.happening.after if head is not None and head.kind == "roll" else self.animator.display
        return self.session.viewer_for(snap)

    def show_ids(self) -> None:
        """I: the position's GNU Backgammon IDs on the board, and on the clipboard."""
        from .. import clipboard

        pid, mid = self.session.match.ids()
        clipboard.copy(f"{pid}:{mid}")
        self.ids_banner = t("match.ids", ids=f"{pid}:{mid}")
        self.dirty = True

    def board_view(self, alpha: float = 1.0) -> BoardView:
        """What the board shows now (also what tests look at)."""
        assert self.layout is not None and self.renderer is not None
        lay = self.layout
        s = self.session
        display: Snapshot = self.animator.display
        viewer = self.viewer()
        focused = self.focus.current(self._focusables)
        view_focus = focused[0].mode if focused is not None and isinstance(focused[0], ViewButton) else None
        view = BoardView(snap=display, viewer=viewer, view_mode=self.table.mode, view_focus=view_focus)
        head = self.animator.head
        if head is not None:
            p = head.progress(alpha)
            h = head.happening
            if head.kind == "roll" and h.dice:
                view.tumbling = (h.player, tumble_faces(p, h.dice, seed=len(s.game.log)))
            elif head.kind == "pass":
                view.banner = t("board.no_moves")
            elif head.kind == "take":
                view.banner = t("board.takes", name=player_name(h.player), value=h.after.cube_value)
            elif head.kind == "drop":
                view.banner = t("board.drops", name=player_name(h.player))
            for mv in head.movers:
                view.hidden.append((mv.player, mv.src))
                side = 0 if mv.player == viewer else 1
                a = lay.slot(side, mv.src, mv.src_index)
                b = lay.slot(side, mv.dst, mv.dst_index)
                f = mv.fraction(p)
                centre = (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)
                view.flying.append((mv.player, centre, 1.0 + 0.18 * math.sin(math.pi * f)))
            return view
        g = s.game
        if self.ids_banner:
            view.banner = self.ids_banner
        if g.phase == OVER and g.result is not None and self._result_shown != id(g):
            r = g.result
            if s.match.over and s.match.length > 1:
                view.banner = t("result.match", name=player_name(r.winner), score0=s.match.score[0], score1=s.match.score[1])
            else:
                view.banner = t("result.banner", name=player_name(r.winner), kind=t(f"result.{r.kind}"), points=r.points)
            return view
        if not s.human_to_act:
            if s.thinking:
                view.prompt = t("board.thinking", name=player_name(g.to_act))
            return view
        if g.phase in (OPENING, ROLL):
            view.prompt = t("board.roll_prompt")
            return view
        if g.phase != MOVE:
            return view
        view.movable = set(self._movable())
        view.focus = self.board_focus.at
        hint = s.hint
        if hint is not None:
            view.hint = hint.best
            view.hint_lines = hint_lines(hint)
        sel = self.pointer.selected
        focused = self.focus.current(self._focusables)
        if sel is not None:
            view.selected = sel
            targets = self._destinations(sel)
            view.targets = set(targets)
            view.ghosts = [self.renderer.landing_slot(display, viewer, to) for to in targets]
            if self.pointer.dragging:
                view.hidden.append((viewer, sel))
                plane = self.renderer.to_plane(self.pointer.drag_pos)
                view.flying.append((viewer, plane if plane is not None else self.pointer.drag_pos, 1.12))
        elif focused is not None and focused[1][0] == "step":
            _, frm, to, _die = focused[1]
            view.focus_step = (frm, to)
            view.targets = {to}
            view.ghosts = [self.renderer.landing_slot(display, viewer, to)]
        return view

    def render(self, surface: pygame.Surface, alpha: float) -> Optional[List[pygame.Rect]]:
        """Draw.  What does not move is drawn into a frame cache, the board
        and the panel each only when they changed; while only checkers fly or
        dice tumble, a frame restores the cache under their last rectangles and
        draws them anew.  Returns the rectangles changed (a partial display
        update), or None when the whole window was drawn."""
        assert self.renderer is not None and self.manager is not None and self.layout is not None
        view = self.board_view(alpha)
        focused = self.focus.current(self._focusables)
        board_key = (
            view.snap,
            view.viewer,
            tuple(view.hidden),
            tuple(sorted(view.movable)),
            view.selected,
            tuple(sorted(view.targets)),
            tuple(view.ghosts),
            view.focus_step,
            view.focus,
            view.banner,
            view.prompt,
            view.hint,
            view.hint_lines,
            view.tumbling is not None,
            view.view_mode,
            view.view_focus,
            self.table.camera.version,
        )
        ui_key = (None if focused is None else id(focused[0]), self._ui_version)
        self.manager.update(self._ui_time)
        self._ui_time = 0.0
        size = surface.get_size()
        whole = self._frame is None or self._frame.get_size() != size
        if whole:
            self._frame = pygame.Surface(size).convert(surface) if surface.get_bitsize() >= 24 else pygame.Surface(size)
        frame = self._frame
        assert frame is not None
        rects: List[pygame.Rect] = []
        board_area = pygame.Rect(self.layout.board_area)
        panel_area = self.layout.panel_rect
        top_area = self.layout.top_bar_rect
        if whole or board_key != self._board_key:
            regions = None if whole or self._board_view is None else self.renderer.dirty_regions(self._board_view, view)
            for area in regions if regions is not None else [board_area]:
                area = area.clip(board_area)
                self.renderer.draw_static(frame, view, area)
                surface.blit(frame, area, area)
                rects.append(area)
            # the moving things of the last frame are gone from where they were
            for r in self._moving_rects:
                surface.blit(frame, r, r)
            rects.extend(self._moving_rects)
            self._board_key = board_key
            self._board_view = view
        else:
            for r in self._moving_rects:
                surface.blit(frame, r, r)
            rects.extend(self._moving_rects)
        if whole or ui_key != self._ui_key:
            self.manager.draw_ui(frame)
            if self.panel is not None:
                self.panel.log.draw(frame)
            if self.topbar is not None:
                self.topbar.draw_icons(frame)
            if focused is not None and not isinstance(focused[0], ViewButton):  # (the board rings a view button)
                rect = focused[0].rect.inflate(6, 6)
                pygame.draw.rect(frame, FOCUS, rect, max(2, self.layout.font_px("small") // 6), border_radius=6)
            surface.blit(frame, panel_area, panel_area)
            rects.append(panel_area)
            if top_area.height:
                surface.blit(frame, top_area, top_area)
                rects.append(top_area)
            self._ui_key = ui_key
        drawn = self.renderer.draw_moving(surface, view)
        self._moving_rects = drawn
        rects.extend(drawn)
        if not self.animator.busy and not self.session.pending():
            self._settled = True
        return None if whole else rects

    # -- the top bar, questions, the result screen, sounds -----------------------------------------
    def _top_state(self) -> TopState:
        return presenter.top_state(self.session, self._pending_passes())

    def _on_anim(self, event: str, happening: Happening) -> None:
        humans = [p for p in (0, 1) if self.session.is_human(p)]
        name = sound_for(event, happening, humans)
        if name is not None and name not in self._sounds:
            self._sounds.append(name)

    def _play_sounds(self) -> None:
        sounds, self._sounds = self._sounds, []
        for name in sounds:
            self.app.play(name)

    def _question_due(self) -> bool:
        """Is a result screen or a question for a human waiting to be shown?"""
        s = self.session
        g = s.game
        if g.phase == OVER:
            return self._result_shown != id(g)
        return g.phase == RESIGNING and s.must_answer_resignation()

    def _ask_questions(self, dt: float) -> None:
        """Once the board shows how things stand: the result screen after a
        game, or the hot-seat player's answer to a resignation."""
        if self.animator.busy or not self._settled or self.app.scenes.current is not self:
            return
        s = self.session
        g = s.game
        if g.phase == OVER and self._result_shown != id(g):
            speed = self.settings.animation_speed
            self._result_wait += dt
            if speed > 0 and self._result_wait < RESULT_DELAY / speed:
                return
            self._result_wait = 0.0
            self._result_shown = id(g)  # the result goes over the final board, without the banner saying the same
            self.dirty = True
            self.app.flow.game_over(s)
        elif g.phase == RESIGNING and s.must_answer_resignation():
            self.ask_resignation_answer()

    # -- the tutor ------------------------------------------------------------------------------
    def _tutor_on(self) -> bool:
        s = self.session
        return bool(self.settings.tutor) and s.human_to_act and not s.game.over

    def _tutor_play(self) -> None:
        """The play is complete: the tutor looks at it before the turn ends."""
        g = self.session.game
        turn = g.current_turn
        if turn is None or g.dice is None or self.tutor.busy:
            return
        self.tutor.start((len(g.log), turn.play), g.turn_start, g.dice, turn.play)

    def _tutor_ready(self) -> None:
        """The tutor has judged: end the turn, or ask first."""
        s = self.session
        key = self.tutor.key
        advice = self.tutor.take()
        g = s.game
        turn = g.current_turn
        if turn is None or key != (len(g.log), turn.play):
            return  # the play changed meanwhile
        if advice is None:
            s.end_turn()
            self._changed()
            return

        def anyway() -> None:
            s.end_turn()
            self._changed()

        def again() -> None:
            s.undo_all()
            self._changed()

        self._ask_tutor(advice, anyway, again)

    def _tutor_cube(self, kind: str) -> bool:
        """A double, take or drop the tutor warns about: ask (True), else False."""
        from engine.analysis import Kind

        from ..tutor import advice_for_cube

        s, g = self.session, self.session.game
        if kind == "double":
            if not s.can_double():
                return False
            owner = "centre" if g.cube_owner is None else "me" if g.cube_owner == g.turn else "opponent"
            advice = advice_for_cube(Kind.DOUBLE, g.position, owner)
        else:
            if not s.must_answer_double():
                return False
            advice = advice_for_cube(Kind.TAKE if kind == "take" else Kind.DROP, g.position, "centre")
        if advice is None:
            return False

        def anyway() -> None:
            if kind == "double":
                s.double()
            else:
                s.answer_double(kind == "take")
            self._changed()

        self._ask_tutor(advice, anyway, None)
        return True

    def _ask_tutor(self, advice: Any, anyway: Callable[[], None], again: Optional[Callable[[], None]]) -> None:
        def word(text: str) -> str:
            return t(f"review.action.{text}") if text in ("double", "no double", "take", "drop") else text

        text = t("tutor.text", best=word(advice.best), chosen=word(advice.chosen), loss=f"{advice.loss:.3f}",
                 label=t(f"review.label.{advice.label.value}"))
        retry = (t("tutor.again"), again)
        self.app.flow.ask(t("tutor.title"), text, [(t("tutor.anyway"), anyway), retry], cancel=retry)

    def _in_progress(self) -> bool:
        return not self.session.match.over

    def ask_lobby(self) -> None:
        """Back to the lobby, after asking; the match is kept to continue."""

        if isinstance(self.session, NetSession):
            ask_leave(self, self.session)
            return

        def go() -> None:
            if self._in_progress():
                if self.app.session is not self.session:
                    self.app.keep_match(self.session, None)
                else:
                    self.app.save_match()
            else:
                self.app.drop_match()
            self.app.flow.lobby()

        if not self._in_progress():
            go()
            return
        no = (t("button.no"), None)
        self.app.flow.ask(t("confirm.lobby.title"), t("confirm.lobby.text"), [(t("button.yes"), go), no], cancel=no)

    def ask_restart(self) -> None:
        """Discard this match and start a new one like it, after asking."""
        computer = self.app.session is self.session and self.app.options is not None and self.app.options.mode == "computer"
        text = t("confirm.restart.abandoned") if computer else t("confirm.restart.text")
        no = (t("button.no"), None)
        self.app.flow.ask(t("confirm.restart.title"), text, [(t("button.yes"), self.restart), no], cancel=no)

    def restart(self) -> None:
        self.app.flow.restart_match(self.session)

    def ask_resign(self) -> bool:
        """The resign menu: a single game, a gammon or a backgammon."""
        s = self.session
        if not s.can_resign():
            return False
        cube = s.game.cube_value

        def offer(level: ResignLevel) -> Callable[[], None]:
            def go() -> None:
                s.resign(level)

            return go

        choices: List[Choice] = [(t(f"resign.{level}", points=level.multiple * cube), offer(level)) for level in ResignLevel]
        cancel = (t("button.cancel"), None)
        choices.append(cancel)
        self.app.flow.ask(t("resign.title"), t("resign.text"), choices, cancel=cancel)
        return True

    def ask_resignation_answer(self) -> None:
        """A human answers the other side's resignation (hot-seat, or the computer's offer)."""
        s = self.session
        g = s.game
        level = g.resignation or "single"
        points = MULTIPLES[level] * g.cube_value

        def answer(accept: bool) -> Callable[[], None]:
            def go() -> None:
                s.answer_resignation(accept)

            return go

        self.app.flow.ask(
            t("resign.offer_title", name=player_name(g.turn)),
            t("resign.offer_text", name=player_name(g.to_act), kind=t(f"result.{level}"), points=points),
            [(t("button.accept"), answer(True)), (t("button.refuse"), answer(False))],
        )
