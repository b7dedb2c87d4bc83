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

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from arena_core.curation.stage import Curated, curate
from arena_core.curation.taxonomy import TaxonomyIndex
from arena_core.store import ObjectStore, link_canonical_folder
from release.reports import ReportTally
from release.writer import ReleaseObject
from schemas.curation import Override
from schemas.release import BuildReport


@dataclass(frozen=True)
class StoredCuration:
    """What one pass over a build's stored objects gives: curation, the build report, and
    ``(object_id, store key)`` of every accepted object with a canonical folder, by id."""

    curated: Curated
    report: BuildReport
    accepted: tuple[tuple[str, str], ...]


def curate_stored(store: ObjectStore, keys: Iterable[str], *, taxonomy: TaxonomyIndex,
                  overrides: Mapping[str, Override] | None = None,
                  source_priority: Mapping[str, int] | None = None, subset_size: int = 200,
                  seed: int = 0, previous_subset: Sequence[str] = (),
                  skipped_sources: Mapping[str, str] | None = None,
                  canonical_index: str | Path | None = None) -> StoredCuration:
    """Curate the stored objects of ``keys`` (missing keys are skipped), count them for the
    build report and, with ``canonical_index``, link ``canonical_index/<object_id>`` to each
    canonical folder; every object is read once."""
    tally, accepted = ReportTally(), []
    if canonical_index is not None:
        Path(canonical_index).mkdir(parents=True, exist_ok=True)

    def objects():
        for stored in store.iter(keys):
            record = stored.record
            tally.add(record)
            if stored.folder is not None:
                if canonical_index is not None:
                    link_canonical_folder(Path(canonical_index), record.object_id, stored.folder)
                if record.accepted:
                    accepted.append((record.object_id, stored.key))
            yield record, stored.features

    curated = curate(objects(), taxonomy=taxonomy, overrides=overrides,
                     source_priority=source_priority, subset_size=subset_size, seed=seed,
                     previous_subset=previous_subset)
    return StoredCuration(curated, tally.report(curated, skipped_sources or {}),
                          tuple(sorted(accepted)))


def released_objects(store: ObjectStore, done: StoredCuration) -> Iterator[ReleaseObject]:
    """The accepted objects that curation kept, categorized, sorted by object id (each read
    from the store as it is written: what :func:`release.writer.write_release` takes)."""
    dropped = done.curated.duplicate_ids
    for object_id, key in done.accepted:
        if object_id not in dropped:
            stored = store.get(key)
            yield ReleaseObject(done.curated.categorized(stored.record), stored.folder)
