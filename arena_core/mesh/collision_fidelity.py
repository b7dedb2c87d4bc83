"""Collision fidelity of one link: how far the collision geometry, as engines use it, stands
off the source's collision surface, and how much volume it adds.

MuJoCo, PhysX and PyBullet (for moving links) replace every collision mesh by its convex
hull; primitives are used as they are. For a link with collision geometry ``G`` (meshes and
primitives, in the link frame) and a source collision surface ``R`` (the link's collision
geometry before decomposition)::

    size      = diagonal of the bounding box of R's vertices                       (m)
    standoff  = max over the meshes g of G of  max_{p on hull(g)} dist(p, R)          (m)
    added     = (sum_g vol(hull(g)) - sum_c vol(hull(c))) / vol(hull(R)), at least 0
                 (c: the connected pieces of R's meshes; primitives count as themselves)
    within    = standoff <= max(tol.COLLISION_STANDOFF_FLOOR, tol.COLLISION_STANDOFF * size)

The points on a hull are its vertices, face centres and seeded random points
(:class:`arena_core.mesh.convexity.SurfaceIndex`), so the figure is deterministic.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
import trimesh

from arena_core.mesh.convexity import (
    SurfaceIndex,
    closed_convex,
    cross_rows,
    hull_volume,
    split_mesh,
    weld_rows,
)
from arena_core.mesh.parts import MeshCache, MeshLoadFailure
from arena_core.model.articulated import Link, MeshRef, Primitive
from arena_core.util import tolerances as tol

#: Seed of the points sampled on each hull.
SEED = 0


@dataclass(frozen=True)
class LinkFidelity:
    """The figures of the module docstring for one link (lengths in m, ``added`` unitless)."""

    size: float
    standoff: float
    added: float
    pieces: int

    @property
    def relative_standoff(self) -> float:
        return self.standoff / self.size if self.size > 0 else 0.0

    @property
    def tolerance(self) -> float:
        return standoff_tolerance(self.size)

    @property
    def within(self) -> bool:
        return self.standoff <= self.tolerance


def standoff_tolerance(size: float) -> float:
    """The largest standoff (m) accepted for a link of bounding-box diagonal ``size`` (m)."""
    return max(tol.COLLISION_STANDOFF_FLOOR, tol.COLLISION_STANDOFF * size)


def link_fidelity(link: Link, source: Link, cache: MeshCache, *,
                  index: SurfaceIndex | None = None) -> LinkFidelity | None:
    """Fidelity of ``link``'s collision geometry to ``source``'s (the same link before
    decomposition); ``None`` when the source has no collision geometry that can be read.
    ``index``: the source's :func:`collision_surface`, indexed (built here if not given)."""
    if index is None:
        reference = collision_surface(source, cache)
        if reference is None:
            return None
        index = SurfaceIndex(reference, seed=SEED)
    reference = index.triangles
    points = reference.reshape(-1, 3)
    size = float(np.linalg.norm(points.max(axis=0) - points.min(axis=0)))
    placed = [(g, cache.convex_solid(m.path)) for m, g in
              ((m, placed_geometry(m, cache)) for m in _collisions(link.meshes)) if g is not None]
    own = link is source  # its meshes are pieces of the reference surface
    standoff = max((0.0 if own and convex else index.standoff(g[0]) for g, convex in placed),
                   default=0.0)
    prim_volume = sum(_primitive_volume(p) for p in _collisions(link.primitives))
    source_prims = sum(_primitive_volume(p) for p in _collisions(source.primitives))
    used = sum(_hull_volume(*g, convex) for g, convex in placed) + prim_volume
    least = sum(_component_volume(m, cache) for m in _collisions(source.meshes)) + source_prims
    return LinkFidelity(size, standoff, _added(used - least, points),
                        len(placed) + len(link.primitives))


def _added(excess: float, points: np.ndarray) -> float:
    """``excess`` volume relative to the hull of the link's collision surface (its ``(n, 3)``
    corner ``points``); 0.0 when there is none, without the hull (a link of convex solids
    adds none)."""
    if not excess > 0:
        return 0.0
    whole = hull_volume(weld_rows(points)[0])  # each corner once: a third of the points
    return excess / whole if whole > 0 else 0.0


