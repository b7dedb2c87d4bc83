"""The outputs of ``arena evaluate``: the JSON payload, the markdown tables and the figure.

:func:`evaluation_payload` is the JSON (``allow_nan=False``: undefined is ``null``)::

    {"release", "config", "seed", "n_boot", "level", "alpha", "kappa", "object_ids",
     "columns": [{"key", "label", "unit", "higher_is_better"}],
     "methods": {NAME: {COLUMN: {"value", "ci_low", "ci_high", "n"}}},
     "method_info": {NAME: {"meta", "meta_error", "counts": {STATUS: n},
                            "imputed_limits": bool, "imputed_by": "meta.json" | "predictions"
                            | null}},
     "best": {COLUMN: [NAME]},
     "kendall_tau": float | null, "kendall_tau_interval": {"ci_low", "ci_high", "n_methods",
     "columns"},
     "gaps": [{"column", "method_a", "method_b", "difference": {...}, "resolved", "better"}],
     "by_supercategory": {SUP: {"n_objects", "methods": {NAME: {COLUMN: {...}}}}},
     "per_object": {NAME: {OBJECT_ID: {"status", "reason", "prediction", "values": {COLUMN: v},
                                       "score": arena score's JSON payload | null}}},
     "missing": {NAME: [{"object_id", "status", "reason"}]},
     "ground_truth_errors": [{"object_id", "reason"}]}

``best`` marks, per column, the methods with the best defined mean; a method scored with
imputed limits (the dagger protocol) gets none in its imputed ``E`` columns, and its
limit columns are undefined. :func:`evaluation_markdown` renders the main table (best
values bold, a dagger after such a method and a footnote), tau, resolved gaps, the
per-supercategory breakdown of ``E_alpha^phi,tree`` and the invalid outputs;
:func:`evaluation_figure` draws one panel per column with each method's interval.
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np

from flows.commands.common import jsonable
from flows.commands.score import score_payload

#: Columns whose pairwise gaps the markdown shows as a method x method matrix.
GAP_MATRICES = ("E_alpha_phi_tree", "success_rate")

#: Columns in percent get one decimal, the others three significant decimals.
_PERCENT_KEYS = ("gen", "type_err", "success_rate")


def evaluation_payload(evaluation, outcomes: Sequence, methods: Sequence, gt_errors: Sequence,
                       values: Mapping[str, np.ndarray], groups: Sequence[str], *,
                       header: Mapping, imputed: Mapping[str, str | None] | None = None
                       ) -> dict:
    """The JSON-ready dict of an evaluation (see the module docstring); ``imputed[method]``
    says why a method's limits were imputed (``None``: they were not)."""
    from arena_core.evaluate import COLUMN_KEYS, COLUMNS, IMPUTED_COLUMNS, TAU_COLUMNS, best_methods

    tau = evaluation.kendall_tau
    ids = list(evaluation.object_ids)
    imputed = imputed or {}
    means = {m: {k: e.value for k, e in evaluation.table[m].items()} for m in evaluation.methods}
    return {
        **header, "object_ids": ids,
        "columns": [dataclasses.asdict(c) for c in COLUMNS],
        "methods": {m: _estimates(evaluation.table[m]) for m in evaluation.methods},
        "method_info": {m.name: {"meta": jsonable(m.meta), "meta_error": m.meta_error,
                                 "counts": _counts(outcomes, m.name),
                                 "imputed_limits": imputed.get(m.name) is not None,
                                 "imputed_by": imputed.get(m.name)} for m in methods},
        "best": best_methods(means, excluded={m: IMPUTED_COLUMNS for m, why in imputed.items()
                                              if why is not None}),
        "kendall_tau": tau.value,
        "kendall_tau_interval": {"ci_low": tau.ci_low, "ci_high": tau.ci_high,
                                 "n_methods": tau.n, "columns": list(TAU_COLUMNS)},
        "gaps": [jsonable(dataclasses.asdict(g)) for g in evaluation.gaps],
        "by_supercategory": {
            g: {"n_objects": sum(1 for x in groups if x == g),
                "methods": {m: _estimates(t) for m, t in per.items()}}
            for g, per in evaluation.by_group.items()},
        "per_object": _per_object(outcomes, values, ids, COLUMN_KEYS),
        "missing": {m.name: [{"object_id": o.object_id, "status": o.status, "reason": o.reason}
                             for o in outcomes if o.method == m.name and o.status != "ok"]
                    for m in methods},
        "ground_truth_errors": [dataclasses.asdict(e) for e in gt_errors],
    }


def _estimates(table: Mapping) -> dict:
    return {k: dataclasses.asdict(e) for k, e in table.items()}


def _counts(outcomes: Sequence, method: str) -> dict[str, int]:
    c = Counter(o.status for o in outcomes if o.method == method)
    return dict(sorted(c.items()))


