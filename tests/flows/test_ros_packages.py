"""Where ROS packages are: ``package.xml`` up the tree, ``share/NAME`` and the search paths."""

from __future__ import annotations

from pathlib import Path

from flows.adapters.ros_packages import (
    MAX_PACKAGE_LEVELS,
    description_root,
    enclosing_package,
    search_path_packages,
)
from flows.adapters.urdf_refs import find_packages

ROS = Path(__file__).resolve().parents[1] / "fixtures" / "ros"
PACKAGE = ROS / "share" / "demo-data"


def test_an_installed_package_answers_to_its_folder_and_its_declared_name():
    packages, issues = find_packages(ROS)
    assert packages == {"demo-data": PACKAGE, "demo_descriptions": PACKAGE} and not issues


def test_a_declared_name_wins_over_a_share_folder_of_that_name(tmp_path):
    for folder, name in (("share/a", "b"), ("src/b2", "a")):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "package.xml").write_text(f"<package><name>{name}</name></package>")
    packages, _ = find_packages(tmp_path)
    assert packages == {"a": tmp_path / "src" / "b2", "b": tmp_path / "share" / "a"}


def test_the_enclosing_package_is_the_nearest_and_stays_below_stop(tmp_path):
    deep = PACKAGE / "robots" / "arm_description" / "urdf"
    assert enclosing_package(deep) == PACKAGE
    assert enclosing_package(deep, stop=PACKAGE / "robots") is None
    assert enclosing_package(ROS) is None
    far = tmp_path.joinpath(*["d"] * (MAX_PACKAGE_LEVELS + 1))
    far.mkdir(parents=True)
    (tmp_path / "package.xml").write_text("<package><name>top</name></package>")
    assert enclosing_package(far.parent) == tmp_path and enclosing_package(far) is None


def test_search_paths_earlier_entries_win_and_missing_ones_are_skipped(tmp_path):
    for entry in ("one", "two"):
        (tmp_path / entry / "p").mkdir(parents=True)
        (tmp_path / entry / "p" / "package.xml").write_text("<package><name>p</name></package>")
    env = {"ROS_PACKAGE_PATH": f"{tmp_path / 'one'}:{tmp_path / 'none'}:{tmp_path / 'two'}"}
    assert search_path_packages(env) == {"p": tmp_path / "one" / "p"}
    assert search_path_packages({"AMENT_PREFIX_PATH": str(ROS)}) == {
        "demo-data": PACKAGE, "demo_descriptions": PACKAGE}
    assert search_path_packages({}) == {}


def test_the_description_root_is_the_package_else_the_folder_above_urdf(tmp_path):
    arm = PACKAGE / "robots" / "arm_description" / "urdf" / "arm.urdf"
    gripper = ROS / "gripper_description" / "urdf" / "gripper.urdf"
    assert description_root(arm) == PACKAGE
    assert description_root(gripper) == ROS / "gripper_description"
    assert description_root(gripper, stop=gripper.parent) is None
    (tmp_path / "robot.urdf").write_text("<robot name='r'/>")
    assert description_root(tmp_path / "robot.urdf") is None


def test_a_folder_named_like_a_named_package_is_the_description_root():
    urdf = ROS / "plain_robot" / "description" / "urdf" / "plain.urdf"
    assert description_root(urdf, named={"plain_robot"}) == ROS / "plain_robot"
    assert description_root(urdf) == ROS / "plain_robot" / "description"  # urdf/ folder
    assert description_root(urdf, named={"plain_robot"}, stop=urdf.parent.parent) == \
        ROS / "plain_robot" / "description"
