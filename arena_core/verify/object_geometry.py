"""An object's geometry as the checks see it: per link, the vertices of its hull.

:class:`ObjectGeometry` loads every resolved mesh of an object once through
:class:`arena_core.mesh.parts.MeshCache`, reports the meshes that cannot be used
(``mesh.missing``, ``mesh.unreadable``, ``mesh.too_large``, ``mesh.nonfinite``,
``mesh.degenerate``) and reduces each link's geometry to the vertices of its convex hull in
the link frame, which is all the mass and motion checks need. A check reaches it through
``Context.geometry`` (:mod:`arena_core.verify.base`), built once per object.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from arena_core.mesh.massprops import primitive_part
from arena_core.mesh.parts import MeshCache, MeshLoadFailure, Part
from arena_core.model.articulated import ArticulatedObject, Link, MeshRef, Primitive
from arena_core.util import tolerances as tol
from schemas.issues import Issue, issue


@dataclass
class ObjectGeometry:
    """Per-link geometry of an object, reduced to link-frame hull points.

    ``link_points[name]`` is ``(n, 3)`` (meters, link frame; ``(0, 3)`` for no geometry);
    ``issues`` are the mesh problems found while loading; ``link_facets[name]`` ``(k, 4)``
    are the facet planes ``[normal | offset]`` of the hull whose vertices
    ``link_points[name]`` are (links whose points are not such vertices have none).
    """

    link_points: dict[str, np.ndarray]
    issues: list[Issue] = field(default_factory=list)
    link_facets: dict[str, np.ndarray] = field(default_factory=dict)

    @classmethod
    def build(cls, obj: ArticulatedObject, cache: MeshCache) -> ObjectGeometry:
        issues: list[Issue] = []
        areas: dict[int, float] = {}  # spanned area per cached part (a visual and its collision)
        points, facets = {}, {}
        for name, link in obj.links.items():
            points[name], found = _link_points(link, cache, issues, areas)
            if found is not None:
                facets[name] = found
        return cls(points, issues, facets)

    def root_points(self, obj: ArticulatedObject, names: list[str] | None = None) -> np.ndarray:
        """``(n, 3)`` points of the named links (default all) in the root frame at rest.

        Links whose rest pose is not finite are left out (the joint check reports them).
        """
        chunks = [np.zeros((0, 3))]
        for name in obj.links if names is None else names:
            pose = obj.link_poses.get(name)
            pts = self.link_points.get(name)
            if pose is None or pts is None or len(pts) == 0 or not finite_pose(pose):
                continue
            chunks.append(pts @ pose[:3, :3].T + pose[:3, 3])
        return np.concatenate(chunks)


def finite_pose(pose: np.ndarray) -> bool:
    """True when a ``(4, 4)`` pose holds only finite numbers."""
    return bool(np.all(np.isfinite(pose)))


#: A mesh spanning this many times ``tol.MIN_AREA`` (by its own vertices' principal
#: extents) spans area by any axes its hull's extents are taken along.
CLEAR_AREA = 100.0


# ----------------------------------------------------------------------------- link points
def _link_points(link: Link, cache: MeshCache, issues: list[Issue],
                 areas: dict[int, float]) -> tuple[np.ndarray, np.ndarray | None]:
    """Link-frame hull points of a link's visual geometry (collision if it has no visual)
    and their hull's facets (:func:`_hull_vertices`); every mesh is checked (``areas``:
    :func:`_checked_part`)."""
    kinds = {m.kind for m in link.meshes} | {p.kind for p in link.primitives}
    use = "visual" if "visual" in kinds else "collision"
    chunks = [np.zeros((0, 3))]
    for k, ref in enumerate(link.meshes):
        where = f"link:{link.name}/{ref.kind}[{k}]"
        if ref.kind != use and _clearly_spanning(ref, cache):
            continue  # loads and spans area: nothing of its part is needed
        part = _checked_part(ref, cache, issues, where, areas)
        if ref.kind == use and part is not None:
            chunks.append(part.placed_hull(ref.origin))
    chunks += [_primitive_points(p) for p in link.primitives if p.kind == use]
    return _hull_vertices(np.concatenate(chunks), cache)


def _checked_part(ref: MeshRef, cache: MeshCache, issues: list[Issue], location: str,
                  areas: dict[int, float]) -> Part | None:
    """The cached part of one resolved mesh, its load and area checked (``None`` when unusable).

    ``areas`` remembers :func:`spanned_area` per part of ``cache`` (by ``id``: the cache
    holds the parts while the geometry is built), so a file used twice is measured once."""
    if ref.path is None:
        return None  # already reported by the reader
    try:
        part = cache.part(ref.path, ref.scale)
    except MeshLoadFailure as exc:
        issues.append(issue(exc.code, f"{ref.filename!r}: {exc}",
                            severity="error", location=location))
        return None
    area = areas.get(id(part))
    if area is None:
        area = areas[id(part)] = spanned_area(part.hull)
    if area < tol.MIN_AREA:
        issues.append(issue("mesh.degenerate",
                            f"{ref.filename!r} spans no area (scale {np.asarray(ref.scale).tolist()})",
                            location=location))
    return part


def _clearly_spanning(ref: MeshRef, cache: MeshCache) -> bool:
    """Whether a mesh loads with finite vertices that span :data:`CLEAR_AREA` times
    ``tol.MIN_AREA``: then :func:`_checked_part` would report nothing (the hull has the
    same extents along any axes), and its part, the costly hull and integrals, is not built
    when no one uses it (a collision mesh of a link with visual geometry)."""
    vertices = cache.vertices(ref.path)
    if vertices is None:
        return False
    scaled = vertices * np.asarray(ref.scale, dtype=float)
    return bool(np.isfinite(scaled).all() and spanned_area(scaled) >= CLEAR_AREA * tol.MIN_AREA)


def spanned_area(points: np.ndarray) -> float:
    """Product of the two largest principal extents of ``(n, 3)`` points (m^2; 0 if < 3).

    >>> spanned_area(np.array([[0, 0, 0], [1, 0, 0], [2, 0, 0.0]]))
    0.0
    >>> round(spanned_area(np.array([[0, 0, 0], [2, 0, 0], [0, 3, 0.0], [2, 3, 0]])), 9)
    6.0
    """
    if len(points) < 3:
        return 0.0
    centered = points - points.mean(axis=0)
    _, _, axes = np.linalg.svd(centered, full_matrices=False)
    proj = centered @ axes.T
    extents = np.sort(proj.max(axis=0) - proj.min(axis=0))[::-1]
    return float(extents[0] * extents[1])


def _primitive_points(prim: Primitive) -> np.ndarray:
    part = primitive_part(prim)
    if part is None:
        return np.zeros((0, 3))
    return part.hull @ prim.origin[:3, :3].T + prim.origin[:3, 3]


def _hull_vertices(points: np.ndarray, cache: MeshCache
                   ) -> tuple[np.ndarray, np.ndarray | None]:
    """Vertices of the convex hull of ``(n, 3)`` finite points (bbox corners if flat, the
    points themselves if at most 8) and the hull's facet planes ``(k, 4)`` (``None`` when no
    hull was built). The hull comes from ``cache`` (:meth:`MeshCache.convex_hull`: the mass
    properties of the link built it from the same points)."""
    points = points[np.all(np.isfinite(points), axis=1)]
    if len(points) <= 8:
        return points, None
    from scipy.spatial import QhullError

    try:
        hull = cache.convex_hull(points)
    except (QhullError, ValueError):
        lo, hi = points.min(axis=0), points.max(axis=0)
        corners = np.array([[x, y, z] for x in (0, 1) for y in (0, 1) for z in (0, 1)], float)
        return lo + corners * (hi - lo), None
    return points[hull.vertices], hull.equations
