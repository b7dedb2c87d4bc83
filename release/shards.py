"""The parquet shards of a release: rows in id order -> ``split-FP-K-of-N.parquet`` files.

Rows are buffered and written one row group (``row_group_size`` rows) at a time, a shard
holding ``rows_per_shard`` rows; a shard's final name carries the content fingerprint of
its config's shards (:func:`release.card.shard_fingerprint`). A row is a dict
(:func:`release.rows.object_row`) or a :class:`release.reuse.Reused` row of the previous
release; both give the same bytes (:func:`release.reuse.rows_table`).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pyarrow.parquet as pq

from arena_core.util.hashing import file_sha256
from release import card
from release.reuse import PreviousRows, Reused, rows_table
from release.rows import ROW_SCHEMA

PARQUET_OPTIONS = {"compression": "zstd", "compression_level": 3, "use_dictionary": True,
                   "write_statistics": True, "version": "2.6", "store_schema": True}


class Shards:
    """Rows in order -> ``split-FP-K-of-N.parquet`` files of ``per_shard`` rows each.

    With a previous release of the same layout, the rows at the start of a shard that are
    that release's rows at the same places with the same curation values
    (:meth:`release.reuse.PreviousRows.unchanged`) are only counted; when the whole shard
    is such rows, the previous shard file is linked (its bytes are what writing the rows
    would give), else they are written when the first other row comes.
    """

    def __init__(self, folder: Path, config: str, row_group_size: int, per_shard: int,
                 previous: PreviousRows | None = None):
        self.folder, self.config, self.previous = folder, config, previous
        self.group, self.per_shard = row_group_size, per_shard
        self.buffer: list[dict | Reused] = []
        self.files: list[Path] = []
        self.writer: pq.ParquetWriter | None = None
        self.in_shard = 0
        self.count = 0
        self.same: list[Reused] | None = self._start()
        self.linked = 0

    def add(self, row: dict | Reused) -> None:
        self.count += 1
        if self.same is not None:
            if self.previous.unchanged(self.config, row, self.count - 1):
                self.same.append(row)
                if len(self.same) == self.per_shard:
                    self._settle_same()
                return
            self._write_same()
        self._add(row)

    def _start(self) -> list[Reused] | None:
        """At the start of a shard: collect unchanged rows (when there is a previous one)."""
        usable = self.previous is not None and self.previous.layout is not None
        return [] if usable else None

    def _settle_same(self) -> None:
        """The shard holds only the unchanged rows collected: link the previous file."""
        old = self.previous.shard_file(self.config, len(self.files), len(self.same))
        if old is None:
            self._write_same()
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        self.files.append(self.folder / f".part-{len(self.files):05d}.parquet")
        try:
            os.link(old, self.files[-1])
        except OSError:
            shutil.copyfile(old, self.files[-1])
        self.linked += 1
        self.same = self._start()

    def _write_same(self) -> None:
        """Write the unchanged rows collected so far like any others (the shard changed)."""
        rows, self.same = self.same, None
        for row in rows:
            self._add(row)

    def _add(self, row: dict | Reused) -> None:
        self.buffer.append(row)
        if len(self.buffer) == self.group or self.in_shard + len(self.buffer) == self.per_shard:
            self._flush()

    def _open(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        self.files.append(self.folder / f".part-{len(self.files):05d}.parquet")
        self.writer = pq.ParquetWriter(self.files[-1], ROW_SCHEMA, **PARQUET_OPTIONS)

    def _flush(self) -> None:
        if self.writer is None:
            self._open()
        table = rows_table(self.buffer, self.previous, self.config)
        self.writer.write_table(table, row_group_size=self.group)
        self.in_shard += len(self.buffer)
        self.buffer = []
        if self.in_shard == self.per_shard:
            self.writer.close()
            self.writer, self.in_shard = None, 0
            self.same = self._start()

    def close(self) -> tuple[list[str], list[str], str]:
        """Flush, close and give the shards their final names; return the release paths,
        their sha256 digests and the fingerprint. With no rows at all there is one shard
        with the schema and no row group (a 0-row row group breaks readers that size
        their batches by the first row group, e.g. ``datasets``)."""
        if self.same:
            self._settle_same()
        if self.buffer:
            self._flush()
        if not self.files:
            self._open()
        if self.writer is not None:
            self.writer.close()
            self.writer = None
        digests = [file_sha256(part) for part in self.files]
        fingerprint = card.shard_fingerprint(digests)
        n, names = len(self.files), []
        for k, part in enumerate(self.files):
            final = self.folder / card.shard_name(self.config, fingerprint, k, n)
            os.rename(part, final)
            names.append(f"data/{self.folder.name}/{final.name}")
        return names, digests, fingerprint


class Data:
    """The two configs' shard writers; a row goes to ``eval200`` when ``in_eval200``."""

    def __init__(self, tmp: Path, row_group_size: int, rows_per_shard: int,
                 previous: PreviousRows | None = None):
        self.shards = {config: Shards(tmp / "data" / folder, config, row_group_size,
                                      rows_per_shard, previous)
                       for config, (_, folder) in card.CONFIGS.items()}

    def add(self, row: dict | Reused) -> None:
        self.shards["full"].add(row)
        if (row.curation if isinstance(row, Reused) else row)["in_eval200"]:
            self.shards["eval200"].add(row)

    @property
    def n_eval(self) -> int:
        return self.shards["eval200"].count

    def close(self) -> tuple[dict[str, list[str]], dict[str, str], dict[str, str]]:
        """``(config -> shard paths, shard path -> sha256, config -> fingerprint)``."""
        names, digests, fingerprints = {}, {}, {}
        for config, shards in self.shards.items():
            paths, shas, fingerprints[config] = shards.close()
            names[config] = paths
            digests.update(zip(paths, shas, strict=True))
        return names, digests, fingerprints
