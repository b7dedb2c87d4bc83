"""Benchmark ``arena evaluate``: 200 objects x 8 methods must take under a minute.

Builds (once, cached in ``--workdir``) a release of ``--objects`` generated objects, all
in the ``eval200`` config, and ``--methods`` synthetic methods with increasing noise
(``tests/arena_core/evaluate/conftest.py``'s perturbations: axis, origin, limits, a joint made fixed,
a spurious joint, missing outputs), then times the command end to end (one process and
the default worker pool) and its stages (scoring, aggregation with 1000 bootstrap
resamples, reports)::

    python tests/bench/bench_evaluate.py [--objects 200] [--methods 8] [--workdir DIR]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))


def _fixtures():
    """``tests/arena_core/evaluate/conftest.py`` as a plain module (its helpers, not its fixtures)."""
    spec = importlib.util.spec_from_file_location("evaluate_fixtures",
                                                  REPO / "tests" / "arena_core" / "evaluate" / "conftest.py")
    module = sys.modules.get(spec.name)
    if module is None:
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # dataclasses look their module up
        spec.loader.exec_module(module)
    return module


def build_release(work: Path, n: int) -> Path:
    from arena_core.curation.subset import select_subset
    from arena_core.generate import generate
    from release.objects import ReleaseObject
    from release.writer import write_release
    from schemas.release import ReleaseSpec

    fx = _fixtures()
    release = work / "release"
    if (release / "release_info.json").is_file():
        return release
    infos = generate(n, 11, work / "generated")
    recs = [fx.process_generated(i.urdf_path, work / "canonical",
                        json.loads((i.folder / "meta.json").read_text()), i.object_id)
            for i in infos]
    subset = select_subset([fx.curation_item(r) for r in recs], n=n, seed=0)
    write_release(release, [ReleaseObject(r, work / "canonical" / r.object_id) for r in recs],
                  subset=subset, spec=ReleaseSpec(max_thumbnails=4))
    return release


def build_predictions(work: Path, release: Path, n_methods: int) -> Path:
    from arena_core.formats.urdf.read import read_urdf
    from arena_core.formats.urdf.write import urdf_string
    from release.reader import load_rows, materialize

    fx = _fixtures()
    root = work / f"predictions_{n_methods}"
    if root.is_dir():
        return root
    tmp = work / "predictions.tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    ids = [r["object_id"] for r in load_rows(release, "eval200", columns=["category"])]
    gts = {oid: materialize(release, oid, work / "gt" / oid, overwrite=True) for oid in ids}
    objs = {oid: read_urdf(p).obj for oid, p in gts.items()}
    for m in range(n_methods):
        level = (m + 1) / n_methods
        noise = {"axis": 0.3 * level, "origin": 0.1 * level, "limit": 0.4 * level}
        rng = np.random.default_rng(m)
        for oid in ids:
            if rng.random() < 0.1 * level:
                continue  # missing output
            folder = tmp / f"method_{m}" / oid
            folder.mkdir(parents=True)
            several = sum(j.moving for j in objs[oid].joints) >= 2
            pred = fx.perturb(objs[oid], noise, rng, drop=several and rng.random() < 0.2 * level,
                              spurious=rng.random() < 0.1 * level)
            (folder / "prediction.urdf").write_text(urdf_string(pred))
    tmp.rename(root)
    return root


def time_command(release: Path, preds: Path, out: Path, workers: int | None) -> float:
    from flows.cli import main

    argv = ["evaluate", "--release", str(release), "--predictions", str(preds),
            "--json", str(out / "evaluation.json"), "--seed", "0"]
    if workers is not None:
        argv += ["--workers", str(workers)]
    start = time.perf_counter()
    code = main(argv)
    elapsed = time.perf_counter() - start
    if code != 0:
        raise SystemExit(f"arena evaluate failed with exit code {code}")
    return elapsed


def time_stages(release: Path, preds: Path, out: Path) -> dict[str, float]:
    """Scoring (one process), aggregation and reports, timed separately."""
    import contextlib
    import io

    from flows.commands import evaluate as cmd
    from flows.commands import evaluate_run as er
    from flows.commands.evaluate_report import evaluation_figure, evaluation_markdown

    args = argparse.Namespace(release=str(release), config="eval200", seed=0, n_boot=1000,
                              level=0.95, alpha=1.0, kappa=np.pi, json=None, out=None)
    rows = cmd._rows(release, "eval200")
    methods = er.discover_methods(preds)
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as cache:
        outcomes, errors = er.score_all(release, rows, methods, Path(cache), alpha=1.0,
                                        kappa=np.pi, workers=1)
    t1 = time.perf_counter()
    payload = cmd._aggregate(args, rows, methods, outcomes, errors)
    t2 = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):
        (out / "stages.json").write_text(json.dumps(payload, allow_nan=False))
        (out / "stages.md").write_text(evaluation_markdown(payload))
        evaluation_figure(payload, out / "stages.png")
    t3 = time.perf_counter()
    n = len(outcomes)
    return {"scorings": n, "score_s": t1 - t0, "per_scoring_ms": 1000 * (t1 - t0) / max(n, 1),
            "aggregate_s": t2 - t1, "reports_s": t3 - t2}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--objects", type=int, default=200)
    parser.add_argument("--methods", type=int, default=8)
    parser.add_argument("--workdir", type=Path, default=Path(tempfile.gettempdir()) / "bench_eval")
    args = parser.parse_args(argv)
    work = args.workdir / f"n{args.objects}"
    work.mkdir(parents=True, exist_ok=True)
    t = time.perf_counter()
    release = build_release(work, args.objects)
    preds = build_predictions(work, release, args.methods)
    setup = time.perf_counter() - t
    out = work / "out"
    out.mkdir(exist_ok=True)
    stages = time_stages(release, preds, out)
    pooled = time_command(release, preds, out, None)
    single = time_command(release, preds, out, 1)
    print(json.dumps({"objects": args.objects, "methods": args.methods,
                      "setup_s (not timed: release + predictions)": round(setup, 1),
                      "evaluate_default_workers_s": round(pooled, 2),
                      "evaluate_one_process_s": round(single, 2),
                      **{k: round(v, 3) for k, v in stages.items()}}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
