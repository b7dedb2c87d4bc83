"""``arena validate`` on MJCF: recognized by content (not by suffix), read by the build's
``mjcf`` adapter, then normalized, verified and reported like a URDF contribution; the root
of a lone file reaches up to the folder its includes need (metaworld's drawer)."""

from __future__ import annotations

from importlib import metadata
from pathlib import Path

import pytest

from flows.cli import main
from tests.flows.test_validate_cli import tree, validate
from tests.hostile import good_object

DOOR = """<mujoco model="door">
  <worldbody>
    <body name="frame">
      <geom type="box" size="0.05 0.05 0.5" pos="0 0 0.5"/>
      <body name="door" pos="0.3 0 0.5">
        <joint name="hinge" type="hinge" axis="0 0 1" pos="-0.25 0 0" range="0 1.5"/>
        <geom type="box" size="0.25 0.02 0.5"/>
      </body>
    </body>
  </worldbody>
</mujoco>
"""


def _door(folder: Path, name: str = "door.xml", text: str = DOOR) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text)
    return path


def test_an_mjcf_file_goes_through_the_mjcf_adapter(tmp_path, capsys):
    out = tmp_path / "out"
    status, report = validate(_door(tmp_path / "in"), "--out", out)
    text = capsys.readouterr().out
    assert (report["file_format"], report["kind"], report["urdf"]) == ("mjcf", "mjcf", "door.xml")
    assert status == 0 and report["status"] == "accepted", report["reasons"]
    assert report["object_id"] == "door" and report["oracle_distance"] <= 1e-9
    assert "[mjcf: door.xml]" in text
    assert (out / "door" / "object.urdf").is_file() and not (out / "_convert").exists()


def test_format_is_detected_by_content_not_by_suffix(tmp_path):
    status, report = validate(_door(tmp_path / "a", "door.urdf"), "--out", tmp_path / "o1")
    assert (status, report["reasons"]) == (1, ["input.mjcf_name"])  # MJCF, named like a URDF
    assert "rename it door.xml" in report["issues"][0]["message"]
    urdf_as_xml = good_object(tmp_path / "b", "lid")
    status, report = validate(urdf_as_xml.rename(urdf_as_xml.with_suffix(".xml")),
                              "--out", tmp_path / "o2")
    assert (status, report["file_format"]) == (0, "urdf")


def test_a_folder_of_mjcf_is_read_like_a_file(tmp_path):
    folder = tmp_path / "door_model"
    _door(folder)
    status, report = validate(folder, "--out", tmp_path / "out")
    assert (status, report["kind"], report["file_format"]) == (0, "folder", "mjcf")
    _door(folder, "other.xml", DOOR.replace('range="0 1.5"', 'range="0 1"'))
    status, report = validate(folder, "--out", tmp_path / "out")
    assert (status, report["reasons"]) == (1, ["input.ambiguous"])
    status, report = validate(folder, "--out", tmp_path / "out", "--urdf", "other.xml")
    assert (status, report["urdf"], report["file_format"]) == (0, "other.xml", "mjcf")


def test_a_model_the_adapter_refuses_keeps_its_mjcf_code(tmp_path):
    bad = DOOR.replace("<worldbody>", '<include file="../../../../../elsewhere.xml"/><worldbody>')
    status, report = validate(_door(tmp_path / "a" / "b", text=bad), "--out", tmp_path / "out")
    assert status == 1 and report["file_format"] == "mjcf"
    assert "mjcf.path.escapes" in report["reasons"] and report["checksum"] is None
    refused = DOOR.replace('type="hinge"', 'type="no_such_type"')
    status, report = validate(_door(tmp_path / "c", text=refused), "--out", tmp_path / "out2")
    assert status == 1 and report["reasons"] == ["mjcf.compile_failed"]


def test_a_fragment_is_read_with_the_model_that_includes_it(tmp_path):
    """A ``<mujocoinclude>`` file (gymnasium-robotics' ``*_chain.xml``): its root reaches the
    model one folder up that includes it."""
    body = DOOR.split("<worldbody>")[1].split("</worldbody>")[0]
    fragment = _door(tmp_path / "kitchen" / "items", "door_chain.xml",
                     f"<mujocoinclude>{body}</mujocoinclude>")
    _door(tmp_path / "kitchen", "scene.xml", '<mujoco model="kitchen"><worldbody>'
          '<include file="items/door_chain.xml"/></worldbody></mujoco>')
    status, report = validate(fragment, "--out", tmp_path / "out")
    assert (report["file_format"], report["urdf"]) == ("mjcf", "items/door_chain.xml")
    assert not [code for code in report["reasons"] if code.startswith("urdf.")]
    lone = _door(tmp_path / "lone", "chain.xml", "<mujocoinclude><body name='b'/></mujocoinclude>")
    status, report = validate(lone, "--out", tmp_path / "out2")
    assert status == 1 and not [code for code in report["reasons"] if code.startswith("urdf.")]


