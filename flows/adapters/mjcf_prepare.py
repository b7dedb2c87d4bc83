"""Prepare a real MJCF file for compiling: one standalone model of the articulated object.

Library MJCF files are rarely single objects. They ``<include>`` scenes, asset lists and
body fragments; they name meshes through the compiler's ``meshdir``; they ship lights,
cameras, floors, tables and mocap bodies beside the object; old ones use syntax MuJoCo 4
no longer reads. :func:`prepare_model` turns one object file (or a fragment, see
:func:`fragment_wrapper`) into one XML tree that :mod:`flows.adapters.mjcf_compile`
compiles, and says what it changed:

* **includes** are expanded in place (MuJoCo's rule: a path is relative to the main model's
  folder), at most :data:`MAX_INCLUDE_DEPTH` deep; a file named twice in a chain is
  ``mjcf.include.cycle``;
* **files**: every ``mesh``/``hfield``/``skin`` file is resolved with the compiler's
  ``meshdir``/``assetdir``, checked to stay inside the source root and exist
  (``mjcf.path.absolute``, ``mjcf.path.escapes``, ``mjcf.file.*``: errors), and written as
  an absolute path; ``.glb``/``.gltf``/``.ply``/``.dae`` meshes, which MuJoCo does not read,
  are converted to OBJ in the work folder (``mjcf.mesh.converted``, info);
* **textures** are dropped (geometry only: ``<texture>``, ``material texture=``), so a
  missing or absolute texture file or a repeated texture name does not matter;
* **the scene** is dropped (``mjcf.scene.dropped``, info, with the counts): lights, cameras,
  world-level planes, mocap bodies, and world bodies with no hinge, slide or ball joint
  anywhere below them when another world body has one (tables, walls); so are the sections
  that only drive or record a simulation (actuators, sensors, keyframes, contacts, visual
  settings) and equality constraints on dropped bodies;
* **old MJCF**: comma-separated vectors (``mjcf.vector.commas``), joints of type ``fixed``
  (removed: the body is welded, ``mjcf.joint.fixed_removed``) and global coordinates
  (:func:`flows.adapters.mjcf_global.to_local`) are rewritten, each a warning.

Everything else is left to MuJoCo, whose refusals :mod:`flows.adapters.mjcf_compile`
repairs where the fix is unambiguous.
"""

from __future__ import annotations

import copy
import hashlib
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree

from arena_core.canonical_files import obj_bytes
from arena_core.fsutil import file_problem, write_atomic
from arena_core.limits import MAX_XML_BYTES, MESH_MAX_BYTES
from arena_core.mesh_parts import MeshLoadFailure
from arena_core.xmlsafe import XmlError, parse_xml
from flows.adapters.mjcf_global import GlobalFrameError, to_local
from schemas.issues import Issue, issue

#: Deepest chain of ``<include>`` followed.
MAX_INCLUDE_DEPTH = 8
#: Asset elements whose ``file`` names a geometry file, and the compiler folder they use.
GEOMETRY_FILES = {"mesh": "meshdir", "hfield": "meshdir", "skin": "meshdir"}
#: Mesh formats converted to OBJ (MuJoCo reads .stl, .obj and .msh itself).
CONVERTED_MESHES = (".glb", ".gltf", ".ply", ".dae", ".off")
#: Top-level sections that only drive, record or render a simulation.
SIMULATION_SECTIONS = ("actuator", "sensor", "keyframe", "contact", "visual", "statistic",
                       "size", "custom")
#: Joint types that move a body relative to its parent (a free joint only floats it).
MOVING_JOINTS = ("hinge", "slide", "ball")
_VECTOR_WITH_COMMAS = re.compile(r"^\s*[-+.\deE]+(\s*,\s*[-+.\deE]+)+\s*$")


@dataclass
class Prepared:
    """A standalone model tree, the source files it used and the issues of preparing it."""

    tree: etree._Element
    files: list[Path] = field(default_factory=list)
    issues: list[Issue] = field(default_factory=list)

    @property
    def failed(self) -> bool:
        return any(i.severity == "error" for i in self.issues)


def read_xml(path: Path) -> etree._Element | None:
    """The root element of a safe-to-read XML file, else None."""
    if file_problem(path, max_bytes=MAX_XML_BYTES) is not None:
        return None
    try:
        return parse_xml(path.read_bytes())
    except (OSError, XmlError):
        return None


