"""``convert_model``: ball decomposition, free joints, body map and recorded couplings."""

from __future__ import annotations

import math

import mujoco
import numpy as np
import pytest
from numpy.testing import assert_allclose
from scipy.spatial.transform import Rotation

from arena_core.formats.mjcf.convert import BALL_BOX_MAX, convert_model
from arena_core.model.kinematics import link_poses
from arena_core.util import tolerances as tol

BALLS = """
<mujoco>
  <compiler angle="degree"/>
  <worldbody>
    <body name="base">
      <geom type="box" size="0.1 0.1 0.1" mass="1"/>
      <body name="cone" pos="0 0 0.2" euler="10 20 30">
        <joint name="socket" type="ball" pos="0.01 0.02 0.03" range="0 40"/>
        <geom type="sphere" size="0.05" mass="0.1"/>
      </body>
      <body name="wide" pos="0.3 0 0">
        <joint name="wide" type="ball" range="0 120"/>
        <geom type="sphere" size="0.05" mass="0.1"/>
      </body>
      <body name="free_ball" pos="0 0.3 0">
        <joint name="slide_then_ball" type="slide" axis="0 0 1" range="0 0.1"/>
        <joint name="spin" type="ball"/>
        <geom type="sphere" size="0.05" mass="0.1"/>
      </body>
    </body>
    <body name="floating" pos="1 2 3">
      <freejoint name="float"/>
      <geom type="sphere" size="0.05" mass="0.2"/>
    </body>
  </worldbody>
</mujoco>
"""

COUPLED = """
<mujoco>
  <worldbody>
    <body name="a">
      <joint name="j1" type="hinge" range="-1 1"/>
      <geom type="box" size="0.1 0.1 0.1" mass="1"/>
      <site name="tip" pos="0.1 0 0"/>
      <body name="b" pos="0 0 0.3">
        <joint name="j2" type="hinge" range="-1 1"/>
        <joint name="j3" type="hinge" axis="1 0 0" pos="0 0 0.1" range="-1 1"/>
        <geom type="box" size="0.1 0.1 0.1" mass="1"/>
        <body name="c" pos="0 0 0.3">
          <joint name="knuckle" type="ball"/>
          <geom type="sphere" size="0.05" mass="0.1"/>
          <site name="end"/>
        </body>
      </body>
    </body>
  </worldbody>
  <equality>
    <joint name="linear" joint1="j2" joint2="j1" polycoef="0 2 0 0 0"/>
    <joint name="cubic" joint1="j3" joint2="j1" polycoef="0 1 0 0.5 0"/>
    <joint name="off" joint1="j3" joint2="j2" active="false"/>
    <connect name="loop" body1="c" body2="a" anchor="0 0 0"/>
    <weld name="glue" site1="tip" site2="end"/>
    <tendon name="pull" tendon1="pair"/>
  </equality>
  <tendon><fixed name="pair"><joint joint="j1" coef="1"/><joint joint="j3" coef="-1"/></fixed></tendon>
</mujoco>
"""


def _convert(text: str):
    model = mujoco.MjModel.from_xml_string(text)
    return model, convert_model(model, name="m")


def test_a_ball_becomes_three_joints_about_the_body_axes_through_massless_links():
    model, conv = _convert(BALLS)
    joints = {j.name: j for j in conv.obj.joints}
    chain = [joints[f"socket_{a}"] for a in "xyz"]
    assert [(j.type, j.parent, j.child) for j in chain] == [
        ("revolute", "base", "cone__socket_x"), ("revolute", "cone__socket_x", "cone__socket_y"),
        ("revolute", "cone__socket_y", "cone")]
    assert_allclose([j.axis_local for j in chain], np.eye(3))
    assert all(np.array_equal(j.origin_local, np.eye(4)) for j in chain[1:])
    for helper in ("cone__socket_x", "cone__socket_y"):
        link = conv.obj.links[helper]
        assert link.inertial is None and not link.has_geometry
    r = math.radians(40)
    assert all((j.lower, j.upper) == pytest.approx((-r, r)) for j in chain)
    assert conv.joint_map["socket"] == {"id": 0, "type": "ball", "order": "xyz", "ref": 0.0,
                                        "urdf_joints": ["socket_x", "socket_y", "socket_z"]}
    # the link turns exactly as MuJoCo's ball quaternion qx(a) qy(b) qz(c) turns the body
    data = mujoco.MjData(model)
    angles = {"socket_x": 0.3, "socket_y": -0.5, "socket_z": 0.6}
    quat = Rotation.from_euler("XYZ", list(angles.values())).as_quat(scalar_first=True)
    data.qpos[model.jnt_qposadr[0]:model.jnt_qposadr[0] + 4] = quat
    mujoco.mj_kinematics(model, data)
    pose = link_poses(conv.obj, angles)["cone"]
    b = model.body("cone").id
    assert_allclose(pose[:3, :3], data.xmat[b].reshape(3, 3), atol=tol.MJCF_ORACLE)
    offset = data.xmat[b].reshape(3, 3) @ model.jnt_pos[0]
    assert_allclose(pose[:3, 3], data.xpos[b] + offset, atol=tol.MJCF_ORACLE)


