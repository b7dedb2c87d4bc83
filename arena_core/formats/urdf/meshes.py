"""Where a URDF's mesh references point: :class:`MeshResolver`, :func:`package_candidate`.

:class:`MeshResolver` maps each ``<mesh filename>`` to a readable file inside the allowed
folders (the object's ``root_dir`` and the declared packages) or to ``None`` with an error
issue: ``mesh.path.absolute``, ``mesh.path.escapes`` (``..`` leaving the folders),
``mesh.path.symlink`` (a link leaving them), ``mesh.missing`` / ``mesh.too_large`` / ...
(:func:`~arena_core.util.fs.file_problem`), ``mesh.path.package_unresolved``.

``package://NAME/rest``: a ROS package is the folder of the ``package.xml`` that declares
``NAME`` (the caller's ``packages`` map; the ``urdf_folder`` adapter finds them under the
source root). Libraries that ship URDFs without ROS (PyBullet's data, Genesis, ManiSkill,
robosuite) drop the ``package.xml`` or name the folder differently from the package, and the
engines that load them fall back to plain paths. So does :func:`package_candidate`, in
order, first match wins:


1. ``packages[NAME] / rest``: a declared package (how: ``"declared"``);
2. ``A / rest`` for the nearest folder ``A`` named ``NAME`` that holds the URDF where that
   file exists: the URDF
   lives inside its package (``robot_properties_fingers/urdf/finger.urdf``, robosuite's
   ``panda_description`` whose ``package.xml`` says ``franka_description``) (how:
   ``"enclosing"``);
3. ``D / NAME / rest`` for the URDF's folder ``D`` or the nearest ancestor where that file
   exists: the package beside the URDF (``xarm/xarm_description/meshes/...``) or a plain
   folder (PyBullet's ``package://meshes/link0.obj``, Genesis's ``package://wheel.obj``)
   (how: ``"relative"``).

Rules 2 and 3 look only inside ``root`` (never above it) and return a file that exists;
when none does, the nearest folder of rule 2 is the answer (its missing file is then
``mesh.missing``, not ``mesh.path.package_unresolved``); whether the candidate is a readable file inside the allowed folders is the
caller's check. :class:`MeshResolver` reports rules 2 and 3 as one
``mesh.path.package_guessed`` warning per package.

Example:
    >>> import tempfile
    >>> root = Path(tempfile.mkdtemp())
    >>> (root / "koch" / "meshes").mkdir(parents=True)
    >>> _ = (root / "koch" / "meshes" / "a.stl").write_bytes(b"")
    >>> path, how = package_candidate("koch", "meshes/a.stl", base=root / "koch", root=root,
    ...                               packages={})
    >>> path == root / "koch" / "meshes" / "a.stl", how
    (True, 'enclosing')
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from arena_core.util.fs import RealPaths, file_problem, is_within
from arena_core.util.input_limits import MESH_MAX_BYTES
from schemas.issues import Issue, issue


def split_package_uri(uri: str) -> tuple[str, str]:
    """``("NAME", "rest")`` of ``package://NAME/rest`` (``rest`` may be empty); the slashes
    of ``package:///NAME/rest`` (Talos in example-robot-data) are skipped, as Pinocchio
    skips them (:class:`MeshResolver` warns).

    >>> split_package_uri("package://pkg/meshes/a.obj"), split_package_uri("package:///p/a")
    (('pkg', 'meshes/a.obj'), ('p', 'a'))
    """
    name, _, rest = uri.strip()[len("package://"):].lstrip("/").partition("/")
    return name, rest


def package_candidate(name: str, rest: str, *, base: Path, root: Path,
                      packages: Mapping[str, Path]) -> tuple[Path | None, str | None]:
    """``(path, how)`` of ``package://name/rest`` for a URDF in folder ``base`` under ``root``
    (module docstring), or ``(None, None)`` when no rule applies. ``path`` is lexically
    normalized (``..`` folded, links not resolved)."""
    if name in packages:
        return _joined(Path(packages[name]), rest), "declared"
    if not name or name in (".", ".."):
        return None, None
    folders = _folders(Path(os.path.normpath(base)), Path(os.path.normpath(root)))
    enclosing = [_joined(folder, rest) for folder in folders if folder.name == name]
    for candidate in enclosing:
        if os.path.isfile(candidate):
            return candidate, "enclosing"
    for folder in folders:
        candidate = _joined(folder / name, rest)
        if candidate.is_relative_to(root) and os.path.isfile(candidate):
            return candidate, "relative"
    return (enclosing[0], "enclosing") if enclosing else (None, None)


def _folders(base: Path, root: Path) -> list[Path]:
    """``base`` and its ancestors up to ``root`` (included), nearest first; empty when
    ``base`` is not inside ``root``."""
    if not base.is_relative_to(root):
        return []
    out = [base]
    while out[-1] != root:
        out.append(out[-1].parent)
    return out


def _joined(folder: Path, rest: str) -> Path:
    return Path(os.path.normpath(folder / rest)) if rest else Path(os.path.normpath(folder))


class MeshResolver:
    """Map URDF mesh filenames to files inside ``root_dir`` (or ``None``, with an issue
    appended to ``issues``); ``root_dir`` defaults to the URDF's folder.

    A filename that resolved is answered from memory when named again (a link's visual and
    collision usually share their mesh); one that failed is checked again, so each place
    that names it gets its issue. For one read of one URDF: files must not change meanwhile.
    """

    def __init__(self, urdf_path: Path, root_dir, package_dirs, issues: list[Issue]):
        self.base = urdf_path.resolve().parent
        self.root = Path(root_dir).resolve() if root_dir is not None else self.base
        self.packages = {k: Path(v).resolve() for k, v in (package_dirs or {}).items()}
        self._folders = [str(self.root), *(str(p) for p in self.packages.values())]
        self.issues = issues
        self.guessed: set[str] = set()
        self.slashes_noted = False
        self.real = RealPaths()
        self._resolved: dict[str, str] = {}

    def __call__(self, filename: str, location: str) -> str | None:
        found = self._resolved.get(filename)
        if found is None:
            found = self._resolve(filename, location)
            if found is not None:
                self._resolved[filename] = found
        return found

    def _resolve(self, filename: str, location: str) -> str | None:
        name = filename.strip()
        if name.startswith("file://"):
            name = name[len("file://"):]
        if name.startswith("package://"):
            return self._package(name, location)
        if os.path.isabs(name) or (len(name) > 1 and name[1] == ":"):
            return self._fail("mesh.path.absolute", location, f"absolute mesh path {filename!r}")
        return self._inside(os.path.join(self.base, name), filename, location)

    def _package(self, name: str, location: str) -> str | None:
        pkg, rest = split_package_uri(name)
        if name.startswith("package:///") and not self.slashes_noted:
            self.slashes_noted = True
            self.issues.append(issue(
                "mesh.path.package_slashes", f"{_short(name)!r}: package:/// (an empty package "
                f"name) read as package://{pkg}/..., as Pinocchio reads it", location=location))
        candidate, how = package_candidate(pkg, rest, base=self.base, root=self.root,
                                           packages=self.packages)
        if candidate is None:
            return self._fail("mesh.path.package_unresolved", location,
                              f"package {pkg!r} not found (no package.xml for it, no folder "
                              "of that name around the URDF)")
        if how != "declared" and pkg not in self.guessed:
            self.guessed.add(pkg)
            found = "the folder holding the URDF" if how == "enclosing" else \
                "a path relative to the URDF's folder (or an ancestor)"
            self.issues.append(issue(
                "mesh.path.package_guessed", f"no package.xml declares {pkg!r}; "
                f"package://{pkg}/... read as {found} ({_short(str(candidate))})",
                location=location))
        return self._inside(candidate, name, location)

    def _inside(self, candidate: str | Path, filename: str, location: str) -> str | None:
        lexical = os.path.normpath(candidate)
        if not self._allowed(lexical):
            return self._fail("mesh.path.escapes", location,
                              f"mesh path {filename!r} leaves the object folder")
        problem = file_problem(lexical, max_bytes=MESH_MAX_BYTES)
        if problem is not None:
            return self._fail(f"mesh.{problem.kind}", location,
                              f"mesh {_short(filename)!r}: {problem.message}")
        real = self.real(lexical)
        if not self._allowed(real):
            return self._fail("mesh.path.symlink", location,
                              f"mesh {filename!r} is a link to outside the object folder")
        return real

    def _allowed(self, path: str) -> bool:
        """Whether the normalized absolute ``path`` is inside the root or a package."""
        return any(is_within(path, folder) for folder in self._folders)

    def _fail(self, code: str, location: str, message: str) -> None:
        self.issues.append(issue(code, message, severity="error", location=location))
        return None


def _short(name: str, chars: int = 80) -> str:
    return name if len(name) <= chars else f"{name[:chars]}... ({len(name)} characters)"

