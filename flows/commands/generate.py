"""``arena generate --n N --seed S --out DIR [--kinds K1,K2] [--jobs J] [--list-kinds]``.

Writes objects ``0..N-1`` of generator run ``S`` (one folder each: ``model.urdf``,
``meshes/*.stl``, ``meta.json``) plus ``generated.json`` under ``DIR``. Same seed, same
bytes. ``--jobs`` spreads the objects over worker processes (each object is a pure
function of its seed and index, so the files do not depend on it). Exit 0 on success,
2 for usage errors (bad numbers, unknown kinds, an output path that is a file).
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from flows.commands.common import usage


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--n", type=int, default=None, help="number of objects (>= 1)")
    parser.add_argument("--seed", type=int, default=0, help="run seed (>= 0, default 0)")
    parser.add_argument("--out", type=Path, default=None, help="output folder (created)")
    parser.add_argument("--kinds", default=None,
                        help="comma-separated kind ids to cycle through (default: all kinds)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--list-kinds", action="store_true",
                        help="print the kind ids with their supercategory and exit")


def run(args: argparse.Namespace) -> int:
    from arena_core import generate as G

    if args.list_kinds:
        for name, spec in G.KINDS.items():
            print(f"{name}\t{spec.supercategory}")
        return 0
    problem = _check_args(args, G)
    if problem:
        return usage("generate", problem)
    kinds = args.kinds.split(",") if args.kinds else None
    out = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    if args.jobs == 1:
        infos = G.generate(args.n, args.seed, out, kinds=kinds)
    else:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            infos = list(pool.map(_one, [(args.seed, i, kinds, str(out)) for i in range(args.n)],
                                  chunksize=8))
        G.write_index(infos, out, n=args.n, seed=args.seed)
    print(_summary(infos, out, time.perf_counter() - start))
    return 0


def _one(job: tuple) -> object:
    from arena_core import generate as G

    seed, index, kinds, out = job
    return G.write_object(G.generate_one(seed, index, kinds), out, seed=seed, index=index)


def _check_args(args: argparse.Namespace, G) -> str | None:
    """The first usage problem, or ``None``."""
    if args.n is None or args.out is None:
        return "--n and --out are required (or use --list-kinds)"
    if args.n < 1:
        return f"--n must be >= 1, got {args.n}"
    if args.seed < 0:
        return f"--seed must be >= 0, got {args.seed}"
    if args.jobs < 1:
        return f"--jobs must be >= 1, got {args.jobs}"
    if args.out.exists() and not args.out.is_dir():
        return f"--out {args.out} exists and is not a folder"
    if args.kinds:
        unknown = [k for k in args.kinds.split(",") if k not in G.KINDS]
        if unknown:
            return f"unknown kind(s) {', '.join(unknown)} (see arena generate --list-kinds)"
    return None


def _summary(infos, out: Path, seconds: float) -> str:
    joints = Counter()
    for info in infos:
        joints.update(info.joint_types)
    kinds = len({info.kind for info in infos})
    supers = len({info.supercategory for info in infos})
    moving = [info.n_moving_joints for info in infos]
    types = ", ".join(f"{k} {v}" for k, v in sorted(joints.items()))
    return (f"wrote {len(infos)} objects to {out} in {seconds:.1f} s\n"
            f"kinds {kinds}, supercategories {supers}, moving joints per object "
            f"{min(moving)}-{max(moving)}\njoints: {types}")

