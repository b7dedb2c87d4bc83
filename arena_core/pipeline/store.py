"""The object store: per-object build work, keyed by the content hash of its inputs.

Each source object is run once per *key* — the sha256 of the pipeline version, its
provenance and settings, and the sha256 of every file it came from — into
``<root>/<key[:2]>/<key>/`` holding ``record.json``, ``features.json`` and the canonical
folder ``object/``. An entry is written in a temporary folder and renamed into place, so
it either exists complete or not at all: a build killed at any point resumes by redoing
only the entries that are missing, and a second build with nothing changed does no
per-object work. Changing one source file changes only that object's key.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from arena_core.curation.features import ObjectFeatures, object_features
from arena_core.curation.signature import SignatureError
from arena_core.mesh.decompose import DEFAULT_MAX_PIECES, DecomposeParams, PieceStore
from arena_core.mesh.parts import MeshCache
from arena_core.model.articulated import ArticulatedObject
from arena_core.pipeline.run import run_object
from arena_core.util.fs import replace_folder
from arena_core.util.guard import guarded
from arena_core.util.hashing import bytes_sha256
from schemas.issues import Issue
from schemas.record import ObjectRecord, Provenance, VerificationReport
from schemas.source_object import SourceObject

#: Folder of the store root that keeps convex decompositions of collision meshes, keyed by
#: the content of the mesh and the parameters (:class:`~arena_core.mesh.decompose.PieceStore`):
#: an object whose key changed reuses the decompositions of its unchanged meshes.
PIECES_DIR = "pieces"

#: Bump when any per-object stage changes its output: every key changes with it.
PIPELINE_VERSION = "arena-pipeline-14"

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


@dataclass(frozen=True)
class StoredObject:
    """One stored object: its record, features and canonical folder (``None`` if rejected)."""

    key: str
    record: ObjectRecord
    features: ObjectFeatures | None
    folder: Path | None


def make_object_id(source: str, source_id: str) -> str:
    """A release-wide id that is safe in file names and URLs: ``<source>-<source_id>``.

    >>> make_object_id("realdata_urdformer", "outputs/output/label3")
    'realdata_urdformer-outputs.output.label3'
    """
    safe = _UNSAFE.sub("_", source_id.replace("/", ".")).strip("._-") or "object"
    return f"{source}-{safe}"[:200]


def object_key(obj: SourceObject, *, pipeline_version: str = PIPELINE_VERSION) -> str:
    """sha256 of everything that determines the stored object (never the clock)."""
    spec = {
        "pipeline": pipeline_version,
        "provenance": obj.model_dump(mode="json", exclude={"files", "issues", "urdf_path",
                                                           "root_dir", "extras"}),
        "urdf": _rel(obj.urdf_path, obj.root_dir),
        "files": sorted((f.path, f.sha256) for f in obj.files),
        "extras": _stable_extras(obj),
        "issues": [i.model_dump() for i in obj.issues],
    }
    return bytes_sha256(json.dumps(spec, sort_keys=True, default=str).encode())


class ObjectStore:
    """Content-keyed, crash-safe cache of per-object runs under ``root``."""

    def __init__(self, root: str | os.PathLike):
        self.root = Path(root)

    @property
    def pieces(self) -> Path:
        """The folder of the store's collision-mesh decompositions."""
        return self.root / PIECES_DIR

    def entry(self, key: str) -> Path:
        return self.root / key[:2] / key

    def has(self, key: str) -> bool:
        """Whether ``key`` was completed (cheap: one ``stat``, nothing is read)."""
        return (self.entry(key) / "record.json").is_file()

    def get(self, key: str) -> StoredObject | None:
        """The stored object for ``key``, or ``None`` when it was never completed."""
        folder = self.entry(key)
        if not (folder / "record.json").is_file():
            return None
        record = ObjectRecord.model_validate_json((folder / "record.json").read_text("utf-8"))
        features = None
        if (folder / "features.json").is_file():
            features = ObjectFeatures.from_json(json.loads((folder / "features.json").read_text()))
        canonical = folder / "object" / record.object_id
        return StoredObject(key, record, features, canonical if canonical.is_dir() else None)

    def get_key(self, obj: SourceObject) -> StoredObject | None:
        """The stored result for a source object, or ``None`` if it was never run."""
        return self.get(object_key(obj))

    def iter(self, keys: Iterable[str]) -> Iterator[StoredObject]:
        """Stored objects for ``keys`` (one at a time; missing keys are skipped)."""
        for key in keys:
            found = self.get(key)
            if found is not None:
                yield found

    def link_canonical(self, index: str | os.PathLike, keys: Iterable[str]) -> None:
        """Make ``index/<object_id>`` a link to each stored canonical folder of ``keys``."""
        index = Path(index)
        index.mkdir(parents=True, exist_ok=True)
        for stored in self.iter(keys):
            if stored.folder is not None:
                link_canonical_folder(index, stored.record.object_id, stored.folder)

    def ensure(self, obj: SourceObject, *,
               build: Callable[[SourceObject, Path], None] | None = None) -> StoredObject:
        """The stored object of ``obj``, its entry built first unless its key is stored.

        ``build(obj, folder)`` writes the entry into an empty ``folder`` (default
        :func:`build_entry`; the build runs it in a budgeted child process); whatever it
        raises becomes the object's rejected record."""
        build = build or (lambda o, folder: build_entry(o, folder, pieces=self.pieces))
        key = object_key(obj)
        found = self.get(key)
        if found is not None:
            return found
        target = self.entry(key)
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=f".{key[:12]}-", dir=target.parent))
        try:
            guarded(lambda: build(obj, tmp),
                    on_error=lambda found: _failed_entry(obj, tmp, found))
            try:
                os.replace(tmp, target)
            except OSError:  # the key exists: a concurrent worker finished it first ...
                if self.get(key) is None:  # ... or it is stale junk: swap ours in
                    replace_folder(tmp, target)
        finally:
            if tmp.exists():
                shutil.rmtree(tmp, ignore_errors=True)
        stored = self.get(key)
        if stored is None:
            raise OSError(f"object store entry {target} could not be written")
        return stored


