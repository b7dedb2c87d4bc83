"""Coupled joints of ``object.xml`` under simulation in MuJoCo (``coupling.mujoco.*``).

``object.xml`` couples joints with ``<equality><joint>`` constraints (a helical joint's slide
``= pitch * hinge``, a mimic joint ``= offset + multiplier * leader``;
:mod:`arena_core.formats.mjcf.write`). :func:`mujoco_coupling_issues` proves that MuJoCo keeps
them while the object moves: on the compiled model, with gravity and contacts off (restored
after), every joint starts at rest, each root leader of :func:`~arena_core.model.coupling.drive_plan`
is driven to its target by a critically damped PD motor on its degree of freedom
(``qfrc_applied = M (w^2 (target - q) - 2 w qdot)``, ``w`` = :data:`DRIVE_OMEGA`, ``M`` the
leader's inertia at ``qpos0`` plus each follower's times its multiplier squared) for
:data:`DRIVE_SECONDS`, and the coordinates reached are judged by
:func:`~arena_core.model.coupling.coupling_issues`: each mimic joint's ``qpos``, and for a
helical joint the child body's displacement along the joint axis in the parent body's frame
(the part's translation, not the slide's coordinate). An ``object.xml`` without the
equality leaves the part where it was: ``coupling.mujoco.mismatch``.

Example:
    >>> import mujoco
    >>> from arena_core.formats.mjcf.write import mjcf_names, mjcf_string
    >>> from arena_core.model.articulated import ArticulatedObject, Joint, Link, MassProperties
    >>> nut = Link("nut", MassProperties(0.1, np.zeros(3), np.eye(3) * 1e-4))
    >>> s = Joint("s", "helical", "base", "nut", np.eye(4), np.array([0.0, 0, 1]),
    ...           lower=0.0, upper=3.0, pitch=0.01)
    >>> obj = ArticulatedObject.from_parts("bolt", [Link("base"), nut], [s])
    >>> model = mujoco.MjModel.from_xml_string(mjcf_string(obj))
    >>> mujoco_coupling_issues(model, obj, mjcf_names(obj))
    []
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import mujoco
import numpy as np

from arena_core.formats.mjcf.write import MjcfNames
from arena_core.model.articulated import ArticulatedObject
from arena_core.model.coupling import (
    Coupling,
    coupling_issues,
    couplings,
    drive_plan,
    start_coordinates,
)
from schemas.issues import Issue

#: Simulated time of the drive (s).
DRIVE_SECONDS = 0.5
#: Natural frequency of the PD motor (rad/s): settled (e^-10) after a quarter of the drive,
#: and ``w * timestep`` far below explicit Euler's stability bound of 2 for steps up to 0.01 s.
DRIVE_OMEGA = 40.0


def mujoco_coupling_issues(model: mujoco.MjModel, obj: ArticulatedObject,
                           names: MjcfNames) -> list[Issue]:
    """``coupling.mujoco.*`` issues of the model compiled from ``object.xml`` of ``obj``
    (``[]`` when ``obj`` has no coupling to drive); ``model.opt`` is left as it was.

    Raises:
        KeyError: a coupled joint has no MJCF joint in ``model``.
    """
    found = couplings(obj)
    plan = drive_plan(obj, found)
    if not plan:
        return []
    saved = (model.opt.gravity.copy(), int(model.opt.disableflags))
    try:
        model.opt.gravity[:] = 0.0
        model.opt.disableflags |= int(mujoco.mjtDisableBit.mjDSBL_CONTACT)
        reached = _drive(model, obj, names, found, plan)
    finally:
        model.opt.gravity[:] = saved[0]
        model.opt.disableflags = saved[1]
    return coupling_issues("mujoco", found, plan, reached)


def _joint_ids(model: mujoco.MjModel, names: MjcfNames, found: Sequence[Coupling]) -> dict[str, int]:
    """``{URDF joint: MuJoCo joint id}`` of every coupled joint (a helical joint's
    ``__pitch`` is its MJCF slide)."""
    out = {}
    for c in found:
        mj = {c.leader: names.joints[c.leader],
              c.follower: names.slides[c.helical] if c.helical else names.joints[c.follower]}
        for urdf, name in mj.items():
            jid = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_JOINT, name)
            if jid < 0:
                raise KeyError(f"joint {name!r} is not in the model")
            out[urdf] = int(jid)
    return out


def _drive(model: mujoco.MjModel, obj: ArticulatedObject, names: MjcfNames,
           found: Sequence[Coupling], plan: Mapping[str, tuple[float, float]]) -> dict[str, float]:
    ids = _joint_ids(model, names, found)
    data = mujoco.MjData(model)
    qadr, dadr = model.jnt_qposadr, model.jnt_dofadr
    for name, value in start_coordinates(found, plan).items():
        data.qpos[qadr[ids[name]]] = value
    mujoco.mj_kinematics(model, data)
    at_rest = _helical_frames(model, data, obj, names, found)
    leaders = [(dadr[ids[n]], qadr[ids[n]], target, _inertia(model, ids, found, n))
               for n, (_, target) in plan.items()]
    w = DRIVE_OMEGA
    for _ in range(max(1, round(DRIVE_SECONDS / model.opt.timestep))):
        for dof, adr, target, inertia in leaders:
            data.qfrc_applied[dof] = inertia * (w * w * (target - data.qpos[adr])
                                                - 2.0 * w * data.qvel[dof])
        mujoco.mj_step(model, data)
    mujoco.mj_kinematics(model, data)  # poses of the final qpos (mj_step leaves the previous)
    reached = {name: float(data.qpos[qadr[jid]]) for name, jid in ids.items()}
    for follower, (parent, child, axis, origin) in at_rest.items():
        reached[follower] = _axial(data, parent, child, axis, origin)
    return reached


def _inertia(model: mujoco.MjModel, ids: Mapping[str, int], found: Sequence[Coupling],
             leader: str) -> float:
    m0 = model.dof_M0
    total = float(m0[model.jnt_dofadr[ids[leader]]])
    for c in found:
        if c.leader == leader:
            total += c.multiplier ** 2 * float(m0[model.jnt_dofadr[ids[c.follower]]])
    return total


def _helical_frames(model: mujoco.MjModel, data: mujoco.MjData, obj: ArticulatedObject,
                    names: MjcfNames, found: Sequence[Coupling]) -> dict[str, tuple[int, int, np.ndarray, np.ndarray]]:
    """``{helical follower: (parent body, child body, axis in the parent frame, child origin
    in the parent frame at rest)}``."""
    out = {}
    for c in found:
        if c.helical is None:
            continue
        j = obj.joint(c.helical)
        parent, child = (mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_BODY, name)
                         for name in (names.bodies[j.parent], names.bodies[j.child]))
        axis = np.asarray(j.origin_local, float)[:3, :3] @ np.asarray(j.axis_local, float)
        origin = _relative(data, parent, child)[1]
        out[c.follower] = (parent, child, axis / np.linalg.norm(axis), origin)
    return out


def _relative(data: mujoco.MjData, parent: int, child: int) -> tuple[np.ndarray, np.ndarray]:
    """Rotation and position of body ``child`` in the frame of body ``parent``."""
    rp = data.xmat[parent].reshape(3, 3)
    return rp.T @ data.xmat[child].reshape(3, 3), rp.T @ (data.xpos[child] - data.xpos[parent])


def _axial(data: mujoco.MjData, parent: int, child: int, axis: np.ndarray, origin: np.ndarray) -> float:
    return float(np.dot(_relative(data, parent, child)[1] - origin, axis))
