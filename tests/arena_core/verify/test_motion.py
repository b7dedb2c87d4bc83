"""Motion checks: sweep joints through their limits with exp of the twist."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from scipy.linalg import expm

from arena_core.formats.urdf.read import read_urdf
from arena_core.verify.motion import check_motion, line_box_distance, twist_exp

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "urdf"


def motion_issues(name: str) -> list:
    return check_motion(read_urdf(FIXTURES / f"{name}.urdf").obj)


def _hat(twist: np.ndarray) -> np.ndarray:
    w, v = twist[:3], twist[3:]
    out = np.zeros((4, 4))
    out[:3, :3] = [[0, -w[2], w[1]], [w[2], 0, -w[0]], [-w[1], w[0], 0]]
    out[:3, 3] = v
    return out


@pytest.mark.parametrize("seed", range(5))
def test_twist_exp_matches_the_matrix_exponential(seed):
    rng = np.random.default_rng(seed)
    w = rng.normal(size=3)
    w /= np.linalg.norm(w)
    for twist in (np.concatenate([w, rng.normal(size=3)]),        # helical/revolute
                  np.concatenate([np.zeros(3), rng.normal(size=3)])):  # prismatic
        q = float(rng.uniform(-4, 4))
        np.testing.assert_allclose(twist_exp(twist, q), expm(q * _hat(twist)), atol=1e-12)


def test_good_door_sweeps_cleanly():
    assert motion_issues("good_door") == []


def test_drawer_with_meters_for_centimeters_leaves_the_object():
    issues = motion_issues("drawer_far_travel")
    assert [(i.code, i.location) for i in issues] == [
        ("motion.leaves_bounds", "joint:slide"), ("joint.limit.travel_implausible", "joint:slide")]
    assert "at q = 5 " in issues[0].message
    assert all(i.severity == "warning" for i in issues)


def test_hinge_axis_far_from_its_part():
    issues = motion_issues("axis_far")
    codes = [i.code for i in issues]
    assert "motion.axis_far" in codes and "motion.leaves_bounds" in codes
    (far,) = [i for i in issues if i.code == "motion.axis_far"]
    assert "2.8 m" in far.message  # lid spans x in [-0.2, 0.2]; axis line at x = -3


def test_line_box_distance_cases():
    lo, hi = np.zeros(3), np.ones(3)
    z = np.array([0.0, 0, 1])
    np.testing.assert_allclose(line_box_distance(np.array([0.5, 0.5, 9.0]), z, lo, hi), 0.0,
                               atol=1e-9)
    np.testing.assert_allclose(line_box_distance(np.array([4.0, 5.0, 0.0]), z, lo, hi), 5.0,
                               atol=1e-9)
    skew = np.array([1.0, 1, 0]) / np.sqrt(2)  # passes the corner (1, 0) at distance 1/sqrt2
    np.testing.assert_allclose(line_box_distance(np.array([2.0, 0, 0.5]), skew, lo, hi),
                               1 / np.sqrt(2), atol=1e-7)


def test_realdata_rescaled_bucket_handle_swings_off_its_axis(realdata):
    """Bi-DexHands scaled the bucket meshes by 0.1 but kept the handle pivot: found by motion."""
    folder = realdata / "bidexhands_repo" / "mjcf_bucket"
    issues = check_motion(read_urdf(folder / "mobility.urdf", root_dir=folder).obj)
    assert sorted(i.code for i in issues) == ["motion.axis_far", "motion.leaves_bounds"]


def test_realdata_faithful_objects_sweep_cleanly(realdata):
    for rel in ("sapien_repo/41083", "sapien_repo/7619", "gapartnet_repo/102442"):
        folder = realdata / rel
        assert check_motion(read_urdf(folder / "mobility.urdf", root_dir=folder).obj) == [], rel
