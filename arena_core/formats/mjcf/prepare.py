"""Prepare a real MJCF file for compiling: one standalone model of the articulated object.

Library MJCF files are rarely single objects. They ``<include>`` scenes, asset lists and
body fragments; they name meshes through the compiler's ``meshdir``; they ship lights,
cameras, floors, tables and mocap bodies beside the object; old ones use syntax MuJoCo 4
no longer reads. :func:`prepare_model` turns one object file (or a fragment, see
:func:`fragment_wrapper`) into one XML tree that :mod:`arena_core.formats.mjcf.compile`
compiles, and says what it changed:

* **includes** are expanded in place (MuJoCo's rule: a path is relative to the main model's
  folder), at most :data:`~arena_core.util.input_limits.MAX_MJCF_INCLUDE_DEPTH` deep and
  :data:`~arena_core.util.input_limits.MAX_MJCF_INCLUDES` files in all, the expanded tree at most
  :data:`~arena_core.util.input_limits.MAX_MJCF_ELEMENTS` elements (``mjcf.limit.*``, counted while
  expanding); a file named twice in a chain is ``mjcf.include.cycle``;
* **files**: every file the model names (meshes, height fields, skins, sub-models,
  ``flexcomp`` meshes) is vetted by :mod:`arena_core.formats.mjcf.files` -- inside the source
  root, read into the in-memory ``assets`` MuJoCo compiles with, the name rewritten to its
  key -- so MuJoCo opens no path itself; ``.glb``/``.gltf``/``.ply``/``.dae`` meshes, which
  MuJoCo does not read, are converted to OBJ (``mjcf.mesh.converted``, info);
* **bounds**: what the model expands to (``replicate`` multiplied through, composites,
  flex points, height fields, bodies, joints, geoms) and the sizes the mesh and height field
  files declare are checked against their limits before compiling
  (:mod:`arena_core.formats.mjcf.bounds`);
* **textures** are dropped (geometry only: ``<texture>``, ``material texture=``), so a
  missing or absolute texture file or a repeated texture name does not matter;
* **the scene** is dropped (``mjcf.scene.dropped``, info, with the counts): lights, cameras,
  world-level planes, mocap bodies, and world bodies with no hinge, slide or ball joint
  anywhere below them when another world body has one (tables, walls); so are the sections
  that only drive or record a simulation (actuators, sensors, keyframes, contacts, visual
  settings) and equality constraints on dropped bodies;
* **old MJCF**: comma-separated vectors (``mjcf.vector.commas``), joints of type ``fixed``
  (removed: the body is welded, ``mjcf.joint.fixed_removed``) and global coordinates
  (:func:`arena_core.formats.mjcf.global_coords.to_local`) are rewritten, each a warning.

Everything else is left to MuJoCo, whose refusals :mod:`arena_core.formats.mjcf.compile`
repairs where the fix is unambiguous.
"""

from __future__ import annotations

import copy
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree

from arena_core.formats.mjcf.bounds import asset_bounds, model_bounds, number_issues
from arena_core.formats.mjcf.files import (
    VettedFiles,
    checked_path,
    compiler_folders,
    mark_folder,
    search_folders,
    strip_marks,
    vet_files,
)
from arena_core.formats.mjcf.global_coords import GlobalFrameError, to_local
from arena_core.formats.xmlsafe import XmlError, parse_xml, root_tag
from arena_core.util.fs import file_problem
from arena_core.util.input_limits import (
    MAX_MJCF_ELEMENTS,
    MAX_MJCF_INCLUDE_DEPTH,
    MAX_MJCF_INCLUDES,
    MAX_XML_BYTES,
)
from schemas.issues import Issue, has_error, issue

#: Top-level sections that only drive, record or render a simulation.
SIMULATION_SECTIONS = ("actuator", "sensor", "keyframe", "contact", "visual", "statistic",
                       "size", "custom")
#: Joint types that move a body relative to its parent (a free joint only floats it).
MOVING_JOINTS = ("hinge", "slide", "ball")
_VECTOR_WITH_COMMAS = re.compile(r"^\s*[-+.\deE]+(\s*,\s*[-+.\deE]+)+\s*$")


@dataclass
class Prepared:
    """A standalone model tree, the source files it used, the in-memory ``assets`` MuJoCo
    compiles it with (every file name in ``tree`` is a key of it; ``origins``: the file each
    came from) and the issues of preparing it."""

    tree: etree._Element
    files: list[Path] = field(default_factory=list)
    issues: list[Issue] = field(default_factory=list)
    assets: dict[str, bytes] = field(default_factory=dict)
    origins: dict[str, Path] = field(default_factory=dict)
    derived: set[str] = field(default_factory=set)

    @property
    def failed(self) -> bool:
        return has_error(self.issues)


