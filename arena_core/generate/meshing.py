"""Mesh kernels on plain arrays that give trimesh's results without its overhead, and the
same bits on every CPU.

A generated object takes about fifteen primitives and a few booleans. Built through
``trimesh.creation`` and checked through :class:`trimesh.Trimesh` properties, they cost more
than the geometry itself (validation, caches and their hashing, normals nobody reads). The
functions here run trimesh's kernels on ``(vertices, faces)`` arrays — ``vertices``
``(n, 3)`` float64 in meters, ``faces`` ``(m, 3)`` int64 — except where trimesh's arithmetic
depends on the CPU: points are moved by :func:`affine` (elementwise sums in one order, not
BLAS) and :func:`mass_properties` multiplies instead of ``power`` and sums exactly, since
numpy's SIMD loops and OpenBLAS's kernels round differently per CPU and generated files are
keyed by their bytes (``tests/arena_core/generate/test_meshing.py`` compares each function
with trimesh: the same faces, values to rounding; ``test_generate_golden.py`` the bytes
across CPU code paths):

=================================  ==========================================================
:func:`revolve`                    ``trimesh.creation.revolve`` (full turn, processed)
:func:`crosses`                    ``trimesh.triangles.cross``
:func:`box`                        ``trimesh.creation.box(extents=, transform=)``
:func:`transformed`                ``Trimesh.apply_transform``
:func:`bounds`, :func:`volume`     ``Trimesh.bounds``, ``Trimesh.volume``
:func:`is_volume`                  ``Trimesh.is_volume``
:func:`boolean`                    ``trimesh.boolean.union / difference(engine="manifold")``
:func:`stl_bytes`                  ``trimesh.exchange.stl.export_stl``
:func:`mass_properties`            ``Trimesh.mass_properties`` with a density
=================================  ==========================================================

Example:
    >>> v, f = box((0.2, 0.1, 0.05), np.eye(4))
    >>> bounds(v, f).tolist(), is_volume(v, f), round(float(volume(v, f)), 6)
    ([[-0.1, -0.05, -0.025], [0.1, 0.05, 0.025]], True, 0.001)
    >>> tri = v[f]
    >>> len(stl_bytes(tri, crosses(tri))) == 84 + 50 * len(f)
    True
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np
import trimesh
from manifold3d import Manifold, Mesh
from trimesh import creation, graph, grouping, triangles, util
from trimesh import transformations as tf
from trimesh.constants import tol as trimesh_tol
from trimesh.iteration import reduce_cascade

#: Binary STL records, as trimesh writes them (little endian on every platform).
STL_DTYPE = np.dtype([("normals", "<f4", (3)), ("vertices", "<f4", (3, 3)), ("attributes", "<u2")])
STL_HEADER_DTYPE = np.dtype([("header", np.void, 80), ("face_count", "<u4")])

#: Coordinates beyond this (m) leave the fast volume test for trimesh's own (no overflow).
_FAST_LIMIT = 1e30

#: Volumes below this (m^3) leave the fast volume test for trimesh's own (center of mass).
_FAST_MIN_VOLUME = 1e-100

#: Meshes with at most this many faces have their closedness cached by topology (primitives).
_CACHED_FACES = 1024

#: ``Trimesh.apply_transform``'s own thresholds: a matrix this close to the identity is
#: skipped, and only one whose rotation part differs more than this may mirror.
_IDENTITY_ATOL, _ROTATION_ATOL = 1e-8, 1e-6

_IDENTITY3, _IDENTITY4 = np.eye(3), np.eye(4)
_MERGE_SCALE = 10 ** util.decimal_to_digits(trimesh_tol.merge)
_UNIT_BOX = creation.box()
_BOX_VERTICES = np.array(_UNIT_BOX.vertices)  # the unit cube centered at the origin
_BOX_FACES = np.array(_UNIT_BOX.faces)


def transformed(vertices: np.ndarray, faces: np.ndarray,
                matrix: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(vertices, faces)`` after ``Trimesh.apply_transform(matrix)`` (``(4, 4)``; the points
    moved by :func:`affine`, equal to trimesh's to rounding).

    Faces are reversed when the matrix mirrors (keeps normals outward); an identity matrix
    returns the inputs themselves.
    """
    matrix = np.asanyarray(matrix, order="C", dtype=np.float64)
    if matrix.shape != (4, 4):
        raise ValueError(f"transform must be (4, 4), got {matrix.shape}")
    if util.allclose(matrix, _IDENTITY4, _IDENTITY_ATOL):
        return vertices, faces
    moved = np.ascontiguousarray(affine(vertices, matrix))
    has_rotation = not util.allclose(matrix[:3, :3], _IDENTITY3, atol=_ROTATION_ATOL)
    if has_rotation and tf.flips_winding(matrix):
        faces = np.ascontiguousarray(np.fliplr(faces))
    return moved, faces


