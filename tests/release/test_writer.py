"""The release writer: layout, parquet shape, determinism, atomicity, archive reuse."""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import replace

import pyarrow.parquet as pq
import pytest
import yaml

from arena_core.util.hashing import file_sha256
from release.reader import load_rows, parquet_files
from release.rows import ROW_SCHEMA
from release.storage import archive_relpath
from release.writer import ReleaseError, release_checksums, write_release
from schemas.issue_codes import catalog_document
from schemas.release import FORMAT_VERSION

EXPECTED_FILES = [
    "README.md", "SHA256SUMS", "license_map.json", "release_info.json",
    "manifests/sources.json", "manifests/subset.json", "manifests/taxonomy.yaml",
    "reports/build_report.json", "reports/coverage.md", "reports/duplicates.json",
    "reports/issue_codes.json",
    "reports/duplicates.md", "figures/supercategories.png", "figures/joint_types.png",
    "figures/moving_joints.png", "figures/contact_sheet.png",
]


#: A shard path: split, 16 hex of content fingerprint, shard number and count.
SHARD = re.compile(r"data/(full/train|eval200/test)-([0-9a-f]{16})-(\d{5})-of-(\d{5})\.parquet")


def test_layout_and_counts(built):
    sums = release_checksums(built.release_dir)
    for path in EXPECTED_FILES:
        assert path in sums, path
    shards = sorted(p for p in sums if p.startswith("data/"))
    assert len(shards) == 2 and all(SHARD.fullmatch(p) for p in shards), shards
    archives = [p for p in sums if p.startswith("objects/")]
    assert len(archives) == len(built.objects)
    info = json.loads((built.release_dir / "release_info.json").read_text())
    assert info["counts"] == {"full": len(built.objects), "eval200": len(built.subset.entries),
                              "duplicates": 1, "rejected": 0}
    assert info["format_version"] == FORMAT_VERSION
    for name in ("manifests/subset.json", "manifests/sources.json", "reports/duplicates.json",
                 "reports/build_report.json"):
        assert json.loads((built.release_dir / name).read_text())["format_version"] == \
            FORMAT_VERSION, name
    assert {r["format_version"] for r in load_rows(built.release_dir)} == {FORMAT_VERSION}
    assert f"Release format `{FORMAT_VERSION}`" in (built.release_dir / "README.md").read_text()


def test_rows_carry_issue_data_and_the_release_ships_the_catalog(built):
    by_id = {o.record.object_id: o.record for o in built.objects}
    with_data = 0
    for row in load_rows(built.release_dir):
        issues = by_id[row["object_id"]].verification.issues
        got = [None if i["data"] is None else json.loads(i["data"])
               for i in row["verification"]["issues"]]
        assert got == [i.data for i in issues]
        with_data += sum(d is not None for d in got)
    assert with_data, "no released issue carries data: the test checks nothing"
    shipped = json.loads((built.release_dir / "reports/issue_codes.json").read_text())
    assert shipped == catalog_document() and shipped["joint.limit.missing"]["severity"] == "error"


def test_rows_match_records(built):
    rows = load_rows(built.release_dir)
    by_id = {o.record.object_id: o for o in built.objects}
    assert [r["object_id"] for r in rows] == sorted(by_id)
    for row in rows:
        rec = by_id[row["object_id"]].record
        assert row["checksum"] == rec.checksum
        assert row["urdf"] == (by_id[rec.object_id].folder / rec.urdf).read_text()
        assert [j["name"] for j in row["joints"]] == [j.name for j in rec.joints]
        assert row["n_moving_joints"] == sum(j.type != "fixed" for j in rec.joints)
        assert row["in_eval200"] == (rec.object_id in built.subset.object_ids)
        assert file_sha256(built.release_dir / row["mesh_archive"]) == row["mesh_archive_sha256"]
    keeper = built.duplicates[0].duplicate_of
    assert next(r for r in rows if r["object_id"] == keeper)["duplicates"] == [
        built.duplicates[0].object_id]
    continuous = [j for r in rows for j in r["joints"] if j["type"] == "continuous"]
    assert continuous and all(j["lower"] is None and j["endpoints"] is None for j in continuous)


