"""Solid things on the board in perspective, drawn with pygame polygons:
checkers (short cylinders), dice and the cube (shaded boxes with pips),
shadows.  Every position is on the board plane, with a height ``z``, and goes
to the screen through a :class:`~game.board.projection.Projection`.

>>> side_values(1)
(2, 3)
>>> sorted(side_values(1) + tuple(7 - v for v in side_values(1)) + (1, 6))
[1, 2, 3, 4, 5, 6]
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Dict, List, Optional, Sequence, Tuple

import numpy as np
import pygame
import pygame.gfxdraw

from .projection import Projection

Colour = Tuple[int, int, int]
Point = Tuple[float, float]

#: points around a checker's rim
RIM = 24
_ANGLES = np.linspace(0.0, 2 * math.pi, RIM, endpoint=False)
_COS, _SIN = np.cos(_ANGLES), np.sin(_ANGLES)
_PIP_COS = np.cos(np.linspace(0.0, 2 * math.pi, 10, endpoint=False))
_PIP_SIN = np.sin(np.linspace(0.0, 2 * math.pi, 10, endpoint=False))
#: where the light comes from (board plane: x right, y towards the viewer, z up)
LIGHT = np.array([-0.35, -0.55, 1.0]) / np.linalg.norm([-0.35, -0.55, 1.0])
#: how far a shadow falls per unit of height (plane x, y)
SHADOW_SLANT = (0.35, 0.3)

#: pips on a face, in face coordinates -1..1
PIPS: Dict[int, Tuple[Tuple[int, int], ...]] = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)),
}
#: a unit cube's faces: outward normal and the two in-face axes
_FACES = (
    ((0, 0, 1), (1, 0, 0), (0, 1, 0)),
    ((0, 0, -1), (1, 0, 0), (0, -1, 0)),
    ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    ((-1, 0, 0), (0, -1, 0), (0, 0, 1)),
    ((0, 1, 0), (-1, 0, 0), (0, 0, 1)),
    ((0, -1, 0), (1, 0, 0), (0, 0, 1)),
)


@lru_cache(maxsize=512)
def shade(colour: Tuple[int, ...], f: float) -> Colour:
    """``colour`` made lighter (f > 1) or darker (f < 1)."""
    return (min(255, max(0, int(colour[0] * f))), min(255, max(0, int(colour[1] * f))), min(255, max(0, int(colour[2] * f))))


def side_values(top: int) -> Tuple[int, int]:
    """The values on a die's +x and +y faces when ``top`` is up (opposite faces add to 7)."""
    rest = [k for k in range(1, 7) if k not in (top, 7 - top)]
    a = rest[0]
    b = next(k for k in rest if k not in (a, 7 - a))
    return a, b


def face_values(top: int) -> Tuple[int, ...]:
    """Values of the faces in the order of ``_FACES``."""
    a, b = side_values(top)
    return (top, 7 - top, a, 7 - a, b, 7 - b)


def ring(x: float, y: float, z: float, r: float) -> np.ndarray:
    """A circle of radius ``r`` on the plane at height ``z``: (RIM, 3)."""
    out = np.empty((RIM, 3))
    out[:, 0] = x + r * _COS
    out[:, 1] = y + r * _SIN
    out[:, 2] = z
    return out


def _pts(a: np.ndarray) -> List[Point]:
    return [(float(p[0]), float(p[1])) for p in a]


_ARCS: Dict[Tuple[int, int], Tuple[np.ndarray, np.ndarray, int]] = {}


