"""Motion checks: move each joint through its range and look at where its part goes.

For a moving joint with unit twist ``xi = (w, v)`` (root frame, rest state) the child subtree
at coordinate ``q`` is at ``exp(q xi^)`` times its rest pose (all other joints at 0)::

    R = I + sin(q) [w] + (1 - cos q) [w]^2,   t = (I - R)(w x v) + w w^T v q   (|w| = 1)
    R = I,                                    t = v q                          (w = 0)

Sampling ``q`` over ``[lower, upper]`` (``[-pi, pi]`` for continuous joints) gives:

* ``motion.leaves_bounds`` (warning): the moved part exits the object's rest bounding box by
  more than ``tol.MOTION_BOUNDS`` object diagonals (a wrong axis, sign, unit or range);
* ``motion.axis_far`` (warning): a rotation axis whose line passes farther than
  ``tol.AXIS_FAR`` child-part diagonals from the child part's bounding box;
* ``joint.limit.travel_implausible`` (warning): prismatic travel above
  ``tol.PRISMATIC_TRAVEL`` child-part diagonals.
"""

from __future__ import annotations

import math

import numpy as np

from arena_core.model.articulated import ROTATING_TYPES, ArticulatedObject, Joint
from arena_core.util import tolerances as tol
from arena_core.verify.base import Context, ensure_context, joint_loc, subtree_links
from arena_core.verify.geometry import bounds
from schemas.issues import Issue, issue

#: Joint coordinates sampled per joint (ends included).
MOTION_SAMPLES = 9


def twist_exp(twist: np.ndarray, q: float) -> np.ndarray:
    """``(4, 4)`` rigid motion ``exp(q xi^)`` of a twist ``(6,)`` with ``|w|`` 1 or 0.

    >>> T = twist_exp(np.array([0, 0, 1, 0, -1, 0.0]), np.pi)  # about z through (1, 0, 0)
    >>> (np.round(T[:3, 3], 12) + 0.0).tolist()
    [2.0, 0.0, 0.0]
    """
    return _TwistMotion(twist)(q)


class _TwistMotion:
    """:func:`twist_exp` of one twist at many ``q``: what does not depend on ``q`` (the
    skew matrix, its square, ``w x v``, ``w w^T v``) computed once, the same floats."""

    def __init__(self, twist: np.ndarray):
        w, v = np.asarray(twist[:3], float), np.asarray(twist[3:], float)
        self.v = v
        self.pure = bool(np.linalg.norm(w) <= tol.ZERO_AXIS)
        if not self.pure:
            self.k = np.array([[0.0, -w[2], w[1]], [w[2], 0.0, -w[0]], [-w[1], w[0], 0.0]])
            self.kk = self.k @ self.k
            self.cross = np.cross(w, v)
            self.along = w * (w @ v)

    def __call__(self, q: float) -> np.ndarray:
        out = np.eye(4)
        if self.pure:
            out[:3, 3] = self.v * q
            return out
        rot = np.eye(3) + math.sin(q) * self.k + (1.0 - math.cos(q)) * self.kk
        out[:3, :3] = rot
        out[:3, 3] = (np.eye(3) - rot) @ self.cross + self.along * q
        return out


def check_motion(obj: ArticulatedObject, ctx: Context | None = None) -> list[Issue]:
    """Sweep every moving joint with usable data; see the module docstring for the codes."""
    ctx = ensure_context(obj, ctx)
    everything = ctx.geometry.root_points(obj)
    if len(everything) == 0:
        return []
    lo, hi, diag = bounds(everything)
    with np.errstate(invalid="ignore", over="ignore"):  # NaN axes: reported by check_joints
        twists, axes, points = obj.twists(), obj.axes(), obj.points()
    issues: list[Issue] = []
    for i, joint in enumerate(obj.joints):
        part = ctx.geometry.root_points(obj, subtree_links(obj, joint.child))
        qs = _samples(joint)
        if len(part) == 0 or qs is None or not _usable(twists[i], points[i]):
            continue
        issues += _leaves_bounds(joint, twists[i], qs, part, (lo, hi, diag))
        if joint.type in ROTATING_TYPES:
            issues += _axis_far(joint, points[i], axes[i], part, diag)
        if joint.type == "prismatic":
            issues += _travel(joint, part)
    return issues


def _samples(joint: Joint) -> np.ndarray | None:
    """Joint coordinates to visit, or ``None`` when the limits are unusable."""
    if not joint.moving:
        return None
    lo, hi = float(joint.lower), float(joint.upper)
    if joint.type in ROTATING_TYPES and math.isinf(lo) and math.isinf(hi):
        return np.linspace(-math.pi, math.pi, MOTION_SAMPLES)
    if not (math.isfinite(lo) and math.isfinite(hi)) or lo > hi:
        return None
    return np.linspace(lo, hi, MOTION_SAMPLES)


