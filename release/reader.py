"""Read a release folder: rows, one object back to a URDF folder, nearest objects.

* :func:`load_rows` reads a config's parquet files with pyarrow (no ``datasets`` needed).
* :func:`find_row` looks one object up; rows are sorted by ``object_id`` and row groups
  are small, so the parquet statistics prune almost every row group.
* :func:`materialize` writes the object's archive (URDF + meshes) to a new folder, after
  checking the archive's sha256, and checks the extracted URDF text and the folder
  checksum against the row. The result loads in yourdfpy.
* :func:`nearest` ranks the release's objects by ``E^phi,tree`` to a given object
  (duplicates and near duplicates of a contribution), pruning with the triangle
  inequality so only a few exact tree distances are computed.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pyarrow.dataset as pads
import pyarrow.parquet as pq

from arena_core.formats.archive import ArchiveError
from arena_core.metric.object_distance import JointTree, tree_distance
from arena_core.util.hashing import file_sha256, tree_sha256
from release.storage import extract_object_archive
from schemas.errors import ArenaError
from schemas.release import FORMAT_VERSION, is_compatible

#: Config name -> folder under ``data/`` (mirrors :data:`release.card.CONFIGS`).
CONFIG_FOLDERS = {"full": "full", "eval200": "eval200"}


class ReleaseReadError(ArenaError, ValueError):
    """A release, config or object that cannot be read (the message says which and why)."""


@dataclass(frozen=True)
class Neighbor:
    """One object of the release near a query: its id, ``E^phi,tree`` and identity flags."""

    object_id: str
    distance: float
    same_checksum: bool
    category: str | None
    source: str
    same_upstream: bool = False


def parquet_files(release_dir: str | os.PathLike[str], config: str = "full") -> list[Path]:
    """The sorted parquet files of ``config`` (``full`` or ``eval200``).

    The files ``release_info.json`` lists for the config when it lists them (the shards
    the writer named after their content, the same ones the card's pattern selects), else
    every ``data/<config>/*.parquet``.

    Raises:
        ReleaseReadError: unknown config, no parquet files (not a release), a release
            of another major format (``release_info.json``'s ``format_version``), or a
            file listed in ``release_info.json`` that is missing.
    """
    if config not in CONFIG_FOLDERS:
        raise ReleaseReadError(f"config must be one of {sorted(CONFIG_FOLDERS)}, got {config!r}")
    root = Path(release_dir)
    listed = _listed_files(root, config)
    if listed is not None:
        missing = [p for p in listed if not (root / p).is_file()]
        if missing:
            raise ReleaseReadError(f"{release_dir}: parquet file {missing[0]} of config "
                                   f"{config!r} (listed in release_info.json) is missing")
        return [root / p for p in sorted(listed)]
    files = sorted(p for p in (root / "data" / CONFIG_FOLDERS[config]).glob("*.parquet")
                   if not p.name.startswith("."))
    if not files:
        raise ReleaseReadError(f"{release_dir}: no parquet files for config {config!r} "
                               "(is this a release folder?)")
    return files


def _listed_files(root: Path, config: str) -> list[str] | None:
    """The shard paths ``release_info.json`` lists for ``config`` (None when it lists none)."""
    try:
        info = json.loads((root / "release_info.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    found = info.get("format_version", "v2 or older") if isinstance(info, dict) else None
    if found is not None and not is_compatible(found):
        raise ReleaseReadError(f"{root}: release format {found}, this code reads "
                               f"{FORMAT_VERSION}: rebuild it with `arena build`, or load the "
                               f"Hub revision tagged {FORMAT_VERSION}")
    try:
        files = info["configs"][config]["files"]
    except (KeyError, TypeError):
        return None
    ok = (isinstance(files, list) and files
          and all(isinstance(f, str) and f.startswith(f"data/{CONFIG_FOLDERS[config]}/")
                  and ".." not in f.split("/") for f in files))
    return list(files) if ok else None


def subset_ids(release_dir: str | os.PathLike[str]) -> list[str]:
    """The evaluation subset of the release at ``release_dir``, in selection order.

    Raises:
        ReleaseReadError: ``manifests/subset.json`` is missing or unreadable.
    """
    path = Path(release_dir) / "manifests" / "subset.json"
    try:
        entries = json.loads(path.read_text(encoding="utf-8"))["entries"]
        return [e["object_id"] for e in sorted(entries, key=lambda e: e["order"])]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ReleaseReadError(f"{release_dir} is not a release (manifests/subset.json: "
                               f"{type(exc).__name__})") from None


def load_rows(release_dir: str | os.PathLike[str], config: str = "full", *,
              columns: Sequence[str] | None = None) -> list[dict]:
    """Every row of ``config`` as dicts (sorted by ``object_id``), optionally some columns
    (a column a release of an older row layout lacks is left out of its rows)."""
    files = parquet_files(release_dir, config)
    cols = None if columns is None else list(dict.fromkeys(["object_id", *columns]))
    rows = []
    for path in files:
        names = None if cols is None else [
            c for c in cols if c in pq.read_schema(path).names]
        rows += pq.read_table(path, columns=names).to_pylist()
    return sorted(rows, key=lambda r: r["object_id"])


def find_row(release_dir: str | os.PathLike[str], object_id: str) -> dict:
    """The ``full`` row of ``object_id``.

    Raises:
        ReleaseReadError: no such object in the release.
    """
    dataset = pads.dataset([str(p) for p in parquet_files(release_dir)], format="parquet")
    rows = dataset.to_table(filter=pads.field("object_id") == object_id).to_pylist()
    if not rows:
        raise ReleaseReadError(f"object {object_id!r} is not in the release {release_dir}")
    return rows[0]


def materialize(release_dir: str | os.PathLike[str], object_id: str,
                out_dir: str | os.PathLike[str], *, overwrite: bool = False) -> Path:
    """Write object ``object_id`` of the release into the folder ``out_dir``.

    ``out_dir`` must not exist (an empty folder is fine; with ``overwrite=True`` an
    existing one is replaced). Returns the path of the URDF inside ``out_dir``.

    Raises:
        ReleaseReadError: unknown object, missing or corrupt archive, or extracted files
            that do not match the row (URDF text or folder checksum).
    """
    release_dir = Path(release_dir)
    row = find_row(release_dir, object_id)
    return materialize_row(row, release_dir / row["mesh_archive"], out_dir, overwrite=overwrite)


def materialize_row(row: dict, archive: str | os.PathLike[str], out_dir: str | os.PathLike[str],
                    *, overwrite: bool = False) -> Path:
    """:func:`materialize` for a row already in hand (e.g. from ``datasets``) and its zip."""
    archive, out = Path(archive), Path(out_dir)
    where = f"object {row['object_id']!r}"
    if not archive.is_file():
        raise ReleaseReadError(f"{where}: archive {row['mesh_archive']!r} is missing")
    if file_sha256(archive) != row["mesh_archive_sha256"]:
        raise ReleaseReadError(f"{where}: archive {archive} does not match its sha256 (corrupt)")
    _prepare_destination(out, overwrite)
    try:
        extract_object_archive(archive, out)
    except ArchiveError as exc:
        raise ReleaseReadError(f"{where}: cannot extract {archive}: {exc}") from None
    urdf = out / row["urdf_path"]
    if not urdf.is_file() or urdf.read_text(encoding="utf-8") != row["urdf"]:
        raise ReleaseReadError(f"{where}: the archive's URDF differs from the row's `urdf`")
    if tree_sha256(out) != row["checksum"]:
        raise ReleaseReadError(f"{where}: extracted folder checksum differs from the row")
    return urdf


def _prepare_destination(out: Path, overwrite: bool) -> None:
    if out.is_symlink():
        raise ReleaseReadError(f"output {out} is a symbolic link; choose a new folder")
    if not out.exists():
        return
    if not out.is_dir():
        raise ReleaseReadError(f"output {out} exists and is not a folder")
    if any(out.iterdir()) and not overwrite:
        raise ReleaseReadError(f"output folder {out} is not empty (use overwrite=True / --force)")
    shutil.rmtree(out)


def nearest(release_dir: str | os.PathLike[str], record, k: int = 5) -> list[Neighbor]:
    """The ``k`` objects of the release closest to ``record`` in ``E^phi,tree``, then every
    other object of the same upstream object (e.g. the same PartNet-Mobility id: the
    same object annotated differently, however far its kinematics are).

    ``record`` is an :class:`~schemas.record.ObjectRecord` (or a row dict) with joints;
    its ``checksum`` flags exact copies. Objects are visited in order of the lower bound
    ``|M(record) - M(row)|`` (``M`` = total motion, triangle inequality through the empty
    tree) and the search stops once that bound exceeds the ``k``-th distance found, so
    the result equals the brute-force ranking. Ties are broken by ``object_id``.
    """
    if k < 1:
        raise ValueError(f"k must be >= 1, got {k}")
    rows = load_rows(release_dir, columns=["joints", "checksum", "category", "source",
                                           "upstream_id"])
    query = JointTree.from_joints(_field(record, "joints"))
    q_motion, q_sum = query.motion(), _field(record, "checksum")
    trees = [JointTree.from_joints(r["joints"]) for r in rows]
    bounds = sorted((abs(q_motion - t.motion()), r["object_id"], i)
                    for i, (r, t) in enumerate(zip(rows, trees, strict=True)))
    found: list[tuple[float, str, int]] = []
    for bound, oid, i in bounds:
        if len(found) >= k and bound > found[k - 1][0]:
            break
        found.append((_distance(query, trees[i]), oid, i))
        found.sort()
    upstream = _field(record, "upstream_id")
    shown = {i for _, _, i in found[:k]}
    same = [(_distance(query, trees[i]), r["object_id"], i)
            for i, r in enumerate(rows)
            if upstream is not None and r["upstream_id"] == upstream and i not in shown]
    return [Neighbor(oid, d, q_sum is not None and rows[i]["checksum"] == q_sum,
                     rows[i]["category"], rows[i]["source"],
                     upstream is not None and rows[i]["upstream_id"] == upstream)
            for d, oid, i in [*found[:k], *sorted(same)]]


def _distance(a: JointTree, b: JointTree) -> float:
    return float(tree_distance(a, b).value)


def _field(record, key: str):
    return record.get(key) if isinstance(record, dict) else getattr(record, key, None)


__all__ = ["Neighbor", "ReleaseReadError", "find_row", "load_rows", "materialize",
           "materialize_row", "nearest", "parquet_files"]
