"""The outputs of ``arena ablate``: JSON payloads, summary lines and figures.

``ablation_tree.json``::

    {"ablation": "tree", "release", "seed", "object_ids", "n_candidates", "schemes",
     "lambdas", "sweeps": {NAME: {"x": [..], "median" | "q25" | "q75": {SCHEME: [..]}}},
     "random": {"n", "scores": {SCHEME: [..]}, "first_edit": [..],
                "kendall_tau": [[..]], "certified_fraction", "relaxation_exact_fraction"}}

``ablation_norm.json``::

    {"ablation": "norm", "release", "seed", "n_bodies", "object_ids", "perturbations",
     "samples": {"d", "E_B", "E_alpha": [..], "kind": [..]}, "summary": {...}}

Figures are Agg PNGs with their metadata stripped (deterministic bytes,
:func:`release.figures.save_png`).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import numpy as np

#: Titles of the tree sweeps and their x labels.
_SWEEP_TEXT = {
    "spurious": ("spurious joint of growing magnitude", "magnitude s"),
    "missing": ("missing joint, its motion shrinking", "remaining range t"),
    "split": ("one part split in two along its screw", "split fraction f"),
    "scale": ("one joint's range scaled by k", "k"),
}
_AMBER = "#e69f00"


def tree_payload(swept: Mapping, rand: Mapping, *, header: Mapping) -> dict:
    """The JSON-ready dict of the tree ablation (module docstring)."""
    from arena_core.ablation.tree import LAMBDAS, SCHEMES

    def stats(scores: np.ndarray) -> dict:
        q = np.quantile(scores, [0.25, 0.5, 0.75], axis=0)  # (3, k, schemes)
        return {name: {s: q[i, :, c].tolist() for c, s in enumerate(SCHEMES)}
                for i, name in enumerate(("q25", "median", "q75"))}

    return {
        "ablation": "tree", **header, "schemes": list(SCHEMES), "lambdas": list(LAMBDAS),
        "sweeps": {n: {"x": v["x"].tolist(), **stats(v["scores"])} for n, v in swept.items()},
        "random": {"n": len(rand["first_edit"]),
                   "scores": {s: rand["scores"][:, c].tolist() for c, s in enumerate(SCHEMES)},
                   "first_edit": list(rand["first_edit"]),
                   "kendall_tau": rand["kendall_tau"].tolist(),
                   "certified_fraction": float(np.mean(rand["certified"])),
                   "relaxation_exact_fraction": float(np.mean(rand["relaxation_exact"]))},
    }


def norm_payload(result: Mapping, *, header: Mapping) -> dict:
    """The JSON-ready dict of the norm calibration (module docstring)."""
    from arena_core.ablation.norm import PERTURBATIONS, summary

    return {"ablation": "norm", **header, "perturbations": list(PERTURBATIONS),
            "samples": {k: result[k].tolist() for k in ("d", "E_B", "E_alpha")}
            | {"kind": [PERTURBATIONS[int(k)] for k in result["kind"]]},
            "summary": summary(result)}


def summary_lines(payload: Mapping) -> list[str]:
    """What ``arena ablate`` prints."""
    if payload["ablation"] == "norm":
        s = payload["summary"]
        return [f"norm calibration: {s['n']} perturbations of {payload['n_bodies']} joints "
                f"({len(payload['object_ids'])} objects)",
                f"E_B vs d: median relative deviation {100 * s['median_rel_dev_E_B']:.2f}% "
                f"(90th percentile {100 * s['p90_rel_dev_E_B']:.1f}%); E_B/d spread "
                f"(95th/5th percentile) {s['spread_E_B']:.2f}x",
                f"E_alpha vs d: E_alpha/d spread (95th/5th percentile) "
                f"{s['spread_E_alpha']:.1f}x"]
    rand, schemes = payload["random"], payload["schemes"]
    tau = np.array(rand["kendall_tau"])
    lines = [f"tree ablation: {len(payload['object_ids'])} trees "
             f"(of {payload['n_candidates']} multi-joint trees with finite limits), "
             f"{rand['n']} random corruptions",
             f"E_alpha^tree certified on {100 * rand['certified_fraction']:.1f}%; its "
             f"assignment relaxation exact on {100 * rand['relaxation_exact_fraction']:.1f}%",
             "Kendall tau of E_alpha^tree with " + ", ".join(
                 f"{s}: {tau[0, c]:.3f}" for c, s in enumerate(schemes) if c)]
    for name, sweep in payload["sweeps"].items():
        med = sweep["median"]
        lines.append(f"{name}: median at the first / second / last step: " + "; ".join(
            f"{s} {med[s][0]:.3f} / {med[s][1]:.3f} / {med[s][-1]:.3f}" for s in schemes))
    return lines


# ----------------------------------------------------------------------------- figures
def tree_figure(payload: Mapping, path: str | Path) -> Path:
    """Four sweeps (median and interquartile range), the scatter and the tau matrix."""
    from matplotlib.figure import Figure

    from release.figures import save_png

    fig = Figure(figsize=(13, 7.5))
    axes = fig.subplots(2, 3)
    for ax, name in zip(list(axes[0]) + [axes[1, 0]], _SWEEP_TEXT, strict=True):
        _sweep_panel(ax, name, payload["sweeps"][name], payload["schemes"])
    _scatter_panel(axes[1, 1], payload["random"])
    _tau_panel(axes[1, 2], payload["random"], payload["schemes"])
    fig.suptitle(f"E_alpha^tree (exact) against a constant penalty per unmatched joint, "
                 f"{len(payload['object_ids'])} trees", fontsize=10)
    fig.tight_layout()
    return save_png(fig, path, dpi=80)


def _sweep_panel(ax, name: str, sweep: Mapping, schemes) -> None:
    x = np.array(sweep["x"])
    exact = schemes[0]
    ax.fill_between(x, sweep["q25"][exact], sweep["q75"][exact], color=_AMBER, alpha=0.3)
    ax.plot(x, sweep["median"][exact], color=_AMBER, lw=2, label="E_alpha^tree")
    grays = np.linspace(0.15, 0.65, len(schemes) - 1)
    for s, g in zip(schemes[1:], grays, strict=True):
        ax.plot(x, sweep["median"][s], ls="--", color=str(g), lw=1, label=s)
    title, xlabel = _SWEEP_TEXT[name]
    ax.set_title(title, fontsize=9)
    ax.set_xlabel(xlabel, fontsize=8)
    ax.tick_params(labelsize=7)
    if name == "spurious":
        ax.legend(fontsize=7)


def _scatter_panel(ax, rand: Mapping) -> None:
    edits = rand["first_edit"]
    e, d1 = np.array(rand["scores"]["E_alpha_tree"]), np.array(rand["scores"]["D_1"])
    for kind in sorted(set(edits)):
        sel = np.array([k == kind for k in edits])
        ax.scatter(d1[sel], e[sel], s=4, alpha=0.5, label=kind)
    ax.set_xscale("symlog", linthresh=0.1)
    ax.set_yscale("symlog", linthresh=0.1)
    ax.set_xlabel("D_1", fontsize=8)
    ax.set_ylabel("E_alpha^tree", fontsize=8)
    ax.set_title(f"{rand['n']} random corruptions (colour: first edit)", fontsize=9)
    ax.legend(fontsize=6, markerscale=2)
    ax.tick_params(labelsize=7)


def _tau_panel(ax, rand: Mapping, schemes) -> None:
    tau = np.array(rand["kendall_tau"])
    ax.imshow(tau, vmin=-1, vmax=1, cmap="RdBu")
    ticks = np.arange(len(schemes))
    ax.set_xticks(ticks, schemes, fontsize=7, rotation=30)
    ax.set_yticks(ticks, schemes, fontsize=7)
    for i in ticks:
        for j in ticks:
            ax.text(j, i, f"{tau[i, j]:.2f}", ha="center", va="center", fontsize=7)
    ax.set_title("Kendall tau among the schemes", fontsize=9)


def norm_figure(payload: Mapping, path: str | Path) -> Path:
    """``E_B`` and ``E_alpha`` against ``d`` (log-log), coloured by perturbation."""
    from matplotlib.figure import Figure

    from release.figures import save_png

    s = payload["samples"]
    d = np.array(s["d"])
    keep = d > 1e-9
    fig = Figure(figsize=(10, 4.5))
    axes = fig.subplots(1, 2, sharex=True)
    for ax, key in zip(axes, ("E_B", "E_alpha"), strict=True):
        y = np.array(s[key])
        for kind in payload["perturbations"]:
            sel = keep & np.array([k == kind for k in s["kind"]])
            ax.scatter(d[sel], y[sel], s=4, alpha=0.5, label=kind)
        lo, hi = float(d[keep].min()), float(d[keep].max())
        ax.plot([lo, hi], [lo, hi], color="k", lw=0.8, label="identity")
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("material-motion discrepancy d (m)", fontsize=8)
        ax.set_ylabel(key + (" (m)" if key == "E_B" else ""), fontsize=8)
        ax.tick_params(labelsize=7)
    summ = payload["summary"]
    axes[0].set_title(f"E_B: median |E_B - d| / d = {100 * summ['median_rel_dev_E_B']:.2f}%",
                      fontsize=9)
    axes[1].set_title(f"E_alpha: E_alpha/d spread {summ['spread_E_alpha']:.1f}x (95th/5th)",
                      fontsize=9)
    axes[0].legend(fontsize=7, markerscale=2)
    fig.tight_layout()
    return save_png(fig, path, dpi=80)
