"""The ``build`` flow: sources -> normalized, verified objects -> curation -> a release.

The flow body reads as the pipeline: plan -> ingest -> normalize -> curate -> write -> check
-> summarize (when no object is releasable, nothing is written: the build fails with
:class:`NothingReleasable` carrying the summary, per source, instead of writing a dataset
``datasets`` cannot load), each stage timed by ``with timer.stage(...)``. Every task wraps one function
of ``arena_core``, ``release`` or :mod:`flows.ingest` and adds no logic. Per-object work goes through the
content-keyed :class:`~arena_core.pipeline.store.ObjectStore`, so a rebuild with nothing changed
does no per-object work and a killed build resumes where it stopped. The task runner is
chosen by the caller (:func:`run_build`), never here; on a Dask cluster, every worker must see
the build's folders as the client does, which is checked before any work is sent
(:mod:`flows.cluster`).

Layout of ``out_dir``::

    store/        per-object runs by content key (record, features, canonical folder)
    canonical/    <object_id> -> its canonical folder in the store (links)
    work/         generated assets, unpacked archives; cache/ downloads by sha256
    release/      the dataset repository (atomic swap)
    release.inputs.json     what the release was built from and its check (release.cache)
    curation-summaries.pkl  per-object curation summaries by store key (release.summaries)
    release.rows.json       the store key of each release row (release.reuse)
    release.hashes.json     digests of the release's files as last checked (release.check)
    cache/hashes/           digests of source files by part of a source (flows.ingest)
    review_queue.yaml       category assignments to review (overrides.yaml's format)
    build_summary.json      counts and per-stage seconds (the release itself holds no times)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from prefect import flow, task, unmapped
from prefect.cache_policies import NONE
from prefect.futures import as_completed

from arena_core.curation.taxonomy import load_overrides, load_taxonomy, write_review_queue
from arena_core.pipeline.store import ObjectStore
from arena_core.util.fs import write_atomic
from flows.budgeted import ensure_stored
from flows.cluster import check_cluster_sees
from flows.ingest import Ingested, ingest, ingest_in_order, packed, spans
from flows.packages import with_installed
from flows.packed import PackedSource
from flows.progress import StageProgress, StageTimer
from flows.sandbox import Budget
from release import cache
from release.check import check_release
from release.reader import subset_ids
from release.stored import StoredCuration, curate_stored, released_objects
from release.summaries import CACHE_NAME as SUMMARY_CACHE
from release.summaries import SummaryCache, summary_context
from release.writer import write_release
from schemas.build import BuildConfig, BuildSummary, load_build_config
from schemas.errors import ArenaError
from schemas.release import BuildReport, ReleaseCheck, ReleaseSpec
from schemas.sources import SourceManifest

REPO = Path(__file__).resolve().parents[1]
DEFAULT_CONFIG = REPO / "manifests" / "build.yaml"
TAXONOMY = REPO / "manifests" / "taxonomy.yaml"
OVERRIDES = REPO / "manifests" / "overrides.yaml"
#: The category review queue of a build, in its output folder.
REVIEW_QUEUE = "review_queue.yaml"

#: Objects per processing task at least, and processing tasks at most (Prefect costs ~0.1 s
#: of CPU per task: map over chunks, and larger chunks for a larger library).
CHUNK = 8
MAX_TASKS = 64
#: The last chunks of the processing stage, each cut in two (:func:`plan_chunks`).
TAIL_CHUNKS = 4


class BuildFailed(ArenaError, RuntimeError):
    """The release failed its final check (it was written but must not be published)."""


class NothingReleasable(BuildFailed):
    """No source gave an object that can be released: no release was written (a dataset
    without rows cannot be loaded). ``summary`` says, per source, what became of each."""

    def __init__(self, summary: BuildSummary):
        super().__init__(f"nothing releasable: {summary.objects_in} object(s) read, "
                         f"{summary.accepted} accepted, {summary.duplicates} duplicate(s); no "
                         "release written (build_summary.json says what each source gave)")
        self.summary = summary


@dataclass(frozen=True)
class BuildPlan:
    """What one build reads (config, manifests with what is installed) and where it writes."""

    config: BuildConfig
    manifests: tuple[SourceManifest, ...]
    out: Path
    limit: int | None = None
    previous: Path | None = None

    @classmethod
    def load(cls, config_path: str | Path | None, out_dir: str | Path,
             limit: int | None = None, previous: str | Path | None = None) -> BuildPlan:
        """The plan of ``config_path`` (default ``manifests/build.yaml``); see :func:`load_config`."""
        config, manifests = load_config(config_path or DEFAULT_CONFIG)
        return cls(config, tuple(manifests), Path(out_dir).resolve(), limit,
                   Path(previous).resolve() if previous else None)

    @property
    def store(self) -> ObjectStore:
        return ObjectStore(self.out / "store")

    @property
    def budget(self) -> Budget:
        """The hard budget of one object's work (:mod:`flows.sandbox`)."""
        return Budget(memory_mib=self.config.object_memory_mib,
                      seconds=self.config.object_seconds)

    @property
    def release_dir(self) -> Path:
        return self.out / "release"

    def spec(self) -> ReleaseSpec:
        return ReleaseSpec(name=self.config.name, version=self.config.version,
                           manifests=self.manifests, taxonomy_path=TAXONOMY,
                           changelog_against=self.previous)


