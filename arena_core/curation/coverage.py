"""Coverage of a set of objects: supercategory x joint type x source, as table, markdown, figure.

:func:`coverage_table` counts, per ``(supercategory, source)``, the objects and the
objects having at least one joint of each type; :func:`coverage_markdown` renders it
(with a total row) and :func:`coverage_figure` draws objects per supercategory stacked
by source next to a supercategory x joint-type heat map, written with matplotlib's Agg
canvas (no display, no global pyplot state).

Example:
    >>> import numpy as np
    >>> from arena_core.curation.items import CurationItem
    >>> item = CurationItem(object_id="a", source="sapien", source_id="1",
    ...     content_checksum="c", bbox_extent=np.ones(3), volume=1.0, signature=None,
    ...     joint_counts={"revolute": 1}, verified=True, category="cabinet",
    ...     supercategory="storage_furniture")
    >>> table = coverage_table([item], supercategories=["storage_furniture", "tools"])
    >>> table.loc[("storage_furniture", "sapien"), ["objects", "revolute"]].tolist()
    [1, 1]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np
import pandas as pd

from arena_core.curation.items import CurationItem
from schemas.curation import CURATION_JOINT_TYPES, SUPERCATEGORY_IDS

_COLUMNS = ["objects", "categories", *CURATION_JOINT_TYPES]
_UNASSIGNED = "unassigned"


def coverage_table(
    items: Iterable[CurationItem], *, supercategories: Sequence[str] = SUPERCATEGORY_IDS
) -> pd.DataFrame:
    """Counts indexed by ``(supercategory, source)``.

    Columns: ``objects``, ``categories`` (distinct categories), and per joint type the
    number of objects with at least one joint of that type. Every supercategory in
    ``supercategories`` has at least one row (source ``"-"``, zeros when absent); items
    without a supercategory are counted under ``unassigned``.
    """
    rows: dict[tuple[str, str], dict] = {}
    for item in items:
        key = (item.supercategory or _UNASSIGNED, item.source)
        row = rows.setdefault(key, {"objects": 0, "categories": set(),
                                    **{t: 0 for t in CURATION_JOINT_TYPES}})
        row["objects"] += 1
        row["categories"].add(item.category)
        for t in item.joint_types:
            row[t] += 1
    present = {sup for sup, _ in rows}
    for sup in supercategories:
        if sup not in present:
            rows[(sup, "-")] = {"objects": 0, "categories": set(),
                                **{t: 0 for t in CURATION_JOINT_TYPES}}
    order = {sup: k for k, sup in enumerate([*supercategories, _UNASSIGNED])}
    keys = sorted(rows, key=lambda k: (order.get(k[0], len(order)), k[0], k[1]))
    data = [[rows[k][c] if c != "categories" else len(rows[k][c]) for c in _COLUMNS] for k in keys]
    index = pd.MultiIndex.from_tuples(keys, names=["supercategory", "source"])
    return pd.DataFrame(data, index=index, columns=_COLUMNS, dtype=np.int64)


def coverage_markdown(table: pd.DataFrame) -> str:
    """Render a :func:`coverage_table` as a GitHub markdown table with a total row.

    The total's ``categories`` column sums per-row counts (a category seen in two
    sources counts twice there).
    """
    header = ["supercategory", "source", *table.columns]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for (sup, source), row in table.iterrows():
        lines.append("| " + " | ".join([sup, source, *map(str, row.tolist())]) + " |")
    totals = table.sum(axis=0).tolist()
    lines.append("| **total** | | " + " | ".join(f"**{v}**" for v in totals) + " |")
    return "\n".join(lines) + "\n"


def source_colors(n: int) -> list[tuple[float, float, float, float]]:
    """``n`` distinct RGBA colours, one per source: tab10 up to 10, tab20 up to 20, then
    ``n`` evenly spaced samples of turbo (never cycled, so no two sources share one).

    >>> len(set(source_colors(14))) == 14
    True
    """
    from matplotlib import colormaps

    if n <= 10:
        return [colormaps["tab10"](k) for k in range(n)]
    if n <= 20:
        return [colormaps["tab20"](k) for k in range(n)]
    return [colormaps["turbo"](x) for x in np.linspace(0.05, 0.95, n)]


def coverage_figure(table: pd.DataFrame, path: str | Path, *, title: str = "") -> Path:
    """Save a two-panel PNG/SVG/PDF (by suffix) of a :func:`coverage_table`; return the path."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    coverage_plot(table, title=title).savefig(path, dpi=100)
    return path


def coverage_plot(table: pd.DataFrame, *, title: str = ""):
    """The matplotlib ``Figure`` :func:`coverage_figure` saves: objects per supercategory
    stacked by source (one colour each, :func:`source_colors`; the legend below the panels,
    outside the data) beside the supercategory x joint-type heat map."""
    by_source = table["objects"].unstack("source", fill_value=0)
    by_source = by_source.drop(columns=["-"], errors="ignore")
    sups = list(dict.fromkeys(table.index.get_level_values("supercategory")))
    by_source = by_source.reindex(sups, fill_value=0)
    types = table[list(CURATION_JOINT_TYPES)].groupby(level="supercategory", sort=False).sum()
    types = types.reindex(sups, fill_value=0)

    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    ncol = min(5, max(len(by_source.columns), 1))
    legend_rows = -(-len(by_source.columns) // ncol)
    fig = Figure(figsize=(13, 0.35 * len(sups) + 2.0 + 0.25 * legend_rows),
                 layout="constrained")
    FigureCanvasAgg(fig)
    ax_bar, ax_heat = fig.subplots(1, 2, width_ratios=[3, 2])
    left = np.zeros(len(sups))
    colors = source_colors(len(by_source.columns))
    for source, color in zip(by_source.columns, colors, strict=True):
        values = by_source[source].to_numpy()
        ax_bar.barh(sups, values, left=left, label=source, color=color)
        left += values
    ax_bar.set_xlim(0, max(float(left.max(initial=0)) * 1.08, 1.0))
    ax_bar.invert_yaxis()
    ax_bar.set_xlabel("objects")
    if len(by_source.columns):
        fig.legend(*ax_bar.get_legend_handles_labels(), fontsize="small", loc="outside lower center",
                   ncol=ncol, frameon=False)
    image = ax_heat.imshow(types.to_numpy(), aspect="auto", cmap="viridis")
    ax_heat.set_xticks(range(len(types.columns)), types.columns, rotation=30)
    ax_heat.set_yticks(range(len(sups)), [""] * len(sups))
    for (r, c), value in np.ndenumerate(types.to_numpy()):
        ax_heat.text(c, r, str(value), ha="center", va="center", color="w", fontsize="small")
    fig.colorbar(image, ax=ax_heat, label="objects with >= 1 joint of the type")
    fig.suptitle(title or f"coverage: {int(table['objects'].sum())} objects")
    return fig
