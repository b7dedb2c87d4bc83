"""Load a canonical URDF in PyBullet with its coupled joints coupled (PyBullet ignores ``<mimic>``).

A helical joint of the canonical URDF is a revolute joint driving its ``__pitch`` slide through
``<mimic multiplier="pitch">`` (:mod:`arena_core.model.helical`), and a source's mimic joint
follows its leader the same way. MuJoCo (``object.xml``'s equalities), Pinocchio and
urdf-loader honour ``<mimic>``; PyBullet reads past it, so without help a driven screw turns
without advancing and a gripper's fingers stay where they are. :func:`add_gears` adds, for every
moving joint with a ``<mimic>`` whose leader moves, a ``JOINT_GEAR`` constraint between the two
links, set with :func:`gear_ratio` so that ``q_follower = multiplier * q_leader + offset``
(``changeConstraint(gearRatio=-multiplier, relativePositionTarget=offset, erp=GEAR_ERP,
maxForce=GEAR_MAX_FORCE)``: Bullet's gear row holds ``q_follower + ratio * q_leader = target``),
and turns off the follower's default velocity motor, which would otherwise hold it at its
speed of zero against the gear. :func:`load_urdf` is ``pybullet.loadURDF`` followed by it; the
dataset card's PyBullet snippet uses it, and the ``engines`` stage proves it by simulation
(:mod:`arena_core.engines.coupling_pybullet`).

Example (``folder`` a materialized object)::

    import pybullet as p
    from arena_core.engines.pybullet_gears import load_urdf
    p.connect(p.DIRECT)
    body = load_urdf(f"{folder}/object.urdf", useFixedBase=True,
                     flags=p.URDF_USE_INERTIA_FROM_FILE)

The XML is read by :func:`arena_core.formats.xmlsafe.parse_xml` (no DTD, no entities).

    >>> mimics(b'<robot><joint name="a" type="revolute"/><joint name="b" type="prismatic">'
    ...        b'<mimic joint="a" multiplier="0.01"/></joint></robot>')
    [Mimicry(follower='b', leader='a', multiplier=0.01, offset=0.0)]
    >>> gear_ratio(0.01)
    -0.01
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from arena_core.formats.xmlsafe import parse_xml

#: Error reduction of the gear constraint (fraction of the position error removed per step):
#: without it the gear holds only velocities and the coupling drifts.
GEAR_ERP = 0.8
#: Largest force or torque (N, N m) the gear applies; the gear is a hard constraint row, so a
#: large bound only lets it win against joint damping and motors.
GEAR_MAX_FORCE = 1e4


@dataclass(frozen=True)
class Mimicry:
    """``follower = multiplier * leader + offset`` as the URDF's ``<mimic>`` says."""

    follower: str
    leader: str
    multiplier: float
    offset: float


def load_urdf(path: str | os.PathLike, *, physicsClientId: int = 0, **kwargs) -> int:  # noqa: N803
    """``pybullet.loadURDF(path, **kwargs)`` with :func:`add_gears`; returns the body id."""
    import pybullet

    body = pybullet.loadURDF(str(path), physicsClientId=physicsClientId, **kwargs)
    add_gears(body, path, physicsClientId=physicsClientId)
    return body


def add_gears(body: int, urdf_path: str | os.PathLike, *, physicsClientId: int = 0,  # noqa: N803
              erp: float = GEAR_ERP, max_force: float = GEAR_MAX_FORCE) -> dict[str, int]:
    """Couple every mimic joint of the URDF at ``urdf_path`` (loaded as ``body``) to its
    leader; returns ``{follower joint: constraint id}``. Joints PyBullet does not move
    (fixed followers or leaders) are left alone."""
    import pybullet as pb

    kw = {"physicsClientId": physicsClientId}
    index = {}
    for i in range(pb.getNumJoints(body, **kw)):
        info = pb.getJointInfo(body, i, **kw)
        if info[2] in (pb.JOINT_REVOLUTE, pb.JOINT_PRISMATIC):
            index[info[1].decode("utf-8")] = i
    out = {}
    for m in mimics(Path(urdf_path).read_bytes()):
        if m.follower not in index or m.leader not in index or m.follower == m.leader:
            continue
        follower, leader = index[m.follower], index[m.leader]
        pb.setJointMotorControl2(body, follower, pb.VELOCITY_CONTROL, force=0.0, **kw)
        cid = pb.createConstraint(body, follower, body, leader, pb.JOINT_GEAR, [0, 0, 1],
                                  [0, 0, 0], [0, 0, 0], **kw)
        pb.changeConstraint(cid, gearRatio=gear_ratio(m.multiplier),
                            relativePositionTarget=m.offset, erp=erp, maxForce=max_force, **kw)
        out[m.follower] = cid
    return out


def gear_ratio(multiplier: float) -> float:
    """PyBullet's ``gearRatio`` for ``q_follower = multiplier * q_leader`` with the follower's
    link as the constraint's parent (see the module docstring)."""
    return -float(multiplier)


def mimics(urdf: bytes) -> list[Mimicry]:
    """Every ``<mimic>`` of a non-fixed joint in the URDF text ``urdf``, in file order."""
    out = []
    for joint in parse_xml(urdf).iter("joint"):
        mimic = joint.find("mimic")
        if mimic is None or joint.get("type") == "fixed" or not mimic.get("joint"):
            continue
        out.append(Mimicry(joint.get("name", ""), mimic.get("joint"),
                           float(mimic.get("multiplier", 1.0)), float(mimic.get("offset", 0.0))))
    return out
