"""The object store: content keys, caching, crash safety, rejected inputs; curation glue."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from numpy.testing import assert_allclose

from arena_core.curation.stage import joint_tree
from arena_core.formats.urdf.read import read_urdf
from arena_core.metric.object_distance import JointTree
from arena_core.pipeline.store import ObjectStore, make_object_id, object_key
from arena_core.util.hashing import file_sha256
from schemas.extras import SourceExtras
from schemas.issues import Issue
from schemas.source_object import SourceObject

REPO = Path(__file__).resolve().parents[3]
DOOR = REPO / "manifests" / "examples" / "door_gt.urdf"


def _source(folder: Path, *, text: str | None = None, issues=(), extras=None) -> SourceObject:
    folder.mkdir(parents=True, exist_ok=True)
    urdf = folder / "door.urdf"
    urdf.write_text(text if text is not None else DOOR.read_text())
    return SourceObject(source="examples", source_id="door", license="CC0-1.0",
                        urdf_path=urdf, root_dir=folder,
                        files=[{"path": "door.urdf", "sha256": file_sha256(urdf),
                                "size": urdf.stat().st_size}], issues=list(issues),
                        extras=extras if extras is not None else {})


def test_key_depends_on_content_not_on_location(tmp_path):
    a = _source(tmp_path / "a")
    b = _source(tmp_path / "b")
    assert object_key(a) == object_key(b)  # same bytes, same settings, other folder
    c = _source(tmp_path / "c", text=DOOR.read_text().replace('effort="10"', 'effort="11"'))
    assert object_key(c) != object_key(a)
    assert object_key(a, pipeline_version="other") != object_key(a)


def test_key_of_extras_is_the_same_as_a_mapping_or_a_record(tmp_path):
    folder = tmp_path / "a"
    fields = {"mobility_v2_path": str(folder / "mobility_v2.json"), "anno_id": "426",
              "package_dirs": {"b": str(folder / "b"), "a": str(folder / "a")},
              "angle_units_known": False}
    as_dict = _source(folder, extras=fields)
    reordered = _source(folder, extras=dict(reversed(fields.items())))
    as_record = _source(folder, extras=SourceExtras(**fields))
    assert object_key(as_dict) == object_key(reordered) == object_key(as_record)
    assert object_key(as_dict) == object_key(_source(folder, extras={
        k: v for k, v in fields.items() if k != "angle_units_known"}))  # a default is unset
    elsewhere = _source(tmp_path / "b", extras={  # the same files on another machine
        **fields, "mobility_v2_path": str(tmp_path / "b" / "mobility_v2.json"),
        "package_dirs": {"a": str(tmp_path / "b" / "a"), "b": str(tmp_path / "b" / "b")}})
    assert object_key(elsewhere) == object_key(as_dict)
    assert object_key(_source(folder, extras={**fields, "anno_id": "427"})) != \
        object_key(as_dict)


def test_process_once_then_cached(tmp_path):
    store = ObjectStore(tmp_path / "store")
    obj = _source(tmp_path / "src")
    assert store.get_key(obj) is None
    first = store.ensure(obj)
    assert first.record.accepted and first.folder is not None and first.features is not None
    record_file = store.entry(first.key) / "record.json"
    stamp = record_file.stat().st_mtime_ns
    again = store.ensure(obj)
    assert again.key == first.key and record_file.stat().st_mtime_ns == stamp
    assert first.record.object_id == make_object_id("examples", "door")
    assert first.features.joint_counts == {"revolute": 1}


def test_incomplete_entry_is_invisible_and_replaced(tmp_path):
    store = ObjectStore(tmp_path / "store")
    obj = _source(tmp_path / "src")
    stale = store.entry(object_key(obj))
    stale.mkdir(parents=True)
    (stale / "features.json").write_text("{}")  # junk without record.json
    assert store.get(object_key(obj)) is None
    stored = store.ensure(obj)
    assert stored.record.accepted and (stale / "record.json").is_file()
    assert not list(stale.parent.glob(".*"))  # no temporary folders left behind


def test_source_errors_become_a_rejected_record(tmp_path):
    store = ObjectStore(tmp_path / "store")
    bad = _source(tmp_path / "src", issues=[Issue(code="archive.traversal", severity="error",
                                                   message="zip-slip")])
    stored = store.ensure(bad)
    assert not stored.record.accepted and stored.folder is None
    assert stored.record.verification.codes == ["archive.traversal"]


def test_record_joint_tree_equals_the_object_tree(tmp_path):
    store = ObjectStore(tmp_path / "store")
    stored = store.ensure(_source(tmp_path / "src"))
    from_record = joint_tree(stored.record)
    from_object = JointTree.from_object(read_urdf(stored.folder / stored.record.urdf).obj)
    assert from_record.names == from_object.names
    assert_allclose(from_record.pairs, from_object.pairs, atol=1e-12)
    assert np.array_equal(np.sort(from_record.edges, axis=1).shape, from_object.edges.shape)


def test_the_source_objects_up_axis_is_used_and_keyed(tmp_path):
    text = (REPO / "tests" / "fixtures" / "urdf" / "y_up_door.urdf").read_text()
    z_up = _source(tmp_path / "src", text=text)
    y_up = z_up.model_copy(update={"up_axis": "y"})
    assert object_key(y_up) != object_key(z_up)
    store = ObjectStore(tmp_path / "store")
    stored = store.ensure(y_up)
    assert stored.record.accepted and stored.record.transform.up_axis == "y"
    (hinge,) = [j for j in stored.record.joints if j.name == "hinge"]
    assert_allclose(hinge.axis, [0.0, 0.0, 1.0], atol=1e-12)
    assert store.ensure(z_up).record.transform.up_axis == "z"


def test_each_mesh_file_is_parsed_once_per_object(tmp_path, monkeypatch):
    """Normalization, the copy, the MJCF writer, verification of the re-read canonical
    object and the features share one mesh cache; the canonical copies (an .obj whose
    mtllib is renamed, an .stl copied as it is) are served from the reads of their sources."""
    import trimesh

    import arena_core.mesh.parts as mesh_parts

    src = tmp_path / "src"
    (src / "meshes").mkdir(parents=True)
    base = trimesh.creation.box(extents=(0.1, 1.0, 1.0)).export(file_type="obj")
    (src / "meshes" / "base.obj").write_text("mtllib base.mtl\n" + base)
    (src / "meshes" / "base.mtl").write_text("newmtl wood\nKd 0.5 0.3 0.1\n")
    door = trimesh.creation.box(extents=(0.5, 0.02, 0.9))
    (src / "meshes" / "door.stl").write_bytes(door.export(file_type="stl"))
    text = (REPO / "tests" / "fixtures" / "urdf" / "mesh_door.urdf").read_text()
    obj = _source(src, text=text.replace("door.obj", "door.stl"))
    obj = obj.model_copy(update={"files": []})
    calls = []
    real = mesh_parts.read_mesh
    monkeypatch.setattr(mesh_parts, "read_mesh",
                        lambda *a, **k: calls.append(a[0]) or real(*a, **k))
    stored = ObjectStore(tmp_path / "store").ensure(obj)
    assert stored.record.accepted and stored.features is not None
    assert sorted(Path(c).name for c in calls) == ["base.obj", "door.stl"]
    assert sorted(p.suffix for p in (stored.folder / "meshes").iterdir()) == [".mtl", ".obj",
                                                                                ".stl"]
