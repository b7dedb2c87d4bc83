"""Accepted objects move like their SOURCE URDF in Pinocchio (rest pose and seeded
configurations, after the recorded normalization transform, to 1e-9): the ROS fixture and,
when the ``example-robot-data`` distribution is installed, robots of Pinocchio's own set."""

from __future__ import annotations

import json
import sysconfig
from pathlib import Path

import pytest

from tests.flows.test_validate_cli import validate
from tests.source_fk import source_fk_distance

pytest.importorskip("pinocchio")

#: The agreement asked of Pinocchio's kinematics (issue 28).
FK_TOLERANCE = 1e-9
ARM = (Path(__file__).resolve().parents[1] / "fixtures" / "ros" / "share" / "demo-data" /
       "robots" / "arm_description" / "urdf" / "arm.urdf")
ERD = Path(sysconfig.get_paths()["purelib"]) / "cmeel.prefix" / "share" / "example-robot-data"
#: One robot per case met: an arm with package meshes, [-10, 10] legs, SDF rotors read as
#: continuous, COLLADA feet with a broken material, package:/// meshes.
ERD_ROBOTS = ("ur_description/urdf/ur5_robot.urdf", "bolt_description/robots/bolt.urdf",
              "iris_description/robots/iris.urdf",
              "anymal_b_simple_description/robots/anymal.urdf",
              "talos_data/robots/talos_full_v2.urdf")


def _check(source: Path, out: Path) -> None:
    status, report = validate(source, "--out", out)
    assert status == 0, report["reasons"]
    record = json.loads((out / "record.json").read_text())
    distance, compared = source_fk_distance(source, record, out / report["canonical_urdf"])
    assert compared >= 1 + 5 and distance <= FK_TOLERANCE, (distance, compared)


def test_the_ros_fixture_moves_like_its_source(tmp_path):
    _check(ARM, tmp_path / "out")


@pytest.mark.slow
@pytest.mark.skipif(not ERD.is_dir(), reason="example-robot-data is not installed")
@pytest.mark.parametrize("rel", ERD_ROBOTS)
def test_example_robot_data_moves_like_its_source(tmp_path, rel):
    _check(ERD / "robots" / rel, tmp_path / "out")
