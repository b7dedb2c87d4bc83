"""The ``partnet_mobility`` and ``gapartnet`` adapters on small hand-made folders and zips."""

from __future__ import annotations

import hashlib
import json
import zipfile
from pathlib import Path

import pytest

from flows.adapters import SourceRootError, get_adapter
from schemas.sources import load_source_manifest

URDF = """<?xml version="1.0"?>
<robot name="partnet_x">
  <link name="base"/>
  <link name="link_0"><visual><geometry><mesh filename="textured_objs/a.obj"/></geometry></visual></link>
  <joint name="joint_0" type="revolute"><parent link="base"/><child link="link_0"/>
    <axis xyz="0 0 1"/><limit lower="0" upper="1.57"/></joint>
</robot>
"""


def _pm_folder(folder: Path, *, anno: str = "42", cat: str = "Door", semantics: str | None = None) -> Path:
    (folder / "textured_objs").mkdir(parents=True)
    (folder / "mobility.urdf").write_text(URDF)
    (folder / "textured_objs" / "a.obj").write_text("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n")
    (folder / "meta.json").write_text(json.dumps({"model_cat": cat, "anno_id": anno,
                                                  "model_id": "abc123"}))
    (folder / "semantics.txt").write_text(semantics or "link_0 hinge door\n")
    (folder / "mobility_v2.json").write_text("[]")
    return folder


def _manifest(root: Path, adapter: str = "partnet_mobility", **extra):
    return load_source_manifest({"name": "pm", "adapter": adapter, "license": "PartNet-Mobility terms",
                                 "version": "v0", "location": str(root), "scale": 0.5, **extra})


def _ingest(root: Path, work: Path, adapter: str = "partnet_mobility", **extra):
    return list(get_adapter(adapter).iter_objects(_manifest(root, adapter, **extra), root,
                                                  work_dir=work))


def test_folder_object_carries_provenance_metadata_and_file_digests(tmp_path):
    root = tmp_path / "lib"
    folder = _pm_folder(root / "100426", anno="426", cat="Box")
    (obj,) = _ingest(root, tmp_path / "work")
    assert (obj.source, obj.source_id, obj.upstream_id) == ("pm", "100426", "100426")
    assert (obj.version, obj.license_class, obj.scale, obj.category) == ("v0", "non-commercial", 0.5, "Box")
    assert obj.urdf_path == folder.resolve() / "mobility.urdf" and obj.root_dir == folder.resolve()
    assert obj.extras.semantics == [{"link": "link_0", "kind": "hinge", "label": "door"}]
    assert obj.extras.mobility_v2_path == folder.resolve() / "mobility_v2.json"
    assert (obj.extras.anno_id, obj.extras.model_id) == ("426", "abc123")
    assert [f.path for f in obj.files] == ["meta.json", "mobility.urdf", "mobility_v2.json",
                                           "semantics.txt", "textured_objs/a.obj"]
    for f in obj.files:
        data = (folder / f.path).read_bytes()
        assert (f.sha256, f.size) == (hashlib.sha256(data).hexdigest(), len(data))
    assert obj.issues == []


def test_third_party_names_missing_meta_and_bad_semantics_are_issues(tmp_path):
    root = tmp_path / "lib"
    _pm_folder(root / "Box_100426", semantics="link_0 hinge\nlink_1 slider drawer\n")
    (root / "Custom_00001").mkdir(parents=True)
    (root / "Custom_00001" / "mobility.urdf").write_text(URDF)
    (root / "empty").mkdir()
    objs = _ingest(root, tmp_path / "work", category_hints={"Custom_00001": "Sink"})
    assert [o.source_id for o in objs] == ["Box_100426", "Custom_00001", "empty"]
    box, custom, empty = objs
    assert box.upstream_id == "100426"
    assert [i.code for i in box.issues] == ["pm.semantics.malformed"]
    assert "line 1" in box.issues[0].message
    assert box.extras.semantics == [{"link": "link_1", "kind": "slider", "label": "drawer"}]
    assert (custom.upstream_id, custom.category) == (None, "Sink")
    assert {i.code for i in custom.issues} == {"pm.meta.missing", "pm.semantics.missing"}
    assert not custom.has_errors
    assert [i.code for i in empty.issues] == ["pm.urdf.missing"] and empty.has_errors


