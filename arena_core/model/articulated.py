"""The in-memory articulated object: links, one-DOF joints, rest-pose kinematics.

An :class:`ArticulatedObject` is what every stage works on. It is built from URDF by
:func:`arena_core.formats.urdf.read.read_urdf` and written back by :func:`arena_core.formats.urdf.write.write_urdf`.
All root-frame quantities are taken at the **stored state** (every joint coordinate 0).

Conventions (SPEC section 3):

* ``Joint.origin_local`` is the URDF ``<origin>`` of the joint: the pose of the child
  link frame in the parent link frame at ``q = 0`` (a ``(4, 4)`` homogeneous matrix).
* ``Joint.axis_local`` is the URDF ``<axis>`` in the joint (= child) frame, as written.
* ``ArticulatedObject.link_poses[name]`` is the ``(4, 4)`` pose of a link frame in the
  root frame; ``Joint.axis``/``Joint.point`` are the joint axis (unit) and the joint
  frame origin in the root frame.
* Twists are ``(omega, v)`` (angular first): revolute/continuous ``(a, p x a)``,
  prismatic ``(0, a)``, helical ``(a, p x a + h a)``, fixed ``0``.

Example:
    >>> import numpy as np
    >>> j = Joint(name="hinge", type="revolute", parent="base", child="door",
    ...           origin_local=np.eye(4), axis_local=np.array([0.0, 0.0, 1.0]),
    ...           lower=0.0, upper=np.pi / 2)
    >>> obj = ArticulatedObject.from_parts("door", [Link("base"), Link("door")], [j])
    >>> obj.twists().round(3).tolist()
    [[0.0, 0.0, 1.0, 0.0, 0.0, 0.0]]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, TypeVar

import numpy as np

from arena_core.model.dynamics import Dynamics  # noqa: F401 - a joint's dynamics, part of the model
from arena_core.util import tolerances as tol
from schemas.errors import ArenaError
from schemas.record import JOINT_TYPES, ROTATING_TYPES  # noqa: F401 - defined once, in schemas


class ModelError(ArenaError, ValueError):
    """An object whose structure cannot be represented (the message says why).

    ``code`` is a stable issue code: ``structure.duplicate_name``, ``structure.dangling``,
    ``structure.multiple_parents``, ``structure.multiple_roots`` or ``structure.cycle``.
    """

    def __init__(self, message: str, code: str = "structure.not_a_tree"):
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class MassProperties:
    """Mass ``kg``, COM ``(3,)`` m and inertia about the COM ``(3, 3)`` kg m^2.

    Expressed in the frame named by the owner (links store them in the link frame in
    :class:`Link` and :meth:`ArticulatedObject.root_mass` maps them to the root frame).
    """

    mass: float
    com: np.ndarray
    inertia: np.ndarray
    source: str = "urdf"

    def transformed(self, pose: np.ndarray) -> MassProperties:
        """Return the same body expressed through the rigid ``(4, 4)`` ``pose``."""
        rot = pose[:3, :3]
        return replace(self, com=rot @ self.com + pose[:3, 3], inertia=rot @ self.inertia @ rot.T)


@dataclass(frozen=True)
class MeshRef:
    """One ``<visual>`` or ``<collision>`` mesh of a link.

    ``filename`` is the string in the URDF; ``path`` the resolved file on disk (``None``
    when it does not resolve safely); ``origin`` the ``(4, 4)`` pose in the link frame;
    ``scale`` the ``(3,)`` URDF scale.
    """

    filename: str
    path: str | None
    origin: np.ndarray
    scale: np.ndarray
    kind: str = "visual"
    name: str | None = None


@dataclass(frozen=True)
class Primitive:
    """A ``box``/``cylinder``/``sphere`` geometry with its ``(4, 4)`` link-frame origin."""

    shape: str
    size: tuple[float, ...]
    origin: np.ndarray
    kind: str = "visual"


@dataclass(frozen=True)
class Link:
    """A rigid body: its geometry and (optional) mass properties in the link frame."""

    name: str
    inertial: MassProperties | None = None
    meshes: tuple[MeshRef, ...] = ()
    primitives: tuple[Primitive, ...] = ()

    @property
    def has_geometry(self) -> bool:
        return bool(self.meshes or self.primitives)


@dataclass(frozen=True)
class Mimic:
    joint: str
    multiplier: float = 1.0
    offset: float = 0.0


@dataclass(frozen=True)
class Joint:
    """A one-DOF joint as written in URDF (local frame data) plus limits.

    ``lower``/``upper`` are the joint-coordinate limits (rad or m); a continuous joint
    has ``-inf``/``inf``, a fixed joint ``0``/``0``. ``pitch`` is meters per radian for
    helical joints. ``effort``/``velocity`` are kept for round trips (``None`` if absent);
    ``dynamics`` is ``None`` when the source gives none.
    """

    name: str
    type: str
    parent: str
    child: str
    origin_local: np.ndarray
    axis_local: np.ndarray
    lower: float = 0.0
    upper: float = 0.0
    pitch: float = 0.0
    effort: float | None = None
    velocity: float | None = None
    mimic: Mimic | None = None
    dynamics: Dynamics | None = None

    @property
    def moving(self) -> bool:
        return self.type != "fixed"


@dataclass(frozen=True)
class ArticulatedObject:
    """A kinematic tree of links and one-DOF joints at its stored state."""

    name: str
    root: str
    links: dict[str, Link]
    joints: tuple[Joint, ...]
    link_poses: dict[str, np.ndarray] = field(repr=False)
    source_path: str | None = None

    @classmethod
    def from_parts(
        cls,
        name: str,
        links: Iterable[Link],
        joints: Sequence[Joint],
        *,
        source_path: str | None = None,
    ) -> ArticulatedObject:
        """Assemble an object and compute rest-pose link poses.

        Raises :class:`ModelError` when the joints do not form one tree over the links
        (unknown link, several parents, a cycle, several roots, duplicate names).
        """
        link_map: dict[str, Link] = {}
        for link in links:
            if link.name in link_map:
                raise ModelError(f"duplicate link name {link.name!r}", "structure.duplicate_name")
            link_map[link.name] = link
        root = _find_root(link_map, joints)
        poses = _rest_poses(root, joints)
        missing = sorted(set(link_map) - set(poses))
        if missing:
            raise ModelError(f"links not connected to root {root!r} (they hang on a cycle): "
                             f"{missing[:5]}", "structure.cycle")
        return cls(name, root, link_map, tuple(joints), poses, source_path)

    # ------------------------------------------------------------------ kinematics
    def joint(self, name: str) -> Joint:
        for j in self.joints:
            if j.name == name:
                return j
        raise KeyError(name)

    def axes(self) -> np.ndarray:
        """``(n_joints, 3)`` joint axes in the root frame, normalized (0 for fixed/zero)."""
        out = np.zeros((len(self.joints), 3))
        for i, j in enumerate(self.joints):
            a = self.link_poses[j.child][:3, :3] @ np.asarray(j.axis_local, dtype=float)
            n = np.linalg.norm(a)
            if j.moving and n > tol.ZERO_AXIS:
                out[i] = a / n
        return out

    def points(self) -> np.ndarray:
        """``(n_joints, 3)`` joint-frame origins in the root frame (points on the axes)."""
        return np.array([self.link_poses[j.child][:3, 3] for j in self.joints]).reshape(-1, 3)

    def twists(self) -> np.ndarray:
        """``(n_joints, 6)`` unit twists ``(omega, v)`` in the root frame at rest."""
        return joint_twists(
            [j.type for j in self.joints],
            self.axes(),
            self.points(),
            np.array([j.pitch for j in self.joints], dtype=float),
        )

    def limits(self) -> np.ndarray:
        """``(n_joints, 2)`` lower/upper limits (``-inf``/``inf`` for continuous)."""
        return np.array([[j.lower, j.upper] for j in self.joints], dtype=float).reshape(-1, 2)

    def root_mass(self, link_name: str) -> MassProperties | None:
        """Mass properties of a link expressed in the root frame (``None`` if unknown)."""
        link = self.links[link_name]
        if link.inertial is None:
            return None
        return link.inertial.transformed(self.link_poses[link_name])

    def children(self, link_name: str) -> list[Joint]:
        """The joints whose parent is ``link_name``, in joint order (O(1): indexed once)."""
        return list(self._children.get(link_name, ()))

    @cached_property
    def _children(self) -> dict[str, tuple[Joint, ...]]:
        index: dict[str, list[Joint]] = {}
        for j in self.joints:
            index.setdefault(j.parent, []).append(j)
        return {k: tuple(v) for k, v in index.items()}


def joint_twists(
    types: Sequence[str], axes: np.ndarray, points: np.ndarray, pitches: np.ndarray
) -> np.ndarray:
    """Unit twists ``(n, 6)`` from types, unit axes ``(n, 3)``, points ``(n, 3)``, pitch ``(n,)``.

    >>> joint_twists(["prismatic", "fixed"], np.eye(3)[:2], np.zeros((2, 3)), np.zeros(2))
    array([[0., 0., 0., 1., 0., 0.],
           [0., 0., 0., 0., 0., 0.]])
    """
    types_arr = np.asarray(types, dtype=object).reshape(-1)
    axes = np.asarray(axes, dtype=float).reshape(-1, 3)
    points = np.asarray(points, dtype=float).reshape(-1, 3)
    pitches = np.asarray(pitches, dtype=float).reshape(-1)
    rot = np.isin(types_arr, ROTATING_TYPES)[:, None]
    pris = (types_arr == "prismatic")[:, None]
    helical = (types_arr == "helical")[:, None]
    omega = np.where(rot, axes, 0.0)
    v = np.where(rot, np.cross(points, axes), 0.0)
    v = v + np.where(helical, pitches[:, None] * axes, 0.0) + np.where(pris, axes, 0.0)
    return np.concatenate([omega, v], axis=-1)


def _find_root(links: dict[str, Link], joints: Sequence[Joint]) -> str:
    names = set()
    parents: dict[str, str] = {}
    for j in joints:
        if j.name in names:
            raise ModelError(f"duplicate joint name {j.name!r}", "structure.duplicate_name")
        names.add(j.name)
        for end in (j.parent, j.child):
            if end not in links:
                raise ModelError(f"joint {j.name!r} refers to unknown link {end!r}",
                                 "structure.dangling")
        if j.child in parents:
            raise ModelError(f"link {j.child!r} has two parent joints", "structure.multiple_parents")
        parents[j.child] = j.name
    roots = [name for name in links if name not in parents]
    if len(roots) != 1:
        if not roots:
            raise ModelError("no root link (the joints form a cycle)", "structure.cycle")
        raise ModelError(f"several root links: {sorted(roots)[:5]}", "structure.multiple_roots")
    return roots[0]


#: Anything with ``parent`` and ``child`` link names: a :class:`Joint`, or an engine's own.
J = TypeVar("J")


def walk_links(start: str, child_joints: Callable[[str], Sequence[Any]]) -> Iterator[str]:
    """``start`` and every link below it, depth-first in pre-order: a link, then the subtree
    of each of its child joints in the order ``child_joints(link)`` gives them.

    The one tree walk of the code base; ``child_joints`` is ``obj.children`` (joint order),
    or a sorted or reversed view of it when a caller needs that order among siblings.

    >>> hinge = lambda child: Joint(name=child, type="fixed", parent="base", child=child,
    ...                             origin_local=np.eye(4), axis_local=np.zeros(3))
    >>> obj = ArticulatedObject.from_parts("x", [Link("base"), Link("b"), Link("a")],
    ...                                    [hinge("b"), hinge("a")])
    >>> list(walk_links(obj.root, obj.children))
    ['base', 'b', 'a']
    """
    stack = [start]
    while stack:
        link = stack.pop()
        yield link
        stack.extend(j.child for j in reversed(child_joints(link)))


def joints_parent_first(root: str, child_joints: Callable[[str], Sequence[J]]) -> Iterator[J]:
    """Every joint below ``root``, each after the joint above its parent link: the child
    joints of one link together and in their order, the links taken by :func:`walk_links`
    with the last child first (the order the pose dictionaries have always been filled in)."""
    for link in walk_links(root, lambda name: child_joints(name)[::-1]):
        yield from child_joints(link)


def _rest_poses(root: str, joints: Sequence[Joint]) -> dict[str, np.ndarray]:
    by_parent: dict[str, list[Joint]] = {}
    for j in joints:
        by_parent.setdefault(j.parent, []).append(j)
    poses = {root: np.eye(4)}
    for j in joints_parent_first(root, lambda name: by_parent.get(name, ())):
        if j.child in poses:
            raise ModelError(f"cycle through link {j.child!r}", "structure.cycle")
        poses[j.child] = poses[j.parent] @ np.asarray(j.origin_local, dtype=float)
    return poses


def unique_name(name: str, taken: set[str]) -> str:
    """``name`` if free, else ``name`` with the first ``_1``, ``_2``, ... not in ``taken``.

    >>> unique_name("base", {"base", "base_1"}), unique_name("base_joint", {"base"})
    ('base_2', 'base_joint')
    """
    if name not in taken:
        return name
    k = 1
    while f"{name}_{k}" in taken:
        k += 1
    return f"{name}_{k}"
