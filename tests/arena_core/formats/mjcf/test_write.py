"""The per-object MJCF (arena_core.formats.mjcf.write): tiny hand-written URDFs, MuJoCo as the judge."""

from __future__ import annotations

import dataclasses
import time

import mujoco
import numpy as np
import pytest

from arena_core.formats.mjcf.check import FK_TOLERANCE, check_mjcf, set_configuration
from arena_core.formats.mjcf.numbers import principal_inertia, quat_from_matrix
from arena_core.formats.mjcf.write import (
    PLACEHOLDER_MASS,
    _physical_moments,
    mjcf_names,
    mjcf_string,
    world_parent_pairs,
    write_mjcf,
)
from arena_core.formats.urdf.read import read_urdf
from arena_core.model.kinematics import link_poses, random_configurations
from arena_core.pipeline.run import run_object
from arena_core.util import tolerances as tol

CUBE_OBJ = """v -0.05 -0.05 -0.05
v 0.05 -0.05 -0.05
v 0.05 0.05 -0.05
v -0.05 0.05 -0.05
v -0.05 -0.05 0.05
v 0.05 -0.05 0.05
v 0.05 0.05 0.05
v -0.05 0.05 0.05
f 1 3 2
f 1 4 3
f 5 6 7
f 5 7 8
f 1 2 6
f 1 6 5
f 2 3 7
f 2 7 6
f 3 4 8
f 3 8 7
f 4 1 5
f 4 5 8
"""

INERTIAL = """<inertial><origin xyz="0.01 0.02 -0.03"/><mass value="0.5"/>
      <inertia ixx="0.004" ixy="0.0005" ixz="-0.0003" iyy="0.003" iyz="0.0002" izz="0.005"/>
    </inertial>"""

GEOMETRY = """<visual><origin xyz="0.1 0 0" rpy="0.3 0 0.2"/>
      <geometry><mesh filename="meshes/cube.obj" scale="1 2 1"/></geometry></visual>
    <collision><origin xyz="0.1 0 0" rpy="0.3 0 0.2"/>
      <geometry><mesh filename="meshes/cube.obj" scale="1 2 1"/></geometry></collision>
    <collision><origin xyz="0 0.05 0"/><geometry><box size="0.02 0.04 0.06"/></geometry></collision>"""


def _link(name: str, *, mass: bool = True, geometry: bool = True) -> str:
    body = (INERTIAL if mass else "") + (GEOMETRY if geometry else "")
    return f'<link name="{name}">{body}</link>'


def _joint(name: str, jtype: str, parent: str, child: str, *, xyz="0 0 0", rpy="0 0 0",
           axis="0 0 1", limit='<limit lower="-0.5" upper="1.2" effort="1" velocity="1"/>',
           extra="") -> str:
    limit = "" if jtype in ("fixed", "continuous") else limit
    return (f'<joint name="{name}" type="{jtype}"><origin xyz="{xyz}" rpy="{rpy}"/>'
            f'<parent link="{parent}"/><child link="{child}"/><axis xyz="{axis}"/>'
            f'{limit}{extra}</joint>')


def _object(tmp_path, links: list[str], joints: list[str], name: str = "fixture"):
    """Write a canonical-looking folder (object.urdf + meshes/cube.obj) and read it."""
    (tmp_path / "meshes").mkdir(exist_ok=True)
    (tmp_path / "meshes" / "cube.obj").write_text(CUBE_OBJ)
    text = f'<robot name="{name}">{"".join(links)}{"".join(joints)}</robot>'
    (tmp_path / "object.urdf").write_text(text)
    return read_urdf(tmp_path / "object.urdf").obj


