"""check_release with the real datasets loader, and that it catches damaged releases."""

from __future__ import annotations

import datasets
import pyarrow as pa
import pyarrow.parquet as pq

from arena_core.util import tolerances as tol
from release.check import check_release, issue_code_problems
from release.reader import parquet_files
from release.rows import ROW_SCHEMA
from release.writer import SUMS_NAME, release_checksums


def test_both_configs_load_with_datasets(built, hf_home):
    full = datasets.load_dataset(str(built.release_dir), "full", split="train",
                                 cache_dir=str(hf_home / "datasets"))
    evalset = datasets.load_dataset(str(built.release_dir), "eval200", split="test",
                                    cache_dir=str(hf_home / "datasets"))
    assert full.num_rows == len(built.objects)
    assert evalset.num_rows == len(built.subset.entries)
    assert sorted(evalset["object_id"]) == sorted(built.subset.object_ids)
    row = full[0]
    rec = next(o.record for o in built.objects if o.record.object_id == row["object_id"])
    assert row["joints"][0]["twist"] == rec.joints[0].twist
    assert row["links"][0]["inertia"] == rec.links[0].inertia


def test_check_passes_on_a_good_release(built, hf_home):
    report = check_release(built.release_dir, sample=len(built.objects), seed=1,
                           cache_dir=hf_home / "datasets", canonical_dir=built.canonical_dir)
    assert report.ok, report.model_dump()
    assert report.counts == {"full": len(built.objects), "eval200": len(built.subset.entries)}
    assert len(report.rows) == len(built.objects)
    assert report.max_distance <= tol.ORACLE
    assert all(r.canonical_distance is not None for r in report.rows)
    assert report.engines == dict.fromkeys(
        ["mujoco", "mujoco_mjcf", "pinocchio", "pybullet", "yourdfpy"], len(built.objects))


def test_check_refuses_a_released_row_that_failed_an_engine():
    from release.check import engine_counts

    full = {"object_id": ["a", "b"],
            "engines": [[{"engine": "mujoco", "ok": True}, {"engine": "pybullet", "ok": True}],
                        [{"engine": "mujoco", "ok": False}, {"engine": "pybullet", "ok": True}]]}
    counts, problems = engine_counts(full)
    assert counts == {"mujoco": 1, "pybullet": 2}
    assert problems == ["object 'b' is released but fails in mujoco"]


def _edit_first_prismatic_limit(release, delta: float) -> str:
    (path,) = parquet_files(release)
    rows = pq.read_table(path).to_pylist()
    for row in rows:
        for joint in row["joints"]:
            if joint["type"] == "prismatic":
                joint["upper"] += delta
                pq.write_table(pa.Table.from_pylist(rows, schema=ROW_SCHEMA), path,
                               row_group_size=64)
                _rewrite_sums(release)
                return row["object_id"]
    raise AssertionError("no prismatic joint in the test release")


def _rewrite_sums(release) -> None:
    sums = release_checksums(release)
    sums.pop(SUMS_NAME)
    (release / SUMS_NAME).write_text("".join(f"{s}  {p}\n" for p, s in sums.items()))


def test_check_catches_a_row_whose_joints_moved(release_copy, hf_home):
    edited = _edit_first_prismatic_limit(release_copy, 0.05)
    report = check_release(release_copy, sample=50, cache_dir=hf_home / "datasets")
    assert not report.ok
    bad = [r for r in report.rows if r.problems]
    assert [r.object_id for r in bad] == [edited]
    assert bad[0].distance > tol.ORACLE
    # Sums rewritten: besides the metric, only the shard name's content fingerprint tells.
    assert report.problems and all("content fingerprint" in p for p in report.problems), \
        report.problems


def test_check_catches_damaged_files(release_copy, hf_home):
    archive = sorted((release_copy / "objects").rglob("*.zip"))[0]
    archive.write_bytes(archive.read_bytes()[:-10])
    report = check_release(release_copy, sample=50, cache_dir=hf_home / "datasets")
    assert any("checksum mismatch" in p for p in report.problems)
    assert sum(bool(r.problems) for r in report.rows) == 1


def test_check_reports_an_unloadable_config(release_copy, hf_home):
    for shard in (release_copy / "data" / "eval200").glob("*.parquet"):
        shard.write_bytes(b"not parquet")
    report = check_release(release_copy, sample=2, cache_dir=hf_home / "datasets",
                           verify_files=False)
    assert not report.ok
    assert any("eval200" in p for p in report.problems)


def test_check_wants_a_catalog_that_explains_every_code_of_the_rows(tmp_path):
    full = {"verification": [{"status": "accepted", "issues": [{"code": "mesh.degenerate"}]},
                             None]}
    assert issue_code_problems(tmp_path, full) and "unreadable" in issue_code_problems(
        tmp_path, full)[0]
    (tmp_path / "reports").mkdir()
    (tmp_path / "reports/issue_codes.json").write_text('{"geometry.none": {}}')
    assert "mesh.degenerate" in issue_code_problems(tmp_path, full)[0]
    (tmp_path / "reports/issue_codes.json").write_text('{"mesh.degenerate": {}}')
    assert issue_code_problems(tmp_path, full) == []
