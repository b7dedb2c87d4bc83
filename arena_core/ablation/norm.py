"""The inner-product calibration of the paper's Figure 4: ``E_B`` and ``E_alpha`` against ``d``.

The external ground truth is the material-motion discrepancy ``d`` of the child link
between the two placements of each endpoint: points ``x`` sampled from the link's meshes
(root frame, at rest, equal weights ``w``), moved by ``exp(z)`` for the endpoint twists of
the ground-truth joint and of a perturbed one::

    d(J1, J2)^2 = min over the endpoint swap of  sum_{e in -,+} sum_x w |g1_e x - g2_e x|^2,
    g_e = exp(z_e) in SE(3)

``E_B`` uses the kinetic norm of the *same* mass measure (the points' moments ``m, c,
I``: ``d`` depends on the measure only through them), so it is the linearization of
``d`` (``exp(z) x ~ x + v + w x x``); ``E_alpha`` uses the split norm (every link treated
as of size ``1/alpha``). Perturbations change one parameter of one joint
(:data:`PERTURBATIONS`): the axis tilted, the axis moved (revolute and helical), the
range scaled, the range shifted.

Example (a door of points 0.3-0.7 m from its hinge, opened 0.01 rad further: the
linearization is exact to first order):
    >>> import numpy as np
    >>> pts = np.array([[x, y, 0.0] for x in (0.3, 0.7) for y in (-0.2, 0.2)])
    >>> xi = np.array([0, 0, 1.0, 0, 0, 0])
    >>> d = material_discrepancy(pts, np.array([0 * xi, 1.0 * xi]), np.array([0 * xi, 1.01 * xi]))
    >>> e_b = float(point_norm(pts).norm(0.01 * xi))
    >>> round(d, 5), round(e_b, 5)
    (0.00574, 0.00574)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from arena_core.metric import KineticNorm, SplitNorm, endpoints, joint_distance
from arena_core.model.kinematics import rotation

#: The single-parameter perturbations drawn uniformly (prismatic joints skip ``origin``).
PERTURBATIONS = ("axis", "origin", "range", "shift")
#: Largest axis tilt (rad), origin shift (in link radii), range factor spread, range shift.
MAX_TILT, MAX_SHIFT, RANGE_SPREAD, MAX_RANGE_SHIFT = 0.5, 0.5, 0.5, 0.3
#: Discrepancies below this (m) are left out of relative deviations (no motion to compare).
MIN_D = 1e-9


def se3_exp(z: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``exp`` of twists ``(..., 6)`` ``(w, v)``: rotations ``(..., 3, 3)`` and translations
    ``(..., 3)`` (a point moves to ``R x + p``)."""
    z = np.asarray(z, dtype=float)
    w, v = z[..., :3], z[..., 3:]
    theta = np.linalg.norm(w, axis=-1)
    safe = np.where(theta > 0, theta, 1.0)
    k = np.zeros(z.shape[:-1] + (3, 3))
    k[..., 0, 1], k[..., 0, 2], k[..., 1, 2] = -w[..., 2], w[..., 1], -w[..., 0]
    k = k - np.swapaxes(k, -1, -2)
    a = (np.sin(safe) / safe)[..., None, None]
    b = ((1 - np.cos(safe)) / safe**2)[..., None, None]
    c = ((safe - np.sin(safe)) / safe**3)[..., None, None]
    eye = np.eye(3)
    rot = eye + a * k + b * (k @ k)
    left = eye + b * k + c * (k @ k)  # p = V v (the SE(3) left Jacobian)
    small = (theta <= 0)[..., None, None]
    rot, left = np.where(small, eye, rot), np.where(small, eye, left)
    return rot, np.einsum("...ij,...j->...i", left, v)


def point_norm(points: np.ndarray) -> KineticNorm:
    """The kinetic norm of equal point masses at ``points`` ``(n, 3)`` (total mass 1)."""
    pts = np.asarray(points, dtype=float)
    c = pts.mean(axis=0)
    r = pts - c
    inertia = np.eye(3) * np.mean(np.sum(r * r, axis=1)) - r.T @ r / len(pts)
    return KineticNorm(mass=1.0, com=c, inertia=inertia)


def material_discrepancy(points: np.ndarray, pairs1: np.ndarray, pairs2: np.ndarray) -> float:
    """``d`` (m) between two joints' endpoint pairs ``(2, 6)`` for the points ``(n, 3)``."""
    pts = np.asarray(points, dtype=float)
    r1, p1 = se3_exp(pairs1)
    r2, p2 = se3_exp(pairs2)
    moved1 = np.einsum("eij,nj->eni", r1, pts) + p1[:, None]
    moved2 = np.einsum("eij,nj->eni", r2, pts) + p2[:, None]
    sq = np.mean(np.sum((moved1[:, None] - moved2[None]) ** 2, axis=-1), axis=-1)  # (2, 2)
    return float(np.sqrt(min(sq[0, 0] + sq[1, 1], sq[0, 1] + sq[1, 0])))


