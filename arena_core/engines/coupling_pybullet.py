"""Coupled joints under simulation in PyBullet (``coupling.pybullet.*``).

PyBullet ignores ``<mimic>``; a user gets coupled joints through
:func:`arena_core.engines.pybullet_gears.load_urdf` (the card's snippet), and this check proves
that helper by simulating, on the body the ``engines`` stage has already loaded
(:meth:`arena_core.engines.pybullet_engine.PybulletSession.checks`): :func:`add_gears` is
applied to it, gravity is off (a fixed base and no other body: PyBullet collides nothing
without ``URDF_USE_SELF_COLLISION``), every joint starts at rest, each root leader of
:func:`~arena_core.model.coupling.drive_plan` is driven by PyBullet's position motor
(``POSITION_CONTROL``, force :data:`DRIVE_FORCE`, no velocity cap) for :data:`DRIVE_SECONDS`
at PyBullet's step, and the coordinates reached are judged by
:func:`~arena_core.model.coupling.coupling_issues`: each mimic joint's state, and for a helical
joint the child link's displacement along the joint axis in the parent link's frame.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np

from arena_core.engines.base import silenced
from arena_core.engines.pybullet_gears import add_gears
from arena_core.model.articulated import ArticulatedObject
from arena_core.model.coupling import (
    Coupling,
    coupling_issues,
    couplings,
    drive_plan,
    start_coordinates,
)
from schemas.issues import Issue, issue

#: Simulated time of the drive (s).
DRIVE_SECONDS = 0.5
#: Largest force or torque of the leader's position motor (N, N m; a velocity-level
#: constraint in PyBullet, so a generous bound does not make it stiff).
DRIVE_FORCE = 1e3
#: PyBullet's default step (s); the client is reset between objects, so it holds.
TIME_STEP = 1.0 / 240.0


def pybullet_coupling_issues(pb, client: int, body: int, urdf_path: Path, obj: ArticulatedObject,
                             joints: Mapping[str, int], links: Mapping[str, int],
                             root: str) -> list[Issue]:
    """``coupling.pybullet.*`` issues of ``obj`` loaded as ``body`` from ``urdf_path`` in the
    client ``client`` (``joints``: movable joint -> index, ``links``: child link -> index,
    ``root``: the base link); ``[]`` when ``obj`` has no coupling to drive. Couplings whose
    joints PyBullet does not have (a ``<helical>`` without its ``__pitch`` encoding) are left
    to the FK comparison, which finds them."""
    found = [c for c in couplings(obj) if c.leader in joints and c.follower in joints]
    plan = drive_plan(obj, found)
    if not plan:
        return []
    with silenced():  # PyBullet may print from C while constraints are added and stepped
        return _simulate(pb, client, body, urdf_path, obj, joints, links, root, found, plan)


def _simulate(pb, client: int, body: int, urdf_path: Path, obj: ArticulatedObject,
              joints: Mapping[str, int], links: Mapping[str, int], root: str,
              found: Sequence[Coupling], plan: Mapping[str, tuple[float, float]]) -> list[Issue]:
    kw = {"physicsClientId": client}
    geared = add_gears(body, urdf_path, **kw)
    missing = [c.follower for c in found if c.follower not in geared]
    if missing:
        return [issue("coupling.pybullet.failed", f"pybullet: no gear constraint for the mimic "
                      f"joints {missing[:5]}", location="object")]
    pb.setGravity(0, 0, 0, **kw)
    _start(pb, body, joints, found, plan, kw)
    frames = {c.follower: _helical_frame(pb, body, obj, links, root, c, kw)
              for c in found if c.helical}
    for name, (_, target) in plan.items():
        pb.setJointMotorControl2(body, joints[name], pb.POSITION_CONTROL, targetPosition=target,
                                 force=DRIVE_FORCE, maxVelocity=1e6, **kw)
    for _ in range(max(1, round(DRIVE_SECONDS / TIME_STEP))):
        pb.stepSimulation(**kw)
    reached = {name: float(pb.getJointState(body, joints[name], **kw)[0])
               for name in {*plan, *(c.follower for c in found)}}
    for follower, (parent, child, axis, origin) in frames.items():
        t = _relative(pb, body, parent, child, kw)[1]
        reached[follower] = float(np.dot(t - origin, axis))
    return coupling_issues("pybullet", found, plan, reached)


def _start(pb, body: int, joints: Mapping[str, int], found: Sequence[Coupling],
           plan: Mapping[str, tuple[float, float]], kw: dict) -> None:
    """Every movable joint at 0, root leaders at rest, followers where their coupling says."""
    start = start_coordinates(found, plan)
    for name, index in joints.items():
        pb.resetJointState(body, index, float(start.get(name, 0.0)), 0.0, **kw)


def _helical_frame(pb, body: int, obj: ArticulatedObject, links: Mapping[str, int], root: str,
                   c: Coupling, kw: dict) -> tuple[int | None, int | None, np.ndarray, np.ndarray]:
    """``(parent index, child index, axis in the parent frame, child origin there at rest)``
    (index ``None``: the base)."""
    j = obj.joint(c.helical)
    parent = None if j.parent == root else links[j.parent]
    child = None if j.child == root else links[j.child]
    axis = np.asarray(j.origin_local, float)[:3, :3] @ np.asarray(j.axis_local, float)
    return parent, child, axis / np.linalg.norm(axis), _relative(pb, body, parent, child, kw)[1]


def _relative(pb, body: int, parent: int | None, child: int | None,
              kw: dict) -> tuple[np.ndarray, np.ndarray]:
    rp, tp = _frame(pb, body, parent, kw)
    rc, tc = _frame(pb, body, child, kw)
    return rp.T @ rc, rp.T @ (tc - tp)


def _frame(pb, body: int, index: int | None, kw: dict) -> tuple[np.ndarray, np.ndarray]:
    """A link's URDF frame in the world (the base's is the identity: ``useFixedBase``)."""
    if index is None:
        return np.eye(3), np.zeros(3)
    state = pb.getLinkState(body, index, computeForwardKinematics=True, **kw)
    return np.reshape(pb.getMatrixFromQuaternion(state[5]), (3, 3)), np.asarray(state[4], float)
