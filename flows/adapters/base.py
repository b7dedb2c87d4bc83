"""The shared adapter interface and the helpers every adapter uses.

An adapter turns one local source folder (``root``, see
:func:`flows.fetch.location_root`) into :class:`~schemas.source_object.SourceObject`
records, one per object, in a deterministic (sorted) order. It lists its objects as
:class:`Entry` values (cheap: names and paths) and reads each one when
:meth:`Adapter.iter_objects` calls ``entry.read()`` under :func:`arena_core.util.guard.guarded`:
whatever reading one object raises becomes that object's error issue and the next one is
read. An object that cannot be ingested is still yielded, carrying error issues (stable
code + message); only a root that is not a folder at all raises, once,
:class:`SourceRootError`.

Example:
    >>> from flows.adapters import get_adapter
    >>> get_adapter("partnet_mobility").name
    'partnet_mobility'
"""

from __future__ import annotations

import json
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from arena_core.util.guard import guarded
from arena_core.util.hashing import HashCache, HashingError, hash_files, hash_tree
from arena_core.util.input_limits import MAX_FOLDER_DEPTH, MAX_SIDE_FILE_BYTES
from schemas.errors import ArenaError
from schemas.extras import SourceExtras
from schemas.files import SourceFile
from schemas.issues import Issue, issue
from schemas.source_object import SourceObject
from schemas.sources import SourceManifest

#: The digests of unchanged files kept by the ingest in progress (:func:`hashes_from`).
_HASHES: ContextVar[HashCache | None] = ContextVar("arena_hashes", default=None)


@contextmanager
def hashes_from(cache: HashCache) -> Iterator[HashCache]:
    """Within the block, :func:`folder_files` and :func:`listed_files` take the digest of a
    file whose stat did not change from ``cache`` instead of reading it (one ingest task)."""
    token = _HASHES.set(cache)
    try:
        yield cache
    finally:
        _HASHES.reset(token)


def current_hashes() -> HashCache | None:
    """The digest cache of the ingest in progress (:func:`hashes_from`), if any."""
    return _HASHES.get()


class SourceRootError(ArenaError, ValueError):
    """The local root folder of a source is missing or not a folder (raised once)."""


@dataclass(frozen=True)
class Entry:
    """One listed object of a source: its id, where it lives, and how to read it
    (``read()`` returns its source objects; a folder may hold several)."""

    source_id: str
    path: Path
    read: Callable[[], Iterable[SourceObject]]


class Adapter(ABC):
    """Reads one kind of library layout into source objects.

    Subclasses set :attr:`name` (the manifest's ``adapter`` value) and implement
    :meth:`_entries`; :meth:`iter_objects` checks the root once and reads each entry
    under the per-object guard.
    """

    name: str = ""

    def iter_objects(
        self, manifest: SourceManifest, root: str | Path, *, work_dir: str | Path
    ) -> Iterator[SourceObject]:
        """Return an iterator of one :class:`SourceObject` per object under ``root``, sorted
        by source id (the root is checked now, the objects are read lazily).

        Args:
            manifest: the source's manifest (license, version, scale, up axis, category
                hints).
            root: the local folder of the library.
            work_dir: a writable folder for extracted or converted files (created if needed).

        Raises:
            SourceRootError: ``root`` does not exist or is not a folder.
        """
        return self._guarded(manifest, self.entries(manifest, root, work_dir=work_dir))

    def entries(self, manifest: SourceManifest, root: str | Path, *,
                work_dir: str | Path) -> Iterator[Entry]:
        """The objects listed under ``root`` (cheap: nothing is read until an entry's
        ``read()``), sorted by source id; :meth:`read_entry` reads one under the guard.

        Raises:
            SourceRootError: ``root`` does not exist or is not a folder.
        """
        root_path = check_root(root, manifest)
        work = Path(work_dir).resolve()
        work.mkdir(parents=True, exist_ok=True)
        return self._entries(manifest, root_path, work)

    def read_entry(self, manifest: SourceManifest, entry: Entry) -> list[SourceObject]:
        """The source objects of one listed entry, read under the per-object guard."""
        return list(self._guarded(manifest, [entry]))

    @staticmethod
    def _guarded(manifest: SourceManifest, entries: Iterable[Entry]) -> Iterator[SourceObject]:
        for entry in entries:
            found = guarded(lambda e=entry: list(e.read()), location="file",
                            on_error=lambda problem, e=entry: [failed_object(manifest, e, problem)])
            yield from (with_upstream_marks(obj) for obj in found)

    @abstractmethod
    def _entries(self, manifest: SourceManifest, root: Path, work_dir: Path) -> Iterator[Entry]:
        """Yield the entries of the checked, absolute ``root``, sorted by source id."""


