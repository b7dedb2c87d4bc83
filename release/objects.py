"""The objects of a release: each one's archive written (or reused) and its row streamed.

:func:`write_objects` is the object loop of :func:`release.writer.write_release`: objects
come in ``object_id`` order, each archive is written (or hard-linked from the previous
release when its checksum and path are unchanged) and its row goes to the open parquet
shard (:class:`release.shards.Data`); rows are converted to the release schema
:data:`ROW_CHECK_BATCH` at a time, and an object whose archive or row fails is left out
with its issue while the others go on. Archives and rows are made by
:data:`RELEASE_THREADS` threads (:func:`ordered_map`), and taken in order, so the release
is the same bytes as one thread writes. Writing an archive is mostly Python (zip members,
hashes), which threads cannot run at once: past the first :data:`ARCHIVE_POOL_AFTER`,
archives are written by :data:`ARCHIVE_PROCESSES` processes (:class:`Archives`), so a
large release uses every core while the build's workers wait for it.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import pyarrow as pa

from arena_core.util.guard import exception_issue, guarded
from arena_core.util.hashing import file_sha256
from release.reuse import KeyedObject, Previous, Reused, curation_values, link_file, reused_row
from release.rows import ROW_SCHEMA, object_row, row_summary
from release.shards import Data
from release.storage import archive_relpath, write_object_archive
from schemas.curation import DuplicateRecord, SubsetResult
from schemas.issues import Issue
from schemas.record import ObjectRecord


@dataclass(frozen=True)
class ReleaseObject:
    """An accepted, kept object and its canonical folder (URDF + meshes)."""

    record: ObjectRecord
    folder: Path
    key: str | None = None


#: Rows converted to the release schema together (one conversion costs ~1.3 ms however few
#: rows it holds): a row that cannot be converted is found, and its object left out, per batch.
ROW_CHECK_BATCH = 64

#: Threads that write archives and build rows at once (in order: :func:`ordered_map`); while
#: the archive processes work, the threads wait for them, so there are more of them.
RELEASE_THREADS = 4

#: Fresh archives a release writes in its own process before it starts the archive
#: processes: starting two costs ~1 s (each imports the program that runs the release), what
#: writing ~500 archives in threads loses; the default build's release never starts them.
ARCHIVE_POOL_AFTER = 1000

#: Processes that write archives in a large release (the machine's cores, at most 2: the
#: rows are built in the calling process meanwhile).
ARCHIVE_PROCESSES = min(2, os.cpu_count() or 1)

T = TypeVar("T")
R = TypeVar("R")


def archive_file(folder: Path, dest: Path, checksum: str | None) -> tuple[str, int]:
    """Write the archive of ``folder`` to ``dest`` (:func:`write_object_archive`); its sha256
    and size."""
    write_object_archive(folder, dest, expected_checksum=checksum)
    return file_sha256(dest), dest.stat().st_size


class Archives:
    """Writes archives (:func:`archive_file`): the first ``after`` (default
    :data:`ARCHIVE_POOL_AFTER`) in the calling thread, the others in ``processes`` (default
    :data:`ARCHIVE_PROCESSES`; ``0``: none) spawned processes, started then. A pool that
    breaks (a process killed) is given up and the calling threads write the rest; an error
    of one archive is raised for that archive alone, as in the calling thread. ``pooled``
    counts the archives the processes wrote."""

    def __init__(self, processes: int | None = None, after: int | None = None):
        self.processes = ARCHIVE_PROCESSES if processes is None else processes
        self.after = ARCHIVE_POOL_AFTER if after is None else after
        self.written = self.pooled = 0
        self._pool: ProcessPoolExecutor | None = None
        self._broken = False
        self._lock = threading.Lock()

    def __enter__(self) -> Archives:
        return self

    def __exit__(self, *exc) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)

    def write(self, folder: Path, dest: Path, checksum: str | None) -> tuple[str, int]:
        pool = self._pool_for_next()
        if pool is not None:
            try:
                done = pool.submit(archive_file, folder, dest, checksum).result()
            except BrokenProcessPool:
                self._broken = True
            else:
                with self._lock:
                    self.pooled += 1
                return done
        return archive_file(folder, dest, checksum)

    def _pool_for_next(self) -> ProcessPoolExecutor | None:
        with self._lock:
            self.written += 1
            if self._broken or self.processes < 1 or self.written <= self.after:
                return None
            if self._pool is None:
                self._pool = ProcessPoolExecutor(
                    self.processes, mp_context=multiprocessing.get_context("spawn"))
            return self._pool


def object_id_of(entry: ReleaseObject | KeyedObject) -> str:
    """The object id of a release entry (a keyed one is not loaded for it)."""
    return entry.object_id if isinstance(entry, KeyedObject) else entry.record.object_id


def write_objects(tmp: Path, entries: Iterable[ReleaseObject | KeyedObject],
                  subset: SubsetResult,
                  duplicates: Sequence[DuplicateRecord], previous: Previous,
                  data: Data, archives: Archives | None = None
                  ) -> tuple[list[dict], int, dict[str, Issue]]:
    """Write (or reuse) every archive and stream every row; return summaries, reuse and the
    objects that failed to release (each with its issue; the others go on). ``archives``:
    who writes them (default: this process alone)."""
    archives = archives if archives is not None else Archives(processes=0)
    members: dict[str, list[str]] = {}
    for d in duplicates:
        members.setdefault(d.duplicate_of, []).append(d.object_id)
    chosen = {e.object_id: e.model_dump() for e in subset.entries}
    summaries, failed, pending = [], {}, []
    reused = 0

    def release_one(entry: ReleaseObject | KeyedObject) -> tuple[dict | Reused, dict, int]:
        if isinstance(entry, KeyedObject):
            found = reused_row(entry, previous, tmp, curation_values(
                entry.object_id, entry.category, entry.supercategory, members, chosen))
            if found is not None:
                return found
            entry = entry.load()
        rec = entry.record
        rel = archive_relpath(rec.object_id)
        dest = tmp / rel
        old = previous.archives.get(rec.object_id)
        if (old and old[0] == rec.checksum and old[1] == rel
                and link_file(previous.root / rel, dest, old[3])):
            sha, size, reuse = old[2], old[3], 1
        else:
            (sha, size), reuse = archives.write(entry.folder, dest, rec.checksum), 0
        row = object_row(rec, entry.folder, mesh_archive=rel, archive_sha256=sha,
                         archive_bytes=size, duplicates=members.get(rec.object_id, ()),
                         subset_entry=chosen.get(rec.object_id))
        summary = {**row_summary(row, rec, entry.folder), "mesh_archive": rel,
                   "mesh_archive_sha256": sha}
        return row, summary, reuse

    def drop(object_id: str, problem: Issue) -> None:  # out of the release; the rest goes on
        (tmp / archive_relpath(object_id)).unlink(missing_ok=True)
        failed[object_id] = problem

    def settle() -> None:
        """Add the pending rows: a bad row fails its own conversion, not a shard's."""
        nonlocal reused
        fresh = [row for row, _, _ in pending if not isinstance(row, Reused)]
        for object_id, problem in bad_rows(fresh).items():
            drop(object_id, problem)
        for row, summary, reuse in pending:
            if summary["object_id"] not in failed:
                data.add(row)
                summaries.append(summary)
                reused += reuse
        pending.clear()

    def attempt(entry: ReleaseObject | KeyedObject) -> tuple[dict | Reused, dict, int] | Issue:
        return guarded(lambda: release_one(entry), on_error=lambda issue: issue)

    for entry, done in ordered_map(attempt, entries, workers=RELEASE_THREADS):
        if isinstance(done, Issue):
            drop(object_id_of(entry), done)
        else:
            pending.append(done)
            if len(pending) == ROW_CHECK_BATCH:
                settle()
    settle()
    return summaries, reused, failed