def test_folder_without_mobility_urdf_is_read_as_plain_urdfs(tmp_path):
    root = tmp_path / "lib"
    pkg = root / "counter"
    (pkg / "urdf").mkdir(parents=True)
    (pkg / "meshes").mkdir()
    (pkg / "meshes" / "m.obj").write_text("v 0 0 0\n")
    (pkg / "package.xml").write_text("<package><name>kitchen_description</name></package>")
    (pkg / "urdf" / "k.urdf").write_text(URDF.replace("textured_objs/a.obj",
                                                      "package://kitchen_description/meshes/m.obj"))
    (obj,) = _ingest(root, tmp_path / "work")
    assert obj.source_id == "counter" and obj.root_dir == pkg.resolve()
    assert [i.code for i in obj.issues] == ["pm.layout.plain_urdf"]
    assert obj.extras.package_dirs == {"kitchen_description": pkg.resolve()}
    assert [f.path for f in obj.files] == ["meshes/m.obj", "package.xml", "urdf/k.urdf"]


def _zip(path: Path, members: dict[str, str]) -> Path:
    with zipfile.ZipFile(path, "w") as zf:
        for name, text in members.items():
            zf.writestr(name, text)
    return path


def test_hub_zips_are_extracted_once_into_work_dir(tmp_path):
    root, work = tmp_path / "hub", tmp_path / "work"
    src = _pm_folder(tmp_path / "src" / "7")
    root.mkdir()
    files = {p.relative_to(src).as_posix(): p.read_text() for p in src.rglob("*") if p.is_file()}
    _zip(root / "7.zip", {f"7/{k}": v for k, v in files.items()})
    _zip(root / "8.zip", files)  # members at the top level
    first = _ingest(root, work)
    assert [o.source_id for o in first] == ["7", "8"]
    for obj in first:
        assert obj.urdf_path.is_file() and obj.root_dir.is_relative_to(work.resolve())
        assert obj.extras.archive.sha256 == hashlib.sha256(
            (root / f"{obj.source_id}.zip").read_bytes()).hexdigest()
        assert obj.issues == [] and len(obj.files) == 5
    again = _ingest(root, work)
    assert [o.model_dump() for o in again] == [o.model_dump() for o in first]


def test_hostile_zip_is_a_per_object_issue_and_writes_nothing_outside(tmp_path):
    root, work = tmp_path / "hub", tmp_path / "work"
    root.mkdir()
    _zip(root / "1.zip", {"../../evil.txt": "x"})
    _pm_folder(root / "2")
    objs = _ingest(root, work)
    assert [o.source_id for o in objs] == ["1", "2"]
    assert [i.code for i in objs[0].issues] == ["archive.traversal"] and objs[0].has_errors
    assert not objs[1].has_errors
    assert not (tmp_path / "evil.txt").exists() and not (work.parent / "evil.txt").exists()


def test_missing_root_raises_once(tmp_path):
    manifest = _manifest(tmp_path / "nowhere")
    with pytest.raises(SourceRootError, match="does not exist"):
        get_adapter("partnet_mobility").iter_objects(manifest, tmp_path / "nowhere",
                                                     work_dir=tmp_path / "work")


def test_gapartnet_keeps_upstream_id_and_annotations(tmp_path):
    root = tmp_path / "gap"
    folder = _pm_folder(root / "45780", anno="45780", cat="StorageFurniture")
    (folder / "mobility_annotation_gapartnet.urdf").write_text(URDF)
    (folder / "semantics_gapartnet.txt").write_text("link_0 hinge door\nlink_1 fixed handle\n")
    (folder / "link_annotation_gapartnet.json").write_text(json.dumps(
        [{"link_name": "link_0", "is_gapart": True, "category": "hinge_door", "bbox": [[0, 0, 0]]}]))
    (obj,) = _ingest(root, tmp_path / "work", adapter="gapartnet")
    assert (obj.source_id, obj.upstream_id, obj.category) == ("45780", "45780", "StorageFurniture")
    assert obj.urdf_path.name == "mobility_annotation_gapartnet.urdf"
    assert [r["label"] for r in obj.extras.semantics] == ["door", "handle"]
    assert obj.extras.semantics_partnet == [{"link": "link_0", "kind": "hinge", "label": "door"}]
    assert obj.extras.link_annotations[0]["category"] == "hinge_door"
    assert obj.extras.other_urdfs == ["mobility.urdf"]
    assert obj.issues == []
    (folder / "mobility_annotation_gapartnet.urdf").unlink()
    (missing,) = _ingest(root, tmp_path / "work", adapter="gapartnet")
    assert [i.code for i in missing.issues] == ["gapartnet.urdf.missing"]
