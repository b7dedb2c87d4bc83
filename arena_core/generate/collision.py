"""Convex collision pieces of a generated link, from the solids it is described with.

Engines collide each collision mesh as its convex hull, and a generated link is the union of
solid primitives minus cuts: the hull of that union fills the space between its parts (a
drawer's cavity, a cabinet's openings, the gap between a handle and its door). The generator
knows the parts, so it writes the collision geometry as convex pieces itself, in milliseconds
and without a general decomposition (CoACD, which the pipeline uses for real meshes, costs
seconds per mesh and thickens thin walls by a voxel):

1. each part minus the cuts that reach it (``manifold3d`` booleans, exact);
2. a piece whose hull adds no volume to it, or little (a mean gap between hull and piece
   of at most ``GAP_FRACTION`` of ``limit``), is one piece;
3. a box minus boxes of its orientation (a shell, a panel with a window) is cut exactly
   into boxes along the cuts' faces;
4. any other piece is split in two by a plane and each half is treated the same way, at
   most ``MAX_DEPTH`` times. The plane is the one, among the planes of the piece's faces
   perpendicular to a world axis and the mid-planes of its bounds, that leaves the two
   halves with the least hull volume beyond their own (ties: a convex half, then a plane
   that holds the piece's axis -- a tube splits into sectors, not rings).

Only elementwise arithmetic and ``manifold3d`` touch coordinates (no BLAS, no SVD), so the
pieces are the same bits on every CPU, like the rest of the generator's output.

Pieces are returned as closed meshes in the object frame, each written as its own collision
mesh (so each is its own hull in every engine, and the pipeline finds nothing to decompose),
shrunk about their centroid by ``SEPARATION`` (m) so that no two share a vertex position
(a tool that merges the pieces of a link into one mesh and splits it by welding equal
positions gets them back).

Example:
    >>> from arena_core.generate import shapes as S
    >>> box = S.box((0.4, 0.3, 0.2), (0.0, 0.0, 0.1))
    >>> cavity = S.box((0.38, 0.28, 0.2), (0.0, 0.0, 0.11))  # open at the top
    >>> len(convex_pieces([box], [cavity], limit=0.005))  # a floor and four walls
    5
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import trimesh
from manifold3d import Manifold, Mesh64

from arena_core.generate import meshing


#: How many times a piece may be split in two (at most ``2 ** MAX_DEPTH`` pieces a part).
MAX_DEPTH = 4

#: Pieces are shrunk by this much (m) toward their centroid at their extremities, so no
#: two pieces share a vertex position (module docstring); far below any tolerance.
SEPARATION = 2e-5

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


def convex_pieces(parts: Sequence[trimesh.Trimesh], cuts: Sequence[trimesh.Trimesh], *,
                  limit: float) -> list[tuple[np.ndarray, np.ndarray]]:
    """``(vertices, faces)`` of the convex pieces covering ``parts`` minus ``cuts`` (module
    docstring), in order, each within ``limit`` (m) of its hull when ``MAX_DEPTH`` allows."""
    out = []
    for part in parts:
        lo, hi = part.bounds
        reaching = [c for c in cuts if np.all(c.bounds[0] < hi) and np.all(c.bounds[1] > lo)]
        boxes = _box_grid(part, reaching)
        if boxes is not None:
            out += [_manifold(b) for b in boxes]
            continue
        piece = _manifold(part)
        for cut in reaching:
            piece = piece - _manifold(cut)
        for component in piece.decompose():
            out += _split(component, limit, MAX_DEPTH)
    return [_separated(m) for m in out]


# ----------------------------------------------------------------------------- helpers
def _box_frame(mesh: trimesh.Trimesh) -> np.ndarray | None:
    """``(3, 3)`` rows: the edge directions of a box mesh (8 vertices, faces along three
    directions), or ``None`` for any other mesh."""
    if len(mesh.vertices) != 8:
        return None
    tri = np.asarray(mesh.vertices, dtype=float)[np.asarray(mesh.faces)]
    cross = _cross(tri[:, 1] - tri[:, 0], tri[:, 2] - tri[:, 0])
    normals = cross / np.sqrt((cross[:, 0] * cross[:, 0] + cross[:, 1] * cross[:, 1])
                              + cross[:, 2] * cross[:, 2])[:, None]
    axes: list[np.ndarray] = []
    for n in normals:
        if not any(abs(_dot(n, a)) > 1 - 1e-9 for a in axes):
            axes.append(n)
    if len(axes) != 3 or any(abs(_dot(axes[i], axes[j])) > 1e-9 for i, j in ((0, 1), (0, 2), (1, 2))):
        return None
    return np.array(axes)


def _dot(a: np.ndarray, b: np.ndarray) -> float:
    return float((a[0] * b[0] + a[1] * b[1]) + a[2] * b[2])


def _box_grid(part: trimesh.Trimesh, cuts: Sequence[trimesh.Trimesh]
              ) -> list[trimesh.Trimesh] | None:
    """A box minus boxes of the same orientation, exactly, as boxes: the grid of the cuts'
    faces inside the part, its cells outside every cut merged into boxes (greedy: along the
    first axis, then the second, then the third). ``None`` when the part or a cut is not
    such a box (and for a part without cuts: it is its own piece)."""
    frame = _box_frame(part) if cuts else None
    if frame is None:
        return None
    inside = meshing.matmul3(frame, np.asarray(part.vertices, dtype=float).T).T
    lo, hi = inside.min(axis=0), inside.max(axis=0)
    holes = []
    for cut in cuts:
        cut_frame = _box_frame(cut)
        if cut_frame is None or not all(max(abs(_dot(c, f)) for f in frame) > 1 - 1e-9
                                        for c in cut_frame):
            return None
        local = meshing.matmul3(frame, np.asarray(cut.vertices, dtype=float).T).T
        holes.append((np.maximum(local.min(axis=0), lo), np.minimum(local.max(axis=0), hi)))
    ticks = [np.unique(np.concatenate([[lo[k], hi[k]], *[[a[k], b[k]] for a, b in holes]]))
             for k in range(3)]
    mids = [(t[:-1] + t[1:]) / 2 for t in ticks]
    grid = np.stack(np.meshgrid(*mids, indexing="ij"), axis=-1)
    solid = np.ones(grid.shape[:3], dtype=bool)
    for a, b in holes:
        solid &= ~np.all((grid > a) & (grid < b), axis=-1)
    boxes = []
    for i, j, k in zip(*np.nonzero(solid), strict=True):
        if not solid[i, j, k]:
            continue
        i1 = i + 1
        while i1 < solid.shape[0] and solid[i1, j, k]:
            i1 += 1
        j1 = j + 1
        while j1 < solid.shape[1] and solid[i:i1, j1, k].all():
            j1 += 1
        k1 = k + 1
        while k1 < solid.shape[2] and solid[i:i1, j:j1, k1].all():
            k1 += 1
        solid[i:i1, j:j1, k:k1] = False
        low = np.array([ticks[0][i], ticks[1][j], ticks[2][k]])
        high = np.array([ticks[0][i1], ticks[1][j1], ticks[2][k1]])
        pose = np.eye(4)
        pose[:3, :3] = frame.T
        pose[:3, 3] = meshing.matmul3(frame.T, (low + high) / 2)
        boxes.append(trimesh.Trimesh(*meshing.box(high - low, pose), process=False))
    return boxes


def _manifold(mesh: trimesh.Trimesh) -> Manifold:
    return Manifold(mesh=Mesh64(vert_properties=np.asarray(mesh.vertices, dtype=np.float64),
                                tri_verts=np.asarray(mesh.faces, dtype=np.uint64)))


def _arrays(solid: Manifold) -> tuple[np.ndarray, np.ndarray]:
    mesh = solid.to_mesh64()
    return (np.asarray(mesh.vert_properties, dtype=np.float64)[:, :3],
            np.asarray(mesh.tri_verts, dtype=np.int64))


def _excess(solid: Manifold, *, area: bool = False):
    """Hull volume beyond the solid's own (m^3); with ``area``, also the hull's area (m^2)."""
    hull = solid.hull()
    excess = max(0.0, hull.volume() - solid.volume())
    return (excess, hull.surface_area()) if area else excess


def _split(solid: Manifold, limit: float, depth: int) -> list[Manifold]:
    if solid.is_empty() or solid.volume() <= MIN_VOLUME:  # a sheet a split left behind
        return []
    if depth == 0:
        return [solid]
    excess, area = _excess(solid, area=True)
    if excess <= CONVEX_EXCESS or excess <= GAP_FRACTION * limit * area:
        return [solid]
    vertices, faces = _arrays(solid)
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
            for piece in _split(component, limit, depth - 1)]


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
    cross = _cross(tri[:, 1] - tri[:, 0], tri[:, 2] - tri[:, 0])
    length = np.sqrt((cross[:, 0] * cross[:, 0] + cross[:, 1] * cross[:, 1])
                     + cross[:, 2] * cross[:, 2])
    out = []
    for k in range(3):
        lo, hi = vertices[:, k].min(), vertices[:, k].max()
        span = hi - lo
        if span <= 0:
            continue
        facing = np.abs(cross[:, k]) > (1 - 1e-6) * length
        offsets = np.unique(tri[facing][:, 0, k])
        offsets = offsets[(offsets > lo + 1e-6 * span) & (offsets < hi - 1e-6 * span)]
        if len(offsets) > MAX_PLANES:
            offsets = offsets[np.linspace(0, len(offsets) - 1, MAX_PLANES).round().astype(int)]
        out += [(k, float(offset), False) for offset in offsets]
        out.append((k, float((lo + hi) / 2), True))
    return out


def _cross(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Row-wise ``a x b`` with elementwise arithmetic (the same bits on every CPU)."""
    return np.stack([a[:, 1] * b[:, 2] - a[:, 2] * b[:, 1],
                     a[:, 2] * b[:, 0] - a[:, 0] * b[:, 2],
                     a[:, 0] * b[:, 1] - a[:, 1] * b[:, 0]], axis=1)


def _separated(solid: Manifold) -> tuple[np.ndarray, np.ndarray]:
    vertices, faces = _arrays(solid)
    centre = (vertices.min(axis=0) + vertices.max(axis=0)) / 2
    d = vertices - centre
    reach = float(np.sqrt((d[:, 0] * d[:, 0] + d[:, 1] * d[:, 1]) + d[:, 2] * d[:, 2]).max())
    if reach > 0:
        vertices = centre + d * (1.0 - SEPARATION / reach)
    return vertices, faces
