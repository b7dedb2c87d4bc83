"""Radial compactification ``phi`` and the endpoint pairs of every joint type (paper eq. 8).

``phi`` maps se(3) into the open unit ball of the norm used by ``E`` (same norm, so
``E^phi`` is dimensionless under either norm)::

    phi(z) = tanh(|z| / kappa) z / |z|,    phi(0) = 0,    default kappa = pi

A limit at infinity is the boundary point ``sign(l) xi / |xi|`` (the limit of ``phi``
along the ray), so a continuous joint is the antipodal pair ``{+xi/|xi|, -xi/|xi|}``
and a half-bounded joint ``[l, inf)`` pairs ``phi(l xi)`` with ``xi/|xi|``. Then
``E^phi(J1, J2) = E(compactified_endpoints(J1), compactified_endpoints(J2))`` covers
fixed, prismatic, revolute, helical and continuous joints in one score; a finite
``[-L, L]`` on the same screw as a continuous joint is at
``sqrt(2) (1 - tanh(L |xi| / kappa))``.

The optional revolute wrap (off by default everywhere) shifts both limits by the
``2 pi k`` that puts their midpoint in ``[-pi, pi)``.

Example:
    >>> import numpy as np
    >>> from arena_core.metric.norms import SplitNorm
    >>> from arena_core.metric.joint import joint_distance
    >>> xi = np.array([0, 0, 1.0, 0, 0, 0])
    >>> cont = compactified_endpoints(xi, -np.inf, np.inf, norm=SplitNorm())
    >>> cont[:, 2].tolist()
    [-1.0, 1.0]
    >>> fin = compactified_endpoints(xi, -np.pi, np.pi, norm=SplitNorm())
    >>> round(float(joint_distance(fin, cont, norm=SplitNorm())), 6)  # sqrt(2)(1 - tanh 1)
    0.337157
"""

from __future__ import annotations

import math

import numpy as np

from arena_core.metric.joint import JointArrayError, Norm, _check_norm
from arena_core.metric.norms import TWIST_DIM


def _check_kappa(kappa: float) -> float:
    k = float(kappa)
    if not math.isfinite(k) or k <= 0.0:
        raise ValueError(f"kappa must be a finite number > 0, got {kappa!r}")
    return k


def compactify(z: np.ndarray, *, norm: Norm, kappa: float = math.pi) -> np.ndarray:
    """``phi(z)`` over the last axis: ``(..., 6) -> (..., 6)``; ``phi(0) = 0``.

    A batched norm broadcasts against the leading axes ``(...)`` of ``z``; for
    endpoint pairs ``(n, 2, 6)`` with one body per joint use :func:`compactify_pairs`.
    """
    kappa = _check_kappa(kappa)
    norm = _check_norm(norm)
    z = np.asarray(z, dtype=float)
    r = np.sqrt(norm.sq(z))
    safe = np.where(r > 0.0, r, 1.0)
    scale = np.where(r > 0.0, np.tanh(safe / kappa) / safe, 0.0)
    return scale[..., None] * z


def compactify_pairs(z: np.ndarray, *, norm: Norm, kappa: float = math.pi) -> np.ndarray:
    """``phi`` applied to both endpoints of pairs ``(..., 2, 6)``; a batched norm matches ``(...)``."""
    z = np.asarray(z, dtype=float)
    if z.ndim < 2 or z.shape[-2:] != (2, TWIST_DIM):
        raise JointArrayError(f"z must have shape (..., 2, 6), got {z.shape}")
    moved = np.moveaxis(z, -2, 0)  # (2, ..., 6) so a batch (...) norm broadcasts
    return np.moveaxis(compactify(moved, norm=norm, kappa=kappa), 0, -2)


def compactified_endpoints(
    twist: np.ndarray,
    lower: np.ndarray,
    upper: np.ndarray,
    *,
    norm: Norm,
    kappa: float = math.pi,
) -> np.ndarray:
    """Compactified endpoint pairs ``(..., 2, 6)`` for any limits, infinite ones included.

    ``twist`` ``(..., 6)``; ``lower``/``upper`` ``(...)`` may be ``+-inf`` (NaN is an
    error). A finite limit ``l`` gives ``phi(l xi)``; an infinite one gives
    ``sign(l) xi / |xi|``, which needs a twist of nonzero norm. A batched norm must
    broadcast against ``(...)``.
    """
    xi = np.asarray(twist, dtype=float)
    lo, hi = np.broadcast_arrays(np.asarray(lower, dtype=float), np.asarray(upper, dtype=float))
    if xi.ndim == 0 or xi.shape[-1] != TWIST_DIM or not np.all(np.isfinite(xi)):
        raise JointArrayError(f"twist must be finite with shape (..., 6), got {xi.shape}")
    if np.any(np.isnan(lo)) or np.any(np.isnan(hi)):
        raise JointArrayError("limits contain NaN")
    batch = np.broadcast_shapes(lo.shape, xi.shape[:-1])
    limits = np.stack([np.broadcast_to(lo, batch), np.broadcast_to(hi, batch)])  # (2, ...)
    finite = np.isfinite(limits)
    raw = np.where(finite, limits, 0.0)[..., None] * xi  # (2, ..., 6)
    out = compactify(raw, norm=norm, kappa=kappa)
    if not np.all(finite):
        r = norm.norm(np.broadcast_to(xi, raw.shape[1:]))
        r2 = np.broadcast_to(r, limits.shape)
        if np.any(~finite & (r2 == 0.0)):
            raise JointArrayError("an infinite limit needs a twist of nonzero norm")
        boundary = np.sign(limits)[..., None] * xi / np.where(r2 > 0.0, r2, 1.0)[..., None]
        out = np.where(finite[..., None], out, boundary)
    return np.moveaxis(out, 0, -2)


def wrap_revolute_limits(lower: np.ndarray, upper: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Shift finite limit pairs by ``2 pi k`` so the midpoint lies in ``[-pi, pi)``.

    ``k = floor(((lower + upper)/2 + pi) / (2 pi))``; pairs with an infinite limit are
    returned unchanged. Apply only to revolute joints (prismatic and helical shifts
    translate the part). Shapes ``(...)`` broadcast; returns float arrays.

    >>> [round(float(x), 6) for x in wrap_revolute_limits(2 * np.pi, 2 * np.pi + 1.0)]
    [0.0, 1.0]
    """
    lo, hi = np.broadcast_arrays(np.asarray(lower, dtype=float), np.asarray(upper, dtype=float))
    finite = np.isfinite(lo) & np.isfinite(hi)
    mid = 0.5 * (np.where(finite, lo, 0.0) + np.where(finite, hi, 0.0))
    shift = 2.0 * math.pi * np.floor((mid + math.pi) / (2.0 * math.pi))
    return lo - shift, hi - shift
