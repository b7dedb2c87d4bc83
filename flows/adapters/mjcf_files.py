"""Every file an MJCF model names, vetted before MuJoCo sees the model.

MuJoCo opens files itself: ``<include>``, the asset files of meshes, height fields and
skins (through the compiler's ``meshdir``/``assetdir``), sub-models (``<asset><model
file=...>`` used by ``<attach>``) and ``<flexcomp file=...>``; a name it cannot find in
the assets it was given is opened from the disk, relative to the process's working folder.
This module is the one resolver for all of them, run on the tree
:func:`flows.adapters.mjcf_prepare.prepare_model` builds, before MuJoCo compiles it:

* each name is resolved as MuJoCo resolves it (the folder of the file that names it, with
  the compiler folder of its kind), symbolic links followed, and must lie inside the
  source root -- checked before the file is opened at all (``mjcf.path.absolute``,
  ``mjcf.path.escapes``, ``mjcf.file.*``);
* its bytes are read (within the size limits of :mod:`arena_core.limits`) into the
  in-memory ``assets`` dict under a key with no folder (``a0003.obj``), and the attribute is
  rewritten to that key; a sub-model is itself prepared the same way (its includes
  expanded, its files vetted, its textures dropped) and stored as text;
* any other attribute that names a file (``file*`` on an element not listed in
  :data:`FILE_REFERENCES`) refuses the model (``mjcf.file.unsupported``), so no reference
  reaches MuJoCo unvetted.

MuJoCo then compiles the text with that dict (its virtual file system) and opens no path.

Example:
    >>> import tempfile
    >>> root = Path(tempfile.mkdtemp())
    >>> _ = (root / "cube.obj").write_text("v 0 0 0\\nv 1 0 0\\nv 0 1 0\\nf 1 2 3\\n")
    >>> tree = etree.fromstring('<mujoco><asset><mesh file="cube.obj"/>'
    ...                         '<mesh file="../secret.obj"/></asset></mujoco>')
    >>> found = VettedFiles(root)
    >>> vet_files(tree, base=root, meshdir=root, found=found)
    >>> [m.get("file") for m in tree.iter("mesh")], sorted(found.assets)
    (['a0000.obj', '../secret.obj'], ['a0000.obj'])
    >>> [i.code for i in found.issues]
    ['mjcf.path.escapes']
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree

from arena_core.canonical_files import obj_bytes
from arena_core.fsutil import file_problem
from arena_core.limits import (
    MAX_MJCF_ASSET_BYTES,
    MAX_MJCF_MODEL_DEPTH,
    MAX_XML_BYTES,
    MESH_MAX_BYTES,
)
from arena_core.mesh_parts import MeshLoadFailure
from arena_core.xmlsafe import XmlError, parse_xml
from schemas.issues import Issue, issue

#: ``(element, attribute)`` pairs that name a file, and the compiler folder MuJoCo reads
#: them from (``None``: the folder of the file that names it). Textures are dropped before
#: (geometry only), ``<include>`` is expanded before.
FILE_REFERENCES = {("mesh", "file"): "meshdir", ("hfield", "file"): "meshdir",
                   ("skin", "file"): "meshdir", ("flexcomp", "file"): "meshdir",
                   ("model", "file"): None}
#: Mesh formats converted to OBJ (MuJoCo reads .stl, .obj and .msh itself).
CONVERTED_MESHES = (".glb", ".gltf", ".ply", ".dae", ".off")
#: Compiler attributes that set folders; removed, since every name becomes an asset key.
COMPILER_FOLDERS = ("meshdir", "texturedir", "assetdir")
#: The key of a sub-model while it is being prepared (a model that names itself is a cycle).
_PENDING = "pending"


@dataclass
class VettedFiles:
    """What vetting found: the assets MuJoCo gets, where each came from, the source files
    used (relative order kept) and the issues."""

    root: Path
    assets: dict[str, bytes] = field(default_factory=dict)
    origins: dict[str, Path] = field(default_factory=dict)
    files: list[Path] = field(default_factory=list)
    issues: list[Issue] = field(default_factory=list)
    keys: dict[Path, str] = field(default_factory=dict)
    #: Keys whose bytes are not the file's own (converted meshes, prepared sub-models).
    derived: set[str] = field(default_factory=set)
    #: Prepares a sub-model tree read from a file (set by the caller: includes expanded,
    #: textures dropped), given the tree and its folder; None when no sub-models are read.
    submodel: Callable[[etree._Element, Path, VettedFiles], None] | None = None
    depth: int = 0

    @property
    def size(self) -> int:
        return sum(len(data) for data in self.assets.values())

    def add(self, path: Path, data: bytes, suffix: str, *, derived: bool = False) -> str:
        """The asset key of ``data`` read from ``path`` (one key per path)."""
        key = self.keys.get(path)
        if key is None:
            key = self.keys[path] = f"a{len(self.assets):04d}{suffix}"
            self.assets[key], self.origins[key] = data, path
            if derived:
                self.derived.add(key)
        return key


def compiler_folders(tree: etree._Element, base: Path) -> dict[str, Path]:
    """The ``meshdir`` folder of the model (``assetdir`` as the fallback; the last setting
    wins) and every compiler folder attribute removed, since names become asset keys."""
    meshdir = base
    for comp in tree.iter("compiler"):
        value = comp.get("meshdir") or comp.get("assetdir")
        if value:
            meshdir = base / value
        for attr in COMPILER_FOLDERS:
            comp.attrib.pop(attr, None)
    return {"meshdir": meshdir}


def vet_files(tree: etree._Element, *, base: Path, meshdir: Path, found: VettedFiles) -> None:
    """Resolve, check and read every file ``tree`` names; rewrite each name to its key."""
    folders = {"meshdir": meshdir, None: base}
    for el in list(tree.iter()):
        if not isinstance(el.tag, str):
            continue
        for attr in [a for a in el.attrib if a.startswith("file")]:
            kind = FILE_REFERENCES.get((el.tag, attr), "unsupported")
            if kind == "unsupported":
                found.issues.append(issue("mjcf.file.unsupported", f"<{el.tag} {attr}=...>"
                                          " names a file MuJoCo would open itself, which is"
                                          " not read here", location=f"{el.tag}:{attr}"))
                continue
            key = _vetted(el, attr, folders[kind], found)
            if key is not None:
                el.set(attr, key)


def checked_path(el: etree._Element, attr: str, folder: Path, root: Path,
                 issues: list[Issue], *, max_bytes: int) -> Path | None:
    """The existing regular file ``el``'s ``attr`` names from ``folder``, with symbolic
    links resolved and inside ``root``; else None with an error issue. Nothing outside
    ``root`` is opened: the resolved path is checked before the file is."""
    name = el.get(attr) or ""
    where = f"{el.tag}:{name[:120]}"
    if os.path.isabs(name) or (len(name) > 1 and name[1] == ":"):
        issues.append(issue("mjcf.path.absolute", f"<{el.tag} {attr}={name[:120]!r}> is an "
                            "absolute path", location=where))
        return None
    path = Path(os.path.normpath(folder / name.replace("\\", "/")))
    real = Path(os.path.realpath(path)) if path.is_relative_to(root) else path
    if not path.is_relative_to(root) or not real.is_relative_to(os.path.realpath(root)):
        issues.append(issue("mjcf.path.escapes", f"file {name[:120]!r} leaves the source "
                            "folder", location=where))
        return None
    problem = file_problem(real, max_bytes=max_bytes)
    if problem is not None:
        issues.append(issue(f"mjcf.file.{problem.kind}", f"file {name[:120]!r}: "
                            f"{problem.message}", location=where))
        return None
    return path


def _vetted(el: etree._Element, attr: str, folder: Path, found: VettedFiles) -> str | None:
    """The asset key of the file ``el`` names, read and checked; None (with an issue)."""
    limit = MAX_XML_BYTES if el.tag == "model" else MESH_MAX_BYTES
    path = checked_path(el, attr, folder, found.root, found.issues, max_bytes=limit)
    if path is None:
        return None
    if found.keys.get(path) == _PENDING:
        found.issues.append(issue("mjcf.include.cycle", f"sub-model {path.name!r} names "
                                  "itself", location="file"))
        return None
    if path in found.keys:
        return found.keys[path]
    if path not in found.files:
        found.files.append(path)
    data = Path(os.path.realpath(path)).read_bytes()
    if found.size + len(data) > MAX_MJCF_ASSET_BYTES:
        found.issues.append(issue("mjcf.limit.assets", f"the files the model names exceed "
                                  f"{MAX_MJCF_ASSET_BYTES} bytes in all", location="file"))
        return None
    suffix = path.suffix.lower()
    if el.tag == "model":
        return _submodel(path, data, found)
    if el.tag in ("mesh", "flexcomp") and suffix in CONVERTED_MESHES:
        data = _converted(path, found)
        return None if data is None else found.add(path, data, ".obj", derived=True)
    return found.add(path, data, suffix)


def _converted(path: Path, found: VettedFiles) -> bytes | None:
    """OBJ bytes of a mesh MuJoCo cannot read, else None with an error issue."""
    try:
        data = obj_bytes(path)  # the one mesh reader (size limit, geometry only)
    except MeshLoadFailure as exc:
        found.issues.append(issue("mjcf.mesh.convert_failed", f"mesh {path.name!r} cannot be "
                                  f"converted to OBJ: {exc.code}: {exc}", location="file"))
        return None
    found.issues.append(issue("mjcf.mesh.converted", f"mesh {path.name!r} ({path.suffix}) is "
                              "converted to OBJ for MuJoCo", location="file"))
    return data


def _submodel(path: Path, data: bytes, found: VettedFiles) -> str | None:
    """The key of the sub-model at ``path``, prepared like the main model (its own
    includes and files vetted the same way), else None with an issue."""
    if found.submodel is None or found.depth >= MAX_MJCF_MODEL_DEPTH:
        found.issues.append(issue("mjcf.limit.include", f"sub-model {path.name!r} nests more "
                                  f"than {MAX_MJCF_MODEL_DEPTH} models deep", location="file"))
        return None
    try:
        tree = parse_xml(data)
    except XmlError as exc:
        found.issues.append(issue("mjcf.include.unreadable", f"sub-model {path.name!r}: "
                                  f"{exc}", location="file"))
        return None
    found.depth += 1
    found.keys[path] = _PENDING
    try:
        found.submodel(tree, path.parent, found)
    finally:
        found.depth -= 1
        del found.keys[path]
    return found.add(path, etree.tostring(tree, encoding="utf-8"), ".xml", derived=True)