def test_ball_limits_and_severities():
    _, conv = _convert(BALLS)
    joints = {j.name: j for j in conv.obj.joints}
    assert {joints[f"wide_{a}"].type for a in "xyz"} == {"continuous"}  # 120 deg >= pi/2
    assert {joints[f"spin_{a}"].type for a in "xyz"} == {"continuous"}
    # a ball after a slide in one body: the slide's helper link, then the ball's chain
    assert [joints[n].parent for n in ("spin_x", "spin_y", "spin_z")] == \
        ["free_ball__slide_then_ball", "free_ball__spin_x", "free_ball__spin_y"]
    assert joints["spin_z"].child == "free_ball"
    decomposed = {i.location: i.severity for i in conv.issues
                  if i.code == "mjcf.joint.ball_decomposed"}
    assert decomposed == {"joint:socket_x": "warning", "joint:wide_x": "warning",
                          "joint:spin_x": "info"}


@pytest.mark.parametrize("r", [0.1, 0.7, BALL_BOX_MAX - 1e-3])
def test_the_box_of_a_bounded_ball_contains_its_cone(r):
    """Every rotation of angle <= r has its x-y-z angles in [-r, r] (r < pi/2)."""
    rng = np.random.default_rng(0)
    axes = rng.normal(size=(20000, 3))
    axes /= np.linalg.norm(axes, axis=1, keepdims=True)
    angles = r * np.sqrt(rng.uniform(0.0, 1.0, size=(20000, 1)))
    angles[:2000] = r  # the rim of the cone
    euler = Rotation.from_rotvec(axes * angles).as_euler("XYZ")
    assert np.abs(euler).max() <= r * (1 + 1e-9)


def test_a_free_joint_of_a_world_body_is_fixed_with_a_warning():
    _, conv = _convert(BALLS)
    float_joint = conv.obj.joint("float")
    assert float_joint.type == "fixed" and float_joint.parent == "world"
    assert_allclose(conv.obj.link_poses["floating"][:3, 3], [1, 2, 3])
    (multi,) = [i for i in conv.issues if i.code == "mjcf.joint.multi_dof"]
    assert (multi.severity, multi.location) == ("warning", "joint:float")
    assert conv.joint_map["float"]["type"] == "fixed"


def test_body_map_names_each_body_link_and_offset():
    model, conv = _convert(COUPLED)
    assert set(conv.body_map) == {"world", "a", "b", "c"}
    assert conv.body_map["b"] == {"id": 2, "link": "b", "pos": [0.0, 0.0, 0.1],
                                  "quat": [1.0, 0.0, 0.0, 0.0]}
    assert conv.body_map["world"]["link"] == "world"
    assert conv.extras == {"joint_map": conv.joint_map, "body_map": conv.body_map,
                           "couplings": conv.couplings, "mjcf_option": {}}
    fine = mujoco.MjModel.from_xml_string(
        '<mujoco><option timestep="0.0001" integrator="RK4"/><worldbody/></mujoco>')
    assert convert_model(fine, name="f").option == {"timestep": "0.0001", "integrator": "RK4"}
    for entry in conv.body_map.values():
        assert model.body(entry["id"]).name == next(k for k, v in conv.body_map.items()
                                                    if v is entry)


def test_linear_joint_equalities_become_mimic_and_the_rest_are_recorded():
    _, conv = _convert(COUPLED)
    j2 = conv.obj.joint("j2")
    assert (j2.mimic.joint, j2.mimic.multiplier, j2.mimic.offset) == ("j1", 2.0, 0.0)
    assert conv.obj.joint("j3").mimic is None
    records = {c["name"]: c for c in conv.couplings}
    assert sorted(records) == ["cubic", "glue", "loop", "off", "pull"]
    assert records["loop"] | {"data": None} == {
        "name": "loop", "type": "connect", "active": True, "objtype": "body", "obj1": "c",
        "obj2": "a", "urdf": [["c"], ["a"]], "data": None}
    assert (records["glue"]["objtype"], records["glue"]["urdf"]) == ("site", [["a"], ["c"]])
    assert records["cubic"]["data"][:5] == [0.0, 1.0, 0.0, 0.5, 0.0]
    assert records["off"]["active"] is False
    assert (records["cubic"]["urdf"], records["off"]["urdf"]) == ([["j3"], ["j1"]], [["j3"], ["j2"]])
    assert records["pull"] | {"data": None} == {
        "name": "pull", "type": "tendon", "active": True, "objtype": "tendon", "obj1": "pair",
        "obj2": None, "urdf": [[], []], "data": None}
    recorded = [i for i in conv.issues if i.code == "mjcf.equality.recorded"]
    assert len(recorded) == 5 and {i.severity for i in recorded} == {"warning"}


