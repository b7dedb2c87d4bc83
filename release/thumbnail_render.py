"""A thumbnail's picture: triangles drawn by a z-buffer in numpy, one colour per link.

matplotlib's 3D axes paint whole collections back to front by one depth each, and the faces
of a collection by their mean depth: a remote's buttons went under its body, a washing
machine's door half under its front, and the long faces of a cylinder striped whatever was
beside it. Here every pixel shows the face nearest the camera, exactly:

* orthographic projection along the view (:func:`release.thumbnail_view.camera`), framed
  on the object's projected extent with :data:`PAD` around it (every object fills its cell);
* each face scanned row by row (pixel centres); a face thinner than a pixel still marks the
  pixel its row crosses, so spokes and wires do not vanish; ties in depth go to the face
  listed last (deterministic);
* flat shading, ``0.45 + 0.55 |n . light|`` of the link's ``tab10`` colour, the light turned
  with the view so every view is lit from the same side;
* an outline where the link changes or the depth jumps by more than :data:`OUTLINE_JUMP`
  of the image's width, so parts in front of others stand out even in one colour;
* drawn at :data:`SUPERSAMPLE` times the size asked for and averaged down (antialiasing).

Example:
    >>> import trimesh
    >>> box = trimesh.creation.box(extents=(1.0, 1.0, 1.0))
    >>> image = render([box.vertices[box.faces]], (20.0, -60.0), size=32)
    >>> image.shape, bool((image < 1).any(axis=2).mean() > 0.5)
    ((32, 32, 3), True)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from arena_core.util import tolerances as tol
from release.thumbnail_view import CANDIDATES, camera

#: Fraction of the image left empty on each side of the object's projected extent.
PAD = 0.04
#: Pixels drawn per output pixel along each side (averaged down).
SUPERSAMPLE = 2
#: Depth step between neighbouring pixels drawn as an edge (fraction of the image's width).
OUTLINE_JUMP = 0.02
#: Brightness kept on outline pixels.
OUTLINE_SHADE = 0.55
#: Direction of the light for the default view (unit vector, object frame).
LIGHT = np.array([0.4, -0.6, 0.7]) / np.linalg.norm([0.4, -0.6, 0.7])
#: Pixels scanned at once (bounds the memory of one pass).
_CHUNK = 1_000_000
#: Twice the projected area (pixels^2) below which a face covers nothing (seen edge-on).
_MIN_DOUBLE_AREA = 1e-6


def render(per_link: Sequence[np.ndarray], view: tuple[float, float], *, size: int = 144
           ) -> np.ndarray:
    """``(size, size, 3)`` RGB in [0, 1] (white background) of ``per_link`` (per link,
    ``(f, 3, 3)`` triangles, object frame) seen from ``view`` ``(elevation, azimuth)``."""
    from matplotlib import colormaps

    tris = np.concatenate([np.asarray(t, dtype=float).reshape(-1, 3, 3) for t in per_link])
    link = np.concatenate([np.full(len(t), k) for k, t in enumerate(per_link)])
    big = size * SUPERSAMPLE
    face, depth = rasterize(tris, view, size=big)
    normals = np.cross(tris[:, 1] - tris[:, 0], tris[:, 2] - tris[:, 0])
    normals /= np.maximum(np.linalg.norm(normals, axis=1, keepdims=True), tol.MIN_EXTENT**2)
    shade = 0.45 + 0.55 * np.abs(normals @ light(view))
    palette = np.array([colormaps["tab10"](k)[:3] for k in range(10)])
    colors = np.clip(palette[link % 10] * shade[:, None], 0, 1)
    hit = face >= 0
    image = np.ones((big, big, 3))
    image[hit] = colors[face[hit]]
    edge = _outline(np.where(hit, link[face], -1), np.where(hit, depth, 0.0), OUTLINE_JUMP * big)
    image[edge & hit] *= OUTLINE_SHADE
    return image.reshape(size, SUPERSAMPLE, size, SUPERSAMPLE, 3).mean(axis=(1, 3))


def light(view: tuple[float, float]) -> np.ndarray:
    """:data:`LIGHT` turned about Z from the default view's azimuth to ``view``'s."""
    turn = np.radians(view[1] - CANDIDATES[0][1])
    c, s = np.cos(turn), np.sin(turn)
    return np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]]) @ LIGHT


def rasterize(tris: np.ndarray, view: tuple[float, float], *, size: int
              ) -> tuple[np.ndarray, np.ndarray]:
    """The face each pixel shows, ``(size, size)`` int (-1: none), and its depth
    ``(size, size)`` (in pixels, toward the camera; ``-inf`` where none), of ``tris``
    ``(f, 3, 3)``
    seen from ``view``, framed on their projected extent (see the module docstring)."""
    px, py, pz = _screen(tris, view, size)
    e1 = np.stack([px[:, 1] - px[:, 0], py[:, 1] - py[:, 0], pz[:, 1] - pz[:, 0]])
    e2 = np.stack([px[:, 2] - px[:, 0], py[:, 2] - py[:, 0], pz[:, 2] - pz[:, 0]])
    det = e1[0] * e2[1] - e2[0] * e1[1]
    drawn = np.abs(det) > _MIN_DOUBLE_AREA
    det = np.where(drawn, det, 1.0)
    plane_x = (e1[2] * e2[1] - e2[2] * e1[1]) / det  # depth = plane_x x + plane_y y + c
    plane_y = (e1[0] * e2[2] - e2[0] * e1[2]) / det
    plane_c = pz[:, 0] - plane_x * px[:, 0] - plane_y * py[:, 0]
    tri, row, first, last = _spans(px, py, drawn, size)
    depth = np.full(size * size, -np.inf)
    face = np.full(size * size, -1, dtype=np.int64)
    widths = last - first + 1
    ends = np.cumsum(widths)
    start = 0
    while start < len(widths):
        done = ends[start - 1] if start else 0
        stop = max(int(np.searchsorted(ends, done + _CHUNK, side="right")), start + 1)
        owner, rank = _expand(widths[start:stop])
        owner += start
        col, f = first[owner] + rank, tri[owner]
        z = plane_x[f] * (col + 0.5) + plane_y[f] * (row[owner] + 0.5) + plane_c[f]
        pixel = row[owner] * size + col
        np.maximum.at(depth, pixel, z)
        won = z >= depth[pixel]
        face[pixel[won]] = -1  # nearer than every earlier pass: forget the earlier face
        np.maximum.at(face, pixel[won], f[won])
        start = stop
    return face.reshape(size, size), depth.reshape(size, size)


def _screen(tris: np.ndarray, view: tuple[float, float], size: int
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Pixel coordinates ``(f, 3)``: x (right), y (down), depth (toward the camera)."""
    toward, right, up = camera(*view)
    points = tris.reshape(-1, 3)
    x, y, z = points @ right, points @ up, points @ toward
    low, high = np.array([x.min(), y.min()]), np.array([x.max(), y.max()])
    scale = size * (1 - 2 * PAD) / max(float((high - low).max()), tol.MIN_EXTENT)
    middle = (low + high) / 2
    px = (x - middle[0]) * scale + size / 2
    py = size / 2 - (y - middle[1]) * scale
    return px.reshape(-1, 3), py.reshape(-1, 3), (z * scale).reshape(-1, 3)


