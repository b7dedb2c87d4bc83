"""The MuJoCo oracle: MuJoCo's own kinematics against the canonical object, to 1e-9."""

from __future__ import annotations

import re
from pathlib import Path

import mujoco
import pytest

from arena_core.formats.mjcf.convert import convert_model
from arena_core.formats.urdf.read import read_urdf
from arena_core.mesh.parts import MeshCache
from arena_core.pipeline.mjcf_oracle import OracleFailure, mjcf_deviation, mjcf_oracle_issues
from arena_core.pipeline.normalize import normalize_object
from arena_core.pipeline.run import run_object, write_canonical_folder
from arena_core.util import tolerances as tol
from flows.adapters.mjcf import write_folder
from schemas.extras import SourceExtras

HINGE_SLIDE = """
<mujoco model="drawer_door">
  <compiler angle="degree"/>
  <worldbody>
    <body name="frame" pos="0.1 0.2 0.3">
      <geom type="box" size="0.3 0.2 0.4" mass="4"/>
      <body name="door" pos="0.3 0 0" quat="0.9 0.1 0.3 -0.2">
        <joint name="hinge" type="hinge" axis="0 0.5 2" pos="0.01 -0.02 0.05" range="-30 90"
               ref="15"/>
        <geom type="box" size="0.01 0.2 0.4" pos="0 -0.2 0" mass="1"/>
      </body>
      <body name="drawer" pos="0 0 -0.3" euler="0 0 10">
        <joint name="slide" type="slide" axis="1 0 0.2" pos="0.1 0 0" range="0 0.3" ref="0.05"/>
        <geom type="box" size="0.28 0.18 0.08" mass="0.5"/>
      </body>
    </body>
  </worldbody>
</mujoco>
"""

BALL = """
<mujoco model="lamp">
  <compiler angle="degree"/>
  <worldbody>
    <body name="stand" pos="0 0 0.1">
      <geom type="cylinder" size="0.1 0.02" mass="1"/>
      <body name="arm" pos="0 0 0.05" quat="0.8 0.2 -0.1 0.3">
        <joint name="shoulder" type="ball" pos="0.01 0.02 0.03" range="0 40"/>
        <geom type="capsule" fromto="0 0 0 0 0 0.3" size="0.01" mass="0.2"/>
        <body name="head" pos="0 0 0.3" euler="10 -20 30">
          <joint name="neck" type="ball" pos="0 0.01 0"/>
          <geom type="sphere" size="0.04" pos="0.05 0 0" mass="0.1"/>
        </body>
      </body>
    </body>
  </worldbody>
</mujoco>
"""

MULTI_NESTED = """
<mujoco model="arm">
  <compiler angle="degree" eulerseq="ZYX"/>
  <worldbody>
    <body name="base" pos="0.2 -0.1 0.05" euler="30 -10 45">
      <geom type="box" size="0.1 0.1 0.05" mass="2"/>
      <body name="turret" pos="0 0 0.1" axisangle="1 1 0 25">
        <joint name="yaw" type="hinge" axis="0 0 1" pos="0.02 0 0" range="-170 170"/>
        <joint name="lift" type="slide" axis="0 0.3 1" pos="0 0.03 0" range="-0.05 0.1"/>
        <joint name="pitch" type="hinge" axis="1 0 0" pos="0 0 0.05" range="-10 80" ref="5"/>
        <joint name="wrist" type="ball" pos="0 0 0.01" range="0 100"/>
        <geom type="capsule" fromto="0 0 0 0 0 0.2" size="0.02" mass="0.3"/>
        <body name="welded" pos="0 0 0.2" xyaxes="0 1 0 -1 0 0">
          <geom type="box" size="0.02 0.02 0.02" mass="0.05"/>
          <body name="finger" pos="0.03 0 0" zaxis="0 1 1">
            <joint name="grip" type="slide" axis="1 0 0" limited="false"/>
            <joint name="spin" type="hinge" axis="0 1 0" limited="false"/>
            <geom type="box" size="0.01 0.005 0.03" mass="0.01"/>
          </body>
        </body>
      </body>
    </body>
  </worldbody>
  <equality>
    <joint joint1="pitch" joint2="yaw" polycoef="0.1 -0.5 0 0 0"/>
  </equality>
</mujoco>
"""

FIXTURES = {"hinge_slide": HINGE_SLIDE, "ball": BALL, "multi_nested": MULTI_NESTED,
            # the mimic residual is MuJoCo's even where the model switches equalities off
            "equality_disabled": MULTI_NESTED.replace(
                "<worldbody>", '<option><flag equality="disable"/></option><worldbody>', 1)}