def _chain(tmp_path):
    links = [_link("base", mass=False), _link("l1"), _link("l2"), _link("l3"), _link("l4")]
    joints = [
        _joint("j_rev", "revolute", "base", "l1", xyz="0.1 0.2 0.3", rpy="0.4 -0.7 1.1",
               axis="0 0.6 0.8"),
        _joint("j_pri", "prismatic", "l1", "l2", xyz="-0.2 0.05 0.1", rpy="2.9 0.3 -1.9",
               axis="1 0 0", limit='<limit lower="0" upper="0.4" effort="1" velocity="1"/>'),
        _joint("j_con", "continuous", "l2", "l3", xyz="0 0 0.25", rpy="-1.2 0.8 3.0",
               axis="0.267261241912424 0.534522483824849 0.801783725737273"),
        _joint("j_fix", "fixed", "l3", "l4", xyz="0.3 -0.1 0", rpy="0.1 0.2 0.3"),
    ]
    return _object(tmp_path, links, joints)


def _model(result):
    return mujoco.MjModel.from_xml_path(str(result.path))


def _joint_id(model, name: str) -> int:
    return mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_JOINT, name)


def _qpos(model, data, name: str) -> float:
    return float(data.qpos[model.jnt_qposadr[_joint_id(model, name)]])


# ----------------------------------------------------------------------------- structure
def test_chain_kinematics_agree_at_random_configurations(tmp_path):
    obj = _chain(tmp_path)
    result = write_mjcf(obj, tmp_path)
    assert result.path == tmp_path / "object.xml"
    assert check_mjcf(result.path, obj, k=10, seed=3) == []
    model = _model(result)
    assert model.njnt == 3  # the fixed joint welds l4
    rev, pri, con = (_joint_id(model, n) for n in ("j_rev", "j_pri", "j_con"))
    assert [int(model.jnt_type[i]) for i in (rev, pri, con)] == [
        mujoco.mjtJoint.mjJNT_HINGE, mujoco.mjtJoint.mjJNT_SLIDE, mujoco.mjtJoint.mjJNT_HINGE]
    assert model.jnt_limited[rev] and model.jnt_limited[pri] and not model.jnt_limited[con]
    np.testing.assert_allclose(model.jnt_range[rev], [-0.5, 1.2])
    np.testing.assert_allclose(model.jnt_range[pri], [0.0, 0.4])


def test_fk_comparison_can_fail(tmp_path):
    """check_mjcf finds a body off by a joint origin that differs from the written one."""
    obj = _chain(tmp_path)
    result = write_mjcf(obj, tmp_path)
    moved = np.array(obj.joints[1].origin_local)
    moved[0, 3] += 1e-6
    other = dataclasses.replace(obj, joints=(obj.joints[0], dataclasses.replace(
        obj.joints[1], origin_local=moved), *obj.joints[2:]))
    issues = check_mjcf(result.path, other)
    assert {i.code for i in issues} == {"mjcf.fk_mismatch"}
    assert {i.location for i in issues} == {"link:l2", "link:l3", "link:l4"}


def test_geoms_meshes_and_primitives(tmp_path):
    obj = _chain(tmp_path)
    model = _model(write_mjcf(obj, tmp_path))
    assert model.nmesh == 1  # one asset shared by the visual and the collision geom
    l1 = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_BODY, "l1")
    geoms = [g for g in range(model.ngeom) if model.geom_bodyid[g] == l1]
    kinds = sorted((int(model.geom_type[g]), int(model.geom_group[g]), int(model.geom_contype[g]))
                   for g in geoms)
    mesh, box = int(mujoco.mjtGeom.mjGEOM_MESH), int(mujoco.mjtGeom.mjGEOM_BOX)
    assert kinds == sorted([(mesh, 1, 0), (mesh, 3, 1), (box, 3, 1)])
    box = next(g for g in geoms if model.geom_type[g] == mujoco.mjtGeom.mjGEOM_BOX)
    np.testing.assert_allclose(model.geom_size[box], [0.01, 0.02, 0.03])  # half extents
    np.testing.assert_allclose(model.geom_pos[box], [0.0, 0.05, 0.0])
    # the scaled cube: MuJoCo's mesh extents are those of the URDF mesh times its scale
    # (MuJoCo stores float32 vertices in the mesh's principal frame: compare sorted extents)
    np.testing.assert_allclose(np.sort(np.ptp(model.mesh_vert, axis=0)), [0.1, 0.1, 0.2],
                               atol=1e-6)


