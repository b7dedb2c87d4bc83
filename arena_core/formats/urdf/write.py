"""Write an :class:`~arena_core.model.articulated.ArticulatedObject` as URDF (arena URDF v1 syntax).

The writer is literal: it writes what the object holds (mesh filenames as stored in each
:class:`~arena_core.model.articulated.MeshRef`, limits as stored) with every float in its shortest
round-trip representation, so ``read_urdf(write_urdf(x))`` reproduces ``x`` exactly up to
the rotation-to-rpy conversion: angles are written rounded to :data:`RPY_DECIMALS` places
(:func:`canonical_rpy`), which makes the text a function of the rotation that survives
write/read cycles unchanged (``arena_core.pipeline.normalize.stable_pose`` snaps origins to it). Making an object canonical (units, frames, mesh
copies, complete limits, inertials) is :mod:`arena_core.pipeline.normalize`'s job.

Helical joints are written as ``revolute`` (finite limits) or ``continuous`` with a
``<helical pitch="H"/>`` child element (which standard loaders ignore), followed by the
prismatic joint that mimics it with multiplier ``H`` through a massless link, so that
simulators execute the pitch (:mod:`arena_core.model.helical`; the reader collapses the pair).
A moving joint's :class:`~arena_core.model.dynamics.Dynamics` is its ``<dynamics>`` element
(``damping``, ``friction``, and ``armature``/``stiffness``/``springref`` when not 0).
"""

from __future__ import annotations

import math
import os
from pathlib import Path

import numpy as np
from lxml import etree

from arena_core.model import helical
from arena_core.model.articulated import (
    ArticulatedObject,
    Joint,
    Link,
    MassProperties,
    MeshRef,
    Primitive,
)
from arena_core.model.dynamics import urdf_values
from arena_core.util import tolerances as tol
from arena_core.util.fs import write_atomic

#: Format tag written into every canonical URDF (and into release metadata).
FORMAT_VERSION = "arena-urdf-1"

#: Decimal places of written roll-pitch-yaw angles (rad). Re-deriving the angles from a
#: rotation read back moves them by a few 1e-16, far below this last digit, so a rotation
#: written, read and written again gives the same text.
RPY_DECIMALS = 12

#: Rounded angles below this are written plus ``2 pi``: ``-pi + tol.RPY_WRAP`` moved to
#: half-way between two rounding steps, so that no rounded angle lies near it.
_WRAP_BELOW = (math.floor((-math.pi + tol.RPY_WRAP) * 10**RPY_DECIMALS) + 0.5) / 10**RPY_DECIMALS


def urdf_string(obj: ArticulatedObject) -> str:
    """The URDF text of ``obj`` (deterministic: same object, same bytes)."""
    robot = etree.Element("robot", name=obj.name)
    robot.append(etree.Comment(f" {FORMAT_VERSION} "))
    links, joints = helical.expand(list(obj.links.values()), obj.joints)
    by_name = {link.name: link for link in links}
    for name in _link_order(obj.root, links, joints):
        _write_link(robot, by_name[name])
    for joint in joints:
        _write_joint(robot, joint)
    text = etree.tostring(robot, pretty_print=True, xml_declaration=True, encoding="utf-8")
    return text.decode()


def write_urdf(obj: ArticulatedObject, path: str | os.PathLike) -> Path:
    """Write ``obj`` to ``path`` atomically (temp file + rename); returns the path."""
    path = Path(path)
    write_atomic(path, urdf_string(obj))
    return path


def fmt(value: float) -> str:
    """Shortest round-trip text of a float (``-0.0`` written as ``0``)."""
    value = float(value)
    if value == 0.0:
        return "0"
    if math.isinf(value):
        return "inf" if value > 0 else "-inf"
    text = repr(value)
    return text[:-2] if text.endswith(".0") else text


def _vec(values) -> str:
    return " ".join(map(fmt, np.asarray(values, dtype=float).reshape(-1).tolist()))


#: Rows of the identity pose and rotation as lists (an exact ``==`` with ``tolist()``).
_EYE4_ROWS = np.eye(4).tolist()
_EYE3_ROWS = np.eye(3).tolist()


