"""``arena evaluate --release R --predictions DIR [--config eval200] [--json OUT] [--out DIR]
[--seed S]``: compare reconstruction methods on a release (the paper's Table 4).

``DIR/<method>/<object_id>/`` holds each method's predicted object (see
:mod:`flows.commands.evaluate_run`). Every method is scored on every object of the config
with ``arena score``'s metric; :mod:`arena_core.evaluate` aggregates the columns with
seeded bootstrap intervals, the Kendall tau between the success-rate and
``E_alpha^phi,tree`` orderings, the resolved pairwise gaps and the per-supercategory
breakdown. A method that predicts no motion limits (none in any of its predictions, or
``"predicts_limits": false`` in its ``meta.json``) is scored under the paper's dagger
protocol: each predicted joint's limits are imputed from the matched ground-truth joint
(:mod:`arena_core.evaluate.impute`), the method is flagged ``imputed_limits: true`` and
marked with a dagger, and its ``E`` columns get no best mark.

Outputs: the main table on stdout; ``--json OUT`` writes the JSON there and the markdown
report and figure next to it (``OUT`` with suffixes ``.md`` and ``.png``); ``--out DIR``
writes ``evaluation.json``, ``evaluation.md`` and ``evaluation.png`` into ``DIR`` (with
both, the JSON goes to ``OUT`` and the rest to ``DIR``). Exit 0 when evaluated, 1 when the
release or predictions cannot be read, 2 for usage errors.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import tempfile
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import numpy as np

from flows.commands.common import reject, usage
from flows.commands.score import LIMITS_RULE

#: Names listed per method for prediction folders that match no object of the config.
MAX_LISTED = 20


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--release", required=True, metavar="R", help="release folder")
    parser.add_argument("--predictions", required=True, metavar="DIR",
                        help="folder with one subfolder per method, DIR/<method>/<object_id>/")
    parser.add_argument("--config", default="eval200", choices=("eval200", "full"),
                        help="release config to evaluate on (default eval200)")
    parser.add_argument("--json", metavar="OUT", help="write the JSON here (and .md/.png beside)")
    parser.add_argument("--out", metavar="DIR", help="write evaluation.{json,md,png} here")
    parser.add_argument("--seed", type=int, default=0, help="bootstrap seed (default 0)")
    parser.add_argument("--n-boot", type=int, default=1000, help="bootstrap resamples")
    parser.add_argument("--level", type=float, default=0.95, help="interval level (0.95)")
    parser.add_argument("--methods", help="comma-separated subset of the method folders")
    parser.add_argument("--workers", type=int, default=None,
                        help="scoring processes (default: the available CPUs, 1 for small runs)")
    parser.add_argument("--alpha", type=float, default=1.0, help="split norm, 1/m (default 1)")
    parser.add_argument("--kappa", type=float, default=math.pi, help="compactification scale")
    parser.epilog = LIMITS_RULE


def run(args: argparse.Namespace) -> int:
    from flows.commands import evaluate_run as er

    problem = _check_args(args)
    if problem:
        return usage("evaluate", problem)
    release, preds = Path(args.release), Path(args.predictions)
    if not preds.is_dir():
        return reject("evaluate", f"predictions folder {preds} does not exist")
    try:
        rows = _rows(release, args.config)
        only = [m.strip() for m in args.methods.split(",") if m.strip()] if args.methods else None
        methods = er.discover_methods(preds, only)
    except ValueError as exc:
        return reject("evaluate", str(exc))
    if not methods:
        return reject("evaluate", f"no method folders in {preds} (expected {preds}/<method>/<object_id>/)")
    workers = args.workers or er.default_workers(len(rows), len(methods))
    try:
        with tempfile.TemporaryDirectory(prefix="arena-eval-gt-") as cache:
            outcomes, gt_errors = er.score_all(release, rows, methods, Path(cache),
                                               alpha=args.alpha, kappa=args.kappa,
                                               workers=workers)
    except BrokenProcessPool:
        return reject("evaluate", "a scoring worker died (out of memory?); try --workers 1")
    payload = _aggregate(args, rows, methods, outcomes, gt_errors)
    if payload is None:
        return reject("evaluate", "no object of the release could be materialized; see the errors above")
    try:
        _write_outputs(args, payload)
    except OSError as exc:
        return reject("evaluate", f"cannot write the outputs: {exc}")
    return 0


def _rows(release: Path, config: str) -> list[dict]:
    from flows.commands.evaluate_run import ROW_COLUMNS
    from release.reader import load_rows

    rows = load_rows(release, config, columns=ROW_COLUMNS)
    if not rows:
        raise ValueError(f"{release}: config {config!r} has no objects")
    return rows


def _aggregate(args, rows, methods, outcomes, gt_errors) -> dict | None:
    from arena_core.evaluate import evaluate_values, object_values
    from flows.commands.evaluate_report import evaluation_payload
    from flows.commands.evaluate_run import resolve_imputation, unexpected_folders

    failed = {e.object_id for e in gt_errors}
    for err in gt_errors:
        print(f"arena evaluate: ground truth {err.object_id} skipped: {err.reason}",
              file=sys.stderr)
    kept = [r for r in rows if r["object_id"] not in failed]
    if not kept:
        return None
    index = {r["object_id"]: i for i, r in enumerate(kept)}
    imputed, outcomes = resolve_imputation(methods, outcomes)
    values = {m.name: np.full((len(kept), len(object_values(None))), np.nan) for m in methods}
    for o in outcomes:
        if o.object_id in index:
            values[o.method][index[o.object_id]] = object_values(
                o.score if o.status == "ok" else None, imputed_limits=o.imputed_limits)
    groups = [r["supercategory"] or "unassigned" for r in kept]
    evaluation = evaluate_values(values, object_ids=list(index), groups=groups, seed=args.seed,
                                 n_boot=args.n_boot, level=args.level)
    header = {"release": str(args.release), "config": args.config, "seed": args.seed,
              "n_boot": args.n_boot, "level": args.level, "alpha": args.alpha,
              "kappa": args.kappa}
    payload = evaluation_payload(evaluation, outcomes, methods, gt_errors, values, groups,
                                 header=header, imputed=imputed)
    all_ids = {r["object_id"] for r in rows}
    for m in methods:  # folders for other objects: a wrong --config or a typo in an id
        extra = unexpected_folders(m, all_ids)
        payload["method_info"][m.name]["unexpected_folders"] = extra[:MAX_LISTED]
        payload["method_info"][m.name]["n_unexpected_folders"] = len(extra)
    return payload


def _write_outputs(args, payload: dict) -> None:
    from flows.commands.evaluate_report import (
        evaluation_figure,
        evaluation_markdown,
        main_table,
    )

    text = json.dumps(payload, indent=1, sort_keys=False, allow_nan=False)
    if args.out:
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        json_path = Path(args.json) if args.json else out / "evaluation.json"
        md_path, png_path = out / "evaluation.md", out / "evaluation.png"
    elif args.json:
        json_path = Path(args.json)
        md_path, png_path = json_path.with_suffix(".md"), json_path.with_suffix(".png")
    else:
        json_path = md_path = png_path = None
    if json_path is not None:
        json_path.parent.mkdir(parents=True, exist_ok=True)
        json_path.write_text(text + "\n", encoding="utf-8")
        md_path.write_text(evaluation_markdown(payload), encoding="utf-8")
        evaluation_figure(payload, png_path)
    print("\n".join(main_table(payload)))
    tau = payload["kendall_tau"]
    print(f"\nKendall tau (SuccRate vs E_alpha^phi,tree): "
          f"{'undefined' if tau is None else f'{tau:.3f}'}")
    for name, items in payload["missing"].items():
        if items:
            print(f"{name}: {len(items)} missing or invalid outputs")
    if json_path is not None:
        print(f"wrote {json_path}, {md_path}, {png_path}")


def _check_args(args) -> str | None:
    if args.n_boot < 1:
        return f"--n-boot must be >= 1, got {args.n_boot}"
    if args.seed < 0:
        return f"--seed must be >= 0, got {args.seed}"
    if not 0.0 < args.level < 1.0:
        return f"--level must lie in (0, 1), got {args.level}"
    if args.workers is not None and args.workers < 1:
        return f"--workers must be >= 1, got {args.workers}"
    for name in ("alpha", "kappa"):
        value = getattr(args, name)
        if not (math.isfinite(value) and value > 0):
            return f"--{name} must be a positive number, got {value}"
    return None