def test_cylinder_and_sphere_sizes(tmp_path):
    links = ['<link name="base"/>',
             '<link name="a"><collision><geometry><cylinder radius="0.1" length="0.6"/>'
             '</geometry></collision><visual><geometry><sphere radius="0.2"/></geometry>'
             '</visual></link>']
    obj = _object(tmp_path, links, [_joint("j", "fixed", "base", "a")])
    model = _model(write_mjcf(obj, tmp_path))
    by_type = {int(model.geom_type[g]): model.geom_size[g] for g in range(model.ngeom)}
    np.testing.assert_allclose(by_type[mujoco.mjtGeom.mjGEOM_CYLINDER][:2], [0.1, 0.3])
    np.testing.assert_allclose(by_type[mujoco.mjtGeom.mjGEOM_SPHERE][0], 0.2)


def test_inertials_are_the_links_tensors(tmp_path):
    obj = _chain(tmp_path)
    model = _model(write_mjcf(obj, tmp_path))
    for name in ("l1", "l2", "l3", "l4"):
        props = obj.links[name].inertial
        body = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_BODY, name)
        rot = np.zeros(9)
        mujoco.mju_quat2Mat(rot, model.body_iquat[body])
        rot = rot.reshape(3, 3)
        tensor = rot @ np.diag(model.body_inertia[body]) @ rot.T
        np.testing.assert_allclose(tensor, props.inertia, rtol=0, atol=1e-15)
        np.testing.assert_allclose(model.body_ipos[body], props.com, atol=1e-15)
        assert model.body_mass[body] == props.mass


def test_principal_inertia_is_a_proper_rotation():
    rng = np.random.default_rng(7)
    for _ in range(200):
        a = rng.normal(size=(3, 3))
        inertia = a @ a.T
        moments, axes = principal_inertia(inertia)
        np.testing.assert_allclose(np.linalg.det(axes), 1.0, atol=1e-12)
        np.testing.assert_allclose(axes @ np.diag(moments) @ axes.T, inertia, atol=1e-12)
        q = quat_from_matrix(axes)
        rot = np.zeros(9)
        mujoco.mju_quat2Mat(rot, q)
        np.testing.assert_allclose(rot.reshape(3, 3), axes, atol=1e-14)
        assert q[0] >= 0


def test_quaternions_of_half_turns():
    for rot in (np.diag([1.0, -1, -1]), np.diag([-1.0, 1, -1]), np.diag([-1.0, -1, 1])):
        q = quat_from_matrix(rot)
        out = np.zeros(9)
        mujoco.mju_quat2Mat(out, q)
        np.testing.assert_allclose(out.reshape(3, 3), rot, atol=1e-15)


# ----------------------------------------------------------------------------- helical, mimic
def _screw(tmp_path, pitch: float = 0.02, geometry: bool = True):
    links = [_link("base", mass=False, geometry=geometry), _link("nut", geometry=geometry)]
    joints = [_joint("screw", "revolute", "base", "nut", xyz="0 0 0.5", rpy="1.2 0.3 0",
                     axis="0 0.6 0.8", extra=f'<helical pitch="{pitch}"/>',
                     limit='<limit lower="-3" upper="6" effort="1" velocity="1"/>')]
    return _object(tmp_path, links, joints)


def test_helical_moves_its_child_along_the_axis_by_pitch_times_angle(tmp_path):
    obj = _screw(tmp_path)
    result = write_mjcf(obj, tmp_path)
    assert result.names.slides == {"screw": "screw__pitch"}
    assert check_mjcf(result.path, obj) == []
    model = _model(result)
    hinge, slide = _joint_id(model, "screw"), _joint_id(model, "screw__pitch")
    assert (model.jnt_type[hinge], model.jnt_type[slide]) == (
        mujoco.mjtJoint.mjJNT_HINGE, mujoco.mjtJoint.mjJNT_SLIDE)
    assert slide == hinge + 1  # rotation first, then the pitch translation
    data = mujoco.MjData(model)
    nut = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_BODY, "nut")
    mujoco.mj_kinematics(model, data)
    rest = data.xpos[nut].copy()
    axis = obj.axes()[0]
    for q in (-2.5, 0.7, 5.5):
        set_configuration(model, data, obj, {"screw": q})
        mujoco.mj_kinematics(model, data)
        np.testing.assert_allclose(data.xpos[nut] - rest, 0.02 * q * axis, atol=FK_TOLERANCE)


