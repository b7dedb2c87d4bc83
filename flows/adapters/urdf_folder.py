"""``urdf_folder``: any folder of URDF files with their meshes (one object per URDF file).

The object id is the URDF's path relative to the source root without its suffix
(``outputs/output/label3``); ``root_dir`` is the source root, so references such as
``../meshes/x.obj`` that stay inside the root resolve. ``package://NAME/...`` resolves to
the folder holding the ``package.xml`` that declares ``NAME`` (searched under the root);
the packages a URDF uses are given to the reader as ``extras.package_dirs``.

Category: a manifest hint keyed by the object id, the file stem, the URDF's folder name or
the top-level folder name (first match), else the manifest's default hint.

Example:
    >>> import tempfile
    >>> from schemas.sources import load_source_manifest
    >>> tmp = Path(tempfile.mkdtemp())
    >>> _ = (tmp / "door.urdf").write_text("<robot name='door'><link name='base'/></robot>")
    >>> m = load_source_manifest({"name": "doors", "adapter": "urdf_folder", "license": "MIT",
    ...                           "location": str(tmp), "category_hints": "Door"})
    >>> [(o.source_id, o.category) for o in UrdfFolderAdapter().iter_objects(m, tmp, work_dir=tmp)]
    [('door', 'Door')]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import partial
from pathlib import Path

from flows.adapters.base import Adapter, Entry, listed_files, make_object, resolve_category
from flows.adapters.urdf_refs import find_packages, too_deep_issue, urdf_object_files, walk_files
from schemas.extras import SourceExtras
from schemas.issues import Issue
from schemas.source_object import SourceObject
from schemas.sources import SourceManifest


class UrdfFolderAdapter(Adapter):
    """One source object per ``*.urdf`` file under the root (sorted by relative path)."""

    name = "urdf_folder"

    def _entries(self, manifest: SourceManifest, root: Path, work_dir: Path) -> Iterator[Entry]:
        too_deep: list[Path] = []
        urdfs = walk_files(root, (".urdf",), too_deep=too_deep, include=manifest.include)
        packages, package_issues = find_packages(root)
        for urdf in urdfs:
            rel = urdf.relative_to(root)
            source_id = rel.with_suffix("").as_posix()
            keys = [source_id, urdf.stem, urdf.parent.name, rel.parts[0]]
            deep = [d for d in too_deep if len(rel.parts) == 1 or
                    d.relative_to(root).parts[0] == rel.parts[0]]
            notes = [too_deep_issue(root, deep)] if deep else []
            yield Entry(source_id, urdf, partial(
                _one, manifest, urdf, root, packages, source_id=source_id, category_keys=keys,
                package_issues=package_issues, issues=notes))


def _one(*args, **kwargs) -> list[SourceObject]:
    return [urdf_file_object(*args, **kwargs)]


def urdf_file_object(
    manifest: SourceManifest,
    urdf: Path,
    root: Path,
    packages: dict[str, Path],
    *,
    source_id: str,
    category_keys: Sequence[str],
    native_category: str | None = None,
    upstream_id: str | None = None,
    issues: Sequence[Issue] = (),
    package_issues: dict[str, Issue] | None = None,
    extras: SourceExtras | None = None,
) -> SourceObject:
    """The source object of one URDF file whose meshes must stay inside ``root``.

    ``files`` lists the URDF, the meshes it references that resolve inside ``root`` (with
    their OBJ material files) and the ``package.xml`` of each package used;
    ``package_issues`` (by package name) are attached when the URDF uses that package.
    """
    relpaths, package_dirs = urdf_object_files(urdf, root, packages)
    files, file_issues = listed_files(root, relpaths)
    package_issues = package_issues or {}
    file_issues += [package_issues[p] for p in package_dirs if p in package_issues]
    out_extras = extras if extras is not None else SourceExtras()
    if package_dirs:
        out_extras = out_extras.merged(package_dirs=package_dirs)
    return make_object(
        manifest,
        source_id=source_id,
        upstream_id=upstream_id,
        urdf_path=urdf,
        root_dir=root,
        files=files,
        category=resolve_category(manifest, category_keys, native_category),
        extras=out_extras,
        issues=[*issues, *file_issues],
    )
