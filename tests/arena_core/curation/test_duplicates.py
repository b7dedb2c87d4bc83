"""Geometry signatures and duplicate detection (exact, same annotation, disagreeing)."""

from __future__ import annotations

import math
import time

import numpy as np
import pytest
from numpy.testing import assert_allclose
from scipy.optimize import linear_sum_assignment
from scipy.spatial.transform import Rotation

from arena_core.curation.duplicates import (
    DuplicateError,
    candidate_pairs,
    duplicates_table,
    find_duplicates,
    keep_key,
)
from arena_core.curation.items import CurationItem, ItemError
from arena_core.curation.kinematics import KinematicsError, tree_kinematic_distance
from arena_core.curation.signature import (
    ShapeSignature,
    SignatureError,
    shape_signature,
    signature_distance,
)
from arena_core.metric.joint import endpoints, motion, pairwise_distance
from arena_core.metric.norms import SplitNorm
from arena_core.metric.object_distance import BenchmarkError, JointTree
from arena_core.util import tolerances as tol

NORM = SplitNorm(alpha=1.0)
HINGE = ("hinge", np.array([0, 0, 1.0, 0, -0.3, 0]), 0.0, math.pi / 2)  # axis z through x=0.3
DRAWER = ("drawer", np.array([0, 0, 0, 1.0, 0, 0]), 0.0, 0.4)
WELDED = ("hinge", HINGE[1], 0.0, 0.0)  # the hinge frozen to fixed (Bi-DexHands style)


# ------------------------------------------------------------------ a real kinematic distance
class Kinematics:
    """Assignment relaxation of the tree distance over each object's moving joints.

    Costs are ``arena_core.metric`` joint distances; unmatched joints cost their motion
    ``E(J, J0)``; joints whose matched cost exceeds SAME_ANNOTATION (or that are unmatched)
    are the differing joints. Counts its calls.
    """

    def __init__(self, joints: dict[str, list[tuple]]) -> None:
        self.joints, self.calls = joints, 0

    def __call__(self, a: str, b: str) -> tuple[float, list[str]]:
        self.calls += 1
        names_a, za = self._pairs(a)
        names_b, zb = self._pairs(b)
        del_a, del_b = motion(za, norm=NORM), motion(zb, norm=NORM)
        n1, n2 = len(za), len(zb)
        cost = np.full((n1 + n2, n2 + n1), del_a.sum() + del_b.sum() + 1.0)
        cost[:n1, :n2] = pairwise_distance(za, zb, norm=NORM)
        cost[np.arange(n1), n2 + np.arange(n1)] = del_a
        cost[n1 + np.arange(n2), np.arange(n2)] = del_b
        cost[n1:, n2:] = 0.0
        rows, cols = linear_sum_assignment(cost)
        differing = {
            (names_a[r] if r < n1 else names_b[c])
            for r, c in zip(rows, cols, strict=True)
            if cost[r, c] > tol.SAME_ANNOTATION and (r < n1 or c < n2)
        }
        return float(cost[rows, cols].sum()), sorted(differing)

    def _pairs(self, oid: str) -> tuple[list[str], np.ndarray]:
        joints = self.joints[oid]
        twists = np.array([j[1] for j in joints]).reshape(-1, 6)
        lower = np.array([j[2] for j in joints])
        upper = np.array([j[3] for j in joints])
        return [j[0] for j in joints], endpoints(twists, lower, upper).reshape(-1, 2, 6)


def _box_points(extent, rng, n=2048) -> np.ndarray:
    """``n`` points on the surface of a box with the given extents (m)."""
    ext = np.asarray(extent, dtype=float)
    pts = rng.uniform(-0.5, 0.5, size=(n, 3))
    face = rng.integers(0, 3, size=n)
    pts[np.arange(n), face] = np.sign(pts[np.arange(n), face]) * 0.5
    return pts * ext


def _item(oid, *, checksum=None, extent=(1.0, 0.6, 0.4), sig=None, joints=(HINGE, DRAWER),
          verified=True, priority=0, upstream=None, source="lib") -> CurationItem:
    counts = {"revolute": 0, "prismatic": 0, "fixed": 1}
    for _, twist, lo, hi in joints:
        kind = "fixed" if lo == hi else ("revolute" if np.any(twist[:3]) else "prismatic")
        counts[kind] += 1
    return CurationItem(
        object_id=oid, source=source, source_id=oid, content_checksum=checksum or f"sha-{oid}",
        bbox_extent=np.asarray(extent), volume=float(np.prod(extent)), signature=sig,
        joint_counts=counts, verified=verified, source_priority=priority, upstream_id=upstream,
    )


@pytest.fixture()
def rng():
    return np.random.default_rng(7)


