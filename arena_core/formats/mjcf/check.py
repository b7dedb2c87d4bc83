"""Check a written ``object.xml`` in MuJoCo: it compiles, every body is where arena_core's
forward kinematics puts its link, a second of simulation stays finite, and coupled joints
move as one when driven
(:func:`check_mjcf`; :mod:`arena_core.formats.mjcf.write` writes the file).
:func:`mjcf_check` also returns the worst link-pose error it measured, the ``max_pose_error``
of the ``mujoco_mjcf`` entry in a record's ``engines``.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass

import mujoco
import numpy as np

from arena_core.formats.mjcf.coupling import mujoco_coupling_issues
from arena_core.formats.mjcf.write import MjcfNames, mjcf_names
from arena_core.model.articulated import ArticulatedObject
from arena_core.model.kinematics import configuration, link_poses, random_configurations
from arena_core.util import tolerances as tol
from schemas.issues import Issue, issue

#: Every body pose from MuJoCo's kinematics agrees with arena_core's to this (m; unitless
#: for rotation-matrix entries).
FK_TOLERANCE = tol.ORACLE
#: Simulated time of the stability check (s).
SIM_SECONDS = 1.0


@dataclass(frozen=True)
class MjcfCheck:
    """What :func:`mjcf_check` found: ``issues`` (as :func:`check_mjcf`) and
    ``max_pose_error``, the worst link-pose error over the ``k`` configurations (m, or ~rad;
    the measure of :func:`arena_core.engines.base.pose_error`), ``None`` when the model did
    not compile or its bodies could not be compared."""

    issues: list[Issue]
    max_pose_error: float | None
    #: The compiled ``mujoco.MjModel`` (``None`` when it did not compile), for checks that
    #: read the same file again (the self-collision probe); left as the checks found it.
    model: object | None = None


def check_mjcf(path: str | os.PathLike, obj: ArticulatedObject, *, k: int = 5, seed: int = 0,
               sim_seconds: float = SIM_SECONDS) -> list[Issue]:
    """Compile the MJCF at ``path`` in MuJoCo and compare it with ``obj``; never raises.

    Issues (all errors): ``mjcf.compile_failed`` (MuJoCo's message, one line),
    ``mjcf.fk_mismatch`` (a body's ``xpos``/``xmat`` after ``mj_kinematics`` differs from
    :func:`~arena_core.model.kinematics.link_poses` by more than :data:`FK_TOLERANCE` at one of
    ``k`` configurations drawn with ``seed``), ``mjcf.unstable`` (``sim_seconds`` of
    ``mj_step`` with gravity from the rest pose give a non-finite state or a MuJoCo
    instability warning), ``coupling.mujoco.*`` (driven, a helical or mimic joint does not
    follow its leader: :mod:`arena_core.formats.mjcf.coupling`).
    """
    return mjcf_check(path, obj, k=k, seed=seed, sim_seconds=sim_seconds).issues


def mjcf_check(path: str | os.PathLike, obj: ArticulatedObject, *, k: int = 5, seed: int = 0,
               sim_seconds: float = SIM_SECONDS) -> MjcfCheck:
    """:func:`check_mjcf` with the worst pose error it measured (:class:`MjcfCheck`)."""
    try:
        model = mujoco.MjModel.from_xml_path(str(path))
    except Exception as exc:  # noqa: BLE001 - MuJoCo's reason is the issue
        return MjcfCheck([_issue("mjcf.compile_failed", "file", _one_line(exc))], None)
    names = mjcf_names(obj)
    issues, worst = [], None
    try:
        found, worst = _check_fk(model, obj, names, k=k, seed=seed)
        issues += found
    except Exception as exc:  # noqa: BLE001 - a bad object must not stop a build
        issues.append(_issue("mjcf.fk_mismatch", "object", _one_line(exc, kind=True)))
    try:
        issues += _check_sim(model, obj, names, seconds=sim_seconds)
    except Exception as exc:  # noqa: BLE001
        issues.append(_issue("mjcf.unstable", "object", _one_line(exc, kind=True)))
    try:  # an unstable model proves nothing about its couplings
        issues += [] if issues and issues[-1].code == "mjcf.unstable" else \
            mujoco_coupling_issues(model, obj, names)
    except Exception as exc:  # noqa: BLE001
        issues.append(_issue("coupling.mujoco.failed", "object", _one_line(exc, kind=True)))
    return MjcfCheck(issues, worst, model)


def set_configuration(model: mujoco.MjModel, data: mujoco.MjData, obj: ArticulatedObject,
                      q: dict[str, float], *, names: MjcfNames | None = None) -> None:
    """Write arena_core joint coordinates ``q`` (every joint, as from
    :func:`~arena_core.model.kinematics.configuration`) into ``data.qpos`` of the model written
    for ``obj``: hinge/slide ``q``, a helical joint's slide ``pitch * q``.

    Raises:
        KeyError: a joint of ``obj`` has no MJCF joint of the expected name in ``model``.
    """
    names = mjcf_names(obj) if names is None else names
    data.qpos[:] = model.qpos0
    for j in obj.joints:
        for mj_name, value in ((names.joints.get(j.name), q[j.name]),
                               (names.slides.get(j.name), j.pitch * q[j.name])):
            if mj_name is not None:
                jid = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_JOINT, mj_name)
                if jid < 0:
                    raise KeyError(f"joint {mj_name!r} is not in the model")
                data.qpos[model.jnt_qposadr[jid]] = value


def _check_fk(model: mujoco.MjModel, obj: ArticulatedObject, names: MjcfNames, *, k: int,
              seed: int) -> tuple[list[Issue], float | None]:
    """Issues, and the worst :func:`_pose_error` (``None`` when a body is missing)."""
    ids = {link: mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_BODY, body)
           for link, body in names.bodies.items()}
    missing = sorted(link for link, i in ids.items() if i < 0)
    if missing:
        return [_issue("mjcf.fk_mismatch", f"link:{link}", f"no body {names.bodies[link]!r} "
                       "in the model") for link in missing], None
    data = mujoco.MjData(model)
    worst: dict[str, tuple[float, int]] = {}
    largest = 0.0
    for index, q in enumerate(random_configurations(obj, k, np.random.default_rng(seed))):
        set_configuration(model, data, obj, q, names=names)
        mujoco.mj_kinematics(model, data)
        for link, pose in link_poses(obj, q).items():
            body = ids[link]
            xpos, xmat = data.xpos[body], data.xmat[body].reshape(3, 3)
            err = max(float(np.max(np.abs(xpos - pose[:3, 3]))),
                      float(np.max(np.abs(xmat - pose[:3, :3]))))
            largest = max(largest, _pose_error(xpos, xmat, pose))
            if not err <= FK_TOLERANCE and not err < worst.get(link, (0.0, 0))[0]:
                worst[link] = (err, index)
    return [_issue("mjcf.fk_mismatch", f"link:{link}", f"body {names.bodies[link]!r} is "
                   f"{err:.3g} off arena_core's pose at configuration {i} (seed {seed})")
            for link, (err, i) in sorted(worst.items())], largest


def _pose_error(xpos: np.ndarray, xmat: np.ndarray, pose: np.ndarray) -> float:
    """:func:`arena_core.engines.base.pose_error` of MuJoCo's body pose and ``pose``
    (``max(|dp|, |dR|_F / sqrt(2))``, norms by ``math.hypot``: the same bits on every CPU)."""
    dp = (np.asarray(xpos, float) - pose[:3, 3]).tolist()
    dr = (np.asarray(xmat, float) - pose[:3, :3]).ravel().tolist()
    value = max(math.hypot(*dp), math.hypot(*dr) / math.sqrt(2.0))
    return value if math.isfinite(value) else math.inf


def _check_sim(model: mujoco.MjModel, obj: ArticulatedObject, names: MjcfNames, *,
               seconds: float) -> list[Issue]:
    """Step from the rest pose (each joint at 0 clipped into its limits, mimics following)."""
    data = mujoco.MjData(model)
    rest = {j.name: float(np.clip(0.0, j.lower, j.upper)) if j.lower <= j.upper else 0.0
            for j in obj.joints}
    set_configuration(model, data, obj, configuration(obj, rest), names=names)
    mujoco.mj_step(model, data, nstep=max(1, round(seconds / model.opt.timestep)))
    warned = [w.name for w in (mujoco.mjtWarning.mjWARN_BADQACC, mujoco.mjtWarning.mjWARN_BADQPOS,
                               mujoco.mjtWarning.mjWARN_BADQVEL) if data.warning[w].number > 0]
    finite = bool(np.all(np.isfinite(data.qpos)) and np.all(np.isfinite(data.qvel)))
    if finite and not warned:
        return []
    return [_issue("mjcf.unstable", "object", f"{seconds:g} s of simulation with gravity: "
                   f"{'finite' if finite else 'non-finite'} state, MuJoCo warnings "
                   f"{warned or 'none'}")]


def _issue(code: str, location: str, message: str) -> Issue:
    return issue(code, message, location=location)


def _one_line(exc: BaseException, *, kind: bool = False) -> str:
    text = " | ".join(part.strip() for part in str(exc).splitlines() if part.strip())
    return f"{type(exc).__name__}: {text}" if kind else text
