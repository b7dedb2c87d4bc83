"""The comparison columns of the paper's Table 4, per object.

Each evaluated (method, object) becomes one row of :data:`COLUMNS` values
(``float64``, ``NaN`` where undefined); a column's table entry is the mean of its
defined per-object values (:mod:`arena_core.evaluate.summary`). Exactly:

* ``gen`` (%): 100 when the method produced a *valid articulated output* for the
  object (readable, scorable, at least one moving joint), else 0. Defined for every
  object, so ``Gen`` is over all objects. Every other column is ``NaN`` for an invalid
  output: the remaining entries are conditional on valid outputs.
* ``type_err`` (%), ``axis_err`` (rad), ``origin_err`` (m), ``limit_range_err``
  (m or rad, as the joint type), ``limit_dir_err`` (in ``[0, 2]``), ``E_B`` (m),
  ``E_alpha_phi``: the mean over the object's matched joint pairs (the optimal
  ``E_alpha^{phi,tree}`` matching) of the per-joint value, skipping pairs where it is
  undefined (origin of a fixed joint, limits or ``E_B`` of a continuous joint). ``NaN``
  when no matched pair defines it. ``type_err`` is the mean indicator times 100.
* ``success_rate`` (%): 100 x (matched pairs that succeed) / (moving ground-truth
  joints); a ground-truth joint the prediction misses counts as a failure. ``NaN`` when
  the ground truth has no moving joint.
* ``E_alpha_phi_tree``: the object's tree distance (what ``arena score`` prints).

A prediction scored under the dagger protocol (:mod:`arena_core.evaluate.impute`:
limits imputed from the ground truth) has its limit columns undefined: the limits
compared would be the ground truth's own.

Example:
    >>> import math
    >>> v = object_values(None)
    >>> float(v[column_index("gen")]), bool(math.isnan(v[column_index("E_B")]))
    (0.0, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from arena_core.evaluate.impute import LIMIT_COLUMNS
from arena_core.metric.compare import JointMatch, ObjectScore
from schemas.errors import ArenaError


@dataclass(frozen=True)
class Column:
    """One comparison column: id, table label, unit and whether higher is better."""

    key: str
    label: str
    unit: str
    higher_is_better: bool


#: The columns, in table order (the paper's Table 4, limits split into range / direction).
COLUMNS: tuple[Column, ...] = (
    Column("gen", "Gen", "%", True),
    Column("type_err", "TypeErr", "%", False),
    Column("origin_err", "OriginErr", "m", False),
    Column("axis_err", "AxisErr", "rad", False),
    Column("limit_range_err", "LimitErr range", "", False),
    Column("limit_dir_err", "LimitErr dir", "", False),
    Column("success_rate", "SuccRate", "%", True),
    Column("E_B", "E_B", "m", False),
    Column("E_alpha_phi", "E_alpha^phi", "", False),
    Column("E_alpha_phi_tree", "E_alpha^phi,tree", "", False),
)

#: Column ids in table order.
COLUMN_KEYS: tuple[str, ...] = tuple(c.key for c in COLUMNS)

#: The per-joint columns averaged over matched pairs, and the JointMatch field of each.
_PER_JOINT = {"type_err": "type_err", "origin_err": "origin_err", "axis_err": "axis_err",
              "limit_range_err": "limit_range_err", "limit_dir_err": "limit_dir_err",
              "E_B": "E_B", "E_alpha_phi": "E_alpha_phi"}

_PERCENT = 100.0


class ColumnError(ArenaError, ValueError):
    """An unknown column id (the message lists the known ones)."""


def column_index(key: str) -> int:
    """Position of column ``key`` in :data:`COLUMN_KEYS`.

    Raises:
        ColumnError: ``key`` is not a column id.
    """
    try:
        return COLUMN_KEYS.index(key)
    except ValueError:
        raise ColumnError(f"unknown column {key!r}; expected one of {list(COLUMN_KEYS)}") from None


def is_articulated(score: ObjectScore) -> bool:
    """Whether the prediction scored in ``score`` has at least one moving joint."""
    return bool(score.matches or score.unmatched_pred)


def object_values(score: ObjectScore | None, *, imputed_limits: bool = False) -> np.ndarray:
    """``(len(COLUMNS),)`` float64 per-object values (see the module docstring).

    ``score`` is ``None`` for a missing, unreadable or unscorable prediction; a score
    whose prediction has no moving joint is not a valid articulated output either.
    ``imputed_limits``: the prediction's limits came from the ground truth (the limit
    columns are then ``NaN``).
    """
    out = np.full(len(COLUMNS), np.nan)
    out[column_index("gen")] = 0.0
    if score is None or not is_articulated(score):
        return out
    out[column_index("gen")] = _PERCENT
    for key, field in _PER_JOINT.items():
        out[column_index(key)] = _mean([getattr(m, field) for m in score.matches])
    out[column_index("type_err")] *= _PERCENT
    out[column_index("success_rate")] = _success_rate(score.matches, score.unmatched_gt)
    out[column_index("E_alpha_phi_tree")] = float(score.E_alpha_phi_tree)
    if imputed_limits:
        out[[column_index(k) for k in LIMIT_COLUMNS]] = np.nan
    return out


def values_table(scores: Sequence[ObjectScore | None]) -> np.ndarray:
    """``(n_objects, len(COLUMNS))`` values of a method's scores (``None`` = no valid output)."""
    return np.stack([object_values(s) for s in scores]) if scores else (
        np.zeros((0, len(COLUMNS))))


def _mean(values: Sequence[float | int | bool | None]) -> float:
    defined = [float(v) for v in values if v is not None and np.isfinite(float(v))]
    return float(np.mean(defined)) if defined else float("nan")


def _success_rate(matches: Sequence[JointMatch], unmatched_gt: Sequence[str]) -> float:
    n_gt = len(matches) + len(unmatched_gt)
    if n_gt == 0:
        return float("nan")
    return _PERCENT * sum(bool(m.success) for m in matches) / n_gt
