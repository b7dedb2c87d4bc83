"""Forward kinematics of an object at any joint configuration (the reference every engine
is compared with).

A joint with coordinate ``q`` moves its child, in the joint frame (the child frame at rest),
by ``M(q)``: a rotation by ``q`` about the unit axis (revolute, continuous), a translation
``q a`` (prismatic), both with the translation ``h q a`` (helical, pitch ``h`` in m/rad), the
identity (fixed). The child's pose is ``T_parent @ origin @ M(q)``. A mimic joint's
coordinate is ``multiplier * q_source + offset`` whatever the configuration says.

Example:
    >>> import numpy as np
    >>> from arena_core.model.articulated import ArticulatedObject, Joint, Link
    >>> hinge = Joint("h", "helical", "base", "nut", np.eye(4), np.array([0.0, 0, 1]),
    ...               lower=0.0, upper=6.0, pitch=0.01)
    >>> obj = ArticulatedObject.from_parts("screw", [Link("base"), Link("nut")], [hinge])
    >>> pose = link_poses(obj, {"h": np.pi})["nut"]
    >>> np.round(pose[:3, 3], 6).tolist(), round(float(pose[0, 0]), 6)
    ([0.0, 0.0, 0.031416], -1.0)
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from arena_core.model.articulated import ArticulatedObject, Joint, joints_parent_first
from arena_core.util import tolerances as tol


def joint_motion(joint: Joint, q: float) -> np.ndarray:
    """``(4, 4)`` motion of ``joint``'s child in the joint frame at coordinate ``q``."""
    out = np.eye(4)
    if joint.type == "fixed":
        return out
    axis = np.asarray(joint.axis_local, dtype=float)
    norm = float(np.linalg.norm(axis))
    if norm <= tol.ZERO_AXIS:
        return out
    axis = axis / norm
    if joint.type == "prismatic":
        out[:3, 3] = q * axis
        return out
    out[:3, :3] = rotation(axis, q)
    if joint.type == "helical":
        out[:3, 3] = joint.pitch * q * axis
    return out


def rotation(axis: np.ndarray, angle: float) -> np.ndarray:
    """``(3, 3)`` rotation by ``angle`` (rad) about the unit ``axis`` (Rodrigues)."""
    x, y, z = axis
    k = np.array([[0.0, -z, y], [z, 0.0, -x], [-y, x, 0.0]])
    return np.eye(3) + np.sin(angle) * k + (1.0 - np.cos(angle)) * (k @ k)


def configuration(obj: ArticulatedObject, q: Mapping[str, float]) -> dict[str, float]:
    """Every joint's coordinate: ``q`` (missing joints at 0), mimic joints from their source,
    through chains in any order (reachy2's finger mimics a joint that mimics another; on a
    cycle of mimics, the joint the walk meets twice keeps its own coordinate)."""
    out = {j.name: float(q.get(j.name, 0.0)) for j in obj.joints}
    mimics = {j.name: j.mimic for j in obj.joints if j.mimic is not None and j.mimic.joint in out}
    resolved: dict[str, float] = {}
    for start in mimics:
        path, name = [], start
        while name in mimics and name not in resolved and name not in path:
            path.append(name)
            name = mimics[name].joint
        value = resolved.get(name, out[name])
        for follower in reversed(path):
            value = mimics[follower].multiplier * value + mimics[follower].offset
            resolved[follower] = value
    return out | resolved


def link_poses(obj: ArticulatedObject, q: Mapping[str, float]) -> dict[str, np.ndarray]:
    """``{link: (4, 4) pose in the root frame}`` at the configuration ``q`` (rad or m)."""
    coords = configuration(obj, q)
    poses = {obj.root: np.eye(4)}
    for j in joints_parent_first(obj.root, obj.children):
        poses[j.child] = poses[j.parent] @ np.asarray(j.origin_local, float) @ joint_motion(
            j, coords[j.name])
    return poses


def random_configurations(obj: ArticulatedObject, k: int, rng: np.random.Generator
                          ) -> list[dict[str, float]]:
    """``k`` configurations drawn uniformly within each moving joint's limits (continuous
    joints and unbounded ones in ``[-pi, pi]``); mimic joints follow their source."""
    out = []
    for _ in range(k):
        q = {}
        for j in obj.joints:
            if not j.moving or j.mimic is not None:
                continue
            lo, hi = j.lower, j.upper
            if not (np.isfinite(lo) and np.isfinite(hi)) or hi < lo:
                lo, hi = -np.pi, np.pi
            q[j.name] = float(rng.uniform(lo, hi))
        out.append(configuration(obj, q))
    return out
