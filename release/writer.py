"""Write a release folder (a Hugging Face dataset repository) from records and folders.

:func:`write_release` builds the whole release in a temporary folder beside ``out_dir``
and swaps it into place only when every file is written, so ``out_dir`` is always either
the previous complete release or the new one. The layout::

    README.md                             card (release.card), YAML configs full/eval200
    release_info.json                     name, version, format versions, counts, shards
    data/full/train-<fp>-0000K-of-0000N.parquet
    data/eval200/test-<fp>-0000K-of-0000N.parquet
    objects/<2 hex>/<object id>.zip       URDF + meshes (release.storage)
    license_map.json
    manifests/sources.json, taxonomy.yaml, subset.json, (extra manifests)
    reports/build_report.json, duplicates.json, duplicates.md, coverage.md,
            issue_codes.json              the issue-code catalog (code, severity, meaning)
    figures/supercategories.png, joint_types.png, moving_joints.png, contact_sheet.png
    SHA256SUMS                            sha256 of every other file

**Streaming.** Objects are consumed once, in ``object_id`` order (:mod:`release.objects`):
each one's archive is written and its row appended to the open parquet shard (flushed
every ``row_group_size`` rows); only a small summary per object stays in memory. A list
is sorted here; any other iterable must already be sorted (checked), so a caller can load
records lazily and memory does not grow with the library.

**Shard names.** ``<fp>`` is the content fingerprint of the config's shards
(:func:`release.card.shard_fingerprint` of their sha256 digests), also in the card's
``data_files`` pattern, so ``datasets`` never serves one release's cached rows for another
release in a folder of the same name or for this folder rebuilt with other rows (see
:mod:`release.card`). A config with no rows gets one parquet file with the schema and no
row group; the card then does not declare it (``datasets`` cannot load an empty split).

**Determinism.** Rows sorted by ``object_id``, fixed parquet options (zstd level 3,
statistics, no timestamps), JSON with sorted keys, deterministic archives and figures:
two writes of the same inputs give the same :func:`release_checksums`. The build
report is written as given: it must not hold wall-clock times (keep timings in a log
outside the release).

**Changelog.** With ``spec.changelog_against`` (an earlier release), the rows and
archives just written are diffed against it (:mod:`release.diff`) before the card is
rendered, so the release is written once.

**Incremental.** An archive whose object checksum and path are unchanged since the
release at ``spec.reuse_from`` (default: ``out_dir`` itself) is hard-linked (or copied)
instead of re-zipped, and its contact sheet is copied when it shows the same objects. An
object given by store key (:class:`release.reuse.KeyedObject`) whose row there was written
from the same key keeps that row (read as Arrow data, curation columns set again; its
record is never read), a shard of such rows in the same places is linked
(:mod:`release.shards`), and figures drawn from the same inputs are copied
(:class:`release.sidefiles.FigureReuse`): the bytes are those of a fresh write.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from arena_core.curation.coverage import coverage_figure, coverage_table
from arena_core.util.fs import replace_folder
from arena_core.util.hashing import bytes_sha256, file_sha256, hash_tree
from release import card, figures, reports
from release.diff import diff_markdown, diff_releases
from release.objects import Archives, ReleaseObject, object_id_of, write_objects
from release.reader import ReleaseReadError
from release.reuse import (
    KeyedObject,
    PreviousRows,
    forget_row_keys,
    previous_release,
    save_row_keys,
)
from release.shards import Data
from release.sidefiles import (
    FigureReuse,
    card_info,
    contact_sheet_key,
    previous_sheet,
    release_info,
    source_fronts,
    subset_message,
    write_figures,
)
from schemas.curation import DuplicateRecord, SubsetResult
from schemas.errors import ArenaError
from schemas.issue_codes import catalog_document
from schemas.issues import Issue
from schemas.record import ObjectRecord
from schemas.release import BuildReport, ReleaseFailure, ReleaseSpec

#: The checksum list written last (it lists every other file).
SUMS_NAME = "SHA256SUMS"


class ReleaseError(ArenaError, ValueError):
    """Inputs that cannot make a consistent release (the message says which and why)."""


@dataclass(frozen=True)
class ReleaseSummary:
    """What :func:`write_release` wrote: counts, shard files, archive reuse."""

    path: Path
    n_full: int
    n_eval: int
    shards: dict[str, list[str]]
    archives_written: int
    archives_reused: int
    n_files: int
    fingerprints: dict[str, str] | None = None
    #: The build report as shipped (objects that failed to release counted out).
    report: BuildReport | None = None


def write_release(
    out_dir: str | os.PathLike[str],
    objects: Iterable[ReleaseObject | tuple[ObjectRecord, str | os.PathLike[str]]],
    *,
    subset: SubsetResult,
    duplicates: Sequence[DuplicateRecord] = (),
    report: BuildReport | None = None,
    spec: ReleaseSpec | None = None,
) -> ReleaseSummary:
    """Write the release of ``objects`` to ``out_dir`` atomically; see the module docstring.

    Args:
        objects: accepted objects that the duplicates stage kept, with their folders
            (a list in any order, or any iterable sorted by ``object_id``).
        subset: the evaluation subset (its ids must be among ``objects``).
        duplicates: the members not released (their keepers must be among ``objects``).
        report: what the build did (deterministic); its ``rejected`` count is shown in
            the card, and objects that fail to release are added to its
            ``release_failures``.
        spec: name, version, manifests, taxonomy, changelog base, shard sizes
            (:class:`~schemas.release.ReleaseSpec`; defaults when omitted).

    Raises:
        ReleaseError: inconsistent inputs (ids repeated or out of order, subset or keeper
            not released, a released duplicate) or a ``changelog_against`` folder that is
            not a readable release;
        RowError / StorageError: a record or folder that cannot be released.
    """
    spec = spec if spec is not None else ReleaseSpec()
    report = report if report is not None else BuildReport()
    out = Path(out_dir).resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    _remove_stale(out)
    source = spec.reuse_from if spec.reuse_from is not None else out
    previous = previous_release(source)
    layout = (spec.row_group_size, spec.rows_per_shard)
    previous.rows = PreviousRows.load(source, layout)
    keys: dict[str, str] = {}
    thumbnails = figures.MAX_THUMBNAILS if spec.max_thumbnails is None else spec.max_thumbnails
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.tmp-", dir=out.parent))
    try:
        data = Data(tmp, spec.row_group_size, spec.rows_per_shard, previous.rows)
        with Archives() as archives:
            rows, reused, failed = write_objects(tmp, _ordered(objects, keys), subset,
                                                 duplicates, previous, data, archives)
        subset, duplicates, report = _without_failed(failed, subset, duplicates, report,
                                                     len(rows))
        _check_references(rows, subset, duplicates)
        shards, digests, fingerprints = data.close()
        changelog_md = _changelog(spec.changelog_against, tmp)
        figures_from = FigureReuse(previous.root, previous.rows.figures)
        _write_side_files(tmp, rows, duplicates, subset, report, spec, figures_from)
        fronts = source_fronts(spec)
        key = contact_sheet_key(rows, subset, thumbnails, fronts)
        figs = write_figures(tmp / "figures", rows, subset, thumbnails,
                             reuse=previous_sheet(previous.root, key), figures_from=figures_from,
                             fronts=fronts)
        info = card_info(rows, subset, duplicates, report.rejected, spec, changelog_md, figs,
                         fingerprints)
        card.write_card(tmp, info)
        _write_text(tmp / "release_info.json", reports.dumps(release_info(info, shards, key)))
        n_files = _write_sums(tmp, rows, digests)
        forget_row_keys(out)
        _swap(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    save_row_keys(out, rows, keys, figures_from.made, layout)
    return ReleaseSummary(out, len(rows), data.n_eval, shards, len(rows) - reused, reused,
                          n_files, fingerprints, report)


def release_checksums(release_dir: str | os.PathLike[str]) -> dict[str, str]:
    """``{POSIX path: sha256}`` of every file in a release folder (sorted by path)."""
    return {path: sha for path, _, sha in hash_tree(release_dir)}


# ----------------------------------------------------------------------------- inputs
def _ordered(objects, keys: dict[str, str]) -> Iterable[ReleaseObject | KeyedObject]:
    """``objects`` as ReleaseObjects (or KeyedObjects) in strictly increasing id order
    (lists are sorted); the store key of each keyed one goes into ``keys``."""
    items = (o if isinstance(o, ReleaseObject | KeyedObject) else ReleaseObject(o[0], Path(o[1]))
             for o in objects)
    if isinstance(objects, Sequence):
        items = iter(sorted(items, key=object_id_of))
    last = None
    for entry in items:
        oid = object_id_of(entry)
        if entry.key is not None:
            keys[oid] = entry.key
        if last is not None and oid <= last:
            raise ReleaseError(f"objects: id {oid!r} comes after {last!r}: ids must be unique"
                               " and, for a streamed iterable, sorted")
        last = oid
        yield entry


def _changelog(previous: Path | None, written: Path) -> str | None:
    """The changelog of the release being written (its rows and archives are in
    ``written``) against the release at ``previous``; ``None`` without one."""
    if previous is None:
        return None
    try:
        return diff_markdown(diff_releases(previous, written))
    except ReleaseReadError as exc:
        raise ReleaseError(f"changelog_against: {exc}") from None


def _check_references(rows: list[dict], subset: SubsetResult,
                      duplicates: Sequence[DuplicateRecord]) -> None:
    known = {r["object_id"] for r in rows}
    missing = sorted(set(subset.object_ids) - known)
    if missing:
        raise ReleaseError(f"subset: ids not among the released objects: {missing[:5]}")
    released = sorted(d.object_id for d in duplicates if d.object_id in known)
    if released:
        raise ReleaseError(f"duplicates: these duplicates are also released: {released[:5]}")
    lost = sorted({d.duplicate_of for d in duplicates} - known)
    if lost:
        raise ReleaseError(f"duplicates: kept objects not among the released objects: {lost[:5]}")


def _without_failed(failed: Mapping[str, Issue], subset: SubsetResult,
                    duplicates: Sequence[DuplicateRecord], report: BuildReport,
                    n_released: int) -> tuple[SubsetResult, list[DuplicateRecord], BuildReport]:
    """Subset, duplicates and report once the objects that failed to release are left out
    (their codes go into the report's ``release_failures``; its counts say what the release
    holds)."""
    if not failed:
        return subset, list(duplicates), report
    kept = [e for e in subset.entries if e.object_id not in failed]
    if len(kept) < len(subset.entries):
        subset = subset.model_copy(update={
            "entries": kept, "complete": False, "message": f"{subset.message} "
            f"({len(subset.entries) - len(kept)} chosen objects failed to release)"})
    duplicates = [d for d in duplicates if d.duplicate_of not in failed]
    failures = {oid: ReleaseFailure(code=i.code, message=i.message)
                for oid, i in sorted(failed.items())}
    return subset, duplicates, report.model_copy(update={
        "release_failures": failures, "released": n_released,
        "duplicates": len(duplicates), "eval_subset": len(subset.entries)})


# ----------------------------------------------------------------------------- side files
def _write_side_files(tmp: Path, rows: list[dict], duplicates: Sequence[DuplicateRecord],
                      subset: SubsetResult, report: BuildReport, spec: ReleaseSpec,
                      figures_from: FigureReuse) -> None:
    _write_text(tmp / "license_map.json",
                reports.dumps(reports.license_map(rows, spec.manifests)))
    man = tmp / "manifests"
    _write_text(man / "sources.json",
                reports.dumps(reports.sources_manifest(rows, spec.manifests)))
    _write_text(man / "subset.json", reports.dumps(subset.model_dump(mode="json")))
    if spec.taxonomy_path is not None:
        _write_bytes(man / "taxonomy.yaml", spec.taxonomy_path.read_bytes())
    for file_name, content in sorted(spec.extra_manifests.items()):
        data = content.encode("utf-8") if isinstance(content, str) else bytes(content)
        _write_bytes(man / file_name, data)
    rep = tmp / "reports"
    _write_text(rep / "build_report.json", reports.dumps(report.model_dump(mode="json")))
    _write_text(rep / "duplicates.json", reports.dumps(reports.duplicates_json(duplicates)))
    _write_text(rep / "duplicates.md", reports.duplicates_markdown(duplicates))
    _write_text(rep / "coverage.md", reports.coverage_md(rows))
    _write_text(tmp / reports.ISSUE_CODES_FILE, reports.dumps(catalog_document()))
    in_subset = {e.object_id for e in subset.entries}
    chosen = [r for r in rows if r["object_id"] in in_subset]
    _write_text(rep / "subset_coverage.md",
                reports.coverage_md(chosen, title="Coverage of the evaluation subset",
                                    note=subset_message(subset)))
    if chosen:
        table = coverage_table(reports.coverage_items(chosen))
        title = f"evaluation subset ({len(chosen)} objects)"
        figures_from.draw(tmp / "figures" / "subset_coverage.png",
                          bytes_sha256(f"{title}\n{table.to_csv()}".encode()),
                          lambda path: coverage_figure(table, path, title=title))


def _write_sums(tmp: Path, rows: list[dict], shard_digests: Mapping[str, str]) -> int:
    """Write ``SHA256SUMS``; archive and shard digests are those computed when written."""
    known = {r["mesh_archive"]: r["mesh_archive_sha256"] for r in rows}
    known.update(shard_digests)
    sums = {}
    for base, dirnames, filenames in os.walk(tmp):
        dirnames.sort()
        for file_name in filenames:
            path = Path(base) / file_name
            rel = path.relative_to(tmp).as_posix()
            sums[rel] = known.get(rel) or file_sha256(path)
    sums.pop(SUMS_NAME, None)
    text = "".join(f"{sha}  {path}\n" for path, sha in sorted(sums.items()))
    _write_text(tmp / SUMS_NAME, text)
    return len(sums) + 1


# ----------------------------------------------------------------------------- files
def _write_text(path: Path, text: str) -> None:
    _write_bytes(path, text.encode("utf-8"))


def _write_bytes(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def _remove_stale(out: Path) -> None:
    """Remove temporary folders left beside ``out`` by an interrupted write."""
    for pattern in (f".{out.name}.tmp-*", f".{out.name}.old-*"):
        for path in out.parent.glob(pattern):
            shutil.rmtree(path, ignore_errors=True)


def _swap(tmp: Path, out: Path) -> None:
    """Put the finished ``tmp`` at ``out``; the old release (if any) is removed after."""
    os.chmod(tmp, 0o755)
    replace_folder(tmp, out)
