"""Rows of an earlier release reused for objects whose store entry did not change.

A release row is a function of the object's record and canonical folder (both fixed by its
store key), its archive (deterministic from the folder), and five things curation decides
(:data:`CURATION_COLUMNS`: category and supercategory, the duplicates it stands for, its
place in the evaluation subset). So when the writer is given the store key of an object
(:class:`KeyedObject`) and the release it replaces was written from the same key, the row
is taken from that release's parquet as Arrow data with the curation columns set again:
the object's record is never read, no Python row is built, and the parquet bytes are
those a fresh write gives (the same values, written by the same writer).

Which key each row of a release was written from is kept beside the release, outside it
(:func:`row_keys_path`, ``<release>.rows.json``), with the row summaries the card and
side files need (:func:`release.rows.row_summary`, without the folder) and the names of
the ``full`` shards it describes, and what its figures were drawn from
(:class:`release.sidefiles.FigureReuse`); a file that is missing, of another version or for
other shards means nothing is reused.
"""

from __future__ import annotations

import bisect
import json
import os
import shutil
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from arena_core.util.fs import write_atomic
from arena_core.util.hashing import code_sha256
from release import rows
from release.reader import ReleaseReadError, parquet_files
from release.rows import ROW_SCHEMA
from release.storage import archive_relpath
from schemas import record
from schemas.release import FORMAT_VERSION

#: Bump when :func:`release.rows.object_row` or :func:`release.rows.row_summary` change
#: what they make of a record (a release written before is then not reused).
ROWS_VERSION = "2"

#: The code a row comes from (the record's fields and their conversion; this module): a
#: release written by other code is not reused.
CODE = (record, rows, sys.modules[__name__])

#: The columns of a row that curation decides (set again on a reused row).
CURATION_COLUMNS = ("category", "supercategory", "duplicates", "in_eval200", "eval_order",
                    "eval_reason")


@dataclass(frozen=True)
class KeyedObject:
    """An accepted, kept object known by its store key; ``load()`` gives its
    :class:`release.objects.ReleaseObject` (the record read from the store) when its row
    cannot be reused. ``category``/``supercategory``: what curation assigned."""

    object_id: str
    key: str
    folder: Path
    category: str | None
    supercategory: str | None
    load: Callable[[], Any]


def row_keys_path(release: Path) -> Path:
    """Where the store keys of the rows of the release at ``release`` are kept."""
    return release.parent / f"{release.name}.rows.json"


class _Parquet:
    """One config's parquet files of the previous release, read by row group on demand."""

    def __init__(self, files: Sequence[Path]):
        self.files = list(files)
        self._groups: dict[tuple[int, int], pa.Table] = {}
        self._starts: list[tuple[int, int, int]] | None = None
        self._curation: list[tuple] | None = None
        self._ids: list[str] | None = None

    def starts(self) -> list[tuple[int, int, int]]:
        """``(first row, file index, row group)`` of every row group, in row order."""
        if self._starts is None:
            self._starts, row = [], 0
            for k, path in enumerate(self.files):
                meta = pq.ParquetFile(path).metadata
                for g in range(meta.num_row_groups):
                    self._starts.append((row, k, g))
                    row += meta.row_group(g).num_rows
            self._starts.append((row, -1, -1))
        return self._starts

    def file_rows(self, k: int) -> int | None:
        """Rows of the ``k``-th file (``None`` when there is none)."""
        return pq.ParquetFile(self.files[k]).metadata.num_rows if k < len(self.files) else None

    def take(self, positions: Sequence[int]) -> pa.Table:
        """The rows at ``positions`` (decoding only the row groups that hold them)."""
        starts = self.starts()
        firsts = [s[0] for s in starts]
        parts, offsets, local, total = [], {}, [], 0
        for pos in positions:
            i = bisect.bisect_right(firsts, pos) - 1
            if i not in offsets:
                offsets[i] = total
                parts.append(self._group(*starts[i][1:]))
                total += len(parts[-1])
            local.append(offsets[i] + pos - starts[i][0])
        table = pa.concat_tables(parts).combine_chunks() if len(parts) > 1 else parts[0]
        return table.take(pa.array(local, type=pa.int64()))

    def _group(self, k: int, g: int) -> pa.Table:
        if (k, g) not in self._groups:
            table = pq.ParquetFile(self.files[k]).read_row_group(g)
            self._groups[(k, g)] = table.cast(ROW_SCHEMA)
        return self._groups[(k, g)]

    def curation(self) -> list[tuple]:
        """Per row: the :data:`CURATION_COLUMNS` values."""
        if self._curation is None:
            self._read_small()
        return self._curation

    def ids(self) -> list[str]:
        if self._ids is None:
            self._read_small()
        return self._ids

    def _read_small(self) -> None:
        columns = ["object_id", *CURATION_COLUMNS]
        tables = [pq.read_table(p, columns=columns) for p in self.files]
        data = pa.concat_tables(tables).to_pydict() if tables else {c: [] for c in columns}
        self._ids = data["object_id"]
        self._curation = list(zip(*(data[c] for c in CURATION_COLUMNS), strict=True))