def load_config(path: str | Path) -> tuple[BuildConfig, list[SourceManifest]]:
    """The build config and its manifests; a package location records what is installed
    (version and declared license per distribution: part of the release's inputs)."""
    config, manifests = load_build_config(path)
    return config, [with_installed(m) for m in manifests]


# ------------------------------------------------------------------------------- tasks
@task(name="ingest", retries=2, retry_delay_seconds=2, cache_policy=NONE)
def ingest_source(manifest: SourceManifest, cache_dir: Path, work_dir: Path,
                  skip_missing: bool, limit: int | None,
                  span: tuple[int, int | None], store_root: Path, budget: Budget) -> Ingested:
    """The part ``span`` of one source: keys of every object, the objects not yet stored
    (packed: :mod:`flows.packed`)."""
    return packed(ingest(manifest, cache_dir=cache_dir, work_dir=work_dir,
                         skip_missing=skip_missing, limit=limit, span=span,
                         store=ObjectStore(store_root), budget=budget))


@task(name="normalize-verify", cache_policy=NONE)
def normalize_chunk(objects: list[PackedSource], store_root: Path,
                    budget: Budget) -> list[tuple[str, bool, int, int]]:
    """``(store key, run now, decompositions, piece-cache hits)`` per object (``False``, 0,
    0: it was in the store)."""
    return ensure_stored([o.unpack() for o in objects], store_root, budget)


@task(name="curate", cache_policy=NONE)
def curate_objects(keys: list[str], plan: BuildPlan, skipped: dict[str, str]) -> StoredCuration:
    """Curation and the build report; the stored objects' summaries kept by the last
    build are reused (:mod:`release.summaries`), so only new keys are read."""
    index = load_taxonomy(TAXONOMY)
    previous = subset_ids(plan.previous) if plan.previous is not None else []
    priority = {m.name: m.priority for m in plan.manifests}
    cache = SummaryCache.load(plan.out / SUMMARY_CACHE,
                              summary_context([TAXONOMY, OVERRIDES], priority))
    return curate_stored(plan.store, keys, taxonomy=index,
                         overrides=load_overrides(OVERRIDES, index=index),
                         source_priority=priority,
                         subset_size=plan.config.subset_size, seed=plan.config.seed,
                         previous_subset=previous, skipped_sources=skipped,
                         canonical_index=plan.out / "canonical", cache=cache,
                         exact_sources={m.name for m in plan.manifests
                                        if m.adapter == "generated"})


