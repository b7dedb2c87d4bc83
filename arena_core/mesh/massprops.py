"""Mass properties of a link from its geometry, at a uniform nominal density.

A link without a usable URDF ``<inertial>`` gets one derived from its visual geometry
(collision geometry when it has no visual): each mesh is placed in the link frame by its
``origin`` and ``scale`` and the parts are combined at :data:`NOMINAL_DENSITY`. The method
is recorded in :attr:`MassProperties.source`:

* ``mesh_volume``: every part is a closed, consistently wound, positive-volume mesh (or a
  box/cylinder/sphere primitive); mass, COM and inertia are the exact solid integrals.
* ``convex_hull``: some part is open or self-inconsistent (typical of PartNet-Mobility OBJ
  parts); the solid is the convex hull of all the link's vertices.
* ``default``: nothing usable loads, or the hull is flat (a 3-vertex mesh, a plane): a cube
  of side :data:`DEFAULT_BOX_SIDE` at the center of whatever vertices loaded.

Every result is physical by the one rule (:func:`arena_core.model.inertia.inertia_problem`;
:func:`regularize_inertia`). Density cancels in the metric (SPEC 3); it only sets
the unit of the stored masses. One bad mesh never raises: it becomes an issue and the link
falls back to what did load. Codes: ``mesh.unreadable``, ``mesh.too_large``,
``mesh.missing``, ``mesh.nonfinite`` (warnings: the verification reports the mesh itself)
and ``geometry.origin.nonfinite`` (error: a NaN/inf origin or scale in the URDF).

Example:
    >>> import numpy as np
    >>> from arena_core.model.articulated import Link, Primitive
    >>> box = Primitive("box", (1.0, 2.0, 3.0), np.eye(4))
    >>> props, issues = link_mass_properties(Link("l", primitives=(box,)))
    >>> props.source, round(props.mass, 6), np.diag(props.inertia).round(3).tolist()
    ('mesh_volume', 6000.0, [6500.0, 5000.0, 2500.0])
"""

from __future__ import annotations

import math

import numpy as np

from arena_core.mesh.convexity import cross_rows
from arena_core.mesh.parts import MeshCache, MeshLoadFailure, Part, triangles_part
from arena_core.model.articulated import Link, MassProperties, Primitive
from arena_core.util import tolerances as tol
from schemas.issues import Issue, issue

#: Uniform density (kg/m^3, water) used for every mass derived from geometry.
NOMINAL_DENSITY = 1000.0

#: Side (m) of the cube used when a link's geometry has no volume at all.
DEFAULT_BOX_SIDE = 0.01

#: Points on the circle of a cylinder primitive used for its hull.
_CYLINDER_SEGMENTS = 32


def link_mass_properties(
    link: Link, *, density: float = NOMINAL_DENSITY, cache: MeshCache | None = None
) -> tuple[MassProperties, list[Issue]]:
    """Mass properties of ``link`` in its link frame, from its geometry.

    Args:
        link: the link; its visual meshes/primitives are used (collision if no visual).
        density: uniform density in kg/m^3.
        cache: shared mesh cache (a fresh one when ``None``).

    Returns:
        ``(props, issues)``: ``props.mass`` kg, ``props.com`` ``(3,)`` m and
        ``props.inertia`` ``(3, 3)`` kg m^2 about the COM, link frame; ``props.source`` is
        ``mesh_volume``, ``convex_hull`` or ``default``; ``issues`` name meshes that did not load.
    """
    _check_density(density)
    cache = cache if cache is not None else MeshCache()
    parts, issues = link_parts(link, cache)
    props = None
    if parts and all(p.solid and p.volume > tol.MIN_VOLUME for p in parts):
        props = _combine(parts, density, "mesh_volume")
    points = np.concatenate([p.hull for p in parts]) if parts else np.zeros((0, 3))
    if props is None:
        hull = _hull_part(points, cache)
        props = _combine([hull], density, "convex_hull") if hull is not None else None
    return (props if props is not None else default_mass_properties(points, density)), issues


