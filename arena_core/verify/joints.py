"""Joint annotation checks: type, origin, axis, limits, pitch and mimic couplings.

These checks read only the joint data (no geometry). Codes and severities:

=============================  ========  ==================================================
``joint.type.unknown``         error     type not one of revolute/prismatic/continuous/
                                         fixed/helical
``joint.origin.nonfinite``     error     NaN or infinity in the joint ``<origin>``
``joint.axis.nonfinite``       error     NaN or infinity in ``<axis>`` (moving joints)
``joint.axis.zero``            error     zero-length axis on a moving joint
``joint.axis.non_unit``        warning   axis length differs from 1 (it is normalized)
``joint.limit.missing``        error     revolute/prismatic without lower/upper
``joint.limit.nonfinite``      error     infinite limit on a revolute/prismatic joint
``joint.limit.inverted``       error     lower > upper
``joint.limit.zero_range``     warning   lower == upper on a moving joint (0/0 placeholder)
``joint.limit.placeholder``    warning   limits exactly -1/+1 (a common placeholder)
``joint.limit.degrees``        error     revolute limits in degrees: independent evidence
                                         agrees (below)
``joint.limit.degrees_unconfirmed`` warning  revolute limits that could be degrees, without
                                         that evidence: read as radians
``joint.limit.revolute_range`` warning   revolute range above one full turn (2 pi); not helical
                                         (also whole-number limits on a virtual-base joint)
``joint.limit.incomplete``     info      ``<limit>`` without effort/velocity (error when the
                                         object claims to be canonical)
``joint.limit.effort_negative``  error   negative (or NaN) ``effort``
``joint.limit.velocity_negative`` error  negative (or NaN) ``velocity``
``joint.continuous.bounded``   warning   continuous joint with finite limits
``joint.pitch.nonfinite``      error     NaN/inf helical pitch
``joint.mimic``                info      a mimic coupling (reported, not modelled)
``joint.mimic.dangling``       error     mimic of a joint that does not exist
=============================  ========  ==================================================

Degrees: whole-number revolute limits within +-360 whose range exceeds one turn
(``[0, 90]``, ``[-180, 180]``, but also ``[-10, 10]``, a common way to write "unlimited" on
legged robots) could be degrees written where URDF wants radians. That alone is a guess: a
``joint.limit.degrees_unconfirmed`` warning, the limits read as radians as every engine
reads them. It is the ``joint.limit.degrees`` error only when independent evidence agrees: the limits are round angles in degrees (multiples of
:data:`DEGREE_STEP`, one at least :data:`DEGREES_EVIDENT`: more than seven turns as radians)
*and* no revolute joint of the object is written in radians (fractional limits within one
turn, such as a knee's ``[-2.7, -0.9]``). The message says what was seen. Not on
a *virtual-base* joint, one whose parent link has no geometry and is itself moved by a
joint: a mobile or floating base written as a chain of prismatic and revolute joints
between empty frames (ManiSkill's ``*_floating`` hands, ``[-20, 20]`` beside
``[-20, 20]`` m slides; a mobile KUKA's ``[-5, 5]`` base turn). Such a joint exists to give the
object free motion, its limits are generous bounds in radians, and it gets the
``joint.limit.revolute_range`` warning instead. Nor when the source states its unit
(``extras["angle_units_known"]``: an MJCF model, whose compiler says degree or radian).
"""

from __future__ import annotations

import math

import numpy as np

from arena_core.model.articulated import JOINT_TYPES, ArticulatedObject, Joint
from arena_core.util import tolerances as tol
from arena_core.verify.base import Context, ensure_context, joint_loc
from schemas.issues import Issue, issue

#: Limit pairs that authoring tools write when nobody annotated the joint.
PLACEHOLDER_LIMITS = ((-1.0, 1.0),)

#: Revolute limits whose magnitudes are whole numbers up to this look like degrees.
DEGREES_MAX = 360.0
#: Degrees evidence: limits that are multiples of this many degrees ...
DEGREE_STEP = 15.0
#: ... one of them at least this large (as radians, more than seven turns).
DEGREES_EVIDENT = 45.0

_BOUNDED = ("revolute", "prismatic")


