"""The release's typed boundaries: its format version, spec, build report and check.

One :data:`FORMAT_VERSION` names everything a reader of a release depends on: the folder
layout, the parquet columns, the object record, the report and manifest files. It is
written into ``release_info.json``, every record and every curation file, shown in the
card, checked by :mod:`release.reader`, and ``arena publish`` tags the Hub commit with it
(a loader can pin ``revision=FORMAT_VERSION``). The canonical URDF's own marker
(``arena_core.formats.urdf.write.FORMAT_VERSION``) is separate on purpose: it is part of each
object's content, so bumping the release format does not change any object's checksum.

Example:
    >>> format_major("v3.0"), is_compatible("v3.1"), is_compatible("v2.0")
    (3, True, False)
"""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, computed_field, field_validator, model_validator

from schemas.sources import SourceManifest

#: The release format (``vMAJOR.MINOR``): a minor bump adds, a major bump breaks readers.
FORMAT_VERSION = "v3.0"

_FORMAT = re.compile(r"^v(\d+)\.(\d+)$")

#: Rows per parquet row group (small: fast scans by the viewer and by id lookups).
ROW_GROUP_SIZE = 64

#: Rows per parquet file (shard).
ROWS_PER_SHARD = 5000


def format_major(version: str) -> int | None:
    """The major number of ``vMAJOR.MINOR`` (``None`` when ``version`` is not one)."""
    found = _FORMAT.match(version) if isinstance(version, str) else None
    return int(found.group(1)) if found else None


def is_compatible(version: str) -> bool:
    """Whether this code reads a release of format ``version`` (same major)."""
    return format_major(version) == format_major(FORMAT_VERSION)


# ------------------------------------------------------------------------------ spec
class ReleaseSpec(BaseModel):
    """How to write a release, besides its objects, subset, duplicates and report.

    ``changelog_against`` is an earlier release folder: the card gets a changelog against
    it (``release.diff``). ``reuse_from`` is where unchanged archives are hard-linked from
    (default: the output folder itself). ``extra_manifests`` are more files for
    ``manifests/`` (plain file name -> content); ``max_thumbnails`` bounds the contact
    sheet (default: ``release.figures.MAX_THUMBNAILS``).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = "ArticulateArena-20K"
    version: str = "dev"
    repo_id: str | None = None
    manifests: tuple[SourceManifest, ...] = ()
    taxonomy_path: Path | None = None
    extra_manifests: dict[str, str | bytes] = Field(default_factory=dict)
    changelog_against: Path | None = None
    row_group_size: int = Field(default=ROW_GROUP_SIZE, ge=1)
    rows_per_shard: int = Field(default=ROWS_PER_SHARD, ge=1)
    max_thumbnails: int | None = Field(default=None, ge=0)
    reuse_from: Path | None = None

    @field_validator("extra_manifests")
    @classmethod
    def _plain_names(cls, value: dict[str, str | bytes]) -> dict[str, str | bytes]:
        for file_name in value:
            if not file_name or Path(file_name).name != file_name or file_name.startswith("."):
                raise ValueError(f"{file_name!r} must be a plain file name")
        return value

    @model_validator(mode="after")
    def _shard_holds_a_group(self) -> ReleaseSpec:
        if self.rows_per_shard < self.row_group_size:
            raise ValueError(f"rows_per_shard ({self.rows_per_shard}) must be >= "
                             f"row_group_size ({self.row_group_size})")
        return self


# ------------------------------------------------------------------------------ report
class SourceOutcome(BaseModel):
    """One source in a build: objects read, accepted and released, rejections by code."""

    model_config = ConfigDict(extra="forbid")

    objects: int = 0
    accepted: int = 0
    released: int = 0
    rejected_by_code: dict[str, int] = Field(default_factory=dict)


class ReleaseFailure(BaseModel):
    """An accepted object that could not be released (its archive or row failed)."""

    model_config = ConfigDict(extra="forbid")

    code: str
    message: str


class BuildReport(BaseModel):
    """What a build did, shipped as ``reports/build_report.json`` (deterministic: no times).

    An object rejected with two error codes counts under both in ``rejected_by_code``.
    """

    model_config = ConfigDict(extra="forbid")

    format_version: str = FORMAT_VERSION
    objects_in: int = 0
    accepted: int = 0
    rejected: int = 0
    rejected_by_code: dict[str, int] = Field(default_factory=dict)
    rejected_objects: dict[str, list[str]] = Field(default_factory=dict)
    objects_per_source: dict[str, int] = Field(default_factory=dict)
    sources: dict[str, SourceOutcome] = Field(default_factory=dict)
    duplicates: int = 0
    released: int = 0
    eval_subset: int = 0
    subset_message: str = ""
    skipped_sources: dict[str, str] = Field(default_factory=dict)
    review_queue: int = 0
    release_failures: dict[str, ReleaseFailure] = Field(default_factory=dict)


# ------------------------------------------------------------------------------ check
class RowCheck(BaseModel):
    """The re-score of one sampled row (``distance`` is ``E^phi,tree``, dimensionless)."""

    object_id: str
    distance: float | None = None
    canonical_distance: float | None = None
    problems: list[str] = Field(default_factory=list)


class ReleaseCheck(BaseModel):
    """The outcome of ``release.check.check_release``; ``ok`` when nothing is wrong."""

    release: str
    counts: dict[str, int] = Field(default_factory=dict)
    #: Engine -> rows of ``full`` that load and move right in it (the ``engines`` column).
    engines: dict[str, int] = Field(default_factory=dict)
    rows: list[RowCheck] = Field(default_factory=list)
    problems: list[str] = Field(default_factory=list)

    @computed_field
    @property
    def ok(self) -> bool:
        return not self.problems and not any(r.problems for r in self.rows)

    @computed_field
    @property
    def max_distance(self) -> float:
        values = [d for r in self.rows for d in (r.distance, r.canonical_distance)
                  if d is not None]
        return max(values, default=0.0)

    def failures(self, n: int = 3) -> str:
        """The first ``n`` problems and failing rows, for a one-line error."""
        rows = [f"{r.object_id}: {r.problems[0]}" for r in self.rows if r.problems]
        return "; ".join([*self.problems[:n], *rows[:n]])