def link_parts(link: Link, cache: MeshCache) -> tuple[list[Part], list[Issue]]:
    """The link's solids placed in the link frame, and issues for meshes that failed."""
    kind = geometry_kind(link)
    parts, issues = [], []
    for ref in (m for m in link.meshes if m.kind == kind and m.path is not None):
        if not _finite_pose(ref.origin, ref.scale):
            issues.append(_nonfinite_issue(link.name, ref.filename))
            continue
        try:
            parts.append(cache.part(ref.path, ref.scale).placed(np.asarray(ref.origin, float)))
        except MeshLoadFailure as exc:
            issues.append(issue(exc.code, f"mesh {ref.filename!r}: {exc}; mass properties use "
                                "the other geometry of the link", severity="warning",
                                location=f"link:{link.name}"))
    for prim in (p for p in link.primitives if p.kind == kind):
        part = primitive_part(prim)
        if part is not None and not _finite_pose(prim.origin):
            issues.append(_nonfinite_issue(link.name, prim.shape))
        elif part is not None:
            parts.append(part.placed(np.asarray(prim.origin, float)))
    return parts, issues


def _finite_pose(origin: np.ndarray, scale: np.ndarray | None = None) -> bool:
    ok = bool(np.all(np.isfinite(np.asarray(origin, dtype=float))))
    return ok and (scale is None or bool(np.all(np.isfinite(np.asarray(scale, dtype=float)))))


def _nonfinite_issue(link: str, what: str) -> Issue:
    return issue("geometry.origin.nonfinite", f"{what!r} has a non-finite origin or scale "
                 "(NaN/inf); left out of the mass properties", location=f"link:{link}")


def geometry_kind(link: Link) -> str:
    """``"visual"`` when the link has usable visual geometry (a primitive or a mesh that
    resolved to a file), else ``"collision"``."""
    usable = (*(m for m in link.meshes if m.path is not None), *link.primitives)
    return "visual" if any(g.kind == "visual" for g in usable) else "collision"


def link_points(link: Link, cache: MeshCache, *, kind: str | None = None) -> np.ndarray:
    """``(n, 3)`` hull vertices (link frame, m) of the link's geometry (bounding boxes).

    ``kind`` ``"visual"``/``"collision"``; default :func:`geometry_kind` (the geometry the
    mass properties use). Meshes that fail to load are skipped silently
    (:func:`link_mass_properties` reports them).
    """
    kind = geometry_kind(link) if kind is None else kind
    chunks = [np.zeros((0, 3))]
    for ref in (m for m in link.meshes if m.kind == kind and m.path is not None):
        if not _finite_pose(ref.origin, ref.scale):
            continue
        try:
            chunks.append(cache.part(ref.path, ref.scale).placed_hull(np.asarray(ref.origin)))
        except MeshLoadFailure:
            continue
    for prim in (p for p in link.primitives if p.kind == kind):
        part = primitive_part(prim)
        if part is not None and _finite_pose(prim.origin):
            chunks.append(part.placed_hull(np.asarray(prim.origin, float)))
    return np.concatenate(chunks)


def default_mass_properties(points: np.ndarray, density: float = NOMINAL_DENSITY
                            ) -> MassProperties:
    """The documented fallback: a cube of side :data:`DEFAULT_BOX_SIDE` at the bbox center
    of ``points`` ``(n, 3)`` (at the link origin when there are none)."""
    finite = points[np.all(np.isfinite(points), axis=1)] if len(points) else points
    center = 0.5 * (finite.min(axis=0) + finite.max(axis=0)) if len(finite) else np.zeros(3)
    mass = density * DEFAULT_BOX_SIDE**3
    inertia = np.eye(3) * mass * DEFAULT_BOX_SIDE**2 / 6.0
    return MassProperties(mass=mass, com=center, inertia=inertia, source="default")


