"""The direction a thumbnail looks from: the candidate view that shows the most of the object.

One fixed view hides what many objects are: a door or a window whose panel lies in the plane
the camera grazes is a thin slab, the front of a washing machine or a remote's buttons face
away, a keyboard or a wrench lying flat is a line. A thumbnail is therefore drawn from one of
:data:`CANDIDATES` (elevation, azimuth in degrees, as matplotlib's ``view_init``): 3/4 views
from eight azimuths, at 20 degrees above the horizon and at 45 (for what lies flat). Each is
scored by what an orthographic camera in that direction sees of the surface:

.. code-block:: text

    score(v) = S(v) / max_u S(u) + MOVING_WEIGHT * M(v) / max_u M(u)

where ``S(v)`` is the projected area of the surface visible from ``v`` (the silhouette's
area, m^2) and ``M(v)`` the same for the links that move (a link below a non-fixed joint):
the silhouette large, and the moving parts — what makes the object articulated — in sight.
Visibility is a z-buffer over ``GRID x GRID`` cells spanning the bounding sphere, filled with
:data:`SAMPLES` points spread over the triangles by area (a fixed seed: the same triangles
give the same view). The first candidate, the fixed view every thumbnail had before
(elevation 20, azimuth -60), is kept unless another scores at least :data:`MARGIN` more, so
an object that all views show alike (a jar) keeps it; otherwise the first candidate within
:data:`TIE` of the best is taken, so sampling noise does not decide between equal views.

An object whose source declares the side its objects face (the manifest's ``front``: generated
objects face +X, PartNet-Mobility's -X) is seen from that side: only the candidates in the front
half-space (the view's horizontal direction within 90 degrees of the front) compete, the first
of them playing the default's part, so a camera whose buttons are on its back is seen from its
lens, not from the moving buttons. When the front candidates show less than
:data:`FRONT_SILHOUETTE` of the largest silhouette from anywhere (an object that shows
nothing from its front), all candidates compete.

The object is drawn as its canonical frame has it (Z up, never turned): a thumbnail that
shows an object lying shows a release whose object lies (a source read with the wrong up
axis), which the picture should not hide.

Example:
    >>> import trimesh
    >>> door = trimesh.creation.box(extents=(0.04, 0.9, 2.0))  # a panel in the YZ plane
    >>> tris = [door.vertices[door.faces]]
    >>> choose_view(tris, [True])
    (20.0, -30.0)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from arena_core.model.articulated import ArticulatedObject, walk_links
from arena_core.util import tolerances as tol

#: ``(elevation, azimuth)`` in degrees, matplotlib's ``view_init`` order; the first is the
#: default (kept on near ties), the others in order of preference on exact ties.
CANDIDATES: tuple[tuple[float, float], ...] = tuple(
    (elev, azim) for elev in (20.0, 45.0)
    for azim in (-60.0, -30.0, -120.0, -150.0, 30.0, 60.0, 120.0, 150.0))
#: Weight of the moving links' visible area against the silhouette's (both normalized).
MOVING_WEIGHT = 0.5
#: A candidate replaces the default view only when it scores this much more; among the
#: others, the first within :data:`TIE` of the best is taken (the scores' sampling noise on
#: equal views is about 0.03).
MARGIN = 0.1
TIE = 0.05
#: Least silhouette of the best front view, as a fraction of the best from anywhere, that keeps
#: the view in front of an object with a declared front.
FRONT_SILHOUETTE = 0.5
#: Unit vectors (object frame) of the fronts a source can declare (``schemas.sources.FRONTS``).
FRONT_VECTORS = {"+x": (1.0, 0.0, 0.0), "-x": (-1.0, 0.0, 0.0),
                 "+y": (0.0, 1.0, 0.0), "-y": (0.0, -1.0, 0.0)}
#: Points spread over the surface, and z-buffer cells per side (over the bounding sphere).
SAMPLES = 8_000
GRID = 40
#: Depth within which a point counts as visible behind the nearest one in its cell (cells).
_DEPTH_CELLS = 2.0
_SEED = 0


def choose_view(per_link: Sequence[np.ndarray], moving: Sequence[bool], *,
                front: str | None = None) -> tuple[float, float]:
    """``(elevation, azimuth)`` in degrees for a thumbnail of ``per_link``.

    ``per_link``: per link, ``(f, 3, 3)`` triangles (m, object frame); ``moving``: per link,
    whether it moves (:func:`moving_links`); ``front``: the side the object faces (a key of
    :data:`FRONT_VECTORS`; ``None``: not known). The best of :data:`CANDIDATES` by the
    module's score, among the front candidates when ``front`` is given and they show enough
    (the first competing candidate on near ties; the first for an object without any area).
    """
    if len(per_link) != len(moving):
        raise ValueError(f"moving: one flag per link expected ({len(per_link)}), "
                         f"got {len(moving)}")
    if front is not None and front not in FRONT_VECTORS:
        raise ValueError(f"front: one of {sorted(FRONT_VECTORS)} or None expected, got {front!r}")
    areas = visible_areas(per_link, moving)
    competing = np.flatnonzero(_competing(areas[:, 0], front))
    scores = _scores(areas[competing])
    if scores[0] >= scores.max() - MARGIN:
        return CANDIDATES[competing[0]]
    return CANDIDATES[competing[int(np.argmax(scores >= scores.max() - TIE))]]


def front_candidates(front: str) -> np.ndarray:
    """``(len(CANDIDATES),)`` bool: the candidates whose horizontal direction lies within 90
    degrees of ``front`` (a key of :data:`FRONT_VECTORS`)."""
    toward = np.array([camera(*view)[0] for view in CANDIDATES])
    return toward @ np.array(FRONT_VECTORS[front]) > tol.MIN_EXTENT


def _competing(silhouettes: np.ndarray, front: str | None) -> np.ndarray:
    """The candidates that compete: the front ones when ``front`` is given and the best of
    them shows at least :data:`FRONT_SILHOUETTE` of the best silhouette, else all."""
    every = np.ones(len(CANDIDATES), dtype=bool)
    if front is None:
        return every
    inside = front_candidates(front)
    enough = silhouettes[inside].max() >= FRONT_SILHOUETTE * silhouettes.max()
    return inside if enough else every


def view_scores(per_link: Sequence[np.ndarray], moving: Sequence[bool]) -> np.ndarray:
    """``(len(CANDIDATES),)`` scores of the candidate views (see the module docstring)."""
    return _scores(visible_areas(per_link, moving))


def _scores(areas: np.ndarray) -> np.ndarray:
    """Scores of the views whose :func:`visible_areas` rows are ``areas`` ``(k, 2)``, each
    area normalized by the largest among them."""
    peak = areas.max(axis=0)
    normalized = areas / np.where(peak > 0, peak, 1.0)
    return normalized @ np.array([1.0, MOVING_WEIGHT])


def visible_areas(per_link: Sequence[np.ndarray], moving: Sequence[bool]) -> np.ndarray:
    """``(len(CANDIDATES), 2)``: per candidate, the projected area (m^2) of the visible
    surface, and of the visible surface of moving links (an estimate from :data:`SAMPLES`
    points; zeros for an object without area)."""
    points, normals, weights, movers = _samples(per_link, moving)
    out = np.zeros((len(CANDIDATES), 2))
    if not len(points):
        return out
    low, high = points.min(axis=0), points.max(axis=0)
    center = (low + high) / 2
    radius = max(float(np.linalg.norm(high - low)) / 2, tol.MIN_EXTENT)
    cell = 2 * radius / GRID
    rel = points - center
    for k, (elev, azim) in enumerate(CANDIDATES):
        toward, right, up = camera(elev, azim)
        u = np.clip(((rel @ right + radius) / cell).astype(int), 0, GRID - 1)
        w = np.clip(((rel @ up + radius) / cell).astype(int), 0, GRID - 1)
        index, depth = u * GRID + w, -(rel @ toward)
        nearest = np.full(GRID * GRID, np.inf)
        np.minimum.at(nearest, index, depth)
        seen = depth <= nearest[index] + _DEPTH_CELLS * cell
        projected = weights * np.abs(normals @ toward) * seen
        out[k] = projected.sum(), projected[movers].sum()
    return out


def moving_links(obj: ArticulatedObject) -> set[str]:
    """Names of the links that move: below at least one non-fixed joint.

    >>> from arena_core.model.articulated import Joint, Link
    >>> j = lambda t, p, c: Joint(c, t, p, c, np.eye(4), np.array([0.0, 0.0, 1.0]),
    ...                           lower=-1.0, upper=1.0)
    >>> obj = ArticulatedObject.from_parts("x", [Link("base"), Link("a"), Link("b")],
    ...                                    [j("fixed", "base", "a"), j("revolute", "a", "b")])
    >>> sorted(moving_links(obj))
    ['b']
    """
    parent_joint = {j.child: j for j in obj.joints}
    moving: set[str] = set()
    for name in walk_links(obj.root, obj.children):
        joint = parent_joint.get(name)
        if joint is not None and (joint.type != "fixed" or joint.parent in moving):
            moving.add(name)
    return moving


def camera(elev: float, azim: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Unit vectors of a ``view_init(elev, azim)`` camera: toward it, right, up (object frame)."""
    e, a = np.radians(elev), np.radians(azim)
    toward = np.array([np.cos(e) * np.cos(a), np.cos(e) * np.sin(a), np.sin(e)])
    right = np.array([-np.sin(a), np.cos(a), 0.0])
    return toward, right, np.cross(toward, right)


