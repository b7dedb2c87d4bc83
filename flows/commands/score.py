"""``arena score GT.urdf PRED.urdf [--alpha A] [--kappa K] [--json]``.

Prints the tree distance ``E_alpha^{phi,tree}`` (certified or with its lower bound), the
raw ``E_alpha^tree`` when both objects have finite limits, and the optimal joint matching
with per-joint scores. Exit 0 when scored, 1 when a file cannot be read or scored, 2 for
usage errors. Imports only numpy/scipy/trimesh-level modules so it starts fast.

Missing limits follow ``arena evaluate``'s rule (:data:`LIMITS_RULE`): a prediction that
declares no limit on any moving joint is scored with each joint's limits imputed from the
ground truth (the paper's dagger protocol, :mod:`arena_core.evaluate.impute`; the output
says so, ``"imputed_limits": true`` in JSON); one that declares some limits but not all is
refused, since a partial set cannot be completed without favouring the method.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math

from flows.commands.common import jsonable, reject, usage

#: How ``arena score`` and ``arena evaluate`` treat a prediction without limits (their help).
LIMITS_RULE = (
    "A prediction that declares no limit on any moving joint is scored with each joint's "
    "limits imputed from the matched ground-truth joint (the paper's dagger protocol, as "
    "arena evaluate does): its E columns are then flagged imputed, and its limit errors say "
    "nothing. A prediction with some limits but not all is refused: a joint's interval of "
    "motion is part of what E scores, and completing a partial set would favour the method.")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("gt", metavar="GT.urdf", help="ground-truth URDF")
    parser.add_argument("pred", metavar="PRED.urdf", help="predicted URDF (same object frame)")
    parser.add_argument("--alpha", type=float, default=1.0,
                        help="split-norm inverse length in 1/m (default 1)")
    parser.add_argument("--kappa", type=float, default=math.pi,
                        help="compactification scale (default pi)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.epilog = LIMITS_RULE


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
        from arena_core.evaluate.impute import impute_limits, predicts_no_limits

        gt = read_urdf(args.gt).obj
        pred = read_urdf(args.pred).obj
        imputed = predicts_no_limits(pred)
        if imputed:
            pred = impute_limits(gt, pred, alpha=args.alpha, kappa=args.kappa)
        return score_objects(gt, pred, alpha=args.alpha, kappa=args.kappa), imputed

    result = guarded(work, on_error=lambda problem: problem)
    if isinstance(result, Issue):
        message = f"{result.code}: {result.message.partition(': ')[2]}"
        if "without limits" in message:
            message += " (some limits but not all; see arena score --help)"
        return reject("score", message)
    payload = score_payload(*result)
    if args.json:
        print(json.dumps(jsonable(payload), allow_nan=False))
    else:
        print(format_score(payload))
    return 0


def score_payload(score, imputed: bool) -> dict:
    """The JSON payload of a :class:`~arena_core.metric.compare.ObjectScore` (``arena score
    --json``, and each object's ``score`` in ``arena evaluate``'s JSON): its fields and
    ``imputed_limits``; with imputed limits, the limit errors are null (they would compare the
    ground truth's limits with themselves)."""
    from arena_core.evaluate.impute import LIMIT_COLUMNS

    payload = {**dataclasses.asdict(score), "imputed_limits": imputed}
    if imputed:
        for match in payload["matches"]:
            match.update(dict.fromkeys(LIMIT_COLUMNS))
    return payload


def format_score(s: dict) -> str:
    """A readable table of a score dict (the JSON payload)."""
    cert = "certified" if s["E_alpha_phi_tree_certified"] else (
        f"not certified, lower bound {s['E_alpha_phi_tree_lower_bound']:.6f}")
    raw = "n/a (continuous joint)" if s["E_alpha_tree"] is None else f"{s['E_alpha_tree']:.6f}"
    lines = [f"E_alpha_phi_tree  {s['E_alpha_phi_tree']:.6f}  ({cert})",
             f"E_alpha_tree      {raw}", ""]
    if s.get("imputed_limits"):
        lines[-1:] = ["limits            imputed from the ground truth: the prediction declares "
                      "none (the dagger protocol of arena evaluate)", ""]
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
    return "\n".join([*lines, "", *table_legend()])


def table_legend() -> list[str]:
    """What the table's terse columns mean (the thresholds are the metric's own)."""
    from arena_core.metric.scores import TAU_AXIS, TAU_ORIGIN

    return ["type: 1 when the predicted joint type differs from the ground truth's, else 0",
            f"succ: yes when the type is equal, axis < {TAU_AXIS:g} rad and origin < "
            f"{TAU_ORIGIN:g} m (the paper's success criterion)",
            "-: not defined for this pair (e.g. E_alpha and E_B of an unbounded joint)"]


def _f(value) -> str:
    return "-" if value is None else f"{value:.4f}"



