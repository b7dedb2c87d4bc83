"""The MuJoCo oracle: a canonical object converted from MJCF moves exactly as MuJoCo moves it.

For an object converted from a MuJoCo model (its :class:`~schemas.extras.SourceExtras` carry
``joint_map``, and the prepared model ``mjcf_compiled`` or the original ``mjcf_path``), MuJoCo
compiles the model again and :func:`mujoco.mj_kinematics` places it at ``qpos0`` and at
``samples`` seeded random configurations (drawn within the canonical joint limits,
:func:`arena_core.model.kinematics.random_configurations`). Our forward kinematics
(:func:`arena_core.model.kinematics.link_poses` on the canonical object, composed in float64)
must give, after the recorded similarity ``T: x -> R (s x) + t`` (canonical = T . source):

* every hinge/slide joint: ``R xaxis`` and ``T(xanchor)`` = the canonical joint's world
  axis and frame origin before its own motion (``parent pose @ origin``); a ball joint: its
  ``T(xanchor)`` = the origin of each of its three joints;
* every body in ``body_map``: ``T . (xpos, xmat) . offset`` = its link's pose (rotation
  entries and position);
* every joint's limits: hinge ``range - qpos0`` (slide: times ``s``), unlimited -> infinite
  (an unlimited slide that an active linear equality makes a limited joint follow: the
  range that joint's range allows it);
  a limited ball's three joints each contain ``[-r, r]`` (so they reach MuJoCo's cone
  ``|angle| <= r``), an unlimited ball's three are continuous;
* every ``<mimic>``: MuJoCo's own residual of an active joint equality of the two joints
  (``efc_pos`` after :func:`mujoco.mj_fwdPosition`) is 0 at every configuration;

all to ``tol.MJCF_ORACLE``. MuJoCo coordinates come from the canonical ones:
``qpos = qpos0 + q`` (slide ``q / s``); a ball's three angles ``(a, b, c)`` in the recorded
``order`` give ``qpos = q_x(a) * q_y(b) * q_z(c)``; a free joint, and a hinge or slide joint the
converter fixed (joint map type ``fixed``: an unlimited slide of a floating root), stays at
``qpos0`` (the converter fixes the object where MuJoCo starts it) and is not compared.

A difference is the error ``mjcf.oracle.mismatch`` naming the worst quantity, its
configuration and the difference; an oracle that cannot run (MuJoCo refuses the model, the
maps do not describe it) is the error ``mjcf.oracle.failed``; without ``body_map`` only
joints are compared (info ``mjcf.oracle.partial``).
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from arena_core.formats.mjcf.mujoco_load import compile_saved
from arena_core.model.articulated import ArticulatedObject
from arena_core.model.kinematics import configuration, link_poses, random_configurations
from arena_core.pipeline.normalize import Normalized
from arena_core.util import tolerances as tol
from schemas.errors import ArenaError
from schemas.extras import SourceExtras
from schemas.issues import Issue, has_error, issue
from schemas.record import EngineRecord

#: Random configurations checked besides ``qpos0``.
SAMPLES = 8
#: Seed of the random configurations.
SEED = 0
#: MuJoCo joint types (``mujoco.mjtJoint``).
_FREE, _BALL, _SLIDE, _HINGE = 0, 1, 2, 3
_EQ_JOINT = 2  # mujoco.mjtEq.mjEQ_JOINT


class OracleFailure(ArenaError, ValueError):
    """The oracle cannot compare (the message says why)."""


#: The ``engines`` entry of the oracle: MuJoCo on the source model (``max_pose_error`` is
#: the worst deviation found).
ORACLE_ENGINE = "mujoco_source"


@dataclass
class Deviation:
    """The largest difference found: ``value`` (m, rad or unitless), what and where."""

    value: float = 0.0
    where: str = "nothing compared"
    compared: int = 0
    partial: bool = False
    missing: list[str] = field(default_factory=list)

    def update(self, value: float, where: str) -> None:
        self.compared += 1
        if self.compared == 1 or not value <= self.value:  # NaN is the worst
            self.value, self.where = value, where


def mjcf_oracle(canonical: ArticulatedObject, normalized: Normalized,
                extras: SourceExtras, *, samples: int = SAMPLES,
                seed: int = SEED) -> tuple[list[Issue], EngineRecord | None]:
    """The oracle's issues and its ``engines`` entry (:data:`ORACLE_ENGINE`: loaded, ok, the
    worst deviation as ``max_pose_error``); ``([], None)`` when ``extras`` do not describe an
    MJCF source."""
    path = extras.mjcf_compiled or extras.mjcf_path
    if path is None or extras.joint_map is None:
        return [], None
    import mujoco

    record = EngineRecord(engine=ORACLE_ENGINE, version=mujoco.__version__, loaded=False,
                          ok=False)
    try:
        found = mjcf_deviation(path, canonical, normalized, extras, samples=samples, seed=seed)
    except OracleFailure as exc:
        return [issue("mjcf.oracle.failed", f"the MuJoCo oracle cannot run: {exc}",
                      location="object")], record
    issues = []
    if found.missing or not found.value <= tol.MJCF_ORACLE:
        what = (f"no counterpart for {', '.join(found.missing[:5])}" if found.missing else
                f"worst {found.where}: {found.value:.3g} > {tol.MJCF_ORACLE:g}")
        issues.append(issue("mjcf.oracle.mismatch", "MuJoCo's kinematics differ from the "
                            f"canonical object's: {what}", location="object"))
    if found.partial:
        issues.append(issue("mjcf.oracle.partial",
                            "no body_map in the source extras: body poses not compared",
                            location="object"))
    value = float(found.value) if math.isfinite(found.value) else None
    return issues, record.model_copy(update={"loaded": True, "max_pose_error": value,
                                             "ok": not has_error(issues)})


def mjcf_oracle_issues(canonical: ArticulatedObject, normalized: Normalized,
                       extras: SourceExtras, *, samples: int = SAMPLES,
                       seed: int = SEED) -> list[Issue]:
    """The oracle's issues (``[]`` when ``extras`` do not describe an MJCF source or all agree)."""
    return mjcf_oracle(canonical, normalized, extras, samples=samples, seed=seed)[0]


