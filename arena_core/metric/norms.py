"""Inner-product norms on twist differences ``dz = (dw, dv)`` in se(3) (SPEC section 3).

Two norms are offered, both vectorized over any leading batch shape:

* :class:`SplitNorm` (dimensionless, benchmark ``alpha = 1`` per meter)::

      |dz|_alpha^2 = |dw|^2 + alpha^2 |dv|^2

* :class:`KineticNorm` of a rigid body with mass ``m`` (kg), center of mass ``c``
  ``(..., 3)`` (m, root frame) and inertia ``I`` ``(..., 3, 3)`` about the COM
  (kg m^2, root frame); the result is in meters (RMS linearized material motion)::

      |dz|_B^2 = (1/m) dw^T I dw + |dv + dw x c|^2

Each norm exposes ``gram`` ``(..., 6, 6)`` (``|dz|^2 = dz^T G dz``), ``sq(z)``
``(..., 6) -> (...)`` and ``norm(z)``. A batched kinetic norm (one body per joint)
broadcasts its batch shape against the leading axes of ``z``. ``sq`` evaluates the
formula directly (not through ``gram``) so it matches the reference bit for bit.

Example:
    >>> import numpy as np
    >>> z = np.array([0.0, 0.0, 1.0, 0.5, 0.0, 0.0])
    >>> float(SplitNorm().sq(z)), float(SplitNorm(alpha=2.0).sq(z))
    (1.25, 2.0)
    >>> door = KineticNorm(mass=1.0, com=[0.3, 0.0, 0.0], inertia=np.diag([0.03, 0.0001, 0.03]))
    >>> round(float(door.norm(np.array([0.0, 0.0, 1.0, 0.0, 0.0, 0.0]))), 4)  # sqrt(0.03 + 0.09)
    0.3464
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from arena_core.model.inertia import inertia_problem
from schemas.errors import ArenaError

TWIST_DIM = 6


class NormError(ArenaError, ValueError):
    """Invalid norm parameters or a twist array of the wrong shape."""

    code = "metric.invalid_input"


def _check_twists(z: np.ndarray, name: str = "z") -> np.ndarray:
    arr = np.asarray(z, dtype=float)
    if arr.ndim == 0 or arr.shape[-1] != TWIST_DIM:
        raise NormError(f"{name} must have shape (..., 6), got {arr.shape}")
    if not np.all(np.isfinite(arr)):
        raise NormError(f"{name} contains NaN or inf")
    return arr


def _skew(c: np.ndarray) -> np.ndarray:
    """``(..., 3) -> (..., 3, 3)`` cross-product matrices: ``skew(c) @ x = c x x``."""
    out = np.zeros(c.shape + (3,))
    out[..., 0, 1], out[..., 0, 2] = -c[..., 2], c[..., 1]
    out[..., 1, 0], out[..., 1, 2] = c[..., 2], -c[..., 0]
    out[..., 2, 0], out[..., 2, 1] = -c[..., 1], c[..., 0]
    return out


@dataclass(frozen=True)
class SplitNorm:
    """Split norm ``|dw|^2 + alpha^2 |dv|^2``; ``alpha`` is an inverse length (1/m), >= 0."""

    alpha: float = 1.0

    def __post_init__(self) -> None:
        alpha = float(self.alpha)
        if not np.isfinite(alpha) or alpha < 0.0:
            raise NormError(f"alpha must be a finite number >= 0, got {self.alpha!r}")
        object.__setattr__(self, "alpha", alpha)

    @property
    def batch_shape(self) -> tuple[int, ...]:
        return ()

    @property
    def gram(self) -> np.ndarray:
        """``(6, 6)`` Gram matrix ``diag(1, 1, 1, alpha^2, alpha^2, alpha^2)``."""
        return np.diag([1.0, 1.0, 1.0] + [self.alpha * self.alpha] * 3)

    def sq(self, z: np.ndarray) -> np.ndarray:
        """Squared norm over the last axis: ``(..., 6) -> (...)`` (>= 0)."""
        return self._sq(_check_twists(z))

    def _sq(self, z: np.ndarray) -> np.ndarray:
        """``sq`` without input validation (for callers that validated already)."""
        w, v = z[..., :3], z[..., 3:]
        return np.einsum("...i,...i->...", w, w) + (self.alpha * self.alpha) * np.einsum(
            "...i,...i->...", v, v
        )

    def norm(self, z: np.ndarray) -> np.ndarray:
        """Norm over the last axis: ``(..., 6) -> (...)``."""
        return np.sqrt(self.sq(z))


@dataclass(frozen=True, eq=False)
class KineticNorm:
    """Kinetic-energy norm of one body or a batch of bodies (see the module docstring).

    ``mass`` ``(...)`` kg, ``com`` ``(..., 3)`` m, ``inertia`` ``(..., 3, 3)`` kg m^2: every
    body physical by the one rule of :mod:`arena_core.model.inertia` (mass in
    ``(tol.MIN_MASS, tol.MAX_MASS]``, ``I`` symmetric positive definite with principal
    moments obeying ``a + b >= c``), so the form is a norm.
    """

    mass: np.ndarray
    com: np.ndarray
    inertia: np.ndarray

    def __post_init__(self) -> None:
        mass, com, inertia = _check_body(self.mass, self.com, self.inertia)
        object.__setattr__(self, "mass", mass)
        object.__setattr__(self, "com", com)
        object.__setattr__(self, "inertia", inertia)

    @property
    def batch_shape(self) -> tuple[int, ...]:
        return self.mass.shape

    @property
    def gram(self) -> np.ndarray:
        """``(..., 6, 6)`` Gram matrix ``[[I/m + K^T K, -K^T], [-K, 1]]`` with ``K = skew(c)``."""
        k = _skew(self.com)
        kt = np.swapaxes(k, -1, -2)
        g = np.zeros(self.batch_shape + (6, 6))
        g[..., :3, :3] = self.inertia / self.mass[..., None, None] + kt @ k
        g[..., :3, 3:] = -kt
        g[..., 3:, :3] = -k
        g[..., 3:, 3:] = np.eye(3)
        return g

    def sq(self, z: np.ndarray) -> np.ndarray:
        """Squared norm ``(1/m) dw^T I dw + |dv + dw x c|^2`` over the last axis."""
        return self._sq(_check_twists(z))

    def _sq(self, z: np.ndarray) -> np.ndarray:
        """``sq`` without input validation (for callers that validated already)."""
        w, v = z[..., :3], z[..., 3:]
        angular = np.einsum("...i,...ij,...j->...", w, self.inertia, w) / self.mass
        t = v + np.cross(w, self.com)
        return np.maximum(angular + np.einsum("...i,...i->...", t, t), 0.0)

    def norm(self, z: np.ndarray) -> np.ndarray:
        return np.sqrt(self.sq(z))


def _check_body(mass, com, inertia) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The body arrays as floats; :class:`NormError` unless every body is physical by the
    one rule (:func:`arena_core.model.inertia.inertia_problem`, which also checks the shapes)."""
    mass, com, inertia = (np.asarray(a, dtype=float) for a in (mass, com, inertia))
    problem = inertia_problem(mass, com, inertia)
    if problem is not None:
        code, message = problem
        raise NormError(f"mass, com, inertia: expected physical rigid bodies, got {message} "
                        f"({code})")
    return mass, com, inertia
