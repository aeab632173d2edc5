"""Does every text fit its box?  Measured as it is drawn: each button's,
label's and text input's text with the font that element draws it with,
against the element's inner rect (the rect less its border and shadow; a
text input's padding too), with some air on each side; a text over a
dialog's box stays inside the box's border with the same air.

Used by tests/test_client_fits.py (every screen at many sizes, in both
languages) and open to any test that has a scene on the screen."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, List, Optional, Sequence, Tuple

import pygame
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine


def air(font_height: int) -> int:
    """The least room left on each side of a text in its box: a fifth of
    the font's line (about a quarter of its size), at least 2 px.  A text
    with less looks cut even when every pixel is drawn ("Backgammon (12 pt)"
    touching its button's border)."""
    return max(2, font_height // 5)


@dataclass(frozen=True)
class Misfit:
    where: str
    kind: str
    text: str
    problem: str

    def __str__(self) -> str:
        return f"[{self.where}] {self.kind} {self.text!r}: {self.problem}"


def _width(element: object, name: str) -> int:
    """A border or shadow width of a pygame_gui element (an int, or per side)."""
    value = getattr(element, name, 0) or 0
    if isinstance(value, dict):
        return max(int(v) for v in value.values()) if value else 0
    return int(value)


def inner_rect(element: object) -> pygame.Rect:
    """Where an element may draw its text: its rect less its border and
    shadow, and a text input's padding."""
    rect = pygame.Rect(element.rect)  # type: ignore[attr-defined]
    edge = _width(element, "border_width") + _width(element, "shadow_width")
    inner = rect.inflate(-2 * edge, -2 * edge)
    if isinstance(element, UITextEntryLine):
        px, py = getattr(element, "padding", (0, 0)) or (0, 0)
        inner = inner.inflate(-2 * int(px), -2 * int(py))
    return inner


def ink_box(font: object, text: str) -> pygame.Rect:
    """Where ``text``'s glyphs are drawn in its line, rendered with ``font``."""
    image = font.render_premul(text, pygame.Color("white"))  # type: ignore[attr-defined]
    return image.get_bounding_rect()


def _text_of(element: object) -> str:
    if isinstance(element, UITextEntryLine):
        return element.get_text() or element.placeholder_text or ""
    return str(getattr(element, "text", "") or "")


def _drawn_box(element: object, text_w: int, inner: pygame.Rect) -> pygame.Rect:
    """Where the text of a label or button stands on the screen (centred,
    or at the left or right of the inner rect as the element aligns it)."""
    align = str(getattr(element, "text_horiz_alignment", "center") or "center")
    pad = int(getattr(element, "text_horiz_alignment_padding", 0) or 0)
    if align == "left":
        x = inner.left + pad
    elif align == "right":
        x = inner.right - pad - text_w
    else:
        x = inner.centerx - text_w // 2
    return pygame.Rect(x, inner.top, text_w, inner.height)


def element_misfits(element: object, where: str, boxes: Sequence[pygame.Rect] = ()) -> List[Misfit]:
    """What does not fit about one element (nothing: it fits)."""
    if not isinstance(element, (UIButton, UILabel, UITextEntryLine)) or not getattr(element, "visible", True):
        return []
    text = _text_of(element)
    font = getattr(element, "font", None)
    if not text.strip() or font is None:
        return []
    kind = type(element).__name__
    w, line = font.size(text)
    inner = inner_rect(element)
    room = air(line)
    out = []
    spare = inner.width - w
    # a label has no border to keep off: its text may fill it; a button's and an input's keep air
    need = 0 if isinstance(element, UILabel) else 2 * room
    if spare < need:
        out.append(Misfit(where, kind, text, f"{w} px of text in {inner.width} px (wants {need} px to spare)"))
    ink = ink_box(font, text)
    if isinstance(element, UILabel):
        # a label's image is its text alone: every glyph's pixel drawn, or some cut off
        drawn_ink = element.image.get_bounding_rect()
        if drawn_ink.height < ink.height or drawn_ink.width < ink.width:
            out.append(Misfit(where, kind, text, f"drawn {drawn_ink.size} of its glyphs' {ink.size}"))
    else:
        # the line is centred on the rect: its leading may pass the inner rect, its glyphs not (but a pixel)
        top = inner.centery - line // 2
        if top + ink.top < inner.top - 1 or top + ink.bottom > inner.bottom + 1:
            out.append(Misfit(where, kind, text, f"glyphs from {top + ink.top} to {top + ink.bottom}, in {inner.top} to {inner.bottom}"))
    drawn = _drawn_box(element, w, inner)
    margin = line // 2  # a dialog's texts keep half a line off its border
    for box in boxes:
        if box.colliderect(element.rect) and not box.inflate(-2 * margin, -2 * margin).contains(drawn.clip(element.rect)):
            out.append(Misfit(where, kind, text, f"drawn at {drawn} against the edge of its box {box}"))
    return out


def scene_misfits(scene: object, where: str) -> List[Misfit]:
    """Every misfit on a scene's pygame_gui manager: buttons, labels, text
    inputs, and the texts over its boxes (a dialog's, with their border)."""
    manager = getattr(scene, "manager", None)
    if manager is None:
        return []
    boxes = [_box_inner(b) for b in getattr(scene, "boxes", ())]
    out: List[Misfit] = []
    for element in manager.get_sprite_group().sprites():
        out += element_misfits(element, f"{where} {type(scene).__name__}", [b for b in boxes if b is not None])
    return out


def _box_inner(box: object) -> Optional[pygame.Rect]:
    rect = getattr(box, "rect", None)
    if rect is None:
        return None
    edge = int(getattr(box, "width", 0) or 0)
    return pygame.Rect(rect).inflate(-2 * edge, -2 * edge)


def entry_fonts(scene: object) -> List[Tuple[str, int, int]]:
    """(text, the input's font size, the screen's label font size) for each
    text input: an input's text is as large as the words around it."""
    manager = getattr(scene, "manager", None)
    if manager is None:
        return []
    label_font = manager.get_theme().get_font(["label"])
    out = []
    for element in manager.get_sprite_group().sprites():
        if isinstance(element, UITextEntryLine) and element.visible and element.font is not None:
            out.append((_text_of(element), element.font.size("Hg")[1], label_font.size("Hg")[1]))
    return out


def window_misfits(scene: object, where: str, size: Tuple[int, int]) -> List[Misfit]:
    """Every control and text of a scene that is not wholly inside the
    window of ``size`` (a button below the bottom edge cannot be seen, nor
    pressed with the mouse), and every dialog box that runs off it."""
    window = pygame.Rect((0, 0), size)
    out: List[Misfit] = []
    manager = getattr(scene, "manager", None)
    tag = f"{where} {type(scene).__name__}"
    if manager is not None:
        for element in manager.get_sprite_group().sprites():
            if not isinstance(element, (UIButton, UILabel, UITextEntryLine)) or not getattr(element, "visible", True):
                continue
            if not window.contains(element.rect):
                out.append(Misfit(tag, type(element).__name__, _text_of(element), f"at {element.rect}, off the window {size}"))
    for box in getattr(scene, "boxes", ()):
        rect = getattr(box, "rect", None)
        if rect is not None and not window.contains(rect):
            out.append(Misfit(tag, "box", "", f"at {pygame.Rect(rect)}, off the window {size}"))
    return out


def list_misfits(where: str, lines: Sequence[str], rows_of: Sequence[Sequence[str]], pages: Sequence[Sequence[str]]) -> List[Misfit]:
    """What is missing from a list shown on rows that scroll (the panel's
    lines of checkers): ``lines`` are the texts it stands for, ``rows_of``
    each one's rows, ``pages`` the rows shown at each scroll (the first:
    before any).  Each line begins on the first page (no side's list out
    of sight until a key is pressed), and every row is shown on some page,
    whole (a row may end in " …": more below)."""
    out: List[Misfit] = []
    first = [row.removesuffix(" …") for row in pages[0]] if pages else []
    seen = {row.removesuffix(" …") for page in pages for row in page}
    for line, rows in zip(lines, rows_of):
        if rows and rows[0] not in first:
            out.append(Misfit(where, "list", line, "not begun on the first page: " + " | ".join(first)))
        missing = [row for row in rows if row not in seen]
        if missing:
            out.append(Misfit(where, "list", line, f"rows never shown, on any page: {missing}"))
    return out


def report(misfits: Iterable[Misfit]) -> str:
    return "\n".join(str(m) for m in misfits)
