"""The ``build`` flow: sources -> normalized, verified objects -> curation -> a release.

The flow body reads as the pipeline; every task wraps one function of ``arena_core``,
``release`` or :mod:`flows.ingest` and adds no logic. Per-object work goes through the
content-keyed :class:`~arena_core.store.ObjectStore`, so a rebuild with nothing changed
does no per-object work and a killed build resumes where it stopped. The task runner is
chosen by the caller (:func:`run_build`), never here.

Layout of ``out_dir``::

    store/        processed objects by content key (record, features, canonical folder)
    canonical/    <object_id> -> its canonical folder in the store (links)
    work/         generated assets, unpacked archives; cache/ downloads by sha256
    release/      the dataset repository (atomic swap)
    build_summary.json   counts and per-stage seconds (the release itself holds no times)
"""

from __future__ import annotations

import json
import os
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

import yaml
from prefect import flow, task, unmapped
from prefect.cache_policies import NONE
from prefect.futures import as_completed

from arena_core.curation.stage import Curated, curate
from arena_core.curation.taxonomy import load_overrides, load_taxonomy
from arena_core.fsutil import write_atomic
from arena_core.hashing import bytes_sha256
from arena_core.store import PIPELINE_VERSION, ObjectStore
from flows.ingest import Ingested, ingest
from flows.packages import with_installed
from flows.progress import StageProgress
from release.check import check_release
from release.diff import diff_markdown, diff_releases
from release.writer import RELEASE_LAYOUT, ReleaseObject, write_release
from schemas.build import BuildConfig, load_build_config
from schemas.errors import ArenaError
from schemas.sources import SourceManifest, SourceObject

REPO = Path(__file__).resolve().parents[1]
DEFAULT_CONFIG = REPO / "manifests" / "build.yaml"
TAXONOMY = REPO / "manifests" / "taxonomy.yaml"
OVERRIDES = REPO / "manifests" / "overrides.yaml"

#: Objects per processing task (Prefect costs ~0.1 s of CPU per task: map over chunks).
CHUNK = 8


class BuildFailed(ArenaError, RuntimeError):
    """The release failed its final check (it was written but must not be published)."""


@dataclass
class BuildSummary:
    """What a build did: counts, rejections by code, duplicates and seconds per stage."""

    release: str
    objects_in: int = 0
    accepted: int = 0
    rejected: int = 0
    rejected_by_code: dict[str, int] = field(default_factory=dict)
    duplicates: int = 0
    released: int = 0
    eval_subset: int = 0
    skipped_sources: dict[str, str] = field(default_factory=dict)
    processed_now: int = 0
    stage_seconds: dict[str, float] = field(default_factory=dict)
    check_ok: bool = False


# ------------------------------------------------------------------------------- tasks
@task(name="ingest", retries=2, retry_delay_seconds=2, cache_policy=NONE)
def ingest_source(manifest: SourceManifest, cache_dir: Path, work_dir: Path,
                  skip_missing: bool, limit: int | None) -> Ingested:
    return ingest(manifest, cache_dir=cache_dir, work_dir=work_dir,
                  skip_missing=skip_missing, limit=limit)


@task(name="normalize-verify", cache_policy=NONE)
def process_chunk(objects: list[SourceObject], store_root: Path) -> list[tuple[str, str, bool]]:
    store = ObjectStore(store_root)
    done = []
    for obj in objects:
        before = store.get_key(obj) is not None
        stored = store.process(obj)
        done.append((stored.key, stored.record.object_id, before))
    return done


@task(name="curate", cache_policy=NONE)
def curate_objects(keys: list[str], store_root: Path, config: BuildConfig,
                   priorities: dict[str, int], previous_subset: list[str]) -> Curated:
    store = ObjectStore(store_root)
    index = load_taxonomy(TAXONOMY)
    return curate(((s.record, s.features) for s in store.iter(keys)), taxonomy=index,
                  overrides=load_overrides(OVERRIDES, index=index), source_priority=priorities,
                  subset_size=config.subset_size, seed=config.seed,
                  previous_subset=previous_subset)


@task(name="write-release", cache_policy=NONE)
def write_release_files(out: Path, keys: list[str], store_root: Path, curated: Curated,
                        manifests: list[SourceManifest], config: BuildConfig,
                        report: dict, changelog_md: str | None = None) -> Path:
    store = ObjectStore(store_root)
    released = released_objects(store, keys, curated)
    summary = write_release(out / "release", released, subset=curated.subset,
                            duplicates=curated.duplicates.records, manifests=manifests,
                            taxonomy_path=TAXONOMY, build_report=report,
                            n_rejected=report["rejected"], name=config.name,
                            version=config.version, changelog_md=changelog_md)
    return summary.path


@task(name="changelog", cache_policy=NONE)
def changelog(previous: Path, release_dir: Path) -> str:
    return diff_markdown(diff_releases(previous, release_dir))


