"""Benchmark: the per-object cost of the pipeline against the floor of reading the object.

    python tests/bench/bench_object.py [--realdata ../shared/realdata] [--rounds 3] [--top 10]

On every PartNet-style object of ``../shared/realdata`` (a ``mobility.urdf`` with its
meshes), in one process and interleaved (floor, pipeline, floor, pipeline, ... per round,
so machine load hits both alike), it times:

* **floor** — what no pipeline can avoid: yourdfpy's parse of the URDF, loading every
  mesh file it names once (trimesh), and the convex-hull mass properties of each;
* **pipeline** — :func:`arena_core.process.process_object`: read, normalize, write the
  canonical folder, re-read, oracle, verify, the engine check (MuJoCo, PyBullet,
  Pinocchio, yourdfpy) and the record; and the same without the engine check
  (``simulation_check`` replaced by a no-op) to show where the time goes.

Per object the best of ``--rounds`` runs counts (the least disturbed one). Prints the
medians and their ratio (target: pipeline <= 1.3x the floor), the slowest objects, and
one JSON line with the figures. Exit status 1 when the target is missed.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import trimesh
import yourdfpy

import arena_core.process as process_module
from arena_core.process import process_object

REPO = Path(__file__).resolve().parents[2]
#: The pipeline may cost at most this multiple of the floor (median per object).
TARGET_RATIO = 1.3


def objects(realdata: Path) -> list[Path]:
    """Every ``mobility.urdf`` under ``realdata`` whose meshes are all present."""
    found = []
    for urdf in sorted(realdata.rglob("mobility.urdf")):
        names = mesh_files(urdf)
        if names and all(p.is_file() for p in names):
            found.append(urdf)
    return found


def mesh_files(urdf: Path) -> list[Path]:
    robot = yourdfpy.URDF.load(str(urdf), build_scene_graph=False, load_meshes=False,
                               load_collision_meshes=False)
    paths = set()
    for link in robot.robot.links:
        for geom in [*link.visuals, *link.collisions]:
            if geom.geometry is not None and geom.geometry.mesh is not None:
                paths.add((urdf.parent / geom.geometry.mesh.filename).resolve())
    return sorted(paths)


def floor(urdf: Path) -> float:
    """Seconds to parse ``urdf`` and load each mesh once with its convex-hull mass properties."""
    start = time.perf_counter()
    with np.errstate(all="ignore"):  # flat hulls divide by a zero volume
        for path in mesh_files(urdf):
            mesh = trimesh.load(str(path), force="mesh", process=False, skip_materials=True)
            if len(mesh.vertices) >= 4:
                _ = mesh.convex_hull.mass_properties
    return time.perf_counter() - start


def pipeline(urdf: Path, out: Path, *, engines: bool) -> float:
    oid = f"{urdf.parent.parent.name}-{urdf.parent.name}"
    start = time.perf_counter()
    if engines:
        process_object(urdf, out, provenance={"object_id": oid, "source": "bench"})
    else:
        real = process_module.simulation_check
        process_module.simulation_check = lambda folder, urdf_name, obj: ([], [])
        try:
            process_object(urdf, out, provenance={"object_id": oid, "source": "bench"})
        finally:
            process_module.simulation_check = real
    seconds = time.perf_counter() - start
    shutil.rmtree(out / oid, ignore_errors=True)
    return seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--realdata", type=Path, default=REPO.parent / "shared" / "realdata")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--top", type=int, default=8)
    args = parser.parse_args(argv)
    urdfs = objects(args.realdata)
    if not urdfs:
        parser.error(f"no PartNet-style objects under {args.realdata}")
    times: dict[str, dict[Path, float]] = {"floor": {}, "pipeline": {}, "no_engines": {}}
    with tempfile.TemporaryDirectory(prefix="arena-bench-object-") as tmp:
        out = Path(tmp)
        for urdf in urdfs:  # warm-up: imports, engine start-up, first-call caches
            pipeline(urdf, out, engines=True)
            break
        for _ in range(args.rounds):
            for urdf in urdfs:
                for name, run in (("floor", lambda u: floor(u)),
                                  ("pipeline", lambda u: pipeline(u, out, engines=True)),
                                  ("no_engines", lambda u: pipeline(u, out, engines=False))):
                    seconds = run(urdf)
                    times[name][urdf] = min(times[name].get(urdf, float("inf")), seconds)
    med = {name: statistics.median(t.values()) for name, t in times.items()}
    ratio = med["pipeline"] / med["floor"]
    per_object = sorted(urdfs, key=lambda u: times["pipeline"][u] / times["floor"][u],
                        reverse=True)
    print(f"{len(urdfs)} PartNet-style objects, best of {args.rounds} interleaved rounds")
    print(f"median floor    {med['floor'] * 1e3:7.1f} ms  (yourdfpy parse + every mesh once "
          "+ convex-hull mass properties)")
    print(f"median pipeline {med['pipeline'] * 1e3:7.1f} ms  ({ratio:.2f}x the floor; "
          f"target <= {TARGET_RATIO}x)")
    print(f"  without the engine check {med['no_engines'] * 1e3:7.1f} ms "
          f"({med['no_engines'] / med['floor']:.2f}x)")
    for urdf in per_object[:args.top]:
        f, p = times["floor"][urdf], times["pipeline"][urdf]
        print(f"  {urdf.parent.relative_to(args.realdata)}: floor {f * 1e3:.1f} ms, "
              f"pipeline {p * 1e3:.1f} ms ({p / f:.2f}x)")
    print(json.dumps({"objects": len(urdfs), "rounds": args.rounds,
                      "median_ms": {k: round(v * 1e3, 2) for k, v in med.items()},
                      "ratio": round(ratio, 3), "target": TARGET_RATIO}))
    return 0 if ratio <= TARGET_RATIO else 1


if __name__ == "__main__":
    sys.exit(main())
