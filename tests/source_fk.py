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


def library_roots(manifests) -> dict[str, Path]:
    """Source name -> installed folder of each ``urdf_folder`` manifest of ``manifests``
    (paths) whose distribution is installed at its pinned version (the others are left out:
    their record cannot be compared with a source file)."""
    from flows.packages import package_root
    from schemas.errors import ArenaError
    from schemas.sources import load_source_manifest

    roots = {}
    for path in manifests:
        manifest = load_source_manifest(path)
        if manifest.adapter != "urdf_folder":
            continue
        try:
            roots[manifest.name] = package_root(manifest, manifest.name)
        except ArenaError:
            continue
    return roots


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


# ----------------------------------------------------------------------------- PyBullet
#: PyBullet joint types: revolute, prismatic, spherical (its ball joint; the reader writes it
#: as the joints NAME_x, NAME_y, NAME_z about the joint frame's axes, in this order).
_PB_REVOLUTE, _PB_PRISMATIC, _PB_SPHERICAL = 0, 1, 2


def pybullet_fk_distance(source: Path, record: dict, canonical: Path, *, seeds: int = 5,
                         seed: int = 0) -> tuple[float, int]:
    """:func:`source_fk_distance` in PyBullet, for sources Pinocchio's URDF parser refuses
    (PyBullet's spherical joints, xacro substitutions, a ``<limit>`` without ``effort``):
    both files loaded with a fixed base, every link's frame taken relative to the root
    link's, joints set by name (``<mimic>`` ignored in both; a spherical joint set to the
    rotation of its three angles). PyBullet's link states are float32 (1e-7 floor)."""
    import pybullet

    client = pybullet.connect(pybullet.DIRECT)
    try:
        src = pybullet.loadURDF(str(source), useFixedBase=True, physicsClientId=client)
        can = pybullet.loadURDF(str(canonical), useFixedBase=True, physicsClientId=client)
        t = record["transform"]
        normal = np.eye(4)
        normal[:3, :3], normal[:3, 3] = np.asarray(t["rotation"]), np.asarray(t["translation"])
        scale = np.diag([t["scale"]] * 3 + [1.0])
        renamed = record.get("renamed_links", {})
        src_joints, can_joints = _pb_joints(client, src), _pb_joints(client, can)
        rng = np.random.default_rng(seed)
        worst, compared = 0.0, 0
        for k in range(seeds + 1):
            for name, (index, kind, low, high) in src_joints.items():
                if kind == _PB_SPHERICAL:
                    angles = np.zeros(3) if k == 0 else rng.uniform(-FREE_RANGE, FREE_RANGE, 3)
                    rotation = _axis_rotation(0, angles[0]) @ _axis_rotation(1, angles[1]) \
                        @ _axis_rotation(2, angles[2])
                    pybullet.resetJointStateMultiDof(src, index, _quaternion(rotation),
                                                     physicsClientId=client)
                    for axis, angle in zip("xyz", angles, strict=True):
                        pybullet.resetJointState(can, can_joints[f"{name}_{axis}"][0],
                                                 float(angle), physicsClientId=client)
                    continue
                bounded = low < high and np.isfinite(low) and np.isfinite(high) and high - low < 1e6
                value = 0.0 if k == 0 else float(rng.uniform(low, high) if bounded else
                                                  rng.uniform(-FREE_RANGE, FREE_RANGE))
                pybullet.resetJointState(src, index, value, physicsClientId=client)
                if name in can_joints:
                    pybullet.resetJointState(can, can_joints[name][0], value,
                                             physicsClientId=client)
            want, got = _pb_poses(client, src), _pb_poses(client, can)
            for name, pose in want.items():
                target = renamed.get(name, name)
                if target not in got or name == next(iter(want)):
                    continue  # the source root's frame became the transform itself
                mapped = normal @ scale @ pose
                mapped[:3, :3] = normal[:3, :3] @ pose[:3, :3]
                worst = max(worst, float(np.abs(got[target] - mapped).max()))
                compared += 1
        return worst, compared
    finally:
        pybullet.disconnect(client)


def _pb_joints(client: int, body: int) -> dict[str, tuple[int, int, float, float]]:
    """Moving joints by name: (index, PyBullet type, lower, upper)."""
    import pybullet

    out = {}
    for j in range(pybullet.getNumJoints(body, physicsClientId=client)):
        info = pybullet.getJointInfo(body, j, physicsClientId=client)
        if info[2] in (_PB_REVOLUTE, _PB_PRISMATIC, _PB_SPHERICAL):
            out[info[1].decode()] = (j, info[2], float(info[8]), float(info[9]))
    return out


def _pb_poses(client: int, body: int) -> dict[str, np.ndarray]:
    """Every link's URDF frame relative to the root link's frame, by link name (root first)."""
    import pybullet

    com_pos, com_orn = pybullet.getBasePositionAndOrientation(body, physicsClientId=client)
    dyn = pybullet.getDynamicsInfo(body, -1, physicsClientId=client)
    root = _pose(com_pos, com_orn) @ np.linalg.inv(_pose(dyn[3], dyn[4]))
    inverse = np.linalg.inv(root)
    root_name = pybullet.getBodyInfo(body, physicsClientId=client)[0].decode()
    poses = {root_name: np.eye(4)}
    for j in range(pybullet.getNumJoints(body, physicsClientId=client)):
        name = pybullet.getJointInfo(body, j, physicsClientId=client)[12].decode()
        state = pybullet.getLinkState(body, j, computeForwardKinematics=True,
                                      physicsClientId=client)
        poses[name] = inverse @ _pose(state[4], state[5])
    return poses


def _pose(position, quaternion) -> np.ndarray:
    x, y, z, w = (float(v) for v in quaternion)
    pose = np.eye(4)
    pose[:3, :3] = [[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
                    [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
                    [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]]
    pose[:3, 3] = [float(v) for v in position]
    return pose


def _axis_rotation(axis: int, angle: float) -> np.ndarray:
    c, s = math.cos(angle), math.sin(angle)
    i, j = [(1, 2), (2, 0), (0, 1)][axis]
    rotation = np.eye(3)
    rotation[i, i], rotation[i, j], rotation[j, i], rotation[j, j] = c, -s, s, c
    return rotation


def _quaternion(rotation: np.ndarray) -> list[float]:
    """(x, y, z, w) of a rotation matrix."""
    from scipy.spatial.transform import Rotation

    return [float(v) for v in Rotation.from_matrix(rotation).as_quat()]
