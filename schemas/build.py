"""Build configs (``manifests/build.yaml``): which sources a release is built from; and
the summary of what a build did."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, computed_field

from schemas import yamlio
from schemas.release import BuildReport, ReleaseCheck, SourceOutcome
from schemas.sources import ManifestError, SourceManifest, load_source_manifest

#: Default budget of one object's work (flows.sandbox): MiB of address space above the
#: worker's own, and wall seconds.
DEFAULT_OBJECT_MEMORY_MIB = 2048
DEFAULT_OBJECT_SECONDS = 300.0


class BuildConfig(BaseModel):
    """A release recipe: the sources, the subset size and the seed.

    ``sources`` entries are manifest paths (relative to the config file) or inline mappings.
    A source whose local location is absent is skipped (and reported) when
    ``skip_missing_sources`` is true, so one config serves machines with and without a
    library on disk.
    """

    model_config = ConfigDict(extra="forbid")

    name: str = "ArticulateArena"
    version: str = "dev"
    sources: list[str | dict[str, Any]] = Field(min_length=1)
    subset_size: int = Field(default=200, ge=1)
    seed: int = Field(default=0, ge=0)
    skip_missing_sources: bool = True
    #: The hard budget of one object's reading and processing (flows.sandbox): past it the
    #: object is rejected with ``resource.timeout`` / ``resource.crashed`` / ``resource.memory``
    #: and the build goes on.
    object_memory_mib: int = Field(default=DEFAULT_OBJECT_MEMORY_MIB, ge=64)
    object_seconds: float = Field(default=DEFAULT_OBJECT_SECONDS, gt=0)


def load_build_config(path: str | os.PathLike) -> tuple[BuildConfig, list[SourceManifest]]:
    """Read a build config and every source manifest it names.

    Raises:
        ManifestError: the config or one of its manifests is invalid (file and field named).
    """
    path = Path(path)
    try:
        data = yamlio.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise ManifestError(path, [("", f"cannot read build config: {exc}")]) from None
    if not isinstance(data, dict):
        raise ManifestError(path, [("", "a build config is a YAML mapping")])
    try:
        config = BuildConfig.model_validate(data)
    except ValidationError as exc:
        raise ManifestError(path, [(".".join(map(str, e["loc"])), e["msg"])
                                   for e in exc.errors()]) from None
    base = path.resolve().parent
    manifests = []
    for entry in config.sources:
        if isinstance(entry, dict):
            manifests.append(load_source_manifest(entry, base_dir=base))
        else:
            manifests.append(load_source_manifest(base / entry))
    names = [m.name for m in manifests]
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        raise ManifestError(path, [("sources", f"source names used twice: {dupes}")])
    return config, manifests


class BuildSummary(BaseModel):
    """What a build did (``build_summary.json``): the report's counts (per source too), the
    objects processed now (the others came from the object store), seconds per stage and the
    release check. ``released = 0`` with a failed check saying so: no object was releasable
    and no release was written."""

    model_config = ConfigDict(extra="forbid")

    release: str
    objects_in: int
    accepted: int
    rejected: int
    rejected_by_code: dict[str, int]
    duplicates: int
    released: int
    eval_subset: int
    skipped_sources: dict[str, str]
    sources: dict[str, SourceOutcome] = Field(default_factory=dict)
    processed_now: int
    #: Convex decompositions of collision meshes run by the objects processed now, and those
    #: found in the store's piece cache (an unchanged rebuild: 0 and 0, nothing processed).
    decompositions: int = 0
    decomposition_cache_hits: int = 0
    stage_seconds: dict[str, float]
    check: ReleaseCheck
    #: Objects whose category is unresolved or uncertain, listed in ``review_file`` (decided
    #: in ``overrides_file``, whose entries always win).
    review_queue: int = 0
    review_file: str = ""
    overrides_file: str = ""

    @computed_field
    @property
    def check_ok(self) -> bool:
        return self.check.ok

    @classmethod
    def of(cls, release: str | os.PathLike, report: BuildReport, processed_now: int,
           stage_seconds: dict[str, float], check: ReleaseCheck, *,
           review_file: str | os.PathLike = "", overrides_file: str | os.PathLike = "",
           decompositions: int = 0, decomposition_cache_hits: int = 0) -> BuildSummary:
        fields = report.model_dump(include={"objects_in", "accepted", "rejected",
                                            "rejected_by_code", "duplicates", "released",
                                            "eval_subset", "skipped_sources", "sources",
                                            "review_queue"})
        return cls(release=str(release), processed_now=processed_now,
                   stage_seconds=dict(stage_seconds), check=check,
                   decompositions=decompositions,
                   decomposition_cache_hits=decomposition_cache_hits,
                   review_file=str(review_file), overrides_file=str(overrides_file), **fields)
