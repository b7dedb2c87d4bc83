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
3. any other is split in two by a plane and each half is treated the same way, at most
   ``MAX_DEPTH`` times. The plane is the one, among the planes of the piece's faces that are
   perpendicular to a world or principal axis (a cut's walls: an open box splits into its
   boards exactly) and the mid-planes of its bounds (a tube splits into sectors), that leaves
   the two halves with the least hull volume beyond their own.

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
from manifold3d import Manifold, Mesh


#: How many times a piece may be split in two (at most ``2 ** MAX_DEPTH`` pieces a part).
MAX_DEPTH = 4

#: Pieces are shrunk by this much (m) toward their centroid at their extremities, so no
#: two pieces share a vertex position (module docstring); far below any tolerance.
SEPARATION = 2e-5

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
    solids = [_manifold(c) for c in cuts]
    out = []
    for part in parts:
        piece = _manifold(part)
        lo, hi = part.bounds
        for cut, mesh in zip(solids, cuts, strict=True):
            if np.all(mesh.bounds[0] < hi) and np.all(mesh.bounds[1] > lo):
                piece = piece - cut
        for component in piece.decompose():
            out += _split(component, limit, MAX_DEPTH)
    return [_separated(m) for m in out]


# ----------------------------------------------------------------------------- helpers
def _manifold(mesh: trimesh.Trimesh) -> Manifold:
    return Manifold(mesh=Mesh(vert_properties=np.asarray(mesh.vertices, dtype=np.float32),
                              tri_verts=np.asarray(mesh.faces, dtype=np.uint32)))


def _arrays(solid: Manifold) -> tuple[np.ndarray, np.ndarray]:
    mesh = solid.to_mesh()
    return (np.asarray(mesh.vert_properties, dtype=np.float64)[:, :3],
            np.asarray(mesh.tri_verts, dtype=np.int64))


def _excess(solid: Manifold, *, area: bool = False):
    """Hull volume beyond the solid's own (m^3); with ``area``, also the hull's area (m^2)."""
    hull = solid.hull()
    excess = max(0.0, hull.volume() - solid.volume())
    return (excess, hull.surface_area()) if area else excess


def _split(solid: Manifold, limit: float, depth: int) -> list[Manifold]:
    if solid.is_empty() or solid.volume() <= 0.0:
        return []
    if depth == 0:
        return [solid]
    excess, area = _excess(solid, area=True)
    if excess <= CONVEX_EXCESS or excess <= GAP_FRACTION * limit * area:
        return [solid]
    vertices, faces = _arrays(solid)
    axis = _distinct_axis(vertices)
    best = None
    for rank, (normal, offset, mid) in enumerate(_planes(vertices, faces)):
        above, below = solid.split_by_plane(normal.tolist(), float(offset))
        if above.is_empty() or below.is_empty():
            continue
        left = (_excess(above), _excess(below))
        convex = sum(e <= CONVEX_EXCESS for e in left)
        along = abs(float(normal @ axis)) < 1e-3  # the plane holds the axis: a sector cut
        # ties within 1%: a convex half, then a sector cut (a tube's halves lack as much
        # as its rings), then a face's plane
        key = (round(sum(left) / excess, 2), -convex, not along, mid, rank)
        if best is None or key < best[0]:
            best = (key, above, below)
    if best is None:
        return [solid]
    return [*_split(best[1], limit, depth - 1), *_split(best[2], limit, depth - 1)]


def _distinct_axis(vertices: np.ndarray) -> np.ndarray:
    """The principal axis whose spread differs most from the other two (a tube's or a
    wheel's axis of revolution)."""
    _, spread, axes = np.linalg.svd(vertices - vertices.mean(axis=0), full_matrices=False)
    gaps = [min(abs(spread[i] - spread[j]) for j in range(3) if j != i) for i in range(3)]
    return axes[int(np.argmax(gaps))]


def _planes(vertices: np.ndarray, faces: np.ndarray
            ) -> list[tuple[np.ndarray, float, bool]]:
    """Candidate planes ``(unit normal, offset, through the middle)``: along the world and principal axes of
    the piece, through its faces perpendicular to the axis and through its middle."""
    centred = vertices - vertices.mean(axis=0)
    _, _, principal = np.linalg.svd(centred, full_matrices=False)
    tri = vertices[faces]
    normals = np.cross(tri[:, 1] - tri[:, 0], tri[:, 2] - tri[:, 0])
    lengths = np.linalg.norm(normals, axis=1)
    keep = lengths > 0
    normals = normals[keep] / lengths[keep, None]
    out = []
    axes = list(np.eye(3))
    for axis in principal:  # a principal axis along a world axis adds nothing
        if np.max(np.abs(np.asarray(axes) @ axis)) < 1 - 1e-6:
            axes.append(axis)
    for axis in axes:
        heights = vertices @ axis
        lo, hi = heights.min(), heights.max()
        span = hi - lo
        if span <= 0:
            continue
        facing = np.abs(normals @ axis) > 1 - 1e-6
        offsets = np.unique(np.round(tri[keep][facing][:, 0] @ axis, 9))
        offsets = offsets[(offsets > lo + 1e-6 * span) & (offsets < hi - 1e-6 * span)]
        if len(offsets) > MAX_PLANES:
            offsets = offsets[np.linspace(0, len(offsets) - 1, MAX_PLANES).round().astype(int)]
        out += [(axis, float(offset), False) for offset in offsets]
        out.append((axis, float((lo + hi) / 2), True))
    return out


def _separated(solid: Manifold) -> tuple[np.ndarray, np.ndarray]:
    vertices, faces = _arrays(solid)
    centre = vertices.mean(axis=0)
    reach = float(np.max(np.linalg.norm(vertices - centre, axis=1)))
    if reach > 0:
        vertices = centre + (vertices - centre) * (1.0 - SEPARATION / reach)
    return vertices, faces
