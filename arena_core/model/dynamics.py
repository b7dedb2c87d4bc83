"""Joint dynamics: what a joint does besides moving (damping, friction, rotor inertia, spring).

A :class:`Dynamics` is carried from the source to the record, the canonical URDF and the
object's MJCF. URDF's ``<dynamics>`` element defines ``damping`` and ``friction``; the
canonical URDF writes the three quantities URDF has no element for as further attributes of
the same element (``<dynamics damping="0.5" friction="0" armature="0.01" stiffness="2"
springref="0.1"/>``), which MuJoCo's URDF import, PyBullet, Pinocchio and yourdfpy read
past without a word (the tests load such a file in each), and :func:`read_dynamics` reads
back. In MJCF they are the joint attributes ``damping``, ``frictionloss``, ``armature``,
``stiffness`` and ``springref`` (:func:`mjcf_values`).

Example:
    >>> from lxml import etree

from schemas.errors import ArenaError
    >>> el = etree.fromstring('<joint><dynamics damping="0.5" stiffness="2"/></joint>')
    >>> d = read_dynamics(el)
    >>> d.damping, d.stiffness, urdf_values(d)
    (0.5, 2.0, {'damping': 0.5, 'friction': 0.0, 'stiffness': 2.0})
    >>> mjcf_values(d)
    {'damping': 0.5, 'stiffness': 2.0}
"""

from __future__ import annotations

import math
from dataclasses import astuple, dataclass, fields

from lxml import etree

from schemas.errors import ArenaError

#: URDF attribute -> MJCF joint attribute, in writing order (the first two are URDF's own).
MJCF_NAMES = {"damping": "damping", "friction": "frictionloss", "armature": "armature",
              "stiffness": "stiffness", "springref": "springref"}
#: Attributes URDF's ``<dynamics>`` defines (always written); the others only when not 0.
URDF_STANDARD = ("damping", "friction")


class DynamicsError(ArenaError, ValueError):
    """A ``<dynamics>`` attribute that is not a finite number (the message names it)."""


@dataclass(frozen=True)
class Dynamics:
    """A joint's dynamics in its own coordinate (rad or m): viscous ``damping`` (N m s/rad or
    N s/m), dry ``friction`` (N m or N; MuJoCo's ``frictionloss``), ``armature`` (inertia
    added to the joint, kg m^2 or kg), spring ``stiffness`` (N m/rad or N/m) towards the
    joint coordinate ``springref``."""

    damping: float = 0.0
    friction: float = 0.0
    armature: float = 0.0
    stiffness: float = 0.0
    springref: float = 0.0

    def scaled(self, scale: float) -> Dynamics:
        """The same joint with its coordinate multiplied by ``scale`` (a prismatic joint whose
        lengths are scaled): forces are kept, so ``F = d v`` gives ``d / scale``."""
        return Dynamics(self.damping / scale, self.friction, self.armature / scale,
                        self.stiffness / scale, self.springref * scale)

    @property
    def is_zero(self) -> bool:
        return not any(astuple(self))


def read_dynamics(joint: etree._Element | None) -> Dynamics | None:
    """The :class:`Dynamics` of a URDF ``<joint>`` element (``None`` without ``<dynamics>``;
    absent attributes are 0).

    Raises:
        DynamicsError: an attribute is not a finite number.
    """
    el = joint.find("dynamics") if joint is not None else None
    if el is None:
        return None
    return Dynamics(**{f.name: _number(el, f.name) for f in fields(Dynamics)})


def _number(el: etree._Element, name: str) -> float:
    text = el.get(name)
    try:
        value = 0.0 if text is None else float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise DynamicsError(f"<dynamics {name}={text!r}> is not a finite number")
    return value


def urdf_values(dynamics: Dynamics) -> dict[str, float]:
    """The ``<dynamics>`` attributes of the canonical URDF (see the module docstring)."""
    values = {f.name: getattr(dynamics, f.name) for f in fields(Dynamics)}
    return {name: v for name, v in values.items() if name in URDF_STANDARD or v != 0}


def mjcf_values(dynamics: Dynamics | None) -> dict[str, float]:
    """The MJCF ``<joint>`` attributes of ``dynamics`` (those that are not 0)."""
    if dynamics is None:
        return {}
    return {MJCF_NAMES[f.name]: getattr(dynamics, f.name) for f in fields(Dynamics)
            if getattr(dynamics, f.name) != 0}
