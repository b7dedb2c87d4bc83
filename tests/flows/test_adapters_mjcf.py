"""The ``mjcf`` adapter: MuJoCo models converted exactly (joint twists, geometry, inertia)."""

from __future__ import annotations

import math
from pathlib import Path

import mujoco
import numpy as np
import pytest
import trimesh
from numpy.testing import assert_allclose

from arena_core.formats.urdf.read import read_urdf
from arena_core.util import tolerances as tol
from flows.adapters import get_adapter
from schemas.sources import load_source_manifest

CABINET = """
<mujoco model="cabinet">
  <compiler angle="degree" meshdir="assets"/>
  <asset>
    <mesh name="handle" file="handle.stl" scale="0.5 0.5 0.5"/>
    <mesh name="tet" vertex="0 0 0 0.1 0 0 0 0.1 0 0 0 0.1"/>
  </asset>
  <worldbody>
    <geom name="floor" type="plane" size="1 1 0.1"/>
    <body name="carcass" pos="0.1 -0.2 0.3" quat="0.9 0.1 0.3 -0.2">
      <geom type="box" size="0.3 0.2 0.4" mass="5"/>
      <geom type="mesh" mesh="tet" contype="0" conaffinity="0"/>
      <body name="door" pos="0.3 0.2 0" euler="10 20 30">
        <joint name="hinge" type="hinge" axis="0.3 0.4 1" pos="0.01 -0.02 0.05" range="-30 90"
               ref="15"/>
        <geom type="box" size="0.01 0.2 0.4" pos="0 -0.2 0" mass="1"/>
        <geom type="mesh" mesh="handle" pos="0 -0.35 0.1" euler="0 90 0"/>
      </body>
      <body name="drawer" pos="0 0 -0.3">
        <joint name="slide" type="slide" axis="1 0 0.2" range="0 0.3" ref="0.05"/>
        <geom type="box" size="0.28 0.18 0.08" mass="0.5"/>
      </body>
      <body name="knob" pos="0.31 0.1 0.3" quat="0.7 0.7 0 0">
        <joint name="knob_spin" type="hinge" axis="0 0 1" limited="false"/>
        <geom type="cylinder" size="0.02 0.01" mass="0.05"/>
      </body>
      <body name="lamp" pos="0 0 0.45">
        <joint name="lamp_turn" type="hinge" axis="0 0 1" pos="0.02 0 0" range="-45 45"/>
        <joint name="lamp_lift" type="slide" axis="0 0 1" pos="0 0.03 0" range="0 0.1"/>
        <joint name="lamp_tilt" type="hinge" axis="1 0 0" pos="0 0 0.05" range="-10 10"/>
        <geom type="capsule" fromto="0 0 0 0 0 0.2" size="0.01" mass="0.1"/>
        <body name="shade" pos="0 0 0.2" euler="0 30 0">
          <joint name="shade_ball" type="ball"/>
          <geom type="ellipsoid" size="0.05 0.04 0.03" mass="0.1"/>
          <body name="bulb" pos="0 0 -0.02">
            <joint name="bulb_screw" type="hinge" axis="0 0 1" pos="0.001 0 0"/>
            <geom type="sphere" size="0.01" mass="0.01"/>
          </body>
        </body>
      </body>
    </body>
    <body name="ball" pos="1 1 0.1">
      <freejoint name="float"/>
      <geom type="sphere" size="0.05" mass="0.2"/>
    </body>
  </worldbody>
  <equality>
    <joint joint1="lamp_tilt" joint2="lamp_turn" polycoef="0.01 0.5 0 0 0"/>
  </equality>
</mujoco>
"""

MAIN_WITH_INCLUDE = """
<mujoco model="hinged_box">
  <include file="parts/box_body.xml"/>
</mujoco>
"""
INCLUDED = """
<mujoco>
  <worldbody>
    <body name="lid" pos="0 0 0.2">
      <joint name="lid_hinge" type="hinge" axis="0 1 0" pos="-0.1 0 0" range="0 1.5"/>
      <geom type="box" size="0.1 0.1 0.01" mass="0.2"/>
    </body>
  </worldbody>
</mujoco>
"""
ESCAPING = """
<mujoco model="escape">
  <asset><mesh name="m" file="../../outside.stl"/></asset>
  <worldbody><body><joint type="hinge"/><geom type="mesh" mesh="m"/></body></worldbody>
</mujoco>
"""