def ordered_map(work: Callable[[T], R], items: Iterable[T], *, workers: int,
                ahead: int = 64) -> Iterator[tuple[T, R]]:
    """``(item, work(item))`` in the order of ``items``, ``work`` running in ``workers``
    threads with at most ``ahead`` items taken from ``items`` and not yet yielded (a lazy
    iterable stays lazy). ``work`` must not raise."""
    if workers <= 1:
        yield from ((item, work(item)) for item in items)
        return
    with ThreadPoolExecutor(workers, thread_name_prefix="release") as pool:
        queue: deque = deque()
        for item in items:
            queue.append((item, pool.submit(work, item)))
            if len(queue) >= ahead:
                first, future = queue.popleft()
                yield first, future.result()
        while queue:
            first, future = queue.popleft()
            yield first, future.result()


def bad_rows(rows: list[dict]) -> dict[str, Issue]:
    """``object_id -> issue`` of the rows that the release schema cannot hold: the batch is
    converted at once, and only a batch that fails is converted row by row."""
    try:
        pa.Table.from_pylist(rows, schema=ROW_SCHEMA)
        return {}
    except Exception:  # noqa: BLE001 - which row it was is found below, with its own issue
        pass
    bad = {}
    for row in rows:
        try:
            pa.Table.from_pylist([row], schema=ROW_SCHEMA)
        except Exception as exc:  # noqa: BLE001 - this row's object is left out, with its code
            bad[row["object_id"]] = exception_issue(exc)
    return bad