def check_joints(obj: ArticulatedObject, ctx: Context | None = None) -> list[Issue]:
    """All joint-annotation issues of ``obj`` in joint order."""
    ctx = ensure_context(obj, ctx)
    names = {j.name for j in obj.joints}
    frames = _moved_frames(obj)
    stated = bool(ctx.extras.get("angle_units_known", False))
    in_radians = _radian_joints(obj)
    issues: list[Issue] = []
    for joint in obj.joints:
        issues += _check_type_origin(joint)
        if joint.type not in JOINT_TYPES or not joint.moving:
            continue
        issues += _check_axis(joint)
        issues += _check_limits(joint, canonical=ctx.canonical, in_radians=in_radians,
                                virtual_base=joint.parent in frames, radians=stated)
        issues += _check_pitch(joint)
        issues += _check_mimic(joint, names)
    return issues


def _check_type_origin(joint: Joint) -> list[Issue]:
    loc = joint_loc(joint)
    out = []
    if joint.type not in JOINT_TYPES:
        out.append(issue("joint.type.unknown",
                         f"type {joint.type!r} is not one of {', '.join(JOINT_TYPES)}",
                         location=loc))
    if not np.all(np.isfinite(np.asarray(joint.origin_local, dtype=float))):
        out.append(issue("joint.origin.nonfinite", "the joint <origin> holds NaN or infinity",
                         location=loc))
    return out


def _check_axis(joint: Joint) -> list[Issue]:
    loc = joint_loc(joint)
    axis = np.asarray(joint.axis_local, dtype=float).reshape(-1)
    if axis.shape != (3,) or not np.all(np.isfinite(axis)):
        return [issue("joint.axis.nonfinite", f"axis {axis.tolist()} is not three finite numbers",
                      location=loc)]
    norm = float(np.linalg.norm(axis))
    if norm <= tol.ZERO_AXIS:
        return [issue("joint.axis.zero", "a moving joint has a zero axis", location=loc)]
    if abs(norm - 1.0) > tol.UNIT_AXIS:
        return [issue("joint.axis.non_unit", f"axis length is {norm:.9g}, not 1 (it is normalized)",
                      location=loc)]
    return []


def _moved_frames(obj: ArticulatedObject) -> set[str]:
    """Links without geometry that a moving joint moves (the frames of a virtual base)."""
    return {j.child for j in obj.joints if j.moving and not obj.links[j.child].has_geometry}


def _radian_joints(obj: ArticulatedObject) -> list[Joint]:
    """The revolute joints written in radians: finite limits within one turn, one of them
    fractional (``[-2.7, -0.9]``, ``[0, 1.5708]``)."""
    return [j for j in obj.joints if j.type == "revolute"
            and all(math.isfinite(v) and abs(v) <= 2 * math.pi for v in (j.lower, j.upper))
            and not all(float(v).is_integer() for v in (j.lower, j.upper))]


def _check_limits(joint: Joint, *, canonical: bool, virtual_base: bool = False,
                  radians: bool = False, in_radians: list[Joint] = ()) -> list[Issue]:
    loc = joint_loc(joint)
    lo, hi = float(joint.lower), float(joint.upper)
    if joint.type == "continuous" or (joint.type == "helical" and math.isinf(lo) and math.isinf(hi)):
        if math.isfinite(lo) or math.isfinite(hi):
            return [issue("joint.continuous.bounded", f"continuous joint has limits [{lo}, {hi}]",
                          location=loc)]
        return []
    if math.isnan(lo) or math.isnan(hi):
        return [issue("joint.limit.missing", f"{joint.type} joint has no lower/upper limit",
                      location=loc)]
    if math.isinf(lo) or math.isinf(hi):
        advice = ("use continuous" if joint.type == "revolute" else
                  "URDF has no unlimited prismatic joint")
        return [issue("joint.limit.nonfinite",
                      f"{joint.type} joint has infinite limits [{lo}, {hi}]; {advice}",
                      location=loc)]
    if lo > hi:
        return [issue("joint.limit.inverted", f"lower {lo} > upper {hi}", location=loc)]
    out = _limit_values(joint, lo, hi, virtual_base=virtual_base, radians=radians,
                        in_radians=in_radians)
    if joint.effort is None or joint.velocity is None:
        out.append(issue("joint.limit.incomplete", "<limit> has no effort and/or velocity",
                         severity="error" if canonical else "info", location=loc))
    return out + _actuation(joint)


def _actuation(joint: Joint) -> list[Issue]:
    """``effort`` and ``velocity`` are bounds on magnitudes: never negative."""
    out = []
    for name, value in (("effort", joint.effort), ("velocity", joint.velocity)):
        if value is not None and not value >= 0:
            out.append(issue(f"joint.limit.{name}_negative",
                             f"<limit {name}={value}> must be a non-negative number",
                             severity="error", location=joint_loc(joint)))
    return out


