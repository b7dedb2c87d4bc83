"""How close a surface is to convex: connected pieces, hulls and how far a hull stands off.

Engines replace every collision mesh by its convex hull. What that costs is measured here on
arrays, in the units of the points given:

* :func:`hull_standoff` -- the largest distance from the surface of a convex hull to a
  reference surface, over points sampled on the hull (its vertices, face centres and
  seeded random points). Robust to open, non-manifold and 3-vertex meshes: no volume of
  the reference is needed, only its triangles (and points, for a mesh without faces).
* :func:`connected_pieces` -- the vertex sets of the connected pieces of a triangle soup
  (vertices welded by position first), the pieces a PartNet part or a generated mesh of
  several primitives is made of.
* :func:`hull_volume` -- the volume of the convex hull of points (0 for a flat set).

Example:
    >>> import numpy as np
    >>> square = np.array([[0.0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]])
    >>> tris = np.array([[0, 1, 2], [0, 2, 3]])
    >>> float(hull_standoff(square, square[tris], seed=0))
    0.0
    >>> bent = np.array([[0.0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0], [0.5, 0.5, 1]])
    >>> round(float(hull_volume(bent)), 6)
    0.333333
"""

from __future__ import annotations

import threading
from collections import OrderedDict

import numpy as np
import trimesh
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components
from scipy.spatial import ConvexHull, QhullError, cKDTree

#: Random points sampled on a hull's surface per measurement (besides its vertices and face
#: centres); the seed is fixed by the caller, so the figure is deterministic.
SURFACE_SAMPLES = 128

#: Random points sampled on a reference surface for its k-d tree (besides its vertices).
REFERENCE_SAMPLES = 4096

#: A closed surface is convex when no vertex stands outside a face's plane by more than this
#: fraction of its bounding-box diagonal (float32 files: ~1e-7 relative).
CONVEX_PLANE = 1e-6

#: Faces whose planes are tested against all vertices at once (a 20,000-face mesh would
#: otherwise take a faces x vertices matrix of gigabytes).
CONVEX_CHUNK = 256

#: Triangles with less than this fraction of the squared size in area (x2) are slivers.
SLIVER = 1e-8

#: Hull samples whose distance is measured exactly (the farthest by the k-d tree's bound).
EXACT_CANDIDATES = 24

#: A reference of at most this many triangles is measured against every triangle at once
#: (:func:`triangle_distances`); a larger one through trimesh's spatial index.
DIRECT_TRIANGLES = 20_000

#: Point-triangle pairs whose boxes are compared at once by :func:`triangle_distances`.
PAIR_CHUNK = 400_000


def hull_volume(points: np.ndarray) -> float:
    """Volume of the convex hull of ``(n, 3)`` points (0.0 when flat, fewer than 4 or no hull)."""
    hull = _hull(points)
    return 0.0 if hull is None else float(hull.volume)


def hull_triangles(points: np.ndarray) -> np.ndarray:
    """``(m, 3, 3)`` triangles of the convex hull of ``(n, 3)`` points, wound outward
    (``(0, 3, 3)`` when the points span no volume)."""
    hull = _hull(points)
    if hull is None:
        return np.zeros((0, 3, 3))
    pts = hull.points
    tris = pts[hull.simplices]
    centre = pts[hull.vertices].mean(axis=0)
    normals = cross_rows(tris[:, 1] - tris[:, 0], tris[:, 2] - tris[:, 0])
    inward = np.einsum("ij,ij->i", normals, tris[:, 0] - centre) < 0
    tris[inward] = tris[inward][:, ::-1]
    return tris


def hull_standoff(points: np.ndarray, reference: np.ndarray, *, seed: int) -> float:
    """Largest distance from the convex hull of ``(n, 3)`` points to ``(m, 3, 3)`` reference
    triangles (:meth:`SurfaceIndex.standoff`; build the index once to measure many hulls)."""
    return SurfaceIndex(reference, seed=seed).standoff(points)