#: How an upstream author files an object as bad: a ``_bad`` path segment
#: (kitchen_models' ``DishwasherBox/_bad/12259``, flattened to ``DishwasherBox__bad_12259``).
_MARKED_BAD = re.compile(r"(^|/|_)_bad(_|/|$)")


def with_upstream_marks(obj: SourceObject) -> SourceObject:
    """``obj`` with a ``source.marked_bad`` warning when its upstream author filed it as bad
    (its source id has a ``_bad`` segment: ``__bad_`` or ``/_bad/``).

    A warning, not a rejection: the author gives no reason, every check of ours still runs
    and decides; the code tells a user who wants only what the author stands behind what to
    filter out (the row's ``verification`` holds it, the viewer shows it).

    >>> [bool(_MARKED_BAD.search(s)) for s in ("Box__bad_12", "Box/_bad/12", "my_badge")]
    [True, True, False]
    """
    if not _MARKED_BAD.search(obj.source_id) or any(i.code == "source.marked_bad"
                                                    for i in obj.issues):
        return obj
    mark = issue("source.marked_bad", f"{obj.source_id!r} is filed as bad by its upstream author "
                 "(a `_bad` folder; no reason given upstream); released if our checks pass",
                 location="object")
    return obj.model_copy(update={"issues": [*obj.issues, mark]})


def check_root(root: str | Path, manifest: SourceManifest) -> Path:
    """Return ``root`` as an absolute folder path, or raise :class:`SourceRootError`."""
    path = Path(root).expanduser().resolve()
    if not path.is_dir():
        raise SourceRootError(
            f"source {manifest.name!r} (adapter {manifest.adapter!r}): root folder {path} "
            "does not exist or is not a folder; download the library and edit 'location'"
        )
    return path


def make_object(
    manifest: SourceManifest,
    *,
    source_id: str,
    urdf_path: Path,
    root_dir: Path,
    files: Iterable[SourceFile] = (),
    upstream_id: str | None = None,
    category: str | None = None,
    extras: SourceExtras | None = None,
    issues: Iterable[Issue] = (),
) -> SourceObject:
    """Build a :class:`SourceObject` with the manifest's provenance fields filled in."""
    return SourceObject(
        source=manifest.name,
        source_id=source_id,
        upstream_id=upstream_id,
        version=manifest.version,
        license=manifest.license,
        license_class=manifest.license_class,
        category=category,
        urdf_path=Path(urdf_path),
        root_dir=Path(root_dir),
        files=list(files),
        scale=manifest.scale,
        up_axis=manifest.up_axis,
        collision_max_pieces=manifest.collision_max_pieces,
        extras=extras if extras is not None else SourceExtras(),
        issues=list(issues),
    )


def failed_object(manifest: SourceManifest, entry: Entry, problem: Issue) -> SourceObject:
    """The rejected source object of an entry whose reading raised."""
    root = entry.path if entry.path.is_dir() else entry.path.parent
    return make_object(manifest, source_id=entry.source_id, urdf_path=entry.path, root_dir=root,
                       category=resolve_category(manifest, [entry.source_id], None),
                       issues=[problem])


