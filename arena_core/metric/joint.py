"""The quotient joint metric ``E`` on unordered endpoint pairs (SPEC section 3, paper eq. 5).

A one-DOF joint with unit twist ``xi`` ``(6,)`` and finite limits ``[l-, l+]`` (rad or
m) is the unordered pair of endpoint twists ``{z-, z+} = {l- xi, l+ xi}``, stored as an
array ``(..., 2, 6)`` (the order of the two rows carries no meaning). With squared
norms ``|.|^2`` from :mod:`arena_core.metric.norms`::

    direct  = |z1- - z2-|^2 + |z1+ - z2+|^2
    swapped = |z1- - z2+|^2 + |z1+ - z2-|^2
    E(J1, J2) = sqrt(min(direct, swapped))          E(J, J0) with J0 = {0, 0}: the motion

The endpoint differences are formed first and then squared (no expansion into inner
products), so ``E`` keeps full relative accuracy for nearly equal joints. Under the
split norm ``E`` is dimensionless; under the kinetic norm it is in meters.

Example:
    >>> import numpy as np
    >>> from arena_core.metric.norms import SplitNorm
    >>> drawer = endpoints(np.array([0, 0, 0, 1.0, 0, 0]), 0.0, 0.5)
    >>> float(motion(drawer, norm=SplitNorm()))
    0.5
    >>> flipped = endpoints(np.array([0, 0, 0, -1.0, 0, 0]), -0.5, 0.0)  # same motion
    >>> float(joint_distance(drawer, flipped, norm=SplitNorm()))
    0.0
"""

from __future__ import annotations

import numpy as np

from arena_core.metric.norms import TWIST_DIM, KineticNorm, NormError, SplitNorm
from schemas.errors import ArenaError

Norm = SplitNorm | KineticNorm


class JointArrayError(ArenaError, ValueError):
    """A twist, limit or endpoint-pair array with the wrong shape or non-finite values."""

    code = "metric.invalid_input"


def _check_pairs(z: np.ndarray, name: str) -> np.ndarray:
    arr = np.asarray(z, dtype=float)
    if arr.ndim < 2 or arr.shape[-2:] != (2, TWIST_DIM):
        raise JointArrayError(f"{name} must have shape (..., 2, 6), got {arr.shape}")
    if not np.all(np.isfinite(arr)):
        raise JointArrayError(f"{name} contains NaN or inf")
    return arr


def _check_norm(norm: object) -> Norm:
    if not isinstance(norm, (SplitNorm, KineticNorm)):
        raise NormError(f"norm must be a SplitNorm or KineticNorm, got {type(norm).__name__}")
    return norm


def endpoints(twist: np.ndarray, lower: np.ndarray, upper: np.ndarray) -> np.ndarray:
    """Endpoint pairs ``(..., 2, 6)`` = ``[lower * twist, upper * twist]`` for finite limits.

    ``twist`` ``(..., 6)``, ``lower``/``upper`` ``(...)`` broadcast together. Infinite
    limits raise :class:`JointArrayError` (use
    :func:`arena_core.metric.compactify.compactified_endpoints` for those).
    """
    xi = np.asarray(twist, dtype=float)
    lo, hi = np.asarray(lower, dtype=float), np.asarray(upper, dtype=float)
    if xi.ndim == 0 or xi.shape[-1] != TWIST_DIM:
        raise JointArrayError(f"twist must have shape (..., 6), got {xi.shape}")
    if not (np.all(np.isfinite(lo)) and np.all(np.isfinite(hi)) and np.all(np.isfinite(xi))):
        raise JointArrayError("endpoints() needs finite twists and limits (see compactify)")
    return np.stack([lo[..., None] * xi, hi[..., None] * xi], axis=-2)


def branch_sq(z1: np.ndarray, z2: np.ndarray, *, norm: Norm) -> tuple[np.ndarray, np.ndarray]:
    """The two squared branch sums ``(direct, swapped)``, each of the broadcast shape ``(...)``."""
    z1, z2 = _check_pairs(z1, "z1"), _check_pairs(z2, "z2")
    norm = _check_norm(norm)
    a1, b1 = z1[..., 0, :], z1[..., 1, :]
    a2, b2 = z2[..., 0, :], z2[..., 1, :]
    direct = norm._sq(a1 - a2) + norm._sq(b1 - b2)
    swapped = norm._sq(a1 - b2) + norm._sq(b1 - a2)
    return direct, swapped


def joint_distance(z1: np.ndarray, z2: np.ndarray, *, norm: Norm) -> np.ndarray:
    """``E(J1, J2)`` for endpoint pairs ``(..., 2, 6)`` broadcast together; returns ``(...)``.

    A batched :class:`KineticNorm` broadcasts its batch shape against ``(...)``.
    """
    direct, swapped = branch_sq(z1, z2, norm=norm)
    return np.sqrt(np.minimum(direct, swapped))


def motion(z: np.ndarray, *, norm: Norm) -> np.ndarray:
    """``E(J, J0)`` for endpoint pairs ``(..., 2, 6)``: ``sqrt(|z-|^2 + |z+|^2)``, shape ``(...)``."""
    z = _check_pairs(z, "z")
    norm = _check_norm(norm)
    return np.sqrt(norm._sq(z[..., 0, :]) + norm._sq(z[..., 1, :]))


def pairwise_distance(z1: np.ndarray, z2: np.ndarray, *, norm: Norm) -> np.ndarray:
    """All-pairs ``E`` between ``z1`` ``(n1, 2, 6)`` and ``z2`` ``(n2, 2, 6)``: ``(n1, n2)``.

    A batched norm must have batch shape ``(n2,)`` (one body per column, e.g. the
    ground-truth child links) or be unbatched.
    """
    z1, z2 = _check_pairs(z1, "z1"), _check_pairs(z2, "z2")
    norm = _check_norm(norm)
    if z1.ndim != 3 or z2.ndim != 3:
        raise JointArrayError(f"pairwise_distance needs (n, 2, 6) arrays, got {z1.shape}, {z2.shape}")
    if norm.batch_shape not in ((), (z2.shape[0],)):
        raise NormError(f"norm batch shape must be () or ({z2.shape[0]},), got {norm.batch_shape}")
    return joint_distance(z1[:, None], z2[None, :], norm=norm)
