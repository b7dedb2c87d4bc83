"""The real ``build`` flow end to end, under Prefect's test harness (no mocks).

One small build (12 generated objects, the 5 SAPIEN objects of ``../shared/realdata`` and a
private copy of the Genesis bottle 3763 as its own source, plus one source whose folder is
missing) is made once for the module; every other test reuses it: as the reference release,
or by copying its content-keyed object store so only the objects under test are processed
again. The subprocess builds (``arena build`` SIGKILLed mid-normalization, then while the
release is being written, then run to completion) talk to the harness's API server.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from arena_core.util.hashing import file_sha256

REPO = Path(__file__).resolve().parents[2]
REALDATA = (REPO / ".." / "shared" / "realdata").resolve()
HAS_REALDATA = (REALDATA / "PROVENANCE.json").is_file()
SAPIEN_MANIFEST = REPO / "manifests" / "sources" / "realdata" / "sapien_repo.yaml"
COPIED = "realdata_copy-3763"  # the object the incremental test edits
N_GENERATED = 12
SECRET = "hf_build_flow_secret_never_printed"

pytestmark = pytest.mark.slow


@dataclass
class Built:
    """A finished build: its output folder, summary and per-file release checksums."""

    out: Path
    summary: object
    sums: dict[str, str]


def release_sums(release: Path) -> dict[str, str]:
    """``relative path -> sha256`` of every file of a release folder."""
    return {p.relative_to(release).as_posix(): file_sha256(p)
            for p in sorted(release.rglob("*")) if p.is_file()}


def store_keys(store: Path) -> set[str]:
    """Keys of the complete entries of an object store (not the hidden work folders)."""
    return {p.parent.name for p in store.glob("*/*/record.json")
            if not p.parent.name.startswith(".")}


def primed_out(first: Built, out: Path, drop: int = 0) -> tuple[Path, int]:
    """A new output folder whose store is a copy of the first build's, minus the entries of
    its first ``drop`` generated objects (by id); returns the folder and the number dropped."""
    shutil.copytree(first.out / "store", out / "store")
    generated = sorted((json.loads(r.read_text())["object_id"], r.parent)
                       for r in (out / "store").glob("*/*/record.json")
                       if json.loads(r.read_text())["source"] == "generated")
    for _, entry in generated[:drop]:
        shutil.rmtree(entry)
    return out, len(generated[:drop])


# ---------------------------------------------------------------------------- fixtures
def write_config(folder: Path, copy_root: Path | None) -> Path:
    """The module's build config (realdata sources only when ``../shared/realdata`` exists)."""
    sources = [{"name": "generated", "adapter": "generated", "license": "CC-BY-4.0",
                "n": N_GENERATED, "seed": 1},
               {"name": "absent", "adapter": "urdf_folder", "license": "MIT",
                "location": str(folder / "no-such-library")}]
    if copy_root is not None:
        sources += [str(SAPIEN_MANIFEST),
                    {"name": "realdata_copy", "adapter": "partnet_mobility",
                     "license": "PartNet-Mobility terms", "location": str(copy_root)}]
    config = {"name": "ArenaFlowTest", "version": "test", "subset_size": 8, "seed": 3,
              "sources": sources}
    path = folder / "build.yaml"
    path.write_text(json.dumps(config, indent=1))  # JSON is YAML
    return path


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> Path:
    """The build config; the copied realdata object lives beside it (read-only corpus)."""
    folder = tmp_path_factory.mktemp("inputs")
    copy_root = None
    if HAS_REALDATA:
        copy_root = folder / "bottle"
        shutil.copytree(REALDATA / "genesis_repo" / "3763", copy_root / "3763")
    return write_config(folder, copy_root)


def run_build(config: Path, out: Path, **options):
    from flows.commands.build import run_build as run

    return run(config=str(config), out=str(out), limit=None, **options)


@pytest.fixture(scope="module")
def first(harness, inputs, tmp_path_factory) -> Built:
    out = tmp_path_factory.mktemp("first")
    summary = run_build(inputs, out, runner="thread", workers=2)
    return Built(out, summary, release_sums(out / "release"))


def expected_objects() -> int:
    return N_GENERATED + (5 + 1 if HAS_REALDATA else 0)


