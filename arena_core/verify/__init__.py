"""Verification: checks that collect issues about one object, and a policy that judges them.

Each check is a function ``check_*(obj, ctx=None) -> list[Issue]`` registered in
:data:`CHECKS` with the codes it may emit. :func:`verify_object` runs them all on one
object and returns every issue (it never raises for a bad object); :func:`decide` (from
:mod:`arena_core.verify.policy`) turns the issues into accepted/rejected by the one rule,
:func:`is_error`.

Example:
    >>> import numpy as np
    >>> from arena_core.model.articulated import ArticulatedObject, Joint, Link
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

from arena_core.mesh.parts import MeshCache
from arena_core.model.articulated import ArticulatedObject
from arena_core.verify.base import Context
from arena_core.verify.geometry import check_geometry
from arena_core.verify.joints import check_joints
from arena_core.verify.mass import check_mass
from arena_core.verify.mobility import check_mobility
from arena_core.verify.motion import check_motion
from arena_core.verify.policy import Decision, decide, has_error, is_error
from arena_core.verify.structure import check_structure
from arena_core.verify.upright import check_upright
from schemas.issue_codes import lookup
from schemas.issues import Issue, issue

#: The code of an unexpected failure (a bug), here and in :mod:`arena_core.util.guard`.
INTERNAL_ERROR = "internal.error"

__all__ = [
    "CHECKS", "CODES", "Check", "Context", "Decision", "MeshCache", "decide", "has_error",
    "is_error", "issue_from_error", "verify_object",
]


@dataclass(frozen=True)
class Check:
    """A registered check: its function and every code (with severity) it may emit."""

    name: str
    func: Callable[[ArticulatedObject, Context], list[Issue]]
    codes: Mapping[str, str]


def _codes(*codes: str) -> dict[str, str]:
    """``code -> default severity`` from the catalog (an unknown code fails at import)."""
    return {code: lookup(code).severity for code in codes}


#: Every check, in the order they run, with the codes (-> catalog severity) each may emit.
CHECKS: dict[str, Check] = {c.name: c for c in (
    Check("joints", check_joints, _codes(
        "joint.type.unknown", "joint.origin.nonfinite", "joint.axis.nonfinite", "joint.axis.zero",
        "joint.axis.non_unit", "joint.limit.missing", "joint.limit.nonfinite",
        "joint.limit.inverted", "joint.limit.zero_range", "joint.limit.placeholder",
        "joint.limit.degrees", "joint.limit.degrees_unconfirmed", "joint.limit.revolute_range", "joint.limit.incomplete",
        "joint.continuous.bounded", "joint.pitch.nonfinite", "joint.mimic", "joint.mimic.dangling",
        "joint.limit.effort_negative", "joint.limit.velocity_negative",
    )),
    Check("structure", check_structure, _codes(
        "structure.duplicate_name", "structure.dangling", "structure.multiple_parents",
        "structure.multiple_roots", "structure.cycle", "structure.root_mismatch",
        "structure.no_moving_joints", "structure.empty_moving_part", "structure.helper_link",
        "structure.not_a_tree",
    )),
    Check("geometry", check_geometry, _codes(
        "mesh.missing", "mesh.unreadable", "mesh.too_large", "mesh.nonfinite", "mesh.degenerate",
        "geometry.none", "units.implausible", "mesh.path.too_long", "mesh.path.symlink_loop",
        "mesh.not_a_file",
    )),
    Check("mass", check_mass, _codes(
        "mass.missing", "mass.nonpositive", "mass.com.nonfinite", "mass.inertia.nonfinite",
        "mass.inertia.asymmetric", "mass.inertia.not_positive_definite", "mass.inertia.triangle",
        "mass.com.outside", "mass.implausible", "mass.inertia.implausible",
    )),
    Check("motion", check_motion, _codes(
        "motion.leaves_bounds", "motion.axis_far", "joint.limit.travel_implausible",
    )),
    Check("mobility", check_mobility, _codes(
        "mobility.degrees", "mobility.disagree", "mobility.type_mismatch", "mobility.missing_part",
        "mobility.rotation_limit_dropped", "mobility.unreadable",
    )),
    Check("upright", check_upright, _codes(
        "geometry.up_axis.implausible",
    )),
)}

#: Every code a check may emit -> its default severity (plus the runner's own code).
CODES: dict[str, str] = {code: sev for c in CHECKS.values() for code, sev in c.codes.items()}
CODES[INTERNAL_ERROR] = lookup(INTERNAL_ERROR).severity


def verify_object(obj: ArticulatedObject, *, extras: Mapping[str, Any] | None = None,
                  checks: list[str] | None = None) -> list[Issue]:
    """Run the registered checks (default: all, in registry order) on ``obj``.

    ``extras`` is described in :class:`~arena_core.verify.base.Context` (``mobility`` or
    ``mobility_v2_path``, ``mobility_transform``, ``canonical``, ``mesh_cache``,
    ``category``, ``angle_units_known``; other keys are ignored;
    :func:`arena_core.pipeline.run.run_object` builds it from the source extras). A check
    that fails unexpectedly yields one ``internal.error`` issue instead of an exception, so
    one bad object never stops a build.
    """
    ctx = Context(obj, dict(extras or {}))
    issues: list[Issue] = []
    for name in checks if checks is not None else list(CHECKS):
        if name not in CHECKS:
            raise KeyError(f"checks: unknown check {name!r}; known: {sorted(CHECKS)}")
        try:
            issues += CHECKS[name].func(obj, ctx)
        except Exception as exc:  # noqa: BLE001 - a check bug must not lose the object
            issues.append(issue(INTERNAL_ERROR, f"{type(exc).__name__}: {str(exc)[:300]}",
                                location=f"check:{name}",
                                data={"check": name, "exception": type(exc).__name__}))
    return issues


def issue_from_error(exc: BaseException, *, location: str = "file") -> Issue:
    """The issue for an input that could not be read at all (an exception with ``code``).

    >>> from arena_core.formats.urdf.read import UrdfError
    >>> issue_from_error(UrdfError("xml.malformed", "not well-formed XML")).code
    'xml.malformed'
    """
    code = getattr(exc, "code", None) or "input.unreadable"
    return issue(str(code), str(exc), severity="error", location=location)
