"""Font files opened once and shared by every size the menus draw them at.

Opening a font file is most of what a new font costs (Noto Sans SC, the
Chinese menus' font, takes some 12 ms each time: its file is 8 MB), while
giving an open face another size takes some microseconds.  So a menu at a
new window size no longer opens its fonts anew:

- :class:`FacePool` keeps a few open faces of one file (:data:`FACES_PER_FILE`),
  each at one size and style at a time.  A size that no face has takes the
  face used longest ago that has not drawn for :data:`IDLE_S` (the sizes of
  the window before a resize), which is given the new size; when every face
  drew just now (one screen, or an overlay and the screen below it, use
  several sizes) a new one is opened while the pool has room, and once it is
  full the face used longest ago is taken anyway.
- :class:`SizedFont` is a font at one size and style drawn with a face of a
  pool: what pygame_gui's fonts ask of a ``pygame.font.Font``, each time from
  the face that has its size (a face keeps the glyphs it drew while its size
  stays, so the few sizes one screen uses each keep a face).

>>> pygame.font.init()
>>> pool = FacePool(os.path.join(os.path.dirname(pygame.__file__), pygame.font.get_default_font()))
>>> small, large = SizedFont(pool, 12), SizedFont(pool, 40)
>>> large.size("Play") == pygame.font.Font(pool.path, 40).size("Play")
True
>>> small.get_height() < large.get_height(), len(pool), pool.opened
(True, 2, 2)
"""

from __future__ import annotations

import dataclasses
import os
import time
from dataclasses import dataclass
from typing import Callable, Dict, List, Optional, Tuple

import pygame

#: open faces kept for each font file (about 1 MB each): one screen draws a
#: file at up to four sizes (the lobby, the match screen); a fifth size
#: drawn at the same time shares a face with another one, which then draws
#: its glyphs anew each time it changes size
FACES_PER_FILE = 4


@dataclass(frozen=True)
class FaceStyle:
    """What a face is set to: its size and the styles that change its glyphs."""

    size: int
    bold: bool = False
    italic: bool = False
    script: Optional[str] = None
    direction: int = pygame.DIRECTION_LTR


#: a face that has not drawn for this long (seconds) may be given another size
#: before a new face is opened: a screen draws all its texts within a frame
#: of a rebuild, and the window's earlier size is not drawn any more
IDLE_S = 0.5
#: the pools' clock (seconds; a test sets its own)
clock: Callable[[], float] = time.monotonic


class _Face:
    """One open face of a file, the style it is set to and when it last drew."""

    def __init__(self, path: str, style: FaceStyle) -> None:
        self.font = pygame.font.Font(path, style.size)
        self.style = FaceStyle(style.size)
        self.used = clock()
        self.set(style)

    def set(self, style: FaceStyle) -> None:
        old, font = self.style, self.font
        if style.size != old.size:
            font.point_size = style.size
        if style.bold != old.bold:
            font.bold = style.bold
        if style.italic != old.italic:
            font.italic = style.italic
        if style.script != old.script and style.script is not None:
            font.set_script(style.script)
        if style.direction != old.direction:
            font.set_direction(style.direction)
        self.style = style

    def can_take(self, style: FaceStyle) -> bool:
        """A face set to a script cannot be set back to none."""
        return style.script is not None or self.style.script is None

    def alive(self) -> bool:
        """False once pygame's font module was quit (a face made before it is dead)."""
        try:
            self.font.get_height()
        except pygame.error:
            return False
        return True