#: A 0.6 m drawer whose shown geoms collide, plus what MuJoCo neither shows nor collides
#: with: an alpha-0 marker of 0.2 mm and a group-4 helper box (issue 28, class 4).
DRAWER = """
<mujoco>
  <worldbody>
    <body name="cabinet">
      <geom type="box" size="0.3 0.3 0.02" pos="0 0 -0.05"/>
      <body name="drawer">
        <joint name="slide" type="slide" axis="1 0 0" range="0 0.4"/>
        <geom name="front" type="box" size="0.02 0.3 0.15" pos="0.28 0 0"/>
        <geom name="bottom" type="box" size="0.3 0.3 0.01" pos="0 0 -0.14"/>
        <geom name="marker" type="sphere" size="0.0001" contype="0" conaffinity="0"
              rgba="1 0 0 0"/>
        <geom name="helper" type="box" size="0.01 0.01 0.01" contype="0" conaffinity="0"
              group="4"/>
      </body>
    </body>
  </worldbody>
</mujoco>
"""


def test_markers_and_hidden_geoms_are_neither_visuals_nor_collisions():
    _, conv = _convert(DRAWER)
    drawer = conv.obj.links["drawer"]
    assert sorted((p.kind, p.size) for p in drawer.primitives) == [
        ("collision", (0.04, 0.6, 0.3)), ("collision", (0.6, 0.6, 0.02)),
        ("visual", (0.04, 0.6, 0.3)), ("visual", (0.6, 0.6, 0.02))]
    (dropped,) = [i for i in conv.issues if i.code == "mjcf.geom.marker_dropped"]
    assert dropped.severity == "info" and dropped.data["geoms"] == ["marker", "helper"]


@pytest.mark.parametrize("visual, boxes_shown", [
    # robosuite: visuals drawn in group 1, collisions in group 0 -> collisions only
    ('rgba="1 0 0 1" group="1"', False),
    # a visual-only shell drawn over the colliding boxes -> they stand in for nothing
    ('type="box" size="0.32 0.32 0.17" rgba="1 0 0 1"', False),
    # brax's humanoid: a hand sphere beside the shown forearm -> the boxes are drawn too
    ('rgba="1 0 0 1"', True),
])
def test_colliding_geoms_are_visuals_where_the_visual_only_geoms_do_not_draw_them(
        visual, boxes_shown):
    shown = DRAWER.replace('type="sphere" size="0.0001"', visual).replace(
        'rgba="1 0 0 0"', "") if "type=" in visual else DRAWER.replace(
        'rgba="1 0 0 0"', visual)
    _, conv = _convert(shown)
    kinds = sorted((p.kind, p.shape) for p in conv.obj.links["drawer"].primitives)
    marker = "box" if "type=" in visual else "sphere"
    assert kinds == sorted([("collision", "box"), ("collision", "box"), ("visual", marker),
                            *([("visual", "box")] * 2 if boxes_shown else [])])
    (dropped,) = [i for i in conv.issues if i.code == "mjcf.geom.marker_dropped"]
    assert dropped.data["geoms"] == ["helper"]


DYNAMICS = """
<mujoco>
  <compiler angle="radian"/>
  <default>
    <joint damping="0.5" armature="0.01"/>
    <default class="spring"><joint stiffness="2" springref="0.3" frictionloss="0.1"/></default>
  </default>
  <worldbody>
    <body name="base">
      <geom type="box" size="0.1 0.1 0.1" mass="1"/>
      <body name="lid" pos="0 0 0.2">
        <joint name="hinge" class="spring" ref="0.1" range="-1 1"/>
        <geom type="box" size="0.1 0.1 0.01" mass="0.2"/>
      </body>
      <body name="knob" pos="0.2 0 0">
        <joint name="socket" type="ball" damping="0.005"/>
        <geom type="sphere" size="0.02" mass="0.05"/>
      </body>
      <body name="peg" pos="0 0.2 0">
        <joint name="bare" type="slide" range="0 0.1" damping="0" armature="0"/>
        <geom type="sphere" size="0.02" mass="0.05"/>
      </body>
    </body>
  </worldbody>
</mujoco>
"""


def test_joint_dynamics_come_from_the_compiled_model_with_defaults_applied():
    from arena_core.model.dynamics import Dynamics

    _, conv = _convert(DYNAMICS)
    hinge = conv.obj.joint("hinge")
    assert hinge.dynamics == Dynamics(damping=0.5, friction=0.1, armature=0.01, stiffness=2.0,
                                      springref=pytest.approx(0.2))  # springref - ref
    for axis in "xyz":
        assert conv.obj.joint(f"socket_{axis}").dynamics == Dynamics(damping=0.005,
                                                                    armature=0.01)
    assert conv.obj.joint("bare").dynamics is None
    assert all(j.dynamics is None for j in conv.obj.joints if not j.moving)
