"""Benchmark: generate N objects (default 500) and optionally normalize + verify them.

    python tests/bench/bench_generate.py [--n 500] [--seed 0] [--jobs 1] [--process] [--out DIR]
                                         [--profile]

Prints wall time (target: 500 objects in under 2 minutes on the 2-core build machine),
per-kind mean milliseconds (slowest first), joint-type totals, folder size, and with
``--process`` the time of :func:`arena_core.pipeline.run.run_object` over the objects and
the count of objects with error issues (target 0). ``--profile`` (with ``--jobs 1``) runs
the generation under cProfile and prints the functions with the most own time (the
per-object figures then include the profiler's overhead). Exit status 1 if the target is
missed or an object has errors.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys
import tempfile
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from arena_core.generate import generate_one, write_index, write_object

#: Target wall time (s) for 500 objects.
TARGET_SECONDS_PER_500 = 120.0

#: Functions listed by ``--profile``.
PROFILE_TOP = 15


def _one(job: tuple[int, int, str]) -> tuple[object, float]:
    seed, index, out = job
    start = time.perf_counter()
    info = write_object(generate_one(seed, index), out, seed=seed, index=index)
    return info, time.perf_counter() - start


def _generate(n: int, seed: int, out: Path, jobs: int) -> list[tuple[object, float]]:
    jobs_list = [(seed, i, str(out)) for i in range(n)]
    if jobs == 1:
        return [_one(j) for j in jobs_list]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(_one, jobs_list, chunksize=8))


def _profiled(n: int, seed: int, out: Path) -> tuple[list[tuple[object, float]], str]:
    profile = cProfile.Profile()
    results = profile.runcall(_generate, n, seed, out, 1)
    text = io.StringIO()
    pstats.Stats(profile, stream=text).sort_stats("tottime").print_stats(PROFILE_TOP)
    return results, text.getvalue()


def _run(infos, out: Path) -> tuple[float, list[str], Counter]:
    from arena_core.pipeline.run import run_object

    start, bad, warnings = time.perf_counter(), [], Counter()
    for info in infos:
        record = run_object(info.urdf_path, out, provenance={
            "object_id": info.object_id, "source": "generated", "category": info.category}).record
        errors = [i.code for i in record.verification.issues if i.severity == "error"]
        warnings.update(i.code for i in record.verification.issues if i.severity == "warning")
        if errors or record.verification.status != "accepted":
            bad.append(f"{info.object_id} ({info.kind}): {sorted(set(errors))}")
    return time.perf_counter() - start, bad, warnings


def _folder_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=500)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--process", action="store_true", help="also normalize and verify")
    parser.add_argument("--out", type=Path, default=None, help="keep the objects here")
    parser.add_argument("--profile", action="store_true",
                        help="profile the generation (one process) and print the top functions")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        out = args.out or Path(tmp) / "generated"
        out.mkdir(parents=True, exist_ok=True)
        start, profile = time.perf_counter(), ""
        if args.profile:
            results, profile = _profiled(args.n, args.seed, out)
        else:
            results = _generate(args.n, args.seed, out, args.jobs)
        infos = [info for info, _ in results]
        write_index(infos, out, n=args.n, seed=args.seed)
        wall = time.perf_counter() - start
        per_kind, joints = defaultdict(list), Counter()
        for info, seconds in results:
            per_kind[info.kind].append(seconds)
            joints.update(info.joint_types)
        target = TARGET_SECONDS_PER_500 * args.n / 500
        print(f"generated {args.n} objects (seed {args.seed}, jobs {args.jobs}) in {wall:.1f} s "
              f"= {1000 * wall / args.n:.1f} ms/object (target {target:.0f} s); "
              f"{_folder_bytes(out) / 1e6:.1f} MB")
        print("joints:", dict(sorted(joints.items())))
        slow = sorted(per_kind.items(), key=lambda kv: -sum(kv[1]) / len(kv[1]))
        print("slowest kinds (mean ms):", ", ".join(
            f"{k} {1000 * sum(v) / len(v):.0f}" for k, v in slow[:8]))
        if profile:
            print(profile.split("\n", 4)[-1].strip("\n"))
        failed = wall > target
        if args.process:
            seconds, bad, warnings = _run(infos, Path(tmp) / "canonical")
            print(f"normalized + verified {len(infos)} objects in {seconds:.1f} s; "
                  f"{len(bad)} with errors; warnings {dict(warnings.most_common())}")
            for line in bad[:20]:
                print("  ", line)
            failed = failed or bool(bad)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