class FacePool:
    """The open faces of one font file, each at one size and style at a time."""

    def __init__(self, path: str, limit: int = FACES_PER_FILE) -> None:
        if limit < 1:
            raise ValueError(f"a pool needs room for one face, not {limit}")
        self.path = path
        self.limit = limit
        self._faces: List[_Face] = []  # the face used last is last
        self.opened = 0  # faces opened so far (each a read of the file)

    def __len__(self) -> int:
        return len(self._faces)

    def face(self, style: FaceStyle) -> pygame.font.Font:
        """The face set to ``style``: the one that is; else the face used
        longest ago if it is idle (:data:`IDLE_S`), set to it; else a new one
        while the pool has room; else the face used longest ago."""
        faces = self._faces
        now = clock()
        if faces and faces[-1].style == style and faces[-1].alive():
            faces[-1].used = now
            return faces[-1].font
        if faces and not faces[-1].alive():
            faces.clear()  # pygame.quit() ended them all
        chosen = next((face for face in faces if face.style == style), None)
        if chosen is None:
            reusable = [face for face in faces if face.can_take(style)]
            idle = [face for face in reusable if now - face.used >= IDLE_S]
            if idle or (reusable and len(faces) >= self.limit):
                chosen = (idle or reusable)[0]
                chosen.set(style)
            else:
                if len(faces) >= self.limit:
                    faces.pop(0)
                chosen = self._open(style)
                faces.append(chosen)
        faces.remove(chosen)
        faces.append(chosen)
        chosen.used = now
        return chosen.font

    def _open(self, style: FaceStyle) -> _Face:
        face = _Face(self.path, style)
        self.opened += 1
        return face


#: one pool for each font file, by its path (a game draws with a handful of files)
POOLS: Dict[str, FacePool] = {}


def pool_for(path: str) -> FacePool:
    """The pool of the font file ``path`` (made the first time; the file must exist)."""
    key = os.path.abspath(path)
    pool = POOLS.get(key)
    if pool is None:
        if not os.path.isfile(key):
            raise FileNotFoundError(f"no font file at {path}")
        pool = POOLS[key] = FacePool(key)
    return pool


class SizedFont:
    """A font at one size and style, drawn with a shared face: the part of
    ``pygame.font.Font`` that pygame_gui's fonts use, drawing what a font
    of its own opened at that size would draw, pixel for pixel."""

    def __init__(self, pool: FacePool, size: int) -> None:
        self.pool = pool
        self._style = FaceStyle(int(size))
        self.underline = False  # does not change the glyphs, so it is not the face's

    def _font(self) -> pygame.font.Font:
        font = self.pool.face(self._style)
        if font.underline != self.underline:
            font.underline = self.underline
        return font

    def _restyle(self, **changes: object) -> None:
        self._style = dataclasses.replace(self._style, **changes)  # type: ignore[arg-type]

    @property
    def point_size(self) -> int:
        return self._style.size

    @point_size.setter
    def point_size(self, size: int) -> None:
        self._restyle(size=int(size))

    def set_point_size(self, size: int) -> None:
        self.point_size = size

    def get_point_size(self) -> int:
        return self._style.size

    @property
    def bold(self) -> bool:
        return self._style.bold

    @bold.setter
    def bold(self, value: bool) -> None:
        self._restyle(bold=bool(value))

    @property
    def italic(self) -> bool:
        return self._style.italic

    @italic.setter
    def italic(self, value: bool) -> None:
        self._restyle(italic=bool(value))

    def set_script(self, script: str) -> None:
        self._restyle(script=script)

    def set_direction(self, direction: int) -> None:
        self._restyle(direction=direction)

    @property
    def name(self) -> Optional[str]:
        return self._font().name

    def render(self, text: str, antialias: bool, color: object, bgcolor: object = None) -> pygame.Surface:
        return self._font().render(text, antialias, color, bgcolor)  # type: ignore[arg-type]

    def size(self, text: str) -> Tuple[int, int]:
        return self._font().size(text)

    def metrics(self, text: str) -> List[Optional[Tuple[int, int, int, int, int]]]:
        return self._font().metrics(text)

    def get_ascent(self) -> int:
        return self._font().get_ascent()

    def get_descent(self) -> int:
        return self._font().get_descent()

    def get_height(self) -> int:
        return self._font().get_height()

    def get_linesize(self) -> int:
        return self._font().get_linesize()