@pytest.fixture()
def library(tmp_path: Path) -> Path:
    """A small MJCF library: a cabinet with every joint kind, an include pair, noise."""
    lib = tmp_path / "lib"
    (lib / "cabinet" / "assets").mkdir(parents=True)
    (lib / "cabinet" / "cab.xml").write_text(CABINET)
    trimesh.creation.box(extents=(0.02, 0.1, 0.02)).export(lib / "cabinet" / "assets" / "handle.stl")
    (lib / "box" / "parts").mkdir(parents=True)
    (lib / "box" / "box.xml").write_text(MAIN_WITH_INCLUDE)
    (lib / "box" / "parts" / "box_body.xml").write_text(INCLUDED)
    (lib / "bad").mkdir()
    (lib / "bad" / "escape.xml").write_text(ESCAPING)
    (tmp_path / "outside.stl").write_bytes(b"solid x\nendsolid x\n")
    (lib / "package.xml").write_text("<package><name>not_mjcf</name></package>")
    return lib


def _ingest(lib: Path, work: Path) -> dict:
    manifest = load_source_manifest({"name": "mj", "adapter": "mjcf", "license": "MIT",
                                     "location": str(lib)})
    return {o.source_id: o for o in get_adapter("mjcf").iter_objects(manifest, lib, work_dir=work)}


def _model_at_rest(xml: Path) -> tuple[mujoco.MjModel, mujoco.MjData]:
    model = mujoco.MjModel.from_xml_path(str(xml))
    data = mujoco.MjData(model)
    data.qpos[:] = model.qpos0
    mujoco.mj_forward(model, data)
    return model, data


def test_discovers_models_skips_includes_and_non_mjcf(library, tmp_path):
    objects = _ingest(library, tmp_path / "work")
    assert sorted(objects) == ["bad/escape", "box/box", "cabinet/cab"]
    box = objects["box/box"]
    assert [f.path for f in box.files] == ["box/box.xml", "box/parts/box_body.xml"]
    assert box.extras.files_root == library.resolve()
    assert not box.has_errors
    assert box.extras.joint_map["lid_hinge"]["type"] == "revolute"


def test_escaping_asset_path_is_refused_before_mujoco_reads_it(library, tmp_path):
    obj = _ingest(library, tmp_path / "work")["bad/escape"]
    assert [i.code for i in obj.issues] == ["mjcf.path.escapes"]
    assert not obj.urdf_path.exists()


def test_absolute_and_missing_files_are_issues_and_unlimited_slide_warns(tmp_path):
    lib = tmp_path / "lib"
    lib.mkdir()
    (lib / "abs.xml").write_text(ESCAPING.replace("../../outside.stl", "/etc/hostname"))
    (lib / "gone.xml").write_text(ESCAPING.replace("../../outside.stl", "gone.stl"))
    (lib / "rail.xml").write_text('<mujoco><worldbody><body><geom type="box" size="0.1 0.1 0.1"/>'
                                  '<body pos="0 0 0.2"><joint type="slide" limited="false"/>'
                                  '<geom type="box" size="0.1 0.1 0.1"/></body></body>'
                                  '</worldbody></mujoco>')
    (lib / "puck.xml").write_text('<mujoco><worldbody><body name="puck" pos="0 0 0.3">'
                                  '<joint name="x" type="slide" limited="false"/>'
                                  '<joint name="spin" axis="0 0 1"/>'
                                  '<geom type="cylinder" size="0.1 0.02"/></body></worldbody>'
                                  '</mujoco>')
    objs = _ingest(lib, tmp_path / "work")
    assert {k: [i.code for i in o.issues] for k, o in objs.items()} == {
        "abs": ["mjcf.path.absolute"], "gone": ["mjcf.file.missing"],
        "rail": ["mjcf.slide.unlimited"], "puck": ["mjcf.slide.floating"]}
    rail = read_urdf(objs["rail"].urdf_path).obj
    (slide,) = [j for j in rail.joints if j.type == "prismatic"]
    assert (slide.lower, slide.upper) == (-math.inf, math.inf)
    puck = read_urdf(objs["puck"].urdf_path).obj  # a planar root: its slide floats
    assert {j.name: j.type for j in puck.joints} == {"x": "fixed", "spin": "continuous"}
    assert objs["puck"].extras.joint_map["x"]["type"] == "fixed"


