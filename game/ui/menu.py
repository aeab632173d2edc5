"""What the menu screens share (lobby, settings, result, help, dialogs):
a pygame_gui manager themed for the window, buttons that stand for actions,
rows of choices, a keyboard focus ring, the gear; overlays dim what they cover.

A :class:`MenuScene` builds its widgets in :meth:`MenuScene.build` and
reacts in :meth:`MenuScene.act`; it draws only when something changed
(an event arrived, or a widget asked for time), so an idle menu costs nothing.
"""

from __future__ import annotations

import math
import unicodedata
from typing import TYPE_CHECKING, Callable, Dict, Generic, List, Optional, Protocol, Sequence, Tuple, TypeVar, Union

import pygame
import pygame_gui
from pygame_gui.core.interfaces import IContainerLikeInterface
from pygame_gui.elements import UIButton, UILabel

from .host import AppHost
from ..words import i18n
from ..words.i18n import t
from ..play.options import LEVELS
from ..input.focus import FocusRing, nearest
from .spoken import edge_words, focus_words
from ..input.intents import DIRECTIONS, intent_of
from .stack import Scene, dim
from .textfit import button_width_for
from .theme import manager, ui_font_px

if TYPE_CHECKING:
    from ..play.options import MatchOptions
    from ..play.session import Session

BG = (24, 28, 33)
FOCUS = (120, 200, 255)
GEAR = (236, 227, 207)

#: what a menu button stands for: its name, then what it acts on (a page step, an index, a row and a choice ...)
Action = Tuple[object, ...]
#: the value of a row of choices (on/off, a level, a length ...)
V = TypeVar("V")
#: what the lobby's rows choose: the settings' words, numbers and switches
ChoiceValue = Union[str, int, bool]


def gear_icon(size: int, colour: Tuple[int, int, int] = GEAR) -> pygame.Surface:
    """A gear drawn with pygame (no font has to have the glyph)."""
    ss = 4
    n = size * ss
    big = pygame.Surface((n, n), pygame.SRCALPHA)
    c = n / 2
    outer, inner, hole = n * 0.48, n * 0.36, n * 0.15
    teeth = 8
    pts = []
    for i in range(teeth * 4):
        a = (i / (teeth * 4)) * 2 * math.pi
        r = outer if (i % 4) in (1, 2) else inner
        pts.append((c + r * math.cos(a), c + r * math.sin(a)))
    pygame.draw.polygon(big, colour, pts)
    pygame.draw.circle(big, colour, (int(c), int(c)), int(inner))
    pygame.draw.circle(big, (0, 0, 0, 0), (int(c), int(c)), int(hole))
    return pygame.transform.smoothscale(big, (size, size))


def fitted(rect: pygame.Rect, text_width: int, align: str, margin: int) -> pygame.Rect:
    """``rect`` narrowed to hold a text ``text_width`` wide (and ``margin``
    on each side) at the same place as ``rect`` would show it: aligned
    left, right or in the centre (narrowed by the same even number of
    pixels on each side, so the centred text's place rounds the same).  A
    label as wide as a 1440p window is 1.2 MB of surfaces, made three times
    over, for a word in the middle.

    >>> fitted(pygame.Rect(0, 10, 1000, 40), 100, "center", 8)
    Rect(442, 10, 116, 40)
    >>> fitted(pygame.Rect(0, 10, 1000, 40), 100, "left", 8), fitted(pygame.Rect(0, 10, 1000, 40), 100, "right", 8)
    (Rect(0, 10, 116, 40), Rect(884, 10, 116, 40))
    >>> fitted(pygame.Rect(0, 10, 100, 40), 100, "center", 8)  # no room to spare
    Rect(0, 10, 100, 40)
    """
    spare = rect.width - text_width - 2 * margin
    if spare <= 0:
        return pygame.Rect(rect)
    if align == "left":
        return pygame.Rect(rect.x, rect.y, rect.width - spare, rect.height)
    if align == "right":
        return pygame.Rect(rect.x + spare, rect.y, rect.width - spare, rect.height)
    cut = spare // 2 & ~1
    return pygame.Rect(rect.x + cut, rect.y, rect.width - 2 * cut, rect.height)


