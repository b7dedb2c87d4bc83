"""The reader's repairs of what real libraries ship (arena_core.formats.urdf.repair, arena_core.formats.urdf.read).

Each case is a tiny hand-written URDF modelled on a shipped file (PyBullet's husky and
racecar, ManiSkill's trifinger and panda, Genesis's tower, minitaur / ANYmal C); the repair
is a warning with its own code and keeps the file's meaning, or the object is refused with
an error code when it cannot be trusted.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from numpy.testing import assert_allclose

from arena_core.formats.urdf.read import UrdfError, read_urdf
from arena_core.util import tolerances as tol

INERTIAL = ('<inertial><mass value="1"/><inertia ixx="0.01" iyy="0.01" izz="0.01" ixy="0" '
            'ixz="0" iyz="0"/></inertial>')
BOX = '<visual><geometry><box size="0.1 0.1 0.1"/></geometry></visual>'


def _robot(joint_body: str = '<axis xyz="0 0 1"/><limit lower="0" upper="1" effort="1" '
           'velocity="1"/>', *, jtype: str = "revolute", extra: str = "", base: str = BOX,
           arm: str = BOX, head: str = '<robot name="r">') -> str:
    return (f'{head}<link name="base">{base}{INERTIAL}</link>'
            f'<link name="arm">{arm}{INERTIAL}</link>'
            f'<joint name="j" type="{jtype}"><parent link="base"/><child link="arm"/>'
            f'{joint_body}</joint>{extra}</robot>')


def _read(tmp_path: Path, text: str, **kwargs):
    path = tmp_path / "robot.urdf"
    path.write_text(text)
    return read_urdf(path, **kwargs)


def _codes(result) -> list[str]:
    return [i.code for i in result.issues]


def _refused(tmp_path: Path, text: str) -> str:
    with pytest.raises(UrdfError) as info:
        _read(tmp_path, text)
    return info.value.code


# ----------------------------------------------------------------------------- macros
def test_optenv_with_default_is_read_as_its_default(tmp_path):
    """PyBullet's husky: ``<origin rpy="$(optenv HUSKY_IMU_RPY 0 -1.5708 3.1416)">``."""
    body = ('<origin xyz="$(optenv X 0.19 0 0.149)" rpy="$(optenv Y 0 -1.5708 3.1416)"/>'
            '<axis xyz="0 0 1"/><limit lower="0" upper="1" effort="1" velocity="1"/>')
    read = _read(tmp_path, _robot(body))
    assert _codes(read) == ["urdf.macro.substituted"] * 2
    origin = read.obj.joint("j").origin_local
    assert_allclose(origin[:3, 3], [0.19, 0.0, 0.149], atol=tol.ROUND_TRIP)


@pytest.mark.parametrize("value", ["$(arg prefix)0 0 1", "$(env AXIS)", "$(optenv AXIS)",
                                   "$(eval 1 + 1) 0 0"])
def test_macros_without_a_value_are_refused(tmp_path, value):
    assert _refused(tmp_path, _robot(f'<axis xyz="{value}"/><limit lower="0" upper="1" '
                                     'effort="1" velocity="1"/>')) == "urdf.macro.unresolved"


def test_find_is_read_as_a_package_uri(tmp_path):
    (tmp_path / "pkg" / "meshes").mkdir(parents=True)
    (tmp_path / "pkg" / "package.xml").write_text("<package><name>pkg</name></package>")
    (tmp_path / "pkg" / "meshes" / "m.stl").write_bytes(b"solid x\nendsolid x\n")
    mesh = '<visual><geometry><mesh filename="$(find pkg)/meshes/m.stl"/></geometry></visual>'
    read = _read(tmp_path, _robot(arm=mesh), package_dirs={"pkg": tmp_path / "pkg"})
    assert _codes(read) == ["urdf.macro.substituted"]
    assert read.obj.links["arm"].meshes[0].path == str(tmp_path / "pkg" / "meshes" / "m.stl")


