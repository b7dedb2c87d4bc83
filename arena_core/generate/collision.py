"""Convex collision pieces of a generated link, from the solids it is described with.

Engines collide each collision mesh as its convex hull, and a generated link is the union of
solid primitives minus cuts: the hull of that union fills the space between its parts (a
drawer's cavity, a cabinet's openings, the gap between a handle and its door). The generator
knows the parts, so it writes the collision geometry as convex pieces itself, in milliseconds
and without a general decomposition (CoACD, which the pipeline uses for real meshes, costs
seconds per mesh and thickens thin walls by a voxel):

1. each part minus the cuts that reach it (``manifold3d`` booleans, exact);
2. a piece whose hull adds no volume to it, or little (a mean gap between hull and piece
   of at most ``GAP_FRACTION`` of ``limit``), is one piece, written as its hull (a tube's
   annular sector closed by its chord) when that hull stands off it by at most
   ``HULL_STANDOFF`` times ``limit``: engines that collide hulls and engines that collide
   meshes as they are see the same solid;
3. a box minus boxes of its orientation (a shell, a panel with a window) is cut exactly
   into boxes along the cuts' faces;
4. any other piece is split in two by a plane and each half is treated the same way, at
   most ``MAX_DEPTH`` times. The plane is the one, among the planes of the piece's faces
   perpendicular to a world axis and the mid-planes of its bounds, that leaves the two
   halves with the least hull volume beyond their own (ties: a convex half, then a plane
   that holds the piece's axis -- a tube splits into sectors, not rings).

Only elementwise arithmetic and ``manifold3d`` touch coordinates (no BLAS, no SVD), so the
pieces are the same bits on every CPU, like the rest of the generator's output.

Pieces are returned as closed convex meshes in the object frame (a piece step 4 left far
from convex after ``MAX_DEPTH`` splits as it is), each written as its own collision mesh (so
each is its own hull in every engine, and the pipeline finds nothing to decompose or measure),
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

import math
from collections.abc import Sequence

import numpy as np
import trimesh
from manifold3d import Manifold

from arena_core.generate import meshing
from arena_core.mesh.convexity import SurfaceIndex
from arena_core.mesh.convexity import cross_rows as cross
from arena_core.mesh.plane_split import (
    MAX_DEPTH,
    arrays,
    close_hull,
    convex,
    solid_of,
    split,
)

#: Pieces are shrunk by this much (m) toward their centroid at their extremities, so no
#: two pieces share a vertex position (module docstring); far below any tolerance.
SEPARATION = 2e-5

#: A piece close to convex is written as its hull when the hull stands off it by at most
#: this many times ``limit``: the pipeline decomposes a collision mesh whose hull stands off
#: it by more than max(1 cm, 2% of the link's diagonal), twice the generator's limit.
HULL_STANDOFF = 2.0

#: Seeded points on a piece whose distances bound those of its hull's samples from above
#: (:meth:`~arena_core.mesh.convexity.SurfaceIndex.within`: a small piece needs few).
PIECE_SAMPLES = 256

def convex_pieces(parts: Sequence[trimesh.Trimesh], cuts: Sequence[trimesh.Trimesh], *,
                  limit: float) -> list[tuple[np.ndarray, np.ndarray]]:
    """``(vertices, faces)`` of the convex pieces covering ``parts`` minus ``cuts`` (module
    docstring), in order, each within ``limit`` (m) of its hull when ``MAX_DEPTH`` allows."""
    out = []
    for part in parts:
        reaching = [c for c in cuts if _overlap(c, part)]
        frame = _box_frame(part) if reaching else None
        aligned = [c for c in reaching if frame is not None and _aligned_with(c, frame)]
        boxes = _box_grid(part, frame, aligned) if frame is not None else None
        if boxes is None:
            out += _carved(solid_of(part.vertices, part.faces), reaching, part, limit)
            continue
        others = [c for c in reaching if not any(c is a for a in aligned)]
        for box in boxes:  # a shell's walls; a wall with a round opening is carved
            hits = [c for c in others if _overlap(c, box)]
            solid = solid_of(box.vertices, box.faces)
            out += _carved(solid, hits, None, limit) if hits else [solid]
    return [_separated(_as_collided(m, limit)) for m in out]


def _as_collided(piece: Manifold, limit: float) -> Manifold:
    """``piece`` as engines collide it: its hull when it is not convex but close to it
    (:func:`~arena_core.mesh.plane_split.close_hull`: what :func:`split` accepts) and the
    hull stands off it by at most :data:`HULL_STANDOFF` times ``limit``, so the file is
    the geometry every engine simulates, not only those that take hulls. A convex piece is
    kept as it is (its hull would only triangulate it anew, with planes that float32
    rounding tilts), and so is a piece whose hull stands off farther (a rim's stepped
    sector, ``MAX_DEPTH`` splits left far from convex), for the pipeline to measure and
    decompose."""
    hull = close_hull(piece, limit)
    if hull is None:
        return piece
    vertices, faces = arrays(piece)  # measured as the pipeline samples a hull's standoff
    surface = SurfaceIndex(vertices[faces], seed=0, samples=PIECE_SAMPLES)
    return hull if surface.within(arrays(hull)[0], HULL_STANDOFF * limit) else piece


def _carved(solid: Manifold, cuts: Sequence[trimesh.Trimesh], part: trimesh.Trimesh | None,
            limit: float) -> list[Manifold]:
    """Pieces of ``solid`` minus ``cuts``: each connected component split by planes, first
    into sectors about its round axis (:func:`_round_axis`) when it has one and needs it."""
    for cut in cuts:
        solid = solid - solid_of(cut.vertices, cut.faces)
    round_axis = _round_axis(part, cuts)
    out = []
    for component in solid.decompose():
        if round_axis is not None and not convex(component):
            out += [p for sector in _sectors(component, *round_axis, limit)
                    for p in split(sector, limit, MAX_DEPTH)]
        else:
            out += split(component, limit, MAX_DEPTH)
    return out


def _overlap(a: trimesh.Trimesh, b: trimesh.Trimesh) -> bool:
    return bool(np.all(a.bounds[0] < b.bounds[1]) and np.all(a.bounds[1] > b.bounds[0]))


#: Sector counts a round piece may be cut into (divisors of the shapes' 24 sections, so the
#: cuts run through vertices of a full revolution and a tube's sectors are exactly convex).
SECTOR_COUNTS = (4, 6, 8, 12, 24)

#: A solid's recorded revolution axis is used when its vertices' mean offset from the axis
#: is within this fraction of their largest distance to it (the mesh was not moved since).
AXIS_CHECK = 1e-6


# ----------------------------------------------------------------------------- helpers
def _round_axis(part: trimesh.Trimesh | None, cuts: Sequence[trimesh.Trimesh]
                ) -> tuple[np.ndarray, float] | None:
    """``(pose (4, 4), radius)`` of the revolution a piece of ``part`` minus ``cuts`` is
    round about: the part's (a tube, a ring, a cone's shell), else the widest cut's (a
    panel with a round opening); ``None`` when neither is a solid of revolution. A round
    piece that is not convex is always cut into sectors first: a flat ring's hull, which
    fills its hole, adds little volume per area, so the mean gap of :func:`split` would
    keep it whole."""
    found = None if part is None else _revolution(part)
    if found is not None:
        return found
    widest = None
    for cut in cuts:
        axis = _revolution(cut)
        if axis is not None and (widest is None or axis[1] > widest[1]):
            widest = axis
    return widest


def _revolution(mesh: trimesh.Trimesh) -> tuple[np.ndarray, float] | None:
    """``(pose, radius)`` of a solid made by :mod:`~arena_core.generate.shapes` as a solid of
    revolution (``metadata["revolution"]``) whose vertices still surround that axis."""
    pose = mesh.metadata.get("revolution")
    if pose is None:
        return None
    point, axis = pose[:3, 3], pose[:3, 2]
    d = np.asarray(mesh.vertices, dtype=float) - point
    along = (d[:, 0] * axis[0] + d[:, 1] * axis[1]) + d[:, 2] * axis[2]
    off = d - along[:, None] * axis
    radius = float(np.sqrt((off[:, 0] * off[:, 0] + off[:, 1] * off[:, 1])
                           + off[:, 2] * off[:, 2]).max())
    centre = off.sum(axis=0) / len(off)
    drift = math.sqrt((centre[0] * centre[0] + centre[1] * centre[1]) + centre[2] * centre[2])
    if not radius > 0 or drift > AXIS_CHECK * radius:
        return None
    return pose, radius


def _sectors(solid: Manifold, pose: np.ndarray, radius: float, limit: float
             ) -> list[Manifold]:
    """``solid`` cut by planes through ``pose``'s Z axis into the fewest of
    :data:`SECTOR_COUNTS` equal sectors whose arcs of ``radius`` rise at most ``limit`` (m)
    over their chords, each sector's connected pieces."""
    count = next((n for n in SECTOR_COUNTS if radius * (1.0 - math.cos(math.pi / n)) <= limit),
                 SECTOR_COUNTS[-1])
    first, second = _halves(solid, pose, 0, count)
    pieces = _bisected(first, pose, 0, count // 2, count) + _bisected(second, pose, count // 2,
                                                                      count, count)
    return [component for piece in pieces for component in piece.decompose()]


