"""Pinocchio's forward kinematics of a SOURCE URDF against the canonical object it became.

``source_fk_distance(source, record, canonical)`` loads both URDFs in Pinocchio (model only,
``<mimic>`` ignored in both), sets every joint they share to the same coordinate and returns
the largest distance between a source link's pose mapped by the record's normalization
transform (``x -> R (s x) + t``) and the canonical pose of that link (renamed as the record
says), over the rest pose and ``seeds`` random configurations within the joints' limits. The source's root link is left out when it is the
canonical root too: the canonical root is the object frame, where the source root's frame is
the transform itself.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np

#: Coordinates drawn for joints without finite limits (radians or meters).
FREE_RANGE = math.pi


def _model(path: Path):
    import pinocchio

    model = pinocchio.buildModelFromUrdf(str(path))
    return model, model.createData()


def _coordinates(model, q: dict[str, float]) -> np.ndarray:
    import pinocchio

    coords = pinocchio.neutral(model)
    for jid in range(1, model.njoints):
        name, joint = model.names[jid], model.joints[jid]
        if name not in q:
            continue
        if joint.nq == 2:  # continuous: (cos q, sin q)
            coords[joint.idx_q:joint.idx_q + 2] = math.cos(q[name]), math.sin(q[name])
        elif joint.nq == 1:
            coords[joint.idx_q] = q[name]
    return coords


def _poses(model, data, q: dict[str, float]) -> dict[str, np.ndarray]:
    import pinocchio

    pinocchio.framesForwardKinematics(model, data, _coordinates(model, q))
    body = pinocchio.FrameType.BODY
    return {f.name: data.oMf[i].homogeneous.copy() for i, f in enumerate(model.frames)
            if f.type == body}


def _root(model) -> str:
    """The name of the root link (the first body frame: the one on the universe joint)."""
    import pinocchio

    return next(f.name for f in model.frames if f.type == pinocchio.FrameType.BODY)


def _draw(model, rng: np.random.Generator) -> dict[str, float]:
    q = {}
    for jid in range(1, model.njoints):
        joint = model.joints[jid]
        if joint.nq not in (1, 2):
            continue
        lo, hi = -FREE_RANGE, FREE_RANGE
        if joint.nq == 1:
            low, up = model.lowerPositionLimit[joint.idx_q], model.upperPositionLimit[joint.idx_q]
            if np.isfinite(low) and np.isfinite(up) and up - low < 1e6:
                lo, hi = float(low), float(up)
        q[model.names[jid]] = float(rng.uniform(lo, hi))
    return q


def source_fk_distance(source: Path, record: dict, canonical: Path, *, seeds: int = 5,
                       seed: int = 0) -> tuple[float, int]:
    """``(largest pose difference, links compared)`` (module docstring); the difference
    of two poses is the largest absolute entry of their 4x4 difference."""
    (src, src_data), (can, can_data) = _model(source), _model(canonical)
    t = record["transform"]
    normal = np.eye(4)
    normal[:3, :3], normal[:3, 3] = np.asarray(t["rotation"]), np.asarray(t["translation"])
    scale = np.diag([t["scale"]] * 3 + [1.0])
    renamed = record.get("renamed_links", {})
    root = _root(src)
    if renamed.get(root, root) == _root(can):  # the canonical root is the object frame: the
        renamed = {**renamed, root: None}      # source root's frame became N, no link's
    rng = np.random.default_rng(seed)
    worst, compared = 0.0, 0
    for k in range(seeds + 1):
        q = {} if k == 0 else _draw(src, rng)
        got, want = _poses(can, can_data, q), _poses(src, src_data, q)
        for name, pose in want.items():
            mapped = normal @ scale @ pose
            mapped[:3, :3] = normal[:3, :3] @ pose[:3, :3]  # a scale moves points, not frames
            other = got.get(renamed.get(name, name)) if renamed.get(name, name) else None
            if other is not None:
                worst, compared = max(worst, float(np.abs(other - mapped).max())), compared + 1
    return worst, compared
