"""Benchmark: every class of hostile input gets its code from `arena validate` and `arena score`
fast and in little memory — issue 10's target is under 5 s and 1 GiB per input.

    python tests/bench/bench_hostile.py [--work /tmp/arena-bench-hostile]

Each input (the objects and archives of tests/hostile.py and the MuJoCo models of
tests/hostile_mjcf.py) runs in a fresh subprocess, imports included, so a figure is what a
user sees for one command; the peak RSS is the larger of that process's and of its budgeted
child's (flows/sandbox.py; a forked child's RSS counts the pages it shares with its parent). Prints one row per input and command, then the worst time and memory.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from tests.hostile import good_object, make_hostile, make_hostile_archives  # noqa: E402
from tests.hostile_mjcf import make_hostile_mjcf  # noqa: E402

TARGET_SECONDS, TARGET_BYTES = 5.0, 1 << 30
#: Runs one command in-process and prints its exit code, seconds and peak RSS (KiB).
_RUNNER = ("import resource, sys, time; t = time.perf_counter(); from flows.cli import main; "
           "code = main(); dt = time.perf_counter() - t; "
           "print('BENCH', code, dt, max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, "
           "resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss), file=sys.stderr)")


def run(args: list[str]) -> tuple[int, float, int, str]:
    """``(exit code, wall seconds, peak RSS bytes, first stderr line)`` of one command."""
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", _RUNNER, *args], capture_output=True,
                          text=True, cwd=REPO, timeout=600)
    wall = time.perf_counter() - start
    bench = [line.split() for line in proc.stderr.splitlines() if line.startswith("BENCH")]
    status, rss = (int(bench[-1][1]), int(bench[-1][3]) * 1024) if bench else (
        proc.returncode, -1)
    other = [line for line in proc.stderr.splitlines() if not line.startswith("BENCH")]
    return status, wall, rss, (other[0] if other else "")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work", type=Path, default=Path("/tmp/arena-bench-hostile"))
    opts = parser.parse_args()
    subprocess.run(["rm", "-rf", str(opts.work)], check=True)
    good = good_object(opts.work / "good", "good")
    cases = make_hostile(opts.work / "cases")
    archives = make_hostile_archives(opts.work / "archives")
    inputs = [(opts.work / "cases" / c, code) for c, code in cases.items()]
    inputs += [(opts.work / "archives" / a, code) for a, code in archives.items()]
    mjcf = make_hostile_mjcf(opts.work / "mjcf" / "cases")
    inputs += [(opts.work / "mjcf" / "cases" / c, code) for c, code in mjcf.items()]
    worst_t, worst_m = 0.0, 0
    print(f"{'input':<22} {'command':<9} {'exit':>4} {'seconds':>8} {'peak MiB':>9}  code")
    for path, code in inputs:
        report = opts.work / "out" / path.name
        commands = [("validate", ["validate", str(path), "--out", str(report), "--json"])]
        if (path / "object.urdf").is_file():
            commands.append(("score", ["score", str(path / "object.urdf"), str(good)]))
        for name, argv in commands:
            status, wall, rss, line = run(argv)
            found = code
            if name == "validate" and (report / "report.json").is_file():
                reasons = json.loads((report / "report.json").read_text())["reasons"]
                found = ",".join(reasons) or "(accepted)"
            elif name == "score":
                found = line.split(": ")[1] if status == 1 and ": " in line else "(scored)"
            worst_t, worst_m = max(worst_t, wall), max(worst_m, rss)
            print(f"{path.name:<22} {name:<9} {status:>4} {wall:8.2f} {rss / 2**20:9.1f}  {found}")
    ok = worst_t <= TARGET_SECONDS and worst_m <= TARGET_BYTES
    print(f"worst: {worst_t:.2f} s (target {TARGET_SECONDS:.0f} s), {worst_m / 2**20:.0f} MiB "
          f"(target {TARGET_BYTES / 2**20:.0f} MiB): {'OK' if ok else 'MISSED'}")
    subprocess.run(["rm", "-rf", str(opts.work)], check=True)
    return 0 if ok else 1


if __name__ == "__main__":
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    raise SystemExit(main())