@task(name="check-release", cache_policy=NONE)
def check_release_files(release_dir: Path, canonical_dir: Path, seed: int) -> dict:
    return check_release(release_dir, sample=16, seed=seed, canonical_dir=canonical_dir).to_dict()


# ------------------------------------------------------------------------------- flow
@flow(name="build", log_prints=False, persist_result=False)
def build(config_path: str | None = None, out_dir: str = "build", limit: int | None = None,
          previous: str | None = None) -> BuildSummary:
    """Build the release of ``config_path`` (default ``manifests/build.yaml``) under ``out_dir``.

    With ``previous`` (an earlier release folder) the evaluation subset is kept stable
    against that release's subset and the card gets a changelog against it.
    """
    config, manifests = load_config(config_path or DEFAULT_CONFIG)
    out = Path(out_dir).resolve()
    summary = BuildSummary(release=str(out / "release"))
    clock = StageProgress("ingest", len(manifests), unit="sources")
    ingested = ingest_all(manifests, out, config, limit, clock)
    summary.stage_seconds["ingest"] = clock.seconds
    objects = [o for ing in ingested for o in ing.objects][:limit]
    summary.skipped_sources = {i.source: i.skipped for i in ingested if i.skipped}
    keys, summary.processed_now = process_all(objects, out / "store", summary)
    index_canonical(out, keys)
    clock = StageProgress("curate", 1, unit="steps")
    prev = Path(previous).resolve() if previous else None
    curated = curate_objects(keys, out / "store", config, _priorities(manifests),
                             previous_subset_ids(prev))
    clock.advance()
    write_review_queue(out / "review_queue.yaml", curated)
    summary.stage_seconds["curate"] = clock.seconds
    report = release_report(summary, curated, keys, ObjectStore(out / "store"))
    clock = StageProgress("release", 2, unit="steps")
    inputs = release_inputs_key(keys, config, manifests, report, prev)
    check = previous_check(out, inputs)
    if check is None:
        release_dir = write_release_files(out, keys, out / "store", curated, manifests, config,
                                          report)
        if prev is not None:  # second write reuses every archive: cheap
            release_dir = write_release_files(out, keys, out / "store", curated, manifests,
                                              config, report, changelog(prev, release_dir))
        clock.advance()
        check = check_release_files(release_dir, out / "canonical", config.seed)
        clock.advance()
        if check["ok"]:
            _write_json(out / "release.inputs.json", {"key": inputs, "check": check})
    else:
        clock.advance(2)
    summary.stage_seconds["release+check"] = clock.seconds
    summary.check_ok = bool(check["ok"])
    _write_json(out / "build_summary.json", {**asdict(summary), "check": check})
    if not summary.check_ok:
        raise BuildFailed(f"release check failed: {check['problems'][:3]} "
                          f"{[r for r in check['rows'] if r['problems']][:2]}")
    return summary


def load_config(path: str | Path) -> tuple[BuildConfig, list[SourceManifest]]:
    """The build config and its manifests; a package location records what is installed
    (version and declared license per distribution: part of the release's inputs)."""
    config, manifests = load_build_config(path)
    return config, [with_installed(m) for m in manifests]


def ingest_all(manifests, out: Path, config: BuildConfig, limit, clock) -> list[Ingested]:
    futures = [ingest_source.submit(m, out / "cache", out / "work",
                                    config.skip_missing_sources, limit) for m in manifests]
    results = []
    for future in futures:
        results.append(future.result())
        clock.advance()
    return results


def process_all(objects: list[SourceObject], store_root: Path, summary: BuildSummary
                ) -> tuple[list[str], int]:
    chunks = [objects[i:i + CHUNK] for i in range(0, len(objects), CHUNK)]
    clock = StageProgress("normalize", len(objects))
    keys, fresh = [], 0
    futures = process_chunk.map(chunks, unmapped(store_root))
    for future in as_completed(list(futures)):
        done = future.result()
        keys += [key for key, _, _ in done]
        fresh += sum(1 for _, _, cached in done if not cached)
        clock.advance(len(done))
    summary.objects_in = len(objects)
    summary.stage_seconds["normalize"] = clock.seconds
    return sorted(set(keys)), fresh


def released_objects(store: ObjectStore, keys: list[str], curated: Curated):
    """Accepted, kept objects sorted by object id (streamed from the store)."""
    order = sorted((s.record.object_id, s.key) for s in store.iter(keys)
                   if s.record.accepted and s.folder is not None)
    for object_id, key in order:
        if object_id in curated.duplicate_ids:
            continue
        stored = store.get(key)
        yield ReleaseObject(curated.categorized(stored.record), stored.folder)