def _samples(per_link: Sequence[np.ndarray], moving: Sequence[bool]
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """About :data:`SAMPLES` surface points spread by area: points ``(n, 3)``, unit normals
    ``(n, 3)``, the area each stands for ``(n,)`` (m^2, summing to the surface's area), and
    whether it lies on a moving link ``(n,)``."""
    tris = [np.asarray(t, dtype=float).reshape(-1, 3, 3) for t in per_link]
    if not tris or not sum(len(t) for t in tris):
        empty = np.zeros((0, 3))
        return empty, empty, np.zeros(0), np.zeros(0, dtype=bool)
    flags = np.concatenate([np.full(len(t), bool(m)) for t, m in zip(tris, moving, strict=True)])
    allt = np.concatenate(tris)
    cross = np.cross(allt[:, 1] - allt[:, 0], allt[:, 2] - allt[:, 0])
    double = np.linalg.norm(cross, axis=1)
    keep = double > 0
    allt, cross, double, flags = allt[keep], cross[keep], double[keep], flags[keep]
    if not len(allt):
        empty = np.zeros((0, 3))
        return empty, empty, np.zeros(0), np.zeros(0, dtype=bool)
    rng = np.random.default_rng(_SEED)
    pick = rng.choice(len(allt), size=SAMPLES, p=double / double.sum())
    r1, r2 = np.sqrt(rng.random(SAMPLES)), rng.random(SAMPLES)
    t = allt[pick]
    points = ((1 - r1)[:, None] * t[:, 0] + (r1 * (1 - r2))[:, None] * t[:, 1]
              + (r1 * r2)[:, None] * t[:, 2])
    normals = cross[pick] / double[pick][:, None]
    return points, normals, np.full(SAMPLES, double.sum() / 2 / SAMPLES), flags[pick]
