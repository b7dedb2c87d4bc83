"""``arena score GT.urdf PRED.urdf [--alpha A] [--kappa K] [--json]``.

Prints the tree distance ``E_alpha^{phi,tree}`` (certified or with its lower bound), the
raw ``E_alpha^tree`` when both objects have finite limits, and the optimal joint matching
with per-joint scores. Exit 0 when scored, 1 when a file cannot be read or scored, 2 for
usage errors. Imports only numpy/scipy/trimesh-level modules so it starts fast.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math

from flows.commands.common import jsonable, reject, usage


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("gt", metavar="GT.urdf", help="ground-truth URDF")
    parser.add_argument("pred", metavar="PRED.urdf", help="predicted URDF (same object frame)")
    parser.add_argument("--alpha", type=float, default=1.0,
                        help="split-norm inverse length in 1/m (default 1)")
    parser.add_argument("--kappa", type=float, default=math.pi,
                        help="compactification scale (default pi)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    from arena_core.formats.urdf.read import read_urdf
    from arena_core.metric.compare import score_objects
    from arena_core.util.guard import guarded
    from schemas.issues import Issue

    if not (math.isfinite(args.alpha) and args.alpha > 0):
        return usage("score", f"--alpha must be a positive number, got {args.alpha}")
    if not (math.isfinite(args.kappa) and args.kappa > 0):
        return usage("score", f"--kappa must be a positive number, got {args.kappa}")
    def work():
        gt = read_urdf(args.gt).obj
        pred = read_urdf(args.pred).obj
        return score_objects(gt, pred, alpha=args.alpha, kappa=args.kappa)

    score = guarded(work, on_error=lambda problem: problem)
    if isinstance(score, Issue):
        return reject("score", f"{score.code}: {score.message.partition(': ')[2]}")
    payload = dataclasses.asdict(score)
    if args.json:
        print(json.dumps(jsonable(payload), allow_nan=False))
    else:
        print(format_score(payload))
    return 0


def format_score(s: dict) -> str:
    """A readable table of a score dict (the JSON payload)."""
    cert = "certified" if s["E_alpha_phi_tree_certified"] else (
        f"not certified, lower bound {s['E_alpha_phi_tree_lower_bound']:.6f}")
    raw = "n/a (continuous joint)" if s["E_alpha_tree"] is None else f"{s['E_alpha_tree']:.6f}"
    lines = [f"E_alpha_phi_tree  {s['E_alpha_phi_tree']:.6f}  ({cert})",
             f"E_alpha_tree      {raw}", ""]
    head = ("gt_joint", "pred_joint", "E_alpha", "E_alpha_phi", "E_B[m]", "type", "axis[rad]",
            "origin[m]", "succ")
    rows = [head] + [(m["gt_joint"], m["pred_joint"], _f(m["E_alpha"]), _f(m["E_alpha_phi"]),
                      _f(m["E_B"]), str(m["type_err"]), _f(m["axis_err"]), _f(m["origin_err"]),
                      "yes" if m["success"] else "no") for m in s["matches"]]
    widths = [max(len(r[c]) for r in rows) for c in range(len(head))]
    lines += ["  ".join(v.ljust(w) for v, w in zip(r, widths, strict=True)).rstrip() for r in rows]
    for key, label in (("unmatched_gt", "missing in prediction"),
                       ("unmatched_pred", "spurious in prediction")):
        if s[key]:
            lines.append(f"{label}: {', '.join(s[key])}")
    return "\n".join(lines)


def _f(value) -> str:
    return "-" if value is None else f"{value:.4f}"