def mjcf_deviation(path: str | os.PathLike, canonical: ArticulatedObject,
                   normalized: Normalized, extras: SourceExtras, *, samples: int = SAMPLES,
                   seed: int = SEED) -> Deviation:
    """The largest difference between MuJoCo and ``canonical`` (see the module docstring),
    through the ``joint_map`` and ``body_map`` of ``extras``.

    Raises:
        OracleFailure: MuJoCo cannot compile ``path`` or the maps do not describe it.
    """
    import mujoco

    try:
        model, _ = compile_saved(path)
    except ValueError as exc:
        raise OracleFailure(f"MuJoCo cannot compile {path}: {str(exc).strip()[:300]}") from exc
    _enable_equalities(model)
    try:
        plan = _Plan(model, canonical, normalized, extras.joint_map, extras.body_map)
    except OracleFailure:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise OracleFailure(f"the joint or body map does not describe {path}: {exc!r}") from exc
    out = Deviation(partial=plan.bodies is None, missing=plan.missing)
    if out.missing:
        return out
    plan.limits(out)
    rng = np.random.default_rng(seed)
    configs = [{}, *random_configurations(canonical, samples, rng)]
    data = mujoco.MjData(model)
    for k, q in enumerate(configs):
        label = "qpos0" if k == 0 else f"sample {k}"
        data.qpos[:] = plan.qpos(q)
        if plan.has_mimics:  # MuJoCo's constraint rows, kinematics included
            mujoco.mj_fwdPosition(model, data)
        else:
            mujoco.mj_kinematics(model, data)
        plan.compare(data, link_poses(canonical, q), label, out)
    return out


