"""Duplicate detection on real objects that share a PartNet-Mobility upstream id.

sapien_repo/41083 and bidexhands_repo/Cabinet_41083 are the same cabinet (same meshes);
Bi-DexHands froze three of its four joints to ``fixed``. kitchen-models ships
MiniFridge_10849 and a MiniFridgeDoorless_10849 with the door removed. The items are
built the way the flow should: URDF read by :func:`arena_core.formats.urdf.read.read_urdf`, a surface
sample of the visual meshes in the root frame, the upstream id from ``meta.json``, and
:func:`arena_core.curation.kinematics.tree_kinematic_distance` (the tree metric).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import pytest
import trimesh
from numpy.testing import assert_allclose

from arena_core.curation import CurationItem, find_duplicates, shape_signature
from arena_core.curation.kinematics import tree_kinematic_distance
from arena_core.curation.signature import SIGNATURE_POINTS
from arena_core.formats.urdf.read import read_urdf
from arena_core.metric.joint import motion
from arena_core.metric.norms import SplitNorm
from arena_core.metric.object_distance import JointTree
from arena_core.util import tolerances as tol

NORM = SplitNorm(alpha=1.0)
OBJECTS = {
    "sapien/41083": ("sapien_repo/41083", 2),
    "bidexhands/Cabinet_41083": ("bidexhands_repo/Cabinet_41083", 1),
    "sapien/40147": ("sapien_repo/40147", 2),
    "gapartnet/45780": ("gapartnet_repo/45780", 1),
    "kitchen_models/MiniFridge_10849": ("kitchen_models_repo/MiniFridge_10849", 0),
    "kitchen_models/MiniFridgeDoorless_10849": ("kitchen_models_repo/MiniFridgeDoorless_10849", 0),
}


def _surface_points(obj) -> np.ndarray:
    meshes = []
    for name, link in obj.links.items():
        for ref in link.meshes:
            if ref.kind != "visual" or ref.path is None:
                continue
            mesh = trimesh.load(ref.path, force="mesh", process=False)
            if len(mesh.faces) == 0:
                continue
            pose = obj.link_poses[name] @ ref.origin
            vertices = (mesh.vertices * ref.scale) @ pose[:3, :3].T + pose[:3, 3]
            meshes.append(trimesh.Trimesh(vertices, mesh.faces, process=False))
    points, _ = trimesh.sample.sample_surface(
        trimesh.util.concatenate(meshes), SIGNATURE_POINTS, seed=0
    )
    return points


@pytest.fixture(scope="module")
def corpus(realdata: Path) -> dict[str, tuple[CurationItem, JointTree]]:
    """object id -> (CurationItem, JointTree), built as the flow builds them."""
    out = {}
    for oid, (rel, priority) in OBJECTS.items():
        folder = realdata / rel
        urdf = folder / "mobility.urdf"
        obj = read_urdf(urdf).obj
        points = _surface_points(obj)
        meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
        counts: dict[str, int] = {}
        for j in obj.joints:
            counts[j.type] = counts.get(j.type, 0) + 1
        item = CurationItem(
            object_id=oid, source=oid.split("/")[0], source_id=oid.split("/")[1],
            content_checksum=hashlib.sha256(urdf.read_bytes()).hexdigest(),
            bbox_extent=np.ptp(points, axis=0), volume=0.0,
            signature=shape_signature(points), joint_counts=counts, verified=True,
            source_priority=priority, upstream_id=f"partnet:{meta['anno_id']}",
        )
        out[oid] = (item, JointTree.from_object(obj, norm=NORM))
    return out


def _distance(corpus):
    return tree_kinematic_distance({oid: tree for oid, (_, tree) in corpus.items()}, norm=NORM)


def test_same_upstream_objects_are_found_with_their_disagreements(corpus):
    items = [entry[0] for entry in corpus.values()]
    report = find_duplicates(items, kinematic_distance=_distance(corpus))
    assert report.clusters == (
        ("kitchen_models/MiniFridge_10849", "kitchen_models/MiniFridgeDoorless_10849"),
        ("sapien/41083", "bidexhands/Cabinet_41083"),
    )
    records = {r.object_id: r for r in report.records}
    welded = records["bidexhands/Cabinet_41083"]
    assert welded.relation == "disagreeing_annotation"
    assert welded.differing_joints == ["joint_1", "joint_2", "joint_3"]
    assert set(welded.evidence) == {"upstream_id", "geometry"}  # same meshes
    tree = corpus["sapien/41083"][1]
    frozen = [tree.names.index(n) for n in welded.differing_joints]
    assert_allclose(welded.distance, motion(tree.pairs[frozen], norm=NORM).sum(), rtol=1e-9)
    doorless = records["kitchen_models/MiniFridgeDoorless_10849"]
    assert doorless.relation == "disagreeing_annotation"
    assert doorless.differing_joints == ["joint_0"] and doorless.evidence == ["upstream_id"]


def test_a_copy_with_identical_kinematics_is_the_same_annotation(corpus):
    item, tree = corpus["sapien/41083"]
    # The same joints listed in reverse order with swapped endpoints: the same motion.
    reordered = JointTree(tree.edges[::-1], tree.pairs[::-1, ::-1], tree.names[::-1])
    mirror = CurationItem(
        object_id="mirror/41083", source="mirror", source_id="41083", content_checksum="other",
        bbox_extent=item.bbox_extent, volume=0.0, signature=item.signature,
        joint_counts=dict(item.joint_counts), verified=False, upstream_id=item.upstream_id,
    )
    distance = tree_kinematic_distance({"sapien/41083": tree, "mirror/41083": reordered})
    (record,) = find_duplicates([item, mirror], kinematic_distance=distance).records
    assert record.object_id == "mirror/41083" and record.relation == "same_annotation"
    assert record.distance <= tol.SAME_ANNOTATION and record.differing_joints == []