def release_report(summary: BuildSummary, curated: Curated, keys: list[str],
                   store: ObjectStore) -> dict:
    """The deterministic build report shipped in the release (counts, no times).

    ``sources`` gives per source the objects read, accepted and released, and the rejected
    ones counted by error code (an object with two error codes counts under both).
    """
    codes, per_source = Counter(), Counter()
    outcomes: dict[str, dict] = {}
    accepted = rejected = 0
    rejections: dict[str, list[str]] = {}
    for stored in store.iter(keys):
        record = stored.record
        per_source[record.source] += 1
        outcome = outcomes.setdefault(record.source, {"objects": 0, "accepted": 0,
                                                      "released": 0, "rejected_by_code": {}})
        outcome["objects"] += 1
        if record.accepted:
            accepted += 1
            outcome["accepted"] += 1
            outcome["released"] += record.object_id not in curated.duplicate_ids
        else:
            rejected += 1
            found = sorted({i.code for i in record.verification.issues
                            if i.severity == "error"})
            codes.update(found)
            rejections[record.object_id] = found
            for code in found:
                outcome["rejected_by_code"][code] = outcome["rejected_by_code"].get(code, 0) + 1
    summary.accepted, summary.rejected = accepted, rejected
    summary.rejected_by_code = dict(sorted(codes.items()))
    summary.duplicates = len(curated.duplicates.records)
    summary.released = accepted - summary.duplicates
    summary.eval_subset = len(curated.subset.entries)
    return {"objects_in": len(keys), "accepted": accepted, "rejected": rejected,
            "rejected_by_code": dict(sorted(codes.items())),
            "rejected_objects": dict(sorted(rejections.items())),
            "objects_per_source": dict(sorted(per_source.items())),
            "sources": {name: {**o, "rejected_by_code": dict(sorted(o["rejected_by_code"]
                                                                    .items()))}
                        for name, o in sorted(outcomes.items())},
            "duplicates": summary.duplicates, "released": summary.released,
            "eval_subset": summary.eval_subset, "subset_message": curated.subset.message,
            "skipped_sources": dict(sorted(summary.skipped_sources.items())),
            "review_queue": len(curated.review)}


def release_inputs_key(keys: list[str], config: BuildConfig, manifests: list[SourceManifest],
                       report: dict, previous: Path | None = None) -> str:
    """sha256 of everything the release is made of: unchanged -> the release is not rewritten."""
    prev_sums = None
    if previous is not None and (previous / "SHA256SUMS").is_file():
        prev_sums = bytes_sha256((previous / "SHA256SUMS").read_bytes())
    spec = {"keys": keys, "config": config.model_dump(mode="json"), "report": report,
            "previous": prev_sums,
            "manifests": [m.model_dump(mode="json") for m in manifests],
            "taxonomy": bytes_sha256(TAXONOMY.read_bytes()),
            "overrides": bytes_sha256(OVERRIDES.read_bytes()),
            "pipeline": PIPELINE_VERSION, "layout": RELEASE_LAYOUT}
    return bytes_sha256(json.dumps(spec, sort_keys=True, default=str).encode())


def write_review_queue(path: Path, curated: Curated) -> None:
    """Unresolved and low-confidence category assignments, in overrides.yaml's format."""
    rows = [r.model_dump(mode="json") for r in curated.review]
    header = ("# Taxonomy review queue of the last build: objects whose category is unresolved or\n"
              "# uncertain. Decide, then add `<object_id>: {category: ..., reason: ...}` to\n"
              f"# manifests/overrides.yaml (overrides always win). {len(rows)} objects.\n")
    write_atomic(path, header + yaml.safe_dump(rows, sort_keys=True))


def previous_subset_ids(previous: Path | None) -> list[str]:
    """The subset of an earlier release in selection order (empty without one)."""
    if previous is None:
        return []
    path = previous / "manifests" / "subset.json"
    if not path.is_file():
        raise BuildFailed(f"--previous {previous} is not a release (no manifests/subset.json)")
    entries = json.loads(path.read_text(encoding="utf-8"))["entries"]
    return [e["object_id"] for e in sorted(entries, key=lambda e: e["order"])]


def previous_check(out: Path, inputs: str) -> dict | None:
    """The passing check of a release built from the same inputs, if it is still there."""
    marker = out / "release.inputs.json"
    if not (marker.is_file() and (out / "release" / "SHA256SUMS").is_file()):
        return None
    data = json.loads(marker.read_text(encoding="utf-8"))
    return data["check"] if data.get("key") == inputs else None


def index_canonical(out: Path, keys: list[str]) -> None:
    """``out/canonical/<object_id>`` links to each canonical folder in the store."""
    index = out / "canonical"
    index.mkdir(parents=True, exist_ok=True)
    store = ObjectStore(out / "store")
    for stored in store.iter(keys):
        if stored.folder is None:
            continue
        link = index / stored.record.object_id
        if link.is_symlink() or link.exists():
            if link.resolve() == stored.folder.resolve():
                continue
            link.unlink()
        os.symlink(stored.folder, link)


def _priorities(manifests: list[SourceManifest]) -> dict[str, int]:
    return {m.name: m.priority for m in manifests}


def _write_json(path: Path, data: dict) -> None:
    write_atomic(path, json.dumps(data, indent=1, sort_keys=True, default=str))
