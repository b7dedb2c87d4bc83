"""Verification: checks that collect issues about one object, and a policy that judges them.

Each check is a function ``check_*(obj, ctx=None) -> list[Issue]`` registered in
:data:`CHECKS` with the codes it may emit. :func:`verify_object` runs them all on one
object and returns every issue (it never raises for a bad object); :func:`decide` (from
:mod:`arena_core.verify.policy`) turns the issues into accepted/rejected.

Example:
    >>> import numpy as np
    >>> from arena_core.model import ArticulatedObject, Joint, Link
    >>> j = Joint(name="hinge", type="revolute", parent="base", child="door",
    ...           origin_local=np.eye(4), axis_local=np.array([0.0, 0.0, 2.0]),
    ...           lower=0.0, upper=90.0, effort=1.0, velocity=1.0)
    >>> obj = ArticulatedObject.from_parts("door", [Link("base"), Link("door")], [j])
    >>> [i.code for i in verify_object(obj)]
    ['joint.axis.non_unit', 'joint.limit.degrees', 'structure.empty_moving_part', 'geometry.none']
    >>> decide(verify_object(obj)).accepted
    False
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from arena_core.massprops import MeshCache
from arena_core.model import ArticulatedObject
from arena_core.verify.base import Context
from arena_core.verify.geometry import check_geometry
from arena_core.verify.joints import check_joints
from arena_core.verify.mass import check_mass
from arena_core.verify.mobility import check_mobility
from arena_core.verify.motion import check_motion
from arena_core.verify.policy import Decision, Policy, accepted, decide
from arena_core.verify.structure import check_structure
from arena_core.verify.upright import check_upright
from schemas.issues import Issue

__all__ = [
    "CHECKS", "CODES", "Check", "Context", "Decision", "MeshCache", "Policy", "accepted",
    "decide", "issue_from_error", "verify_object",
]


@dataclass(frozen=True)
class Check:
    """A registered check: its function and every code (with severity) it may emit."""

    name: str
    func: Callable[[ArticulatedObject, Context], list[Issue]]
    codes: Mapping[str, str]


def _codes(text: str) -> dict[str, str]:
    pairs = (line.split() for line in text.strip().splitlines())
    return {code: severity for code, severity in pairs}


#: Every check, in the order they run, with the codes (-> default severity) each may emit.
CHECKS: dict[str, Check] = {c.name: c for c in (
    Check("joints", check_joints, _codes("""
        joint.type.unknown error
        joint.origin.nonfinite error
        joint.axis.nonfinite error
        joint.axis.zero error
        joint.axis.non_unit warning
        joint.limit.missing error
        joint.limit.nonfinite error
        joint.limit.inverted error
        joint.limit.zero_range warning
        joint.limit.placeholder warning
        joint.limit.degrees error
        joint.limit.revolute_range warning
        joint.limit.incomplete info
        joint.continuous.bounded warning
        joint.pitch.nonfinite error
        joint.mimic info
        joint.mimic.dangling error""")),
    Check("structure", check_structure, _codes("""
        structure.duplicate_name error
        structure.dangling error
        structure.multiple_parents error
        structure.multiple_roots error
        structure.cycle error
        structure.root_mismatch error
        structure.no_moving_joints warning
        structure.empty_moving_part warning
        structure.helper_link info""")),
    Check("geometry", check_geometry, _codes("""
        mesh.missing error
        mesh.unreadable error
        mesh.too_large error
        mesh.nonfinite error
        mesh.degenerate warning
        geometry.none warning
        units.implausible error""")),
    Check("mass", check_mass, _codes("""
        mass.missing info
        mass.nonpositive error
        mass.com.nonfinite error
        mass.inertia.nonfinite error
        mass.inertia.asymmetric error
        mass.inertia.not_positive_definite error
        mass.inertia.triangle error
        mass.com.outside warning""")),
    Check("motion", check_motion, _codes("""
        motion.leaves_bounds warning
        motion.axis_far warning
        joint.limit.travel_implausible warning""")),
    Check("mobility", check_mobility, _codes("""
        mobility.degrees error
        mobility.disagree warning
        mobility.type_mismatch warning
        mobility.missing_part warning
        mobility.rotation_limit_dropped info
        mobility.unreadable warning""")),
    Check("upright", check_upright, _codes("""
        geometry.up_axis.implausible warning""")),
)}

#: Every code a check may emit -> its default severity (plus the runner's own code).
CODES: dict[str, str] = {code: sev for c in CHECKS.values() for code, sev in c.codes.items()}
CODES["verify.internal_error"] = "error"


def verify_object(obj: ArticulatedObject, *, extras: Mapping[str, Any] | None = None,
                  checks: list[str] | None = None) -> list[Issue]:
    """Run the registered checks (default: all, in registry order) on ``obj``.

    ``extras`` is described in :class:`~arena_core.verify.base.Context` (``mobility`` or
    ``mobility_v2_path``, ``mobility_transform``, ``canonical``, ``mesh_cache``,
    ``category``; other keys
    are ignored, so an adapter's extras can be passed as they are). A check that fails unexpectedly
    yields one ``verify.internal_error`` issue instead of an exception, so one bad object
    never stops a build.
    """
    ctx = Context(obj, dict(extras or {}))
    issues: list[Issue] = []
    for name in checks if checks is not None else list(CHECKS):
        if name not in CHECKS:
            raise KeyError(f"checks: unknown check {name!r}; known: {sorted(CHECKS)}")
        try:
            issues += CHECKS[name].func(obj, ctx)
        except Exception as exc:  # noqa: BLE001 - a check bug must not lose the object
            issues.append(Issue(code="verify.internal_error", severity="error",
                                location=f"check:{name}",
                                message=f"{type(exc).__name__}: {str(exc)[:300]}"))
    return issues


def issue_from_error(exc: BaseException, *, location: str = "file") -> Issue:
    """The issue for an input that could not be read at all (an exception with ``code``).

    >>> from arena_core.urdf import UrdfError
    >>> issue_from_error(UrdfError("xml.malformed", "not well-formed XML")).code
    'xml.malformed'
    """
    code = getattr(exc, "code", None) or "input.unreadable"
    return Issue(code=str(code), severity="error", location=location, message=str(exc))
