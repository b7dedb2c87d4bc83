"""Fast paths of the per-object pipeline against the general computations they stand for.

Each fast path must give exactly what the general path gives (the canonical folder and the
record are byte-identical), so each is compared here with the general computation written
out, on random and edge-case inputs.
"""

from __future__ import annotations

import numpy as np
import pytest
from lxml import etree
from scipy.spatial import ConvexHull, QhullError

from arena_core.formats.mjcf.numbers import pose_attrs, quat_from_matrix, rotation_attrs
from arena_core.formats.urdf.write import _origin, canonical_rpy, fmt
from arena_core.mesh.massprops import _hull_part
from arena_core.mesh.parts import MeshCache
from arena_core.model.articulated import Joint
from arena_core.pipeline.normalize_simready import unique_rows
from arena_core.util import tolerances as tol
from arena_core.verify.mass import _com_outside, hull_distance
from arena_core.verify.motion import _axis_far, line_box_distance
from arena_core.verify.object_geometry import _hull_vertices

RNG_SEED = 7


def _clouds(rng: np.random.Generator, count: int = 40) -> list[np.ndarray]:
    """Random point clouds: blobs, boxes, thin slabs, far from the origin, few points."""
    out = []
    for k in range(count):
        n = int(rng.integers(9, 300))
        pts = rng.normal(size=(n, 3)) * rng.uniform(0.01, 2.0, size=3)
        if k % 4 == 1:
            pts[:, 2] *= 1e-3  # a thin slab
        if k % 4 == 2:
            pts += rng.uniform(-50, 50, size=3)  # far from the origin
        out.append(pts)
    return out


# ----------------------------------------------------------------------------- hull memo
def test_convex_hull_is_scipys_and_computed_once():
    rng = np.random.default_rng(RNG_SEED)
    cache = MeshCache()
    for pts in _clouds(rng, 10):
        hull = cache.convex_hull(pts)
        ref = ConvexHull(pts)
        np.testing.assert_array_equal(hull.vertices, ref.vertices)
        np.testing.assert_array_equal(hull.simplices, ref.simplices)
        np.testing.assert_array_equal(hull.equations, ref.equations)
        assert hull.volume == ref.volume
        assert cache.convex_hull(pts.copy()) is hull  # the same bytes: the same hull


def test_convex_hull_failure_is_raised_every_time():
    cache = MeshCache()
    flat = np.array([[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0], [2, 2, 0.0]])
    for _ in range(2):
        with pytest.raises(QhullError):
            cache.convex_hull(flat)


def test_hull_part_from_a_held_hull_is_a_fresh_one():
    rng = np.random.default_rng(RNG_SEED)
    cache = MeshCache()
    for pts in _clouds(rng):
        cache.convex_hull(pts)  # the hull held already, as after the link's verification
        fast, ref = _hull_part(pts, cache), _hull_part(pts, MeshCache())  # memo vs fresh hull
        assert fast.volume == ref.volume
        for a, b in ((fast.com, ref.com), (fast.inertia, ref.inertia), (fast.hull, ref.hull)):
            assert a.tobytes() == b.tobytes()


def test_verification_hull_vertices_are_scipys():
    rng = np.random.default_rng(RNG_SEED)
    cache = MeshCache()
    for pts in _clouds(rng, 10):
        vertices, facets = _hull_vertices(pts, cache)
        ref = ConvexHull(pts)
        assert vertices.tobytes() == pts[ref.vertices].tobytes()
        assert facets.tobytes() == ref.equations.tobytes()
    few = rng.normal(size=(8, 3))
    assert _hull_vertices(few, cache)[1] is None


# ----------------------------------------------------------------------------- COM in hull
def _com_outside_general(com, points, location):
    """``_com_outside`` without facets: always the hull of the points themselves."""
    return _com_outside(com, points, location, facets=None)


def test_com_outside_with_facets_is_the_general_result():
    rng = np.random.default_rng(RNG_SEED)
    cache = MeshCache()
    checked = outside = 0
    for pts in _clouds(rng):
        vertices, facets = _hull_vertices(pts, cache)
        lo, hi = vertices.min(axis=0), vertices.max(axis=0)
        diag = float(np.linalg.norm(hi - lo))
        center = vertices.mean(axis=0)
        for scale in (0.0, 0.5, 1.0, 1.02, 1.2, 3.0):
            direction = rng.normal(size=3)
            com = center + scale * direction / np.linalg.norm(direction) * diag / 2
            fast = _com_outside(com, vertices, "link:x", facets=facets)
            ref = _com_outside_general(com, vertices, "link:x")
            assert fast == ref
            checked += 1
            outside += bool(ref)
    assert checked > 100 and 0 < outside < checked  # both outcomes were compared


def test_com_outside_general_path_still_measures():
    cube = np.array([[x, y, z] for x in (0, 1) for y in (0, 1) for z in (0, 1)], float)
    facets = ConvexHull(cube).equations
    far = np.array([0.5, 0.5, 3.0])
    fast = _com_outside(far, cube, "link:x", facets=facets)
    assert [i.code for i in fast] == ["mass.com.outside"]
    assert fast[0].data["distance"] == hull_distance(far, cube)


