"""Build the pip-installed libraries alone and print, per manifest, what became of their files.

The real command (``python -m flows.cli build``) runs on a build config that lists only
``manifests/sources/libraries/*.yaml`` (install them first: docs/sources.md, "Real libraries
from pip"); the table comes from the release's ``reports/build_report.json`` (``sources``:
objects, accepted, released, rejected by error code)::

    python tests/bench/bench_libraries.py [--out /tmp/arena-libraries] [--workers 2]

Prints a markdown table (the one in docs/sources.md) and the wall time; a manifest whose
distribution is not installed is listed with its skip reason. Exit status 1 when the build fails or a
selected file ends with ``internal.error``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[2]
LIBRARIES = REPO / "manifests" / "sources" / "libraries"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=None, help="build folder (default: a temporary one)")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    out = Path(args.out or tempfile.mkdtemp(prefix="arena-libraries-"))
    manifests = sorted(LIBRARIES.glob("*.yaml"))
    config = out / "libraries.yaml"
    out.mkdir(parents=True, exist_ok=True)
    config.write_text(yaml.safe_dump({"name": "ArticulateArena-libraries", "version": "dev",
                                      "subset_size": 20, "seed": 0,
                                      "sources": [str(m) for m in manifests]}))
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "flows.cli", "build", "--config", str(config),
                           "--out", str(out / "build"), "--workers", str(args.workers)],
                          cwd=REPO, check=False)
    wall = time.perf_counter() - start
    report_path = out / "build" / "release" / "reports" / "build_report.json"
    if done.returncode != 0 or not report_path.is_file():
        print(f"build failed (exit {done.returncode}); see {out}", file=sys.stderr)
        return 1
    report = json.loads(report_path.read_text())
    print(table(manifests, report))
    print(f"\nwall {wall:.0f} s; {report['objects_in']} files, {report['accepted']} accepted, "
          f"{report['released']} released")
    internal = [oid for oid, codes in report["rejected_objects"].items()
                if "internal.error" in codes]
    if internal:
        print(f"internal.error: {internal}", file=sys.stderr)
    return 1 if internal else 0


def table(manifests: list[Path], report: dict) -> str:
    """The per-manifest markdown table of a libraries build report."""
    lines = ["| manifest | distribution | files | accepted | released | rejected by code |",
             "| --- | --- | --- | --- | --- | --- |"]
    for path in manifests:
        data = yaml.safe_load(path.read_text())
        name, location = data["name"], data["location"]
        packages = location["package"] if isinstance(location["package"], list) else [
            location["package"]]
        dist = f"{packages[0]}{'..' + packages[-1][-1] if len(packages) > 1 else ''} " \
               f"{data['version']}"
        outcome = report["sources"].get(name)
        if outcome is None:
            reason = report["skipped_sources"].get(name, "not read")
            lines.append(f"| `{path.name}` | {dist} | skipped: {reason} | | | |")
            continue
        codes = ", ".join(f"`{c}` {n}" for c, n in sorted(
            outcome["rejected_by_code"].items(), key=lambda item: (-item[1], item[0])))
        lines.append(f"| `{path.name}` | {dist} | {outcome['objects']} | {outcome['accepted']} "
                     f"| {outcome['released']} | {codes or '-'} |")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