def test_helical_equality_holds_in_simulation(tmp_path):
    """Gravity drives the nut down its tilted thread for 1 s: the slide stays on pitch x angle
    within the equality solver's tolerance (measured 0.2 %; MuJoCo's default solref and
    solimp would leave it 27 % off)."""
    obj = _screw(tmp_path, geometry=False)
    model = _model(write_mjcf(obj, tmp_path))
    data = mujoco.MjData(model)
    for _ in range(round(1.0 / model.opt.timestep)):
        mujoco.mj_step(model, data)
    angle, shift = _qpos(model, data, "screw"), _qpos(model, data, "screw__pitch")
    assert abs(angle) > 1.0  # it moved
    np.testing.assert_allclose(shift, 0.02 * angle, rtol=5e-3)


def test_mimic_joint_follows_its_source(tmp_path):
    links = [_link("base", mass=False), _link("left", geometry=False),
             _link("right", geometry=False)]
    joints = [_joint("src", "revolute", "base", "left", xyz="0.1 0 0", rpy="0 0.5 0",
                     axis="0 1 0", limit='<limit lower="-1" upper="1" effort="1" velocity="1"/>'),
              _joint("copy", "revolute", "base", "right", xyz="-0.1 0 0", axis="0 1 0",
                     limit='<limit lower="-3" upper="3" effort="1" velocity="1"/>',
                     extra='<mimic joint="src" multiplier="-2" offset="0.1"/>')]
    obj = _object(tmp_path, links, joints)
    result = write_mjcf(obj, tmp_path)
    assert check_mjcf(result.path, obj) == []
    model = _model(result)
    assert model.neq == 1
    np.testing.assert_allclose(model.eq_data[0][:5], [0.1, -2.0, 0, 0, 0])
    data = mujoco.MjData(model)
    data.qvel[model.jnt_dofadr[_joint_id(model, "src")]] = 2.0
    for _ in range(200):
        mujoco.mj_step(model, data)
    src, copy = _qpos(model, data, "src"), _qpos(model, data, "copy")
    assert abs(src) > 0.1
    np.testing.assert_allclose(copy, -2.0 * src + 0.1, atol=5e-3 * abs(src))


def test_mimic_of_a_fixed_joint_holds_the_offset(tmp_path):
    links = [_link("base", mass=False), _link("a"), _link("b")]
    joints = [_joint("weld", "fixed", "base", "a"),
              _joint("m", "revolute", "base", "b", extra='<mimic joint="weld" offset="0.3"/>')]
    obj = _object(tmp_path, links, joints)
    result = write_mjcf(obj, tmp_path)
    assert check_mjcf(result.path, obj) == []
    model = _model(result)
    np.testing.assert_allclose(model.eq_data[0][:2], [0.3, 0.0])
    assert model.eq_obj2id[0] == -1


# ----------------------------------------------------------------------------- names, mass
def test_link_named_world_is_renamed_and_its_subtree_lands_right(tmp_path):
    links = [_link("base", mass=False), _link("world"), _link("world_link"), _link("door")]
    joints = [_joint("to_world", "fixed", "base", "world", xyz="1.356 0 0.2", rpy="0 0 0.4"),
              _joint("to_wl", "fixed", "base", "world_link", xyz="0 1 0"),
              _joint("hinge", "revolute", "world", "door", xyz="0.3 0 0", rpy="0.2 0 0")]
    obj = _object(tmp_path, links, joints)
    result = write_mjcf(obj, tmp_path)
    assert result.renamed_bodies == {"world": "world_link_1"}
    assert result.renamed_joints == {}
    assert check_mjcf(result.path, obj) == []
    model = _model(result)
    door = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_BODY, "door")
    assert model.body_parentid[door] == mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_BODY,
                                                          "world_link_1")
    data = mujoco.MjData(model)
    mujoco.mj_kinematics(model, data)
    np.testing.assert_allclose(data.xpos[door], obj.link_poses["door"][:3, 3], atol=FK_TOLERANCE)


