"""A URDF ``spherical`` joint (PyBullet's ball joint; pybullet_data's humanoid has eight) is
read as three joints about x, y, z of the joint frame, as the MJCF reader writes MuJoCo's
``ball`` -- issue 28: it was refused as ``joint.type.unsupported``, which PyBullet loads.
The canonical object moves as PyBullet moves the source: the spherical joint set to the
quaternion of the three angles places the arm where the three joints do."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from scipy.spatial.transform import Rotation

from tests.flows.test_validate_cli import validate

pybullet = pytest.importorskip("pybullet")

SHOULDER = Path(__file__).resolve().parents[1] / "fixtures" / "urdf" / "spherical_shoulder.urdf"
#: PyBullet's getLinkState is float32 (issue 28 asks 1e-6 of PyBullet).
PYBULLET_TOLERANCE = 1e-6


def _relative(client: int, body: int, names: tuple[str, str]) -> np.ndarray:
    """The pose of link ``names[1]`` in the frame of link ``names[0]`` (URDF link frames)."""
    index = {pybullet.getJointInfo(body, j, physicsClientId=client)[12].decode(): j
             for j in range(pybullet.getNumJoints(body, physicsClientId=client))}
    poses = []
    for name in names:
        state = pybullet.getLinkState(body, index[name], computeForwardKinematics=True,
                                      physicsClientId=client)
        pose = np.eye(4)
        pose[:3, :3] = Rotation.from_quat(state[5]).as_matrix()
        pose[:3, 3] = state[4]
        poses.append(pose)
    return np.linalg.inv(poses[0]) @ poses[1]


def test_a_spherical_joint_is_three_joints_that_move_as_pybullet_moves_it(tmp_path):
    status, report = validate(SHOULDER, "--out", tmp_path / "out")
    assert status == 0, report["reasons"]
    record = json.loads((tmp_path / "out" / "record.json").read_text())
    assert [j["name"] for j in record["joints"] if j["type"] != "fixed"] == [
        "shoulder_x", "shoulder_y", "shoulder_z"]
    assert "urdf.joint.spherical" in {i["code"] for i in report["issues"]}
    canonical = tmp_path / "out" / report["canonical_urdf"]
    client = pybullet.connect(pybullet.DIRECT)
    try:
        source = pybullet.loadURDF(str(SHOULDER), useFixedBase=True, physicsClientId=client)
        ball = next(j for j in range(pybullet.getNumJoints(source, physicsClientId=client))
                    if pybullet.getJointInfo(source, j, physicsClientId=client)[1] == b"shoulder")
        target = pybullet.loadURDF(str(canonical), useFixedBase=True, physicsClientId=client)
        joints = {pybullet.getJointInfo(target, j, physicsClientId=client)[1].decode(): j
                  for j in range(pybullet.getNumJoints(target, physicsClientId=client))}
        rng = np.random.default_rng(0)
        for angles in [np.zeros(3), *rng.uniform(-np.pi, np.pi, (5, 3))]:
            quat = Rotation.from_matrix(
                Rotation.from_euler("x", angles[0]).as_matrix()
                @ Rotation.from_euler("y", angles[1]).as_matrix()
                @ Rotation.from_euler("z", angles[2]).as_matrix()).as_quat()
            pybullet.resetJointStateMultiDof(source, ball, targetValue=list(quat),
                                             physicsClientId=client)
            for axis, angle in zip("xyz", angles, strict=True):
                pybullet.resetJointState(target, joints[f"shoulder_{axis}"], float(angle),
                                         physicsClientId=client)
            want = _relative(client, source, ("torso", "arm"))
            got = _relative(client, target, ("torso", "arm"))
            assert np.abs(got - want).max() <= PYBULLET_TOLERANCE, angles
    finally:
        pybullet.disconnect(client)
