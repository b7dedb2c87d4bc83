"""Smooth, swap-invariant training surrogates of ``E^2`` (paper appendix A.3).

``E`` takes a hard min over the two pairings, which is not differentiable on the tie
locus. Two smooth replacements, vectorized over endpoint pairs ``(..., 2, 6)``:

* **Invariants** ``s = z- + z+`` and ``D = (z- - z+)(z- - z+)^T`` of each joint are
  swap-invariant. With the norm's Gram matrix ``G``, ``d = z- - z+`` and
  ``A = |z1-|^2 + |z1+|^2 + |z2-|^2 + |z2+|^2 = (s1'G s1 + tr(G D1) + s2'G s2 + tr(G D2)) / 2``::

      E^2 = A - s1'G s2 - |d1'G d2|,        (d1'G d2)^2 = tr(G D1 G D2)
      surrogate_eps = A - s1'G s2 - sqrt(tr(G D1 G D2) + eps)      -> E^2 as eps -> 0

  :func:`invariant_sq_distance` evaluates the same number from the two branch sums,
  ``(direct + swapped)/2 - sqrt(((swapped - direct)/2)^2 + eps)``, which avoids the
  cancellation of the expanded form; :func:`sq_distance_from_invariants` is the
  literal ``(s, D)`` formula.
* **Soft-min** with temperature ``T`` (same units as ``E^2``)::

      softmin_T = -T log(exp(-direct/T) + exp(-swapped/T)),   E^2 - T log 2 <= softmin_T <= E^2

Example:
    >>> import numpy as np
    >>> from arena_core.metric.norms import SplitNorm
    >>> z1 = np.array([[0, 0, 0, 0, 0, 0], [0, 0, 1.0, 0, 0, 0]])
    >>> z2 = np.array([[0, 0, 1.2, 0, 0, 0], [0, 0, 0, 0, 0, 0.0]])  # swapped, longer
    >>> round(float(invariant_sq_distance(z1, z2, norm=SplitNorm(), epsilon=0.0)), 6)
    0.04
    >>> round(float(softmin_sq_distance(z1, z2, norm=SplitNorm(), temperature=1e-3)), 6)
    0.04
"""

from __future__ import annotations

import numpy as np

from arena_core.metric.joint import Norm, _check_norm, _check_pairs, branch_sq

#: Default smoothing of :func:`invariant_sq_distance` (units of ``E^2``).
DEFAULT_EPSILON = 1e-9


def _check_positive(value: float, name: str, allow_zero: bool) -> float:
    v = float(value)
    if not np.isfinite(v) or v < 0.0 or (v == 0.0 and not allow_zero):
        bound = ">= 0" if allow_zero else "> 0"
        raise ValueError(f"{name} must be finite and {bound}, got {value!r}")
    return v


def swap_invariants(z: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``s`` ``(..., 6)`` and ``D`` ``(..., 6, 6)`` of endpoint pairs ``(..., 2, 6)``."""
    z = _check_pairs(z, "z")
    s = z[..., 0, :] + z[..., 1, :]
    d = z[..., 0, :] - z[..., 1, :]
    return s, d[..., :, None] * d[..., None, :]


def invariant_sq_distance(
    z1: np.ndarray, z2: np.ndarray, *, norm: Norm, epsilon: float = DEFAULT_EPSILON
) -> np.ndarray:
    """Smooth swap-invariant surrogate of ``E^2``, shape ``(...)`` (see the module docstring)."""
    eps = _check_positive(epsilon, "epsilon", allow_zero=True)
    direct, swapped = branch_sq(z1, z2, norm=norm)
    half = 0.5 * (swapped - direct)
    return 0.5 * (direct + swapped) - np.sqrt(half * half + eps)


def sq_distance_from_invariants(
    s1: np.ndarray,
    dd1: np.ndarray,
    s2: np.ndarray,
    dd2: np.ndarray,
    *,
    norm: Norm,
    epsilon: float = DEFAULT_EPSILON,
) -> np.ndarray:
    """The literal ``(s, D)`` surrogate ``A - s1'G s2 - sqrt(tr(G D1 G D2) + eps)``, shape ``(...)``."""
    eps = _check_positive(epsilon, "epsilon", allow_zero=True)
    g = _check_norm(norm).gram
    s1, s2 = np.asarray(s1, dtype=float), np.asarray(s2, dtype=float)
    dd1, dd2 = np.asarray(dd1, dtype=float), np.asarray(dd2, dtype=float)

    def quad(x, y):
        return np.einsum("...i,...ij,...j->...", x, g, y)

    def trace_gd(dd):
        return np.einsum("...ij,...ji->...", g, dd)

    total = 0.5 * (quad(s1, s1) + trace_gd(dd1) + quad(s2, s2) + trace_gd(dd2))
    cross = np.einsum("...ij,...jk,...kl,...li->...", g, dd1, g, dd2)
    return total - quad(s1, s2) - np.sqrt(np.maximum(cross, 0.0) + eps)


def softmin_sq_distance(
    z1: np.ndarray, z2: np.ndarray, *, norm: Norm, temperature: float
) -> np.ndarray:
    """Soft-min of the two branch sums, shape ``(...)``; tends to ``E^2`` as ``temperature -> 0``."""
    t = _check_positive(temperature, "temperature", allow_zero=False)
    direct, swapped = branch_sq(z1, z2, norm=norm)
    return -t * np.logaddexp(-direct / t, -swapped / t)
