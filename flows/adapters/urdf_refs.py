"""What a URDF file refers to: ROS packages, meshes and the material files of OBJ meshes.

Adapters use this to list the files an object came from and to map ``package://NAME`` to
the folder holding that package's ``package.xml``. Parsing here is lenient and safe (no
entities, no DTD, no network; ``recover`` mode so a broken file still lists its meshes):
the strict reading, with issue codes, is :func:`arena_core.urdf.read_urdf`'s job.

Example:
    >>> import tempfile
    >>> tmp = Path(tempfile.mkdtemp())
    >>> _ = (tmp / "pkg").mkdir(), (tmp / "pkg" / "package.xml").write_text(
    ...     "<package><name>my_pkg</name></package>")
    >>> find_packages(tmp)[0]["my_pkg"] == tmp / "pkg"
    True
"""

from __future__ import annotations

import os
from pathlib import Path

from lxml import etree

from flows.adapters.base import MAX_SIDE_FILE_BYTES, issue
from schemas.issues import Issue

#: Largest URDF read for its references (bytes); arena_core.urdf refuses larger ones too.
MAX_URDF_BYTES = 16 * 1024 * 1024
#: Folders never searched for URDFs or packages.
SKIP_DIRS = frozenset({".git", "__pycache__", ".hg", ".svn"})

_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False,
                          huge_tree=False, recover=True, remove_comments=True)


def walk_files(root: Path, suffixes: tuple[str, ...]) -> list[Path]:
    """Return every regular file under ``root`` whose name ends with one of ``suffixes``
    (case-insensitive), sorted by relative POSIX path; links and hidden folders are skipped."""
    found = []
    for folder, dirnames, filenames in os.walk(root, followlinks=False):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS and not d.startswith("."))
        for name in filenames:
            path = Path(folder) / name
            if name.lower().endswith(suffixes) and path.is_file() and not path.is_symlink():
                found.append(path)
    return sorted(found, key=lambda p: p.relative_to(root).as_posix())


def find_packages(root: Path) -> tuple[dict[str, Path], dict[str, Issue]]:
    """Map ROS package names to their folders (the folder of each ``package.xml`` under root).

    The name is the ``<name>`` element, else the folder name. When two folders declare the
    same name the first in sorted path order wins and a ``urdf.package.duplicate`` warning
    (returned keyed by package name, for the objects that use it) names both.
    """
    packages: dict[str, Path] = {}
    issues: dict[str, Issue] = {}
    for xml in walk_files(root, ("package.xml",)):
        if xml.name != "package.xml":
            continue
        name = _package_name(xml) or xml.parent.name
        if name in packages:
            issues[name] = issue("urdf.package.duplicate", f"package {name!r} is declared in "
                                 f"{packages[name]} and {xml.parent}; using the first",
                                 severity="warning", location="file")
            continue
        packages[name] = xml.parent
    return packages, issues


def _package_name(xml: Path) -> str | None:
    """The ``<name>`` of a ROS ``package.xml`` (None if unreadable)."""
    try:
        if xml.stat().st_size > MAX_SIDE_FILE_BYTES:
            return None
        tree = etree.fromstring(xml.read_bytes(), parser=_PARSER)
    except (OSError, etree.XMLSyntaxError, ValueError):
        return None
    el = tree.find("name") if tree is not None else None
    name = (el.text or "").strip() if el is not None else ""
    return name or None


def mesh_filenames(urdf: Path) -> list[str]:
    """The ``<mesh filename>`` values of a URDF, in document order (empty if unreadable)."""
    try:
        if urdf.stat().st_size > MAX_URDF_BYTES:
            return []
        data = urdf.read_bytes().replace(b"\x00", b"").lstrip()
    except OSError:
        return []
    if b"<!DOCTYPE" in data or b"<!ENTITY" in data:
        return []
    try:
        tree = etree.fromstring(data, parser=_PARSER)
    except (etree.XMLSyntaxError, ValueError):
        return []
    if tree is None:
        return []
    return [el.get("filename", "") for el in tree.iter("mesh") if el.get("filename")]


def resolve_reference(name: str, base: Path, root: Path, packages: dict[str, Path]) -> Path | None:
    """Resolve a mesh reference like ``read_urdf`` does; None unless it is a file inside root.

    ``package://NAME/rest`` resolves against ``packages[NAME]``; relative paths against
    ``base`` (the URDF's folder); absolute paths are never followed.
    """
    name = name.strip().removeprefix("file://")
    if name.startswith("package://"):
        pkg, _, rest = name[len("package://"):].partition("/")
        if pkg not in packages:
            return None
        candidate = packages[pkg] / rest
    elif os.path.isabs(name) or (len(name) > 1 and name[1] == ":"):
        return None
    else:
        candidate = base / name
    path = Path(os.path.normpath(candidate))
    if not path.is_relative_to(root) or not path.is_file():
        return None
    return path if path.resolve().is_relative_to(root) else None


def used_packages(names: list[str], packages: dict[str, Path]) -> dict[str, str]:
    """The ``{package name: folder}`` of the packages the references use (sorted by name)."""
    used = {n.strip()[len("package://"):].partition("/")[0]
            for n in names if n.strip().startswith("package://")}
    return {p: str(packages[p]) for p in sorted(used) if p in packages}


def material_files(mesh: Path, root: Path) -> list[Path]:
    """Files an OBJ mesh pulls in: its ``mtllib`` files and their texture maps, inside root."""
    if mesh.suffix.lower() != ".obj":
        return []
    mtls = _referenced(mesh, ("mtllib",), root)
    textures = [t for mtl in mtls for t in _referenced(mtl, ("map_", "bump", "disp", "norm"), root)]
    return mtls + textures


def _referenced(path: Path, keywords: tuple[str, ...], root: Path) -> list[Path]:
    """Existing files named after ``keywords`` in an OBJ/MTL text file, inside ``root``."""
    try:
        if path.stat().st_size > MAX_SIDE_FILE_BYTES * 8:
            return []
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return []
    out = []
    for line in lines:
        fields = line.split()
        if len(fields) >= 2 and fields[0].lower().startswith(keywords):
            target = Path(os.path.normpath(path.parent / fields[-1]))
            if target.is_relative_to(root) and target.is_file() and target not in out:
                out.append(target)
    return out


def urdf_object_files(urdf: Path, root: Path, packages: dict[str, Path]) -> tuple[list[str], dict[str, str]]:
    """The files a URDF object came from, as POSIX paths relative to ``root``.

    Returns ``(relpaths, package_dirs)``: the URDF, every mesh it references that resolves
    to a file inside ``root`` (with its OBJ material files) and the ``package.xml`` of each
    package used; ``package_dirs`` maps the used package names to their folders.
    """
    names = mesh_filenames(urdf)
    pkgs = used_packages(names, packages)
    paths = [urdf] + [Path(p) / "package.xml" for p in pkgs.values()]
    for name in names:
        mesh = resolve_reference(name, urdf.parent, root, packages)
        if mesh is not None:
            paths += [mesh, *material_files(mesh, root)]
    rel = sorted({p.relative_to(root).as_posix() for p in paths if p.is_file()})
    return rel, pkgs
