"""The parquet shards of a release: rows in id order -> ``split-FP-K-of-N.parquet`` files.

Rows are buffered and written one row group (``row_group_size`` rows) at a time, a shard
holding ``rows_per_shard`` rows; a shard's final name carries the content fingerprint of
its config's shards (:func:`release.card.shard_fingerprint`). A row is a dict
(:func:`release.rows.object_row`) or a :class:`release.reuse.Reused` row of the previous
release; both give the same bytes (:func:`release.reuse.rows_table`).
"""

from __future__ import annotations

import os
from pathlib import Path

import pyarrow.parquet as pq

from arena_core.hashing import file_sha256
from release import card
from release.reuse import PreviousRows, Reused, rows_table
from release.rows import ROW_SCHEMA

PARQUET_OPTIONS = {"compression": "zstd", "compression_level": 3, "use_dictionary": True,
                   "write_statistics": True, "version": "2.6", "store_schema": True}


class Shards:
    """Rows in order -> ``split-FP-K-of-N.parquet`` files of ``per_shard`` rows each."""

    def __init__(self, folder: Path, config: str, row_group_size: int, per_shard: int,
                 previous: PreviousRows | None = None):
        self.folder, self.config, self.previous = folder, config, previous
        self.group, self.per_shard = row_group_size, per_shard
        self.buffer: list[dict] = []
        self.files: list[Path] = []
        self.writer: pq.ParquetWriter | None = None
        self.in_shard = 0
        self.count = 0

    def add(self, row: dict | Reused) -> None:
        self.buffer.append(row)
        self.count += 1
        if len(self.buffer) == self.group or self.in_shard + len(self.buffer) == self.per_shard:
            self._flush()

    def _open(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        self.files.append(self.folder / f".part-{len(self.files):05d}.parquet")
        self.writer = pq.ParquetWriter(self.files[-1], ROW_SCHEMA, **PARQUET_OPTIONS)

    def _flush(self) -> None:
        if self.writer is None:
            self._open()
        table = rows_table(self.buffer, self.previous)
        self.writer.write_table(table, row_group_size=self.group)
        self.in_shard += len(self.buffer)
        self.buffer = []
        if self.in_shard == self.per_shard:
            self.writer.close()
            self.writer, self.in_shard = None, 0

    def close(self) -> tuple[list[str], list[str], str]:
        """Flush, close and give the shards their final names; return the release paths,
        their sha256 digests and the fingerprint. With no rows at all there is one shard
        with the schema and no row group (a 0-row row group breaks readers that size
        their batches by the first row group, e.g. ``datasets``)."""
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
