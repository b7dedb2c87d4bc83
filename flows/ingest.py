"""Ingest one source: make its location local (fetch, verify, unpack) and run its adapter.

Two things keep a rebuild's ingest cheap. File digests are kept per part of a source
(``cache_dir/hashes/<source>-<first entry>.json``, :class:`arena_core.util.hashing.HashCache`):
a file whose stat did not change is not read again. And with a ``store``, each object's
store key is computed where it was read and only the objects the store lacks travel back
to the flow (a source object holds every file's digest: pickling 20K of them back from
worker processes cost more than reading them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path

from arena_core.pipeline.store import ObjectStore, object_key
from arena_core.util.hashing import HashCache
from flows.adapters import get_adapter
from flows.adapters.base import hashes_from
from flows.budgeted import read_entries
from flows.fetch import FetchError, location_root
from flows.packed import PackedSource, pack
from flows.sandbox import DEFAULT_BUDGET, Budget
from schemas.source_object import SourceObject
from schemas.sources import SourceManifest

#: Fetch codes that skip a source (when ``skip_missing``) instead of failing the build.
SKIPPABLE = frozenset({"fetch.missing", "fetch.version"})


@dataclass
class Ingested:
    """The objects of one source, or why the source was skipped.

    ``items``: ``(store key, source object)`` per object read, in order; the object is
    ``None`` when the ingest was given a store that already holds its key, and
    :class:`~flows.packed.PackedSource` in what :func:`packed` returns.
    """

    source: str
    items: list[tuple[str, SourceObject | PackedSource | None]] = field(default_factory=list)
    skipped: str | None = None

    @property
    def objects(self) -> list[SourceObject]:
        """The source objects that were kept (all of them without a store)."""
        return [obj for _, obj in self.items if obj is not None]


def ingest(manifest: SourceManifest, *, cache_dir: Path, work_dir: Path,
           skip_missing: bool = True, limit: int | None = None,
           span: tuple[int, int | None] = (0, None),
           store: ObjectStore | None = None, budget: Budget = DEFAULT_BUDGET) -> Ingested:
    """The objects of ``manifest`` read from its listed entries ``span`` = ``[start, stop)``
    (default: all), at most ``limit``, in the adapter's sorted order.

    Spans let one large source be read by several tasks at once: the listing is cheap and
    the same in each, and the spans of :func:`spans` concatenate to the whole source.
    A local location that does not exist, and a package location whose distributions are
    not installed at the pinned version, are skipped (with the reason: for a package, the
    ``pip install`` line that fixes it) when ``skip_missing``; every other problem is raised
    (a bad checksum, a broken archive). With ``store``, objects it already holds are
    returned by key only (see the module docstring). Each entry is read under ``budget``
    (:mod:`flows.budgeted`).
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
    start = span[0]
    hashes_file = Path(cache_dir) / "hashes" / f"{manifest.name}-{start}.json"
    with hashes_from(HashCache.load(hashes_file)) as hashes:
        objects = _read(adapter, manifest, Path(root), source_work, span, limit, budget)
    hashes.save(hashes_file)
    items = []
    for obj in objects[:limit]:
        key = object_key(obj)
        items.append((key, None if store is not None and store.has(key) else obj))
    return Ingested(manifest.name, items)


def packed(found: Ingested) -> Ingested:
    """``found`` with its source objects packed (:mod:`flows.packed`): what an ingest task
    sends back to the flow, which holds it until processing."""
    return Ingested(found.source, [(key, None if obj is None else pack(obj))
                                   for key, obj in found.items], found.skipped)


def ingest_in_order(parts: list[tuple[SourceManifest, tuple[int, int | None]]],
                    read: Callable[[SourceManifest, tuple[int, int | None], int], Ingested],
                    limit: int) -> Iterator[Ingested]:
    """The parts ``(manifest, span)`` read one after another, each with the objects still
    wanted (``read(manifest, span, remaining)``), until ``limit`` objects are read: a build
    with ``--limit N`` reads (lists, hashes, parses) only the sources its N objects come
    from, not every source N times over. A skipped source does not count.

    >>> got = lambda m, span, n: Ingested(m, [(f"{m}-{i}", None) for i in range(min(n, 3))])
    >>> [(i.source, len(i.items)) for i in ingest_in_order([("a", (0, None)),
    ...     ("b", (0, None)), ("c", (0, None))], got, 5)]
    [('a', 3), ('b', 2)]
    """
    remaining = limit
    for manifest, span in parts:
        if remaining <= 0:
            return
        found = read(manifest, span, remaining)
        remaining -= len(found.items)
        yield found


def _read(adapter, manifest: SourceManifest, root: Path, work: Path,
          span: tuple[int, int | None], limit: int | None, budget: Budget
          ) -> list[SourceObject]:
    """The source objects of the entries ``span`` (at least ``limit`` when given)."""
    entries = islice(adapter.entries(manifest, root, work_dir=work), *span)
    return read_entries(adapter, manifest, entries, budget, limit=limit)


def spans(manifest: SourceManifest, *, limit: int | None = None, size: int = 500,
          most: int = 16) -> list[tuple[int, int | None]]:
    """How to split the reading of ``manifest`` into entry spans of about ``size`` (at most
    ``most`` spans): a generated source, whose entry count is known in advance, is split;
    any other source is one span (its entries are counted only once it is local).

    Each span is one task, which costs ~0.2 s of the task runner's time however little it
    reads (a rebuild reads a span of 1,250 objects in ~0.6 s): 16 spans keep up to 16
    workers generating in a cold build and cost a rebuild ~3 s, where 64 cost ~13 s."""
    if manifest.adapter != "generated":
        return [(0, None)]
    n = min(int(manifest.n or 0), limit) if limit is not None else int(manifest.n or 0)
    step = max(size, -(-n // most))
    return [(i, min(i + step, n)) for i in range(0, n, step)]