# ------------------------------------------------------------------ signature
def test_signature_is_rotation_and_translation_invariant(rng):
    pts = _box_points((1.0, 0.6, 0.4), rng)
    moved = pts @ Rotation.from_rotvec([0.3, -1.1, 0.7]).as_matrix().T + [2.0, -1.0, 0.5]
    a, b = shape_signature(pts), shape_signature(moved)
    assert_allclose(a.extents, b.extents, rtol=1e-9)
    extent, d2 = signature_distance(a, b)
    assert extent <= 1e-9 and d2 <= 0.01
    assert_allclose(a.d2.sum(), 1.0)
    assert a.extents[0] >= a.extents[1] >= a.extents[2]


def test_signature_separates_shapes_and_scales(rng):
    box = shape_signature(_box_points((1.0, 0.6, 0.4), rng))
    resampled = shape_signature(_box_points((1.0, 0.6, 0.4), rng))
    bigger = shape_signature(_box_points((2.0, 1.2, 0.8), rng))
    rod = shape_signature(_box_points((1.0, 0.05, 0.05), rng))
    same_extent, same_d2 = signature_distance(box, resampled)
    assert same_extent < math.log1p(tol.DUPLICATE_EXTENT_RTOL) and same_d2 < tol.DUPLICATE_D2_L1
    scale_extent, scale_d2 = signature_distance(box, bigger)
    assert_allclose(scale_extent, math.log(2.0), atol=0.1)
    assert scale_d2 < tol.DUPLICATE_D2_L1  # D2 is scale-free
    assert signature_distance(box, rod)[1] > tol.DUPLICATE_D2_L1


def test_signature_rejects_bad_points():
    with pytest.raises(SignatureError, match=r"shape \(n, 3\)"):
        shape_signature(np.zeros((4, 2)))
    with pytest.raises(SignatureError, match="at least 2"):
        shape_signature(np.zeros((1, 3)))
    with pytest.raises(SignatureError, match="NaN"):
        shape_signature(np.array([[0, 0, 0], [np.nan, 0, 0]]))


def test_item_validation():
    with pytest.raises(ItemError, match="bbox_extent"):
        _item("a", extent=(1.0, -1.0, 0.2))
    with pytest.raises(ItemError, match="unknown joint types"):
        CurationItem(object_id="a", source="s", source_id="a", content_checksum="c",
                     bbox_extent=np.ones(3), volume=1.0, signature=None,
                     joint_counts={"ball": 1})


# ------------------------------------------------------------------ duplicates
def test_exact_near_and_disagreeing_duplicates(rng):
    ext = (1.0, 0.6, 0.4)
    # the build samples every surface with one fixed seed, so copies of one mesh sample alike
    sig = lambda: shape_signature(_box_points(ext, np.random.default_rng(7)))  # noqa: E731
    items = [
        _item("sapien/41083", sig=sig(), upstream="partnet:41083", priority=2),
        _item("mirror/41083", checksum="sha-sapien/41083", sig=sig(), upstream="partnet:41083"),
        _item("kitchen/41083", sig=sig(), priority=1),  # geometry only, same annotation
        _item("bidex/Cabinet_41083", sig=sig(), joints=(WELDED, DRAWER), upstream="partnet:41083"),
        _item("other/chair", extent=(0.5, 0.5, 1.0), sig=shape_signature(
            _box_points((0.5, 0.5, 1.0), rng)), joints=(DRAWER,)),
    ]
    kin = Kinematics({it.object_id: [HINGE, DRAWER] for it in items})
    kin.joints["bidex/Cabinet_41083"] = [WELDED, DRAWER]
    kin.joints["other/chair"] = [DRAWER]
    report = find_duplicates(items, kinematic_distance=kin)

    assert report.clusters == (("sapien/41083", "bidex/Cabinet_41083", "kitchen/41083",
                                "mirror/41083"),)
    by_id = {r.object_id: r for r in report.records}
    assert set(by_id) == {"bidex/Cabinet_41083", "kitchen/41083", "mirror/41083"}
    assert all(r.duplicate_of == "sapien/41083" for r in by_id.values())
    exact = by_id["mirror/41083"]
    assert (exact.relation, exact.distance, exact.differing_joints) == ("exact", 0.0, [])
    assert "checksum" in exact.evidence
    same = by_id["kitchen/41083"]
    assert same.relation == "same_annotation" and same.distance <= tol.SAME_ANNOTATION
    assert same.evidence == ["geometry"]
    welded = by_id["bidex/Cabinet_41083"]
    assert welded.relation == "disagreeing_annotation" and welded.differing_joints == ["hinge"]
    hinge_motion = motion(endpoints(HINGE[1], HINGE[2], HINGE[3]), norm=NORM)
    assert_allclose(welded.distance, hinge_motion, rtol=1e-12)
    assert "upstream_id" in welded.evidence
    assert report.n_metric_calls == kin.calls == 2  # exact copies need no metric call
    assert report.duplicate_ids == frozenset(by_id)


