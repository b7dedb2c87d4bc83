"""Real-library MJCF shapes: scene wrappers, fragments, old syntax and MuJoCo's refusals.

Each fixture reproduces, in a few lines, a layout the pip-installed libraries ship
(metaworld's object + scene + dependencies, Franka-kitchen chain/asset fragments, libero's
massless door bodies and repeated texture names, pybullet_data's global coordinates).
"""

from __future__ import annotations

from pathlib import Path

import mujoco
import numpy as np
import pytest
import trimesh
from numpy.testing import assert_allclose

from arena_core.formats.mjcf.compile import compile_tree
from arena_core.formats.mjcf.mujoco_load import compile_saved
from arena_core.formats.mjcf.prepare import prepare_model, read_xml
from flows.adapters import get_adapter
from schemas.sources import load_source_manifest

OBJECT = """<mujoco model="drawer">
  <include file="assets/drawer_dependencies.xml"/>
  <include file="../scene/basic_scene.xml"/>
  <worldbody><include file="assets/drawer.xml"/></worldbody>
</mujoco>"""
DEPENDENCIES = """<mujocoinclude>
  <compiler angle="radian" meshdir="meshes"/>
  <asset>
    <mesh name="handle" file="handle.stl"/>
    <texture name="wood" type="2d" file="../textures/missing_wood.png"/>
    <material name="wood" texture="wood"/>
  </asset>
  <default><default class="drawer"><joint damping="2"/></default></default>
</mujocoinclude>"""
BODY = """<mujocoinclude>
  <body name="case" pos="0 0.5 0">
    <geom type="box" size="0.2 0.2 0.1" material="wood"/>
    <body name="drawer_link">
      <joint name="slide" class="drawer" type="slide" axis="0 -1 0" range="0 0.15"/>
      <geom type="box" size="0.15 0.15 0.05" mass="0.5"/>
      <geom type="mesh" mesh="handle" pos="0 -0.16 0" mass="0.05"/>
    </body>
  </body>
</mujocoinclude>"""
SCENE = """<mujocoinclude>
  <asset><texture name="floor" type="2d" file="../textures/floor.png"/></asset>
  <visual><headlight ambient="0.4 0.4 0.4"/></visual>
  <worldbody>
    <light directional="true" pos="0 0 3"/>
    <camera name="top" pos="0 0 2"/>
    <geom name="floor" type="plane" size="4 4 0.1"/>
    <body name="table" pos="0 0.6 -0.1"><geom type="box" size="0.7 0.4 0.02"/></body>
    <body name="hand" mocap="true" pos="0 0 0.5"><geom type="sphere" size="0.02"/></body>
  </worldbody>
  <equality><weld body1="hand" body2="case"/></equality>
  <actuator><position joint="slide"/></actuator>
</mujocoinclude>"""


def _library(tmp_path: Path) -> Path:
    root = tmp_path / "assets"
    for rel, text in {"objects/drawer.xml": OBJECT,
                      "objects/assets/drawer_dependencies.xml": DEPENDENCIES,
                      "objects/assets/drawer.xml": BODY, "scene/basic_scene.xml": SCENE}.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    (root / "objects" / "meshes").mkdir()
    trimesh.creation.box(extents=(0.05, 0.02, 0.02)).export(root / "objects/meshes/handle.stl")
    return root


def _ingest(root: Path, work: Path, include: list[str] | None) -> dict:
    manifest = load_source_manifest({"name": "lib", "adapter": "mjcf", "license": "MIT",
                                     "location": str(root), "include": include})
    return {o.source_id: o for o in get_adapter("mjcf").iter_objects(manifest, root,
                                                                      work_dir=work)}


def _codes(obj) -> dict[str, str]:
    return {i.code: i.severity for i in obj.issues}


