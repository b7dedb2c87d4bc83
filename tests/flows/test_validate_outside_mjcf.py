"""MJCF written outside the project that MuJoCo loads, each shape reproduced in a few lines:
brax 0.14.2, myo-sim 0.2.4 / myosuite 3.0.0 and sai-mujoco 0.1.30, read on 2026-12-06
(docs/sources.md, "Libraries read once"). Before, each was rejected (or, for the shown
collider, accepted with a part missing from its visuals); MuJoCo loads every one, so each is
read as MuJoCo reads it, with a warning where the file was repaired.
"""

from __future__ import annotations

from pathlib import Path

import mujoco
import pytest
import yourdfpy

from tests.flows.test_validate_cli import validate

BASE = """<body name="base">
      <geom type="box" size="0.1 0.1 0.1"/>
      {inner}
    </body>"""
DOOR = """<body name="door" pos="0.2 0 0">
        <joint name="hinge" axis="0 0 1" range="0 1.5"/>
        <geom type="box" size="0.1 0.01 0.1"/>{extra}
      </body>"""


def _model(worldbody: str, tail: str = "", head: str = "", name: str = "m") -> str:
    return (f'<mujoco model="{name}">{head}\n  <worldbody>\n    {worldbody}\n  </worldbody>'
            f"{tail}\n</mujoco>\n")


def _door_model(extra: str = "", **kw) -> str:
    return _model(BASE.format(inner=DOOR.format(extra=extra)), **kw)


#: name -> (files, the issue its repair carries or None: a warning, but for the scene an
#: info). The first file is the model.
SHAPES = {
    # myo-sim's elbows: an included file includes a file beside itself, not beside the model
    "nested_include": ({"model.xml": '<mujoco model="m"><include file="sub/body.xml"/></mujoco>',
                        "sub/body.xml": "<mujocoinclude><worldbody>" + BASE.format(
                            inner='<include file="part.xml"/>') + "</worldbody></mujocoinclude>",
                        "sub/part.xml": "<mujocoinclude>" + DOOR.format(extra="")
                        + "</mujocoinclude>"}, None),
    # myo-sim's OSL leg: '--' inside a comment, which XML forbids and TinyXML-2 reads
    "comment_double_hyphen": ({"m.xml": _door_model(head="\n  <!-- a knee -- and a foot -->")},
                              "xml.repaired"),
    # myo-sim's soft exoskeleton: name="exoUpperarm"type="box"
    "attributes_without_space": ({"m.xml": _door_model().replace(
        '<geom type="box" size="0.1 0.1 0.1"/>',
        '<geom name="frame"type="box" size="0.1 0.1 0.1"/>')}, "xml.repaired"),
    # myosuite's arm: muscles anchored on a jointless thorax that is dropped as scenery
    "tendon_on_dropped_body": ({"m.xml": _model(
        '<body name="thorax" pos="0 0 0.5"><geom type="box" size="0.05 0.05 0.05"/>'
        '<site name="anchor"/></body>\n    '
        + BASE.format(inner=DOOR.format(extra='<site name="insertion"/>')),
        tail='\n  <tendon><spatial name="cable"><site site="anchor"/><site site="insertion"/>'
             "</spatial></tendon>")}, "mjcf.scene.dropped"),
    # myosuite's lumbar vertebra: a flat plate's moments (C = A + B) turned by a quaternion
    "inertia_on_triangle_edge": ({"m.xml": _door_model().replace(
        '<geom type="box" size="0.1 0.01 0.1"/>',
        '<inertial pos="0.017 0.018 0" quat="0.707107 0 0 0.707107" mass="1.799" '
        'diaginertia="0.01643 0.01123 0.0052"/><geom type="box" size="0.1 0.01 0.1" '
        'mass="0"/>')}, "normalize.inertial.balanced"),
    # sai's wheeled inverted pendulum: range="-inf inf" on a hinge
    "hinge_range_infinite": ({"m.xml": _door_model().replace('range="0 1.5"',
                                                              'range="-inf inf"')},
                             "mjcf.range.infinite"),
    # sai's reachy2: an unlimited slide that a limited joint follows through an equality
    "slide_led_by_equality": ({"m.xml": _model(BASE.format(
        inner='<body name="lift" pos="0 0 0.2"><joint name="lift" type="slide" axis="0 0 1" '
              'range="0 0.2"/><geom type="box" size="0.05 0.05 0.05"/></body>'
              '<body name="bar" pos="0.3 0 0"><joint name="bar" type="slide" axis="0 0 1"/>'
              '<geom type="box" size="0.02 0.02 0.1"/></body>'),
        tail='\n  <equality><joint joint1="lift" joint2="bar" polycoef="0 -0.5 0 0 0"/>'
             "</equality>")}, "mjcf.slide.range_derived"),
}


