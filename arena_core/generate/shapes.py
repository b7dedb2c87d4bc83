"""Watertight solid primitives placed in the object frame (meters, Z up).

Every function returns a new :class:`trimesh.Trimesh` that is a closed volume, already
positioned in the object frame at the stored state, so a kind generator can describe a
part as "a box of this size centered here" and let :class:`~arena_core.generate.builder.Builder`
move it into its link frame. Axes are given as ``"x"``, ``"y"``, ``"z"`` or any ``(3,)``
vector (normalized here). Cylinders, tubes, capsules and cones are built along the axis
and centered on ``center`` (cones: ``center`` is the center of the base disk).

The meshes are exactly those of ``trimesh.creation`` (same vertices, same faces, in the
same order), computed by :mod:`arena_core.generate.meshing` without its per-mesh overhead.

Example:
    >>> m = box((0.2, 0.1, 0.05), (0.0, 0.0, 0.025))
    >>> m.is_watertight, [round(float(v), 3) for v in m.bounds[0]]
    (True, [-0.1, -0.05, 0.0])
    >>> round(float(rod((0, 0, 0), (0, 0, 1), 0.01).bounds[1][2]), 6)
    1.0
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

import numpy as np
import trimesh
from trimesh.constants import tol as trimesh_tol

from arena_core.generate import meshing
from schemas.errors import ArenaError

#: Facets around a round primitive (enough to look round, few enough to stay fast).
SECTIONS = 24

#: Facets around small round details (knobs, pins, buttons).
SMALL_SECTIONS = 12

#: Without a bore, a radial prism keeps a hole this fraction of its radius (closes the fan).
HUB_FRACTION = 1e-3

AxisLike = str | Sequence[float] | np.ndarray
_NAMED_AXES = {"x": (1.0, 0.0, 0.0), "y": (0.0, 1.0, 0.0), "z": (0.0, 0.0, 1.0)}


class ShapeError(ArenaError, ValueError):
    """A primitive asked for with a non-positive size or a zero axis."""


def length(vec) -> float:
    """Euclidean length of a ``(3,)`` vector, the same bits on every CPU (``math.hypot``;
    ``np.linalg.norm`` goes through BLAS, whose kernels round differently per CPU)."""
    return math.hypot(*np.asarray(vec, float).reshape(3))


def unit(axis: AxisLike) -> np.ndarray:
    """Return ``axis`` (a name or a ``(3,)`` vector) as a unit ``(3,)`` float array."""
    vec = np.asarray(_NAMED_AXES.get(axis, axis) if isinstance(axis, str) else axis, float)
    norm = length(vec) if vec.shape == (3,) else 0.0
    if vec.shape != (3,) or not norm > 0.0:
        raise ShapeError(f"axis must be 'x', 'y', 'z' or a nonzero (3,) vector, got {axis!r}")
    return vec / norm


def _frame(center: Sequence[float], axis: AxisLike = "z") -> np.ndarray:
    """``(4, 4)`` pose mapping the local +Z to ``axis`` and the origin to ``center``."""
    pose = np.eye(4)
    rotation = _alignment(unit(axis).tobytes())
    if rotation is not None:
        pose[:3, :3] = rotation
    pose[:3, 3] = np.asarray(center, float)
    return pose


@lru_cache(maxsize=1024)
def _alignment(direction: bytes) -> np.ndarray | None:
    """``(3, 3)`` rotation taking +Z to the unit ``direction`` (float64 bytes); ``None`` if +Z.

    For a direction with ``z >= 0`` the smallest such rotation (about ``z x direction``);
    below, the smallest one taking -Z there after a half turn about x (both well
    conditioned). Closed forms with elementwise arithmetic only, so the bits are the same on
    every CPU (trimesh's ``align_vectors`` goes through an SVD, whose LAPACK kernels round
    differently per CPU). Cached: objects reuse a handful of axes.
    """
    dx, dy, dz = np.frombuffer(direction, dtype=float).tolist()
    if np.allclose((dx, dy, dz), (0.0, 0.0, 1.0)):
        return None
    if dz >= 0.0:
        k = 1.0 / (1.0 + dz)
        rotation = np.array([[1.0 - dx * dx * k, -dx * dy * k, dx],
                             [-dx * dy * k, 1.0 - dy * dy * k, dy],
                             [-dx, -dy, dz]])
    else:
        k = 1.0 / (1.0 - dz)
        rotation = np.array([[1.0 - dx * dx * k, dx * dy * k, dx],
                             [-dx * dy * k, dy * dy * k - 1.0, dy],
                             [dx, -dy, dz]])
    rotation.flags.writeable = False
    return rotation


def _mesh(arrays: tuple[np.ndarray, np.ndarray]) -> trimesh.Trimesh:
    return trimesh.Trimesh(*arrays, process=False)


def _revolved(arrays: tuple[np.ndarray, np.ndarray], pose: np.ndarray) -> trimesh.Trimesh:
    """A solid of revolution about ``pose``'s local +Z through its origin, which it keeps as
    ``metadata["revolution"]`` (a copy of ``pose``): its convex collision pieces are sectors
    about that axis (:mod:`arena_core.generate.collision`). The axis is checked against the
    vertices where it is used, so a mesh moved since is only split otherwise."""
    mesh = _mesh(arrays)
    mesh.metadata["revolution"] = np.array(pose, dtype=float)
    return mesh


def _check_positive(**sizes: float) -> None:
    for name, value in sizes.items():
        positive = value > 0.0 if isinstance(value, float | int) else np.all(
            np.asarray(value, float) > 0.0)
        if not positive:
            raise ShapeError(f"{name} must be > 0, got {value!r}")


def box(size: Sequence[float], center: Sequence[float], *,
        rotation: np.ndarray | None = None) -> trimesh.Trimesh:
    """Box of edge lengths ``size`` ``(3,)`` m centered at ``center``, optional ``(3, 3)`` rotation."""
    _check_positive(size=size)
    pose = np.eye(4)
    if rotation is not None:
        pose[:3, :3] = rotation
    pose[:3, 3] = np.asarray(center, float)
    return _mesh(meshing.box(np.asarray(size, float), pose))


def cylinder(radius: float, length: float, center: Sequence[float], axis: AxisLike = "z", *,
             sections: int = SECTIONS) -> trimesh.Trimesh:
    """Solid cylinder of ``radius`` and ``length`` along ``axis``, centered at ``center``."""
    _check_positive(radius=radius, length=length)
    pose = _frame(center, axis)
    return _revolved(_cylinder(radius, length, sections, pose), pose)


def _cylinder(radius: float, length: float, sections: int,
              pose: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``trimesh.creation.cylinder(radius, length, sections, transform=pose)`` as arrays."""
    half = abs(float(length)) / 2.0
    return meshing.revolve([[0, -half], [radius, -half], [radius, half], [0, half]],
                           sections, pose)