@task(name="write-release", cache_policy=NONE)
def write_release_files(plan: BuildPlan, done: StoredCuration) -> BuildReport:
    """Write the release; the report as shipped (objects that failed to release counted out)."""
    curated = done.curated
    return write_release(plan.release_dir, released_objects(plan.store, done),
                         subset=curated.subset, duplicates=curated.duplicates.records,
                         report=done.report, spec=plan.spec()).report


@task(name="check-release", cache_policy=NONE)
def check_release_files(plan: BuildPlan) -> ReleaseCheck:
    return check_release(plan.release_dir, sample=16, seed=plan.config.seed,
                         canonical_dir=plan.out / "canonical",
                         hashes=plan.out / "release.hashes.json")


# ------------------------------------------------------------------------------- flow
@flow(name="build", log_prints=False, persist_result=False)
def build(config_path: str | None = None, out_dir: str = "build", limit: int | None = None,
          previous: str | None = None) -> BuildSummary:
    """Build the release of ``config_path`` (default ``manifests/build.yaml``) under ``out_dir``.

    With ``previous`` (an earlier release folder) the evaluation subset is kept stable
    against that release's subset and the card gets a changelog against it.
    """
    plan = BuildPlan.load(config_path, out_dir, limit, previous)
    check_cluster_sees(plan.out, plan.manifests, plan.previous)  # before any work is sent
    timer = StageTimer()
    parts = [(m, span) for m in plan.manifests for span in spans(m, limit=limit)]
    with timer.stage("ingest", len(parts), unit="parts") as progress:
        ingested = ingest_all(plan, parts, progress)
    skipped = {found.source: found.skipped for found in ingested if found.skipped}
    items = [item for found in ingested for item in found.items][:limit]
    del ingested
    with timer.stage("normalize", len(items), unit="objects") as progress:
        keys, (processed_now, decomposed, hits) = normalize_all(items, plan, progress)
    del items  # the packed source objects are done with
    key = cache.inputs_key(keys, plan.config, plan.manifests, previous=plan.previous,
                           files=(TAXONOMY, OVERRIDES))
    with timer.stage("curate"):
        done = cache.previous_build(plan.release_dir, key)  # nothing changed: nothing to do
        if done is None:
            curation = curate_all(keys, plan, skipped)
    with timer.stage("release+check", 2):
        empty = done is None and curation.releasable == 0
        report, check = (curation.report, not_written(plan)) if empty else \
            done or release_and_check(plan, curation, key)
    summary = BuildSummary.of(plan.release_dir, report, processed_now, timer.seconds, check,
                              review_file=plan.out / REVIEW_QUEUE, overrides_file=OVERRIDES,
                              decompositions=decomposed, decomposition_cache_hits=hits)
    write_atomic(plan.out / "build_summary.json",
                 json.dumps(summary.model_dump(mode="json"), indent=1, sort_keys=True))
    if empty:
        raise NothingReleasable(summary)
    if not check.ok:
        raise BuildFailed(f"release check failed: {check.failures()}")
    return summary


def ingest_all(plan: BuildPlan, parts: list[tuple[SourceManifest, tuple[int, int | None]]],
               progress: StageProgress) -> list[Ingested]:
    """Each source read by its parts (:func:`flows.ingest.spans`) in parallel, in order; with
    a limit, one part after another until the limit is read (:func:`ingest_in_order`)."""
    def submit(manifest: SourceManifest, span: tuple[int, int | None], limit: int | None):
        return ingest_source.submit(manifest, plan.out / "cache", plan.out / "work",
                                    plan.config.skip_missing_sources, limit, span,
                                    plan.store.root, plan.budget)

    if plan.limit is None:
        found_parts = (f.result() for f in [submit(m, span, None) for m, span in parts])
    else:
        found_parts = ingest_in_order(parts, lambda m, span, n: submit(m, span, n).result(),
                                      plan.limit)
    merged: dict[str, Ingested] = {}
    read = 0
    for found in found_parts:
        into = merged.setdefault(found.source, Ingested(found.source, skipped=found.skipped))
        into.items += found.items
        read += 1
        progress.advance()
    if read < len(parts):
        progress.advance(len(parts) - read)  # parts a limit left unread
    return list(merged.values())


