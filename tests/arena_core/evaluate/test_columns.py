"""Per-object values of :mod:`arena_core.evaluate.columns` from hand-made scores."""

from __future__ import annotations

import math

import numpy as np
import pytest
from numpy.testing import assert_allclose

from arena_core.evaluate import COLUMN_KEYS, ColumnError, column_index, object_values, values_table
from arena_core.metric.compare import JointMatch, ObjectScore


def _match(name, *, type_err=0, axis=0.1, origin=0.02, rng=0.3, dirn=0.01, e_b=0.05,
           e_phi=0.2, success=True):
    return JointMatch(gt_joint=name, pred_joint=name, E_alpha=None if e_b is None else 0.2,
                      E_alpha_phi=e_phi, E_B=e_b, type_err=type_err, axis_err=axis,
                      origin_err=origin, limit_range_err=rng, limit_dir_err=dirn,
                      success=success)


def _score(matches, unmatched_gt=(), unmatched_pred=(), tree=0.7):
    return ObjectScore(E_alpha_phi_tree=tree, E_alpha_phi_tree_certified=True,
                       E_alpha_phi_tree_lower_bound=tree, E_alpha_tree=None,
                       matches=tuple(matches), unmatched_gt=tuple(unmatched_gt),
                       unmatched_pred=tuple(unmatched_pred))


def _v(values, key):
    return values[column_index(key)]


def test_per_joint_columns_average_over_matched_pairs():
    score = _score([_match("a", axis=0.1, origin=0.02, e_phi=0.2),
                    _match("b", type_err=1, axis=0.3, origin=None, rng=None, dirn=None, e_b=None,
                           e_phi=0.6, success=False)],
                   unmatched_gt=["c"], tree=1.25)
    v = object_values(score)
    assert _v(v, "gen") == 100.0
    assert_allclose(_v(v, "type_err"), 50.0)
    assert_allclose(_v(v, "axis_err"), 0.2)
    assert_allclose(_v(v, "origin_err"), 0.02)        # the undefined origin is skipped
    assert_allclose(_v(v, "limit_range_err"), 0.3)
    assert_allclose(_v(v, "limit_dir_err"), 0.01)
    assert_allclose(_v(v, "E_B"), 0.05)               # finite pairs only
    assert_allclose(_v(v, "E_alpha_phi"), 0.4)
    assert_allclose(_v(v, "success_rate"), 100.0 / 3)  # the missed joint "c" is a failure
    assert _v(v, "E_alpha_phi_tree") == 1.25


def test_invalid_outputs_define_only_gen():
    for score in (None, _score([], unmatched_gt=["a"])):  # nothing, or a rigid prediction
        v = object_values(score)
        assert _v(v, "gen") == 0.0
        assert all(math.isnan(x) for x in v[1:])


def test_spurious_only_prediction_is_articulated_but_has_no_pairs():
    v = object_values(_score([], unmatched_gt=["a"], unmatched_pred=["x"], tree=0.9))
    assert _v(v, "gen") == 100.0 and _v(v, "success_rate") == 0.0
    assert _v(v, "E_alpha_phi_tree") == 0.9 and math.isnan(_v(v, "axis_err"))


def test_values_table_and_column_errors():
    table = values_table([None, _score([_match("a")])])
    assert table.shape == (2, len(COLUMN_KEYS))
    assert values_table([]).shape == (0, len(COLUMN_KEYS))
    assert np.isnan(table[0, 1:]).all() and not np.isnan(table[1]).any()
    with pytest.raises(ColumnError, match="unknown column 'nope'"):
        column_index("nope")