def test_root_named_world(tmp_path):
    obj = _object(tmp_path, [_link("world", mass=False), _link("lid")],
                  [_joint("j", "revolute", "world", "lid", xyz="0 0 0.1")])
    result = write_mjcf(obj, tmp_path)
    assert result.names.bodies == {"world": "world_link", "lid": "lid"}
    assert check_mjcf(result.path, obj) == []


def test_massless_moving_links_get_a_placeholder_inertial(tmp_path):
    links = [_link("base", mass=False), _link("helper", mass=False, geometry=False),
             _link("arm"), _link("tip", mass=False)]
    joints = [_joint("yaw", "revolute", "base", "helper", axis="0 0 1"),
              _joint("pitch", "revolute", "helper", "arm", axis="0 1 0"),
              _joint("slide", "prismatic", "arm", "tip", xyz="0.2 0 0", axis="1 0 0")]
    obj = _object(tmp_path, links, joints)
    result = write_mjcf(obj, tmp_path)
    assert result.placeholder_bodies == ("helper", "tip")
    assert check_mjcf(result.path, obj) == []
    model = _model(result)
    helper = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_BODY, "helper")
    assert model.body_mass[helper] == PLACEHOLDER_MASS
    assert model.body_mass[mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_BODY, "base")] == 0.0


def test_degenerate_inertia_of_a_moving_body_is_floored(tmp_path):
    rod = ('<link name="rod"><inertial><mass value="1"/><inertia ixx="0" ixy="0" ixz="0" '
           'iyy="0.1" iyz="0" izz="0.1"/></inertial></link>')
    obj = _object(tmp_path, [_link("base", mass=False), rod],
                  [_joint("j", "revolute", "base", "rod", axis="0 1 0")])
    result = write_mjcf(obj, tmp_path)
    assert result.floored_inertia == ("rod",)
    assert check_mjcf(result.path, obj) == []
    body = mujoco.mj_name2id(_model(result), mujoco.mjtObj.mjOBJ_BODY, "rod")
    np.testing.assert_allclose(_model(result).body_inertia[body],
                               [0.1 * tol.INERTIA_FLOOR, 0.1, 0.1])


def test_meshes_mujoco_cannot_read_are_skipped_and_listed(tmp_path):
    (tmp_path / "meshes").mkdir()
    (tmp_path / "meshes" / "part.glb").write_bytes(b"glTF")
    (tmp_path / "meshes" / "tri.obj").write_text("v 0 0 0\nv 0.1 0 0\nv 0 0.1 0\nf 1 2 3\n")
    link = ('<link name="a"><visual><geometry><mesh filename="meshes/part.glb"/></geometry>'
            '</visual><visual><geometry><mesh filename="meshes/missing.obj"/></geometry>'
            '</visual><visual><geometry><mesh filename="meshes/tri.obj"/></geometry>'
            f'</visual>{INERTIAL}</link>')
    obj = _object(tmp_path, [_link("base", mass=False), link],
                  [_joint("j", "revolute", "base", "a")])
    result = write_mjcf(obj, tmp_path)
    assert [(s.link, s.filename, s.reason) for s in result.skipped_meshes] == [
        ("a", "meshes/part.glb", "format"), ("a", "meshes/missing.obj", "unresolved"),
        ("a", "meshes/tri.obj", "too_few_vertices")]
    assert "part.glb" not in result.path.read_text()
    assert check_mjcf(result.path, obj) == []


# ----------------------------------------------------------------------------- files, checks
def test_output_is_deterministic(tmp_path):
    obj = _chain(tmp_path)
    first = write_mjcf(obj, tmp_path).path.read_bytes()
    again = read_urdf(tmp_path / "object.urdf").obj
    assert write_mjcf(again, tmp_path).path.read_bytes() == first
    assert mjcf_string(obj).encode() == first
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temp left