def resolve_category(manifest: SourceManifest, keys: Iterable[str], native: str | None) -> str | None:
    """Return the object's category in the source vocabulary.

    Order: a hint keyed by one of ``keys`` (object id, folder name, ...; first match), a
    hint keyed by the ``native`` category (a re-mapping), ``native`` itself, then the
    manifest's default hint (``"*"``), else ``None``.
    """
    hints = manifest.category_hints
    for key in [*keys, *([native] if native else [])]:
        if key in hints:
            return hints[key]
    return native if native else hints.get("*")


def folder_files(folder: Path, *, base: Path | None = None) -> tuple[list[SourceFile], list[Issue]]:
    """Hash every regular file under ``folder`` (paths relative to ``base``, default ``folder``).

    Symbolic links are not followed and not listed; each one is reported as a
    ``source.file.symlink`` warning.
    """
    base = folder if base is None else base
    prefix = folder.relative_to(base).as_posix() if folder != base else ""
    out, issues, too_deep = [], [], []
    for rel, size, sha in hash_tree(folder, too_deep=too_deep, cache=_HASHES.get()):
        path = f"{prefix}/{rel}" if prefix else rel
        if size < 0:
            issues.append(issue("source.file.symlink", f"{path} is a symbolic link; not hashed, "
                                "not followed", location="file"))
            continue
        out.append(SourceFile(path=path, sha256=sha, size=size))
    if too_deep:
        issues.append(issue("source.folder.too_deep", f"{len(too_deep)} folder(s) nested more "
                            f"than {MAX_FOLDER_DEPTH} levels were not hashed", location="file"))
    return out, issues


def listed_files(base: Path, relpaths: Iterable[str]) -> tuple[list[SourceFile], list[Issue]]:
    """Hash the files ``base/relpath`` (sorted, duplicates dropped); unhashable ones are issues."""
    out, issues = [], []
    for rel in sorted(set(relpaths)):
        try:
            (entry,) = hash_files(base, [rel], cache=_HASHES.get())
        except HashingError as exc:
            issues.append(issue("source.file.unreadable", str(exc), location="file"))
            continue
        out.append(SourceFile(path=entry[0], sha256=entry[2], size=entry[1]))
    return out, issues


def read_json(path: Path, code: str) -> tuple[Any, list[Issue]]:
    """Read a JSON side file; return ``(data or None, issues)`` (``code`` + ``.invalid``)."""
    try:
        if path.stat().st_size > MAX_SIDE_FILE_BYTES:
            raise ValueError(f"larger than {MAX_SIDE_FILE_BYTES} bytes")
        return json.loads(path.read_text(encoding="utf-8")), []
    except RecursionError:
        return None, [issue(f"{code}.invalid", f"{path.name}: nested deeper than the JSON reader"
                            " allows", severity="warning", location="file")]
    except (OSError, ValueError) as exc:
        return None, [issue(f"{code}.invalid", f"{path.name}: unreadable JSON ({exc})",
                            severity="warning", location="file")]


def read_semantics(path: Path, code: str) -> tuple[list[dict[str, str]], list[Issue]]:
    """Parse a PartNet-Mobility ``semantics.txt`` (lines ``link_0 hinge door``).

    Returns ``[{"link", "kind", "label"}, ...]`` in file order; a line without exactly
    three fields is skipped with a ``<code>.malformed`` warning naming its line number.
    """
    try:
        if path.stat().st_size > MAX_SIDE_FILE_BYTES:
            raise ValueError(f"larger than {MAX_SIDE_FILE_BYTES} bytes")
        text = path.read_text(encoding="utf-8")
    except (OSError, ValueError) as exc:
        return [], [issue(f"{code}.invalid", f"{path.name}: unreadable ({exc})",
                          severity="warning", location="file")]
    rows, issues = [], []
    for number, line in enumerate(text.splitlines(), start=1):
        fields = line.split()
        if not fields:
            continue
        if len(fields) != 3:
            issues.append(issue(f"{code}.malformed", f"{path.name} line {number}: expected "
                                f"'<link> <kind> <label>', got {line.strip()!r}",
                                severity="warning", location="file"))
            continue
        rows.append({"link": fields[0], "kind": fields[1], "label": fields[2]})
    return rows, issues