def _convert(tmp_path: Path, text: str, *, edit=None) -> tuple[Path, Path, SourceExtras]:
    """``(mjcf, converted urdf, extras)``; ``edit`` rewrites the converted URDF's text."""
    xml = tmp_path / "src" / "model.xml"
    xml.parent.mkdir(parents=True, exist_ok=True)
    xml.write_text(text)
    conversion = convert_model(mujoco.MjModel.from_xml_path(str(xml)), name="model")
    urdf = tmp_path / "converted" / "model.urdf"
    write_folder(urdf, conversion.obj, conversion.meshes)
    if edit is not None:
        urdf.write_text(edit(urdf.read_text()))
    return xml, urdf, SourceExtras(**conversion.extras, mjcf_path=xml)


def _canonical(tmp_path: Path, text: str, *, edit=None, scale=1.0, up_axis="z"):
    """``(mjcf, canonical object, normalized, extras)`` as the pipeline produces them."""
    xml, urdf, extras = _convert(tmp_path, text, edit=edit)
    normalized = normalize_object(read_urdf(urdf).obj, scale=scale, up_axis=up_axis,
                                  cache=MeshCache())
    write_canonical_folder(normalized.obj, tmp_path / "canonical")
    canonical = read_urdf(tmp_path / "canonical" / "object.urdf").obj
    return xml, canonical, normalized, extras


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_mujoco_and_the_canonical_object_agree(tmp_path, name):
    xml, canonical, normalized, extras = _canonical(tmp_path, FIXTURES[name])
    found = mjcf_deviation(xml, canonical, normalized, extras, samples=12, seed=3)
    assert found.missing == [] and not found.partial
    assert found.value <= tol.MJCF_ORACLE, found.where
    model = mujoco.MjModel.from_xml_path(str(xml))
    # 13 configurations, each: every body pose and every non-free joint's anchor (+ axis)
    assert found.compared >= 13 * (model.nbody + model.njnt)
    assert mjcf_oracle_issues(canonical, normalized, extras) == []


@pytest.mark.parametrize(("scale", "up_axis"), [(0.25, "y"), (3.0, "z")])
def test_agreement_holds_through_scale_and_up_axis(tmp_path, scale, up_axis):
    xml, canonical, normalized, extras = _canonical(tmp_path, MULTI_NESTED, scale=scale,
                                                    up_axis=up_axis)
    assert normalized.transform.scale == scale
    found = mjcf_deviation(xml, canonical, normalized, extras)
    assert found.value <= tol.MJCF_ORACLE, found.where


def _first_axis_flipped(text: str) -> str:
    """The converted URDF with the hinge axis turned a little (a mis-conversion)."""
    return re.sub(r'(<joint name="hinge".*?<axis xyz=")([^"]+)"', r'\g<1>0 0.55 2"', text,
                  count=1, flags=re.S)


@pytest.mark.parametrize(("edit", "worst"), [
    (_first_axis_flipped, "joint 'hinge' axis"),
    (lambda t: t.replace('upper="0.3"', 'upper="0.2"').replace('upper="0.25"', 'upper="0.2"'),
     "joint 'slide' limits"),
    (lambda t: re.sub(r'(<joint name="slide".*?<origin xyz=")([^ ]+)', r"\g<1>0.5", t,
                      count=1, flags=re.S), "body 'drawer' pose"),
])
def test_a_misconverted_object_is_rejected_naming_the_worst_difference(tmp_path, edit, worst):
    xml, canonical, normalized, extras = _canonical(tmp_path, HINGE_SLIDE, edit=edit)
    found = mjcf_deviation(xml, canonical, normalized, extras)
    assert found.value > tol.MJCF_ORACLE and worst in found.where
    (issue,) = mjcf_oracle_issues(canonical, normalized, extras)
    assert issue.code == "mjcf.oracle.mismatch" and issue.severity == "error"
    assert worst in issue.message


def test_a_ball_read_in_another_order_is_rejected(tmp_path):
    xml, canonical, normalized, extras = _canonical(tmp_path, BALL)
    extras.joint_map["shoulder"]["order"] = "zyx"
    found = mjcf_deviation(xml, canonical, normalized, extras)
    assert found.value > 1e-3 and "pose" in found.where  # qpos0 agrees, samples do not


def test_a_wrong_mimic_and_a_wrong_body_offset_are_rejected(tmp_path):
    wrong = MULTI_NESTED.replace('polycoef="0.1 -0.5', 'polycoef="0.1 -0.4')
    xml, canonical, normalized, extras = _canonical(tmp_path, MULTI_NESTED)
    (tmp_path / "src" / "model.xml").write_text(wrong)
    found = mjcf_deviation(xml, canonical, normalized, extras)
    assert found.value > tol.MJCF_ORACLE and found.where.startswith("mimic 'pitch'")
    (tmp_path / "src" / "model.xml").write_text(MULTI_NESTED)
    extras.body_map["finger"]["pos"] = [0.0, 0.0, 1e-6]
    found = mjcf_deviation(xml, canonical, normalized, extras)
    assert 0.5e-6 < found.value < 2e-6 and found.where.startswith("body 'finger' pose")