def test_object_file_with_scene_keeps_only_the_articulated_bodies(tmp_path):
    root = _library(tmp_path)
    objects = _ingest(root, tmp_path / "work", ["objects/*.xml"])
    assert list(objects) == ["objects/drawer"]
    obj = objects["objects/drawer"]
    assert not obj.has_errors, obj.issues
    scene = next(i for i in obj.issues if i.code == "mjcf.scene.dropped")
    assert scene.data == {"dropped": {"light": 1, "camera": 1, "plane": 1, "body": 2,
                                      "section": 2}}
    assert scene.message == ("scene elements dropped: 1 light, 1 camera, 1 plane, 2 bodies, "
                             "2 sections")
    model, _ = compile_saved(obj.extras.mjcf_compiled)
    bodies = {model.body(i).name for i in range(model.nbody)}
    assert bodies == {"world", "case", "drawer_link"}  # table and mocap hand are scene
    assert model.neq == 0 and model.nu == 0 and model.ntex == 0
    files = [f.path for f in obj.files]
    assert files == ["objects/assets/drawer.xml", "objects/assets/drawer_dependencies.xml",
                     "objects/drawer.xml", "objects/meshes/handle.stl",
                     "scene/basic_scene.xml"]  # textures are not read


def test_default_discovery_still_finds_models_not_included_by_others(tmp_path):
    root = _library(tmp_path)
    alone = _ingest(root / "objects", tmp_path / "work", None)["drawer"]  # without ../scene
    assert _codes(alone) == {"mjcf.path.escapes": "error"}
    objects = _ingest(root, tmp_path / "work2", None)
    assert list(objects) == ["objects/drawer"]


def test_fragment_is_wrapped_with_its_host_compiler_and_companion_assets(tmp_path):
    root = tmp_path / "kitchen"
    (root / "items").mkdir(parents=True)
    (root / "meshes").mkdir()
    trimesh.creation.box(extents=(0.3, 0.3, 0.3)).export(root / "meshes" / "micro.stl")
    (root / "items" / "micro_asset.xml").write_text(
        "<mujocoinclude><asset><mesh name='micro' file='micro.stl'/></asset>"
        "<default><default class='microwave'><joint damping='1'/></default></default>"
        "</mujocoinclude>")
    (root / "items" / "micro_chain.xml").write_text(
        "<mujocoinclude><body name='microroot' childclass='microwave'><geom mesh='micro'/>"
        "<body name='door' pos='-0.3 -0.2 0.2'><joint name='door' axis='0 0 1' "
        "range='-2 0'/><geom type='box' size='0.2 0.01 0.15' group='1'/></body></body>"
        "</mujocoinclude>")
    (root / "items" / "kettle_chain.xml").write_text(
        "<mujocoinclude><body name='kettle'><geom type='sphere' size='0.1'/></body>"
        "</mujocoinclude>")
    (root / "env.xml").write_text(
        "<mujoco><compiler angle='radian' meshdir='meshes' inertiagrouprange='0 0'/>"
        "<include file='items/micro_asset.xml'/><worldbody><body name='robot'><joint/>"
        "<geom size='0.1'/></body><body name='microwave' pos='1 0 0'>"
        "<include file='items/micro_chain.xml'/></body><body name='kettle_at'>"
        "<freejoint/><include file='items/kettle_chain.xml'/></body></worldbody></mujoco>")
    objects = _ingest(root, tmp_path / "work", ["items/*_chain.xml"])
    assert list(objects) == ["items/kettle_chain", "items/micro_chain"]
    kettle = objects["items/kettle_chain"]  # a prop: converted, rejected later like a URDF's
    assert not kettle.has_errors and kettle.urdf_path.is_file(), kettle.issues
    micro = objects["items/micro_chain"]
    assert not micro.has_errors, micro.issues
    # the door's geom is outside inertiagrouprange: MuJoCo refuses a massless moving body
    assert _codes(micro)["mjcf.body.massless"] == "warning"
    assert [f.path for f in micro.files] == ["items/micro_asset.xml", "items/micro_chain.xml",
                                             "meshes/micro.stl"]
    assert micro.extras.joint_map["door"]["type"] == "revolute"


