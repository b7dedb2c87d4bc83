"""Prior per-component scores and the training surrogates, against the reference package."""

from __future__ import annotations

import math

import numpy as np
import pytest
from articulatearena import LinkInertia, make_kinetic_energy_norm, make_split_norm, training_loss
from articulatearena.previous_metrics import component_scores as ref
from numpy.testing import assert_allclose

from arena_core.metric import (
    KineticNorm,
    ScoreInputError,
    SplitNorm,
    branch_sq,
    component_scores,
    endpoints,
    invariant_sq_distance,
    joint_distance,
    softmin_sq_distance,
    sq_distance_from_invariants,
    swap_invariants,
)
from arena_core.model.articulated import joint_twists
from arena_core.util import tolerances as tol

N = 1000


def random_joints(rng: np.random.Generator, n: int):
    types = rng.choice(["revolute", "prismatic", "fixed"], size=n)
    axes = rng.normal(size=(n, 3))
    axes /= np.linalg.norm(axes, axis=1, keepdims=True)
    origins = rng.normal(size=(n, 3))
    lower = rng.uniform(-2, 1, n)
    limits = np.stack([lower, lower + rng.uniform(0, 2, n)], axis=1)
    return types, axes, origins, limits


def test_component_scores_match_reference():
    rng = np.random.default_rng(17)
    pred, gt = random_joints(rng, N), random_joints(rng, N)
    near = rng.random(N) < 0.4  # many near-successes so the thresholds are exercised
    pred[0][near] = gt[0][near]
    pred[1][near] = gt[1][near] + rng.normal(size=(near.sum(), 3)) * 0.1
    pred[1][near] /= np.linalg.norm(pred[1][near], axis=1, keepdims=True)
    pred[2][near] = gt[2][near] + rng.normal(size=(near.sum(), 3)) * 0.02
    ours = component_scores(*pred, *gt)
    for k in range(N):
        jp = ref.JointTuple(pred[0][k], pred[1][k], pred[2][k], tuple(pred[3][k]))
        jg = ref.JointTuple(gt[0][k], gt[1][k], gt[2][k], tuple(gt[3][k]))
        assert ours.type_error[k] == ref.type_error(jp, jg)
        assert math.isclose(ours.axis_error[k], ref.axis_error(jp, jg), abs_tol=1e-7)
        # the reference dispatches the origin term on its first argument: pass gt first
        assert math.isclose(ours.origin_error[k], ref.origin_error(jg, jp), rel_tol=1e-9, abs_tol=tol.REFERENCE)
        assert math.isclose(ours.limit_range_error[k], ref.limit_error_magnitude(jp, jg), abs_tol=tol.REFERENCE)
        expected_dir = ref.limit_error_direction(jp, jg)
        if math.isnan(expected_dir):
            assert math.isnan(ours.limit_direction_error[k])
        else:
            assert math.isclose(ours.limit_direction_error[k], expected_dir, abs_tol=tol.REFERENCE)
        if pred[0][k] == gt[0][k]:
            assert bool(ours.success[k]) == ref.joint_success(jg, jp)
    assert 50 < int(ours.success.sum()) < N


def test_parallel_axes_use_the_point_to_line_distance():
    axes = np.array([[0, 0, 1.0], [0, 0, -1.0]])
    s = component_scores(["revolute"] * 2, axes, [[0.3, 0.4, 2.0]] * 2, [[0, 1]] * 2,
                         ["revolute"] * 2, [[0, 0, 1.0]] * 2, [[0, 0, -5.0]] * 2, [[0, 1]] * 2)
    assert_allclose(s.origin_error, [0.5, 0.5], rtol=1e-12)
    assert_allclose(s.axis_error, [0.0, 0.0], atol=1e-15)


def test_undefined_components_are_nan_and_fail():
    s = component_scores(["continuous", "revolute"], [[1.0, 0, 0]] * 2, [[0.0, 0, 0]] * 2,
                         [[-np.inf, np.inf], [0.2, 0.2]],
                         ["continuous", "revolute"], [[1.0, 0, 0]] * 2, [[0.0, 0, 0]] * 2,
                         [[-np.inf, np.inf], [0.0, 1.0]])
    assert math.isnan(s.limit_range_error[0]) and math.isnan(s.limit_direction_error[0])
    assert math.isnan(s.limit_direction_error[1])  # zero travel: no direction
    assert s.success.tolist() == [True, True]  # limits are not part of the indicator
    zero = component_scores(["revolute"], [[0.0, 0, 0]], [[0.0, 0, 0]], [[0, 1]],
                            ["revolute"], [[1.0, 0, 0]], [[0.0, 0, 0]], [[0, 1]])
    assert math.isnan(zero.axis_error[0]) and not zero.success[0]