def test_compile_failure_is_one_line_and_never_raises(tmp_path):
    obj = _chain(tmp_path)
    missing = check_mjcf(tmp_path / "absent.xml", obj)
    assert [i.code for i in missing] == ["mjcf.compile_failed"]
    (tmp_path / "bad.xml").write_text(mjcf_string(obj).replace('file="meshes/cube.obj"',
                                                               'file="meshes/none.obj"'))
    (issue,) = check_mjcf(tmp_path / "bad.xml", obj)
    assert issue.code == "mjcf.compile_failed" and "\n" not in issue.message
    assert "none.obj" in issue.message


def test_instability_is_reported(tmp_path):
    obj = _screw(tmp_path)
    text = mjcf_string(obj).replace('type="hinge"', 'type="hinge" stiffness="1e15"')
    (tmp_path / "stiff.xml").write_text(text)
    issues = check_mjcf(tmp_path / "stiff.xml", obj)
    assert [i.code for i in issues] == ["mjcf.unstable"]


def test_names_reserve_the_pitch_suffix(tmp_path):
    links = [_link("base", mass=False), _link("a"), _link("b")]
    joints = [_joint("s", "revolute", "base", "a", extra='<helical pitch="0.01"/>'),
              _joint("s__pitch", "revolute", "base", "b")]
    names = mjcf_names(_object(tmp_path, links, joints))
    assert names.slides == {"s": "s__pitch_1"}
    assert names.joints == {"s": "s", "s__pitch": "s__pitch"}



def test_empty_names_and_zero_axes(tmp_path):
    from arena_core.model.articulated import ArticulatedObject, Joint, Link, MassProperties

    mass = MassProperties(1.0, np.zeros(3), np.eye(3) * 1e-3)
    joints = [Joint("", "revolute", "base", "", np.eye(4), np.array([0.0, 0, 1]), -1.0, 1.0),
              Joint("stuck", "prismatic", "", "tip", np.eye(4), np.zeros(3), 0.0, 1.0)]
    obj = ArticulatedObject.from_parts("o", [Link("base"), Link("", mass), Link("tip", mass)],
                                       joints)
    names = mjcf_names(obj)
    assert names.bodies == {"base": "base", "": "link", "tip": "tip"}
    assert names.joints == {"": "joint"}  # the zero-axis joint cannot move: welded
    result = write_mjcf(obj, tmp_path)
    assert result.welded_joints == ("stuck",)
    assert "stuck" not in result.path.read_text()
    assert check_mjcf(result.path, obj) == []

# ----------------------------------------------------------------------------- real data
SAPIEN = ("179", "7619", "40147", "41083", "45940")


@pytest.fixture(scope="module")
def sapien_canonical(realdata, tmp_path_factory):
    out = tmp_path_factory.mktemp("sapien")
    folders = {}
    for object_id in SAPIEN:
        record = run_object(realdata / "sapien_repo" / object_id / "mobility.urdf", out,
                            provenance={"object_id": object_id, "source": "test"}).record
        assert record.verification.status == "accepted", object_id
        folders[object_id] = out / object_id
    return folders


def _without_collision_meshes(obj):
    links = {n: dataclasses.replace(link, meshes=tuple(m for m in link.meshes
                                                       if m.kind == "visual"))
             for n, link in obj.links.items()}
    return dataclasses.replace(obj, links=links)


@pytest.mark.slow
@pytest.mark.parametrize("object_id", SAPIEN)
def test_realdata_mjcf_compiles_and_agrees(sapien_canonical, object_id):
    folder = sapien_canonical[object_id]
    obj = read_urdf(folder / "object.urdf").obj
    start = time.perf_counter()
    result = write_mjcf(obj, folder)
    issues = check_mjcf(result.path, obj)
    assert time.perf_counter() - start < 30.0
    assert result.skipped_meshes == ()
    # Kinematics never depend on collision geometry: prove FK on every object.
    kinematic = write_mjcf(_without_collision_meshes(obj), folder, filename="kinematic.xml")
    assert check_mjcf(kinematic.path, obj) == []
    hull = [i for i in issues if "coplanar vertices" in i.message]
    if hull and len(hull) == len(issues):
        pytest.xfail("a coplanar collision mesh: normalization does not replace degenerate "
                     "collision meshes yet (issue 11)")
    assert issues == []