# ---------------------------------------------------------------------------- 1. release
def test_summary_counts_and_skipped_source(first):
    s = first.summary
    assert s.objects_in == expected_objects() == s.processed_now
    assert s.accepted + s.rejected == s.objects_in
    assert s.released == s.accepted - s.duplicates and s.released > 0
    assert bool(s.rejected) == bool(s.rejected_by_code)
    assert list(s.skipped_sources) == ["absent"] and "no-such-library" in s.skipped_sources["absent"]
    assert s.check_ok and 0 < s.eval_subset <= 8
    assert set(s.stage_seconds) >= {"ingest", "normalize", "curate", "release+check"}
    assert len(store_keys(first.out / "store")) == s.objects_in
    written = json.loads((first.out / "build_summary.json").read_text())
    assert written["processed_now"] == s.processed_now and written["check"]["ok"]
    queue = yaml.safe_load((first.out / "review_queue.yaml").read_text()) or []
    assert s.review_queue == len(queue) == written["review_queue"]
    assert Path(s.review_file) == first.out / "review_queue.yaml"
    assert s.overrides_file.endswith("manifests/overrides.yaml")
    report = json.loads((first.out / "release" / "reports" / "build_report.json").read_text())
    assert report["released"] == s.released and "absent" in report["skipped_sources"]
    expected = {"generated": N_GENERATED}
    if HAS_REALDATA:
        expected |= {"realdata_sapien": 5, "realdata_copy": 1}
    assert report["objects_per_source"] == expected
    outcomes = report["sources"]
    assert {name: o["objects"] for name, o in outcomes.items()} == expected
    assert sum(o["accepted"] for o in outcomes.values()) == s.accepted
    assert sum(o["released"] for o in outcomes.values()) == s.released
    for o in outcomes.values():
        assert o["objects"] - o["accepted"] <= sum(o["rejected_by_code"].values())


def test_both_configs_load_with_datasets(first, harness):
    import datasets

    release, cache = first.out / "release", Path(harness["HF_HOME"]) / "load"
    full = datasets.load_dataset(str(release), "full", split="train", cache_dir=str(cache))
    subset = datasets.load_dataset(str(release), "eval200", split="test", cache_dir=str(cache))
    assert len(full) == first.summary.released and len(subset) == first.summary.eval_subset
    ids = full["object_id"]
    assert ids == sorted(set(ids)) and set(subset["object_id"]) <= set(ids)
    assert sum(i.startswith("generated-") for i in ids) >= 1
    if HAS_REALDATA:
        assert {"realdata_sapien-40147", COPIED} <= set(ids)
    listed = dict(line.split("  ", 1)[::-1] for line in
                  (release / "SHA256SUMS").read_text().splitlines())
    assert listed == {k: v for k, v in first.sums.items() if k != "SHA256SUMS"}


def test_rows_materialize_and_load_in_yourdfpy(first, tmp_path):
    import yourdfpy

    from release.reader import load_rows, materialize

    rows = load_rows(first.out / "release", columns=["urdf_path"])
    picks = [rows[0]["object_id"]] + ([COPIED, "realdata_sapien-40147"] if HAS_REALDATA else [])
    for object_id in picks:
        urdf_path = materialize(first.out / "release", object_id, tmp_path / object_id)
        urdf = yourdfpy.URDF.load(str(urdf_path), build_scene_graph=True, load_meshes=True)
        meshes = [v.geometry.mesh.filename for link in urdf.robot.links for v in link.visuals
                  if v.geometry.mesh is not None]
        assert meshes, object_id
        for name in meshes:
            assert (urdf_path.parent / name).is_file(), (object_id, name)
        assert len(urdf.scene.geometry) > 0 and urdf.actuated_joint_names, object_id