def _write(folder: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_text(text)
    return folder / next(iter(files))


@pytest.mark.parametrize("shape", list(SHAPES))
def test_a_shape_mujoco_loads_is_accepted(tmp_path, shape):
    files, warning = SHAPES[shape]
    model = _write(tmp_path / "in", files)
    mujoco.MjModel.from_xml_path(str(model))  # the engine reads the file as it is
    status, report = validate(model, "--out", tmp_path / "out")
    assert status == 0 and report["status"] == "accepted", report["reasons"]
    codes = {i["code"]: i for i in report["issues"]}
    assert warning is None or codes[warning]["severity"] == (
        "info" if warning == "mjcf.scene.dropped" else "warning")
    assert "mjcf.oracle.mismatch" not in codes
    robot = yourdfpy.URDF.load(str(tmp_path / "out" / report["canonical_urdf"]),
                               build_scene_graph=False, load_meshes=False)
    moving = {j.name: j for j in robot.robot.joints if j.type != "fixed"}
    if shape == "hinge_range_infinite":
        assert moving["hinge"].type == "continuous"
    if shape == "slide_led_by_equality":  # lift = -0.5 bar, lift in [0, 0.2]: bar in [-0.4, 0]
        bar = moving["bar"].limit
        assert (bar.lower, bar.upper) == pytest.approx((-0.4, 0.0), abs=1e-12)
    if shape == "tendon_on_dropped_body":
        assert "1 tendon" in codes["mjcf.scene.dropped"]["message"]


def test_an_unlimited_slide_is_still_refused_with_the_reason_for_a_prismatic_joint(tmp_path):
    text = _model(BASE.format(inner='<body name="carriage" pos="0 0 0.1"><joint name="s" '
                                    'type="slide" axis="1 0 0"/><geom type="box" '
                                    'size="0.1 0.1 0.05"/></body>'))
    status, report = validate(_write(tmp_path / "in", {"m.xml": text}), "--out", tmp_path / "out")
    (refused,) = [i for i in report["issues"] if i["code"] == "joint.limit.nonfinite"]
    assert status == 1 and "URDF has no unlimited prismatic joint" in refused["message"]


def test_a_shown_colliding_geom_beside_a_visual_only_one_is_a_visual(tmp_path):
    """brax's humanoid: the forearm capsule collides and is drawn; the hand sphere beside
    it is drawn only. Both are what the object looks like."""
    arm = _model(BASE.format(inner=(
        '<body name="arm" pos="0.1 0 0"><joint name="elbow" axis="0 1 0" range="-1 1"/>'
        '<geom name="forearm" type="capsule" fromto="0 0 0 0.3 0 0" size="0.03" contype="1"/>'
        '<geom name="hand" type="sphere" pos="0.33 0 0" size="0.04"/></body>')).replace(
        '<geom type="box"', '<geom contype="1" type="box"'),
        head='\n  <default><geom contype="0" conaffinity="0"/></default>')
    status, report = validate(_write(tmp_path / "in", {"m.xml": arm}), "--out", tmp_path / "out")
    assert status == 0, report["reasons"]
    robot = yourdfpy.URDF.load(str(tmp_path / "out" / report["canonical_urdf"]),
                               build_scene_graph=False, load_meshes=False)
    forearm = next(link for link in robot.robot.links if link.name == "arm")
    shapes = sorted("mesh" if v.geometry.mesh else "sphere" if v.geometry.sphere else "other"
                    for v in forearm.visuals)
    assert shapes == ["mesh", "sphere"]  # the capsule (a mesh) and the hand
