"""Read URDF into an :class:`~arena_core.model.articulated.ArticulatedObject`, safely.

XML is parsed by lxml with entity expansion, DTD loading and network access disabled,
then handed to yourdfpy's element parser (no hand-written XML parsing here;
:mod:`arena_core.formats.urdf.parse` only spares yourdfpy composing the same origin twice). yourdfpy
loads broken structure silently or fails with bare exceptions, so structure is checked
by :meth:`ArticulatedObject.from_parts` and every failure becomes a :class:`UrdfError`
with a stable code. Problems the reader can repair while keeping the file's meaning
(a trailing NUL byte, comma-separated vectors, the cases of :mod:`arena_core.formats.urdf.repair`)
and mesh references that do not resolve are returned as issues next to the object, never
raised. Only what URDF defines is checked (:mod:`arena_core.formats.urdf.spec`); a ``<gazebo>`` or
``<transmission>`` block, a ROS ``<verbose>`` or a ``<drake:...>`` element is not URDF and is
not read (one ``urdf.element.ignored`` info per kind), as the engines do not read it.

Reader codes beyond those of :mod:`arena_core.formats.urdf.repair`:

* ``mesh.path.package_guessed`` (warning, once per package): ``package://NAME`` resolved
  without a ``package.xml`` declaring ``NAME`` (:mod:`arena_core.package_uri`, rules 2-3);
  ``mesh.path.package_unresolved`` (error) when no rule finds it.
* ``urdf.limit.no_bounds`` (warning): a revolute ``<limit>`` with neither ``lower`` nor
  ``upper`` (PyBullet's minitaur, ANYmal C) is read as ``continuous``. The URDF
  specification defaults both to 0, which would freeze the joint; MuJoCo and PyBullet load
  it unlimited, and so does this reader. So are limits beyond both
  +-:data:`~arena_core.util.input_limits.MAX_LIMIT` (a rotor's ``[-1e16, 1e16]``, SDF's "unlimited"). (A revolute joint with no ``<limit>`` at all, or
  with one bound only, stays ``joint.limit.missing``.)

Extension (arena URDF v1): ``<joint type="revolute|continuous"><helical pitch="H"/>``
is a helical joint with pitch ``H`` meters per radian.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from lxml import etree

from arena_core.formats.urdf.meshes import MeshResolver
from arena_core.formats.urdf.parse import parse_robot
from arena_core.formats.urdf.repair import (
    RepairError,
    elements_with_attribute_text,
    repair_tree,
    split_capsules,
    urdf_elements,
    where,
)
from arena_core.formats.urdf.spec import NUMBER_ATTRIBUTES, ignored_elements, specified_elements
from arena_core.formats.xmlsafe import XmlError, parse_xml, safe_xml_bytes
from arena_core.model import helical
from arena_core.model.articulated import (
    ArticulatedObject,
    Joint,
    Link,
    MassProperties,
    MeshRef,
    Mimic,
    ModelError,
    Primitive,
)
from arena_core.model.dynamics import DynamicsError, read_dynamics
from arena_core.util.fs import file_problem
from arena_core.util.input_limits import MAX_JOINTS, MAX_LIMIT, MAX_LINKS, MAX_XML_BYTES
from schemas.errors import ArenaError
from schemas.issues import Issue, issue

#: Largest URDF file read (bytes); larger input is refused, not parsed.
MAX_URDF_BYTES = MAX_XML_BYTES

_VECTOR_ATTRS = ("xyz", "rpy", "scale")
#: How many numbers an attribute holds, by ``(element, attribute)`` (``*``: any element).
_ARITY = {("mesh", "scale"): (1, 3), ("box", "size"): (3,), ("*", "xyz"): (3,),
          ("*", "rpy"): (3,), **{("*", a): (1,) for a in (
              "radius", "length", "value", "lower", "upper", "effort", "velocity", "pitch",
              "multiplier", "offset", "ixx", "ixy", "ixz", "iyy", "iyz", "izz")}}
#: Attributes a geometry element must have.
_REQUIRED = {"box": ("size",), "sphere": ("radius",), "cylinder": ("radius", "length"),
             "capsule": ("radius", "length")}
_GEOMETRIES = frozenset({"box", "cylinder", "sphere", "mesh"})
_XML_DECLARATION = re.compile(rb"^<\?xml\s+version\s*=\s*([\"'])([^\"']*)\1")
_ONE_DOF = {"revolute", "prismatic", "continuous", "fixed", "helical", "screw"}


class UrdfError(ArenaError, ValueError):
    """A URDF that cannot be read at all. ``code`` is a stable issue code."""

    def __init__(self, code: str, message: str, path: str | os.PathLike | None = None):
        self.code = code
        self.path = str(path) if path is not None else None
        where = f"{path}: " if path is not None else ""
        super().__init__(f"{where}{message}")


@dataclass(frozen=True)
class ReadResult:
    """A parsed object and the issues found while reading it."""

    obj: ArticulatedObject
    issues: list[Issue] = field(default_factory=list)


def read_urdf(
    path: str | os.PathLike,
    *,
    root_dir: str | os.PathLike | None = None,
    package_dirs: Mapping[str, str | os.PathLike] | None = None,
    scale: float = 1.0,
) -> ReadResult:
    """Read a URDF file.

    Args:
        path: the URDF file.
        root_dir: folder that every mesh must resolve inside (default: the URDF's folder).
        package_dirs: ``package://NAME`` -> folder holding that package.
        scale: length unit of the file in meters (applied to every length read).

    Raises:
        UrdfError: the file is missing, too large, not XML, hostile, or not a tree of
            one-DOF joints.
    """
    path = Path(path)
    data = _read_bytes(path)
    issues: list[Issue] = []
    data = _repair_bytes(data, issues, path)
    xml_root = _parse_xml(data, path, issues)
    _check_size(xml_root, path)
    _repair_vectors(xml_root, issues)
    try:
        repair_tree(xml_root, issues, stem=path.stem)
    except RepairError as exc:
        raise UrdfError(exc.code, str(exc), path) from None
    _check_numbers(xml_root, path)
    _note_ignored(xml_root, issues)
    split_capsules(xml_root, issues)
    _check_geometry(xml_root, path)
    resolver = MeshResolver(path, root_dir, package_dirs, issues)
    obj = _build_object(xml_root, path, resolver, scale, issues)
    return ReadResult(obj, issues)


def read_urdf_string(text: str | bytes, *, base_dir: str | os.PathLike, **kwargs) -> ReadResult:
    """Read URDF from a string as if it were a file in ``base_dir`` (for tests and tools)."""
    import tempfile

    raw = text.encode() if isinstance(text, str) else text
    with tempfile.NamedTemporaryFile("wb", suffix=".urdf", dir=base_dir, delete=False) as fh:
        fh.write(raw)
    try:
        return read_urdf(fh.name, **kwargs)
    finally:
        os.unlink(fh.name)


# ----------------------------------------------------------------------------- bytes/XML
def _read_bytes(path: Path) -> bytes:
    problem = file_problem(path, max_bytes=MAX_URDF_BYTES)
    if problem is not None:
        kind = {"missing": "missing"}.get(problem.kind, problem.kind)
        raise UrdfError(f"file.{kind}", problem.message, path)
    return path.read_bytes()


def _repair_bytes(data: bytes, issues: list[Issue], path: Path) -> bytes:
    """Decoded, DTD-free UTF-8 (:mod:`arena_core.formats.xmlsafe`) with small declaration repairs."""
    try:
        data = safe_xml_bytes(data, issues)
    except XmlError as exc:
        raise UrdfError(exc.code, str(exc), path) from None
    stripped = data.lstrip()
    if len(stripped) != len(data) and stripped.startswith(b"<?xml"):
        issues.append(issue("xml.leading_whitespace",
                            "blank lines before the XML declaration removed", location="file"))
        data = stripped
    match = _XML_DECLARATION.match(data)
    if match and match.group(2) not in (b"1.0", b"1.1"):
        version = match.group(2).decode(errors="replace")
        issues.append(issue("xml.declaration_repaired",
                            f"XML declaration version {version!r} read as '1.0'", location="file"))
        data = data[:match.start(2)] + b"1.0" + data[match.end(2):]
    return data


def _parse_xml(data: bytes, path: Path, issues: list[Issue]) -> etree._Element:
    try:
        root = parse_xml(data, issues=issues)
    except XmlError as exc:
        raise UrdfError(exc.code, str(exc), path) from None
    if root.tag != "robot":
        raise UrdfError("urdf.no_robot", f"root element is <{root.tag}>, expected <robot>", path)
    return root


def _check_size(root: etree._Element, path: Path) -> None:
    """Raise ``structure.too_large`` above :data:`~arena_core.util.input_limits.MAX_LINKS` links or
    :data:`~arena_core.util.input_limits.MAX_JOINTS` joints (before anything is allocated for them).
    One more of each is allowed: the root link and joint that normalization may add."""
    for tag, limit in (("link", MAX_LINKS), ("joint", MAX_JOINTS)):
        count = sum(1 for _ in root.iterchildren(tag))
        if count > limit + 1:
            raise UrdfError("structure.too_large", f"{count} {tag}s > limit {limit} "
                            "(arena_core.util.input_limits)", path)


def _repair_vectors(root: etree._Element, issues: list[Issue]) -> None:
    for el in elements_with_attribute_text(root, ","):
        for attr in _VECTOR_ATTRS:
            value = el.get(attr)
            if value is not None and "," in value:
                el.set(attr, value.replace(",", " "))
                issues.append(issue("urdf.comma_vector",
                                    f"comma-separated {attr}={value!r} read as spaces",
                                    location=where(el)))


def _check_numbers(root: etree._Element, path: Path) -> None:
    """Raise ``urdf.number.invalid`` for a numeric attribute that is not numbers,
    ``urdf.attribute.arity`` for one with the wrong count of numbers and
    ``urdf.attribute.missing`` for a geometry without its required sizes."""
    counts: dict[str, int | None] = {}  # value -> how many numbers (None: not numbers)
    for el in specified_elements(root):
        numeric = NUMBER_ATTRIBUTES.get(el.tag, ())
        for attr, value in el.items():
            if attr not in numeric:
                continue
            if value not in counts:
                counts[value] = _number_count(value)
            count = counts[value]
            if count is None:
                raise UrdfError("urdf.number.invalid", f"{where(el)}: <{el.tag} {attr}="
                                f"{value!r}> is not a number", path)
            allowed = _ARITY.get((el.tag, attr), _ARITY.get(("*", attr)))
            if allowed is not None and count not in allowed:
                expected = " or ".join(str(n) for n in allowed)
                raise UrdfError("urdf.attribute.arity", f"{where(el)}: <{el.tag} {attr}="
                                f"{value!r}> holds {count} numbers, expected {expected}", path)
        if el.tag not in _REQUIRED:
            continue
        parent = el.getparent()
        required = _REQUIRED[el.tag] if parent is not None and parent.tag == "geometry" else ()
        for attr in required:
            if el.get(attr) is None:
                raise UrdfError("urdf.attribute.missing", f"{where(el)}: <{el.tag}> has no "
                                f"{attr!r} attribute", path)


def _note_ignored(root: etree._Element, issues: list[Issue]) -> None:
    """One ``urdf.element.ignored`` info per kind of element URDF does not define."""
    found: dict[str, list[etree._Element]] = {}
    for el in ignored_elements(root):
        name = f"{el.prefix}:{etree.QName(el).localname}" if el.prefix else etree.QName(el).localname
        found.setdefault(f"<{name}> in <{el.getparent().tag}>", []).append(el)
    for what, els in found.items():
        parent = els[0].getparent()
        location = "file" if parent.getparent() is None else where(els[0])
        issues.append(issue("urdf.element.ignored", f"{what} ({len(els)}x) is not URDF; not "
                            "read, as the engines do not read it", location=location))


def _number_count(value: str) -> int | None:
    """How many numbers ``value`` holds (``float`` of each token), ``None`` if one is not."""
    try:
        return len([float(token) for token in value.split()])
    except ValueError:
        return None


def _check_geometry(root: etree._Element, path: Path) -> None:
    """Raise ``urdf.geometry.unsupported`` for a ``<geometry>`` that is not box/cylinder/
    sphere/mesh (``<capsule>`` is a pybullet/ROS 2 extension that URDF does not define)."""
    for geometry in urdf_elements(root, "geometry"):
        owner = geometry.getparent()
        if owner.tag not in ("visual", "collision") or owner.getparent().tag != "link":
            continue  # inside an element URDF does not define (iiwa7's <self_collision_checking>)
        shapes = [child.tag for child in geometry if isinstance(child.tag, str)]
        unknown = [tag for tag in shapes if tag not in _GEOMETRIES]
        if unknown:
            raise UrdfError("urdf.geometry.unsupported", f"{where(geometry)}: <geometry> holds "
                            f"<{unknown[0]}>; only box, cylinder, sphere and mesh are supported",
                            path)


# ----------------------------------------------------------------------------- objects
def _build_object(root: etree._Element, path: Path, resolver: MeshResolver,
                  scale: float, issues: list[Issue]) -> ArticulatedObject:
    try:
        robot = parse_robot(root)  # yourdfpy's _parse_robot, each distinct origin composed once
    except (KeyError, ValueError, IndexError, AttributeError, TypeError) as exc:
        raise UrdfError("urdf.malformed", f"yourdfpy cannot read it: {type(exc).__name__}: "
                        f"{exc}", path) from None
    joint_xml = {el.get("name"): el for el in root.findall("joint")}
    links = [_link(link, resolver, scale) for link in robot.links]
    joints = [_joint(j, joint_xml.get(j.name), scale, path, issues) for j in robot.joints]
    links, joints = helical.collapse(links, joints)  # the simulator encoding of a screw
    try:
        return ArticulatedObject.from_parts(robot.name or path.stem, links, joints,
                                            source_path=str(path))
    except ModelError as exc:
        raise UrdfError(getattr(exc, "code", "structure.not_a_tree"), str(exc), path) from None


def _scaled(pose: np.ndarray | None, scale: float) -> np.ndarray:
    out = np.eye(4) if pose is None else np.array(pose, dtype=float)
    out[:3, 3] *= scale
    return out


def _link(link, resolver: MeshResolver, scale: float) -> Link:
    inertial = None
    if link.inertial is not None and link.inertial.mass is not None:
        pose = _scaled(link.inertial.origin, scale)
        inertia = link.inertial.inertia if link.inertial.inertia is not None else np.zeros((3, 3))
        rot = pose[:3, :3]
        inertial = MassProperties(mass=float(link.inertial.mass), com=pose[:3, 3].copy(),
                                  inertia=rot @ (np.asarray(inertia) * scale**2) @ rot.T,
                                  source="urdf")
    meshes, prims = [], []
    for kind, items in (("visual", link.visuals), ("collision", link.collisions)):
        for i, item in enumerate(items):
            geom = item.geometry
            origin = _scaled(item.origin, scale)
            if geom is None:
                continue
            if geom.mesh is not None:
                location = f"link:{link.name}/{kind}[{i}]"
                mesh_scale = np.broadcast_to(np.asarray(geom.mesh.scale if geom.mesh.scale
                                                        is not None else 1.0, float), (3,))
                meshes.append(MeshRef(filename=geom.mesh.filename or "",
                                      path=resolver(geom.mesh.filename or "", location),
                                      origin=origin, scale=mesh_scale * scale, kind=kind,
                                      name=getattr(item, "name", None)))
            else:
                prims.append(_primitive(geom, origin, kind, scale))
    return Link(name=link.name, inertial=inertial, meshes=tuple(meshes),
                primitives=tuple(p for p in prims if p is not None))


def _primitive(geom, origin: np.ndarray, kind: str, scale: float) -> Primitive | None:
    if geom.box is not None:
        return Primitive("box", tuple(float(s) * scale for s in geom.box.size), origin, kind)
    if geom.cylinder is not None:
        return Primitive("cylinder", (geom.cylinder.radius * scale, geom.cylinder.length * scale),
                         origin, kind)
    if geom.sphere is not None:
        return Primitive("sphere", (geom.sphere.radius * scale,), origin, kind)
    return None


def _joint(j, el: etree._Element | None, scale: float, path: Path,
           issues: list[Issue]) -> Joint:
    jtype = (j.type or "").strip()
    if jtype not in _ONE_DOF:
        raise UrdfError("joint.type.unsupported",
                        f"joint {j.name!r} has type {jtype!r}; only one-DOF joints "
                        "(revolute, prismatic, continuous, fixed, helical) are supported", path)
    if jtype == "revolute" and _pitch(el) is None and _unbounded(j, issues):
        jtype = "continuous"
    pitch = _pitch(el)
    if jtype == "screw" or (pitch is not None and jtype in ("revolute", "continuous")):
        jtype = "helical"
    lower, upper = _limits(j, jtype, el)
    limit = j.limit
    prismatic = j.type == "prismatic"
    try:
        dynamics = read_dynamics(el)
    except DynamicsError as exc:
        raise UrdfError("urdf.number.invalid", f"joint {j.name!r}: {exc}", path) from None
    return Joint(
        name=j.name, type=jtype, parent=j.parent, child=j.child,
        origin_local=_scaled(j.origin, scale),
        axis_local=np.asarray(j.axis if j.axis is not None else [1.0, 0.0, 0.0], float),
        lower=lower * scale if prismatic else lower,
        upper=upper * scale if prismatic else upper,
        pitch=(pitch or 0.0) * scale,
        effort=None if limit is None else limit.effort,
        velocity=None if limit is None else limit.velocity,
        mimic=None if j.mimic is None else Mimic(j.mimic.joint, float(j.mimic.multiplier or 1.0),
                                                  float(j.mimic.offset or 0.0)),
        dynamics=dynamics.scaled(scale) if prismatic and dynamics and scale != 1.0 else dynamics,
    )


def _unbounded(j, issues: list[Issue]) -> bool:
    """Whether a revolute joint's ``<limit>`` says "unlimited": no lower/upper, or both
    beyond +-:data:`~arena_core.util.input_limits.MAX_LIMIT` (SDF's +-1e16, kept by sdf2urdf; written
    infinities stay ``joint.limit.nonfinite``); ``urdf.limit.no_bounds`` says which."""
    limit = j.limit
    if limit is None:
        return False
    if limit.lower is None and limit.upper is None:
        seen = "revolute <limit> without lower/upper"
    elif limit.lower is not None and limit.upper is not None and \
            -math.inf < limit.lower <= -MAX_LIMIT and MAX_LIMIT <= limit.upper < math.inf:
        seen = f"revolute limits [{limit.lower:g}, {limit.upper:g}] (beyond +-{MAX_LIMIT:g})"
    else:
        return False
    issues.append(issue("urdf.limit.no_bounds", f"{seen} read as continuous (unlimited, as "
                        "MuJoCo and PyBullet load it)", location=f"joint:{j.name}"))
    return True


def _pitch(el: etree._Element | None) -> float | None:
    if el is None:
        return None
    helical = el.find("helical")
    raw = helical.get("pitch") if helical is not None else el.get("pitch")
    return None if raw is None else float(raw)


def _limits(j, jtype: str, el: etree._Element | None) -> tuple[float, float]:
    if jtype == "fixed":
        return 0.0, 0.0
    continuous = "continuous" in (jtype, j.type) or (el is not None
                                                     and el.get("type") == "continuous")
    if continuous or j.limit is None:
        return (-math.inf, math.inf) if continuous else (math.nan, math.nan)
    lower = j.limit.lower if j.limit.lower is not None else math.nan
    upper = j.limit.upper if j.limit.upper is not None else math.nan
    for value in (lower, upper):
        if math.isfinite(value) and abs(value) > MAX_LIMIT:
            raise UrdfError("joint.limit.out_of_range", f"joint {j.name!r}: limit {value:g} "
                            f"beyond +-{MAX_LIMIT:g} (arena_core.util.input_limits)")
    return float(lower), float(upper)