def box_style(object_id: str, font_px: int) -> Tuple[Tuple[int, int, int], Tuple[int, int, int], int, int]:
    """(fill, border colour, border width, corner radius) of a theme block, scaled for ``font_px``."""
    from .theme import box_block

    block = box_block(object_id)
    colours, misc = block.get("colours", {}), block.get("misc", {})
    fill = pygame.Color(colours.get("dark_bg", "#181c21"))
    edge = pygame.Color(colours.get("normal_border", "#2c3138"))
    width = int(misc.get("border_width", "0"))
    radius = int(misc.get("shape_corner_radius", "0")) * font_px // 20 if misc.get("shape") == "rounded_rectangle" else 0
    return (fill.r, fill.g, fill.b), (edge.r, edge.g, edge.b), width, radius


class Box:
    """A filled box with a border, behind a screen's widgets (see :meth:`MenuScene.panel`)."""

    def __init__(self, rect: pygame.Rect, style: Tuple[Tuple[int, int, int], Tuple[int, int, int], int, int]):
        self.rect = pygame.Rect(rect)
        self.fill, self.edge, self.width, self.radius = style

    def set_relative_position(self, pos: Tuple[int, int]) -> None:
        self.rect.topleft = pos

    def set_dimensions(self, size: Tuple[int, int]) -> None:
        self.rect.size = size

    def draw(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, self.fill, self.rect, border_radius=self.radius)
        if self.width:
            pygame.draw.rect(surface, self.edge, self.rect, self.width, border_radius=self.radius)


class Row(Protocol):
    """What a screen asks of its rows of choices, whatever their values."""

    def set_enabled(self, on: bool) -> None: ...

    def button_for(self, value: object) -> UIButton: ...


