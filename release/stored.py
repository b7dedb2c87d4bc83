"""Curation, the build report and the release order from one read of the stored objects.

A build's later stages all start from the object store: curation needs every record and its
features, the build report counts every record, the canonical index links every canonical
folder, and the release writer needs the kept objects in id order. :func:`curate_stored`
reads each stored object once for all of them (a record is ~0.5 ms to parse and its file
often not in the page cache, so at 20K objects each extra pass costs tens of seconds); the
release writer then reads only the objects it releases (:func:`released_objects`).

Only small summaries outlive the pass: the report's counters, ``(object_id, key)`` of the
accepted objects, and what :func:`arena_core.curation.stage.curate` keeps.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from arena_core.curation.stage import Curated, ObjectCuration, curate_summaries
from arena_core.curation.taxonomy import TaxonomyIndex
from arena_core.pipeline.store import ObjectStore, link_canonical_folder
from release.objects import ReleaseObject
from release.reports import ReportTally
from release.reuse import KeyedObject
from release.summaries import SummaryCache, canonical_folder, summaries_of
from schemas.curation import Override
from schemas.release import BuildReport


@dataclass(frozen=True)
class StoredCuration:
    """What one pass over a build's stored objects gives: curation, the build report, and
    ``(object_id, store key)`` of every accepted object with a canonical folder, by id."""

    curated: Curated
    report: BuildReport
    accepted: tuple[tuple[str, str], ...]

    @property
    def releasable(self) -> int:
        """The accepted objects curation keeps (not duplicates): the rows a release would have."""
        dropped = self.curated.duplicate_ids
        return sum(1 for object_id, _ in self.accepted if object_id not in dropped)


def curate_stored(store: ObjectStore, keys: Iterable[str], *, taxonomy: TaxonomyIndex,
                  overrides: Mapping[str, Override] | None = None,
                  source_priority: Mapping[str, int] | None = None, subset_size: int = 200,
                  seed: int = 0, previous_subset: Sequence[str] = (),
                  skipped_sources: Mapping[str, str] | None = None,
                  canonical_index: str | Path | None = None,
                  cache: SummaryCache | None = None,
                  exact_sources: Collection[str] = ()) -> StoredCuration:
    """Curate the stored objects of ``keys`` (missing keys are skipped), count them for the
    build report and, with ``canonical_index``, link ``canonical_index/<object_id>`` to each
    canonical folder; every object is read once, or not at all when ``cache`` (made for
    this taxonomy, overrides and priorities) holds its summary. The cache is updated and
    saved; the result is the same with or without it. ``exact_sources``: the sources whose
    objects fold into each other only when they move alike (generated ones)."""
    keys = list(keys)
    cache = cache if cache is not None else SummaryCache(None, "")
    tally, accepted = ReportTally(), []
    index = None if canonical_index is None else Path(canonical_index)
    if index is not None:
        index.mkdir(parents=True, exist_ok=True)

    cache.summaries.update(summaries_of(
        store, [key for key in keys if key not in cache.summaries], taxonomy=taxonomy,
        overrides=overrides, source_priority=source_priority))

    def summaries() -> Iterator[ObjectCuration]:
        for key in keys:
            one = cache.summaries.get(key)
            if one is None:  # not in the store
                continue
            tally.add_outcome(one.source, one.object_id, one.accepted, one.codes)
            if one.has_folder:
                if index is not None:
                    link_canonical_folder(index, one.object_id, canonical_folder(store, one))
                if one.accepted:
                    accepted.append((one.object_id, key))
            yield one.curation

    curated = curate_summaries(summaries(), subset_size=subset_size, seed=seed,
                               previous_subset=previous_subset, distances=cache.distances,
                               exact_sources=exact_sources)
    cache.save(keys)
    return StoredCuration(curated, tally.report(curated, skipped_sources or {}),
                          tuple(sorted(accepted)))


def released_objects(store: ObjectStore, done: StoredCuration) -> Iterator[KeyedObject]:
    """The accepted objects that curation kept, categorized, sorted by object id: each known
    by its store key, its record read from the store only when the writer cannot reuse its
    row (what :func:`release.writer.write_release` takes)."""
    dropped = done.curated.duplicate_ids
    for object_id, key in done.accepted:
        if object_id not in dropped:
            found = done.curated.assignments.get(object_id)
            yield KeyedObject(object_id, key, store.entry(key) / "object" / object_id,
                              None if found is None else found.category,
                              None if found is None else found.supercategory,
                              partial(_release_object, store, key, done.curated))


def _release_object(store: ObjectStore, key: str, curated: Curated) -> ReleaseObject:
    stored = store.get(key)
    return ReleaseObject(curated.categorized(stored.record), stored.folder, key)
