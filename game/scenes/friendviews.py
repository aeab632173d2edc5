"""What the friend screen shows, laid out: the form (the server, Host, the
invite to join with, the games nearby), the invite to give once hosting,
and a seat whose server cannot be reached.  Each builder makes its widgets
on the scene (a :class:`~game.ui.menu.MenuScene`) and returns those the
scene keeps; the scene decides which one shows."""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Sequence, Tuple

import pygame
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine

from ..words.help_text import wrap_html
from ..words.i18n import t
from ..net.lan import LanGame
from ..ui.menu import MenuScene


@dataclass(frozen=True)
class Column:
    """Where the screen's words go: the column (``x0``, ``width``) from ``y`` down, in a ``w`` x ``h`` screen."""

    x0: int
    y: int
    width: int
    w: int
    h: int


@dataclass(frozen=True)
class Form:
    name_entry: UITextEntryLine
    server_entry: UITextEntryLine
    host_button: UIButton
    entry: UITextEntryLine
    join_button: UIButton


def bottom_button(scene: MenuScene, col: Column, words: str) -> UIButton:
    """Back (or Cancel), centred at the bottom."""
    f = scene.font_px
    bw = int(f * 10)
    return scene.button(pygame.Rect(col.w // 2 - bw // 2, col.h - f - int(f * 2.5), bw, int(f * 2.5)), words, ("back",))


def words_down(scene: MenuScene, col: Column, y: int, text: str) -> int:
    """``text`` wrapped in the column from ``y``; where the next thing goes."""
    line = int(scene.font_px * 1.5)
    return y + line * len(scene.wrapped_label(pygame.Rect(col.x0, y, col.width, line), text, object_id="#small"))


def form_view(scene: MenuScene, col: Column, name: str, server_text: str, text: str, nearby: Sequence[LanGame],
              message: str) -> Form:
    """``name``: the player's name as the friend will see it (editable)."""
    f = scene.font_px
    x0, tw, y = col.x0, col.width, col.y
    bh, sw = int(f * 2.3), int(f * 9)
    nw = min(tw // 3, scene.button_width([t("friend.your_name")]))
    scene.label(pygame.Rect(x0, y, nw, bh), t("friend.your_name"), object_id="#small")
    name_entry = UITextEntryLine(pygame.Rect(x0 + nw, y, tw - nw, bh), scene.manager, placeholder_text=t("friend.default_name"))
    name_entry.set_text_length_limit(32)
    name_entry.set_text(name)
    y += bh + f // 2
    server_entry = UITextEntryLine(pygame.Rect(x0, y, tw - sw - f // 2, bh), scene.manager,
                                   placeholder_text=t("friend.server_placeholder"))
    server_entry.set_text(server_text)
    scene.button(pygame.Rect(x0 + tw - sw, y, sw, bh), t("friend.use_server"), ("server",))
    y += bh + f
    host_button = scene.button(pygame.Rect(x0, y, tw, int(bh * 1.2)), t("friend.host"), ("host",), object_id="#play")
    y += int(bh * 1.2) + f
    pw, jw = int(f * 6), int(f * 7)
    entry = UITextEntryLine(pygame.Rect(x0, y, tw - pw - jw - f, bh), scene.manager, placeholder_text=t("friend.code_placeholder"))
    entry.set_text(text)
    scene.button(pygame.Rect(x0 + tw - pw - jw - f // 2, y, pw, bh), t("setup.paste"), ("paste",))
    join_button = scene.button(pygame.Rect(x0 + tw - jw, y, jw, bh), t("friend.join"), ("join",))
    y += bh + f
    if nearby:
        scene.label(pygame.Rect(x0, y, tw, int(f * 1.5)), t("friend.nearby"), object_id="#small")
        y += int(f * 1.6)
        for i, game in enumerate(nearby):
            scene.button(pygame.Rect(x0, y, tw, bh), t("friend.join_nearby", game=game.label), ("lan", i))
            y += bh + f // 3
    if message:
        words_down(scene, col, y + f // 2, message)
    return Form(name_entry, server_entry, host_button, entry, join_button)


def invite_view(scene: MenuScene, col: Column, above: Optional[str], code: str, address: str,
                status: str, reach: Sequence[str] = ()) -> Tuple[UILabel, UILabel]:
    """The invite to give, large: the code and the address (``above``: words
    before them other than the usual ones); under them who can join
    (``reach``: the router forwards the port, or what to do; the fullest
    words first, then shorter ones) and ``status``.  What does not fit above
    the Cancel button in a small window gives way: the fuller words for the
    shorter, then the usual words above the invite, then "Waiting…".
    Returns the code's and the address's labels."""
    f = scene.font_px
    intro, reach_text, status = _fitted(scene, col, above, reach, status)
    y = words_down(scene, col, col.y, intro) + int(f * 0.3) if intro else col.y
    code_label = scene.label(pygame.Rect(0, y, col.w, int(f * 4)), code, object_id="#title")
    y += int(f * 4.2)
    address_label = _link_label(scene, pygame.Rect(0, y, col.w, int(f * 2.6)), address)
    y += int(f * 3)
    if reach_text:
        y = words_down(scene, col, y, reach_text) + f // 3
    if status:
        words_down(scene, col, y, status)
    return code_label, address_label


def _link_label(scene: MenuScene, rect: pygame.Rect, link: str) -> UILabel:
    """The link to give, whole: large where it fits, else in smaller letters
    (a link cut short cannot be used; the code is shown large above it)."""
    for style in ("#heading", "#status", "#small"):
        label = scene.label(rect, link, object_id=style)
        font = label.font
        if style == "#small" or font is None or font.size(link)[0] + 2 * max(2, font.size("Ag")[1] // 5) <= rect.width - 4:
            return label
        label.kill()
    return label  # pragma: no cover - the loop returns


def _fitted(scene: MenuScene, col: Column, above: Optional[str], reach: Sequence[str], status: str) -> Tuple[str, str, str]:
    """(the words above the invite, who can join, the status) that fit between
    the top of the column and the Cancel button (the last try when none does)."""
    f = scene.font_px
    room = col.h - f - int(f * 2.5) - f // 3 - col.y - int(f * 4.2) - int(f * 3)  # less the code and the address
    usual = above or t("friend.give_code")
    waiting = status if status != t("friend.waiting") else ""  # (an error is never dropped)
    tries = [(usual, r, status) for r in reach] + [(above or "", r, status) for r in reach] \
        + [(above or "", r, waiting) for r in reach] + [(above or "", "", waiting)]
    if not reach:
        tries = [(usual, "", status), (above or "", "", status), (above or "", "", waiting)]

    def height(intro: str, words: str, last: str) -> int:
        return (_lines_tall(scene, col, intro) + int(f * 0.3) if intro else 0) \
            + (_lines_tall(scene, col, words) + f // 3 if words else 0) + _lines_tall(scene, col, last)

    return next((tried for tried in tries if height(*tried) <= room), tries[-1])


def _lines_tall(scene: MenuScene, col: Column, text: str) -> int:
    """How tall ``text`` is, wrapped in the column as :func:`words_down` puts it."""
    if not text:
        return 0
    assert scene.manager is not None
    font = scene.manager.get_theme().get_font(["#small", "label"])
    return int(scene.font_px * 1.5) * len(wrap_html(text, lambda s: font.size(s)[0], col.width - 8).split("<br>"))


def unreachable_view(scene: MenuScene, col: Column, address: str) -> List[UIButton]:
    """A seat taken back whose server cannot be reached: said so, the seat
    kept; [Try again, Forget this match]."""
    f = scene.font_px
    y = words_down(scene, col, col.y, t("friend.unreachable", address=address)) + f
    bh, bw = int(f * 2.5), (col.width - f) // 2
    return [scene.button(pygame.Rect(col.x0, y, bw, bh), t("friend.try_again"), ("retry",), object_id="#play"),
            scene.button(pygame.Rect(col.x0 + col.width - bw, y, bw, bh), t("friend.forget"), ("forget",))]