def _per_object(outcomes: Sequence, values: Mapping[str, np.ndarray], ids: list[str],
                keys: Sequence[str]) -> dict:
    row = {oid: i for i, oid in enumerate(ids)}
    out: dict[str, dict] = {}
    for o in outcomes:
        if o.object_id not in row:
            continue
        vals = values[o.method][row[o.object_id]]
        out.setdefault(o.method, {})[o.object_id] = {
            "status": o.status, "reason": o.reason, "prediction": o.prediction,
            "values": {k: _num(v) for k, v in zip(keys, vals, strict=True)},
            "imputed_limits": o.imputed_limits,
            "score": None if o.score is None else jsonable(score_payload(o.score,
                                                                          o.imputed_limits))}
    return out


def _num(x) -> float | None:
    return None if x is None or not math.isfinite(float(x)) else float(x)



# ----------------------------------------------------------------------------- markdown
def fmt(key: str, value: float | None) -> str:
    """One table number: percent columns with one decimal, others with three."""
    if value is None:
        return "–"
    return f"{value:.1f}" if key in _PERCENT_KEYS else f"{value:.3f}"


def _cell(key: str, est: Mapping) -> str:
    if est["value"] is None:
        return "–"
    if est["ci_low"] is None:
        return fmt(key, est["value"])
    return f"{fmt(key, est['value'])} [{fmt(key, est['ci_low'])}, {fmt(key, est['ci_high'])}]"


def main_table(payload: Mapping) -> list[str]:
    """The per-method table (value [95% interval]) as markdown lines: best values bold, a
    dagger after a method scored with imputed limits, and the footnote that says so."""
    cols = payload["columns"]
    best = payload.get("best", {})
    info = payload.get("method_info", {})
    head = ["Method"] + [f"{c['label']}{' (' + c['unit'] + ')' if c['unit'] else ''} "
                         f"{'↑' if c['higher_is_better'] else '↓'}" for c in cols]
    lines = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    dagger = []
    for name, table in payload["methods"].items():
        mark = "†" if info.get(name, {}).get("imputed_limits") else ""
        if mark:
            dagger.append(name)
        cells = [_bold(_cell(c["key"], table[c["key"]]), name in best.get(c["key"], ()))
                 for c in cols]
        lines.append("| " + " | ".join([name + mark] + cells) + " |")
    if dagger:
        lines += ["", f"†{', '.join(dagger)}: predicts no motion limits, so its E columns "
                  "impute each joint's limits from the matched ground-truth joint (limit "
                  "columns undefined) and get no best mark."]
    return lines


def _bold(text: str, on: bool) -> str:
    return f"**{text}**" if on and text != "–" else text


def evaluation_markdown(payload: Mapping) -> str:
    """The markdown report of a payload."""
    level = round(100 * payload["level"])
    lines = [f"# Evaluation on `{payload['config']}` ({len(payload['object_ids'])} objects)", "",
             f"Means over objects with {level}% percentile bootstrap intervals "
             f"({payload['n_boot']} resamples, seed {payload['seed']}); Gen over all objects, "
             "other columns conditional on valid articulated outputs; per-joint columns "
             "averaged over matched joint pairs per object, then over objects.", "",
             *main_table(payload), "", *_method_lines(payload), "", *_tau_lines(payload), "",
             *_gap_lines(payload), "",
             *_group_lines(payload), "", *_missing_lines(payload)]
    return "\n".join(lines).rstrip() + "\n"


def _method_lines(payload: Mapping) -> list[str]:
    lines = ["| Method | input (meta.json) | outputs by status |", "| --- | --- | --- |"]
    for name, info in payload["method_info"].items():
        meta = info["meta"]
        modality = meta.get("modality", meta.get("input_modality", "–"))
        if info.get("meta_error"):
            modality = f"({info['meta_error'][:60]})"
        counts = ", ".join(f"{k} {v}" for k, v in info["counts"].items())
        lines.append(f"| {name} | {modality} | {counts} |")
    return lines


def _tau_lines(payload: Mapping) -> list[str]:
    tau, ci = payload["kendall_tau"], payload["kendall_tau_interval"]
    if tau is None:
        return ["Kendall tau (success rate vs E_alpha^phi,tree ordering): undefined "
                f"({ci['n_methods']} methods with both defined)."]
    interval = "" if ci["ci_low"] is None else f" [{ci['ci_low']:.3f}, {ci['ci_high']:.3f}]"
    return [f"Kendall tau between the orderings by SuccRate and by E_alpha^phi,tree: "
            f"**{tau:.3f}**{interval} over {ci['n_methods']} methods."]