def test_missing_parts_and_unusable_models_are_reported(tmp_path):
    xml, canonical, normalized, extras = _canonical(tmp_path, HINGE_SLIDE)
    renamed = extras.merged(joint_map={**extras.joint_map,
                                       "hinge": {**extras.joint_map["hinge"], "urdf_joint": "nope"}})
    (issue,) = mjcf_oracle_issues(canonical, normalized, renamed)
    assert issue.code == "mjcf.oracle.mismatch" and "URDF joint 'nope'" in issue.message
    broken = tmp_path / "broken.xml"
    broken.write_text("<mujoco><worldbody><body><joint type='bogus'/></body></worldbody></mujoco>")
    (issue,) = mjcf_oracle_issues(canonical, normalized, extras.merged(mjcf_compiled=broken))
    assert issue.code == "mjcf.oracle.failed" and "broken.xml" in issue.message
    stale = extras.merged(joint_map={"hinge": {**extras.joint_map["hinge"], "id": 7}})
    with pytest.raises(OracleFailure, match="id 7"):
        mjcf_deviation(xml, canonical, normalized, stale)
    garbled = extras.merged(body_map={"frame": {"id": 1}})
    assert [i.code for i in mjcf_oracle_issues(canonical, normalized, garbled)] == \
        ["mjcf.oracle.failed"]
    without_bodies = extras.merged(body_map=None)
    assert [i.code for i in mjcf_oracle_issues(canonical, normalized, without_bodies)] == \
        ["mjcf.oracle.partial"]
    assert mjcf_oracle_issues(canonical, normalized, SourceExtras(joint_map=extras.joint_map)) == []
    assert mjcf_oracle_issues(canonical, normalized, SourceExtras()) == []
    with pytest.raises(OracleFailure, match="no joint_map"):
        mjcf_deviation(xml, canonical, normalized, SourceExtras(mjcf_path=xml))


def test_run_object_rejects_a_misconverted_mjcf_object(tmp_path):
    _, urdf, extras = _convert(tmp_path / "bad", HINGE_SLIDE, edit=_first_axis_flipped)
    record = run_object(urdf, tmp_path / "out", provenance={"object_id": "bad",
                                                                "source": "mj"}, extras=extras).record
    codes = {i.code for i in record.verification.issues if i.severity == "error"}
    assert record.verification.status == "rejected" and codes == {"mjcf.oracle.mismatch"}
    (oracle,) = record.engines  # a rejected object is not simulated; the oracle says why
    assert (oracle.engine, oracle.loaded, oracle.ok) == ("mujoco_source", True, False)
    assert oracle.max_pose_error > 1e-3


#: Installed MuJoCo models that compile as shipped: (package, path inside it). Together they
#: have hinges, slides, 10 ball joints, free joints, tendons, weld equalities and a mimic.
INSTALLED = [
    ("pybullet_data", "mjcf/humanoid.xml"),
    ("genesis", "assets/xml/rope_ball.xml"),
    ("genesis", "assets/xml/four_bar_linkage_weld.xml"),
    ("genesis", "assets/xml/franka_emika_panda/panda.xml"),  # a finger mimic
    ("mujoco", "testdata/model.xml"),
    ("robosuite", "models/assets/objects/door.xml"),
    ("robosuite", "models/assets/grippers/robotiq_gripper_140.xml"),
    ("gymnasium_robotics", "envs/assets/hand/manipulate_block.xml"),
]


def _installed(package: str, rel: str) -> Path:
    import importlib.util

    spec = importlib.util.find_spec(package)
    path = Path(spec.submodule_search_locations[0]) / rel if spec and \
        spec.submodule_search_locations else None
    if path is None or not path.is_file():
        pytest.skip(f"{package}/{rel} is not installed")
    return path


@pytest.mark.parametrize(("package", "rel"), INSTALLED)
def test_installed_models_pass_the_oracle(tmp_path, package, rel):
    xml = _installed(package, rel)
    conversion = convert_model(mujoco.MjModel.from_xml_path(str(xml)), name=xml.stem)
    urdf = tmp_path / "converted" / f"{xml.stem}.urdf"
    write_folder(urdf, conversion.obj, conversion.meshes)
    normalized = normalize_object(read_urdf(urdf).obj, cache=MeshCache())
    write_canonical_folder(normalized.obj, tmp_path / "canonical")
    canonical = read_urdf(tmp_path / "canonical" / "object.urdf").obj
    extras = SourceExtras(**conversion.extras, mjcf_path=xml)
    found = mjcf_deviation(xml, canonical, normalized, extras)
    assert found.missing == [] and found.value <= tol.MJCF_ORACLE, found.where