def test_joint_twists_equal_mujoco_world_axes_and_anchors(library, tmp_path):
    obj = _ingest(library, tmp_path / "work")["cabinet/cab"]
    model, data = _model_at_rest(library / "cabinet" / "cab.xml")
    read = read_urdf(obj.urdf_path, root_dir=obj.root_dir)
    assert not [i for i in read.issues if i.severity == "error"]
    urdf = read.obj
    twists = dict(zip([j.name for j in urdf.joints], urdf.twists(), strict=True))
    checked = 0
    for j in range(model.njnt):
        jtype = int(model.jnt_type[j])
        if jtype not in (int(mujoco.mjtJoint.mjJNT_HINGE), int(mujoco.mjtJoint.mjJNT_SLIDE)):
            continue
        axis, anchor = data.xaxis[j], data.xanchor[j]
        expected = (np.r_[axis, np.cross(anchor, axis)] if jtype == int(mujoco.mjtJoint.mjJNT_HINGE)
                    else np.r_[np.zeros(3), axis])
        name = obj.extras.joint_map[model.joint(j).name]["urdf_joint"]
        assert_allclose(twists[name], expected, atol=tol.ORACLE, err_msg=name)
        checked += 1
    assert checked == 7


def test_joint_types_limits_and_multi_dof_issues(library, tmp_path):
    obj = _ingest(library, tmp_path / "work")["cabinet/cab"]
    urdf = read_urdf(obj.urdf_path, root_dir=obj.root_dir).obj
    joints = {j.name: j for j in urdf.joints}
    assert joints["hinge"].type == "revolute"
    assert_allclose([joints["hinge"].lower, joints["hinge"].upper],
                    np.radians([-30 - 15, 90 - 15]), atol=tol.ROUND_TRIP)
    assert joints["slide"].type == "prismatic"
    assert_allclose([joints["slide"].lower, joints["slide"].upper], [-0.05, 0.25],
                    atol=tol.ROUND_TRIP)
    assert joints["knob_spin"].type == "continuous"
    assert math.isinf(joints["knob_spin"].upper)
    assert "float" not in joints  # a free prop beside the object: dropped as scene
    assert [joints[f"shade_ball_{a}"].type for a in "xyz"] == ["continuous"] * 3  # unlimited
    # three joints in one body: two helper links chain them, the last child is the body
    assert [joints[n].child for n in ("lamp_turn", "lamp_lift", "lamp_tilt")] == \
        ["lamp__lamp_turn", "lamp__lamp_lift", "lamp"]
    assert joints["lamp_tilt"].mimic.joint == "lamp_turn"
    assert_allclose([joints["lamp_tilt"].mimic.multiplier, joints["lamp_tilt"].mimic.offset],
                    [0.5, 0.01])
    multi = {i.location: i.severity for i in obj.issues if i.code == "mjcf.joint.multi_dof"}
    assert multi == {}
    scene = [i.data for i in obj.issues if i.code == "mjcf.scene.dropped"]
    assert scene == [{"dropped": {"plane": 1, "body": 1}}]


def _obj_vertices(path: Path) -> np.ndarray:
    rows = [line.split()[1:4] for line in path.read_text().splitlines() if line.startswith("v ")]
    return np.array(rows, dtype=float)


