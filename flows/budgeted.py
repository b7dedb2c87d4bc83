"""The build's per-object work under the hard budget of :mod:`flows.sandbox`.

Both stages that work on one object at a time run that work in a budgeted child of the
worker: reading a source's entries (the adapter parses, compiles and converts each file) and
running each object into the store (normalization, hulls, verification, engines). An
object that takes too long or ends its child is recorded as rejected with its
``resource.*`` code -- a failed source object at ingest, a rejected store entry afterwards
-- and the rest go on in a fresh child. One fork serves :data:`BATCH` entries at ingest (the
child inherits the listed entries, which hold parsed trees and cannot be pickled) and a
whole chunk of objects in the store. What a child learns that outlives the object -- the
file digests of the ingest's cache -- is sent back with its answer.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import islice
from pathlib import Path

from arena_core.pipeline.store import ObjectStore, build_entry, object_key
from arena_core.util.guard import exception_issue
from flows.adapters.base import Adapter, Entry, current_hashes, failed_object
from flows.sandbox import Budget, BudgetExceeded, Sandbox
from schemas.source_object import SourceObject
from schemas.sources import SourceManifest

#: Entries listed, then read by one child, at a time (one fork per batch: ~20-40 ms for a
#: worker with the engines loaded).
BATCH = 500


def read_entries(adapter: Adapter, manifest: SourceManifest, entries: Iterable[Entry],
                 budget: Budget, *, limit: int | None = None) -> list[SourceObject]:
    """The source objects of ``entries`` (at least ``limit`` when given), each entry read
    under ``budget``; an entry past it is one failed object with its ``resource.*`` code."""
    objects: list[SourceObject] = []
    entries, hashes = iter(entries), current_hashes()
    while batch := list(islice(entries, BATCH)):
        with Sandbox(lambda i: _read_counted(adapter, manifest, batch[i]), budget) as box:
            for i, entry in enumerate(batch):
                try:
                    found, used, racy = box.call(i)
                    objects += found
                    if hashes is not None:  # the digests the child took, kept for next time
                        hashes.used.update(used)
                        hashes.racy.update(racy)
                except BudgetExceeded as exc:
                    objects.append(failed_object(manifest, entry,
                                                 exception_issue(exc, location="file")))
                if limit is not None and len(objects) >= limit:
                    return objects
    return objects


def _read_counted(adapter: Adapter, manifest: SourceManifest, entry: Entry
                  ) -> tuple[list[SourceObject], dict, dict]:
    """In the child: the entry's objects and the file digests its reading added to the
    ingest's cache (the child's copy of it: sent back so that the parent saves them)."""
    hashes = current_hashes()
    if hashes is None:
        return adapter.read_entry(manifest, entry), {}, {}
    hashes.used, hashes.racy = {}, {}
    return adapter.read_entry(manifest, entry), hashes.used, hashes.racy


def ensure_stored(objects: list[SourceObject], store_root: Path,
                  budget: Budget) -> list[tuple[str, bool]]:
    """``(store key, run now)`` per object, each built in the store under ``budget``
    (``False``: it was in the store already)."""
    store = ObjectStore(store_root)
    done = []
    with Sandbox(lambda request: build_entry(*request, pieces=store.pieces), budget) as box:
        for obj in objects:
            cached = store.has(object_key(obj))  # a concurrent task may have finished it
            stored = store.ensure(obj, build=lambda o, folder: box.call((o, folder)))
            fresh = not cached
            done.append((stored.key, fresh, stored.record.decompositions if fresh else 0,
                         stored.record.decomposition_cache_hits if fresh else 0))
    return done
