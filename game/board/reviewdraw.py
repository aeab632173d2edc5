"""What the review screen draws besides the board and the graph: the board
of a decision (:func:`snapshot_of`), the arrows of a play, a box of words
over the board (the summary, a message) and the analysis' progress bar."""

from __future__ import annotations

import math
from typing import Callable, List, Tuple

import pygame

from engine.analysis import Decision, Kind
from engine.kinds import Phase

from ..play.happenings import Snapshot
from .graph import BEST
from .layout import Layout
from .text import TextCache

TEXT = (236, 222, 196)
BOX = (20, 24, 29)
BAR_BACK = (60, 66, 74)
BAR_FILL = (110, 205, 120)


def snapshot_of(d: Decision, cube: bool = True) -> Snapshot:
    """What the board shows for decision ``d`` (absolute, for drawing);
    ``cube``: the game was played with the cube (else none is drawn)."""
    pos = d.position
    mine = (pos.borne_off[0],) + tuple(pos.on_roll_counts())
    theirs = (pos.borne_off[1],) + tuple(pos.opponent_counts())
    counts = (mine, theirs) if d.player == 0 else (theirs, mine)
    pm, po = pos.pips()
    pips = (pm, po) if d.player == 0 else (po, pm)
    dice = d.dice
    remaining: Tuple[int, ...] = ()
    if dice:
        remaining = (dice[0],) * 4 if dice[0] == dice[1] else tuple(dice)
    answering = d.kind in (Kind.TAKE, Kind.DROP)
    turn = 1 - d.player if answering else d.player
    return Snapshot(counts=counts, turn=turn, to_act=d.player, phase=Phase.MOVE if dice else Phase.ROLL, dice=dice,
                    remaining=remaining, cube_enabled=cube, cube_value=d.cube_value, cube_owner=d.cube_owner, pips=pips)


def draw_arrows(surface: pygame.Surface, layout: Layout, snap: Snapshot, viewer: int, player: int,
                steps: Tuple[Tuple[int, int], ...], colour: Tuple[int, int, int], offset: float = 0.0) -> List[Tuple[Tuple[float, float], Tuple[float, float]]]:
    """Arrows for ``player``'s ``steps`` (that player's numbering) from the
    board of ``snap``; returns their (start, end) points."""
    side = 0 if player == viewer else 1
    counts = list(snap.counts[player])
    segments = []
    for frm, to in steps:
        a = layout.slot(side, frm, max(0, counts[frm] - 1))
        counts[frm] -= 1
        b = layout.slot(side, to, counts[to])
        counts[to] += 1
        segments.append((a, b))
    width = max(2, int(layout.d * 0.09))
    shift = layout.d * offset
    for (ax, ay), (bx, by) in segments:
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy)
        if length < 1:
            continue
        ux, uy = dx / length, dy / length
        ax, ay, bx, by = ax - uy * shift, ay + ux * shift, bx - uy * shift, by + ux * shift
        head = min(length * 0.5, layout.d * 0.45)
        base = (bx - ux * head, by - uy * head)
        pygame.draw.line(surface, colour, (ax, ay), base, width)
        wing = head * 0.55
        pygame.draw.polygon(surface, colour, [(bx, by), (base[0] - uy * wing, base[1] + ux * wing), (base[0] + uy * wing, base[1] - ux * wing)])
    return segments


def draw_box(surface: pygame.Surface, layout: Layout, text: TextCache, lines: List[str],
             wrap: Callable[[str, Callable[[str], int], int], str], bottom: bool = False) -> List[str]:
    """``lines`` in a box over the board (wrapped to its width by ``wrap``,
    in the middle or at its ``bottom``); returns the rows drawn."""
    px = layout.font_px("prompt")
    pad = px // 2
    font = text.font(px)
    room = layout.board_rect.width - 2 * pad
    rows = [row for line in lines for row in (wrap(line, lambda s: font.size(s)[0], room).split("<br>") if line else [""])]
    labels = [text.render(row, px, TEXT) for row in rows]
    w = min(layout.board_rect.width, max(lab.get_width() for lab in labels) + 2 * pad)
    h = sum(lab.get_height() for lab in labels) + 2 * pad
    box = pygame.Rect(0, 0, w, h)
    box.center = layout.board_rect.center
    if bottom:
        box.bottom = layout.board_rect.bottom - pad
    pygame.draw.rect(surface, BOX, box, border_radius=8)
    pygame.draw.rect(surface, BEST, box, 2, border_radius=8)
    y = box.top + pad
    for lab in labels:
        surface.blit(lab, (box.left + pad, y), area=pygame.Rect(0, 0, w - 2 * pad, lab.get_height()))
        y += lab.get_height()
    return rows


def progress_bar(rect: pygame.Rect) -> pygame.Rect:
    """The progress bar inside ``rect`` (the graph's place): a thin band in its middle."""
    return pygame.Rect(rect.x, rect.centery - rect.height // 6, rect.width, max(6, rect.height // 3))


def draw_progress(surface: pygame.Surface, bar: pygame.Rect, fraction: float) -> None:
    """A progress bar ``fraction`` (0..1) full."""
    pygame.draw.rect(surface, BAR_BACK, bar, border_radius=6)
    if fraction > 0:
        pygame.draw.rect(surface, BAR_FILL, pygame.Rect(bar.x, bar.y, int(bar.width * fraction), bar.height), border_radius=6)
