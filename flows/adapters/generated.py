"""``generated``: our procedural articulated objects (:mod:`arena_core.generate`).

The manifest gives ``n`` and ``seed`` instead of a location. Objects ``0..n-1`` of run
``seed`` are written under ``root`` (one folder per object id, see
:mod:`arena_core.generate.output`), lazily and in index order, so a ``limit`` stops the
work early, and each entry generates its own object, so a build can generate parts of one
run in parallel (``flows.ingest.ingest(span=...)``). A folder whose ``meta.json`` already
names the same seed, index, kind and generator version is reused (generation is
deterministic, so it holds the same bytes); anything else is regenerated.

Each object becomes a :class:`~schemas.source_object.SourceObject` with its folder as
``root_dir``, ``model.urdf`` as the URDF, every file hashed, the kind id as category
(unless a manifest hint keyed by object id or kind says otherwise) and the generator's
facts in ``extras`` (kind, name, supercategory_hint, seed, index, generator_version,
n_moving_joints, joint_types).

Example:
    >>> import tempfile
    >>> from schemas.sources import load_source_manifest
    >>> tmp = Path(tempfile.mkdtemp())
    >>> m = load_source_manifest({"name": "gen", "adapter": "generated", "license": "CC0-1.0",
    ...                           "n": 2, "seed": 7})
    >>> [(o.source_id, o.category) for o in GeneratedAdapter().iter_objects(m, tmp, work_dir=tmp)]
    [('gen-7-00000', 'tool_cabinet'), ('gen-7-00001', 'office_chair')]
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import partial
from pathlib import Path

from arena_core.generate import (
    GENERATOR_VERSION,
    URDF_NAME,
    generate_one,
    kind_for_index,
    object_id,
    write_object,
)
from flows.adapters.base import Adapter, Entry, folder_files, make_object, resolve_category
from schemas.extras import SourceExtras
from schemas.source_object import SourceObject
from schemas.sources import SourceManifest

#: Keys of ``meta.json`` copied into ``SourceObject.extras`` (fields of the same name).
EXTRA_KEYS = ("kind", "name", "supercategory_hint", "seed", "index", "generator_version",
              "n_moving_joints", "joint_types")


class GeneratedAdapter(Adapter):
    """Generates (or reuses) objects ``0..n-1`` of run ``seed`` under ``root``."""

    name = "generated"

    def entries(self, manifest: SourceManifest, root: str | Path, *,
                work_dir: str | Path) -> Iterator[Entry]:
        """Like :meth:`Adapter.entries`, but ``root`` is created (it is our output)."""
        Path(root).expanduser().mkdir(parents=True, exist_ok=True)
        return super().entries(manifest, root, work_dir=work_dir)

    def _entries(self, manifest: SourceManifest, root: Path, work_dir: Path) -> Iterator[Entry]:
        n, seed = int(manifest.n or 0), int(manifest.seed or 0)

        def read(index: int) -> list[SourceObject]:
            meta = _current_meta(root, seed, index)
            if meta is None:
                meta = write_object(generate_one(seed, index), root, seed=seed, index=index).meta()
            return [_source_object(manifest, root / meta["object_id"], meta)]

        for index in range(n):
            oid = object_id(seed, index)
            yield Entry(oid, root / oid, partial(read, index))


def _current_meta(root: Path, seed: int, index: int) -> dict | None:
    """The object's ``meta.json`` if its folder is complete and current, else ``None``."""
    folder = root / object_id(seed, index)
    try:
        meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    expected = {"seed": seed, "index": index, "generator_version": GENERATOR_VERSION,
                "kind": kind_for_index(index)}
    if any(meta.get(k) != v for k, v in expected.items()) or not (folder / URDF_NAME).is_file():
        return None
    return meta


def _source_object(manifest: SourceManifest, folder: Path, meta: dict) -> SourceObject:
    files, issues = folder_files(folder)
    oid = meta["object_id"]
    category = resolve_category(manifest, [oid], meta["kind"])
    obj = make_object(manifest, source_id=oid, urdf_path=folder / URDF_NAME, root_dir=folder,
                      files=files, category=category,
                      extras=SourceExtras(**{k: meta[k] for k in EXTRA_KEYS if k in meta}),
                      issues=issues)
    if obj.version is None:
        obj = obj.model_copy(update={"version": f"generator-{GENERATOR_VERSION}"})
    return obj
