"""``arena ablate tree|norm RELEASE [--out DIR] [--seed S] ...``: the paper's ablations.

* ``tree`` (Figure 5): on up to ``--trees`` multi-joint trees of the release (finite
  limits), ``E_alpha^tree`` (exact) against a constant penalty ``lambda`` per unmatched
  joint for a spurious joint of growing magnitude, a missing joint whose motion shrinks
  to zero, one joint split in two along its screw, a range scaled by ``k``, and
  ``--corruptions`` random corruptions with the Kendall tau among the schemes
  (:mod:`arena_core.ablation.tree`).
* ``norm`` (Figure 4): ``E_B`` and ``E_alpha`` against the material-motion discrepancy
  ``d`` of the child link over ``--samples`` random single-joint perturbations of joints
  of up to ``--objects`` objects (:mod:`arena_core.ablation.norm`); prints the median
  relative deviation of ``E_B`` from ``d`` and the scatter of ``E_alpha``.

Writes ``DIR/ablation_<which>.json`` and ``DIR/ablation_<which>.png`` (default
``./build/ablation``). Exit 0 when done, 1 when the release cannot be read or has nothing
to ablate, 2 for usage errors.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

import numpy as np

from flows.commands.common import reject, usage

HELP = "run the paper's ablations on a release (tree: Figure 5, norm: Figure 4)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="which", metavar="WHICH", required=True)
    tree = sub.add_parser("tree", help="E_alpha^tree against a constant penalty (Figure 5)")
    norm = sub.add_parser("norm", help="E_B and E_alpha against material motion (Figure 4)")
    for p in (tree, norm):
        p.add_argument("release", metavar="RELEASE", help="release folder")
        p.add_argument("--out", default="build/ablation", help="output folder")
        p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    tree.add_argument("--trees", type=int, default=100, help="multi-joint trees swept (100)")
    tree.add_argument("--corruptions", type=int, default=2000, help="random corruptions (2000)")
    tree.add_argument("--max-joints", type=int, default=16,
                      help="largest tree used, in moving joints (default 16: the 90th "
                           "percentile of the default release's multi-joint trees)")
    norm.add_argument("--objects", type=int, default=60, help="objects whose joints are used (60)")
    norm.add_argument("--samples", type=int, default=2000, help="perturbations (2000)")


def run(args: argparse.Namespace) -> int:
    from release.reader import ReleaseReadError

    name = f"ablate {args.which}"
    counts = ("trees", "corruptions", "max_joints") if args.which == "tree" else (
        "objects", "samples")
    for key in counts:
        if getattr(args, key) < 1:
            return usage(name, f"--{key.replace('_', '-')} must be >= 1, got "
                         f"{getattr(args, key)}")
    if args.seed < 0:
        return usage(name, f"--seed must be >= 0, got {args.seed}")
    release = Path(args.release)
    try:
        payload = _tree(args, release) if args.which == "tree" else _norm(args, release)
    except (ReleaseReadError, ValueError, OSError) as exc:
        return reject(name, str(exc))
    if payload is None:
        return reject(name, f"{release}: nothing to ablate (no object qualifies; see --help)")
    return _write(args, payload)


def _tree(args, release: Path) -> dict | None:
    from arena_core.ablation.tree import random_corruptions, sweeps
    from arena_core.ablation.tree_edits import tree_from_joints
    from flows.commands.ablate_report import tree_payload
    from release.reader import load_rows

    rows = load_rows(release, "full", columns=["joints"])
    found = [(r["object_id"], t) for r in rows if (t := tree_from_joints(r["joints"])) is not None
             and len(t.edges) <= args.max_joints]
    if not found:
        return None
    rng = np.random.default_rng(args.seed)
    picked = [found[i] for i in sorted(rng.permutation(len(found))[:args.trees])]
    trees = [t for _, t in picked]
    swept = sweeps(trees, rng)
    rand = random_corruptions(trees, args.corruptions, rng)
    header = {"release": str(release), "seed": args.seed, "object_ids": [o for o, _ in picked],
              "n_candidates": len(found), "max_joints": args.max_joints}
    return tree_payload(swept, rand, header=header)


def _norm(args, release: Path) -> dict | None:
    from arena_core.ablation.norm import calibration, joint_bodies
    from flows.commands.ablate_report import norm_payload
    from flows.commands.evaluate_run import ROW_COLUMNS, load_ground_truth
    from release.reader import load_rows

    rows = load_rows(release, "full", columns=["joints", *ROW_COLUMNS])
    rows = [r for r in rows if any(j["type"] != "fixed" and j["lower"] is not None
                                   and j["upper"] is not None for j in r["joints"])]
    if not rows:
        return None
    rng = np.random.default_rng(args.seed)
    picked = [rows[i] for i in sorted(rng.permutation(len(rows))[:args.objects])]
    bodies, owners = [], []
    with tempfile.TemporaryDirectory(prefix="arena-ablate-") as cache:
        for row in picked:
            got = joint_bodies(load_ground_truth(release, row, Path(cache)), rng)
            bodies += got
            owners += [row["object_id"]] * len(got)
    if not bodies:
        return None
    result = calibration(bodies, args.samples, rng)
    header = {"release": str(release), "seed": args.seed, "n_bodies": len(bodies),
              "object_ids": sorted(set(owners))}
    return norm_payload(result, header=header)


def _write(args, payload: dict) -> int:
    from flows.commands.ablate_report import norm_figure, summary_lines, tree_figure

    out = Path(args.out)
    json_path, png_path = out / f"ablation_{args.which}.json", out / f"ablation_{args.which}.png"
    try:
        out.mkdir(parents=True, exist_ok=True)
        json_path.write_text(json.dumps(payload, indent=1, allow_nan=False) + "\n",
                             encoding="utf-8")
        (tree_figure if args.which == "tree" else norm_figure)(payload, png_path)
    except OSError as exc:
        return reject(f"ablate {args.which}", f"cannot write the outputs: {exc}")
    print("\n".join(summary_lines(payload)))
    print(f"wrote {json_path}, {png_path}")
    return 0
