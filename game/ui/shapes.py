"""pygame_gui's buttons and panels drawn at their own size, each state when
first shown, without copies kept for text editing.

pygame_gui draws each state of a rounded rectangle (normal, hovered,
selected, active ...) four times wider and higher than shown and scales it
down, to smooth the corners: sixteen times the pixels of the element, and
two such surfaces kept until every state is drawn.  A settings screen of a
2560x1440 window took a fifth of a second of CPU to rebuild (a second at
4K) and held some 60 MB of them.  Only the corners need smoothing: here a
corner is drawn four times larger once per radius (a few hundred pixels,
kept) and the rest is filled at the element's own size: the same shapes,
colours and premultiplied alpha as pygame_gui's.

:func:`install` puts :func:`redraw_state`, :func:`redraw_all_states` and
:func:`finalise_text` in place of pygame_gui's methods; what they do not
cover (colour gradients, filled bars, text entries) still goes to
pygame_gui's own.

>>> box = rounded_rect((40, 20), (6, 6, 6, 6), (1, 1, 1, 1), pygame.Color("#f5c542"), pygame.Color("#3a3f46"))
>>> box.get_at((0, 0)).a, tuple(box.get_at((20, 10))), tuple(box.get_at((0, 10)))
(0, (58, 63, 70, 255), (245, 197, 66, 255))
"""

from __future__ import annotations

from collections import deque
from typing import Any, Callable, List, Optional, Sequence, Tuple

import pygame
from pygame_gui.core.colour_gradient import ColourGradient
from pygame_gui.core.drawable_shapes.drawable_shape import DrawableShape
from pygame_gui.core.drawable_shapes.rounded_rect_drawable_shape import RoundedRectangleShape

from ..system.lru import Bounded

#: how much larger a corner is drawn before it is smoothed down (pygame_gui's own factor)
SUPERSAMPLE = 4
_CORNERS: Bounded[Tuple[int, bool, bool, bool], pygame.Surface] = Bounded(64)
_ORIGINAL: Optional[Callable[..., None]] = None
_ORIGINAL_ALL: Optional[Callable[..., None]] = None
_ORIGINAL_TEXT: Optional[Callable[..., None]] = None
#: which corner each of pygame_gui's four radii is: (right, bottom)
CORNERS = ((False, False), (True, False), (False, True), (True, True))


