"""PartNet-Mobility cross-check: the URDF against its own ``mobility_v2.json``, with the metric.

``mobility_v2.json`` lists one entry per part: ``id`` (the URDF link is ``link_<id>``),
``joint`` (``hinge``, ``slider``, ``free``, ``heavy``, ``static``) and ``jointData``:
``axis.origin``/``axis.direction`` in the **mesh frame** (PartNet meshes are Y-up; the URDF
maps them to its root through the fixed ``base`` joint and the negated-pivot visual origins),
and ``limit`` ``{a, b, noLimit}`` — **degrees** for hinges, mesh units for sliders; a slider
with ``rotates`` also turns about its axis (``rotationLimit`` degrees, or ``noRotationLimit``),
which the URDF writes as a prismatic joint to ``link_<id>_helper`` plus a continuous joint.

The mesh frame is read off the URDF itself: ``link_pose @ visual_origin @ diag(mesh_scale)``
of the first visual mesh of the json's root part (``parent == -1``; in a faithful PartNet
URDF every part gives the same frame at rest), so a displaced part or pivot shows up as a
disagreement; ``extras["mobility_transform"]`` overrides it.
Each annotated joint is mapped to the root frame and compared with the URDF joint by the
compactified split distance ``E_phi`` (alpha = 1 / m, kappa = pi, SPEC 3), which handles
continuous joints (antipodal pair) and the unordered endpoints (a hinge ``b = -90`` about
``+y`` equals ``[0, 90]`` degrees about ``-y``).

Codes: ``mobility.degrees`` (error: URDF revolute limits equal the json's degrees),
``mobility.disagree`` (warning, with the distance), ``mobility.type_mismatch`` (warning,
e.g. a hinge frozen to ``fixed``), ``mobility.missing_part`` (warning),
``mobility.rotation_limit_dropped`` (info), ``mobility.unreadable`` (warning).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from arena_core.metric import wrap_revolute_limits
from arena_core.metric.object_distance import joint_distance
from arena_core.model.articulated import ArticulatedObject, Joint
from arena_core.util import tolerances as tol
from arena_core.verify.base import Context, ensure_context, subtree_links
from schemas.issues import Issue, issue

_URDF_KIND = {"hinge": ("revolute", "continuous", "helical"), "slider": ("prismatic",)}

#: Largest ``mobility_v2.json`` read (bytes).
MAX_MOBILITY_BYTES = 32 * 1024 * 1024

@dataclass(frozen=True)
class Annotation:
    """One joint of ``mobility_v2.json`` mapped to the root frame.

    ``twist`` ``(6,)`` unit twist, ``limits`` ``(2,)`` (rad or m; +-inf when unbounded).
    """

    part: int
    kind: str
    twist: np.ndarray
    limits: np.ndarray


def check_mobility(obj: ArticulatedObject, ctx: Context | None = None) -> list[Issue]:
    """Compare ``obj`` with its ``mobility_v2.json`` (no issues when there is none).

    The annotation comes from ``ctx.extras["mobility"]`` (the parsed list) or is read from
    ``ctx.extras["mobility_v2_path"]`` (what the PartNet-Mobility adapter records).
    """
    ctx = ensure_context(obj, ctx)
    entries, issues = mobility_entries(ctx.extras)
    if entries is None:
        return issues
    transform = ctx.extras.get("mobility_transform")
    frame = _global_frame(obj, entries) if transform is None else np.asarray(transform, float)
    for entry in entries:
        if isinstance(entry, Mapping) and entry.get("joint") in _URDF_KIND:
            issues += _check_entry(obj, entry, frame)
    return issues


def _global_frame(obj: ArticulatedObject, entries: list) -> np.ndarray | None:
    """The mesh frame of the first root part (``parent == -1``) that the URDF has."""
    for entry in entries:
        if isinstance(entry, Mapping) and entry.get("parent") == -1:
            link = f"link_{entry.get('id')}"
            if link in obj.links:
                frame = _mesh_frame(obj, link)
                if frame is not None:
                    return frame
    return None


def mobility_entries(extras: Mapping[str, Any]) -> tuple[list | None, list[Issue]]:
    """The part entries of ``extras["mobility"]`` or of the file ``extras["mobility_v2_path"]``."""
    data = extras.get("mobility")
    if data is None and extras.get("mobility_v2_path"):
        path = Path(extras["mobility_v2_path"])
        try:
            if path.stat().st_size > MAX_MOBILITY_BYTES:
                raise ValueError(f"larger than {MAX_MOBILITY_BYTES} bytes")
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError) as exc:
            return None, [issue("mobility.unreadable", f"{path.name}: {exc}",
                                location="mobility_v2.json")]
    if data is None:
        return None, []
    if not isinstance(data, Sequence) or isinstance(data, str | bytes):
        return None, [issue("mobility.unreadable", "expected a list of part entries",
                            location="mobility_v2.json")]
    return list(data), []


def _check_entry(obj: ArticulatedObject, entry: Mapping, frame: np.ndarray | None
                 ) -> list[Issue]:
    try:
        part = int(entry["id"])
        data = entry["jointData"]
        origin = np.asarray(data["axis"]["origin"], dtype=float).reshape(3)
        direction = np.asarray(data["axis"]["direction"], dtype=float).reshape(3)
        limit = dict(data["limit"])
    except (KeyError, TypeError, ValueError) as exc:
        return [issue("mobility.unreadable", f"entry cannot be read ({type(exc).__name__}: {exc})",
                      location=f"mobility:{entry.get('id')}")]
    link = f"link_{part}"
    loc = f"mobility:{part}"
    if link not in obj.links or obj.root == link:
        return [issue("mobility.missing_part",
                      f"mobility_v2.json annotates a {entry['joint']} on {link!r}, which the "
                      "URDF does not articulate", location=loc)]
    frame = _mesh_frame(obj, link) if frame is None else frame
    if frame is None or not np.all(np.isfinite(frame)) or np.linalg.norm(direction) == 0:
        return [issue("mobility.unreadable",
                      "no mesh frame or no axis direction to compare against", location=loc)]
    return _compare(obj, entry["joint"], part, _to_root(frame, origin, direction), limit)


def _compare(obj, kind: str, part: int, axis: tuple, limit: dict) -> list[Issue]:
    point, direction, length_scale = axis
    joints = _urdf_joints(obj, f"link_{part}")
    loc = f"mobility:{part}"
    if kind == "hinge":
        wanted = _hinge(part, point, direction, limit)
        return _match(obj, joints.get("rotation"), wanted, loc, degrees_check=True)
    wanted = _slider(part, point, direction, limit, length_scale)
    out = _match(obj, joints.get("translation"), wanted, loc, degrees_check=False)
    if limit.get("rotates"):
        rot_limit = {"a": 0.0, "b": limit.get("rotationLimit", 0.0),
                     "noLimit": bool(limit.get("noRotationLimit", False))}
        rot = _hinge(part, point, direction, rot_limit)
        urdf_rot = joints.get("rotation")
        if urdf_rot is not None and urdf_rot.type in ("continuous", "helical") and \
                math.isinf(urdf_rot.lower) and not rot_limit["noLimit"]:
            out.append(issue("mobility.rotation_limit_dropped",
                             f"json rotation limit {rot_limit['b']} deg, URDF joint "
                             f"{urdf_rot.name!r} is continuous", location=loc))
            rot = Annotation(part, "hinge", rot.twist, np.array([-math.inf, math.inf]))
        out += _match(obj, urdf_rot, rot, loc, degrees_check=False)
    return out


def _match(obj: ArticulatedObject, joint: Joint | None, wanted: Annotation, loc: str, *,
           degrees_check: bool) -> list[Issue]:
    if joint is None or joint.type not in _URDF_KIND[wanted.kind]:
        found = "no moving joint" if joint is None else f"{joint.type} joint {joint.name!r}"
        return [issue("mobility.type_mismatch",
                      f"mobility_v2.json says {wanted.kind}, the URDF has {found}", location=loc)]
    twist, limits = _urdf_joint(obj, joint)
    if not (np.all(np.isfinite(twist)) and np.linalg.norm(twist) > 0) or np.any(np.isnan(limits)):
        return []  # the joint check reports unusable axes and missing limits
    dist = distance_phi(twist, limits, wanted.twist, wanted.limits, wrap=wanted.kind == "hinge")
    if dist <= tol.MOBILITY_AGREE:
        return []
    if degrees_check and np.all(np.isfinite(limits)):
        as_degrees = distance_phi(twist, np.radians(limits), wanted.twist, wanted.limits,
                                  wrap=True)
        if as_degrees <= tol.MOBILITY_AGREE:
            return [issue("mobility.degrees",
                          f"URDF limits {limits.tolist()} are the json's degrees, not radians "
                          f"(E_phi {dist:.3g}, 0 after conversion)",
                          location=f"joint:{joint.name}")]
    facts = _comparison(twist, limits, wanted)
    return [issue("mobility.disagree",
                  f"E_phi = {dist:.6g} between the URDF joint and mobility_v2.json part "
                  f"{wanted.part} (axis angle {facts['axis_angle_deg']:.3g} deg; limits URDF "
                  f"{facts['urdf_limits']} vs json {facts['json_limits']})",
                  location=f"joint:{joint.name}",
                  data={"joint": joint.name, "part": wanted.part, "distance": dist, **facts})]


def distance_phi(twist_a: np.ndarray, limits_a: np.ndarray, twist_b: np.ndarray,
                 limits_b: np.ndarray, *, wrap: bool = False) -> float:
    """``E_phi`` between two joints: twists ``(6,)``, limits ``(2,)`` (``+-inf`` allowed).

    ``wrap`` applies the revolute wrap to finite limit pairs first (continuous pairs are
    left as they are).

    >>> xi = np.array([0, 0, 1.0, 0, 0, 0])
    >>> distance_phi(xi, np.array([0, 1.0]), -xi, np.array([-1.0, 0]))
    0.0
    >>> distance_phi(xi, np.radians([-174.24, -441.36]), -xi, np.array([-3.2421, 1.42]),
    ...              wrap=True) < 1e-4
    True
    """
    wrapped = [np.asarray(wrap_revolute_limits(*lim) if wrap and np.all(np.isfinite(lim))
                          else lim, dtype=float) for lim in (limits_a, limits_b)]
    return joint_distance(twist_a, wrapped[0], twist_b, wrapped[1])


def _comparison(twist: np.ndarray, limits: np.ndarray, wanted: Annotation) -> dict:
    """Axis angle (deg, up to sign) and both limit pairs along the URDF axis direction."""
    a, b = _direction(twist), _direction(wanted.twist)
    dot = float(a @ b)
    theirs = wanted.limits if dot >= 0 else -wanted.limits[::-1]
    return {"axis_angle_deg": math.degrees(math.acos(min(1.0, abs(dot)))),
            "urdf_limits": np.round(limits, 6).tolist(),
            "json_limits": np.round(np.sort(theirs), 6).tolist()}


def _direction(twist: np.ndarray) -> np.ndarray:
    part = twist[:3] if np.linalg.norm(twist[:3]) > tol.ZERO_AXIS else twist[3:]
    return part / max(float(np.linalg.norm(part)), tol.ZERO_AXIS)


# ----------------------------------------------------------------------------- frames
def _mesh_frame(obj: ArticulatedObject, link: str) -> np.ndarray | None:
    """``(4, 4)`` similarity mesh frame -> root frame: ``link_pose @ origin @ diag(scale, 1)``
    of the first visual mesh of ``link`` or, if it has none (a helper), of its subtree."""
    for name in subtree_links(obj, link):
        for ref in obj.links[name].meshes:
            if ref.kind == "visual":
                scale = np.diag(np.append(np.asarray(ref.scale, float), 1.0))
                return obj.link_poses[name] @ ref.origin @ scale
    return None


def _to_root(frame: np.ndarray, origin: np.ndarray, direction: np.ndarray):
    """Point ``(3,)``, unit direction ``(3,)`` and length scale along it, in the root frame."""
    lin = frame[:3, :3]
    mapped = lin @ direction
    length_scale = float(np.linalg.norm(mapped) / np.linalg.norm(direction))
    return lin @ origin + frame[:3, 3], mapped / np.linalg.norm(mapped), length_scale


def _hinge(part: int, point, direction, limit: Mapping[str, Any]) -> Annotation:
    twist = np.concatenate([direction, np.cross(point, direction)])
    if limit.get("noLimit"):
        return Annotation(part, "hinge", twist, np.array([-math.inf, math.inf]))
    lims = np.radians([float(limit["a"]), float(limit["b"])])
    return Annotation(part, "hinge", twist, lims)


def _slider(part: int, point, direction, limit: Mapping[str, Any], scale: float) -> Annotation:
    twist = np.concatenate([np.zeros(3), direction])
    if limit.get("noLimit"):
        return Annotation(part, "slider", twist, np.array([-math.inf, math.inf]))
    return Annotation(part, "slider", twist, scale * np.array([float(limit["a"]),
                                                               float(limit["b"])]))


def _urdf_joints(obj: ArticulatedObject, link: str) -> dict[str, Joint]:
    """The URDF joint(s) that move ``link``: ``rotation`` and/or ``translation``.

    A PartNet screw is a prismatic joint to ``link_<id>_helper`` plus a rotating joint from
    the helper to the part; a fixed joint fills both roles (a frozen part).
    """
    parent = {j.child: j for j in obj.joints}
    joint = parent.get(link)
    if joint is None:
        return {}
    if not joint.moving:
        return {"rotation": joint, "translation": joint}
    out = {("translation" if joint.type == "prismatic" else "rotation"): joint}
    helper = parent.get(joint.parent)
    if joint.parent == f"{link}_helper" and helper is not None and helper.moving:
        out.setdefault("translation" if helper.type == "prismatic" else "rotation", helper)
    return out


def _urdf_joint(obj: ArticulatedObject, joint: Joint) -> tuple[np.ndarray, np.ndarray]:
    """Root-frame unit twist ``(6,)`` and limits ``(2,)`` of a URDF joint."""
    index = obj.joints.index(joint)
    with np.errstate(invalid="ignore", over="ignore"):  # NaN axes: reported by check_joints
        twists = obj.twists()
    return twists[index], np.array([joint.lower, joint.upper], dtype=float)
