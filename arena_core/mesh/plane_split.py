"""Concave closed solids split by planes into pieces close to convex (``manifold3d``).

For a closed mesh made of flat walls (a box minus boxes: a drawer, a shell) or of round
hollow parts (a tube, a ring), planes through its own faces and through its middle cut it
into convex pieces exactly or nearly so, in milliseconds, with no voxels (CoACD, the general
decomposition, thickens walls by a voxel and costs seconds): :func:`split` splits a solid in
two, and each half again, at most ``MAX_DEPTH`` times, until a piece's hull adds a mean gap of
at most ``GAP_FRACTION`` of ``limit`` (the hull volume it lacks over the hull's area). The
plane is the one, among the planes of the piece's faces perpendicular to a world axis and the
mid-planes of its bounds, that leaves the two halves with the least hull volume beyond their
own (ties within 1%: a convex half, then a plane that holds the piece's axis -- a tube splits
into sectors, not rings -- then a face's plane). Every split is followed by a split into
connected components, and sheets a split along a face leaves behind are dropped.

Only elementwise arithmetic and ``manifold3d`` touch coordinates (no BLAS, no SVD), so the
pieces are the same bits on every CPU (the generator relies on it).

Example:
    >>> import numpy as np, trimesh
    >>> outer = trimesh.creation.box(extents=(0.4, 0.3, 0.2))
    >>> inner = trimesh.creation.box(extents=(0.36, 0.26, 0.2))
    >>> _ = inner.apply_translation((0, 0, 0.02))
    >>> tray = outer.difference(inner)
    >>> pieces = plane_pieces(tray.vertices, tray.faces, limit=0.005)
    >>> len(pieces)  # the floor and the walls, one of them in two
    6
    >>> bool(np.isclose(sum(trimesh.Trimesh(*p).volume for p in pieces), tray.volume))
    True
"""

from __future__ import annotations

import numpy as np
from manifold3d import Manifold, Mesh64

from arena_core.mesh.convexity import cross_rows

#: How many times a piece may be split in two (at most ``2 ** MAX_DEPTH`` pieces a part).
MAX_DEPTH = 4

#: Pieces of less volume (m^3) are sheets a split along a face's plane leaves; dropped.
MIN_VOLUME = 1e-12

#: Hull volume beyond a piece's own volume (m^3) below which it is convex as it is.
CONVEX_EXCESS = 1e-9

#: Candidate planes per axis at most (the face planes of a curved piece are many).
MAX_PLANES = 5

#: A piece is close enough to convex when the hull volume it lacks, spread over the hull's
#: surface, is at most this fraction of ``limit`` thick: the mean gap between the hull and
#: the piece (measuring the largest gap, as the pipeline's fidelity does, costs ~100x).
GAP_FRACTION = 0.25


def solid_of(vertices: np.ndarray, faces: np.ndarray) -> Manifold:
    """The ``manifold3d`` solid of a closed mesh (float64, so planes through its faces meet
    them exactly)."""
    return Manifold(mesh=Mesh64(vert_properties=np.asarray(vertices, dtype=np.float64),
                                tri_verts=np.asarray(faces, dtype=np.uint64)))


def arrays(solid: Manifold) -> tuple[np.ndarray, np.ndarray]:
    """``(vertices (n, 3) float64, faces (m, 3) int64)`` of a solid."""
    mesh = solid.to_mesh64()
    return (np.asarray(mesh.vert_properties, dtype=np.float64)[:, :3],
            np.asarray(mesh.tri_verts, dtype=np.int64))


def _excess(solid: Manifold, *, area: bool = False):
    """Hull volume beyond the solid's own (m^3); with ``area``, also the hull's area (m^2)."""
    hull = solid.hull()
    excess = max(0.0, hull.volume() - solid.volume())
    return (excess, hull.surface_area()) if area else excess


def close_to_convex(solid: Manifold, limit: float) -> bool:
    """Whether ``solid``'s hull adds a mean gap of at most ``GAP_FRACTION`` of ``limit`` (m)
    to it (or no volume): :func:`split` leaves it whole."""
    return _within(*_excess(solid, area=True), limit)


