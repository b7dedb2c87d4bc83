"""The ablation library: SE(3) exponential, material discrepancy, schemes and edits."""

from __future__ import annotations

import numpy as np
import pytest
from numpy.testing import assert_allclose
from scipy.linalg import expm

from arena_core.ablation.norm import (
    calibration,
    material_discrepancy,
    perturb,
    point_norm,
    se3_exp,
    summary,
)
from arena_core.ablation.tree import LAMBDAS, random_corruptions, scheme_distances, unit_twist
from arena_core.ablation.tree_edits import (
    Tree,
    add_spurious,
    remove_joint,
    shrink,
    split_joint,
    tree_from_joints,
)
from arena_core.metric import SplitNorm, endpoints, joint_distance

RTOL = 1e-10


def _hat(z):
    w, v = z[:3], z[3:]
    m = np.zeros((4, 4))
    m[:3, :3] = [[0, -w[2], w[1]], [w[2], 0, -w[0]], [-w[1], w[0], 0]]
    m[:3, 3] = v
    return m


def test_se3_exp_is_the_matrix_exponential():
    rng = np.random.default_rng(0)
    z = rng.normal(size=(50, 6)) * 2
    z[:5, :3] = 0.0  # pure translations
    rot, p = se3_exp(z)
    for k in range(len(z)):
        want = expm(_hat(z[k]))
        assert_allclose(rot[k], want[:3, :3], atol=1e-12)
        assert_allclose(p[k], want[:3, 3], atol=1e-12)


def test_e_b_is_the_linearization_of_d():
    rng = np.random.default_rng(1)
    pts = rng.normal(size=(40, 3)) * [0.3, 0.1, 0.2] + [0.5, 0, 0]
    xi = np.array([0, 0, 1.0, 0, -0.1, 0.0])
    tilted, _ = perturb(xi, np.array([0.0, 1.0]), "axis", 0.3, np.random.default_rng(2))
    norm = point_norm(pts)
    devs = []
    for swept in (1.0, 1e-1, 1e-2, 1e-3):  # the gap closes with the swept motion
        base, other = endpoints(xi, 0.0, swept), endpoints(tilted, 0.0, swept)
        d = material_discrepancy(pts, base, other)
        e_b = float(joint_distance(base, other, norm=norm))
        devs.append(abs(e_b - d) / d)
    assert devs[0] > 0.05  # a swept radian: a visible linearization gap
    assert devs[1] > devs[2] > devs[3] and devs[3] < 1e-3


def test_calibration_arrays_and_summary():
    rng = np.random.default_rng(3)
    pts = rng.normal(size=(30, 3)) * 0.2
    bodies = [(pts, np.array([0, 0, 1.0, 0, 0, 0]), np.array([0.0, 0.3])),
              (pts + 1.0, np.array([0, 0, 0, 1.0, 0, 0]), np.array([0.0, 0.2]))]
    res = calibration(bodies, 200, rng)
    assert res["d"].shape == (200,) and np.all(res["d"] >= 0) and np.all(np.isfinite(res["E_B"]))
    assert set(np.unique(res["body"])) == {0, 1}
    s = summary(res)
    assert 0.0 <= s["median_rel_dev_E_B"] < 0.05 and s["spread_E_B"] >= 1.0


def _two(lims=((0.0, 1.0), (0.0, 0.5))):
    return Tree(np.array([[0, 1], [0, 2]]), np.eye(6)[[2, 3]], np.array(lims, dtype=float))


@pytest.mark.parametrize("s", [0.01, 0.3, 1.0])
def test_spurious_joint_costs_its_motion_or_lambda(s):
    xi = unit_twist(np.random.default_rng(0))
    scores, certified, tight = scheme_distances(_two(), add_spurious(_two(), 0, xi, s))
    assert certified and tight
    assert_allclose(scores, [s, *LAMBDAS], rtol=RTOL)


@pytest.mark.parametrize("f", [0.1, 0.25, 0.5])
def test_split_along_the_screw_costs_twice_the_split_motion(f):
    t = _two()
    scores, certified, _ = scheme_distances(t, split_joint(t, 0, f))
    assert certified
    assert_allclose(scores[0], 2 * f * 1.0, rtol=RTOL)  # E(J1, J) + |J2| = f + f
    assert np.all(scores[1:] >= np.array(LAMBDAS) - 1e-12)


def test_missing_joint_vanishes_with_its_motion():
    t = _two()
    gone = remove_joint(t, 1)
    assert_allclose(scheme_distances(shrink(t, 1, 0.0), gone)[0], 0.0, atol=1e-12)
    half = scheme_distances(shrink(t, 1, 0.5), gone)[0]
    assert_allclose(half, [0.25, *LAMBDAS], rtol=RTOL)


def test_random_corruptions_tau_is_a_correlation_matrix():
    rng = np.random.default_rng(4)
    trees = [_two(), Tree(np.array([[0, 1], [1, 2], [0, 3]]), np.eye(6)[[2, 3, 4]],
                          np.array([[0, 1.0], [0, 0.4], [-0.5, 0.5]]))]
    res = random_corruptions(trees, 80, rng)
    tau = res["kendall_tau"]
    assert_allclose(np.diag(tau), 1.0)
    assert_allclose(tau, tau.T)
    assert np.all((tau >= -1) & (tau <= 1))
    assert res["certified"].all()
    assert np.all(res["scores"] >= -1e-12)


def test_tree_from_joints_contracts_fixed_joints():
    def j(p, c, kind, tw, lo=0.0, hi=1.0):
        return {"parent": p, "child": c, "type": kind, "twist": tw, "lower": lo, "upper": hi}

    z = [0.0] * 6
    joints = [j("base", "a", "fixed", z), j("a", "b", "revolute", [0, 0, 1, 0, 0, 0]),
              j("a", "c", "prismatic", [0, 0, 0, 1, 0, 0])]
    tree = tree_from_joints(joints)
    assert len(tree.edges) == 2 and len(np.unique(tree.edges)) == 3
    assert tree_from_joints(joints[:2]) is None  # one moving joint
    cont = [joints[0], joints[1], j("a", "c", "continuous", [1, 0, 0, 0, 0, 0], None, None)]
    assert tree_from_joints(cont) is None
    assert SplitNorm().norm(tree.twists).tolist() == [1.0, 1.0]