def affine(points: np.ndarray, matrix: np.ndarray) -> np.ndarray:
    """``(n, 3)`` ``points`` moved by the ``(4, 4)`` ``matrix``.

    Each coordinate is summed term by term in one fixed order with elementwise numpy, so
    the bits are the same on every CPU (``trimesh.transformations.transform_points`` goes
    through BLAS, whose kernels round differently per CPU: fused multiply-adds, blocking);
    the values equal it to rounding.

    >>> affine(np.array([[1.0, 2.0, 3.0]]), np.eye(4)).tolist()
    [[1.0, 2.0, 3.0]]
    """
    p = np.asarray(points, dtype=np.float64).reshape((-1, 3))
    m = np.asarray(matrix, dtype=np.float64)
    return ((p[:, 0:1] * m[:3, 0] + p[:, 1:2] * m[:3, 1]) + p[:, 2:3] * m[:3, 2]) + m[:3, 3]


def matmul3(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``a @ b`` for a ``(3, 3)`` ``a`` and a ``(3,)`` or ``(3, k)`` ``b``, summed as in
    :func:`affine` (the same bits on every CPU).

    >>> matmul3(np.diag([1.0, 2.0, 3.0]), np.ones(3)).tolist()
    [1.0, 2.0, 3.0]
    """
    a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    if b.ndim == 1:
        return (a[:, 0] * b[0] + a[:, 1] * b[1]) + a[:, 2] * b[2]
    return (a[:, 0:1] * b[0] + a[:, 1:2] * b[1]) + a[:, 2:3] * b[2]


def box(extents: np.ndarray, matrix: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Cuboid of edge lengths ``extents`` ``(3,)`` centered at the origin, then ``matrix``."""
    extents = np.asanyarray(extents, dtype=np.float64)
    if extents.shape != (3,):
        raise ValueError(f"box extents must be (3,), got {extents.shape}")
    return transformed(_BOX_VERTICES * extents, _BOX_FACES.copy(), matrix)


@lru_cache(maxsize=64)
def _revolve_plan(per: int, sections: int) -> tuple[np.ndarray, np.ndarray, int]:
    """What :func:`revolve` shares between profiles of ``per`` points and ``sections``."""
    theta = np.linspace(0, np.pi * 2.0, sections + 1)
    points = np.column_stack((np.cos(theta), np.sin(theta)))
    tiled = np.tile(points, (1, per)).reshape((-1, 2))
    quad = np.array([0, per, 1, 1, per, per + 1])
    single = np.tile(quad, per - 1).reshape((-1, 3))
    single += np.tile(np.arange(per - 1), (2, 1)).T.reshape((-1, 1))
    tiled.flags.writeable = single.flags.writeable = False
    return tiled, single, len(points)


def revolve(linestring, sections: int, matrix: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Full revolution of a 2D profile about its Y axis (the 3D Z axis), then ``matrix``.

    ``linestring`` ``(p, 2)`` holds (radius, height) points; the result has its duplicate
    vertices merged, as ``trimesh.creation.revolve(..., sections=, transform=)`` returns.
    """
    linestring = np.asanyarray(linestring, dtype=np.float64)
    if linestring.ndim != 2 or linestring.shape[1] != 2:
        raise ValueError(f"linestring must be (p, 2), got {linestring.shape}")
    per = len(linestring)
    tiled, single, n_points = _revolve_plan(per, int(sections))
    vertices = np.column_stack((tiled * np.tile(linestring[:, 0], n_points).reshape((-1, 1)),
                                np.tile(linestring[:, 1], n_points)))[:-per]
    single = single[_areas(vertices[single]) > trimesh_tol.merge]
    slices = n_points - 1
    offset = np.tile(np.arange(slices) * per, (len(single), 1)).T.reshape((-1, 1))
    faces = (np.tile(single.ravel(), slices).reshape((-1, 3)) + offset) % len(vertices)
    vertices = affine(vertices, matrix)
    if tf.flips_winding(matrix):
        faces = np.ascontiguousarray(np.fliplr(faces))
    return _processed(vertices, faces)


def _processed(vertices, faces) -> tuple[np.ndarray, np.ndarray]:
    """What ``Trimesh(vertices, faces)`` (``process=True``) keeps: duplicates merged."""
    vertices = np.asanyarray(vertices, order="C", dtype=np.float64)
    faces = np.asanyarray(faces, dtype=np.int64)
    if len(vertices) == 0 or len(faces) == 0 or not np.isfinite(vertices).all():
        mesh = trimesh.Trimesh(vertices, faces)
        return np.asarray(mesh.vertices), np.asarray(mesh.faces)
    referenced = np.zeros(len(vertices), dtype=bool)
    referenced[faces] = True
    stacked = np.column_stack([vertices * _MERGE_SCALE]).round().astype(np.int64)
    unique, index = grouping.unique_rows(stacked[referenced], keep_order=True)
    inverse = np.zeros(len(vertices), dtype=np.int64)
    inverse[referenced] = index
    keep = np.nonzero(referenced)[0][unique]
    return vertices[keep], inverse[faces.reshape(-1)].reshape((-1, 3))


def bounds(vertices: np.ndarray, faces: np.ndarray) -> np.ndarray:
    """``(2, 3)`` [min, max] corner of the vertices that faces use (``Trimesh.bounds``)."""
    referenced = np.zeros(len(vertices), dtype=bool)
    referenced[faces] = True
    used = vertices[referenced]
    return np.array([used.min(axis=0), used.max(axis=0)])


def crosses(tri: np.ndarray) -> np.ndarray:
    """``(m, 3)`` cross products ``(b - a) x (c - b)`` of triangles ``tri`` ``(m, 3, 3)``.

    The products and differences ``numpy.cross`` computes, without its axis handling
    (most of its cost on small arrays).
    """
    vectors = tri[:, 1:, :] - tri[:, :2, :]
    u, v = vectors[:, 0], vectors[:, 1]
    out = np.empty((len(tri), 3))
    out[:, 0] = u[:, 1] * v[:, 2] - u[:, 2] * v[:, 1]
    out[:, 1] = u[:, 2] * v[:, 0] - u[:, 0] * v[:, 2]
    out[:, 2] = u[:, 0] * v[:, 1] - u[:, 1] * v[:, 0]
    return out


def _areas(tri: np.ndarray) -> np.ndarray:
    """``(m,)`` triangle areas, as ``trimesh.triangles.area(tri)`` (unsummed)."""
    return np.sqrt((crosses(tri) ** 2).sum(axis=1)) / 2.0


def volume(vertices: np.ndarray, faces: np.ndarray) -> float:
    """Enclosed volume (m^3, signed by winding), the first integral of ``mass_properties``.

    Only the x component of each triangle's cross product is needed:
    ``V = sum((b - a) x (c - b))_x (a_x + b_x + c_x) / 6``.
    """
    tri = vertices[faces]
    u, v = tri[:, 1] - tri[:, 0], tri[:, 2] - tri[:, 1]
    integral = (u[:, 1] * v[:, 2] - u[:, 2] * v[:, 1]) * (tri[:, 0, 0] + tri[:, 1, 0] + tri[:, 2, 0])
    return integral.sum() / 6.0


def is_volume(vertices: np.ndarray, faces: np.ndarray) -> bool:
    """Watertight, consistently wound, finite, positive volume (``Trimesh.is_volume``)."""
    if len(vertices) == 0:
        return False
    faces = np.ascontiguousarray(faces, dtype=np.int64)
    closed = (_closed_topology(faces.tobytes()) if len(faces) <= _CACHED_FACES
              else _closed(faces))
    if not closed:
        return False
    if len(faces) and np.isfinite(vertices).all() and np.abs(vertices).max() < _FAST_LIMIT:
        vol = volume(vertices, faces)
        if not vol > 0.0:
            return False
        if vol > _FAST_MIN_VOLUME:  # then the center of mass is finite too
            return True
    return bool(trimesh.Trimesh(vertices, faces, process=False).is_volume)


def _closed(faces: np.ndarray) -> bool:
    """Every edge shared by exactly two faces, in opposite directions (watertight, wound)."""
    edges = faces[:, [0, 1, 1, 2, 2, 0]].reshape((-1, 2))
    watertight, winding = graph.is_watertight(edges=edges, edges_sorted=np.sort(edges, axis=1))
    return watertight and winding


@lru_cache(maxsize=256)
def _closed_topology(faces: bytes) -> bool:
    """:func:`_closed` of int64 ``faces`` bytes: primitives repeat a few topologies."""
    return _closed(np.frombuffer(faces, dtype=np.int64).reshape((-1, 3)))


def boolean(meshes: list[tuple[np.ndarray, np.ndarray]],
            operation: str) -> tuple[np.ndarray, np.ndarray]:
    """Union of ``meshes``, or the first minus the second (``operation="difference"``).

    Raises:
        ValueError: a mesh is not a volume (:func:`is_volume`), or a difference of other
            than two meshes.
    """
    if operation not in ("union", "difference") or (operation == "difference"
                                                     and len(meshes) != 2):
        raise ValueError(f"boolean operation must be 'union' or a 2-mesh 'difference', got "
                         f"{operation!r} of {len(meshes)}")
    if not all(is_volume(v, f) for v, f in meshes):
        raise ValueError("Not all meshes are volumes!")
    solids = [Manifold(mesh=Mesh(vert_properties=np.array(v, dtype=np.float32),
                                 tri_verts=np.array(f, dtype=np.uint32))) for v, f in meshes]
    if operation == "union":
        result = reduce_cascade(lambda a, b: a + b, solids)
    else:
        result = solids[0] - solids[1]
    out = result.to_mesh()
    return (np.asanyarray(out.vert_properties, order="C", dtype=np.float64),
            np.asanyarray(out.tri_verts, dtype=np.int64))


def stl_bytes(tri: np.ndarray, edge_crosses: np.ndarray) -> bytes:
    """Binary STL of triangles ``tri`` ``(m, 3, 3)`` with their ``edge_crosses`` ``(m, 3)``.

    Normals are the unit crosses (zero for degenerate triangles), as trimesh exports them.
    """
    header = np.zeros(1, dtype=STL_HEADER_DTYPE)
    header["face_count"] = len(tri)
    packed = np.zeros(len(tri), dtype=STL_DTYPE)
    normals, valid = triangles.normals(triangles=tri, crosses=edge_crosses)
    if not valid.all():
        padded = np.zeros((len(tri), 3), dtype=np.float64)
        padded[valid] = normals
        normals = padded
    packed["normals"] = normals
    packed["vertices"] = tri
    return header.tobytes() + packed.tobytes()


def mass_properties(tri: np.ndarray, edge_crosses: np.ndarray, density: float) -> dict:
    """Volume, mass (kg), center of mass ``(3,)`` and inertia ``(3, 3)`` about it.

    The integrals of ``trimesh.triangles.mass_properties`` (Eberly's polyhedral mass
    properties) with every power written as products and every sum exactly rounded
    (``math.fsum``): numpy's ``power`` and its reductions take CPU-specific SIMD paths, so
    their last bits differ between machines, and these values are written to the URDF. Equal
    to trimesh's to ~1e-15 relative (``tests/arena_core/generate/test_meshing.py``).
    """
    density = float(density)
    v0, v1, v2 = tri[:, 0, :], tri[:, 1, :], tri[:, 2, :]
    f1 = v0 + v1 + v2
    f2 = v0 * v0 + v1 * v1 + v0 * v1 + v2 * f1
    f3 = v0 * v0 * v0 + v0 * v0 * v1 + v0 * v1 * v1 + v1 * v1 * v1 + v2 * f2
    g = [f2 + (v + f1) * v for v in (v0, v1, v2)]
    rows = [edge_crosses[:, 0] * f1[:, 0], *(edge_crosses * f2).T, *(edge_crosses * f3).T]
    rows += [edge_crosses[:, i] * (v0[:, (i + 1) % 3] * g[0][:, i] + v1[:, (i + 1) % 3] * g[1][:, i]
                                   + v2[:, (i + 1) % 3] * g[2][:, i]) for i in range(3)]
    s = [math.fsum(row.tolist()) / d for row, d in zip(rows, _INTEGRAL_DIVISORS, strict=True)]
    volume = s[0]
    com = np.array(s[1:4]) / volume
    inertia = np.empty((3, 3))
    for i, (a, b) in enumerate(((1, 2), (0, 2), (0, 1))):
        inertia[i, i] = s[4 + a] + s[4 + b] - volume * (com[a] * com[a] + com[b] * com[b])
    for (a, b), k in (((0, 1), 7), ((1, 2), 8), ((0, 2), 9)):
        inertia[a, b] = inertia[b, a] = -(s[k] - volume * (com[a] * com[b]))
    return {"volume": volume, "mass": density * volume, "center_mass": com,
            "inertia": inertia * density, "density": density}


#: Divisors of the ten integrals of :func:`mass_properties` (volume, first, second moments).
_INTEGRAL_DIVISORS = (6, 24, 24, 24, 60, 60, 60, 120, 120, 120)