def test_upstream_id_links_objects_with_different_geometry(rng):
    """MiniFridge vs MiniFridgeDoorless: same upstream id, door removed, bbox changed."""
    items = [
        _item("km/MiniFridge_10849", extent=(0.5, 0.5, 0.8), upstream="partnet:10849",
              sig=shape_signature(_box_points((0.5, 0.5, 0.8), rng)), joints=(HINGE,)),
        _item("km/MiniFridgeDoorless_10849", extent=(0.5, 0.45, 0.8), upstream="partnet:10849",
              sig=shape_signature(_box_points((0.5, 0.45, 0.8), rng)), joints=()),
    ]
    kin = Kinematics({"km/MiniFridge_10849": [HINGE], "km/MiniFridgeDoorless_10849": []})
    (record,) = find_duplicates(items, kinematic_distance=kin).records
    assert record.object_id == "km/MiniFridgeDoorless_10849"
    assert record.relation == "disagreeing_annotation" and record.differing_joints == ["hinge"]
    assert record.evidence == ["upstream_id"]


def test_keep_policy_verified_then_priority_then_joints_then_id():
    a = _item("a", verified=False, priority=9)
    b = _item("b", priority=1, joints=(DRAWER,))
    c = _item("c", priority=1)
    d = _item("d", priority=0)
    e = _item("0e", priority=1)
    assert sorted([a, b, c, d, e], key=keep_key) == [e, c, b, d, a]
    items = [_item(x.object_id, checksum="same", verified=x.verified,
                   priority=x.source_priority) for x in (a, b, c, d)]
    report = find_duplicates(items, kinematic_distance=Kinematics({}))
    assert report.clusters[0][0] == "b"  # verified, priority 1, then id (same joints)
    assert all(r.relation == "exact" for r in report.records)


def test_transitive_members_and_geometry_confirmation(rng):
    ext = (1.0, 0.6, 0.4)
    items = [
        _item("a", upstream="u1", sig=shape_signature(_box_points(ext, rng)), priority=1),
        _item("b", upstream="u1", extent=(2, 2, 2),
              sig=shape_signature(_box_points((2, 2, 2), rng))),
        _item("c", extent=(2, 2, 2), sig=shape_signature(_box_points((2, 2, 2), rng))),
    ]
    kin = Kinematics({"a": [HINGE], "b": [HINGE], "c": [DRAWER]})
    report = find_duplicates(items, kinematic_distance=kin)
    record_c = {r.object_id: r for r in report.records}["c"]
    assert record_c.duplicate_of == "a" and record_c.evidence == ["transitive"]
    strict = find_duplicates(items, kinematic_distance=Kinematics(kin.joints),
                             max_geometry_distance=0.1)
    assert strict.clusters == (("a", "b"),)  # c's kinematics differ too much from b


def test_unrelated_objects_are_not_duplicates(rng):
    items = [_item(f"o{i}", extent=(1.0 + 0.2 * i, 0.6, 0.4),
                   sig=shape_signature(_box_points((1.0 + 0.2 * i, 0.6, 0.4), rng)))
             for i in range(5)]
    report = find_duplicates(items, kinematic_distance=Kinematics({}))
    assert report.records == () and report.clusters == () and report.n_metric_calls == 0


def test_bad_inputs_are_rejected():
    with pytest.raises(DuplicateError, match="appears twice"):
        find_duplicates([_item("a"), _item("a")], kinematic_distance=Kinematics({}))
    items = [_item("a", upstream="u"), _item("b", upstream="u")]
    with pytest.raises(DuplicateError, match="returned nan"):
        find_duplicates(items, kinematic_distance=lambda a, b: (float("nan"), []))
    with pytest.raises(DuplicateError, match="returned -0.5"):
        find_duplicates(items, kinematic_distance=lambda a, b: (-0.5, []))
    with pytest.raises(DuplicateError, match="window must be"):
        find_duplicates(items, kinematic_distance=lambda a, b: (0.0, []), window=0)
    rounded = find_duplicates(items, kinematic_distance=lambda a, b: (-2e-16, []))
    assert rounded.records[0].distance == 0.0
    assert rounded.records[0].relation == "same_annotation"


def test_report_table(rng):
    items = [_item("a", checksum="x"), _item("b", checksum="x")]
    table = duplicates_table(find_duplicates(items, kinematic_distance=Kinematics({})))
    assert list(table.columns[:4]) == ["object_id", "duplicate_of", "relation", "distance"]
    assert table.to_dict("records")[0] | {"evidence": "checksum"} == table.to_dict("records")[0]