@dataclass
class PreviousRows:
    """The rows of an earlier release by object id: ``(store key, position in its ``full``
    table, row summary)``, its parquet files per config (read by row group on demand) and
    its shard layout; see :meth:`unchanged` for when a whole shard file is reused."""

    parquet: dict[str, _Parquet] = field(default_factory=dict)
    rows: dict[str, tuple[str, int, dict]] = field(default_factory=dict)
    figures: dict[str, str] = field(default_factory=dict)
    layout: tuple[int, int] | None = None

    @classmethod
    def load(cls, release: Path, layout: tuple[int, int] | None = None) -> PreviousRows:
        """The reusable rows of ``release`` (none when it has no valid key file);
        ``layout``: ``(row_group_size, rows_per_shard)`` of the release being written
        (its shard files are reused only when the previous one's were the same)."""
        try:
            data = json.loads(row_keys_path(release).read_text(encoding="utf-8"))
            files = {c: parquet_files(release, c) for c in ("full", "eval200")}
            if (data.get("version") != _version()
                    or data.get("shards") != [p.name for p in files["full"]]):
                return cls()
            rows = {oid: (key, pos, summary) for oid, key, pos, summary in data["rows"]}
            figures = {str(k): str(v) for k, v in data.get("figures", {}).items()}
            same = layout is not None and data.get("layout") == list(layout)
        except (OSError, ValueError, KeyError, TypeError, AttributeError, ReleaseReadError):
            return cls()
        return cls({c: _Parquet(f) for c, f in files.items()}, rows, figures,
                   layout if same else None)

    def match(self, object_id: str, key: str) -> tuple[int, dict] | None:
        """``(position, summary)`` of the previous row of ``object_id`` if it was written
        from ``key``."""
        found = self.rows.get(object_id)
        return (found[1], found[2]) if found is not None and found[0] == key else None

    def unchanged(self, config: str, row: dict | Reused, index: int) -> bool:
        """Whether ``row``, the ``index``-th of ``config``, is the previous release's
        ``index``-th row of ``config`` with the same curation values: a shard file made of
        such rows only, in a release of the same layout, is the previous shard file."""
        if self.layout is None or not isinstance(row, Reused):
            return False
        source = self.parquet[config]
        if config == "full":
            same = row.position == index
        else:
            ids = source.ids()
            same = index < len(ids) and ids[index] == row.object_id
        return same and source.curation()[index] == row.values()

    def shard_file(self, config: str, k: int, n_rows: int) -> Path | None:
        """The previous ``k``-th shard file of ``config`` if it holds ``n_rows`` rows."""
        source = self.parquet[config]
        return source.files[k] if source.file_rows(k) == n_rows else None

    def take(self, config: str, rows: Sequence[Reused]) -> pa.Table:
        """The previous rows of ``rows`` (from the previous ``config`` table when they were
        in it, else from ``full``)."""
        if config != "full":
            at = {oid: i for i, oid in enumerate(self.parquet[config].ids())}
            if all(r.object_id in at for r in rows):
                return self.parquet[config].take([at[r.object_id] for r in rows])
        return self.parquet["full"].take([r.position for r in rows])


@dataclass(frozen=True)
class Reused:
    """A row taken from the previous release: its object, position in the previous ``full``
    table, and the new curation values."""

    object_id: str
    position: int
    curation: Mapping[str, Any]

    def values(self) -> tuple:
        return tuple(self.curation[name] for name in CURATION_COLUMNS)


def rows_table(rows: Sequence[dict | Reused], previous: PreviousRows | None,
               config: str = "full") -> pa.Table:
    """The Arrow table of ``rows`` in order: new rows converted, reused rows taken from the
    previous release with their curation columns replaced; one contiguous chunk per column
    (so the parquet pages are those of a table made from the rows alone)."""
    parts, run = [], []
    for row in rows:
        if run and isinstance(row, Reused) != isinstance(run[-1], Reused):
            parts.append(_part(run, previous, config))
            run = []
        run.append(row)
    if run:
        parts.append(_part(run, previous, config))
    return pa.concat_tables(parts).combine_chunks() if len(parts) > 1 else parts[0]


def _part(run: list, previous: PreviousRows | None, config: str) -> pa.Table:
    if not isinstance(run[0], Reused):
        return pa.Table.from_pylist(run, schema=ROW_SCHEMA)
    table = previous.take(config, run)
    for name in CURATION_COLUMNS:
        index = ROW_SCHEMA.get_field_index(name)
        values = pa.array([r.curation[name] for r in run], type=ROW_SCHEMA.field(name).type)
        table = table.set_column(index, ROW_SCHEMA.field(name), values)
    return table