def test_macros_in_comments_and_extension_elements_are_not_read(tmp_path):
    """xarm6_with_gripper's ``<!-- $(arg prefix) -->``, a Gazebo plugin's attributes and
    racecar's Gazebo ``<fdir1 value="1 0 0">`` (not URDF's one-number ``value``)."""
    extra = ('<!-- <xacro:gripper attach_to="$(arg prefix)link6"/> -->'
             '<gazebo reference="arm"><fdir1 value="1 0 0"/><plugin filename="$(arg lib)"/>'
             '</gazebo><transmission name="t"><joint name="j"><x value="1 2"/></joint>'
             '</transmission>')
    assert _codes(_read(tmp_path, _robot(extra=extra))) == ["urdf.element.ignored"] * 2


# ----------------------------------------------------------------------------- repeats
def test_identical_repeated_axis_is_read_once(tmp_path):
    """PyBullet's spirit40newer: ``<axis xyz="0 1 0"/>`` twice in one joint."""
    body = ('<axis xyz="0 1 0"/><axis xyz="0 1.0 0"/><limit lower="0" upper="1" effort="1" '
            'velocity="1"/>')
    read = _read(tmp_path, _robot(body))
    assert _codes(read) == ["urdf.axis.repeated"]
    assert read.issues[0].severity == "warning" and "identical" in read.issues[0].message
    assert read.obj.joint("j").axis_local.tolist() == [0.0, 1.0, 0.0]


AXIS = '<axis xyz="0 0 1"/>'
LIMIT = '<limit lower="0" upper="1" effort="1" velocity="1"/>'


@pytest.mark.parametrize("tag, body", [
    ("axis", '<axis xyz="0 1 0"/><axis xyz="1 0 0"/>' + LIMIT),
    ("origin", '<origin xyz="0 0 0"/><origin xyz="0 0 1"/>' + AXIS + LIMIT),
    ("limit", AXIS + LIMIT + LIMIT.replace('upper="1"', 'upper="2"')),
    ("child", '<child link="base"/>' + AXIS + LIMIT),
])
def test_differing_copies_of_a_kinematic_element_are_refused(tmp_path, tag, body):
    assert _refused(tmp_path, _robot(body)) == f"urdf.{tag}.conflict"


def test_differing_inertials_keep_the_first_with_a_warning(tmp_path):
    """ManiSkill's TriFinger Pro fingertips carry two different ``<inertial>``."""
    second = INERTIAL.replace('value="1"', 'value="0.5"')
    read = _read(tmp_path, _robot(arm=BOX + second))  # the link's own INERTIAL comes after
    assert _codes(read) == ["urdf.inertial.repeated"]
    assert "differing" in read.issues[0].message
    assert read.obj.links["arm"].inertial.mass == 0.5


# ----------------------------------------------------------------------------- structure
def test_floating_joint_from_an_empty_world_link_makes_a_free_body(tmp_path):
    """Genesis's tower pieces: ``world`` -floating-> the piece."""
    text = ('<robot name="ring"><link name="world"/><joint name="w" type="floating">'
            '<parent link="world"/><child link="ring"/></joint>'
            f'<link name="ring">{BOX}{INERTIAL}</link></robot>')
    read = _read(tmp_path, text)
    assert _codes(read) == ["urdf.joint.floating_root"]
    assert list(read.obj.links) == ["ring"] and read.obj.joints == ()


def test_floating_joint_inside_an_object_stays_unsupported(tmp_path):
    assert _refused(tmp_path, _robot("", jtype="floating")) == "joint.type.unsupported"


def test_a_file_without_links_has_its_own_code(tmp_path):
    """A xacro macro file expanded to an empty ``<robot>``; PyBullet's deformable torus."""
    assert _refused(tmp_path, "<robot><!-- macro only --></robot>") == "urdf.no_links"
    torus = '<robot name="t"><deformable name="t"><visual filename="t.vtk"/></deformable></robot>'
    assert _refused(tmp_path, torus) == "urdf.no_links"


def test_robot_without_name_is_named_after_the_file(tmp_path):
    read = _read(tmp_path, _robot(head="<robot>"))
    assert _codes(read) == ["urdf.robot.name_missing"] and read.obj.name == "robot"