def test_parquet_schema_row_groups_and_sums(built):
    meta = pq.ParquetFile(parquet_files(built.release_dir)[0])
    assert meta.schema_arrow.equals(ROW_SCHEMA)
    assert all(meta.metadata.row_group(i).num_rows <= 64 for i in range(meta.num_row_groups))
    sums = dict(line.split("  ")[::-1] for line in
                (built.release_dir / "SHA256SUMS").read_text().splitlines())
    actual = release_checksums(built.release_dir)
    actual.pop("SHA256SUMS")
    assert sums == actual


def test_two_writes_are_byte_identical(built, tmp_path):
    out = tmp_path / "again"
    summary = write_release(out, built.objects, **built.kwargs())
    assert summary.archives_reused == 0
    assert release_checksums(out) == release_checksums(built.release_dir)


def test_one_thread_writes_what_two_write(built, tmp_path, monkeypatch):
    import release.objects

    monkeypatch.setattr(release.objects, "RELEASE_THREADS", 1)
    out = tmp_path / "serial"
    write_release(out, built.objects, **built.kwargs())
    assert release_checksums(out) == release_checksums(built.release_dir)


def test_archive_processes_write_what_one_thread_writes(built, tmp_path, monkeypatch):
    """Past the first ARCHIVE_POOL_AFTER archives, processes write them: the same bytes, and
    an archive that fails in a process leaves out its object alone."""
    import release.objects
    import release.writer

    made = []

    class Counted(release.objects.Archives):
        def __exit__(self, *exc):
            made.append(self.pooled)
            super().__exit__(*exc)

    monkeypatch.setattr(release.objects, "ARCHIVE_POOL_AFTER", 2)
    monkeypatch.setattr(release.writer, "Archives", Counted)
    out = tmp_path / "pooled"
    write_release(out, built.objects, **built.kwargs())
    assert made == [len(built.objects) - 2]
    assert release_checksums(out) == release_checksums(built.release_dir)
    last = built.objects[-1]  # written by a process: its folder changed after its record
    broken = tmp_path / "broken" / last.record.object_id
    shutil.copytree(last.folder, broken)
    (broken / last.record.urdf).write_text("<robot name='edited'/>\n")
    write_release(tmp_path / "one-lost", [*built.objects[:-1], replace(last, folder=broken)],
                  **built.kwargs())
    report = json.loads((tmp_path / "one-lost" / "reports" / "build_report.json").read_text())
    assert {k: v["code"] for k, v in report["release_failures"].items()} == {
        last.record.object_id: "release.checksum_mismatch"}


def test_rewrite_reuses_unchanged_archives_and_stays_identical(built, release_copy):
    before = release_checksums(release_copy)
    summary = write_release(release_copy, built.objects, **built.kwargs())
    assert summary.archives_reused == len(built.objects) and summary.archives_written == 0
    assert release_checksums(release_copy) == before
    assert not list(release_copy.parent.glob(".release.*"))


