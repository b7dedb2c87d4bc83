"""Benchmark ``arena build`` on the generated library: rates per stage, peak memory, Dask scaling.

Every build is the real command (``python -m flows.cli build``) in a subprocess with a fresh
output folder (nothing cached), against one Prefect API server this script starts (Prefect's
test harness, so the builds do not each start an ephemeral server)::

    python tests/bench/bench_build.py rates  [--n 200]                 # objects/s per stage
    python tests/bench/bench_build.py memory [--sizes 1000 4000]       # peak RSS vs size
    python tests/bench/bench_build.py dask   [--n 200] [--workers 1 2] # Dask workers
    python tests/bench/bench_build.py scale  [--n 19904]               # the 20K build
    python tests/bench/bench_build.py all                              # rates, memory, dask

Measured per build: wall seconds, seconds and objects per second per stage (from the
build's ``build_summary.json``), the peak RSS of the build process (``ru_maxrss`` from
``wait4``: its true high-water mark), the peak of the summed PSS of the build process
and all its descendants (Dask nannies and workers; read with psutil every second and
whenever their summed RSS, read every 0.2 s, reaches a new high: :class:`TreeSampler`),
the CPU seconds of the build and its waited-for descendants, and the 1-minute load
average before and after (the machine may be shared: a loaded machine hides any Dask speed-up).

``scale`` builds ``--n`` generated objects plus every source of ``../shared/realdata``
(``manifests/sources/realdata/*.yaml``; 19,904 + 96 objects make the 20K suite) with the
default process runner: cold, then again with nothing changed, then with one realdata
object edited (a joint limit of PartNet bottle 3763, read from a copy of its source
folder), prints what the cold release holds of the generated library (objects folded into
another generated object, those that move alike or share a checksum, the categories
released), and checks the counts and that the unchanged rebuild leaves every release file
as it was and the edited one changes exactly that object's archive.

Targets (exit status 1 when one is missed): the peak RSS of the largest size is within
25 % of the smallest's (memory must not grow with the library); 2 Dask workers finish the
build at least 1.6x faster than 1, with an identical release (every ``SHA256SUMS`` line); for ``scale``, the cold build within ``--cold-target`` seconds
(default 1200) and 2 GiB, the unchanged rebuild at least 20x faster, and the edited one
within 60 s. One JSON line per build is appended to ``--results`` when given.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import psutil
import yaml

REPO = Path(__file__).resolve().parents[2]
REALDATA = REPO.parent / "shared" / "realdata"
#: The realdata object the ``scale`` bench edits (PartNet bottle 3763 in Genesis).
EDITED_ID = "realdata_genesis-3763"
#: Peak memory of the largest library may exceed the smallest's by at most this fraction.
MAX_MEMORY_GROWTH = 0.25
#: 2 Dask workers must build at least this much faster than 1 (wall time).
DASK_SPEEDUP = 1.6
#: The build's stages in pipeline order (keys of ``stage_seconds``).
STAGES = ("ingest", "normalize", "curate", "release+check")
QUIET = {"PREFECT_LOGGING_LEVEL": "WARNING", "PREFECT_SERVER_ANALYTICS_ENABLED": "false",
         "PREFECT_LOGGING_TO_API_ENABLED": "false", "DASK_LOGGING__DISTRIBUTED": "warning",
         "HF_HUB_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1", "HF_HUB_DISABLE_TELEMETRY": "1",
         "PREFECT_SERVER_SERVICES_TASK_RUN_RECORDER_ENABLED": "false",
         "PREFECT_SERVER_SERVICES_EVENT_PERSISTER_ENABLED": "false"}


#: Summed RSS this much above its highest at a PSS reading is read for PSS at once.
NEW_HIGH = 0.02


class TreeSampler(threading.Thread):
    """Samples the summed proportional set size (PSS, bytes) of a process and its
    descendants until it exits. PSS, not RSS: the budgeted children of the workers
    (flows/sandbox.py) are forks that share their parent's pages, which RSS would count
    once per process.

    PSS costs the kernel a walk of the page tables (~1 ms per GiB mapped; read 5 times a
    second, it took 9% of a core in a 4,000-object build, which the build's workers lost),
    RSS almost nothing. So every ``every`` seconds the tree and its summed RSS are read,
    and its PSS when ``full_every`` seconds have passed since the last PSS reading or the
    summed RSS is more than :data:`NEW_HIGH` above the highest sum seen at a PSS reading
    (memory is growing: where a new peak can be).
    """

    def __init__(self, pid: int, every: float = 0.2, full_every: float = 1.0):
        super().__init__(daemon=True)
        self.pid, self.every, self.full_every = pid, every, full_every
        self.peak, self.peak_procs, self.readings, self.cpu = 0, 0, 0, 0.0
        self.done = threading.Event()

    def run(self) -> None:
        try:
            self._sample()
        finally:
            self.cpu = time.thread_time()  # what sampling cost (the machine's, not the build's)

    def _sample(self) -> None:
        try:
            root = psutil.Process(self.pid)
        except psutil.NoSuchProcess:
            return
        last_full, high_rss = -float("inf"), 0
        while not self.done.is_set():
            try:
                tree = [root, *root.children(recursive=True)]
            except (psutil.NoSuchProcess, psutil.ZombieProcess):
                return
            rss = sum(_quietly(lambda p: p.memory_info().rss, proc) for proc in tree)
            now = time.monotonic()
            if rss > high_rss * (1.0 + NEW_HIGH) or now - last_full >= self.full_every:
                pss = [_quietly(lambda p: p.memory_full_info().pss, proc) for proc in tree]
                total, procs = sum(pss), sum(1 for v in pss if v)
                last_full, high_rss, self.readings = now, max(high_rss, rss), self.readings + 1
                if total > self.peak:
                    self.peak, self.peak_procs = total, procs
            self.done.wait(self.every)


def _quietly(read, proc: psutil.Process) -> int:
    """``read(proc)``, or 0 for a process that has ended."""
    try:
        return read(proc)
    except (psutil.NoSuchProcess, psutil.ZombieProcess, psutil.AccessDenied):
        return 0


def write_config(folder: Path, n: int, seed: int, realdata: list | None = None) -> Path:
    """A build config with one generated source of ``n`` objects and the ``realdata``
    sources (manifest paths or inline manifests; JSON is YAML)."""
    config = {"name": "BenchBuild", "version": "bench", "subset_size": 200, "seed": 0,
              "sources": [{"name": "generated", "adapter": "generated",
                           "license": "CC-BY-4.0", "n": n, "seed": seed},
                          *(realdata or [])]}
    path = folder / f"build-{n}{'-real' if realdata else ''}.yaml"
    path.write_text(json.dumps(config, indent=1))
    return path


def run_build(work: Path, env: dict, n: int, *, seed: int = 0, runner: str = "thread",
              workers: int = 2, label: str = "", config: Path | None = None,
              out: Path | None = None) -> dict:
    """One ``arena build`` of ``n`` generated objects (or of ``config``) into a fresh folder
    (or into ``out``, which may hold an earlier build); its figures."""
    if out is None:
        out = Path(tempfile.mkdtemp(prefix=f"build-{n}-{runner}{workers}-", dir=work))
    cmd = [sys.executable, "-m", "flows.cli", "build", "--config",
           str(config or write_config(out, n, seed)), "--out", str(out / "out"),
           "--runner", runner, "--workers", str(workers)]
    log = (out / "build.log").open("w")
    load_before, start = os.getloadavg()[0], time.monotonic()
    proc = subprocess.Popen(cmd, cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT)
    sampler = TreeSampler(proc.pid)
    sampler.start()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.monotonic() - start
    sampler.done.set()
    sampler.join()
    proc.returncode = os.waitstatus_to_exitcode(status)
    log.close()
    if proc.returncode != 0:
        tail = (out / "build.log").read_text()[-2000:]
        raise SystemExit(f"build of {n} objects failed ({proc.returncode}):\n{tail}")
    summary = json.loads((out / "out" / "build_summary.json").read_text())
    return figures(summary, label=label, n=n, runner=runner, workers=workers, wall=wall,
                   peak_rss=usage.ru_maxrss * 1024, peak_tree=sampler.peak,
                   procs=sampler.peak_procs, cpu=usage.ru_utime + usage.ru_stime,
                   sampler_cpu=round(sampler.cpu, 1), pss_readings=sampler.readings,
                   load=(load_before, os.getloadavg()[0]))


def figures(summary: dict, **extra) -> dict:
    """Counts, per-stage seconds and objects/s, and memory in MiB from one build."""
    n_in = summary["objects_in"]
    stages = summary["stage_seconds"]
    hidden = ("peak_rss", "peak_tree", "cpu", "load", "wall")
    return {**{k: v for k, v in extra.items() if k not in hidden},
            "objects_in": n_in, "accepted": summary["accepted"],
            "released": summary["released"], "processed_now": summary["processed_now"],
            "stage_seconds": {k: round(v, 2) for k, v in stages.items()},
            "objects_per_second": {k: round(n_in / v, 1) if v > 0 else None
                                   for k, v in stages.items()},
            "peak_rss_mib": round(extra["peak_rss"] / 2**20, 1),
            "peak_tree_pss_mib": round(extra["peak_tree"] / 2**20, 1),
            "wall_seconds": round(extra["wall"], 1),
            "cpu_seconds": round(extra["cpu"], 1),
            "load_average_1min": [round(x, 2) for x in extra["load"]]}


def show(result: dict, results: Path | None) -> None:
    seconds = result["stage_seconds"]
    order = [k for k in STAGES if k in seconds] + sorted(set(seconds) - set(STAGES))
    stages = ", ".join(f"{k} {seconds[k]:.1f} s ({result['objects_per_second'][k]}/s)"
                       for k in order)
    print(f"[{result['label']}] n={result['n']} runner={result['runner']} "
          f"workers={result['workers']}: wall {result['wall_seconds']} s; {stages}; "
          f"peak RSS build process {result['peak_rss_mib']} MiB, process tree PSS "
          f"{result['peak_tree_pss_mib']} MiB ({result['procs']} processes); CPU "
          f"{result['cpu_seconds']} s (sampling it {result['sampler_cpu']} s); load average "
          f"{result['load_average_1min']}", flush=True)
    if results is not None:
        with results.open("a") as fh:
            fh.write(json.dumps(result, sort_keys=True) + "\n")


def bench_rates(work, env, args) -> bool:
    show(run_build(work, env, args.n, label="rates"), args.results)
    return True


def bench_memory(work, env, args) -> bool:
    found = []
    for n in sorted(args.sizes):
        found.append(run_build(work, env, n, label="memory"))
        show(found[-1], args.results)
    small, large = found[0], found[-1]
    growth = large["peak_rss_mib"] / small["peak_rss_mib"] - 1.0
    tree = large["peak_tree_pss_mib"] / small["peak_tree_pss_mib"] - 1.0
    ok = growth <= MAX_MEMORY_GROWTH and tree <= MAX_MEMORY_GROWTH
    print(f"memory {small['n']} -> {large['n']} objects: build process {growth:+.1%}, "
          f"process tree {tree:+.1%} (target <= +{MAX_MEMORY_GROWTH:.0%}): "
          f"{'OK' if ok else 'MISSED'}", flush=True)
    return ok


def bench_dask(work, env, args) -> bool:
    found, sums = {}, {}
    for workers in args.workers:
        out = Path(tempfile.mkdtemp(prefix=f"dask-{args.n}-{workers}-", dir=work))
        found[workers] = run_build(work, env, args.n, runner="dask", workers=workers,
                                   label="dask", out=out)
        sums[workers] = release_sums(out / "out" / "release")
        show(found[workers], args.results)
    if not {1, 2} <= found.keys():
        return True
    one, two = found[1], found[2]
    speedup = one["wall_seconds"] / two["wall_seconds"]
    same = sums[1] == sums[2]
    ok = speedup >= DASK_SPEEDUP and same
    print(f"dask {args.n} objects: 1 worker {one['wall_seconds']} s (normalize "
          f"{one['stage_seconds']['normalize']} s), 2 workers {two['wall_seconds']} s "
          f"(normalize {two['stage_seconds']['normalize']} s): speed-up {speedup:.2f}x wall "
          f"(target >= {DASK_SPEEDUP}x), "
          f"{one['stage_seconds']['normalize'] / two['stage_seconds']['normalize']:.2f}x "
          f"normalize; release checksums {'identical' if same else 'DIFFERENT'} "
          f"({len(sums[1])} files): {'OK' if ok else 'MISSED'}", flush=True)
    return ok


def realdata_sources(edited: Path | None = None, only: list[str] | None = None) -> list:
    """Every realdata manifest (absolute paths; ``only``: those of these file stems, the
    Genesis one always); with ``edited``, the Genesis source reads that folder instead."""
    sources: list = []
    for path in sorted((REPO / "manifests" / "sources" / "realdata").glob("*.yaml")):
        if only is not None and path.stem not in {*only, "genesis_repo"}:
            continue
        if edited is not None and path.stem == "genesis_repo":
            data = yaml.safe_load(path.read_text())
            sources.append({**data, "location": str(edited)})
        else:
            sources.append(str(path))
    return sources


def edited_genesis(work: Path) -> Path:
    """A copy of the Genesis source folder with one joint limit of bottle 3763 changed."""
    folder = work / "edited_genesis"
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(REALDATA / "genesis_repo", folder)
    urdf = folder / "3763" / "mobility.urdf"
    text = urdf.read_text()
    assert text.count('upper="-0.008000000000000007"') == 1, "bottle 3763 changed upstream"
    urdf.write_text(text.replace('upper="-0.008000000000000007"', 'upper="-0.05"'))
    return folder


def bench_scale(work, env, args) -> bool:
    out = Path(tempfile.mkdtemp(prefix=f"scale-{args.n}-", dir=work))
    config = write_config(out, args.n, 0, realdata_sources(only=args.sources))
    cold = run_build(work, env, args.n, runner=args.runner, label="scale cold", config=config,
                     out=out)
    show(cold, args.results)
    print(library_line(out / "out" / "release"), flush=True)
    sums = release_sums(out / "out" / "release")
    again = run_build(work, env, args.n, runner=args.runner, label="scale unchanged",
                      config=config, out=out)
    show(again, args.results)
    unchanged = release_sums(out / "out" / "release") == sums and again["processed_now"] == 0
    edited_config = write_config(out, args.n, 0,
                                 realdata_sources(edited_genesis(out), only=args.sources))
    edited = run_build(work, env, args.n, runner=args.runner, label="scale edited",
                       config=edited_config, out=out)
    show(edited, args.results)
    changed = sorted(p for p, sha in release_sums(out / "out" / "release").items()
                     if p.startswith("objects/") and sums.get(p) != sha)
    ratio = cold["wall_seconds"] / again["wall_seconds"]
    checks = {
        "objects": cold["objects_in"] >= args.n and cold["released"] > 0,
        "unchanged: same release, no object work": unchanged,
        "edited: one object processed": edited["processed_now"] == 1,
        "edited: one archive changed": [Path(p).stem for p in changed] == [EDITED_ID],
    }
    if not args.counts_only:
        checks.update({
            f"cold <= {args.cold_target:.0f} s": cold["wall_seconds"] <= args.cold_target,
            "peak <= 2 GiB": cold["peak_tree_pss_mib"] <= 2048,
            "unchanged >= 20x faster": ratio >= 20,
            "edited <= 60 s": edited["wall_seconds"] <= 60,
        })
    print(f"scale {cold['objects_in']} objects: cold {cold['wall_seconds']} s, unchanged "
          f"{again['wall_seconds']} s ({ratio:.1f}x), one edited {edited['wall_seconds']} s; "
          + ", ".join(f"{k}: {'OK' if v else 'MISSED'}" for k, v in checks.items()), flush=True)
    return all(checks.values())


def library_line(release: Path, source: str = "generated") -> str:
    """What a release holds of ``source``: its objects folded as duplicates of another of its
    objects (and how many of those move alike), those with the same content checksum as
    another, and the categories and supercategories released (``reports/``, ``data/full``)."""
    import pandas as pd

    report = json.loads((release / "reports" / "build_report.json").read_text())
    records = json.loads((release / "reports" / "duplicates.json").read_text())["records"]
    n = report["sources"].get(source, {}).get("objects", 0)
    own = [r for r in records if r["source"] == source and r["keeper_source"] == source]
    alike = sum(r["relation"] in ("exact", "same_annotation") for r in own)
    exact = sum(r["relation"] == "exact" for r in own)
    rows = pd.concat(pd.read_parquet(f, columns=["source", "category", "supercategory"])
                     for f in sorted((release / "data" / "full").glob("*.parquet")))
    mine = rows[rows["source"] == source]
    return (f"library: {source} {n} objects, {len(own)} folded as duplicates of another "
            f"{source} object ({100 * len(own) / max(n, 1):.1f}%; {alike} of them move alike, "
            f"{exact} the same checksum); released {rows['category'].nunique()} categories "
            f"in {rows['supercategory'].nunique()} supercategories ({source}: "
            f"{mine['category'].nunique()} categories)")


def release_sums(release: Path) -> dict[str, str]:
    """``{path: sha256}`` from a release's ``SHA256SUMS``."""
    lines = (release / "SHA256SUMS").read_text().splitlines()
    return {path: sha for sha, path in (line.split("  ", 1) for line in lines)}


BENCHES = {"rates": bench_rates, "memory": bench_memory, "dask": bench_dask}
EXTRA = {"scale": bench_scale}


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("bench", choices=[*BENCHES, *EXTRA, "all"], help="what to measure")
    parser.add_argument("--n", type=int, default=200, help="objects for rates and dask")
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 4000],
                        help="library sizes compared for peak memory")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2],
                        help="Dask worker counts compared")
    parser.add_argument("--cold-target", type=float, default=1200.0,
                        help="scale: seconds the cold build may take")
    parser.add_argument("--sources", nargs="+", metavar="STEM",
                        help="scale: only these realdata manifests (and genesis_repo)")
    parser.add_argument("--runner", default="process", choices=["process", "thread", "dask"],
                        help="scale: the task runner (default: arena build's default)")
    parser.add_argument("--counts-only", action="store_true",
                        help="scale: check counts and checksums, not times (the CI run)")
    parser.add_argument("--work", type=Path, help="scratch folder (default: a temp folder)")
    parser.add_argument("--results", type=Path, help="append one JSON line per build here")
    args = parser.parse_args(argv)
    if args.n < 1 or min(args.sizes) < 1 or min(args.workers) < 1:
        parser.error("--n, --sizes and --workers must be >= 1")
    return args


def main(argv=None) -> int:
    args = parse_args(argv)
    work = args.work or Path(tempfile.mkdtemp(prefix="bench-build-"))
    work.mkdir(parents=True, exist_ok=True)
    os.environ.update({**QUIET, "PREFECT_HOME": str(work / "prefect-home"),
                       "HF_HOME": str(work / "hf-home")})
    from prefect.settings import PREFECT_API_URL
    from prefect.testing.utilities import prefect_test_harness

    with prefect_test_harness(server_startup_timeout=180):
        env = {**os.environ, "PREFECT_API_URL": PREFECT_API_URL.value()}
        chosen = list(BENCHES) if args.bench == "all" else [args.bench]
        ok = all([{**BENCHES, **EXTRA}[name](work, env, args) for name in chosen])
    print(f"scratch folder: {work}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
