"""Ingest one source: make its location local (fetch, verify, unpack) and run its adapter."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import islice
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
           skip_missing: bool = True, limit: int | None = None,
           span: tuple[int, int | None] = (0, None)) -> Ingested:
    """The objects of ``manifest`` read from its listed entries ``span`` = ``[start, stop)``
    (default: all), at most ``limit``, in the adapter's sorted order.

    Spans let one large source be read by several tasks at once: the listing is cheap and
    the same in each, and the spans of :func:`spans` concatenate to the whole source.
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
    start, stop = span
    entries = islice(adapter.entries(manifest, Path(root), work_dir=source_work), start, stop)
    objects = []
    for entry in entries:
        objects += adapter.read_entry(manifest, entry)
        if limit is not None and len(objects) >= limit:
            break
    return Ingested(manifest.name, objects[:limit])


def spans(manifest: SourceManifest, *, limit: int | None = None, size: int = 250,
          most: int = 64) -> list[tuple[int, int | None]]:
    """How to split the reading of ``manifest`` into entry spans of about ``size`` (at most
    ``most`` spans): a generated source, whose entry count is known in advance, is split;
    any other source is one span (its entries are counted only once it is local)."""
    if manifest.adapter != "generated":
        return [(0, None)]
    n = min(int(manifest.n or 0), limit) if limit is not None else int(manifest.n or 0)
    step = max(size, -(-n // most))
    return [(i, min(i + step, n)) for i in range(0, n, step)]
