"""Geometry checks: every resolved mesh loads and is non-degenerate; units are plausible.

Meshes are loaded through :class:`arena_core.mesh.parts.MeshCache` (each file once; pass
the object's cache, the one that computed the mass properties, as ``extras["mesh_cache"]``
and nothing is loaded twice). Each link's geometry is reduced to the vertices of its convex
hull in the link frame (:class:`~arena_core.verify.object_geometry.ObjectGeometry`), which is
all the mass and motion checks need: bounding boxes, hulls and swept points.

Mesh references that did not resolve (``MeshRef.path is None``) are skipped here: the reader
already reported them (``mesh.missing``, ``mesh.path.absolute``, ``mesh.path.escapes``,
``mesh.path.symlink``, ``mesh.path.package_unresolved``).

Codes: ``mesh.missing`` (error, a resolved file vanished), ``mesh.unreadable`` (error),
``mesh.too_large`` (error), ``mesh.nonfinite`` (error), ``mesh.degenerate`` (warning: its
hull spans no area — a point, a line, or nothing),
``geometry.none`` (warning), ``units.implausible`` (error).
"""

from __future__ import annotations

import numpy as np

from arena_core.model.articulated import ArticulatedObject
from arena_core.util import tolerances as tol
from arena_core.verify.base import Context, ensure_context
from schemas.issues import Issue, issue


def bounds(points: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
    """``(lo (3,), hi (3,), diagonal)`` of ``(n, 3)`` points (``n >= 1``)."""
    lo, hi = points.min(axis=0), points.max(axis=0)
    return lo, hi, float(np.linalg.norm(hi - lo))


def check_geometry(obj: ArticulatedObject, ctx: Context | None = None) -> list[Issue]:
    """Mesh loading problems, ``geometry.none`` and ``units.implausible``."""
    ctx = ensure_context(obj, ctx)
    geometry = ctx.geometry
    issues = list(geometry.issues)
    pts = geometry.root_points(obj)
    if len(pts) == 0:
        if not any(link.has_geometry for link in obj.links.values()):
            issues.append(issue("geometry.none", "no link has visual or collision geometry",
                                location="object"))
        return issues
    _, _, diag = bounds(pts)
    if not tol.UNITS_MIN_EXTENT <= diag <= tol.UNITS_MAX_EXTENT:
        issues.append(issue("units.implausible",
                            f"rest-pose bounding-box diagonal is {diag:.6g} m, outside "
                            f"[{tol.UNITS_MIN_EXTENT}, {tol.UNITS_MAX_EXTENT}] m: wrong units "
                            f"or scale?{_as_other_units(diag)}", location="object"))
    return issues


#: Length units a file may be written in, by name: meters per unit.
OTHER_UNITS = {"centimetres": 0.01, "millimetres": 0.001}


def _as_other_units(diag: float) -> str:
    """What the diagonal would be in the other units that make it plausible (the guess is
    the reader's to make: ``--scale`` or the manifest's ``scale``)."""
    fits = [f"{diag * s:.3g} m in {name} (scale {s:g})" for name, s in OTHER_UNITS.items()
            if tol.UNITS_MIN_EXTENT <= diag * s <= tol.UNITS_MAX_EXTENT]
    return f" Read as {' or '.join(fits)}" if fits else ""
