"""The parts of a release computed from the row summaries: figures, card info, release info.

Row summaries are the small per-object dicts of :func:`release.rows.row_summary` that
:mod:`release.writer` keeps in memory while it streams the rows to parquet.
"""

from __future__ import annotations

import json
import shutil
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from arena_core.curation import coverage
from arena_core.formats.urdf.write import FORMAT_VERSION as URDF_FORMAT
from arena_core.util.hashing import bytes_sha256, code_sha256
from release import card, figures
from schemas.curation import CURATION_JOINT_TYPES, SUPERCATEGORY_IDS, DuplicateRecord, SubsetResult
from schemas.release import FORMAT_VERSION, ReleaseSpec

#: Bump when thumbnails would be drawn differently (invalidates reused contact sheets).
THUMBNAIL_VERSION = "4"

#: The row-summary fields the count figures (supercategories, joint types, moving joints)
#: are drawn from; bump :data:`FIGURES_VERSION` when a figure reads anything else.
FIGURE_FIELDS = ("supercategory", "source", "joint_counts", "n_moving_joints")
FIGURES_VERSION = "1"
#: The code the figures are drawn by (a change draws them again).
FIGURE_CODE = (figures, coverage)


@dataclass
class FigureReuse:
    """Figures of the release being replaced, by the digest of what they were drawn from
    (kept beside it by :mod:`release.reuse`), and the digests of the figures drawn now.
    A figure whose digest is unchanged is copied instead of drawn (matplotlib takes
    seconds for the count figures, however few objects changed)."""

    root: Path | None = None
    previous: dict[str, str] = field(default_factory=dict)
    made: dict[str, str] = field(default_factory=dict)

    def draw(self, path: Path, key: str, draw: Callable[[Path], object]) -> None:
        """Write the figure ``path`` (``figures/<name>`` in a release) drawn from inputs
        whose digest is ``key``: copied from the previous release when it was drawn from
        the same inputs, else ``draw(path)``."""
        import matplotlib

        rel = f"figures/{path.name}"
        code = code_sha256(*FIGURE_CODE)
        key = bytes_sha256(f"{FIGURES_VERSION} {matplotlib.__version__} {code}\n{rel}\n{key}"
                           .encode())
        old = None if self.root is None else self.root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if old is not None and self.previous.get(rel) == key and old.is_file():
            shutil.copyfile(old, path)
        else:
            draw(path)
        self.made[rel] = key


def figure_inputs_key(rows: Sequence[Mapping]) -> str:
    """Digest of :data:`FIGURE_FIELDS` of every row (what the count figures show)."""
    data = [[r[f] for f in FIGURE_FIELDS] for r in rows]
    return bytes_sha256(json.dumps(data, sort_keys=True).encode())


def contact_sheet_key(rows: Sequence[Mapping], subset: SubsetResult, max_thumbnails: int,
                      fronts: Mapping[str, str | None] | None = None) -> str:
    """Digest of what the contact sheet shows: the chosen ids, their checksums, categories
    and fronts (``fronts``: source -> the front its manifest declares)."""
    fronts = fronts or {}
    by_id = {r["object_id"]: r for r in rows}
    order = list(dict.fromkeys([*subset.object_ids, *sorted(by_id)]))[:max_thumbnails]
    lines = [f"thumbnails {THUMBNAIL_VERSION} faces {figures.MAX_FACES}"]
    lines += [f"{oid}\t{by_id[oid]['checksum']}\t{by_id[oid]['category']}\t"
              f"{fronts.get(by_id[oid]['source'])}" for oid in order]
    return bytes_sha256("\n".join(lines).encode("utf-8"))


def source_fronts(spec: ReleaseSpec) -> dict[str, str | None]:
    """Source name -> the front its manifest declares (``None``: not known)."""
    return {m.name: m.front for m in spec.manifests}