def primitive_part(prim: Primitive) -> Part | None:
    """Exact solid of a ``box``/``cylinder``/``sphere`` in its own frame (``None`` if empty)."""
    size = np.abs(np.asarray(prim.size, dtype=float))
    if not np.all(np.isfinite(size)) or np.any(size <= 0):
        return None
    if prim.shape == "box":
        x, y, z = size
        vol = x * y * z
        inertia = vol / 12.0 * np.diag([y * y + z * z, x * x + z * z, x * x + y * y])
        hull = np.array([[sx, sy, sz] for sx in (-x, x) for sy in (-y, y) for sz in (-z, z)]) / 2
    elif prim.shape == "cylinder":
        r, length = size
        vol = math.pi * r * r * length
        side = vol * (3 * r * r + length * length) / 12.0
        inertia = np.diag([side, side, vol * r * r / 2.0])
        ang = np.linspace(0.0, 2 * math.pi, _CYLINDER_SEGMENTS, endpoint=False)
        ring = np.stack([r * np.cos(ang), r * np.sin(ang), np.zeros_like(ang)], axis=1)
        hull = np.concatenate([ring + [0, 0, -length / 2], ring + [0, 0, length / 2]])
    else:
        r = size[0]
        vol = 4.0 / 3.0 * math.pi * r**3
        inertia = np.eye(3) * 0.4 * vol * r * r
        hull = np.concatenate([np.eye(3) * r, -np.eye(3) * r])
    return Part(vol, np.zeros(3), inertia, hull, True)


def regularize_inertia(inertia: np.ndarray) -> np.ndarray:
    """Symmetric positive-definite ``(3, 3)`` inertia obeying ``a + b >= c``.

    Principal moments are floored at ``tol.INERTIA_FLOOR`` times the largest (and at
    ``10 * tol.MIN_INERTIA``) and the largest is clipped to the sum of the other two, so
    the result is physical; a physical input changes only at rounding level.
    """
    sym = 0.5 * (inertia + inertia.T)
    moments, vecs = np.linalg.eigh(sym)
    floor = max(tol.INERTIA_FLOOR * float(moments.max()), 10 * tol.MIN_INERTIA)
    moments = np.maximum(moments, floor)
    moments[2] = min(moments[2], moments[0] + moments[1])
    out = (vecs * moments) @ vecs.T
    return np.triu(out) + np.triu(out, 1).T


def _combine(parts: list[Part], density: float, source: str) -> MassProperties | None:
    """The union of ``parts`` at ``density`` (``None`` when the sums overflow)."""
    vols = np.array([p.volume for p in parts])
    total = float(vols.sum())
    with np.errstate(over="ignore", invalid="ignore"):
        com = (vols[:, None] * np.array([p.com for p in parts])).sum(axis=0) / total
        inertia = np.zeros((3, 3))
        for p in parts:
            d = p.com - com
            inertia += p.inertia + p.volume * (d @ d * np.eye(3) - np.outer(d, d))
    if not (np.all(np.isfinite(com)) and np.all(np.isfinite(density * inertia))):
        return None
    return MassProperties(mass=density * total, com=com,
                          inertia=regularize_inertia(density * inertia), source=source)


def _hull_part(points: np.ndarray, cache: MeshCache) -> Part | None:
    """The convex hull of ``points`` as a solid, ``None`` when flat or too small (the hull
    through ``cache``: :meth:`MeshCache.convex_hull`)."""
    from scipy.spatial import QhullError

    points = points[np.all(np.isfinite(points), axis=1)] if len(points) else points
    if len(points) < 4:
        return None
    try:
        hull = cache.convex_hull(points)
    except (QhullError, ValueError):
        return None
    if hull.volume <= tol.MIN_VOLUME:
        return None
    tris = _outward(points[hull.simplices], points[hull.vertices].mean(axis=0))
    return triangles_part(tris, points[hull.vertices], solid=True)


def _outward(tris: np.ndarray, inside: np.ndarray) -> np.ndarray:
    """Orient hull triangles ``(m, 3, 3)`` so their normals point away from ``inside``."""
    normals = cross_rows(tris[:, 1] - tris[:, 0], tris[:, 2] - tris[:, 0])
    flip = np.einsum("ij,ij->i", normals, tris[:, 0] - inside) < 0
    tris = tris.copy()
    tris[flip] = tris[flip][:, ::-1]
    return tris


def _check_density(density: float) -> None:
    if not (math.isfinite(density) and density > 0):
        raise ValueError(f"density: expected a positive finite kg/m^3, got {density!r}")