# ---------------------------------------------------------------------------- 2. incremental
def test_rebuild_with_nothing_changed_does_no_object_work(first, inputs):
    keys = store_keys(first.out / "store")
    untouched = [first.out / "release.inputs.json", first.out / "review_queue.yaml",
                 first.out / "release"]
    stamps = [p.stat().st_mtime_ns for p in untouched]
    again = run_build(inputs, first.out, runner="thread", workers=2)
    assert again.processed_now == 0 and again.check_ok
    assert (again.released, again.rejected) == (first.summary.released, first.summary.rejected)
    assert store_keys(first.out / "store") == keys
    assert release_sums(first.out / "release") == first.sums
    # Not curated, written or checked again: the saved report and check are reused.
    assert [p.stat().st_mtime_ns for p in untouched] == stamps
    ratio = first.summary.stage_seconds["normalize"] / max(again.stage_seconds["normalize"], 1e-3)
    print(f"\nnormalize: first {first.summary.stage_seconds['normalize']:.2f} s, "
          f"unchanged rebuild {again.stage_seconds['normalize']:.2f} s ({ratio:.0f}x)")


def test_changing_one_object_rebuilds_only_it(first, inputs, realdata, tmp_path):
    edited = tmp_path / "bottle"
    shutil.copytree(REALDATA / "genesis_repo" / "3763", edited / "3763")
    urdf = edited / "3763" / "mobility.urdf"
    text = urdf.read_text()
    assert text.count('upper="-0.008000000000000007"') == 1
    urdf.write_text(text.replace('upper="-0.008000000000000007"', 'upper="-0.05"'))
    config = json.loads(inputs.read_text())
    config["sources"][-1]["location"] = str(edited)
    (tmp_path / "build.yaml").write_text(json.dumps(config))
    out, _ = primed_out(first, tmp_path / "out")
    summary = run_build(tmp_path / "build.yaml", out, runner="thread", workers=2)
    assert summary.processed_now == 1
    assert len(store_keys(out / "store")) == len(store_keys(first.out / "store")) + 1
    assert_release_differs_only_in(first.out / "release", out / "release", COPIED)


def assert_release_differs_only_in(old: Path, new: Path, object_id: str) -> None:
    """Rows and archives of both releases are equal except for ``object_id``'s."""
    from release.reader import load_rows

    for config in ("full", "eval200"):
        before = {r["object_id"]: r for r in load_rows(old, config)}
        after = {r["object_id"]: r for r in load_rows(new, config)}
        assert before.keys() == after.keys(), config
        changed = sorted(k for k in before if before[k] != after[k])
        assert changed == ([object_id] if object_id in before else []), (config, changed)
        joint = next(j for j in after[object_id]["joints"] if j["name"] == "joint_2") \
            if object_id in after else None
        if joint is not None:
            assert joint["upper"] == pytest.approx(-0.05)
    old_sums, new_sums = release_sums(old), release_sums(new)

    def layout(sums):  # shard names carry a content fingerprint (release.card.shard_name)
        return {re.sub(r"-[0-9a-f]{16}-(\d{5}-of-\d{5}\.parquet)$", r"-\1", p) for p in sums}

    assert layout(old_sums) == layout(new_sums)
    assert any(p.startswith("data/full/") for p in old_sums.keys() - new_sums.keys())
    archives = sorted(p for p in old_sums if p.startswith("objects/")
                      and old_sums[p] != new_sums[p])
    assert [Path(p).stem for p in archives] == [object_id]


# ---------------------------------------------------------------------------- 3. resume
def cli_env(harness) -> dict[str, str]:
    return {**os.environ, **harness, "PYTHONUNBUFFERED": "1"}