def test_metaworld_drawer_is_read_as_mjcf_with_its_scene(tmp_path, capsys):
    """The issue's command: ``arena validate metaworld/assets/objects/drawer.xml`` answered
    ``urdf.no_robot``; its ``../scene`` include sets the root to ``metaworld/assets``."""
    assets = Path(metadata.distribution("metaworld").locate_file("metaworld/assets"))
    before = tree(assets, tmp_path)
    status, report = validate(assets / "objects" / "drawer.xml", "--out", tmp_path / "out")
    assert report["file_format"] == "mjcf" and report["urdf"] == "objects/drawer.xml"
    assert "urdf.no_robot" not in report["reasons"]
    assert "mjcf.path.escapes" not in report["reasons"]
    assert all(code.startswith(("mjcf.", "mesh.", "joint.", "engine.", "structure."))
               for code in report["reasons"])
    assert tree(assets, tmp_path) == before  # nothing written into site-packages


def test_a_lone_file_four_levels_below_its_meshes_is_read_whole(tmp_path):
    """dm_control's ``locomotion/walkers/assets/dog_v2/dog.xml`` sets ``meshdir`` to
    ``../../../../suite/dog_assets``: the root reaches four folders up, as far as it needs."""
    root = tmp_path / "dm_control"
    (root / "suite" / "dog_assets").mkdir(parents=True)
    (root / "suite" / "dog_assets" / "leaf.obj").write_text(
        "v 0 0 0\nv 0.5 0 0\nv 0 0 1\nv 0 0.02 0\nf 1 2 3\nf 1 3 4\nf 1 4 2\nf 2 4 3\n")
    text = DOOR.replace("<worldbody>", '<compiler meshdir="../../../../suite/dog_assets"/>'
                        '<asset><mesh name="leaf" file="leaf.obj"/></asset><worldbody>')
    text = text.replace('<geom type="box" size="0.25 0.02 0.5"/>',
                        '<geom type="mesh" mesh="leaf" pos="-0.25 0 -0.5"/>')
    model = _door(root / "locomotion" / "walkers" / "assets" / "dog_v2", "dog.xml", text)
    status, report = validate(model, "--out", tmp_path / "out")
    assert status == 0 and report["status"] == "accepted", report["reasons"]
    assert report["urdf"] == "locomotion/walkers/assets/dog_v2/dog.xml"


@pytest.mark.parametrize("argv", [["validate", "--help"]])
def test_help_mentions_mjcf(argv, capsys):
    with pytest.raises(SystemExit):
        main(argv)
    assert "MJCF" in capsys.readouterr().out


def test_an_invisible_marker_does_not_set_the_size_of_a_drawer(tmp_path):
    from tests.arena_core.formats.mjcf.test_convert import DRAWER

    status, report = validate(_door(tmp_path / "in", "drawer.xml", DRAWER), "--out",
                              tmp_path / "out")
    assert status == 0 and report["status"] == "accepted", report["reasons"]
    assert "mjcf.geom.marker_dropped" in [i["code"] for i in report["issues"]]


RIGID = """<mujoco model="crate">
  <worldbody>
    <body name="crate" pos="0 0 0.2"><freejoint/><geom type="box" size="0.2 0.2 0.2"/></body>
  </worldbody>
</mujoco>
"""


def test_a_rigid_object_is_rejected_by_one_rule_in_urdf_and_mjcf(tmp_path):
    """Issue 28, class 6: no moving joint is ``structure.no_moving_joints`` in either format."""
    from tests.flows.test_validate_cli import FIXTURES

    status, report = validate(_door(tmp_path / "in", "crate.xml", RIGID), "--out",
                              tmp_path / "o1")
    assert (status, report["reasons"]) == (1, ["structure.no_moving_joints"])
    status, report = validate(FIXTURES / "rigid.urdf", "--out", tmp_path / "o2")
    assert (status, report["reasons"]) == (1, ["structure.no_moving_joints"])