def perturb(twist: np.ndarray, limits: np.ndarray, kind: str, radius: float,
            rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """One perturbed copy ``(twist (6,), limits (2,))`` of a joint (see :data:`PERTURBATIONS`)."""
    w, v = twist[:3], twist[3:]
    lo, hi = limits
    if kind == "range":
        k = 1.0 + rng.uniform(-RANGE_SPREAD, RANGE_SPREAD)
        return twist, np.array([lo, lo + k * (hi - lo)])
    if kind == "shift":
        s = rng.uniform(-MAX_RANGE_SHIFT, MAX_RANGE_SHIFT) * (hi - lo)
        return twist, np.array([lo + s, hi + s])
    if kind == "origin":
        delta = _direction(rng) * rng.uniform(0.0, MAX_SHIFT * radius)
        return np.concatenate([w, v - np.cross(w, delta)]), limits
    rot = rotation(_direction(rng), rng.uniform(0.0, MAX_TILT))
    if not np.any(w):
        return np.concatenate([w, rot @ v]), limits
    ww = float(w @ w)
    point, pitch = np.cross(w, v) / ww, float(w @ v) / ww
    w2 = rot @ w
    return np.concatenate([w2, -np.cross(w2, point) + pitch * w2]), limits


def calibration(bodies: Sequence[tuple[np.ndarray, np.ndarray, np.ndarray]], n: int,
                rng: np.random.Generator, *, alpha: float = 1.0) -> dict[str, np.ndarray]:
    """``d``, ``E_B`` and ``E_alpha`` over ``n`` random single-joint perturbations.

    ``bodies[j] = (points (k, 3), twist (6,), limits (2,))``: a moving joint with finite
    limits and points of its child link. Returns arrays ``(n,)``: ``d``, ``E_B``,
    ``E_alpha``, ``body`` (index into ``bodies``) and ``kind`` (index into
    :data:`PERTURBATIONS`).
    """
    split = SplitNorm(alpha=alpha)
    out = {key: np.zeros(n) for key in ("d", "E_B", "E_alpha")}
    out["body"], out["kind"] = np.zeros(n, dtype=np.int64), np.zeros(n, dtype=np.int64)
    norms = [point_norm(p) for p, _, _ in bodies]
    for i in range(n):
        j = int(rng.integers(len(bodies)))
        points, twist, limits = bodies[j]
        kinds = PERTURBATIONS if np.any(twist[:3]) else tuple(k for k in PERTURBATIONS
                                                               if k != "origin")
        kind = kinds[int(rng.integers(len(kinds)))]
        radius = float(np.sqrt(np.mean(np.sum((points - points.mean(axis=0)) ** 2, axis=1))))
        tw2, lim2 = perturb(twist, limits, kind, radius, rng)
        z1, z2 = endpoints(twist, limits[0], limits[1]), endpoints(tw2, lim2[0], lim2[1])
        out["d"][i] = material_discrepancy(points, z1, z2)
        out["E_B"][i] = float(joint_distance(z1, z2, norm=norms[j]))
        out["E_alpha"][i] = float(joint_distance(z1, z2, norm=split))
        out["body"][i], out["kind"][i] = j, PERTURBATIONS.index(kind)
    return out


def summary(result: dict[str, np.ndarray]) -> dict[str, float]:
    """Median relative deviation ``|E_B - d| / d``, its 90th percentile, and the spread
    (95th / 5th percentile) of ``E_B / d`` and ``E_alpha / d`` (``d > MIN_D`` only)."""
    keep = result["d"] > MIN_D
    d = result["d"][keep]
    rel = np.abs(result["E_B"][keep] - d) / d
    ratio_b, ratio_a = result["E_B"][keep] / d, result["E_alpha"][keep] / d
    return {"n": int(keep.sum()), "median_rel_dev_E_B": float(np.median(rel)),
            "p90_rel_dev_E_B": float(np.quantile(rel, 0.9)),
            "spread_E_B": float(np.quantile(ratio_b, 0.95) / np.quantile(ratio_b, 0.05)),
            "spread_E_alpha": float(np.quantile(ratio_a, 0.95) / np.quantile(ratio_a, 0.05))}


def _direction(rng: np.random.Generator) -> np.ndarray:
    u = rng.normal(size=3)
    return u / np.linalg.norm(u)


def joint_bodies(obj, rng: np.random.Generator, *, max_points: int = 256
                 ) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """``(points (k, 3), twist (6,), limits (2,))`` for every moving joint of ``obj`` (an
    :class:`~arena_core.model.articulated.ArticulatedObject`) with finite limits whose child link has
    geometry: up to ``max_points`` vertices of the link's mesh hulls, root frame at rest
    (links whose points span no volume, so that their moments are no norm, are left out)."""
    from arena_core.mesh.massprops import link_points
    from arena_core.mesh.parts import MeshCache
    from arena_core.model.inertia import inertia_problem

    cache, out = MeshCache(), []
    twists, limits = obj.twists(), obj.limits()
    for k, joint in enumerate(obj.joints):
        if not joint.moving or not np.all(np.isfinite(limits[k])) or not np.any(twists[k]):
            continue
        local = link_points(obj.links[joint.child], cache)
        if len(local) < 4:
            continue
        if len(local) > max_points:
            local = local[rng.choice(len(local), size=max_points, replace=False)]
        pose = obj.link_poses[joint.child]
        pts = local @ pose[:3, :3].T + pose[:3, 3]
        r = pts - pts.mean(axis=0)
        inertia = np.eye(3) * np.mean(np.sum(r * r, axis=1)) - r.T @ r / len(pts)
        if inertia_problem(1.0, pts.mean(axis=0), inertia) is None:
            out.append((pts, twists[k], limits[k]))
    return out