# ------------------------------------------------------------------ scaling
def _library(n: int, rng: np.random.Generator, n_planted: int) -> list[CurationItem]:
    """``n`` random signatures, the last ``n_planted`` near copies of the first ones."""
    ext = np.sort(np.exp(rng.normal(-0.5, 0.6, size=(n, 3))), axis=1)[:, ::-1]
    hist = rng.dirichlet(np.full(16, 3.0), size=n)
    ext[n - n_planted:] = ext[:n_planted] * (1 + rng.uniform(-0.005, 0.005, (n_planted, 3)))
    hist[n - n_planted:] = hist[:n_planted]
    return [
        _item(f"o{i:05d}", extent=ext[i], sig=ShapeSignature(ext[i], hist[i]), joints=(DRAWER,),
              upstream=f"u{i // 2}" if i % 500 == 0 else None)
        for i in range(n)
    ]


def test_blocking_scales_to_20k_items():
    n, planted = 20_000, 50
    items = _library(n, np.random.default_rng(0), planted)
    start = time.perf_counter()
    report = find_duplicates(items, kinematic_distance=lambda a, b: (0.0, []))
    elapsed = time.perf_counter() - start
    found = {r.object_id for r in report.records}
    assert {f"o{i:05d}" for i in range(n - planted, n)} <= found
    assert report.n_candidate_pairs < 10 * n  # all pairs would be ~2e8
    assert report.n_candidate_pairs >= planted
    print(f"find_duplicates on {n} items: {elapsed:.2f} s, {report.n_candidate_pairs} pairs")


def test_oversized_blocks_use_a_bounded_window():
    sig = ShapeSignature(np.array([1.0, 0.6, 0.4]), np.full(16, 1 / 16))
    items = [_item(f"c{i:04d}", sig=sig) for i in range(600)]
    pairs = candidate_pairs(items, max_block_pairs=1000, window=8)
    assert len(pairs) <= 600 * 8 and len(pairs) < 600 * 599 // 2
    kin = Kinematics({it.object_id: [DRAWER] for it in items})
    report = find_duplicates(items, kinematic_distance=kin, max_block_pairs=1000, window=8)
    assert len(report.clusters) == 1 and len(report.records) == 599
    assert {r.relation for r in report.records} == {"same_annotation"}
    assert report.n_metric_calls == 599


# ------------------------------------------------------------------ tree kinematic distance
def test_tree_kinematic_distance_handles_continuous_and_helical_joints():
    twists = np.array([[0, 0, 1.0, 0, 0, 0.01], [1.0, 0, 0, 0, 0, 0]])  # helical, wheel
    lower, upper = [0.0, -np.inf], [4 * np.pi, np.inf]
    cap = JointTree.from_arrays([[0, 1], [0, 2]], twists, lower, upper, names=["cap", "wheel"])
    same = JointTree.from_arrays([[0, 2], [0, 1]], twists[::-1], lower[::-1], upper[::-1],
                                 names=["wheel", "cap"])
    spun = JointTree.from_arrays([[0, 1], [0, 2]], twists * [1, 1, 1, 1, 1, -1],
                                 lower, upper, names=["cap", "wheel"])
    distance = tree_kinematic_distance({"a": cap, "b": same, "c": spun})
    d_same, differing_same = distance("b", "a")
    assert d_same <= tol.SAME_ANNOTATION and differing_same == []
    d_spun, differing_spun = distance("c", "a")
    assert d_spun > 1e-3 and differing_spun == ["cap"]  # opposite pitch: other thread
    with pytest.raises(KinematicsError, match="no joint tree"):
        distance("a", "zz")
    with pytest.raises(BenchmarkError, match="differ"):
        JointTree.from_arrays([[0, 1]], twists, lower, upper, names=["cap", "wheel"])


def test_generated_objects_of_one_shape_fold_only_when_they_move_alike(rng):
    """Objects of an exact source (the generator) are different objects when they move
    differently, however alike they look; the same shapes from a library fold (one object
    annotated two ways), and two generated objects that move alike fold too."""
    sig = shape_signature(_box_points((1.0, 0.6, 0.4), rng))
    shifted = ("hinge", np.array([0, 0, 1.0, 0, -0.31, 0]), 0.0, math.pi / 2)  # 1 cm over
    kin = Kinematics({"a": [HINGE], "b": [shifted], "c": [HINGE]})
    assert tol.SAME_ANNOTATION < kin("a", "b")[0] < tol.GEOMETRY_ONLY_MAX_TREE
    for source, exact, clusters in [
            ("lib", ("generated",), (("a", "b", "c"),)),
            ("generated", (), (("a", "b", "c"),)),
            ("generated", ("generated",), (("a", "c"),))]:
        items = [_item(oid, sig=sig, joints=kin.joints[oid], source=source) for oid in "abc"]
        report = find_duplicates(items, kinematic_distance=kin,
                                 max_geometry_distance=tol.GEOMETRY_ONLY_MAX_TREE,
                                 exact_sources=exact)
        assert report.clusters == clusters, (source, exact)
