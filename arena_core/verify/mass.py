"""Mass-property checks on the links that carry an ``<inertial>``.

For mass ``m`` (kg), COM ``c`` (m) and inertia about the COM ``I`` (kg m^2, link frame):

* ``m``, ``c`` and ``I`` physical by the one rule (:mod:`arena_core.model.inertia`): ``m`` finite
  in ``(tol.MIN_MASS, tol.MAX_MASS]``, ``I`` finite, symmetric, positive definite (every
  principal moment above ``tol.MIN_INERTIA``) and its principal moments ``a <= b <= c``
  obey the triangle inequality ``a + b >= c`` (relative slack ``tol.INERTIA_SLACK``) —
  what any rigid body satisfies;
* ``c`` inside the convex hull of the link's geometry, up to ``tol.COM_HULL`` link
  diagonals (skipped when the link has no geometry).

Codes: ``mass.nonpositive``, ``mass.com.nonfinite``, ``mass.inertia.nonfinite``,
``mass.inertia.asymmetric``, ``mass.inertia.not_positive_definite``,
``mass.inertia.triangle``, ``mass.implausible``, ``mass.inertia.implausible`` (errors on a canonical object; warnings on a source object, whose
unusable inertials normalization replaces by ones derived from the geometry),
``mass.com.outside`` (warning), ``mass.missing`` (info; error for a canonical object, which
must have an inertial on every link with geometry).
"""

from __future__ import annotations

import numpy as np

from arena_core.model.articulated import ArticulatedObject, MassProperties
from arena_core.model.inertia import inertia_problem
from arena_core.util import tolerances as tol
from arena_core.verify.base import Context, ensure_context
from schemas.issues import Issue, Severity, issue


def check_mass(obj: ArticulatedObject, ctx: Context | None = None) -> list[Issue]:
    """Mass-property issues of every link, in link order."""
    ctx = ensure_context(obj, ctx)
    issues: list[Issue] = []
    for name, link in obj.links.items():
        loc = f"link:{name}"
        if link.inertial is None:
            if link.has_geometry:
                issues.append(issue("mass.missing", "link has geometry but no <inertial>",
                                    severity="error" if ctx.canonical else "info", location=loc))
            continue
        found = inertial_issues(link.inertial, loc, severity="error" if ctx.canonical
                                else "warning")
        if not found and link.has_geometry:
            geometry = ctx.geometry
            found = _com_outside(link.inertial.com, geometry.link_points[name], loc,
                                 facets=geometry.link_facets.get(name))
        issues += found
    return issues


def inertial_issues(props: MassProperties, location: str, *,
                    severity: Severity = "error") -> list[Issue]:
    """Issues of one set of mass properties (no geometry needed), at ``severity``.

    >>> inertial_issues(MassProperties(1.0, np.zeros(3), np.diag([1.0, 1.0, 3.0])), "link:a")[0].code
    'mass.inertia.triangle'
    """
    problem = inertia_problem(props.mass, props.com, props.inertia)
    return [] if problem is None else [issue(problem[0], problem[1],
                                             severity=severity, location=location)]


def _com_outside(com: np.ndarray, points: np.ndarray, location: str, *,
                 facets: np.ndarray | None = None) -> list[Issue]:
    """``mass.com.outside`` when ``com`` lies outside the hull of ``points`` (link frame).

    ``facets`` ``(k, 4)``: the planes of a hull whose vertices ``points`` are (the one they
    were taken from); a COM they show to be well inside the allowed distance
    (:func:`_surely_near`) needs no hull of ``points`` built (the same result)."""
    if len(points) == 0:
        return []
    lo, hi = points.min(axis=0), points.max(axis=0)
    diag = float(np.linalg.norm(hi - lo))
    if facets is not None and _surely_near(np.asarray(com, dtype=float), facets, lo, hi,
                                           tol.COM_HULL * diag):
        return []
    distance = hull_distance(np.asarray(com, dtype=float), points)
    if distance > tol.COM_HULL * diag:
        return [issue("mass.com.outside",
                      f"COM {np.round(com, 6).tolist()} lies {distance:.4g} m outside the link's "
                      f"hull (link diagonal {diag:.4g} m)", location=location,
                      data={"com": np.asarray(com, dtype=float).tolist(), "distance": distance,
                            "diagonal": diag})]
    return []


def _surely_near(point: np.ndarray, facets: np.ndarray, lo: np.ndarray, hi: np.ndarray,
                 limit: float) -> bool:
    """Whether :func:`hull_distance` of ``point`` and the vertices of the hull with facet
    planes ``facets`` ``(k, 4)`` (bounding box ``[lo, hi]``) is surely at most ``limit``.

    The facets give that distance up to Qhull's rounding (the same solid: the hull of a
    hull's vertices is that hull), the box its fallback for a point set Qhull refuses; both
    within half of ``limit``, far above any rounding, settle it.
    """
    bound = 0.5 * limit
    if not bound > _PRECISION * float(max(np.abs(lo).max(), np.abs(hi).max())):
        return False
    planes = max(0.0, float((facets[:, :3] @ point + facets[:, 3]).max()))
    box = float(np.linalg.norm(np.maximum(lo - point, 0) + np.maximum(point - hi, 0)))
    return planes <= bound and box <= bound


#: Relative size (of the coordinates) below which :func:`_surely_near` decides nothing.
_PRECISION = 1e-9


def hull_distance(point: np.ndarray, points: np.ndarray) -> float:
    """How far ``point`` ``(3,)`` lies outside the convex hull of ``points`` ``(n, 3)`` (m).

    0 inside; outside, the largest signed distance to a facet plane (a lower bound of the
    Euclidean distance, exact when the nearest hull feature is a facet). Flat or tiny point
    sets use their bounding box.

    >>> cube = np.array([[x, y, z] for x in (0, 1) for y in (0, 1) for z in (0, 1)], float)
    >>> float(hull_distance(np.array([0.5, 0.5, 3.0]), np.vstack([cube, cube * 0.5])))
    2.0
    """
    from scipy.spatial import ConvexHull, QhullError

    if len(points) >= 4:
        try:
            eq = ConvexHull(points).equations
            return max(0.0, float((eq[:, :3] @ point + eq[:, 3]).max()))
        except (QhullError, ValueError):
            pass
    lo, hi = points.min(axis=0), points.max(axis=0)
    return float(np.linalg.norm(np.maximum(lo - point, 0) + np.maximum(point - hi, 0)))