# ----------------------------------------------------------------------------- axis far
def _axis_far_general(joint, point, axis, part, object_diag):
    """``motion._axis_far`` without the start-point shortcut."""
    lo, hi = part.min(axis=0), part.max(axis=0)
    size = float(np.linalg.norm(hi - lo))
    size = size if size > 0 else object_diag
    distance = line_box_distance(point, axis, lo, hi)
    return size > 0 and distance > tol.AXIS_FAR * size, distance


def test_axis_far_shortcut_matches_the_search():
    rng = np.random.default_rng(RNG_SEED)
    joint = Joint("j", "revolute", "a", "b", np.eye(4), np.array([0.0, 0, 1]), 0.0, 1.0)
    flagged = 0
    for pts in _clouds(rng, 120):
        axis = rng.normal(size=3)
        axis /= np.linalg.norm(axis)
        diag = float(np.linalg.norm(np.ptp(pts, axis=0)))
        offset = rng.choice([0.0, 0.3, 1.0, 3.0, 10.0]) * diag * rng.normal(size=3)
        point = pts.mean(axis=0) + offset
        fast = _axis_far(joint, point, axis, pts, 1.0)
        far, distance = _axis_far_general(joint, point, axis, pts, 1.0)
        assert bool(fast) == far
        if far:
            flagged += 1
            assert f"{distance:.4g} m" in fast[0].message
    assert flagged > 0


# ----------------------------------------------------------------------------- unique rows
@pytest.mark.parametrize("values", [
    [[1.0, 0, 0], [0, 2, 0], [1, 0, 0]],
    [[0.0, -0.0, 1], [0, 0, 1], [-0.0, 0, 1]],  # negative zeros: np.unique itself
    [[np.nan, 0, 0], [np.nan, 0, 0], [1, 1, 1]],  # NaN: np.unique itself
    [[3.0, 2, 1]],
])
def test_unique_rows_edge_cases(values):
    pts = np.array(values, float)
    assert unique_rows(pts).tobytes() == np.unique(pts, axis=0).tobytes()


def test_unique_rows_is_np_unique():
    rng = np.random.default_rng(RNG_SEED)
    for _ in range(500):
        n = int(rng.integers(1, 80))
        pts = np.round(rng.integers(-3, 4, size=(n, 3)) * rng.choice([1.0, 0.25, 1e-13]), 12)
        pts = np.abs(pts) if rng.random() < 0.5 else pts
        ref = np.unique(pts, axis=0)
        fast = unique_rows(pts)
        assert fast.shape == ref.shape and fast.tobytes() == ref.tobytes()


# ----------------------------------------------------------------------------- writer poses
def _poses(rng: np.random.Generator) -> list[np.ndarray]:
    eye = np.eye(4)
    shifted = np.eye(4)
    shifted[:3, 3] = [0.1, -0.0, 2.5]
    negzero = np.eye(4)
    negzero[0, 1] = negzero[2, 0] = -0.0
    rotated = np.eye(4)
    c, s = np.cos(0.3), np.sin(0.3)
    rotated[:3, :3] = [[c, -s, 0], [s, c, 0], [0, 0, 1]]
    flip = np.diag([1.0, -1.0, -1.0, 1.0])
    out = [eye, shifted, negzero, rotated, flip]
    for _ in range(20):
        q = rng.normal(size=4)
        q /= np.linalg.norm(q)
        w, x, y, z = q
        pose = np.eye(4)
        pose[:3, :3] = [[1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
                        [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
                        [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]]
        pose[:3, 3] = rng.normal(size=3) * rng.choice([0.0, 1.0])
        out.append(pose)
    return out


def _vec_general(values) -> str:
    return " ".join(fmt(v) for v in np.asarray(values, dtype=float).reshape(-1))


def test_urdf_origin_is_the_general_text():
    for pose in _poses(np.random.default_rng(RNG_SEED)):
        parent = etree.Element("x")
        _origin(parent, pose)
        if np.array_equal(pose, np.eye(4)):
            assert len(parent) == 0
            continue
        ref = {"xyz": _vec_general(pose[:3, 3]), "rpy": _vec_general(canonical_rpy(pose))}
        assert dict(parent[0].attrib) == ref


def test_mjcf_pose_attrs_are_the_general_text():
    for pose in _poses(np.random.default_rng(RNG_SEED)):
        ref = {"pos": _vec_general(pose[:3, 3])} if np.any(pose[:3, 3] != 0) else {}
        if not np.array_equal(pose[:3, :3], np.eye(3)):
            ref["quat"] = _vec_general(quat_from_matrix(pose[:3, :3]))
        assert pose_attrs(pose) == ref
        assert rotation_attrs(pose[:3, :3]) == {k: v for k, v in ref.items() if k == "quat"}