def test_geometry_and_inertia_land_where_mujoco_puts_them(library, tmp_path):
    obj = _ingest(library, tmp_path / "work")["cabinet/cab"]
    model, data = _model_at_rest(library / "cabinet" / "cab.xml")
    urdf = read_urdf(obj.urdf_path, root_dir=obj.root_dir).obj
    for g in range(model.ngeom):
        if int(model.geom_type[g]) != int(mujoco.mjtGeom.mjGEOM_MESH):
            continue
        mid = int(model.geom_dataid[g])
        name = model.mesh(mid).name
        verts = model.mesh_vert[model.mesh_vertadr[mid]:model.mesh_vertadr[mid] + model.mesh_vertnum[mid]]
        world = verts.astype(float) @ data.geom_xmat[g].reshape(3, 3).T + data.geom_xpos[g]
        link = model.body(int(model.geom_bodyid[g])).name
        refs = [m for m in urdf.links[link].meshes if m.filename == f"meshes/{name}.obj"]
        assert {m.kind for m in refs} == ({"visual"} if name == "tet" else {"visual", "collision"})
        ref = refs[0]
        pose = urdf.link_poses[link] @ ref.origin
        got = _obj_vertices(Path(ref.path)) @ pose[:3, :3].T + pose[:3, 3]
        assert_allclose(got, world, atol=tol.ORACLE)
    door_box = next(p for p in urdf.links["door"].primitives if p.shape == "box")
    g = next(g for g in range(model.ngeom) if model.geom_bodyid[g] == model.body("door").id
             and model.geom_type[g] == mujoco.mjtGeom.mjGEOM_BOX)
    pose = urdf.link_poses["door"] @ door_box.origin
    assert_allclose(pose[:3, 3], data.geom_xpos[g], atol=tol.ORACLE)
    assert_allclose(pose[:3, :3], data.geom_xmat[g].reshape(3, 3), atol=tol.ORACLE)
    assert_allclose(door_box.size, 2 * model.geom_size[g], atol=tol.ROUND_TRIP)
    for body in ("door", "lamp", "bulb"):
        b = model.body(body).id
        mass = urdf.root_mass(body)
        rot = data.ximat[b].reshape(3, 3)
        assert_allclose(mass.mass, model.body_mass[b], rtol=tol.ROUND_TRIP)
        assert_allclose(mass.com, data.xipos[b], atol=tol.ORACLE)
        assert_allclose(mass.inertia, rot @ np.diag(model.body_inertia[b]) @ rot.T, atol=tol.ORACLE)


def test_conversion_is_deterministic(library, tmp_path):
    first = _ingest(library, tmp_path / "a")["cabinet/cab"]
    second = _ingest(library, tmp_path / "b")["cabinet/cab"]
    names = sorted(p.relative_to(first.root_dir).as_posix() for p in first.root_dir.rglob("*"))
    assert names == ["cab.urdf", "meshes", "meshes/capsule_6.obj", "meshes/ellipsoid_7.obj",
                     "meshes/handle.obj", "meshes/tet.obj", "source.mjcf.xml",
                     "source.mjcf.xml.assets.json"]
    for rel in names[:1] + names[2:]:
        assert (first.root_dir / rel).read_bytes() == (second.root_dir / rel).read_bytes()
    assert first.files == second.files


def test_realdata_pot_xml_is_reported_not_raised(realdata, tmp_path):
    manifest = load_source_manifest(Path(__file__).resolve().parents[2] / "manifests" / "sources"
                                    / "realdata" / "bidexhands_repo_mjcf.yaml")
    objects = list(get_adapter("mjcf").iter_objects(manifest, manifest.local_path,
                                                    work_dir=tmp_path))
    assert [o.source_id for o in objects] == ["mjcf_pot/pot"]
    (pot,) = objects
    codes = [i.code for i in pot.issues]
    assert codes == ["mjcf.scene.dropped", "mjcf.attribute.unknown", "mjcf.compile_failed"]
    assert "'friction' of <body> removed" in pot.issues[1].message  # repaired, then ...
    assert "repeated name 'hip_1' in joint" in pot.issues[2].message  # ... a real defect
    assert [f.path for f in pot.files] == ["mjcf_pot/pot.xml"]
    assert pot.license_class == "permissive"
