"""Compare reconstruction methods on an evaluation set (the paper's Table 4), pure numpy.

Per-object values come from :func:`arena_core.metric.compare.score_objects`; this package turns
them into the comparison columns, seeded bootstrap intervals, the Kendall tau between the
prior success-rate ordering and the ``E_alpha^{phi,tree}`` ordering, the pairwise gaps
the set resolves and the per-supercategory breakdown. No I/O (``arena evaluate`` in
``flows/commands/evaluate.py`` reads releases and predictions).

Public API::

    COLUMNS, COLUMN_KEYS, Column                      the columns (key, label, unit, direction)
    object_values(score | None) -> (n_columns,)        per-object values (NaN = undefined)
    values_table(scores) -> (n_objects, n_columns)
    evaluate_values(values, *, object_ids, groups=None, seed=0, n_boot=1000, level=0.95)
        -> Evaluation(table, by_group, kendall_tau, gaps, ...)
    bootstrap_means(values (k, n, c), *, n_boot, seed) -> (point (k, c), reps (k, B, c))
    percentile_interval(reps, *, level) -> (low, high)
    kendall_tau_b(x, y), ordering_agreement(a, b, ...), paired_differences(values, pairs)
    best_methods(means, *, excluded) -> {column: [methods]}   the best marks
    predicts_no_limits(obj), impute_limits(gt, pred)   the dagger protocol (limits imputed)
"""

from arena_core.evaluate.bootstrap import (
    N_BOOT,
    BootstrapError,
    bootstrap_means,
    percentile_interval,
    resample_weights,
)
from arena_core.evaluate.columns import (
    COLUMN_KEYS,
    COLUMNS,
    Column,
    ColumnError,
    column_index,
    is_articulated,
    object_values,
    values_table,
)
from arena_core.evaluate.impute import (
    IMPUTED_COLUMNS,
    LIMIT_COLUMNS,
    declared_limits,
    impute_limits,
    predicts_no_limits,
)
from arena_core.evaluate.ranking import (
    kendall_tau_b,
    method_pairs,
    ordering_agreement,
    paired_differences,
)
from arena_core.evaluate.summary import (
    TAU_COLUMNS,
    Estimate,
    Evaluation,
    EvaluationInputError,
    Gap,
    best_methods,
    evaluate_values,
)

__all__ = [
    "COLUMNS", "COLUMN_KEYS", "IMPUTED_COLUMNS", "LIMIT_COLUMNS", "N_BOOT", "TAU_COLUMNS",
    "BootstrapError", "Column", "ColumnError", "Estimate", "Evaluation", "EvaluationInputError",
    "Gap", "best_methods", "bootstrap_means", "column_index", "declared_limits", "evaluate_values",
    "impute_limits", "is_articulated", "kendall_tau_b", "method_pairs", "object_values",
    "ordering_agreement", "paired_differences", "percentile_interval", "predicts_no_limits",
    "resample_weights", "values_table",
]