def test_score_inputs_are_validated():
    with pytest.raises(ScoreInputError, match="axes"):
        component_scores(["revolute"], [[1.0, 0]], [[0, 0, 0]], [[0, 1]],
                         ["revolute"], [[1.0, 0, 0]], [[0, 0, 0]], [[0, 1]])
    with pytest.raises(ScoreInputError, match="joints"):
        component_scores(["revolute"], [[1.0, 0, 0]], [[0, 0, 0]], [[0, 1]],
                         ["revolute"] * 2, [[1.0, 0, 0]] * 2, [[0, 0, 0]] * 2, [[0, 1]] * 2)


# ------------------------------------------------------------------ surrogates
def random_pairs(rng: np.random.Generator, n: int) -> np.ndarray:
    types = rng.choice(["revolute", "prismatic", "helical"], size=n)
    axes = rng.normal(size=(n, 3))
    axes /= np.linalg.norm(axes, axis=1, keepdims=True)
    twists = joint_twists(types, axes, rng.normal(size=(n, 3)), rng.normal(size=n) * 0.1)
    lower = rng.uniform(-2, 1, n)
    return endpoints(twists, lower, lower + rng.uniform(0, 2, n))


@pytest.mark.parametrize("kinetic", [False, True])
def test_invariant_surrogate_matches_reference_training_loss(kinetic):
    rng = np.random.default_rng(23)
    z1, z2 = random_pairs(rng, 300), random_pairs(rng, 300)
    if kinetic:
        body = (1.5, np.array([0.1, 0.2, -0.3]), np.diag([0.2, 0.3, 0.4]))
        norm, inner = KineticNorm(*body), make_kinetic_energy_norm(LinkInertia(*body))
    else:
        norm, inner = SplitNorm(alpha=0.5), make_split_norm(0.5)
    for eps in (0.0, 1e-3):
        ours = invariant_sq_distance(z1, z2, norm=norm, epsilon=eps)
        expected = [training_loss(a[0], a[1], b[0], b[1], inner, epsilon=eps)
                    for a, b in zip(z1, z2, strict=True)]
        assert_allclose(ours, expected, rtol=1e-9, atol=1e-9)
        s1, d1 = swap_invariants(z1)
        s2, d2 = swap_invariants(z2)
        literal = sq_distance_from_invariants(s1, d1, s2, d2, norm=norm, epsilon=eps)
        assert_allclose(literal, ours, rtol=1e-9, atol=1e-9)
    assert_allclose(invariant_sq_distance(z1, z2, norm=norm, epsilon=0.0),
                    joint_distance(z1, z2, norm=norm) ** 2, rtol=1e-9, atol=1e-12)


def test_surrogates_are_swap_invariant_and_anneal_to_e_squared():
    rng = np.random.default_rng(29)
    z1, z2 = random_pairs(rng, 200), random_pairs(rng, 200)
    norm = SplitNorm()
    flipped = z1[:, ::-1]
    assert_allclose(invariant_sq_distance(flipped, z2, norm=norm), invariant_sq_distance(z1, z2, norm=norm))
    exact = joint_distance(z1, z2, norm=norm) ** 2
    for temperature in (1.0, 1e-2, 1e-4):
        soft = softmin_sq_distance(z1, z2, norm=norm, temperature=temperature)
        assert_allclose(softmin_sq_distance(flipped, z2, norm=norm, temperature=temperature), soft)
        assert np.all(soft <= exact + 1e-12)
        assert np.all(soft >= exact - temperature * math.log(2) - 1e-12)
    direct, swapped = branch_sq(z1, z2, norm=norm)
    assert_allclose(np.minimum(direct, swapped), exact, rtol=1e-12)


def test_surrogate_parameters_are_validated():
    z = random_pairs(np.random.default_rng(1), 2)
    with pytest.raises(ValueError, match="temperature"):
        softmin_sq_distance(z, z, norm=SplitNorm(), temperature=0.0)
    with pytest.raises(ValueError, match="epsilon"):
        invariant_sq_distance(z, z, norm=SplitNorm(), epsilon=-1.0)