def close_hull(solid: Manifold, limit: float) -> Manifold | None:
    """``solid``'s hull when ``solid`` is not convex but close to it (:func:`close_to_convex`
    and not :func:`convex`), else ``None``; one hull computed for both tests."""
    hull = solid.hull()
    excess = max(0.0, hull.volume() - solid.volume())
    if excess <= CONVEX_EXCESS or not _within(excess, hull.surface_area(), limit):
        return None
    return hull


def convex(solid: Manifold) -> bool:
    """Whether ``solid``'s hull adds no volume to it (to ``CONVEX_EXCESS``)."""
    return _excess(solid) <= CONVEX_EXCESS


def _within(excess: float, area: float, limit: float) -> bool:
    return excess <= CONVEX_EXCESS or excess <= GAP_FRACTION * limit * area


def split(solid: Manifold, limit: float, depth: int = MAX_DEPTH) -> list[Manifold]:
    """``solid`` split by planes until each piece is close to convex (module docstring)."""
    if solid.is_empty() or solid.volume() <= MIN_VOLUME:  # a sheet a split left behind
        return []
    if depth == 0:
        return [solid]
    excess, area = _excess(solid, area=True)
    if _within(excess, area, limit):
        return [solid]
    vertices, faces = arrays(solid)
    axis = _distinct_axis(vertices)
    best = None
    for rank, (k, offset, mid) in enumerate(_planes(vertices, faces)):
        normal = [0.0, 0.0, 0.0]
        normal[k] = 1.0
        above, below = solid.split_by_plane(normal, offset)
        if above.is_empty() or below.is_empty():
            continue
        left = (_excess(above), _excess(below))
        convex = sum(e <= CONVEX_EXCESS for e in left)
        along = k != axis  # the plane holds the axis: a sector cut
        # ties within 1%: a convex half, then a sector cut (a tube's halves lack as much
        # as its rings), then a face's plane
        key = (round(sum(left) / excess, 2), -convex, not along, mid, rank)
        if best is None or key < best[0]:
            best = (key, above, below)
    if best is None:
        return [solid]
    return [piece for half in best[1:] for component in half.decompose()
            for piece in split(component, limit, depth - 1)]


def _distinct_axis(vertices: np.ndarray) -> int:
    """The world axis along which the piece's extent differs most from the other two (a
    tube's or a wheel's axis when it lies along one)."""
    extent = vertices.max(axis=0) - vertices.min(axis=0)
    gaps = [min(abs(extent[i] - extent[j]) for j in range(3) if j != i) for i in range(3)]
    return int(np.argmax(gaps))


def _planes(vertices: np.ndarray, faces: np.ndarray) -> list[tuple[int, float, bool]]:
    """Candidate planes ``(world axis, offset, through the middle)``: perpendicular to each
    world axis, through the piece's faces that are and through its middle."""
    tri = vertices[faces]
    normal = cross_rows(tri[:, 1] - tri[:, 0], tri[:, 2] - tri[:, 0])
    length = np.sqrt((normal[:, 0] * normal[:, 0] + normal[:, 1] * normal[:, 1])
                     + normal[:, 2] * normal[:, 2])
    out = []
    for k in range(3):
        lo, hi = vertices[:, k].min(), vertices[:, k].max()
        span = hi - lo
        if span <= 0:
            continue
        facing = np.abs(normal[:, k]) > (1 - 1e-6) * length
        offsets = np.unique(tri[facing][:, 0, k])
        offsets = offsets[(offsets > lo + 1e-6 * span) & (offsets < hi - 1e-6 * span)]
        if len(offsets) > MAX_PLANES:
            offsets = offsets[np.linspace(0, len(offsets) - 1, MAX_PLANES).round().astype(int)]
        out += [(k, float(offset), False) for offset in offsets]
        out.append((k, float((lo + hi) / 2), True))
    return out


def plane_pieces(vertices: np.ndarray, faces: np.ndarray, *, limit: float,
                 depth: int = MAX_DEPTH) -> list[tuple[np.ndarray, np.ndarray]]:
    """``(vertices, faces)`` of the pieces of a closed mesh (:func:`split` of each connected
    component). Raises ``ValueError`` for a mesh that is not a closed manifold."""
    solid = solid_of(vertices, faces)
    if solid.status().name != "NoError" or solid.is_empty():
        raise ValueError(f"not a closed manifold mesh ({solid.status().name})")
    return [arrays(p) for c in solid.decompose() for p in split(c, limit, depth)]