class _Plan:
    """Which canonical joints and links stand for which MuJoCo joints and bodies."""

    def __init__(self, model, canonical: ArticulatedObject, normalized: Normalized,
                 joint_map: Mapping[str, Mapping[str, Any]] | None,
                 body_map: Mapping[str, Mapping[str, Any]] | None):
        self.m, self.obj, self.t = model, canonical, normalized.transform
        self.missing: list[str] = []
        self.orders: dict[int, list[int]] = {}
        self.held: set[int] = set()  # hinge/slide joints the conversion fixed at qpos0
        if joint_map is None:
            raise OracleFailure("the source extras have no joint_map")
        self.joints = self._joints(joint_map, normalized.joint_names)
        self.has_mimics = any(j.mimic is not None for j in canonical.joints)
        self.bodies = None if body_map is None else self._bodies(body_map, normalized.link_names)

    # ------------------------------------------------------------------ maps
    def _joints(self, joint_map, names: Mapping[str, str]) -> dict[int, list[str]]:
        """``{MuJoCo joint id: canonical joint names}`` (checked against the model)."""
        out = {}
        for key, entry in joint_map.items():
            j = _model_id(self.m.njnt, self.m.joint, key, entry, "joint")
            urdf = entry.get("urdf_joints") or [entry.get("urdf_joint")]
            if int(self.m.jnt_type[j]) == _BALL:
                self.orders[j] = _ball_order(key, entry, urdf)
            elif entry.get("type") == "fixed" and int(self.m.jnt_type[j]) != _FREE:
                self.held.add(j)
            out[j] = [names.get(n, n) for n in urdf]
        unmapped = sorted(set(range(self.m.njnt)) - set(out))
        if unmapped:
            raise OracleFailure(f"MuJoCo joints {unmapped[:5]} are not in the joint map")
        known = {j.name for j in self.obj.joints}
        self.missing += [f"URDF joint {n!r}" for names_ in out.values() for n in names_
                         if n not in known]
        return out

    def _bodies(self, body_map, names: Mapping[str, str]) -> dict[int, tuple[str, np.ndarray]]:
        """``{MuJoCo body id: (canonical link, (4, 4) link frame in the body frame)}``."""
        out = {}
        for key, entry in body_map.items():
            b = _model_id(self.m.nbody, self.m.body, key, entry, "body")
            link = names.get(entry["link"], entry["link"])
            out[b] = (link, _pose(entry.get("pos", (0, 0, 0)), entry.get("quat", (1, 0, 0, 0))))
            if link not in self.obj.links:
                self.missing.append(f"URDF link {link!r}")
        return out

    # ------------------------------------------------------------------ configuration
    def qpos(self, q: Mapping[str, float]) -> np.ndarray:
        """MuJoCo ``qpos`` of the canonical coordinates ``q`` (mimic ones included)."""
        import mujoco

        coords = configuration(self.obj, q)
        out = np.array(self.m.qpos0, dtype=float)
        for j, names in self.joints.items():
            adr, jtype = int(self.m.jnt_qposadr[j]), int(self.m.jnt_type[j])
            if jtype == _HINGE:
                out[adr] += coords[names[0]]
            elif jtype == _SLIDE:
                out[adr] += coords[names[0]] / self.t.scale
            elif jtype == _BALL:
                quat = np.array([1.0, 0.0, 0.0, 0.0])
                for axis, name in zip(self.orders[j], names, strict=True):
                    half = 0.5 * coords[name]
                    step = np.r_[math.cos(half), math.sin(half) * np.eye(3)[axis]]
                    mujoco.mju_mulQuat(quat, quat.copy(), step)
                out[adr:adr + 4] = quat
        return out

    # ------------------------------------------------------------------ comparisons
    def compare(self, data, poses: Mapping[str, np.ndarray], label: str, out: Deviation) -> None:
        """Joint axes/anchors and body poses at one configuration into ``out``."""
        rot, s, t = self.t.rotation, self.t.scale, self.t.translation
        for j, names in self.joints.items():
            jtype, where = int(self.m.jnt_type[j]), f"joint {self.m.joint(j).name or j!r}"
            if jtype == _FREE or j in self.held:
                continue
            anchor = rot @ (s * data.xanchor[j]) + t
            for name in names:
                frame = self._frame(name, poses)
                out.update(_max_abs(frame[:3, 3] - anchor), f"{where} anchor ({label})")
                if jtype != _BALL:
                    axis = frame[:3, :3] @ _unit(self.obj.joint(name).axis_local)
                    out.update(_max_abs(axis - rot @ data.xaxis[j]), f"{where} axis ({label})")
        for b, (link, offset) in (self.bodies or {}).items():
            body = np.eye(4)
            body[:3, :3], body[:3, 3] = rot @ data.xmat[b].reshape(3, 3), rot @ (s * data.xpos[b]) + t
            offset = np.r_[np.c_[offset[:3, :3], s * offset[:3, 3]], [[0, 0, 0, 1]]]
            out.update(_max_abs(poses[link] - body @ offset),
                       f"body {self.m.body(b).name or b!r} pose ({label})")
        self._mimics(data, label, out)

    def _frame(self, name: str, poses: Mapping[str, np.ndarray]) -> np.ndarray:
        """World frame of joint ``name`` before its own motion (``parent pose @ origin``)."""
        joint = self.obj.joint(name)
        return poses[joint.parent] @ np.asarray(joint.origin_local, dtype=float)

    def _mimics(self, data, label: str, out: Deviation) -> None:
        """MuJoCo's residual of the joint equality behind every canonical ``<mimic>``."""
        import mujoco

        canonical = {n: j for j, names in self.joints.items() if len(names) == 1
                     for n in names}
        rows = {int(data.efc_id[r]): float(data.efc_pos[r]) for r in range(data.nefc)
                if int(data.efc_type[r]) == int(mujoco.mjtConstraint.mjCNSTR_EQUALITY)}
        for joint in self.obj.joints:
            if joint.mimic is None:
                continue
            pair = (canonical.get(joint.name), canonical.get(joint.mimic.joint))
            eqs = [e for e in rows if int(self.m.eq_type[e]) == int(mujoco.mjtEq.mjEQ_JOINT)
                   and (int(self.m.eq_obj1id[e]), int(self.m.eq_obj2id[e])) == pair]
            if not eqs:
                out.missing.append(f"mimic joint {joint.name!r} (no active MuJoCo joint "
                                   "equality of the two joints)")
                continue
            scale = self.t.scale if int(self.m.jnt_type[pair[0]]) == _SLIDE else 1.0
            out.update(abs(rows[eqs[0]]) * scale, f"mimic {joint.name!r} residual ({label})")

    def limits(self, out: Deviation) -> None:
        """Canonical limits against MuJoCo's ranges (see the module docstring)."""
        for j, names in self.joints.items():
            jtype, where = int(self.m.jnt_type[j]), f"joint {self.m.joint(j).name or j!r} limits"
            limited = bool(self.m.jnt_limited[j])
            if j in self.held:
                continue
            if jtype in (_HINGE, _SLIDE):
                scale = self.t.scale if jtype == _SLIDE else 1.0
                ref = float(self.m.qpos0[self.m.jnt_qposadr[j]])
                want = (np.asarray(self.m.jnt_range[j], float) - ref) * scale if limited \
                    else self._held_range(j) * scale
                out.update(_limit_gap(self.obj.joint(names[0]), want), where)
            elif jtype == _BALL:
                r = float(np.max(np.abs(self.m.jnt_range[j]))) if limited else math.inf
                gaps = [max(0.0, j_.lower + r, r - j_.upper) if limited else
                        _limit_gap(j_, np.array([-math.inf, math.inf]))
                        for j_ in map(self.obj.joint, names)]
                out.update(max(gaps), where)

    def _held_range(self, j: int) -> np.ndarray:
        """The range of unlimited joint ``j`` (MuJoCo units, from ``qpos0``): what the
        first active linear equality that makes a limited hinge or slide follow a slide ``j``
        allows it (``y = c0 + c1 x``), else infinite."""
        m = self.m
        for e in range(m.neq if int(m.jnt_type[j]) == _SLIDE else 0):
            a, coef = int(m.eq_obj1id[e]), np.asarray(m.eq_data[e][:5], float)
            if int(m.eq_type[e]) != _EQ_JOINT or int(m.eq_obj2id[e]) != j \
                    or not bool(m.eq_active0[e]) or np.any(coef[2:]) or coef[1] == 0 \
                    or int(m.jnt_type[a]) not in (_HINGE, _SLIDE) or not bool(m.jnt_limited[a]):
                continue
            follower = np.asarray(m.jnt_range[a], float) - float(m.qpos0[m.jnt_qposadr[a]])
            return np.sort((follower - coef[0]) / coef[1])
        return np.array([-math.inf, math.inf])