class ChoiceRow(Generic[V]):
    """A label and a row of buttons of which one is chosen (values of type ``V``)."""

    def __init__(self, scene: "MenuScene", rect: pygame.Rect, label: str, choices: Sequence[Tuple[V, str]], value: V,
                 on_change: Callable[[V], None], label_w: Optional[int] = None, container: Optional[IContainerLikeInterface] = None,
                 object_id: str = "#choice"):
        self.scene = scene
        self.value = value
        self.on_change = on_change
        f = scene.font_px
        gap = max(4, f // 3)
        label_w = label_w if label_w is not None else int(rect.width * 0.42)
        self.label = scene.label(pygame.Rect(rect.x, rect.y, label_w - gap, rect.height), label, container=container, object_id="#row_label",
                                 fit=True)
        n = len(choices)
        bw = (rect.width - label_w - (n - 1) * gap) // max(1, n)
        self.buttons: List[Tuple[UIButton, V]] = []
        for i, (v, text) in enumerate(choices):
            b = UIButton(pygame.Rect(rect.x + label_w + i * (bw + gap), rect.y, bw, rect.height), text, scene.manager,
                         container=container, object_id=object_id)
            self.buttons.append((b, v))
            scene.add_action(b, ("choose", self, i))
        self._show()

    def _show(self) -> None:
        for b, v in self.buttons:
            if v == self.value and not b.is_selected:
                b.select()
            elif v != self.value and b.is_selected:
                b.unselect()

    def choose(self, value: V) -> None:
        if value == self.value:
            return
        self.value = value
        self._show()
        self.on_change(value)

    def choose_nth(self, i: int) -> None:
        """Choose the value of the ``i``-th button."""
        self.choose(self.buttons[i][1])

    def button_for(self, value: object) -> UIButton:
        for b, v in self.buttons:
            if v == value:
                return b
        raise KeyError(value)

    def set_enabled(self, on: bool) -> None:
        for b, v in self.buttons:
            if on and not b.is_enabled:
                b.enable()
                if v == self.value:  # enabling draws a button plain: the choice shows as chosen again
                    b.unselect()
            elif not on and b.is_enabled:
                b.disable()
        self._show()


class MenuScene(Scene):
    """A screen of pygame_gui widgets, by mouse or keyboard.

    An overlay (``transparent = True``: dialogs, the settings, a result) is
    drawn over the scenes below it on the stack, dimmed; any other menu
    draws the plain background."""

    #: show the gear (opens the settings) in the top-right corner
    gear = False

    def __init__(self, app: AppHost):
        super().__init__(app)
        self.focus = FocusRing()
        self.manager: Optional[pygame_gui.UIManager] = None
        self.actions: Dict[UIButton, Action] = {}
        self.order: List[UIButton] = []
        #: boxes drawn behind the widgets (see :meth:`panel`)
        self.boxes: List["Box"] = []
        self.font_px = 16
        self.gear_button: Optional[UIButton] = None
        self._gear_img: Optional[pygame.Surface] = None
        self._ui_time = 0.0
        self._language = i18n.language()  # the language the widgets were built in
        #: the screen's heading (its first "#heading" or "#title" label), said as it opens
        self.heading = ""

    # -- building ------------------------------------------------------------------------------
    def enter(self) -> None:
        self._rebuild(self.app.size)
        self.app.announcer.say(self.entering_words())

    def entering_words(self) -> str:
        """What is said as the screen opens: its heading."""
        return t("say.screen", title=self.heading) if self.heading else ""

    def exit(self) -> None:
        self.manager = None
        self.actions = {}
        self.order = []

    def resize(self, size: Tuple[int, int]) -> None:
        self._rebuild(size)

    def resume(self) -> None:
        """Back on top (a dialog or the settings over it went away): built
        anew if the language changed meanwhile, so every label follows it."""
        super().resume()
        if self.manager is not None and self._language != i18n.language():
            self._rebuild(self.app.size)

    def _rebuild(self, size: Tuple[int, int]) -> None:
        self._language = i18n.language()
        focused = self.focus.index
        self.font_px = ui_font_px(size)
        self.manager = manager(size, self.font_px)
        self.actions = {}
        self.order = []
        self.boxes = []
        self.gear_button = None
        self.heading = ""
        if self.gear:
            g = int(self.font_px * 2.4)
            m = max(6, self.font_px // 2)
            self.gear_button = UIButton(pygame.Rect(size[0] - g - m, m, g, g), "", self.manager, object_id="#gear")
            self._gear_img = gear_icon(int(g * 0.62))
            self.add_action(self.gear_button, ("settings",))
        self.build(size)
        if self.gear_button is not None:  # last in the keyboard order
            self.order.remove(self.gear_button)
            self.order.append(self.gear_button)
        if focused is not None:  # a rebuild (new size, new language) keeps the keyboard's place
            self.focus.index = focused
        self.dirty = True

    def build(self, size: Tuple[int, int]) -> None:
        """Make the widgets (``self.manager`` is fresh)."""

    def add_action(self, element: UIButton, action: Action, focusable: bool = True) -> UIButton:
        self.actions[element] = action
        if focusable:
            self.order.append(element)
        return element

    def button(self, rect: pygame.Rect, text: str, action: Action, object_id: Optional[str] = None,
               container: Optional[IContainerLikeInterface] = None) -> UIButton:
        b = UIButton(rect, text, self.manager, container=container, object_id=object_id)
        self.add_action(b, action)
        return b

    def button_width(self, texts: Sequence[str], object_id: Optional[str] = None) -> int:
        """The least width of a button (of ``object_id``'s style) that holds
        each of ``texts`` with room on both sides (:func:`button_width_for`)."""
        assert self.manager is not None
        font = self.manager.get_theme().get_font([object_id, "button"] if object_id else ["button"])
        return button_width_for(texts, font)

    def label(self, rect: pygame.Rect, text: str, object_id: Optional[str] = None, container: Optional[IContainerLikeInterface] = None,
              fit: bool = False) -> UILabel:
        """A label; with ``fit``, one whose text stays as made, only as wide
        as its text needs, where ``rect`` would show it (see :func:`fitted`)."""
        if fit and self.manager is not None:
            ids = [object_id, "label"] if object_id else ["label"]
            try:
                align = str(self.manager.get_theme().get_misc_data("text_horiz_alignment", ids))
            except LookupError:
                align = "center"  # pygame_gui's own
            width = self.manager.get_theme().get_font(ids).size(text)[0]
            rect = fitted(rect, width, align, margin=max(8, self.font_px))
        if object_id in ("#heading", "#title") and not self.heading:
            self.heading = text
        return UILabel(rect, text, self.manager, container=container, object_id=object_id)

    def wrapped_label(self, rect: pygame.Rect, text: str, object_id: Optional[str] = None, up: bool = False,
                      fit: bool = False) -> List[UILabel]:
        """``text`` on as many label lines of ``rect``'s size as it needs to
        fit ``rect.width`` (a label never wraps, and pygame_gui breaks only at
        spaces: lines break at spaces and between Chinese characters, see
        :func:`game.words.help_text.wrap_html`).  The lines go down from ``rect``,
        or with ``up`` up from it (``rect`` holds the last line); ``fit``:
        see :meth:`label`."""
        from ..words.help_text import wrap_html

        assert self.manager is not None
        lines = [text]
        font = self.manager.get_theme().get_font([object_id, "label"] if object_id else ["label"])  # a label's
        if "<" not in text:
            lines = wrap_html(text, lambda s: font.size(s)[0], rect.width - 8).split("<br>")
        out = []
        for i, line in enumerate(lines):  # each label made with its line (not made, then given it: drawn twice)
            k = i - (len(lines) - 1) if up else i
            out.append(self.label(pygame.Rect(rect.x, rect.y + k * rect.height, rect.width, rect.height), line, object_id=object_id, fit=fit))
        return out

    def panel(self, rect: pygame.Rect, object_id: Optional[str] = None) -> "Box":
        """A box behind the widgets (a dialog's), drawn with pygame: a
        pygame_gui panel of rounded corners took most of a rebuild's time at
        large sizes (0.4 s at 2560x1440)."""
        box = Box(rect, box_style(object_id or "panel", self.font_px))
        self.boxes.append(box)
        return box

    def focusables(self) -> List[Tuple[UIButton, Action]]:
        return [(b, self.actions[b]) for b in self.order if b.visible and b.is_enabled]

    # -- events ----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        assert self.manager is not None
        self.manager.process_events(event)
        self.dirty = True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            action = self.actions.get(event.ui_element)
            if action is not None:
                self.app.play("click")
                self._do(action)
            return
        intent = intent_of(event)  # keys and controller buttons alike
        if intent is None:
            if event.type == pygame.KEYDOWN:
                self.key(event)
            return
        items = self.focusables()
        if intent in DIRECTIONS:
            if self.move_focus(items, intent):
                self.say_focus()
            else:  # nothing that way: said, not the same button again
                self.app.announcer.say(edge_words(intent))
        elif intent in ("focus_next", "focus_prev"):
            self.focus.move(items, 1 if intent == "focus_next" else -1)
            self.say_focus()
        elif intent == "repeat":
            self.app.announcer.repeat()
        elif intent == "primary" and self.primary():
            pass
        elif intent in ("confirm", "primary"):
            current = self.focus.current(items)
            if current is not None:
                self.app.play("click")
                self._do(current[1])
                if current[1][0] == "choose":  # the row's new choice, in words
                    self.say_focus()
            else:
                self.confirm()
        elif intent in ("cancel", "menu"):
            self.back()
        elif event.type == pygame.KEYDOWN:
            self.key(event)

    def say_focus(self) -> None:
        """The focused button in words, to the announcer."""
        current = self.focus.current(self.focusables())
        if current is not None:
            self.app.announcer.say(focus_words(*current))

    def move_focus(self, items: List[Tuple[UIButton, Action]], direction: str) -> bool:
        """Arrows and the d-pad: the focus goes to the nearest button that
        way on the screen (from no focus, to the first button); False when
        nothing lay that way (the focus stays)."""
        current = self.focus.current(items)
        if current is None:
            self.focus.move(items, 1)
            return True
        i = nearest(current[0].rect, [b.rect for b, _ in items], DIRECTIONS[direction])
        if i is not None:
            self.focus.index = i
        return i is not None

    def _do(self, action: Action) -> None:
        if action[0] == "choose":
            row, i = action[1], action[2]
            assert isinstance(row, ChoiceRow) and isinstance(i, int)
            row.choose_nth(i)
            self.dirty = True
            return
        if action[0] == "settings":
            self.app.flow.settings()
            return
        self.act(action)

    def act(self, action: Action) -> None:
        """Carry out a button's action."""

    def confirm(self) -> None:
        """Enter with nothing focused."""

    def primary(self) -> bool:
        """A pad's Start: the screen's main action, if it has one (then True);
        else Start acts as Enter."""
        return False

    def back(self) -> None:
        """Escape."""

    def key(self, event: pygame.event.Event) -> None:
        """Any other key."""

    # -- time and drawing ---------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self._ui_time += dt

    def draw_background(self, surface: pygame.Surface) -> None:
        if self.transparent:
            dim(surface)  # the scenes below are drawn there already (the stack does it)
        else:
            surface.fill(BG)

    def render(self, surface: pygame.Surface, alpha: float) -> None:
        assert self.manager is not None
        self.manager.update(self._ui_time)
        self._ui_time = 0.0
        self.draw_background(surface)
        for box in self.boxes:
            box.draw(surface)
        self.draw_extra(surface)
        self.manager.draw_ui(surface)
        if self.gear_button is not None and self._gear_img is not None and self.gear_button.visible:
            surface.blit(self._gear_img, self._gear_img.get_rect(center=self.gear_button.rect.center))
        current = self.focus.current(self.focusables())
        if current is not None:
            pygame.draw.rect(surface, FOCUS, current[0].rect.inflate(8, 8), 3, border_radius=8)
        return None

    def draw_extra(self, surface: pygame.Surface) -> None:
        """Anything drawn under the widgets, over the background."""


# -- text from files, shown on menus ----------------------------------------------------------
def shown(text: str, limit: int = 20) -> str:
    """Text from a file, fit to be drawn: no control characters (a font
    cannot draw a NUL), at most ``limit`` characters."""
    clean = "".join("\ufffd" if unicodedata.category(c)[0] == "C" else c for c in text)
    return clean if len(clean) <= limit else clean[: limit - 1] + "…"


def mode_name(key: str) -> str:
    if key.startswith("computer:"):
        level = key[9:]
        return t("records.mode.computer", level=t(f"lobby.level.{level}") if level in LEVELS else shown(level))
    if key == "hotseat":
        return t("records.mode.hotseat")
    if key == "friend":
        return t("records.mode.friend")
    return shown(key)


def saved_match_text(session: "Session", options: Optional["MatchOptions"]) -> str:
    """What starting a new match loses: "Your saved match, White 2 – Black 0
    of 5, will be lost." (against the computer: and it counts as abandoned)."""
    m = session.match
    if m.length > 1:
        a, b = m.score
        text = t("confirm.new.match", name0=t("player.0"), score0=a, name1=t("player.1"), score1=b, length=m.length)
    else:
        text = t("confirm.new.game")
    if options is not None and options.mode == "computer":
        text += ("" if text.endswith("。") else " ") + t("confirm.new.abandoned")
    return text