def kill_when(cmd: list[str], env: dict, ready, what: str) -> None:
    """Start ``cmd``, SIGKILL its process group as soon as ``ready()`` holds."""
    proc = subprocess.Popen(cmd, cwd=REPO, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 300
        while not ready() and proc.poll() is None:
            assert time.monotonic() < deadline, f"never reached: {what}"
            time.sleep(0.03)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    assert proc.returncode == -signal.SIGKILL, f"the build ended before {what}"


def entry_stats(store: Path) -> dict[str, tuple[int, int]]:
    """``key -> (inode, mtime ns)`` of each complete entry's record (rewritten -> changes)."""
    return {key: ((r := store / key[:2] / key / "record.json").stat().st_ino,
                  r.stat().st_mtime_ns) for key in store_keys(store)}


def test_killed_build_resumes_to_the_same_release(first, inputs, harness, tmp_path):
    out = tmp_path / "killed"
    cmd = [sys.executable, "-m", "flows.cli", "build", "--config", str(inputs),
           "--out", str(out), "--workers", "2"]
    env = cli_env(harness)
    kill_when(cmd, env, lambda: store_keys(out / "store"), "normalization")
    early = entry_stats(out / "store")
    # The kill lands at a time, not an object count: it must fall inside normalization
    # (some objects stored, not all) for the resume below to mean anything.
    assert 0 < len(early) < expected_objects(), f"{len(early)} objects stored at the kill"
    kill_when(cmd, env, lambda: any(out.glob(".release.tmp-*/objects/*/*.zip")),
              "the release was being written")
    assert len(store_keys(out / "store")) == expected_objects()
    assert not (out / "release" / "SHA256SUMS").exists()
    done = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert re.search(r"processed this run: 0\b", done.stdout), done.stdout
    assert "skipped source absent" in done.stdout
    final = entry_stats(out / "store")
    assert {key: final[key] for key in early} == early  # resumed, never redone
    assert not list(out.glob(".release.*"))  # the killed half-written release is gone
    # Determinism too: a different out dir, an interrupted history, the same checksums.
    assert release_sums(out / "release") == first.sums


# ---------------------------------------------------------------------------- 4. dask
def test_dask_local_cluster_matches_thread_runner(first, inputs, tmp_path):
    out, dropped = primed_out(first, tmp_path / "dask", drop=N_GENERATED)
    summary = run_build(inputs, out, runner="dask", workers=2)
    assert dropped == N_GENERATED and summary.processed_now == N_GENERATED
    assert release_sums(out / "release") == first.sums


def test_dask_address_runs_on_the_given_cluster(first, inputs, tmp_path):
    from distributed import LocalCluster

    out, dropped = primed_out(first, tmp_path / "dask-address", drop=3)
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster:
        summary = run_build(inputs, out, dask_address=cluster.scheduler_address)
        ran = set(cluster.scheduler.task_prefixes)
    assert summary.processed_now == dropped == 3
    assert {"ingest_source", "normalize_chunk"} <= ran
    assert release_sums(out / "release") == first.sums
    assert not list(out.glob(".cluster-probe-*"))  # the folder check passed, left no probe


# ---------------------------------------------------------------------------- 5. publish
def test_publish_to_unreachable_endpoint_fails_cleanly(first, harness, tmp_path):
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    release = first.out / "release"
    env = {**cli_env(harness), "HF_HUB_OFFLINE": "0", "HF_TOKEN": SECRET,
           "HF_HOME": str(tmp_path / "hf")}
    cmd = [sys.executable, "-m", "flows.cli", "publish", str(release), "--repo-id",
           "org/arena-test", "--endpoint", f"http://127.0.0.1:{port}"]
    done = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True, timeout=180)
    assert done.returncode == 1
    assert f"cannot publish to http://127.0.0.1:{port}" in done.stderr
    assert "unchanged" in done.stderr and "Traceback" not in done.stderr
    assert SECRET not in done.stdout + done.stderr
    assert release_sums(release) == first.sums


# ---------------------------------------------------------------------------- 6. bad input
@pytest.mark.parametrize("text, expected", [
    (None, "no such config"),
    ("sources:\n  - {name: g, adapter: nosuch, license: MIT}\n", "unknown adapter 'nosuch'"),
    ("sources:\n  - no-such-manifest.yaml\n", "no-such-manifest.yaml"),
    ("sources: [\n", "cannot read build config"),
    ("sources: []\n", "field 'sources'"),
])
def test_bad_config_is_a_one_line_usage_error(tmp_path, text, expected):
    config = tmp_path / "build.yaml"
    if text is not None:
        config.write_text(text)
    done = subprocess.run([sys.executable, "-m", "flows.cli", "build", "--config", str(config),
                           "--out", str(tmp_path / "out")], cwd=REPO, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 2
    assert expected in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert not (tmp_path / "out").exists()


def test_previous_that_is_not_a_release_is_a_usage_error(inputs, tmp_path):
    done = subprocess.run([sys.executable, "-m", "flows.cli", "build", "--config", str(inputs),
                           "--out", str(tmp_path / "out"), "--previous", str(tmp_path)],
                          cwd=REPO, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr.strip() == f"arena build: error: --previous {tmp_path} is not a release " \
        "folder"
    assert not (tmp_path / "out").exists()