def _usable(twist: np.ndarray, point: np.ndarray) -> bool:
    return bool(np.all(np.isfinite(twist)) and np.all(np.isfinite(point))
                and np.linalg.norm(twist) > tol.ZERO_AXIS)


def _leaves_bounds(joint: Joint, twist: np.ndarray, qs: np.ndarray, part: np.ndarray,
                   box: tuple[np.ndarray, np.ndarray, float]) -> list[Issue]:
    lo, hi, diag = box
    worst, worst_q = 0.0, float(qs[0])
    motion = _TwistMotion(twist)
    for q in qs:
        pose = motion(float(q))
        moved = part @ pose[:3, :3].T + pose[:3, 3]
        excess = max(float((lo - moved.min(axis=0)).max()), float((moved.max(axis=0) - hi).max()))
        if excess > worst:
            worst, worst_q = excess, float(q)
    if worst > tol.MOTION_BOUNDS * diag:
        return [issue("motion.leaves_bounds",
                      f"at q = {worst_q:.6g} the part {joint.child!r} is {worst:.4g} m outside "
                      f"the object's rest bounding box (diagonal {diag:.4g} m): wrong axis, "
                      "sign, units or range?", location=joint_loc(joint))]
    return []


def _axis_far(joint: Joint, point: np.ndarray, axis: np.ndarray, part: np.ndarray,
              object_diag: float) -> list[Issue]:
    lo, hi, size = bounds(part)
    size = size if size > 0 else object_diag
    if _gap_at_center(point, axis, lo, hi) <= tol.AXIS_FAR * size:
        return []  # line_box_distance is at most this gap (it returns the least it saw)
    distance = line_box_distance(point, axis, lo, hi)
    if size > 0 and distance > tol.AXIS_FAR * size:
        return [issue("motion.axis_far",
                      f"the rotation axis passes {distance:.4g} m from part {joint.child!r} "
                      f"(part diagonal {size:.4g} m)", location=joint_loc(joint))]
    return []


def _travel(joint: Joint, part: np.ndarray) -> list[Issue]:
    _, _, size = bounds(part)
    travel = float(joint.upper) - float(joint.lower)
    if size > 0 and travel > tol.PRISMATIC_TRAVEL * size:
        return [issue("joint.limit.travel_implausible",
                      f"prismatic travel {travel:.4g} m is {travel / size:.3g} times the "
                      f"moving part's diagonal ({size:.4g} m)", location=joint_loc(joint))]
    return []


def line_box_distance(point: np.ndarray, axis: np.ndarray, lo: np.ndarray,
                      hi: np.ndarray) -> float:
    """Distance (m) from the line ``point + t axis`` (unit ``axis``) to the box ``[lo, hi]``.

    The distance to a box is convex along the line, so a bounded scalar search over the
    window that must contain the minimum is exact to the solver tolerance.

    >>> float(round(line_box_distance(np.array([3.0, 0, 0]), np.array([0, 0, 1.0]),
    ...                               np.zeros(3), np.ones(3)), 9))
    2.0
    """
    from scipy.optimize import minimize_scalar

    center = 0.5 * (lo + hi)
    half = float(np.linalg.norm(hi - lo))
    t0 = float(axis @ (center - point))
    reach = float(np.linalg.norm(center - point)) + half

    def gap(t: float) -> float:
        return _box_gap(point + t * axis, lo, hi)

    if reach == 0.0:
        return gap(t0)
    best = minimize_scalar(gap, bounds=(t0 - reach, t0 + reach), method="bounded",
                           options={"xatol": tol.ORACLE * max(reach, 1.0)})
    return min(float(best.fun), gap(t0))


def _box_gap(x: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> float:
    """Distance (m) from the point ``x`` ``(3,)`` to the box ``[lo, hi]``."""
    return float(np.linalg.norm(np.maximum(lo - x, 0.0) + np.maximum(x - hi, 0.0)))


def _gap_at_center(point: np.ndarray, axis: np.ndarray, lo: np.ndarray,
                   hi: np.ndarray) -> float:
    """The distance to the box of the line's point nearest the box center: the value
    :func:`line_box_distance` starts from (the same floats), an upper bound of its result."""
    t0 = float(axis @ (0.5 * (lo + hi) - point))
    return _box_gap(point + t0 * axis, lo, hi)
