"""Coupled joints, and what an engine that simulates them must show.

The canonical URDF couples joints in two ways: a helical joint ``J`` is a revolute ``J`` that
drives its ``J__pitch`` slide through ``<mimic multiplier="pitch">``
(:mod:`arena_core.model.helical`), and a source's mimic joint follows its leader,
``q_f = multiplier * q_l + offset``. Setting every coordinate by hand (the ``engines`` FK
comparison) never asks an engine to *keep* that relation; simulating does. The engine drivers
(:mod:`arena_core.formats.mjcf.coupling` for ``object.xml`` in MuJoCo,
:mod:`arena_core.engines.coupling_pybullet` for PyBullet with the gear constraints of
:mod:`arena_core.engines.pybullet_gears`) start every joint at rest, drive each *root leader*
(a leader that follows nobody) to the target of :func:`drive_plan` with gravity and contacts
off, and report the coordinates reached; :func:`coupling_issues` judges them::

    expected_f = multiplier * q_l + offset
    |q_f - expected_f| <= COUPLING_ABSOLUTE + COUPLING_RELATIVE * |expected_f - rest_f|

where ``rest_f`` is the follower's expected coordinate at the leader's rest. For a helical
joint the follower's "coordinate" is what the engine shows of the part: the child link's
displacement along the joint axis in the parent link's frame, so the check reads the
screw's translation ``pitch * angle`` off the part itself. A leader that moved less than
:data:`MIN_DRIVEN` of the way to its target proves nothing and is ``coupling.<engine>.failed``.

Targets lie :data:`TARGET_FRACTION` of the way to the far end of the feasible interval, at
most :data:`MAX_DRIVE` from rest, and keep every follower of the leader within its own limits (the feasible leader
interval is the leader's range intersected with each follower's range mapped back through
its coupling), so a coupling is never judged where the follower's limit and not the engine
stops it. Couplings whose follower is fixed or whose leader does not move are not
simulated (the engines hold nothing there). Chains (a leader that itself follows) are
judged pair by pair from the coordinates reached; only root leaders are driven.

Example:
    >>> import numpy as np
    >>> from arena_core.model.articulated import ArticulatedObject, Joint, Link
    >>> s = Joint("s", "helical", "base", "nut", np.eye(4), np.array([0.0, 0, 1]),
    ...           lower=0.0, upper=2.0, pitch=0.01)
    >>> obj = ArticulatedObject.from_parts("bolt", [Link("base"), Link("nut")], [s])
    >>> [(c.leader, c.follower, c.multiplier, c.helical) for c in couplings(obj)]
    [('s', 's__pitch', 0.01, 's')]
    >>> plan = drive_plan(obj, couplings(obj))
    >>> plan["s"]
    (0.0, 0.8)
    >>> [i.code for i in coupling_issues("mujoco", couplings(obj), plan, {"s": 0.8, "s__pitch": 0.0})]
    ['coupling.mujoco.mismatch']
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from arena_core.model.articulated import ArticulatedObject, Joint
from arena_core.model.helical import urdf_joints
from arena_core.util import tolerances as tol
from schemas.issues import Issue, issue

#: A root leader must cover at least this fraction of the way from rest to its target.
MIN_DRIVEN = 0.5
#: The target lies this fraction of the way from rest to the far end of the feasible interval.
TARGET_FRACTION = 0.8
#: Farthest a root leader is driven from rest (rad or m): a screw's many turns would take
#: longer than the drive (PyBullet caps a joint's speed at 100 rad/s); also the half-width of
#: the interval a continuous leader is driven in.
MAX_DRIVE = 1.0
#: A feasible leader interval narrower than this (rad or m) cannot be driven.
MIN_SPAN = 1e-9


@dataclass(frozen=True)
class Coupling:
    """``follower = multiplier * leader + offset`` (canonical URDF joint names);
    ``helical`` names the helical joint this pair encodes (``None`` for a mimic joint)."""

    leader: str
    follower: str
    multiplier: float
    offset: float
    helical: str | None = None


def couplings(obj: ArticulatedObject) -> list[Coupling]:
    """Every coupling of ``obj``'s canonical URDF that simulation can drive (see the module
    docstring), in URDF joint order."""
    joints = {j.name: j for j in urdf_joints(obj)}
    helical = {j.name for j in obj.joints if j.type == "helical"}
    out = []
    for j in joints.values():
        m = j.mimic
        if m is None or not j.moving or m.joint == j.name:
            continue
        leader = joints.get(m.joint)
        if leader is None or not leader.moving or not math.isfinite(m.multiplier):
            continue
        out.append(Coupling(leader.name, j.name, float(m.multiplier), float(m.offset),
                            leader.name if leader.name in helical else None))
    return out


def drive_plan(obj: ArticulatedObject, found: Sequence[Coupling]) -> dict[str, tuple[float, float]]:
    """``{root leader: (rest, target)}`` (rad or m) for the couplings ``found``; a root leader
    whose feasible interval is empty or a point is left out (nothing can be driven)."""
    joints = {j.name: j for j in urdf_joints(obj)}
    followers = {c.follower for c in found}
    plan = {}
    for name in dict.fromkeys(c.leader for c in found if c.leader not in followers):
        lo, hi = _range(joints[name])
        for c in found:
            if c.leader == name:
                lo, hi = _within_follower(lo, hi, c, joints[c.follower])
        if not hi - lo > MIN_SPAN:
            continue
        rest = min(max(0.0, lo), hi)
        far = min(hi, rest + MAX_DRIVE) if hi - rest >= rest - lo else max(lo, rest - MAX_DRIVE)
        plan[name] = (rest, rest + TARGET_FRACTION * (far - rest))
    return plan


def start_coordinates(found: Sequence[Coupling],
                      plan: Mapping[str, tuple[float, float]]) -> dict[str, float]:
    """The coordinates a drive starts from: each root leader at its rest, each follower where
    its coupling puts it (through chains, in any order); other joints are left at 0."""
    out = {name: rest for name, (rest, _) in plan.items()}
    for _ in range(len(found)):
        before = dict(out)
        for c in found:
            out[c.follower] = c.multiplier * out.get(c.leader, 0.0) + c.offset
        if out == before:
            break
    return out


def coupling_issues(engine: str, found: Sequence[Coupling],
                    plan: Mapping[str, tuple[float, float]],
                    reached: Mapping[str, float]) -> list[Issue]:
    """Issues of ``engine`` (``mujoco``, ``pybullet``) from the coordinates ``reached`` after
    driving by ``plan`` (every driven leader and every follower of :func:`couplings`; a
    helical follower's value is the part's displacement along the axis, m)."""
    out = []
    for name, (rest, target) in plan.items():
        moved = reached[name] - rest
        if not abs(moved) >= MIN_DRIVEN * abs(target - rest):
            out.append(issue(f"coupling.{engine}.failed",
                             f"{engine}: leader {name!r} driven from {rest:.6g} to {target:.6g} "
                             f"reached {reached[name]:.6g}; its couplings are not proven",
                             location=f"joint:{name}", data={"engine": engine, "leader": name}))
    driven = _driven(found, plan)
    for c in found:
        if c.leader in driven and c.follower in reached:
            out += _judge(engine, c, _rest(c, found, plan), reached)
    return out


def _judge(engine: str, c: Coupling, leader_rest: float,
           reached: Mapping[str, float]) -> list[Issue]:
    expected = c.multiplier * reached[c.leader] + c.offset
    got = reached[c.follower]
    moved = abs(expected - (c.multiplier * leader_rest + c.offset))
    allowed = tol.COUPLING_ABSOLUTE + tol.COUPLING_RELATIVE * moved
    if abs(got - expected) <= allowed:
        return []
    what = (f"helical joint {c.helical!r}: the part moved {got:.6g} m along its axis, "
            f"pitch x angle is {expected:.6g} m" if c.helical else
            f"mimic joint {c.follower!r} is at {got:.6g}, {c.multiplier:g} x leader "
            f"{c.leader!r} + {c.offset:g} is {expected:.6g}")
    return [issue(f"coupling.{engine}.mismatch",
                  f"{engine}: {what} (tolerance {allowed:.3g}) after driving {c.leader!r}",
                  location=f"joint:{c.helical or c.follower}",
                  data={"engine": engine, "leader": c.leader, "follower": c.follower,
                        "expected": expected, "got": got, "tolerance": allowed})]


def _driven(found: Sequence[Coupling], plan: Mapping[str, tuple[float, float]]) -> set[str]:
    """The driven leaders and every joint that follows one of them, at any depth."""
    out = set(plan)
    grew = True
    while grew:
        grew = False
        for c in found:
            if c.leader in out and c.follower not in out:
                out.add(c.follower)
                grew = True
    return out


def _rest(c: Coupling, found: Sequence[Coupling], plan: Mapping[str, tuple[float, float]],
          depth: int = 0) -> float:
    """The leader's coordinate at rest: its planned rest, or its own coupling's at rest."""
    if c.leader in plan or depth > len(found):
        return plan.get(c.leader, (0.0, 0.0))[0]
    up = next((u for u in found if u.follower == c.leader), None)
    if up is None:
        return 0.0
    return up.multiplier * _rest(up, found, plan, depth + 1) + up.offset


def _range(j: Joint) -> tuple[float, float]:
    if j.type == "continuous" or not (math.isfinite(j.lower) and math.isfinite(j.upper)):
        return -MAX_DRIVE, MAX_DRIVE
    return float(j.lower), float(j.upper)


def _within_follower(lo: float, hi: float, c: Coupling, follower: Joint) -> tuple[float, float]:
    """``[lo, hi]`` cut to the leader values that keep ``follower`` within its limits."""
    if c.multiplier == 0.0 or follower.type == "continuous" or not (
            math.isfinite(follower.lower) and math.isfinite(follower.upper)):
        return lo, hi
    a = (follower.lower - c.offset) / c.multiplier
    b = (follower.upper - c.offset) / c.multiplier
    return max(lo, min(a, b)), min(hi, max(a, b))