def read_xml(path: Path, issues: list[Issue] | None = None) -> etree._Element | None:
    """The root element of a safe-to-read XML file, else None (the repairs of reading it
    appended to ``issues``)."""
    return read_xml_checked(path, issues)[0]


def read_xml_checked(path: Path, issues: list[Issue] | None = None,
                     ) -> tuple[etree._Element | None, str | None, XmlError | None]:
    """``(root element, None, None)`` of a safe-to-read XML file; else ``(None, tag, why)``
    with the tag its first element declares (a model nested too deep to parse still says
    it is ``mujoco``) when the file can be read at all. The repairs of reading it (NUL
    bytes, TinyXML-2's leniencies) are appended to ``issues``."""
    if file_problem(path, max_bytes=MAX_XML_BYTES) is not None:
        return None, None, None
    try:
        data = path.read_bytes()
        return parse_xml(data, issues=issues), None, None
    except OSError:
        return None, None, None
    except XmlError as exc:
        return None, root_tag(data), exc


def prepare_model(tree: etree._Element, base: Path, root: Path, work_dir: Path,
                  *, main: Path | None = None) -> Prepared:
    """Expand, vet, bound, strip and modernize the model ``tree`` whose relative paths start
    at ``base`` (the main file's folder); files must stay inside ``root``. ``main`` (the
    object file) is listed first in ``files``. ``work_dir`` is kept for callers (nothing is
    written: converted meshes are assets in memory)."""
    out = Prepared(copy.deepcopy(tree), [main] if main is not None else [])
    found = VettedFiles(root, submodel=_submodel)
    _expand_includes(out, base, root)
    if out.failed:
        strip_marks(out.tree)
        return out
    _strip_scene(out)
    _unlimited_ranges(out)
    out.issues += model_bounds(out.tree) + number_issues(out.tree)
    if out.failed:
        strip_marks(out.tree)
        return out
    _vet(out.tree, base, found)
    out.files += [f for f in found.files if f not in out.files]
    out.issues += found.issues + asset_bounds(out.tree, found.assets)
    out.assets, out.origins, out.derived = found.assets, found.origins, found.derived
    strip_marks(out.tree)
    _modernize(out)
    return out


def _vet(tree: etree._Element, base: Path, found: VettedFiles) -> None:
    """Drop the textures of ``tree`` and vet every file it names
    (:mod:`arena_core.formats.mjcf.files`)."""
    dirs = compiler_folders(tree, base)
    _drop_textures(tree)
    vet_files(tree, base=base, meshdir=dirs["meshdir"], found=found)


def _submodel(tree: etree._Element, base: Path, found: VettedFiles) -> None:
    """Prepare a sub-model (``<model file>``) in place: includes expanded, files vetted."""
    sub = Prepared(tree)
    _expand_includes(sub, base, found.root)
    found.issues += sub.issues
    found.files += [f for f in sub.files if f not in found.files]
    if not sub.failed:
        found.issues += model_bounds(sub.tree)
        _vet(sub.tree, base, found)
    strip_marks(sub.tree)


def fragment_wrapper(fragment: Path, root: Path, hosts: dict[Path, etree._Element]
                     ) -> tuple[etree._Element, Path]:
    """A ``<mujoco>`` model around the body fragment ``fragment`` and the folder its paths
    start at.

    The host is the model under ``root`` that includes the fragment: the wrapper takes its
    compiler settings and its includes whose file stem shares the fragment's prefix
    (``microwave_chain.xml`` -> ``microwave_asset.xml``), and resolves paths from the
    host's folder. Without a host the fragment's own folder is the base.
    """
    host = next((h for h, tree in sorted(hosts.items()) if fragment in _included(tree, h)),
                None)
    base = host.parent if host is not None else fragment.parent
    wrapper = etree.Element("mujoco", model=fragment.stem)
    prefix = re.split(r"[_-](chain|body|bodies)$", fragment.stem)[0]
    if host is not None:
        for comp in hosts[host].iter("compiler"):
            wrapper.append(copy.deepcopy(comp))
        for el in hosts[host].iter("include"):
            name = el.get("file") or ""
            path = Path(os.path.normpath(base / name))
            if path != fragment and path.stem.startswith(prefix):
                etree.SubElement(wrapper, "include", file=name)
    body = etree.SubElement(wrapper, "worldbody")
    etree.SubElement(body, "include", file=os.path.relpath(fragment, base))
    return wrapper, base