@pytest.mark.slow
def test_realdata_helper_link_keeps_its_placeholder_inertial(sapien_canonical):
    from arena_core.model.inertia import PLACEHOLDER_MASS

    folder = sapien_canonical["179"]
    obj = read_urdf(folder / "object.urdf").obj
    result = write_mjcf(obj, folder)
    assert obj.links["link_15_helper"].inertial.mass == PLACEHOLDER_MASS  # from normalization
    assert result.placeholder_bodies == ()  # so the MJCF needs none of its own
    model = _model(result)
    data = mujoco.MjData(model)
    names = mjcf_names(obj)
    for q in random_configurations(obj, 3, np.random.default_rng(1)):
        set_configuration(model, data, obj, q, names=names)
        mujoco.mj_kinematics(model, data)
        poses = link_poses(obj, q)
        for link, body in names.bodies.items():
            bid = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_BODY, body)
            np.testing.assert_allclose(data.xpos[bid], poses[link][:3, 3], atol=FK_TOLERANCE)


def test_moving_links_never_collide_with_a_world_welded_parent(tmp_path):
    """base (root) -fixed-> post -hinge-> arm and arm -hinge-> tip, every collision overlapping:
    the pairs whose parent is welded to the world get an ``<exclude>``; MuJoCo's own parent
    filter covers the moving parent (arm -> tip)."""
    links = [_link(n) for n in ("base", "post", "arm", "tip")]
    joints = [_joint("weld", "fixed", "base", "post"), _joint("hinge", "revolute", "post", "arm"),
              _joint("wrist", "revolute", "arm", "tip")]
    obj = _object(tmp_path, links, joints)
    assert world_parent_pairs(obj) == [("post", "arm")]
    text = write_mjcf(obj, tmp_path).path.read_text()
    assert '<exclude body1="post" body2="arm"/>' in text
    contacts = {}
    for label, xml in (("written", text), ("without", text.replace(
            '<exclude body1="post" body2="arm"/>', ""))):
        (tmp_path / "probe.xml").write_text(xml)
        model = mujoco.MjModel.from_xml_path(str(tmp_path / "probe.xml"))
        data = mujoco.MjData(model)
        mujoco.mj_forward(model, data)
        contacts[label] = {tuple(sorted(model.body(model.geom_bodyid[g]).name for g in
                                        (c.geom1, c.geom2))) for c in data.contact[:data.ncon]}
    assert ("arm", "post") in contacts["without"]
    assert not {("arm", "post"), ("arm", "tip")} & contacts["written"]


def test_the_mjcf_pose_error_is_the_engines_pose_error():
    """The ``mujoco_mjcf`` column and the engines' columns hold the same measure."""
    from arena_core.engines.base import pose_error
    from arena_core.formats.mjcf.check import _pose_error

    rng = np.random.default_rng(0)
    for _ in range(20):
        a, b = np.eye(4), np.eye(4)
        a[:3, :3] = np.linalg.qr(rng.normal(size=(3, 3)))[0]
        b[:3, :3] = np.linalg.qr(rng.normal(size=(3, 3)))[0]
        a[:3, 3], b[:3, 3] = rng.normal(size=3), rng.normal(size=3)
        assert _pose_error(a[:3, 3], a[:3, :3], b) == pose_error(a, b)


def test_a_plate_on_the_edge_of_the_triangle_inequality_passes_mujocos_own_sum():
    """A myosuite vertebra's moments as normalization hands them over: C = A + B in decimal,
    3.5e-18 over it in floats; ``d.sum() - d[i]`` rounds above MuJoCo's ``A + B``."""
    d = _physical_moments(np.array([0.0052, 0.011230000000000004, 0.016430000000000007]),
                          moving=True)
    assert d[0] + d[1] >= d[2] and d[0] + d[2] >= d[1] and d[1] + d[2] >= d[0]
    body = (f'<mujoco><worldbody><body><joint/><inertial pos="0 0 0" mass="1" '
            f'diaginertia="{" ".join(map(repr, d.tolist()))}"/></body></worldbody></mujoco>')
    mujoco.MjModel.from_xml_string(body)
