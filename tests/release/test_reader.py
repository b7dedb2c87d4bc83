"""Reading a release: rows, materialize (Python and CLI) into yourdfpy, nearest objects."""

from __future__ import annotations

import numpy as np
import pytest
import yourdfpy

from arena_core.formats.urdf.read import read_urdf
from arena_core.metric.object_distance import JointTree, tree_distance
from arena_core.util.hashing import tree_sha256
from flows.cli import main
from release.reader import (
    ReleaseReadError,
    find_row,
    load_rows,
    materialize,
    nearest,
)


def test_every_row_materializes_into_a_yourdfpy_object(built, tmp_path):
    for entry in built.objects:
        rec = entry.record
        urdf = materialize(built.release_dir, rec.object_id, tmp_path / rec.object_id)
        assert tree_sha256(urdf.parent) == rec.checksum == tree_sha256(entry.folder)
        model = yourdfpy.URDF.load(str(urdf), build_scene_graph=True, load_meshes=True)
        encoded = {f"{j.name}__pitch" for j in rec.joints if j.type == "helical"}  # a screw
        assert sorted(model.joint_names) == sorted([*(j.name for j in rec.joints), *encoded])
        n_visual = sum(1 for link in model.robot.links for v in link.visuals
                       if v.geometry is not None and v.geometry.mesh is not None)
        assert n_visual > 0 and len(model.scene.geometry) >= 1
        np.testing.assert_allclose(read_urdf(urdf).obj.twists(),
                                   np.array([j.twist for j in rec.joints]).reshape(-1, 6))


def test_find_row_and_load_rows(built):
    ids = [r["object_id"] for r in load_rows(built.release_dir, columns=["source"])]
    assert ids == sorted(o.record.object_id for o in built.objects)
    assert [r["object_id"] for r in load_rows(built.release_dir, "eval200")] == sorted(
        built.subset.object_ids)
    assert find_row(built.release_dir, ids[-1])["object_id"] == ids[-1]
    with pytest.raises(ReleaseReadError, match="not in the release"):
        find_row(built.release_dir, "no-such-object")
    with pytest.raises(ReleaseReadError, match="config"):
        load_rows(built.release_dir, "validation")


def test_materialize_refuses_bad_destinations_and_corrupt_archives(built, release_copy, tmp_path):
    oid = built.objects[0].record.object_id
    out = tmp_path / "out"
    materialize(release_copy, oid, out)
    with pytest.raises(ReleaseReadError, match="not empty"):
        materialize(release_copy, oid, out)
    assert materialize(release_copy, oid, out, overwrite=True).is_file()
    archive = release_copy / find_row(release_copy, oid)["mesh_archive"]
    data = bytearray(archive.read_bytes())
    data[len(data) // 2] ^= 0xFF
    archive.write_bytes(bytes(data))
    with pytest.raises(ReleaseReadError, match="sha256"):
        materialize(release_copy, oid, tmp_path / "again")
    assert not (tmp_path / "again").exists()


def test_nearest_equals_brute_force(built):
    rows = load_rows(built.release_dir)
    trees = {r["object_id"]: JointTree.from_joints(r["joints"]) for r in rows}
    for query in (built.objects[1].record, built.objects[-1].record):
        found = nearest(built.release_dir, query, k=3)
        brute = sorted((tree_distance(JointTree.from_joints(query.joints), t).value, oid)
                       for oid, t in trees.items())[:3]
        assert [n.object_id for n in found] == [oid for _, oid in brute]
        np.testing.assert_allclose([n.distance for n in found], [d for d, _ in brute], atol=1e-12)
        assert found[0].object_id == query.object_id and found[0].distance == 0.0
        assert found[0].same_checksum and not any(n.same_checksum for n in found[1:])


def test_materialize_cli(built, tmp_path, capsys):
    oid = built.objects[2].record.object_id
    out = tmp_path / "cli"
    assert main(["materialize", str(built.release_dir), oid, "--out", str(out)]) == 0
    printed = capsys.readouterr().out.strip()
    assert printed == str(out / "object.urdf") and yourdfpy.URDF.load(printed) is not None
    assert main(["materialize", str(built.release_dir), oid, "--out", str(out)]) == 1
    assert "not empty" in capsys.readouterr().err
    assert main(["materialize", str(built.release_dir), "missing-id", "--out",
                 str(tmp_path / "x")]) == 1
    assert "not in the release" in capsys.readouterr().err
    assert main(["materialize", str(tmp_path / "nowhere"), oid]) == 2


def test_nearest_adds_every_object_of_the_same_upstream_object(built):
    rows = load_rows(built.release_dir)
    target = next(r for r in rows if r["upstream_id"] is not None)  # the real cabinet
    query = {"joints": rows[0]["joints"], "checksum": None,
             "upstream_id": "upstream-under-test"}
    # no row shares the upstream id yet: only the k kinematic neighbours come back
    assert not any(n.same_upstream for n in nearest(built.release_dir, query, k=1))
    query_far = {**query, "upstream_id": target["upstream_id"]}
    found = nearest(built.release_dir, query_far, k=1)
    ids = [n.object_id for n in found]
    same = [r["object_id"] for r in rows if r["upstream_id"] == target["upstream_id"]]
    assert set(same) <= set(ids) and target["object_id"] != rows[0]["object_id"]
    assert all(n.same_upstream == (n.object_id in same) for n in found)
