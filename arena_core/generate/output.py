"""Write generated objects as folders: URDF (arena URDF v1), STL meshes and ``meta.json``.

Layout of one object (``object_id = gen-<seed>-<index:05d>``)::

    <out_dir>/<object_id>/model.urdf
    <out_dir>/<object_id>/meta.json
    <out_dir>/<object_id>/meshes/<link>.stl

plus ``<out_dir>/generated.json`` listing the run (seed, n, generator version, objects).
Object ``index`` of a run with ``seed`` is generated from its own random stream
``SeedSequence([seed, index])`` and its kind from :func:`kind_for_index`, so every object
is a pure function of ``(seed, index)``: any subset can be produced in parallel, and the
same seed gives byte-identical files. Each object folder is written under a temporary
name and renamed into place.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from arena_core.formats.urdf.write import FORMAT_VERSION, write_urdf
from arena_core.generate.builder import GeneratedObject, GeneratorError
from arena_core.generate.registry import KINDS, generate_object, kind_for_index
from arena_core.util.fs import write_atomic

#: Bumped whenever the same (seed, index) would produce different files.
GENERATOR_VERSION = "1.8.1"

#: File name of the URDF inside each object folder.
URDF_NAME = "model.urdf"

#: File name of the run listing inside the output folder.
INDEX_NAME = "generated.json"

#: License of generated objects (they are ours).
LICENSE = "CC0-1.0"


@dataclass(frozen=True)
class GeneratedInfo:
    """What was written for one generated object (paths are absolute)."""

    object_id: str
    index: int
    seed: int
    kind: str
    category: str
    supercategory: str
    name: str
    folder: Path
    urdf_path: Path
    n_links: int
    n_moving_joints: int
    joint_types: dict[str, int] = field(default_factory=dict)

    def meta(self) -> dict:
        """The ``meta.json`` content (no absolute paths, no clock: deterministic)."""
        return {
            "object_id": self.object_id, "source": "generated", "kind": self.kind,
            "category": self.category, "supercategory_hint": self.supercategory,
            "name": self.name, "seed": self.seed, "index": self.index,
            "generator_version": GENERATOR_VERSION, "format": FORMAT_VERSION,
            "license": LICENSE, "urdf": URDF_NAME, "n_links": self.n_links,
            "n_moving_joints": self.n_moving_joints, "joint_types": self.joint_types,
            "front": "+x", "up": "+z", "units": "SI",
            "mass_source": "mesh volume x material density, written as <inertial>",
        }


def object_id(seed: int, index: int) -> str:
    """``gen-<seed>-<index>`` with the index zero-padded to 5 digits."""
    return f"gen-{seed}-{index:05d}"


def object_rng(seed: int, index: int) -> np.random.Generator:
    """The independent random stream of object ``index`` in run ``seed``."""
    return np.random.default_rng(np.random.SeedSequence([seed, index]))


def _check_run(n: int, seed: int) -> None:
    if isinstance(n, bool) or not isinstance(n, int | np.integer) or n < 1:
        raise GeneratorError(f"n must be an integer >= 1, got {n!r}")
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0:
        raise GeneratorError(f"seed must be an integer >= 0, got {seed!r}")


def generate_one(seed: int, index: int, kinds: Sequence[str] | None = None) -> GeneratedObject:
    """Object ``index`` of run ``seed`` (in memory), named by its object id."""
    _check_run(index + 1, seed)
    gen = generate_object(kind_for_index(index, kinds), object_rng(seed, index))
    return replace(gen, obj=replace(gen.obj, name=object_id(seed, index)))


def write_object(gen: GeneratedObject, out_dir: str | os.PathLike, *, seed: int,
                 index: int) -> GeneratedInfo:
    """Write ``gen`` to ``out_dir/<object_id>/`` (replacing any old copy); return its info."""
    oid = object_id(seed, index)
    out_dir = Path(out_dir).resolve()
    final, tmp = out_dir / oid, out_dir / f".{oid}.tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    (tmp / "meshes").mkdir()
    for rel, data in gen.meshes.items():
        (tmp / rel).write_bytes(data)
    write_urdf(replace(gen.obj, name=oid), tmp / URDF_NAME)
    info = GeneratedInfo(
        object_id=oid, index=index, seed=seed, kind=gen.kind, category=gen.kind,
        supercategory=KINDS[gen.kind].supercategory, name=gen.name, folder=final,
        urdf_path=final / URDF_NAME, n_links=len(gen.obj.links),
        n_moving_joints=gen.n_moving_joints, joint_types=gen.joint_type_counts)
    (tmp / "meta.json").write_text(_json(info.meta()), encoding="utf-8")
    if final.exists():
        shutil.rmtree(final)
    os.replace(tmp, final)
    return info


def generate(n: int, seed: int, out_dir: str | os.PathLike, *,
             kinds: Sequence[str] | None = None) -> list[GeneratedInfo]:
    """Generate and write objects ``0..n-1`` of run ``seed`` under ``out_dir``.

    Kinds are taken round-robin in schedule order (or over ``kinds``); any ``n >= 30``
    with the default kinds touches all fifteen supercategories and all five joint types.

    Raises:
        GeneratorError: ``n`` or ``seed`` is not a non-negative integer (``n >= 1``).
        UnknownKindError: a name in ``kinds`` is not a registered kind.
    """
    _check_run(n, seed)
    if kinds is not None:
        kind_for_index(0, kinds)  # validates the names before writing anything
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    infos = [write_object(generate_one(seed, i, kinds), out, seed=seed, index=i)
             for i in range(n)]
    write_index(infos, out, n=n, seed=seed)
    return infos


def write_index(infos: Sequence[GeneratedInfo], out_dir: str | os.PathLike, *, n: int,
                seed: int) -> Path:
    """Write ``generated.json`` (run parameters and one entry per object) atomically."""
    listing = {
        "generator_version": GENERATOR_VERSION, "format": FORMAT_VERSION, "seed": seed,
        "n": n, "license": LICENSE,
        "objects": [{"object_id": i.object_id, "kind": i.kind, "category": i.category,
                     "supercategory_hint": i.supercategory, "name": i.name,
                     "n_moving_joints": i.n_moving_joints, "joint_types": i.joint_types}
                    for i in sorted(infos, key=lambda i: i.index)],
    }
    path = Path(out_dir) / INDEX_NAME
    write_atomic(path, _json(listing))
    return path


def _json(data: dict) -> str:
    return json.dumps(data, indent=2, sort_keys=True) + "\n"
