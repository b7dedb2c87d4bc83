"""What the viewer shows: the objects of a release, or one validated object.

Both sources answer the same questions: the list (:attr:`summaries`), one object's row
(:meth:`row`), one file of its canonical folder (:meth:`read`) and the folder itself for
the thumbnail renderer (:meth:`urdf_file`).

* :class:`ReleaseSource` reads a release folder in place: the summaries from the ``full``
  parquet files (a few columns), a row with :func:`release.reader.find_row`, and files
  **straight from the object's zip** (``objects/<2 hex>/<id>.zip``) with :mod:`zipfile`,
  after checking the zip's sha256 against the row once. Nothing of the release is
  extracted, except one object into a temporary folder while its thumbnail is drawn.
* :class:`FolderSource` reads the output folder of ``arena validate`` (``record.json``,
  ``report.json`` and the canonical folder ``<object_id>/``): its row is made from the
  record, its nearest release objects (``--against``) come from the report.

A file name is a member path of the canonical folder (``object.urdf``,
``meshes/base.stl``): one with ``..``, an absolute path or a NUL byte is refused
(:func:`arena_core.formats.archive.safe_member_path`), and only members the zip lists (or regular
files inside the folder, not symbolic links) are served, at most
:data:`arena_core.util.input_limits.MESH_MAX_BYTES` each.
"""

from __future__ import annotations

import json
import tempfile
import threading
import zipfile
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from arena_core.formats.archive import ArchiveError, safe_member_path
from arena_core.util.hashing import file_sha256
from arena_core.util.input_limits import MESH_MAX_BYTES
from flows.view.catalog import summary
from schemas.errors import ArenaError

#: Columns the list needs (the rest of a row is read when its page opens).
SUMMARY_COLUMNS = ("source", "source_id", "name", "category", "supercategory", "joint_types",
                   "n_moving_joints", "verification", "engines", "in_eval200")
#: Report format of ``arena validate`` (a folder with it and ``record.json`` is its output).
VALIDATE_REPORT_FORMAT = "arena-validate-report-1"


class ViewError(ArenaError, ValueError):
    """A release, folder, object or file the viewer cannot show (the message says why)."""

    status = 400


class NotFound(ViewError):
    """No such object, or no such file in the object's canonical folder."""

    status = 404


class ReleaseSource:
    """The objects of the release folder ``root`` (see the module docstring).

    Raises:
        ViewError: ``root`` is not a readable release.
    """

    kind = "release"

    def __init__(self, root: str | Path):
        from release.reader import ReleaseReadError, load_rows

        self.root = Path(root).resolve()
        try:
            rows = load_rows(self.root, columns=[*SUMMARY_COLUMNS, "mesh_archive",
                                                  "mesh_archive_sha256", "urdf_path"])
        except (ReleaseReadError, OSError) as exc:
            raise ViewError(f"{root}: not a readable release ({exc})") from None
        self.summaries = [summary(r) for r in rows]
        self._archives = {r["object_id"]: (r["mesh_archive"], r["mesh_archive_sha256"])
                          for r in rows}
        self._urdf_paths = {r["object_id"]: r["urdf_path"] for r in rows}
        self.name = _release_name(self.root)
        #: ``reports/duplicates.json`` records by object id.
        self.duplicate_records = _duplicate_records(self.root)
        self._checked: dict[str, bool] = {}
        self._lock = threading.Lock()

    def row(self, object_id: str) -> dict:
        """The object's full row (``has_geometry``: True; no ``nearest``: a release lists
        its duplicates)."""
        from release.reader import find_row

        self._archive(object_id)  # unknown ids: NotFound before the parquet scan
        return {**find_row(self.root, object_id), "has_geometry": True, "nearest": None}

    def read(self, object_id: str, member: str) -> bytes:
        """The bytes of ``member`` of the object's zip."""
        archive = self._archive(object_id)
        name = _member_name(member)
        try:
            with zipfile.ZipFile(archive) as zf:
                try:
                    info = zf.getinfo(name)
                except KeyError:
                    raise NotFound(f"{object_id}: no file {member!r} in its archive") from None
                if info.is_dir() or info.file_size > MESH_MAX_BYTES:
                    raise NotFound(f"{object_id}: {member!r} is a folder or over "
                                   f"{MESH_MAX_BYTES} bytes")
                return zf.read(info)
        except (OSError, zipfile.BadZipFile) as exc:
            raise ViewError(f"{object_id}: cannot read {archive.name}: {exc}") from None

    @contextmanager
    def urdf_file(self, object_id: str) -> Iterator[Path]:
        """The object's canonical URDF in its folder, extracted into a temporary folder
        while in use."""
        from release.storage import extract_object_archive

        archive = self._archive(object_id)
        with tempfile.TemporaryDirectory(prefix="arena-view-") as tmp:
            try:
                folder = extract_object_archive(archive, Path(tmp) / "object")
            except ArchiveError as exc:
                raise ViewError(f"{object_id}: cannot extract {archive.name}: {exc}") from None
            yield folder / _member_name(self._urdf_paths[object_id])

    def _archive(self, object_id: str) -> Path:
        """The object's zip, its sha256 checked against the row (once per object)."""
        if object_id not in self._archives:
            raise NotFound(f"object {object_id!r} is not in the release {self.root}")
        rel, sha = self._archives[object_id]
        path = (self.root / rel).resolve()
        if not path.is_relative_to(self.root / "objects") or not path.is_file():
            raise ViewError(f"{object_id}: archive {rel!r} is missing from the release")
        with self._lock:
            if object_id not in self._checked:
                self._checked[object_id] = file_sha256(path) == sha
        if not self._checked[object_id]:
            raise ViewError(f"{object_id}: archive {rel} does not match its sha256 (corrupt)")
        return path


