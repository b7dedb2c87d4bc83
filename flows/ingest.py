"""Ingest one source: make its location local (fetch, verify, unpack) and run its adapter."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from flows.adapters import get_adapter
from flows.fetch import FetchError, location_root
from schemas.sources import SourceManifest, SourceObject

#: Fetch codes that skip a source (when ``skip_missing``) instead of failing the build.
SKIPPABLE = frozenset({"fetch.missing", "fetch.version"})


@dataclass
class Ingested:
    """The objects of one source, or why the source was skipped."""

    source: str
    objects: list[SourceObject] = field(default_factory=list)
    skipped: str | None = None


def ingest(manifest: SourceManifest, *, cache_dir: Path, work_dir: Path,
           skip_missing: bool = True, limit: int | None = None) -> Ingested:
    """Every object of ``manifest`` (at most ``limit``), in the adapter's sorted order.

    A local location that does not exist, and a package location whose distributions are
    not installed at the pinned version, are skipped (with the reason: for a package, the
    ``pip install`` line that fixes it) when ``skip_missing``; every other problem is raised
    (a bad checksum, a broken archive).
    """
    adapter = get_adapter(manifest.adapter)
    source_work = Path(work_dir) / manifest.name
    if manifest.adapter == "generated":
        root = source_work
    else:
        try:
            root = location_root(manifest, cache_dir=Path(cache_dir),
                                        work_dir=Path(work_dir) / "locations")
        except FetchError as exc:
            if skip_missing and exc.code in SKIPPABLE:
                return Ingested(manifest.name, skipped=exc.message)
            raise
    objects = []
    for obj in adapter.iter_objects(manifest, Path(root), work_dir=source_work):
        objects.append(obj)
        if limit is not None and len(objects) >= limit:
            break
    return Ingested(manifest.name, objects)
