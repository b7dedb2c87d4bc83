"""Normalization to arena URDF v1 is exact: hand-made sources checked against hand-mapped joints.

The expected canonical joints are computed here from the source object's own axes and
points with the similarity ``x -> R (s x) + t`` (not with arena_core.pipeline.normalize_oracle), so these
tests check the normalization and the oracle independently. Written rpy angles are rounded
to 1e-12 rad (arena_core.formats.urdf.write.RPY_DECIMALS), hence the ``EXACT`` tolerance.
"""

from __future__ import annotations

import math
import types
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.testing import assert_allclose
from yourdfpy.urdf import tra

from arena_core.formats.urdf.read import read_urdf
from arena_core.formats.urdf.write import canonical_rpy, rpy_from_matrix
from arena_core.mesh.massprops import link_points
from arena_core.mesh.parts import MeshCache
from arena_core.model.articulated import ArticulatedObject
from arena_core.pipeline import normalize_oracle as oracle
from arena_core.pipeline.normalize import (
    DEFAULT_EFFORT,
    DEFAULT_VELOCITY,
    UP_ROTATIONS,
    NormalizeError,
    normalize_object,
    stable_pose,
)
from arena_core.pipeline.normalize_oracle import (
    joint_distance,
    joint_oracle_distance,
    mapped_joints,
    oracle_distance,
    transform_object,
)
from arena_core.util import tolerances as tol

#: Agreement expected of an exact normalization (rpy rounding, 5e-13 rad, on ~1 m lever arms).
EXACT = 1e-11

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "normalize"

#: A Y-up cabinet in centimeters: root ``frame`` (not ``base``), a non-root link named
#: ``base``, a non-unit hinge axis, a prismatic drawer without effort/velocity, a continuous
#: knob, a helical cap and a URDF inertial given with a rotated frame.
CABINET = (FIXTURES / "cabinet.urdf").read_text()

#: A PartNet-Mobility-style object: empty root ``base``, Y-up meshes behind a rotated fixed
#: joint, a pivot-point hinge with negated visual origins, no inertials, no effort/velocity.
PARTNET = (FIXTURES / "partnet.urdf").read_text()


def _read(tmp_path: Path, text: str, name: str = "src.urdf") -> ArticulatedObject:
    path = tmp_path / name
    path.write_text(text)
    return read_urdf(path).obj


def _expected_twists(src: ArticulatedObject, rot: np.ndarray, shift: np.ndarray,
                     s: float) -> np.ndarray:
    """Twists of the source's joints after ``x -> rot (s x) + shift``, from axes and points."""
    axes, points = src.axes() @ rot.T, (s * src.points()) @ rot.T + shift
    out = []
    for j, a, p in zip(src.joints, axes, points, strict=True):
        if j.type == "prismatic":
            out.append([0, 0, 0, *a])
        elif j.type == "fixed":
            out.append([0.0] * 6)
        else:
            out.append([*a, *(np.cross(p, a) + s * j.pitch * a)])
    return np.array(out, dtype=float)


def _canonical_points(obj: ArticulatedObject) -> np.ndarray:
    cache = MeshCache()
    chunks = []
    for name, link in obj.links.items():
        pose = obj.link_poses[name]
        chunks.append(link_points(link, cache) @ pose[:3, :3].T + pose[:3, 3])
    return np.concatenate(chunks)


def test_y_up_centimeter_source_is_mapped_exactly(tmp_path: Path):
    src = _read(tmp_path, CABINET)
    out = normalize_object(src, scale=0.01, up_axis="y")
    obj, t = out.obj, out.transform
    assert_allclose(t.rotation, UP_ROTATIONS["y"]) and t.scale == 0.01 and t.up_axis == "y"
    expected = _expected_twists(src, t.rotation, t.translation, 0.01)
    by_name = {j.name: i for i, j in enumerate(obj.joints)}
    got = obj.twists()[[by_name[out.joint_names[j.name]] for j in src.joints]]
    assert_allclose(got, expected, atol=EXACT)
    assert obj.joint("slide").lower == 0.0 and obj.joint("slide").upper == pytest.approx(0.35)
    assert (obj.joint("hinge").lower, obj.joint("hinge").upper) == (-1.5, 0.0)
    assert math.isinf(obj.joint("spin").lower) and math.isinf(obj.joint("spin").upper)
    assert obj.joint("cap").type == "helical" and obj.joint("cap").pitch == pytest.approx(0.005)