class FolderSource:
    """The one object of an ``arena validate`` output folder ``out``.

    Raises:
        ViewError: ``out`` holds no ``record.json`` and ``report.json`` of validate, or
            they cannot be read.
    """

    kind = "object"

    def __init__(self, out: str | Path):
        from schemas.record import ObjectRecord

        self.root = Path(out).resolve()
        try:
            self.report = json.loads((self.root / "report.json").read_text(encoding="utf-8"))
            record = ObjectRecord.model_validate_json(
                (self.root / "record.json").read_bytes())
        except (OSError, ValueError) as exc:
            raise ViewError(f"{out}: not an `arena validate` output folder "
                            f"(record.json, report.json: {type(exc).__name__}: {exc})"[:400]
                            ) from None
        self._row = record_row(record, self.report)
        self.object_id = record.object_id
        self.summaries = [summary(self._row)]
        self.name = f"arena validate: {self.report.get('input') or record.object_id}"
        self._folder = self.root / record.object_id
        self.duplicate_records: dict[str, dict] = {}

    def row(self, object_id: str) -> dict:
        self._check_id(object_id)
        return dict(self._row)

    def read(self, object_id: str, member: str) -> bytes:
        self._check_id(object_id)
        path = self._folder / _member_name(member)
        if not self._row["has_geometry"]:
            raise NotFound(f"{object_id}: no canonical folder was written")
        if path.is_symlink() or not path.is_file() or not path.resolve().is_relative_to(
                self._folder.resolve()):
            raise NotFound(f"{object_id}: no file {member!r} in its canonical folder")
        if path.stat().st_size > MESH_MAX_BYTES:
            raise NotFound(f"{object_id}: {member!r} is over {MESH_MAX_BYTES} bytes")
        return path.read_bytes()

    @contextmanager
    def urdf_file(self, object_id: str) -> Iterator[Path]:
        self._check_id(object_id)
        if not self._row["has_geometry"]:
            raise NotFound(f"{object_id}: no canonical folder was written")
        yield self._folder / _member_name(self._row["urdf_path"])

    def _check_id(self, object_id: str) -> None:
        if object_id != self.object_id:
            raise NotFound(f"object {object_id!r} is not the validated object {self.object_id!r}")


def open_source(path: str | Path) -> ReleaseSource | FolderSource:
    """The source at ``path``: a validate output folder, else a release folder.

    Raises:
        ViewError: neither.
    """
    path = Path(path)
    if is_validate_output(path):
        return FolderSource(path)
    return ReleaseSource(path)


def is_validate_output(path: Path) -> bool:
    """Whether ``path`` is a folder written by ``arena validate`` (its report and record)."""
    try:
        report = json.loads((path / "report.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return (isinstance(report, dict) and report.get("format") == VALIDATE_REPORT_FORMAT
            and (path / "record.json").is_file())


def record_row(record, report: Mapping) -> dict:
    """A row-like dict of a validated :class:`~schemas.record.ObjectRecord`: the release
    row's columns the page shows, ``has_geometry`` (a canonical folder was written) and
    ``nearest`` (the report's ``against`` search, or None)."""
    from release.rows import record_fields

    return {
        **record_fields(record), "in_eval200": False, "duplicates": [],
        "has_geometry": record.checksum is not None and record.urdf is not None,
        "nearest": report.get("against"),
    }


def _member_name(member: str) -> str:
    try:
        rel = safe_member_path(member)
    except ArchiveError as exc:
        raise NotFound(f"file {member[:200]!r} refused: {exc.message}") from None
    if rel is None:
        raise NotFound("no file named")
    return rel.as_posix()


def _release_name(root: Path) -> str:
    try:
        info = json.loads((root / "release_info.json").read_text(encoding="utf-8"))
        return f"{info['name']} {info.get('version', '')}".strip() + f" ({root.name})"
    except (OSError, ValueError, KeyError, TypeError):
        return root.name


def _duplicate_records(root: Path) -> dict[str, dict]:
    """``reports/duplicates.json`` records by object id (empty when it is absent)."""
    try:
        doc = json.loads((root / "reports" / "duplicates.json").read_text(encoding="utf-8"))
        return {r["object_id"]: r for r in doc["records"] if isinstance(r, dict)}
    except (OSError, ValueError, KeyError, TypeError):
        return {}
