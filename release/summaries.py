"""What a build's late stages take from each stored object, kept between builds by store key.

A stored object's record is ~0.5 ms to read and parse, so at 20K objects reading every
record costs tens of seconds however few objects changed. Curation, the build report and
the canonical index need only a small :class:`StoredSummary` of each object, which is a
function of its store entry (immutable: the store key is the digest of its inputs) and of
the curation *context* (taxonomy and overrides files, source priorities, this module's
:data:`SUMMARY_VERSION`, the pipeline version). :class:`SummaryCache` keeps the summaries
of the last build, and the kinematic distances of the duplicate candidate pairs between
them, in one file beside the build (``curation-summaries.pkl``): a rebuild reads the
records of new keys only, and computes only the distances of pairs that involve a new key.

The file is a cache: it is written atomically, only this build's keys are kept, and a file
that is missing, unreadable or written for another context is ignored (everything is
recomputed from the store, with the same result). It is a pickle of plain data written by
the build itself into its own output folder.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import pickle
import sys
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path

import arena_core.curation
import arena_core.metric
from arena_core.curation.stage import ObjectCuration, summarize
from arena_core.curation.taxonomy import TaxonomyIndex
from arena_core.pipeline.store import PIPELINE_VERSION, ObjectStore, StoredObject
from arena_core.util.fs import write_atomic
from arena_core.util.hashing import bytes_sha256, code_sha256
from release.reports import error_codes
from schemas.curation import Override

#: Bump when what a stored object contributes to curation or the report changes.
SUMMARY_VERSION = "2"

#: The code a summary or a cached distance comes from (any change drops the cache): curation,
#: the metric (with the object-level distance, metric.object_distance), and this module.
CODE = (arena_core.curation, arena_core.metric, sys.modules[__name__])

#: The cache file, in the build's output folder.
CACHE_NAME = "curation-summaries.pkl"

#: Stored objects to summarize above which :func:`summaries_of` spawns processes: a summary
#: costs ~0.6 ms (reading and validating the record, the joint tree), a spawned process ~1 s
#: to start; the default build's ~450 objects never start them.
SUMMARY_POOL_AFTER = 2000

#: Processes that summarize a large build's objects (the machine's cores, at most 2), and
#: the keys each is given at a time.
SUMMARY_PROCESSES = min(2, os.cpu_count() or 1)
SUMMARY_BATCH = 500


@dataclass(frozen=True)
class StoredSummary:
    """One stored object as curation, the build report and the canonical index see it."""

    key: str
    object_id: str
    source: str
    accepted: bool
    codes: tuple[str, ...]
    has_folder: bool
    curation: ObjectCuration


def summary_of(stored: StoredObject, *, taxonomy: TaxonomyIndex,
               overrides: Mapping[str, Override] | None,
               source_priority: Mapping[str, int] | None) -> StoredSummary:
    """The :class:`StoredSummary` of one stored object (its record read once)."""
    record = stored.record
    curation = summarize(record, stored.features, taxonomy=taxonomy, overrides=overrides,
                         source_priority=source_priority, key=stored.key)
    return StoredSummary(stored.key, record.object_id, record.source, record.accepted,
                         tuple(error_codes(record)), stored.folder is not None, curation)


def summaries_of(store: ObjectStore, keys: Sequence[str], *, taxonomy: TaxonomyIndex,
                 overrides: Mapping[str, Override] | None,
                 source_priority: Mapping[str, int] | None, processes: int | None = None,
                 after: int | None = None, batch: int | None = None
                 ) -> dict[str, StoredSummary]:
    """``{key: summary}`` of the stored objects of ``keys`` (keys not in the store left
    out): in this process, or, for more than ``after`` keys (default
    :data:`SUMMARY_POOL_AFTER`), in ``processes`` spawned processes (default
    :data:`SUMMARY_PROCESSES`; ``0``: none) by batches of ``batch`` keys (default
    :data:`SUMMARY_BATCH`). A pool that breaks (a process killed) leaves the batches it did
    not finish to this process; the summaries are the same either way."""
    processes = SUMMARY_PROCESSES if processes is None else processes
    after = SUMMARY_POOL_AFTER if after is None else after
    size = SUMMARY_BATCH if batch is None else batch
    batches = [list(keys[i:i + size]) for i in range(0, len(keys), size)]
    args = (taxonomy, overrides, source_priority)
    out: dict[str, StoredSummary] = {}
    if processes >= 1 and len(keys) > after and len(batches) > 1:
        left, futures = [], []
        with ProcessPoolExecutor(processes, mp_context=multiprocessing.get_context("spawn")
                                 ) as pool:
            for part in batches:
                try:
                    futures.append((part, pool.submit(_summarized, store.root, part, *args)))
                except BrokenProcessPool:
                    left.append(part)
            for part, future in futures:
                try:
                    out.update(future.result())
                except BrokenProcessPool:
                    left.append(part)
        batches = left
    for part in batches:
        out.update(_summarized(store.root, part, *args))
    return out


def _summarized(root: Path, keys: Sequence[str], taxonomy: TaxonomyIndex,
                overrides: Mapping[str, Override] | None,
                source_priority: Mapping[str, int] | None) -> dict[str, StoredSummary]:
    store, out = ObjectStore(root), {}
    for key in keys:
        stored = store.get(key)
        if stored is not None:
            out[key] = summary_of(stored, taxonomy=taxonomy, overrides=overrides,
                                  source_priority=source_priority)
    return out


def canonical_folder(store: ObjectStore, summary: StoredSummary) -> Path:
    """The canonical folder of a summarized object in ``store`` (where
    :meth:`arena_core.pipeline.store.ObjectStore.get` finds it; the build folder may have moved)."""
    return store.entry(summary.key) / "object" / summary.object_id


def summary_context(files: Sequence[Path], source_priority: Mapping[str, int] | None) -> str:
    """Digest of what summaries depend on besides the store entry: the taxonomy and
    overrides ``files`` (read whole), the source priorities, the versions and the code that
    makes summaries and kinematic distances (:data:`CODE`)."""
    spec = {"files": {Path(f).name: bytes_sha256(Path(f).read_bytes()) if Path(f).is_file()
                      else None for f in files},
            "priority": dict(sorted((source_priority or {}).items())),
            "summary": SUMMARY_VERSION, "pipeline": PIPELINE_VERSION,
            "code": code_sha256(*CODE)}
    return bytes_sha256(json.dumps(spec, sort_keys=True).encode())


@dataclass
class SummaryCache:
    """The summaries and pair distances of the last build (empty for another context)."""

    path: Path | None
    context: str
    summaries: dict[str, StoredSummary] = field(default_factory=dict)
    distances: dict[tuple[str, str], tuple[float, list[str]]] = field(default_factory=dict)

    @classmethod
    def load(cls, path: str | Path | None, context: str) -> SummaryCache:
        """The cache at ``path`` if it was written for ``context``; else an empty one."""
        cache = cls(None if path is None else Path(path), context)
        if cache.path is None or not cache.path.is_file():
            return cache
        try:
            data = pickle.loads(cache.path.read_bytes())
            if data["context"] == context and data["version"] == SUMMARY_VERSION:
                cache.summaries, cache.distances = data["summaries"], data["distances"]
        except Exception:  # noqa: BLE001 - an unreadable cache is an empty one, never a failure
            cache.summaries, cache.distances = {}, {}
        return cache

    def save(self, keys: Iterable[str]) -> None:
        """Write the summaries of ``keys`` and the distances between them (atomically)."""
        if self.path is None:
            return
        kept = {k: self.summaries[k] for k in keys if k in self.summaries}
        pairs = {p: d for p, d in self.distances.items() if p[0] in kept and p[1] in kept}
        data = {"version": SUMMARY_VERSION, "context": self.context, "summaries": kept,
                "distances": pairs}
        try:
            write_atomic(self.path, pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL))
        except OSError:
            pass  # not kept: the next build reads the records again
