"""Where ROS packages are, as ROS finds them: up the tree, below it and on the search paths.

A ROS package is the folder of a ``package.xml``. :func:`enclosing_package` is the package a
file lies in (the nearest folder above it holding a ``package.xml``), and
:func:`description_root` the object's root for path safety (that package, else the folder
holding a ``urdf/`` folder), so ``urdf/x.urdf`` naming ``../meshes/x.stl`` stays inside.
:func:`search_path_packages` maps the packages of ``ROS_PACKAGE_PATH`` (ROS 1: each entry is
crawled for ``package.xml`` files) and ``AMENT_PREFIX_PATH`` (ROS 2: ``PREFIX/share/NAME``)
to their folders. The variables are passed in (``os.environ`` is read by the command that
calls this), so the result depends on nothing else.

Example:
    >>> import tempfile
    >>> tmp = Path(tempfile.mkdtemp())
    >>> (tmp / "pkg" / "urdf").mkdir(parents=True)
    >>> _ = (tmp / "pkg" / "package.xml").write_text("<package><name>p</name></package>")
    >>> enclosing_package(tmp / "pkg" / "urdf") == tmp / "pkg"
    True
    >>> search_path_packages({"ROS_PACKAGE_PATH": str(tmp)}) == {"p": tmp / "pkg"}
    True
"""

from __future__ import annotations

import os
from collections.abc import Collection, Mapping
from pathlib import Path

from arena_core.util.input_limits import MAX_FOLDER_DEPTH
from flows.adapters.urdf_refs import find_packages

#: Folder levels searched above a file for its ``package.xml``.
MAX_PACKAGE_LEVELS = 16
#: Folder levels below a ``ROS_PACKAGE_PATH`` entry searched for ``package.xml`` files.
SEARCH_PATH_DEPTH = 6
#: Folders that hold a ROS description's URDF files, inside the description's folder.
DESCRIPTION_FOLDERS = frozenset({"urdf", "robots"})
#: The environment variables read, in increasing priority (ROS 2 last: it is the newer).
SEARCH_PATH_VARIABLES = ("ROS_PACKAGE_PATH", "AMENT_PREFIX_PATH")


def enclosing_package(folder: Path, *, stop: Path | None = None) -> Path | None:
    """The nearest of ``folder`` and its ancestors that holds a ``package.xml`` (a regular
    file), at most :data:`MAX_PACKAGE_LEVELS` up and never above ``stop``; None if none."""
    here = Path(os.path.normpath(folder.resolve()))
    limit = stop.resolve() if stop is not None else None
    for _ in range(MAX_PACKAGE_LEVELS + 1):
        if limit is not None and not here.is_relative_to(limit):
            return None
        manifest = here / "package.xml"
        if manifest.is_file() and not manifest.is_symlink():
            return here
        if here.parent == here:
            return None
        here = here.parent
    return None


def description_root(urdf: Path, *, stop: Path | None = None,
                     named: Collection[str] = ()) -> Path | None:
    """The folder a URDF's description lives in, not above ``stop``: its
    :func:`enclosing_package`; else the nearest folder above it named like a package it
    names in ``named`` (``armar/description/urdf/armar6.urdf`` naming
    ``package://armar/...``: ROS 2 finds a package by its folder); else, in a ROS layout
    without ``package.xml`` (``NAME_description/urdf/NAME.urdf``, as airo-models ships its
    grippers), the folder holding its ``urdf/`` or ``robots/`` folder; None if none applies."""
    package = enclosing_package(urdf.parent, stop=stop)
    if package is not None:
        return package
    folder = urdf.resolve().parent
    limit = stop.resolve() if stop is not None else None
    inside = [f for f in [folder, *folder.parents][:MAX_PACKAGE_LEVELS + 1]
              if limit is None or f.is_relative_to(limit)]
    same_name = [f for f in inside if f.name and f.name in named]
    if same_name:
        return same_name[0]
    if folder.name in DESCRIPTION_FOLDERS and folder.parent in inside:
        return folder.parent
    return None


def search_path_packages(environ: Mapping[str, str]) -> dict[str, Path]:
    """``{package name: folder}`` of the packages on the ROS search paths in ``environ``.

    ``ROS_PACKAGE_PATH`` entries are searched :data:`SEARCH_PATH_DEPTH` folders down;
    ``AMENT_PREFIX_PATH`` prefixes give ``PREFIX/share/NAME`` (their ``package.xml`` names
    them too). An earlier entry of a variable wins, as in ROS; missing folders are skipped.
    """
    found: dict[str, Path] = {}
    for variable in SEARCH_PATH_VARIABLES:
        entries = [Path(p) for p in environ.get(variable, "").split(os.pathsep) if p.strip()]
        for entry in reversed(entries):
            folder = entry / "share" if variable == "AMENT_PREFIX_PATH" else entry
            if folder.is_dir():
                depth = 1 if variable == "AMENT_PREFIX_PATH" else SEARCH_PATH_DEPTH
                found.update(find_packages(folder, max_depth=min(depth, MAX_FOLDER_DEPTH))[0])
    return found
