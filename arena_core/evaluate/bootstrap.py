"""Seeded nonparametric bootstrap of column means over objects.

A bootstrap replicate draws ``n`` objects with replacement; a column's replicate value is
the mean of its *defined* (non-``NaN``) per-object values among the drawn objects, so a
conditional column is re-normalized by the valid outputs of each replicate::

    mean_b = sum_o w_bo x_o [x_o defined] / sum_o w_bo [x_o defined]

with ``w_bo`` the multiplicity of object ``o`` in replicate ``b``. Replicates are drawn in
blocks of :data:`BLOCK` from ``numpy.random.default_rng(seed)``, so the same ``seed``,
``n`` and ``n_boot`` give the same replicates whatever is bootstrapped: every array
bootstrapped with one seed shares its resamples (a paired bootstrap across methods).
Intervals are percentile intervals.

Example:
    >>> x = np.array([[[1.0], [2.0], [3.0], [np.nan]]])        # 1 set, 4 objects, 1 column
    >>> point, reps = bootstrap_means(x, n_boot=200, seed=0)
    >>> point.tolist(), reps.shape
    ([[2.0]], (1, 200, 1))
    >>> lo, hi = percentile_interval(reps, level=0.95)
    >>> bool(1.0 <= lo[0, 0] <= hi[0, 0] <= 3.0)
    True
"""

from __future__ import annotations

import warnings

import numpy as np

from schemas.errors import ArenaError

#: Replicates drawn and reduced at a time (bounds memory at ``BLOCK x n`` weights).
BLOCK = 128

#: Default number of bootstrap replicates.
N_BOOT = 1000


class BootstrapError(ArenaError, ValueError):
    """Invalid bootstrap input (the message names the argument and what was expected)."""


def resample_weights(n: int, n_boot: int, seed: int | np.random.SeedSequence):
    """Yield ``(b, n)`` float64 multiplicity blocks, ``b <= BLOCK``, ``n_boot`` rows in all."""
    _check_counts(n, n_boot)
    rng = np.random.default_rng(seed)
    done = 0
    while done < n_boot:
        b = min(BLOCK, n_boot - done)
        idx = rng.integers(0, n, size=(b, n))
        offsets = (np.arange(b) * n)[:, None]
        yield np.bincount((idx + offsets).ravel(), minlength=b * n).reshape(b, n).astype(float)
        done += b


def weighted_means(values: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """``(k, b, c)`` NaN-aware weighted means of ``values (k, n, c)`` under ``weights (b, n)``.

    ``NaN`` where a replicate holds no defined value of a column.
    """
    defined = ~np.isnan(values)
    sums = weights @ np.where(defined, values, 0.0)  # (b, n) @ (k, n, c) -> (k, b, c)
    counts = weights @ defined.astype(float)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(counts > 0, sums / np.where(counts > 0, counts, 1.0), np.nan)


def bootstrap_means(values: np.ndarray, *, n_boot: int = N_BOOT,
                    seed: int | np.random.SeedSequence = 0) -> tuple[np.ndarray, np.ndarray]:
    """Point means ``(k, c)`` and replicate means ``(k, n_boot, c)`` of ``values (k, n, c)``.

    ``k`` sets of per-object values (methods, or paired differences), ``n`` objects in
    the same order in every set, ``c`` columns; ``NaN`` marks an undefined value.
    """
    values = _check_values(values)
    k, n, c = values.shape
    point = weighted_means(values, np.ones((1, n)))[:, 0, :]
    blocks = [weighted_means(values, w) for w in resample_weights(n, n_boot, seed)]
    reps = np.concatenate(blocks, axis=1) if blocks else np.zeros((k, 0, c))
    return point, reps


def percentile_interval(reps: np.ndarray, *, level: float = 0.95
                        ) -> tuple[np.ndarray, np.ndarray]:
    """Lower and upper percentile bounds over axis 1 of ``reps (k, B, c)``, each ``(k, c)``.

    Replicates where a value is undefined are ignored; ``NaN`` if all are.
    """
    if not 0.0 < level < 1.0:
        raise BootstrapError(f"level must lie in (0, 1), got {level}")
    tail = 50.0 * (1.0 - level)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # all-NaN slices -> NaN
        low, high = np.nanpercentile(reps, [tail, 100.0 - tail], axis=1)
    return low, high


def _check_counts(n: int, n_boot: int) -> None:
    if n < 1:
        raise BootstrapError(f"need at least one object to bootstrap, got n={n}")
    if n_boot < 1:
        raise BootstrapError(f"n_boot must be >= 1, got {n_boot}")


def _check_values(values: np.ndarray) -> np.ndarray:
    values = np.asarray(values, dtype=float)
    if values.ndim != 3:
        raise BootstrapError(f"values must have shape (sets, objects, columns), got "
                             f"{values.shape}")
    if values.shape[1] < 1:
        raise BootstrapError("values hold no objects")
    if np.isinf(values).any():
        raise BootstrapError("values must be finite or NaN (undefined), found inf")
    return values