def _spans(px: np.ndarray, py: np.ndarray, drawn: np.ndarray, size: int
           ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per row a face covers: the face, the row, its first and last column (inclusive)."""
    top = np.clip(np.ceil(py.min(axis=1) - 0.5), 0, size)
    bottom = np.clip(np.floor(py.max(axis=1) - 0.5), -1, size - 1)
    rows = np.maximum(bottom - top + 1, 0)
    between = drawn & (rows == 0)  # between two row centres: the row it lies in
    top = np.where(between, np.clip(np.floor(py.mean(axis=1)), 0, size - 1), top)
    rows = np.where(drawn, np.where(between, 1, rows), 0).astype(np.int64)
    tri, k = _expand(rows)
    row = top[tri].astype(np.int64) + k
    line = np.clip(row + 0.5, py.min(axis=1)[tri], py.max(axis=1)[tri])
    left, right = np.full(len(tri), np.inf), np.full(len(tri), -np.inf)
    for i, j in ((0, 1), (1, 2), (2, 0)):
        ya, yb, xa, xb = py[tri, i], py[tri, j], px[tri, i], px[tri, j]
        crosses = (np.minimum(ya, yb) <= line) & (line <= np.maximum(ya, yb)) & (ya != yb)
        x = xa + (xb - xa) * (line - ya) / np.where(crosses, yb - ya, 1.0)
        left = np.where(crosses, np.minimum(left, x), left)
        right = np.where(crosses, np.maximum(right, x), right)
    first = np.clip(np.ceil(left - 0.5), 0, size)
    last = np.clip(np.floor(right - 0.5), -1, size - 1)
    thin = (last < first) & (left <= right)  # between two pixel centres: the pixel it is in
    middle = np.clip(np.floor((left + right) / 2), 0, size - 1)
    first, last = np.where(thin, middle, first), np.where(thin, middle, last)
    return tri, row, first.astype(np.int64), last.astype(np.int64)


def _expand(counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For ``counts.sum()`` items: the index of the count each belongs to, and its rank."""
    owner = np.repeat(np.arange(len(counts)), counts)
    return owner, np.arange(len(owner)) - (np.cumsum(counts) - counts)[owner]


def _outline(link: np.ndarray, depth: np.ndarray, jump: float) -> np.ndarray:
    """Pixels beside a change of ``link`` (-1: background) or a step of ``depth`` above
    ``jump`` (pixels)."""
    edge = np.zeros(link.shape, dtype=bool)
    for axis in (0, 1):
        step = (np.diff(link, axis=axis) != 0) | (np.abs(np.diff(depth, axis=axis)) > jump)
        lead = [slice(None)] * 2
        lead[axis] = slice(1, None)
        trail = [slice(None)] * 2
        trail[axis] = slice(None, -1)
        edge[tuple(lead)] |= step
        edge[tuple(trail)] |= step
    return edge