def identity_rotation(rows: list) -> bool:
    """Whether the rows of a ``(4, 4)`` or ``(3, 3)`` pose (``tolist()``) hold the identity
    rotation exactly (``-0.0`` counts as ``0``, as ``np.array_equal`` counts it)."""
    return [row[:3] for row in rows[:3]] == _EYE3_ROWS


def _link_order(root: str, links: list[Link], joints: list[Joint]) -> list[str]:
    order = [root]
    order += [j.child for j in joints if j.child != root]
    return order + sorted({link.name for link in links} - set(order))


def _origin(parent: etree._Element, pose: np.ndarray) -> None:
    pose = np.asarray(pose, dtype=float)
    rows = pose.tolist()
    if rows == _EYE4_ROWS:
        return
    # canonical_rpy of the identity is 0 0 0 (atan2 of zeros, at most -0.0: written "0")
    rpy = "0 0 0" if pose.shape == (4, 4) and identity_rotation(rows) else \
        _vec(canonical_rpy(pose))
    etree.SubElement(parent, "origin", xyz=_vec(pose[:3, 3]), rpy=rpy)


def rpy_from_matrix(pose: np.ndarray) -> np.ndarray:
    """URDF fixed-axis roll-pitch-yaw ``(3,)`` of the rotation in a ``(4, 4)`` or ``(3, 3)``
    (``R = Rz(yaw) Ry(pitch) Rx(roll)``), accurate to rounding at every pitch.

    The textbook formulas take yaw from ``(R10, R00)``, which near gimbal lock (pitch
    ``+-pi/2``) are both ~0 and all noise: the angles then miss the rotation by far more than
    rounding (1e-5 for a robot joint 5e-12 rad from the lock). Here roll comes first, from
    ``(R21, R22)``; ``R Rx(-roll)`` is then ``Rz(yaw) Ry(pitch)`` up to an error of
    ``|roll error| * cos(pitch)`` -- tiny either way, because roll is only ill-determined
    where ``cos(pitch)`` is tiny -- and yaw and pitch are read from its well-conditioned
    entries.

    >>> from scipy.spatial.transform import Rotation
    >>> near_lock = Rotation.from_euler("xyz", [0.3, np.pi / 2 - 5e-12, -1.2]).as_matrix()
    >>> back = Rotation.from_euler("xyz", rpy_from_matrix(near_lock)).as_matrix()
    >>> bool(np.abs(back - near_lock).max() < 1e-15)
    True
    """
    rot = np.asarray(pose, dtype=float)[:3, :3]
    roll = math.atan2(rot[2, 1], rot[2, 2])
    c, s = math.cos(roll), math.sin(roll)
    rest = rot @ np.array([[1.0, 0.0, 0.0], [0.0, c, s], [0.0, -s, c]])  # R Rx(-roll)
    pitch = math.atan2(-rest[2, 0], rest[2, 2])
    yaw = math.atan2(-rest[0, 1], rest[1, 1])
    return np.array([roll, pitch, yaw])


def canonical_rpy(pose: np.ndarray) -> np.ndarray:
    """The rpy ``(3,)`` written for a rotation: rounded to :data:`RPY_DECIMALS`, ``-0`` as
    ``0``, and an angle near ``-pi`` written as the same angle plus ``2 pi``.

    Writing, reading and writing again gives the same text: the angles re-derived from a
    rotation read back differ by ~1e-16 from the written ones, which rounds back to them;
    the ``-pi`` wrap (sign flips at the branch cut of ``atan2``) is decided on the rounded
    angle against a threshold half-way between two rounding steps, so it cannot flip either.
    Only rotations within ~0.03 deg of gimbal lock (pitch ``+-pi/2``) can still change.

    >>> canonical_rpy(np.diag([1.0, -1.0, -1.0])).tolist()  # roll of pi, either sign
    [3.14159265359, 0.0, 0.0]
    """
    rpy = np.round(rpy_from_matrix(pose), RPY_DECIMALS)
    wrapped = np.round(rpy + 2.0 * math.pi, RPY_DECIMALS)
    return np.where(rpy < _WRAP_BELOW, wrapped, rpy) + 0.0