@pytest.mark.parametrize("snippet, code", [
    ("<worldbody><region name='r'/>{body}</worldbody>", "mjcf.element.unknown"),
    ("<option collision='all'/><worldbody>{body}</worldbody>", "mjcf.attribute.unknown"),
    ("<asset><mesh name='m' vertex='0 0 0 1 0 0 0 1 0 0 0 1'/>"
     "<mesh name='m' vertex='0 0 0 1 0 0 0 1 0 0 0 1'/></asset><worldbody>{body}</worldbody>",
     "mjcf.name.repeated"),
    ("<worldbody>{body}</worldbody>".replace("{body}", "{massless}"), "mjcf.body.massless"),
    ("<default><geom material='geom'/></default><worldbody>{body}</worldbody>",
     "mjcf.material.missing"),
    ("<default class='old'><geom rgba='1 0 0 1'/></default><worldbody>{body}</worldbody>",
     "mjcf.default.renamed"),
    ("<worldbody><body pos='0,0,1'><joint type='hinge' axis='0,1,0'/>"
     "<geom size='0.1' mass='1'/></body></worldbody>", "mjcf.vector.commas"),
    ("<worldbody><body><joint type='fixed'/><geom size='0.1'/><body pos='0 0 1'>"
     "<joint type='hinge'/><geom size='0.1'/></body></body></worldbody>",
     "mjcf.joint.fixed_removed"),
    ("<tendon><fixed><joint joint='nope' coef='1'/></fixed></tendon>"
     "<worldbody>{body}</worldbody>", "mjcf.tendon.broken"),
    ("<worldbody><body><inertial mass='1' diaginertia='0.1 0.1 0.1'/><joint type='hinge'/>"
     "</body></worldbody>", "mjcf.inertial.pos_missing"),
])
def test_refusals_are_repaired_with_a_warning(tmp_path, snippet, code):
    body = "<body><joint type='hinge'/><geom size='0.1' mass='1'/></body>"
    massless = "<body><joint type='hinge'/><geom size='0.1' group='3'/></body>"
    text = f"<mujoco><compiler inertiagrouprange='0 2'/>{snippet}</mujoco>".format(
        body=body, massless=massless)
    (tmp_path / "m.xml").write_text(text)
    prepared = prepare_model(read_xml(tmp_path / "m.xml"), tmp_path, tmp_path, tmp_path)
    compiled = compile_tree(prepared.tree, name="m.xml")
    found = {i.code: i.severity for i in [*prepared.issues, *compiled.issues]}
    assert compiled.model is not None, found
    assert found[code] == "warning"
    assert "mjcf.compile_failed" not in found


def test_unrepairable_refusal_is_compile_failed_with_mujocos_message(tmp_path):
    (tmp_path / "m.xml").write_text("<mujoco><worldbody><body><joint name='j' type='hinge'/>"
                                    "<geom type='mesh' mesh='nope'/></body></worldbody></mujoco>")
    prepared = prepare_model(read_xml(tmp_path / "m.xml"), tmp_path, tmp_path, tmp_path)
    compiled = compile_tree(prepared.tree, name="m.xml")
    assert compiled.model is None
    (failed,) = compiled.issues
    assert failed.code == "mjcf.compile_failed" and "mesh 'nope' not found" in failed.message