def _gap_lines(payload: Mapping) -> list[str]:
    lines = ["## Gaps resolved by this evaluation set", "",
             "Paired bootstrap over the objects where both methods have a valid output; a gap "
             "is resolved when the interval of the difference excludes 0.", "",
             "| Column | resolved / pairs |", "| --- | --- |"]
    for col in payload["columns"]:
        gaps = [g for g in payload["gaps"] if g["column"] == col["key"]]
        lines.append(f"| {col['label']} | {sum(g['resolved'] for g in gaps)} / {len(gaps)} |")
    for key in GAP_MATRICES:
        lines += ["", *_gap_matrix(payload, key)]
    return lines


def _gap_matrix(payload: Mapping, key: str) -> list[str]:
    """Method x method: ``better`` / ``worse`` when resolved for the row method, else ``~``."""
    names = list(payload["methods"])
    verdict = {}
    for g in payload["gaps"]:
        if g["column"] == key:
            a, b = g["method_a"], g["method_b"]
            win = g["better"]
            verdict[a, b] = "~" if win is None else ("better" if win == a else "worse")
            verdict[b, a] = "~" if win is None else ("better" if win == b else "worse")
    label = next(c["label"] for c in payload["columns"] if c["key"] == key)
    lines = [f"{label}: row method against column method", "",
             "| | " + " | ".join(names) + " |", "|" + " --- |" * (len(names) + 1)]
    for a in names:
        lines.append(f"| {a} | " + " | ".join("" if a == b else verdict.get((a, b), "~")
                                               for b in names) + " |")
    return lines


def _group_lines(payload: Mapping, key: str = "E_alpha_phi_tree") -> list[str]:
    groups = payload["by_supercategory"]
    if not groups:
        return []
    names = list(payload["methods"])
    lines = [f"## Per supercategory: {key}", "", "| Supercategory | n | " + " | ".join(names)
             + " |", "|" + " --- |" * (len(names) + 2)]
    for g, entry in groups.items():
        cells = [_cell(key, entry["methods"][m][key]) for m in names]
        lines.append(f"| {g} | {entry['n_objects']} | " + " | ".join(cells) + " |")
    return lines


def _missing_lines(payload: Mapping) -> list[str]:
    lines = ["## Invalid or missing outputs", ""]
    any_missing = False
    for name, items in payload["missing"].items():
        if items:
            any_missing = True
            shown = ", ".join(f"`{i['object_id']}` ({i['status']})" for i in items[:20])
            more = f" ... and {len(items) - 20} more" if len(items) > 20 else ""
            lines.append(f"- **{name}** ({len(items)}): {shown}{more}")
    for err in payload["ground_truth_errors"]:
        any_missing = True
        lines.append(f"- ground truth `{err['object_id']}` not evaluated: {err['reason']}")
    return lines if any_missing else lines + ["none"]


# ----------------------------------------------------------------------------- figure
def evaluation_figure(payload: Mapping, path: str | Path) -> Path:
    """One panel per column: each method's mean and interval (deterministic Agg PNG)."""
    from matplotlib.figure import Figure

    from release.figures import save_png

    cols, names = payload["columns"], list(payload["methods"])
    ncols = 5
    nrows = math.ceil(len(cols) / ncols)
    fig = Figure(figsize=(3.2 * ncols, 0.6 + nrows * (0.9 + 0.28 * len(names))))
    axes = fig.subplots(nrows, ncols, squeeze=False, sharey=True)
    ys = np.arange(len(names))[::-1]
    for ax, col in zip(axes.flat, cols, strict=False):
        _panel(ax, col, [payload["methods"][m][col["key"]] for m in names], ys)
    for ax in list(axes.flat)[len(cols):]:
        ax.set_visible(False)
    axes[0, 0].set_yticks(ys, names)
    for row in axes:
        row[0].set_yticks(ys, names)
    fig.suptitle(f"{payload['config']}: means with {round(100 * payload['level'])}% bootstrap "
                 "intervals", fontsize=10)
    fig.tight_layout()
    return save_png(fig, path)


def _panel(ax, col: Mapping, estimates: Sequence[Mapping], ys: np.ndarray) -> None:
    for y, est in zip(ys, estimates, strict=True):
        if est["value"] is None:
            continue
        lo = est["ci_low"] if est["ci_low"] is not None else est["value"]
        hi = est["ci_high"] if est["ci_high"] is not None else est["value"]
        err = [[max(0.0, est["value"] - lo)], [max(0.0, hi - est["value"])]]  # rounding
        ax.errorbar([est["value"]], [y], xerr=err,
                    fmt="o", color="tab:blue", ecolor="tab:gray", capsize=3, markersize=4)
    arrow = "↑" if col["higher_is_better"] else "↓"
    unit = f" ({col['unit']})" if col["unit"] else ""
    ax.set_title(f"{col['label']}{unit} {arrow}", fontsize=9)
    ax.tick_params(labelsize=8)
    ax.grid(axis="x", alpha=0.3)