def is_fragment(tree: etree._Element) -> bool:
    """Whether ``tree`` is an include file that holds bodies (an object without a model)."""
    return tree.tag == "mujocoinclude" and any(child.tag == "body" for child in tree)


def included_files(tree: etree._Element, path: Path) -> set[Path]:
    """Files a model names in ``<include>`` (normalized, relative to its folder)."""
    return _included(tree, path)


# ----------------------------------------------------------------------------- includes
def _included(tree: etree._Element, path: Path) -> set[Path]:
    return {Path(os.path.normpath(path.parent / el.get("file")))
            for el in tree.iter("include") if el.get("file")}


def _expand_includes(out: Prepared, base: Path, root: Path) -> None:
    """Replace every ``<include>`` with the children of the file it names, within the
    include and size limits (each file is read and parsed once)."""
    pending = [(el, ()) for el in out.tree.iter("include")]
    parsed: dict[Path, etree._Element | None] = {}
    size, expanded = sum(1 for _ in out.tree.iter()), 0
    while pending:
        el, chain = pending.pop(0)
        parent = el.getparent()
        if parent is None:
            continue
        index = parent.index(el)
        folders = search_folders(el, base, None)  # from its ancestors, before it leaves them
        parent.remove(el)
        path = checked_path(el, "file", folders, root, out.issues, max_bytes=MAX_XML_BYTES)
        if path is None or not _include_allowed(out, el, path, chain, expanded):
            if expanded >= MAX_MJCF_INCLUDES:
                return  # one issue says so; the rest is not expanded
            continue
        if path not in parsed:
            parsed[path] = read_xml(path, out.issues)
        if parsed[path] is None:
            out.issues.append(issue("mjcf.include.unreadable", f"included file "
                                    f"{(el.get('file') or '')[:120]!r} is not readable XML",
                                    location="file"))
            continue
        expanded += 1
        size += sum(1 for _ in parsed[path].iter())
        if size > MAX_MJCF_ELEMENTS:
            out.issues.append(issue("mjcf.limit.elements", f"the model's includes expand to "
                                    f"more than {MAX_MJCF_ELEMENTS} elements", location="file"))
            return
        if path not in out.files:
            out.files.append(path)
        for offset, child in enumerate(copy.deepcopy(child) for child in parsed[path]):
            mark_folder(child, path.parent)
            parent.insert(index + offset, child)
            nested = [child] if child.tag == "include" else list(child.iter("include"))
            pending += [(n, (*chain, path)) for n in nested]


def _include_allowed(out: Prepared, el: etree._Element, path: Path, chain: tuple,
                     expanded: int) -> bool:
    """Whether one more include of ``path`` under ``chain`` stays within the limits."""
    name = (el.get("file") or "")[:120]
    if path in chain:
        code, why = "mjcf.include.cycle", "includes itself"
    elif len(chain) >= MAX_MJCF_INCLUDE_DEPTH:
        code, why = "mjcf.include.too_deep", f"nests more than {MAX_MJCF_INCLUDE_DEPTH} levels"
    elif expanded >= MAX_MJCF_INCLUDES:
        code, why = "mjcf.limit.include", f"is one more than {MAX_MJCF_INCLUDES} includes"
    else:
        return True
    out.issues.append(issue(code, f"<include file={name!r}> {why}", location="file"))
    return False


def _drop_textures(tree: etree._Element) -> None:
    for el in list(tree.iter("texture")):
        el.getparent().remove(el)
    for el in tree.iter("material"):
        el.attrib.pop("texture", None)