def tube(r_inner: float, r_outer: float, length: float, center: Sequence[float],
         axis: AxisLike = "z", *, sections: int = SECTIONS) -> trimesh.Trimesh:
    """Hollow cylinder (annulus) between ``r_inner`` < ``r_outer`` along ``axis``."""
    _check_positive(r_inner=r_inner, wall=r_outer - r_inner, length=length)
    pose = _frame(center, axis)
    r_min = abs(float(r_inner))
    if r_min < trimesh_tol.merge:  # trimesh.creation.annulus makes it a cylinder
        return _revolved(_cylinder(r_outer, length, sections, pose), pose)
    r_max, half = abs(float(r_outer)), abs(float(length)) / 2.0
    return _revolved(meshing.revolve([[r_min, -half], [r_max, -half], [r_max, half],
                                      [r_min, half], [r_min, -half]], sections, pose), pose)


def sphere(radius: float, center: Sequence[float], *, count: int = 16) -> trimesh.Trimesh:
    """UV sphere of ``radius`` centered at ``center`` (``count`` latitude/longitude bands)."""
    _check_positive(radius=radius)
    bands, sections = _sphere_counts(count)
    return _mesh(meshing.revolve(_half_circle(bands) * radius, sections, _frame(center)))


def _sphere_counts(count: int) -> tuple[int, int]:
    """Profile points and sections of ``trimesh.creation.uv_sphere(count=(count, count))``."""
    even = count + count % 2
    return even, 2 * even


@lru_cache(maxsize=16)
def _half_circle(points: int) -> np.ndarray:
    """``(points, 2)`` unit half circle from the south to the north pole (uv_sphere's)."""
    theta = np.linspace(0.0, np.pi, num=points)
    profile = np.column_stack((np.sin(theta), -np.cos(theta)))
    profile.flags.writeable = False
    return profile