class SurfaceIndex:
    """A reference surface (``(m, 3, 3)`` triangles; degenerate ones stand for points) that
    answers how far a convex hull stands off it.

    Its vertices and ``samples`` (default :data:`REFERENCE_SAMPLES`) seeded area-weighted
    points are kept in a k-d tree: the distance to the nearest of them is an upper bound of
    the distance to the surface. :meth:`standoff` ranks the hull's surface samples by that
    bound and measures the :data:`EXACT_CANDIDATES` farthest exactly
    (:func:`trimesh.proximity.closest_point`); the result is never more than the true
    largest distance over the samples, and less by at most the sampling gap of the reference
    (the bound of the next candidate). :meth:`within` answers whether every sample lies
    within a distance, exactly (the bound spares the near ones a measurement).
    """

    def __init__(self, triangles: np.ndarray, *, seed: int, samples: int = REFERENCE_SAMPLES):
        self.triangles = np.asarray(triangles, dtype=float).reshape(-1, 3, 3)
        self.seed = seed
        self.samples = samples
        self._tree: cKDTree | None = None
        self._mesh: trimesh.Trimesh | None = None
        self._convex: set[bytes] | None = None
        self._known: dict[bytes, float] = {}
        self._keys: dict[bytes, bytes] = {}  # points' bytes -> their hull key

    @property
    def tree(self) -> cKDTree:
        if self._tree is None:
            self._tree = cKDTree(np.concatenate([
                np.unique(self.triangles.reshape(-1, 3), axis=0),
                _area_samples(self.triangles, self.samples, self.seed)]))
        return self._tree

    def standoff(self, points: np.ndarray) -> float:
        """Largest distance from the surface samples of the hull of ``(n, 3)`` points.

        0.0 at once, without sampling, when the hull is a closed convex piece of the
        reference itself (same hull vertices): its surface is the hull's."""
        points = np.ascontiguousarray(points, dtype=float)
        seen = points.tobytes()
        key = self._keys.get(seen)
        if key is None:
            key = self._keys[seen] = _hull_key(points)
        if key in self._convex_pieces():
            return 0.0
        if key not in self._known:
            self._known[key] = self._measured(points)
        return self._known[key]

    def within(self, points: np.ndarray, reach: float) -> bool:
        """Whether every surface sample of the hull of ``(n, 3)`` points (those
        :meth:`standoff` takes) lies within ``reach`` (m) of the surface: exact over the
        samples; only those whose k-d tree bound is beyond ``reach`` are measured."""
        samples = surface_samples(points, seed=self.seed)
        if len(samples) == 0 or len(self.triangles) == 0:
            return True
        bound = self.tree.query(samples)[0]
        far = bound > reach
        return not far.any() or bool(
            triangle_distances(samples[far], self.triangles, within=bound[far]).max() <= reach)

    def _measured(self, points: np.ndarray) -> float:
        samples = surface_samples(points, seed=self.seed)
        if len(samples) == 0 or len(self.triangles) == 0:
            return 0.0
        bound = self.tree.query(samples)[0]
        top = np.argsort(-bound, kind="stable")[:EXACT_CANDIDATES]
        if len(self.triangles) <= DIRECT_TRIANGLES:
            exact = triangle_distances(samples[top], self.triangles, within=bound[top])
        else:
            if self._mesh is None:
                self._mesh = trimesh.Trimesh(self.triangles.reshape(-1, 3),
                                             np.arange(3 * len(self.triangles)).reshape(-1, 3),
                                             process=False)
            exact = trimesh.proximity.closest_point(self._mesh, samples[top])[1]
        return float(np.minimum(exact, bound[top]).max())


    def _convex_pieces(self) -> set[bytes]:
        """:func:`_hull_key` of every connected piece of the reference that is a closed
        convex solid (its hull has its own volume)."""
        if self._convex is None:
            verts, faces = np.unique(self.triangles.reshape(-1, 3), axis=0, return_inverse=True)
            self._convex = {_hull_key(v) for v, f in split_mesh(verts, faces.reshape(-1, 3))
                            if closed_convex(v, f)}
        return self._convex