def _halves(solid: Manifold, pose: np.ndarray, k: int, count: int) -> tuple[Manifold, Manifold]:
    """``solid`` cut by the plane through ``pose``'s Z axis at sector boundary ``k`` of
    ``count``: the side of the sectors ``k..k + count/2`` first, the other second."""
    angle = 2.0 * math.pi * k / count
    c, s = math.cos(angle), math.sin(angle)
    normal = [float(pose[i, 1] * c - pose[i, 0] * s) for i in range(3)]
    offset = float((normal[0] * pose[0, 3] + normal[1] * pose[1, 3]) + normal[2] * pose[2, 3])
    above, below = solid.split_by_plane(normal, offset)
    return above, below


def _bisected(solid: Manifold, pose: np.ndarray, lo: int, hi: int, count: int
              ) -> list[Manifold]:
    """The sectors ``lo..hi`` (at most half a turn) of ``solid``, which lies in them, each
    cut once (non-empty ones)."""
    if solid.is_empty():
        return []
    if hi - lo == 1:
        return [solid]
    mid = (lo + hi) // 2
    upper, lower = _halves(solid, pose, mid, count)
    return _bisected(lower, pose, lo, mid, count) + _bisected(upper, pose, mid, hi, count)


def _box_frame(mesh: trimesh.Trimesh) -> np.ndarray | None:
    """``(3, 3)`` rows: the edge directions of a box mesh (8 vertices, faces along three
    directions), or ``None`` for any other mesh."""
    if len(mesh.vertices) != 8:
        return None
    tri = np.asarray(mesh.vertices, dtype=float)[np.asarray(mesh.faces)]
    c = cross(tri[:, 1] - tri[:, 0], tri[:, 2] - tri[:, 0])
    normals = c / np.sqrt((c[:, 0] * c[:, 0] + c[:, 1] * c[:, 1]) + c[:, 2] * c[:, 2])[:, None]
    axes: list[np.ndarray] = []
    for n in normals:
        if not any(abs(_dot(n, a)) > 1 - 1e-9 for a in axes):
            axes.append(n)
    if len(axes) != 3 or any(abs(_dot(axes[i], axes[j])) > 1e-9
                             for i, j in ((0, 1), (0, 2), (1, 2))):
        return None
    return np.array(axes)


