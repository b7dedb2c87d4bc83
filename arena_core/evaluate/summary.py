"""Aggregate per-object values of several methods into the comparison table.

:func:`evaluate_values` takes, per method, the ``(n_objects, n_columns)`` values of
:func:`arena_core.evaluate.columns.object_values` over one common object list and returns
an :class:`Evaluation`:

* ``table[method][column]`` — the mean of the defined per-object values with a seeded
  percentile bootstrap interval over objects (all methods share the resamples);
* ``by_group[group][method][column]`` — the same within each group of objects (the
  supercategories), each group bootstrapped with its own stream derived from the seed
  and the group name;
* ``kendall_tau`` — tau-b between the orderings of the methods by ``success_rate``
  (higher better) and by ``E_alpha_phi_tree`` (lower better), with the interval of its
  bootstrap replicates;
* ``best`` (:func:`best_methods`) — per column, the methods with the best defined mean,
  leaving out the columns a method cannot compete in (the dagger protocol's imputed
  ``E`` columns);
* ``gaps`` — for every method pair and column, the mean difference over the objects
  where both are defined, its paired-bootstrap interval, and whether the interval
  excludes 0 (the evaluation set resolves that gap).

Example:
    >>> import math
    >>> good = np.array([[100.0] + [0.1] * 9, [100.0] + [0.2] * 9])
    >>> bad = np.array([[100.0] + [0.5] * 9, [0.0] + [math.nan] * 9])
    >>> ev = evaluate_values({"good": good, "bad": bad}, object_ids=["a", "b"], n_boot=50)
    >>> ev.table["bad"]["gen"].value, ev.table["bad"]["E_alpha_phi_tree"].value
    (50.0, 0.5)
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from arena_core.evaluate.bootstrap import N_BOOT, bootstrap_means, percentile_interval
from arena_core.evaluate.columns import COLUMN_KEYS, COLUMNS, column_index
from arena_core.evaluate.ranking import method_pairs, ordering_agreement, paired_differences
from schemas.errors import ArenaError

#: The columns whose method orderings :attr:`Evaluation.kendall_tau` compares.
TAU_COLUMNS = ("success_rate", "E_alpha_phi_tree")


class EvaluationInputError(ArenaError, ValueError):
    """Inconsistent inputs to :func:`evaluate_values` (the message says which)."""


@dataclass(frozen=True)
class Estimate:
    """A mean (``None`` if undefined), its interval and the number of defined objects."""

    value: float | None
    ci_low: float | None
    ci_high: float | None
    n: int


@dataclass(frozen=True)
class Gap:
    """``method_a - method_b`` on ``column`` over their common objects (paired bootstrap)."""

    column: str
    method_a: str
    method_b: str
    difference: Estimate
    resolved: bool
    better: str | None


@dataclass(frozen=True)
class Evaluation:
    """The aggregated comparison (see the module docstring)."""

    methods: tuple[str, ...]
    object_ids: tuple[str, ...]
    table: dict[str, dict[str, Estimate]]
    by_group: dict[str, dict[str, dict[str, Estimate]]]
    kendall_tau: Estimate
    gaps: tuple[Gap, ...]
    seed: int
    n_boot: int
    level: float


def evaluate_values(values: Mapping[str, np.ndarray], *, object_ids: Sequence[str],
                    groups: Sequence[str] | None = None, seed: int = 0, n_boot: int = N_BOOT,
                    level: float = 0.95) -> Evaluation:
    """Aggregate ``values[method]`` (``(n_objects, len(COLUMNS))``, rows in ``object_ids``
    order) into an :class:`Evaluation`; ``groups[i]`` is object ``i``'s group (or ``None``).
    """
    methods, stacked = _check_inputs(values, object_ids, groups, seed)
    point, reps = bootstrap_means(stacked, n_boot=n_boot, seed=seed)
    low, high = percentile_interval(reps, level=level)
    counts = (~np.isnan(stacked)).sum(axis=1)
    table = {m: _estimates(point[k], low[k], high[k], counts[k]) for k, m in enumerate(methods)}
    return Evaluation(
        methods=methods, object_ids=tuple(object_ids), table=table,
        by_group=_by_group(stacked, methods, groups, seed, n_boot, level),
        kendall_tau=_tau(point, reps, level), gaps=_gaps(stacked, methods, seed, n_boot, level),
        seed=seed, n_boot=n_boot, level=level)


def best_methods(means: Mapping[str, Mapping[str, float | None]], *,
                 excluded: Mapping[str, Sequence[str]] | None = None) -> dict[str, list[str]]:
    """Per column, the methods (in ``means`` order) whose defined mean is the best.

    ``means[method][column]`` is a mean or ``None``; ``excluded[method]`` lists the
    columns where that method gets no best mark. A column nobody defines has no entry.

    >>> best_methods({"a": {"gen": 90.0, "E_B": 0.1}, "b": {"gen": 95.0, "E_B": 0.05}},
    ...              excluded={"b": ["E_B"]})
    {'gen': ['b'], 'E_B': ['a']}
    """
    excluded = excluded or {}
    out: dict[str, list[str]] = {}
    for col in COLUMNS:
        sign = 1.0 if col.higher_is_better else -1.0
        scored = {m: sign * v for m, row in means.items()
                  if (v := row.get(col.key)) is not None and col.key not in excluded.get(m, ())}
        if scored:
            top = max(scored.values())
            out[col.key] = [m for m, v in scored.items() if v == top]
    return out


def _estimates(point: np.ndarray, low: np.ndarray, high: np.ndarray, counts: np.ndarray
               ) -> dict[str, Estimate]:
    return {key: Estimate(_opt(point[c]), _opt(low[c]), _opt(high[c]), int(counts[c]))
            for c, key in enumerate(COLUMN_KEYS)}


def _opt(x: float) -> float | None:
    return None if np.isnan(x) else float(x)


def _by_group(stacked: np.ndarray, methods: tuple[str, ...], groups: Sequence[str] | None,
              seed: int, n_boot: int, level: float) -> dict[str, dict[str, dict[str, Estimate]]]:
    if groups is None:
        return {}
    labels = np.array([str(g) for g in groups], dtype=object)
    out = {}
    for name in sorted(set(labels)):
        sub = stacked[:, labels == name, :]
        stream = np.random.SeedSequence([seed, zlib.crc32(name.encode())])
        point, reps = bootstrap_means(sub, n_boot=n_boot, seed=stream)
        low, high = percentile_interval(reps, level=level)
        counts = (~np.isnan(sub)).sum(axis=1)
        out[name] = {m: _estimates(point[k], low[k], high[k], counts[k])
                     for k, m in enumerate(methods)}
    return out


def _tau(point: np.ndarray, reps: np.ndarray, level: float) -> Estimate:
    a, b = (column_index(c) for c in TAU_COLUMNS)
    orient = {c.key: c.higher_is_better for c in COLUMNS}
    kwargs = {"a_higher_is_better": orient[TAU_COLUMNS[0]],
              "b_higher_is_better": orient[TAU_COLUMNS[1]]}
    value = float(ordering_agreement(point[:, a], point[:, b], **kwargs))
    boot = ordering_agreement(reps[:, :, a].T, reps[:, :, b].T, **kwargs)  # (B,)
    low, high = percentile_interval(boot[None, :, None], level=level)
    n = int(np.sum(~np.isnan(point[:, a]) & ~np.isnan(point[:, b])))
    return Estimate(_opt(value), _opt(low[0, 0]), _opt(high[0, 0]), n)


def _gaps(stacked: np.ndarray, methods: tuple[str, ...], seed: int, n_boot: int,
          level: float) -> tuple[Gap, ...]:
    pairs = method_pairs(methods)
    if not pairs:
        return ()
    diffs = paired_differences(stacked, pairs)
    point, reps = bootstrap_means(diffs, n_boot=n_boot, seed=seed)  # same resamples: paired
    low, high = percentile_interval(reps, level=level)
    counts = (~np.isnan(diffs)).sum(axis=1)
    out = []
    for p, (a, b) in enumerate(pairs):
        for c, col in enumerate(COLUMNS):
            est = Estimate(_opt(point[p, c]), _opt(low[p, c]), _opt(high[p, c]),
                           int(counts[p, c]))
            resolved = est.ci_low is not None and (est.ci_low > 0 or est.ci_high < 0)
            better = None
            if resolved:
                a_wins = (est.value > 0) == col.higher_is_better
                better = methods[a] if a_wins else methods[b]
            out.append(Gap(col.key, methods[a], methods[b], est, resolved, better))
    return tuple(out)


def _check_inputs(values: Mapping[str, np.ndarray], object_ids: Sequence[str],
                  groups: Sequence[str] | None, seed: int) -> tuple[tuple[str, ...], np.ndarray]:
    if not values:
        raise EvaluationInputError("values: need at least one method")
    n = len(object_ids)
    if n == 0:
        raise EvaluationInputError("object_ids: need at least one object")
    if len(set(object_ids)) != n:
        raise EvaluationInputError("object_ids: ids must be unique")
    if groups is not None and len(groups) != n:
        raise EvaluationInputError(f"groups: expected {n} entries (one per object), got "
                                   f"{len(groups)}")
    if not isinstance(seed, (int, np.integer)) or seed < 0:
        raise EvaluationInputError(f"seed must be a non-negative integer, got {seed!r}")
    methods = tuple(values)
    shape = (n, len(COLUMNS))
    arrays = []
    for m in methods:
        arr = np.asarray(values[m], dtype=float)
        if arr.shape != shape:
            raise EvaluationInputError(f"values[{m!r}]: expected shape {shape} (objects, "
                                       f"columns), got {arr.shape}")
        arrays.append(arr)
    return methods, np.stack(arrays)