def save_row_keys(release: Path, rows: Sequence[Mapping], keys: Mapping[str, str],
                  figures: Mapping[str, str] | None = None,
                  layout: tuple[int, int] | None = None) -> None:
    """Remember which store key each row of the release just written at ``release`` came
    from (rows without a key are left out; ``rows`` are its row summaries in id order), and
    the input digests of its figures (:class:`release.sidefiles.FigureReuse`)."""
    try:
        files = parquet_files(release, "full")
    except ReleaseReadError:
        forget_row_keys(release)  # nothing to describe: reuse nothing next time
        return
    entries = [[r["object_id"], keys[r["object_id"]], pos,
                {k: v for k, v in r.items() if k != "folder"}]
               for pos, r in enumerate(rows) if r["object_id"] in keys]
    data = {"version": _version(),
            "shards": [p.name for p in files], "rows": entries, "figures": dict(figures or {}),
            "layout": None if layout is None else list(layout)}
    try:
        write_atomic(row_keys_path(release), json.dumps(data, sort_keys=True))
    except OSError:
        forget_row_keys(release)  # not kept: the next write makes every row again


def _version() -> str:
    """What rows written by this code are recognized by: versions and the code digest."""
    return (f"{ROWS_VERSION} {FORMAT_VERSION} pyarrow {pa.__version__} "
            f"{code_sha256(*CODE)[:16]}")


def forget_row_keys(release: Path) -> None:
    """Remove the key file of ``release`` (before the release is replaced)."""
    try:
        os.unlink(row_keys_path(release))
    except FileNotFoundError:
        pass
    except OSError:
        pass  # an unremovable key file describes other shards: PreviousRows.load ignores it


# ------------------------------------------------------------- what the writer reuses
@dataclass
class Previous:
    """Archives of an existing release: ``object_id -> (checksum, path, sha256, bytes)``,
    and its rows that can be reused (:class:`PreviousRows`)."""

    root: Path
    archives: dict[str, tuple[str, str, str, int]]
    rows: PreviousRows | None = None


def previous_release(release: Path) -> Previous:
    """The archives of an existing release at ``release`` (none when there is none); its
    reusable rows are loaded by the writer (:meth:`PreviousRows.load`)."""
    cols = ["object_id", "checksum", "mesh_archive", "mesh_archive_sha256", "mesh_archive_bytes"]
    archives = {}
    try:
        paths = parquet_files(release, "full")
    except ReleaseReadError:
        return Previous(release, {})
    for path in paths:
        try:
            table = pq.read_table(path, columns=cols)
        except (OSError, pa.ArrowException, KeyError):
            return Previous(release, {})
        for row in table.to_pylist():
            archives[row["object_id"]] = (row["checksum"], row["mesh_archive"],
                                          row["mesh_archive_sha256"], row["mesh_archive_bytes"])
    return Previous(release, archives)


def reused_row(entry: KeyedObject, previous: Previous, tmp: Path, curation: dict
               ) -> tuple[Reused, dict, int] | None:
    """The row and summary of ``entry`` taken from the previous release (its archive
    linked into ``tmp``) when its row there was written from the same store key."""
    oid, rel = entry.object_id, archive_relpath(entry.object_id)
    match = None if previous.rows is None else previous.rows.match(oid, entry.key)
    old = previous.archives.get(oid)
    if not (match and old and old[1] == rel and link_file(previous.root / rel, tmp / rel, old[3])):
        return None
    summary = {**match[1], "category": curation["category"],
               "supercategory": curation["supercategory"], "in_eval200": curation["in_eval200"],
               "folder": entry.folder, "mesh_archive": rel, "mesh_archive_sha256": old[2]}
    return Reused(oid, match[0], curation), summary, 1


def curation_values(object_id: str, category: str | None, supercategory: str | None,
                    members: Mapping[str, list[str]], chosen: Mapping[str, dict]) -> dict:
    """The row columns curation decides (:data:`CURATION_COLUMNS`), as
    :func:`release.rows.object_row` fills them."""
    entry = chosen.get(object_id)
    return {"category": category, "supercategory": supercategory,
            "duplicates": sorted(members.get(object_id, ())), "in_eval200": entry is not None,
            "eval_order": None if entry is None else int(entry["order"]),
            "eval_reason": None if entry is None else str(entry["reason"])}


def link_file(src: Path, dest: Path, size: int) -> bool:
    """Hard-link (else copy) an unchanged archive; False when it is gone or changed size."""
    if not src.is_file() or src.stat().st_size != size:
        return False
    dest.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.link(src, dest)
    except OSError:
        shutil.copyfile(src, dest)
    return True
