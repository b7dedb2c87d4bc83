"""The side files of a release: license map, manifests, duplicate and coverage reports.

Every function here returns text or a JSON-ready mapping computed only from its inputs
(sorted keys, sorted lists, no clock), so the files are as reproducible as the rows.

* ``license_map.json``: license and class per source and per object; non-commercial and
  copyleft objects are listed so a release can be split by license.
* ``manifests/sources.json``: each source manifest (local paths reduced to their last
  component, so no machine path leaks; a package location keeps its distributions, the
  path inside their install root and what was installed) with the object count and two
  checksums: the listing digest of the source files the released objects were read from,
  and the listing digest of their canonical folders.
* ``reports/duplicates.{json,md}``: every duplicate not released and the object kept.
* ``reports/coverage.md``: supercategory x source x joint type counts.
* ``reports/build_report.json``: :func:`build_report` (:class:`ReportTally`), what the build
  did per source.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from pathlib import PurePath
from typing import Any

import numpy as np

from arena_core.curation.coverage import coverage_markdown, coverage_table
from arena_core.curation.items import CurationItem
from arena_core.curation.stage import Curated
from arena_core.util.hashing import bytes_sha256
from arena_core.verify.policy import decide
from schemas.curation import DuplicateRecord
from schemas.licenses import classify_license
from schemas.record import ObjectRecord
from schemas.release import FORMAT_VERSION, BuildReport, SourceOutcome
from schemas.sources import SourceManifest

#: License classes that restrict use; they are marked in the card and the license map.
RESTRICTED = ("non-commercial", "copyleft")


#: Where a release ships the issue-code catalog (:func:`schemas.issue_codes.catalog_document`).
ISSUE_CODES_FILE = "reports/issue_codes.json"


def dumps(data: Any) -> str:
    """Deterministic JSON text (sorted keys, 2-space indent, trailing newline)."""
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False, allow_nan=False) + "\n"


def build_report(records: Iterable[ObjectRecord], curated: Curated,
                 skipped_sources: Mapping[str, str]) -> BuildReport:
    """The :class:`~schemas.release.BuildReport` of a build from its object records
    (consumed once) and what curation decided (:class:`ReportTally`)."""
    tally = ReportTally()
    for record in records:
        tally.add(record)
    return tally.report(curated, skipped_sources)


class ReportTally:
    """The counts of a build report, one record at a time; :meth:`report` completes it
    with what curation decided.

    ``sources`` gives per source the objects read, accepted and released, and the rejected
    ones counted by error code (an object with two error codes counts under both).
    """

    def __init__(self) -> None:
        self.codes: Counter = Counter()
        self.outcomes: dict[str, SourceOutcome] = {}
        self.rejections: dict[str, list[str]] = {}
        self.accepted_ids: dict[str, list[str]] = defaultdict(list)
        self.n = 0

    def add(self, record: ObjectRecord) -> None:
        self.add_outcome(record.source, record.object_id, record.accepted, error_codes(record))

    def add_outcome(self, source: str, object_id: str, accepted: bool,
                    codes: Sequence[str] = ()) -> None:
        """Count one object from what the report needs of it (``codes``: its error codes,
        :func:`error_codes`, for a rejected one)."""
        self.n += 1
        outcome = self.outcomes.setdefault(source, SourceOutcome())
        outcome.objects += 1
        if accepted:
            outcome.accepted += 1
            self.accepted_ids[source].append(object_id)
            return
        found = list(codes)
        self.codes.update(found)
        self.rejections[object_id] = found
        for code in found:
            outcome.rejected_by_code[code] = outcome.rejected_by_code.get(code, 0) + 1

    def report(self, curated: Curated, skipped_sources: Mapping[str, str]) -> BuildReport:
        accepted, dropped = 0, curated.duplicate_ids
        for source, outcome in self.outcomes.items():
            ids = self.accepted_ids.get(source, ())
            accepted += len(ids)
            outcome.released = sum(oid not in dropped for oid in ids)
            outcome.rejected_by_code = dict(sorted(outcome.rejected_by_code.items()))
        duplicates = len(curated.duplicates.records)
        return BuildReport(
            objects_in=self.n, accepted=accepted, rejected=self.n - accepted,
            rejected_by_code=dict(sorted(self.codes.items())),
            rejected_objects=dict(sorted(self.rejections.items())),
            objects_per_source={name: o.objects for name, o in sorted(self.outcomes.items())},
            sources=dict(sorted(self.outcomes.items())), duplicates=duplicates,
            released=accepted - duplicates, eval_subset=len(curated.subset.entries),
            subset_message=curated.subset.message,
            skipped_sources=dict(sorted(skipped_sources.items())),
            review_queue=len(curated.review))


def error_codes(record: ObjectRecord) -> list[str]:
    """The sorted error codes of a record (empty for an accepted one)."""
    if record.accepted:
        return []
    return list(decide(record.verification.issues).reasons)


def license_map(rows: Sequence[Mapping], manifests: Sequence[SourceManifest] = ()) -> dict:
    """``{"sources": {...}, "objects": {...}, "restricted": {...}, "classes": {...}}``.

    ``rows`` are row summaries (``object_id``, ``source``, ``license``,
    ``license_class``). A source's license comes from its manifest when given, else from
    its rows (the most common one). Objects keep their own license and class. A source read
    from installed distributions (a package location) also lists them under ``packages``:
    ``{"metaworld": {"version": "3.1.1", "license": "MIT"}}`` (the license their metadata
    declares, ``None`` when it declares none).
    """
    by_name = {m.name: m for m in manifests}
    objects, per_source = {}, defaultdict(Counter)
    for row in sorted(rows, key=lambda r: r["object_id"]):
        license_id = row["license"] or "unknown"
        klass = row["license_class"] or classify_license(license_id)
        objects[row["object_id"]] = {"source": row["source"], "license": license_id,
                                     "license_class": klass}
        per_source[row["source"]][(license_id, klass)] += 1
    sources = {}
    for name in sorted(per_source):
        seen = per_source[name]
        license_id, klass = max(seen, key=lambda key: (seen[key], key))
        if name in by_name:
            license_id, klass = by_name[name].license, by_name[name].license_class
        sources[name] = {"license": license_id, "license_class": klass,
                         "objects": sum(seen.values()),
                         "commercial_use": klass != "non-commercial",
                         "copyleft": klass == "copyleft"}
        if name in by_name and (packages := _installed_packages(by_name[name])):
            sources[name]["packages"] = packages
    restricted = {k: sorted(o for o, v in objects.items() if v["license_class"] == k)
                  for k in RESTRICTED}
    classes = dict(sorted(Counter(v["license_class"] for v in objects.values()).items()))
    return {"sources": sources, "objects": objects, "restricted": restricted, "classes": classes}


def _installed_packages(manifest: SourceManifest) -> dict:
    """``{distribution: {"version", "license"}}`` of a package location (else empty)."""
    if manifest.location_kind != "package" or not manifest.location.installed:
        return {}
    return {name: dist.model_dump(mode="json")
            for name, dist in sorted(manifest.location.installed.items()) if dist is not None}


def sources_manifest(rows: Sequence[Mapping], manifests: Sequence[SourceManifest] = ()) -> dict:
    """The ``manifests/sources.json`` mapping (see the module docstring).

    Per source: the manifest, the object count, ``source_files_sha256`` (sha256 of the
    lines ``object_id<TAB>files_digest`` in id order, each ``files_digest`` the listing
    digest of one object's source files) and ``canonical_sha256`` (the same over the
    canonical folder checksums).
    """
    by_source = defaultdict(list)
    for row in sorted(rows, key=lambda r: r["object_id"]):
        by_source[row["source"]].append(row)
    given = {m.name: m for m in manifests}
    out = {}
    for name in sorted(set(by_source) | set(given)):
        members = by_source.get(name, [])
        out[name] = {
            "manifest": _portable_manifest(given[name]) if name in given else None,
            "objects": len(members),
            "source_files_sha256": _lines_sha256((r["object_id"], r["files_digest"])
                                                 for r in members),
            "canonical_sha256": _lines_sha256((r["object_id"], r["checksum"]) for r in members),
        }
    return {"format_version": FORMAT_VERSION, "sources": out}


def _lines_sha256(pairs) -> str:
    return bytes_sha256("".join(f"{a}\t{b}\n" for a, b in pairs).encode("utf-8"))


def _portable_manifest(manifest: SourceManifest) -> dict:
    data = manifest.model_dump(mode="json")
    if manifest.location_kind in ("folder", "archive"):
        data["location"] = PurePath(manifest.location).name
    data["location_kind"] = manifest.location_kind
    return data


def duplicates_json(duplicates: Sequence[DuplicateRecord]) -> dict:
    """The ``reports/duplicates.json`` mapping: records sorted by object id, counts."""
    recs = sorted(duplicates, key=lambda d: d.object_id)
    return {
        "format_version": FORMAT_VERSION,
        "n_duplicates": len(recs),
        "by_relation": dict(sorted(Counter(d.relation for d in recs).items())),
        "records": [d.model_dump(mode="json") for d in recs],
    }


def duplicates_markdown(duplicates: Sequence[DuplicateRecord]) -> str:
    """A markdown report: one line per duplicate with its keeper, relation and distance."""
    recs = sorted(duplicates, key=lambda d: (d.duplicate_of, d.object_id))
    lines = ["# Duplicates", "",
             f"{len(recs)} objects were not released because another copy was kept "
             "(exact: same canonical checksum; same_annotation: tree distance <= tolerance; "
             "disagreeing_annotation: same object, different joints).", ""]
    if not recs:
        return "\n".join(lines + ["No duplicates were found.", ""])
    lines += ["| duplicate | kept | relation | distance | evidence | differing joints |",
              "|---|---|---|---|---|---|"]
    for d in recs:
        joints = ", ".join(d.differing_joints) or "-"
        lines.append(f"| {d.object_id} ({d.source}) | {d.duplicate_of} ({d.keeper_source}) | "
                     f"{d.relation} | {d.distance:.6g} | {', '.join(d.evidence)} | {joints} |")
    return "\n".join(lines) + "\n"


def coverage_items(rows: Sequence[Mapping]) -> list[CurationItem]:
    """Row summaries as curation items (what the coverage table counts)."""
    return [CurationItem(object_id=r["object_id"], source=r["source"],
                         source_id=r["source_id"], content_checksum=r["checksum"],
                         bbox_extent=np.zeros(3), volume=0.0, signature=None,
                         joint_counts=r["joint_counts"],
                         verified=True, category=r["category"],
                         supercategory=r["supercategory"]) for r in rows]


def coverage_md(rows: Sequence[Mapping], *, title: str = "Coverage",
                note: str | None = None) -> str:
    """``reports/coverage.md`` from row summaries (objects and joint types per group);
    ``note`` (e.g. why the evaluation subset is empty or short) comes first."""
    table = coverage_table(coverage_items(rows))
    first = f"**{note}**\n\n" if note else ""
    return (f"# {title}\n\n{first}Objects per supercategory and source; a joint-type column "
            "counts the objects with at least one joint of that type.\n\n"
            + coverage_markdown(table))
