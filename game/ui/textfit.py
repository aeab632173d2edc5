"""Texts that fit their boxes: how wide a button must be for its words
(with room between them and its border), where an element draws its text,
texts cut to a width (a long path) and texts wrapped at their
separators (a long list of points).

Measured with the font that draws the text (pygame's or pygame_gui's);
tests/fitting.py checks every screen with the same rules."""

from __future__ import annotations

from typing import Callable, List, Protocol, Sequence, Tuple

from pygame_gui.core import UIElement


def fit_text(text: str, width: int, measure: Callable[[str], int]) -> str:
    """``text``, its middle cut out (with an ellipsis) until it is no wider
    than ``width`` by ``measure`` (a long file path in a label).

    >>> fit_text("/a/very/long/path/file.mat", 10, len)
    '/a/ve….mat'
    """
    if measure(text) <= width:
        return text
    keep = len(text)
    while keep > 1:
        keep -= 1
        head, tail = text[: (keep + 1) // 2], text[len(text) - keep // 2:]
        short = head + "…" + tail
        if measure(short) <= width:
            return short
    return "…"


def wrap_parts(text: str, sep: str, width: int, measure: Callable[[str], int], indent: str = "  ") -> List[str]:
    """``text`` on as many lines as it needs to be no wider than ``width``
    by ``measure``, broken only after a ``sep`` (which stays at the end
    of its line); the lines after the first start with ``indent``.  A part
    wider than ``width`` alone stays whole on a line of its own.

    >>> wrap_parts("White: 6 ×5, 8 ×3, 13 ×5, bar ×1", ", ", 16, len)
    ['White: 6 ×5,', '  8 ×3, 13 ×5,', '  bar ×1']
    >>> wrap_parts("short", ", ", 16, len)
    ['short']
    """
    parts = text.split(sep)
    lines: List[str] = []
    line = parts[0]
    for part in parts[1:]:
        candidate = line + sep + part
        if measure((candidate + sep).rstrip()) <= width:  # with the separator it ends in when broken after it
            line = candidate
        else:
            lines.append((line + sep).rstrip())
            line = indent + part
    lines.append(line)
    return lines


def inner_width(element: UIElement) -> int:
    """The width a pygame_gui element draws its text in: its rect less its
    border and its shadow on each side."""
    border = getattr(element, "border_width", 0) or 0
    side = max(border.values()) if isinstance(border, dict) else int(border)
    return element.rect.width - 2 * (side + int(getattr(element, "shadow_width", 0) or 0))


#: a button's border and the pixel beside it, on each side (theme.json: border_width 1, no shadow)
BUTTON_EDGE = 2


class Measure(Protocol):
    """What a font is asked to measure a text (pygame's and pygame_gui's fonts)."""

    def size(self, text: str) -> Tuple[int, int]: ...


def text_room(font: Measure) -> int:
    """The room a button keeps between its text and each side of its border:
    a quarter of the font's line (a text with less looks cut even when
    every pixel is drawn).

    >>> class Font:
    ...     def size(self, text): return (10 * len(text), 24)
    >>> text_room(Font())
    6
    """
    return max(2, font.size("Hg")[1] // 4)


def button_width_for(texts: Sequence[str], font: Measure) -> int:
    """The least width of a button that holds each of ``texts`` drawn with
    ``font``, with :func:`text_room` on each side of it.

    >>> class Font:
    ...     def size(self, text): return (10 * len(text), 24)
    >>> button_width_for(["Yes", "Backgammon"], Font())
    116
    """
    widest = max((font.size(text)[0] for text in texts), default=0)
    return widest + 2 * (text_room(font) + BUTTON_EDGE)


def width_by(font: Measure) -> Callable[[str], int]:
    """A text's width drawn with ``font`` (what :func:`fit_text` and
    :func:`wrap_parts` measure with)."""
    return lambda text: font.size(text)[0]


def squeeze_column(elements: Sequence[UIElement], bottom: int) -> None:
    """Move and lower a column of ``elements`` (top to bottom, the hidden
    ones left as they are) so that it ends by ``bottom``: every height and
    every gap made smaller by the same share, a button never lower than its
    words with :func:`text_room` above and below them.  Nothing moves when
    the column ends by ``bottom`` already."""
    shown = [e for e in elements if e.visible]
    if not shown:
        return
    top, low = shown[0].rect.top, max(e.rect.bottom for e in shown)
    if low <= bottom or low <= top:
        return
    share = (bottom - top) / (low - top)
    for e in shown:
        font = getattr(e, "font", None)
        least = font.size("Hg")[1] + 2 * (text_room(font) + BUTTON_EDGE) if font is not None else 0
        rect = e.rect
        offset = e.relative_rect.top - rect.top  # (a container's)
        e.set_relative_position((e.relative_rect.left, offset + top + round((rect.top - top) * share)))
        e.set_dimensions((rect.width, max(least, round(rect.height * share))))