def cross_rows(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Row-wise ``np.cross(a, b)`` of ``(n, 3)`` arrays, the same bits (the same products
    and differences) at a fraction of its cost on the small arrays of one mesh; elementwise
    arithmetic only, so the same bits on every CPU."""
    return np.stack([a[:, 1] * b[:, 2] - a[:, 2] * b[:, 1],
                     a[:, 2] * b[:, 0] - a[:, 0] * b[:, 2],
                     a[:, 0] * b[:, 1] - a[:, 1] * b[:, 0]], axis=1)


def closed_convex(vertices: np.ndarray, faces: np.ndarray) -> bool:
    """True for a closed surface (every edge shared by exactly two faces, vertices welded by
    position) with no vertex
    outside the plane of any of its faces (to ``CONVEX_PLANE`` of its size): a convex solid,
    its own hull. No hull is computed (this runs on every collision mesh)."""
    faces = np.asarray(faces, dtype=np.int64).reshape(-1, 3)
    if len(faces) < 4:
        return False
    vertices, weld = weld_rows(np.asarray(vertices, dtype=float))
    faces = weld[faces]  # vertices at the same position are one (STL)
    edges = np.sort(np.concatenate([faces[:, [0, 1]], faces[:, [1, 2]], faces[:, [2, 0]]]),
                    axis=1)
    codes = np.sort(edges[:, 0] * len(vertices) + edges[:, 1])
    starts = np.flatnonzero(np.concatenate([[True], codes[1:] != codes[:-1], [True]]))
    if not np.all(np.diff(starts) == 2):  # each edge exactly twice
        return False
    tris = vertices[faces]
    normals = cross_rows(tris[:, 1] - tris[:, 0], tris[:, 2] - tris[:, 0])
    lengths = np.linalg.norm(normals, axis=1)
    size = float(np.linalg.norm(np.ptp(vertices, axis=0)))
    keep = lengths > SLIVER * size * size  # a sliver's normal is noise (float32 corners)
    if keep.sum() < 4:
        return False
    if np.einsum("ij,ij->", tris[:, 0], normals) < 0:  # negative volume: wound inward
        normals = -normals
    normals = normals[keep] / lengths[keep, None]
    offsets = np.einsum("ij,ij->i", normals, tris[keep, 0])
    limit = CONVEX_PLANE * size
    for start in range(0, len(normals), CONVEX_CHUNK):  # bounded memory, early out
        block = slice(start, start + CONVEX_CHUNK)
        if (normals[block] @ vertices.T - offsets[block, None]).max() > limit:
            return False
    return True


def weld_rows(points: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``np.unique(points, axis=0, return_inverse=True)`` of ``(n, 3)`` floats, flat inverse:
    the distinct rows (sorted as ``np.unique`` sorts them) and each row's index among them.
    Rows of equal bytes are one; finite points without negative zeros are sorted with
    ``np.lexsort``, a few times faster, anything else goes to ``np.unique``.

    >>> rows, index = weld_rows(np.array([[1.0, 0, 0], [0, 2, 0], [1, 0, 0]]))
    >>> rows.tolist(), index.tolist()
    ([[0.0, 2.0, 0.0], [1.0, 0.0, 0.0]], [1, 0, 1])
    """
    if (points.ndim != 2 or len(points) == 0 or not np.isfinite(points).all()
            or (np.signbit(points) & (points == 0)).any()):
        rows, index = np.unique(points, axis=0, return_inverse=True)
        return rows, index.reshape(-1)
    order = np.lexsort(points.T[::-1])
    ranked = points[order]
    new = np.empty(len(ranked), dtype=bool)
    new[0] = True
    np.any(ranked[1:] != ranked[:-1], axis=1, out=new[1:])
    index = np.empty(len(points), dtype=np.int64)
    index[order] = np.cumsum(new) - 1
    return ranked[new], index


def triangle_distances(points: np.ndarray, triangles: np.ndarray,
                       within: np.ndarray | None = None) -> np.ndarray:
    """``(k,)`` distance from each of ``(k, 3)`` points to the nearest of ``(m, 3, 3)``
    triangles (``m >= 1``), exactly: the closest point of each triangle by its Voronoi
    regions (Ericson, *Real-Time Collision Detection*, 5.1.5). A degenerate triangle (a
    segment or a point) counts by its nearest corner. ``within`` ``(k,)``: an upper bound of
    each point's distance (a surface point at that distance is known), so only triangles
    whose bounding box is that close are measured.

    >>> tri = np.array([[[0.0, 0, 0], [1, 0, 0], [0, 1, 0]]])
    >>> triangle_distances(np.array([[0.2, 0.2, 1.0], [2.0, 0, 0], [-1.0, -1, 0]]), tri).round(6)
    array([1.      , 1.      , 1.414214])
    """
    points = np.asarray(points, dtype=float).reshape(-1, 3)
    triangles = np.asarray(triangles, dtype=float).reshape(-1, 3, 3)
    lo, hi = triangles.min(axis=1), triangles.max(axis=1)
    best = np.full(len(points), np.inf)
    step = max(1, PAIR_CHUNK // max(1, len(triangles)))
    for start in range(0, len(points), step):
        p = points[start:start + step]
        gap = np.maximum(np.maximum(lo[None] - p[:, None], p[:, None] - hi[None]), 0.0)
        box = np.sqrt(np.einsum("kmi,kmi->km", gap, gap))
        if within is None:
            near = np.ones(box.shape, dtype=bool)
        else:
            reach = np.asarray(within, dtype=float)[start:start + step]
            near = box <= reach[:, None] * (1 + 1e-9) + 1e-12
            near[~near.any(axis=1)] = True  # no bound that helps: every triangle
        pi, ti = np.nonzero(near)
        t = triangles[ti]
        q = p[pi]
        closest = _closest_on_triangles(q, t[:, 0], t[:, 1], t[:, 2])
        d = np.sqrt(_dots(q - closest, q - closest))
        corners = np.sqrt(np.einsum("nci,nci->nc", q[:, None] - t, q[:, None] - t)).min(axis=1)
        d = np.where(np.isfinite(d), d, corners)
        out = np.full(len(p), np.inf)
        np.minimum.at(out, pi, d)
        best[start:start + step] = out
    return best


def _closest_on_triangles(p: np.ndarray, a: np.ndarray, b: np.ndarray, c: np.ndarray
                          ) -> np.ndarray:
    """Closest points ``(n, 3)`` of triangles ``a, b, c`` ``(n, 3)`` to points ``p``
    ``(n, 3)``, pair by pair (non-finite for a degenerate triangle's interior case)."""
    ab, ac = b - a, c - a
    ap, bp, cp = p - a, p - b, p - c
    d1, d2 = _dots(ab, ap), _dots(ac, ap)
    d3, d4 = _dots(ab, bp), _dots(ac, bp)
    d5, d6 = _dots(ab, cp), _dots(ac, cp)
    va, vb, vc = d3 * d6 - d5 * d4, d5 * d2 - d1 * d6, d1 * d4 - d3 * d2
    with np.errstate(divide="ignore", invalid="ignore"):
        total = va + vb + vc
        out = a + ab * (vb / total)[..., None] + ac * (vc / total)[..., None]  # inside
        bc = (d4 - d3) / ((d4 - d3) + (d5 - d6))
        out = np.where(((va <= 0) & (d4 - d3 >= 0) & (d5 - d6 >= 0))[..., None],
                       b + (c - b) * bc[..., None], out)
        out = np.where(((vb <= 0) & (d2 >= 0) & (d6 <= 0))[..., None],
                       a + ac * (d2 / (d2 - d6))[..., None], out)
        out = np.where(((d6 >= 0) & (d5 <= d6))[..., None], np.broadcast_to(c, out.shape), out)
        out = np.where(((vc <= 0) & (d1 >= 0) & (d3 <= 0))[..., None],
                       a + ab * (d1 / (d1 - d3))[..., None], out)
        out = np.where(((d3 >= 0) & (d4 <= d3))[..., None], np.broadcast_to(b, out.shape), out)
        out = np.where(((d1 <= 0) & (d2 <= 0))[..., None], np.broadcast_to(a, out.shape), out)
    return out


def _dots(u: np.ndarray, v: np.ndarray) -> np.ndarray:
    return np.einsum("...i,...i->...", u, v)


def _hull_key(points: np.ndarray) -> bytes:
    """The sorted vertices of the hull of ``(n, 3)`` points (rounded to 1e-9), as bytes."""
    hull = _hull(points)
    if hull is None:
        return b""
    corners = np.round(hull.points[np.sort(hull.vertices)], 9) + 0.0
    return corners[np.lexsort(corners.T[::-1])].tobytes()


def surface_samples(points: np.ndarray, *, seed: int) -> np.ndarray:
    """``(s, 3)`` points on the convex hull's surface of ``(n, 3)`` points: its vertices,
    face centres and :data:`SURFACE_SAMPLES` area-weighted random points (the points
    themselves for a flat set)."""
    tris = hull_triangles(points)
    if len(tris) == 0:
        return np.asarray(points, dtype=float).reshape(-1, 3)
    return np.concatenate([np.unique(tris.reshape(-1, 3), axis=0), tris.mean(axis=1),
                           _area_samples(tris, SURFACE_SAMPLES, seed)])


def connected_pieces(vertices: np.ndarray, faces: np.ndarray) -> list[np.ndarray]:
    """Vertex sets ``(k_i, 3)`` of the connected pieces of a mesh (:func:`split_mesh`)."""
    return [v for v, _ in split_mesh(vertices, faces)]


def split_mesh(vertices: np.ndarray, faces: np.ndarray
               ) -> list[tuple[np.ndarray, np.ndarray]]:
    """``(vertices (k, 3), faces (j, 3))`` of each connected piece of a mesh: vertices at
    the same position are one, vertices no face uses are left out (a mesh without faces is
    one piece of points); largest piece first, then by the smallest vertex (deterministic)."""
    vertices = np.asarray(vertices, dtype=float)
    faces = np.asarray(faces, dtype=np.int64).reshape(-1, 3)
    if len(faces) == 0:
        return [(vertices, faces)] if len(vertices) else []
    welded, weld = np.unique(vertices, axis=0, return_inverse=True)
    f = weld.reshape(-1)[faces]
    n = len(welded)
    rows = np.concatenate([f[:, 0], f[:, 1], f[:, 2]])
    cols = np.concatenate([f[:, 1], f[:, 2], f[:, 0]])
    graph = coo_matrix((np.ones(len(rows)), (rows, cols)), shape=(n, n))
    _, label = connected_components(graph, directed=False)
    face_label = label[f[:, 0]]
    order = np.argsort(face_label, kind="stable")
    bounds = np.flatnonzero(np.diff(face_label[order])) + 1
    out = []
    for group in np.split(order, bounds):
        used, local = np.unique(f[group], return_inverse=True)
        out.append((welded[used], local.reshape(-1, 3)))
    return sorted(out, key=lambda p: (-len(p[0]), tuple(p[0].min(axis=0))))


# ----------------------------------------------------------------------------- helpers
#: Hulls kept by :func:`_hull`, the latest used, of at most ``HULL_MEMO_POINTS`` points (one
#: object's collision stage asks for the hull of a piece's points two or three times: its
#: key, its surface, its volume; large meshes are not kept, so the memory stays small).
HULL_MEMO = 16
HULL_MEMO_POINTS = 1024
_HULLS: OrderedDict[bytes, ConvexHull | None] = OrderedDict()
_HULLS_LOCK = threading.Lock()


def _hull(points: np.ndarray) -> ConvexHull | None:
    """The hull of ``(n, 3)`` points with a volume, else ``None``; the same object for the
    same points while it is among the :data:`HULL_MEMO` latest (callers only read it)."""
    pts = np.asarray(points, dtype=float).reshape(-1, 3)
    key = pts.tobytes() if len(pts) <= HULL_MEMO_POINTS else None
    with _HULLS_LOCK:  # the thread runner runs objects in threads
        if key in _HULLS:
            _HULLS.move_to_end(key)
            return _HULLS[key]
    hull = None
    if len(pts) >= 4 and np.isfinite(pts).all():
        try:
            found = ConvexHull(pts)
            hull = found if found.volume > 0 else None
        except (QhullError, ValueError):
            pass
    if key is None:
        return hull
    with _HULLS_LOCK:
        _HULLS[key] = hull
        if len(_HULLS) > HULL_MEMO:
            _HULLS.popitem(last=False)
    return hull


def _area_samples(tris: np.ndarray, count: int, seed: int) -> np.ndarray:
    """``(count, 3)`` seeded points on ``(m, 3, 3)`` triangles, uniform by area (none when
    the triangles have no area)."""
    area = 0.5 * np.linalg.norm(cross_rows(tris[:, 1] - tris[:, 0], tris[:, 2] - tris[:, 0]),
                                axis=1)
    if len(tris) == 0 or not area.sum() > 0:
        return np.zeros((0, 3))
    rng = np.random.default_rng(seed)
    pick = rng.choice(len(tris), size=count, p=area / area.sum())
    u, v = rng.random((2, count))
    flip = u + v > 1
    u[flip], v[flip] = 1 - u[flip], 1 - v[flip]
    t = tris[pick]
    return t[:, 0] + u[:, None] * (t[:, 1] - t[:, 0]) + v[:, None] * (t[:, 2] - t[:, 0])
