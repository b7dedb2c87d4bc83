"""Bootstrap, Kendall tau and the aggregated evaluation of :mod:`arena_core.evaluate`."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.testing import assert_allclose
from scipy.stats import kendalltau

from arena_core.evaluate import (
    COLUMN_KEYS,
    BootstrapError,
    EvaluationInputError,
    bootstrap_means,
    column_index,
    evaluate_values,
    kendall_tau_b,
    percentile_interval,
)
from arena_core.evaluate.bootstrap import BLOCK

C = len(COLUMN_KEYS)


def _reference_replicates(values: np.ndarray, n_boot: int, seed: int) -> np.ndarray:
    """Replicate means by explicit resampling, with the documented draws (blocks of BLOCK)."""
    k, n, c = values.shape
    rng = np.random.default_rng(seed)
    idx = np.concatenate([rng.integers(0, n, size=(min(BLOCK, n_boot - s), n))
                          for s in range(0, n_boot, BLOCK)])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # mean of an all-NaN slice -> NaN
        return np.stack([np.nanmean(values[:, row, :], axis=1) for row in idx], axis=1)


def test_bootstrap_equals_explicit_resampling():
    rng = np.random.default_rng(1)
    values = rng.normal(size=(3, 17, 4))
    values[rng.random(values.shape) < 0.3] = np.nan
    point, reps = bootstrap_means(values, n_boot=300, seed=11)
    assert_allclose(point, np.nanmean(values, axis=1), rtol=1e-12)
    assert_allclose(reps, _reference_replicates(values, 300, 11), rtol=1e-12, equal_nan=True)


def test_bootstrap_is_reproducible_for_a_seed_and_changes_with_it():
    values = np.random.default_rng(2).normal(size=(2, 30, 3))
    _, a = bootstrap_means(values, n_boot=200, seed=5)
    _, b = bootstrap_means(values, n_boot=200, seed=5)
    _, c = bootstrap_means(values, n_boot=200, seed=6)
    np.testing.assert_array_equal(a, b)
    assert not np.array_equal(a, c)


def test_interval_covers_the_normal_approximation():
    x = np.random.default_rng(3).normal(loc=2.0, scale=1.0, size=400)
    point, reps = bootstrap_means(x[None, :, None], n_boot=2000, seed=0)
    low, high = percentile_interval(reps, level=0.95)
    half = 1.96 * x.std(ddof=1) / np.sqrt(len(x))
    assert_allclose([low[0, 0], high[0, 0]], [point[0, 0] - half, point[0, 0] + half], atol=0.02)


def test_bootstrap_rejects_bad_input():
    with pytest.raises(BootstrapError, match="shape"):
        bootstrap_means(np.zeros((3, 4)))
    with pytest.raises(BootstrapError, match="n_boot"):
        bootstrap_means(np.zeros((1, 3, 1)), n_boot=0)
    with pytest.raises(BootstrapError, match="inf"):
        bootstrap_means(np.full((1, 3, 1), np.inf))
    with pytest.raises(BootstrapError, match="level"):
        percentile_interval(np.zeros((1, 3, 1)), level=1.5)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4)), min_size=2, max_size=9))
def test_kendall_tau_b_equals_scipy(pairs):
    x, y = (np.array(v, dtype=float) for v in zip(*pairs, strict=True))
    ours = float(kendall_tau_b(x, y))
    ref = kendalltau(x, y).statistic
    if np.isnan(ref):
        assert np.isnan(ours)
    else:
        assert_allclose(ours, ref, atol=1e-12)


def test_kendall_tau_ignores_undefined_methods_and_vectorizes():
    x = np.array([[1.0, 2.0, np.nan, 3.0], [3.0, 2.0, 1.0, 0.0]])
    y = np.array([[1.0, 2.0, 9.0, 3.0], [0.0, 1.0, 2.0, 3.0]])
    assert_allclose(kendall_tau_b(x, y), [1.0, -1.0])


def _methods(n=40, seed=0):
    """Three methods whose tree score differs by a large margin and one identical copy."""
    rng = np.random.default_rng(seed)
    base = np.full((n, C), np.nan)
    base[:, column_index("gen")] = 100.0
    out = {}
    for name, level in (("a", 0.1), ("b", 0.5), ("c", 1.0)):
        v = base.copy()
        v[:, column_index("E_alpha_phi_tree")] = level + 0.05 * rng.random(n)
        v[:, column_index("success_rate")] = 100.0 * (1 - level) + rng.random(n)
        out[name] = v
    out["a_copy"] = out["a"].copy()
    return out


def test_evaluation_resolves_large_gaps_and_not_identical_methods():
    ev = evaluate_values(_methods(), object_ids=[f"o{i}" for i in range(40)], n_boot=400)
    gaps = {(g.column, g.method_a, g.method_b): g for g in ev.gaps}
    tree = "E_alpha_phi_tree"
    assert gaps[(tree, "a", "b")].resolved and gaps[(tree, "a", "b")].better == "a"
    assert gaps[(tree, "b", "c")].better == "b"
    assert gaps[("success_rate", "a", "c")].better == "a"
    same = gaps[(tree, "a", "a_copy")]
    assert not same.resolved and same.difference.value == 0.0 and same.better is None
    assert not gaps[("gen", "a", "b")].resolved
    assert ev.kendall_tau.value == pytest.approx(1.0)
    assert ev.kendall_tau.n == 4
    assert ev.table["a"]["axis_err"].value is None and ev.table["a"]["axis_err"].n == 0


def test_paired_gap_uses_common_objects_only():
    values = _methods(n=6)
    values["b"][:3] = np.nan  # b has no valid output on the first three objects
    values["b"][:3, column_index("gen")] = 0.0
    ev = evaluate_values(values, object_ids=list("uvwxyz"), n_boot=50)
    gap = next(g for g in ev.gaps if (g.column, g.method_a, g.method_b) ==
               ("E_alpha_phi_tree", "a", "b"))
    col = column_index("E_alpha_phi_tree")
    want = np.mean(values["a"][3:, col] - values["b"][3:, col])
    assert_allclose(gap.difference.value, want, rtol=1e-12)
    assert gap.difference.n == 3
    assert ev.table["b"]["gen"].value == 50.0


def test_groups_equal_a_separate_evaluation_of_their_objects():
    values = _methods(n=12)
    groups = ["x"] * 5 + ["y"] * 7
    ev = evaluate_values(values, object_ids=[f"o{i}" for i in range(12)], groups=groups,
                         n_boot=100, seed=3)
    assert set(ev.by_group) == {"x", "y"}
    sub = {m: v[5:] for m, v in values.items()}
    alone = evaluate_values(sub, object_ids=[f"o{i}" for i in range(5, 12)], n_boot=100)
    for m in values:
        assert ev.by_group["y"][m]["E_alpha_phi_tree"].value == pytest.approx(
            alone.table[m]["E_alpha_phi_tree"].value, rel=1e-12)
        assert ev.by_group["y"][m]["E_alpha_phi_tree"].n == 7


@pytest.mark.parametrize("kwargs, match", [
    ({"values": {}}, "at least one method"),
    ({"object_ids": []}, "at least one object"),
    ({"object_ids": ["a", "a"]}, "unique"),
    ({"groups": ["x"]}, "groups"),
    ({"seed": -1}, "seed"),
    ({"values": {"m": np.zeros((2, 3))}}, "expected shape"),
])
def test_evaluate_values_rejects_bad_input(kwargs, match):
    args = {"values": {"m": np.zeros((2, C))}, "object_ids": ["a", "b"], **kwargs}
    with pytest.raises(EvaluationInputError, match=match):
        evaluate_values(args.pop("values"), **args)