def _dot(a: np.ndarray, b: np.ndarray) -> float:
    return float((a[0] * b[0] + a[1] * b[1]) + a[2] * b[2])


def _aligned_with(cut: trimesh.Trimesh, frame: np.ndarray) -> bool:
    """Whether ``cut`` is a box whose edges run along ``frame``'s (3, 3) rows."""
    cut_frame = _box_frame(cut)
    return cut_frame is not None and all(max(abs(_dot(c, f)) for f in frame) > 1 - 1e-9
                                         for c in cut_frame)


def _box_grid(part: trimesh.Trimesh, frame: np.ndarray, cuts: Sequence[trimesh.Trimesh]
              ) -> list[trimesh.Trimesh]:
    """A box ``part`` (edges along ``frame``'s rows) minus boxes ``cuts`` of its
    orientation, exactly, as boxes: the grid of the cuts' faces inside the part, its cells
    outside every cut merged into boxes (greedy: along the first axis, then the second,
    then the third)."""
    inside = meshing.matmul3(frame, np.asarray(part.vertices, dtype=float).T).T
    lo, hi = inside.min(axis=0), inside.max(axis=0)
    holes = []
    for cut in cuts:
        local = meshing.matmul3(frame, np.asarray(cut.vertices, dtype=float).T).T
        holes.append((np.maximum(local.min(axis=0), lo), np.minimum(local.max(axis=0), hi)))
    ticks = [_ticks(np.unique(np.concatenate([[lo[k], hi[k]], *[[a[k], b[k]] for a, b in holes]])))
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


#: Grid lines of :func:`_box_grid` closer than this (m) are one: faces meant to coincide
#: but computed along different paths differ in the last bits, and the cell between them
#: would be a box of no thickness.
TICK_GAP = 1e-7


def _ticks(values: np.ndarray) -> np.ndarray:
    """Sorted ``values`` with each one within :data:`TICK_GAP` of the last kept dropped (the
    last value, the part's far face, is kept in place of the one it is close to)."""
    kept = [float(values[0])]
    for v in values[1:]:
        if v - kept[-1] > TICK_GAP:
            kept.append(float(v))
        elif len(kept) > 1 and v == values[-1]:
            kept[-1] = float(v)
    return np.array(kept)


def _separated(solid: Manifold) -> tuple[np.ndarray, np.ndarray]:
    vertices, faces = arrays(solid)
    centre = (vertices.min(axis=0) + vertices.max(axis=0)) / 2
    d = vertices - centre
    reach = float(np.sqrt((d[:, 0] * d[:, 0] + d[:, 1] * d[:, 1]) + d[:, 2] * d[:, 2]).max())
    if reach > 0:
        vertices = centre + d * (1.0 - SEPARATION / reach)
    return vertices, faces