# ----------------------------------------------------------------------------- scene
def _strip_scene(out: Prepared) -> None:
    tree, dropped = out.tree, {"light": 0, "camera": 0, "plane": 0, "body": 0, "section": 0}
    for el in list(tree.iter("light", "camera")):
        if el.getparent().tag != "default":
            el.getparent().remove(el)
            dropped[el.tag] += 1
    for section in [el for el in tree if el.tag in SIMULATION_SECTIONS]:
        tree.remove(section)
        dropped["section"] += 1
    worlds = [w for w in tree if w.tag == "worldbody"]
    for world in worlds:
        for geom in [g for g in world if g.tag == "geom" and g.get("type") == "plane"]:
            world.remove(geom)
            dropped["plane"] += 1
    bodies = [b for w in worlds for b in w if b.tag == "body"]
    gone = {b for b in bodies if b.get("mocap") == "true"}
    moving = {b for b in bodies if b not in gone and _moves(b)}
    if moving:
        gone |= {b for b in bodies if b not in moving}
    names = {n for b in gone for n in _names(b)}
    for body in gone:
        body.getparent().remove(body)
    dropped["body"] = len(gone)
    tendons = _drop_tendons(tree, names)
    dropped["tendon"], names = len(tendons), names | set(tendons) - {None}
    _drop_equalities(tree, names)
    if any(dropped.values()):
        plural = {"body": "bodies"}
        counts = ", ".join(f"{v} {k if v == 1 else plural.get(k, k + 's')}"
                           for k, v in dropped.items() if v)
        out.issues.append(issue("mjcf.scene.dropped", f"scene elements dropped: {counts}",
                                location="file",
                                data={"dropped": {k: v for k, v in dropped.items() if v}}))


def _moves(body: etree._Element) -> bool:
    return any(j.get("type", "hinge") in MOVING_JOINTS for j in body.iter("joint"))


def _names(body: etree._Element) -> set[str]:
    return {el.get("name") for el in body.iter() if el.get("name")}


def _drop_tendons(tree: etree._Element, names: set[str]) -> list[str | None]:
    """Remove tendons routed through a dropped site, geom or joint (a myosuite arm's muscles
    anchored on a jointless thorax); the names of the tendons removed."""
    keys, gone = ("site", "geom", "sidesite", "joint"), []
    for section in tree.iter("tendon"):
        for tendon in list(section):
            if any(el.get(k) in names for el in tendon.iter() for k in keys):
                section.remove(tendon)
                gone.append(tendon.get("name"))
    return gone


def _drop_equalities(tree: etree._Element, names: set[str]) -> None:
    """Remove equality constraints that name a dropped body, joint or site."""
    keys = ("body1", "body2", "joint1", "joint2", "site1", "site2", "tendon1", "tendon2")
    for eq in tree.iter("equality"):
        for el in list(eq):
            if any(el.get(k) in names for k in keys):
                eq.remove(el)


# ----------------------------------------------------------------------------- ranges
def _unlimited_ranges(out: Prepared) -> None:
    """A joint's ``range="-inf inf"`` (sai's wheeled pendulum) is what MuJoCo simulates as
    no limit at all: rewritten as ``limited="false"`` (a hinge reads as continuous; a slide
    keeps the rule for unlimited slides), with ``mjcf.range.infinite``. Any other
    non-finite range stays ``mjcf.number.invalid``."""
    joints = [el for el in out.tree.iter("joint") if _infinite_range(el.get("range"))]
    for joint in joints:
        del joint.attrib["range"]
        joint.set("limited", "false")
    if joints:
        names = ", ".join(repr(j.get("name") or "") for j in joints[:5])
        out.issues.append(issue("mjcf.range.infinite", f"{len(joints)} joint(s) with range "
                                f"'-inf inf' read as unlimited, as MuJoCo simulates them "
                                f"({names})", location="file"))


def _infinite_range(text: str | None) -> bool:
    values = (text or "").lower().split()
    return [v.lstrip("+") for v in values] in (["-inf", "inf"], ["-infinity", "infinity"])


# ----------------------------------------------------------------------------- old syntax
def _modernize(out: Prepared) -> None:
    commas = 0
    for el in out.tree.iter():
        for key, value in el.attrib.items():
            if _VECTOR_WITH_COMMAS.match(value):
                el.set(key, " ".join(v.strip() for v in value.split(",")))
                commas += 1
    if commas:
        out.issues.append(issue("mjcf.vector.commas", f"{commas} comma-separated vector(s) "
                                "rewritten with spaces", location="file"))
    fixed = [j for j in out.tree.iter("joint") if j.get("type") == "fixed"]
    for joint in fixed:
        joint.getparent().remove(joint)
    if fixed:
        out.issues.append(issue("mjcf.joint.fixed_removed", f"{len(fixed)} joint(s) of type "
                                "'fixed' (not MJCF) removed: their bodies are welded",
                                location="file"))
    if any(c.get("coordinate") == "global" for c in out.tree.iter("compiler")):
        try:
            to_local(out.tree)
        except GlobalFrameError as exc:
            out.issues.append(issue("mjcf.global.unsupported", str(exc), location="file"))
            return
        out.issues.append(issue("mjcf.global.converted", "global coordinates (removed in "
                                "MuJoCo 2.3.4) rewritten as local frames", location="file"))