def prepare_model(tree: etree._Element, base: Path, root: Path, work_dir: Path,
                  *, main: Path | None = None) -> Prepared:
    """Expand, resolve, strip and modernize the model ``tree`` whose relative paths start
    at ``base`` (the main file's folder); files must stay inside ``root``; converted meshes
    go to ``work_dir``. ``main`` (the object file) is listed first in ``files``."""
    out = Prepared(copy.deepcopy(tree), [main] if main is not None else [])
    _expand_includes(out, base, root)
    if out.failed:
        return out
    dirs = _compiler_dirs(out.tree, base)
    _drop_textures(out.tree)
    _resolve_geometry_files(out, dirs, root, work_dir)
    _strip_scene(out)
    _modernize(out)
    return out


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
    """Replace every ``<include>`` with the children of the file it names."""
    pending = [(el, ()) for el in out.tree.iter("include")]
    while pending:
        el, chain = pending.pop(0)
        name = el.get("file") or ""
        path = _checked_path(out, el, "file", base, root, max_bytes=MAX_XML_BYTES)
        parent = el.getparent()
        if path is None or parent is None:
            if parent is not None:
                parent.remove(el)
            continue
        if path in chain or len(chain) >= MAX_INCLUDE_DEPTH:
            code = "mjcf.include.cycle" if path in chain else "mjcf.include.too_deep"
            out.issues.append(issue(code, f"<include file={name[:120]!r}> repeats or nests "
                                    f"more than {MAX_INCLUDE_DEPTH} levels", location="file"))
            parent.remove(el)
            continue
        included = read_xml(path)
        if included is None:
            out.issues.append(issue("mjcf.include.unreadable", f"included file {name[:120]!r} "
                                    "is not readable XML", location="file"))
            parent.remove(el)
            continue
        if path not in out.files:
            out.files.append(path)
        children = [copy.deepcopy(child) for child in included]
        index = parent.index(el)
        parent.remove(el)
        for offset, child in enumerate(children):
            parent.insert(index + offset, child)
            nested = [child] if child.tag == "include" else list(child.iter("include"))
            pending += [(n, (*chain, path)) for n in nested]


def _checked_path(out: Prepared, el: etree._Element, attr: str, folder: Path, root: Path,
                  *, max_bytes: int) -> Path | None:
    """The existing file ``el`` names (inside ``root``), else None with an error issue."""
    name = el.get(attr) or ""
    where = f"{el.tag}:{name[:120]}"
    if os.path.isabs(name) or (len(name) > 1 and name[1] == ":"):
        out.issues.append(issue("mjcf.path.absolute", f"<{el.tag} {attr}={name[:120]!r}> is "
                                "an absolute path", location=where))
        return None
    path = Path(os.path.normpath(folder / name.replace("\\", "/")))
    problem = file_problem(path, max_bytes=max_bytes) if path.is_relative_to(root) else None
    if not path.is_relative_to(root) or (problem is None
                                         and not path.resolve().is_relative_to(root.resolve())):
        out.issues.append(issue("mjcf.path.escapes", f"file {name[:120]!r} leaves the source "
                                "folder", location=where))
        return None
    if problem is not None:
        out.issues.append(issue(f"mjcf.file.{problem.kind}", f"file {name[:120]!r}: "
                                f"{problem.message}", location=where))
        return None
    return path


# ----------------------------------------------------------------------------- assets
def _compiler_dirs(tree: etree._Element, base: Path) -> dict[str, Path]:
    """The ``meshdir`` folder (``assetdir`` as the fallback; last setting wins) and the
    compiler's folder attributes removed, since every path becomes absolute."""
    meshdir = base
    for comp in tree.iter("compiler"):
        value = comp.get("meshdir") or comp.get("assetdir")
        if value:
            meshdir = base / value
        for attr in ("meshdir", "texturedir", "assetdir"):
            comp.attrib.pop(attr, None)
    return {"meshdir": meshdir}


def _drop_textures(tree: etree._Element) -> None:
    for el in list(tree.iter("texture")):
        el.getparent().remove(el)
    for el in tree.iter("material"):
        el.attrib.pop("texture", None)


def _resolve_geometry_files(out: Prepared, dirs: dict[str, Path], root: Path,
                            work_dir: Path) -> None:
    for el in list(out.tree.iter(*GEOMETRY_FILES)):
        if not el.get("file"):
            continue
        path = _checked_path(out, el, "file", dirs[GEOMETRY_FILES[el.tag]], root,
                             max_bytes=MESH_MAX_BYTES)
        if path is None:
            continue
        if path not in out.files:
            out.files.append(path)
        if el.tag == "mesh" and path.suffix.lower() in CONVERTED_MESHES:
            path = _converted_mesh(out, path, work_dir)
            if path is None:
                continue
        el.set("file", str(path))


def _converted_mesh(out: Prepared, path: Path, work_dir: Path) -> Path | None:
    """An OBJ copy of a mesh MuJoCo cannot read (cached by content), else None + error."""
    digest = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    target = work_dir / "converted_meshes" / f"{digest}.obj"
    if not target.is_file():
        try:
            data = obj_bytes(path)  # the one mesh reader (size limit, geometry only)
        except MeshLoadFailure as exc:
            out.issues.append(issue("mjcf.mesh.convert_failed", f"mesh {path.name!r} cannot "
                                    f"be converted to OBJ: {exc.code}: {exc}", location="file"))
            return None
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, data)
    out.issues.append(issue("mjcf.mesh.converted", f"mesh {path.name!r} ({path.suffix}) is "
                            "converted to OBJ for MuJoCo", location="file"))
    return target


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


def _drop_equalities(tree: etree._Element, names: set[str]) -> None:
    """Remove equality constraints that name a dropped body, joint or site."""
    keys = ("body1", "body2", "joint1", "joint2", "site1", "site2", "tendon1", "tendon2")
    for eq in tree.iter("equality"):
        for el in list(eq):
            if any(el.get(k) in names for k in keys):
                eq.remove(el)


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