def _enable_equalities(model) -> None:
    """Turn on equality constraints in this compiled copy (their residuals are compared)."""
    import mujoco

    bits = int(mujoco.mjtDisableBit.mjDSBL_EQUALITY) | int(mujoco.mjtDisableBit.mjDSBL_CONSTRAINT)
    model.opt.disableflags = int(model.opt.disableflags) & ~bits


def _model_id(count: int, lookup, key: str, entry: Mapping[str, Any], kind: str) -> int:
    """The model id of a map entry (its ``id``; its name must be the model's, if named)."""
    i = entry.get("id")
    if not isinstance(i, int) or not 0 <= i < count:
        raise OracleFailure(f"{kind} {key!r}: id {i!r} is not in the compiled model")
    name = lookup(i).name
    if name and name != key:
        raise OracleFailure(f"{kind} {key!r}: the compiled model's {kind} {i} is {name!r}")
    return i


def _ball_order(key: str, entry: Mapping[str, Any], urdf: list) -> list[int]:
    """The axes (0, 1, 2 for x, y, z) of a ball's three joints, from its ``order``."""
    order = entry.get("order")
    if len(urdf) != 3 or not isinstance(order, str) or sorted(order) != ["x", "y", "z"]:
        raise OracleFailure(f"ball joint {key!r}: joints {urdf!r} in order {order!r} are not "
                            "three joints about x, y and z")
    return ["xyz".index(c) for c in order]


def _limit_gap(joint, want: np.ndarray) -> float:
    got = np.array([joint.lower, joint.upper], dtype=float)
    if not np.array_equal(np.isfinite(got), np.isfinite(want)):
        return math.inf
    finite = np.isfinite(want)
    return _max_abs(got[finite] - want[finite]) if finite.any() else \
        (0.0 if np.array_equal(got, want) else math.inf)


def _pose(pos, quat) -> np.ndarray:
    import mujoco

    out = np.eye(4)
    mat = np.zeros(9)
    mujoco.mju_quat2Mat(mat, np.asarray(quat, dtype=float))
    out[:3, :3], out[:3, 3] = mat.reshape(3, 3), np.asarray(pos, dtype=float)
    return out


def _unit(v) -> np.ndarray:
    v = np.asarray(v, dtype=float)
    n = float(np.linalg.norm(v))
    return v / n if n > tol.ZERO_AXIS else v


def _max_abs(diff: np.ndarray) -> float:
    diff = np.asarray(diff, dtype=float)
    return float(np.max(np.abs(diff))) if diff.size else 0.0