# ----------------------------------------------------------------------------- limits
def test_revolute_limit_without_bounds_is_continuous(tmp_path):
    """PyBullet's minitaur knees and ANYmal C: ``<limit effort="80" velocity="20"/>``."""
    read = _read(tmp_path, _robot('<axis xyz="1 0 0"/><limit effort="80" velocity="20"/>'))
    assert _codes(read) == ["urdf.limit.no_bounds"]
    joint = read.obj.joint("j")
    assert joint.type == "continuous" and (joint.lower, joint.upper) == (-math.inf, math.inf)
    assert (joint.effort, joint.velocity) == (80.0, 20.0)


def test_revolute_limits_of_sdf_unlimited_are_continuous(tmp_path):
    """example-robot-data's Iris rotors (sdf2urdf): ``lower="-1e+16" upper="1e+16"``."""
    read = _read(tmp_path, _robot('<axis xyz="0 0 1"/><limit effort="0.0" lower="-1e+16" '
                                  'upper="1e+16" velocity="0.0"/>'))
    assert _codes(read) == ["urdf.limit.no_bounds"] and "[-1e+16, 1e+16]" in read.issues[0].message
    joint = read.obj.joint("j")
    assert joint.type == "continuous" and (joint.lower, joint.upper) == (-math.inf, math.inf)


@pytest.mark.parametrize("limit", ['lower="-1e16" upper="1"', 'lower="0" upper="1e16"'])
def test_one_limit_beyond_the_bound_stays_out_of_range(tmp_path, limit):
    text = _robot(f'<axis xyz="0 0 1"/><limit {limit} effort="1" velocity="1"/>')
    assert _refused(tmp_path, text) == "joint.limit.out_of_range"


@pytest.mark.parametrize("limit", ['<limit upper="1" effort="1" velocity="1"/>', ""])
def test_revolute_with_one_bound_or_no_limit_stays_missing(tmp_path, limit):
    joint = _read(tmp_path, _robot(f'<axis xyz="1 0 0"/>{limit}')).obj.joint("j")
    assert joint.type == "revolute" and math.isnan(joint.lower)


# ----------------------------------------------------------------------------- geometry
def test_capsule_is_a_cylinder_and_two_spheres(tmp_path):
    """ManiSkill's panda_pinch fingers, PyBullet's humanoid: ``<capsule>`` (axis local Z)."""
    capsule = ('<collision name="c"><origin xyz="1 0 0" rpy="1.5707963267948966 0 0"/>'
               '<geometry><capsule radius="0.1" length="0.4"/></geometry></collision>')
    read = _read(tmp_path, _robot(arm=capsule))
    assert _codes(read) == ["urdf.geometry.capsule"]
    prims = read.obj.links["arm"].primitives
    assert [(p.shape, p.size, p.kind) for p in prims] == [
        ("cylinder", (0.1, 0.4), "collision"), ("sphere", (0.1,), "collision"),
        ("sphere", (0.1,), "collision")]
    centers = np.array([p.origin[:3, 3] for p in prims])
    assert_allclose(centers, [[1, 0, 0], [1, -0.2, 0], [1, 0.2, 0]], atol=1e-12)


def test_material_inside_geometry_is_dropped(tmp_path):
    """PyBullet's racecar: ``<geometry><mesh .../><material name="grey"/></geometry>``."""
    visual = ('<visual><geometry><box size="0.1 0.1 0.1"/><material name="grey"/></geometry>'
              '</visual>')
    read = _read(tmp_path, _robot(arm=visual))
    assert _codes(read) == ["urdf.geometry.material"]
    assert [p.shape for p in read.obj.links["arm"].primitives] == ["box"]


def test_unknown_geometry_is_still_refused(tmp_path):
    plane = '<visual><geometry><plane normal="0 0 1"/></geometry></visual>'
    assert _refused(tmp_path, _robot(arm=plane)) == "urdf.geometry.unsupported"


def test_malformed_numbers_stay_refused(tmp_path):
    """biped2d's ``lower="-1.57."`` and microtaur's four-number ``rpy``: real defects."""
    assert _refused(tmp_path, _robot('<limit lower="-1.57." upper="1" effort="1" '
                                     'velocity="1"/>')) == "urdf.number.invalid"
    assert _refused(tmp_path, _robot('<origin rpy="0 1 0 0"/><limit lower="0" upper="1" '
                                     'effort="1" velocity="1"/>')) == "urdf.attribute.arity"
