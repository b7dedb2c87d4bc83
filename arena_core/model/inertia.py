"""When mass properties are physical: the one rule, for normalization, verification and the metric.

A rigid body of mass ``m`` (kg), center of mass ``c`` (m) and inertia ``I`` about ``c``
(kg m^2) is physical when

* ``m`` is finite and in ``(tol.MIN_MASS, tol.MAX_MASS]``, ``c`` is finite;
* ``I`` is finite and symmetric up to ``tol.INERTIA_SLACK`` of its largest entry;
* its principal moments ``a <= b <= c`` lie in ``(tol.MIN_INERTIA, tol.MAX_INERTIA]`` and
  obey the triangle inequality up to the same relative slack::

      a + b >= c (1 - tol.INERTIA_SLACK)

Eigenvalues are taken of ``I`` divided by its largest entry, so huge entries cannot
overflow. :func:`inertia_problem` is vectorized over a batch of bodies (the metric's one
body per joint) and names the first body that breaks the rule.

Example:
    >>> inertia_problem(1.0, np.zeros(3), np.diag([1.0, 1.0, 3.0]))[0]
    'mass.inertia.triangle'
    >>> inertia_problem(1.0, np.zeros(3), np.eye(3) * 1e308)[0]
    'mass.inertia.implausible'
    >>> inertia_problem([1.0, 0.0], np.zeros((2, 3)), np.stack([np.eye(3)] * 2))
    ('mass.nonpositive', 'body 1: mass is 0.0 kg')
    >>> inertia_problem(2.0, [0.1, 0.0, 0.0], np.diag([0.1, 0.2, 0.25])) is None
    True
"""

from __future__ import annotations

import numpy as np

from arena_core.model.articulated import MassProperties
from arena_core.util import tolerances as tol


def inertia_problem(mass, com, inertia) -> tuple[str, str] | None:
    """``(code, message)`` of the first body that is not physical, else ``None``.

    Args:
        mass: ``(...)`` kg (a float for one body).
        com: ``(..., 3)`` m.
        inertia: ``(..., 3, 3)`` kg m^2 about the COM.

    Returns:
        ``None`` when every body is physical (see the module docstring); else the issue
        code (``mass.nonpositive``, ``mass.implausible``, ``mass.com.nonfinite``,
        ``mass.inertia.nonfinite``, ``mass.inertia.asymmetric``,
        ``mass.inertia.not_positive_definite``, ``mass.inertia.implausible``,
        ``mass.inertia.triangle``) and a message, prefixed ``body <index>:`` for a batch.
    """
    mass, com, inertia = (np.asarray(a, dtype=float) for a in (mass, com, inertia))
    if com.shape != mass.shape + (3,):
        return "mass.com.nonfinite", f"COM has shape {com.shape}, expected {mass.shape + (3,)}"
    if inertia.shape != mass.shape + (3, 3):
        return ("mass.inertia.nonfinite",
                f"inertia has shape {inertia.shape}, expected {mass.shape + (3, 3)}")
    finite = np.all(np.isfinite(inertia), axis=(-2, -1))
    safe = np.where(finite[..., None, None], inertia, np.eye(3))
    scale = np.maximum(np.abs(safe).max(axis=(-2, -1)), tol.MIN_INERTIA)
    unit = safe / scale[..., None, None]
    flipped = np.swapaxes(unit, -1, -2)
    asymmetry = np.abs(unit - flipped).max(axis=(-2, -1))
    with np.errstate(over="ignore", invalid="ignore"):  # huge moments fail as implausible
        moments = np.linalg.eigvalsh(0.5 * (unit + flipped)) * scale[..., None]
        a, b, c = moments[..., 0], moments[..., 1], moments[..., 2]
        broken = np.stack([~(np.isfinite(mass) & (mass > tol.MIN_MASS)), mass > tol.MAX_MASS,
                           ~np.all(np.isfinite(com), axis=-1), ~finite,
                           asymmetry > tol.INERTIA_SLACK, a <= tol.MIN_INERTIA,
                           c > tol.MAX_INERTIA, a + b < c * (1.0 - tol.INERTIA_SLACK)])
    bad = np.argwhere(broken.any(axis=0))
    if len(bad) == 0:
        return None
    body = tuple(int(i) for i in bad[0])
    code = _CODES[int(np.argmax(broken[(slice(None), *body)]))]
    message = _messages(float(mass[body]), com[body], inertia[body], moments[body])[code]
    return code, (f"body {body[0] if len(body) == 1 else body}: {message}" if body else message)


#: The codes of the rules, in the order :func:`inertia_problem` checks them.
_CODES = ("mass.nonpositive", "mass.implausible", "mass.com.nonfinite", "mass.inertia.nonfinite",
          "mass.inertia.asymmetric", "mass.inertia.not_positive_definite",
          "mass.inertia.implausible", "mass.inertia.triangle")


def _messages(mass: float, com: np.ndarray, inertia: np.ndarray,
              moments: np.ndarray) -> dict[str, str]:
    """What each rule says about one body (code -> message)."""
    return {
        "mass.nonpositive": f"mass is {mass} kg",
        "mass.implausible": f"mass {mass:g} kg > {tol.MAX_MASS:g} kg",
        "mass.com.nonfinite": f"COM is {com.tolist()}",
        "mass.inertia.nonfinite": "inertia is not a finite 3x3 matrix",
        "mass.inertia.asymmetric": f"inertia is not symmetric: {inertia.tolist()}",
        "mass.inertia.not_positive_definite":
            f"principal moments {moments.tolist()} are not all positive",
        "mass.inertia.implausible":
            f"principal moment {moments[2]:g} kg m^2 > {tol.MAX_INERTIA:g}",
        "mass.inertia.triangle": f"principal moments {moments.tolist()} violate a + b >= c "
                                 "(no rigid body has this inertia)",
    }


#: The explicit negligible inertial of a link that has none (kg; kg m^2 on each axis): a
#: link without one gets it in normalization
#: (:mod:`arena_core.pipeline.normalize_simready`).
PLACEHOLDER_MASS = 1e-6
PLACEHOLDER_INERTIA = 1e-9


def placeholder_inertial() -> MassProperties:
    """The ``placeholder`` inertial: :data:`PLACEHOLDER_MASS` at the link origin."""
    return MassProperties(mass=PLACEHOLDER_MASS, com=np.zeros(3),
                          inertia=np.eye(3) * PLACEHOLDER_INERTIA, source="placeholder")
