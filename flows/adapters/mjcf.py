"""``mjcf``: MuJoCo XML objects, compiled with ``mujoco`` and converted to URDF + meshes.

Every ``*.xml`` under the root whose root element is ``<mujoco>`` and that no other model
``<include>``s is one object (id = relative path without suffix). Before MuJoCo reads a
model, every file it names (``include``, ``mesh``, ``texture``, ``hfield``, ``skin``,
``model``; with the compiler's ``meshdir``/``texturedir``/``assetdir``) must be a relative
path that stays inside the root (``mjcf.path.absolute``, ``mjcf.path.escapes``) and exist
(``mjcf.file.missing``). A model MuJoCo refuses gets ``mjcf.compile_failed`` with its
message. The conversion (:mod:`flows.adapters.mjcf_convert`) is written to
``work_dir/<source>/mjcf/<relative xml path>/<stem>.urdf`` (the folder is named after the
XML file, so two models' folders never nest) with ``meshes/*.obj``; that folder is the
object's ``root_dir``. ``files`` lists the MJCF files the object came from, relative to
the source root given in ``extras["files_root"]``; ``extras["joint_map"]`` maps MuJoCo
joint names to URDF joint names and reference positions.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import mujoco
import numpy as np
from lxml import etree

from arena_core.fsutil import file_problem
from arena_core.limits import MAX_XML_BYTES, MESH_MAX_BYTES
from arena_core.urdf_write import fmt, write_urdf
from arena_core.xmlsafe import XmlError, parse_xml
from flows.adapters.base import Adapter, Entry, issue, listed_files, make_object, resolve_category
from flows.adapters.mjcf_convert import convert_model
from flows.adapters.urdf_refs import walk_files
from schemas.issues import Issue
from schemas.sources import SourceManifest, SourceObject

#: Largest MJCF file read (bytes).
MAX_MJCF_BYTES = MAX_XML_BYTES
#: Deepest chain of ``<include>`` followed.
MAX_INCLUDE_DEPTH = 8
#: Elements whose ``file``-like attributes name files, and the compiler folder they use.
_FILE_ELEMENTS = {"include": None, "model": None, "mesh": "meshdir", "skin": "meshdir",
                  "hfield": "meshdir", "texture": "texturedir"}
_FILE_ATTRS = ("file", "fileright", "fileleft", "fileup", "filedown", "filefront", "fileback")



class MjcfAdapter(Adapter):
    """MuJoCo MJCF models under the root, each converted into a URDF folder in work_dir."""

    name = "mjcf"

    def _entries(self, manifest: SourceManifest, root: Path, work_dir: Path) -> Iterator[Entry]:
        models, included = {}, set()
        for xml in walk_files(root, (".xml",), include=manifest.include):
            tree = _parse(xml)
            if tree is not None and tree.tag == "mujoco":
                models[xml] = tree
                included |= {Path(os.path.normpath(xml.parent / el.get("file")))
                             for el in tree.iter("include") if el.get("file")}
        for xml in models:
            if xml not in included:
                source_id = xml.relative_to(root).with_suffix("").as_posix()
                yield Entry(source_id, xml, partial(self._single, manifest, root, xml, work_dir))

    def _single(self, manifest: SourceManifest, root: Path, xml: Path,
                work_dir: Path) -> list[SourceObject]:
        return [self._object(manifest, root, xml, work_dir)]

    def _object(self, manifest: SourceManifest, root: Path, xml: Path, work_dir: Path) -> SourceObject:
        """Check, compile and convert one model; failures become error issues."""
        source_id = xml.relative_to(root).with_suffix("").as_posix()
        out = work_dir / manifest.name / "mjcf" / xml.relative_to(root)  # "a/b.xml/": no nesting
        refs, issues = _collect_files(xml, root)
        files, file_issues = listed_files(root, [p.relative_to(root).as_posix() for p in refs])
        extras = {"files_root": str(root), "mjcf_path": str(xml)}
        urdf = out / f"{xml.stem}.urdf"
        if not any(i.severity == "error" for i in issues):
            extras, issues = self._convert(xml, urdf, extras, issues)
        return make_object(manifest, source_id=source_id, urdf_path=urdf, root_dir=out,
                           files=files, extras=extras, issues=[*issues, *file_issues],
                           category=resolve_category(manifest, [source_id, xml.stem,
                                                                xml.parent.name], None))

    def _convert(self, xml: Path, urdf: Path, extras: dict,
                 issues: list[Issue]) -> tuple[dict, list[Issue]]:
        """Compile ``xml`` with MuJoCo and write the converted URDF folder at ``urdf``."""
        try:
            model = mujoco.MjModel.from_xml_path(str(xml))
        except Exception as exc:  # mujoco raises ValueError, FatalError, ...: all mean "refused"
            return extras, [*issues, issue("mjcf.compile_failed", f"MuJoCo cannot compile "
                                           f"{xml.name}: {str(exc).strip()}", location="file")]
        conversion = convert_model(model, name=xml.stem)
        write_folder(urdf, conversion.obj, conversion.meshes)
        return {**extras, "joint_map": conversion.joint_map}, [*issues, *conversion.issues]


def write_folder(urdf: Path, obj, meshes: dict[str, tuple[np.ndarray, np.ndarray]]) -> None:
    """Write ``obj`` as ``urdf`` and its meshes (OBJ) next to it, replacing the folder."""
    folder = urdf.parent
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    for rel, (vertices, faces) in sorted(meshes.items()):
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        write_obj(path, vertices, faces)
    write_urdf(obj, urdf)


def write_obj(path: Path, vertices: np.ndarray, faces: np.ndarray) -> None:
    """Write a triangle mesh as OBJ: vertices ``(n, 3)`` in meters (shortest exact floats),
    faces ``(m, 3)`` 0-based indices (written 1-based)."""
    lines = [f"v {fmt(x)} {fmt(y)} {fmt(z)}" for x, y, z in np.asarray(vertices, float)]
    lines += [f"f {a + 1} {b + 1} {c + 1}" for a, b, c in np.asarray(faces, np.int64)]
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
    os.replace(tmp, path)


# ----------------------------------------------------------------------------- files
def _parse(xml: Path) -> etree._Element | None:
    """The root element of a safe-to-read XML file, else None."""
    if file_problem(xml, max_bytes=MAX_MJCF_BYTES) is not None:
        return None
    try:
        return parse_xml(xml.read_bytes())
    except (OSError, XmlError):
        return None


def _compiler_dirs(tree: etree._Element, base: Path) -> dict[str, Path]:
    """``{"meshdir", "texturedir"}`` folders from the model's ``<compiler>`` (else ``base``)."""
    dirs = {"meshdir": base, "texturedir": base}
    for comp in tree.iter("compiler"):
        asset = comp.get("assetdir")
        for key in dirs:
            value = comp.get(key) or asset
            if value:
                dirs[key] = base / value
    return dirs