def _limit_values(joint: Joint, lo: float, hi: float, *, virtual_base: bool,
                  radians: bool = False, in_radians: list[Joint] = ()) -> list[Issue]:
    loc = joint_loc(joint)
    if lo == hi:
        return [issue("joint.limit.zero_range",
                      f"limits [{lo}, {hi}] leave the {joint.type} joint no motion", location=loc)]
    if any(math.isclose(lo, a, abs_tol=tol.ROUND_TRIP) and math.isclose(hi, b, abs_tol=tol.ROUND_TRIP)
           for a, b in PLACEHOLDER_LIMITS):
        return [issue("joint.limit.placeholder",
                      f"limits [{lo}, {hi}] look like an unannotated placeholder", location=loc)]
    # screws (helical) legitimately turn many times; only hinges are capped at one turn
    if joint.type in ("prismatic", "helical") or hi - lo <= 2 * math.pi + tol.UNIT_AXIS:
        return []
    if _looks_like_degrees(lo, hi) and not (virtual_base or radians):
        return [_degrees_issue(joint, lo, hi, in_radians)]
    note = (" (a virtual-base joint: read as radians)" if virtual_base else
            " (the source states radians)" if radians and _looks_like_degrees(lo, hi) else "")
    return [issue("joint.limit.revolute_range",
                  f"revolute range {hi - lo:.6g} rad exceeds one full turn{note}", location=loc)]


def _degrees_issue(joint: Joint, lo: float, hi: float, in_radians: list[Joint]) -> Issue:
    """``joint.limit.degrees`` when the evidence agrees, else
    ``joint.limit.degrees_unconfirmed``; the message says what was seen either way."""
    round_angles = max(abs(lo), abs(hi)) >= DEGREES_EVIDENT and all(
        v % DEGREE_STEP == 0 for v in (lo, hi))
    seen = [f"{'' if round_angles else 'not '}round angles in degrees (multiples of "
            f"{DEGREE_STEP:g}, up to {max(abs(lo), abs(hi)):g})"]
    if in_radians:
        other = in_radians[0]
        seen.append(f"{len(in_radians)} revolute joint(s) of the object written in radians "
                    f"({other.name}: [{other.lower:g}, {other.upper:g}])")
    else:
        seen.append("no revolute joint of the object written in radians")
    agreed = round_angles and not in_radians
    verdict = "degrees written where URDF wants radians" if agreed else \
        f"read as radians, as the engines read them ({(hi - lo) / (2 * math.pi):.3g} turns)"
    as_radians = [math.radians(lo), math.radians(hi)]
    code = "joint.limit.degrees" if agreed else "joint.limit.degrees_unconfirmed"
    return issue(code, f"whole-number revolute limits [{lo:g}, {hi:g}] could "
                 f"be degrees ([{as_radians[0]:.6g}, {as_radians[1]:.6g}] rad); seen: "
                 f"{'; '.join(seen)}: {verdict}", location=joint_loc(joint),
                 data={"joint": joint.name, "limits": [lo, hi], "as_radians": as_radians})


def _looks_like_degrees(lo: float, hi: float) -> bool:
    """Whole-number limits within +-360 whose range exceeds 2 pi (e.g. ``[0, 90]``)."""
    values = (lo, hi)
    return all(abs(v) <= DEGREES_MAX and float(v).is_integer() for v in values)


def _check_pitch(joint: Joint) -> list[Issue]:
    if joint.type == "helical" and not math.isfinite(float(joint.pitch)):
        return [issue("joint.pitch.nonfinite", f"helical pitch is {joint.pitch}",
                      location=joint_loc(joint))]
    return []


def _check_mimic(joint: Joint, names: set[str]) -> list[Issue]:
    mimic = joint.mimic
    if mimic is None:
        return []
    loc = joint_loc(joint)
    if mimic.joint not in names:
        return [issue("joint.mimic.dangling", f"mimics joint {mimic.joint!r}, which does not exist",
                      location=loc)]
    return [issue("joint.mimic",
                  f"q = {mimic.multiplier:g} * q({mimic.joint}) + {mimic.offset:g}; the coupling "
                  "is kept in the URDF but each joint is scored as its own DOF", location=loc)]
