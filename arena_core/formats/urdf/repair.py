"""Repairs of a URDF's XML tree before yourdfpy reads it (:func:`repair_tree`).

Libraries ship URDFs that ROS tools, PyBullet or MuJoCo load although they bend the URDF
specification. Each case below is repaired with a warning when the file's meaning is kept,
or refused with an error (:class:`RepairError`, a stable code) when the object could not be
trusted. Only what the reader uses is looked at: the ``<link>``, ``<joint>`` and
``<material>`` children of ``<robot>`` (:func:`urdf_elements`); ``<gazebo>``,
``<transmission>`` and other extension elements are left alone, so their attributes are
never read as URDF (a Gazebo ``<fdir1 value="1 0 0">`` is not a URDF ``value``).

==============================  ========  ================================================
code                            severity  case
==============================  ========  ================================================
``urdf.macro.substituted``      warning   a ``$(optenv VAR default)`` left by xacro is read
                                          as ``default`` (the environment is no input);
                                          ``$(find PKG)`` as ``package://PKG``
``urdf.macro.unresolved``       error     any other ``$(...)``: ``$(arg x)``, ``$(env X)``,
                                          ``$(optenv X)`` without default, ``$(eval ...)``
``urdf.robot.name_missing``     warning   ``<robot>`` without ``name``: the file stem
``urdf.no_links``               error     no ``<link>`` at all (an empty xacro macro file,
                                          a PyBullet ``<deformable>``)
``urdf.<tag>.repeated``         warning   an element URDF allows once is given several
                                          times (``<axis>``, ``<origin>``, ``<inertial>``,
                                          ...): the copies agree, or they differ on what
                                          does not move the object (``inertial``,
                                          ``dynamics``, a visual's ``origin``, ...). The
                                          first is kept, as urdfdom and PyBullet read it
``urdf.<tag>.conflict``         error     the copies of an element that decides the motion
                                          differ: a joint's ``origin``, ``axis``, ``limit``,
                                          ``parent``, ``child`` or ``mimic``. Which one the
                                          author meant is unknown, so the object is refused
``urdf.joint.floating_root``    warning   a ``floating`` or ``planar`` joint from an empty
                                          root link (PyBullet/Genesis ``world``, a mobile
                                          base's ``base_footprint``) to the object: both
                                          are dropped and the object is a free body (such
                                          a joint anywhere else stays
                                          ``joint.type.unsupported``)
``urdf.joint.spherical``        warning   a ``spherical`` joint (a PyBullet extension; its
                                          ball joint) is written as three joints about the
                                          joint frame's x, y, z through two massless links,
                                          as the MJCF reader writes MuJoCo's ``ball``:
                                          continuous, or [-r, r] each when its ``<limit>``
                                          bounds it by r < pi/2 (a box that contains
                                          PyBullet's cone and twist); info when unlimited
``urdf.geometry.material``      warning   a ``<material>`` inside ``<geometry>`` (PyBullet's
                                          racecar) is dropped: it is no shape, and a
                                          visual's material sits beside its geometry
``urdf.geometry.capsule``       warning   ``<capsule radius length>`` (a PyBullet / ROS 2
                                          extension, axis along local Z, ``length``
                                          between the cap centers) is written as the same
                                          solid: a cylinder and two spheres
==============================  ========  ================================================

Numbers written by a repair are ``repr(float)`` (they read back exactly).

Example:
    >>> root = etree.fromstring(
    ...     '<robot name="r"><link name="a"/><link name="b"/><joint name="j" type="revolute">'
    ...     '<parent link="a"/><child link="b"/><axis xyz="0 0 1"/><axis xyz="0 0 1.0"/>'
    ...     '<origin xyz="$(optenv X 0 0 0.1)"/></joint></robot>')
    >>> issues = []
    >>> repair_tree(root, issues, stem="r")
    >>> sorted(i.code for i in issues)
    ['urdf.axis.repeated', 'urdf.macro.substituted']
    >>> root.find("joint/origin").get("xyz"), len(root.findall("joint/axis"))
    ('0 0 0.1', 1)
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator

import numpy as np
from lxml import etree

from schemas.errors import ArenaError
from schemas.issues import Issue, issue

#: Children of ``<robot>`` that URDF defines (and the reader reads).
URDF_ELEMENTS = frozenset({"link", "joint", "material"})

#: Children an element may have once, by element (URDF 1.0 and urdfdom).
ONCE = {
    "joint": ("origin", "parent", "child", "axis", "calibration", "dynamics", "limit", "mimic",
              "safety_controller"),
    "link": ("inertial",),
    "inertial": ("origin", "mass", "inertia"),
    "visual": ("origin", "geometry", "material"),
    "collision": ("origin", "geometry"),
}

#: Joint children whose differing copies make the motion ambiguous (``urdf.<tag>.conflict``).
KINEMATIC = frozenset({"origin", "axis", "limit", "parent", "child", "mimic"})

_MACRO = re.compile(r"\$\(\s*([A-Za-z_]+)((?:\s+[^()]*)?)\)")


class RepairError(ArenaError, ValueError):
    """A tree that cannot be read faithfully; ``code`` is a stable issue code."""

    def __init__(self, code: str, message: str):
        self.code = code
        super().__init__(message)


def repair_tree(root: etree._Element, issues: list[Issue], *, stem: str) -> None:
    """Apply the repairs of the module table but capsules to the ``<robot>`` tree ``root``
    in place, appending warnings to ``issues``; raise :class:`RepairError` for the errors.

    ``stem`` names a robot without ``name`` (the URDF file's stem). Run before the numbers
    are checked (a substituted macro becomes a number); :func:`split_capsules` after.
    """
    _name(root, issues, stem)
    if root.find("link") is None:
        extra = " (a <deformable> body is no articulated object)" \
            if root.find("deformable") is not None else ""
        raise RepairError("urdf.no_links", f"the file defines no <link>{extra}")
    _macros(root, issues)
    _repeated(root, issues)
    _floating_root(root, issues)
    _spherical(root, issues)
    _misplaced_materials(root, issues)


def urdf_elements(root: etree._Element, *tags: str) -> Iterator[etree._Element]:
    """Every element of the ``<link>``/``<joint>``/``<material>`` children of ``root``
    (themselves included), in document order; with ``tags``, only those named so (the
    filter runs inside lxml: the same elements as testing ``el.tag``, fewer Python steps)."""
    for top in root:
        if isinstance(top.tag, str) and top.tag in URDF_ELEMENTS:
            # elements only: no comments, PIs, entities
            yield from top.iter(*tags) if tags else top.iter(etree.Element)


def elements_with_attribute_text(root: etree._Element, text: str
                                 ) -> Iterator[etree._Element]:
    """The elements of :func:`urdf_elements` with an attribute whose value contains ``text``
    (a cheap filter before a per-attribute loop), in document order."""
    for el in urdf_elements(root):
        for value in el.values():
            if text in value:
                yield el
                break


def where(el: etree._Element) -> str:
    """``"<kind>:<name>"`` of the nearest named element holding ``el``."""
    owner = el if el.get("name") else el.getparent()
    while owner is not None and owner.get("name") is None:
        owner = owner.getparent()
    name = owner.get("name") if owner is not None else "?"
    kind = owner.tag if owner is not None else el.tag
    return f"{kind}:{name}"


def _warn(issues: list[Issue], code: str, location: str, message: str) -> None:
    issues.append(issue(code, message, severity="warning", location=location))


# ----------------------------------------------------------------------------- name, macros
def _name(root: etree._Element, issues: list[Issue], stem: str) -> None:
    if (root.get("name") or "").strip():
        return
    root.set("name", stem)
    _warn(issues, "urdf.robot.name_missing", "file", f"<robot> has no name; named {stem!r} "
          "after the file")


def _macros(root: etree._Element, issues: list[Issue]) -> None:
    for el in elements_with_attribute_text(root, "$("):
        for attr, value in el.attrib.items():
            if "$(" not in value:
                continue
            new = _MACRO.sub(lambda m, el=el, attr=attr: _macro(m, el, attr), value)
            if "$(" in new:
                raise RepairError("urdf.macro.unresolved", f"{where(el)}: <{el.tag} {attr}="
                                  f"{value[:120]!r}> holds an unbalanced $( substitution")
            el.set(attr, new)
            _warn(issues, "urdf.macro.substituted", where(el),
                  f"<{el.tag} {attr}={value[:120]!r}> read as {new[:120]!r}")


def _macro(match: re.Match, el: etree._Element, attr: str) -> str:
    command, args = match.group(1), match.group(2).split()
    if command == "optenv" and len(args) >= 2:
        return " ".join(args[1:])
    if command == "find" and len(args) == 1:
        return f"package://{args[0]}"
    raise RepairError("urdf.macro.unresolved", f"{where(el)}: <{el.tag} {attr}=...> holds "
                      f"{match.group(0)[:120]!r}, a xacro/roslaunch substitution with no value "
                      "in the file (expand the xacro with its arguments)")


# ----------------------------------------------------------------------------- repeats
def _repeated(root: etree._Element, issues: list[Issue]) -> None:
    for el in list(urdf_elements(root, *ONCE)):
        seen: set[str] = set()
        repeated = {child.tag for child in el if child.tag in seen or seen.add(child.tag)}
        for tag in ONCE[el.tag]:
            if tag not in repeated:
                continue
            copies = el.findall(tag)
            agree = len({_signature(c) for c in copies}) == 1
            if not agree and el.tag == "joint" and tag in KINEMATIC:
                raise RepairError(f"urdf.{tag}.conflict", f"{where(el)}: {len(copies)} "
                                  f"<{tag}> elements that differ; which one is meant is "
                                  "unknown")
            for extra in copies[1:]:
                el.remove(extra)
            how = "identical" if agree else "differing"
            _warn(issues, f"urdf.{tag}.repeated", where(el), f"<{el.tag}> has {len(copies)} "
                  f"{how} <{tag}> elements; the first is read")


def _signature(el: etree._Element) -> tuple:
    """What an element says: tag, attributes (numbers compared as numbers), children."""
    attrs = tuple(sorted((k, _value(v)) for k, v in el.attrib.items()))
    return el.tag, attrs, tuple(_signature(c) for c in el if isinstance(c.tag, str))


def _value(text: str) -> tuple:
    try:
        return tuple(float(t) for t in text.split())
    except ValueError:
        return (" ".join(text.split()),)


# ----------------------------------------------------------------------------- floating root
def _floating_root(root: etree._Element, issues: list[Issue]) -> None:
    joints = root.findall("joint")
    links = {link.get("name"): link for link in root.findall("link")}
    children = [_link_of(j, "child") for j in joints]
    parents = [_link_of(j, "parent") for j in joints]
    for joint, parent in zip(joints, parents, strict=True):
        kind = (joint.get("type") or "").strip()
        if kind not in ("floating", "planar") or parent not in links:
            continue
        link = links[parent]
        empty = not any(isinstance(c.tag, str) for c in link)
        if empty and parent not in children and parents.count(parent) == 1:
            root.remove(joint)
            root.remove(link)
            _warn(issues, "urdf.joint.floating_root", f"joint:{joint.get('name')}",
                  f"{kind} joint from the empty root link {parent!r} dropped with that "
                  f"link: the object is the {'free' if kind == 'floating' else 'planar'} "
                  f"body {_link_of(joint, 'child')!r}, fixed where it starts")


# ----------------------------------------------------------------------------- spherical
#: The axes a spherical joint is decomposed about, in this order (the MJCF reader's ball).
SPHERICAL_AXES = ("x", "y", "z")
#: A spherical limit below this (rad) bounds each decomposed angle; from it on, continuous.
SPHERICAL_BOX_MAX = np.pi / 2


def _spherical(root: etree._Element, issues: list[Issue]) -> None:
    joints = root.findall("joint")
    taken = {el.get("name") for el in [*joints, *root.findall("link")]}
    for joint in joints:
        if (joint.get("type") or "").strip() != "spherical":
            continue
        name, child = joint.get("name") or "spherical", _link_of(joint, "child") or "child"
        r = _spherical_range(joint)
        names = [_unique(f"{name}_{a}", taken) for a in SPHERICAL_AXES]
        helpers = [_unique(f"{child}__{name}_{a}", taken) for a in SPHERICAL_AXES[:2]]
        ends = [_link_of(joint, "parent"), *helpers, child]
        at = list(root).index(joint)
        root.remove(joint)
        for k, (axis, joint_name) in enumerate(zip(SPHERICAL_AXES, names, strict=True)):
            part = etree.Element("joint", name=joint_name,
                                 type="revolute" if r < SPHERICAL_BOX_MAX else "continuous")
            etree.SubElement(part, "parent", link=ends[k])
            etree.SubElement(part, "child", link=ends[k + 1])
            origin = joint.find("origin")
            if k == 0 and origin is not None:
                part.append(copy.deepcopy(origin))
            etree.SubElement(part, "axis", xyz=" ".join("1" if a == axis else "0"
                                                        for a in SPHERICAL_AXES))
            if r < SPHERICAL_BOX_MAX:
                etree.SubElement(part, "limit", lower=repr(-r), upper=repr(r),
                                 effort="0", velocity="0")
            if (dynamics := joint.find("dynamics")) is not None:
                part.append(copy.deepcopy(dynamics))
            root.insert(at + k, part)
        for k, helper in enumerate(helpers):
            root.insert(at + len(names) + k, etree.Element("link", name=helper))
        limit = (f"its <limit> (largest angle {r:.6g} rad) is written as [-{r:.6g}, {r:.6g}] "
                 "on each angle (a box that contains it)" if r < SPHERICAL_BOX_MAX else
                 "the joints are continuous" + (f" (limit {r:.6g} rad >= pi/2 written as none)"
                                                if np.isfinite(r) else ""))
        issues.append(issue("urdf.joint.spherical", f"spherical joint {name!r} written as "
                            f"{', '.join(names)} (x, y, z of the joint frame, in this order, "
                            f"through the massless links {', '.join(helpers)}); {limit}",
                            severity="info" if np.isinf(r) else "warning",
                            location=f"joint:{names[0]}"))


def _spherical_range(joint: etree._Element) -> float:
    """The largest angle a spherical joint's ``<limit>`` allows (PyBullet's swing ``lower``,
    ``upper`` and ``twist``), inf without one or when it bounds nothing."""
    limit = joint.find("limit")
    values = []
    for attr in ("lower", "upper", "twist"):
        try:
            values.append(abs(float((limit.get(attr) if limit is not None else None) or "nan")))
        except ValueError:
            raise RepairError("urdf.number.invalid", f"{where(joint)}: <limit {attr}="
                              f"{limit.get(attr)[:60]!r}> is not a number") from None
    finite = [v for v in values if np.isfinite(v)]
    return max(finite) if finite and max(finite) > 0 else float(np.inf)


def _unique(name: str, taken: set[str | None]) -> str:
    out, k = name, 1
    while out in taken:
        out, k = f"{name}_{k}", k + 1
    taken.add(out)
    return out


def _link_of(joint: etree._Element, tag: str) -> str | None:
    el = joint.find(tag)
    return el.get("link") if el is not None else None


def _misplaced_materials(root: etree._Element, issues: list[Issue]) -> None:
    for geometry in list(urdf_elements(root, "geometry")):
        for material in geometry.findall("material"):
            geometry.remove(material)
            _warn(issues, "urdf.geometry.material", where(geometry), "<material> inside "
                  "<geometry> dropped (it is no shape)")


# ----------------------------------------------------------------------------- capsules
def split_capsules(root: etree._Element, issues: list[Issue]) -> None:
    """Write every ``<capsule>`` of a link's visual/collision as a cylinder and two spheres
    (``urdf.geometry.capsule``); its numbers must have been checked."""
    for link in root.findall("link"):
        for item in [c for c in link if c.tag in ("visual", "collision")]:
            capsule = item.find("geometry/capsule")
            if capsule is None:
                continue
            parts = _capsule_parts(item, capsule)
            index = list(link).index(item)
            link.remove(item)
            for offset, part in enumerate(parts):
                link.insert(index + offset, part)
            _warn(issues, "urdf.geometry.capsule", f"link:{link.get('name')}",
                  f"<{item.tag}> <capsule radius={capsule.get('radius')!r} "
                  f"length={capsule.get('length')!r}> written as a cylinder and two spheres")


def _capsule_parts(item: etree._Element, capsule: etree._Element) -> list[etree._Element]:
    """The cylinder and the two end spheres of a capsule ``item`` (same origin and kind)."""
    radius, length = capsule.get("radius", "0"), capsule.get("length", "0")
    origin = item.find("origin")
    xyz = np.array(_floats(origin, "xyz"), dtype=float)
    rpy = _floats(origin, "rpy")
    axis = _rpy_matrix(rpy)[:, 2]
    parts = []
    for shape, center in (("cylinder", xyz), ("sphere", xyz + axis * float(length) / 2),
                          ("sphere", xyz - axis * float(length) / 2)):
        part = copy.deepcopy(item)
        geometry = part.find("geometry")
        for child in list(geometry):
            geometry.remove(child)
        attrs = {"radius": radius, "length": length} if shape == "cylinder" else \
            {"radius": radius}
        etree.SubElement(geometry, shape, attrs)
        placed = part.find("origin")
        if placed is None:
            placed = etree.SubElement(part, "origin")
        placed.set("xyz", " ".join(repr(float(v)) for v in center))
        placed.set("rpy", " ".join(repr(float(v)) for v in rpy))
        if shape == "sphere" and part.get("name"):
            del part.attrib["name"]  # names stay unique: only the cylinder keeps it
        parts.append(part)
    return parts


def _floats(el: etree._Element | None, attr: str) -> list[float]:
    value = el.get(attr) if el is not None else None
    return [float(t) for t in value.split()] if value else [0.0, 0.0, 0.0]


def _rpy_matrix(rpy: list[float]) -> np.ndarray:
    """URDF's fixed-axis roll-pitch-yaw: ``Rz(yaw) Ry(pitch) Rx(roll)``."""
    r, p, y = rpy
    cr, sr, cp, sp, cy, sy = np.cos(r), np.sin(r), np.cos(p), np.sin(p), np.cos(y), np.sin(y)
    return np.array([[cy * cp, cy * sp * sr - sy * cr, cy * sp * cr + sy * sr],
                     [sy * cp, sy * sp * sr + cy * cr, sy * sp * cr - cy * sr],
                     [-sp, cp * sr, cp * cr]])