#: A two-link pendulum on ball joints with MuJoCo's damping: stable for 1 s as shipped, and
#: unstable once converted when the damping is dropped (issue 28, class 5).
BALL_PENDULUM = """<mujoco model="ball_pendulum">
  <default><joint type="ball" damping="0.005"/><geom type="capsule" size="0.01"/></default>
  <worldbody>
    <body name="post">
      <geom fromto="0 0 0 0 0 0.1"/>
      <body name="upper" pos="0 0 0.1">
        <joint name="shoulder"/>
        <geom fromto="0 0 0 0 0.1 0.1"/>
        <body name="lower" pos="0 0.1 0.1">
          <joint name="elbow"/>
          <geom fromto="0 0 0 0 0.1 0"/>
        </body>
      </body>
    </body>
  </worldbody>
</mujoco>
"""

#: A hinge whose spring is far too stiff for its step: MuJoCo itself diverges as shipped.
STIFF = """<mujoco model="stiff">
  <compiler angle="radian"/>
  <option timestep="0.01"/>
  <worldbody>
    <body name="base">
      <geom type="box" size="0.1 0.1 0.1"/>
      <body name="flap" pos="0 0 0.2">
        <joint name="hinge" axis="1 0 0" range="-1 1" stiffness="1e9" springref="0.5"/>
        <geom type="box" size="0.1 0.1 0.01" mass="0.01"/>
      </body>
    </body>
  </worldbody>
</mujoco>
"""


def test_a_source_stable_as_shipped_stays_stable_with_its_dynamics(tmp_path):
    status, report = validate(_door(tmp_path / "in", "ball_pendulum.xml", BALL_PENDULUM),
                              "--out", tmp_path / "out")
    assert status == 0 and report["status"] == "accepted", report["reasons"]
    xml = (tmp_path / "out" / "ball_pendulum" / "object.xml").read_text()
    assert xml.count('damping="0.005"') == 6  # three hinges per ball


def test_a_source_unstable_as_shipped_gets_its_own_code(tmp_path):
    status, report = validate(_door(tmp_path / "in", "stiff.xml", STIFF), "--out",
                              tmp_path / "out")
    assert (status, report["reasons"]) == (1, ["mjcf.source_unstable"])
    (found,) = [i for i in report["issues"] if i["code"] == "mjcf.source_unstable"]
    assert "as shipped" in found["message"] and "mjcf.unstable" in found["message"]


#: A planar hopper: its root slides along x and z without a range, as dm_control's and
#: gymnasium's walkers do; MuJoCo simulates it as shipped.
PLANAR = """<mujoco model="planar">
  <compiler angle="radian"/>
  <default><joint damping="0.1" armature="0.01"/></default>
  <worldbody>
    <body name="torso" pos="0 0 1">
      <joint name="rootx" type="slide" axis="1 0 0" limited="false"/>
      <joint name="rootz" type="slide" axis="0 0 1" limited="false"/>
      <joint name="rooty" type="hinge" axis="0 1 0" limited="false"/>
      <geom type="capsule" fromto="0 0 0 0 0 0.4" size="0.05"/>
      <body name="thigh">
        <joint name="hip" axis="0 -1 0" range="-2.6 0"/>
        <geom type="capsule" fromto="0 0 0 0 0 -0.45" size="0.05"/>
      </body>
    </body>
  </worldbody>
</mujoco>
"""


def test_an_unlimited_slide_of_a_planar_root_floats_and_is_fixed(tmp_path):
    status, report = validate(_door(tmp_path / "in", "planar.xml", PLANAR), "--out",
                              tmp_path / "out")
    assert status == 0 and report["status"] == "accepted", report["reasons"]
    codes = [i["code"] for i in report["issues"]]
    assert codes.count("mjcf.slide.floating") == 2 and "mjcf.oracle.mismatch" not in codes


def test_a_source_stepped_finely_is_stepped_the_same_once_converted(tmp_path):
    """A spring that MuJoCo steps stably at the source's 0.1 ms diverges at the default 2 ms:
    ``object.xml`` carries the source's step, so the stable source stays stable."""
    fine = STIFF.replace('timestep="0.01"', 'timestep="0.0001"').replace('stiffness="1e9"',
                                                                       'stiffness="1000"')
    status, report = validate(_door(tmp_path / "in", "fine.xml", fine), "--out",
                              tmp_path / "out")
    assert status == 0 and report["status"] == "accepted", report["reasons"]
    assert '<option timestep="0.0001"/>' in (tmp_path / "out" / "fine" / "object.xml").read_text()
