"""Normalize an object to the canonical convention "arena URDF v1" (SPEC section 4), exactly.

The source object (in file units, source frame) is mapped through a similarity
``x -> R (s x) + t``: ``s`` is the per-source or per-object ``scale`` (file units to meters),
``R`` turns the source's up axis into ``+Z`` (``up_axis`` ``"z"``: identity; ``"y"``:
``+90 deg`` about ``X``), and ``t`` puts the bottom-center of the rest-pose geometry's
bounding box at the origin. Nothing is re-meshed: ``s`` goes into origins, mesh scales,
primitive sizes, prismatic limits and pitches; ``(R, t)`` goes into the origins of the root
link's child joints and geometry. The root link is named ``base``: a source root already
named ``base`` takes the transform itself, any other root gets an empty ``base`` parent
through a fixed joint carrying the transform (a non-root link named ``base`` is renamed).

Also the simulation-ready rules of :mod:`arena_core.pipeline.normalize_simready` (reserved link names renamed,
a placeholder inertial on every link without one, degenerate collision meshes
replaced by thin boxes), unit joint axes, ``effort``/``velocity`` filled with :data:`DEFAULT_EFFORT` /
:data:`DEFAULT_VELOCITY` where missing, an inertial on every link with geometry (a valid
URDF one is kept, otherwise :mod:`arena_core.mesh.massprops`), helical joints kept, and every
origin snapped to the rotation its written roll-pitch-yaw text reads back as, so that
``read(write(x)) == x`` and normalizing a canonical object again changes nothing.

Example:
    >>> import numpy as np
    >>> from arena_core.model.articulated import ArticulatedObject, Joint, Link
    >>> hinge = Joint("hinge", "revolute", "frame", "door", np.eye(4), np.array([0.0, 2.0, 0.0]),
    ...               lower=0.0, upper=1.5)
    >>> src = ArticulatedObject.from_parts("d", [Link("frame"), Link("door")], [hinge])
    >>> out = normalize_object(src, up_axis="y")
    >>> out.obj.root, [j.name for j in out.obj.joints], out.obj.joint("hinge").axis_local.tolist()
    ('base', ['base_joint', 'hinge'], [0.0, 1.0, 0.0])
    >>> (out.obj.axes()[1].round(12) + 0.0).tolist()
    [0.0, 0.0, 1.0]
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

import numpy as np

from arena_core.mesh.massprops import NOMINAL_DENSITY, link_mass_properties, link_points
from arena_core.mesh.parts import MeshCache
from arena_core.model.articulated import ArticulatedObject, Joint, Link, MassProperties, unique_name
from arena_core.model.inertia import inertia_problem, placeholder_inertial
from arena_core.pipeline.normalize_simready import (
    reserved_renames,
    usable_collisions,
    usable_primitives,
)
from arena_core.util import tolerances as tol
from schemas.errors import ArenaError
from schemas.issues import Issue, issue

#: Name of the canonical root link.
ROOT = "base"

#: Effort (N or N m) and velocity (m/s or rad/s) written where the source has none.
DEFAULT_EFFORT = 100.0
DEFAULT_VELOCITY = 1.0

#: Supported up-axis hints and the rotation taking each to ``+Z``.
UP_ROTATIONS = {
    "z": np.eye(3),
    "y": np.array([[1.0, 0.0, 0.0], [0.0, 0.0, -1.0], [0.0, 1.0, 0.0]]),
}


class NormalizeError(ArenaError, ValueError):
    """Invalid normalization options (the message names the option)."""


@dataclass(frozen=True)
class Transform:
    """The similarity ``x -> rotation @ (scale * x) + translation`` applied to the source.

    ``rotation`` ``(3, 3)``, ``translation`` ``(3,)`` m, ``scale`` m per file unit.
    """

    rotation: np.ndarray
    translation: np.ndarray
    scale: float
    up_axis: str = "z"

    def rigid(self) -> np.ndarray:
        """``(4, 4)`` rigid part ``[R t; 0 1]`` (applied after scaling)."""
        out = np.eye(4)
        out[:3, :3], out[:3, 3] = self.rotation, self.translation
        return out

    def apply(self, points: np.ndarray) -> np.ndarray:
        """Map source points ``(n, 3)`` (file units) to canonical points (m)."""
        return self.scale * np.asarray(points, float) @ self.rotation.T + self.translation


@dataclass(frozen=True)
class Normalized:
    """The canonical object, the transform applied and how names changed.

    ``link_names``/``joint_names`` map every source name to its canonical name;
    ``mass_sources`` maps canonical link names to how their inertial was obtained.
    """

    obj: ArticulatedObject
    transform: Transform
    link_names: dict[str, str]
    joint_names: dict[str, str]
    mass_sources: dict[str, str]
    issues: list[Issue] = field(default_factory=list)


def normalize_object(
    obj: ArticulatedObject,
    *,
    scale: float = 1.0,
    up_axis: str = "z",
    density: float = NOMINAL_DENSITY,
    cache: MeshCache | None = None,
) -> Normalized:
    """Normalize ``obj`` (read at file units) to arena URDF v1, in memory.

    Mesh references keep their source files; writing the canonical folder (content-
    addressed mesh copies) is :func:`arena_core.pipeline.run.write_canonical_folder`'s job.

    Raises:
        NormalizeError: ``scale`` is not a positive finite number or ``up_axis`` unknown.
    """
    check_options(scale, up_axis)
    cache = cache if cache is not None else MeshCache()
    scaled = scale_object(obj, scale)
    reserved = reserved_renames(set(scaled.links))
    scaled = _renamed(scaled, reserved)
    rotation = UP_ROTATIONS[up_axis]
    transform = Transform(rotation, _bottom_center_offset(scaled, rotation, cache), float(scale),
                          up_axis)
    rooted, link_names, joint_names = _reroot(scaled, transform.rigid())
    link_names = {name: link_names[reserved.get(name, name)] for name in obj.links}
    issues: list[Issue] = [issue("normalize.name.reserved", f"link {old!r} is a name engines "
                                 f"reserve; renamed {link_names[old]!r}", location=f"link:{old}")
                           for old in reserved]
    joints = [_canonical_joint(j) for j in rooted.joints]
    _report_joint_changes(rooted.joints, issues)
    links, sources = _canonical_links(rooted, density, cache, issues)
    out = ArticulatedObject.from_parts(rooted.name, links, joints, source_path=obj.source_path)
    return Normalized(out, transform, link_names, joint_names, sources, issues)


# ----------------------------------------------------------------------------- scale
def scale_object(obj: ArticulatedObject, scale: float) -> ArticulatedObject:
    """``obj`` with every length multiplied by ``scale`` (masses kept, inertias * scale^2)."""
    if scale == 1.0:
        return obj
    links = [_scaled_link(link, scale) for link in obj.links.values()]
    joints = []
    for j in obj.joints:
        pris = j.type == "prismatic"
        joints.append(replace(j, origin_local=_scaled_pose(j.origin_local, scale),
                              lower=j.lower * scale if pris else j.lower,
                              upper=j.upper * scale if pris else j.upper,
                              pitch=j.pitch * scale,
                              dynamics=j.dynamics.scaled(scale) if pris and j.dynamics
                              else j.dynamics))
    return ArticulatedObject.from_parts(obj.name, links, joints, source_path=obj.source_path)


def _scaled_pose(pose: np.ndarray, scale: float) -> np.ndarray:
    out = np.array(pose, dtype=float)
    out[:3, 3] *= scale
    return out


def _scaled_link(link: Link, s: float) -> Link:
    inertial = link.inertial
    if inertial is not None:
        inertial = replace(inertial, com=np.asarray(inertial.com, float) * s,
                           inertia=np.asarray(inertial.inertia, float) * s * s)
    meshes = tuple(replace(m, origin=_scaled_pose(m.origin, s), scale=np.asarray(m.scale) * s)
                   for m in link.meshes)
    prims = tuple(replace(p, origin=_scaled_pose(p.origin, s), size=tuple(v * s for v in p.size))
                  for p in link.primitives)
    return replace(link, inertial=inertial, meshes=meshes, primitives=prims)


# ----------------------------------------------------------------------------- frame
def _bottom_center_offset(obj: ArticulatedObject, rotation: np.ndarray,
                          cache: MeshCache) -> np.ndarray:
    """``t`` such that ``rotation @ x + t`` has its rest-pose bbox bottom-center at 0.

    Each link contributes its visual geometry (its collision geometry when it has none).
    """
    points = _root_points(obj, cache)
    points = points[np.all(np.isfinite(points), axis=1)] if len(points) else points
    if len(points) == 0:
        return np.zeros(3)
    rotated = points @ rotation.T
    lo, hi = rotated.min(axis=0), rotated.max(axis=0)
    offset = -np.array([(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, lo[2]])
    offset[np.abs(offset) <= tol.CENTER_SNAP] = 0.0
    return offset + 0.0


def _root_points(obj: ArticulatedObject, cache: MeshCache) -> np.ndarray:
    chunks = [np.zeros((0, 3))]
    for name, link in obj.links.items():
        pts = link_points(link, cache)
        pose = obj.link_poses[name]
        chunks.append(pts @ pose[:3, :3].T + pose[:3, 3])
    return np.concatenate(chunks)


def _reroot(obj: ArticulatedObject, rigid: np.ndarray
            ) -> tuple[ArticulatedObject, dict[str, str], dict[str, str]]:
    """Root named ``base`` carrying ``rigid``; returns the object and the name maps."""
    link_names = {n: n for n in obj.links}
    joint_names = {j.name: j.name for j in obj.joints}
    identity = np.array_equal(rigid, np.eye(4))
    if obj.root == ROOT:
        if identity:
            return obj, link_names, joint_names
        links = [_moved_link(link, rigid) if link.name == ROOT else link
                 for link in obj.links.values()]
        joints = [replace(j, origin_local=rigid @ j.origin_local) if j.parent == ROOT else j
                  for j in obj.joints]
        return _rebuilt(obj, links, joints), link_names, joint_names
    if ROOT in obj.links:
        link_names[ROOT] = unique_name(ROOT, set(obj.links))
    links = [replace(link, name=link_names[link.name]) for link in obj.links.values()]
    joints = [replace(j, parent=link_names[j.parent], child=link_names[j.child])
              for j in obj.joints]
    fixed = Joint(name=unique_name(f"{ROOT}_joint", set(joint_names)), type="fixed", parent=ROOT,
                  child=link_names[obj.root], origin_local=rigid.copy(),
                  axis_local=np.array([1.0, 0.0, 0.0]))
    return _rebuilt(obj, [Link(ROOT), *links], [fixed, *joints]), link_names, joint_names


def _renamed(obj: ArticulatedObject, names: dict[str, str]) -> ArticulatedObject:
    """``obj`` with the links in ``names`` renamed (joints follow)."""
    if not names:
        return obj
    links = [replace(link, name=names.get(link.name, link.name)) for link in obj.links.values()]
    joints = [replace(j, parent=names.get(j.parent, j.parent), child=names.get(j.child, j.child))
              for j in obj.joints]
    return _rebuilt(obj, links, joints)


def _rebuilt(obj: ArticulatedObject, links: list[Link], joints: list[Joint]) -> ArticulatedObject:
    return ArticulatedObject.from_parts(obj.name, links, joints, source_path=obj.source_path)


def _moved_link(link: Link, rigid: np.ndarray) -> Link:
    inertial = link.inertial.transformed(rigid) if link.inertial is not None else None
    return replace(link, inertial=inertial,
                   meshes=tuple(replace(m, origin=rigid @ m.origin) for m in link.meshes),
                   primitives=tuple(replace(p, origin=rigid @ p.origin) for p in link.primitives))


# ----------------------------------------------------------------------------- joints
def _canonical_joint(j: Joint) -> Joint:
    origin = stable_pose(j.origin_local)
    if not j.moving:
        return replace(j, origin_local=origin, axis_local=np.array([1.0, 0.0, 0.0]),
                       lower=0.0, upper=0.0, effort=None, velocity=None)
    axis = np.asarray(j.axis_local, dtype=float)
    norm = float(np.linalg.norm(axis))
    if math.isfinite(norm) and norm > tol.ZERO_AXIS and abs(norm - 1.0) > tol.UNIT_AXIS_EXACT:
        axis = axis / norm
    return replace(j, origin_local=origin, axis_local=axis + 0.0,
                   effort=DEFAULT_EFFORT if j.effort is None else float(j.effort),
                   velocity=DEFAULT_VELOCITY if j.velocity is None else float(j.velocity))


def _report_joint_changes(joints: tuple[Joint, ...], issues: list[Issue]) -> None:
    moving = [j for j in joints if j.moving]
    filled = [j.name for j in moving if j.effort is None or j.velocity is None]
    if filled:
        issues.append(issue("normalize.limit.filled", "effort/velocity set to defaults "
                            f"({DEFAULT_EFFORT}, {DEFAULT_VELOCITY}) on {len(filled)} joint(s): "
                            f"{', '.join(filled[:8])}{' ...' if len(filled) > 8 else ''}",
                            location="joints", data={"joints": filled, "effort": DEFAULT_EFFORT,
                                                     "velocity": DEFAULT_VELOCITY}))
    for j in moving:
        norm = float(np.linalg.norm(np.asarray(j.axis_local, float)))
        if math.isfinite(norm) and norm > tol.ZERO_AXIS and abs(norm - 1.0) > tol.UNIT_AXIS:
            issues.append(issue("normalize.axis.rescaled",
                                f"axis of norm {norm:.9g} written as a unit vector",
                                location=f"joint:{j.name}"))


# ----------------------------------------------------------------------------- links
def _canonical_links(obj: ArticulatedObject, density: float, cache: MeshCache,
                     issues: list[Issue]) -> tuple[list[Link], dict[str, str]]:
    links, sources = [], {}
    for link in obj.links.values():
        link = usable_primitives(usable_collisions(link, cache, issues), issues)
        link = replace(link,
                       meshes=tuple(replace(m, origin=stable_pose(m.origin)) for m in link.meshes),
                       primitives=tuple(replace(p, origin=stable_pose(p.origin))
                                        for p in link.primitives))
        inertial = _canonical_inertial(link, density, cache, issues)
        if inertial is None:  # the root too: PyBullet would give it 1 kg, and say so
            inertial = placeholder_inertial()
        if inertial is not None:
            sources[link.name] = inertial.source
        links.append(replace(link, inertial=inertial))
    return links, sources


def _canonical_inertial(link: Link, density: float, cache: MeshCache,
                        issues: list[Issue]) -> MassProperties | None:
    given = link.inertial
    if given is not None and inertia_problem(given.mass, given.com, given.inertia) is None:
        return _balanced(_exact_symmetric(given), link.name, issues)
    if not link.has_geometry:
        if given is not None:  # a massless frame (mass 0): treated as having no inertial
            issues.append(issue("normalize.inertial.massless", "link without geometry has an "
                                f"unphysical inertial (mass {given.mass}); replaced by a "
                                "placeholder", location=f"link:{link.name}"))
        return None
    props, found = link_mass_properties(link, density=density, cache=cache)
    issues.extend(found)
    if given is not None:
        issues.append(issue("normalize.inertial.replaced", "URDF inertial is not physical "
                            f"(mass {given.mass}); replaced by {props.source} mass properties",
                            location=f"link:{link.name}"))
    return _balanced(props, link.name, issues)  # as a rewritten file would be: idempotent


def _exact_symmetric(props: MassProperties) -> MassProperties:
    """The inertial as URDF stores it: the upper triangle mirrored, floats."""
    inertia = np.asarray(props.inertia, dtype=float)
    return replace(props, mass=float(props.mass), com=np.asarray(props.com, float) + 0.0,
                   inertia=np.triu(inertia) + np.triu(inertia, 1).T, source="urdf")


def _balanced(props: MassProperties, name: str, issues: list[Issue]) -> MassProperties:
    """``props`` unless its principal moments ``a <= b <= c`` are on the edge of
    ``a + b >= c``, which the rule of :mod:`arena_core.model.inertia` allows and MuJoCo
    refuses when its own rounding breaks it: a rod's (``a`` below ``tol.INERTIA_SLACK`` of
    ``c``; Stretch's ``link_puller``: ``a + b - c`` is +3e-23 to numpy, -2e-22 to MuJoCo) or
    a flat plate's (``a + b - c`` within ``tol.INERTIA_EDGE`` of ``c``; a myosuite vertebra's
    ``diaginertia="0.01643 0.01123 0.0052"`` turned by a quaternion: -3.5e-18 to MuJoCo).
    Then ``a`` is raised to ``c (1 + slack) - b``, a change within the rule's slack, with
    ``normalize.inertial.balanced``."""
    moments, axes = np.linalg.eigh(np.asarray(props.inertia, dtype=float))
    a, b, c = (float(m) for m in moments)
    raised = c * (1.0 + tol.INERTIA_SLACK) - b
    edge = a < tol.INERTIA_SLACK * c or a + b - c < tol.INERTIA_EDGE * c
    if not (edge and a < raised):
        return props
    shape = "a rod's" if a < tol.INERTIA_SLACK * c else "a flat plate's"
    inertia = axes @ np.diag([raised, b, c]) @ axes.T
    issues.append(issue("normalize.inertial.balanced",
                        f"principal moments [{a:.6g}, {b:.6g}, {c:.6g}] are {shape} "
                        f"on the edge of A + B >= C (A + B - C = {a + b - c:.3g}); the "
                        f"smallest raised to {raised:.6g}, as MuJoCo's balanceinertia",
                        location=f"link:{name}"))
    return replace(_exact_symmetric(replace(props, inertia=(inertia + inertia.T) / 2)),
                   source=props.source)


# ----------------------------------------------------------------------------- exact rpy
_EYE3 = np.eye(3)
_EYE3.setflags(write=False)


def stable_pose(pose: np.ndarray) -> np.ndarray:
    """``pose`` ``(4, 4)`` with its rotation rebuilt from the rpy the writer will store.

    ``arena_core.formats.urdf.write`` writes ``canonical_rpy(R)`` (angles rounded to 1e-12 rad)
    and the reader rebuilds ``compose(rpy)``; snapping to that matrix makes write/read
    lossless (the text re-derived from the matrix read back is the same), so a canonical
    object reads back bit-for-bit and normalizing it again writes the same bytes. The
    rotation moves by at most 5e-13 rad; the translation is unchanged.
    """
    from yourdfpy.urdf import tra

    from arena_core.formats.urdf.write import canonical_rpy

    pose = np.asarray(pose, dtype=float)
    if (pose[:3, :3] == _EYE3).all() or not np.isfinite(pose).all():
        return pose.copy()
    return tra.compose_matrix(translate=pose[:3, 3] + 0.0, angles=canonical_rpy(pose))


def check_options(scale: float, up_axis: str) -> None:
    """Raise :class:`NormalizeError` unless ``scale`` > 0 is finite and ``up_axis`` known."""
    if isinstance(scale, bool) or not isinstance(scale, (int, float)) \
            or not (math.isfinite(scale) and scale > 0):
        raise NormalizeError(f"scale: expected a positive finite number of meters per file "
                             f"unit, got {scale!r}")
    if up_axis not in UP_ROTATIONS:
        raise NormalizeError(f"up_axis: expected one of {sorted(UP_ROTATIONS)}, got {up_axis!r}")
