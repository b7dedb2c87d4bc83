"""``partnet_mobility``: PartNet-Mobility object folders and the per-object zips of its Hub copy.

Layout read (one object per entry of the root, sorted by id)::

    <id>/mobility.urdf         the object (meshes under textured_objs/)
    <id>/meta.json             model_cat -> category, anno_id -> upstream id
    <id>/semantics.txt         "link_0 hinge door" lines -> extras.semantics
    <id>/mobility_v2.json      kept for the annotation cross-check -> extras.mobility_v2_path
    <id>.zip                   the same folder zipped (gated Hub copy), extracted safely
                               into work_dir/<source>/archives/<id>-<sha256[:16]>/

Third-party copies differ (kitchen-models, Bi-DexHands): a folder without ``meta.json``
gets a ``pm.meta.missing`` warning (category from the manifest hints); a folder without
``mobility.urdf`` but with other URDFs is read like ``urdf_folder`` inside that folder
(``pm.layout.plain_urdf`` info); other URDF variants next to ``mobility.urdf`` are listed
in ``extras.other_urdfs``; an object read from a zip names it in ``extras.archive``.
``files`` lists every file of the object folder.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

from arena_core.formats.archive import ArchiveError, extract_object_archive
from arena_core.util.hashing import file_sha256
from flows.adapters.base import (
    Adapter,
    Entry,
    folder_files,
    make_object,
    read_json,
    read_semantics,
    resolve_category,
)
from flows.adapters.urdf_folder import urdf_file_object
from flows.adapters.urdf_refs import SKIP_DIRS, find_packages, walk_files
from schemas.extras import SourceExtras
from schemas.files import SourceFile
from schemas.issues import Issue, issue
from schemas.source_object import SourceObject
from schemas.sources import SourceManifest

#: Archive suffix of the per-object zips (the Hub copy of PartNet-Mobility).
ZIP_SUFFIX = ".zip"
#: The trailing number of a third-party folder name (``Box_100426`` -> ``100426``).
_TRAILING_ID = re.compile(r"_(\d+)$")


class PartNetMobilityAdapter(Adapter):
    """PartNet-Mobility folders ``<id>/mobility.urdf`` (and ``<id>.zip``) under the root."""

    name = "partnet_mobility"
    urdf_name = "mobility.urdf"
    code = "pm"
    #: Read a folder without :attr:`urdf_name` but with other URDFs as plain URDF objects.
    plain_fallback = True

    def _entries(self, manifest: SourceManifest, root: Path, work_dir: Path) -> Iterator[Entry]:
        for source_id, path, notes in _object_entries(root, self.code):
            if path.is_dir():
                yield Entry(source_id, path, partial(self._folder, manifest, path, source_id,
                                                     SourceExtras(), notes))
            else:
                yield Entry(source_id, path, partial(self._zip, manifest, root, path, source_id,
                                                     work_dir))

    # ------------------------------------------------------------------ one object
    def _folder(self, manifest: SourceManifest, folder: Path, source_id: str,
                extras: SourceExtras, notes: list[Issue]) -> Iterator[SourceObject]:
        """Yield the object(s) of one extracted object folder."""
        urdf = folder / self.urdf_name
        if urdf.is_file() and not urdf.is_symlink():
            yield self._object(manifest, folder, source_id, extras, notes)
            return
        plain = walk_files(folder, (".urdf",))
        if plain and self.plain_fallback:
            yield from _plain_urdfs(manifest, folder, source_id, plain, extras, notes)
            return
        files, file_issues = folder_files(folder)
        yield make_object(manifest, source_id=source_id, urdf_path=urdf, root_dir=folder,
                          files=files, extras=extras,
                          category=resolve_category(manifest, [source_id], None),
                          issues=[*notes, *file_issues, issue(
                              f"{self.code}.urdf.missing",
                              f"{folder.name}: no {self.urdf_name} in the object folder")])

    def _object(self, manifest: SourceManifest, folder: Path, source_id: str,
                extras: SourceExtras, notes: list[Issue]) -> SourceObject:
        """The source object of a folder holding :attr:`urdf_name`."""
        files, issues = folder_files(folder)
        native, upstream, meta_fields, meta_issues = pm_metadata(folder, source_id)
        own_fields, own_issues = self._annotations(folder)
        others = [u.relative_to(folder).as_posix() for u in walk_files(folder, (".urdf",))
                  if u.relative_to(folder).as_posix() != self.urdf_name]
        return make_object(
            manifest, source_id=source_id, upstream_id=upstream,
            urdf_path=folder / self.urdf_name, root_dir=folder, files=files,
            category=resolve_category(manifest, [source_id, folder.name], native),
            extras=extras.merged(**meta_fields, **own_fields, other_urdfs=others or None),
            issues=[*notes, *issues, *meta_issues, *own_issues],
        )

    def _annotations(self, folder: Path) -> tuple[dict[str, Any], list[Issue]]:
        """Adapter-specific side files as extras fields: ``semantics.txt`` -> ``semantics``."""
        path = folder / "semantics.txt"
        if not path.is_file():
            return {}, [issue("pm.semantics.missing", "no semantics.txt", location="file")]
        rows, issues = read_semantics(path, "pm.semantics")
        return {"semantics": rows}, issues

    # ------------------------------------------------------------------ zips
    def _zip(self, manifest: SourceManifest, root: Path, archive: Path, source_id: str,
             work_dir: Path) -> Iterator[SourceObject]:
        """Extract one per-object zip (once, keyed by its sha256) and read the folder."""
        sha = file_sha256(archive)
        info = SourceExtras(archive=SourceFile(path=archive.relative_to(root).as_posix(),
                                               sha256=sha, size=archive.stat().st_size))
        dest = work_dir / manifest.name / "archives" / f"{source_id}-{sha[:16]}"
        try:
            if not dest.is_dir():
                extract_object_archive(archive, dest)
        except ArchiveError as exc:
            if not (exc.code == "archive.exists" and dest.is_dir()):
                yield make_object(manifest, source_id=source_id, urdf_path=dest / self.urdf_name,
                                  root_dir=dest, extras=info,
                                  category=resolve_category(manifest, [source_id], None),
                                  issues=[issue(exc.code, f"{archive.name}: {exc.message}",
                                                location="file")])
                return
        yield from self._folder(manifest, _object_folder(dest, self.urdf_name), source_id, info, [])


def pm_metadata(folder: Path, source_id: str) -> tuple[str | None, str | None, dict[str, Any], list[Issue]]:
    """Read ``meta.json`` and locate ``mobility_v2.json`` of a PartNet-Mobility folder.

    Returns ``(model_cat, upstream id, extras fields, issues)``. The upstream id is the
    PartNet-Mobility dataset id: the folder id when it is all digits (``102442``), else its
    trailing number when ``meta.json`` marks a PartNet-Mobility copy (``Box_100426`` ->
    ``100426``), else None. ``meta.json``'s ``anno_id`` (the PartNet annotation id, which
    differs from the dataset id for ids >= 100000) and ``model_id`` (the ShapeNet model
    hash) go to the extras for duplicate search, and ``mobility_v2_path`` when it exists.
    """
    extras: dict[str, Any] = {}
    issues: list[Issue] = []
    meta_path = folder / "meta.json"
    meta: Any = None
    if meta_path.is_file():
        meta, issues = read_json(meta_path, "pm.meta")
    else:
        issues.append(issue("pm.meta.missing", "no meta.json; category from the manifest hints",
                            location="file"))
    meta = meta if isinstance(meta, dict) else {}
    native = str(meta["model_cat"]) if meta.get("model_cat") else None
    for key in ("anno_id", "model_id"):
        if meta.get(key):
            extras[key] = str(meta[key])
    upstream = pm_upstream_id(source_id, has_meta=bool(meta))
    v2 = folder / "mobility_v2.json"
    if v2.is_file():
        extras["mobility_v2_path"] = v2
    return native, upstream, extras, issues


def pm_upstream_id(source_id: str, *, has_meta: bool) -> str | None:
    """The PartNet-Mobility dataset id of a folder name (see :func:`pm_metadata`).

    >>> pm_upstream_id("41083", has_meta=True), pm_upstream_id("Cabinet_41083", has_meta=True)
    ('41083', '41083')
    >>> pm_upstream_id("Cabinet_41083", has_meta=False) is None
    True
    """
    trailing = _TRAILING_ID.search(source_id)
    if source_id.isdigit():
        return source_id
    return trailing.group(1) if trailing and has_meta else None


def _object_entries(root: Path, code: str) -> list[tuple[str, Path, list[Issue]]]:
    """``(id, path, notes)`` per object folder or ``<id>.zip`` under root, sorted by id.

    A zip whose id also names a folder is skipped with a ``<code>.duplicate_id`` warning
    on the folder object.
    """
    folders, zips = {}, {}
    for path in root.iterdir():
        if path.name.startswith(".") or path.name in SKIP_DIRS or path.is_symlink():
            continue
        if path.is_dir():
            folders[path.name] = path
        elif path.is_file() and path.name.lower().endswith(ZIP_SUFFIX):
            zips[path.name[: -len(ZIP_SUFFIX)]] = path
    out = []
    for key in sorted(set(folders) | set(zips)):
        if key in folders:
            notes = [issue(f"{code}.duplicate_id", f"both {key}/ and {zips[key].name} exist; "
                           "the folder is used", severity="warning")] if key in zips else []
            out.append((key, folders[key], notes))
        else:
            out.append((key, zips[key], []))
    return out


def _object_folder(dest: Path, urdf_name: str) -> Path:
    """The object folder inside an extracted zip: ``dest`` or its single top-level folder."""
    if (dest / urdf_name).is_file():
        return dest
    children = [p for p in dest.iterdir() if not p.name.startswith(".")]
    if len(children) == 1 and children[0].is_dir() and not children[0].is_symlink():
        return children[0]
    return dest


def _plain_urdfs(manifest: SourceManifest, folder: Path, source_id: str, urdfs: list[Path],
                 extras: SourceExtras, notes: list[Issue]) -> Iterator[SourceObject]:
    """Objects of a folder that holds URDFs but no ``mobility.urdf`` (read as urdf_folder)."""
    packages, package_issues = find_packages(folder)
    for urdf in urdfs:
        rel = urdf.relative_to(folder).with_suffix("").as_posix()
        sid = source_id if len(urdfs) == 1 else f"{source_id}/{rel}"
        note = issue("pm.layout.plain_urdf", f"no mobility.urdf; {rel}.urdf read as a plain "
                     "URDF folder object", location="file")
        yield urdf_file_object(manifest, urdf, folder, packages, source_id=sid,
                               category_keys=[sid, source_id, urdf.stem],
                               issues=[*notes, note], package_issues=package_issues,
                               extras=extras)
