"""The program's icon, drawn from the game's own look: a white checker on the
board's felt with a die in front of it, in the board's colours
(game/board/render.py).

``python -m game.board.icon`` writes ``assets/icon.png`` (256x256, the window's
icon), ``assets/icon.ico`` (Windows) and ``assets/icon.icns`` (macOS) for
``build_exe.spec``; both carry PNG images, which Windows Vista and later
and macOS 10.7 and later read.  :func:`window_icon` loads the PNG for
``pygame.display.set_icon`` (drawing it afresh if the file is missing).
"""

from __future__ import annotations

import io
import struct
import sys
from pathlib import Path
from typing import List, Tuple

import pygame

from engine.resources import assets_dir

from .palette import CHECKER, CHECKER_EDGE, DIE, FELT, PIP, WOOD, WOOD_DARK

ICON_PNG = "icon.png"
ICON_ICO = "icon.ico"
ICON_ICNS = "icon.icns"
SIZE = 256

# pip centres on a 3x3 grid, per face
_PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
         5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}


def draw_icon(size: int = SIZE) -> pygame.Surface:
    """The icon at ``size`` x ``size`` pixels, with a transparent corner.

    >>> draw_icon(64).get_size()
    (64, 64)
    """
    s = size / 256.0
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    frame = pygame.Rect(0, 0, size, size)
    pygame.draw.rect(surf, WOOD_DARK, frame, border_radius=int(44 * s))
    pygame.draw.rect(surf, WOOD, frame.inflate(-int(12 * s), -int(12 * s)), border_radius=int(38 * s))
    pygame.draw.rect(surf, FELT, frame.inflate(-int(36 * s), -int(36 * s)), border_radius=int(26 * s))
    # a checker, up and to the left
    c = (int(104 * s), int(104 * s))
    r = int(70 * s)
    pygame.draw.circle(surf, CHECKER_EDGE[0], c, r)
    pygame.draw.circle(surf, CHECKER[0], c, r - max(1, int(7 * s)))
    pygame.draw.circle(surf, CHECKER_EDGE[0], c, int(r * 0.55), max(1, int(4 * s)))
    # a die, down and to the right, showing a five
    die = pygame.Rect(int(122 * s), int(122 * s), int(100 * s), int(100 * s))
    pygame.draw.rect(surf, (0, 0, 0, 90), die.move(int(5 * s), int(6 * s)), border_radius=int(18 * s))
    pygame.draw.rect(surf, DIE[0], die, border_radius=int(18 * s))
    pygame.draw.rect(surf, CHECKER_EDGE[0], die, max(1, int(3 * s)), border_radius=int(18 * s))
    step = die.width / 4.0
    for gx, gy in _PIPS[5]:
        pygame.draw.circle(surf, PIP[0], (int(die.x + step * (gx + 1)), int(die.y + step * (gy + 1))), max(1, int(10 * s)))
    return surf


def _png(surface: pygame.Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surface, buf, "icon.png")
    return buf.getvalue()


def ico_bytes(images: List[Tuple[int, bytes]]) -> bytes:
    """A Windows .ico holding PNG images ``(size, png bytes)``."""
    head = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    entries, blobs = b"", b""
    for size, data in images:
        dim = 0 if size >= 256 else size  # 0 means 256
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset + len(blobs))
        blobs += data
    return head + entries + blobs


#: the .icns element types that hold a PNG of each size
_ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09"}


def icns_bytes(images: List[Tuple[int, bytes]]) -> bytes:
    """A macOS .icns holding PNG images ``(size, png bytes)``."""
    body = b"".join(_ICNS_TYPES[size] + struct.pack(">I", 8 + len(data)) + data for size, data in images)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write_icons(folder: Path) -> List[Path]:
    """Write the PNG, .ico and .icns icons into ``folder``."""
    pngs = {size: _png(draw_icon(size)) for size in (16, 32, 64, 128, 256, 512)}
    out = {
        ICON_PNG: pngs[SIZE],
        ICON_ICO: ico_bytes([(n, pngs[n]) for n in (16, 32, 64, 128, 256)]),
        ICON_ICNS: icns_bytes([(n, pngs[n]) for n in (16, 32, 64, 128, 256, 512)]),
    }
    paths = []
    for name, data in out.items():
        path = folder / name
        path.write_bytes(data)
        paths.append(path)
    return paths


def window_icon() -> pygame.Surface:
    """The window's icon: ``assets/icon.png``, or drawn now if it is missing."""
    path = assets_dir() / ICON_PNG
    try:
        return pygame.image.load(str(path))
    except (pygame.error, OSError, FileNotFoundError):
        return draw_icon()


if __name__ == "__main__":  # pragma: no cover
    for written in write_icons(Path(sys.argv[1]) if len(sys.argv) > 1 else assets_dir()):
        print(written)