def test_global_coordinates_become_local_frames_that_mujoco_places_identically(tmp_path):
    """In a global-coordinate model, joint pos/axis and geom pos ARE the world values: after
    the rewrite MuJoCo's own kinematics at qpos0 must reproduce them."""
    anchor, axis, geom_pos = [0.3, -0.2, 1.1], [0.0, 0.6, 0.8], [0.5, 0.1, 0.9]
    (tmp_path / "g.xml").write_text(
        "<mujoco><compiler coordinate='global' angle='degree'/><worldbody>"
        "<body name='a' pos='0.1 0 1' euler='0 0 90'><geom type='capsule' size='0.05' "
        "fromto='0.1 0 1 0.1 0 1.5'/>"
        f"<body name='b' pos='0.4 0 1' axisangle='1 0 0 30'><joint name='j' type='hinge' "
        f"pos='{' '.join(map(str, anchor))}' axis='{' '.join(map(str, axis))}'/>"
        f"<geom name='g' type='sphere' size='0.05' pos='{' '.join(map(str, geom_pos))}'/>"
        "</body></body></worldbody></mujoco>")
    prepared = prepare_model(read_xml(tmp_path / "g.xml"), tmp_path, tmp_path, tmp_path)
    assert {i.code for i in prepared.issues} == {"mjcf.global.converted"}
    model = compile_tree(prepared.tree, name="g.xml").model
    data = mujoco.MjData(model)
    mujoco.mj_kinematics(model, data)
    assert_allclose(data.xanchor[0], anchor, atol=1e-12)
    assert_allclose(data.xaxis[0], np.array(axis) / np.linalg.norm(axis), atol=1e-12)
    assert_allclose(data.geom_xpos[model.geom("g").id], geom_pos, atol=1e-12)
    assert_allclose(data.xpos[model.body("b").id], [0.4, 0, 1], atol=1e-12)


def test_meshes_mujoco_cannot_read_are_converted_to_obj(tmp_path):
    trimesh.creation.box(extents=(0.1, 0.2, 0.3)).export(tmp_path / "part.ply")
    (tmp_path / "m.xml").write_text(
        "<mujoco><asset><mesh name='p' file='part.ply'/></asset><worldbody><body>"
        "<joint type='slide' range='0 1'/><geom type='mesh' mesh='p'/></body></worldbody>"
        "</mujoco>")
    prepared = prepare_model(read_xml(tmp_path / "m.xml"), tmp_path, tmp_path,
                             tmp_path / "work")
    assert {i.code: i.severity for i in prepared.issues} == {"mjcf.mesh.converted": "info"}
    model = compile_tree(prepared.tree, name="m.xml", assets=prepared.assets).model
    assert_allclose(np.ptp(model.mesh_vert, axis=0), [0.1, 0.2, 0.3], atol=1e-6)
    assert [p.name for p in prepared.files] == ["part.ply"]


@pytest.mark.parametrize("asset, code", [
    ("<mesh name='p' file='/abs/part.stl'/>", "mjcf.path.absolute"),
    ("<mesh name='p' file='../../outside.stl'/>", "mjcf.path.escapes"),
    ("<mesh name='p' file='missing.stl'/>", "mjcf.file.missing"),
])
def test_bad_mesh_files_are_errors_but_textures_are_not_read(tmp_path, asset, code):
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "m.xml").write_text(
        f"<mujoco><asset>{asset}<texture name='t' type='2d' file='/abs/wood.png'/></asset>"
        "<worldbody><body><joint/><geom type='mesh' mesh='p'/></body></worldbody></mujoco>")
    objects = _ingest(tmp_path / "lib", tmp_path / "work", None)
    assert {i.code: i.severity for i in objects["m"].issues} == {code: "error"}


def test_mujoco_warnings_become_info_issues_not_output(tmp_path, capfd):
    (tmp_path / "m.xml").write_text("<mujoco><compiler settotalmass='2'/><worldbody><body>"
                                    "<joint/><geom size='0.1'/></body></worldbody></mujoco>")
    prepared = prepare_model(read_xml(tmp_path / "m.xml"), tmp_path, tmp_path, tmp_path)
    compiled = compile_tree(prepared.tree, name="m.xml")
    assert [(i.code, i.severity) for i in compiled.issues] == [("mjcf.mujoco_warning", "info")]
    assert "settotalmass" in compiled.issues[0].message
    assert capfd.readouterr() == ("", "")
