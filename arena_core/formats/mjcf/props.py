"""What the conversion reads of a compiled MuJoCo geom or joint besides its shape and frame.

:func:`geom_roles` says whether MuJoCo shows a geom and whether it collides (the converter
makes visuals, collisions, or leaves a marker out); :func:`joint_dynamics` gives a joint's
compiled dynamics (defaults and classes applied) as an :class:`~arena_core.model.dynamics.Dynamics`;
:func:`step_option` how the model is stepped (its time step and integrator).
"""

from __future__ import annotations

import mujoco
import numpy as np

from arena_core.model.dynamics import Dynamics

#: MuJoCo's viewer shows geom groups 0-2 by default; a geom of this group or above is hidden.
HIDDEN_GROUP = 3
#: MuJoCo's default geom colour: a geom with a material and this ``rgba`` shows the material's.
_DEFAULT_RGBA = (0.5, 0.5, 0.5, 1.0)
_BALL = int(mujoco.mjtJoint.mjJNT_BALL)
#: MuJoCo's integrators by ``mjtIntegrator`` value, as MJCF names them.
INTEGRATORS = {int(mujoco.mjtIntegrator.mjINT_EULER): "Euler",
               int(mujoco.mjtIntegrator.mjINT_RK4): "RK4",
               int(mujoco.mjtIntegrator.mjINT_IMPLICIT): "implicit",
               int(mujoco.mjtIntegrator.mjINT_IMPLICITFAST): "implicitfast"}


def step_option(m: mujoco.MjModel) -> dict[str, str]:
    """The ``<option>`` attributes of how ``m`` is stepped (``timestep``, ``integrator``)
    that differ from MuJoCo's defaults, as MJCF text."""
    default = mujoco.MjOption()
    out = {}
    if m.opt.timestep != default.timestep:
        out["timestep"] = repr(float(m.opt.timestep))
    if int(m.opt.integrator) != int(default.integrator):
        out["integrator"] = INTEGRATORS.get(int(m.opt.integrator), "Euler")
    return out


def joint_dynamics(m: mujoco.MjModel, j: int, *, ref: float = 0.0, dof: int = 0
                   ) -> Dynamics | None:
    """The compiled dynamics of MuJoCo joint ``j`` (its ``dof``-th degree of freedom), in the
    URDF coordinate ``q - ref``; ``None`` when all are 0. A ball's spring (towards a
    quaternion) acts on each of its three angles towards 0."""
    d = int(m.jnt_dofadr[j]) + dof
    spring = float(m.qpos_spring[m.jnt_qposadr[j]]) - ref if int(m.jnt_type[j]) != _BALL else 0.0
    out = Dynamics(damping=float(m.dof_damping[d]), friction=float(m.dof_frictionloss[d]),
                   armature=float(m.dof_armature[d]), stiffness=float(m.jnt_stiffness[j]),
                   springref=spring if m.jnt_stiffness[j] else 0.0)
    return None if out.is_zero else out


def geom_roles(m: mujoco.MjModel, g: int) -> tuple[bool, bool]:
    """``(visual, colliding)`` of geom ``g`` as MuJoCo treats it: shown when its alpha
    (the material's when the geom keeps the default colour) is above 0 and its group below
    :data:`HIDDEN_GROUP`; colliding when ``contype`` or ``conaffinity`` is set."""
    rgba = np.asarray(m.geom_rgba[g], dtype=float)
    matid = int(m.geom_matid[g])
    if matid >= 0 and tuple(np.round(rgba, 6)) == _DEFAULT_RGBA:
        rgba = np.asarray(m.mat_rgba[matid], dtype=float)
    shown = bool(rgba[3] > 0) and int(m.geom_group[g]) < HIDDEN_GROUP
    return shown, bool(m.geom_contype[g] or m.geom_conaffinity[g])
