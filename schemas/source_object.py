"""What every adapter yields per object: provenance (source, ids, version, license, license
class, file digests, :class:`~schemas.files.SourceFile`), the URDF to normalize and the folder
its files must stay inside, how to read its lengths and orientation (``scale``, ``up_axis``,
from the manifest), what the adapter knows besides (``extras``, a
:class:`~schemas.extras.SourceExtras`), plus the issues found at ingest."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from schemas.extras import SourceExtras
from schemas.files import SourceFile
from schemas.issues import Issue, has_error
from schemas.licenses import LicenseClass, classify_license
from schemas.sources import SLUG, Scale, UpAxisName


class SourceObject(BaseModel):
    """One object yielded by an adapter, with its provenance and ingest issues.

    ``urdf_path`` and ``root_dir`` are absolute; mesh paths of the URDF must resolve inside
    ``root_dir``. ``license_class`` defaults to :func:`classify_license` of ``license``.
    ``scale``, ``up_axis`` and ``collision_max_pieces`` are the manifest's (how normalization
    reads the object).
    ``extras`` holds the adapter's own data (package folders, annotations, the MuJoCo maps:
    :class:`~schemas.extras.SourceExtras`; a mapping is validated into one).
    """

    model_config = ConfigDict(extra="forbid")

    source: str
    source_id: str = Field(min_length=1)
    upstream_id: str | None = None
    version: str | None = None
    license: str = Field(min_length=1)
    license_class: LicenseClass
    category: str | None = None
    urdf_path: Path
    root_dir: Path
    files: list[SourceFile] = Field(default_factory=list)
    scale: Scale = 1.0
    up_axis: UpAxisName = "z"
    collision_max_pieces: int | None = Field(default=None, ge=1, le=256)
    extras: SourceExtras = Field(default_factory=SourceExtras)
    issues: list[Issue] = Field(default_factory=list)

    @model_validator(mode="before")
    @classmethod
    def _default_license_class(cls, data: Any) -> Any:
        if isinstance(data, dict) and data.get("license_class") is None and "license" in data:
            data = {**data, "license_class": classify_license(str(data["license"]))}
        return data

    @field_validator("source")
    @classmethod
    def _check_source(cls, value: str) -> str:
        if not SLUG.match(value):
            raise ValueError(f"must be a source slug, got {value!r}")
        return value

    @field_validator("urdf_path", "root_dir")
    @classmethod
    def _check_absolute(cls, value: Path) -> Path:
        if not value.is_absolute():
            raise ValueError(f"must be an absolute path, got {str(value)!r}")
        return value

    @property
    def has_errors(self) -> bool:
        """True when an ingest issue has severity ``error``."""
        return has_error(self.issues)