def _write_link(robot: etree._Element, link: Link) -> None:
    el = etree.SubElement(robot, "link", name=link.name)
    if link.inertial is not None:
        _write_inertial(el, link.inertial)
    for kind in ("visual", "collision"):
        for i, mesh in enumerate(m for m in link.meshes if m.kind == kind):
            _write_mesh(el, mesh, i)
        for prim in (p for p in link.primitives if p.kind == kind):
            _write_primitive(el, prim)


def _write_inertial(parent: etree._Element, mass: MassProperties) -> None:
    el = etree.SubElement(parent, "inertial")
    pose = np.eye(4)
    pose[:3, 3] = mass.com
    _origin(el, pose)
    etree.SubElement(el, "mass", value=fmt(mass.mass))
    inertia = np.asarray(mass.inertia, dtype=float)
    etree.SubElement(el, "inertia", ixx=fmt(inertia[0, 0]), ixy=fmt(inertia[0, 1]),
                     ixz=fmt(inertia[0, 2]), iyy=fmt(inertia[1, 1]), iyz=fmt(inertia[1, 2]),
                     izz=fmt(inertia[2, 2]))


def _write_mesh(parent: etree._Element, mesh: MeshRef, index: int) -> None:
    attrs = {"name": mesh.name} if mesh.name else {}
    el = etree.SubElement(parent, mesh.kind, **attrs)
    _origin(el, mesh.origin)
    geom = etree.SubElement(el, "geometry")
    mesh_attrs = {"filename": mesh.filename}
    if np.asarray(mesh.scale, float).tolist() != [1.0, 1.0, 1.0]:  # np.array_equal
        mesh_attrs["scale"] = _vec(mesh.scale)
    etree.SubElement(geom, "mesh", **mesh_attrs)


def _write_primitive(parent: etree._Element, prim: Primitive) -> None:
    el = etree.SubElement(parent, prim.kind)
    _origin(el, prim.origin)
    geom = etree.SubElement(el, "geometry")
    if prim.shape == "box":
        etree.SubElement(geom, "box", size=_vec(prim.size))
    elif prim.shape == "cylinder":
        etree.SubElement(geom, "cylinder", radius=fmt(prim.size[0]), length=fmt(prim.size[1]))
    else:
        etree.SubElement(geom, "sphere", radius=fmt(prim.size[0]))


def _urdf_type(joint: Joint) -> str:
    if joint.type != "helical":
        return joint.type
    return "continuous" if math.isinf(joint.lower) and math.isinf(joint.upper) else "revolute"


def _write_joint(robot: etree._Element, joint: Joint) -> None:
    urdf_type = _urdf_type(joint)
    el = etree.SubElement(robot, "joint", name=joint.name, type=urdf_type)
    _origin(el, joint.origin_local)
    etree.SubElement(el, "parent", link=joint.parent)
    etree.SubElement(el, "child", link=joint.child)
    if joint.moving:
        etree.SubElement(el, "axis", xyz=_vec(joint.axis_local))
    limit = {}
    if joint.effort is not None:
        limit["effort"] = fmt(joint.effort)
    if joint.velocity is not None:
        limit["velocity"] = fmt(joint.velocity)
    if urdf_type in ("revolute", "prismatic"):
        limit["lower"], limit["upper"] = fmt(joint.lower), fmt(joint.upper)
    if limit and joint.moving:
        etree.SubElement(el, "limit", **limit)
    if joint.dynamics is not None and joint.moving:
        etree.SubElement(el, "dynamics", {k: fmt(v) for k, v in urdf_values(joint.dynamics).items()})
    if joint.type == "helical":
        etree.SubElement(el, "helical", pitch=fmt(joint.pitch))
    if joint.mimic is not None:
        etree.SubElement(el, "mimic", joint=joint.mimic.joint,
                         multiplier=fmt(joint.mimic.multiplier), offset=fmt(joint.mimic.offset))
