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

import json
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from arena_core.fsutil import write_atomic
from release.reader import ReleaseReadError, parquet_files
from release.rows import ROW_SCHEMA
from schemas.release import FORMAT_VERSION

#: Bump when :func:`release.rows.object_row` or :func:`release.rows.row_summary` change
#: what they make of a record (a release written before is then not reused).
ROWS_VERSION = "1"

#: The columns of a row that curation decides (set again on a reused row).
CURATION_COLUMNS = ("category", "supercategory", "duplicates", "in_eval200", "eval_order",
                    "eval_reason")


@dataclass(frozen=True)
class KeyedObject:
    """An accepted, kept object known by its store key; ``load()`` gives its
    :class:`release.writer.ReleaseObject` (the record read from the store) when its row
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


@dataclass
class PreviousRows:
    """The rows of an earlier release by object id: ``(store key, position in its ``full``
    table, row summary)``; the table is read on first use."""

    files: list[Path] = field(default_factory=list)
    rows: dict[str, tuple[str, int, dict]] = field(default_factory=dict)
    figures: dict[str, str] = field(default_factory=dict)
    _table: pa.Table | None = None

    @classmethod
    def load(cls, release: Path) -> PreviousRows:
        """The reusable rows of ``release`` (none when it has no valid key file)."""
        try:
            data = json.loads(row_keys_path(release).read_text(encoding="utf-8"))
            files = parquet_files(release, "full")
            if (data.get("version") != ROWS_VERSION or data.get("format") != FORMAT_VERSION
                    or data.get("shards") != [p.name for p in files]):
                return cls()
            rows = {oid: (key, pos, summary) for oid, key, pos, summary in data["rows"]}
            figures = {str(k): str(v) for k, v in data.get("figures", {}).items()}
        except (OSError, ValueError, KeyError, TypeError, AttributeError, ReleaseReadError):
            return cls()
        return cls(files, rows, figures)

    def match(self, object_id: str, key: str) -> tuple[int, dict] | None:
        """``(position, summary)`` of the previous row of ``object_id`` if it was written
        from ``key``."""
        found = self.rows.get(object_id)
        return (found[1], found[2]) if found is not None and found[0] == key else None

    def table(self) -> pa.Table:
        if self._table is None:
            tables = [pq.read_table(path, schema=ROW_SCHEMA) for path in self.files]
            table = pa.concat_tables(tables) if tables else ROW_SCHEMA.empty_table()
            self._table = table.combine_chunks()
        return self._table


@dataclass(frozen=True)
class Reused:
    """A row taken from the previous release: its position there, the new curation values."""

    position: int
    curation: Mapping[str, Any]


def rows_table(rows: Sequence[dict | Reused], previous: PreviousRows | None) -> pa.Table:
    """The Arrow table of ``rows`` in order: new rows converted, reused rows taken from the
    previous table with their curation columns replaced; one contiguous chunk per column
    (so the parquet pages are those of a table made from the rows alone)."""
    parts, run = [], []
    for row in rows:
        if run and isinstance(row, Reused) != isinstance(run[-1], Reused):
            parts.append(_part(run, previous))
            run = []
        run.append(row)
    if run:
        parts.append(_part(run, previous))
    return pa.concat_tables(parts).combine_chunks() if len(parts) > 1 else parts[0]


def _part(run: list, previous: PreviousRows | None) -> pa.Table:
    if not isinstance(run[0], Reused):
        return pa.Table.from_pylist(run, schema=ROW_SCHEMA)
    table = previous.table().take(pa.array([r.position for r in run], type=pa.int64()))
    for name in CURATION_COLUMNS:
        index = ROW_SCHEMA.get_field_index(name)
        values = pa.array([r.curation[name] for r in run], type=ROW_SCHEMA.field(name).type)
        table = table.set_column(index, ROW_SCHEMA.field(name), values)
    return table


def save_row_keys(release: Path, rows: Sequence[Mapping], keys: Mapping[str, str],
                  figures: Mapping[str, str] | None = None) -> None:
    """Remember which store key each row of the release just written at ``release`` came
    from (rows without a key are left out; ``rows`` are its row summaries in id order), and
    the input digests of its figures (:class:`release.sidefiles.FigureReuse`)."""
    files = parquet_files(release, "full")
    entries = [[r["object_id"], keys[r["object_id"]], pos,
                {k: v for k, v in r.items() if k != "folder"}]
               for pos, r in enumerate(rows) if r["object_id"] in keys]
    data = {"version": ROWS_VERSION, "format": FORMAT_VERSION,
            "shards": [p.name for p in files], "rows": entries, "figures": dict(figures or {})}
    write_atomic(row_keys_path(release), json.dumps(data, sort_keys=True))


def forget_row_keys(release: Path) -> None:
    """Remove the key file of ``release`` (before the release is replaced)."""
    try:
        os.unlink(row_keys_path(release))
    except FileNotFoundError:
        pass