def normalize_all(items: list[tuple[str, PackedSource | None]], plan: BuildPlan,
                  progress: StageProgress) -> tuple[list[str], tuple[int, int, int]]:
    """The sorted store keys of the ingested ``items``, and how many objects were run
    now (objects already in the store, which ingest sent by key only, are not sent to a
    task at all), the collision-mesh decompositions they ran and the decompositions they
    found in the store's piece cache."""
    store = plan.store
    keys = [key for key, _ in items]
    todo = [o for key, o in items if o is not None and not store.has(key)]
    progress.advance(len(items) - len(todo))
    chunks = plan_chunks(todo)
    fresh = decomposed = hits = 0
    for future in as_completed(list(normalize_chunk.map(chunks, unmapped(store.root),
                                                        unmapped(plan.budget)))):
        done = future.result()
        fresh += sum(now for _, now, _, _ in done)
        decomposed += sum(n for _, _, n, _ in done)
        hits += sum(n for _, _, _, n in done)
        progress.advance(len(done))
    return sorted(set(keys)), (fresh, decomposed, hits)


def plan_chunks(objects: list[PackedSource]) -> list[list[PackedSource]]:
    """``objects`` in processing tasks, the costliest first, so that no worker is left alone
    with them at the end of the stage.

    An object the generator wrote brings its own convex collision pieces and takes ~0.1 s;
    any other may need CoACD decompositions and take seconds (the real kitchen models, of
    ~80 KB each, take the longest). So the other objects come first, the largest first, in
    tasks of :data:`CHUNK` (both workers share them); then the generated ones, the largest
    first, in tasks of ``size`` (at most :data:`MAX_TASKS` of at least :data:`CHUNK`), the
    last :data:`TAIL_CHUNKS` of them halved (a shorter tail to wait for). In the
    20,000-object build the 96 real objects, listed last, fell into the last task and one
    worker ran them alone for seven minutes.
    """
    real = sorted((o for o in objects if not o.generated), key=lambda o: -o.weight)
    made = sorted((o for o in objects if o.generated), key=lambda o: -o.weight)
    size = max(CHUNK, -(-len(objects) // MAX_TASKS))
    chunks = [made[i:i + size] for i in range(0, len(made), size)]
    tail = [half for chunk in chunks[-TAIL_CHUNKS:]
            for half in ((chunk[:len(chunk) // 2], chunk[len(chunk) // 2:])
                         if len(chunk) >= 2 * CHUNK else (chunk,))]
    return ([real[i:i + CHUNK] for i in range(0, len(real), CHUNK)]
            + chunks[:-TAIL_CHUNKS] + tail)


def curate_all(keys: list[str], plan: BuildPlan, skipped: dict[str, str]) -> StoredCuration:
    """Curate, index the canonical folders and report the build (one read of every stored
    object); write the review queue."""
    done = curate_objects(keys, plan, skipped)
    write_review_queue(plan.out / REVIEW_QUEUE, done.curated.review)
    return done


def not_written(plan: BuildPlan) -> ReleaseCheck:
    """The check of a release not written because no object was releasable (a release
    already in ``out/release`` is left as it is)."""
    return ReleaseCheck(release=str(plan.release_dir),
                        problems=["not written: no object of any source is releasable"])


def release_and_check(plan: BuildPlan, done: StoredCuration, key: str
                      ) -> tuple[BuildReport, ReleaseCheck]:
    """Write and check the release; a passing one is remembered under ``key``
    (:mod:`release.cache`) with its report as shipped."""
    report = write_release_files(plan, done)
    check = check_release_files(plan)
    if check.ok:
        cache.remember(plan.release_dir, key, report, check)
    return report, check