def corner(radius: int, right: bool = False, bottom: bool = False, outside: bool = False) -> pygame.Surface:
    """A ``radius`` square corner of a rounded rectangle (top-left unless
    ``right`` / ``bottom``): white, the part inside the rounding covered
    (every channel the coverage, premultiplied), or with ``outside`` the
    part outside it."""
    key = (radius, right, bottom, outside)
    tile = _CORNERS.get(key)
    if tile is None:
        if outside:
            tile = pygame.Surface((radius, radius), pygame.SRCALPHA, 32)
            tile.fill((255, 255, 255, 255))
            tile.blit(corner(radius, right, bottom), (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
        else:
            n = radius * SUPERSAMPLE
            big = pygame.Surface((n, n), pygame.SRCALPHA, 32)
            big.fill((0, 0, 0, 0))
            pygame.draw.circle(big, (255, 255, 255, 255), (n, n), n)
            tile = pygame.transform.flip(pygame.transform.smoothscale(big, (radius, radius)), right, bottom)
        _CORNERS.put(key, tile)
    return tile


def _corner_rects(rect: pygame.Rect, radii: Sequence[int]) -> List[Tuple[pygame.Rect, int, bool, bool]]:
    most = min(rect.width, rect.height) // 2
    out = []
    for r, (right, bottom) in zip(radii, CORNERS):
        r = max(0, min(int(r), most))
        if r > 0:
            out.append((pygame.Rect(rect.right - r if right else rect.x, rect.bottom - r if bottom else rect.y, r, r),
                        r, right, bottom))
    return out


def rounded_rect(size: Tuple[int, int], radii: Sequence[int], borders: Sequence[int],
                 border_colour: pygame.Color, background: pygame.Color) -> pygame.Surface:
    """A rounded rectangle filling ``size`` as pygame_gui draws one: its
    edge ``border_colour``, ``borders`` wide (left, top, right, bottom), on
    it the background with radii scaled to its size.  ``radii``: top-left,
    top-right, bottom-left, bottom-right."""
    w, h = size
    left, top, right, bottom = borders
    shape = pygame.Surface(size, pygame.SRCALPHA, 32)  # transparent: SDL clears a new surface
    outer = pygame.Rect(0, 0, w, h)
    inner = pygame.Rect(left, top, w - left - right, h - top - bottom)
    if left > 0:
        shape.fill(border_colour)
        for rect, r, at_right, at_bottom in _corner_rects(outer, radii):
            shape.blit(corner(r, at_right, at_bottom), rect, special_flags=pygame.BLEND_RGBA_MULT)
    if inner.width <= 0 or inner.height <= 0:
        return shape
    scale = min(inner.width / max(w, 1), inner.height / max(h, 1))
    corners = _corner_rects(inner, [int(r * scale) for r in radii])
    under = [shape.subsurface(rect).copy() for rect, *_ in corners]  # the border beneath the inner corners
    shape.fill(background, inner)
    for patch, (rect, r, at_right, at_bottom) in zip(under, corners):
        # where the background covers part of a pixel, the border keeps the rest
        patch.blit(corner(r, at_right, at_bottom, outside=True), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        cover = corner(r, at_right, at_bottom).copy()
        cover.fill(background, special_flags=pygame.BLEND_RGBA_MULT)
        patch.blit(cover, (0, 0), special_flags=pygame.BLEND_RGBA_ADD)
        shape.fill((0, 0, 0, 0), rect)
        shape.blit(patch, rect, special_flags=pygame.BLEND_RGBA_ADD)
    return shape


def redraw_state(self: Any, state_str: str, add_text: bool = True) -> None:
    """pygame_gui's ``RoundedRectangleShape.redraw_state``, drawn at the
    element's own size (:func:`rounded_rect`), then the state's images and text."""
    theming = self.theming
    bg_col, border_col = theming[f"{state_str}_bg"], theming[f"{state_str}_border"]
    rect = self.containing_rect
    if (rect.width <= 0 or rect.height <= 0 or "filled_bar" in theming or "filled_bar_width_percentage" in theming
            or isinstance(bg_col, ColourGradient) or isinstance(border_col, ColourGradient)):
        assert _ORIGINAL is not None
        _ORIGINAL(self, state_str, add_text)
        return
    state = self.states[state_str]
    if state.cached_background_id is not None:  # drawn by pygame_gui's method before
        self.shape_cache.remove_user_from_cache_item(state.cached_background_id)
        state.cached_background_id = None
    sw, b = self.shadow_width, self.border_widths
    self.border_rect = pygame.Rect((sw, sw), self.click_area_shape.size)
    self.background_rect = pygame.Rect((b["left"] + sw, b["top"] + sw), (
        self.border_rect.width - b["left"] - b["right"], self.border_rect.height - b["top"] - b["bottom"]))
    if self.border_rect.width <= 0 or self.border_rect.height <= 0:
        state.surface = self.base_surface.copy()
    else:
        shape = rounded_rect(self.border_rect.size, self.shape_corner_radius,
                             (b["left"], b["top"], b["right"], b["bottom"]), border_col, bg_col)
        if sw > 0:  # on the shadow
            state.surface = self.base_surface.copy()
            state.surface.blit(shape, self.border_rect, special_flags=pygame.BLEND_PREMULTIPLIED)
        else:
            state.surface = shape
    self.finalise_images_and_text(f"{state_str}_images", state_str, f"{state_str}_text", f"{state_str}_text_shadow", add_text)
    state.has_fresh_surface = True
    state.generated = True


def finalise_text(self: Any, state_str: str, text_colour_state_str: str = "",
                  text_shadow_colour_state_str: str = "", only_text_changed: bool = False) -> None:
    """pygame_gui's ``DrawableShape.finalise_text`` (the text drawn onto a
    state) without what only a text entry needs: it kept a copy of the state
    without its text and the text apart, two more surfaces of the element's
    size for every state of every button and label (and copying one was a
    seventh of a 1440p lobby's rebuild), and the text is drawn straight onto
    the state (not on a layer of the element's size, which the layout kept)."""
    if self.editable_text or only_text_changed:
        assert _ORIGINAL_TEXT is not None
        _ORIGINAL_TEXT(self, state_str, text_colour_state_str, text_shadow_colour_state_str, only_text_changed)
        return
    layout = self.text_box_layout
    if layout is None:
        return
    state = self.states[state_str]
    layout.set_default_text_colour(self.theming[text_colour_state_str])
    layout.set_default_text_shadow_colour(self.theming[text_shadow_colour_state_str])
    # each piece of text is blended onto the state as it was onto a transparent
    # layer blended onto the state (premultiplied: the same pixels), without
    # the layer of the element's size; then the layout forgets the state, so
    # that drawing another state does not clear this one's rows
    layout.finalise_to_surf(state.surface)
    layout.finalised_surface = None
    for row in layout.layout_rows:
        row.target_surface = None
        row.surf_row_dirty = False
    state.pre_text_surface = state.text_surface = None


def redraw_all_states(self: Any, force_full_redraw: bool = False) -> None:
    """pygame_gui's ``redraw_all_states`` for a shape that changed (size,
    text), drawing only the state on show and the normal one; the others
    (hovered, pressed, chosen, disabled) are drawn when first shown, which
    pygame_gui does for a state not drawn yet.  pygame_gui drew every one in
    the next frames and kept them all, each with two more surfaces of the
    text apart: twelve surfaces of a button's size where one or two show."""
    if self.editable_text:
        assert _ORIGINAL_ALL is not None
        _ORIGINAL_ALL(self, force_full_redraw)
        return
    shown = self.active_state.state_id
    for state_id, state in self.states.items():
        if state_id not in ("normal", shown):
            state.generated = False
            state.surface = self.ui_manager.get_universal_empty_surface()
            state.pre_text_surface = state.text_surface = None
    self.states_to_redraw_queue = deque(["normal"] if shown != "normal" else [])
    self.redraw_state(shown)


def install() -> None:
    """Draw pygame_gui's rounded rectangles with :func:`redraw_state` and
    :func:`redraw_all_states`, and every shape's text with
    :func:`finalise_text` (once)."""
    global _ORIGINAL, _ORIGINAL_ALL, _ORIGINAL_TEXT
    if _ORIGINAL is None:
        _ORIGINAL = RoundedRectangleShape.redraw_state
        _ORIGINAL_ALL = RoundedRectangleShape.redraw_all_states
        _ORIGINAL_TEXT = DrawableShape.finalise_text
        RoundedRectangleShape.redraw_state = redraw_state  # type: ignore[method-assign]
        RoundedRectangleShape.redraw_all_states = redraw_all_states  # type: ignore[method-assign]
        DrawableShape.finalise_text = finalise_text  # type: ignore[method-assign]