def test_bottom_center_of_rest_geometry_is_at_the_origin(tmp_path: Path):
    out = normalize_object(_read(tmp_path, CABINET), scale=0.01, up_axis="y")
    points = _canonical_points(out.obj)
    lo, hi = points.min(axis=0), points.max(axis=0)
    assert_allclose([(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, lo[2]], 0.0, atol=EXACT)
    assert hi[2] == pytest.approx(1.0, abs=EXACT)  # the 100 cm tall frame, Y-up -> Z-up


def test_root_named_base_and_renamed_base_link(tmp_path: Path):
    src = _read(tmp_path, CABINET)
    out = normalize_object(src, scale=0.01, up_axis="y")
    obj = out.obj
    assert obj.root == "base" and obj.links["base"].has_geometry is False
    assert out.link_names["base"] == "base_1" and out.link_names["frame"] == "frame"
    assert obj.joint("weld").child == "base_1" and obj.links["base_1"].primitives
    root_joint = obj.children("base")[0]
    assert root_joint.type == "fixed" and root_joint.child == "frame"
    assert_allclose(root_joint.origin_local[:3, :3], UP_ROTATIONS["y"], atol=EXACT)
    assert {j.name for j in src.joints} <= {j.name for j in obj.joints}


def test_axes_are_unit_and_limits_complete(tmp_path: Path):
    out = normalize_object(_read(tmp_path, CABINET), scale=0.01, up_axis="y")
    for j in out.obj.joints:
        if j.moving:
            assert np.linalg.norm(j.axis_local) == pytest.approx(1.0, abs=1e-15)
            assert j.effort is not None and j.velocity is not None
    assert (out.obj.joint("hinge").effort, out.obj.joint("hinge").velocity) == (5.0, 2.0)
    assert (out.obj.joint("slide").effort, out.obj.joint("slide").velocity) == (
        DEFAULT_EFFORT, DEFAULT_VELOCITY)
    codes = {i.code: i for i in out.issues}
    assert "joint:hinge" == codes["normalize.axis.rescaled"].location
    assert "slide" in codes["normalize.limit.filled"].message


def test_inertials_kept_scaled_or_derived(tmp_path: Path):
    src = _read(tmp_path, CABINET)
    out = normalize_object(src, scale=0.01, up_axis="y")
    drawer = out.obj.links["drawer"].inertial
    given_inertial = src.links["drawer"].inertial
    assert out.mass_sources["drawer"] == "urdf" and drawer.mass == 2.0
    assert_allclose(drawer.com, given_inertial.com * 0.01)
    assert_allclose(drawer.inertia, given_inertial.inertia * 1e-4, rtol=1e-12)
    assert np.array_equal(drawer.inertia, drawer.inertia.T)
    for name in ("frame", "door", "knob", "base_1", "lid"):
        assert out.mass_sources[name] == "mesh_volume", name
    assert out.obj.links["lid"].inertial.mass == pytest.approx(1000 * 0.04 * 0.04 * 0.01)
    assert out.mass_sources["base"] == "placeholder"  # the empty root: no 1 kg from PyBullet


def test_unphysical_inertial_is_replaced(tmp_path: Path):
    text = CABINET.replace('<mass value="2"/>', '<mass value="-2"/>')
    out = normalize_object(_read(tmp_path, text))
    assert out.mass_sources["drawer"] == "mesh_volume"
    assert [i.location for i in out.issues if i.code == "normalize.inertial.replaced"] == [
        "link:drawer"]


def test_partnet_root_base_takes_the_transform(tmp_path: Path):
    src = _read(tmp_path, PARTNET)
    out = normalize_object(src)
    obj = out.obj
    assert [j.name for j in obj.joints] == ["joint_1", "joint_0"] and len(obj.links) == 3
    assert np.array_equal(out.transform.rotation, np.eye(3))
    # Z-up already in the root frame: the box is 0.8 tall along root z after the base joint.
    points = _canonical_points(obj)
    assert_allclose(points.min(axis=0)[2], 0.0, atol=EXACT)
    assert_allclose(points.max(axis=0)[2], 0.8, atol=EXACT)
    expected = _expected_twists(src, np.eye(3), out.transform.translation, 1.0)
    assert_allclose(obj.twists(), expected, atol=EXACT)
    assert obj.joint("joint_0").lower == 0.0


def test_root_base_with_geometry_moves_its_geometry(tmp_path: Path):
    text = PARTNET.replace('<link name="base"/>', '<link name="base"><visual><origin xyz="0 0 '
                           '-1"/><geometry><sphere radius="0.1"/></geometry></visual></link>')
    out = normalize_object(_read(tmp_path, text))
    points = _canonical_points(out.obj)
    assert_allclose(points.min(axis=0)[2], 0.0, atol=EXACT)  # the sphere is now the bottom
    base = out.obj.links["base"]
    assert base.inertial is not None and out.mass_sources["base"] == "mesh_volume"
    assert_allclose(base.primitives[0].origin[:3, 3], [0, 0, 0.1], atol=EXACT)


def test_oracle_distance_of_normalization_is_zero(tmp_path: Path):
    src = _read(tmp_path, CABINET)
    out = normalize_object(src, scale=0.01, up_axis="y")
    assert joint_oracle_distance(src, out.obj, out.transform, out.joint_names) <= EXACT
    twists, limits = mapped_joints(src, out.transform)
    assert_allclose(twists, _expected_twists(src, out.transform.rotation,
                                             out.transform.translation, 0.01), atol=EXACT)
    assert limits[[j.name for j in src.joints].index("slide"), 1] == pytest.approx(0.35)


def test_oracle_detects_a_moved_joint(tmp_path: Path):
    src = _read(tmp_path, CABINET)
    out = normalize_object(src, scale=0.01, up_axis="y")
    wrong = _read(tmp_path, CABINET.replace('xyz="-30 50 20"', 'xyz="-30 50 21"'), "w.urdf")
    bad = normalize_object(wrong, scale=0.01, up_axis="y")
    assert joint_oracle_distance(src, bad.obj, out.transform, out.joint_names) > 1e-3


def test_transformed_source_object_has_the_mapped_twists(tmp_path: Path):
    src = _read(tmp_path, CABINET)
    out = normalize_object(src, scale=0.01, up_axis="y")
    mapped = transform_object(src, out.transform)
    twists, _ = mapped_joints(src, out.transform)
    index = {j.name: i for i, j in enumerate(mapped.joints)}
    got = mapped.twists()[[index[j.name] for j in src.joints]]
    assert_allclose(got, twists, atol=1e-14)
    assert mapped.joints[0].type == "fixed" and mapped.root not in src.links


def test_tree_metric_is_part_of_the_oracle_distance(tmp_path: Path, monkeypatch):
    src = _read(tmp_path, CABINET)
    out = normalize_object(src, scale=0.01, up_axis="y")
    assert oracle_distance(src, out.obj, out) <= EXACT
    seen = []

    def tree_distance(a, b):
        seen.append((a.names, b.names))
        return types.SimpleNamespace(value=0.5)

    monkeypatch.setattr(oracle, "tree_distance", tree_distance)
    assert oracle_distance(src, out.obj, out) == 0.5
    (names_a, names_b) = seen[0]
    assert names_a[0] == "__source_frame__" and names_a[1:] == names_b[1:]


def test_joint_distance_invariances():
    xi = np.array([0.0, 0.0, 1.0, 0.5, -0.2, 0.0])
    assert joint_distance(xi, np.array([0.0, 1.0]), -xi, np.array([-1.0, 0.0])) == 0.0
    inf = np.array([-np.inf, np.inf])
    assert joint_distance(xi, inf, -xi, inf) == 0.0
    continuous_vs_finite = joint_distance(xi, inf, xi, np.array([0.0, 1.0]))
    assert 0.0 < continuous_vs_finite < math.inf  # E^phi: every pair of joints is finite
    one, two = np.array([0.0, 1.0]), np.array([0.0, 2.0])
    assert joint_distance(xi, one, xi, two) == joint_distance(xi, two, xi, one) > 0.0
    nan = np.array([0.0, np.nan])
    assert joint_distance(xi, nan, xi, nan) == 0.0  # broken on both sides: unchanged
    assert joint_distance(xi, nan, xi, one) == math.inf


@pytest.mark.parametrize("scale, up_axis", [(0.0, "z"), (-1.0, "z"), (math.nan, "z"),
                                            (True, "z"), (1.0, "x")])
def test_bad_options_are_refused(tmp_path: Path, scale, up_axis):
    with pytest.raises(NormalizeError):
        normalize_object(_read(tmp_path, PARTNET), scale=scale, up_axis=up_axis)


@settings(max_examples=500, deadline=None)
@given(st.lists(st.floats(-math.pi, math.pi), min_size=3, max_size=3),
       st.lists(st.floats(-10, 10), min_size=3, max_size=3))
def test_stable_pose_reads_back_bit_for_bit(rpy, xyz):
    pose = tra.compose_matrix(translate=np.array(xyz), angles=np.array(rpy))
    snapped = stable_pose(pose)
    assert_allclose(snapped, pose, atol=1e-11)
    again = tra.compose_matrix(translate=snapped[:3, 3], angles=canonical_rpy(snapped))
    near_gimbal = abs(abs(rpy_from_matrix(pose)[1]) - math.pi / 2) < 1e-3
    assert np.array_equal(again, snapped) or near_gimbal
    assert np.array_equal(stable_pose(snapped), snapped) or near_gimbal


@pytest.mark.parametrize("rpy", [(math.pi, 0.0, 0.0), (-math.pi, 0.0, math.pi), (0.0, 1.56, 0.0),
                                 (1.570796326794897, 0.0, -1.570796326794897),
                                 (0.0, -0.261799387799149, 0.0), (1.5708, 0.0, 1.5708)])
def test_stable_pose_on_angles_seen_in_real_urdfs(rpy):
    snapped = stable_pose(tra.compose_matrix(translate=np.zeros(3), angles=np.array(rpy)))
    for _ in range(3):
        again = tra.compose_matrix(translate=np.zeros(3), angles=canonical_rpy(snapped))
        assert np.array_equal(again, snapped)


def test_tolerance_constants_used_by_normalization_are_named():
    assert tol.CENTER_SNAP > 0 and tol.UNIT_AXIS_EXACT < tol.UNIT_AXIS


@settings(max_examples=200, deadline=None)
@given(st.floats(-math.pi, math.pi), st.sampled_from([-1.0, 1.0]),
       st.floats(0.0, 1e-6), st.floats(-math.pi, math.pi))
def test_rpy_is_exact_next_to_gimbal_lock(roll, side, gap, yaw):
    """A rotation within 1e-6 rad of pitch +-pi/2 (robot wrists: yumi's is 5e-12 away) is
    written as angles that reproduce it to rounding, not to 1e-5."""
    from scipy.spatial.transform import Rotation

    rot = Rotation.from_euler("xyz", [roll, side * (math.pi / 2 - gap), yaw]).as_matrix()
    pose = np.eye(4)
    pose[:3, :3] = rot
    back = Rotation.from_euler("xyz", rpy_from_matrix(pose)).as_matrix()
    assert np.abs(back - rot).max() < 1e-14
    written = Rotation.from_euler("xyz", canonical_rpy(pose)).as_matrix()
    assert np.abs(written - rot).max() < 1e-11  # 12 decimals per angle