def _arcs(ia: int, ib: int) -> Tuple[np.ndarray, np.ndarray, int]:
    """Outline indices into (bottom rim + top rim) for silhouette points ia, ib:
    bottom along ia..ib then top back along ib..ia, and the other way round;
    and the middle of the first arc."""
    got = _ARCS.get((ia, ib))
    if got is None:
        n = RIM
        arc1 = [(ia + k) % n for k in range((ib - ia) % n + 1)]
        arc2 = [(ib + k) % n for k in range((ia - ib) % n + 1)]
        got = _ARCS[(ia, ib)] = (
            np.array(arc1 + [n + i for i in arc2]),
            np.array(arc2 + [n + i for i in arc1]),
            arc1[len(arc1) // 2],
        )
    return got


def cylinder_outline(bottom: np.ndarray, top: np.ndarray) -> List[Point]:
    """The outline on the screen of a short cylinder whose rims project to
    ``bottom`` and ``top`` (each (RIM, 2), in order around the rim)."""
    t = top[0] - bottom[0]
    if abs(t[0]) + abs(t[1]) < 0.5:
        return bottom.tolist()
    dots = bottom @ np.array([-t[1], t[0]])
    ia, ib = int(dots.argmax()), int(dots.argmin())
    away, towards, mid = _arcs(ia, ib)
    both = np.concatenate((bottom, top))
    if float(bottom[mid] @ t) < float(bottom[ia] @ t):
        return both[away].tolist()
    return both[towards].tolist()


#: a borne-off checker on edge: its box on the plane (x0, y0, x1, y1), its height,
#: its colour, and the side's mark (a stripe along its top) or None
Slab = Tuple[Tuple[float, float, float, float], float, Colour, Optional[Colour]]


def draw_slabs(surface: pygame.Surface, proj: Projection, boxes: Sequence[Slab]) -> None:
    """Upright boxes on the plane: borne-off checkers on edge.  Drawn far to
    near, the faces the eye sees; a side's mark as a stripe along the top, as
    the top view draws it."""
    if not boxes:
        return
    ex, ey, _ = proj.eye()
    corners: List[Tuple[float, float, float]] = []
    for (x0, y0, x1, y1), h, _, _ in boxes:
        for z in (0.0, h):
            corners.extend(((x0, y0, z), (x1, y0, z), (x1, y1, z), (x0, y1, z)))
    scr = proj.many(np.array(corners, float)).reshape(len(boxes), 8, 2).tolist()
    order = sorted(range(len(boxes)), key=lambda k: -proj.depth((boxes[k][0][0] + boxes[k][0][2]) / 2, (boxes[k][0][1] + boxes[k][0][3]) / 2))
    for k in order:
        (x0, y0, x1, y1), _, colour, mark = boxes[k]
        b, t = scr[k][:4], scr[k][4:]
        if ey > y1:  # the near face
            pygame.draw.polygon(surface, shade(colour, 0.7), [b[3], b[2], t[2], t[3]])
        if ey < y0:
            pygame.draw.polygon(surface, shade(colour, 0.7), [b[0], b[1], t[1], t[0]])
        if ex < x0:
            pygame.draw.polygon(surface, shade(colour, 0.55), [b[0], b[3], t[3], t[0]])
        if ex > x1:
            pygame.draw.polygon(surface, shade(colour, 0.55), [b[1], b[2], t[2], t[1]])
        pygame.draw.polygon(surface, colour, t)
        pygame.draw.lines(surface, shade(colour, 0.6), True, t, 1)
        if mark is not None:  # along the middle of the top, a fifth in from each end
            left = ((t[0][0] + t[3][0]) / 2, (t[0][1] + t[3][1]) / 2)
            right = ((t[1][0] + t[2][0]) / 2, (t[1][1] + t[2][1]) / 2)
            across = math.dist(t[0], t[3])
            ends = [(left[0] + (right[0] - left[0]) * f, left[1] + (right[1] - left[1]) * f) for f in (0.2, 0.8)]
            pygame.draw.line(surface, mark, ends[0], ends[1], max(1, round(across / 4)))


class Scratch:
    """One surface lent out, in parts, for the patches of shadows and
    highlights: none is made anew each frame (it grows to the largest asked)."""

    def __init__(self, flags: int = 0):
        self.flags = flags
        self.surface: Optional[pygame.Surface] = None

    def patch(self, w: int, h: int) -> pygame.Surface:
        s = self.surface
        if s is None or s.get_width() < w or s.get_height() < h:
            size = (max(w, s.get_width() if s else 0), max(h, s.get_height() if s else 0))
            s = self.surface = pygame.Surface(size, self.flags)
        return s.subsurface((0, 0, w, h))


_OPAQUE = Scratch()
_ALPHA = Scratch(pygame.SRCALPHA)


def darken(surface: pygame.Surface, pts: Sequence[Point], factor: float) -> Optional[pygame.Rect]:
    """Darken the polygon ``pts`` of ``surface`` (a shadow); returns its rectangle."""
    if len(pts) < 3:
        return None
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    x0, y0 = int(min(xs)), int(min(ys))
    w, h = int(max(xs)) - x0 + 2, int(max(ys)) - y0 + 2
    if w <= 0 or h <= 0 or w > 4000 or h > 4000:
        return None
    patch = _OPAQUE.patch(w, h)
    patch.fill((255, 255, 255))
    g = int(255 * factor)
    pygame.draw.polygon(patch, (g, g, g), [(x - x0, y - y0) for x, y in pts])
    return surface.blit(patch, (x0, y0), special_flags=pygame.BLEND_RGB_MULT)


def alpha_polygon(surface: pygame.Surface, rgba: Tuple[int, int, int, int], pts: Sequence[Point], width: int = 0) -> Optional[pygame.Rect]:
    """A translucent polygon (highlights, ghosts)."""
    if len(pts) < 3:
        return None
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    x0, y0 = int(min(xs)) - width, int(min(ys)) - width
    w, h = int(max(xs)) - x0 + 2 + width, int(max(ys)) - y0 + 2 + width
    if w <= 0 or h <= 0 or w > 4000 or h > 4000:
        return None
    patch = _ALPHA.patch(w, h)
    patch.fill((0, 0, 0, 0))
    pygame.draw.polygon(patch, rgba, [(x - x0, y - y0) for x, y in pts], width)
    return surface.blit(patch, (x0, y0))


@lru_cache(maxsize=16)
def _checker_template(radius: float, height: float) -> np.ndarray:
    """A checker at the origin, its bottom on the plane: bottom rim, top rim,
    the top's inner ring and the shadow's rim (not yet slanted), (4, RIM, 3)."""
    t = np.zeros((4, RIM, 3))
    for k, r in enumerate((radius, radius, radius * 0.62, radius * 1.02)):
        t[k, :, 0] = r * _COS
        t[k, :, 1] = r * _SIN
    t[1:3, :, 2] = height
    t[3, :, :2] += radius * 0.08
    t.setflags(write=False)
    return t


def checker_rings(proj: Projection, items: Sequence[Tuple[float, float, float]], radius: float, height: float) -> np.ndarray:
    """For checkers at (x, y, z) (plane centre and the height of the
    bottom): their rims on the screen, all projected at once, shape
    (n, 4, RIM, 2): bottom rim, top rim, the top's inner ring, the shadow."""
    n = len(items)
    if n == 0:
        return np.zeros((0, 4, RIM, 2))
    c = np.asarray(items, float)
    pts = np.empty((n, 4, RIM, 3))
    pts[:] = _checker_template(float(radius), float(height))
    pts += c[:, None, None, :]
    # the shadow lies on the plane, slanted away from the light by the checker's height
    lift = c[:, 2] + height
    pts[:, 3, :, 0] += (SHADOW_SLANT[0] * lift)[:, None]
    pts[:, 3, :, 1] += (SHADOW_SLANT[1] * lift)[:, None]
    pts[:, 3, :, 2] = 0.0
    return proj.many(pts.reshape(-1, 3)).reshape(n, 4, RIM, 2)


class Shadows:
    """Soft-edged shadows as darkened ellipses, the patches kept by size."""

    def __init__(self, factor: float = 0.55):
        self.factor = factor
        self._patches: Dict[Tuple[int, int], pygame.Surface] = {}

    def ellipse(self, surface: pygame.Surface, outline: np.ndarray) -> pygame.Rect:
        x0, y0 = outline.min(axis=0)
        x1, y1 = outline.max(axis=0)
        w, h = max(2, int(x1 - x0 + 1)), max(2, int(y1 - y0 + 1))
        patch = self._patches.get((w, h))
        if patch is None:
            if len(self._patches) > 300:
                self._patches.clear()
            patch = self._patches[(w, h)] = pygame.Surface((w, h))
            patch.fill((255, 255, 255))
            g = int(255 * self.factor)
            pygame.draw.ellipse(patch, (g, g, g), patch.get_rect())
        return surface.blit(patch, (int(x0), int(y0)), special_flags=pygame.BLEND_RGB_MULT)


def draw_checker(
    surface: pygame.Surface,
    rings: np.ndarray,
    fill: Colour,
    edge: Colour,
    shadows: Optional[Shadows],
    ring_width: int,
    mark: Optional[Colour] = None,
    outline: int = 0,
) -> pygame.Rect:
    """One checker from its projected rims (see :func:`checker_rings`);
    ``mark``: a cross of that colour on its top; ``outline``: its top's edge
    that wide, in ``edge``."""
    bottom, top, inner, foot = rings[0], rings[1], rings[2], rings[3]
    rect = shadows.ellipse(surface, foot) if shadows is not None else None
    r = pygame.draw.polygon(surface, shade(edge, 0.8), cylinder_outline(bottom, top))
    top_pts = top.tolist()
    pygame.draw.polygon(surface, fill, top_pts)
    pygame.draw.aalines(surface, shade(edge, 1.05), True, top_pts)
    ring_colour = (int(fill[0] * 0.85 + edge[0] * 0.15), int(fill[1] * 0.85 + edge[1] * 0.15), int(fill[2] * 0.85 + edge[2] * 0.15))
    pygame.draw.lines(surface, ring_colour, True, inner.tolist(), max(1, ring_width))
    if outline:
        pygame.draw.lines(surface, edge, True, top_pts, outline)
    if mark is not None:  # from the inner ring's points, a quarter of the rim apart (RIM is a multiple of 8)
        n = RIM // 8
        for a in (n, 3 * n):
            pygame.draw.line(surface, mark, inner[a].tolist(), inner[a + RIM // 2].tolist(), max(2, ring_width * 2))
    return r.union(rect) if rect is not None else r


def circle_outline(
    surface: pygame.Surface, proj: Projection, centre: Point, z: float, radius: float, colour: Colour, width: int, dashed: bool = False
) -> pygame.Rect:
    """A ring lying on the plane (at height ``z``): selection, focus, rings;
    ``dashed``: in twelve dashes."""
    pts = _pts(proj.many(ring(centre[0], centre[1], z, radius)))
    if not dashed:
        return pygame.draw.lines(surface, colour, True, pts, max(1, width))
    step = RIM // 12
    rects = [pygame.draw.lines(surface, colour, False, (pts + pts[:1])[k : k + step], max(1, width)) for k in range(0, RIM, step)]
    return rects[0].unionall(rects[1:])


def _rotation(spin: float, roll: float) -> np.ndarray:
    a, b = math.radians(spin), math.radians(roll)
    rz = np.array([[math.cos(a), -math.sin(a), 0.0], [math.sin(a), math.cos(a), 0.0], [0.0, 0.0, 1.0]])
    rx = np.array([[1.0, 0.0, 0.0], [0.0, math.cos(b), -math.sin(b)], [0.0, math.sin(b), math.cos(b)]])
    return rz @ rx


_N = np.array([f[0] for f in _FACES], float)
_U = np.array([f[1] for f in _FACES], float)
_V = np.array([f[2] for f in _FACES], float)
_CORNERS = np.array([(sx, sy, sz) for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)], float)


#: a box on the screen: its shadow, then (colour, polygon, outline colour or None) far to near
BoxPaint = Tuple[Optional[List[Point]], List[Tuple[Colour, List[Point], Optional[Colour]]]]
_BOXES: Dict[Tuple[object, ...], BoxPaint] = {}
#: corners of a face in its own axes, in drawing order
_FACE_A = (-1.0, 1.0, 1.0, -1.0)
_FACE_B = (-1.0, -1.0, 1.0, 1.0)


@lru_cache(maxsize=64)
def _box_points(values: Optional[Tuple[int, ...]]) -> Tuple[np.ndarray, np.ndarray, np.ndarray, Tuple[Tuple[int, int], ...]]:
    """Every point a box's faces are drawn with (the corners of each face,
    then its pips' rims), as (face, a, b): the point lies at the face's centre
    plus ``a`` times its first axis and ``b`` times its second; and for each
    face where its points start and how many pips it has."""
    faces: List[int] = []
    a: List[float] = []
    b: List[float] = []
    starts: List[Tuple[int, int]] = []
    for k in range(6):
        starts.append((len(faces), len(PIPS[values[k]]) if values is not None else 0))
        faces += [k] * 4
        a += _FACE_A
        b += _FACE_B
        if values is not None:
            for sx, sy in PIPS[values[k]]:
                faces += [k] * len(_PIP_COS)
                a += list(0.52 * sx + 0.17 * _PIP_COS)
                b += list(0.52 * sy + 0.17 * _PIP_SIN)
    return np.array(faces), np.array(a)[:, None], np.array(b)[:, None], tuple(starts)


def prepare_dice() -> None:
    """Work out every face a die can show once (a few milliseconds, kept for
    good), so that no frame of a tumble pays for a face it shows first."""
    _box_points(None)
    for top in range(1, 7):
        _box_points(face_values(top))


def _lit(colour: Tuple[int, ...], f: float) -> Colour:
    """:func:`shade` for the many brightnesses of a turning face (not kept)."""
    return (min(255, max(0, int(colour[0] * f))), min(255, max(0, int(colour[1] * f))), min(255, max(0, int(colour[2] * f))))


def box_paint(
    proj: Projection,
    centre: Point,
    z: float,
    half: Tuple[float, float, float],
    colour: Colour,
    spin: float = 0.0,
    roll: float = 0.0,
    values: Optional[Tuple[int, ...]] = None,
    pip: Colour = (30, 28, 26),
    shadow: bool = True,
    keep: bool = True,
) -> BoxPaint:
    """The polygons of :func:`draw_box`, all projected at once (kept for a
    box that stands still: ``keep``)."""
    key = (proj, centre, z, half, colour, spin, roll, values, pip, shadow)
    got = _BOXES.get(key) if keep else None
    if got is not None:
        return got
    rot = _rotation(spin, roll)
    size = np.array(half, float)
    corners = (_CORNERS * size) @ rot.T
    lift = z - corners[:, 2].min()
    base = np.array([centre[0], centre[1], lift])
    normals = _N @ rot.T
    fcs = base + (_N * size) @ rot.T
    us = (_U * size) @ rot.T
    vs = (_V * size) @ rot.T
    to_eye = np.array(proj.eye()) - fcs
    facing = np.einsum("ij,ij->i", normals, to_eye)
    far = np.einsum("ij,ij->i", to_eye, to_eye)
    visible = sorted((k for k in range(6) if facing[k] > 0), key=lambda k: -far[k])
    face, a, b, starts = _box_points(values)
    pts = fcs[face] + a * us[face] + b * vs[face]
    foot_pts: List[Point] = []
    if shadow:
        foot = corners[:, :2] + base[:2] + np.array(SHADOW_SLANT) * (corners[:, 2:3] + lift)
        foot_pts = convex_hull([(float(p[0]), float(p[1])) for p in foot])
        pts = np.vstack((pts, np.column_stack((np.array(foot_pts), np.zeros(len(foot_pts))))))
    scr = proj.many(pts).tolist()
    lights = 0.55 + 0.5 * np.maximum(0.0, normals @ LIGHT)
    polys: List[Tuple[Colour, List[Point], Optional[Colour]]] = []
    n_pip = len(_PIP_COS)
    for k in visible:
        at, pips = starts[k]
        light = float(lights[k])
        polys.append((_lit(colour, light), scr[at : at + 4], _lit(colour, light * 0.8)))
        at += 4
        colour_pip = _lit(pip, 0.7 + 0.3 * light)
        for _ in range(pips):
            polys.append((colour_pip, scr[at : at + n_pip], None))
            at += n_pip
    paint: BoxPaint = (scr[len(scr) - len(foot_pts):] if shadow else None, polys)
    if keep:
        if len(_BOXES) > 64:
            _BOXES.clear()
        _BOXES[key] = paint
    return paint


def draw_box(
    surface: pygame.Surface,
    proj: Projection,
    centre: Point,
    z: float,
    half: Tuple[float, float, float],
    colour: Colour,
    spin: float = 0.0,
    roll: float = 0.0,
    values: Optional[Tuple[int, ...]] = None,
    pip: Colour = (30, 28, 26),
    shadow: bool = True,
    keep: bool = True,
) -> pygame.Rect:
    """A shaded box (a die when ``values`` gives its faces' pips) resting at
    height ``z`` (its lowest corner there), turned ``spin`` degrees about the
    vertical and rolled ``roll`` about its x axis.  Returns the rectangle
    drawn.  ``keep``: keep its polygons (a box that stands still)."""
    foot, polys = box_paint(proj, centre, z, half, colour, spin, roll, values, pip, shadow, keep)
    rect: Optional[pygame.Rect] = darken(surface, foot, 0.55) if foot else None
    for fill, poly, edge in polys:
        r = pygame.draw.polygon(surface, fill, poly)
        if edge is not None:
            pygame.draw.lines(surface, edge, True, poly, 1)
        rect = r if rect is None else rect.union(r)
    assert rect is not None
    return rect


def convex_hull(points: List[Point]) -> List[Point]:
    """Convex hull (monotone chain), counter-clockwise."""
    pts = sorted(set(points))
    if len(pts) <= 2:
        return pts

    def cross(o: Point, a: Point, b: Point) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: List[Point] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: List[Point] = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]
