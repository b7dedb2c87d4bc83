"""The URDF encoding of a helical joint that simulators execute.

Standard URDF has no screw joint: loaders ignore the ``<helical pitch>`` element of arena
URDF and move a helical joint as a plain hinge, losing the translation ``pitch * angle``.
The canonical URDF therefore writes a helical joint ``J`` (parent ``P``, child ``C``, axis
``a``, pitch ``h``) as two joints on the same axis through a massless link::

    J          revolute|continuous  P -> J__screw   origin of J, axis a, limits of J,
                                                    <helical pitch="h"/>
    J__screw   link with the placeholder inertial (arena_core.model.inertia)
    J__pitch   prismatic            J__screw -> C   identity origin, axis a,
                                                    limits h * [lower, upper],
                                                    <mimic joint="J" multiplier="h"/>

Rotation and translation about one axis commute, so the composition is exactly the screw
motion, and every engine that honours ``<mimic>`` (or is given the coordinate ``h q``, as
the ``engines`` stage does) moves the child with its pitch. :func:`collapse` reads the pair
back as the one helical joint (names, axis, multiplier and origin must match exactly, as
:func:`expand` writes them), so arena_core, the records and the metric see one joint, and
the oracle proves the canonical object exact.

Example:
    >>> import numpy as np
    >>> from arena_core.model.articulated import ArticulatedObject, Joint, Link
    >>> j = Joint("s", "helical", "base", "nut", np.eye(4), np.array([0.0, 0, 1]),
    ...           lower=0.0, upper=6.0, pitch=0.01)
    >>> links, joints = expand([Link("base"), Link("nut")], [j])
    >>> [(x.name, x.type, x.parent, x.child) for x in joints]
    [('s', 'helical', 'base', 's__screw'), ('s__pitch', 'prismatic', 's__screw', 'nut')]
    >>> [x.name for x in collapse(links, joints)[1]]
    ['s']
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace

import numpy as np

from arena_core.model.articulated import Joint, Link, Mimic, unique_name
from arena_core.model.inertia import PLACEHOLDER_MASS, placeholder_inertial
from arena_core.util.input_limits import MAX_LIMIT

#: Suffixes of the massless link and the prismatic joint of the encoding.
SCREW_LINK = "__screw"
PITCH_JOINT = "__pitch"


def expand(links: Sequence[Link], joints: Sequence[Joint]) -> tuple[list[Link], list[Joint]]:
    """Links and joints with every helical joint written as its simulator encoding."""
    out_links, out_joints = list(links), []
    link_names = {link.name for link in links}
    joint_names = {j.name for j in joints}
    for j in joints:
        if j.type != "helical":
            out_joints.append(j)
            continue
        screw = unique_name(j.name + SCREW_LINK, link_names)
        slide = unique_name(j.name + PITCH_JOINT, joint_names)
        link_names.add(screw)
        joint_names.add(slide)
        out_links.append(Link(screw, inertial=placeholder_inertial()))
        lo, hi = _slide_limits(j)
        out_joints += [replace(j, child=screw),
                       Joint(name=slide, type="prismatic", parent=screw, child=j.child,
                             origin_local=np.eye(4), axis_local=np.asarray(j.axis_local, float),
                             lower=lo, upper=hi, effort=j.effort, velocity=j.velocity,
                             mimic=Mimic(j.name, float(j.pitch), 0.0))]
    return out_links, out_joints


def collapse(links: Sequence[Link], joints: Sequence[Joint]) -> tuple[list[Link], list[Joint]]:
    """Links and joints with every encoded helical pair read back as one helical joint."""
    by_parent: dict[str, list[Joint]] = {}
    for j in joints:
        by_parent.setdefault(j.parent, []).append(j)
    link_map = {link.name: link for link in links}
    merged: dict[str, Joint] = {}
    dropped_links, dropped_joints = set(), set()
    for j in joints:
        slide = _encoded_slide(j, link_map.get(j.child), by_parent.get(j.child, []))
        if slide is not None:
            merged[j.name] = replace(j, child=slide.child)
            dropped_links.add(j.child)
            dropped_joints.add(slide.name)
    if not merged:
        return list(links), list(joints)
    return ([link for link in links if link.name not in dropped_links],
            [merged.get(j.name, j) for j in joints if j.name not in dropped_joints])


def urdf_joints(obj) -> list[Joint]:
    """The joints as the canonical URDF holds them (helical ones expanded)."""
    return expand([], obj.joints)[1]


def encoded_coordinates(joints: Sequence[Joint], q: Mapping[str, float]) -> dict[str, float]:
    """``q`` plus the coordinate ``pitch * q[J]`` of each helical joint's ``J__pitch``."""
    out = dict(q)
    helical = {j.name for j in joints if j.type == "helical"}
    for slide in expand([], joints)[1]:
        if slide.name not in out and slide.mimic is not None and slide.mimic.joint in helical:
            out[slide.name] = slide.mimic.multiplier * float(q.get(slide.mimic.joint, 0.0))
    return out


def _slide_limits(j: Joint) -> tuple[float, float]:
    if not (math.isfinite(j.lower) and math.isfinite(j.upper)):
        return -MAX_LIMIT, MAX_LIMIT
    ends = sorted((float(j.pitch) * j.lower, float(j.pitch) * j.upper))
    return ends[0] + 0.0, ends[1] + 0.0


def _encoded_slide(j: Joint, screw: Link | None, below: list[Joint]) -> Joint | None:
    """The ``J__pitch`` joint when ``j`` and its child link are an encoded helical pair."""
    if j.type != "helical" or screw is None or len(below) != 1:
        return None
    slide = below[0]
    massless = screw.inertial is None or screw.inertial.mass <= 2 * PLACEHOLDER_MASS
    if not (massless and not screw.has_geometry and slide.type == "prismatic"
            and slide.mimic is not None and slide.mimic.joint == j.name
            and slide.mimic.multiplier == j.pitch and slide.mimic.offset == 0.0
            and np.array_equal(slide.origin_local, np.eye(4))
            and np.array_equal(np.asarray(slide.axis_local, float),
                               np.asarray(j.axis_local, float))):
        return None
    return slide
