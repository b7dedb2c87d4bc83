"""The prior per-component joint scores (SPEC section 3, paper section 3.2 and A.4).

For the comparison columns only: they are not metrics (see the property registry in
the tests). Vectorized over ``n`` joint pairs, prediction against ground truth::

    type       e_type = 1[t_pred != t_gt]
    axis       e_axis = arccos(clip(|a_p . a_g| / (|a_p| |a_g|), 0, 1))          in [0, pi/2] rad
    origin     gt revolute/continuous/helical: distance between the axis lines,
                 |p . (a_p x a_g)| / |a_p x a_g|, or |p x a_g| when parallel     (m)
               otherwise (prismatic, fixed): |o_p - o_g|                         (m)
    limits     m = a (l+ - l-);  range |m_p - m_g|;  direction 1 - cos(m_p, m_g) in [0, 2]
    success    type equal and e_axis < 0.25 rad and e_orig < 0.05 m

with ``p = o_p - o_g`` and unit axes. Undefined values are NaN: a zero axis, an
infinite limit (continuous joints have no motion vector), a zero motion vector for
the direction term. NaN compares False, so an undefined component fails ``success``.

Example (axis reversed and limits negated: the same motion scores direction 2):
    >>> import numpy as np
    >>> s = component_scores(["revolute"], [[-1.0, 0, 0]], [[0.0, 0, 0]], [[-1.0, 0.0]],
    ...                      ["revolute"], [[1.0, 0, 0]], [[0.0, 0, 0]], [[0.0, 1.0]])
    >>> float(s.axis_error[0]), float(s.limit_direction_error[0]), bool(s.success[0])
    (0.0, 2.0, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from arena_core.util import tolerances as tol
from schemas.errors import ArenaError
from schemas.record import ROTATING_TYPES

#: Success thresholds of the Articulate-Anything protocol (rad, m).
TAU_AXIS = 0.25
TAU_ORIGIN = 0.05

_LINE_TYPES = ROTATING_TYPES


class ScoreInputError(ArenaError, ValueError):
    """Per-component score inputs with inconsistent lengths or shapes."""


@dataclass(frozen=True)
class ComponentScores:
    """Per-joint prior scores, each ``(n,)`` (NaN where undefined)."""

    type_error: np.ndarray
    axis_error: np.ndarray
    origin_error: np.ndarray
    limit_range_error: np.ndarray
    limit_direction_error: np.ndarray
    success: np.ndarray


def _check_joints(types, axes, origins, limits, name: str):
    t = np.asarray(list(types) if not isinstance(types, np.ndarray) else types, dtype=object)
    t = t.reshape(-1)
    n = len(t)
    arrays = []
    for label, arr, width in (("axes", axes, 3), ("origins", origins, 3), ("limits", limits, 2)):
        a = np.asarray(arr, dtype=float)
        a = a.reshape(0, width) if a.size == 0 else a
        if a.shape != (n, width):
            raise ScoreInputError(f"{name} {label} must have shape ({n}, {width}), got {a.shape}")
        arrays.append(a)
    if np.isnan(arrays[2]).any() or not np.isfinite(arrays[0]).all() or not np.isfinite(arrays[1]).all():
        raise ScoreInputError(f"{name} axes/origins must be finite and limits not NaN")
    return t, *arrays


def _unit(axes: np.ndarray) -> np.ndarray:
    norm = np.linalg.norm(axes, axis=-1, keepdims=True)
    return np.where(norm > tol.ZERO_AXIS, axes / np.where(norm > 0, norm, 1.0), np.nan)


def line_distance(a1: np.ndarray, o1: np.ndarray, a2: np.ndarray, o2: np.ndarray) -> np.ndarray:
    """Distance between the lines ``o1 + t a1`` and ``o2 + t a2`` (unit axes ``(n, 3)``), ``(n,)`` m."""
    p = o1 - o2
    cross = np.cross(a1, a2)
    size = np.linalg.norm(cross, axis=-1)
    skew = np.abs(np.einsum("ij,ij->i", p, cross)) / np.where(size > 0, size, 1.0)
    parallel = np.linalg.norm(np.cross(p, a2), axis=-1)
    return np.where(size > tol.PARALLEL_AXES, skew, parallel)


def component_scores(
    pred_types: Sequence[str],
    pred_axes: np.ndarray,
    pred_origins: np.ndarray,
    pred_limits: np.ndarray,
    gt_types: Sequence[str],
    gt_axes: np.ndarray,
    gt_origins: np.ndarray,
    gt_limits: np.ndarray,
    *,
    tau_axis: float = TAU_AXIS,
    tau_origin: float = TAU_ORIGIN,
) -> ComponentScores:
    """Prior scores of ``n`` matched joint pairs: types ``(n,)``, axes/origins ``(n, 3)``
    (root frame, m), limits ``(n, 2)`` (rad or m, may be infinite)."""
    tp, ap, op, lp = _check_joints(pred_types, pred_axes, pred_origins, pred_limits, "pred")
    tg, ag, og, lg = _check_joints(gt_types, gt_axes, gt_origins, gt_limits, "gt")
    if len(tp) != len(tg):
        raise ScoreInputError(f"pred has {len(tp)} joints, gt has {len(tg)}")
    up, ug = _unit(ap), _unit(ag)
    type_error = (tp != tg).astype(float)
    cos = np.abs(np.einsum("ij,ij->i", up, ug))
    sin = np.linalg.norm(np.cross(up, ug), axis=-1)
    axis_error = np.arctan2(sin, cos)  # = arccos(clip(cos, 0, 1)), accurate near 0
    line = np.isin(tg, _LINE_TYPES)
    origin_error = np.where(line, line_distance(up, op, ug, og), np.linalg.norm(op - og, axis=-1))
    range_err, dir_err = _limit_errors(up, lp, ug, lg)
    with np.errstate(invalid="ignore"):
        success = (type_error == 0) & (axis_error < tau_axis) & (origin_error < tau_origin)
    return ComponentScores(type_error, axis_error, origin_error, range_err, dir_err, success)


def _limit_errors(ap, lp, ag, lg) -> tuple[np.ndarray, np.ndarray]:
    """``|m_p - m_g|`` and ``1 - cos(m_p, m_g)`` with ``m = a (l+ - l-)`` (NaN if undefined)."""
    finite = np.isfinite(lp).all(axis=1) & np.isfinite(lg).all(axis=1)
    travel_p = np.where(finite, lp[:, 1] - lp[:, 0], 0.0)
    travel_g = np.where(finite, lg[:, 1] - lg[:, 0], 0.0)
    mp, mg = ap * travel_p[:, None], ag * travel_g[:, None]
    range_err = np.where(finite, np.linalg.norm(mp - mg, axis=-1), np.nan)
    npn, ngn = np.linalg.norm(mp, axis=-1), np.linalg.norm(mg, axis=-1)
    ok = finite & (npn > 0) & (ngn > 0)
    denom = np.where(ok, npn * ngn, 1.0)
    dir_err = np.where(ok, 1.0 - np.einsum("ij,ij->i", mp, mg) / denom, np.nan)
    return range_err, dir_err
