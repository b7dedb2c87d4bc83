"""Benchmark: the self-collision check's cost per generated object, and what it finds.

    python tests/bench/bench_self_collision.py [--n 300] [--seed 7] [--rounds 2] [--both]
        [--kinds desk_lamp,floor_lamp]

Generates ``--n`` objects (``arena generate``'s objects ``0..n-1`` of ``--seed``: every kind, or
the ``--kinds`` given, round-robin),
writes each one's ``object.xml`` as the build does, and times
:func:`arena_core.engines.self_collision.check_self_collision` on it as the build runs it
(MuJoCo on every object, PyBullet where MuJoCo finds something; ``--both``: PyBullet on every
object, and the objects where the engines disagree are counted), MuJoCo compile and PyBullet
load included, the best of ``--rounds``, and each engine's rest pose and sweeps
(``probe_findings``) on their own. Prints the median, 90th percentile and worst per object,
the objects with findings per kind (pending kinds of ``arena_core.generate.collision_pending``
apart) and one JSON line with the figures.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections import Counter

import arena_core.engines.self_collision as self_collision
from arena_core.formats.mjcf.write import write_mjcf
from arena_core.formats.urdf.read import read_urdf
from arena_core.generate import URDF_NAME, generate_one, write_object
from arena_core.generate.collision_pending import SELF_COLLISION_PENDING

FINDINGS = ("collision.rest.penetration", "collision.joint.blocked")


def _ms(values) -> dict[str, float]:
    ordered = sorted(values) or [0.0]
    return {"median": round(statistics.median(ordered) * 1e3, 2),
            "p90": round(ordered[int(0.9 * (len(ordered) - 1))] * 1e3, 2),
            "max": round(ordered[-1] * 1e3, 2)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--both", action="store_true", help="PyBullet on every object")
    parser.add_argument("--kinds", default=None, help="comma-separated kinds (default: every kind)")
    args = parser.parse_args(argv)
    kinds = args.kinds.split(",") if args.kinds else None
    parts: dict[str, float] = {}
    real_findings = self_collision.probe_findings

    def timed(probe, *a, **kw):
        start = time.perf_counter()
        try:
            return real_findings(probe, *a, **kw)
        finally:
            parts[probe.name] = time.perf_counter() - start

    self_collision.probe_findings = timed
    total, per_engine = [], {"mujoco": [], "pybullet": []}
    flagged, pending = Counter(), Counter()
    slowest: list[tuple[float, str, int]] = []
    seen: set[str] = set()
    disagree = 0
    with tempfile.TemporaryDirectory(prefix="arena-bench-collision-") as tmp:
        for index in range(args.n):
            gen = generate_one(args.seed, index, kinds)
            info = write_object(gen, tmp, seed=args.seed, index=index)
            obj = read_urdf(info.urdf_path).obj
            write_mjcf(obj, info.folder)
            best, best_parts = float("inf"), {}
            for _ in range(args.rounds):
                start = time.perf_counter()
                issues, _ = self_collision.check_self_collision(
                    info.folder, URDF_NAME, obj, confirm_only=not args.both)
                seconds = time.perf_counter() - start
                if seconds < best:
                    best, best_parts = seconds, dict(parts)
            total.append(best)
            slowest.append((best, gen.kind, len(obj.joints)))
            seen.add(gen.kind)
            for engine, values in per_engine.items():
                values.append(best_parts.get(engine, 0.0))
            disagree += any(i.code == "collision.engines.disagree" for i in issues)
            if any(i.code in FINDINGS for i in issues):
                (pending if gen.kind in SELF_COLLISION_PENDING else flagged)[gen.kind] += 1
    figures = {"objects": args.n, "seed": args.seed, "both": args.both, "check_ms": _ms(total),
               "check_mean_ms": round(statistics.fmean(total) * 1e3, 2),
               "engines_disagree": disagree,
               **{f"{e}_sweeps_ms": _ms(v) for e, v in per_engine.items()},
               "flagged_pending_kinds": sum(pending.values()),
               "flagged_other_kinds": dict(sorted(flagged.items())),
               "pending_kinds_clean": sorted(seen & set(SELF_COLLISION_PENDING) - set(pending))}
    print(f"{args.n} generated objects (seed {args.seed}), best of {args.rounds}")
    print(f"check per object (loads included): {figures['check_ms']}, "
          f"mean {figures['check_mean_ms']} ms")
    for e in per_engine:
        print(f"  {e} rest pose + sweeps: {figures[f'{e}_sweeps_ms']}")
    print("slowest: " + ", ".join(f"{kind} ({n} joints) {t * 1e3:.0f} ms"
                                  for t, kind, n in sorted(slowest, reverse=True)[:5]))
    print(f"objects with findings: {sum(pending.values())} of pending kinds, "
          f"{sum(flagged.values())} of other kinds {dict(flagged)}")
    print(f"objects where the engines disagree: {disagree}")
    print(f"pending kinds without findings here: {figures['pending_kinds_clean']}")
    print(json.dumps(figures))
    return 0 if not flagged else 1


if __name__ == "__main__":
    sys.exit(main())