def previous_sheet(release: Path, key: str) -> Path | None:
    """The contact sheet of the release at ``release`` if it was drawn for ``key``."""
    try:
        info = json.loads((release / "release_info.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    path = release / "figures" / "contact_sheet.png"
    same = info.get("figures", {}).get("contact_sheet_key") == key
    return path if same and path.is_file() else None


def write_figures(folder: Path, rows: Sequence[Mapping], subset: SubsetResult,
                  max_thumbnails: int, *, reuse: Path | None = None,
                  figures_from: FigureReuse | None = None,
                  fronts: Mapping[str, str | None] | None = None) -> list[tuple[str, str]]:
    """Write the four figures into ``folder``; return ``(path in release, caption)`` pairs.

    The contact sheet shows the evaluation subset first (in selection order), then the
    other objects by id, at most ``max_thumbnails``, each titled with its id and category
    and seen from its front where its source declares one (``fronts``: source -> front,
    :func:`source_fronts`); an object whose URDF cannot be read
    from its canonical folder gets an empty cell. ``reuse``: a contact sheet drawn for the
    same :func:`contact_sheet_key`, copied instead of drawn again; ``figures_from``: count
    figures drawn from the same inputs are copied too (:class:`FigureReuse`).
    """
    from arena_core.formats.urdf.read import UrdfError, read_urdf

    reuse_figures = figures_from if figures_from is not None else FigureReuse()
    key = figure_inputs_key(rows)
    for name, draw in (("supercategories.png", figures.supercategory_figure),
                       ("joint_types.png", figures.joint_type_figure),
                       ("moving_joints.png", figures.moving_joint_figure)):
        reuse_figures.draw(folder / name, key, lambda path, draw=draw: draw(rows, path))
    made = [("figures/supercategories.png", "Objects per supercategory, stacked by source"),
            ("figures/joint_types.png", "Joint-type distribution"),
            ("figures/moving_joints.png", "Moving joints per object")]
    if (folder / "subset_coverage.png").is_file():
        made.append(("figures/subset_coverage.png",
                     "Evaluation subset: objects per supercategory by source, and joint types"))
    by_id = {r["object_id"]: r for r in rows}
    order = list(dict.fromkeys([*subset.object_ids, *sorted(by_id)]))[:max_thumbnails]
    sheet = "figures/contact_sheet.png"
    if reuse is not None:
        shutil.copyfile(reuse, folder / "contact_sheet.png")
        if sheet in reuse_figures.previous:
            reuse_figures.made[sheet] = reuse_figures.previous[sheet]
        return made + [(sheet, _sheet_caption(len(order)))]
    fronts = fronts or {}
    shown = []
    for oid in order:
        row = by_id[oid]
        try:
            obj = read_urdf(row["folder"] / row["urdf_path"]).obj
        except UrdfError:
            obj = None  # an empty cell: the release check reports it
        shown.append(figures.SheetItem(oid, obj, row["category"], fronts.get(row["source"])))
    cells = figures.sheet_cells(shown)  # drawn again only when what it shows changed
    reuse_figures.draw(folder / "contact_sheet.png",
                       f"{THUMBNAIL_VERSION} {figures.cells_digest(cells)}",
                       lambda path: figures.save_cells(cells, path))
    return made + [(sheet, _sheet_caption(len(shown)))]


def _sheet_caption(n: int) -> str:
    return f"Contact sheet: {n} objects at rest (evaluation subset first)"


def card_info(rows: Sequence[Mapping], subset: SubsetResult,
              duplicates: Sequence[DuplicateRecord], n_rejected: int, spec: ReleaseSpec,
              changelog_md: str | None, figs: Sequence[tuple[str, str]],
              fingerprints: Mapping[str, str] | None = None) -> card.CardInfo:
    """The :class:`~release.card.CardInfo` of a release from its row summaries.

    ``fingerprints``: config -> content fingerprint of its shards (the writer's). The
    subset's message is shown when the subset is empty or short (``complete`` False).
    """
    sups = Counter(r["supercategory"] or "unassigned" for r in rows)
    joints: Counter = Counter()
    for r in rows:
        joints.update(r["joint_counts"])
    licenses = Counter((r["source"], r["license"] or "unknown", r["license_class"] or "unknown")
                       for r in rows)
    return card.CardInfo(
        name=spec.name, version=spec.version, repo_id=spec.repo_id, n_full=len(rows),
        n_eval=sum(bool(r["in_eval200"]) for r in rows),
        n_categories=len({r["category"] for r in rows if r["category"]}),
        by_source=dict(sorted(Counter(r["source"] for r in rows).items())),
        by_supercategory={s: sups[s] for s in [*SUPERCATEGORY_IDS, "unassigned"] if s in sups},
        joint_types={t: joints.get(t, 0) for t in CURATION_JOINT_TYPES},
        licenses=[card.LicenseLine(s, lic, k, n) for (s, lic, k), n in sorted(licenses.items())],
        n_duplicates=len(duplicates), n_rejected=n_rejected, figures=list(figs),
        changelog_md=changelog_md,
        fingerprints=dict(fingerprints or {}),
        subset_message=subset_message(subset),
        engines=_engine_counts(rows), collisions=_collision_counts(rows),
        engine_versions=_engine_versions(rows), collision_fidelity=_fidelity_counts(rows))


def subset_message(subset: SubsetResult) -> str | None:
    """The subset's message when it is empty or short, else None (nothing to say)."""
    if subset.complete and subset.entries:
        return None
    return subset.message or f"{len(subset.entries)} of {subset.n_requested} requested"


def release_info(info: card.CardInfo, shards: Mapping[str, list[str]], sheet_key: str) -> dict:
    """The ``release_info.json`` mapping: name, versions, counts, shard files, figure key.

    Per config: its split, shard files, content fingerprint, and ``in_card`` (whether the
    card's YAML declares it; an empty ``eval200`` is not declared).
    """
    return {"name": info.name, "version": info.version, "format_version": FORMAT_VERSION,
            "urdf_format": URDF_FORMAT,
            "counts": {"full": info.n_full, "eval200": info.n_eval,
                       "duplicates": info.n_duplicates, "rejected": info.n_rejected},
            "configs": {c: {"split": card.CONFIGS[c][0], "files": list(f),
                            "fingerprint": info.fingerprints.get(c),
                            "in_card": c in info.card_configs()}
                        for c, f in shards.items()},
            "subset_message": info.subset_message,
            "figures": {"contact_sheet_key": sheet_key}}


def _collision_counts(rows: Sequence[Mapping]) -> dict[str, dict[str, int]]:
    """Source -> self-collision code (and ``clean``) -> objects with it."""
    out: dict[str, Counter] = {}
    for r in rows:
        codes = r.get("collisions")
        if codes is None:
            continue
        out.setdefault(r["source"], Counter()).update(codes or ["clean"])
    return {source: dict(sorted(per.items())) for source, per in sorted(out.items())}


def _engine_versions(rows: Sequence[Mapping]) -> dict[str, list[str]]:
    """Engine -> the versions recorded in the rows (summaries written before they carried
    ``engine_versions`` contribute none)."""
    out: dict[str, set[str]] = {}
    for r in rows:
        for engine, version in r.get("engine_versions", {}).items():
            out.setdefault(engine, set()).add(version)
    return {engine: sorted(versions) for engine, versions in sorted(out.items())}


def _fidelity_counts(rows: Sequence[Mapping]) -> dict[str, tuple[int, int]]:
    """Source -> (links within the collision-fidelity tolerance, links with collision
    geometry)."""
    out: dict[str, list[int]] = {}
    for r in rows:
        per = out.setdefault(r["source"], [0, 0])
        flags = r.get("collision_fidelity", [])
        per[0] += sum(flags)
        per[1] += len(flags)
    return {source: (n[0], n[1]) for source, n in sorted(out.items()) if n[1]}


def _engine_counts(rows: Sequence[Mapping]) -> dict[str, dict[str, int]]:
    """Source -> engine -> objects that load and move right in it."""
    out: dict[str, Counter] = {}
    for r in rows:
        per = out.setdefault(r["source"], Counter())
        per.update({engine: int(ok) for engine, ok in r.get("engines", {}).items()})
    return {source: dict(sorted(per.items())) for source, per in sorted(out.items())}

