"""Rank agreement (Kendall tau-b) and the pairwise gaps an evaluation set resolves.

* :func:`kendall_tau_b` — vectorized tau-b between two score vectors over methods (last
  axis), ignoring methods where either score is ``NaN``; equal to
  ``scipy.stats.kendalltau`` on the defined entries::

      tau_b = sum_{i<j} sgn(x_i - x_j) sgn(y_i - y_j) / sqrt((n0 - n1)(n0 - n2))

  with ``n0`` the pairs, ``n1``/``n2`` the pairs tied in ``x``/``y``; ``NaN`` when fewer
  than two methods are defined or a vector is constant.
* :func:`ordering_agreement` — tau between the ordering by one column and by another,
  each oriented so that "better" is larger (``-x`` for lower-is-better columns).
* :func:`paired_differences` — the per-object differences ``x_a - x_b`` of every method
  pair over their common defined objects, to be bootstrapped with the same seed as the
  methods (a paired bootstrap).

Example:
    >>> x = np.array([0.9, 0.5, 0.1])          # success rate, higher is better
    >>> y = -np.array([0.2, 0.4, 0.3])         # tree distance, lower is better
    >>> round(float(kendall_tau_b(x, y)), 4)
    0.3333
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np


def kendall_tau_b(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Tau-b of ``x`` and ``y`` (shape ``(..., m)``, same shape) over the last axis.

    Returns an array of shape ``(...)`` (a 0-d array for 1-d input).
    """
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    if x.shape != y.shape or x.ndim < 1:
        raise ValueError(f"x and y must have one equal shape (..., m), got {x.shape} and {y.shape}")
    i, j = np.triu_indices(x.shape[-1], k=1)
    valid = ~(np.isnan(x[..., i]) | np.isnan(x[..., j]) | np.isnan(y[..., i]) | np.isnan(y[..., j]))
    with np.errstate(invalid="ignore"):
        sx = np.where(valid, np.sign(x[..., i] - x[..., j]), 0.0)
        sy = np.where(valid, np.sign(y[..., i] - y[..., j]), 0.0)
    n0 = valid.sum(axis=-1)
    n1 = (valid & (sx == 0)).sum(axis=-1)
    n2 = (valid & (sy == 0)).sum(axis=-1)
    denom = np.sqrt((n0 - n1).astype(float) * (n0 - n2).astype(float))
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(denom > 0, (sx * sy).sum(axis=-1) / np.where(denom > 0, denom, 1.0),
                        np.nan)


def ordering_agreement(a: np.ndarray, b: np.ndarray, *, a_higher_is_better: bool,
                       b_higher_is_better: bool) -> np.ndarray:
    """Tau-b between the method orderings by scores ``a`` and ``b`` (``(..., m)`` each).

    +1: the two columns rank the methods identically; -1: in reverse order.
    """
    sa = 1.0 if a_higher_is_better else -1.0
    sb = 1.0 if b_higher_is_better else -1.0
    return kendall_tau_b(sa * np.asarray(a, dtype=float), sb * np.asarray(b, dtype=float))


def method_pairs(methods: Sequence[str]) -> list[tuple[int, int]]:
    """Index pairs ``(a, b)``, ``a < b``, of ``methods`` in their given order."""
    return [(a, b) for a in range(len(methods)) for b in range(a + 1, len(methods))]


def paired_differences(values: np.ndarray, pairs: Sequence[tuple[int, int]]) -> np.ndarray:
    """``(len(pairs), n, c)`` differences ``values[a] - values[b]`` (``NaN`` unless both defined).

    ``values`` is ``(k, n, c)``: methods, objects (same order), columns.
    """
    values = np.asarray(values, dtype=float)
    if not pairs:
        return np.zeros((0, *values.shape[1:]))
    a = np.array([p[0] for p in pairs])
    b = np.array([p[1] for p in pairs])
    return values[a] - values[b]  # NaN propagates: only common defined objects count
