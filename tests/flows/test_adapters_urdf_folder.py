"""The ``urdf_folder`` adapter: ids, ``package://`` resolution, files, category hints."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from arena_core.formats.urdf.read import read_urdf
from flows.adapters import get_adapter
from schemas.sources import load_source_manifest

ROBOT = """<robot name="{name}">
  <link name="base"><visual><geometry><mesh filename="{mesh}"/></geometry></visual></link>
  <link name="door"/>
  <joint name="hinge" type="revolute"><parent link="base"/><child link="door"/>
    <axis xyz="0 0 1"/><limit lower="0" upper="1" effort="1" velocity="1"/></joint>
</robot>
"""


def _library(root: Path) -> Path:
    """pkg_a (ROS package named 'kitchen'), a shared ../meshes folder, a hostile URDF."""
    (root / "ros" / "pkg_a" / "meshes").mkdir(parents=True)
    (root / "ros" / "pkg_a" / "package.xml").write_text("<package><name>kitchen</name></package>")
    (root / "ros" / "pkg_a" / "meshes" / "body.obj").write_text("mtllib body.mtl\nv 0 0 0\n")
    (root / "ros" / "pkg_a" / "meshes" / "body.mtl").write_text("newmtl m\nmap_Kd missing.png\n")
    (root / "ros" / "pkg_a" / "urdf").mkdir()
    (root / "ros" / "pkg_a" / "urdf" / "kitchen.urdf").write_text(
        ROBOT.format(name="kitchen", mesh="package://kitchen/meshes/body.obj"))
    (root / "gen" / "meshes").mkdir(parents=True)
    (root / "gen" / "meshes" / "unit.obj").write_text("v 0 0 0\n")
    (root / "gen" / "output").mkdir()
    (root / "gen" / "output" / "label3.urdf").write_text(ROBOT.format(name="l3", mesh="../meshes/unit.obj"))
    (root / "gen" / "output" / "bad.urdf").write_text(ROBOT.format(name="bad", mesh="../../../etc/passwd"))
    (root / "gen" / "output" / "nopkg.urdf").write_text(ROBOT.format(name="np", mesh="package://nope/x.obj"))
    return root


def _ingest(root: Path, work: Path, **extra):
    manifest = load_source_manifest({"name": "uf", "adapter": "urdf_folder", "license": "MIT",
                                     "location": str(root), **extra})
    return {o.source_id: o for o in get_adapter("urdf_folder").iter_objects(manifest, root, work_dir=work)}


def test_one_object_per_urdf_with_relative_ids_and_source_root(tmp_path):
    root = _library(tmp_path / "lib")
    objs = _ingest(root, tmp_path / "work", category_hints={"kitchen": "Kitchen", "gen": "Cabinet"})
    assert list(objs) == ["gen/output/bad", "gen/output/label3", "gen/output/nopkg",
                          "ros/pkg_a/urdf/kitchen"]
    assert all(o.root_dir == root.resolve() for o in objs.values())
    assert objs["ros/pkg_a/urdf/kitchen"].category == "Kitchen"
    assert objs["gen/output/label3"].category == "Cabinet"
    assert [f.path for f in objs["gen/output/label3"].files] == ["gen/meshes/unit.obj",
                                                                 "gen/output/label3.urdf"]


def test_package_uris_resolve_to_the_package_xml_folder(tmp_path):
    root = _library(tmp_path / "lib")
    kitchen = _ingest(root, tmp_path / "work")["ros/pkg_a/urdf/kitchen"]
    assert kitchen.extras.package_dirs == {"kitchen": root.resolve() / "ros" / "pkg_a"}
    assert [f.path for f in kitchen.files] == ["ros/pkg_a/meshes/body.mtl", "ros/pkg_a/meshes/body.obj",
                                               "ros/pkg_a/package.xml", "ros/pkg_a/urdf/kitchen.urdf"]
    read = read_urdf(kitchen.urdf_path, root_dir=kitchen.root_dir,
                     package_dirs=kitchen.extras.package_dirs)
    assert read.issues == []
    (mesh,) = read.obj.links["base"].meshes
    assert mesh.path == str(root.resolve() / "ros" / "pkg_a" / "meshes" / "body.obj")


def test_hostile_and_unresolvable_references_are_left_to_the_reader(tmp_path):
    root = _library(tmp_path / "lib")
    objs = _ingest(root, tmp_path / "work")
    for sid, code in (("gen/output/bad", "mesh.path.escapes"),
                      ("gen/output/nopkg", "mesh.path.package_unresolved")):
        obj = objs[sid]
        assert [f.path for f in obj.files] == [f"{sid}.urdf"]
        assert obj.extras.package_dirs is None
        read = read_urdf(obj.urdf_path, root_dir=obj.root_dir)
        assert [i.code for i in read.issues] == [code]


def test_manifest_up_axis_reaches_every_object(tmp_path):
    root = _library(tmp_path / "lib")
    assert {o.up_axis for o in _ingest(root, tmp_path / "w1").values()} == {"z"}
    y_up = _ingest(root, tmp_path / "w2", up_axis="y")
    assert len(y_up) == 4 and {o.up_axis for o in y_up.values()} == {"y"}


def test_the_adapter_registry_names_exactly_the_adapters_manifests_accept():
    from flows.adapters import ADAPTERS
    from schemas.sources import ADAPTERS as MANIFEST_ADAPTERS

    assert sorted(ADAPTERS) == sorted(MANIFEST_ADAPTERS)
    assert all(adapter.name == name for name, adapter in ADAPTERS.items())


def test_an_adapter_module_is_imported_on_its_first_lookup():
    """Reading a URDF folder never pays for the generator or MuJoCo (a fresh interpreter:
    this one has imported everything already)."""
    code = ("import sys\n"
            "from flows.adapters import ADAPTERS, get_adapter\n"
            "heavy = ('arena_core.generate', 'flows.adapters.generated', 'flows.adapters.mjcf')\n"
            "assert sorted(ADAPTERS) and not set(heavy) & set(sys.modules), sys.modules.keys()\n"
            "assert get_adapter('urdf_folder') is get_adapter('urdf_folder')\n"
            "assert not set(heavy) & set(sys.modules)\n"
            "assert get_adapter('generated').name == 'generated'\n"
            "assert 'arena_core.generate' in sys.modules\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parents[2], timeout=120)
    assert proc.returncode == 0, proc.stderr


def test_packages_without_package_xml_are_listed_like_the_reader_finds_them(tmp_path):
    """ManiSkill's Koch arm: ``package://koch/meshes/...`` from ``koch/arm.urdf``, no
    ``package.xml``; the mesh is one of the object's files (its hash is in the store key)."""
    root = tmp_path / "lib"
    (root / "koch" / "meshes").mkdir(parents=True)
    (root / "koch" / "meshes" / "base.obj").write_text("v 0 0 0\n")
    (root / "koch" / "arm.urdf").write_text(ROBOT.format(name="koch",
                                                         mesh="package://koch/meshes/base.obj"))
    obj = _ingest(root, tmp_path / "work")["koch/arm"]
    assert [f.path for f in obj.files] == ["koch/arm.urdf", "koch/meshes/base.obj"]
    read = read_urdf(obj.urdf_path, root_dir=obj.root_dir)
    assert [i.code for i in read.issues] == ["mesh.path.package_guessed"]