def test_shards_and_small_row_groups(built, tmp_path):
    out = tmp_path / "sharded"
    kwargs = built.kwargs()
    spec = kwargs.pop("spec").model_copy(update={"row_group_size": 2, "rows_per_shard": 4})
    summary = write_release(out, built.objects, **kwargs, spec=spec)
    n = len(built.objects)
    shards = -(-n // 4)
    fp = summary.fingerprints["full"]
    assert summary.shards["full"] == [f"data/full/train-{fp}-{k:05d}-of-{shards:05d}.parquet"
                                      for k in range(shards)]
    assert fp != write_release(tmp_path / "one-shard", built.objects,
                               **built.kwargs()).fingerprints["full"]
    for k, path in enumerate(summary.shards["full"]):
        rows_in_shard = min(4, n - 4 * k)
        assert pq.ParquetFile(out / path).metadata.num_row_groups == -(-rows_in_shard // 2)
    assert [r["object_id"] for r in load_rows(out)] == [r["object_id"] for r in
                                                        load_rows(built.release_dir)]


def test_failed_write_leaves_the_previous_release_untouched(built, release_copy, tmp_path):
    before = release_checksums(release_copy)
    with pytest.raises(ReleaseError, match="must be unique"):
        write_release(release_copy, built.objects + built.objects[:1], **built.kwargs())
    assert release_checksums(release_copy) == before
    assert not list(release_copy.parent.glob(".release.tmp-*"))


def test_an_object_that_fails_to_release_is_left_out_and_reported(built, tmp_path):
    chosen = set(built.subset.object_ids)
    victims = [next(o for o in built.objects if o.record.object_id in chosen),
               next(o for o in built.objects if o.record.object_id not in chosen and
                    o.record.object_id not in {d.duplicate_of for d in built.duplicates})]
    objects = []
    for entry in built.objects:
        if entry in victims:  # its canonical folder changed after its record was made
            broken = tmp_path / "broken" / entry.record.object_id
            shutil.copytree(entry.folder, broken)
            (broken / entry.record.urdf).write_text("<robot name='edited'/>\n")
            entry = replace(entry, folder=broken)
        objects.append(entry)
    summary = write_release(tmp_path / "release", objects, **built.kwargs())
    ids = [r["object_id"] for r in load_rows(tmp_path / "release")]
    lost = {v.record.object_id for v in victims}
    assert sorted(ids) == sorted(o.record.object_id for o in built.objects
                                 if o.record.object_id not in lost)
    report = json.loads((tmp_path / "release" / "reports" / "build_report.json").read_text())
    assert {k: v["code"] for k, v in report["release_failures"].items()} == dict.fromkeys(
        lost, "release.checksum_mismatch")
    subset = json.loads((tmp_path / "release" / "manifests" / "subset.json").read_text())
    assert lost.isdisjoint(e["object_id"] for e in subset["entries"])
    assert summary.n_eval == len(built.subset.entries) - 1
    # The report shipped (and handed back to the build) counts what the release holds.
    assert summary.report.released == report["released"] == len(ids)
    assert summary.report.eval_subset == report["eval_subset"] == summary.n_eval


@pytest.mark.parametrize("batch", [1, 2, 64])
def test_a_row_the_schema_cannot_hold_leaves_only_its_object_out(built, tmp_path, monkeypatch,
                                                                  batch):
    """Rows are converted in batches; a bad row costs its own object, whatever the batch."""
    import release.objects as writer

    kept = {d.duplicate_of for d in built.duplicates} | set(built.subset.object_ids)
    victim = next(o.record.object_id for o in built.objects if o.record.object_id not in kept)
    real = writer.object_row

    def object_row(rec, *args, **kwargs):
        row = real(rec, *args, **kwargs)
        return {**row, "checksum": 12345} if rec.object_id == victim else row

    monkeypatch.setattr(writer, "object_row", object_row)
    monkeypatch.setattr(writer, "ROW_CHECK_BATCH", batch)
    write_release(tmp_path / "release", built.objects, **built.kwargs())
    ids = sorted(r["object_id"] for r in load_rows(tmp_path / "release"))
    assert ids == sorted(o.record.object_id for o in built.objects if o.record.object_id != victim)
    report = json.loads((tmp_path / "release" / "reports" / "build_report.json").read_text())
    assert list(report["release_failures"]) == [victim]
    archive = archive_relpath(victim)
    assert not (tmp_path / "release" / archive).exists()
    assert archive not in (tmp_path / "release" / "SHA256SUMS").read_text()


def test_inconsistent_inputs_are_refused(built, tmp_path):
    kwargs = built.kwargs()
    with pytest.raises(ReleaseError, match="must be unique"):
        write_release(tmp_path / "a", built.objects + built.objects[:1], **kwargs)
    with pytest.raises(ReleaseError, match="subset"):
        write_release(tmp_path / "b", [o for o in built.objects
                                       if o.record.object_id not in built.subset.object_ids],
                      **kwargs)
    keeper = built.duplicates[0].duplicate_of
    with pytest.raises(ReleaseError, match="kept objects"):
        write_release(tmp_path / "c", [o for o in built.objects if o.record.object_id != keeper],
                      **{**kwargs, "subset": built.subset.model_copy(update={"entries": []})})
    assert not (tmp_path / "a").exists() and not list(tmp_path.glob(".a.*"))


def test_streamed_objects_must_be_sorted_and_give_the_same_release(built, tmp_path):
    ordered = sorted(built.objects, key=lambda o: o.record.object_id)
    out = tmp_path / "streamed"
    write_release(out, (o for o in ordered), **built.kwargs())
    assert release_checksums(out) == release_checksums(built.release_dir)
    with pytest.raises(ReleaseError, match="sorted"):
        write_release(tmp_path / "unsorted", (o for o in reversed(ordered)), **built.kwargs())
    assert not (tmp_path / "unsorted").exists() and not list(tmp_path.glob(".unsorted.*"))


def test_license_map_marks_restricted_objects(built):
    data = json.loads((built.release_dir / "license_map.json").read_text())
    assert set(data["objects"]) == {o.record.object_id for o in built.objects}
    assert data["sources"]["generated"]["license_class"] == "permissive"
    if "sapien" in data["sources"]:
        assert data["sources"]["sapien"]["commercial_use"] is False
        assert data["restricted"]["non-commercial"] == ["sapien-41083"]


def test_manifests_and_reports(built):
    subset = json.loads((built.release_dir / "manifests/subset.json").read_text())
    assert [e["object_id"] for e in subset["entries"]] == built.subset.object_ids
    assert all(e["reason"] for e in subset["entries"])
    sources = json.loads((built.release_dir / "manifests/sources.json").read_text())
    assert sources["sources"]["generated"]["objects"] == sum(
        o.record.source == "generated" for o in built.objects)
    taxonomy = yaml.safe_load((built.release_dir / "manifests/taxonomy.yaml").read_text())
    assert len(taxonomy["supercategories"]) == 15
    dup_md = (built.release_dir / "reports/duplicates.md").read_text()
    assert built.duplicates[0].object_id in dup_md and built.duplicates[0].duplicate_of in dup_md
    coverage = (built.release_dir / "reports/coverage.md").read_text()
    assert f"**{len(built.objects)}**" in coverage


def test_every_loaded_engine_entry_holds_its_worst_pose_error(built):
    """The card says the ``engines`` column holds the worst pose error: no loaded entry is
    null, the object's own MJCF included."""
    rows = load_rows(built.release_dir)
    entries = [e for r in rows for e in r["engines"] if e["loaded"]]
    assert {e["engine"] for e in entries} >= {"mujoco_mjcf", "mujoco", "pybullet"}
    assert all(e["max_pose_error"] is not None for e in entries), [
        e for e in entries if e["max_pose_error"] is None][:3]


def test_ordered_map_keeps_the_order_and_takes_only_a_few_items_ahead():
    import threading
    import time

    from release.objects import ordered_map

    taken: list[int] = []

    def items():
        for i in range(40):
            taken.append(i)
            yield i

    def work(i: int) -> tuple[int, str]:
        time.sleep(0.002 * (i % 3))  # later items may finish first
        return i * i, threading.current_thread().name

    seen = []
    for item, (square, thread) in ordered_map(work, items(), workers=2, ahead=4):
        assert len(taken) <= item + 4  # lazy: at most 4 taken and not yet yielded
        seen.append((item, square, thread.startswith("release")))
    assert [(i, s) for i, s, _ in seen] == [(i, i * i) for i in range(40)]
    assert all(in_thread for _, _, in_thread in seen)
    assert list(ordered_map(lambda i: -i, range(3), workers=1)) == [(0, 0), (1, -1), (2, -2)]


def test_archives_written_by_the_threads_when_a_process_dies(built, tmp_path):
    """A killed archive process breaks the pool: that archive and the rest are written by
    the calling thread, the same bytes."""
    import os
    import signal

    from release.objects import Archives, archive_file

    first, second = built.objects[:2]
    with Archives(processes=1, after=0) as archives:
        done = archives.write(first.folder, tmp_path / "a.zip", first.record.checksum)
        assert archives.pooled == 1
        for pid in list(archives._pool._processes):
            os.kill(pid, signal.SIGKILL)
        again = archives.write(second.folder, tmp_path / "b.zip", second.record.checksum)
        assert archives.pooled == 1  # not by the broken pool
    assert done == archive_file(first.folder, tmp_path / "a2.zip", first.record.checksum)
    assert again == archive_file(second.folder, tmp_path / "b2.zip", second.record.checksum)