def link_canonical_folder(index: Path, object_id: str, folder: Path) -> None:
    """Make ``index/<object_id>`` (in an existing ``index``) a link to ``folder``."""
    link = index / object_id
    if link.is_symlink() or link.exists():
        if link.is_symlink() and os.readlink(link) == os.fspath(folder):
            return  # as this function made it (no path resolved: a rebuild re-links 20K)
        if link.resolve() == folder.resolve():
            return
        link.unlink()
    os.symlink(folder, link)


def build_entry(obj: SourceObject, folder: Path, pieces: Path | None = None) -> None:
    """Run ``obj`` (:func:`~arena_core.pipeline.run.run_object`) into the entry ``folder``;
    one mesh cache serves the run and the features, so each mesh file is parsed once.
    ``pieces``: the store's decompositions (:attr:`ObjectStore.pieces`; ``None``: a temporary
    one for this object)."""
    provenance = _provenance(obj)
    cache = MeshCache()
    canonical = None
    if obj.has_errors:
        record = _rejected(provenance, obj)
    else:
        result = run_object(obj.urdf_path, folder / "object", root_dir=obj.root_dir,
                            package_dirs=obj.extras.package_dirs, scale=obj.scale,
                            up_axis=obj.up_axis, provenance=provenance, extras=obj.extras,
                            cache=cache, pieces=None if pieces is None else PieceStore(pieces),
                            collision=collision_params(obj))
        record, canonical = result.record, result.canonical
        if obj.issues:
            record = record.model_copy(update={"verification": VerificationReport.from_issues(
                [*obj.issues, *record.verification.issues])})
    features = _features(record, folder / "object" / provenance.object_id, cache, canonical)
    if features is not None:
        (folder / "features.json").write_text(json.dumps(features.to_json(), sort_keys=True))
    (folder / "record.json").write_text(record.model_dump_json(indent=1), encoding="utf-8")


def collision_params(obj: SourceObject) -> DecomposeParams:
    """The decomposition's parameters for ``obj``: its source's ``collision_max_pieces``."""
    return DecomposeParams(max_pieces=obj.collision_max_pieces or DEFAULT_MAX_PIECES)


def _provenance(obj: SourceObject) -> Provenance:
    return Provenance(
        object_id=make_object_id(obj.source, obj.source_id), source=obj.source,
        source_id=obj.source_id, upstream_id=obj.upstream_id, version=obj.version,
        license=obj.license, license_class=obj.license_class, category=obj.category,
        files=obj.files or None)


def _rejected(provenance: Provenance, obj: SourceObject, *extra: Issue) -> ObjectRecord:
    return ObjectRecord(**provenance.model_dump(exclude_none=True),
                        verification=VerificationReport.from_issues([*obj.issues, *extra]))


def _failed_entry(obj: SourceObject, folder: Path, problem: Issue) -> None:
    """Replace a half-written entry by the rejected record of what ``problem`` stopped."""
    for child in folder.iterdir():
        shutil.rmtree(child) if child.is_dir() and not child.is_symlink() else child.unlink()
    record = _rejected(_provenance(obj), obj, problem)
    (folder / "record.json").write_text(record.model_dump_json(indent=1), encoding="utf-8")


def _features(record: ObjectRecord, folder: Path, cache: MeshCache,
              canonical: ArticulatedObject | None) -> ObjectFeatures | None:
    """Features of the canonical object as the run read it back (``None`` when it could
    not be read back or was never written, or when a rejected object's geometry cannot be
    summarized: its issues already say why, e.g. ``mesh.nonfinite``)."""
    if record.urdf is None or canonical is None or not folder.is_dir():
        return None
    try:
        return object_features(canonical, cache=cache)
    except SignatureError:
        if record.verification.status == "accepted":
            raise
        return None


def _rel(path: Path, root: Path) -> str:
    try:
        return Path(path).relative_to(root).as_posix()
    except ValueError:
        return Path(path).name


def _stable_extras(obj: SourceObject) -> dict[str, Any]:
    """The extras that are set, absolute paths made relative to ``root_dir`` (they differ
    between machines, not the content); the key sorts the names, so their order is moot."""
    return {key: _stable(value, obj.root_dir)
            for key, value in obj.extras.model_dump(exclude_defaults=True).items()}


def _stable(value: Any, root: Path) -> Any:
    if isinstance(value, Path):
        return _rel(value, root) if value.is_absolute() else value.as_posix()
    if isinstance(value, dict):
        return {k: _stable(v, root) for k, v in value.items()}
    return value
