"""Write a canonical object as MJCF (``object.xml``); :mod:`arena_core.formats.mjcf.check`
checks the file in MuJoCo.

The MJCF is written by the project from the :class:`~arena_core.model.articulated.ArticulatedObject`,
not by MuJoCo's URDF import, so every URDF feature MuJoCo's import drops is kept:

* **Bodies** nest like the kinematic tree; a body's ``pos``/``quat`` is its joint's origin
  (the child frame at rest in the parent frame). The root link is a body of the world with
  no joint (fixed base). A fixed joint writes no MJCF joint (the body is welded); so does
  a moving joint with a zero axis (it cannot move either; listed in ``welded_joints``).
* **Joints** sit at the body origin with the axis in the body frame: revolute -> ``hinge``
  with ``range``, continuous -> unlimited ``hinge``, prismatic -> ``slide`` with ``range``
  (``autolimits``: a range means limited; a joint without finite limits is unlimited), with
  the joint's dynamics (``damping``, ``frictionloss``, ``armature``, ``stiffness``,
  ``springref``: :func:`~arena_core.model.dynamics.mjcf_values`).
  Helical -> a ``hinge`` named like the joint followed by a ``slide`` ``<name>__pitch`` on the
  same axis, coupled by ``<equality><joint joint1=slide joint2=hinge polycoef="0 H 0 0 0">``.
  MuJoCo applies a body's joints in order, each in the frame moved by the previous ones:
  ``[R(q) | 0] @ [I | s a] = [R(q) | s R(q) a] = [R(q) | s a]`` because ``R(q) a = a``, which
  is arena_core's ``M(q) = [R(q) | h q a]`` at ``s = h q`` (on one axis the order does not
  matter; the tests check it against :func:`~arena_core.model.kinematics.link_poses`).
  A mimic joint -> ``<equality><joint joint1=mimic joint2=source polycoef="offset
  multiplier 0 0 0">`` (a source without MJCF joint, e.g. fixed, has coordinate 0: the
  mimic is held at ``offset``). Both equalities use the stiff :data:`EQUALITY_SOLREF` /
  :data:`EQUALITY_SOLIMP` (MuJoCo's soft defaults let a loaded screw slip off its thread).
* **Inertials** are ours (``inertiafromgeom="false"``): ``<inertial pos quat mass
  diaginertia>`` from the eigen-decomposition of the link inertia (see
  :func:`~arena_core.formats.mjcf.numbers.principal_inertia`); moments of moving bodies are floored at
  :data:`MIN_MOVING_INERTIA` (listed in ``floored_inertia``) and rounding-level breaks of
  the triangle inequality closed. A moving body without a positive mass gets a placeholder
  inertial (:data:`PLACEHOLDER_MASS`, :data:`PLACEHOLDER_INERTIA`; listed in
  ``placeholder_bodies``) because MuJoCo refuses moving bodies without mass.
* **Geoms**: ``.obj``/``.stl`` meshes as ``<asset><mesh>`` (``inertia="shell"``, so open and
  flat visual meshes compile; the mesh inertia only places MuJoCo's geom frame) and
  ``<geom type="mesh">``; other formats (``.glb``, ``.dae``) and unresolved files are skipped
  and listed. Box/cylinder/sphere primitives become geoms (half sizes). Visual geoms have
  class ``visual`` (``contype=0 conaffinity=0 group=1``: shown, never colliding), collision
  geoms class ``collision`` (``group=3``: hidden by default in the viewer, colliding).
* **Contacts**: a link never collides with its parent link (URDF engines: PyBullet's
  self-collision modes, PhysX/SAPIEN). MuJoCo filters parent-child contacts itself, except
  when the parent is welded to the world (the root and the links fixed to it), so each
  such pair — a moving joint whose parent is world-welded — gets a ``<contact><exclude>``
  (:func:`world_parent_pairs`); without it a robot whose collision meshes overlap at the
  joint (ManiSkill's Fetch) explodes under gravity.
* **Stepping**: MuJoCo's defaults, or the ``<option timestep integrator>`` given (an MJCF
  source's, so that stiff springs it steps finely stay stable).
* **Names**: body names are link names and joint names URDF joint names, except names
  MuJoCo rejects: the body name ``world`` (MuJoCo's own world body) and empty names. They
  get ``_link``/``_joint`` appended (``world`` -> ``world_link``), then ``_1``, ``_2``, ... until
  unique; names that are fine are never changed. :func:`mjcf_names` gives the mapping.

The text is deterministic (same object, same bytes) and written atomically.

Example:
    >>> import tempfile
    >>> from arena_core.formats.mjcf.check import check_mjcf
    >>> from arena_core.model.articulated import ArticulatedObject, Joint, Link, MassProperties, Primitive
    >>> box = Primitive("box", (0.2, 0.2, 0.02), np.eye(4), "collision")
    >>> lid = Link("lid", MassProperties(1.0, np.zeros(3), np.eye(3) * 1e-3), primitives=(box,))
    >>> hinge = Joint("hinge", "revolute", "world", "lid", np.eye(4), np.array([0.0, 1, 0]),
    ...               lower=0.0, upper=1.5)
    >>> obj = ArticulatedObject.from_parts("box", [Link("world"), lid], [hinge])
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     result = write_mjcf(obj, folder)
    ...     issues = check_mjcf(result.path, obj)
    >>> result.renamed_bodies, issues
    ({'world': 'world_link'}, [])
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

import numpy as np
from lxml import etree

from arena_core.formats.mjcf.mujoco_load import ASSET_CACHE_BYTES  # noqa: F401 - imported: MuJoCo's asset cache off
from arena_core.formats.mjcf.numbers import pose_attrs, principal_inertia, rotation_attrs, vec_text
from arena_core.formats.urdf.write import fmt
from arena_core.mesh.parts import MeshCache, MeshLoadFailure
from arena_core.model.articulated import (
    ArticulatedObject,
    Joint,
    Link,
    MeshRef,
    unique_name,
    walk_links,
)
from arena_core.model.dynamics import mjcf_values
from arena_core.util import tolerances as tol
from arena_core.util.fs import write_atomic

#: File name of the MJCF inside a canonical object folder.
MJCF_FILE = "object.xml"
#: Mesh formats MuJoCo reads that the canonical convention uses.
MESH_FORMATS = (".obj", ".stl")
#: Fewest vertices of a mesh asset MuJoCo compiles (it refuses a mesh with fewer).
MUJOCO_MIN_VERTICES = 4
#: Geom groups: visual geoms are shown by MuJoCo's viewer, collision geoms hidden (3+).
VISUAL_GROUP, COLLISION_GROUP = 1, 3
#: Placeholder inertial of a moving body without mass: mass (kg), principal moments (kg m^2).
PLACEHOLDER_MASS = 1e-6
PLACEHOLDER_INERTIA = 1e-9
#: Principal moments of moving bodies are floored at this (kg m^2); MuJoCo refuses moving
#: bodies with a moment below its ``mjMINVAL = 1e-15`` (a point mass, a thin rod).
MIN_MOVING_INERTIA = 1e-14
#: Body names MuJoCo reserves.
RESERVED_BODY_NAMES = frozenset({"world"})
#: Suffix of the slide joint that carries a helical joint's translation.
PITCH_SUFFIX = "__pitch"
#: Solver parameters of the helical and mimic equalities. MuJoCo's defaults (``0.02 1``,
#: ``0.9 0.95``) let a 0.5 kg nut on a 0.02 m/rad screw sag 1.5 cm off its thread under
#: gravity; a time constant of twice the default 2 ms step and an impedance of 0.99-0.999
#: keep it within 0.2 % of pitch x angle. The impedance is MuJoCo's largest (``mjMAXIMP``):
#: MuJoCo regularizes a joint equality with the *sum* of both joints' ``dof_invweight0``, not
#: the constraint's own inverse inertia, so a screw whose hinge turns a small inertia while its
#: slide carries the part's whole mass (a bottle cap) was only ~2 % effective at 0.99-0.999 —
#: the cap oscillated 5-30 % off pitch x angle for seconds when driven (issue 30's coupling
#: check, :mod:`arena_core.formats.mjcf.coupling`); at 0.9999 the regularizer is 100x smaller.
EQUALITY_SOLREF = "0.004 1"
EQUALITY_SOLIMP = "0.9999 0.9999 0.001"


@dataclass(frozen=True)
class MjcfNames:
    """MJCF names: ``bodies`` link -> body, ``joints`` URDF joint -> MJCF joint (joints that
    have one; the hinge of a helical joint), ``slides`` helical joint -> its slide."""

    bodies: dict[str, str]
    joints: dict[str, str]
    slides: dict[str, str]


@dataclass(frozen=True)
class SkippedMesh:
    """A mesh not written: ``reason`` is ``unresolved``, ``not_relative``, ``format`` or
    ``too_few_vertices`` (MuJoCo needs four)."""

    link: str
    filename: str
    kind: str
    reason: str


@dataclass(frozen=True)
class MjcfResult:
    """What :func:`write_mjcf` wrote and what it had to change."""

    path: Path
    names: MjcfNames
    placeholder_bodies: tuple[str, ...]
    skipped_meshes: tuple[SkippedMesh, ...]
    floored_inertia: tuple[str, ...] = ()
    welded_joints: tuple[str, ...] = ()

    @property
    def renamed_bodies(self) -> dict[str, str]:
        return {k: v for k, v in self.names.bodies.items() if k != v}

    @property
    def renamed_joints(self) -> dict[str, str]:
        return {k: v for k, v in self.names.joints.items() if k != v}


# ----------------------------------------------------------------------------- names
def mjcf_names(obj: ArticulatedObject) -> MjcfNames:
    """The MJCF body and joint names of ``obj`` (see the module docstring for the rules)."""
    bodies = _rename(list(walk_links(obj.root, obj.children)), RESERVED_BODY_NAMES, "link")
    joints = _rename([j.name for j in obj.joints if _has_dof(j)], frozenset(), "joint")
    used = set(joints.values())
    slides = {}
    for j in obj.joints:
        if j.type == "helical" and j.name in joints:
            slides[j.name] = _unique(joints[j.name] + PITCH_SUFFIX, used)
    return MjcfNames(bodies, joints, slides)


def _rename(names: list[str], reserved: frozenset[str], suffix: str) -> dict[str, str]:
    keep = {n for n in names if n and n not in reserved}
    used = set(keep)
    return {n: n if n in keep else _unique(f"{n}_{suffix}" if n else suffix, used)
            for n in names}


def _unique(name: str, used: set[str]) -> str:
    """:func:`~arena_core.model.articulated.unique_name`, then taken."""
    candidate = unique_name(name, used)
    used.add(candidate)
    return candidate


def _has_dof(joint: Joint) -> bool:
    return joint.moving and float(np.linalg.norm(joint.axis_local)) > tol.ZERO_AXIS


def world_parent_pairs(obj: ArticulatedObject) -> list[tuple[str, str]]:
    """``(parent, child)`` links of every joint with a DOF whose parent is welded to the
    world (the root, or reached from it through joints without a DOF), in link order
    (depth-first, children in joint order): the parent-child contacts MuJoCo does not
    filter by itself.

    >>> from arena_core.model.articulated import Joint, Link
    >>> hinge = Joint("h", "revolute", "base", "lid", np.eye(4), np.array([0.0, 0, 1]),
    ...               lower=0.0, upper=1.0)
    >>> world_parent_pairs(ArticulatedObject.from_parts("b", [Link("base"), Link("lid")],
    ...                                                 [hinge]))
    [('base', 'lid')]
    """
    welded, pairs = {obj.root}, []
    joint_of = {j.child: j for j in obj.joints}
    for name in walk_links(obj.root, obj.children):
        joint = joint_of.get(name)
        if joint is None or joint.parent not in welded:
            continue
        if _has_dof(joint):
            pairs.append((joint.parent, name))
        else:
            welded.add(name)
    return pairs


# ----------------------------------------------------------------------------- writing
def write_mjcf(obj: ArticulatedObject, folder: str | os.PathLike, *, filename: str = MJCF_FILE,
               placeholder_mass: float = PLACEHOLDER_MASS,
               placeholder_inertia: float = PLACEHOLDER_INERTIA,
               cache: MeshCache | None = None,
               option: Mapping[str, str] | None = None) -> MjcfResult:
    """Write ``obj`` as MJCF to ``folder / filename`` (atomically) and say what changed.

    Mesh files are referenced by their URDF filenames relative to ``folder`` (the canonical
    folder holding ``object.urdf`` and ``meshes/``). ``cache``: the object's mesh cache,
    which reads the ``.stl`` files whose vertices are counted (a fresh one when ``None``).
    ``option``: attributes of an ``<option>`` element (how the object is stepped: an MJCF
    source's ``timestep`` and ``integrator``); none is written without it.
    """
    text, result = _build(obj, Path(folder) / filename, placeholder_mass, placeholder_inertia,
                          cache if cache is not None else MeshCache(), option)
    write_atomic(result.path, text)
    return result


def mjcf_string(obj: ArticulatedObject, *, placeholder_mass: float = PLACEHOLDER_MASS,
                placeholder_inertia: float = PLACEHOLDER_INERTIA) -> str:
    """The MJCF text :func:`write_mjcf` writes for ``obj``."""
    return _build(obj, Path(MJCF_FILE), placeholder_mass, placeholder_inertia, MeshCache())[0]


def _build(obj: ArticulatedObject, path: Path, mass: float, inertia: float, cache: MeshCache,
           option: Mapping[str, str] | None = None) -> tuple[str, MjcfResult]:
    if not (mass > tol.MIN_MASS and inertia > MIN_MOVING_INERTIA):
        raise ValueError(f"placeholder mass/inertia must exceed {tol.MIN_MASS:g} kg / "
                         f"{MIN_MOVING_INERTIA:g} kg m^2, got {mass!r} / {inertia!r}")
    writer = _Writer(obj, mjcf_names(obj), mass, inertia, cache, option)
    text = writer.text()
    welded = tuple(j.name for j in obj.joints if j.moving and not _has_dof(j))
    return text, MjcfResult(path, writer.names, tuple(writer.placeholders),
                            tuple(writer.skipped), tuple(writer.floored), welded)


class _Writer:
    """Builds the MJCF tree of one object (state: mesh assets, what was changed)."""

    def __init__(self, obj: ArticulatedObject, names: MjcfNames, mass: float, inertia: float,
                 cache: MeshCache, option: Mapping[str, str] | None = None):
        self.obj, self.names, self.placeholder, self.cache = obj, names, (mass, inertia), cache
        self.root = etree.Element("mujoco", model=obj.name)
        etree.SubElement(self.root, "compiler", angle="radian", meshdir=".",
                         autolimits="true", inertiafromgeom="false")
        if option:
            etree.SubElement(self.root, "option", dict(sorted(option.items())))
        default = etree.SubElement(self.root, "default")
        for cls, attrs in (("visual", {"contype": "0", "conaffinity": "0",
                                       "group": str(VISUAL_GROUP)}),
                           ("collision", {"group": str(COLLISION_GROUP)})):
            etree.SubElement(etree.SubElement(default, "default", {"class": cls}), "geom", attrs)
        self.asset = etree.SubElement(self.root, "asset")
        self.world = etree.SubElement(self.root, "worldbody")
        self.equality = etree.Element("equality")
        self.mesh_assets: dict[tuple, str] = {}
        self.mesh_problems: dict[tuple, str | None] = {}  # a file's visual and collision
        self.mesh_names: set[str] = set()
        self.placeholders: list[str] = []
        self.skipped: list[SkippedMesh] = []
        self.floored: list[str] = []

    def text(self) -> str:
        parents = {self.obj.root: self.world}
        joint_of = {j.child: j for j in self.obj.joints}
        for name in walk_links(self.obj.root, self.obj.children):
            joint = joint_of.get(name)
            parent = parents[joint.parent] if joint is not None else self.world
            parents[name] = self._body(parent, self.obj.links[name], joint)
        if not len(self.asset):
            self.root.remove(self.asset)
        pairs = world_parent_pairs(self.obj)
        if pairs:
            contact = etree.SubElement(self.root, "contact")
            for parent, child in pairs:
                etree.SubElement(contact, "exclude", body1=self.names.bodies[parent],
                                 body2=self.names.bodies[child])
        if len(self.equality):
            self.root.append(self.equality)
        raw = etree.tostring(self.root, pretty_print=True, xml_declaration=True,
                             encoding="utf-8")
        return raw.decode()

    def _body(self, parent: etree._Element, link: Link, joint: Joint | None) -> etree._Element:
        pose = pose_attrs(joint.origin_local) if joint is not None else {}
        el = etree.SubElement(parent, "body", name=self.names.bodies[link.name], **pose)
        moving = joint is not None and _has_dof(joint)
        self._inertial(el, link, moving)
        if moving:
            self._joint(el, joint)
        for mesh in link.meshes:
            self._mesh_geom(el, link, mesh)
        for prim in link.primitives:
            etree.SubElement(el, "geom", {"class": prim.kind, "type": prim.shape,
                                          "size": vec_text(_half_size(prim.shape, prim.size)),
                                          **pose_attrs(prim.origin)})
        return el

    def _inertial(self, el: etree._Element, link: Link, moving: bool) -> None:
        props = link.inertial
        usable = props is not None and props.mass > tol.MIN_MASS and bool(
            np.all(np.isfinite(props.com)) and np.all(np.isfinite(props.inertia)))
        if not usable:
            if moving:
                self.placeholders.append(link.name)
                mass, moment = self.placeholder
                etree.SubElement(el, "inertial", pos="0 0 0", mass=fmt(mass),
                                 diaginertia=vec_text([moment] * 3))
            return
        moments, axes = principal_inertia(props.inertia)
        fixed = _physical_moments(moments, moving)
        if moving and np.any(fixed > moments):
            self.floored.append(link.name)
        attrs = {"pos": vec_text(props.com), **rotation_attrs(axes), "mass": fmt(props.mass),
                 "diaginertia": vec_text(fixed)}
        etree.SubElement(el, "inertial", attrs)

    def _joint(self, el: etree._Element, joint: Joint) -> None:
        axis = np.asarray(joint.axis_local, float)
        axis = vec_text(axis / math.hypot(*axis))
        name = self.names.joints[joint.name]
        kind = "slide" if joint.type == "prismatic" else "hinge"
        attrs = {"name": name, "type": kind, "axis": axis}
        if joint.type != "continuous" and math.isfinite(joint.lower) and math.isfinite(
                joint.upper):
            attrs["range"] = vec_text([joint.lower, joint.upper])
        attrs.update({k: fmt(v) for k, v in mjcf_values(joint.dynamics).items()})
        etree.SubElement(el, "joint", attrs)
        if joint.type == "helical":
            slide = self.names.slides[joint.name]
            etree.SubElement(el, "joint", name=slide, type="slide", axis=axis)
            self._coupling(f"{name}__helical", slide, name, 0.0, joint.pitch)
        mimic = joint.mimic if joint.mimic is None or joint.mimic.joint != joint.name else None
        if mimic is not None and mimic.joint in self.names.joints:
            self._coupling(f"{name}__mimic", name, self.names.joints[mimic.joint], mimic.offset,
                           mimic.multiplier)
        elif mimic is not None and any(j.name == mimic.joint for j in self.obj.joints):
            self._coupling(f"{name}__mimic", name, None, mimic.offset, 0.0)

    def _coupling(self, name: str, joint1: str, joint2: str | None, offset: float,
                  slope: float) -> None:
        """``joint1 = offset + slope * joint2`` (``joint1 = offset`` without ``joint2``)."""
        attrs = {"name": name, "joint1": joint1, **({"joint2": joint2} if joint2 else {}),
                 "polycoef": vec_text([offset, slope, 0, 0, 0]), "solref": EQUALITY_SOLREF,
                 "solimp": EQUALITY_SOLIMP}
        etree.SubElement(self.equality, "joint", attrs)

    def _mesh_geom(self, el: etree._Element, link: Link, mesh: MeshRef) -> None:
        problem_key = (mesh.path, mesh.filename)
        if problem_key not in self.mesh_problems:
            self.mesh_problems[problem_key] = _mesh_problem(mesh, self.cache)
        reason = self.mesh_problems[problem_key]
        if reason is not None:
            self.skipped.append(SkippedMesh(link.name, mesh.filename, mesh.kind, reason))
            return
        scale = tuple(float(s) for s in np.asarray(mesh.scale, float).reshape(3))
        key = (mesh.filename, scale)
        if key not in self.mesh_assets:
            name = _unique(PurePosixPath(mesh.filename).stem or "mesh", self.mesh_names)
            attrs = {"name": name, "file": mesh.filename, "inertia": "shell"}
            if scale != (1.0, 1.0, 1.0):
                attrs["scale"] = vec_text(scale)
            etree.SubElement(self.asset, "mesh", attrs)
            self.mesh_assets[key] = name
        etree.SubElement(el, "geom", {"class": mesh.kind, "type": "mesh",
                                      "mesh": self.mesh_assets[key], **pose_attrs(mesh.origin)})


def _mesh_problem(mesh: MeshRef, cache: MeshCache) -> str | None:
    if mesh.path is None:
        return "unresolved"
    rel = PurePosixPath(mesh.filename)
    if "://" in mesh.filename or rel.is_absolute() or ".." in rel.parts or "\\" in mesh.filename:
        return "not_relative"
    if rel.suffix.lower() not in MESH_FORMATS:
        return "format"
    if _vertex_count(mesh.path, cache) < MUJOCO_MIN_VERTICES:
        return "too_few_vertices"  # MuJoCo refuses such a mesh asset
    return None


def _vertex_count(path: str, cache: MeshCache, *, enough: int = MUJOCO_MIN_VERTICES) -> int:
    """Vertices of a mesh file, counted up to ``enough`` (``v`` lines of an OBJ, read until
    ``enough`` are seen, without parsing; else read through ``cache``); a file that cannot be
    read counts as enough (MuJoCo will say what is wrong)."""
    try:
        if path.lower().endswith(".obj"):
            count = 0
            with open(path, "rb") as stream:
                for line in stream:
                    count += line.startswith(b"v ")
                    if count >= enough:
                        break
            return count
        return len(cache.mesh(path).vertices)
    except (OSError, MeshLoadFailure):
        return 4


def _half_size(shape: str, size: tuple[float, ...]) -> list[float]:
    if shape == "box":
        return [s / 2.0 for s in size]
    if shape == "cylinder":
        return [size[0], size[1] / 2.0]
    return [size[0]]


def _physical_moments(moments: np.ndarray, moving: bool) -> np.ndarray:
    """Moments MuJoCo accepts: rounding negatives to 0, moving bodies floored (see
    :data:`MIN_MOVING_INERTIA`), triangle-inequality violations within
    ``tol.INERTIA_SLACK`` (a flat plate's ``C = A + B`` after rounding) closed."""
    d = np.maximum(np.asarray(moments, float), 0.0)
    if moving:
        d = np.maximum(d, max(tol.INERTIA_FLOOR * float(d.max()), MIN_MOVING_INERTIA))
    for i in range(3):
        j, k = (i + 1) % 3, (i + 2) % 3
        others = float(d[j] + d[k])  # MuJoCo's own sum: ``d.sum() - d[i]`` can round above it
        if others < d[i] <= others * (1.0 + tol.INERTIA_SLACK):
            d[i] = others
    return d
