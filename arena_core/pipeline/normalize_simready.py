"""Simulation-ready rules of the canonical convention (SPEC section 4, "v2"), applied during
normalization so that no engine has to guess:

* **Reserved names.** A link named ``world`` (MuJoCo merges it into its own world body) is
  renamed ``world_link`` (made unique); the rename is returned for the record.
* **Mass everywhere.** A link without an inertial (the massless helper link of a split 2-DOF
  joint, an empty frame, the empty ``base`` root of a PartNet-Mobility object) gets an
  explicit negligible one, ``mass_source = "placeholder"``:
  :data:`~arena_core.model.inertia.PLACEHOLDER_MASS` kg, inertia
  :data:`~arena_core.model.inertia.PLACEHOLDER_INERTIA` kg m^2 times the identity, at the link
  origin. The root is the fixed base in every engine, so its mass moves nothing (MuJoCo welds
  it to the world, Pinocchio adds it to the universe, PyBullet's fixed base ignores it); without
  one, PyBullet gives it 1 kg and prints ``No inertial data for link`` on every load. A link without
  geometry whose URDF inertial is unphysical (``mass="0"``, how many robots write a sensor
  frame or a virtual base link) counts as having none (``normalize.inertial.massless``
  warning, in :mod:`arena_core.pipeline.normalize`).
* **Collision geometry every engine accepts.** A collision mesh with fewer than four distinct
  vertices, coplanar vertices or a hull volume below ``tol.MIN_VOLUME`` (MuJoCo cannot build
  its convex hull) is replaced by a thin oriented box around its vertices (thickness at least
  :data:`MIN_BOX_THICKNESS`), or dropped when it has no vertices at all, with a
  ``normalize.collision.replaced`` / ``normalize.collision.dropped`` warning.
* **Primitives with a size.** A box, cylinder or sphere with a zero size (a
  ``<sphere radius="0">`` marker, which MuJoCo refuses) has no extent: a box keeps its
  other sides and gets :data:`MIN_BOX_THICKNESS` on the zero ones, a zero-radius or
  zero-length cylinder or sphere is dropped (``normalize.primitive.thickened`` /
  ``normalize.primitive.dropped`` warnings).

None of these changes the motion: kinematics do not depend on names, masses or collision
geometry, and the metric oracle proves it for every object.

Example:
    >>> import numpy as np
    >>> box = thin_box(np.array([[0.0, 0, 0], [1, 0, 0], [0, 2, 0], [1, 2, 0]]))
    >>> box.shape, [round(s, 6) for s in box.size], box.origin[:3, 3].tolist()
    ('box', [2.0, 1.0, 0.001], [0.5, 1.0, 0.0])
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from arena_core.mesh.parts import MeshCache, MeshLoadFailure
from arena_core.model.articulated import Link, MeshRef, Primitive, unique_name
from arena_core.util import tolerances as tol
from schemas.issues import Issue, issue

#: Link names that engines reserve, and the name each is renamed to (made unique).
RESERVED_NAMES = {"world": "world_link"}

#: Smallest side (m) of the box that replaces a flat collision mesh.
MIN_BOX_THICKNESS = 1e-3

#: A vertex set is flat when its smallest spread is below this fraction of its largest.
FLAT_RATIO = 1e-9

#: A mesh whose own vertices spread at least this fraction of their largest spread in every
#: direction is taken as solid without computing its hull (1000x :data:`FLAT_RATIO`).
CLEAR_RATIO = 1e-6


def reserved_renames(names: set[str]) -> dict[str, str]:
    """``{reserved name: new name}`` for the names in ``names`` that engines reserve."""
    out, taken = {}, set(names)
    for name, wanted in RESERVED_NAMES.items():
        if name in names:
            out[name] = unique_name(wanted, taken)
            taken.add(out[name])
    return out


def usable_collisions(link: Link, cache: MeshCache, issues: list[Issue]) -> Link:
    """``link`` with every degenerate collision mesh replaced by a thin box (or dropped)."""
    meshes, boxes = [], []
    for ref in link.meshes:
        if ref.kind != "collision" or _clearly_solid(ref, cache):
            meshes.append(ref)
            continue
        points = _collision_points(ref, cache)
        if points is None or not degenerate(points):
            meshes.append(ref)
            continue
        where = f"link:{link.name}/collision"
        if len(points) == 0:
            issues.append(issue("normalize.collision.dropped",
                                f"collision mesh {ref.filename!r} has no vertices; dropped",
                                location=where))
            continue
        boxes.append(thin_box(points))
        issues.append(issue("normalize.collision.replaced", f"collision mesh {ref.filename!r} is "
                            f"degenerate ({len(points)} distinct vertices, flat or without "
                            "volume); replaced by a thin oriented box", location=where))
    if not boxes and len(meshes) == len(link.meshes):
        return link
    return replace(link, meshes=tuple(meshes), primitives=(*link.primitives, *boxes))


def usable_primitives(link: Link, issues: list[Issue]) -> Link:
    """``link`` with its zero-size primitives thickened (boxes) or dropped (module docstring).

    >>> from arena_core.model.articulated import Link, Primitive
    >>> dot = Primitive("sphere", (0.0,), np.eye(4))
    >>> usable_primitives(Link("a", primitives=(dot,)), issues := []).primitives, issues[0].code
    ((), 'normalize.primitive.dropped')
    """
    if all(min(p.size) != 0 for p in link.primitives):
        return link
    kept = []
    for prim in link.primitives:
        where = f"link:{link.name}/{prim.kind}"
        if min(prim.size) != 0:
            kept.append(prim)
        elif prim.shape == "box":
            size = tuple(s if s != 0 else MIN_BOX_THICKNESS for s in prim.size)
            kept.append(replace(prim, size=size))
            issues.append(issue("normalize.primitive.thickened", f"box of size "
                                f"{list(prim.size)} has a zero side; made {MIN_BOX_THICKNESS:g} m "
                                "thick", location=where))
        else:
            issues.append(issue("normalize.primitive.dropped", f"{prim.shape} of size "
                                f"{list(prim.size)} has no extent; dropped", location=where))
    return replace(link, primitives=tuple(kept))


def degenerate(points: np.ndarray) -> bool:
    """Whether the ``(n, 3)`` vertices span no volume an engine's convex hull accepts."""
    if len(points) < 4:
        return True
    centered = points - points.mean(axis=0)
    spread = np.linalg.svd(centered, compute_uv=False)
    if spread[0] <= 0 or spread[-1] <= FLAT_RATIO * spread[0]:
        return True
    extent = np.ptp(points, axis=0)
    return float(np.prod(np.sort(extent)[::-1][:3])) < tol.MIN_VOLUME