def capsule(radius: float, length: float, center: Sequence[float], axis: AxisLike = "z",
            ) -> trimesh.Trimesh:
    """Capsule whose cylindrical part has ``length`` (total ``length + 2 radius``)."""
    _check_positive(radius=radius, length=length)
    bands = SMALL_SECTIONS + SMALL_SECTIONS % 2
    theta = np.concatenate((np.linspace(-np.pi / 2.0, 0.0, bands // 2 + 1),
                            np.linspace(0.0, np.pi / 2.0, bands // 2 + 1)))
    profile = np.column_stack((np.cos(theta), np.sin(theta))) * abs(float(radius))
    half, height = len(profile) // 2, abs(float(length))
    profile[:half, 1] -= height / 2.0
    profile[half:, 1] += height / 2.0
    return _mesh(meshing.revolve(profile, bands, _frame(center, axis)))


def cone(radius: float, height: float, base_center: Sequence[float], axis: AxisLike = "z", *,
         sections: int = SECTIONS) -> trimesh.Trimesh:
    """Cone with its base disk at ``base_center`` and its apex ``height`` along ``axis``."""
    _check_positive(radius=radius, height=height)
    pose = _frame(base_center, axis)
    return _revolved(meshing.revolve([[0, 0], [radius, 0], [0, height]], sections, pose), pose)


def torus(major: float, minor: float, center: Sequence[float], axis: AxisLike = "z",
          ) -> trimesh.Trimesh:
    """Ring of ``major`` radius and tube ``minor`` radius around ``axis``."""
    _check_positive(major=major, minor=minor, gap=major - minor)
    cos, sin = _circle(SMALL_SECTIONS)
    profile = np.column_stack((minor * cos, minor * sin)) + [major, 0]
    pose = _frame(center, axis)
    return _revolved(meshing.revolve(profile, SECTIONS, pose), pose)


@lru_cache(maxsize=16)
def _circle(sections: int) -> tuple[np.ndarray, np.ndarray]:
    """Cosines and sines of ``sections + 1`` angles closing one turn (torus profile)."""
    phi = np.linspace(0, 2 * np.pi, sections + 1, endpoint=True)
    cos, sin = np.cos(phi), np.sin(phi)
    cos.flags.writeable = sin.flags.writeable = False
    return cos, sin


def rod(start: Sequence[float], end: Sequence[float], radius: float, *,
        sections: int = SMALL_SECTIONS) -> trimesh.Trimesh:
    """Cylinder of ``radius`` from point ``start`` to point ``end`` ``(3,)``."""
    start, end = np.asarray(start, float), np.asarray(end, float)
    span = length(end - start)
    _check_positive(length=span)
    return cylinder(radius, span, (start + end) / 2.0, end - start, sections=sections)


def bar(start: Sequence[float], end: Sequence[float], width: float, height: float,
        ) -> trimesh.Trimesh:
    """Box from ``start`` to ``end`` with cross-section ``width`` x ``height`` (m).

    The cross-section's ``height`` side lies in the vertical plane through the bar when
    the bar is not vertical (for legs, arms, handles and spokes).
    """
    start, end = np.asarray(start, float), np.asarray(end, float)
    span = length(end - start)
    _check_positive(length=span, width=width, height=height)
    x = (end - start) / span
    up = np.array([0.0, 0.0, 1.0]) if abs(x[2]) < 0.9 else np.array([1.0, 0.0, 0.0])
    y = np.cross(up, x)
    y /= length(y)
    rot = np.column_stack([x, y, np.cross(x, y)])
    return box((span, width, height), (start + end) / 2.0, rotation=rot)


def rotation(axis: AxisLike, angle: float) -> np.ndarray:
    """``(3, 3)`` rotation by ``angle`` rad about ``axis`` (right hand): Rodrigues' formula
    with elementwise arithmetic (``trimesh.transformations.rotation_matrix``'s matrix to
    rounding, without its BLAS normalization: the same bits on every CPU)."""
    x, y, z = unit(axis).tolist()
    c, s = math.cos(angle), math.sin(angle)
    t = 1.0 - c
    return np.array([[c + x * x * t, x * y * t - z * s, x * z * t + y * s],
                     [y * x * t + z * s, c + y * y * t, y * z * t - x * s],
                     [z * x * t - y * s, z * y * t + x * s, c + z * z * t]])


def turned(mesh: trimesh.Trimesh, axis: AxisLike, angle: float,
           point: Sequence[float]) -> trimesh.Trimesh:
    """Copy of ``mesh`` rotated by ``angle`` rad about the line through ``point`` along ``axis``."""
    pose = np.eye(4)
    pose[:3, :3] = rotation(axis, angle)
    point = np.asarray(point, float)
    pose[:3, 3] = point - meshing.matmul3(pose[:3, :3], point)
    return _mesh(meshing.transformed(np.asarray(mesh.vertices), np.asarray(mesh.faces), pose))


def ring_points(radius: float, count: int, center: Sequence[float], axis: AxisLike = "z", *,
                phase: float = 0.0) -> np.ndarray:
    """``(count, 3)`` points evenly spaced on a circle of ``radius`` around ``axis``."""
    frame = _frame(center, axis)
    angles = phase + 2.0 * np.pi * np.arange(count) / count
    local = np.column_stack([radius * np.cos(angles), radius * np.sin(angles), np.zeros(count)])
    return meshing.affine(local, frame)


def radial_prism(angles: np.ndarray, radii: np.ndarray, bore: float, width: float,
                 center: Sequence[float], axis: AxisLike = "z") -> trimesh.Trimesh:
    """Closed prism whose cross-section is star-shaped around its axis.

    The outline has radius ``radii[i]`` at polar angle ``angles[i]`` (increasing, one turn,
    both ``(n,)``); ``bore`` > 0 leaves a round hole of that radius. The prism is ``width``
    long along ``axis`` and centered at ``center``. Built directly (no boolean, no
    triangulation library): radial quads join the outline to the bore on both caps.
    """
    angles, radii = np.asarray(angles, float), np.asarray(radii, float)
    _check_positive(width=width, radii=radii, outside=radii - bore)
    n = len(angles)
    ring = np.column_stack([np.cos(angles), np.sin(angles)])
    inner_r = bore if bore > 0.0 else HUB_FRACTION * float(radii.min())
    rows = [np.column_stack([ring * r[:, None], np.full(n, z)])
            for r, z in ((radii, -width / 2), (radii, width / 2),
                         (np.full(n, inner_r), -width / 2), (np.full(n, inner_r), width / 2))]
    vertices = np.concatenate(rows)
    i = np.arange(n)
    j = (i + 1) % n
    ob, ot, ib, it = i, i + n, i + 2 * n, i + 3 * n
    jb, jt, kb, kt = j, j + n, j + 2 * n, j + 3 * n
    faces = np.concatenate([
        np.column_stack([ob, jb, jt]), np.column_stack([ob, jt, ot]),   # outer wall
        np.column_stack([ib, it, kt]), np.column_stack([ib, kt, kb]),   # bore wall
        np.column_stack([it, ot, jt]), np.column_stack([it, jt, kt]),   # top cap
        np.column_stack([ib, jb, ob]), np.column_stack([ib, kb, jb]),   # bottom cap
    ])
    return _mesh(meshing.transformed(vertices, faces, _frame(center, axis)))


def gear(radius: float, width: float, teeth: int, center: Sequence[float],
         axis: AxisLike = "z", *, bore: float = 0.0) -> trimesh.Trimesh:
    """A spur gear with ``teeth`` trapezoidal teeth around pitch ``radius`` along ``axis``.

    Teeth reach ``radius + module / 2`` from a root circle at ``radius - module / 2``
    (``module = 2 pi radius / teeth``); ``bore`` > 0 leaves a shaft hole.
    """
    _check_positive(radius=radius, width=width, teeth=teeth)
    module = 2.0 * np.pi * radius / teeth
    root, tip = radius - 0.5 * module, radius + 0.5 * module
    step = 2.0 * np.pi / teeth
    fractions = np.array([0.0, 0.12, 0.38, 0.5])
    angles = (np.arange(teeth)[:, None] * step + fractions[None, :] * step).reshape(-1)
    radii = np.tile([root, tip, tip, root], teeth)
    return radial_prism(angles, radii, bore, width, center, axis)


def moved(meshes: list[trimesh.Trimesh], offset: Sequence[float]) -> list[trimesh.Trimesh]:
    """The same ``meshes`` translated by ``offset`` ``(3,)`` m (in place; returns them)."""
    for mesh in meshes:
        mesh.apply_translation(np.asarray(offset, float))
        if "revolution" in mesh.metadata:
            pose = np.array(mesh.metadata["revolution"], dtype=float)
            pose[:3, 3] = pose[:3, 3] + np.asarray(offset, float)
            mesh.metadata["revolution"] = pose
    return meshes