def _references(tree: etree._Element, xml: Path, base: Path | None = None) -> tuple[list[tuple[Path, str]], list[Issue]]:
    """``[(normalized path, raw name)]`` of the files named by a model; absolute names are issues."""
    base = xml.parent if base is None else base
    dirs = _compiler_dirs(tree, base)
    out, issues = [], []
    for el in tree.iter(*_FILE_ELEMENTS):
        folder = dirs.get(_FILE_ELEMENTS[el.tag] or "", base)
        for attr in _FILE_ATTRS:
            name = el.get(attr)
            if not name:
                continue
            if os.path.isabs(name) or (len(name) > 1 and name[1] == ":"):
                issues.append(issue("mjcf.path.absolute", f"<{el.tag} {attr}={name!r}> is an "
                                    "absolute path", location=f"{el.tag}:{name}"))
                continue
            out.append((Path(os.path.normpath(folder / name)), name))
    return out, issues


def _collect_files(xml: Path, root: Path) -> tuple[list[Path], list[Issue]]:
    """Every existing file a model uses (itself, includes, assets), checked to stay in root."""
    found, issues, queue = [xml], [], [(xml, 0)]
    while queue:
        current, level = queue.pop(0)
        tree = _parse(current)
        if tree is None:
            continue
        refs, found_issues = _references(tree, current, base=xml.parent)
        issues += found_issues
        for path, name in refs:
            problem = file_problem(path, max_bytes=MESH_MAX_BYTES) if path.is_relative_to(root) \
                else None
            if not path.is_relative_to(root) or (
                    problem is None and not path.resolve().is_relative_to(root)):
                issues.append(issue("mjcf.path.escapes", f"file {name[:120]!r} leaves the source "
                                    "folder", location="file"))
            elif problem is not None:
                issues.append(issue(f"mjcf.file.{problem.kind}", f"file {name[:120]!r}: "
                                    f"{problem.message}", location="file"))
            elif path not in found:
                found.append(path)
                if path.suffix.lower() == ".xml" and level < MAX_INCLUDE_DEPTH:
                    queue.append((path, level + 1))
    return found, issues
