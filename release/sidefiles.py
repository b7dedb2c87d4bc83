"""The parts of a release computed from the row summaries: figures, card info, release info.

Row summaries are the small per-object dicts of :func:`release.rows.row_summary` that
:mod:`release.writer` keeps in memory while it streams the rows to parquet.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path

from arena_core.urdf_write import FORMAT_VERSION
from release import card, figures
from release.rows import ROW_FORMAT_VERSION
from schemas.curation import CURATION_JOINT_TYPES, SUPERCATEGORY_IDS, DuplicateRecord, SubsetResult
from schemas.record import RECORD_FORMAT_VERSION


def write_figures(folder: Path, rows: Sequence[Mapping], subset: SubsetResult,
                  max_thumbnails: int) -> list[tuple[str, str]]:
    """Write the four figures into ``folder``; return ``(path in release, caption)`` pairs.

    The contact sheet shows the evaluation subset first (in selection order), then the
    other objects by id, at most ``max_thumbnails``; objects whose URDF cannot be read
    from their canonical folder are skipped.
    """
    from arena_core.urdf import UrdfError, read_urdf

    figures.supercategory_figure(rows, folder / "supercategories.png")
    figures.joint_type_figure(rows, folder / "joint_types.png")
    figures.moving_joint_figure(rows, folder / "moving_joints.png")
    made = [("figures/supercategories.png", "Objects per supercategory, stacked by source"),
            ("figures/joint_types.png", "Joint-type distribution"),
            ("figures/moving_joints.png", "Moving joints per object")]
    by_id = {r["object_id"]: r for r in rows}
    order = list(dict.fromkeys([*subset.object_ids, *sorted(by_id)]))[:max_thumbnails]
    shown = []
    for oid in order:
        row = by_id[oid]
        try:
            shown.append((oid, read_urdf(row["folder"] / row["urdf_path"]).obj))
        except UrdfError:
            continue
    if shown:
        figures.contact_sheet(shown, folder / "contact_sheet.png")
        made.append(("figures/contact_sheet.png",
                     f"Contact sheet: {len(shown)} objects at rest (evaluation subset first)"))
    return made


def card_info(rows: Sequence[Mapping], subset: SubsetResult,
              duplicates: Sequence[DuplicateRecord], n_rejected: int, name: str, version: str,
              repo_id: str | None, changelog_md: str | None,
              figs: Sequence[tuple[str, str]]) -> card.CardInfo:
    """The :class:`~release.card.CardInfo` of a release from its row summaries."""
    sups = Counter(r["supercategory"] or "unassigned" for r in rows)
    joints: Counter = Counter()
    for r in rows:
        joints.update(r["joint_counts"])
    licenses = Counter((r["source"], r["license"] or "unknown", r["license_class"] or "unknown")
                       for r in rows)
    return card.CardInfo(
        name=name, version=version, repo_id=repo_id, n_full=len(rows),
        n_eval=sum(bool(r["in_eval200"]) for r in rows),
        n_categories=len({r["category"] for r in rows if r["category"]}),
        by_source=dict(sorted(Counter(r["source"] for r in rows).items())),
        by_supercategory={s: sups[s] for s in [*SUPERCATEGORY_IDS, "unassigned"] if s in sups},
        joint_types={t: joints.get(t, 0) for t in CURATION_JOINT_TYPES},
        licenses=[card.LicenseLine(s, lic, k, n) for (s, lic, k), n in sorted(licenses.items())],
        n_duplicates=len(duplicates), n_rejected=n_rejected, figures=list(figs),
        changelog_md=changelog_md,
        format_versions={"row": ROW_FORMAT_VERSION, "record": RECORD_FORMAT_VERSION,
                         "urdf": FORMAT_VERSION})


def release_info(info: card.CardInfo, shards: Mapping[str, list[str]]) -> dict:
    """The ``release_info.json`` mapping: name, versions, counts and the shard files."""
    return {"name": info.name, "version": info.version, "row_format_version": ROW_FORMAT_VERSION,
            "record_format_version": RECORD_FORMAT_VERSION, "urdf_format": FORMAT_VERSION,
            "counts": {"full": info.n_full, "eval200": info.n_eval,
                       "duplicates": info.n_duplicates, "rejected": info.n_rejected},
            "configs": {c: {"split": card.CONFIGS[c][0], "files": list(f)}
                        for c, f in shards.items()}}