def collision_surface(link: Link, cache: MeshCache) -> np.ndarray | None:
    """``(m, 3, 3)`` triangles of the link's collision meshes and primitives in the link
    frame (``None``: none that can be read)."""
    tris = [t for t in (_mesh_triangles(m, cache) for m in _collisions(link.meshes))
            if t is not None]
    tris += [primitive_triangles(p) for p in _collisions(link.primitives)]
    return np.concatenate(tris) if tris else None


def placed_geometry(ref: MeshRef, cache: MeshCache) -> tuple[np.ndarray, np.ndarray] | None:
    """``(vertices (n, 3), faces (m, 3))`` of a mesh in the link frame (scale and origin
    applied), or ``None`` when it cannot be read."""
    if ref.path is None:
        return None
    try:
        mesh = cache.mesh(ref.path)
    except MeshLoadFailure:
        return None
    origin = np.asarray(ref.origin, dtype=float)
    verts = (mesh.vertices * np.asarray(ref.scale, dtype=float)) @ origin[:3, :3].T
    return verts + origin[:3, 3], mesh.faces


def primitive_triangles(prim: Primitive) -> np.ndarray:
    """``(m, 3, 3)`` triangles of a box/cylinder/sphere in the link frame."""
    unit = _unit_triangles(prim.shape)
    scale = (prim.size if prim.shape == "box" else
             (prim.size[0], prim.size[0], prim.size[1]) if prim.shape == "cylinder" else
             (prim.size[0],) * 3)
    origin = np.asarray(prim.origin, dtype=float)
    return (unit * np.asarray(scale, dtype=float)) @ origin[:3, :3].T + origin[:3, 3]


@functools.cache
def _unit_triangles(shape: str) -> np.ndarray:
    """Triangles of a unit box (sides 1), cylinder (radius 1, length 1, 24 sections, along z)
    or sphere (radius 1, icosphere of 2 subdivisions), centred at the origin: each
    primitive is one of them scaled (read-only)."""
    if shape == "box":
        mesh = trimesh.creation.box(extents=(1.0, 1.0, 1.0))
    elif shape == "cylinder":
        mesh = trimesh.creation.cylinder(radius=1.0, height=1.0, sections=24)
    else:
        mesh = trimesh.creation.icosphere(subdivisions=2, radius=1.0)
    tris = np.array(mesh.triangles, dtype=float)
    tris.flags.writeable = False
    return tris


def _collisions(items: Iterable) -> list:
    return [g for g in items if g.kind == "collision"]


def _mesh_triangles(ref: MeshRef, cache: MeshCache) -> np.ndarray | None:
    placed = placed_geometry(ref, cache)
    if placed is None:
        return None
    verts, faces = placed
    if len(faces) == 0:  # a file of points: its points, as degenerate triangles
        return np.repeat(verts[:, None, :], 3, axis=1)
    return verts[faces]


def _component_volume(ref: MeshRef, cache: MeshCache) -> float:
    placed = placed_geometry(ref, cache)
    if placed is None:
        return 0.0
    if cache.convex_solid(ref.path):
        return _hull_volume(*placed, True)
    return sum(_hull_volume(v, f, closed_convex(v, f)) for v, f in split_mesh(*placed))


def _hull_volume(vertices: np.ndarray, faces: np.ndarray, convex: bool) -> float:
    """The hull volume of a mesh: its own volume when it is a ``convex`` closed solid."""
    if convex:
        tris = np.asarray(vertices, dtype=float)[np.asarray(faces, dtype=np.int64)]
        return abs(float(np.einsum("ij,ij->", tris[:, 0],
                                   cross_rows(tris[:, 1], tris[:, 2])))) / 6.0
    return hull_volume(vertices)


def _primitive_volume(prim: Primitive) -> float:
    if prim.shape == "box":
        return float(np.prod(prim.size))
    if prim.shape == "cylinder":
        return float(np.pi * prim.size[0] ** 2 * prim.size[1])
    return float(4.0 / 3.0 * np.pi * prim.size[0] ** 3)
