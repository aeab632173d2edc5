"""The scene stack: the screens on show, the top one in charge.

:meth:`SceneStack.push` lays a scene over the current one, :meth:`pop`
returns to the one below exactly as it was, :meth:`replace` swaps the top
one, :meth:`reset` starts afresh with one scene.  A scene with
``transparent = True`` is an overlay (a dialog, the settings, a game's
result): the scenes below stay alive and are drawn under it, each into a
layer of its own that is redrawn only when that scene changed, so the
overlay never rebuilds or re-lays out what it covers.

Only the top scene gets events and time; the ones below wait as they were.
Which scene follows which is the business of :mod:`game.scenes.flow` alone.

>>> class Note(Scene):
...     def __init__(self, name, transparent=False):
...         super().__init__(None); self.name, self.transparent = name, transparent
...     def enter(self): log.append(f"enter {self.name}")
...     def exit(self): log.append(f"exit {self.name}")
...     def pause(self): log.append(f"pause {self.name}")
...     def resume(self): log.append(f"resume {self.name}")
>>> log = []
>>> stack = SceneStack()
>>> stack.reset(Note("board")); stack.push(Note("dialog", transparent=True))
>>> [s.name for s in stack.visible()], stack.top.name
(['board', 'dialog'], 'dialog')
>>> stack.pop().name, stack.top.name
('dialog', 'board')
>>> log
['enter board', 'pause board', 'enter dialog', 'exit dialog', 'resume board']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Dict, List, Optional, Tuple

import pygame

from ..system.window import opaque_surface

if TYPE_CHECKING:  # the app holds the stack; scenes hold the app (as what they may use of it)
    from .host import AppHost

#: the shade laid over what an overlay covers
DIM = (0, 0, 0, 150)


class Scene:
    """One screen of the game.  Subclasses override what they need."""

    #: an overlay: the scenes below stay drawn under it (dimmed by it)
    transparent = False

    def __init__(self, app: "AppHost"):
        self.app = app
        #: set when the screen must be drawn again
        self.dirty = True

    def enter(self) -> None:
        """Called when the scene is put on the stack."""

    def exit(self) -> None:
        """Called when the scene leaves the stack for good."""

    def pause(self) -> None:
        """Another scene was laid over this one (it waits, as it is)."""

    def resume(self) -> None:
        """The scene over this one went away: this one is on top again."""
        self.dirty = True

    def invalidate(self) -> None:
        """The next render must draw everything (it draws somewhere new)."""
        self.dirty = True

    def handle_event(self, event: pygame.event.Event) -> None:
        """One input or window event."""

    def update(self, dt: float) -> None:
        """Advance by one fixed step of ``dt`` seconds."""

    def render(self, surface: pygame.Surface, alpha: float) -> Optional[List[pygame.Rect]]:
        """Draw; ``alpha`` (0..1) is how far the time is between the last two
        steps.  Return None when the whole window changed, or the list of
        rectangles that did (for a partial display update)."""
        return None

    def resize(self, size: Tuple[int, int]) -> None:
        """The window changed size."""
        self.dirty = True

    @property
    def busy(self) -> bool:
        """True while something moves, so the loop must keep running frames."""
        return False


def dim(surface: pygame.Surface, shade: Tuple[int, int, int, int] = DIM) -> None:
    """Shade ``surface`` (what an overlay covers) as a veil of ``shade``
    would: each pixel keeps 1 - alpha of itself and takes alpha of the
    shade's colour.  Filled in place (a veil the window's size was 15 MB at
    1440p, made anew at every render of a dialog or the settings)."""
    r, g, b, a = shade
    keep = 255 - a
    surface.fill((keep, keep, keep), special_flags=pygame.BLEND_MULT)
    if r or g or b:
        surface.fill((r * a // 255, g * a // 255, b * a // 255), special_flags=pygame.BLEND_ADD)


class SceneStack:
    """The scenes on show, bottom first; the last is on top."""

    def __init__(self) -> None:
        self.scenes: List[Scene] = []
        #: what the scenes under the top overlay drew, one layer per scene
        self._layers: Dict[int, pygame.Surface] = {}
        #: scenes below the top one still to be laid out for the window's new
        #: size (one a frame, from the top down: :meth:`catch_up`)
        self._stale: List[Scene] = []
        self._size: Optional[Tuple[int, int]] = None

    # -- reading ------------------------------------------------------------------------
    @property
    def top(self) -> Scene:
        if not self.scenes:
            raise LookupError("no scene on the stack")
        return self.scenes[-1]

    @property
    def current(self) -> Optional[Scene]:
        """The top scene, or None when the stack is empty."""
        return self.scenes[-1] if self.scenes else None

    def __contains__(self, scene: object) -> bool:
        return any(s is scene for s in self.scenes)

    def __len__(self) -> int:
        return len(self.scenes)

    def layer_of(self, scene: Scene) -> Optional[pygame.Surface]:
        """What ``scene`` drew last while under an overlay (None when it is on
        top or not drawn under one): for tests and tools."""
        return self._layers.get(id(scene))

    def below(self, scene: Scene) -> Optional[Scene]:
        """The scene under ``scene``, or None."""
        for i, s in enumerate(self.scenes):
            if s is scene:
                return self.scenes[i - 1] if i > 0 else None
        return None

    def visible(self) -> List[Scene]:
        """The scenes drawn: the top one and, under overlays, those below it
        down to the first opaque one."""
        shown: List[Scene] = []
        for scene in reversed(self.scenes):
            shown.append(scene)
            if not scene.transparent:
                break
        return shown[::-1]

    # -- changing ------------------------------------------------------------------------
    def push(self, scene: Scene) -> None:
        """Lay ``scene`` over the current one (which waits, as it is)."""
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()
        scene.dirty = True
        self._changed()

    def pop(self) -> Scene:
        """Take the top scene away; the one below is on top again as it was."""
        scene = self.scenes.pop()
        scene.exit()
        self._forget(scene)
        self._drop_layers()
        if self.scenes:
            below = self.scenes[-1]
            self._lay_out(below)
            below.resume()
            below.invalidate()  # back on the window itself
        self._changed()
        return scene

    def pop_to(self, scene: Scene) -> None:
        """Pop every scene over ``scene`` (which must be on the stack)."""
        if scene not in self:
            raise LookupError(f"{scene!r} is not on the stack")
        while self.scenes[-1] is not scene:
            self.pop()

    def replace(self, scene: Scene) -> None:
        """Put ``scene`` in the top one's place."""
        if self.scenes:
            old = self.scenes.pop()
            old.exit()
            self._forget(old)
        self.scenes.append(scene)
        self._drop_layers()
        scene.enter()
        scene.dirty = True
        self._changed()

    def reset(self, scene: Scene) -> None:
        """Start afresh: every scene leaves (the top first), then ``scene`` is alone."""
        while self.scenes:
            old = self.scenes.pop()
            old.exit()
        self._layers.clear()
        self._stale.clear()
        self.scenes.append(scene)
        scene.enter()
        scene.dirty = True

    def _drop_layers(self) -> None:
        """Keep the layers of the scenes still under an overlay only: the one
        back on top draws on the window again, and its layer was the
        window's size (15 MB at 1440p) for as long as it stayed there."""
        under = {id(scene) for scene in self.visible()[:-1]}
        for key in [key for key in self._layers if key not in under]:
            del self._layers[key]

    def _changed(self) -> None:
        for scene in self.visible():
            scene.dirty = True

    # -- the frame ------------------------------------------------------------------------
    def resize(self, size: Tuple[int, int]) -> None:
        """Every scene on the stack is laid out again for the new size: the
        top one now, those below it one a frame (:meth:`catch_up`), so a
        resize with the settings or a dialog open is not both screens'
        rebuilds in one frame.  A scene below waiting for its turn is not
        drawn (its layer stays blank under the overlay for that frame)."""
        self._layers.clear()
        self._size = size
        if not self.scenes:
            return
        self._stale = [scene for scene in reversed(self.scenes[:-1])]
        top = self.scenes[-1]
        top.resize(size)
        top.invalidate()

    def catch_up(self) -> bool:
        """Lay out the next scene below the top that waits for the window's
        new size (once a frame, before the events).  Returns whether one was."""
        if not self._stale:
            return False
        self._lay_out(self._stale[0])
        return True

    def _lay_out(self, scene: Scene) -> None:
        if any(s is scene for s in self._stale):
            self._forget(scene)
            assert self._size is not None
            scene.resize(self._size)
            scene.invalidate()

    def _forget(self, scene: Scene) -> None:
        self._stale = [s for s in self._stale if s is not scene]

    @property
    def dirty(self) -> bool:
        return any(scene.dirty for scene in self.visible())

    @property
    def busy(self) -> bool:
        """The top scene is moving (the ones below wait, as they were), or a
        scene below still waits to be laid out for a new size."""
        return bool(self._stale) or (bool(self.scenes) and self.scenes[-1].busy)

    def render(self, surface: pygame.Surface, alpha: float) -> Optional[List[pygame.Rect]]:
        """Draw what is on show.  A single scene draws straight to ``surface``
        (and may report a partial update); under overlays, each scene below
        keeps its own layer, redrawn only when it changed, and the overlays
        are drawn over the composition (the whole window changes)."""
        shown = self.visible()
        if len(shown) == 1:
            return shown[0].render(surface, alpha)
        size = surface.get_size()
        backdrop: Optional[pygame.Surface] = None
        for scene in shown[:-1]:
            layer = self._layers.get(id(scene))
            if layer is None or layer.get_size() != size:
                layer = opaque_surface(size, surface)
                self._layers[id(scene)] = layer
                scene.invalidate()
            if backdrop is not None:
                layer.blit(backdrop, (0, 0))
            if any(s is scene for s in self._stale):
                pass  # laid out for the old size: drawn once its turn comes
            elif scene.dirty or backdrop is not None:
                scene.render(layer, alpha)
                scene.dirty = False
            backdrop = layer
        assert backdrop is not None
        surface.blit(backdrop, (0, 0))
        shown[-1].render(surface, alpha)
        return None
