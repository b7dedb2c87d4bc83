"""What a URDF file refers to: ROS packages, meshes and the material files of OBJ meshes.

Adapters use this to list the files an object came from and to map ``package://NAME`` to
the folder holding that package's ``package.xml``. Parsing here is lenient and safe (no
entities, no DTD, no network; ``recover`` mode so a broken file still lists its meshes):
the strict reading, with issue codes, is :func:`arena_core.formats.urdf.read.read_urdf`'s job.

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

from arena_core.formats.urdf.meshes import package_candidate, split_package_uri
from arena_core.formats.xmlsafe import XmlError, parse_xml
from arena_core.util.fs import file_problem, walk
from arena_core.util.input_limits import (
    MAX_FOLDER_DEPTH,
    MAX_SIDE_FILE_BYTES,
    MAX_XML_BYTES,
    MESH_MAX_BYTES,
)
from schemas.globs import included
from schemas.issues import Issue, issue

#: Folders never searched for URDFs or packages.
SKIP_DIRS = frozenset({".git", "__pycache__", ".hg", ".svn"})



def walk_files(root: Path, suffixes: tuple[str, ...], *, max_depth: int = MAX_FOLDER_DEPTH,
               too_deep: list[Path] | None = None,
               include: list[str] | None = None) -> list[Path]:
    """Return every regular file under ``root`` whose name ends with one of ``suffixes``
    (case-insensitive) and whose relative path matches ``include`` (see
    :func:`schemas.globs.included`; ``None``: all), sorted by relative POSIX path; links and
    hidden folders are skipped, and so are folders more than ``max_depth`` below ``root``
    (appended to ``too_deep``)."""
    found = []
    for folder, dirnames, filenames in walk(root, max_depth=max_depth, too_deep=too_deep):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS and not d.startswith(".")]
        for name in filenames:
            path = folder / name
            if name.lower().endswith(suffixes) and not path.is_symlink() \
                    and file_problem(path) is None \
                    and included(path.relative_to(root).as_posix(), include):
                found.append(path)
    return sorted(found, key=lambda p: p.relative_to(root).as_posix())


def too_deep_issue(root: Path, folders: list[Path]) -> Issue:
    """The ``source.folder.too_deep`` warning for folders a walk skipped."""
    first = folders[0].relative_to(root).as_posix()
    return issue("source.folder.too_deep", f"{len(folders)} folder(s) nested more than "
                 f"{MAX_FOLDER_DEPTH} levels below {root.name} were not searched "
                 f"(first: {first[:120]}...)", location="file")


def find_packages(root: Path, *, max_depth: int = MAX_FOLDER_DEPTH,
                  too_deep: list[Path] | None = None) -> tuple[dict[str, Path], dict[str, Issue]]:
    """Map ROS package names to their folders (the folder of each ``package.xml`` under root).

    The name is the ``<name>`` element, else the folder name. When two folders declare the
    same name the first in sorted path order wins and a ``urdf.package.duplicate`` warning
    (returned keyed by package name, for the objects that use it) names both. A package
    installed as ``PREFIX/share/FOLDER`` also answers to ``FOLDER`` (ROS 2 finds it by that
    name: ``example-robot-data`` declares ``example_robot_descriptions``) unless a
    ``package.xml`` declares that name.
    """
    packages: dict[str, Path] = {}
    issues: dict[str, Issue] = {}
    for xml in walk_files(root, ("package.xml",), max_depth=max_depth, too_deep=too_deep):
        if xml.name != "package.xml":
            continue
        name = _package_name(xml) or xml.parent.name
        if name in packages:
            issues[name] = issue("urdf.package.duplicate", f"package {name!r} is declared in "
                                 f"{packages[name]} and {xml.parent}; using the first",
                                 location="file")
            continue
        packages[name] = xml.parent
    installed = {p.name: p for p in packages.values() if p.parent.name == "share"}
    return {**installed, **packages}, issues


def _package_name(xml: Path) -> str | None:
    """The ``<name>`` of a ROS ``package.xml`` (None if unreadable)."""
    tree = _lenient_xml(xml, MAX_SIDE_FILE_BYTES)
    el = tree.find("name") if tree is not None else None
    name = (el.text or "").strip() if el is not None else ""
    return name or None


def mesh_filenames(urdf: Path) -> list[str]:
    """The ``<mesh filename>`` values of a URDF, in document order (empty if unreadable)."""
    tree = _lenient_xml(urdf, MAX_XML_BYTES)
    if tree is None:
        return []
    return [el.get("filename", "") for el in tree.iter("mesh") if el.get("filename")]


def _lenient_xml(path: Path, max_bytes: int) -> etree._Element | None:
    """The root of a safe, readable XML file parsed in ``recover`` mode, else None."""
    if file_problem(path, max_bytes=max_bytes) is not None:
        return None
    try:
        return parse_xml(path.read_bytes().lstrip(), recover=True)
    except (OSError, XmlError):
        return None


def resolve_reference(name: str, base: Path, root: Path, packages: dict[str, Path]) -> Path | None:
    """Resolve a mesh reference like ``read_urdf`` does; None unless it is a file inside root.

    ``package://NAME/rest`` resolves by :func:`arena_core.formats.urdf.meshes.package_candidate`
    (``packages[NAME]``, else a folder named ``NAME`` around the URDF); relative paths
    against ``base`` (the URDF's folder); absolute paths are never followed.
    """
    name = name.strip().removeprefix("file://")
    if name.startswith("package://"):
        candidate, _ = package_candidate(*split_package_uri(name), base=base, root=root,
                                         packages=packages)
        if candidate is None:
            return None
    elif os.path.isabs(name) or (len(name) > 1 and name[1] == ":"):
        return None
    else:
        candidate = base / name
    path = Path(os.path.normpath(candidate))
    if not path.is_relative_to(root) or file_problem(path, max_bytes=MESH_MAX_BYTES) is not None:
        return None
    return path if path.resolve().is_relative_to(root) else None


def used_package_names(names: list[str]) -> set[str]:
    """The package names of the ``package://`` references among ``names``."""
    return {split_package_uri(n)[0] for n in names if n.strip().startswith("package://")}


def used_packages(names: list[str], packages: dict[str, Path]) -> dict[str, str]:
    """The ``{package name: folder}`` of the packages the references use (sorted by name)."""
    return {p: str(packages[p]) for p in sorted(used_package_names(names)) if p in packages}


def material_files(mesh: Path, root: Path) -> list[Path]:
    """Files an OBJ mesh pulls in: its ``mtllib`` files and their texture maps, inside root."""
    if mesh.suffix.lower() != ".obj":
        return []
    mtls = _referenced(mesh, ("mtllib",), root)
    textures = [t for mtl in mtls for t in _referenced(mtl, ("map_", "bump", "disp", "norm"), root)]
    return mtls + textures


def _referenced(path: Path, keywords: tuple[str, ...], root: Path) -> list[Path]:
    """Existing files named after ``keywords`` in an OBJ/MTL text file, inside ``root``."""
    if file_problem(path, max_bytes=MESH_MAX_BYTES) is not None:
        return []
    out = []
    with open(path, "rb") as stream:  # streamed: an OBJ may be hundreds of megabytes
        for raw in stream:
            fields = raw.decode("utf-8", "replace").split()
            if len(fields) >= 2 and fields[0].lower().startswith(keywords):
                target = Path(os.path.normpath(path.parent / fields[-1]))
                if target.is_relative_to(root) and file_problem(target) is None \
                        and target not in out:
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