def thin_box(points: np.ndarray) -> Primitive:
    """The oriented bounding box of ``(n, 3)`` link-frame points (principal axes), as a
    collision ``box`` primitive at least :data:`MIN_BOX_THICKNESS` thick on each side."""
    center = points.mean(axis=0)
    _, _, vt = np.linalg.svd(points - center, full_matrices=True)
    axes = vt.T.copy()  # columns: principal directions, largest spread first
    if np.linalg.det(axes) < 0:
        axes[:, 2] = -axes[:, 2]
    local = (points - center) @ axes
    lo, hi = local.min(axis=0), local.max(axis=0)
    origin = np.eye(4)
    origin[:3, :3] = axes
    origin[:3, 3] = center + axes @ ((lo + hi) / 2)
    size = tuple(float(max(s, MIN_BOX_THICKNESS)) for s in hi - lo)
    return Primitive("box", size, origin, "collision")


def _clearly_solid(ref: MeshRef, cache: MeshCache) -> bool:
    """Whether a collision mesh's own vertices are far from :func:`degenerate` (a spread
    ratio :data:`CLEAR_RATIO` above the flat one): then its hull's are not degenerate either
    (same bounding box, no flatter), and no hull needs computing. A mesh that cannot be
    read is not clearly solid (:func:`_collision_points` decides)."""
    vertices = cache.vertices(ref.path)
    if vertices is None or len(vertices) < 4 or not np.isfinite(vertices).all():
        return False
    origin = np.asarray(ref.origin, float)
    points = (vertices * np.asarray(ref.scale, float)) @ origin[:3, :3].T
    spread = np.linalg.svd(points - points.mean(axis=0), compute_uv=False)
    extent = np.ptp(points, axis=0)
    return bool(spread[0] > 0 and spread[-1] > CLEAR_RATIO * spread[0]
                and float(np.prod(extent)) >= tol.MIN_VOLUME)


def _collision_points(ref: MeshRef, cache: MeshCache) -> np.ndarray | None:
    """Distinct vertices of a collision mesh in the link frame (None: not loadable)."""
    if ref.path is None:
        return None
    try:
        part = cache.part(ref.path, ref.scale)
    except MeshLoadFailure:
        return None
    pts = part.placed_hull(np.asarray(ref.origin, float))
    return unique_rows(np.round(pts, 12)) if len(pts) else pts


def unique_rows(points: np.ndarray) -> np.ndarray:
    """``np.unique(points, axis=0)`` of ``(n, 3)`` floats (``n >= 1``), the same array.

    Finite points without negative zeros (nothing two rows can tie on but equal bytes) are
    sorted with ``np.lexsort`` (x, then y, then z, as ``np.unique`` orders rows) and their
    repeats dropped, a few times faster; anything else goes to ``np.unique``.

    >>> unique_rows(np.array([[1.0, 0, 0], [0, 2, 0], [1, 0, 0]])).tolist()
    [[0.0, 2.0, 0.0], [1.0, 0.0, 0.0]]
    """
    if points.ndim != 2 or not np.isfinite(points).all() or (
            np.signbit(points) & (points == 0)).any():
        return np.unique(points, axis=0)
    rows = points[np.lexsort(points.T[::-1])]
    keep = np.empty(len(rows), dtype=bool)
    keep[0] = True
    np.any(rows[1:] != rows[:-1], axis=1, out=keep[1:])
    return rows[keep]
