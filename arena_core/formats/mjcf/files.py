"""Every file an MJCF model names, vetted before MuJoCo sees the model.

MuJoCo opens files itself: ``<include>``, the asset files of meshes, height fields and
skins (through the compiler's ``meshdir``/``assetdir``), sub-models (``<asset><model
file=...>`` used by ``<attach>``) and ``<flexcomp file=...>``; a name it cannot find in
the assets it was given is opened from the disk, relative to the process's working folder.
This module is the one resolver for all of them, run on the tree
:func:`arena_core.formats.mjcf.prepare.prepare_model` builds, before MuJoCo compiles it:

* each name is resolved as MuJoCo resolves it (the folder of the file that names it, with
  the compiler folder of its kind), symbolic links followed, and must lie inside the
  source root -- checked before the file is opened at all (``mjcf.path.absolute``,
  ``mjcf.path.escapes``, ``mjcf.file.*``);
* its bytes are read (within the size limits of :mod:`arena_core.util.input_limits`) into the
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
from pathlib import Path, PurePosixPath

from lxml import etree

from arena_core.formats.xmlsafe import XmlError, parse_xml
from arena_core.mesh.canonical_files import obj_bytes
from arena_core.mesh.parts import MeshLoadFailure
from arena_core.util.fs import file_problem
from arena_core.util.input_limits import (
    MAX_MJCF_ASSET_BYTES,
    MAX_MJCF_MODEL_DEPTH,
    MAX_XML_BYTES,
    MESH_MAX_BYTES,
)
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
#: Attribute recording the folder of the file an included element came from.
FOLDER_MARK = "{urn:articulatearena:mjcf}folder"
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


def compiler_folders(tree: etree._Element, base: Path) -> dict[str, Path | None]:
    """The ``meshdir`` folder the model sets (``assetdir`` as the fallback; the last setting
    wins; None when none is set) and every compiler folder attribute removed, since names
    become asset keys."""
    meshdir = None
    for comp in tree.iter("compiler"):
        value = comp.get("meshdir") or comp.get("assetdir")
        if value:
            meshdir = base / value
        for attr in COMPILER_FOLDERS:
            comp.attrib.pop(attr, None)
    return {"meshdir": meshdir}


def mark_folder(el: etree._Element, folder: Path) -> None:
    """Record on ``el`` (an element copied from an included file) the folder of that file."""
    el.set(FOLDER_MARK, str(folder))


def source_folder(el: etree._Element, base: Path) -> Path:
    """The folder of the file ``el`` was written in (``base``: the main file's)."""
    for node in (el, *el.iterancestors()):
        if node.get(FOLDER_MARK) is not None:
            return Path(node.get(FOLDER_MARK))
    return base


def strip_marks(tree: etree._Element) -> None:
    """Remove the folder marks of :func:`mark_folder` (MuJoCo would refuse them)."""
    for el in tree.iter():
        if isinstance(el.tag, str):
            el.attrib.pop(FOLDER_MARK, None)
    etree.cleanup_namespaces(tree)


def search_folders(el: etree._Element, base: Path, compiler: Path | None) -> list[Path]:
    """Where MuJoCo looks for a file ``el`` names: the compiler folder when the model sets
    one, else the folder of the file that names it, then the main file's folder."""
    return lookup_folders(source_folder(el, base), base, compiler)


def lookup_folders(folder: Path, base: Path, compiler: Path | None) -> list[Path]:
    """MuJoCo's folders for a file name written in a file in ``folder`` of the model whose
    main file is in ``base``: ``[compiler]`` when the model sets that compiler folder,
    else ``[folder, base]`` (an included file's names are found beside it first)."""
    return [compiler] if compiler is not None else list(dict.fromkeys([folder, base]))


def vet_files(tree: etree._Element, *, base: Path, meshdir: Path | None,
              found: VettedFiles) -> None:
    """Resolve, check and read every file ``tree`` names; rewrite each name to its key."""
    folders = {"meshdir": meshdir, None: None}
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
            key = _vetted(el, attr, search_folders(el, base, folders[kind]), found)
            if key is not None:
                _keep_implicit_name(el, attr)
                el.set(attr, key)


def _keep_implicit_name(el: etree._Element, attr: str) -> None:
    """An unnamed mesh, height field or skin is named by MuJoCo after its file (the name
    without folder and extension): keep that name when the file name becomes a key."""
    if el.tag in ("mesh", "hfield", "skin") and attr == "file" and el.get("name") is None:
        el.set("name", PurePosixPath((el.get(attr) or "").replace("\\", "/")).stem)


def checked_path(el: etree._Element, attr: str, folders: list[Path], root: Path,
                 issues: list[Issue], *, max_bytes: int) -> Path | None:
    """The regular file ``el``'s ``attr`` names, looked for in each of ``folders`` in turn,
    with symbolic links resolved and inside ``root``; else None with an error issue.
    Nothing outside ``root`` is opened: each resolved path is checked before the file is."""
    name = el.get(attr) or ""
    where = f"{el.tag}:{name[:120]}"
    if os.path.isabs(name) or (len(name) > 1 and name[1] == ":"):
        issues.append(issue("mjcf.path.absolute", f"<{el.tag} {attr}={name[:120]!r}> is an "
                            "absolute path", location=where))
        return None
    inside = [p for p in (_inside(f / name.replace("\\", "/"), root) for f in folders) if p]
    if not inside:
        issues.append(issue("mjcf.path.escapes", f"file {name[:120]!r} leaves the source "
                            "folder", location=where))
        return None
    problems = [(path, file_problem(real, max_bytes=max_bytes)) for path, real in inside]
    found = next((path for path, problem in problems if problem is None), None)
    if found is None:
        problem = problems[0][1]
        issues.append(issue(f"mjcf.file.{problem.kind}", f"file {name[:120]!r}: "
                            f"{problem.message}", location=where))
    return found


def _inside(path: Path, root: Path) -> tuple[Path, Path] | None:
    """``(normalized path, real path)`` when both lie inside ``root``, else None."""
    path = Path(os.path.normpath(path))
    if not path.is_relative_to(root):
        return None
    real = Path(os.path.realpath(path))
    return (path, real) if real.is_relative_to(os.path.realpath(root)) else None


def _vetted(el: etree._Element, attr: str, folders: list[Path], found: VettedFiles
            ) -> str | None:
    """The asset key of the file ``el`` names, read and checked; None (with an issue)."""
    limit = MAX_XML_BYTES if el.tag == "model" else MESH_MAX_BYTES
    path = checked_path(el, attr, folders, found.root, found.issues, max_bytes=limit)
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
