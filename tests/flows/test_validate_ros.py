"""``arena validate`` on ROS description layouts (``tests/fixtures/ros``): packages found up
the tree and on the ROS search paths, the package as the object's root, one id per file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.flows.test_validate_cli import validate
from tests.hostile import urdf_text

ROS = Path(__file__).resolve().parents[1] / "fixtures" / "ros"
PACKAGE = ROS / "share" / "demo-data"
DESCRIPTION = PACKAGE / "robots" / "arm_description"
ARM = DESCRIPTION / "urdf" / "arm.urdf"


@pytest.fixture(autouse=True)
def _no_ros_environment(monkeypatch):
    for name in ("ROS_PACKAGE_PATH", "AMENT_PREFIX_PATH"):
        monkeypatch.delenv(name, raising=False)


def _record(out: Path) -> dict:
    return json.loads((out / "record.json").read_text())


def test_a_lone_urdf_finds_its_package_three_folders_up(tmp_path):
    """``share/demo-data/robots/arm_description/urdf/arm.urdf``: ``package://demo-data/...``
    and ``../meshes/link.obj`` resolve inside the package, which is the object's root."""
    status, report = validate(ARM, "--out", tmp_path / "out")
    assert status == 0, report["reasons"]
    assert report["object_id"] == "arm"
    assert report["urdf"] == "robots/arm_description/urdf/arm.urdf"
    assert not [i for i in report["issues"] if i["code"].startswith("mesh.")]
    files = [f["path"] for f in _record(tmp_path / "out")["files"]]
    assert files == ["robots/arm_description/meshes/base.obj",
                     "robots/arm_description/meshes/link.obj",
                     "robots/arm_description/urdf/arm.urdf"]


@pytest.mark.parametrize("args", [
    (DESCRIPTION,),
    (DESCRIPTION / "urdf", "--urdf", "arm.urdf"),
    (PACKAGE, "--urdf", "robots/arm_description/urdf/arm.urdf"),
], ids=["description", "urdf-folder", "package"])
def test_a_file_and_its_folders_give_the_same_object(tmp_path, args):
    validate(ARM, "--out", tmp_path / "file")
    status, report = validate(*args, "--out", tmp_path / "folder")
    if args[0] == DESCRIPTION:  # three robots there: the folder needs --urdf
        assert status == 1 and report["reasons"] == ["input.ambiguous"]
        status, report = validate(*args, "--urdf", "urdf/arm.urdf", "--out", tmp_path / "folder")
    assert status == 0, report["reasons"]
    assert _record(tmp_path / "folder") == _record(tmp_path / "file")


def test_each_robot_of_a_folder_is_its_own_object(tmp_path):
    ids = set()
    for name in ("arm", "gripper"):
        status, report = validate(DESCRIPTION, "--urdf", f"urdf/{name}.urdf",
                                  "--out", tmp_path / name)
        assert status == 0, report["reasons"]
        ids.add(report["object_id"])
    assert ids == {"arm", "gripper"}


def test_a_path_leaving_the_package_is_still_an_escape(tmp_path):
    """``../../../../../outside.obj`` exists, inside the fixtures, outside the package."""
    assert (ROS / "outside.obj").is_file()
    for args in ((DESCRIPTION / "urdf" / "arm_escape.urdf",),
                 (ROS, "--urdf", "share/demo-data/robots/arm_description/urdf/arm_escape.urdf")):
        status, report = validate(*args, "--out", tmp_path / "out")
        assert status == 1 and report["reasons"] == ["mesh.path.escapes"], report["reasons"]


@pytest.mark.parametrize("variable, value, name", [
    ("ROS_PACKAGE_PATH", ROS / "share", "demo_descriptions"),
    ("AMENT_PREFIX_PATH", ROS, "demo-data"),
])
def test_packages_on_the_ros_search_paths(tmp_path, monkeypatch, variable, value, name):
    """A URDF outside any package names one installed elsewhere: found only through the
    environment (ROS 1 by its declared name, ROS 2 by its ``share`` folder)."""
    urdf = tmp_path / "robot" / "robot.urdf"
    urdf.parent.mkdir()
    mesh = f"package://{name}/robots/arm_description/meshes/link.obj"
    urdf.write_text(urdf_text("robot", mesh=mesh).replace('filename="m.obj"', f'filename="{mesh}"'))
    status, report = validate(urdf, "--out", tmp_path / "out")
    assert status == 1 and report["reasons"] == ["mesh.path.package_unresolved"]
    monkeypatch.setenv(variable, f"{tmp_path / 'nowhere'}:{value}")
    status, report = validate(urdf, "--out", tmp_path / "out")
    assert status == 0, report["reasons"]
    assert [f["path"] for f in _record(tmp_path / "out")["files"]] == [
        f"{name}/robots/arm_description/meshes/link.obj", "robot.urdf"]


def test_a_description_without_package_xml_is_rooted_above_its_urdf_folder(tmp_path):
    """``gripper_description/urdf/gripper.urdf`` naming ``../meshes/...``, no package.xml:
    the file alone was mesh.path.escapes, its folder accepted."""
    gripper = ROS / "gripper_description"
    status, report = validate(gripper / "urdf" / "gripper.urdf", "--out", tmp_path / "file")
    assert status == 0, report["reasons"]
    assert (report["object_id"], report["urdf"]) == ("gripper", "urdf/gripper.urdf")
    status, report = validate(gripper, "--out", tmp_path / "folder")
    assert status == 0, report["reasons"]
    assert _record(tmp_path / "folder") == _record(tmp_path / "file")


def test_a_package_without_package_xml_is_the_folder_of_its_name(tmp_path):
    """``plain_robot/description/urdf/plain.urdf`` naming ``package://plain_robot/...``."""
    urdf = ROS / "plain_robot" / "description" / "urdf" / "plain.urdf"
    status, report = validate(urdf, "--out", tmp_path / "file")
    assert status == 0, report["reasons"]
    assert report["urdf"] == "description/urdf/plain.urdf"
    assert [i["code"] for i in report["issues"] if i["code"].startswith("mesh.")] == [
        "mesh.path.package_guessed"]
    status, report = validate(ROS / "plain_robot", "--out", tmp_path / "folder")
    assert status == 0 and _record(tmp_path / "folder") == _record(tmp_path / "file")
